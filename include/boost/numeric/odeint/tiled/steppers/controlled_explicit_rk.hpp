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
 first stage derivative, evaluated in the tile like every stage, at no memory cost
 (FSAL methods read a given dxdt argument as F_0, as odeint's FSAL controller does;
 the others do not read it: the same values where it is f(x, t)).

 FSAL methods (dopri5, bogacki_shampine32): odeint's FSAL controller hands a step's
 last stage derivative f(x_new, t + dt) on as the next step's F_0. Here that is a
 choice, reuse_last_derivative(true): the step then writes that derivative to memory
 (one vector) and the next reads it (one more), for one RHS evaluation fewer. For
 cheap right-hand sides such as BRUSS2D the two passes cost more than the evaluation
 (on both backends: doc/results/gpu_h200.md, "Measurements behind the defaults"), so
 by default F_0 is evaluated in the tile. Reused, the
 derivative is held for one state, recognised by its buffer (data()) and time; the
 first try on any other state or at another time evaluates f once, in a pass of its
 own, as odeint's initialize() does. A state changed in place at the same time is not
 noticed (by odeint neither): call reset() then. odeint's FSAL forms that hand the
 derivative out (try_step with a non-const dxdt, or with dxdt_out) write it either way.

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

#include <boost/numeric/odeint/tiled/config.hpp>

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
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/system/as_odeint_system.hpp>

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

namespace detail {

/*! Whether an error stepper takes a given first derivative and keeps stage derivatives
    (do_step_error_norm's given_dxdt, next_dxdt, keep_derivatives): all do but those
    that say `static constexpr bool takes_given_derivatives = false;` (the distributed
    steppers, whose ranks evaluate F_0 inside the step). */
template <class Stepper, class = void>
struct takes_given_derivatives : std::true_type {};
template <class Stepper>
struct takes_given_derivatives<Stepper, std::enable_if_t<!Stepper::takes_given_derivatives>> : std::false_type {};

} // namespace detail

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

    //! FSAL: the last stage derivative of a step is the next step's F_0 (dopri5, bogacki_shampine32).
    static constexpr bool is_fsal = chain_traits<typename stepper_type::tableau_type, true>::last_derivative_is_next_first;
    //! The stepper's Algebra names a backend; where not, its static_assert is the one error.
    static constexpr bool backend_ok = stepper_type::backend_ok;
    //! Whether a try on System runs (the stepper's runs: where not, its static_assert is the one error).
    template <class System>
    static constexpr bool runs() { return stepper_type::template runs<System>(); }

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
        if constexpr (!runs<System>()) return fail;
        else return try_step_in_place(system, x, t, dt);
    }

    /*! try_step(sys, x, dxdt, t, dt): for FSAL methods dxdt = f(x, t) is read as F_0 and,
        if not const, gets f(x_new, t + dt) on success (one copy), as odeint's FSAL
        controller takes it in and out. For the others it is not read: F_0 is evaluated in
        the tile (the same values where dxdt is f(x, t)). */
    template <class System, class StateInOut, class DerivInOut,
              class = std::enable_if_t<!std::is_convertible<DerivInOut, time_type>::value>>
    controlled_step_result try_step(System system, StateInOut& x, DerivInOut& dxdt, time_type& t, time_type& dt)
    {
        if constexpr (!runs<System>()) return fail;
        else
        {
            constexpr bool hand_out = is_fsal && !std::is_const<DerivInOut>::value;
            const controlled_step_result res = try_step_in_place(system, x, t, dt, given_derivative(dxdt, x), hand_out);
            if constexpr (hand_out)
                if (res == success) hand_out_derivative(dxdt);
            return res;
        }
    }

    //! try_step(sys, in, t, out, dt): out gets the new state on success (it is overwritten either way).
    template <class System, class StateIn, class StateOut,
              class = std::enable_if_t<!std::is_same<StateIn, time_type>::value &&
                                       !std::is_convertible<StateOut, time_type>::value>>
    controlled_step_result try_step(System system, const StateIn& in, time_type& t, StateOut& out, time_type& dt)
    {
        if constexpr (!runs<System>()) return fail;
        else return try_step_out_of_place(system, in, t, out, dt);
    }

    //! try_step(sys, in, dxdt, t, out, dt): for FSAL methods dxdt = f(in, t) is read as F_0
    //! (for the others it is not read, as above).
    template <class System, class StateIn, class DerivIn, class StateOut>
    controlled_step_result try_step(System system, const StateIn& in, const DerivIn& dxdt, time_type& t, StateOut& out,
                                    time_type& dt)
    {
        if constexpr (!runs<System>()) return fail;
        else return try_step_out_of_place(system, in, t, out, dt, given_derivative(dxdt, in));
    }

    //! odeint's FSAL form try_step(sys, in, dxdt_in, t, out, dxdt_out, dt): dxdt_out gets
    //! f(out, t + dt) on success.
    template <class System, class StateIn, class DerivIn, class StateOut, class DerivOut>
    controlled_step_result try_step(System system, const StateIn& in, const DerivIn& dxdt_in, time_type& t, StateOut& out,
                                    DerivOut& dxdt_out, time_type& dt)
    {
        static_assert(is_fsal, "try_step with dxdt_out is the FSAL controllers' form (as in odeint)");
        if constexpr (!runs<System>()) return fail;
        else
        {
            const controlled_step_result res =
                try_step_out_of_place(system, in, t, out, dt, given_derivative(dxdt_in, in), true);
            if (res == success) hand_out_derivative(dxdt_out);
            return res;
        }
    }

    //! FSAL: evaluates f(x, t) as the derivative the next try on x at t starts from
    //! (odeint's initialize); used where the derivative is reused (reuse_last_derivative).
    template <class System, class StateIn>
    void initialize(System system, const StateIn& x, time_type t)
    {
        if constexpr (is_fsal && runs<System>())
        {
            m_buffers->known_state = nullptr;
            ensure_derivative(system, x, t);
        }
    }

    /*! FSAL methods: whether a step hands its last stage derivative f(x_new, t + dt) on to
        the next as F_0, as odeint's FSAL controller does (one vector written and one read
        per step, one RHS evaluation fewer), or evaluates F_0 in the tile like every stage
        (no memory traffic for it). The default is false: BRUSS2D's RHS costs less than the
        two vector passes, so reuse does not pay on either backend (numbers:
        doc/results/gpu_h200.md, "Measurements behind the defaults"). Turn it on
        for a right-hand side that is expensive per component. Same values either way. */
    void reuse_last_derivative(bool on) { m_reuse = on && is_fsal; }  // no-op for other methods
    bool reuses_last_derivative() const { return m_reuse; }

    //! Forgets the derivative held for the last state (odeint's reset()): the next try evaluates f again.
    void reset() { m_buffers->known_state = nullptr; }

    template <class StateType>
    void adjust_size(const StateType& x)
    {
        if constexpr (backend_ok) resize_candidate(x);
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

    /*! The first and the last stage derivatives F_0 and F_{L-1} of the last successful
        step (for FSAL methods f(x_old, t_old) and f(x_new, t_new): dense output's k1 and
        k7), n values each in the backend's memory, until the next step: the F_0 read
        (a given dxdt or the reused derivative) or kept (keep_derivatives bit 0), and the
        F_{L-1} handed on or kept; nullptr where the step had neither. */
    const value_type* last_step_first_derivative() const { return m_buffers->last_first_derivative; }
    const value_type* last_step_last_derivative() const { return m_buffers->last_last_derivative; }

    /*! Bit j set: every step writes its stage derivative F_j to memory in full, readable
        through stepper().kept_derivative(j) until the next step (dense output needs
        them). Costs one vector write per kept derivative and step. */
    void keep_derivatives(unsigned long long mask) { m_keep = mask; }
    unsigned long long keep_derivatives() const { return m_keep; }

private:
    struct buffers
    {
        state_type candidate;
        // FSAL: derivative[current] = f(x, t) for the state whose data() is known_state at
        // known_time (nullptr: none); a step writes the next one into the other buffer
        state_type derivative[2];
        int current = 0;
        const void* known_state = nullptr;
        time_type known_time = time_type(0);
        bool handed_on = false;  //!< the last successful step wrote derivative[current]
        const value_type* last_first_derivative = nullptr;  //!< F_0 of the last successful step
        const value_type* last_last_derivative = nullptr;   //!< its F_{L-1}
    };

    //! The raw values of a dxdt argument, checked against the state's size.
    template <class Deriv, class StateIn>
    static const value_type* given_derivative(const Deriv& dxdt, const StateIn& x)
    {
        if (detail::state_size(dxdt) != detail::state_size(x))
            throw std::invalid_argument("tiled::controlled_explicit_rk: dxdt has " + std::to_string(detail::state_size(dxdt)) +
                                        " components, the state " + std::to_string(detail::state_size(x)));
        return detail::state_size(x) == 0 ? nullptr : static_cast<const value_type*>(detail::state_data(dxdt));
    }

    //! FSAL: the derivative held for the current state into a caller's dxdt (odeint's in-out dxdt).
    template <class Deriv>
    void hand_out_derivative(Deriv& dxdt)
    {
        const state_type& f = m_buffers->derivative[m_buffers->current];
        if (detail::state_size(f) != 0) stepper_type::copy_state(f, dxdt);
    }

    //! FSAL: sizes the derivative buffers and, with `evaluate`, makes derivative[current]
    //! f(in, t), evaluating it unless it is known to be.
    template <class System, class StateIn>
    void ensure_derivative(System& system, const StateIn& in, time_type t, bool evaluate = true)
    {
        buffers& b = *m_buffers;
        const std::size_t n = detail::state_size(in);
        for (state_type& f : b.derivative)
            if constexpr (is_resizeable<state_type>::value)
                if (detail::state_size(f) != n)
                {
                    odeint::resize(f, in);
                    b.known_state = nullptr;
                }
        if (!evaluate || n == 0 ||
            (b.known_state == static_cast<const void*>(detail::state_data(in)) && b.known_time == t))
            return;
        if constexpr (!detail::takes_given_derivatives<stepper_type>::value)
            throw std::invalid_argument("tiled::controlled_explicit_rk: this stepper evaluates F_0 inside its steps: "
                                        "reuse_last_derivative and try_step with dxdt are not available");
        else
        {
            using sys_type = typename odeint::unwrap_reference<System>::type;
            const sys_type& sys = system;
            as_odeint_system(sys)(in, b.derivative[b.current], t);
        }
        b.known_state = static_cast<const void*>(detail::state_data(in));
        b.known_time = t;
    }

    //! FSAL: after a successful step, the derivative held (if the step wrote one) is that
    //! of the state `x` at time t.
    template <class State>
    void note_new_state(const State& x, time_type t)
    {
        if constexpr (is_fsal)
        {
            buffers& b = *m_buffers;
            b.known_state = b.handed_on && detail::state_size(x) != 0 ? static_cast<const void*>(detail::state_data(x))
                                                                      : nullptr;
            b.known_time = t;
        }
    }

    template <class StateIn>
    void resize_candidate(const StateIn& x)
    {
        state_type& c = m_buffers->candidate;
        if constexpr (is_resizeable<state_type>::value)
            if (detail::state_size(c) != detail::state_size(x)) odeint::resize(c, x);
    }

    template <class System, class StateInOut>
    controlled_step_result try_step_in_place(System& system, StateInOut& x, time_type& t, time_type& dt,
                                             const value_type* given_dxdt = nullptr, bool hand_on = false)
    {
        resize_candidate(x);
        state_type& candidate = m_buffers->candidate;
        const controlled_step_result res = try_step_to(system, x, t, candidate, dt, given_dxdt, hand_on);
        if (res == success)
        {
            if constexpr (std::is_same<StateInOut, state_type>::value && state_swaps_buffers<state_type>::value)
                x.swap(candidate);  // O(1): the candidate's memory becomes the state's
            else
                stepper_type::copy_state(candidate, x);
            note_new_state(x, t);
        }
        return res;
    }

    template <class System, class StateIn, class StateOut>
    controlled_step_result try_step_out_of_place(System& system, const StateIn& in, time_type& t, StateOut& out,
                                                 time_type& dt, const value_type* given_dxdt = nullptr,
                                                 bool hand_on = false)
    {
        if (detail::state_size(in) != 0 && static_cast<const void*>(detail::state_data(in)) ==
                                               static_cast<const void*>(detail::state_data(out)))
        {
            // in and out share memory: step through the candidate, so that a reject keeps the state
            resize_candidate(in);
            state_type& candidate = m_buffers->candidate;
            const controlled_step_result res = try_step_to(system, in, t, candidate, dt, given_dxdt, hand_on);
            if (res == success)
            {
                stepper_type::copy_state(candidate, out);
                note_new_state(out, t);
            }
            return res;
        }
        const controlled_step_result res = try_step_to(system, in, t, out, dt, given_dxdt, hand_on);
        if (res == success) note_new_state(out, t);
        return res;
    }

    /*! The controller of odeint's controlled_runge_kutta::try_step(sys, in, dxdt, t, out, dt).
        given_dxdt: F_0 given by the caller (nullptr: none); hand_on (FSAL): write
        f(x_new, t + dt) into derivative[1 - current] even without reuse_last_derivative. */
    template <class System, class StateIn, class StateOut>
    controlled_step_result try_step_to(System& system, const StateIn& in, time_type& t, StateOut& out, time_type& dt,
                                       const value_type* given_dxdt, bool hand_on)
    {
        if (!m_step_adjuster.check_step_size_limit(dt))
        {
            dt = m_step_adjuster.get_max_dt();  // given dt was above the step size limit
            return fail;
        }
        if (static_cast<time_type>(t + dt) == t && dt != time_type(0))
            return fail;  // dt below the resolution of t: no step can make progress (see the header)
        constexpr std::size_t last_link = chain_traits<typename stepper_type::tableau_type, true>::links - 1;
        error_norm_params<value_type> params = m_error_checker.params(dt);
        params.given_dxdt = is_fsal ? given_dxdt : nullptr;  // see try_step(sys, x, dxdt, t, dt)
        unsigned long long keep = m_keep;
        bool hands_on = false;
        if constexpr (is_fsal)
        {
            hands_on = (m_reuse || hand_on) && detail::state_size(in) != 0;
            if (hands_on)
            {
                buffers& b = *m_buffers;
                const bool read_held = m_reuse && given_dxdt == nullptr;  // F_0: the derivative held for `in`
                ensure_derivative(system, in, t, read_held);  // sizes the buffers too
                if (read_held) params.given_dxdt = detail::state_data(b.derivative[b.current]);
                params.next_dxdt = detail::state_data(b.derivative[1 - b.current]);
                keep |= 1ULL << last_link;
            }
        }
        const error_norm_block<value_type> r = m_stepper.do_step_error_norm(system, in, t, out, dt, params, keep);
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
        buffers& b = *m_buffers;
        // F_0 and F_{L-1} of this step stay readable (dense output interpolates with both)
        // until the next step writes over them
        b.last_first_derivative = params.given_dxdt != nullptr ? params.given_dxdt
                                  : (keep & 1ULL) != 0         ? m_stepper.kept_derivative(0)
                                                               : nullptr;
        b.last_last_derivative = params.next_dxdt != nullptr             ? params.next_dxdt
                                 : (keep & (1ULL << last_link)) != 0 ? m_stepper.kept_derivative(last_link)
                                                                     : nullptr;
        b.handed_on = hands_on;
        if (hands_on) b.current = 1 - b.current;  // the derivative written is the new state's
        t += dt;
        dt = m_step_adjuster.increase_step(dt, err, m_stepper.stepper_order());
        return success;
    }

    stepper_type m_stepper;
    error_checker_type m_error_checker;
    step_adjuster_type m_step_adjuster;
    std::shared_ptr<buffers> m_buffers;  // shared by copies, like the stepper's workspace
    unsigned long long m_keep = 0;
    bool m_reuse = false;
    value_type m_last_error = std::numeric_limits<value_type>::quiet_NaN();
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_STEPPERS_CONTROLLED_EXPLICIT_RK_HPP_INCLUDED
