/*
 test/support/test_main.cpp

 main() and the whole Boost.Test implementation for every test executable, from the
 header-only "included" variant: no compiled Boost.Test library is needed. Test files
 include <boost/test/unit_test.hpp> and do not define BOOST_TEST_MODULE.

 Every test executable also switches the tuning cache off before any test runs, so
 a user's cache never changes what tiling::automatic() picks in a test, however the
 test is started (ctest, b2, by hand); test/tuning/ points it at files of its own.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#define BOOST_TEST_MODULE boost_odeint_tiled
#include <boost/test/included/unit_test.hpp>

#include <cstdlib>

namespace {

const bool tuning_cache_off = [] { return ::setenv("BOOST_ODEINT_TILED_TUNING_CACHE", "off", 1) == 0; }();

} // namespace
