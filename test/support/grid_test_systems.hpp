/*
 test/support/grid_test_systems.hpp

 Grid systems whose shapes the grid tile kernel handles differently: a 3D planar box
 stencil with mixed boundaries, 1D radius 2 with a boundary function, 4 fields read at
 every neighbour. Used by the GPU test of the grid kernel (support/grid_tiles_support.hpp)
 and by bench/grid_kernel_probe.cu.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_SUPPORT_GRID_TEST_SYSTEMS_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_SUPPORT_GRID_TEST_SYSTEMS_HPP_INCLUDED

#include <array>
#include <cstddef>

#include <boost/numeric/odeint/tiled/grid.hpp>

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

//! box_reaction on an nx x ny x nz grid, fields planar, periodic along x, reflecting
//! along y, constant (0.5, 1.0, 1.5) along z.
inline auto mixed_box_3d(std::size_t nx, std::size_t ny, std::size_t nz)
{
    namespace grid = boost::numeric::odeint::tiled::grid;
    auto s = grid::extents(nx, ny, nz).box().layout(grid::layout::planar);
    s.boundary(0, grid::boundary::periodic()).boundary(1, grid::boundary::reflecting()).boundary(2, grid::boundary::constant());
    return grid::make_system<3>(s, box_reaction{}, std::array<double, 3>{0.5, 1.0, 1.5});
}

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

} // namespace boost_odeint_tiled_test

#endif // BOOST_ODEINT_TILED_TEST_SUPPORT_GRID_TEST_SYSTEMS_HPP_INCLUDED
