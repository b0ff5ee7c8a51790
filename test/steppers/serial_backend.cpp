/*
 test/steppers/serial_backend.cpp

 The serial reference backend (support/serial_backend.hpp) as the tests' oracle,
 and the proof that a backend can be added from outside the library: a state type
 registered for it selects it through the core's traits alone. For one method of
 each kind of tableau (one stage; four; FSAL with an error estimate; an error
 estimate without FSAL; thirteen stages), on every reference problem and under
 every tiling (automatic() as the TBB backend resolves it), the tiled stepper on the
 serial backend
   - runs the same plan as on the TBB backend and gives the same bits after 100
     steps, error vectors included;
   - agrees with stock odeint's stepper of the method to 1e-12 after 100 steps, and
     its first error estimate with the exact tableau's to 1e-10;
 and the controlled steppers (with FSAL and without) take the same steps on both
 backends. The other methods run the same code with other coefficients; every
 method is checked against odeint or the serial step of its tableau on the TBB
 backend (agreement_*.cpp). Each method here instantiates the whole stepper on two
 backends, most of this file's build time.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include "agreement_common.hpp"
#include "support/serial_backend.hpp"

#include <list>
#include <vector>

using namespace agreement;
using boost_odeint_tiled_test::serial_backend;
using boost_odeint_tiled_test::serial_state;

namespace {

//! The larger BRUSS2D's rows here: the serial backend evaluates one component per call.
constexpr std::size_t large_bruss2d_rows = 60;

static_assert(std::is_same<tiled::runge_kutta4<serial_state>::algebra_type, serial_backend>::value,
              "serial_state selects the serial backend through backend_dispatcher");
static_assert(std::is_same<tiled::runge_kutta4<state>::algebra_type, tiled::tbb_algebra>::value,
              "host containers keep the TBB backend");

//! The serial backend's state after the steps, and its first and last error vectors.
struct serial_run
{
    state x, err_first, err_last;
};

/*! `steps` steps of the method on std::vector (TBB) and on serial_state under the
    tiling the TBB stepper used; checks that both ran the same plan and give the
    same bits, and returns the serial run. */
template <class Tableau, bool WithError, class Problem>
serial_run run_both(const Problem& problem, const state& x0, double dt,
                                                 const tiled::tiling& tiling)
{
    using tbb_stepper = tiled::explicit_rk<Tableau, state>;
    using serial_stepper = tiled::explicit_rk<Tableau, serial_state>;
    const std::size_t n = x0.size();

    tbb_stepper on_tbb(tiling);
    state x = x0, err(n, 0.0), err_first(n, 0.0);
    double t = 0.0;
    for (int i = 0; i < steps; ++i, t += dt)
    {
        if constexpr (WithError)
        {
            on_tbb.do_step(problem, x, t, dt, err);
            if (i == 0) err_first = err;
        }
        else
            on_tbb.do_step(problem, x, t, dt);
    }

    serial_stepper on_serial(on_tbb.tiling());  // the tiling TBB resolved: the same plan
    serial_state s(x0), serr(n), serr_first(n);
    t = 0.0;
    for (int i = 0; i < steps; ++i, t += dt)
    {
        if constexpr (WithError)
        {
            on_serial.do_step(problem, s, t, dt, serr);
            if (i == 0) serr_first = serr;
        }
        else
            on_serial.do_step(problem, s, t, dt);
    }
    BOOST_REQUIRE(on_serial.plan() != nullptr && on_tbb.plan() != nullptr);
    BOOST_TEST((*on_serial.plan() == *on_tbb.plan()), "the two backends ran different plans");
    BOOST_TEST(bitwise_equal(s.values, x), "the serial and TBB backends' states differ");
    if constexpr (WithError)
    {
        BOOST_TEST(bitwise_equal(serr_first.values, err_first), "the first error vectors differ");
        BOOST_TEST(bitwise_equal(serr.values, err), "the last error vectors differ");
    }
    return {s.values, serr_first.values, serr.values};
}

template <class Tableau, class Reference>
void check_serial_backend()
{
    constexpr bool embedded = tiled::is_embedded_tableau<Tableau>::value;
    for_each_problem([&](const std::string& name, const auto& problem, std::size_t n, double dt) {
        const state x0 = initial_state(problem, n);
        state ref = x0;
        {
            Reference r;
            double t = 0.0;
            for (int i = 0; i < steps; ++i, t += dt) r.do_step(problem, ref, t, dt);
        }
        state exact_err1(n, 0.0);
        if constexpr (embedded)
        {
            state y = x0;
            serial_rk_step<Tableau>(problem, y, 0.0, dt, &exact_err1);
        }
        for (const tiled::tiling& tiling : tilings_for(problem.access_distance()))
            BOOST_TEST_CONTEXT(Tableau::name << " on " << name << " with " << tiling)
            {
                const auto plain = run_both<Tableau, false>(problem, x0, dt, tiling);
                const double diff = max_rel_diff(plain.x, ref);
                BOOST_TEST(diff <= state_tolerance, "serial backend vs the reference: max relative difference "
                                                        << diff << " after " << steps << " steps");
                if constexpr (embedded)
                {
                    const auto with_error = run_both<Tableau, true>(problem, x0, dt, tiling);
                    BOOST_TEST(bitwise_equal(with_error.x, plain.x), "the steps with error estimate differ from the plain ones");
                    const double ediff = max_scaled_diff(with_error.err_first, exact_err1);
                    BOOST_TEST(ediff <= error_tolerance, "first error estimate vs the exact tableau: " << ediff);
                }
            }
    }, large_bruss2d_rows);
}

//! The controlled stepper on both backends: the same accepted and rejected steps, the same bits.
template <class Tableau>
void check_same_controlled_steps()
{
    for_each_problem([&](const std::string& name, const auto& problem, std::size_t n, double dt) {
        const state x0 = initial_state(problem, n);
        for (const tiled::tiling& tiling : {tiled::tiling::none(), tiled::tiling::trapezoidal(7 * problem.access_distance() + 203, 4),
                                            tiled::tiling::overlapped(24 * problem.access_distance() + 131, 13)})
            BOOST_TEST_CONTEXT(Tableau::name << " controlled on " << name << " with " << tiling)
            {
                auto on_tbb = odeint::make_controlled(1e-8, 1e-8, tiled::explicit_rk<Tableau, state>(tiling));
                auto on_serial = odeint::make_controlled(1e-8, 1e-8, tiled::explicit_rk<Tableau, serial_state>(tiling));
                state x = x0;
                serial_state s(x0);
                double t = 0.0, h = 4 * dt, ts = 0.0, hs = 4 * dt;
                int accepted = 0;
                for (int tries = 0; tries < 60; ++tries)
                {
                    const odeint::controlled_step_result r = on_tbb.try_step(problem, x, t, h);
                    const odeint::controlled_step_result rs = on_serial.try_step(problem, s, ts, hs);
                    BOOST_TEST_REQUIRE((r == rs), "try " << tries << ": one backend accepted, the other rejected");
                    BOOST_TEST_REQUIRE(t == ts);
                    BOOST_TEST_REQUIRE(h == hs);
                    accepted += r == odeint::success;
                }
                BOOST_TEST(accepted > 0);
                BOOST_TEST(bitwise_equal(s.values, x), "the controlled steps' states differ");
            }
    }, large_bruss2d_rows);
}

} // namespace

BOOST_AUTO_TEST_SUITE(steppers_serial_backend)

BOOST_AUTO_TEST_CASE(a_state_with_no_backend_of_its_own_selects_the_one_registered_for_its_memory)
{
    static_assert(tiled::is_tiled_backend<serial_backend>::value, "");
    static_assert(tiled::is_tiled_backend<tiled::tbb_algebra>::value, "");
    static_assert(!tiled::is_tiled_backend<odeint::range_algebra>::value, "an odeint algebra is not a tiled backend");
    static_assert(std::is_same<tiled::backend_dispatcher<std::vector<float>>::algebra_type, tiled::tbb_algebra>::value, "");
    static_assert(std::is_same<tiled::backend_dispatcher<std::list<double>>::algebra_type, tiled::no_backend>::value,
                  "a container without a contiguous host buffer has no default backend");
    BOOST_TEST(true);
}

BOOST_AUTO_TEST_CASE(plain_methods_on_the_serial_backend_equal_tbb_bitwise_and_agree_with_odeint)
{
    check_serial_backend<tiled::euler_tableau, odeint_reference<odeint_range<odeint::euler>, false>>();
    check_serial_backend<tiled::runge_kutta4_tableau, odeint_reference<odeint_range<odeint::runge_kutta4>, false>>();
}

BOOST_AUTO_TEST_CASE(embedded_methods_on_the_serial_backend_equal_tbb_bitwise_error_vectors_too)
{
    check_serial_backend<tiled::runge_kutta_dopri5_tableau, odeint_reference<odeint_range<odeint::runge_kutta_dopri5>, true>>();
    check_serial_backend<tiled::runge_kutta_cash_karp54_tableau,
                         odeint_reference<odeint_range<odeint::runge_kutta_cash_karp54>, true>>();
    check_serial_backend<tiled::runge_kutta_fehlberg78_tableau,
                         odeint_reference<odeint_range<odeint::runge_kutta_fehlberg78>, true>>();
}

BOOST_AUTO_TEST_CASE(controlled_steppers_take_the_same_steps_on_the_serial_and_tbb_backends)
{
    check_same_controlled_steps<tiled::runge_kutta_dopri5_tableau>();
    check_same_controlled_steps<tiled::runge_kutta_cash_karp54_tableau>();
}

BOOST_AUTO_TEST_SUITE_END()
