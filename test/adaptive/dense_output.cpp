/*
 test/adaptive/dense_output.cpp

 odeint::make_dense_output on the tiled dopri5 returns tiled::dense_output_dopri5;
 integrate_const, integrate_times, integrate_adaptive and integrate_n_steps observe
 at arbitrary times what odeint's dense output dopri5 observes (to 1e-10), after
 the same number of steps; the kept-derivative plan writes F_0, F_2..F_6 in full.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include "adaptive_common.hpp"

#include <type_traits>

using namespace adaptive;

namespace {

struct observation
{
    double t;
    state x;
};

//! max_j |a_j - b_j| / max(|b_j|, 1): relative, absolute near zero (phases pass through 0).
double mixed_diff(const state& a, const state& b)
{
    BOOST_REQUIRE_EQUAL(a.size(), b.size());
    double m = 0.0;
    for (std::size_t j = 0; j < a.size(); ++j) m = std::max(m, std::abs(a[j] - b[j]) / std::max(std::abs(b[j]), 1.0));
    return m;
}

void require_same_observations(const std::vector<observation>& a, const std::vector<observation>& b)
{
    BOOST_REQUIRE_EQUAL(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
    {
        BOOST_TEST(rel(a[i].t, b[i].t) <= 1e-10);
        const double diff = mixed_diff(a[i].x, b[i].x);
        BOOST_TEST(diff <= 1e-10, "observation " << i << " at t = " << a[i].t << ": difference " << diff);
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(make_dense_output_returns_the_tiled_dense_output)
{
    using dopri5 = tiled::runge_kutta_dopri5<state>;
    using dense_type = decltype(odeint::make_dense_output(1e-6, 1e-6, dopri5()));
    static_assert(std::is_same<dense_type, tiled::dense_output_dopri5<dopri5>>::value, "");
    static_assert(std::is_same<dense_type::stepper_category, odeint::dense_output_stepper_tag>::value, "");
    auto d = odeint::make_dense_output(1e-6, 1e-7, 0.1, dopri5());
    BOOST_TEST(d.controlled_stepper().step_adjuster().get_max_dt() == 0.1);
    BOOST_TEST(d.controlled_stepper().error_checker().eps_rel() == 1e-7);
    BOOST_TEST(d.controlled_stepper().keep_derivatives() == dense_type::kept_mask);
}

BOOST_AUTO_TEST_CASE(observations_agree_with_odeint_dense_output)
{
    for (double tol : {1e-4, 1e-8, 1e-11})
        for_each_problem([&](const char* name, const auto& p, double t_end) {
            BOOST_TEST_CONTEXT(name << ", tolerance " << tol)
            {
                const auto sys_o = tiled::as_odeint_system(p);
                auto recorder = [](std::vector<observation>& v) {
                    return [&v](const state& x, double t) { v.push_back({t, x}); };
                };
                // integrate_const: observations between steps, at a spacing unrelated to the steps
                {
                    state x_t = initial_state(p), x_o = x_t;
                    std::vector<observation> a, b;
                    const std::size_t n_t = odeint::integrate_const(
                        odeint::make_dense_output(tol, tol, tiled::runge_kutta_dopri5<state>()), p, x_t, 0.0, t_end,
                        t_end / 37, recorder(a));
                    const std::size_t n_o = odeint::integrate_const(
                        odeint::make_dense_output(tol, tol, odeint::runge_kutta_dopri5<state>()), sys_o, x_o, 0.0, t_end,
                        t_end / 37, recorder(b));
                    BOOST_TEST(n_t == n_o);
                    require_same_observations(a, b);
                    BOOST_TEST(mixed_diff(x_t, x_o) <= 1e-10);
                }
                // integrate_times at irregular times
                {
                    std::vector<double> times;
                    for (int i = 0; i <= 20; ++i) times.push_back(t_end * (i * i) / 400.0 + (i % 3) * 1e-3 * (i < 20));
                    state x_t = initial_state(p), x_o = x_t;
                    std::vector<observation> a, b;
                    const std::size_t n_t = odeint::integrate_times(
                        odeint::make_dense_output(tol, tol, tiled::runge_kutta_dopri5<state>()), p, x_t, times.begin(),
                        times.end(), 0.05, recorder(a));
                    const std::size_t n_o = odeint::integrate_times(
                        odeint::make_dense_output(tol, tol, odeint::runge_kutta_dopri5<state>()), sys_o, x_o,
                        times.begin(), times.end(), 0.05, recorder(b));
                    BOOST_TEST(n_t == n_o);
                    require_same_observations(a, b);
                }
                // integrate_adaptive: observations at the step ends, whose times differ by
                // rounding (see controlled.cpp): same count, same times to 1e-4, same end state
                {
                    state x_t = initial_state(p), x_o = x_t;
                    std::vector<observation> a, b;
                    const std::size_t n_t = odeint::integrate_adaptive(
                        odeint::make_dense_output(tol, tol, tiled::runge_kutta_dopri5<state>()), p, x_t, 0.0, t_end,
                        t_end, recorder(a));
                    const std::size_t n_o = odeint::integrate_adaptive(
                        odeint::make_dense_output(tol, tol, odeint::runge_kutta_dopri5<state>()), sys_o, x_o, 0.0,
                        t_end, t_end, recorder(b));
                    BOOST_TEST(n_t == n_o);
                    BOOST_REQUIRE_EQUAL(a.size(), b.size());
                    for (std::size_t i = 0; i < a.size(); ++i) BOOST_TEST(std::abs(a[i].t - b[i].t) <= 1e-4 * t_end);
                    BOOST_TEST(a.back().t == t_end);
                    BOOST_TEST(max_rel_diff(x_t, x_o) <= 1e-10);
                }
            }
        });
}

// With the controller reusing the last derivative (FSAL) the dense output reads F_0 and
// F_6 from it and keeps F_2..F_5 only: the same observations, bit for bit
BOOST_AUTO_TEST_CASE(dense_output_reusing_the_last_derivative_observes_the_same)
{
    for_each_problem([&](const char* name, const auto& p, double t_end) {
        for (const tiled::tiling& tl : {tiled::tiling::automatic(), tiled::tiling::none(), tiled::tiling::trapezoidal(48, 2)})
            BOOST_TEST_CONTEXT(name << ", " << tl)
            {
                auto plain = odeint::make_dense_output(1e-8, 1e-8, tiled::runge_kutta_dopri5<state>(tl));
                auto reusing = odeint::make_dense_output(1e-8, 1e-8, tiled::runge_kutta_dopri5<state>(tl));
                reusing.controlled_stepper().reuse_last_derivative(true);
                std::vector<observation> a, b;
                state x_a = initial_state(p), x_b = x_a;
                const std::size_t n_a = odeint::integrate_const(plain, p, x_a, 0.0, t_end, t_end / 23,
                                                                [&](const state& x, double t) { a.push_back({t, x}); });
                const std::size_t n_b = odeint::integrate_const(reusing, p, x_b, 0.0, t_end, t_end / 23,
                                                                [&](const state& x, double t) { b.push_back({t, x}); });
                BOOST_TEST(n_a == n_b);
                BOOST_REQUIRE_EQUAL(a.size(), b.size());
                for (std::size_t i = 0; i < a.size(); ++i)
                {
                    BOOST_TEST(a[i].t == b[i].t);
                    BOOST_TEST((a[i].x == b[i].x), "observation " << i);
                }
                // (integrate_const stepped a copy) a step of this one keeps F_2..F_5 only
                reusing.initialize(initial_state(p), 0.0, t_end / 100);
                reusing.do_step(p);
                BOOST_TEST(reusing.controlled_stepper().keep_derivatives() == decltype(reusing)::kept_mask_reusing);
            }
    });
}

BOOST_AUTO_TEST_CASE(do_step_and_calc_state_by_hand)
{
    const problems::phase_chain p(250);
    auto d_t = odeint::make_dense_output(1e-9, 1e-9, tiled::runge_kutta_dopri5<state>(tiled::tiling::trapezoidal(101, 4)));
    auto d_o = odeint::make_dense_output(1e-9, 1e-9, odeint::runge_kutta_dopri5<state>());
    const state x0 = initial_state(p);
    d_t.initialize(x0, 0.0, 2.0);  // too large: rejected tries inside do_step
    d_o.initialize(x0, 0.0, 2.0);
    state a(x0.size()), b(x0.size());
    d_t.calc_state(0.0, a);  // before the first step: the initial state
    BOOST_TEST(a == x0);
    for (int s = 0; s < 6; ++s)
    {
        const auto st = d_t.do_step(p);
        const auto so = d_o.do_step(tiled::as_odeint_system(p));
        BOOST_TEST(std::abs(st.first - so.first) <= 1e-8);
        BOOST_TEST(std::abs(st.second - so.second) <= 1e-8);
        BOOST_TEST(d_t.previous_time() == st.first);
        BOOST_TEST(d_t.current_time() == st.second);
        // interpolate at the same times, inside both steps
        const double lo = std::max(st.first, so.first), hi = std::min(st.second, so.second);
        for (double theta : {0.0, 0.1, 0.5, 0.77, 1.0})
        {
            const double t = lo + theta * (hi - lo);
            d_t.calc_state(t, a);
            d_o.calc_state(t, b);
            BOOST_TEST(max_rel_diff(a, b) <= 1e-10, "step " << s << " theta " << theta);
        }
        d_t.calc_state(st.second, a);
        BOOST_TEST(max_rel_diff(a, d_t.current_state()) <= 1e-13);
    }
}

BOOST_AUTO_TEST_CASE(kept_derivatives_plan_cost)
{
    // the dense-output plan writes F_0, F_2..F_6 in full: six vectors more than the fused step
    const tiled::link_chain fused = tiled::make_link_chain<tiled::runge_kutta_dopri5_tableau, true>(
        tiled::chain_options{true, 0});
    const tiled::link_chain kept = tiled::make_link_chain<tiled::runge_kutta_dopri5_tableau, true>(
        tiled::chain_options{true, tiled::dense_output_dopri5<tiled::runge_kutta_dopri5<state>>::kept_mask});
    BOOST_TEST(kept.kept.size() == 6u);
    // with the controller's reuse_last_derivative(true) F_0 is read and F_6 written by the
    // controlled step anyway: the dense output keeps F_2..F_5 only
    using dense_type = tiled::dense_output_dopri5<tiled::runge_kutta_dopri5<state>>;
    BOOST_TEST((dense_type::kept_mask_reusing | 1ULL | (1ULL << 6)) == dense_type::kept_mask);
    const std::size_t n = 1 << 16, d = 1;
    for (const tiled::tiling& tl : {tiled::tiling::none(), tiled::tiling::trapezoidal(4099, 7),
                                    tiled::tiling::overlapped(4099, 7)})
    {
        const tiled::tiling_plan pf = tiled::make_tiling_plan(fused, n, d, tl);
        const tiled::tiling_plan pk = tiled::make_tiling_plan(kept, n, d, tl);
        BOOST_TEST(bool(tiled::check_plan(pf)));
        BOOST_TEST(bool(tiled::check_plan(pk)));
        BOOST_TEST_MESSAGE(tl << ": fused-norm step " << pf.memory_volume() << " vectors, with kept derivatives "
                              << pk.memory_volume());
        BOOST_TEST(pk.memory_volume() <= pf.memory_volume() + 6.0 + 1e-9);
        BOOST_TEST(pk.memory_volume() >= pf.memory_volume());
    }
}
