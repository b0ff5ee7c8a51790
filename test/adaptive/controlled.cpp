/*
 test/adaptive/controlled.cpp

 odeint::make_controlled on tiled embedded steppers returns the plugin's
 controlled_explicit_rk, and it takes exactly the decisions of odeint's
 controlled_runge_kutta on the same tableau: the same accepted and rejected tries
 (times and step sizes), with integrate_adaptive, integrate_const and
 integrate_times, for dopri5, cash_karp54 and fehlberg78 on the reference problems,
 at tolerances from 1e-3 to 1e-12, starting with a step far too large. The fused
 error norm restricted to a component range (error_norm_params::norm_first,
 norm_last) equals odeint's norm over that range of the stored error vector, bit for
 bit, and its flags see only that range; every component's result is still stored.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include "adaptive_common.hpp"

#include <cstring>
#include <limits>
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

namespace {

state derivative_of(const problems::heat1d& p, const state& x, double t)
{
    state f(x.size());
    tiled::as_odeint_system(p)(x, f, t);
    return f;
}

} // namespace

// dopri5 and bogacki_shampine32 are FSAL: with reuse_last_derivative(true) their
// controller hands each step's last derivative, f(x_new, t + dt), on as the next step's
// F_0 instead of evaluating it
BOOST_AUTO_TEST_CASE(fsal_controller_reuses_the_last_derivative)
{
    using dopri5_ctl = decltype(odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<state>()));
    using bs32_ctl = decltype(odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_bogacki_shampine32<state>()));
    using ck54_ctl = decltype(odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_cash_karp54<state>()));
    static_assert(dopri5_ctl::is_fsal && bs32_ctl::is_fsal, "");
    static_assert(!ck54_ctl::is_fsal, "cash_karp54 is not FSAL");
    BOOST_TEST(!dopri5_ctl().reuses_last_derivative());  // evaluated in the tile by default

    const problems::heat1d p(300, 1.0);
    for (const tiled::tiling& tl : {tiled::tiling::automatic(), tiled::tiling::none(), tiled::tiling::trapezoidal(64, 7),
                                    tiled::tiling::overlapped(97, 7), tiled::tiling::hexagonal(64, 8)})
        BOOST_TEST_CONTEXT(tl)
        {
            auto reusing = odeint::make_controlled(1e-9, 1e-9, tiled::runge_kutta_dopri5<state>(tl));
            reusing.reuse_last_derivative(true);
            auto evaluating = odeint::make_controlled(1e-9, 1e-9, tiled::runge_kutta_dopri5<state>(tl));
            state x = initial_state(p), y = x;
            double tx = 0, ty = 0, dtx = 0.05, dty = 0.05;  // too large at first: rejects too
            std::size_t accepted = 0, rejected_tries = 0;
            for (int i = 0; i < 25; ++i)
            {
                const state x_old = x;
                const double t_old = tx;
                const odeint::controlled_step_result r = reusing.try_step(p, x, tx, dtx);
                BOOST_TEST((evaluating.try_step(p, y, ty, dty) == r));
                BOOST_TEST(x == y);  // bit for bit: the reused derivative is the evaluated one
                BOOST_TEST(tx == ty);
                BOOST_TEST(dtx == dty);
                if (r != odeint::success) { ++rejected_tries; continue; }
                ++accepted;
                // the handed-on derivative is f(x_new, t_new), and the first one of the
                // step was f(x_old, t_old) (dense output's k7 and k1)
                const state f = derivative_of(p, x, tx);
                const double* held = reusing.last_step_last_derivative();
                BOOST_REQUIRE(held != nullptr);
                BOOST_TEST((state(held, held + f.size()) == f));
                const double* first = reusing.last_step_first_derivative();
                BOOST_REQUIRE(first != nullptr);
                BOOST_TEST((state(first, first + f.size()) == derivative_of(p, x_old, t_old)));
            }
            BOOST_TEST(accepted > 5u);
            BOOST_TEST(rejected_tries > 0u);
        }
}

// The derivative is held for one state (buffer and time): a try on another state, or
// after reset(), evaluates f afresh; a state changed in place needs reset(), as in odeint
BOOST_AUTO_TEST_CASE(fsal_controller_evaluates_the_derivative_of_a_new_state)
{
    const problems::heat1d p(300, 1.0);
    auto ctl = odeint::make_controlled(1e-9, 1e-9, tiled::runge_kutta_bogacki_shampine32<state>());
    ctl.reuse_last_derivative(true);
    auto step_fresh = [&](state x, double t, double dt) {
        auto fresh = odeint::make_controlled(1e-9, 1e-9, tiled::runge_kutta_bogacki_shampine32<state>());
        fresh.try_step(p, x, t, dt);
        return x;
    };
    state x = initial_state(p);
    double t = 0, dt = 1e-4;
    while (ctl.try_step(p, x, t, dt) != odeint::success) {}
    // another state at the same time
    state z = x;
    for (double& v : z) v *= 0.5;
    const state z_expected = step_fresh(z, t, dt);
    double tz = t, dtz = dt;
    BOOST_TEST((ctl.try_step(p, z, tz, dtz) == odeint::success));
    BOOST_TEST(z == z_expected);
    // x again (the derivative held is z's now), then x changed in place and reset()
    const state x_expected = step_fresh(x, t, dt);
    state x1 = x;
    double t1 = t, dt1 = dt;
    BOOST_TEST((ctl.try_step(p, x1, t1, dt1) == odeint::success));
    BOOST_TEST(x1 == x_expected);
    for (double& v : x1) v *= 0.25;
    const state x1_expected = step_fresh(x1, t1, dt1);
    ctl.reset();
    BOOST_TEST((ctl.try_step(p, x1, t1, dt1) == odeint::success));
    BOOST_TEST(x1 == x1_expected);
    // initialize() evaluates f for the state given
    state w = z;
    double tw = tz, dtw = dtz;
    for (double& v : w) v += 1.0;
    const state w_expected = step_fresh(w, tw, dtw);
    ctl.initialize(p, w, tw);
    BOOST_TEST((ctl.try_step(p, w, tw, dtw) == odeint::success));
    BOOST_TEST(w == w_expected);
}

// odeint's FSAL forms: dxdt in and out, and dxdt_in / dxdt_out
BOOST_AUTO_TEST_CASE(fsal_try_step_overloads_hand_the_derivative_out)
{
    const problems::heat1d p(200, 1.0);
    auto ctl = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<state>());
    const state x0 = initial_state(p);
    state x1 = x0, x2 = x0, out3(x0.size());
    state dxdt2 = derivative_of(p, x0, 0.0), dxdt3(x0.size());
    const state dxdt0 = dxdt2;
    double t1 = 0, t2 = 0, t3 = 0, dt1 = 1e-3, dt2 = 1e-3, dt3 = 1e-3;
    BOOST_TEST(ctl.try_step(p, x1, t1, dt1) == odeint::success);
    BOOST_TEST(ctl.try_step(p, x2, dxdt2, t2, dt2) == odeint::success);
    BOOST_TEST(ctl.try_step(p, x0, dxdt0, t3, out3, dxdt3, dt3) == odeint::success);
    BOOST_TEST(x1 == x2);
    BOOST_TEST(x1 == out3);
    BOOST_TEST((t1 == t2 && t1 == t3 && dt1 == dt2 && dt1 == dt3));
    const state f1 = derivative_of(p, x1, t1);
    BOOST_TEST(dxdt2 == f1);
    BOOST_TEST(dxdt3 == f1);
    // a given dxdt is what F_0 is: a wrong one changes the step, as in odeint
    state wrong(x0.size(), 0.0), x4 = x0;
    double t4 = 0, dt4 = 1e-3;
    ctl.try_step(p, x4, wrong, t4, dt4);
    BOOST_TEST(x4 != x1);
    auto ref = odeint::make_controlled(1e-8, 1e-8, odeint::runge_kutta_dopri5<state>());
    state xr = x0, wrong_r(x0.size(), 0.0);
    double tr = 0, dtr = 1e-3;
    ref.try_step(tiled::as_odeint_system(p), xr, wrong_r, tr, dtr);
    BOOST_TEST(max_rel_diff(x4, xr) <= 1e-12);
    // a dxdt of the wrong size is refused, the state untouched
    state short_dxdt(x0.size() - 1), x5 = x0;
    double t5 = 0, dt5 = 1e-3;
    BOOST_CHECK_THROW(ctl.try_step(p, x5, short_dxdt, t5, dt5), std::invalid_argument);
    BOOST_TEST(x5 == x0);
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

namespace {

bool same_bits(double a, double b) { return std::memcmp(&a, &b, sizeof(double)) == 0; }

/*! One step of Stepper from x: the fused norm over each range against odeint's norm
    over the same range of do_step's error vector (bit for bit), and the solution of
    every step the same as do_step's. */
template <template <class...> class Stepper, class Problem>
void check_norm_ranges(const Problem& p, const state& x, const std::vector<norm_range>& ranges,
                       const tiled::tiling& tl)
{
    const double t = 0.25, dt = 0.07;
    state dxdt(x.size());
    tiled::as_odeint_system(p)(x, dxdt, t);
    Stepper<state> st(tl);
    state out_plain(x.size()), err(x.size());
    st.do_step(p, x, t, out_plain, dt, err);
    const tiled::fused_error_checker<double> checker(1e-7, 1e-6, 0.5, 2.0);
    for (const norm_range& r : ranges)
    {
        BOOST_TEST_CONTEXT("norm over [" << r.first << ", " << r.last << ")")
        {
            tiled::error_norm_params<double> params = checker.params(dt);
            params.norm_first = r.first;
            params.norm_last = r.last;
            state out(x.size());
            const tiled::error_norm_block<double> got = st.do_step_error_norm(p, x, t, out, dt, params);
            const tiled::error_norm_block<double> expected = norm_over(checker, x, dxdt, err, dt, r);
            BOOST_TEST(same_bits(got.max, expected.max), "max " << got.max << " vs " << expected.max);
            BOOST_TEST(got.non_finite == expected.non_finite);
            BOOST_TEST(got.state_non_finite == expected.state_non_finite);
            BOOST_TEST(std::memcmp(out.data(), out_plain.data(), x.size() * sizeof(double)) == 0);
            if (std::min(r.last, x.size()) <= r.first) BOOST_TEST((got.max == 0.0 && !got.non_finite && !got.state_non_finite));
        }
    }
}

//! Tilings of the masked-norm tests: one tile, blocks that the range's ends split, tiles
//! of several links (trapezoids, hexagons, overlapped), a team of threads per tile.
std::vector<tiled::tiling> norm_range_tilings()
{
    return {tiled::tiling::none(), tiled::tiling::none().block_size(7), tiled::tiling::trapezoidal(3 * 16 + 61, 2),
            tiled::tiling::hexagonal(3 * 16 + 97, 4).block_size(13), tiled::tiling::overlapped(12 * 16 + 61, 7),
            tiled::tiling::trapezoidal(3 * 16 + 61, 2).threads_per_tile(2)};
}

template <template <class...> class Stepper>
void check_norm_ranges_on_problems()
{
    for (const tiled::tiling& tl : norm_range_tilings())
    {
        for (std::size_t n : {std::size_t(1), std::size_t(7), std::size_t(401), std::size_t(1000)})
        {
            BOOST_TEST_CONTEXT(tl << ", heat1d n=" << n)
            {
                const problems::heat1d p(n, 1.0);
                check_norm_ranges<Stepper>(p, initial_state(p), norm_ranges(n), tl);
            }
        }
        for (auto xy : {std::pair<std::size_t, std::size_t>{8, 30}, std::pair<std::size_t, std::size_t>{7, 13}})
        {
            BOOST_TEST_CONTEXT(tl << ", bruss2d " << xy.first << "x" << xy.second)
            {
                const problems::bruss2d p(xy.first, xy.second);
                check_norm_ranges<Stepper>(p, initial_state(p), norm_ranges(p.size()), tl);
            }
        }
    }
}

/*! A NaN in the input state: outside the range (farther than the step's stages carry
    it) neither flag is set and the norm is the range's; inside, both are. */
template <template <class...> class Stepper>
void check_non_finite_state_outside_and_inside_the_range()
{
    const problems::heat1d p(600, 1.0);  // d = 1: a NaN reaches at most `stages` neighbours
    const norm_range range{200, 400};
    auto with_nan_at = [&](std::size_t bad) {
        state x = initial_state(p);
        x[bad] = std::numeric_limits<double>::quiet_NaN();
        return x;
    };
    // one step's fused norm over [first, last)
    auto norm_of_step = [&](const tiled::tiling& tl, const state& x, std::size_t first, std::size_t last) {
        Stepper<state> st(tl);
        state out(x.size());
        tiled::error_norm_params<double> params = tiled::fused_error_checker<double>(1e-7, 1e-6).params(0.07);
        params.norm_first = first;
        params.norm_last = last;
        return st.do_step_error_norm(p, x, 0.25, out, 0.07, params);
    };
    for (const tiled::tiling& tl : norm_range_tilings())
    {
        for (std::size_t bad : {std::size_t(0), std::size_t(150), std::size_t(450), std::size_t(599)})
        {
            BOOST_TEST_CONTEXT(tl << ", NaN at " << bad << " outside the range")
            {
                const state x = with_nan_at(bad);
                check_norm_ranges<Stepper>(p, x, {range}, tl);
                const tiled::error_norm_block<double> r = norm_of_step(tl, x, range.first, range.last);
                BOOST_TEST(!r.state_non_finite);
                BOOST_TEST(!r.non_finite);
                BOOST_TEST(r.max > 0.0);
                // the whole state's norm sees it
                BOOST_TEST(norm_of_step(tl, x, 0, std::size_t(-1)).state_non_finite);
            }
        }
        for (std::size_t bad : {range.first, std::size_t(321), range.last - 1})
        {
            BOOST_TEST_CONTEXT(tl << ", NaN at " << bad << " inside the range")
            {
                const state x = with_nan_at(bad);
                check_norm_ranges<Stepper>(p, x, {range}, tl);
                const tiled::error_norm_block<double> r = norm_of_step(tl, x, range.first, range.last);
                BOOST_TEST(r.state_non_finite);
                BOOST_TEST(r.non_finite);
            }
        }
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(dopri5_error_norm_over_a_component_range)
{
    check_norm_ranges_on_problems<tiled::runge_kutta_dopri5>();
}

BOOST_AUTO_TEST_CASE(cash_karp54_error_norm_over_a_component_range)
{
    check_norm_ranges_on_problems<tiled::runge_kutta_cash_karp54>();
}

BOOST_AUTO_TEST_CASE(non_finite_state_outside_the_norm_range_is_not_seen)
{
    check_non_finite_state_outside_and_inside_the_range<tiled::runge_kutta_dopri5>();
    check_non_finite_state_outside_and_inside_the_range<tiled::runge_kutta_cash_karp54>();
}

BOOST_AUTO_TEST_CASE(norm_range_with_a_given_first_derivative_and_a_reversed_range)
{
    // FSAL: F_0 read from given_dxdt runs a runner of its own; the range holds there too
    const problems::bruss2d p(8, 30);
    const state x = initial_state(p);
    state dxdt(x.size());
    tiled::as_odeint_system(p)(x, dxdt, 0.25);
    const tiled::fused_error_checker<double> checker(1e-7, 1e-6, 0.5, 2.0);
    for (const tiled::tiling& tl : {tiled::tiling::none().block_size(7), tiled::tiling::hexagonal(3 * 16 + 97, 4)})
    {
        BOOST_TEST_CONTEXT(tl)
        {
            tiled::runge_kutta_dopri5<state> st(tl);
            state out_plain(x.size()), err(x.size()), out(x.size());
            st.do_step(p, x, 0.25, out_plain, 0.07, err);
            for (const norm_range& r : norm_ranges(x.size()))
            {
                BOOST_TEST_CONTEXT("norm over [" << r.first << ", " << r.last << ")")
                {
                    tiled::error_norm_params<double> params = checker.params(0.07);
                    params.given_dxdt = dxdt.data();
                    params.norm_first = r.first;
                    params.norm_last = r.last;
                    const tiled::error_norm_block<double> got = st.do_step_error_norm(p, x, 0.25, out, 0.07, params);
                    BOOST_TEST(same_bits(got.max, norm_over(checker, x, dxdt, err, 0.07, r).max));
                    BOOST_TEST(out == out_plain);
                }
            }
            // a range that ends before it starts is refused
            tiled::error_norm_params<double> reversed = checker.params(0.07);
            reversed.norm_first = 10;
            reversed.norm_last = 9;
            BOOST_CHECK_THROW(st.do_step_error_norm(p, x, 0.25, out, 0.07, reversed), std::invalid_argument);
        }
    }
}
