/*
 boost/numeric/odeint/tiled/grid/end_tiles.hpp

 Which tiles of a grid tile plan (grid_tile_plan.hpp) hold the first and the last
 slabs of the grid along its slowest dimension: a window's ends, which a distributed
 step's next halo exchange moves (core/edge_signal.hpp). A plan numbers its tiles
 with dimension 0 fastest, so the tiles of one tile row along the slowest dimension
 are consecutive: the ends are the first and the last tiles of the order.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_GRID_END_TILES_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_GRID_END_TILES_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/grid/grid_tile_plan.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace grid {

//! The plan's first `leading` tiles and last `trailing` tiles (none of them twice).
struct end_tiles
{
    long long leading = 0;
    long long trailing = 0;
};

/*! The fewest first and last tiles of `plan` whose owned cells include every cell of
    the first `leading_slabs` and the last `trailing_slabs` indices of the slowest
    dimension. Where those tile rows meet, every tile is a leading one. */
template <std::size_t Dim>
end_tiles end_tiles_of(const tile_plan<Dim>& plan, std::size_t leading_slabs, std::size_t trailing_slabs)
{
    const long long rows = plan.extent[Dim - 1], owned = plan.owned[Dim - 1], tile_rows = plan.tiles[Dim - 1];
    end_tiles e;
    if (tile_rows <= 0 || owned <= 0) return e;
    const long long per_row = plan.tile_count() / tile_rows;
    const long long lead = (long long)leading_slabs < rows ? (long long)leading_slabs : rows;
    const long long trail = (long long)trailing_slabs < rows ? (long long)trailing_slabs : rows;
    long long first_rows = (lead + owned - 1) / owned;
    long long last_rows = trail > 0 ? tile_rows - (rows - trail) / owned : 0;
    if (first_rows + last_rows >= tile_rows)
    {
        first_rows = tile_rows;
        last_rows = 0;
    }
    e.leading = first_rows * per_row;
    e.trailing = last_rows * per_row;
    return e;
}

}}}}} // namespace boost::numeric::odeint::tiled::grid

#endif // BOOST_NUMERIC_ODEINT_TILED_GRID_END_TILES_HPP_INCLUDED
