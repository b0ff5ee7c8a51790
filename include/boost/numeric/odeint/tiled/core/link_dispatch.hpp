/*
 boost/numeric/odeint/tiled/core/link_dispatch.hpp

 Turns a run-time link index into a compile-time one: plans are run-time data,
 while each link's linear combination is generated from the tableau at compile time.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_CORE_LINK_DISPATCH_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_CORE_LINK_DISPATCH_HPP_INCLUDED

#include <cstddef>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/tiled/config.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

template <class F, std::size_t... J>
BOOST_ODEINT_TILED_HD void dispatch_link_impl(std::size_t j, F&& f, std::index_sequence<J...>)
{
    ((j == J ? (f(std::integral_constant<std::size_t, J>{}), 0) : 0), ...);
}

//! Calls f(std::integral_constant<std::size_t, j>{}) for the run-time j < Links.
template <std::size_t Links, class F>
BOOST_ODEINT_TILED_HD void dispatch_link(std::size_t j, F&& f)
{
    dispatch_link_impl(j, static_cast<F&&>(f), std::make_index_sequence<Links>{});
}

template <class F, std::size_t... M>
BOOST_ODEINT_TILED_HD void for_each_index_impl(F&& f, std::index_sequence<M...>)
{
    (f(std::integral_constant<std::size_t, M>{}), ...);
}

//! Calls f(std::integral_constant<std::size_t, m>{}) for m = 0 .. N-1, in order.
template <std::size_t N, class F>
BOOST_ODEINT_TILED_HD void for_each_index(F&& f)
{
    for_each_index_impl(static_cast<F&&>(f), std::make_index_sequence<N>{});
}

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_CORE_LINK_DISPATCH_HPP_INCLUDED
