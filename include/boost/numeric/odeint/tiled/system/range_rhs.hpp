/*
 boost/numeric/odeint/tiled/system/range_rhs.hpp

 The optional range form of a LimitedAccessSystem, for speed on CPUs (the
 "Eval-Range" function of Werner's thesis, §8.4.1):

     template <class Y, class Out, class Time>
     void evaluate_range(std::size_t first, std::size_t last, const Y& y, Out* dydt, Time t) const;

 writes f_first .. f_{last-1} to dydt[0 .. last-first). y is indexed with global
 component numbers like in operator(); &y[i] is a pointer to component i, and the
 components first-d .. last-1+d (clipped to [0, n)) are contiguous behind it, so a
 system can run its interior as plain loops over pointers, which compilers
 vectorise. It must compute the same values as operator(). The TBB backend and
 as_odeint_system use it where a system has it; GPUs always use operator().

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_SYSTEM_RANGE_RHS_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_SYSTEM_RANGE_RHS_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <type_traits>
#include <utility>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

template <class System, class Y, class Value, class Time, class = void>
struct has_range_rhs : std::false_type {};

template <class System, class Y, class Value, class Time>
struct has_range_rhs<System, Y, Value, Time,
                     std::void_t<decltype(std::declval<const System&>().evaluate_range(
                         std::size_t(), std::size_t(), std::declval<const Y&>(), std::declval<Value*>(),
                         std::declval<Time>()))>> : std::true_type {};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_SYSTEM_RANGE_RHS_HPP_INCLUDED
