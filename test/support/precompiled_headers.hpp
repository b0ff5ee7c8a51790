/*
 test/support/precompiled_headers.hpp

 The external headers every host test parses, precompiled once per build directory
 (test/CMakeLists.txt, BOOST_ODEINT_TILED_PCH) and included before each test's
 first line. Only external headers: the tests include the library's headers
 themselves, so that each still shows that a header brings its own includes.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_SUPPORT_PRECOMPILED_HEADERS_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_SUPPORT_PRECOMPILED_HEADERS_HPP_INCLUDED

#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint.hpp>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>
#include <tbb/task_arena.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#endif // BOOST_ODEINT_TILED_TEST_SUPPORT_PRECOMPILED_HEADERS_HPP_INCLUDED
