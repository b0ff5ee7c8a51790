/*
 test/distributed/thread_team.cpp

 Distributed states and steppers on the host engine (thread_team: ranks are threads):
 partitions and window layouts; fixed steps of every method on 1 to 4 ranks, even and
 uneven splits, per-component, block-form and grid systems, periodic systems on a ring
 of ranks (grids periodic along their slowest dimension, and systems with a
 cyclic_access_distance()), one and several steps per exchange, bitwise equal to the
 same stepper on one std::vector;
 adaptive integrations taking the same steps; integrate_times and integrate_const with
 observers that gather; halos wider than a part refused; a rank
 that throws, inside a step or outside, makes every rank throw instead of hanging.
 Under sanitizers (BOOST_ODEINT_TILED_SANITIZED) the fixed-step checks on the chain
 take one method per kind of tableau (one stage, FSAL with an error estimate, thirteen
 stages) and one per grid system: each further pair instantiates the whole stepper
 twice more, and instrumented, that is most of this file's build time.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/distributed.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include "support/distributed_test_systems.hpp"
#include "support/grid_test_systems.hpp"

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
namespace dist = boost::numeric::odeint::tiled::distributed;
namespace grid = boost::numeric::odeint::tiled::grid;
namespace problems = boost::numeric::odeint::tiled::problems;

using state = std::vector<double>;
using dstate = dist::distributed_state<state>;

namespace {

//! y_ramp and box_reaction (support/grid_test_systems.hpp) on a 3D grid, interleaved,
//! periodic along z (the slowest: the ranks form a ring), reflecting along x, a boundary
//! function along y; the update reads its z coordinate and the boundary function its y
//! and z, so a window must report global coordinates.
struct y_ramp
{
    template <class Coord, class Time>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t f, const Coord& g, Time t) const
    {
        return 1.0 + 0.1 * double(f) + 0.01 * double(g[1]) + 0.02 * double(g[2]) + 0.5 * t;
    }
};
inline auto ring_grid_3d(std::size_t nx, std::size_t ny, std::size_t nz)
{
    auto s = grid::extents(nx, ny, nz).box();
    s.boundary(0, grid::boundary::reflecting()).boundary(1, grid::boundary::function()).boundary(2, grid::boundary::periodic());
    return grid::make_system<3>(s, boost_odeint_tiled_test::box_reaction{}, y_ramp{});
}

//! A 2D grid with a Dirichlet boundary along its slowest dimension, one field, radius 2.
struct wide_diffusion
{
    template <class Cell, class Out, class Time>
    BOOST_ODEINT_TILED_HD void operator()(const Cell& c, Out& out, Time) const
    {
        out[0] = 0.1 * (c(0, -2, 0) + c(0, 2, 0) + c(0, 0, -2) + c(0, 0, 2) + c(0, -1, 0) + c(0, 1, 0) + c(0, 0, -1) +
                        c(0, 0, 1) - 8.0 * c(0)) +
                 0.2 * (c(0, 0, 1) - c(0, 0, -1)) * double(c.coord(1) % 3);
    }
};
inline auto dirichlet_grid(std::size_t nx, std::size_t ny)
{
    auto s = grid::extents(nx, ny).radius(2).boundary(grid::boundary::constant());
    return grid::make_system<1>(s, wide_diffusion{}, std::array<double, 1>{0.75});
}

//! A periodic stencil of radius 4 around the ring, time-dependent, in both forms (the
//! block form reads by pointer where its reads do not wrap around the state's ends).
struct ring_stencil
{
    std::size_t n;
    std::size_t size() const { return n; }
    std::size_t access_distance() const { return n - 1; }
    std::size_t cyclic_access_distance() const { return 4; }
    template <class Y, class Time>
    double operator()(std::size_t j, const Y& y, Time t) const
    {
        double s = -0.3 * y[j] * (1.0 + 0.1 * t);
        for (std::size_t k = 1; k <= 4; ++k)
        {
            const double right = y[j + k < n ? j + k : j + k - n], left = y[j >= k ? j - k : j + n - k];
            s += (0.05 / double(k)) * (right - left) + 0.02 * left;
        }
        return s;
    }
    template <class Y, class Time>
    void evaluate_range(std::size_t first, std::size_t last, const Y& y, double* dydt, Time t) const
    {
        for (std::size_t j = first; j < last; ++j)
        {
            if (j < 4 || j + 4 >= n)
            {
                dydt[j - first] = (*this)(j, y, t);
                continue;
            }
            const double* p = &y[j];
            double s = -0.3 * p[0] * (1.0 + 0.1 * t);
            for (std::ptrdiff_t k = 1; k <= 4; ++k) s += (0.05 / double(k)) * (p[k] - p[-k]) + 0.02 * p[-k];
            dydt[j - first] = s;
        }
    }
};

//! A periodic system without its block form: one component per call.
template <class System>
struct components_only
{
    System sys;
    std::size_t size() const { return sys.size(); }
    std::size_t access_distance() const { return sys.access_distance(); }
    std::size_t cyclic_access_distance() const { return sys.cyclic_access_distance(); }
    template <class Y, class Time>
    double operator()(std::size_t j, const Y& y, Time t) const { return sys(j, y, t); }
};

//! Runs fn(comm) on `ranks` thread ranks; returns the gathered results of rank 0.
template <class Fn>
void on_ranks(std::size_t ranks, Fn fn)
{
    dist::thread_team::run(ranks, [&](std::shared_ptr<dist::communicator> comm) { fn(comm); });
}

/*! n_steps fixed steps of Stepper on one std::vector and on `ranks` ranks with the
    given part sizes, k steps per exchange: every rank's owned components must be
    bitwise the one-device values. */
template <template <class...> class Stepper, class Sys>
void check_fixed_steps(const Sys& sys, std::size_t unit, std::size_t ranks, const std::vector<std::size_t>& sizes,
                       std::size_t k, double dt, std::size_t n_steps)
{
    const state x0 = boost_odeint_tiled_test::wavy_initial(sys);
    state reference = x0;
    odeint::integrate_n_steps(Stepper<state>(), sys, reference, 0.0, dt, n_steps);
    const auto parts = dist::partition::from_sizes(sizes, unit);
    std::vector<state> results(ranks);
    std::vector<std::size_t> exchanges(ranks), overlapped(ranks);
    const bool fits = boost_odeint_tiled_test::halo_fits(sys, parts, k * Stepper<state>::tableau_type::stages);
    if (!fits)
    {
        BOOST_CHECK_THROW(on_ranks(ranks,
                                   [&](std::shared_ptr<dist::communicator> comm) {
                                       dstate x(comm, parts);
                                       x.assign_global(x0);
                                       Stepper<dstate> stepper;
                                       stepper.steps_per_exchange(k);
                                       odeint::integrate_n_steps(stepper, sys, x, 0.0, dt, n_steps);
                                   }),
                          std::invalid_argument);
        return;
    }
    on_ranks(ranks, [&](std::shared_ptr<dist::communicator> comm) {
        dstate x(comm, parts);
        x.assign_global(x0);
        Stepper<dstate> stepper;
        stepper.steps_per_exchange(k);
        odeint::integrate_n_steps(stepper, sys, x, 0.0, dt, n_steps);
        results[comm->rank()] = x.gather(0);
        exchanges[comm->rank()] = stepper.exchanges();
        overlapped[comm->rank()] = stepper.overlapped_exchanges();
    });
    BOOST_REQUIRE_EQUAL(results[0].size(), reference.size());
    std::size_t differ = 0;
    for (std::size_t j = 0; j < reference.size(); ++j)
        if (std::memcmp(&results[0][j], &reference[j], sizeof(double)) != 0) ++differ;
    BOOST_TEST(differ == 0u, differ << " of " << reference.size() << " components differ");
    if (ranks > 1)
        BOOST_TEST(exchanges[0] == (n_steps + k - 1) / k);  // once per k steps, the first before step 1
    // host ranks run each exchange before the step that needs it (overlap_exchange's
    // default is on, but only device engines overlap)
    BOOST_TEST(overlapped[0] == 0u);
}

template <template <class...> class Stepper, class Sys>
void check_on_ranks(const char* name, const Sys& sys, std::size_t unit, double dt, std::size_t n_steps = 7)
{
    const std::size_t units = sys.size() / unit;
    for (std::size_t ranks = 1; ranks <= 4; ++ranks)
        for (const auto& sizes : boost_odeint_tiled_test::even_and_uneven_splits(units, ranks, unit))
            for (std::size_t k : {std::size_t(1), std::size_t(3)})
                BOOST_TEST_CONTEXT(name << ", " << ranks << " ranks, parts " << sizes.front() << ".." << sizes.back()
                                        << ", " << k << " steps per exchange")
                {
                    check_fixed_steps<Stepper>(sys, unit, ranks, sizes, k, dt, n_steps);
                }
}

} // namespace

BOOST_AUTO_TEST_CASE(partitions_split_evenly_in_whole_units_and_refuse_what_cannot_be_split)
{
    const auto p = dist::partition::even(103, 4);
    BOOST_TEST(p.ranks() == 4u);
    BOOST_TEST(p.count(0) == 26u);
    BOOST_TEST(p.count(3) == 25u);
    BOOST_TEST(p.last(3) == 103u);
    BOOST_TEST(p.owner(0) == 0u);
    BOOST_TEST(p.owner(25) == 0u);
    BOOST_TEST(p.owner(26) == 1u);
    BOOST_TEST(p.owner(102) == 3u);
    const auto slabs = dist::partition::even(10 * 6, 3, 6);
    BOOST_TEST(slabs.count(0) == 24u);
    BOOST_TEST(slabs.count(2) == 18u);
    BOOST_CHECK_THROW(dist::partition::even(61, 3, 6), std::invalid_argument);
    BOOST_CHECK_THROW(dist::partition::even(12, 3, 6), std::invalid_argument);
    BOOST_CHECK_THROW(dist::partition::from_sizes({4, 0, 4}), std::invalid_argument);
    BOOST_CHECK_THROW(dist::partition::from_sizes({6, 5}, 3), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(windows_hold_halos_clipped_at_the_ends_and_wrapped_on_a_ring)
{
    const auto p = dist::partition::from_sizes({10, 20, 30});
    auto w = dist::make_window_layout(p, 0, 4, false);
    BOOST_TEST(w.left == 0u);
    BOOST_TEST(w.right == 4u);
    BOOST_TEST(w.first == 0u);
    BOOST_TEST(w.left_peer == dist::no_rank);
    w = dist::make_window_layout(p, 1, 12, false);  // needs all of rank 0 (10 components): clipped, fine
    BOOST_TEST(w.left == 10u);
    BOOST_TEST(w.right == 12u);
    BOOST_TEST(w.first == 0u);
    w = dist::make_window_layout(p, 0, 4, true);
    BOOST_TEST(w.left == 4u);
    BOOST_TEST(w.left_peer == 2u);
    BOOST_TEST(w.first == 56u);
    BOOST_CHECK_THROW(dist::make_window_layout(p, 2, 21, false), std::invalid_argument);
    BOOST_CHECK_THROW(dist::make_window_layout(p, 0, 21, true), std::invalid_argument);  // rank 1 owns 20
    const auto one = dist::make_window_layout(dist::partition::even(50, 1), 0, 9, true);
    BOOST_TEST(one.size() == 50u);
}

BOOST_AUTO_TEST_CASE(fixed_steps_of_every_method_equal_one_device_bitwise_on_a_chain)
{
    const problems::heat1d heat(997, 0.3);
    const double dt = 0.05;
    check_on_ranks<tiled::euler>("euler", heat, 1, dt);
    check_on_ranks<tiled::runge_kutta_dopri5>("dopri5", heat, 1, dt);
    check_on_ranks<tiled::runge_kutta_fehlberg78>("fehlberg78", heat, 1, dt);
#if !defined(BOOST_ODEINT_TILED_SANITIZED)
    // the other tableaux through the same code (one stage, FSAL with an error estimate
    // and thirteen stages are covered above)
    check_on_ranks<tiled::runge_kutta4>("rk4", heat, 1, dt);
    check_on_ranks<tiled::runge_kutta_bogacki_shampine32>("bs32", heat, 1, dt);
    check_on_ranks<tiled::runge_kutta38>("rk38", heat, 1, dt);
    check_on_ranks<tiled::runge_kutta_heun_euler21>("heun_euler21", heat, 1, dt);
    check_on_ranks<tiled::runge_kutta_cash_karp54>("ck54", heat, 1, dt);
    check_on_ranks<tiled::runge_kutta_verner56>("verner56", heat, 1, dt);
#endif
}

BOOST_AUTO_TEST_CASE(fixed_steps_equal_one_device_for_wide_stencils_block_forms_and_odd_distances)
{
    check_on_ranks<tiled::runge_kutta4>("phase_chain", problems::phase_chain(1201), 1, 0.02);
    check_on_ranks<tiled::runge_kutta_dopri5>("wide_stencil d=7", problems::wide_stencil(2003, 7, 0.05), 1, 0.02);
    // the hand-vectorised BRUSS2D (block form evaluate_range), partitions in single components
    const auto bruss = problems::bruss2d::with_size(2 * 24 * 40, 48);
    check_on_ranks<tiled::runge_kutta4>("bruss2d", bruss, 1, bruss.suggested_dt());
}

BOOST_AUTO_TEST_CASE(grid_systems_step_in_slab_windows_with_global_coordinates)
{
    const problems::grid_bruss2d bruss(24, 37);
    check_on_ranks<tiled::runge_kutta4>("grid_bruss2d", bruss, dist::grid_slab_size(bruss), bruss.suggested_dt());
    const problems::grid_heat1d heat(1003, 0.3);
    check_on_ranks<tiled::runge_kutta_verner56>("grid_heat1d", heat, 1, 0.05);
    const auto wide = dirichlet_grid(9, 61);
    check_on_ranks<tiled::runge_kutta4>("dirichlet radius 2", wide, dist::grid_slab_size(wide), 0.02);
    const auto ring = ring_grid_3d(5, 4, 43);  // periodic along z: rank 0 and the last rank are neighbours
    check_on_ranks<tiled::runge_kutta4>("ring", ring, dist::grid_slab_size(ring), 0.01);
#if !defined(BOOST_ODEINT_TILED_SANITIZED)
    check_on_ranks<tiled::runge_kutta_dopri5>("grid_bruss2d dopri5", bruss, dist::grid_slab_size(bruss),
                                              bruss.suggested_dt());
    check_on_ranks<tiled::runge_kutta_cash_karp54>("ring ck54", ring, dist::grid_slab_size(ring), 0.01);
#endif
}

// Periodic systems (cyclic_access_distance()) that are not grids: the ranks form a ring,
// rank 0's window starting with the last rank's components, and the halo counts c.
BOOST_AUTO_TEST_CASE(periodic_systems_step_on_a_ring_of_ranks)
{
    const problems::lorenz96 lorenz(1003);
    check_on_ranks<tiled::runge_kutta4>("lorenz96 (block form)", lorenz, 1, lorenz.suggested_dt());
    check_on_ranks<tiled::runge_kutta4>("lorenz96 per component", components_only<problems::lorenz96>{lorenz}, 1,
                                        lorenz.suggested_dt());
    check_on_ranks<tiled::runge_kutta_dopri5>("ring stencil c = 4", ring_stencil{997}, 1, 0.02);
    check_on_ranks<tiled::runge_kutta4>("ring stencil c = 4 per component", components_only<ring_stencil>{ring_stencil{997}},
                                        1, 0.02);
    // rings so short that two ranks' windows are longer than the ring (each holds some
    // components twice), and one whose c is half the ring (refused on more than one rank)
    check_on_ranks<tiled::runge_kutta4>("lorenz96 n = 24", problems::lorenz96(24), 1, 0.01);
    check_on_ranks<tiled::euler>("ring stencil n = 20", ring_stencil{20}, 1, 0.01);
    check_on_ranks<tiled::euler>("ring stencil n = 8, c = n / 2", ring_stencil{8}, 1, 0.01);
#if !defined(BOOST_ODEINT_TILED_SANITIZED)
    check_on_ranks<tiled::runge_kutta_fehlberg78>("lorenz96 fehlberg78", lorenz, 1, lorenz.suggested_dt());
#endif
}

/*! A periodic system's windows (ring_window_system) stepped alone, in the 32-bit index
    arithmetic and in the 64-bit one (forced; it serves rings of 2^31 components and
    more): with the halo of k steps a window's owned components after k steps are the
    whole ring's, bitwise, in both. Rank 0's window starts across the state's ends; on
    the short rings two ranks' windows are longer than the ring. */
template <class Sys>
void check_windows_in_both_index_widths(const char* name, const Sys& sys, double dt, std::size_t k)
{
    std::size_t windows = 0;
    const std::size_t n = sys.size(), stages = tiled::runge_kutta4<state>::tableau_type::stages;
    const state x0 = boost_odeint_tiled_test::wavy_initial(sys);
    state reference = x0;
    odeint::integrate_n_steps(tiled::runge_kutta4<state>(), sys, reference, 0.0, dt, k);
    for (std::size_t ranks : {2u, 3u})
        for (const auto& sizes : boost_odeint_tiled_test::even_and_uneven_splits(n, ranks, 1))
        {
            const auto parts = dist::partition::from_sizes(sizes, 1);
            const std::size_t halo = k * stages * static_cast<std::size_t>(sys.cyclic_access_distance());
            if (!boost_odeint_tiled_test::halo_fits(sys, parts, k * stages)) continue;
            for (std::size_t r = 0; r < ranks; ++r)
            {
                const dist::window_layout w = dist::make_window_layout(parts, r, halo, true);
                std::vector<state> owned;
                const auto step_owned = [&](const auto& window) {
                    state local(w.size());
                    for (std::size_t p = 0; p < w.size(); ++p) local[p] = x0[(w.first + p) % n];
                    odeint::integrate_n_steps(tiled::runge_kutta4<state>(), window, local, 0.0, dt, k);
                    owned.emplace_back(local.begin() + w.left, local.begin() + w.left + w.owned);
                };
                step_owned(dist::ring_window_system<Sys>(sys, w.first, w.size(), n));
                step_owned(dist::ring_window_system<Sys, true>(sys, w.first, w.size(), n));
                const state expected(reference.begin() + parts.first(r), reference.begin() + parts.last(r));
                ++windows;
                BOOST_TEST_CONTEXT(name << ", rank " << r << " of " << ranks << ", part " << sizes[r])
                {
                    BOOST_TEST((std::memcmp(owned[0].data(), expected.data(), expected.size() * sizeof(double)) == 0),
                               "32-bit window against the ring");
                    BOOST_TEST((std::memcmp(owned[1].data(), expected.data(), expected.size() * sizeof(double)) == 0),
                               "64-bit window against the ring");
                }
            }
        }
    BOOST_TEST(windows >= 2u, name << ": " << windows << " windows checked");
}

BOOST_AUTO_TEST_CASE(periodic_windows_step_as_the_ring_in_32_and_64_bit_index_arithmetic)
{
    const problems::lorenz96 lorenz(1003);
    check_windows_in_both_index_widths("lorenz96 per component", components_only<problems::lorenz96>{lorenz},
                                       lorenz.suggested_dt(), 2);
    check_windows_in_both_index_widths("ring stencil c = 4 per component", components_only<ring_stencil>{ring_stencil{997}},
                                       0.02, 2);
    check_windows_in_both_index_widths("lorenz96 n = 24", components_only<problems::lorenz96>{problems::lorenz96(24)},
                                       0.01, 1);
    check_windows_in_both_index_widths("ring stencil n = 40", components_only<ring_stencil>{ring_stencil{40}}, 0.01, 1);
    // a window on a ring of 2^32 components needs the 64-bit arithmetic
    const problems::lorenz96 long_ring(std::size_t(1) << 32);
    using narrow_window = dist::ring_window_system<problems::lorenz96>;
    using wide_window = dist::ring_window_system<problems::lorenz96, true>;
    BOOST_CHECK_THROW(narrow_window(long_ring, 0, 100, long_ring.size()), std::invalid_argument);
    BOOST_CHECK_NO_THROW(wide_window(long_ring, 0, 100, long_ring.size()));
    BOOST_TEST(!narrow_window::fits_32_bits(100, long_ring.size()));
    BOOST_TEST(narrow_window::fits_32_bits(100, lorenz.size()));
}

BOOST_AUTO_TEST_CASE(a_periodic_system_whose_reach_is_half_its_ring_is_not_split)
{
    const ring_stencil sys{8};  // c = 4
    std::string what;
    try
    {
        on_ranks(2, [&](std::shared_ptr<dist::communicator> comm) {
            dstate x(comm, dist::partition::even(sys.size(), 2));
            x.assign_global(boost_odeint_tiled_test::wavy_initial(sys));
            tiled::euler<dstate> euler;
            euler.do_step(sys, x, 0.0, 0.01);
        });
    }
    catch (const std::invalid_argument& e)
    {
        what = e.what();
    }
    BOOST_TEST(what.find("cyclic_access_distance() is 4") != std::string::npos, what);
}

BOOST_AUTO_TEST_CASE(a_grid_partition_must_be_in_whole_slabs)
{
    const problems::grid_bruss2d bruss(8, 10);
    BOOST_CHECK_THROW(on_ranks(2,
                               [&](std::shared_ptr<dist::communicator> comm) {
                                   dstate x(comm, dist::partition::even(bruss.size(), 2, 2));
                                   x.assign_global(boost_odeint_tiled_test::wavy_initial(bruss));
                                   tiled::runge_kutta4<dstate> rk4;
                                   rk4.do_step(bruss, x, 0.0, 0.01);
                               }),
                      std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(adaptive_integrations_take_the_same_steps_as_one_device)
{
    const problems::grid_bruss2d bruss(16, 29);
    const problems::heat1d heat(701, 0.4);
    auto run = [](const char* name, const auto& sys, std::size_t unit, double t_end) {
        const state x0 = boost_odeint_tiled_test::wavy_initial(sys);
        state reference = x0;
        std::vector<double> times_ref;
        auto ctl = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<state>());
        odeint::integrate_adaptive(ctl, sys, reference, 0.0, t_end, t_end,
                                   [&](const state&, double t) { times_ref.push_back(t); });
        for (std::size_t ranks = 2; ranks <= 4; ++ranks)
            BOOST_TEST_CONTEXT(name << ", " << ranks << " ranks")
            {
                const auto parts = dist::partition::even(sys.size(), ranks, unit);
                std::vector<double> times;
                state result;
                on_ranks(ranks, [&](std::shared_ptr<dist::communicator> comm) {
                    dstate x(comm, parts);
                    x.assign_global(x0);
                    std::vector<double> my_times;
                    auto c = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<dstate>());
                    odeint::integrate_adaptive(c, sys, x, 0.0, t_end, t_end,
                                               [&](const dstate&, double t) { my_times.push_back(t); });
                    state all = x.gather(0);
                    if (comm->rank() == 0)
                    {
                        times = my_times;
                        result = all;
                    }
                });
                BOOST_TEST(times == times_ref, boost::test_tools::per_element());
                BOOST_REQUIRE_EQUAL(result.size(), reference.size());
                BOOST_TEST(std::memcmp(result.data(), reference.data(), reference.size() * sizeof(double)) == 0);
            }
    };
    run("grid_bruss2d", bruss, dist::grid_slab_size(bruss), 0.05);
    run("heat1d", heat, 1, 0.5);
    run("lorenz96", problems::lorenz96(1201), 1, 0.2);
}

BOOST_AUTO_TEST_CASE(a_halo_wider_than_a_neighbours_part_is_refused_on_every_rank)
{
    const problems::heat1d heat(40, 0.3);
    std::atomic<int> failures{0};
    BOOST_CHECK_THROW(on_ranks(4,
                               [&](std::shared_ptr<dist::communicator> comm) {
                                   // rank 1 owns 2 components; RK4's halo is 4 * 1 = 4
                                   dstate x(comm, dist::partition::from_sizes({10, 2, 14, 14}));
                                   x.assign_global(boost_odeint_tiled_test::wavy_initial(heat));
                                   tiled::runge_kutta4<dstate> rk4;
                                   try
                                   {
                                       rk4.do_step(heat, x, 0.0, 0.01);
                                   }
                                   catch (...)
                                   {
                                       ++failures;
                                       throw;
                                   }
                               }),
                      std::invalid_argument);
    BOOST_TEST(failures.load() == 4);
}

namespace {

//! heat1d whose evaluation throws on one rank's components from a given time on.
struct failing_heat
{
    problems::heat1d heat;
    std::size_t bad_first, bad_last;
    double from_time;
    std::size_t access_distance() const { return heat.access_distance(); }
    template <class Y>
    double operator()(std::size_t j, const Y& y, double t) const
    {
        if (t >= from_time && j >= bad_first && j < bad_last) throw std::runtime_error("the right-hand side failed");
        return heat(j, y, t);
    }
};

} // namespace

BOOST_AUTO_TEST_CASE(a_rank_that_throws_in_a_step_makes_every_rank_throw)
{
    const failing_heat sys{problems::heat1d(400, 0.3), 250, 260, 0.1};
    std::vector<std::string> what(3);
    try
    {
        on_ranks(3, [&](std::shared_ptr<dist::communicator> comm) {
            dstate x(comm, dist::partition::even(400, 3));
            x.assign_global(boost_odeint_tiled_test::wavy_initial(sys.heat));
            try
            {
                odeint::integrate_n_steps(tiled::runge_kutta4<dstate>(), sys, x, 0.0, 0.02, 50);
            }
            catch (const std::exception& e)
            {
                what[comm->rank()] = e.what();
                throw;
            }
        });
        BOOST_FAIL("no rank threw");
    }
    catch (const std::runtime_error& e)
    {
        BOOST_TEST(std::string(e.what()) == "the right-hand side failed");  // the cause, from rank 1
    }
    BOOST_TEST(what[1] == "the right-hand side failed");
    BOOST_TEST(what[0].find("rank 1 failed") != std::string::npos, what[0]);
    BOOST_TEST(what[2].find("rank 1 failed") != std::string::npos, what[2]);
}

BOOST_AUTO_TEST_CASE(a_rank_that_leaves_between_steps_makes_the_others_throw)
{
    const problems::heat1d heat(300, 0.3);
    std::vector<std::string> what(3);
    BOOST_CHECK_THROW(on_ranks(3,
                               [&](std::shared_ptr<dist::communicator> comm) {
                                   dstate x(comm, dist::partition::even(300, 3));
                                   x.assign_global(boost_odeint_tiled_test::wavy_initial(heat));
                                   try
                                   {
                                       odeint::integrate_n_steps(tiled::runge_kutta4<dstate>(), heat, x, 0.0, 0.02, 40,
                                                                 [&](const dstate&, double t) {
                                                                     if (comm->rank() == 2 && t > 0.3)
                                                                         throw std::logic_error("observer failed");
                                                                 });
                                   }
                                   catch (const std::exception& e)
                                   {
                                       what[comm->rank()] = e.what();
                                       throw;
                                   }
                               }),
                      std::logic_error);
    BOOST_TEST(what[2] == "observer failed");
    BOOST_TEST(what[0].find("rank 2 failed") != std::string::npos, what[0]);
    BOOST_TEST(what[1].find("rank 2 failed") != std::string::npos, what[1]);
}

BOOST_AUTO_TEST_CASE(writing_a_rank_between_steps_refreshes_every_halo)
{
    const problems::heat1d heat(120, 0.3);
    const state x0 = boost_odeint_tiled_test::wavy_initial(heat);
    state reference = x0;
    tiled::runge_kutta4<state> rk4;
    rk4.do_step(heat, reference, 0.0, 0.01);
    reference[40] += 1.0;  // rank 1's first component, in rank 0's right halo
    rk4.do_step(heat, reference, 0.01, 0.01);
    std::vector<state> results(3);
    std::vector<std::size_t> exchanges(3);
    on_ranks(3, [&](std::shared_ptr<dist::communicator> comm) {
        dstate x(comm, dist::partition::even(120, 3));
        x.assign_global(x0);
        tiled::runge_kutta4<dstate> s;
        s.steps_per_exchange(4);
        s.do_step(heat, x, 0.0, 0.01);
        if (comm->rank() == 1) x.owned_data()[0] += 1.0;
        s.do_step(heat, x, 0.01, 0.01);
        results[comm->rank()] = x.gather(0);
        exchanges[comm->rank()] = s.exchanges();
    });
    for (std::size_t e : exchanges) BOOST_TEST(e == 2u);  // the write made every rank exchange again
    BOOST_TEST(std::memcmp(results[0].data(), reference.data(), reference.size() * sizeof(double)) == 0);
}

BOOST_AUTO_TEST_CASE(integrate_times_and_const_observe_what_one_device_observes)
{
    const problems::grid_bruss2d bruss(12, 40);
    const state x0 = boost_odeint_tiled_test::wavy_initial(bruss);
    const std::vector<double> times{0.0, 0.004, 0.011, 0.02, 0.035};
    const double dt = 0.001;
    // one device: fixed steps with integrate_times, adaptive steps with integrate_const
    std::vector<state> fixed_ref, adaptive_ref;
    {
        state x = x0;
        odeint::integrate_times(tiled::runge_kutta4<state>(), bruss, x, times.begin(), times.end(), dt,
                                [&](const state& s, double) { fixed_ref.push_back(s); });
        x = x0;
        odeint::integrate_const(odeint::make_controlled(1e-9, 1e-9, tiled::runge_kutta_cash_karp54<state>()), bruss, x,
                                0.0, 0.03, 0.005, [&](const state& s, double) { adaptive_ref.push_back(s); });
    }
    for (std::size_t ranks : {2u, 3u})
        BOOST_TEST_CONTEXT(ranks << " ranks")
        {
            std::vector<state> fixed, adaptive;
            on_ranks(ranks, [&](std::shared_ptr<dist::communicator> comm) {
                dstate x(comm, dist::partition::even(bruss.size(), ranks, dist::grid_slab_size(bruss)));
                x.assign_global(x0);
                std::vector<state> f, a;
                odeint::integrate_times(tiled::runge_kutta4<dstate>(), bruss, x, times.begin(), times.end(), dt,
                                        [&](const dstate& s, double) { f.push_back(s.gather(0)); });
                x.assign_global(x0);
                odeint::integrate_const(odeint::make_controlled(1e-9, 1e-9, tiled::runge_kutta_cash_karp54<dstate>()),
                                        bruss, x, 0.0, 0.03, 0.005,
                                        [&](const dstate& s, double) { a.push_back(s.gather(0)); });
                if (comm->rank() == 0)
                {
                    fixed = f;
                    adaptive = a;
                }
            });
            BOOST_REQUIRE_EQUAL(fixed.size(), fixed_ref.size());
            for (std::size_t i = 0; i < fixed.size(); ++i) BOOST_TEST(fixed[i] == fixed_ref[i], boost::test_tools::per_element());
            BOOST_REQUIRE_EQUAL(adaptive.size(), adaptive_ref.size());
            for (std::size_t i = 0; i < adaptive.size(); ++i)
                BOOST_TEST(adaptive[i] == adaptive_ref[i], boost::test_tools::per_element());
        }
}
