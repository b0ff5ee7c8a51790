/*
 test/cuda/grid_tiles_bruss2d.cu

 The CUDA backend's kernel for grid systems (backends/cuda/grid_tile_kernel.hpp) on
 BRUSS2D (problems::grid_bruss2d): short rows taken whole, long rows in 2D tiles, one
 row, one column, a 3x3 grid. With tiling::automatic() a tiled stepper runs the whole
 step there (cuda_executor::last_path() says grid_tiles), and agrees with the same
 system on the GPU with tiling::none() and on the host (TBB) to 1e-12 after 20 steps,
 for RK4, DOPRI5 and Verner 5(6), in place and out of place.

 Without a CUDA device the program exits with 77 before any test runs (ctest: skipped).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#define BOOST_ODEINT_TILED_CHECK_ACCESS 0

#include "support/cuda_test.hpp"
#include "support/grid_tiles_support.hpp"

namespace grid = boost::numeric::odeint::tiled::grid;
using namespace boost_odeint_tiled_test;

BOOST_AUTO_TEST_CASE(bruss2d_short_and_long_rows)
{
    for (auto xy : std::vector<std::pair<std::size_t, std::size_t>>{{16, 300}, {200, 150}, {1, 50}, {37, 1}, {3, 3}})
    {
        const problems::grid_bruss2d sys(xy.first, xy.second);
        const std::string what = "bruss2d " + std::to_string(xy.first) + "x" + std::to_string(xy.second);
        const double dt = sys.suggested_dt() * 0.5;
        agree<tiled::runge_kutta4>(sys, dt, what + ", rk4");
        agree<tiled::runge_kutta_dopri5>(sys, dt, what + ", dopri5");
        agree<tiled::runge_kutta_verner56>(sys, dt, what + ", verner56");
    }
}

