/*
 test/cuda/grid_tiles.cu

 The CUDA backend's kernel for grid systems (backends/cuda/grid_tile_kernel.hpp).
 With tiling::automatic() a tiled stepper on a tiled::grid system runs the whole step
 there (cuda_executor::last_path() says grid_tiles) and agrees with the same system's
 per-component stage kernels (tiling::none()) to 1e-12 after 20 steps, and with the
 host (TBB, block form) for RK4; in place and out of place give the same values.
 Systems: BRUSS2D with short rows taken whole, long rows in 2D tiles, one row, one
 column, a 3x3 grid (RK4, DOPRI5); a 1D grid of radius 2 with a boundary function (no
 mirror symmetry), 4 fields read at every neighbour, periodic, and with a periodic
 dimension beside a function or constant one (RK4, DOPRI5); a 3D planar box-stencil
 grid with mixed boundaries (RK4, DOPRI5). Adaptive DOPRI5 (the norm reduced in the
 kernel, the last derivative handed on) takes the same steps as tiling::none(); float
 states agree to 1e-6. Every method (all nine tableaux) runs 100 steps on the grid kernel,
 short rows and 2D tiles, within 1e-12 of the TBB backend, and its error estimate
 agrees. Stock odeint's whole-vector form of these systems (as_odeint_system on
 device vectors, one update per cell) gives the per-component kernel's bits.

 Without a CUDA device the program exits with 77 before any test runs (ctest: skipped).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#define BOOST_ODEINT_TILED_CHECK_ACCESS 0

#include "support/cuda_test.hpp"
#include "support/device_agreement.hpp"
#include "support/grid_tiles_support.hpp"

#include <type_traits>

namespace grid = boost::numeric::odeint::tiled::grid;
using namespace boost_odeint_tiled_test;

BOOST_AUTO_TEST_CASE(bruss2d_short_and_long_rows)
{
    for (auto xy : std::vector<std::pair<std::size_t, std::size_t>>{{16, 300}, {200, 150}, {1, 50}, {37, 1}, {3, 3}})
    {
        const problems::grid_bruss2d sys(xy.first, xy.second);
        const std::string what = "bruss2d " + std::to_string(xy.first) + "x" + std::to_string(xy.second);
        const double dt = sys.suggested_dt() * 0.5;
        agree<tiled::runge_kutta4>(sys, dt, what + ", rk4", true);
        agree<tiled::runge_kutta_dopri5>(sys, dt, what + ", dopri5");
    }
}

//! Tableau on the grid kernel: 100 steps against the TBB backend (block form, itself
//! tested against stock odeint) to 1e-12, and one step's error estimate.
template <class Tableau, class Sys>
void every_method_case(const Sys& sys, const std::string& what)
{
    BOOST_TEST_CONTEXT(what << ", " << Tableau::name)
    {
        const auto c = agreement_after_steps<Tableau>(sys, tiled::tiling::automatic(), 100);
        BOOST_TEST((tiled::cuda_executor::last_path() == tiled::cuda_kernel_path::grid_tiles));
        BOOST_TEST(c.difference <= 1e-12);
        if constexpr (tiled::is_embedded_tableau<Tableau>::value)
        {
            const auto e = error_estimate_agreement<Tableau>(sys, tiled::tiling::automatic());
            BOOST_TEST(e.error_difference <= e.error_bound);
            BOOST_TEST(e.state_difference <= 1e-12);
        }
    }
}

BOOST_AUTO_TEST_CASE(every_method_on_short_rows_and_2d_tiles)
{
    for (auto xy : std::vector<std::pair<std::size_t, std::size_t>>{{16, 90}, {150, 120}})
    {
        const problems::grid_bruss2d sys(xy.first, xy.second);
        const std::string what = "bruss2d " + std::to_string(xy.first) + "x" + std::to_string(xy.second);
        every_method_case<tiled::euler_tableau>(sys, what);
        every_method_case<tiled::runge_kutta4_tableau>(sys, what);
        every_method_case<tiled::runge_kutta38_tableau>(sys, what);
        every_method_case<tiled::runge_kutta_heun_euler21_tableau>(sys, what);
        every_method_case<tiled::runge_kutta_bogacki_shampine32_tableau>(sys, what);
        every_method_case<tiled::runge_kutta_cash_karp54_tableau>(sys, what);
        every_method_case<tiled::runge_kutta_dopri5_tableau>(sys, what);
        every_method_case<tiled::runge_kutta_verner56_tableau>(sys, what);
        every_method_case<tiled::runge_kutta_fehlberg78_tableau>(sys, what);
    }
}

BOOST_AUTO_TEST_CASE(box_stencil_3d_planar_mixed_boundaries)
{
    agree<tiled::runge_kutta4>(mixed_box_3d(13, 9, 7), 0.01, "3d planar box 13x9x7, rk4", true);
    // DOPRI5 runs two cells per thread, 1024 per tile: a 3D grid that fits one tile
    // with its ghosts (a cut dimension needs 15 cells for its halo alone)
    const auto small = mixed_box_3d(11, 7, 5);
    agree<tiled::runge_kutta4>(small, 0.01, "3d planar box 11x7x5, rk4", true);
    agree<tiled::runge_kutta_dopri5>(small, 0.01, "3d planar box 11x7x5, dopri5");
}

BOOST_AUTO_TEST_CASE(radius_two_with_a_boundary_function)
{
    const auto shape = grid::extents(3001).radius(2).boundary(grid::boundary::function());
    const auto sys = grid::make_system<1>(shape, wide_advection{}, ramp_boundary{});
    agree<tiled::runge_kutta4>(sys, 0.02, "1d radius 2, function boundary, rk4", true);
}

BOOST_AUTO_TEST_CASE(four_fields_read_at_every_neighbour)
{
    auto shape = grid::extents(150, 70).boundary(grid::boundary::periodic());
    const auto sys = grid::make_system<4>(shape, coupled_four{});
    agree<tiled::runge_kutta4>(sys, 0.02, "4 fields, periodic, rk4", true);
}

BOOST_AUTO_TEST_CASE(periodic_beside_function_and_constant_boundaries)
{
    // a ghost beyond a function boundary that also lies beyond a periodic edge: the
    // function sees the periodic coordinate wrapped, whichever cell reads it
    auto fs = grid::extents(40, 30);
    fs.boundary(0, grid::boundary::periodic()).boundary(1, grid::boundary::function());
    const auto with_function = grid::make_system<4>(fs, coupled_four{}, ramp_boundary{});
    agree<tiled::runge_kutta4>(with_function, 0.02, "periodic x function, rk4", true);
    agree<tiled::runge_kutta_dopri5>(with_function, 0.02, "periodic x function, dopri5");
    auto cs = grid::extents(300, 200).layout(grid::layout::planar);
    cs.boundary(0, grid::boundary::constant()).boundary(1, grid::boundary::periodic());
    const auto with_constant = grid::make_system<4>(cs, coupled_four{}, std::array<double, 4>{0.5, 1.0, 1.5, 2.0});
    agree<tiled::runge_kutta4>(with_constant, 0.02, "constant x periodic, planar, rk4", true);
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
    // the value type follows the state (core/state_access.hpp's state_value): float
    static_assert(std::is_same<tiled::runge_kutta4<thrust::device_vector<float>>::value_type, float>::value, "");
    tiled::runge_kutta4<thrust::device_vector<float>> g;
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

//! Stock odeint's whole-vector form of a grid system on the device (as_odeint_system,
//! one update per cell) against the per-component kernel it replaced (one update per
//! component) on the same state: the same bits, each field from its own cell's update.
template <class Sys>
void per_cell_whole_vector_case(const Sys& sys, double t, const std::string& what)
{
    BOOST_TEST_CONTEXT(what)
    {
        std::vector<double> x0 = initial_of(sys);
        for (std::size_t j = 0; j < x0.size(); ++j) x0[j] += 0.01 * std::sin(double(j) * 0.7);  // no symmetry
        const thrust::device_vector<double> x(x0.begin(), x0.end());
        thrust::device_vector<double> per_cell(x0.size(), -1.0), per_component(x0.size(), -2.0);
        tiled::as_odeint_system(sys)(x, per_cell, t);
        tiled::detail::whole_vector_rhs_kernel<<<64, 128>>>(sys, thrust::raw_pointer_cast(x.data()),
                                                            thrust::raw_pointer_cast(per_component.data()), x0.size(), t);
        BOOST_TEST(cudaDeviceSynchronize() == cudaSuccess);
        const std::vector<double> a = to_host(per_cell), b = to_host(per_component);
        std::size_t differ = 0;
        for (std::size_t j = 0; j < a.size(); ++j) differ += a[j] != b[j];
        BOOST_TEST(differ == 0u);
        // and the host's per-component values (another compiler: to rounding, relative
        // to the largest derivative, as cancellation leaves some near zero)
        double largest = 0, off = 0;
        for (std::size_t j = 0; j < x0.size(); ++j)
        {
            const double h = sys(j, x0, t);
            largest = std::max(largest, std::abs(h));
            off = std::max(off, std::abs(a[j] - h));
        }
        BOOST_TEST(largest > 0.0);
        BOOST_TEST(off <= 1e-13 * largest);
    }
}

BOOST_AUTO_TEST_CASE(stock_odeints_whole_vector_form_runs_one_update_per_cell)
{
    for (auto xy : std::vector<std::pair<std::size_t, std::size_t>>{{16, 300}, {200, 150}, {1, 50}, {37, 1}, {3, 3}})
        per_cell_whole_vector_case(problems::grid_bruss2d(xy.first, xy.second), 0.0,
                                   "bruss2d " + std::to_string(xy.first) + "x" + std::to_string(xy.second));
    per_cell_whole_vector_case(mixed_box_3d(13, 9, 7), 0.0, "3d planar box 13x9x7, mixed boundaries");
    per_cell_whole_vector_case(grid::make_system<1>(grid::extents(3001).radius(2).boundary(grid::boundary::function()),
                                                    wide_advection{}, ramp_boundary{}),
                               0.25, "1d radius 2, function boundary");
    per_cell_whole_vector_case(grid::make_system<4>(grid::extents(150, 70).boundary(grid::boundary::periodic()),
                                                    coupled_four{}),
                               0.0, "4 fields, periodic");
    auto cs = grid::extents(300, 200).layout(grid::layout::planar);
    cs.boundary(0, grid::boundary::constant()).boundary(1, grid::boundary::periodic());
    per_cell_whole_vector_case(grid::make_system<4>(cs, coupled_four{}, std::array<double, 4>{0.5, 1.0, 1.5, 2.0}), 0.0,
                               "constant x periodic, planar, 4 fields");
}
