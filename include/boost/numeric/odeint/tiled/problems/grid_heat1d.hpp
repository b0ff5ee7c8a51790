/*
 boost/numeric/odeint/tiled/problems/grid_heat1d.hpp

 problems::grid_heat1d: the 1D diffusion chain of problems::heat1d (the same formula,
 Neumann ends by mirroring, initial values and step-size hint) written with the grid
 helper: one per-cell update, from which tiled::grid::system makes the per-component
 form, the block form and the geometry the CUDA backend tiles. The cheapest update
 there is, so its speed is the framework's own: what the grid kernel spends per
 component beside the update. Its values equal problems::heat1d's bit for bit where the
 compiler does not contract into FMAs differently (test/grid/grid_system.cpp checks it
 with -ffp-contract=off).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_GRID_HEAT1D_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_GRID_HEAT1D_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>

#include <boost/numeric/odeint/tiled/grid.hpp>
#include <boost/numeric/odeint/tiled/problems/heat1d.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace problems {

//! The heat chain's cell update: k (y_{j-1} - 2 y_j + y_{j+1}), in heat1d's order.
struct heat_cell
{
    double k;

    template <class Cell, class Out, class Time>
    BOOST_ODEINT_TILED_HD void operator()(const Cell& c, Out& out, Time) const
    {
        out[0] = k * (c(0, -1) - 2.0 * c(0) + c(0, 1));
    }
};

class grid_heat1d : public grid::system<1, heat_cell, 1>
{
    using base = grid::system<1, heat_cell, 1>;

public:
    //! n cells (components), diffusion constant k, as heat1d(n, k).
    grid_heat1d(std::size_t n, double k) : base(shape_of(n), heat_cell{k}) {}

    double k() const { return update().k; }
    //! A safe fixed step for classic RK4 (problems::heat1d's).
    double suggested_dt() const { return 0.5 * 2.5 / (4.0 * update().k); }

    //! 1 + sin(2 pi j/n) + 0.25 cos(0.37 j), as problems::heat1d.
    template <class State>
    void initial_state(State& y) const
    {
        const std::size_t n = size();
        for (std::size_t j = 0; j < n; ++j) y[j] = heat1d::smooth_profile(j, n);
    }

private:
    static grid::shape<1> shape_of(std::size_t n)
    {
        if (n == 0) throw std::invalid_argument("grid_heat1d: needs n >= 1 cells, got n = 0");
        return grid::extents(n).radius(1).boundary(grid::boundary::reflecting());
    }
};

}}}}} // namespace boost::numeric::odeint::tiled::problems

#endif // BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_GRID_HEAT1D_HPP_INCLUDED
