/*
 boost/numeric/odeint/tiled/system/stage_view.hpp

 What a LimitedAccessSystem's operator()(j, y, t) receives as y inside a tiled
 step: a read-only window on a stage argument that may live in a tile-local
 buffer starting at component `offset`. y[i] is component i of the stage argument
 for every i the tile may read (|i - j| <= d).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_SYSTEM_STAGE_VIEW_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_SYSTEM_STAGE_VIEW_HPP_INCLUDED

#include <cstddef>

#include <boost/numeric/odeint/tiled/config.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

template <class Value>
struct stage_view
{
    const Value* base;   //!< component `offset` lives at base[0]
    long long offset;

    BOOST_ODEINT_TILED_HD const Value& operator[](std::size_t i) const { return base[(long long)i - offset]; }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_SYSTEM_STAGE_VIEW_HPP_INCLUDED
