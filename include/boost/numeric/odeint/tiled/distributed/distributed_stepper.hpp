/*
 boost/numeric/odeint/tiled/distributed/distributed_stepper.hpp

 The tiled steppers on a distributed state: explicit_rk<Tableau,
 distributed_state<Local>, ...> (so tiled::runge_kutta4<distributed_state<...>> and the
 other named steppers, and make_controlled on the embedded ones). Every rank calls the
 same steps (SPMD); one step of a rank is

   1. agree: every rank checked its input and the halos' age; all go on or all throw;
   2. exchange the halos, if the last exchange was steps_per_exchange() steps ago or a
      rank's state was written between steps (one message of k*s*d components to each
      neighbour, k = steps_per_exchange, s stages, d the access distance; a grid's in
      whole slabs, window_system.hpp; a periodic system's with d its cyclic distance,
      the ranks forming a ring, ring_window_system.hpp);
   3. step the window with the local tiled stepper (the backend's kernels, tiles and
      grid kernels as on one device) on the system seen through the window;
   4. agree again (adaptive steps: with the error norm's maximum over the ranks);
   5. a fixed step after which the halos are due (every k-th), on engines that can
      (nccl_communicator): post the next exchange behind the step's signal that its end
      tiles are done (core/edge_signal.hpp), so that it runs on the device while the
      step's interior does, and the next step skips 2. Where some rank's step did not
      signal (a kernel other than the grid kernel and the streaming kernel, e.g. the
      stage kernels of tiling::none()), the next step exchanges in 2.

 The owned components get the same values as the same step on one device: the
 window's arithmetic per component is the one-device arithmetic, and the halo is
 deep enough that no wrong value reaches them (partition.hpp). Adaptive steps reduce
 the error norm over the owned components only (error_norm_params::norm_first/last)
 and take the maximum over the ranks in the agreement, so every rank accepts and
 rejects the same steps as one device would. They exchange halos every try: error
 control needs a global norm every step, so the steps cannot run ahead.

 Not supported on distributed states (a clear error): dense output (make_dense_output),
 a reused or given FSAL derivative (reuse_last_derivative, try_step with dxdt), kept
 stage derivatives. Build one stepper per rank (copies share buffers, as in odeint:
 one stepper must not step from two threads at once).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_DISTRIBUTED_STEPPER_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_DISTRIBUTED_STEPPER_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <exception>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <boost/numeric/odeint/util/unwrap_reference.hpp>

#include <boost/numeric/odeint/tiled/distributed/communicator.hpp>
#include <boost/numeric/odeint/tiled/distributed/distributed_state.hpp>
#include <boost/numeric/odeint/tiled/distributed/ring_window_system.hpp>
#include <boost/numeric/odeint/tiled/distributed/window_system.hpp>
#include <boost/numeric/odeint/tiled/grid/grid_system.hpp>
#include <boost/numeric/odeint/tiled/steppers/explicit_rk.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

template <class Tableau, class Local, class Value, class Deriv, class Time, class Algebra, class Operations>
class explicit_rk<Tableau, distributed::distributed_state<Local>, Value, Deriv, Time, Algebra, Operations>
{
    using dstate = distributed::distributed_state<Local>;

public:
    //! The stepper of one rank's window.
    using local_stepper_type = explicit_rk<Tableau, Local, Value, Local, Time, Algebra, Operations>;
    using tableau_type = Tableau;
    using state_type = dstate;
    using value_type = Value;
    using deriv_type = Deriv;
    using time_type = Time;
    using algebra_type = Algebra;
    using operations_type = Operations;
    using order_type = unsigned short;
    using stepper_category = typename local_stepper_type::stepper_category;

    static constexpr order_type order_value = Tableau::order;
    static constexpr order_type stepper_order_value = Tableau::stepper_order;
    static constexpr order_type error_order_value = Tableau::error_order;
    static constexpr bool is_embedded = local_stepper_type::is_embedded;
    static constexpr bool backend_ok = local_stepper_type::backend_ok;
    //! Whether a step of System runs (the local stepper's runs: where not, its static_assert is the one error).
    template <class System>
    static constexpr bool runs() { return local_stepper_type::template runs<System>(); }
    //! F_0 is evaluated inside every step (controlled_explicit_rk.hpp)
    static constexpr bool takes_given_derivatives = false;

    explicit explicit_rk(const tiled::tiling& config = tiled::tiling::automatic(), const Algebra& algebra = Algebra())
        : m_local(config, algebra), m_config(config), m_options(std::make_shared<options>())
    {
    }

    order_type order() const { return order_value; }
    order_type stepper_order() const { return stepper_order_value; }
    order_type error_order() const { return error_order_value; }
    const tiled::tiling& tiling() const { return m_local.tiling(); }
    const tiling_plan* plan() const { return m_local.plan(); }
    algebra_type& algebra() { return m_local.algebra(); }
    const algebra_type& algebra() const { return m_local.algebra(); }
    local_stepper_type& local_stepper() { return m_local; }

    /*! Fixed steps between halo exchanges (k >= 1, default 1): the halo is k times as
        deep and the rank computes that much more of its neighbours' edges, for one
        message per k steps. Adaptive steps exchange every try whatever k is. */
    void steps_per_exchange(std::size_t k)
    {
        if (k == 0) throw std::invalid_argument("tiled::distributed: steps_per_exchange must be at least 1");
        m_options->steps_per_exchange = k;
    }
    std::size_t steps_per_exchange() const { return m_options->steps_per_exchange; }
    //! Halo exchanges this stepper (and its copies) made: for tests and benchmarks.
    std::size_t exchanges() const { return m_options->exchanges; }

    /*! Whether the fixed step after which the halos are due (every
        steps_per_exchange()-th) posts the next exchange behind its end tiles,
        overlapped with its interior (default true; step 5 of the file comment). Off:
        the exchange runs before the step that needs it. */
    void overlap_exchange(bool on) { m_options->overlap = on; }
    bool overlap_exchange() const { return m_options->overlap; }
    //! Of exchanges(), those that overlapped a step.
    std::size_t overlapped_exchanges() const { return m_options->overlapped; }

    template <class StateType>
    void adjust_size(const StateType&) {}

    // ---- Stepper concept ----
    template <class System>
    void do_step(System system, dstate& x, time_type t, time_type dt)
    {
        step<false>(system, x, x, t, dt, nullptr);
    }
    template <class System, class DerivIn, class = std::enable_if_t<!std::is_convertible<DerivIn, time_type>::value>>
    void do_step(System system, dstate& x, const DerivIn&, time_type t, time_type dt)
    {
        step<false>(system, x, x, t, dt, nullptr);
    }
    template <class System>
    void do_step(System system, const dstate& in, time_type t, dstate& out, time_type dt)
    {
        step<false>(system, in, out, t, dt, nullptr);
    }
    template <class System, class DerivIn, class = std::enable_if_t<!std::is_convertible<DerivIn, time_type>::value>>
    void do_step(System system, const dstate& in, const DerivIn&, time_type t, dstate& out, time_type dt)
    {
        step<false>(system, in, out, t, dt, nullptr);
    }

    // ---- ErrorStepper concept ----
    template <class System, bool E = is_embedded, class = std::enable_if_t<E>>
    void do_step(System system, dstate& x, time_type t, time_type dt, dstate& xerr)
    {
        step<true>(system, x, x, t, dt, &xerr);
    }
    template <class System, bool E = is_embedded, class = std::enable_if_t<E>>
    void do_step(System system, const dstate& in, time_type t, dstate& out, time_type dt, dstate& xerr)
    {
        step<true>(system, in, out, t, dt, &xerr);
    }

    // ---- for controlled_explicit_rk ----

    /*! The step with its error norm over every rank's owned components (the maximum of
        the ranks' norms, so the same on every rank). Given or kept derivatives are not
        supported on distributed states. */
    template <class System, bool E = is_embedded, class = std::enable_if_t<E>>
    error_norm_block<Value> do_step_error_norm(System system, const dstate& in, time_type t, dstate& out, time_type dt,
                                               const error_norm_params<Value>& params,
                                               unsigned long long keep_derivatives = 0)
    {
        if (params.given_dxdt != nullptr || params.next_dxdt != nullptr || keep_derivatives != 0)
            throw std::invalid_argument("tiled::distributed: adaptive steps on a distributed state evaluate F_0 in the step: "
                                        "no given or reused derivative (reuse_last_derivative, try_step with dxdt), "
                                        "no kept stage derivatives (dense output)");
        error_norm_block<Value> r;
        step<true>(system, in, out, t, dt, nullptr, &params, &r);
        return r;
    }

    const Value* kept_derivative(std::size_t) const
    {
        throw std::logic_error("tiled::distributed: distributed states keep no stage derivatives (no dense output)");
    }

    //! to = from, layout included (the controlled stepper's copies of candidates).
    static void copy_state(const dstate& from, dstate& to) { to = from; }

private:
    struct options
    {
        std::size_t steps_per_exchange = 1;
        std::size_t exchanges = 0;
        bool overlap = true;
        std::size_t overlapped = 0;
    };

    //! How the system is cut: its halo (components), slab windows for grids, a ring.
    struct geometry
    {
        bool grid = false;
        bool ring = false;
        std::size_t halo = 0;
        std::size_t slab = 1;
    };

    template <class Sys>
    geometry geometry_for(const Sys& sys, const dstate& x, std::size_t steps) const
    {
        geometry g;
        const distributed::partition& parts = x.parts();
        if constexpr (tiled::is_grid_system<Sys>::value)
        {
            if (sys.size() != x.size())
                throw std::invalid_argument("tiled::distributed: the grid system has " + std::to_string(sys.size()) +
                                            " components, the distributed state " + std::to_string(x.size()));
            if (!distributed::grid_cuts_into_slabs(sys))
                throw std::invalid_argument("tiled::distributed: a grid system with planar fields is not split into "
                                            "contiguous slabs; use layout::interleaved (or one field)");
            g.slab = distributed::grid_slab_size(sys);
            if (parts.ranks() > 1 && parts.unit() % g.slab != 0)
                throw std::invalid_argument(
                    "tiled::distributed: a grid system's parts must be whole slabs of " + std::to_string(g.slab) +
                    " components (the cells of one index of the slowest dimension, all fields): make the partition "
                    "with unit grid_slab_size(sys), e.g. partition::even(n, ranks, grid_slab_size(sys))");
            const auto& s = sys.grid_shape();
            constexpr std::size_t last = Sys::dimensions - 1;
            const std::size_t extent = s.extent[last];
            const std::size_t radius = s.stencil_radius < extent - 1 ? s.stencil_radius : (extent > 1 ? extent - 1 : 1);
            g.grid = true;
            g.ring = parts.ranks() > 1 && s.bc[last] == grid::boundary::periodic();
            g.halo = steps * Tableau::stages * radius * g.slab;
        }
        else
        {
            std::size_t d = static_cast<std::size_t>(sys.access_distance());
            if constexpr (tiled::detail::has_cyclic_access_distance<Sys>::value)
            {
                // a periodic system: the ranks form a ring and the halo counts steps around it
                const std::size_t c = static_cast<std::size_t>(sys.cyclic_access_distance());
                if (parts.ranks() > 1 && 2 * c >= x.size())
                    throw std::invalid_argument(
                        "tiled::distributed: a periodic system of " + std::to_string(x.size()) +
                        " components whose cyclic_access_distance() is " + std::to_string(c) +
                        " reads half its ring or more; it cannot be split over ranks");
                g.ring = parts.ranks() > 1;
                d = c;
            }
            g.halo = steps * Tableau::stages * d;
            if (parts.unit() > 1) g.halo = (g.halo + parts.unit() - 1) / parts.unit() * parts.unit();
        }
        if (parts.ranks() == 1) g.halo = 0;
        return g;
    }

    //! f(system seen through x's window).
    template <class Sys, class F>
    static decltype(auto) with_window_system(const Sys& sys, const dstate& x, const geometry& g, F&& f)
    {
        const distributed::window_layout& w = x.layout();
        if (x.parts().ranks() == 1) return f(sys);
        if constexpr (tiled::is_grid_system<Sys>::value)
            return f(distributed::grid_window(sys, w.first / g.slab, w.size() / g.slab, g.ring));
        else if constexpr (tiled::detail::has_cyclic_access_distance<Sys>::value)
        {
            if (distributed::ring_window_system<Sys>::fits_32_bits(w.size(), x.size()))
                return f(distributed::ring_window_system<Sys>(sys, w.first, w.size(), x.size()));
            return f(distributed::ring_window_system<Sys, true>(sys, w.first, w.size(), x.size()));
        }
        else
            return f(distributed::window_system<Sys>(sys, w.first, w.size()));
    }

    /*! Host ranks that are processes of one machine share its last-level cache: an
        automatic() tiling is resolved for this process's share of it (the TBB tiles
        would otherwise be sized as if this process had the cache to itself). A tiling
        that names its own processes_sharing_cache is left as it is. */
    void share_cache_with(const distributed::communicator& comm)
    {
        const std::size_t p = comm.memory() == distributed::memory_kind::host ? comm.processes_on_node() : 1;
        if (p == m_processes_on_node) return;
        m_processes_on_node = p;
        if (m_config.kind() != tiled::tiling::scheme::automatic || m_config.processes_sharing_cache() != 1) return;
        tiled::tiling config = m_config;
        config.processes_sharing_cache(p);
        m_local = local_stepper_type(config, m_local.algebra());
    }

    void exchange(const dstate& x)
    {
        x.comm().exchange(x.exchange_request());
        ++m_options->exchanges;
    }

    [[noreturn]] static void fail_together(const distributed::communicator& comm, const std::exception_ptr& own)
    {
        if (own) std::rethrow_exception(own);
        comm.check_not_broken();
        throw distributed::rank_failure("tiled::distributed: a peer failed");
    }

    template <bool WithError, class System>
    void step(System& system, const dstate& in, dstate& out, time_type t, time_type dt, dstate* xerr,
              const error_norm_params<Value>* norm = nullptr, error_norm_block<Value>* result = nullptr)
    {
        if constexpr (backend_ok)
        {
            using sys_type = typename odeint::unwrap_reference<System>::type;
            const sys_type& sys = system;
            distributed::communicator& comm = in.comm();
            const bool adaptive = norm != nullptr;
            const std::size_t k = adaptive ? 1 : m_options->steps_per_exchange;
            geometry g;
            std::exception_ptr error;
            double want[1] = {0};
            tiled::detail::edge_signal_request signal;  // step 5 of the file comment
            try
            {
                detail::check_step_times(Tableau::name, t, dt);
                if (&out != &in && out.has_communicator() && out.comm_ptr() != in.comm_ptr())
                    throw std::invalid_argument("tiled::distributed: the input and output states have different communicators");
                share_cache_with(comm);
                g = geometry_for(sys, in, k);
                in.set_halo(g.halo, g.ring);
                if (&out != &in && !out.same_layout(in)) out.adopt_layout(in);
                if (xerr && !xerr->same_layout(in)) xerr->adopt_layout(in);
                want[0] = in.age() >= k ? 1.0 : 0.0;  // stale, or k steps since the exchange
            }
            catch (...)
            {
                error = std::current_exception();
            }
            if (!comm.agree(!error, want, 1)) fail_together(comm, error);

            // failure-free agreement: norm max, its two flags, whether a rank's step did
            // not signal its end tiles
            double values[4] = {0, 0, 0, 1};
            try
            {
                if (want[0] != 0)
                {
                    exchange(in);
                    in.set_age(0);
                }
                const std::size_t age = in.age();
                // the step after which the halos are due again: every rank decides
                // alike (their ages are the same, since they exchange together)
                const bool signalling =
                    !WithError && m_options->overlap && g.halo != 0 && age + 1 >= k && comm.overlaps_exchange();
                if (signalling)
                {
                    // the ends the next exchange moves: the halos it receives into, the
                    // owned ends it sends (the same layout as this step's)
                    const distributed::halo_exchange next = in.exchange_request();
                    comm.prepare_edge_signal(signal);
                    signal.leading = next.layout.left + next.send_left;
                    signal.trailing = next.layout.right + next.send_right;
                }
                std::optional<tiled::detail::edge_signal_scope> signal_scope;
                if (signalling) signal_scope.emplace(signal);
                with_window_system(sys, in, g, [&](const auto& wsys) {
                    Local& y = in.step_window();
                    if constexpr (WithError)
                    {
                        if (adaptive)
                        {
                            error_norm_params<Value> p = *norm;
                            p.norm_first = in.layout().left;
                            p.norm_last = in.layout().left + in.layout().owned;
                            const error_norm_block<Value> r = m_local.do_step_error_norm(wsys, y, t, out.step_window(), dt, p);
                            values[0] = static_cast<double>(r.max);
                            values[1] = r.non_finite ? 1.0 : 0.0;
                            values[2] = r.state_non_finite ? 1.0 : 0.0;
                        }
                        else if (&out == &in)
                            m_local.do_step(wsys, y, t, dt, xerr->step_window());
                        else
                            m_local.do_step(wsys, y, t, out.step_window(), dt, xerr->step_window());
                    }
                    else if (&out == &in)
                        m_local.do_step(wsys, y, t, dt);
                    else
                        m_local.do_step(wsys, y, t, out.step_window(), dt);
                });
                out.set_age(age + 1);
                if (xerr) xerr->set_age(dstate::stale);
                values[3] = signalling && signal.taken ? 0.0 : 1.0;
            }
            catch (...)
            {
                error = std::current_exception();
            }
            if (!comm.agree(!error, values, 4)) fail_together(comm, error);
            if (values[3] == 0)  // every rank's step signals: the next exchange overlaps it
            {
                comm.exchange_after_signal(out.exchange_request(), signal);
                ++m_options->exchanges;
                ++m_options->overlapped;
                out.set_age(0);
            }
            if (result)
            {
                result->max = static_cast<Value>(values[0]);
                result->non_finite = values[1] != 0;
                result->state_non_finite = values[2] != 0;
            }
        }
    }

    local_stepper_type m_local;
    tiled::tiling m_config;               //!< as constructed (m_local's may add the cache share)
    std::size_t m_processes_on_node = 1;  //!< the share m_local was made for
    std::shared_ptr<options> m_options;
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_DISTRIBUTED_STEPPER_HPP_INCLUDED
