/*
 test/support/test_main.cpp

 main() for every test executable, and Boost.Test's implementation: its compiled
 library where the build found one (test/CMakeLists.txt defines
 BOOST_ODEINT_TILED_TEST_FRAMEWORK_LIBRARY), else the header-only "included" variant,
 compiled here. Test files include <boost/test/unit_test.hpp> and do not define
 BOOST_TEST_MODULE.

 Every test executable also switches the tuning cache off before any test runs, so
 a user's cache never changes what tiling::automatic() picks in a test, however the
 test is started (ctest, b2, by hand); test/tuning/ points it at files of its own.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#define BOOST_TEST_MODULE boost_odeint_tiled
#if defined(BOOST_ODEINT_TILED_TEST_FRAMEWORK_LIBRARY)
#include <boost/test/unit_test.hpp>
#else
#include <boost/test/included/unit_test.hpp>
#endif

#include <cstdlib>

namespace {

const bool tuning_cache_off = [] { return ::setenv("BOOST_ODEINT_TILED_TUNING_CACHE", "off", 1) == 0; }();

} // namespace
