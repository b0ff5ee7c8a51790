/*
 test/support/test_main.cpp

 main() and the whole Boost.Test implementation for every test executable, from the
 header-only "included" variant: no compiled Boost.Test library is needed. Test files
 include <boost/test/unit_test.hpp> and do not define BOOST_TEST_MODULE.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#define BOOST_TEST_MODULE boost_odeint_tiled
#include <boost/test/included/unit_test.hpp>
