/*
 boost/numeric/odeint/tiled/system/limited_access_system.hpp

 The LimitedAccessSystem concept: a right-hand side f(t, y) given one component
 at a time, whose component j reads only y[j-d .. j+d].

   std::size_t access_distance() const;                        // d
   template <class Y>
   Value operator()(std::size_t j, const Y& y, Time t) const;  // f_j(t, y)

 Y is any indexable view: y[i] is valid for |i - j| <= d and 0 <= i < n, and
 nothing else may be assumed about it (it may be a std::vector, a pointer into a
 tile buffer, or a device view). d >= n is legal; it just means "reads everything".

 Optional, for periodic systems, whose reads wrap around the state's ends (component
 0 reads y[n-1], so access_distance() is about n):

   std::size_t cyclic_access_distance() const;                 // c

 component j reads only y[(j-c) mod n .. (j+c) mod n]. Where the backend runs ring
 plans (the TBB backend), the steppers tile with c around the ring instead of d
 (core/tiling_plan.hpp, access_topology::ring); elsewhere d holds. y[i] is then
 valid for i within c of j around the ring.

 is_limited_access_system<S, Value, Time> tests the concept; the helper
 detail::check_limited_access_system<S, Value, Time[, State]>() fires one readable
 static_assert per missing requirement, or, for an odeint system on State
 (sys(x, dxdt, t)), one that says what a tiled stepper needs instead.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_SYSTEM_LIMITED_ACCESS_SYSTEM_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_SYSTEM_LIMITED_ACCESS_SYSTEM_HPP_INCLUDED

#include <cstddef>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/tiled/config.hpp>
#include <boost/numeric/odeint/tiled/system/range_rhs.hpp>
#include <boost/numeric/odeint/tiled/system/stage_view.hpp>

namespace boost {
namespace numeric {
namespace odeint {
namespace tiled {

namespace detail {

// The least a view handed to a LimitedAccessSystem offers: read-only indexing.
// The trait calls the system with it in an unevaluated context, so it checks the
// call's signature; a body that uses more of Y (size(), data(), iterators) is
// only caught when the body gets instantiated (e.g. for a deduced return type).
template <class Value>
struct probe_view {
    BOOST_ODEINT_TILED_HD Value operator[](std::size_t) const { return Value(); }
};

template <class S, class = void>
struct has_access_distance : std::false_type {};

template <class S>
struct has_access_distance<S, std::void_t<decltype(std::declval<const S&>().access_distance())>>
    : std::is_convertible<decltype(std::declval<const S&>().access_distance()), std::size_t> {};

template <class S, class = void>
struct has_cyclic_access_distance : std::false_type {};

template <class S>
struct has_cyclic_access_distance<S, std::void_t<decltype(std::declval<const S&>().cyclic_access_distance())>>
    : std::is_convertible<decltype(std::declval<const S&>().cyclic_access_distance()), std::size_t> {};

template <class S, class Value, class Time, class = void>
struct has_component_rhs : std::false_type {};

template <class S, class Value, class Time>
struct has_component_rhs<S, Value, Time,
                         std::void_t<decltype(std::declval<const S&>()(
                             std::declval<std::size_t>(), std::declval<const probe_view<Value>&>(),
                             std::declval<Time>()))>>
    : std::is_convertible<decltype(std::declval<const S&>()(std::declval<std::size_t>(),
                                                            std::declval<const probe_view<Value>&>(),
                                                            std::declval<Time>())),
                          Value> {};

} // namespace detail

// True when S models LimitedAccessSystem for values of type Value and times of
// type Time.
template <class S, class Value = double, class Time = double>
struct is_limited_access_system
    : std::integral_constant<bool, detail::has_access_distance<S>::value &&
                                       detail::has_component_rhs<S, Value, Time>::value> {};

template <class S, class Value = double, class Time = double>
constexpr bool is_limited_access_system_v = is_limited_access_system<S, Value, Time>::value;

namespace detail {

// Whether S is an odeint system for states of type State: s(x, dxdt, t), what an
// odeint user brings to a tiled stepper first.
template <class S, class State, class Time, class = void>
struct has_odeint_rhs : std::false_type {};

template <class S, class State, class Time>
struct has_odeint_rhs<S, State, Time,
                      std::void_t<decltype(std::declval<const S&>()(std::declval<const State&>(),
                                                                    std::declval<State&>(), std::declval<Time>()))>>
    : std::true_type {};

// Whether S declares evaluate_range as one plain (non-template) member function: one
// whose y parameter names a type, which the backends' views are not.
template <class S, class = void>
struct has_plain_evaluate_range : std::false_type {};

template <class S>
struct has_plain_evaluate_range<S, std::void_t<decltype(&S::evaluate_range)>> : std::true_type {};

// Call where a LimitedAccessSystem is required; each requirement has its own
// message so the compiler names exactly what is missing, and an odeint system
// (s(x, dxdt, t) on State) gets one message that says what to write instead.
// Returns true. A stepper runs nothing of a system that fails it
// (is_limited_access_system), so the message is the one error.
template <class S, class Value = double, class Time = double, class State = void>
constexpr bool check_limited_access_system()
{
    constexpr bool odeint_form = !is_limited_access_system<S, Value, Time>::value &&
                                 !std::is_void<State>::value && has_odeint_rhs<S, State, Time>::value;
    static_assert(!odeint_form,
                  "tiled: this is odeint's system form, sys(x, dxdt, t); a tiled stepper needs a LimitedAccessSystem: "
                  "`std::size_t access_distance() const` and `Value operator()(std::size_t j, const Y& y, Time t) "
                  "const`, component j's derivative from y[j-d] .. y[j+d] (doc/concepts.md; tiled::grid makes both "
                  "for grids, doc/grid.md). Stock odeint steppers keep taking the form you have.");
    static_assert(odeint_form || has_access_distance<S>::value,
                  "a LimitedAccessSystem needs `std::size_t access_distance() const`");
    static_assert(odeint_form || has_component_rhs<S, Value, Time>::value,
                  "a LimitedAccessSystem needs `Value operator()(std::size_t j, const Y& y, Time t) const` "
                  "callable with any indexable Y (only y[i] may be used) and returning something "
                  "convertible to Value");
    static_assert(!has_plain_evaluate_range<S>::value || has_range_rhs<S, stage_view<Value>, Value, Time>::value,
                  "tiled: evaluate_range takes the state as a template parameter, `template <class Y> void "
                  "evaluate_range(std::size_t first, std::size_t last, const Y& y, Value* dydt, Time t) const` "
                  "(system/range_rhs.hpp): the backends pass views of their buffers, not your state type, and "
                  "would step without it");
    return true;
}

} // namespace detail

} // namespace tiled
} // namespace odeint
} // namespace numeric
} // namespace boost

#endif // BOOST_NUMERIC_ODEINT_TILED_SYSTEM_LIMITED_ACCESS_SYSTEM_HPP_INCLUDED
