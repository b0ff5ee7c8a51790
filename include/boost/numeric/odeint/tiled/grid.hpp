/*
 boost/numeric/odeint/tiled/grid.hpp

 The grid helpers: structured-grid (method of lines) systems written from one
 per-cell update (grid/grid_system.hpp), their shape (grid/grid_shape.hpp) and the
 Cell interface the update reads (grid/cell.hpp).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_GRID_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_GRID_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <boost/numeric/odeint/tiled/grid/cell.hpp>
#include <boost/numeric/odeint/tiled/grid/grid_shape.hpp>
#include <boost/numeric/odeint/tiled/grid/grid_system.hpp>

#endif // BOOST_NUMERIC_ODEINT_TILED_GRID_HPP_INCLUDED
