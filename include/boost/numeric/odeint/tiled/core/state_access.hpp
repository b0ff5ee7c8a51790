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

/*! The value type a tiled stepper computes in unless it is named: the state's element
    type (State::value_type) where that is a floating-point type, so that
    runge_kutta4<std::vector<float>> steps in float, else double. The executors keep
    their stage vectors in the state's own element type, so a stepper's Value must be
    that type (check_state_value). odeint's default is double for every state; for
    double states the two agree. */
template <class State, class Enable = void>
struct state_value
{
    using type = double;
    static constexpr bool from_elements = false;  //!< the state's elements give the type
};
template <class State>
struct state_value<State, std::enable_if_t<std::is_floating_point<typename State::value_type>::value>>
{
    using type = typename State::value_type;
    static constexpr bool from_elements = true;
};

namespace detail {

template <class Container>
auto state_data(Container& c) { return state_access<std::remove_const_t<Container>>::data(c); }
template <class Container>
std::size_t state_size(const Container& c) { return state_access<Container>::size(c); }

//! Whether Value is what a stepper on State computes in: the state's element type
//! where that is a floating-point type (state_value), any Value otherwise.
template <class State, class Value>
constexpr bool state_value_matches()
{
    return !state_value<State>::from_elements || std::is_same<Value, typename state_value<State>::type>::value;
}

//! One static_assert where a stepper names a Value other than its state's
//! floating-point element type (runge_kutta4<std::vector<float>, double>).
template <class State, class Value>
constexpr bool check_state_value()
{
    static_assert(state_value_matches<State, Value>(),
                  "tiled: a stepper computes in its state's element type, so its Value must be that type: "
                  "write runge_kutta4<std::vector<float>> (Value defaults to the element type) or "
                  "runge_kutta4<std::vector<float>, float>");
    return true;
}

} // namespace detail

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_CORE_STATE_ACCESS_HPP_INCLUDED
