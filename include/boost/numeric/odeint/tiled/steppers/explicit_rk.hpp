/*
 boost/numeric/odeint/tiled/steppers/explicit_rk.hpp

 explicit_rk<Tableau, State, ...>: the tiled explicit Runge-Kutta stepper for any
 ButcherTableau. It models odeint's Stepper concept (stepper_tag) for plain
 tableaux and its ErrorStepper concept (explicit_error_stepper_tag) for embedded
 ones, with odeint's do_step overloads, so it drops into integrate_const,
 integrate_n_steps, integrate_times and integrate_adaptive.

 One step: the link chain of the tableau (core/link_chain.hpp) is turned into a
 plan for (n, d, tiling) once per problem size and run by the backend that the
 Algebra parameter selects (core/backend.hpp). Copies share their
 plans and buffers, so odeint's habit of copying steppers costs nothing; as with
 odeint's own steppers, one stepper (and its copies) must not step from two
 threads at once.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_STEPPERS_EXPLICIT_RK_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_STEPPERS_EXPLICIT_RK_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cmath>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/numeric/odeint/stepper/stepper_categories.hpp>
#include <boost/numeric/odeint/util/resize.hpp>
#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <boost/numeric/odeint/tiled/core/backend.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/core/plan_checker.hpp>
#include <boost/numeric/odeint/tiled/core/state_access.hpp>
#include <boost/numeric/odeint/tiled/core/tiling.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/grid/grid_system.hpp>
#include <boost/numeric/odeint/tiled/system/access_check.hpp>
#include <boost/numeric/odeint/tiled/system/limited_access_system.hpp>
#include <boost/numeric/odeint/tiled/system/unrolled_ring.hpp>
#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

namespace detail {

/*! Refuses a step size that is zero or not finite and a time that is not finite (the
    checks every tiled stepper makes before it writes anything). */
template <class Time>
void check_step_times(const char* method, Time t, Time dt)
{
    if (!(dt != Time(0)) || !std::isfinite(static_cast<double>(dt)))
        throw std::invalid_argument("tiled::" + std::string(method) + ": the step size must be finite and non-zero, got " +
                                    std::to_string(static_cast<double>(dt)));
    if (!std::isfinite(static_cast<double>(t)))
        throw std::invalid_argument("tiled::" + std::string(method) + ": the time must be finite");
}

template <class Tableau>
struct stepper_category_of
{
    using type = std::conditional_t<is_embedded_tableau<Tableau>::value, explicit_error_stepper_tag, stepper_tag>;
};

} // namespace detail

/*! The template parameters are odeint's, in odeint's order, so that a tiled stepper
    stands in for odeint's where user code names them. `Algebra` is the backend tag
    (tbb_algebra, cuda_algebra, or a user backend's; core/backend.hpp): it selects
    the executor that runs the plans, and the stepper never calls its for_each; it is
    still an odeint Algebra for the backends of this library, and algebra_type names
    it as in odeint. `Operations` is the stage-combination code the executors call
    (core/fused_operations.hpp). */
template <class Tableau, class State, class Value = typename state_value<State>::type, class Deriv = State,
          class Time = Value,
          class Algebra = typename backend_dispatcher<State>::algebra_type,
          class Operations = typename backend_dispatcher<State>::operations_type>
class explicit_rk
{
    static_assert(check_butcher_tableau<Tableau>(), "");
    static_assert(detail::check_backend<State, Algebra>(), "");
    static_assert(detail::check_state_value<State, Value>(), "");
    using backend = detail::checked_backend_t<Algebra>;
    using workspace_type = typename backend::template workspace_type<Value>;

public:
    using tableau_type = Tableau;
    using state_type = State;
    using value_type = Value;
    using deriv_type = Deriv;
    using time_type = Time;
    using algebra_type = Algebra;
    using operations_type = Operations;
    using order_type = unsigned short;
    using stepper_category = typename detail::stepper_category_of<Tableau>::type;

    static constexpr order_type order_value = Tableau::order;
    static constexpr order_type stepper_order_value = Tableau::stepper_order;
    static constexpr order_type error_order_value = Tableau::error_order;
    static constexpr bool is_embedded = is_embedded_tableau<Tableau>::value;
    //! Algebra names a backend (core/backend.hpp) and Value is what the state holds
    //! (core/state_access.hpp). Where either is not so, check_backend's or
    //! check_state_value's static_assert is the one error: the code that would run the
    //! step is not instantiated.
    static constexpr bool backend_ok = is_tiled_backend<Algebra>::value && detail::state_value_matches<State, Value>();
    //! Whether a step of System runs: backend_ok, and System (or what a reference
    //! wrapper holds) a LimitedAccessSystem. Where it is not one,
    //! check_limited_access_system's static_assert is the one error.
    template <class System>
    static constexpr bool runs()
    {
        using sys_type = typename odeint::unwrap_reference<System>::type;
        static_assert(detail::check_limited_access_system<sys_type, Value, Time, State>(), "");
        return backend_ok && is_limited_access_system<sys_type, Value, Time>::value;
    }

    explicit explicit_rk(const tiled::tiling& config = tiled::tiling::automatic(), const Algebra& algebra = Algebra())
        : m_shared(std::make_shared<shared_state>(config)), m_algebra(algebra)
    {
    }

    order_type order() const { return order_value; }
    order_type stepper_order() const { return stepper_order_value; }
    order_type error_order() const { return error_order_value; }

    //! The tiling of the last step (automatic() resolved); the requested one before the first step.
    const tiled::tiling& tiling() const { return m_shared->last_used; }
    //! The plan of the last step: nullptr before the first step.
    const tiling_plan* plan() const { return m_shared->last_plan; }

    algebra_type& algebra() { return m_algebra; }
    const algebra_type& algebra() const { return m_algebra; }

    template <class StateType>
    void adjust_size(const StateType&) {}  // buffers follow the state's size at the next step

    // ---- Stepper concept ----
    template <class System, class StateInOut>
    void do_step(System system, StateInOut& x, time_type t, time_type dt)
    {
        step<false>(system, x, x, t, dt, static_cast<StateInOut*>(nullptr));
    }
    //! odeint's overload with a given derivative f(x, t): it is not read, the first
    //! tile computes f from x in cache, which costs no memory traffic.
    template <class System, class StateInOut, class DerivIn,
              class = std::enable_if_t<!std::is_convertible<DerivIn, time_type>::value>>
    void do_step(System system, StateInOut& x, const DerivIn&, time_type t, time_type dt)
    {
        step<false>(system, x, x, t, dt, static_cast<StateInOut*>(nullptr));
    }

    template <class System, class StateIn, class StateOut,
              class = std::enable_if_t<!std::is_convertible<StateOut, time_type>::value>>
    void do_step(System system, const StateIn& in, time_type t, StateOut& out, time_type dt)
    {
        step<false>(system, in, out, t, dt, static_cast<StateOut*>(nullptr));
    }

    template <class System, class StateIn, class DerivIn, class StateOut,
              class = std::enable_if_t<!std::is_convertible<DerivIn, time_type>::value>>
    void do_step(System system, const StateIn& in, const DerivIn&, time_type t, StateOut& out, time_type dt)
    {
        step<false>(system, in, out, t, dt, static_cast<StateOut*>(nullptr));
    }

    // ---- ErrorStepper concept (embedded tableaux) ----
    template <class System, class StateInOut, class Err, bool E = is_embedded,
              class = std::enable_if_t<E && !std::is_convertible<Err, time_type>::value>>
    void do_step(System system, StateInOut& x, time_type t, time_type dt, Err& xerr)
    {
        step<true>(system, x, x, t, dt, &xerr);
    }

    template <class System, class StateIn, class StateOut, class Err, bool E = is_embedded, class = std::enable_if_t<E>>
    void do_step(System system, const StateIn& in, time_type t, StateOut& out, time_type dt, Err& xerr)
    {
        step<true>(system, in, out, t, dt, &xerr);
    }

    template <class System, class StateInOut, class DerivIn, class Err, bool E = is_embedded,
              class = std::enable_if_t<E && !std::is_convertible<DerivIn, time_type>::value>>
    void do_step(System system, StateInOut& x, const DerivIn&, time_type t, time_type dt, Err& xerr)
    {
        step<true>(system, x, x, t, dt, &xerr);
    }

    template <class System, class StateIn, class DerivIn, class StateOut, class Err, bool E = is_embedded,
              class = std::enable_if_t<E>>
    void do_step(System system, const StateIn& in, const DerivIn&, time_type t, StateOut& out, time_type dt, Err& xerr)
    {
        step<true>(system, in, out, t, dt, &xerr);
    }

    // ---- for the adaptive steppers (controlled_explicit_rk.hpp, dense_output_explicit_rk.hpp) ----

    /*! One step from `in` to `out` (distinct memory) whose error estimate is reduced to
        odeint's error norm inside the error link's pass: no error vector is written and
        no extra pass over memory is made (the plan's chain is made with
        chain_options::fused_error_norm). Bit j of keep_derivatives writes F_j to memory
        in full; kept_derivative(j) points at it until the next step. On the GPU the norm
        is merged on the device and this call waits for the step to read it back. */
    template <class System, class StateIn, class StateOut, bool E = is_embedded, class = std::enable_if_t<E>>
    error_norm_block<Value> do_step_error_norm(System system, const StateIn& in, time_type t, StateOut& out, time_type dt,
                                               const error_norm_params<Value>& params,
                                               unsigned long long keep_derivatives = 0)
    {
        if constexpr (!runs<System>())
            return error_norm_block<Value>();
        else
        {
            using sys_type = typename odeint::unwrap_reference<System>::type;
            const sys_type& sys = system;
            const std::size_t n = detail::state_size(in);
            const plan_access access = plan_access_of(sys);
            validate_step(n, detail::state_size(out), t, dt);
            if (n == 0) return error_norm_block<Value>();
            if constexpr (grid_kernel_candidate<sys_type>())
            {
                constexpr std::size_t last_link = chain_traits<Tableau, true>::links - 1;
                const bool keeps_only_the_handed_on =
                    keep_derivatives == 0 || (params.next_dxdt != nullptr && keep_derivatives == (1ULL << last_link));
                error_norm_block<Value> r;
                if (grid_kernel_requested() && keeps_only_the_handed_on &&
                    backend::executor_type::template run_grid_error_norm<Tableau>(
                        m_shared->workspace, sys, detail::state_data(in), detail::state_data(out), t, dt, params, r))
                    return r;
            }
            chain_options options;
            options.fused_error_norm = true;
            options.keep_derivatives = keep_derivatives;
            if constexpr (grid_kernel_candidate<sys_type>())
            {
                const tiling_plan& plan = plan_for<true>(n, access, options, plan_tiling::plain_stages);
                return backend::executor_type::template run_error_norm_stages<Tableau, Operations>(
                    plan, m_shared->workspace, sys, detail::state_data(in), detail::state_data(out), t, dt, params);
            }
            else
            {
                if constexpr (unrolls_rings<sys_type>())
                {
                    error_norm_block<Value> r;
                    if (step_unrolled_error_norm(sys, in, out, t, dt, params, options, r)) return r;
                }
                const tiling_plan& plan = plan_for<true>(n, access, options, plan_along_the_state(sys));
                return detail::run_access_checked(m_shared->access_record, Tableau::name, sys, plan.n, plan.d, plan.topology, [&](const auto& s) {
                    return backend::executor_type::template run_error_norm<Tableau, Operations>(
                        plan, m_shared->workspace, s, detail::state_data(in), detail::state_data(out), t, dt, params);
                });
            }
        }
    }

    //! F_j of the last do_step_error_norm that kept it (bit j of keep_derivatives): n values,
    //! in the backend's memory (device memory for the CUDA backend: not readable on the host).
    const Value* kept_derivative(std::size_t j) const
    {
        return backend::executor_type::vector_of(m_shared->workspace, std::size_t(vector_ids::first_derivative) + j);
    }

    //! to = from (their sizes must agree), in the backend's memory: the adaptive steppers'
    //! state copies, which must not touch device memory from the host.
    template <class StateIn, class StateOut>
    static void copy_state(const StateIn& from, StateOut& to)
    {
        if constexpr (backend_ok)
            backend::executor_type::copy_values(detail::state_data(from), detail::state_data(to), detail::state_size(from));
    }

    //! out = 1 x + c_0 k_0 + ... + c_{K-1} k_{K-1} on n values with the backend, summed in
    //! odeint's scale_sum order: dense output's interpolation from kept derivatives.
    template <std::size_t K>
    static void scale_sum(Value* out, const Value* x, const Value (&c)[K], const Value* const (&k)[K], std::size_t n)
    {
        if constexpr (backend_ok) backend::executor_type::scale_sum(out, x, c, k, n);
    }

private:
    struct shared_state
    {
        explicit shared_state(const tiled::tiling& c) : requested(c), last_used(c) {}
        tiled::tiling requested;
        tiled::tiling last_used;
        std::unique_ptr<tiling_plan> plans[2];  // plain step, step with error estimate
        const tiling_plan* last_plan = nullptr;
        std::vector<std::pair<chain_options, std::unique_ptr<tiling_plan>>> option_plans;  // error chain variants
        workspace_type workspace;
        //! In-place steps of plans that may not write over their input run into this
        //! state, which then swaps buffers with the user's (swappable states only).
        State spare_state;
        //! Where the checked mode's views record a read beyond the access distance
        //! (system/access_check.hpp); made by the first checked step.
        std::unique_ptr<typename backend::access_record_type> access_record;
        //! The ring size and cyclic distance whose unrolled line the executor declined
        //! (plain step, step with error vector, step with the fused error norm): such
        //! steps go straight to the plan along the state.
        std::pair<std::size_t, std::size_t> unroll_declined[3] = {{0, 0}, {0, 0}, {0, 0}};
    };

    //! Every check before anything is written: bad input leaves the state as it was.
    //! An empty state is a no-op (as in odeint), and an access distance of n or more
    //! is legal: its plans degenerate to one pass per stage (make_tiling_plan).
    void validate_step(std::size_t n, std::size_t n_out, time_type t, time_type dt) const
    {
        detail::check_step_times(Tableau::name, t, dt);
        if (n_out != n)
            throw std::invalid_argument("tiled::" + std::string(Tableau::name) + ": the output state has " +
                                        std::to_string(n_out) + " components, the input " + std::to_string(n));
    }

    template <bool WithError>
    std::unique_ptr<tiling_plan>& plan_slot(const chain_options& options)
    {
        if (options.is_default()) return m_shared->plans[WithError ? 1 : 0];
        for (auto& entry : m_shared->option_plans)
            if (entry.first == options) return entry.second;
        m_shared->option_plans.emplace_back(options, nullptr);
        return m_shared->option_plans.back().second;
    }

    //! The access distance a step's plan tiles with, and how it is measured.
    struct plan_access
    {
        std::size_t d;
        access_topology topology;
    };

    /*! sys's access_distance() along the state, or its cyclic_access_distance() around
        the ring where it has a smaller one and the backend runs ring plans (a periodic
        system, core/tiling_plan.hpp). */
    template <class Sys>
    static plan_access plan_access_of(const Sys& sys)
    {
        const std::size_t d = static_cast<std::size_t>(sys.access_distance());
        if constexpr (detail::has_cyclic_access_distance<Sys>::value &&
                      detail::executor_runs_ring_plans<typename backend::executor_type>::value)
        {
            const std::size_t c = static_cast<std::size_t>(sys.cyclic_access_distance());
            if (c < d) return plan_access{c, access_topology::ring};
        }
        return plan_access{d, access_topology::line};
    }

    //! Which tiling plan_for plans with.
    enum class plan_tiling
    {
        requested,      //!< the stepper's
        plain_stages,   //!< tiling::none(): a grid system's steps where the backend's grid
                        //!< kernel does not apply (grid_kernel_candidate), a periodic
                        //!< system's where its unrolled ring does not (plan_along_the_state)
        unrolled_line   //!< the requested one as the line of an unrolled ring runs it
                        //!< (detail::unrolled_line_tiling)
    };

    //! The plan for n components and `access`, of the tiling `how` names.
    template <bool WithError>
    const tiling_plan& plan_for(std::size_t n, plan_access access, const chain_options& options = chain_options(),
                                plan_tiling how = plan_tiling::requested)
    {
        const std::size_t d = access.d;
        std::unique_ptr<tiling_plan>& slot = plan_slot<WithError>(options);
        if (!slot || slot->n != n || slot->d != d || slot->topology != access.topology ||
            (how == plan_tiling::plain_stages && slot->config.kind() != tiled::tiling::scheme::none) ||
            (how == plan_tiling::unrolled_line && slot->config.kind() != tiled::tiling::scheme::overlapped))
        {
            const link_chain chain = make_link_chain<Tableau, WithError>(options);
            tiled::tiling config = how == plan_tiling::plain_stages ? tiled::tiling::none() : m_shared->requested;
            if (config.kind() == tiled::tiling::scheme::automatic)
                config = backend::resolve_automatic(config, chain, n, d, sizeof(Value));
            if (how == plan_tiling::unrolled_line) config = detail::unrolled_line_tiling(config, chain.links, d);
            auto plan = std::make_unique<tiling_plan>(make_tiling_plan(chain, n, d, config, access.topology));
            const plan_check_result proof = check_plan(*plan);
            if (!proof)  // never run a wrong plan: this would be a bug of the plan builder
                throw std::logic_error("tiled: internal error, the plan for " + config.to_string() + " is wrong: " + proof.error);
            slot = std::move(plan);
        }
        m_shared->last_used = slot->config;
        m_shared->last_plan = slot.get();
        return *slot;
    }

    template <bool WithError, class System, class StateIn, class StateOut, class Err>
    void step(System& system, const StateIn& in, StateOut& out, time_type t, time_type dt, Err* xerr)
    {
        if constexpr (runs<System>()) step_impl<WithError>(system, in, out, t, dt, xerr);
    }

    template <bool WithError, class System, class StateIn, class StateOut, class Err>
    void step_impl(System& system, const StateIn& in, StateOut& out, time_type t, time_type dt, Err* xerr)
    {
        using sys_type = typename odeint::unwrap_reference<System>::type;
        const sys_type& sys = system;
        const std::size_t n = detail::state_size(in);
        const plan_access access = plan_access_of(sys);
        validate_step(n, detail::state_size(out), t, dt);
        if (WithError && detail::state_size(*xerr) != n)
            throw std::invalid_argument("tiled::" + std::string(Tableau::name) + ": the error vector has " +
                                        std::to_string(detail::state_size(*xerr)) + " components, the state " + std::to_string(n));
        if (n == 0) return;
        Value* err = nullptr;
        if constexpr (WithError) err = detail::state_data(*xerr);
        if constexpr (grid_kernel_candidate<sys_type>())
        {
            if (grid_kernel_requested() && grid_step<WithError>(sys, in, out, err, t, dt)) return;
            // elsewhere the per-component stage kernels (see grid_kernel_candidate)
            const tiling_plan& plan = plan_for<WithError>(n, access, chain_options(), plan_tiling::plain_stages);
            backend::executor_type::template run_stages<Tableau, WithError, Operations>(
                plan, m_shared->workspace, sys, detail::state_data(in), detail::state_data(out), err, t, dt);
        }
        else  // (not instantiated for those: the tile kernel families cost minutes of nvcc each)
        {
            if constexpr (unrolls_rings<sys_type>())
                if (step_unrolled<WithError>(sys, in, out, err, n, t, dt)) return;
            step_on_plan<WithError>(sys, in, out, err, n, access, t, dt, plan_along_the_state(sys));
        }
    }

    /*! The tiling a step of sys plans with along the state: a periodic system on a
        backend that unrolls rings gets there only where its unrolled ring did not take
        the step (a method or chunk the ring's kernel is not built for, a ring too short
        to unroll), and where the ring wraps (c < d) its distance along the state is
        about n, which no tiling but none() fits: none(), as automatic() would resolve
        to, rather than an explicit tiling refused for a d the user never gave. */
    template <class Sys>
    plan_tiling plan_along_the_state(const Sys& sys) const
    {
        if constexpr (unrolls_rings<Sys>())
            if (sys.cyclic_access_distance() < sys.access_distance()) return plan_tiling::plain_stages;
        return plan_tiling::requested;
    }

    /*! Whether fixed steps of Sys may run on the line of its unrolled ring
        (system/unrolled_ring.hpp): a periodic system on a backend that unrolls rings
        (executor_unrolls_rings) and does not run ring plans itself, with the default
        Operations (the kernels that take the line are built on them) and the checked
        mode off (its views check the system's own reads, not the line's). */
    template <class Sys>
    static constexpr bool unrolls_rings()
    {
        if constexpr (!backend_ok) return false;
        else
            return detail::has_cyclic_access_distance<Sys>::value &&
                   detail::executor_unrolls_rings<typename backend::executor_type>::value &&
                   !detail::executor_runs_ring_plans<typename backend::executor_type>::value &&
                   std::is_same<Operations, fused_operations>::value && !access_checking_enabled;
    }

    /*! The unrolled ring a step of sys on n components may run on (memo: 0 plain, 1 with
        error vector, 2 with the fused error norm): where the tiling is not none()
        (trapezoids and hexagons run as overlapped tiles there, unrolled_line_tiling), c <
        d, the ring unrolls (unrolled_ring::halo_for) and the executor has not declined
        this ring for the memo's kind of step; else ring.halo is 0. */
    template <class System>
    unrolled_ring unrolled_ring_for(const System& sys, std::size_t n, int memo) const
    {
        if (m_shared->requested.kind() == tiled::tiling::scheme::none) return unrolled_ring{};
        const std::size_t d = static_cast<std::size_t>(sys.access_distance());
        const std::size_t c = static_cast<std::size_t>(sys.cyclic_access_distance());
        if (c >= d || m_shared->unroll_declined[memo] == std::make_pair(n, c)) return unrolled_ring{};
        return unrolled_ring{n, unrolled_ring::halo_for(n, c, Tableau::stages)};
    }

    /*! A fixed step of a periodic system on the line of its unrolled ring, planned with
        d = c (unrolled_ring_for). False, with nothing written, elsewhere: the caller
        steps on the plan along the state, and a line the executor declined is not
        planned again for this ring. */
    template <bool WithError, class System, class StateIn, class StateOut>
    bool step_unrolled(const System& sys, const StateIn& in, StateOut& out, Value* err, std::size_t n, time_type t,
                       time_type dt)
    {
        const unrolled_ring ring = unrolled_ring_for(sys, n, WithError ? 1 : 0);
        if (ring.halo == 0) return false;
        const std::size_t c = static_cast<std::size_t>(sys.cyclic_access_distance());
        const tiling_plan& plan =
            plan_for<WithError>(ring.size(), plan_access{c, access_topology::line}, chain_options(), plan_tiling::unrolled_line);
        const bool ran = into_output(in, out, true, [&](Value* result) {
            return backend::executor_type::template run_unrolled<Tableau, WithError, Operations>(
                plan, m_shared->workspace, sys, ring, detail::state_data(in), result, err, t, dt);
        });
        if (!ran) m_shared->unroll_declined[WithError ? 1 : 0] = std::make_pair(n, c);
        return ran;
    }

    //! do_step_error_norm on the line of a periodic system's unrolled ring (see
    //! step_unrolled); false, with nothing written, where it does not run there.
    template <class System, class StateIn, class StateOut>
    bool step_unrolled_error_norm(const System& sys, const StateIn& in, StateOut& out, time_type t, time_type dt,
                                  const error_norm_params<Value>& params, const chain_options& options,
                                  error_norm_block<Value>& result)
    {
        const std::size_t n = detail::state_size(in);
        const unrolled_ring ring = unrolled_ring_for(sys, n, 2);
        if (ring.halo == 0) return false;
        const std::size_t c = static_cast<std::size_t>(sys.cyclic_access_distance());
        const tiling_plan& plan =
            plan_for<true>(ring.size(), plan_access{c, access_topology::line}, options, plan_tiling::unrolled_line);
        if (backend::executor_type::template run_unrolled_error_norm<Tableau, Operations>(
                plan, m_shared->workspace, sys, ring, detail::state_data(in), detail::state_data(out), t, dt, params,
                result))
            return true;
        m_shared->unroll_declined[2] = std::make_pair(n, c);
        return false;
    }

    template <bool WithError, class System, class StateIn, class StateOut>
    void step_on_plan(const System& sys, const StateIn& in, StateOut& out, Value* err, std::size_t n,
                      plan_access access, time_type t, time_type dt, plan_tiling how = plan_tiling::requested)
    {
        const tiling_plan& plan = plan_for<WithError>(n, access, chain_options(), how);
        // A plan whose tiles read the input where others write the output (overlapped
        // tiles) cannot step in place (into_output)
        into_output(in, out, !plan.in_place_safe, [&](Value* result) {
            run_step<WithError>(plan, sys, detail::state_data(in), result, err, t, dt);
            return true;
        });
    }

    /*! run(result) with result = out's data, and returns what run returns (false: it
        wrote nothing). Where in and out are the same state and `not_in_place`, a step
        cannot write over its input: rather than through the executor's spare buffer and
        a copy back (one more pass over the state), a state that swaps buffers is
        stepped into the stepper's spare state, which then swaps buffers with out, as
        the controlled stepper accepts a step: O(1), but out's buffer changes. */
    template <class StateIn, class StateOut, class Run>
    bool into_output(const StateIn& in, StateOut& out, bool not_in_place, Run&& run)
    {
        if constexpr (std::is_same<StateOut, State>::value && state_swaps_buffers<State>::value)
        {
            if (not_in_place &&
                static_cast<const void*>(detail::state_data(in)) == static_cast<const void*>(detail::state_data(out)))
            {
                State& spare = m_shared->spare_state;
                if (detail::state_size(spare) != detail::state_size(out)) odeint::resize(spare, out);
                if (!run(detail::state_data(spare))) return false;
                out.swap(spare);
                return true;
            }
        }
        return run(detail::state_data(out));
    }

    /*! Whether steps of Sys go to the backend's kernel for grid systems instead of a
        plan's kernels: Sys is a grid system (tiled::grid), the backend runs those (its
        executor's runs_grid_systems), the Operations are the default ones, and the
        checked mode is off (its views are per component; the grid kernel reads a
        tile). Such a system's steps run the grid kernel where the tiling is
        automatic() (grid_kernel_requested) and the kernel applies, and otherwise the
        backend's plain per-component stage kernels of tiling::none() (run_stages): the
        1D tile kernels would compile every family once more for every grid system and
        method (minutes of nvcc each), for tilings that do not know the grid. */
    template <class Sys>
    static constexpr bool grid_kernel_candidate()
    {
        if constexpr (!backend_ok) return false;
        else
            return is_grid_system<Sys>::value &&
                   detail::executor_runs_grid_systems<typename backend::executor_type>::value &&
                   std::is_same<Operations, fused_operations>::value && !access_checking_enabled;
    }
    bool grid_kernel_requested() const { return m_shared->requested.kind() == tiled::tiling::scheme::automatic; }

    //! One step with the backend's grid kernel; false where it does not apply. In place
    //! on a state that swaps buffers: into the spare state, then swapped (into_output).
    template <bool WithError, class System, class StateIn, class StateOut>
    bool grid_step(const System& sys, const StateIn& in, StateOut& out, Value* err, time_type t, time_type dt)
    {
        return into_output(in, out, true, [&](Value* result) {
            return backend::executor_type::template run_grid<Tableau, WithError>(
                m_shared->workspace, sys, detail::state_data(in), result, err, t, dt);
        });
    }

    template <bool WithError, class System>
    void run_step(const tiling_plan& plan, const System& sys, const Value* in, Value* out, Value* err,
                  time_type t, time_type dt)
    {
        detail::run_access_checked(m_shared->access_record, Tableau::name, sys, plan.n, plan.d, plan.topology, [&](const auto& s) {
            backend::executor_type::template run<Tableau, WithError, Operations>(plan, m_shared->workspace, s, in, out,
                                                                                 err, t, dt);
        });
    }

    std::shared_ptr<shared_state> m_shared;
    Algebra m_algebra;
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_STEPPERS_EXPLICIT_RK_HPP_INCLUDED
