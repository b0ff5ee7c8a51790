/*
 test/support/grid_tiles_support.hpp

 What the GPU test of the grid tile kernel uses (test/cuda/grid_tiles.cu): grid
 systems of every shape the kernel handles differently (3D planar box stencil with
 mixed boundaries, 1D radius 2 with a boundary function, 4 fields read at every
 neighbour) and `agree`, which steps a system on the GPU with automatic() (the grid
 kernel), on the GPU with tiling::none() and on the host (TBB), and compares.
 Include after support/cuda_test.hpp.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_SUPPORT_GRID_TILES_SUPPORT_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_SUPPORT_GRID_TILES_SUPPORT_HPP_INCLUDED

#include <array>
#include <cmath>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "support/grid_test_systems.hpp"

namespace grid = boost::numeric::odeint::tiled::grid;

namespace boost_odeint_tiled_test {

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

/*! `Method` on `sys`: the GPU with automatic() (must run `expected`: the grid kernel,
    or for 3D grids the stage kernels) against the host's TBB backend and the GPU's
    tiling::none(), 20 steps, in place and out of place. */
/*! `Method` on `sys`: the GPU with automatic() (must run `expected`: the grid kernel,
    or for 3D grids the stage kernels) against the GPU's tiling::none() (the grid
    system's per-component stage kernels) and, with `host`, the TBB backend (block
    form), 20 steps; in place and out of place give the same values. */
template <template <class...> class Method, class Sys>
void agree(const Sys& sys, double dt, const std::string& what, bool host = false,
           tiled::cuda_kernel_path expected = tiled::cuda_kernel_path::grid_tiles)
{
    BOOST_TEST_CONTEXT(what)
    {
        const std::vector<double> x0 = initial_of(sys);
        thrust::device_vector<double> xg(x0.begin(), x0.end());
        Method<thrust::device_vector<double>> gpu;
        steps(gpu, sys, xg, dt, 20);
        BOOST_TEST((tiled::cuda_executor::last_path() == expected));

        thrust::device_vector<double> xn(x0.begin(), x0.end());
        Method<thrust::device_vector<double>> none(tiled::tiling::none());
        steps(none, sys, xn, dt, 20);
        const std::vector<double> g = to_host(xg), n = to_host(xn);
        BOOST_TEST(max_relative_difference(g, n) <= 1e-12);

        if (host)
        {
            std::vector<double> xh = x0;
            Method<std::vector<double>> on_host;
            steps(on_host, sys, xh, dt, 20);
            BOOST_TEST(max_relative_difference(g, xh) <= 1e-12);
        }

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

} // namespace boost_odeint_tiled_test


#endif // BOOST_ODEINT_TILED_TEST_SUPPORT_GRID_TILES_SUPPORT_HPP_INCLUDED
