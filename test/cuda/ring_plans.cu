/*
 test/cuda/ring_plans.cu

 Periodic systems on the GPU (thrust::device_vector). The periodic Lorenz-96, whose
 reads wrap around the state's ends (cyclic_access_distance() = 2, access_distance()
 = n - 1), steps with RK4, DOPRI5 (with its error estimate), the controlled DOPRI5
 and Cash-Karp and DOPRI5's dense output (automatic() and none()) and agrees with
 odeint's steppers on the host to 1e-12 relative (adaptive: the same steps, 1e-10).
 Fixed steps and the adaptive steppers' steps run on the line of the unrolled ring
 (system/unrolled_ring.hpp) on the streaming kernel where it takes them (Lorenz-96 and
 a stencil of cyclic distance 3, Euler, RK4, DOPRI5 and Cash-Karp with error vectors,
 in place and not, rings from the shortest that unrolls, F_0 handed on from step to
 step, dense output's kept derivatives); elsewhere on the plan along the state
 (none() whatever tiling was asked for, the stage kernels: Fehlberg 7(8)). The executor, handed ring plans directly (trapezoids
 down to their narrowest, hexagons run as trapezoids), runs them on the general
 kernel, correctly.

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

//! A time-dependent periodic stencil of cyclic distance 3, its wrap written with %.
struct ring_stencil
{
    std::size_t n;

    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return n - 1; }
    BOOST_ODEINT_TILED_HD std::size_t cyclic_access_distance() const { return 3; }

    template <class Y>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t j, const Y& y, double t) const
    {
        double s = -0.2 * y[j] * (1.0 + t);
        for (std::size_t k = 1; k <= 3; ++k)
            s += (0.1 / double(k)) * (y[(j + k) % n] - y[(j + n - k) % n]) + 0.03 * y[(j + n - k) % n];
        return s;
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
        // 30 steps with `tiling`, checked against odeint; the stepper, for its plan and path
        const auto stepped = [&](const tiled::tiling& tiling) {
            tiled::runge_kutta4<device_state> rk4(tiling);
            device_state x = x0;
            for (int s = 0; s < 30; ++s) rk4.do_step(sys, x, 0.01 * s, 0.01);
            const double diff = max_relative_difference(to_host(x), reference);
            BOOST_TEST(diff <= 1e-12, "max relative difference " << diff);
            return rk4;
        };
        // automatic(): the line of the unrolled ring where it is long enough (n > 2 s c),
        // else the plan along the state, where d is n - 1; none(): always along the state
        for (const tiled::tiling& tiling : {tiled::tiling::automatic(), tiled::tiling::none()})
            BOOST_TEST_CONTEXT("n = " << n << ", " << tiling)
            {
                const auto rk4 = stepped(tiling);
                BOOST_REQUIRE(rk4.plan() != nullptr);
                BOOST_TEST((rk4.plan()->topology == tiled::access_topology::line));
                const bool unrolled = tiling.kind() == tiled::tiling::scheme::automatic && n >= 20000;
                if (unrolled)
                {
                    BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
                    BOOST_TEST(rk4.plan()->n == n + 2 * 4 * 2);
                    BOOST_TEST(rk4.plan()->d == 2u);
                }
                else if (n >= 20000)
                    BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::stage_kernels));
            }
        if (n < 20000) continue;
        // explicit trapezoids and hexagons run on the unrolled ring too, as overlapped tiles
        // of the whole chain as wide as asked (at least 2 (L - 1) c + 1 = 13: the last one
        // is widened), as on the CPU they run on ring plans
        for (const tiled::tiling& tiling : {tiled::tiling::trapezoidal(1024, 4), tiled::tiling::hexagonal(600, 2),
                                            tiled::tiling::trapezoidal(8, 2).threads_per_block(128)})
            BOOST_TEST_CONTEXT("n = " << n << ", " << tiling)
            {
                const auto rk4 = stepped(tiling);
                BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
                BOOST_REQUIRE(rk4.plan() != nullptr);
                BOOST_TEST(rk4.plan()->n == n + 2 * 4 * 2);
                BOOST_TEST(rk4.plan()->d == 2u);
                BOOST_TEST((rk4.tiling().kind() == tiled::tiling::scheme::overlapped));
                BOOST_TEST(rk4.tiling().height() == 4u);
                BOOST_TEST(rk4.tiling().width() == std::max<std::size_t>(tiling.width(), 13));
            }
        // overlapped tiles that own fewer components than the line's halo (H = 8): some own
        // only halo components, and must store none of them (they wrapped onto the ring's
        // first components, racing with the tile that owns those)
        for (std::size_t width = 13; width <= 24; ++width)
            BOOST_TEST_CONTEXT("n = " << n << ", overlapped(" << width << ", 4)")
            {
                stepped(tiled::tiling::overlapped(width, 4));
                BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
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

            // automatic(): the fused adaptive steps on the unrolled ring (F_0 handed on
            // from step to step), none(): along the state
            const auto expected = tiling.kind() == tiled::tiling::scheme::automatic
                                      ? tiled::cuda_kernel_path::streaming_tiles
                                      : tiled::cuda_kernel_path::stage_kernels;
            auto ctl_t = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<device_state>(tiling));
            auto ctl_o = odeint::make_controlled(1e-8, 1e-8, odeint::runge_kutta_dopri5<host_state>());
            device_state y = x0;
            host_state b = x0;
            const std::size_t steps_t = odeint::integrate_adaptive(ctl_t, sys, y, 0.0, 0.2, 0.05);
            BOOST_TEST((tiled::cuda_executor::last_path() == expected));
            const std::size_t steps_o = odeint::integrate_adaptive(ctl_o, tiled::as_odeint_system(sys), b, 0.0, 0.2, 0.05);
            BOOST_TEST(steps_t == steps_o);
            BOOST_TEST(max_relative_difference(to_host(y), b) <= 1e-10);

            // Cash-Karp (no FSAL): the same, each try from scratch
            auto ck_t = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_cash_karp54<device_state>(tiling));
            auto ck_o = odeint::make_controlled(1e-8, 1e-8, odeint::runge_kutta_cash_karp54<host_state>());
            y = x0;
            b = x0;
            const std::size_t ck_steps_t = odeint::integrate_adaptive(ck_t, sys, y, 0.0, 0.2, 0.05);
            BOOST_TEST((tiled::cuda_executor::last_path() == expected));
            const std::size_t ck_steps_o = odeint::integrate_adaptive(ck_o, tiled::as_odeint_system(sys), b, 0.0, 0.2, 0.05);
            BOOST_TEST(ck_steps_t == ck_steps_o);
            BOOST_TEST(max_relative_difference(to_host(y), b) <= 1e-10);

            // dense output: every stage derivative kept, n values each, written modulo n
            auto dense_t = odeint::make_dense_output(1e-8, 1e-8, tiled::runge_kutta_dopri5<device_state>(tiling));
            auto dense_o = odeint::make_dense_output(1e-8, 1e-8, odeint::runge_kutta_dopri5<host_state>());
            std::vector<host_state> seen_t, seen_o;
            y = x0;
            b = x0;
            odeint::integrate_const(dense_t, sys, y, 0.0, 0.2, 0.05,
                                    [&](const device_state& v, double) { seen_t.push_back(to_host(v)); });
            BOOST_TEST((tiled::cuda_executor::last_path() == expected));
            odeint::integrate_const(dense_o, tiled::as_odeint_system(sys), b, 0.0, 0.2, 0.05,
                                    [&](const host_state& v, double) { seen_o.push_back(v); });
            BOOST_REQUIRE_EQUAL(seen_t.size(), seen_o.size());
            for (std::size_t i = 0; i < seen_t.size(); ++i) BOOST_TEST(max_relative_difference(seen_t[i], seen_o[i]) <= 1e-10);
        }
}

/*! n fixed steps of Tiled (with automatic() or `tiling`) and odeint's Stock from x0, in
    place and into another state, with the error vector for embedded methods; all to
    1e-12 relative (errors to 1e-14 absolute) of odeint on the host. */
template <template <class...> class Tiled, class Stock, class Sys>
void check_fixed_steps(const char* name, const Sys& sys, const host_state& x0, const tiled::tiling& tiling, int steps,
                       bool expect_unrolled)
{
    using stepper_type = Tiled<device_state>;
    constexpr bool embedded = stepper_type::is_embedded;
    const std::size_t n = x0.size();
    const double dt = 0.01;
    host_state reference = x0, reference_err(n);
    Stock stock;
    for (int s = 0; s < steps; ++s)
    {
        if constexpr (embedded)
        {
            host_state next(n);
            stock.do_step(tiled::as_odeint_system(sys), reference, dt * s, next, dt, reference_err);
            reference = next;
        }
        else
            stock.do_step(tiled::as_odeint_system(sys), reference, dt * s, dt);
    }
    BOOST_TEST_CONTEXT(name << ", n = " << n << ", " << tiling)
    {
        stepper_type in_place(tiling), into(tiling);
        device_state x = x0, a = x0, b(n), err(n);
        for (int s = 0; s < steps; ++s)
        {
            if constexpr (embedded)
            {
                in_place.do_step(sys, x, dt * s, b, dt, err);
                x.swap(b);
            }
            else
                in_place.do_step(sys, x, dt * s, dt);
            if (expect_unrolled)
                BOOST_TEST((tiled::cuda_executor::last_path() == tiled::cuda_kernel_path::streaming_tiles));
            into.do_step(sys, a, dt * s, b, dt);
            a.swap(b);
        }
        const double diff = max_relative_difference(to_host(x), reference);
        BOOST_TEST(diff <= 1e-12, "max relative difference " << diff);
        BOOST_TEST(max_relative_difference(to_host(a), reference) <= 1e-12);
        if constexpr (embedded)
        {
            const host_state e = to_host(err);
            double worst = 0.0;
            for (std::size_t i = 0; i < n; ++i) worst = std::max(worst, std::abs(e[i] - reference_err[i]));
            BOOST_TEST(worst <= 1e-14, "largest difference of the error estimates " << worst);
        }
        BOOST_REQUIRE(in_place.plan() != nullptr);
        if (expect_unrolled)
        {
            const std::size_t c = sys.cyclic_access_distance();
            BOOST_TEST(in_place.plan()->n == n + 2 * stepper_type::tableau_type::stages * c);
            BOOST_TEST(in_place.plan()->d == c);
            BOOST_TEST((in_place.tiling().kind() == tiled::tiling::scheme::overlapped));
        }
    }
}

// Fixed steps of periodic systems on the line of their unrolled ring (n + 2 s c
// components, d = c, system/unrolled_ring.hpp) on the streaming kernel: rings from the
// shortest that unrolls (n = 2 s c + 1) up, n not a multiple of any chunk, in place
// and into another state, with error vectors; chains the streaming kernel is not built
// for, and rings too short to unroll, step on the plan along the state (none(), whatever
// tiling was asked for).
BOOST_AUTO_TEST_CASE(periodic_systems_step_on_the_line_of_their_unrolled_ring)
{
    const tiled::tiling automatic = tiled::tiling::automatic();
    for (std::size_t n : {17u, 25u, 97u, 4099u, 100003u, (1u << 20) + 3u})
    {
        const lorenz96_ring lorenz{n, 8.0};
        const host_state x0 = lorenz_state(n);
        const bool big = n >= 4099;
        check_fixed_steps<tiled::runge_kutta4, odeint::runge_kutta4<host_state>>("lorenz96 rk4", lorenz, x0, automatic, 20,
                                                                                  big);
        check_fixed_steps<tiled::euler, odeint::euler<host_state>>("lorenz96 euler", lorenz, x0, automatic, 20, big);
        check_fixed_steps<tiled::runge_kutta_dopri5, odeint::runge_kutta_dopri5<host_state>>(
            "lorenz96 dopri5", lorenz, x0, automatic, 10, big && n > 2 * 7 * 2);
        check_fixed_steps<tiled::runge_kutta_cash_karp54, odeint::runge_kutta_cash_karp54<host_state>>(
            "lorenz96 cash_karp54", lorenz, x0, automatic, 10, big);
        const ring_stencil stencil{n};
        if (n > 2 * 4 * 3)
            check_fixed_steps<tiled::runge_kutta4, odeint::runge_kutta4<host_state>>("stencil c = 3 rk4", stencil, x0,
                                                                                      automatic, 20, big);
    }
    // an explicit overlapped tiling is honoured on the line
    const std::size_t n = 50001;
    const host_state x0 = lorenz_state(n);
    check_fixed_steps<tiled::runge_kutta4, odeint::runge_kutta4<host_state>>(
        "lorenz96 rk4", lorenz96_ring{n, 8.0}, x0, tiled::tiling::overlapped(3000, 4).threads_per_block(128), 20, true);
    // a chain the streaming kernel is not built for: along the state, still right, and
    // explicit tilings there run none() (the wrap makes d = n - 1, which no tile fits)
    // instead of being refused for that d
    for (const tiled::tiling& t : {automatic, tiled::tiling::trapezoidal(512, 13), tiled::tiling::hexagonal(512, 4),
                                   tiled::tiling::overlapped(8192, 13)})
    {
        check_fixed_steps<tiled::runge_kutta_fehlberg78, odeint::runge_kutta_fehlberg78<host_state>>(
            "lorenz96 fehlberg78", lorenz96_ring{n, 8.0}, x0, t, 5, false);
        tiled::runge_kutta_fehlberg78<device_state> stepper(t);
        device_state x = x0;
        stepper.do_step(lorenz96_ring{n, 8.0}, x, 0.0, 0.01);
        BOOST_TEST_CONTEXT("fehlberg78, " << t)
        BOOST_TEST((stepper.tiling().kind() == tiled::tiling::scheme::none));
    }
}

BOOST_AUTO_TEST_SUITE_END()
