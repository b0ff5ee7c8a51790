/*
 boost_odeint_tiled/problem_forms.hpp

 The forms in which `bench --form` runs BRUSS2D (see form_kind in bench.hpp), as far
 as they need a type of their own: component_form<System>, a system seen only through
 its per-component operator() and access_distance().

 Wrapping problems::grid_bruss2d in it hides the grid helper's block form
 (evaluate_range) and its grid tag, so every backend and as_odeint_system evaluate
 the same per-cell update one component per call, as they would for a user who wrote
 only operator(): the difference to the `grid` form is then what the block form and
 the grid geometry buy.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_PROBLEM_FORMS_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_PROBLEM_FORMS_HPP_INCLUDED

#include <cstddef>
#include <type_traits>

#include <boost/numeric/odeint/tiled/config.hpp>

namespace bot_tool {

//! System's per-component form alone: no evaluate_range, no grid_system_tag, nothing
//! else a backend could detect. Trivially copyable whenever System is, so the CUDA
//! backend can pass it to its kernels by value.
template <class System>
struct component_form
{
    static_assert(std::is_trivially_copyable<System>::value,
                  "component_form: the wrapped system must be trivially copyable (kernel arguments are copied bytewise)");

    System system;

    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return system.access_distance(); }

    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD auto operator()(std::size_t j, const Y& y, Time t) const -> decltype(system(j, y, t))
    {
        return system(j, y, t);
    }
};

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_PROBLEM_FORMS_HPP_INCLUDED
