/*
 test/adaptive/robustness.cpp

 The controlled and dense-output tiled steppers on bad input and hard problems:
 a blow-up (f = y^2) ends in odeint's own step_adjustment_error, a non-finite
 state throws std::invalid_argument and leaves the state as it was, odeint's
 max_step_checker throws no_progress_error as with odeint's controller, states
 other than std::vector (std::array) are copied instead of swapped, and the
 fused-norm plans are proven right and write no error vector.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include "adaptive_common.hpp"

#include <array>
#include <cstring>
#include <limits>
#include <stdexcept>

using namespace adaptive;

namespace {

//! y_j' = y_j^2: blows up at t = 1 / y_j(0).
struct square
{
    std::size_t access_distance() const { return 0; }
    template <class Y, class Time>
    double operator()(std::size_t j, const Y& y, Time) const { return y[j] * y[j]; }
};

bool bitwise_equal(const state& a, const state& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

} // namespace

BOOST_AUTO_TEST_CASE(blow_up_ends_in_step_adjustment_error)
{
    {
        state x(8, 1.0);
        BOOST_CHECK_THROW(odeint::integrate_adaptive(odeint::make_controlled(1e-6, 1e-6, tiled::runge_kutta_dopri5<state>()),
                                                     square{}, x, 0.0, 2.0, 0.01),
                          odeint::step_adjustment_error);
    }
    {
        state x(5, 2.0);
        BOOST_CHECK_THROW(odeint::integrate_const(odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_cash_karp54<state>()),
                                                  square{}, x, 0.0, 1.0, 0.1),
                          odeint::step_adjustment_error);
    }
    {
        state x(3, 1.0);
        BOOST_CHECK_THROW(odeint::integrate_const(odeint::make_dense_output(1e-6, 1e-6, tiled::runge_kutta_dopri5<state>()),
                                                  square{}, x, 0.0, 2.0, 0.1),
                          odeint::step_adjustment_error);
    }
}

BOOST_AUTO_TEST_CASE(non_finite_state_is_invalid_argument)
{
    const problems::heat1d p(100, 1.0);
    for (double bad : {std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::infinity(),
                       -std::numeric_limits<double>::infinity()})
    {
        BOOST_TEST_CONTEXT("bad value " << bad)
        {
            state x = initial_state(p);
            x[37] = bad;
            const state x0 = x;
            auto ctl = odeint::make_controlled(1e-6, 1e-6, tiled::runge_kutta_dopri5<state>());
            double t = 0.0, dt = 0.01;
            BOOST_CHECK_THROW(ctl.try_step(p, x, t, dt), std::invalid_argument);
            BOOST_TEST(bitwise_equal(x, x0));
            BOOST_TEST(t == 0.0);
            try
            {
                ctl.try_step(p, x, t, dt);
            }
            catch (const std::invalid_argument& e)
            {
                BOOST_TEST(std::string(e.what()).find("non-finite state") != std::string::npos);
            }
            BOOST_CHECK_THROW(odeint::integrate_adaptive(odeint::make_controlled(1e-6, 1e-6, tiled::runge_kutta_fehlberg78<state>()),
                                                         p, x, 0.0, 1.0, 0.01),
                              std::invalid_argument);
            BOOST_TEST(bitwise_equal(x, x0));
            BOOST_CHECK_THROW(odeint::integrate_const(odeint::make_dense_output(1e-6, 1e-6, tiled::runge_kutta_dopri5<state>()),
                                                      p, x, 0.0, 1.0, 0.1),
                              std::invalid_argument);
        }
    }
}

BOOST_AUTO_TEST_CASE(bad_step_and_sizes_are_invalid_argument)
{
    const problems::heat1d p(100, 1.0);
    auto ctl = odeint::make_controlled(1e-6, 1e-6, tiled::runge_kutta_cash_karp54<state>());
    state x = initial_state(p), out(50);
    double t = 0.0, dt = 0.0;
    BOOST_CHECK_THROW(ctl.try_step(p, x, t, dt), std::invalid_argument);
    dt = 0.01;
    BOOST_CHECK_THROW(ctl.try_step(p, x, t, out, dt), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(max_step_checker_throws_no_progress_error_as_odeint)
{
    const problems::heat1d p(100, 1.0);
    {
        state x = initial_state(p);
        BOOST_CHECK_THROW(odeint::integrate_const(odeint::make_controlled(1e-12, 1e-12, tiled::runge_kutta_dopri5<state>()),
                                                  p, x, 0.0, 2.0, 1.0, [](const state&, double) {}, odeint::max_step_checker(3)),
                          odeint::no_progress_error);
    }
    {
        state x = initial_state(p);
        BOOST_CHECK_THROW(odeint::integrate_const(odeint::make_controlled(1e-12, 1e-12, odeint::runge_kutta_dopri5<state>()),
                                                  tiled::as_odeint_system(p), x, 0.0, 2.0, 1.0,
                                                  [](const state&, double) {}, odeint::max_step_checker(3)),
                          odeint::no_progress_error);
    }
    {
        // enough steps allowed: both succeed with the same result
        state x_t = initial_state(p), x_o = x_t;
        odeint::integrate_const(odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<state>()), p, x_t, 0.0, 2.0,
                                1.0, [](const state&, double) {}, odeint::max_step_checker(1000));
        odeint::integrate_const(odeint::make_controlled(1e-8, 1e-8, odeint::runge_kutta_dopri5<state>()),
                                tiled::as_odeint_system(p), x_o, 0.0, 2.0, 1.0, [](const state&, double) {},
                                odeint::max_step_checker(1000));
        BOOST_TEST(max_rel_diff(x_t, x_o) <= 1e-10);
    }
}

BOOST_AUTO_TEST_CASE(std_array_state_is_copied)
{
    using arr = std::array<double, 64>;
    const problems::heat1d p(64, 1.0);
    arr x;
    p.initial_state(x);
    state xv(x.begin(), x.end());
    auto ctl_a = odeint::make_controlled(1e-9, 1e-9, tiled::runge_kutta_dopri5<arr>());
    auto ctl_v = odeint::make_controlled(1e-9, 1e-9, tiled::runge_kutta_dopri5<state>());
    std::vector<try_record> la, lv;
    odeint::integrate_adaptive(logging(ctl_a, la), p, x, 0.0, 1.0, 1.0);
    odeint::integrate_adaptive(logging(ctl_v, lv), p, xv, 0.0, 1.0, 1.0);
    require_same_sequence(la, lv, 0.0);
    BOOST_TEST(state(x.begin(), x.end()) == xv);
}

BOOST_AUTO_TEST_CASE(fused_norm_plans_write_no_error_vector)
{
    using dopri5 = tiled::runge_kutta_dopri5_tableau;
    const tiled::link_chain plain = tiled::make_link_chain<dopri5, true>();
    const tiled::link_chain fused = tiled::make_link_chain<dopri5, true>(tiled::chain_options{true, 0});
    BOOST_TEST(fused.error_norm_fused);
    BOOST_TEST(!plain.error_norm_fused);
    const std::size_t n = 20000, d = 3;
    for (const tiled::tiling& tl : {tiled::tiling::none(), tiled::tiling::trapezoidal(1001, 2), tiled::tiling::trapezoidal(4001, 7),
                                    tiled::tiling::hexagonal(997, 4), tiled::tiling::overlapped(1001, 7)})
    {
        BOOST_TEST_CONTEXT(tl)
        {
            const tiled::tiling_plan pp = tiled::make_tiling_plan(plain, n, d, tl);
            const tiled::tiling_plan pf = tiled::make_tiling_plan(fused, n, d, tl);
            BOOST_TEST(bool(tiled::check_plan(pf)));
            for (const auto& k : pf.kernels)
                for (const auto& t : k.tiles) BOOST_TEST(t.writes[tiled::vector_ids::error_out].empty());
            BOOST_TEST_MESSAGE(tl << ": error step " << pp.memory_volume() << " vectors, fused-norm step "
                                  << pf.memory_volume());
            BOOST_TEST(pf.memory_volume() <= pp.memory_volume() + 1e-9);
        }
    }
    // a whole-chain trapezoid: the fused norm saves the error vector's write
    const tiled::tiling_plan pp = tiled::make_tiling_plan(plain, n, d, tiled::tiling::trapezoidal(4001, 7));
    const tiled::tiling_plan pf = tiled::make_tiling_plan(fused, n, d, tiled::tiling::trapezoidal(4001, 7));
    BOOST_TEST(pf.memory_volume() <= pp.memory_volume() - 0.9);
}

BOOST_AUTO_TEST_CASE(fused_norm_equals_odeint_error_checker)
{
    // the norm formed inside the step equals odeint's default_error_checker on the
    // stored error vector, bit for bit, for every tiling
    const problems::bruss2d p(8, 30);  // n = 480, d = 16
    const state x = initial_state(p);
    state dxdt(x.size());
    tiled::as_odeint_system(p)(x, dxdt, 0.25);
    for (const tiled::tiling& tl : {tiled::tiling::none(), tiled::tiling::trapezoidal(3 * 16 + 61, 2),
                                    tiled::tiling::hexagonal(3 * 16 + 97, 4), tiled::tiling::automatic(),
                                    tiled::tiling::overlapped(12 * 16 + 61, 7),
                                    tiled::tiling::trapezoidal(7 * 16 + 203, 4).threads_per_tile(2)})
    {
        BOOST_TEST_CONTEXT(tl)
        {
            tiled::runge_kutta_verner56<state> st(tl);
            state out1(x.size()), out2(x.size()), err(x.size());
            const double dt = 0.07;
            st.do_step(p, x, 0.25, out1, dt, err);
            odeint::default_error_checker<double, odeint::range_algebra, odeint::default_operations> checker(1e-7, 1e-6, 0.5, 2.0);
            odeint::range_algebra algebra;
            state e = err;
            const double expected = checker.error(algebra, x, dxdt, e, dt);
            const tiled::fused_error_checker<double> ours(1e-7, 1e-6, 0.5, 2.0);
            const auto r = st.do_step_error_norm(p, x, 0.25, out2, dt, ours.params(dt));
            BOOST_TEST(r.max == expected);
            BOOST_TEST(!r.non_finite);
            BOOST_TEST(!r.state_non_finite);
            BOOST_TEST(out1 == out2);
        }
    }
}
