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

namespace grid = boost::numeric::odeint::tiled::grid;

namespace boost_odeint_tiled_test {

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
