/*
 test/cuda/grid_tiles_shapes.cu

 The grid tile kernel (backends/cuda/grid_tile_kernel.hpp) on grids it handles
 differently from BRUSS2D: a 3D planar grid with a box stencil and periodic,
 reflecting and constant boundaries; a 1D grid of radius 2 with a boundary function
 (no mirror symmetry); 4 fields read at every neighbour, periodic. RK4 and DOPRI5
 agree with tiling::none() on the GPU and with the host to 1e-12 after 20 steps. 3D grids
 run the stage kernels (the grid kernel takes 1D and 2D grids), which the first case checks.

 Without a CUDA device the program exits with 77 before any test runs (ctest: skipped).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#define BOOST_ODEINT_TILED_CHECK_ACCESS 0

#include "support/cuda_test.hpp"
#include "support/grid_tiles_support.hpp"

namespace grid = boost::numeric::odeint::tiled::grid;
using namespace boost_odeint_tiled_test;

BOOST_AUTO_TEST_CASE(box_stencil_3d_planar_mixed_boundaries)
{
    auto shape = grid::extents(13, 9, 7).box().layout(grid::layout::planar);
    shape.boundary(0, grid::boundary::periodic()).boundary(1, grid::boundary::reflecting()).boundary(2, grid::boundary::constant());
    const auto sys = grid::make_system<3>(shape, box_reaction{}, std::array<double, 3>{0.5, 1.0, 1.5});
    agree<tiled::runge_kutta4>(sys, 0.01, std::string("3d planar box") + ", rk4",
                               tiled::cuda_kernel_path::stage_kernels);
    agree<tiled::runge_kutta_dopri5>(sys, 0.01, std::string("3d planar box") + ", dopri5",
                               tiled::cuda_kernel_path::stage_kernels);
}

BOOST_AUTO_TEST_CASE(radius_two_with_a_boundary_function)
{
    const auto shape = grid::extents(3001).radius(2).boundary(grid::boundary::function());
    const auto sys = grid::make_system<1>(shape, wide_advection{}, ramp_boundary{});
    agree<tiled::runge_kutta4>(sys, 0.02, std::string("1d radius 2, function boundary") + ", rk4");
    agree<tiled::runge_kutta_dopri5>(sys, 0.02, std::string("1d radius 2, function boundary") + ", dopri5");
}

BOOST_AUTO_TEST_CASE(four_fields_read_at_every_neighbour)
{
    auto shape = grid::extents(150, 70).boundary(grid::boundary::periodic());
    const auto sys = grid::make_system<4>(shape, coupled_four{});
    agree<tiled::runge_kutta4>(sys, 0.02, std::string("4 fields, periodic") + ", rk4");
    agree<tiled::runge_kutta_dopri5>(sys, 0.02, std::string("4 fields, periodic") + ", dopri5");
}

