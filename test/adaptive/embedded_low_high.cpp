/*
 test/adaptive/embedded_low_high.cpp

 Controlled heun_euler21, bogacki_shampine32 (FSAL) and verner56, which odeint has
 no controlled stepper for (or not at all): the tiled controller takes the decisions
 of a reference loop written with odeint's own default_error_checker and
 default_step_adjuster around a plain serial Runge-Kutta step of the tableau, and
 the global error shrinks with the tolerance.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include "adaptive_common.hpp"
#include "support/serial_rk_step.hpp"

using namespace adaptive;

namespace {

//! odeint's controlled_runge_kutta::try_step, around the serial step of support/serial_rk_step.hpp.
template <class Tableau>
struct reference_controller
{
    odeint::default_error_checker<double, odeint::range_algebra, odeint::default_operations> checker;
    odeint::default_step_adjuster<double, double> adjuster;

    template <class Problem>
    odeint::controlled_step_result try_step(const Problem& sys, state& x, double& t, double& dt)
    {
        if (!adjuster.check_step_size_limit(dt))
        {
            dt = adjuster.get_max_dt();
            return odeint::fail;
        }
        state out = x, err(x.size()), k0(x.size());
        boost_odeint_tiled_test::serial_rk_step<Tableau>(sys, out, t, dt, &err, nullptr, &k0);
        odeint::range_algebra algebra;
        const double e = checker.error(algebra, x, k0, err, dt);
        if (e > 1.0)
        {
            dt = adjuster.decrease_step(dt, e, Tableau::error_order);
            return odeint::fail;
        }
        t += dt;
        dt = adjuster.increase_step(dt, e, Tableau::stepper_order);
        x = out;
        return odeint::success;
    }
};

template <class Tableau>
void compare_with_reference(const std::vector<double>& tolerances)
{
    using tiled_stepper = tiled::explicit_rk<Tableau, state>;
    for (double tol : tolerances)
        for_each_problem([&](const char* name, const auto& p, double t_end) {
            BOOST_TEST_CONTEXT(Tableau::name << ", " << name << ", tolerance " << tol)
            {
                auto ctl = odeint::make_controlled(tol, tol, tiled_stepper());
                reference_controller<Tableau> ref{{tol, tol}, {}};
                state x = initial_state(p), xr = x;
                double t = 0.0, dt = t_end, tr = 0.0, dtr = t_end;  // too large at first
                std::vector<try_record> log, logr;
                while (t < t_end && log.size() < 20000)
                {
                    if (t + dt > t_end) dt = t_end - t;
                    if (tr + dtr > t_end) dtr = t_end - tr;
                    const bool a = ctl.try_step(p, x, t, dt) == odeint::success;
                    const bool b = ref.try_step(p, xr, tr, dtr) == odeint::success;
                    log.push_back({t, dt, a});
                    logr.push_back({tr, dtr, b});
                    BOOST_REQUIRE_EQUAL(a, b);
                }
                BOOST_TEST(t == t_end);
                BOOST_TEST(rejected(log) > 0u);
                require_same_sequence(log, logr, 1e-4);
                BOOST_TEST(max_rel_diff(x, xr) <= 1e-10);
            }
        });
}

//! Global error at t = 1 on heat1d against a fehlberg78 solution at tolerance 1e-13.
template <class Tableau>
double global_error(double tol)
{
    const problems::heat1d p(200, 1.0);
    state ref = initial_state(p), x = ref;
    odeint::integrate_adaptive(odeint::make_controlled(1e-13, 1e-13, tiled::runge_kutta_fehlberg78<state>()), p, ref, 0.0,
                               1.0, 0.01);
    odeint::integrate_adaptive(odeint::make_controlled(tol, tol, tiled::explicit_rk<Tableau, state>()), p, x, 0.0, 1.0, 0.01);
    double m = 0.0;
    for (std::size_t i = 0; i < x.size(); ++i) m = std::max(m, std::abs(x[i] - ref[i]));
    return m;
}

} // namespace

BOOST_AUTO_TEST_CASE(heun_euler21_follows_odeints_formulas)
{
    compare_with_reference<tiled::runge_kutta_heun_euler21_tableau>({1e-3, 1e-5});
}

BOOST_AUTO_TEST_CASE(bogacki_shampine32_follows_odeints_formulas)
{
    compare_with_reference<tiled::runge_kutta_bogacki_shampine32_tableau>({1e-3, 1e-6, 1e-8});
}

BOOST_AUTO_TEST_CASE(verner56_follows_odeints_formulas)
{
    compare_with_reference<tiled::runge_kutta_verner56_tableau>({1e-3, 1e-7, 1e-11});
}

BOOST_AUTO_TEST_CASE(global_error_follows_the_tolerance)
{
    const double b_loose = global_error<tiled::runge_kutta_bogacki_shampine32_tableau>(1e-4);
    const double b_tight = global_error<tiled::runge_kutta_bogacki_shampine32_tableau>(1e-8);
    BOOST_TEST(b_tight < b_loose);
    BOOST_TEST(b_tight < 1e-6);
    const double v_loose = global_error<tiled::runge_kutta_verner56_tableau>(1e-5);
    const double v_tight = global_error<tiled::runge_kutta_verner56_tableau>(1e-11);
    BOOST_TEST(v_tight < v_loose);
    BOOST_TEST(v_tight < 1e-9);
    const double h_tight = global_error<tiled::runge_kutta_heun_euler21_tableau>(1e-6);
    BOOST_TEST(h_tight < 1e-4);
}
