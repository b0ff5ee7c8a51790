/*
 test/steppers/periodic_systems.cpp

 Periodic systems, whose reads wrap around the state's ends, tiled around their ring
 (cyclic_access_distance(), ring plans of core/tiling_plan.hpp) on the TBB backend:
 - the periodic Lorenz-96 (cyclic distance 2, access distance n - 1) steps to the
   bits of odeint's steppers with every tiling (trapezoids near their narrowest,
   hexagons and overlapped tiles run as trapezoids, teams of threads, small blocks,
   none), on rings from 1 to 4099 components, and its plans are ring plans of the
   cyclic distance wherever a trapezoid fits;
 - a ring with a range form gives the bits of its per-component form;
 - the controlled and dense-output DOPRI5 take odeint's decisions on the ring;
 - periodic grids (tiled::grid, 1D to 3D, interleaved fields, box stencils) agree
   with odeint to 1e-12 relative and tile with the distance of the grid without the
   last dimension's wrap; planar fields, whose wrap stays inside a plane, and systems
   whose cyclic distance is not the smaller keep the plan along the line.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/grid.hpp>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <random>
#include <string>
#include <vector>

#include "support/sanitized.hpp"

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
namespace grid = boost::numeric::odeint::tiled::grid;

namespace {

using state = std::vector<double>;

//! The textbook Lorenz-96: dx_i/dt = (x_{i+1} - x_{i-2}) x_{i-1} - x_i + F, periodic.
struct lorenz96_ring
{
    std::size_t n;
    double forcing;

    std::size_t access_distance() const { return n > 0 ? n - 1 : 0; }
    std::size_t cyclic_access_distance() const { return 2; }

    template <class Y>
    double operator()(std::size_t i, const Y& x, double) const
    {
        const double xm2 = x[(i + 2 * n - 2) % n], xm1 = x[(i + n - 1) % n], xp1 = x[(i + 1) % n];
        return (xp1 - xm2) * xm1 - x[i] + forcing;
    }
};

//! Diffusion over 2r + 1 neighbours around a ring, with an advection term, in both forms.
struct ring_diffusion
{
    std::size_t n;
    std::size_t r;

    std::size_t access_distance() const { return n - 1; }
    std::size_t cyclic_access_distance() const { return r; }

    template <class Y>
    double operator()(std::size_t j, const Y& y, double t) const
    {
        double s = 0.0;
        for (std::size_t k = 1; k <= r; ++k)
            s += double(k) * (y[(j + k) % n] - 2.0 * y[j] + y[(j + n * r - k) % n]) + 0.25 * y[(j + k) % n];
        return 0.01 * s - 0.1 * t * y[j];
    }
    template <class Y>
    void evaluate_range(std::size_t first, std::size_t last, const Y& y, double* dydt, double t) const
    {
        for (std::size_t j = first; j < last; ++j) dydt[j - first] = (*this)(j, y, t);
    }
};

//! ring_diffusion without its range form.
struct ring_diffusion_components
{
    ring_diffusion inner;
    std::size_t access_distance() const { return inner.access_distance(); }
    std::size_t cyclic_access_distance() const { return inner.cyclic_access_distance(); }
    template <class Y>
    double operator()(std::size_t j, const Y& y, double t) const { return inner(j, y, t); }
};

//! A chain with fixed ends that also declares a cyclic distance, larger than its d.
struct chain_with_larger_cyclic_distance
{
    std::size_t n;
    std::size_t access_distance() const { return 1; }
    std::size_t cyclic_access_distance() const { return 5; }
    template <class Y>
    double operator()(std::size_t j, const Y& y, double) const
    {
        const double left = j > 0 ? y[j - 1] : 0.0, right = j + 1 < n ? y[j + 1] : 0.0;
        return left - 2.0 * y[j] + right;
    }
};

state lorenz_state(std::size_t n)
{
    state x(n, 8.0);
    for (std::size_t i = 0; i < n; ++i) x[i] += 0.01 * double((i * 7919) % 23) - 0.1;
    return x;
}

state random_state(std::size_t n, std::mt19937& gen)
{
    std::uniform_real_distribution<double> u(0.5, 1.5);
    state x(n);
    for (double& v : x) v = u(gen);
    return x;
}

double max_rel_diff(const state& a, const state& b)
{
    BOOST_REQUIRE_EQUAL(a.size(), b.size());
    double m = 0.0;
    for (std::size_t j = 0; j < a.size(); ++j) m = std::max(m, std::abs(a[j] - b[j]) / std::max(std::abs(b[j]), 1e-300));
    return m;
}

//! Tilings around the narrowest a trapezoid of the ring's distance c may be, and others.
std::vector<tiled::tiling> ring_tilings(std::size_t c)
{
    const std::size_t narrowest4 = 7 * std::max<std::size_t>(c, 1), narrowest2 = 3 * std::max<std::size_t>(c, 1);
    return {tiled::tiling::automatic(),
            tiled::tiling::none(),
            tiled::tiling::trapezoidal(narrowest4, 4),
            tiled::tiling::trapezoidal(narrowest4 + 13, 4).block_size(16),
            tiled::tiling::trapezoidal(narrowest2, 2),
            tiled::tiling::trapezoidal(5 * narrowest2 + 1, 3),
            tiled::tiling::trapezoidal(narrowest4 + 40, 4).threads_per_tile(2),
            tiled::tiling::trapezoidal(narrowest2 + 9, 1).threads_per_tile(3),
            tiled::tiling::hexagonal(narrowest4 + 3, 4),
            tiled::tiling::overlapped(4 * narrowest4 + 5, 2)};
}

//! Steps `steps` steps of dt from x0 with a tiled stepper and with odeint's; returns
//! the two results.
template <class Tiled, class Odeint, class System>
std::pair<state, state> step_both(const System& sys, const state& x0, const tiled::tiling& tiling, int steps, double dt,
                                  Tiled* keep = nullptr)
{
    Tiled tiled_stepper(tiling);
    Odeint odeint_stepper;
    state a = x0, b = x0;
    double t = 0.0;
    for (int i = 0; i < steps; ++i, t += dt)
    {
        tiled_stepper.do_step(sys, a, t, dt);
        odeint_stepper.do_step(tiled::as_odeint_system(sys), b, t, dt);
    }
    if (keep) *keep = tiled_stepper;
    return {a, b};
}

//! The plan of a stepper that has stepped sys: around the ring with the cyclic distance
//! where a trapezoid of it fits, along the line (d = access_distance()) never.
template <class Stepper, class System>
void expect_ring_plan(const Stepper& s, const System& sys)
{
    BOOST_REQUIRE(s.plan() != nullptr);
    BOOST_TEST((s.plan()->topology == tiled::access_topology::ring));
    BOOST_TEST(s.plan()->d == sys.cyclic_access_distance());
}

constexpr int lorenz_steps = boost_odeint_tiled_test::unless_sanitized(40, 10);

} // namespace

BOOST_AUTO_TEST_SUITE(steppers_periodic_systems)

BOOST_AUTO_TEST_CASE(lorenz96_on_a_ring_steps_to_odeints_bits_with_every_tiling_and_size)
{
    std::size_t ring_plans = 0, trapezoids = 0;
    for (std::size_t n : {1u, 2u, 3u, 4u, 5u, 7u, 13u, 14u, 15u, 64u, 100u, 257u, 1000u, 4099u})
    {
        const lorenz96_ring sys{n, 8.0};
        const state x0 = lorenz_state(n);
        for (const tiled::tiling& tiling : ring_tilings(2))
            BOOST_TEST_CONTEXT("n = " << n << ", " << tiling)
            {
                tiled::runge_kutta4<state> rk4;
                const auto [a, b] = step_both<tiled::runge_kutta4<state>, odeint::runge_kutta4<state>>(
                    sys, x0, tiling, lorenz_steps, 0.01, &rk4);
                BOOST_TEST(a == b, "max relative difference " << max_rel_diff(a, b));
                BOOST_REQUIRE(rk4.plan() != nullptr);
                // up to three components, every component reads every other one: the line's
                // d = n - 1 is no larger than the ring's
                if (n > 3) BOOST_TEST((rk4.plan()->topology == tiled::access_topology::ring));
                if (rk4.plan()->topology == tiled::access_topology::ring) ++ring_plans;
                if (n > 3 && rk4.tiling().kind() == tiled::tiling::scheme::trapezoidal)
                {
                    ++trapezoids;
                    expect_ring_plan(rk4, sys);
                }
            }
    }
    BOOST_TEST(trapezoids >= 60u);
    BOOST_TEST(ring_plans >= 100u);
}

BOOST_AUTO_TEST_CASE(every_method_on_a_ring_agrees_with_odeint)
{
    const std::size_t n = 1001;
    const lorenz96_ring sys{n, 8.0};
    const state x0 = lorenz_state(n);
    for (const tiled::tiling& tiling :
         {tiled::tiling::automatic(), tiled::tiling::trapezoidal(40, 4), tiled::tiling::hexagonal(60, 4)})
        BOOST_TEST_CONTEXT(tiling)
        {
            {
                const auto [a, b] = step_both<tiled::euler<state>, odeint::euler<state>>(sys, x0, tiling, 20, 0.005);
                BOOST_TEST(a == b, "euler: " << max_rel_diff(a, b));
            }
            {
                tiled::runge_kutta_dopri5<state> keep;
                const auto [a, b] = step_both<tiled::runge_kutta_dopri5<state>, odeint::runge_kutta_dopri5<state>>(
                    sys, x0, tiling, 20, 0.01, &keep);
                BOOST_TEST(max_rel_diff(a, b) <= 1e-12, "dopri5: " << max_rel_diff(a, b));
                expect_ring_plan(keep, sys);
            }
            {
                const auto [a, b] =
                    step_both<tiled::runge_kutta_cash_karp54<state>, odeint::runge_kutta_cash_karp54<state>>(
                        sys, x0, tiling, 20, 0.01);
                BOOST_TEST(max_rel_diff(a, b) <= 1e-12, "cash_karp54: " << max_rel_diff(a, b));
            }
            {
                const auto [a, b] =
                    step_both<tiled::runge_kutta_fehlberg78<state>, odeint::runge_kutta_fehlberg78<state>>(
                        sys, x0, tiling, 10, 0.01);
                BOOST_TEST(max_rel_diff(a, b) <= 1e-12, "fehlberg78: " << max_rel_diff(a, b));
            }
        }
}

BOOST_AUTO_TEST_CASE(a_ring_with_a_range_form_gives_the_bits_of_its_component_form)
{
    std::mt19937 gen(96);
    for (std::size_t n : {9u, 31u, 500u, 2049u})
        for (std::size_t r : {1u, 3u})
        {
            const ring_diffusion sys{n, r};
            const state x0 = random_state(n, gen);
            for (const tiled::tiling& tiling : ring_tilings(r))
                BOOST_TEST_CONTEXT("n = " << n << ", r = " << r << ", " << tiling)
                {
                    tiled::runge_kutta4<state> with_range(tiling), per_component(tiling);
                    state a = x0, b = x0;
                    for (int i = 0; i < 10; ++i)
                    {
                        with_range.do_step(sys, a, 0.1 * i, 0.1);
                        per_component.do_step(ring_diffusion_components{sys}, b, 0.1 * i, 0.1);
                    }
                    BOOST_TEST(a == b);
                    state c = x0;
                    odeint::runge_kutta4<state> stock;
                    for (int i = 0; i < 10; ++i) stock.do_step(tiled::as_odeint_system(sys), c, 0.1 * i, 0.1);
                    BOOST_TEST(a == c, "max relative difference to odeint " << max_rel_diff(a, c));
                }
        }
}

BOOST_AUTO_TEST_CASE(adaptive_and_dense_output_dopri5_on_a_ring_take_odeints_decisions)
{
    const std::size_t n = 3001;
    const lorenz96_ring sys{n, 8.0};
    const state x0 = lorenz_state(n);
    for (const tiled::tiling& tiling : {tiled::tiling::automatic(), tiled::tiling::trapezoidal(64, 4)})
        BOOST_TEST_CONTEXT(tiling)
        {
            for (double tol : {1e-6, 1e-10})
            {
                auto ctl_t = odeint::make_controlled(tol, tol, tiled::runge_kutta_dopri5<state>(tiling));
                auto ctl_o = odeint::make_controlled(tol, tol, odeint::runge_kutta_dopri5<state>());
                state a = x0, b = x0;
                const std::size_t steps_t = odeint::integrate_adaptive(ctl_t, sys, a, 0.0, 0.5, 0.1);
                const std::size_t steps_o =
                    odeint::integrate_adaptive(ctl_o, tiled::as_odeint_system(sys), b, 0.0, 0.5, 0.1);
                BOOST_TEST(steps_t == steps_o, "tolerance " << tol);
                BOOST_TEST(max_rel_diff(a, b) <= 1e-10, "tolerance " << tol << ": " << max_rel_diff(a, b));
            }
            auto dense_t = odeint::make_dense_output(1e-8, 1e-8, tiled::runge_kutta_dopri5<state>(tiling));
            auto dense_o = odeint::make_dense_output(1e-8, 1e-8, odeint::runge_kutta_dopri5<state>());
            const std::vector<double> times{0.0, 0.013, 0.1, 0.27, 0.4};
            std::vector<state> seen_t, seen_o;
            state a = x0, b = x0;
            odeint::integrate_times(dense_t, sys, a, times.begin(), times.end(), 0.05,
                                    [&](const state& x, double) { seen_t.push_back(x); });
            odeint::integrate_times(dense_o, tiled::as_odeint_system(sys), b, times.begin(), times.end(), 0.05,
                                    [&](const state& x, double) { seen_o.push_back(x); });
            BOOST_REQUIRE_EQUAL(seen_t.size(), seen_o.size());
            for (std::size_t i = 0; i < seen_t.size(); ++i)
                BOOST_TEST(max_rel_diff(seen_t[i], seen_o[i]) <= 1e-10, "observation " << i);
        }
}

BOOST_AUTO_TEST_CASE(a_cyclic_distance_that_is_not_the_smaller_leaves_the_plan_on_the_line)
{
    const chain_with_larger_cyclic_distance sys{500};
    tiled::runge_kutta4<state> rk4(tiled::tiling::trapezoidal(40, 4));
    state x(500, 1.0);
    x[250] = 2.0;
    rk4.do_step(sys, x, 0.0, 0.1);
    BOOST_REQUIRE(rk4.plan() != nullptr);
    BOOST_TEST((rk4.plan()->topology == tiled::access_topology::line));
    BOOST_TEST(rk4.plan()->d == 1u);
}

//! c(f, o[0], ..., o[Dim - 1]): a cell's read with as many offsets as the grid has dimensions.
template <std::size_t Dim, class Cell>
double read(const Cell& c, std::size_t f, const int (&o)[3])
{
    if constexpr (Dim == 1) return c(f, o[0]);
    else if constexpr (Dim == 2) return c(f, o[0], o[1]);
    else return c(f, o[0], o[1], o[2]);
}

//! Two fields reacting and diffusing (Brusselator-like) in any dimension, reading two
//! cells back and one ahead along each axis (not mirror-symmetric).
template <std::size_t Dim>
struct diffusing_pair
{
    template <class Cell, class Out, class Time>
    void operator()(const Cell& c, Out& out, Time) const
    {
        const double u = c(0), v = c(1), uuv = u * u * v;
        double lu = 0.0, lv = 0.0;
        for (std::size_t k = 0; k < Dim; ++k)
        {
            int o[3] = {0, 0, 0};
            o[k] = -2;
            lu += read<Dim>(c, 0, o) + 0.5 * read<Dim>(c, 1, o);
            lv += read<Dim>(c, 1, o);
            o[k] = 1;
            lu += 0.25 * read<Dim>(c, 0, o);
            lv += read<Dim>(c, 1, o) - read<Dim>(c, 0, o);
        }
        out[0] = 1.0 + uuv - 4.4 * u + 0.05 * (lu - 1.75 * double(Dim) * u);
        out[1] = 3.4 * u - uuv + 0.05 * (lv - 2.0 * double(Dim) * v);
    }
};

template <class System>
void check_periodic_grid(const std::string& name, const System& sys, bool expect_ring, std::mt19937& gen)
{
    const state x0 = random_state(sys.size(), gen);
    const std::size_t c = sys.cyclic_access_distance();
    BOOST_TEST_CONTEXT(name << " (n = " << sys.size() << ", d = " << sys.access_distance() << ", cyclic " << c << ")")
    {
        BOOST_TEST((c < sys.access_distance()) == expect_ring);
        for (const tiled::tiling& tiling :
             {tiled::tiling::automatic(), tiled::tiling::trapezoidal(7 * c + 31, 4), tiled::tiling::trapezoidal(3 * c, 2),
              tiled::tiling::trapezoidal(7 * c + 64, 4).threads_per_tile(2), tiled::tiling::hexagonal(7 * c + 5, 4)})
            BOOST_TEST_CONTEXT(tiling)
            {
                tiled::runge_kutta4<state> keep;
                const auto [a, b] = step_both<tiled::runge_kutta4<state>, odeint::runge_kutta4<state>>(sys, x0, tiling,
                                                                                                      20, 0.01, &keep);
                BOOST_TEST(max_rel_diff(a, b) <= 1e-12, "rk4: " << max_rel_diff(a, b));
                BOOST_REQUIRE(keep.plan() != nullptr);
                BOOST_TEST((keep.plan()->topology ==
                            (expect_ring ? tiled::access_topology::ring : tiled::access_topology::line)));
                const auto [e, f] = step_both<tiled::runge_kutta_dopri5<state>, odeint::runge_kutta_dopri5<state>>(
                    sys, x0, tiling, 10, 0.01);
                BOOST_TEST(max_rel_diff(e, f) <= 1e-12, "dopri5: " << max_rel_diff(e, f));
            }
    }
}

BOOST_AUTO_TEST_CASE(periodic_grids_tile_around_the_ring_and_agree_with_odeint)
{
    std::mt19937 gen(2026);
    {
        auto s = grid::extents(600).radius(2).boundary(grid::boundary::periodic());
        check_periodic_grid("1D, 2 interleaved fields, radius 2", grid::make_system<2>(s, diffusing_pair<1>{}), true, gen);
    }
    {
        auto s = grid::extents(11, 60).radius(2).boundary(grid::boundary::periodic());
        check_periodic_grid("2D 11 x 60 periodic", grid::make_system<2>(s, diffusing_pair<2>{}), true, gen);
    }
    {
        auto s = grid::extents(9, 70).radius(2).boundary(0, grid::boundary::reflecting()).boundary(1, grid::boundary::periodic());
        check_periodic_grid("2D 9 x 70, periodic along y only", grid::make_system<2>(s, diffusing_pair<2>{}), true, gen);
    }
    {
        auto s = grid::extents(4, 3, 50).radius(2).box().boundary(grid::boundary::periodic());
        check_periodic_grid("3D 4 x 3 x 50 box, periodic", grid::make_system<2>(s, diffusing_pair<3>{}), true, gen);
    }
    {
        auto s = grid::extents(5, 4, 40).radius(2).boundary(grid::boundary::constant()).boundary(2, grid::boundary::periodic());
        check_periodic_grid("3D 5 x 4 x 40, periodic along z, constant elsewhere",
                            grid::make_system<2>(s, diffusing_pair<3>{}, std::array<double, 2>{1.0, 3.0}), true, gen);
    }
    {
        auto s = grid::extents(30, 20).radius(2).boundary(grid::boundary::periodic()).layout(grid::layout::planar);
        check_periodic_grid("2D planar, periodic (the wrap stays in a plane)", grid::make_system<2>(s, diffusing_pair<2>{}),
                            false, gen);
    }
    {
        auto s = grid::extents(30, 20).radius(2).boundary(0, grid::boundary::periodic()).boundary(1, grid::boundary::reflecting());
        check_periodic_grid("2D, periodic along x only (no wrap of the state)", grid::make_system<2>(s, diffusing_pair<2>{}),
                            false, gen);
    }
}

BOOST_AUTO_TEST_CASE(a_periodic_grid_has_the_cyclic_distance_of_the_same_grid_without_the_wrap)
{
    auto periodic = grid::extents(16, 1000).boundary(grid::boundary::periodic());
    auto reflecting = grid::extents(16, 1000).boundary(grid::boundary::reflecting());
    BOOST_TEST(periodic.access_distance(2) == 2u * 16u * 999u + 1u);
    BOOST_TEST(periodic.cyclic_access_distance(2) == reflecting.access_distance(2));
    BOOST_TEST(reflecting.cyclic_access_distance(2) == reflecting.access_distance(2));
    // planar fields: the wrap of a plane is no step around the state's ring
    periodic.layout(grid::layout::planar);
    BOOST_TEST(periodic.cyclic_access_distance(2) == periodic.access_distance(2));
    BOOST_TEST(periodic.cyclic_access_distance(1) == reflecting.access_distance(1));
    // radius beyond the extent: a wrap moves at most extent - 1 rows
    auto short_ring = grid::extents(8, 3).radius(5).boundary(grid::boundary::periodic());
    BOOST_TEST(short_ring.cyclic_access_distance(1) == 8u * 2u);
}

BOOST_AUTO_TEST_SUITE_END()
