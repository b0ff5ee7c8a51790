/*
 test/cuda/grid_tiles_adaptive.cu

 The grid tile kernel in adaptive steps and for float states: controlled DOPRI5 (the
 error norm reduced in the kernel, the last derivative handed on) takes the same
 steps as with tiling::none(); a float BRUSS2D agrees with tiling::none() to 1e-6.

 Without a CUDA device the program exits with 77 before any test runs (ctest: skipped).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#define BOOST_ODEINT_TILED_CHECK_ACCESS 0

#include "support/cuda_test.hpp"
#include "support/grid_tiles_support.hpp"

namespace grid = boost::numeric::odeint::tiled::grid;
using namespace boost_odeint_tiled_test;

BOOST_AUTO_TEST_CASE(adaptive_dopri5_takes_the_same_steps)
{
    const problems::grid_bruss2d sys(150, 120);
    const std::vector<double> x0 = initial_of(sys);
    thrust::device_vector<double> a(x0.begin(), x0.end()), b(x0.begin(), x0.end());
    auto grid_ctl = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<thrust::device_vector<double>>());
    auto none_ctl = odeint::make_controlled(
        1e-8, 1e-8, tiled::runge_kutta_dopri5<thrust::device_vector<double>>(tiled::tiling::none()));
    const std::size_t sa = odeint::integrate_adaptive(grid_ctl, sys, a, 0.0, 0.002, 1e-5);
    BOOST_TEST((tiled::cuda_executor::last_path() == tiled::cuda_kernel_path::grid_tiles));
    const std::size_t sb = odeint::integrate_adaptive(none_ctl, sys, b, 0.0, 0.002, 1e-5);
    BOOST_TEST(sa == sb);
    BOOST_TEST(max_relative_difference(to_host(a), to_host(b)) <= 1e-10);
}

BOOST_AUTO_TEST_CASE(float_states)
{
    const problems::grid_bruss2d sys(64, 90);
    const std::vector<double> x0 = initial_of(sys);
    std::vector<float> f0(x0.begin(), x0.end());
    thrust::device_vector<float> a(f0.begin(), f0.end()), b(f0.begin(), f0.end());
    tiled::runge_kutta4<thrust::device_vector<float>, float> g;
    tiled::runge_kutta4<thrust::device_vector<float>, float> n(tiled::tiling::none());
    for (int i = 0; i < 10; ++i) { g.do_step(sys, a, float(i) * 1e-3f, 1e-3f); }
    BOOST_TEST((tiled::cuda_executor::last_path() == tiled::cuda_kernel_path::grid_tiles));
    for (int i = 0; i < 10; ++i) { n.do_step(sys, b, float(i) * 1e-3f, 1e-3f); }
    std::vector<float> ha(a.size()), hb(b.size());
    thrust::copy(a.begin(), a.end(), ha.begin());
    thrust::copy(b.begin(), b.end(), hb.begin());
    double m = 0;
    for (std::size_t i = 0; i < ha.size(); ++i) m = std::max(m, std::abs(double(ha[i]) - hb[i]) / std::max(1.0, std::abs(double(hb[i]))));
    BOOST_TEST(m <= 1e-6);
}
