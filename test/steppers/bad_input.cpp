/*
 test/steppers/bad_input.cpp

 Bad input gets a std::invalid_argument that says what is wrong, and the state (and
 the output and error vectors) are left bitwise as they were: sizes that do not
 match, a tiling too narrow for the access distance, a hexagon of odd height, a zero or non-finite step, a non-finite
 time. A stepper that refused a step still steps correctly afterwards. Not bad
 input: an access distance of n or more (every tiling runs as none()) and an empty
 state (a no-op, as in odeint).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include "agreement_common.hpp"

#include <functional>
#include <limits>
#include <stdexcept>
#include <string>

using namespace agreement;

namespace {

/*! Calls `step`, which must throw std::invalid_argument whose what() contains
    `phrase`, and checks that every vector in `watched` is bitwise unchanged. */
void expect_rejected(const std::function<void()>& step, const std::string& phrase, std::vector<const state*> watched)
{
    std::vector<state> before;
    for (const state* s : watched) before.push_back(*s);
    bool thrown = false;
    try
    {
        step();
    }
    catch (const std::invalid_argument& e)
    {
        thrown = true;
        const std::string what = e.what();
        BOOST_TEST(what.find(phrase) != std::string::npos, "what() = \"" << what << "\" lacks \"" << phrase << "\"");
    }
    catch (const std::exception& e)
    {
        BOOST_ERROR("expected std::invalid_argument, got another exception: " << e.what());
        thrown = true;
    }
    BOOST_TEST(thrown, "no exception; expected one mentioning \"" << phrase << "\"");
    for (std::size_t i = 0; i < watched.size(); ++i)
        BOOST_TEST(bitwise_equal(*watched[i], before[i]), "vector " << i << " was changed by the rejected step");
}

const double not_a_number = std::numeric_limits<double>::quiet_NaN();
const double infinity = std::numeric_limits<double>::infinity();

// A system that claims to read further than any state it is given.
struct far_reaching
{
    std::size_t d;
    std::size_t access_distance() const { return d; }
    template <class Y>
    double operator()(std::size_t j, const Y& y, double) const { return -y[j]; }
};

} // namespace

BOOST_AUTO_TEST_SUITE(steppers_bad_input)

BOOST_AUTO_TEST_CASE(an_output_state_of_another_size_is_rejected_and_nothing_is_written)
{
    const problems::heat1d p(100, 1.0);
    tiled::runge_kutta4<state> st(tiled::tiling::none());
    state in = initial_state(p, 100), shorter(99, 7.0), longer(101, 7.0);
    expect_rejected([&] { st.do_step(p, in, 0.0, shorter, 0.1); }, "output state", {&in, &shorter});
    expect_rejected([&] { st.do_step(p, in, 0.0, longer, 0.1); }, "output state", {&in, &longer});

    tiled::runge_kutta_dopri5<state> dp(tiled::tiling::trapezoidal(64, 3));
    state err(100, 3.0);
    expect_rejected([&] { dp.do_step(p, in, 0.0, shorter, 0.1, err); }, "output state", {&in, &shorter, &err});
}

BOOST_AUTO_TEST_CASE(an_error_vector_of_another_size_is_rejected_and_nothing_is_written)
{
    const problems::heat1d p(100, 1.0);
    tiled::runge_kutta_cash_karp54<state> st(tiled::tiling::hexagonal(40, 4));
    state x = initial_state(p, 100), out(100, 5.0), short_err(50, 1.0), long_err(150, 1.0);
    expect_rejected([&] { st.do_step(p, x, 0.0, 0.1, short_err); }, "error vector", {&x, &short_err});
    expect_rejected([&] { st.do_step(p, x, 0.0, 0.1, long_err); }, "error vector", {&x, &long_err});
    expect_rejected([&] { st.do_step(p, x, 0.0, out, 0.1, short_err); }, "error vector", {&x, &out, &short_err});
}

BOOST_AUTO_TEST_CASE(a_system_reading_the_whole_state_steps_with_every_tiling_as_with_none)
{
    // d >= n: every component may read every other one; each tiling degenerates to none()
    const std::vector<tiled::tiling> tilings = {tiled::tiling::automatic(), tiled::tiling::none(),
                                                tiled::tiling::trapezoidal(3, 4), tiled::tiling::hexagonal(2, 2),
                                                tiled::tiling::overlapped(4, 2),
                                                tiled::tiling::trapezoidal(64, 4).threads_per_tile(2)};
    for (std::size_t n : {1, 2, 5, 37})
        for (std::size_t d : {n, n + 1, 3 * n + 7})
        {
            const problems::wide_stencil p(n, d, 1.0);
            tiled::runge_kutta4<state> reference_stepper(tiled::tiling::none());
            state reference = initial_state(p, n);
            for (int s = 0; s < 5; ++s) reference_stepper.do_step(p, reference, 0.01 * s, 0.01);
            state serial = initial_state(p, n);
            for (int s = 0; s < 5; ++s) serial_rk_step<tiled::runge_kutta4_tableau>(p, serial, 0.01 * s, 0.01);
            BOOST_TEST_INFO("n = " << n << ", d = " << d);
            BOOST_TEST(max_rel_diff(reference, serial) <= state_tolerance);
            for (const tiled::tiling& config : tilings)
            {
                tiled::runge_kutta4<state> st(config);
                state x = initial_state(p, n);
                for (int s = 0; s < 5; ++s) st.do_step(p, x, 0.01 * s, 0.01);
                BOOST_TEST_INFO("n = " << n << ", d = " << d << ", " << config);
                BOOST_TEST(bitwise_equal(x, reference));
                BOOST_TEST((st.tiling().kind() == tiled::tiling::scheme::none));

                tiled::runge_kutta_dopri5<state> dp(config);
                state y = initial_state(p, n), out(n), err(n);
                BOOST_CHECK_NO_THROW(dp.do_step(p, y, 0.0, out, 0.01, err));
            }
        }
}

BOOST_AUTO_TEST_CASE(a_tiling_too_narrow_for_the_access_distance_is_rejected_and_the_stepper_stays_usable)
{
    const problems::wide_stencil p(1000, 5, 1.0);
    const double dt = p.suggested_dt();
    tiled::runge_kutta4<state> st(tiled::tiling::trapezoidal(10, 4));  // needs width >= 7 * 5
    state x = initial_state(p, 1000), out(1000, 0.0);
    expect_rejected([&] { st.do_step(p, x, 0.0, dt); }, "width", {&x});
    expect_rejected([&] { st.do_step(p, x, 0.0, out, dt); }, "width", {&x, &out});

    tiled::runge_kutta_dopri5<state> dp(tiled::tiling::hexagonal(10, 4));  // needs width >= 3 * 5
    state err(1000, 0.0);
    expect_rejected([&] { dp.do_step(p, x, 0.0, dt, err); }, "width", {&x, &err});

    // the same steppers on a problem the tiling can hold
    const problems::wide_stencil q(1000, 1, 1.0);
    state y = initial_state(q, 1000), ref = y;
    st.do_step(q, y, 0.0, dt);
    serial_rk_step<tiled::runge_kutta4_tableau>(q, ref, 0.0, dt);
    BOOST_TEST(max_rel_diff(y, ref) <= state_tolerance);
}

BOOST_AUTO_TEST_CASE(a_hexagon_of_odd_height_is_rejected_when_the_tiling_is_made)
{
    try
    {
        (void)tiled::tiling::hexagonal(10, 3);
        BOOST_ERROR("hexagonal(10, 3) was accepted");
    }
    catch (const std::invalid_argument& e)
    {
        BOOST_TEST(std::string(e.what()).find("height") != std::string::npos, e.what());
    }
}

BOOST_AUTO_TEST_CASE(a_zero_or_non_finite_step_size_is_rejected_and_nothing_is_written)
{
    const problems::bruss2d p(8, 8);
    tiled::runge_kutta4<state> rk4(tiled::tiling::trapezoidal(64, 2));
    tiled::runge_kutta_dopri5<state> dp;
    state x = initial_state(p, p.size()), out(p.size(), 9.0), err(p.size(), 8.0);
    for (double dt : {0.0, -0.0, not_a_number, infinity, -infinity})
        BOOST_TEST_CONTEXT("dt = " << dt)
        {
            expect_rejected([&] { rk4.do_step(p, x, 0.0, dt); }, "step size", {&x});
            expect_rejected([&] { rk4.do_step(p, x, 0.0, out, dt); }, "step size", {&x, &out});
            expect_rejected([&] { dp.do_step(p, x, 0.0, dt, err); }, "step size", {&x, &err});
            expect_rejected([&] { dp.do_step(p, x, 0.0, out, dt, err); }, "step size", {&x, &out, &err});
        }
}

BOOST_AUTO_TEST_CASE(a_non_finite_time_is_rejected_and_nothing_is_written)
{
    const problems::bruss2d p(8, 8);
    tiled::runge_kutta4<state> rk4;
    tiled::runge_kutta_fehlberg78<state> f78(tiled::tiling::none());
    state x = initial_state(p, p.size()), out(p.size(), 9.0), err(p.size(), 8.0);
    for (double t : {not_a_number, infinity, -infinity})
        BOOST_TEST_CONTEXT("t = " << t)
        {
            expect_rejected([&] { rk4.do_step(p, x, t, 0.01); }, "time", {&x});
            expect_rejected([&] { rk4.do_step(p, x, t, out, 0.01); }, "time", {&x, &out});
            expect_rejected([&] { f78.do_step(p, x, t, 0.01, err); }, "time", {&x, &err});
        }
}

BOOST_AUTO_TEST_CASE(a_negative_step_is_accepted_and_steps_backwards)
{
    const problems::heat1d p(200, 1.0);
    tiled::runge_kutta4<state> st(tiled::tiling::trapezoidal(50, 4));
    state x = initial_state(p, 200), ref = x;
    st.do_step(p, x, 1.0, -0.01);
    serial_rk_step<tiled::runge_kutta4_tableau>(p, ref, 1.0, -0.01);
    BOOST_TEST(max_rel_diff(x, ref) <= state_tolerance);
}

BOOST_AUTO_TEST_CASE(an_empty_state_is_a_no_op_whatever_the_access_distance)
{
    tiled::runge_kutta4<state> st(tiled::tiling::trapezoidal(64, 4));
    tiled::runge_kutta_dopri5<state> dp;
    for (std::size_t d : {0, 1, 1000})
    {
        state x, err;
        BOOST_CHECK_NO_THROW(st.do_step(far_reaching{d}, x, 0.0, 0.1));
        BOOST_CHECK_NO_THROW(dp.do_step(far_reaching{d}, x, 0.0, 0.1, err));
        BOOST_TEST(x.empty());
    }
}

BOOST_AUTO_TEST_SUITE_END()
