/*
 test/support/require_gpu.hpp

 For GPU tests (*.cu): a Boost.Test global fixture that ends the test program with
 exit code 77 when no usable CUDA device is present. ctest registers GPU tests with
 SKIP_RETURN_CODE 77, so they are reported as skipped, never as passed.

     #include <boost/test/unit_test.hpp>
     #include "support/require_gpu.hpp"
     using boost_odeint_tiled_test::require_gpu;
     BOOST_TEST_GLOBAL_FIXTURE(require_gpu);     // the macro needs an unqualified name

 or call boost_odeint_tiled_test::skip_unless_gpu() at the start of each test case.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_SUPPORT_REQUIRE_GPU_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_SUPPORT_REQUIRE_GPU_HPP_INCLUDED

#include <cuda_runtime_api.h>

#include <cstdio>
#include <cstdlib>

namespace boost_odeint_tiled_test {

// Exit code that ctest maps to "skipped" for tests labelled "gpu".
constexpr int skip_return_code = 77;

// True when at least one CUDA device can be used.
inline bool gpu_available()
{
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
        std::fprintf(stderr, "no usable CUDA device: %s\n", cudaGetErrorString(e));
        cudaGetLastError(); // clear the sticky error state
        return false;
    }
    return count > 0;
}

// Ends the program with exit code 77 when no GPU is present.
inline void skip_unless_gpu()
{
    if (!gpu_available()) {
        std::fprintf(stderr, "skipping: this test needs a CUDA GPU\n");
        std::fflush(stderr);
        std::exit(skip_return_code);
    }
}

struct require_gpu {
    require_gpu() { skip_unless_gpu(); }
};

} // namespace boost_odeint_tiled_test

#endif // BOOST_ODEINT_TILED_TEST_SUPPORT_REQUIRE_GPU_HPP_INCLUDED
