/*
 test/steppers/properties.cpp

 Properties of the tiled steppers beyond agreement on the reference problems:
 random (n, d, width, height, threads per tile) on wide_stencil problems, awkward
 corners included (n = 1, d = 0, d >= n/2, width > n, n not a multiple of the width),
 agree with a serial step of the tableau; results are bitwise the same run to run,
 across thread counts (task arenas of 1, 2 and the default number of threads) and
 across tilings; copies share their plans and buffers; and the steppers work in
 odeint's integrate_const, integrate_n_steps, integrate_times and integrate_adaptive
 with observers, observing what odeint's own runge_kutta4 observes.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include "agreement_common.hpp"

#include "support/sanitized.hpp"

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include <cstddef>
#include <random>
#include <string>
#include <utility>
#include <vector>

using namespace agreement;

// Random configurations per property.
constexpr int random_cases = boost_odeint_tiled_test::unless_sanitized(60, 12);

namespace {

struct random_setup
{
    std::size_t n, d;
    tiled::tiling tiling;
};

/*! A random wide_stencil size and a tiling valid for a chain of `links` links:
    trapezoids or hexagons with width from the rule's minimum to beyond n, one to
    three threads per tile. */
random_setup draw(std::mt19937& rng, std::size_t links)
{
    auto uni = [&](std::size_t lo, std::size_t hi) { return std::uniform_int_distribution<std::size_t>(lo, hi)(rng); };
    std::size_t n = 0;
    switch (uni(0, 4))
    {
    case 0: n = 1; break;
    case 1: n = uni(2, 10); break;
    default: n = uni(11, 3000); break;
    }
    std::size_t d = 0;
    switch (uni(0, 4))
    {
    case 0: d = 0; break;
    case 1: d = n / 2 + uni(0, n - n / 2); break;  // n/2 <= d <= n
    default: d = uni(0, std::min<std::size_t>(n, 9)); break;
    }
    const std::size_t threads = uni(1, 3);
    const std::size_t shape = uni(0, 3);  // 0: hexagons, 1: overlapped tiles, else trapezoids
    const bool hex = shape == 0, overlapped = shape == 1;
    const std::size_t h = hex ? 2 * uni(1, (links + 1) / 2 + 1) : uni(1, links + 1);
    const std::size_t minimum = std::max<std::size_t>(1, hex          ? (h - 1) * d
                                                         : overlapped ? 2 * (std::min(h, links) - 1) * d + 1
                                                                      : (2 * std::min(h, links) - 1) * d);
    std::size_t w = 0;
    switch (uni(0, 3))
    {
    case 0: w = minimum; break;
    case 1: w = std::max(minimum, n + uni(1, 100)); break;  // wider than the problem
    default: w = minimum + uni(0, n / 3 + 5); break;
    }
    tiled::tiling t = hex ? tiled::tiling::hexagonal(w, h)
                      : overlapped ? tiled::tiling::overlapped(w, h) : tiled::tiling::trapezoidal(w, h);
    t.threads_per_tile(threads);
    if (uni(0, 2) == 0) t.block_size(uni(1, 64));
    return {n, d, t};
}

std::string describe(const random_setup& s)
{
    return "n=" + std::to_string(s.n) + " d=" + std::to_string(s.d) + " " + s.tiling.to_string();
}

// Runs `steps` steps of Stepper(tiling) from the problem's initial state.
template <class Stepper, class Problem>
state run_steps(const tiled::tiling& tiling, const Problem& p, int count, double dt)
{
    Stepper st(tiling);
    state x = initial_state(p, p.size());
    double t = 0.0;
    for (int i = 0; i < count; ++i, t += dt) st.do_step(p, x, t, dt);
    return x;
}

template <class Stepper, class Problem>
std::pair<state, state> run_steps_with_error(const tiled::tiling& tiling, const Problem& p, int count, double dt)
{
    Stepper st(tiling);
    state x = initial_state(p, p.size()), err(p.size(), 0.0);
    double t = 0.0;
    for (int i = 0; i < count; ++i, t += dt) st.do_step(p, x, t, dt, err);
    return {x, err};
}

struct observation
{
    std::vector<double> times;
    std::vector<double> values;  // one component
    std::vector<double> sums;    // sum over the state
};

struct recorder
{
    observation* obs;
    std::size_t component;
    void operator()(const state& x, double t) const
    {
        obs->times.push_back(t);
        obs->values.push_back(x[component]);
        double s = 0.0;
        for (double v : x) s += v;
        obs->sums.push_back(s);
    }
};

void check_same_observations(const observation& a, const observation& b)
{
    BOOST_REQUIRE_EQUAL(a.times.size(), b.times.size());
    BOOST_TEST(a.times == b.times, boost::test_tools::per_element());
    BOOST_TEST(max_rel_diff(a.values, b.values) <= state_tolerance);
    BOOST_TEST(max_rel_diff(a.sums, b.sums) <= state_tolerance);
}

using odeint_rk4 = odeint_range<odeint::runge_kutta4>;

} // namespace

BOOST_AUTO_TEST_SUITE(steppers_properties)

BOOST_AUTO_TEST_CASE(tiled_rk4_agrees_with_a_serial_step_for_random_sizes_distances_and_tilings)
{
    std::mt19937 rng(31337u);
    const std::size_t links = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>().links;
    for (int iter = 0; iter < random_cases; ++iter)
    {
        const random_setup s = draw(rng, links);
        const problems::wide_stencil p(s.n, s.d, 1.0);
        BOOST_TEST_CONTEXT(describe(s))
        {
            const double dt = p.suggested_dt();
            state ref = initial_state(p, s.n);
            for (int i = 0; i < 5; ++i) serial_rk_step<tiled::runge_kutta4_tableau>(p, ref, i * dt, dt);
            const state x = run_steps<tiled::runge_kutta4<state>>(s.tiling, p, 5, dt);
            BOOST_TEST(max_rel_diff(x, ref) <= state_tolerance);
        }
    }
}

BOOST_AUTO_TEST_CASE(tiled_dopri5_with_error_agrees_with_a_serial_step_for_random_sizes_distances_and_tilings)
{
    std::mt19937 rng(4711u);
    const std::size_t links = tiled::make_link_chain<tiled::runge_kutta_dopri5_tableau, true>().links;
    for (int iter = 0; iter < random_cases; ++iter)
    {
        const random_setup s = draw(rng, links);
        const problems::wide_stencil p(s.n, s.d, 1.0);
        BOOST_TEST_CONTEXT(describe(s))
        {
            const double dt = p.suggested_dt();
            state ref = initial_state(p, s.n), ref_err(s.n, 0.0);
            serial_rk_step<tiled::runge_kutta_dopri5_tableau>(p, ref, 0.0, dt, &ref_err);
            const auto x = run_steps_with_error<tiled::runge_kutta_dopri5<state>>(s.tiling, p, 1, dt);
            BOOST_TEST(max_rel_diff(x.first, ref) <= state_tolerance);
            BOOST_TEST(max_scaled_diff(x.second, ref_err) <= error_tolerance);
            for (int i = 1; i < 4; ++i) serial_rk_step<tiled::runge_kutta_dopri5_tableau>(p, ref, i * dt, dt);
            const state y = run_steps<tiled::runge_kutta_dopri5<state>>(s.tiling, p, 4, dt);
            BOOST_TEST(max_rel_diff(y, ref) <= state_tolerance);
        }
    }
}

BOOST_AUTO_TEST_CASE(a_step_gives_bitwise_the_same_result_on_every_run_and_with_one_two_or_all_threads)
{
    const problems::wide_stencil p(20011, 7, 1.0);
    const double dt = p.suggested_dt();
    const std::vector<tiled::tiling> tilings = {
        tiled::tiling::none().width(1000),
        tiled::tiling::trapezoidal(700, 4),
        tiled::tiling::trapezoidal(700, 2).threads_per_tile(2),
        tiled::tiling::hexagonal(500, 4),
        tiled::tiling::hexagonal(900, 6).threads_per_tile(3),
        tiled::tiling::overlapped(701, 4),
        tiled::tiling::overlapped(901, 2).threads_per_tile(2),
        tiled::tiling::automatic(),
    };
    tbb::task_arena one(1), two(2), all;
    for (const tiled::tiling& t : tilings)
        BOOST_TEST_CONTEXT(t)
        {
            const state first = run_steps<tiled::runge_kutta4<state>>(t, p, 20, dt);
            const state again = run_steps<tiled::runge_kutta4<state>>(t, p, 20, dt);
            BOOST_TEST(bitwise_equal(first, again), "two runs differ");
            state in1, in2, inall;
            one.execute([&] { in1 = run_steps<tiled::runge_kutta4<state>>(t, p, 20, dt); });
            two.execute([&] { in2 = run_steps<tiled::runge_kutta4<state>>(t, p, 20, dt); });
            all.execute([&] { inall = run_steps<tiled::runge_kutta4<state>>(t, p, 20, dt); });
            BOOST_TEST(bitwise_equal(first, in1), "one thread differs");
            BOOST_TEST(bitwise_equal(first, in2), "two threads differ");
            BOOST_TEST(bitwise_equal(first, inall), "the default arena differs");
            state capped;
            {
                // fewer threads than the arena shows (an MPI rank given its share of the
                // cores): the tiling model and the teams see one thread, the bits are the same
                tbb::global_control cap(tbb::global_control::max_allowed_parallelism, 1);
                capped = run_steps<tiled::runge_kutta4<state>>(t, p, 20, dt);
            }
            BOOST_TEST(bitwise_equal(first, capped), "global_control's one thread differs");

            std::pair<state, state> e1, e2;
            one.execute([&] { e1 = run_steps_with_error<tiled::runge_kutta_dopri5<state>>(t, p, 10, dt); });
            two.execute([&] { e2 = run_steps_with_error<tiled::runge_kutta_dopri5<state>>(t, p, 10, dt); });
            BOOST_TEST(bitwise_equal(e1.first, e2.first), "dopri5: one and two threads differ");
            BOOST_TEST(bitwise_equal(e1.second, e2.second), "dopri5: error estimates of one and two threads differ");
        }
}

BOOST_AUTO_TEST_CASE(every_tiling_gives_bitwise_the_same_result)
{
    std::mt19937 rng(99u);
    for (int iter = 0; iter < random_cases / 2; ++iter)
    {
        const random_setup s = draw(rng, 7);
        const problems::wide_stencil p(s.n, s.d, 1.0);
        BOOST_TEST_CONTEXT(describe(s))
        {
            const double dt = p.suggested_dt();
            const state untiled = run_steps<tiled::runge_kutta4<state>>(tiled::tiling::none(), p, 3, dt);
            const state tiled_ = run_steps<tiled::runge_kutta4<state>>(s.tiling, p, 3, dt);
            BOOST_TEST(bitwise_equal(untiled, tiled_));
            const auto e_untiled = run_steps_with_error<tiled::runge_kutta_dopri5<state>>(tiled::tiling::none(), p, 3, dt);
            const auto e_tiled = run_steps_with_error<tiled::runge_kutta_dopri5<state>>(s.tiling, p, 3, dt);
            BOOST_TEST(bitwise_equal(e_untiled.first, e_tiled.first));
            BOOST_TEST(bitwise_equal(e_untiled.second, e_tiled.second));
        }
    }
}

// A tile of one thread runs its links as a wavefront, rounds of max(block_size, 2d)
// components in blocks of block_size (backends/tbb/tbb_executor.hpp); a block as wide
// as the tile runs them link by link. Every round and block size gives the same bits,
// from the least rounds (2d) in blocks of one component to beyond the tile.
BOOST_AUTO_TEST_CASE(tiles_give_bitwise_the_same_result_for_every_wavefront_round)
{
    const std::size_t n = 2500, d = 7;
    const problems::wide_stencil p(n, d, 1.0);
    const double dt = p.suggested_dt();
    const tiled::tiling shapes[] = {tiled::tiling::trapezoidal(400, 4), tiled::tiling::trapezoidal(n + 50, 7),
                                    tiled::tiling::hexagonal(300, 4), tiled::tiling::overlapped(600, 7)};
    for (tiled::tiling shape : shapes)
    {
        shape.threads_per_tile(1);
        const auto with_round = [&](std::size_t b) { return tiled::tiling(shape).block_size(b); };
        const state rk4 = run_steps<tiled::runge_kutta4<state>>(with_round(1 << 20), p, 3, dt);
        const auto dopri5 = run_steps_with_error<tiled::runge_kutta_dopri5<state>>(with_round(1 << 20), p, 3, dt);
        const state verner = run_steps<tiled::runge_kutta_verner56<state>>(with_round(1 << 20), p, 3, dt);
        for (std::size_t b : {std::size_t(1), std::size_t(2), d - 1, d, d + 1, std::size_t(64), std::size_t(512)})
        {
            BOOST_TEST_CONTEXT(shape.to_string() << ", rounds of " << b)
            {
                BOOST_TEST(bitwise_equal(rk4, run_steps<tiled::runge_kutta4<state>>(with_round(b), p, 3, dt)));
                const auto e = run_steps_with_error<tiled::runge_kutta_dopri5<state>>(with_round(b), p, 3, dt);
                BOOST_TEST(bitwise_equal(dopri5.first, e.first));
                BOOST_TEST(bitwise_equal(dopri5.second, e.second));
                BOOST_TEST(bitwise_equal(verner, run_steps<tiled::runge_kutta_verner56<state>>(with_round(b), p, 3, dt)));
            }
        }
    }
}

BOOST_AUTO_TEST_CASE(stepper_copies_share_plan_and_buffers_and_step_identically)
{
    const problems::bruss2d p(16, 40);
    const double dt = p.suggested_dt();
    const std::size_t n = p.size();
    tiled::runge_kutta4<state> a(tiled::tiling::trapezoidal(300, 4));
    BOOST_TEST(a.plan() == nullptr);
    const tiled::runge_kutta4<state> before = a;  // a copy made before the first step
    state xa = initial_state(p, n), xb = xa;
    a.do_step(p, xa, 0.0, dt);
    BOOST_REQUIRE(a.plan() != nullptr);
    BOOST_TEST(before.plan() == a.plan(), "a copy made before the first step does not share the plan");

    tiled::runge_kutta4<state> b = a;  // a copy made after
    BOOST_TEST(b.plan() == a.plan());
    BOOST_TEST((b.tiling() == a.tiling()));
    b.do_step(p, xb, 0.0, dt);
    BOOST_TEST(bitwise_equal(xa, xb));
    BOOST_TEST(b.plan() == a.plan(), "stepping a copy built a new plan");
    // alternate between the copies: the shared buffers carry nothing from one step to the next
    double t = dt;
    for (int i = 0; i < 10; ++i, t += dt)
    {
        a.do_step(p, xa, t, dt);
        b.do_step(p, xb, t, dt);
        b.do_step(p, xa, t + dt, dt);
        a.do_step(p, xb, t + dt, dt);
        t += dt;
    }
    BOOST_TEST(bitwise_equal(xa, xb));
    // 21 steps each (bruss2d is autonomous, so the times do not matter)
    const state reference = run_steps<tiled::runge_kutta4<state>>(tiled::tiling::trapezoidal(300, 4), p, 21, dt);
    BOOST_TEST(max_rel_diff(xa, reference) <= state_tolerance);
}

BOOST_AUTO_TEST_CASE(an_in_place_step_that_may_not_overwrite_its_input_swaps_buffers_instead_of_copying)
{
    const problems::bruss2d p(16, 40);  // n = 1280, d = 32
    const double dt = p.suggested_dt();
    const state x0 = initial_state(p, p.size());
    state expected(x0.size());
    tiled::runge_kutta4<state> reference(tiled::tiling::none());
    reference.do_step(p, x0, 0.0, expected, dt);

    // overlapped tiles read the input where their neighbours write the output
    tiled::runge_kutta4<state> st(tiled::tiling::overlapped(300, 4));
    state x = x0;
    const double* before = x.data();
    st.do_step(p, x, 0.0, dt);
    BOOST_REQUIRE(st.plan() != nullptr);
    BOOST_TEST(!st.plan()->in_place_safe);
    BOOST_TEST(bitwise_equal(x, expected));
    BOOST_TEST(x.data() != before, "the step copied its result into x instead of swapping buffers");
    // the next step runs into the buffer x had before (the stepper's spare now)
    st.do_step(p, x, dt, dt);
    BOOST_TEST(x.data() == before);
    state y = expected;
    reference.do_step(p, y, dt, dt);
    BOOST_TEST(bitwise_equal(x, y));

    // a plan that may write over its input steps in x's own buffer
    tiled::runge_kutta4<state> trapezoids(tiled::tiling::trapezoidal(300, 4));
    state z = x0;
    const double* own = z.data();
    trapezoids.do_step(p, z, 0.0, dt);
    BOOST_TEST(trapezoids.plan()->in_place_safe);
    BOOST_TEST(z.data() == own);
    BOOST_TEST(bitwise_equal(z, expected));
}

BOOST_AUTO_TEST_CASE(a_stepper_replans_when_the_size_changes)
{
    tiled::runge_kutta4<state> st(tiled::tiling::trapezoidal(100, 4));
    const problems::wide_stencil small(500, 3, 1.0), large(1700, 5, 1.0);
    state xs = initial_state(small, 500), xl = initial_state(large, 1700);
    const double dt = small.suggested_dt();
    st.do_step(small, xs, 0.0, dt);
    BOOST_REQUIRE(st.plan() != nullptr);
    BOOST_TEST(st.plan()->n == 500u);
    st.do_step(large, xl, 0.0, dt);
    BOOST_TEST(st.plan()->n == 1700u);
    BOOST_TEST(st.plan()->d == 5u);
    state rl = initial_state(large, 1700);
    serial_rk_step<tiled::runge_kutta4_tableau>(large, rl, 0.0, dt);
    BOOST_TEST(max_rel_diff(xl, rl) <= state_tolerance);
    state rs = initial_state(small, 500);
    serial_rk_step<tiled::runge_kutta4_tableau>(small, rs, 0.0, dt);
    BOOST_TEST(max_rel_diff(xs, rs) <= state_tolerance);
}

BOOST_AUTO_TEST_CASE(integrate_const_observes_what_odeint_rk4_observes)
{
    for (const tiled::tiling& tiling : {tiled::tiling::automatic(), tiled::tiling::hexagonal(200, 4)})
        BOOST_TEST_CONTEXT(tiling)
        {
            const problems::bruss2d p(16, 40);
            const double dt = p.suggested_dt();
            observation a, b;
            state xa = initial_state(p, p.size()), xb = xa;
            const std::size_t sa = odeint::integrate_const(tiled::runge_kutta4<state>(tiling), p, xa, 0.0, 40 * dt, dt,
                                                           recorder{&a, 37});
            const std::size_t sb = odeint::integrate_const(odeint_rk4(), tiled::as_odeint_system(p), xb, 0.0, 40 * dt, dt,
                                                           recorder{&b, 37});
            BOOST_TEST(sa == sb);
            check_same_observations(a, b);
            BOOST_TEST(max_rel_diff(xa, xb) <= state_tolerance);
        }
}

BOOST_AUTO_TEST_CASE(integrate_n_steps_observes_what_odeint_rk4_observes)
{
    const problems::phase_chain p(1001);
    observation a, b;
    state xa = initial_state(p, p.size()), xb = xa;
    const double ta = odeint::integrate_n_steps(tiled::runge_kutta4<state>(), p, xa, 0.25, 0.05, 60, recorder{&a, 500});
    const double tb =
        odeint::integrate_n_steps(odeint_rk4(), tiled::as_odeint_system(p), xb, 0.25, 0.05, 60, recorder{&b, 500});
    BOOST_TEST(ta == tb);
    check_same_observations(a, b);
    BOOST_TEST(max_rel_diff(xa, xb) <= state_tolerance);
}

BOOST_AUTO_TEST_CASE(integrate_times_observes_what_odeint_rk4_observes)
{
    const problems::heat1d p(3000, 1.0);
    const double dt = p.suggested_dt();
    const std::vector<double> times = {0.0, 0.1, 0.35, 1.0, 1.01, 2.5, 7.0};
    observation a, b;
    state xa = initial_state(p, p.size()), xb = xa;
    odeint::integrate_times(tiled::runge_kutta4<state>(tiled::tiling::trapezoidal(256, 3)), p, xa, times.begin(),
                            times.end(), dt, recorder{&a, 2999});
    odeint::integrate_times(odeint_rk4(), tiled::as_odeint_system(p), xb, times.begin(), times.end(), dt,
                            recorder{&b, 2999});
    check_same_observations(a, b);
    BOOST_TEST(a.times == times, boost::test_tools::per_element());
}

BOOST_AUTO_TEST_CASE(integrate_adaptive_with_a_plain_stepper_observes_what_odeint_rk4_observes)
{
    const problems::wide_stencil p(4000, 4, 2.0);
    const double dt = p.suggested_dt();
    observation a, b;
    state xa = initial_state(p, p.size()), xb = xa;
    const std::size_t sa = odeint::integrate_adaptive(tiled::runge_kutta4<state>(), p, xa, 0.0, 3.3, dt, recorder{&a, 0});
    const std::size_t sb =
        odeint::integrate_adaptive(odeint_rk4(), tiled::as_odeint_system(p), xb, 0.0, 3.3, dt, recorder{&b, 0});
    BOOST_TEST(sa == sb);
    BOOST_TEST(sa > 0u);
    check_same_observations(a, b);
    BOOST_TEST(max_rel_diff(xa, xb) <= state_tolerance);
}

BOOST_AUTO_TEST_CASE(an_embedded_stepper_used_as_a_plain_stepper_integrates_like_odeint_dopri5)
{
    const problems::bruss2d p(8, 30);
    const double dt = p.suggested_dt();
    observation a, b;
    state xa = initial_state(p, p.size()), xb = xa;
    odeint::integrate_n_steps(tiled::runge_kutta_dopri5<state>(tiled::tiling::none()), p, xa, 0.0, dt, 30,
                              recorder{&a, 5});
    odeint::integrate_n_steps(odeint_range<odeint::runge_kutta_dopri5>(), tiled::as_odeint_system(p), xb, 0.0, dt, 30,
                              recorder{&b, 5});
    check_same_observations(a, b);
}

BOOST_AUTO_TEST_SUITE_END()
