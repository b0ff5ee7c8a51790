/*
 test/cuda/grid_tiles.cu

 The CUDA backend's kernel for grid systems (backends/cuda/grid_tile_kernel.hpp): a
 tiled stepper with tiling::automatic() on a tiled::grid system runs the whole step on
 2D/3D tiles of cells (cuda_executor::last_path() says grid_tiles), and its results
 agree with the same system stepped on the host (TBB backend, block form) and on the
 GPU with tiling::none() (per-component form) to 1e-12 after 20 steps, for RK4,
 DOPRI5 (with and without its error estimate) and Verner 5(6), in place and out of
 place (Verner 5(6) and Cash-Karp on BRUSS2D only); over BRUSS2D (short rows taken whole, long rows in 2D tiles, one row, one
 column), a 3D planar periodic/reflecting/constant grid with a box stencil, a 1D grid
 of radius 2 with a boundary function, and 4 fields read at every neighbour. Adaptive
 DOPRI5 takes the same steps as the per-component path. Float states too.

 Without a CUDA device the program exits with 77 before any test runs (ctest: skipped).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#define BOOST_ODEINT_TILED_CHECK_ACCESS 0

#include "support/cuda_test.hpp"

#include <cmath>
#include <cstddef>
#include <string>
#include <vector>

namespace grid = boost::numeric::odeint::tiled::grid;

namespace {

//! Three fields on a 3D grid, a box stencil: each field diffuses over its 26
//! neighbours and reacts with the others at the cell.
struct box_reaction
{
    template <class Cell, class Out, class Time>
    BOOST_ODEINT_TILED_HD void operator()(const Cell& c, Out& out, Time t) const
    {
        for (int f = 0; f < 3; ++f)
        {
            double s = 0;
            for (int dz = -1; dz <= 1; ++dz)
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) s += (1 + dx * dx + 2 * dy * dy) * c(f, dx, dy, dz);
            out[f] = 0.05 * (s - 40.0 * c(f)) - 0.3 * c((f + 1) % 3) * c(f) + 0.01 * double(c.coord(2)) + 0.1 * t;
        }
    }
};

//! One field on a 1D grid, radius 2, with an advection term (not mirror-symmetric).
struct wide_advection
{
    template <class Cell, class Out, class Time>
    BOOST_ODEINT_TILED_HD void operator()(const Cell& c, Out& out, Time) const
    {
        out[0] = 0.4 * (c(0, -2) - 4.0 * c(0, -1) + 6.0 * c(0) - 4.0 * c(0, 1) + c(0, 2)) * -0.1 +
                 0.7 * (c(0, 1) - c(0, -1));
    }
};
struct ramp_boundary
{
    template <class Coord, class Time>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t, const Coord& g, Time t) const
    {
        return 1.0 + 0.01 * double(g[0]) + 0.5 * t;
    }
};

//! Four fields, each reading every field at its four neighbours (any_field).
struct coupled_four
{
    template <class Cell, class Out, class Time>
    BOOST_ODEINT_TILED_HD void operator()(const Cell& c, Out& out, Time) const
    {
        for (int f = 0; f < 4; ++f)
        {
            const int g = (f + 1) % 4;
            out[f] = 0.2 * ((c(f, -1, 0) + c(f, 1, 0)) + (c(f, 0, -1) + c(f, 0, 1)) - 4.0 * c(f)) +
                     0.05 * (c(g, 1, 0) - c(g, -1, 0)) - 0.1 * c(f) * c(g);
        }
    }
};

template <class Sys>
std::vector<double> initial_of(const Sys& sys)
{
    std::vector<double> x(sys.size());
    for (std::size_t j = 0; j < x.size(); ++j) x[j] = 1.0 + 0.5 * std::sin(0.37 * double(j)) + 0.1 * std::cos(0.011 * double(j));
    return x;
}

template <class Stepper, class Sys, class State>
void steps(Stepper& st, const Sys& sys, State& x, double dt, int count)
{
    for (int i = 0; i < count; ++i) st.do_step(sys, x, i * dt, dt);
}

/*! `Method` on `sys`: the GPU with automatic() (must run the grid kernel) against the
    host's TBB backend and the GPU's tiling::none(), 20 steps, in place and out of place. */
template <template <class...> class Method, class Sys>
void agree(const Sys& sys, double dt, const std::string& what)
{
    BOOST_TEST_CONTEXT(what)
    {
        const std::vector<double> x0 = initial_of(sys);
        thrust::device_vector<double> xg(x0.begin(), x0.end());
        Method<thrust::device_vector<double>> gpu;
        steps(gpu, sys, xg, dt, 20);
        BOOST_TEST((tiled::cuda_executor::last_path() == tiled::cuda_kernel_path::grid_tiles));

        thrust::device_vector<double> xn(x0.begin(), x0.end());
        Method<thrust::device_vector<double>> none(tiled::tiling::none());
        steps(none, sys, xn, dt, 20);

        std::vector<double> xh = x0;
        Method<std::vector<double>> host;
        steps(host, sys, xh, dt, 20);

        const std::vector<double> g = to_host(xg), n = to_host(xn);
        BOOST_TEST(max_relative_difference(g, xh) <= 1e-12);
        BOOST_TEST(max_relative_difference(g, n) <= 1e-12);

        // out of place: the same values into another vector, the input untouched
        thrust::device_vector<double> a(x0.begin(), x0.end()), b(x0.size());
        Method<thrust::device_vector<double>> oop;
        oop.do_step(sys, a, 0.0, b, dt);
        thrust::device_vector<double> c(x0.begin(), x0.end());
        Method<thrust::device_vector<double>> inp;
        inp.do_step(sys, c, 0.0, dt);
        BOOST_TEST(max_relative_difference(to_host(b), to_host(c)) == 0.0);
        BOOST_TEST(max_relative_difference(to_host(a), x0) == 0.0);
    }
}

//! RK4 and DOPRI5 on every system; BRUSS2D also Verner 5(6) and Cash-Karp (more
//! stages, so fewer cells per thread and larger halos). Each method on each system
//! compiles every kernel family of the CUDA backend: the list is what the build can afford.
template <class Sys>
void every_method(const Sys& sys, double dt, const std::string& what, bool all_methods = false)
{
    agree<tiled::runge_kutta4>(sys, dt, what + ", rk4");
    agree<tiled::runge_kutta_dopri5>(sys, dt, what + ", dopri5");
    if (all_methods)
    {
        agree<tiled::runge_kutta_verner56>(sys, dt, what + ", verner56");
        agree<tiled::runge_kutta_cash_karp54>(sys, dt, what + ", cash_karp54");
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(bruss2d_short_and_long_rows)
{
    for (auto xy : std::vector<std::pair<std::size_t, std::size_t>>{{16, 300}, {200, 150}, {1, 50}, {37, 1}, {3, 3}})
    {
        const problems::grid_bruss2d sys(xy.first, xy.second);
        every_method(sys, sys.suggested_dt() * 0.5, "bruss2d " + std::to_string(xy.first) + "x" + std::to_string(xy.second),
                     true);
    }
}

BOOST_AUTO_TEST_CASE(box_stencil_3d_planar_mixed_boundaries)
{
    auto shape = grid::extents(13, 9, 7).box().layout(grid::layout::planar);
    shape.boundary(0, grid::boundary::periodic()).boundary(1, grid::boundary::reflecting()).boundary(2, grid::boundary::constant());
    const auto sys = grid::make_system<3>(shape, box_reaction{}, std::array<double, 3>{0.5, 1.0, 1.5});
    every_method(sys, 0.01, "3d planar box");
}

BOOST_AUTO_TEST_CASE(radius_two_with_a_boundary_function)
{
    const auto shape = grid::extents(3001).radius(2).boundary(grid::boundary::function());
    const auto sys = grid::make_system<1>(shape, wide_advection{}, ramp_boundary{});
    every_method(sys, 0.02, "1d radius 2, function boundary");
}

BOOST_AUTO_TEST_CASE(four_fields_read_at_every_neighbour)
{
    auto shape = grid::extents(150, 70).boundary(grid::boundary::periodic());
    const auto sys = grid::make_system<4>(shape, coupled_four{});
    every_method(sys, 0.02, "4 fields, periodic");
}

BOOST_AUTO_TEST_CASE(adaptive_dopri5_takes_the_same_steps)
{
    const problems::grid_bruss2d sys(150, 120);
    const std::vector<double> x0 = initial_of(sys);
    thrust::device_vector<double> a(x0.begin(), x0.end()), b(x0.begin(), x0.end());
    auto grid_ctl = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<thrust::device_vector<double>>());
    auto none_ctl = odeint::make_controlled(
        1e-8, 1e-8, tiled::runge_kutta_dopri5<thrust::device_vector<double>>(tiled::tiling::none()));
    const std::size_t sa = odeint::integrate_adaptive(grid_ctl, sys, a, 0.0, 0.002, 1e-5);
    BOOST_TEST((tiled::cuda_executor::last_path() == tiled::cuda_kernel_path::grid_tiles));
    const std::size_t sb = odeint::integrate_adaptive(none_ctl, sys, b, 0.0, 0.002, 1e-5);
    BOOST_TEST(sa == sb);
    BOOST_TEST(max_relative_difference(to_host(a), to_host(b)) <= 1e-10);
}

BOOST_AUTO_TEST_CASE(float_states)
{
    const problems::grid_bruss2d sys(64, 90);
    const std::vector<double> x0 = initial_of(sys);
    std::vector<float> f0(x0.begin(), x0.end());
    thrust::device_vector<float> a(f0.begin(), f0.end()), b(f0.begin(), f0.end());
    tiled::runge_kutta4<thrust::device_vector<float>, float> g;
    tiled::runge_kutta4<thrust::device_vector<float>, float> n(tiled::tiling::none());
    for (int i = 0; i < 10; ++i) { g.do_step(sys, a, float(i) * 1e-3f, 1e-3f); }
    BOOST_TEST((tiled::cuda_executor::last_path() == tiled::cuda_kernel_path::grid_tiles));
    for (int i = 0; i < 10; ++i) { n.do_step(sys, b, float(i) * 1e-3f, 1e-3f); }
    std::vector<float> ha(a.size()), hb(b.size());
    thrust::copy(a.begin(), a.end(), ha.begin());
    thrust::copy(b.begin(), b.end(), hb.begin());
    double m = 0;
    for (std::size_t i = 0; i < ha.size(); ++i) m = std::max(m, std::abs(double(ha[i]) - hb[i]) / std::max(1.0, std::abs(double(hb[i]))));
    BOOST_TEST(m <= 1e-6);
}
