/*
 test/build/umbrella_header.cu

 Under nvcc the umbrella header alone is enough for a thrust::device_vector state:
 it brings the CUDA backend, the state selects it, and a step on the device agrees
 with the same step on the host. No other library header is included here.

 Without a CUDA device the program exits with 77 before any test runs (ctest: skipped).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/numeric/odeint/tiled.hpp>

#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <type_traits>
#include <vector>

#include "support/require_gpu.hpp"

using boost_odeint_tiled_test::require_gpu;
BOOST_TEST_GLOBAL_FIXTURE(require_gpu);

namespace tiled = boost::numeric::odeint::tiled;

namespace {

static_assert(std::is_same<tiled::runge_kutta4<thrust::device_vector<double>>::algebra_type, tiled::cuda_algebra>::value,
              "a device_vector state selects the CUDA backend with the umbrella header alone");
static_assert(std::is_same<tiled::runge_kutta4<std::vector<double>>::algebra_type, tiled::tbb_algebra>::value,
              "host containers keep the TBB backend under nvcc");

//! dy_j/dt = k (y_{j-1} - 2 y_j + y_{j+1}), mirrored ends.
struct chain
{
    std::size_t n;
    double k;
    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return 1; }
    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t j, const Y& y, Time) const
    {
        const double l = j > 0 ? y[j - 1] : y[j + 1], r = j + 1 < n ? y[j + 1] : y[j - 1];
        return k * (l - 2.0 * y[j] + r);
    }
};

} // namespace

BOOST_AUTO_TEST_SUITE(umbrella_header_cuda)

BOOST_AUTO_TEST_CASE(a_device_vector_state_steps_on_the_gpu_with_the_umbrella_header_alone)
{
    const std::size_t n = 5000;
    std::vector<double> host(n);
    for (std::size_t j = 0; j < n; ++j) host[j] = 1.0 + std::sin(0.01 * double(j));
    thrust::device_vector<double> device(host.begin(), host.end());

    tiled::runge_kutta4<thrust::device_vector<double>> on_device;
    tiled::runge_kutta4<std::vector<double>> on_host;
    const chain sys{n, 0.5};
    for (int s = 0; s < 20; ++s)
    {
        on_device.do_step(sys, device, 0.01 * s, 0.01);
        on_host.do_step(sys, host, 0.01 * s, 0.01);
    }
    double diff = 0.0;
    for (std::size_t j = 0; j < n; ++j)
        diff = std::max(diff, std::abs(double(device[j]) - host[j]) / std::abs(host[j]));
    BOOST_TEST(diff <= 1e-12, "device vs host after 20 steps: max relative difference " << diff);
}

BOOST_AUTO_TEST_SUITE_END()
