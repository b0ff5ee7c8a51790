/*
 test/build/umbrella_header.cpp

 The umbrella header is self-contained (included first, on its own), may be included
 twice, and defines the library version, which agrees with the CMake project version.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled.hpp>

#include <boost/test/unit_test.hpp>

#if !defined(BOOST_ODEINT_TILED_VERSION_MAJOR) || !defined(BOOST_ODEINT_TILED_VERSION_MINOR) \
    || !defined(BOOST_ODEINT_TILED_VERSION_PATCH)
#error "<boost/numeric/odeint/tiled.hpp> must define BOOST_ODEINT_TILED_VERSION_{MAJOR,MINOR,PATCH}"
#endif

#if !defined(BOOST_ODEINT_TILED_HD)
#error "<boost/numeric/odeint/tiled.hpp> must define BOOST_ODEINT_TILED_HD"
#endif

BOOST_AUTO_TEST_SUITE(umbrella_header)

BOOST_AUTO_TEST_CASE(defines_a_version_that_matches_the_build_system)
{
    BOOST_TEST(BOOST_ODEINT_TILED_VERSION_MAJOR >= 0);
    BOOST_TEST(BOOST_ODEINT_TILED_VERSION_MINOR >= 0);
    BOOST_TEST(BOOST_ODEINT_TILED_VERSION_PATCH >= 0);
#if defined(BOOST_ODEINT_TILED_CMAKE_VERSION_MAJOR)
    BOOST_TEST(BOOST_ODEINT_TILED_VERSION_MAJOR == BOOST_ODEINT_TILED_CMAKE_VERSION_MAJOR);
    BOOST_TEST(BOOST_ODEINT_TILED_VERSION_MINOR == BOOST_ODEINT_TILED_CMAKE_VERSION_MINOR);
    BOOST_TEST(BOOST_ODEINT_TILED_VERSION_PATCH == BOOST_ODEINT_TILED_CMAKE_VERSION_PATCH);
#endif
}

BOOST_AUTO_TEST_SUITE_END()
