/*
 test/support/cuda_test.hpp

 The common opening of a GPU test of the tiled steppers (the .cu files of test/cuda/): the
 headers (odeint, the umbrella header, which brings the CUDA backend under nvcc,
 the reference problems, Thrust), the require_gpu fixture (no GPU: exit code 77,
 which ctest reports as skipped), the namespace aliases, and the device/host state
 helpers of support/device_agreement.hpp.

     #include "support/cuda_test.hpp"      // first, after any BOOST_ODEINT_TILED_* macro

 One per test program: it registers the global fixture.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_SUPPORT_CUDA_TEST_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_SUPPORT_CUDA_TEST_HPP_INCLUDED

#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include <cuda_runtime_api.h>
#include <thrust/copy.h>
#include <thrust/device_vector.h>

#include "support/device_agreement.hpp"
#include "support/require_gpu.hpp"

using boost_odeint_tiled_test::require_gpu;
BOOST_TEST_GLOBAL_FIXTURE(require_gpu);

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
namespace problems = boost::numeric::odeint::tiled::problems;

using boost_odeint_tiled_test::device_state;
using boost_odeint_tiled_test::host_state;
using boost_odeint_tiled_test::max_relative_difference;
using boost_odeint_tiled_test::to_host;

#endif // BOOST_ODEINT_TILED_TEST_SUPPORT_CUDA_TEST_HPP_INCLUDED
