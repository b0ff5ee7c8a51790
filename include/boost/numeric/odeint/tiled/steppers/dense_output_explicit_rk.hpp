/*
 boost/numeric/odeint/tiled/steppers/dense_output_explicit_rk.hpp

 dense_output_dopri5<Stepper>: odeint's DenseOutputStepper for the tiled
 runge_kutta_dopri5, what odeint::make_dense_output(abs, rel[, max_dt],
 tiled::runge_kutta_dopri5<...>()) returns (steppers/generation.hpp). It steps with
 controlled_explicit_rk (same accepted/rejected sequence as odeint's
 dense_output_runge_kutta<controlled_runge_kutta<runge_kutta_dopri5>>) and
 interpolates with odeint's dopri5 continuous extension
 (runge_kutta_dopri5::calc_state, the same coefficients and summation order):

   x(t) = x_old + dt (b1(θ) k1 + b3(θ) k3 + b4(θ) k4 + b5(θ) k5 + b6(θ) k6 + b7(θ) k7),
   θ = (t - t_old) / dt, k1 = F_0 = f(x_old), k7 = F_6 = f(x_new) (FSAL).

 Cost: the interpolation needs six stage derivatives of the last step (F_0, F_2 ..
 F_6; b2(θ) = 0), which a plain fused step keeps in cache. With dense output every
 step writes them to memory in full (chain_options::keep_derivatives): six extra
 vector writes per step on top of the fused step's traffic (four where the
 controller reuses the last derivative: it reads F_0 and writes F_6 anyway), and
 each calc_state reads seven vectors and writes one. The two states (old and current) are kept as
 odeint does; a step runs from the current into the old buffer and the roles swap,
 so no state is copied.

 Every pass over a state goes through the stepper's backend (explicit_rk::copy_state,
 explicit_rk::scale_sum), so with thrust::device_vector states the kept derivatives,
 both states and the interpolation stay on the GPU.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_STEPPERS_DENSE_OUTPUT_EXPLICIT_RK_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_STEPPERS_DENSE_OUTPUT_EXPLICIT_RK_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/integrate/max_step_checker.hpp>
#include <boost/numeric/odeint/stepper/controlled_step_result.hpp>
#include <boost/numeric/odeint/stepper/stepper_categories.hpp>
#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resize.hpp>

#include <boost/numeric/odeint/tiled/steppers/controlled_explicit_rk.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta_dopri5.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

template <class Stepper>
class dense_output_dopri5
{
    static_assert(std::is_same<typename Stepper::tableau_type, runge_kutta_dopri5_tableau>::value,
                  "tiled::dense_output_dopri5 interpolates with the dopri5 continuous extension");

public:
    using stepper_type = Stepper;
    using controlled_stepper_type = controlled_explicit_rk<Stepper>;
    using state_type = typename stepper_type::state_type;
    using value_type = typename stepper_type::value_type;
    using deriv_type = typename stepper_type::deriv_type;
    using time_type = typename stepper_type::time_type;
    using algebra_type = typename stepper_type::algebra_type;
    using operations_type = typename stepper_type::operations_type;
    using stepper_category = dense_output_stepper_tag;
    using dense_output_stepper_type = dense_output_dopri5;

    //! Derivatives the interpolation reads: F_0, F_2, F_3, F_4, F_5, F_6, kept by the step;
    //! with the controller's reuse_last_derivative(true) F_0 and F_6 are in its hands
    //! anyway (it reads F_0 and writes F_6), and the step keeps F_2 .. F_5 only.
    static constexpr unsigned long long kept_mask = 0x7dULL;
    static constexpr unsigned long long kept_mask_reusing = 0x3cULL;
    static_assert(controlled_stepper_type::is_fsal, "dopri5 is FSAL");

    explicit dense_output_dopri5(const controlled_stepper_type& stepper = controlled_stepper_type())
        : m_stepper(stepper)
    {
        m_stepper.keep_derivatives(kept_mask);
    }
    //! The forms odeint's default dense_output_factory calls (make_dense_output).
    dense_output_dopri5(value_type eps_abs, value_type eps_rel, const stepper_type& stepper)
        : dense_output_dopri5(controlled_stepper_type(eps_abs, eps_rel, stepper))
    {
    }
    dense_output_dopri5(value_type eps_abs, value_type eps_rel, time_type max_dt, const stepper_type& stepper)
        : dense_output_dopri5(controlled_stepper_type(eps_abs, eps_rel, max_dt, stepper))
    {
    }

    template <class StateType>
    void initialize(const StateType& x0, time_type t0, time_type dt0)
    {
        resize(x0);
        state_type& cur = get_current_state();
        if (static_cast<const void*>(&x0) != static_cast<const void*>(&cur)) stepper_type::copy_state(x0, cur);
        m_t = t0;
        m_dt = dt0;
        m_has_step = false;
        m_stepper.reset();  // the state may be new at a time the controller has seen (FSAL)
    }

    //! One accepted step (rejected tries repeat it, at most 500 in a row as odeint allows).
    template <class System>
    std::pair<time_type, time_type> do_step(System system)
    {
        failed_step_checker fail_checker;  // throws step_adjustment_error if step size adjustment fails
        controlled_step_result res = fail;
        m_t_old = m_t;
        m_stepper.keep_derivatives(m_stepper.reuses_last_derivative() ? kept_mask_reusing : kept_mask);
        do
        {
            res = m_stepper.try_step(system, get_current_state(), m_t, get_old_state(), m_dt);
            fail_checker();
        } while (res == fail);
        m_current_is_x1 = !m_current_is_x1;
        m_has_step = true;
        return std::make_pair(m_t_old, m_t);
    }

    //! The state at t in [previous_time(), current_time()], odeint's dopri5 interpolation.
    template <class StateOut>
    void calc_state(time_type t, StateOut& x) const
    {
        calc_state_impl(t, x);
    }
    template <class StateOut>
    void calc_state(time_type t, const StateOut& x) const
    {
        calc_state_impl(t, const_cast<StateOut&>(x));
    }

    template <class StateType>
    void adjust_size(const StateType& x)
    {
        resize(x);
        m_stepper.adjust_size(x);
    }

    const state_type& current_state() const { return get_current_state(); }
    time_type current_time() const { return m_t; }
    const state_type& previous_state() const { return get_old_state(); }
    time_type previous_time() const { return m_t_old; }
    time_type current_time_step() const { return m_dt; }

    controlled_stepper_type& controlled_stepper() { return m_stepper; }
    const controlled_stepper_type& controlled_stepper() const { return m_stepper; }

private:
    template <class StateOut>
    void calc_state_impl(time_type t, StateOut& x) const
    {
        const std::size_t n = detail::state_size(get_current_state());
        if (detail::state_size(x) != n)
            throw std::invalid_argument("tiled::dense_output_dopri5::calc_state: the output has " +
                                        std::to_string(detail::state_size(x)) + " components, the state " + std::to_string(n));
        if (n == 0) return;
        if (!m_has_step)
        {
            // no step since initialize(): only the current state is known
            stepper_type::copy_state(get_current_state(), x);
            return;
        }
        const value_type b1 = static_cast<value_type>(35) / static_cast<value_type>(384);
        const value_type b3 = static_cast<value_type>(500) / static_cast<value_type>(1113);
        const value_type b4 = static_cast<value_type>(125) / static_cast<value_type>(192);
        const value_type b5 = static_cast<value_type>(-2187) / static_cast<value_type>(6784);
        const value_type b6 = static_cast<value_type>(11) / static_cast<value_type>(84);

        const time_type dt = (m_t - m_t_old);
        const value_type theta = (t - m_t_old) / dt;
        const value_type X1 = static_cast<value_type>(5) * (static_cast<value_type>(2558722523LL) - static_cast<value_type>(31403016) * theta) / static_cast<value_type>(11282082432LL);
        const value_type X3 = static_cast<value_type>(100) * (static_cast<value_type>(882725551) - static_cast<value_type>(15701508) * theta) / static_cast<value_type>(32700410799LL);
        const value_type X4 = static_cast<value_type>(25) * (static_cast<value_type>(443332067) - static_cast<value_type>(31403016) * theta) / static_cast<value_type>(1880347072LL);
        const value_type X5 = static_cast<value_type>(32805) * (static_cast<value_type>(23143187) - static_cast<value_type>(3489224) * theta) / static_cast<value_type>(199316789632LL);
        const value_type X6 = static_cast<value_type>(55) * (static_cast<value_type>(29972135) - static_cast<value_type>(7076736) * theta) / static_cast<value_type>(822651844);
        const value_type X7 = static_cast<value_type>(10) * (static_cast<value_type>(7414447) - static_cast<value_type>(829305) * theta) / static_cast<value_type>(29380423);

        const value_type theta_m_1 = theta - static_cast<value_type>(1);
        const value_type theta_sq = theta * theta;
        const value_type A = theta_sq * (static_cast<value_type>(3) - static_cast<value_type>(2) * theta);
        const value_type B = theta_sq * theta_m_1;
        const value_type C = theta_sq * theta_m_1 * theta_m_1;
        const value_type D = theta * theta_m_1 * theta_m_1;

        const value_type c1 = dt * (A * b1 - C * X1 + D);
        const value_type c3 = dt * (A * b3 + C * X3);
        const value_type c4 = dt * (A * b4 - C * X4);
        const value_type c5 = dt * (A * b5 + C * X5);
        const value_type c6 = dt * (A * b6 - C * X6);
        const value_type c7 = dt * (B + C * X7);

        const stepper_type& st = m_stepper.stepper();
        const value_type* k1 = m_stepper.last_step_first_derivative();
        const value_type* k3 = st.kept_derivative(2);
        const value_type* k4 = st.kept_derivative(3);
        const value_type* k5 = st.kept_derivative(4);
        const value_type* k6 = st.kept_derivative(5);
        const value_type* k7 = m_stepper.last_step_last_derivative();
        if (!k1 || !k3 || !k4 || !k5 || !k6 || !k7)
            throw std::logic_error("tiled::dense_output_dopri5: the stage derivatives of the last step are gone "
                                   "(was the stepper used for another problem size since?)");
        // odeint's scale_sum7(1, dt b1θ, ..., dt b7θ): the same terms in the same order
        const value_type coefficients[6] = {c1, c3, c4, c5, c6, c7};
        const value_type* const derivatives[6] = {k1, k3, k4, k5, k6, k7};
        stepper_type::scale_sum(detail::state_data(x), detail::state_data(get_old_state()), coefficients, derivatives, n);
    }

    template <class StateIn>
    void resize(const StateIn& x)
    {
        if constexpr (is_resizeable<state_type>::value)
        {
            if (detail::state_size(m_x1) != detail::state_size(x)) odeint::resize(m_x1, x);
            if (detail::state_size(m_x2) != detail::state_size(x)) odeint::resize(m_x2, x);
        }
    }

    state_type& get_current_state() { return m_current_is_x1 ? m_x1 : m_x2; }
    const state_type& get_current_state() const { return m_current_is_x1 ? m_x1 : m_x2; }
    state_type& get_old_state() { return m_current_is_x1 ? m_x2 : m_x1; }
    const state_type& get_old_state() const { return m_current_is_x1 ? m_x2 : m_x1; }

    controlled_stepper_type m_stepper;
    bool m_current_is_x1 = true;
    bool m_has_step = false;
    state_type m_x1, m_x2;
    time_type m_t = time_type(0), m_t_old = time_type(0), m_dt = time_type(0);
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_STEPPERS_DENSE_OUTPUT_EXPLICIT_RK_HPP_INCLUDED
