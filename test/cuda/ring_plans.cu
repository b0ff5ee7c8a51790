/*
 test/cuda/ring_plans.cu

 Periodic systems on the GPU (thrust::device_vector). The periodic Lorenz-96, whose
 reads wrap around the state's ends (cyclic_access_distance() = 2, access_distance()
 = n - 1), steps with RK4, DOPRI5 (with its error estimate) and the controlled
 DOPRI5 (automatic() and none()) and agrees with odeint's steppers on the host to 1e-12
 relative. The CUDA backend gives such systems their plan along the state (none(),
 the stage kernels: faster on it than ring plans on the general kernel), and the
 executor, handed ring plans directly (trapezoids down to their narrowest, hexagons
 run as trapezoids), runs them on the general kernel, correctly.

 Without a CUDA device the program exits with 77 before any test runs (ctest: skipped).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include "support/cuda_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace {

//! The periodic Lorenz-96: dx_i/dt = (x_{i+1} - x_{i-2}) x_{i-1} - x_i + F.
struct lorenz96_ring
{
    std::size_t n;
    double forcing;

    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return n - 1; }
    BOOST_ODEINT_TILED_HD std::size_t cyclic_access_distance() const { return 2; }

    template <class Y>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t i, const Y& x, double) const
    {
        const double xm2 = x[i >= 2 ? i - 2 : i + n - 2];
        const double xm1 = x[i >= 1 ? i - 1 : n - 1];
        const double xp1 = x[i + 1 < n ? i + 1 : 0];
        return (xp1 - xm2) * xm1 - x[i] + forcing;
    }
};

host_state lorenz_state(std::size_t n)
{
    host_state x(n, 8.0);
    for (std::size_t i = 0; i < n; ++i) x[i] += 0.01 * double((i * 7919) % 23) - 0.1;
    return x;
}

} // namespace

BOOST_AUTO_TEST_SUITE(cuda_ring_plans)

BOOST_AUTO_TEST_CASE(lorenz96_on_a_ring_agrees_with_odeint_on_every_tiling)
{
    using tiled::cuda_kernel_path;
    for (std::size_t n : {5u, 97u, 20000u, 100003u})
    {
        const lorenz96_ring sys{n, 8.0};
        const host_state x0 = lorenz_state(n);
        host_state reference = x0;
        odeint::runge_kutta4<host_state> stock;
        for (int s = 0; s < 30; ++s) stock.do_step(tiled::as_odeint_system(sys), reference, 0.01 * s, 0.01);
        // along the state d is n - 1: only tilings that hold it (explicit narrower ones
        // throw, as for any system whose d they cannot hold)
        for (const tiled::tiling& tiling : {tiled::tiling::automatic(), tiled::tiling::none()})
            BOOST_TEST_CONTEXT("n = " << n << ", " << tiling)
            {
                tiled::runge_kutta4<device_state> rk4(tiling);
                device_state x = x0;
                for (int s = 0; s < 30; ++s) rk4.do_step(sys, x, 0.01 * s, 0.01);
                const double diff = max_relative_difference(to_host(x), reference);
                BOOST_TEST(diff <= 1e-12, "max relative difference " << diff);
                BOOST_REQUIRE(rk4.plan() != nullptr);
                BOOST_TEST((rk4.plan()->topology == tiled::access_topology::line));
                if (n >= 20000) BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::stage_kernels));
            }
    }
}

BOOST_AUTO_TEST_CASE(the_executor_runs_ring_plans_on_the_general_kernel)
{
    using tableau = tiled::runge_kutta4_tableau;
    const auto chain = tiled::make_link_chain<tableau, false>();
    for (std::size_t n : {97u, 20000u, 100003u})
    {
        const lorenz96_ring sys{n, 8.0};
        const host_state x0 = lorenz_state(n);
        host_state reference = x0;
        odeint::runge_kutta4<host_state> stock;
        for (int s = 0; s < 20; ++s) stock.do_step(tiled::as_odeint_system(sys), reference, 0.01 * s, 0.01);
        for (const tiled::tiling& tiling : {tiled::tiling::trapezoidal(14, 4), tiled::tiling::trapezoidal(4096, 4),
                                            tiled::tiling::trapezoidal(999, 2), tiled::tiling::hexagonal(2048, 4)})
            BOOST_TEST_CONTEXT("n = " << n << ", " << tiling)
            {
                const tiled::tiling_plan plan = tiled::make_tiling_plan(chain, n, 2, tiling, tiled::access_topology::ring);
                BOOST_REQUIRE(tiled::check_plan(plan));
                tiled::cuda_workspace<double> ws;
                device_state a = x0, b(n);
                for (int s = 0; s < 20; ++s)
                {
                    tiled::cuda_executor::run<tableau, false, tiled::fused_operations>(
                        plan, ws, sys, thrust::raw_pointer_cast(a.data()), thrust::raw_pointer_cast(b.data()),
                        static_cast<double*>(nullptr), 0.01 * s, 0.01);
                    a.swap(b);
                }
                BOOST_TEST((tiled::cuda_executor::last_path() == tiled::cuda_kernel_path::general_tiles));
                const double diff = max_relative_difference(to_host(a), reference);
                BOOST_TEST(diff <= 1e-12, "max relative difference " << diff);
            }
    }
}

BOOST_AUTO_TEST_CASE(dopri5_with_its_error_and_the_controlled_dopri5_on_a_ring_agree_with_odeint)
{
    const std::size_t n = 30001;
    const lorenz96_ring sys{n, 8.0};
    const host_state x0 = lorenz_state(n);
    for (const tiled::tiling& tiling : {tiled::tiling::automatic(), tiled::tiling::none()})
        BOOST_TEST_CONTEXT(tiling)
        {
            tiled::runge_kutta_dopri5<device_state> dopri(tiling);
            odeint::runge_kutta_dopri5<host_state> stock;
            device_state x = x0, out(n), err(n);
            host_state a = x0, a_out(n), a_err(n);
            dopri.do_step(sys, x, 0.0, out, 0.01, err);
            stock.do_step(tiled::as_odeint_system(sys), a, 0.0, a_out, 0.01, a_err);
            BOOST_TEST(max_relative_difference(to_host(out), a_out) <= 1e-12);
            host_state e = to_host(err);
            double worst = 0.0;  // error estimates: differences of nearly equal sums
            for (std::size_t i = 0; i < n; ++i) worst = std::max(worst, std::abs(e[i] - a_err[i]));
            BOOST_TEST(worst <= 1e-14, "largest difference of the error estimates " << worst);

            auto ctl_t = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<device_state>(tiling));
            auto ctl_o = odeint::make_controlled(1e-8, 1e-8, odeint::runge_kutta_dopri5<host_state>());
            device_state y = x0;
            host_state b = x0;
            const std::size_t steps_t = odeint::integrate_adaptive(ctl_t, sys, y, 0.0, 0.2, 0.05);
            const std::size_t steps_o = odeint::integrate_adaptive(ctl_o, tiled::as_odeint_system(sys), b, 0.0, 0.2, 0.05);
            BOOST_TEST(steps_t == steps_o);
            BOOST_TEST(max_relative_difference(to_host(y), b) <= 1e-10);
        }
}

BOOST_AUTO_TEST_SUITE_END()
