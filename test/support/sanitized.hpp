/*
 test/support/sanitized.hpp

 The sanitizer builds (CMake's BOOST_ODEINT_TILED_SANITIZE defines
 BOOST_ODEINT_TILED_SANITIZED) run the tests 5-50x slower: tests that draw random
 cases or step large states take fewer there, through these, so that every such
 reduction reads the same way.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_SUPPORT_SANITIZED_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_SUPPORT_SANITIZED_HPP_INCLUDED

namespace boost_odeint_tiled_test {

#if defined(BOOST_ODEINT_TILED_SANITIZED)
constexpr bool sanitized = true;
#else
constexpr bool sanitized = false;
#endif

//! `full`, or `under_sanitizers` in a sanitizer build.
template <class T>
constexpr T unless_sanitized(T full, T under_sanitizers)
{
    return sanitized ? under_sanitizers : full;
}

} // namespace boost_odeint_tiled_test

#endif // BOOST_ODEINT_TILED_TEST_SUPPORT_SANITIZED_HPP_INCLUDED
