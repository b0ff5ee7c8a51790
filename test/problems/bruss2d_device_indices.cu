/*
 test/problems/bruss2d_device_indices.cu

 bruss2d::operator() on the GPU finds the same neighbours as on the host for every
 kind of grid its index arithmetic distinguishes: 32-bit grids whose x_max is a
 power of two (the row by a shift) or not (u32_divider), and grids of 2^32
 components or more (on the GPU a double estimate of the row, corrected; on the
 host a 64-bit division). No state that large is allocated: the view hands out a
 value computed from the index, so a wrong neighbour shows as a different value.
 The components checked are the first and last cells of rows around 2^32, 2^33,
 the grid's ends and pseudo-random ones.

 Without a CUDA device the program exits with 77 before any test runs (ctest:
 skipped).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include <thrust/device_vector.h>
#include <thrust/host_vector.h>

#include <cmath>
#include <cstddef>
#include <vector>

#include "support/require_gpu.hpp"

using boost_odeint_tiled_test::require_gpu;
BOOST_TEST_GLOBAL_FIXTURE(require_gpu);

namespace {

namespace pb = boost::numeric::odeint::tiled::problems;

//! y[i] as a function of i whose neighbours all differ, with values in [1, max_value)
constexpr double max_value = 1.0 + 0.001 * 997 + 0.25 * 13 + 0.1;
struct index_view
{
    BOOST_ODEINT_TILED_HD double operator[](std::size_t i) const
    {
        return 1.0 + 0.001 * double(i % 997) + 0.25 * double((i / 997) % 13) + 1e-7 * double(i % 1000003);
    }
};

__global__ void evaluate_on_device(pb::bruss2d sys, const std::size_t* j, double* out, std::size_t count)
{
    const std::size_t k = blockIdx.x * std::size_t(blockDim.x) + threadIdx.x;
    if (k < count) out[k] = sys(j[k], index_view{}, 0.0);
}

//! components to check: both species of the first and last cells of the rows around `at`
void rows_around(const pb::bruss2d& sys, std::size_t at, std::vector<std::size_t>& js)
{
    const std::size_t row = 2 * sys.x_max(), n = sys.size();
    if (at >= n) at = n - 1;
    const std::size_t r0 = at / row;
    for (std::size_t r = r0 > 2 ? r0 - 2 : 0; r < r0 + 3 && r * row < n; ++r)
        for (std::size_t c : {std::size_t(0), std::size_t(1), row - 2, row - 1, row / 2})
            if (c < row) js.push_back(r * row + c);
}

void check_grid(std::size_t x_max, std::size_t y_max)
{
    const pb::bruss2d sys(x_max, y_max);
    const std::size_t n = sys.size();
    std::vector<std::size_t> js;
    for (std::size_t at : {std::size_t(0), n / 2, n - 1, std::size_t(1) << 31, std::size_t(1) << 32,
                           (std::size_t(1) << 32) + 12345, std::size_t(1) << 33})
        rows_around(sys, at, js);
    std::size_t state = 88172645463325252ull;
    for (int i = 0; i < 2000; ++i) {  // xorshift: components all over the grid
        state ^= state << 13; state ^= state >> 7; state ^= state << 17;
        js.push_back(state % n);
    }
    const thrust::device_vector<std::size_t> j_device(js.begin(), js.end());
    thrust::device_vector<double> out(js.size());
    const unsigned threads = 256;
    evaluate_on_device<<<unsigned((js.size() + threads - 1) / threads), threads>>>(
        sys, thrust::raw_pointer_cast(j_device.data()), thrust::raw_pointer_cast(out.data()), js.size());
    BOOST_REQUIRE_EQUAL(cudaDeviceSynchronize(), cudaSuccess);
    const thrust::host_vector<double> device_values = out;
    std::size_t wrong = 0;
    for (std::size_t k = 0; k < js.size(); ++k) {
        const double host = sys(js[k], index_view{}, 0.0);
        // The same neighbours give the same value up to rounding, which nvcc and the host
        // compiler contract into FMAs differently: a few ulps of the terms' size (the
        // Laplacian's terms times D, the reaction's), not of the cancelling result. A wrong
        // neighbour changes the Laplacian by 1e-3 or more, 1e-3 D against the bound's 1e-13 D.
        const double term_scale = sys.diffusion_scale() * 8.0 * max_value + 10.0 * max_value * max_value * max_value;
        if (!(std::abs(device_values[k] - host) <= 1e-13 * term_scale)) {
            if (++wrong <= 5)
                BOOST_TEST_MESSAGE("x_max " << x_max << ", y_max " << y_max << ", j " << js[k] << ": device "
                                            << device_values[k] << ", host " << host);
        }
    }
    BOOST_TEST(wrong == 0u, "x_max " << x_max << ", y_max " << y_max << ": " << wrong << " of " << js.size()
                                     << " components differ");
}

} // namespace

BOOST_AUTO_TEST_CASE(grids_below_2_32_components)
{
    check_grid(16, 524288);    // x_max a power of two: the shift
    check_grid(1000, 8000);    // the divider
    check_grid(1, 4096);       // one column
    check_grid(4096, 1);       // one row
    check_grid(3, 3);
}

BOOST_AUTO_TEST_CASE(grids_of_2_32_components_and_more)
{
    check_grid(16, std::size_t(1) << 28);          // exactly 2^33 components, x_max 2^4
    check_grid(1000, std::size_t(3) << 22);        // 2.5e10 components, x_max not a power of two
    check_grid(65537, 100000);                     // x_max above 2^16, 1.3e10 components
    check_grid((std::size_t(1) << 31) + 11, 3);    // rows longer than 2^32 components
}
