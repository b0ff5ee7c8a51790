/*
 boost/numeric/odeint/tiled/core/state_access.hpp

 How an executor sees a state: its raw element pointer and length (state_access),
 and whether swap() exchanges buffers in O(1) (state_swaps_buffers). The primary
 templates serve contiguous host containers; a backend whose states live elsewhere
 specialises both for its container (the CUDA backend for thrust::device_vector).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_CORE_STATE_ACCESS_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_CORE_STATE_ACCESS_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <memory>
#include <type_traits>
#include <vector>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

//! Raw element pointer and length of a state. The primary template serves contiguous
//! host containers (std::vector, std::array, boost::array); the CUDA backend
//! specialises it for thrust::device_vector.
template <class State, class Enable = void>
struct state_access
{
    static auto data(State& s) -> decltype(s.data()) { return s.data(); }
    static auto data(const State& s) -> decltype(s.data()) { return s.data(); }
    static std::size_t size(const State& s) { return static_cast<std::size_t>(s.size()); }
};

/*! States whose swap() exchanges their buffers in O(1) without touching the values
    (std::vector; the CUDA backend adds thrust::device_vector): the controlled stepper
    accepts a step by swapping its candidate into the state instead of copying it. */
template <class State>
struct state_swaps_buffers : std::false_type {};
template <class T>
struct state_swaps_buffers<std::vector<T, std::allocator<T>>> : std::true_type {};

namespace detail {

template <class Container>
auto state_data(Container& c) { return state_access<std::remove_const_t<Container>>::data(c); }
template <class Container>
std::size_t state_size(const Container& c) { return state_access<Container>::size(c); }

} // namespace detail

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_CORE_STATE_ACCESS_HPP_INCLUDED
