/*
 boost/numeric/odeint/tiled/steppers/controlled_explicit_rk.hpp

 controlled_explicit_rk<ErrorStepper>: odeint's ControlledStepper for a tiled
 embedded Runge-Kutta stepper (explicit_rk with an embedded tableau). It is what
 odeint::make_controlled(abs, rel[, max_dt], tiled_stepper) returns (see
 steppers/generation.hpp), and it takes the same decisions as odeint's
 controlled_runge_kutta with default_error_checker and default_step_adjuster:

   err  = max_i |xerr_i| / (eps_abs + eps_rel (a_x |x_i| + a_dxdt |dt| |dxdt_i|)),
          x = the state before the step, dxdt = f(x, t);
   err > 1: reject, dt = default_step_adjuster::decrease_step(dt, err, error_order);
   else   : accept, t += dt, dt = default_step_adjuster::increase_step(dt, err, stepper_order);
   dt beyond max_dt (when max_dt != 0): fail at once with dt = max_dt.

 What is fused: the error norm is formed inside the step's last pass (the error
 link's linear combination reduces |xerr_i| / scale_i to a maximum per block and
 per tile); no error vector is written and no extra pass is made. dxdt = F_0 is the
 first stage derivative, recomputed in the tile like every stage, so a given dxdt
 argument is not read (bitwise the same value if it is f(x, t)); for FSAL methods
 this replaces odeint's reuse of the last derivative at no memory cost.

 What happens on reject: the step always runs out of place into a candidate
 buffer (or into the caller's `out`), so a rejected step leaves the state as it
 was. On accept the candidate becomes the state: for std::vector and
 thrust::device_vector states (state_swaps_buffers) by x.swap(candidate) (O(1), no
 pass over memory; the state's data() address changes, which an observer holding
 raw pointers into x would notice), for other containers by a copy. Copies go
 through the stepper's backend (explicit_rk::copy_state), so this class touches no
 state memory itself and serves host and device states alike; on the GPU each try
 costs one small read-back of the error norm and nothing else on the host.

 Non-finite values and blow-ups: a NaN or infinite component of the state before
 the step throws std::invalid_argument (the state is left as it was). A finite
 state whose step produces a non-finite error (f overflows) is rejected with the
 smallest step factor (as for err = +inf), and a step size below the resolution of
 t (t + dt == t, where no step can make progress) fails at once with dt unchanged;
 so near a singularity odeint's integrate functions end with their own
 step_adjustment_error after 500 failed tries in a row, instead of looping (odeint's
 own controller accepts NaN errors, as its norm_inf skips NaN, and accepts steps
 that do not advance t).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_STEPPERS_CONTROLLED_EXPLICIT_RK_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_STEPPERS_CONTROLLED_EXPLICIT_RK_HPP_INCLUDED

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

#include <boost/numeric/odeint/stepper/controlled_runge_kutta.hpp>
#include <boost/numeric/odeint/stepper/controlled_step_result.hpp>
#include <boost/numeric/odeint/stepper/stepper_categories.hpp>
#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resize.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <boost/numeric/odeint/tiled/steppers/explicit_rk.hpp>
#include <boost/numeric/odeint/tiled/steppers/fused_operations.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

/*! The constants of odeint's default_error_checker (eps_abs, eps_rel, a_x, a_dxdt),
    readable (odeint's keeps them private). error() evaluates the norm the odeint way
    on a given error vector, for tests and for use outside the fused step. */
template <class Value>
class fused_error_checker
{
public:
    using value_type = Value;

    fused_error_checker(value_type eps_abs = value_type(1e-6), value_type eps_rel = value_type(1e-6),
                        value_type a_x = value_type(1), value_type a_dxdt = value_type(1))
        : m_eps_abs(eps_abs), m_eps_rel(eps_rel), m_a_x(a_x), m_a_dxdt(a_dxdt)
    {
    }

    value_type eps_abs() const { return m_eps_abs; }
    value_type eps_rel() const { return m_eps_rel; }
    value_type a_x() const { return m_a_x; }
    value_type a_dxdt() const { return m_a_dxdt; }

    //! The constants for a step of size dt, as the fused step takes them.
    template <class Time>
    error_norm_params<value_type> params(Time dt) const
    {
        using std::abs;
        return error_norm_params<value_type>{m_eps_abs, m_eps_rel, m_a_x, m_a_dxdt * static_cast<value_type>(abs(dt))};
    }

    //! odeint's default_error_checker::error, serially (does not overwrite x_err).
    template <class State, class Deriv, class Err, class Time>
    value_type error(const State& x_old, const Deriv& dxdt_old, const Err& x_err, Time dt) const
    {
        using std::abs;
        const error_norm_params<value_type> p = params(dt);
        value_type m = 0;
        for (std::size_t i = 0; i < std::size_t(x_err.size()); ++i)
            m = std::max(m, abs(x_err[i]) / (p.eps_abs + p.eps_rel * (p.a_x * abs(x_old[i]) + p.a_dxdt_dt * abs(dxdt_old[i]))));
        return m;
    }

private:
    value_type m_eps_abs, m_eps_rel, m_a_x, m_a_dxdt;
};

template <class ErrorStepper>
class controlled_explicit_rk
{
    static_assert(ErrorStepper::is_embedded, "tiled::controlled_explicit_rk needs a stepper with an embedded tableau");

public:
    using stepper_type = ErrorStepper;
    using state_type = typename stepper_type::state_type;
    using value_type = typename stepper_type::value_type;
    using deriv_type = typename stepper_type::deriv_type;
    using time_type = typename stepper_type::time_type;
    using algebra_type = typename stepper_type::algebra_type;
    using operations_type = typename stepper_type::operations_type;
    using error_checker_type = fused_error_checker<value_type>;
    using step_adjuster_type = odeint::default_step_adjuster<value_type, time_type>;
    using stepper_category = explicit_controlled_stepper_tag;
    using controlled_stepper_type = controlled_explicit_rk;

    //! odeint's constructor form.
    explicit controlled_explicit_rk(const error_checker_type& error_checker = error_checker_type(),
                                    const step_adjuster_type& step_adjuster = step_adjuster_type(),
                                    const stepper_type& stepper = stepper_type())
        : m_stepper(stepper), m_error_checker(error_checker), m_step_adjuster(step_adjuster),
          m_buffers(std::make_shared<buffers>())
    {
    }
    //! The forms odeint's default controller_factory calls (make_controlled).
    controlled_explicit_rk(value_type eps_abs, value_type eps_rel, const stepper_type& stepper)
        : controlled_explicit_rk(error_checker_type(eps_abs, eps_rel), step_adjuster_type(), stepper)
    {
    }
    controlled_explicit_rk(value_type eps_abs, value_type eps_rel, time_type max_dt, const stepper_type& stepper)
        : controlled_explicit_rk(error_checker_type(eps_abs, eps_rel), step_adjuster_type(max_dt), stepper)
    {
    }

    // ---- try_step: odeint's four overloads ----

    //! try_step(sys, x, t, dt): x, t and dt are updated on success, only dt on failure.
    template <class System, class StateInOut>
    controlled_step_result try_step(System system, StateInOut& x, time_type& t, time_type& dt)
    {
        return try_step_in_place(system, x, t, dt);
    }

    //! try_step(sys, x, dxdt, t, dt): dxdt is not read (F_0 is recomputed in cache).
    template <class System, class StateInOut, class DerivIn,
              class = std::enable_if_t<!std::is_convertible<DerivIn, time_type>::value>>
    controlled_step_result try_step(System system, StateInOut& x, const DerivIn&, time_type& t, time_type& dt)
    {
        return try_step_in_place(system, x, t, dt);
    }

    //! try_step(sys, in, t, out, dt): out gets the new state on success (it is overwritten either way).
    template <class System, class StateIn, class StateOut,
              class = std::enable_if_t<!std::is_same<StateIn, time_type>::value &&
                                       !std::is_convertible<StateOut, time_type>::value>>
    controlled_step_result try_step(System system, const StateIn& in, time_type& t, StateOut& out, time_type& dt)
    {
        return try_step_out_of_place(system, in, t, out, dt);
    }

    //! try_step(sys, in, dxdt, t, out, dt): dxdt is not read.
    template <class System, class StateIn, class DerivIn, class StateOut>
    controlled_step_result try_step(System system, const StateIn& in, const DerivIn&, time_type& t, StateOut& out,
                                    time_type& dt)
    {
        return try_step_out_of_place(system, in, t, out, dt);
    }

    template <class StateType>
    void adjust_size(const StateType& x)
    {
        resize_candidate(x);
        m_stepper.adjust_size(x);
    }

    stepper_type& stepper() { return m_stepper; }
    const stepper_type& stepper() const { return m_stepper; }
    error_checker_type& error_checker() { return m_error_checker; }
    const error_checker_type& error_checker() const { return m_error_checker; }
    step_adjuster_type& step_adjuster() { return m_step_adjuster; }
    const step_adjuster_type& step_adjuster() const { return m_step_adjuster; }

    //! The error norm of the last attempted step (NaN before the first, +inf after a non-finite one).
    value_type last_error() const { return m_last_error; }

    /*! Bit j set: every step writes its stage derivative F_j to memory in full, readable
        through stepper().kept_derivative(j) until the next step (dense output needs
        them). Costs one vector write per kept derivative and step. */
    void keep_derivatives(unsigned long long mask) { m_keep = mask; }
    unsigned long long keep_derivatives() const { return m_keep; }

private:
    struct buffers
    {
        state_type candidate;
    };

    template <class StateIn>
    void resize_candidate(const StateIn& x)
    {
        state_type& c = m_buffers->candidate;
        if constexpr (is_resizeable<state_type>::value)
            if (detail::state_size(c) != detail::state_size(x)) odeint::resize(c, x);
    }

    template <class System, class StateInOut>
    controlled_step_result try_step_in_place(System& system, StateInOut& x, time_type& t, time_type& dt)
    {
        resize_candidate(x);
        state_type& candidate = m_buffers->candidate;
        const controlled_step_result res = try_step_to(system, x, t, candidate, dt);
        if (res == success)
        {
            if constexpr (std::is_same<StateInOut, state_type>::value && state_swaps_buffers<state_type>::value)
                x.swap(candidate);  // O(1): the candidate's memory becomes the state's
            else
                stepper_type::copy_state(candidate, x);
        }
        return res;
    }

    template <class System, class StateIn, class StateOut>
    controlled_step_result try_step_out_of_place(System& system, const StateIn& in, time_type& t, StateOut& out,
                                                 time_type& dt)
    {
        if (detail::state_size(in) != 0 && static_cast<const void*>(detail::state_data(in)) ==
                                               static_cast<const void*>(detail::state_data(out)))
        {
            // in and out share memory: step through the candidate, so that a reject keeps the state
            resize_candidate(in);
            state_type& candidate = m_buffers->candidate;
            const controlled_step_result res = try_step_to(system, in, t, candidate, dt);
            if (res == success) stepper_type::copy_state(candidate, out);
            return res;
        }
        return try_step_to(system, in, t, out, dt);
    }

    //! The controller of odeint's controlled_runge_kutta::try_step(sys, in, dxdt, t, out, dt).
    template <class System, class StateIn, class StateOut>
    controlled_step_result try_step_to(System& system, const StateIn& in, time_type& t, StateOut& out, time_type& dt)
    {
        if (!m_step_adjuster.check_step_size_limit(dt))
        {
            dt = m_step_adjuster.get_max_dt();  // given dt was above the step size limit
            return fail;
        }
        if (static_cast<time_type>(t + dt) == t && dt != time_type(0))
            return fail;  // dt below the resolution of t: no step can make progress (see the header)
        const error_norm_block<value_type> r =
            m_stepper.do_step_error_norm(system, in, t, out, dt, m_error_checker.params(dt), m_keep);
        if (r.state_non_finite)
            throw std::invalid_argument("tiled::controlled_explicit_rk: non-finite state or derivative: the state at t = " +
                                        std::to_string(static_cast<double>(t)) + " has a NaN or infinite component");
        const value_type err = r.non_finite ? std::numeric_limits<value_type>::infinity() : r.max;
        m_last_error = err;
        if (err > value_type(1))
        {
            // error too big (or not finite): decrease the step size and reject this step
            const time_type smaller = m_step_adjuster.decrease_step(dt, err, m_stepper.error_order());
            if (smaller != time_type(0) && std::isfinite(static_cast<double>(smaller))) dt = smaller;
            // else dt cannot shrink further: keep it, odeint's failed_step_checker ends the loop
            return fail;
        }
        t += dt;
        dt = m_step_adjuster.increase_step(dt, err, m_stepper.stepper_order());
        return success;
    }

    stepper_type m_stepper;
    error_checker_type m_error_checker;
    step_adjuster_type m_step_adjuster;
    std::shared_ptr<buffers> m_buffers;  // shared by copies, like the stepper's workspace
    unsigned long long m_keep = 0;
    value_type m_last_error = std::numeric_limits<value_type>::quiet_NaN();
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_STEPPERS_CONTROLLED_EXPLICIT_RK_HPP_INCLUDED
