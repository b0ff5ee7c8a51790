/*
 test/adaptive/controlled.cpp

 odeint::make_controlled on tiled embedded steppers returns the plugin's
 controlled_explicit_rk, and it takes exactly the decisions of odeint's
 controlled_runge_kutta on the same tableau: the same accepted and rejected tries
 (times and step sizes), with integrate_adaptive, integrate_const and
 integrate_times, for dopri5, cash_karp54 and fehlberg78 on the reference problems,
 at tolerances from 1e-3 to 1e-12, starting with a step far too large.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include "adaptive_common.hpp"

#include <type_traits>

using namespace adaptive;

namespace {

// Error estimates are differences of nearly equal sums (ratios of 1e6 to 1e10 at
// tight tolerances, more for a short step clamped to an observation time): odeint's
// and ours agree to rounding relative to those sums (odeint's error weights b - b_hat
// are rounded differently), so the error norms, and the step sizes err^(-1/q) derived
// from them, differ by 1e-10 .. 1e-6 relative per step, and the times drift apart by
// up to ~1e-5 over hundreds of steps at 1e-12. What must agree exactly is the number
// of tries and the accept/reject pattern; the solutions at the end agree to 1e-10.
constexpr double sequence_tolerance = 1e-4;

template <template <class...> class TiledStepper, template <class...> class OdeintStepper>
void compare_with_odeint(double tol, const tiled::tiling& tiling = tiled::tiling::automatic())
{
    for_each_problem([&](const char* name, const auto& p, double t_end) {
        BOOST_TEST_CONTEXT(name << ", tolerance " << tol << ", " << tiling)
        {
            const double dt0 = t_end;  // far too large: the first tries are rejected
            // fresh controllers for each integration, as odeint's FSAL controller keeps the last derivative
            auto ctl_t = odeint::make_controlled(tol, tol, TiledStepper<state>(tiling));
            auto ctl_o = odeint::make_controlled(tol, tol, OdeintStepper<state>());
            // integrate_adaptive, every try logged
            state x_t = initial_state(p), x_o = x_t;
            std::vector<try_record> log_t, log_o;
            std::vector<double> obs_t, obs_o;
            const std::size_t steps_t = odeint::integrate_adaptive(logging(ctl_t, log_t), p, x_t, 0.0, t_end, dt0,
                                                                   [&](const state&, double t) { obs_t.push_back(t); });
            const std::size_t steps_o =
                odeint::integrate_adaptive(logging(ctl_o, log_o), tiled::as_odeint_system(p), x_o, 0.0, t_end, dt0,
                                           [&](const state&, double t) { obs_o.push_back(t); });
            BOOST_TEST(steps_t == steps_o);
            BOOST_TEST(rejected(log_t) > 0u);
            require_same_sequence(log_t, log_o, sequence_tolerance);
            BOOST_REQUIRE_EQUAL(obs_t.size(), obs_o.size());
            BOOST_TEST(max_rel_diff(x_t, x_o) <= 1e-10);

            // integrate_const: observations at fixed times
            ctl_t = odeint::make_controlled(tol, tol, TiledStepper<state>(tiling));
            ctl_o = odeint::make_controlled(tol, tol, OdeintStepper<state>());
            x_t = initial_state(p);
            x_o = x_t;
            log_t.clear();
            log_o.clear();
            state last_t, last_o;
            odeint::integrate_const(logging(ctl_t, log_t), p, x_t, 0.0, t_end, t_end / 4,
                                    [&](const state& x, double) { last_t = x; });
            odeint::integrate_const(logging(ctl_o, log_o), tiled::as_odeint_system(p), x_o, 0.0, t_end, t_end / 4,
                                    [&](const state& x, double) { last_o = x; });
            require_same_sequence(log_t, log_o, sequence_tolerance);
            BOOST_TEST(max_rel_diff(x_t, x_o) <= 1e-10);
            BOOST_TEST(max_rel_diff(last_t, last_o) <= 1e-10);

            // integrate_times
            const std::vector<double> times{0.0, 0.013, 0.1, 0.37, t_end / 2, t_end};
            ctl_t = odeint::make_controlled(tol, tol, TiledStepper<state>(tiling));
            ctl_o = odeint::make_controlled(tol, tol, OdeintStepper<state>());
            x_t = initial_state(p);
            x_o = x_t;
            log_t.clear();
            log_o.clear();
            std::vector<state> seen_t, seen_o;
            odeint::integrate_times(logging(ctl_t, log_t), p, x_t, times.begin(), times.end(), 0.1,
                                    [&](const state& x, double) { seen_t.push_back(x); });
            odeint::integrate_times(logging(ctl_o, log_o), tiled::as_odeint_system(p), x_o, times.begin(), times.end(),
                                    0.1, [&](const state& x, double) { seen_o.push_back(x); });
            require_same_sequence(log_t, log_o, sequence_tolerance);
            BOOST_REQUIRE_EQUAL(seen_t.size(), seen_o.size());
            for (std::size_t i = 0; i < seen_t.size(); ++i) BOOST_TEST(max_rel_diff(seen_t[i], seen_o[i]) <= 1e-10);
        }
    });
}

} // namespace

BOOST_AUTO_TEST_CASE(make_controlled_returns_the_tiled_controller)
{
    using dopri5 = tiled::runge_kutta_dopri5<state>;
    using ctl_type = decltype(odeint::make_controlled(1e-6, 1e-6, dopri5()));
    static_assert(std::is_same<ctl_type, tiled::controlled_explicit_rk<dopri5>>::value, "");
    static_assert(std::is_same<odeint::result_of::make_controlled<tiled::runge_kutta_fehlberg78<state>>::type,
                               tiled::controlled_explicit_rk<tiled::runge_kutta_fehlberg78<state>>>::value, "");
    static_assert(std::is_base_of<odeint::controlled_stepper_tag, ctl_type::stepper_category>::value, "");
    auto c = odeint::make_controlled(1e-7, 1e-8, dopri5());
    BOOST_TEST(c.error_checker().eps_abs() == 1e-7);
    BOOST_TEST(c.error_checker().eps_rel() == 1e-8);
    BOOST_TEST(c.error_checker().a_x() == 1.0);
    BOOST_TEST(c.error_checker().a_dxdt() == 1.0);
    BOOST_TEST(c.stepper().order() == 5);
    auto m = odeint::make_controlled(1e-7, 1e-8, 0.01, dopri5());
    BOOST_TEST(m.step_adjuster().get_max_dt() == 0.01);
}

BOOST_AUTO_TEST_CASE(dopri5_same_steps_as_odeint)
{
    for (double tol : {1e-3, 1e-6, 1e-9, 1e-12}) compare_with_odeint<tiled::runge_kutta_dopri5, odeint::runge_kutta_dopri5>(tol);
}

BOOST_AUTO_TEST_CASE(cash_karp54_same_steps_as_odeint)
{
    for (double tol : {1e-3, 1e-6, 1e-10})
        compare_with_odeint<tiled::runge_kutta_cash_karp54, odeint::runge_kutta_cash_karp54>(tol);
}

BOOST_AUTO_TEST_CASE(fehlberg78_same_steps_as_odeint)
{
    for (double tol : {1e-4, 1e-8, 1e-12})
        compare_with_odeint<tiled::runge_kutta_fehlberg78, odeint::runge_kutta_fehlberg78>(tol);
}

BOOST_AUTO_TEST_CASE(tilings_give_bitwise_identical_integrations)
{
    // the fused norm is a max, independent of how tiles and blocks split the components
    const problems::bruss2d p(8, 24);  // n = 384, d = 16
    const std::vector<tiled::tiling> tilings{
        tiled::tiling::none(), tiled::tiling::trapezoidal(3 * 16 + 61, 2), tiled::tiling::trapezoidal(7 * 16 + 203, 4),
        tiled::tiling::hexagonal(3 * 16 + 97, 4), tiled::tiling::trapezoidal(3 * 16 + 61, 2).threads_per_tile(2),
        tiled::tiling::overlapped(12 * 16 + 61, 7), tiled::tiling::overlapped(2 * 16 + 67, 2).threads_per_tile(2)};
    state reference;
    std::vector<try_record> reference_log;
    for (const tiled::tiling& tl : tilings)
    {
        BOOST_TEST_CONTEXT(tl)
        {
            state x = initial_state(p);
            auto ctl = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<state>(tl));
            std::vector<try_record> log;
            odeint::integrate_adaptive(logging(ctl, log), p, x, 0.0, 1.0, 0.3);
            if (reference.empty())
            {
                reference = x;
                reference_log = log;
                continue;
            }
            require_same_sequence(log, reference_log, 0.0);
            BOOST_TEST(x == reference);
        }
    }
}

BOOST_AUTO_TEST_CASE(all_try_step_overloads_agree)
{
    const problems::heat1d p(200, 1.0);
    auto ctl = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_cash_karp54<state>());
    const state x0 = initial_state(p);
    state dxdt(x0.size());
    tiled::as_odeint_system(p)(x0, dxdt, 0.0);

    state x1 = x0, x2 = x0, out3(x0.size()), out4(x0.size());
    double t1 = 0, t2 = 0, t3 = 0, t4 = 0, dt1 = 0.05, dt2 = 0.05, dt3 = 0.05, dt4 = 0.05;
    BOOST_TEST(ctl.try_step(p, x1, t1, dt1) == odeint::success);
    BOOST_TEST(ctl.try_step(p, x2, dxdt, t2, dt2) == odeint::success);
    BOOST_TEST(ctl.try_step(p, x0, t3, out3, dt3) == odeint::success);
    BOOST_TEST(ctl.try_step(p, x0, dxdt, t4, out4, dt4) == odeint::success);
    BOOST_TEST(x1 == x2);
    BOOST_TEST(x1 == out3);
    BOOST_TEST(x1 == out4);
    BOOST_TEST(t1 == 0.05);
    BOOST_TEST((t1 == t2 && t1 == t3 && t1 == t4));
    BOOST_TEST((dt1 == dt2 && dt1 == dt3 && dt1 == dt4));

    // and odeint's controller on the same try
    auto ref = odeint::make_controlled(1e-8, 1e-8, odeint::runge_kutta_cash_karp54<state>());
    state xr = x0;
    double tr = 0, dtr = 0.05;
    BOOST_TEST(ref.try_step(tiled::as_odeint_system(p), xr, tr, dtr) == odeint::success);
    BOOST_TEST(max_rel_diff(x1, xr) <= 1e-13);
    BOOST_TEST(rel(dt1, dtr) <= 1e-12);
}

BOOST_AUTO_TEST_CASE(reject_leaves_the_state_untouched_and_accept_swaps)
{
    const problems::heat1d p(300, 1.0);
    auto ctl = odeint::make_controlled(1e-10, 1e-10, tiled::runge_kutta_dopri5<state>());
    state x = initial_state(p);
    const state x0 = x;
    const double* before = x.data();
    double t = 0.0, dt = 1.0;
    BOOST_TEST(ctl.try_step(p, x, t, dt) == odeint::fail);
    BOOST_TEST(x == x0);
    BOOST_TEST(x.data() == before);
    BOOST_TEST(t == 0.0);
    BOOST_TEST(dt < 1.0);
    BOOST_TEST(dt >= 0.2 * 1.0);
    BOOST_TEST(ctl.last_error() > 1.0);

    // in == out (same object) through the out-of-place overload: a reject keeps it too
    double dt2 = 1.0, t2 = 0.0;
    BOOST_TEST(ctl.try_step(p, x, t2, x, dt2) == odeint::fail);
    BOOST_TEST(x == x0);

    while (ctl.try_step(p, x, t, dt) == odeint::fail) {}
    BOOST_TEST(t > 0.0);
    BOOST_TEST(x != x0);
    BOOST_TEST(x.data() != before);  // std::vector states are swapped with the candidate, not copied
}

BOOST_AUTO_TEST_CASE(max_dt_is_honoured_as_odeint_does)
{
    const problems::phase_chain p(200);
    const double max_dt = 0.02;
    auto ctl_t = odeint::make_controlled(1e-6, 1e-6, max_dt, tiled::runge_kutta_dopri5<state>());
    auto ctl_o = odeint::make_controlled(1e-6, 1e-6, max_dt, odeint::runge_kutta_dopri5<state>());
    state x_t = initial_state(p), x_o = x_t;
    std::vector<try_record> log_t, log_o;
    odeint::integrate_adaptive(logging(ctl_t, log_t), p, x_t, 0.0, 1.0, 0.5);
    odeint::integrate_adaptive(logging(ctl_o, log_o), tiled::as_odeint_system(p), x_o, 0.0, 1.0, 0.5);
    require_same_sequence(log_t, log_o, sequence_tolerance);
    BOOST_TEST(!log_t.front().accepted);  // dt = 0.5 > max_dt: fail at once with dt = max_dt
    BOOST_TEST(log_t.front().dt == max_dt);
    double prev = 0.0;
    for (const try_record& r : log_t)
    {
        if (r.accepted) BOOST_TEST(r.t - prev <= max_dt * (1 + 1e-12));
        if (r.accepted) prev = r.t;
        BOOST_TEST(r.dt <= max_dt);
    }
    BOOST_TEST(max_rel_diff(x_t, x_o) <= 1e-10);
}
