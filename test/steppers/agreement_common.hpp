/*
 test/steppers/agreement_common.hpp

 Shared by test/steppers/agreement_*.cpp and properties.cpp: the reference
 problems with stable step sizes, the tilings every stepper is run under, the
 serial Runge-Kutta step of support/serial_rk_step.hpp as a stepper (the
 reference for methods odeint lacks), odeint steppers wrapped the same way, and
 agreement checks of one tiled stepper type against one reference.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_STEPPERS_AGREEMENT_COMMON_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_STEPPERS_AGREEMENT_COMMON_HPP_INCLUDED

#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include "support/serial_rk_step.hpp"

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <string>
#include <vector>

namespace agreement {

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
namespace problems = boost::numeric::odeint::tiled::problems;

using state = std::vector<double>;

constexpr int steps = 100;
constexpr double state_tolerance = 1e-12;
constexpr double error_tolerance = 1e-10;

//! max_j |a_j - b_j| / max(|b_j|, tiny): componentwise relative difference.
inline double max_rel_diff(const state& a, const state& b)
{
    BOOST_REQUIRE_EQUAL(a.size(), b.size());
    double m = 0.0;
    for (std::size_t j = 0; j < a.size(); ++j)
        m = std::max(m, std::abs(a[j] - b[j]) / std::max(std::abs(b[j]), 1e-300));
    return m;
}

//! max_j |a_j - b_j| / max_j |b_j|: for error vectors, whose components may be tiny.
inline double max_scaled_diff(const state& a, const state& b)
{
    BOOST_REQUIRE_EQUAL(a.size(), b.size());
    double scale = 0.0, m = 0.0;
    for (std::size_t j = 0; j < a.size(); ++j)
    {
        scale = std::max(scale, std::abs(b[j]));
        m = std::max(m, std::abs(a[j] - b[j]));
    }
    return scale > 0.0 ? m / scale : m;
}

inline bool bitwise_equal(const state& a, const state& b)
{
    return a.size() == b.size() && (a.empty() || std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0);
}

template <class Problem>
state initial_state(const Problem& p, std::size_t n)
{
    state x(n);
    p.initial_state(x);
    return x;
}

/*! The tilings every stepper runs under, sized for access distance d: untiled,
    trapezoids one and several links high, hexagons, overlapped tiles in rows of two
    links and of a whole step, the backend's choice, and two-thread trapezoids.
    Widths are odd numbers that divide nothing. */
inline std::vector<tiled::tiling> tilings_for(std::size_t d)
{
    return {
        tiled::tiling::none(),
        tiled::tiling::trapezoidal(3 * d + 61, 2),
        tiled::tiling::trapezoidal(7 * d + 203, 4),
        tiled::tiling::hexagonal(3 * d + 97, 4),
        tiled::tiling::overlapped(2 * d + 67, 2),
        tiled::tiling::overlapped(24 * d + 131, 13),
        tiled::tiling::automatic(),
        tiled::tiling::trapezoidal(3 * d + 61, 2).threads_per_tile(2),
    };
}

//! Calls f(name, problem, n, dt) for each reference problem, with a step size inside
//! every method's stability interval. The larger BRUSS2D has rows of 100 cells (d = 200)
//! and `large_bruss2d_rows` rows: 200 (n = 40000) by default; 60 (n = 12000) still gives
//! each tiling of tilings_for() with a tile width three tiles or more, for a test that
//! runs every method on a slow path.
template <class F>
void for_each_problem(F&& f, std::size_t large_bruss2d_rows = 200)
{
    {
        const problems::bruss2d p(16, 12);  // n = 384, d = 32
        f("bruss2d 16x12", p, p.size(), p.suggested_dt());
    }
    {
        const problems::bruss2d p(100, large_bruss2d_rows);  // d = 200
        f("bruss2d 100x" + std::to_string(large_bruss2d_rows), p, p.size(), p.suggested_dt());
    }
    {
        const problems::heat1d p(1000, 1.0);
        f("heat1d n=1000", p, p.size(), p.suggested_dt());
    }
    {
        const problems::phase_chain p(777);
        f("phase_chain n=777", p, p.size(), 0.05);
    }
    {
        const problems::wide_stencil p(1500, 5, 1.0);
        f("wide_stencil n=1500 d=5", p, p.size(), p.suggested_dt());
    }
}

//! The serial oracle (support/serial_rk_step.hpp).
using boost_odeint_tiled_test::serial_rk_step;

//! The serial reference as a stepper-like object.
template <class Tableau>
struct serial_reference
{
    static constexpr bool embedded = tiled::is_embedded_tableau<Tableau>::value;
    template <class Problem>
    void do_step(const Problem& p, state& x, double t, double dt) { serial_rk_step<Tableau>(p, x, t, dt); }
    template <class Problem>
    void do_step(const Problem& p, state& x, double t, double dt, state& err) { serial_rk_step<Tableau>(p, x, t, dt, &err); }
};

//! A stock odeint stepper on range_algebra, fed by tiled::as_odeint_system.
template <class OdeintStepper, bool Embedded>
struct odeint_reference
{
    static constexpr bool embedded = Embedded;
    OdeintStepper stepper;
    template <class Problem>
    void do_step(const Problem& p, state& x, double t, double dt) { stepper.do_step(tiled::as_odeint_system(p), x, t, dt); }
    template <class Problem>
    void do_step(const Problem& p, state& x, double t, double dt, state& err)
    {
        stepper.do_step(tiled::as_odeint_system(p), x, t, dt, err);
    }
};

template <template <class, class, class, class, class, class> class Stepper>
using odeint_range = Stepper<state, double, state, double, odeint::range_algebra, odeint::default_operations>;

/*! Runs Reference and every tiled stepper Tiled (one per tiling) for `steps` steps
    on every reference problem and checks that they agree: the state to 1e-12
    (relative); the error estimate of embedded methods on the first step to 1e-10
    relative to its largest component against a serial step of the exact tableau,
    and against the reference stepper to that plus 1e-14 of the largest cancelling
    term h|e_i k_i| (odeint rounds b - b_hat its own way, and the estimate is a sum
    that cancels; after 100 steps the estimates of the smooth reference solutions
    are ~1e-14, at the rounding level of the state, so the first step is compared); and that the out-of-place step leaves its input untouched
    and equals the in-place one bitwise. */
template <class Tiled, class Reference>
void check_agreement_on_reference_problems()
{
    constexpr bool embedded = Tiled::is_embedded;
    static_assert(embedded == Reference::embedded, "");
    for_each_problem([&](const std::string& name, const auto& problem, std::size_t n, double dt) {
        const state x0 = initial_state(problem, n);

        // the reference: plain steps, steps with error estimate, and the error estimate of the
        // first step (later ones fall to the rounding level of the state as the solution smooths)
        state ref = x0, ref_e = x0, ref_err(n, 0.0), ref_err1(n, 0.0);
        {
            Reference r;
            double t = 0.0;
            for (int i = 0; i < steps; ++i, t += dt) r.do_step(problem, ref, t, dt);
        }
        // the error estimate of the first step straight from the exact tableau, and the
        // size of the terms that cancel in it
        state exact_err1(n, 0.0), err_terms(n, 0.0);
        if constexpr (embedded)
        {
            Reference r;
            double t = 0.0;
            for (int i = 0; i < steps; ++i, t += dt)
            {
                r.do_step(problem, ref_e, t, dt, ref_err);
                if (i == 0) ref_err1 = ref_err;
            }
            state y = x0;
            serial_rk_step<typename Tiled::tableau_type>(problem, y, 0.0, dt, &exact_err1, &err_terms);
        }
        const double terms_scale = *std::max_element(err_terms.begin(), err_terms.end());

        for (const tiled::tiling& tiling : tilings_for(problem.access_distance()))
            BOOST_TEST_CONTEXT(Tiled::tableau_type::name << " on " << name << " with " << tiling)
            {
                {
                    Tiled stepper(tiling);
                    state x = x0;
                    double t = 0.0;
                    for (int i = 0; i < steps; ++i, t += dt) stepper.do_step(problem, x, t, dt);
                    const double diff = max_rel_diff(x, ref);
                    BOOST_TEST(diff <= state_tolerance, "plain steps: max relative difference " << diff << " after "
                                                                                                << steps << " steps, tiling used "
                                                                                                << stepper.tiling());
                }
                if constexpr (embedded)
                {
                    Tiled stepper(tiling);
                    state x = x0, err(n, 0.0), err1(n, 0.0);
                    double t = 0.0;
                    for (int i = 0; i < steps; ++i, t += dt)
                    {
                        stepper.do_step(problem, x, t, dt, err);
                        if (i == 0) err1 = err;
                    }
                    const double diff = max_rel_diff(x, ref_e);
                    BOOST_TEST(diff <= state_tolerance, "steps with error: max relative difference " << diff);
                    const double ediff = max_scaled_diff(err1, exact_err1);
                    BOOST_TEST(ediff <= error_tolerance,
                               "error estimate of the first step vs the exact tableau: max difference / max |err| " << ediff);
                    // the reference's own coefficients (odeint's b - b_hat are rounded differently)
                    // may add a few ulps of the cancelling terms
                    const double ediff_ref = max_scaled_diff(err1, ref_err1);
                    const double ref_scale = std::max(1e-300, *std::max_element(ref_err1.begin(), ref_err1.end(),
                        [](double a, double b) { return std::abs(a) < std::abs(b); }));
                    const double allowed = error_tolerance + 1e-14 * terms_scale / std::abs(ref_scale);
                    BOOST_TEST(ediff_ref <= allowed, "error estimate of the first step vs the reference stepper: max difference / max |err| "
                                                         << ediff_ref << ", allowed " << allowed << " (terms up to " << terms_scale
                                                         << ", max |err| " << std::abs(ref_scale) << ")");
                }
                // out of place: `in` stays as it was and `out` equals the in-place step bitwise
                {
                    Tiled stepper(tiling);
                    const double t = 0.5 * dt;
                    state in = x0, out(n, -1.0), x = x0;
                    stepper.do_step(problem, in, t, out, dt);
                    BOOST_TEST(bitwise_equal(in, x0), "the out-of-place step changed its input");
                    stepper.do_step(problem, x, t, dt);
                    BOOST_TEST(bitwise_equal(x, out), "out-of-place and in-place steps differ");
                    if constexpr (embedded)
                    {
                        state in2 = x0, out2(n, -1.0), x2 = x0, err_o(n, 0.0), err_i(n, 0.0);
                        stepper.do_step(problem, in2, t, out2, dt, err_o);
                        BOOST_TEST(bitwise_equal(in2, x0), "the out-of-place step with error changed its input");
                        stepper.do_step(problem, x2, t, dt, err_i);
                        BOOST_TEST(bitwise_equal(x2, out2), "out-of-place and in-place steps with error differ");
                        BOOST_TEST(bitwise_equal(err_o, err_i), "out-of-place and in-place error estimates differ");
                        BOOST_TEST(bitwise_equal(x2, x), "the step with error estimate differs from the plain step");
                    }
                }
            }
    });
}

} // namespace agreement

#endif // BOOST_ODEINT_TILED_TEST_STEPPERS_AGREEMENT_COMMON_HPP_INCLUDED
