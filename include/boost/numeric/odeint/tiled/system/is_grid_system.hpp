/*
 boost/numeric/odeint/tiled/system/is_grid_system.hpp

 is_grid_system<S>: whether S is a system made by the grid helpers
 (tiled::grid::system, grid/grid_system.hpp), which carry grid_system_tag. Apart from
 the grid headers, so that backends can ask without including them.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_SYSTEM_IS_GRID_SYSTEM_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_SYSTEM_IS_GRID_SYSTEM_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <type_traits>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

//! True for systems made by the grid helpers (tiled::grid::system).
template <class S, class = void>
struct is_grid_system : std::false_type {};
template <class S>
struct is_grid_system<S, std::void_t<typename S::grid_system_tag>> : std::true_type {};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_SYSTEM_IS_GRID_SYSTEM_HPP_INCLUDED
