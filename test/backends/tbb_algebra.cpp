/*
 test/backends/tbb_algebra.cpp

 tiled::tbb_algebra as an odeint Algebra: the for_eachN loops and norm_inf agree
 with range_algebra, and every stock explicit Runge-Kutta stepper of odeint runs on
 it and gives the results of the same stepper on range_algebra.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled/backends/tbb/tbb_algebra.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <list>
#include <vector>

#include "support/sanitized.hpp"

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;

namespace {

using state = std::vector<double>;

// A nonlinear chain with free ends, written as a whole-vector odeint system.
struct nonlinear_chain {
    void operator()(const state& x, state& dxdt, double t) const
    {
        const std::size_t n = x.size();
        for (std::size_t j = 0; j < n; ++j) {
            const double l = j > 0 ? x[j - 1] : x[j];
            const double r = j + 1 < n ? x[j + 1] : x[j];
            dxdt[j] = 0.3 * (l - 2.0 * x[j] + r) - 0.1 * x[j] * x[j] * x[j] + 0.01 * std::cos(t);
        }
    }
};

state initial_state(std::size_t n)
{
    state x(n);
    for (std::size_t j = 0; j < n; ++j)
        x[j] = std::sin(0.001 * static_cast<double>(j)) + 0.5 * std::cos(0.37 * static_cast<double>(j));
    return x;
}

// max_j |a_j - b_j| / max(|b_j|, 1e-3 * max_k |b_k|): componentwise relative
// difference, with components near zero measured against the state's scale.
double max_rel_diff(const state& a, const state& b)
{
    BOOST_REQUIRE_EQUAL(a.size(), b.size());
    double scale = 0.0;
    for (double v : b)
        scale = std::max(scale, std::abs(v));
    double m = 0.0;
    for (std::size_t j = 0; j < a.size(); ++j)
        m = std::max(m, std::abs(a[j] - b[j]) / std::max({std::abs(b[j]), 1e-3 * scale, 1e-300}));
    return m;
}

// Both steppers apply the same odeint operation to every element, so the results
// are bitwise equal -- unless the compiler may contract a*b+c into FMAs
// (__FP_FAST_FMA, e.g. -march=native with -ffp-contract=fast), which it can do
// differently in the two inlined loops; then rounding differences are allowed.
#if defined(__FP_FAST_FMA)
constexpr double tolerance = 1e-12;
#else
constexpr double tolerance = 1e-14;
#endif

// The chain's length: several of the algebra's chunks (three under sanitizers).
constexpr std::size_t chain_n =
    boost_odeint_tiled_test::unless_sanitized(std::size_t(100000), 2 * tiled::tbb_algebra::grain_size + 17);

template <template <class, class, class, class, class, class, class> class Stepper>
void check_plain_stepper(const char* name, std::size_t steps = 20, double dt = 0.01)
{
    using ref_t = Stepper<state, double, state, double, odeint::range_algebra,
                          odeint::default_operations, odeint::initially_resizer>;
    using tbb_t = Stepper<state, double, state, double, tiled::tbb_algebra,
                          odeint::default_operations, odeint::initially_resizer>;
    state a = initial_state(chain_n), b = a;
    odeint::integrate_n_steps(ref_t(), nonlinear_chain(), a, 0.0, dt, steps);
    odeint::integrate_n_steps(tbb_t(), nonlinear_chain(), b, 0.0, dt, steps);
    const double diff = max_rel_diff(b, a);
    BOOST_TEST_MESSAGE(name << ": max relative difference " << diff);
    BOOST_TEST(diff <= tolerance, name << ": max relative difference " << diff);
}


// A counting operation with mutable state: each chunk works on its own copy.
struct add_one {
    void operator()(double& x) { x += 1.0; }
};

// An operation of 15 arguments: s1 = sum of the other 14 weighted by their index.
struct weighted_sum14 {
    template <class... T>
    void operator()(double& r, const T&... v) const
    {
        double w = 1.0, acc = 0.0;
        ((acc += w * v, w += 1.0), ...);
        r = acc;
    }
};

} // namespace

BOOST_AUTO_TEST_CASE(for_each_applies_the_operation_to_every_element_of_small_and_large_vectors)
{
    for (std::size_t n : {std::size_t(0), std::size_t(1), std::size_t(1000), tiled::tbb_algebra::grain_size,
                          tiled::tbb_algebra::grain_size + 1, std::size_t(200003)}) {
        state x(n), y(n), z(n, -1.0);
        for (std::size_t j = 0; j < n; ++j) {
            x[j] = static_cast<double>(j);
            y[j] = 2.0 * static_cast<double>(j);
        }
        tiled::tbb_algebra::for_each3(z, x, y, odeint::default_operations::scale_sum2<double, double>(1.0, 0.5));
        for (std::size_t j = 0; j < n; ++j)
            BOOST_REQUIRE_EQUAL(z[j], 2.0 * static_cast<double>(j));
        tiled::tbb_algebra::for_each1(z, add_one());
        for (std::size_t j = 0; j < n; ++j)
            BOOST_REQUIRE_EQUAL(z[j], 2.0 * static_cast<double>(j) + 1.0);
    }
}

BOOST_AUTO_TEST_CASE(for_each15_passes_fifteen_ranges_in_order)
{
    const std::size_t n = 3 * tiled::tbb_algebra::grain_size + 17;
    std::vector<state> v(14, state(n));
    for (std::size_t i = 0; i < 14; ++i)
        for (std::size_t j = 0; j < n; ++j)
            v[i][j] = static_cast<double>(i + j);
    state r(n, 0.0);
    tiled::tbb_algebra::for_each15(r, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], v[9], v[10],
                                   v[11], v[12], v[13], weighted_sum14());
    for (std::size_t j = 0; j < n; ++j) {
        double expected = 0.0;
        for (std::size_t i = 0; i < 14; ++i)
            expected += static_cast<double>(i + 1) * static_cast<double>(i + j);
        BOOST_REQUIRE_EQUAL(r[j], expected);
    }
}

BOOST_AUTO_TEST_CASE(non_random_access_ranges_fall_back_to_a_serial_walk)
{
    std::list<double> a{1.0, 2.0, 3.0}, b{10.0, 20.0, 30.0};
    tiled::tbb_algebra::for_each2(a, b, odeint::default_operations::scale_sum1<double>(2.0));
    BOOST_TEST((std::vector<double>(a.begin(), a.end()) == std::vector<double>{20.0, 40.0, 60.0}));
    BOOST_TEST(tiled::tbb_algebra::norm_inf(std::list<double>{1.0, -7.5, 3.0}) == 7.5);
}

BOOST_AUTO_TEST_CASE(norm_inf_returns_the_largest_absolute_value_like_range_algebra)
{
    for (std::size_t n : {std::size_t(0), std::size_t(5), std::size_t(100003)}) {
        state x = initial_state(n);
        if (n > 4)
            x[n / 3] = -42.0;
        const double ref = odeint::range_algebra::norm_inf(x);
        BOOST_TEST(tiled::tbb_algebra::norm_inf(x) == ref);
        if (n > 4)
            BOOST_TEST(ref == 42.0);
    }
    const std::vector<float> f(50000, -2.5f);
    BOOST_TEST(tiled::tbb_algebra::norm_inf(f) == 2.5f);
}

BOOST_AUTO_TEST_CASE(stock_steppers_on_tbb_algebra_agree_with_range_algebra)
{
    check_plain_stepper<odeint::euler>("euler");
    check_plain_stepper<odeint::runge_kutta4>("runge_kutta4");
    check_plain_stepper<odeint::runge_kutta4_classic>("runge_kutta4_classic");
    check_plain_stepper<odeint::runge_kutta_cash_karp54>("runge_kutta_cash_karp54");
    check_plain_stepper<odeint::runge_kutta_cash_karp54_classic>("runge_kutta_cash_karp54_classic");
    check_plain_stepper<odeint::runge_kutta_dopri5>("runge_kutta_dopri5");
    check_plain_stepper<odeint::runge_kutta_fehlberg78>("runge_kutta_fehlberg78");
}

BOOST_AUTO_TEST_CASE(runge_kutta4_with_tbb_algebra_as_the_fifth_template_argument_agrees_with_range_algebra)
{
    odeint::runge_kutta4<state, double, state, double, tiled::tbb_algebra> stepper;
    odeint::runge_kutta4<state, double, state, double, odeint::range_algebra> reference;
    state a = initial_state(chain_n), b = a;
    odeint::integrate_const(reference, nonlinear_chain(), a, 0.0, 0.2, 0.01);
    odeint::integrate_const(stepper, nonlinear_chain(), b, 0.0, 0.2, 0.01);
    BOOST_TEST(max_rel_diff(b, a) <= tolerance);
}

BOOST_AUTO_TEST_CASE(controlled_and_dense_output_dopri5_on_tbb_algebra_agree_with_range_algebra)
{
    using ref_t = odeint::runge_kutta_dopri5<state, double, state, double, odeint::range_algebra>;
    using tbb_t = odeint::runge_kutta_dopri5<state, double, state, double, tiled::tbb_algebra>;

    state a = initial_state(chain_n), b = a;
    const std::size_t na = odeint::integrate_adaptive(odeint::make_controlled(1e-8, 1e-8, ref_t()),
                                                      nonlinear_chain(), a, 0.0, 0.5, 1e-3);
    const std::size_t nb = odeint::integrate_adaptive(odeint::make_controlled(1e-8, 1e-8, tbb_t()),
                                                      nonlinear_chain(), b, 0.0, 0.5, 1e-3);
    BOOST_TEST(na == nb);
    BOOST_TEST(max_rel_diff(b, a) <= tolerance);

    state c = initial_state(chain_n), d = c;
    std::vector<double> tc, td;
    odeint::integrate_const(odeint::make_dense_output(1e-8, 1e-8, ref_t()), nonlinear_chain(), c, 0.0, 0.5,
                            0.05, [&tc](const state&, double t) { tc.push_back(t); });
    odeint::integrate_const(odeint::make_dense_output(1e-8, 1e-8, tbb_t()), nonlinear_chain(), d, 0.0, 0.5,
                            0.05, [&td](const state&, double t) { td.push_back(t); });
    BOOST_TEST(tc == td);
    BOOST_TEST(max_rel_diff(d, c) <= tolerance);
}

BOOST_AUTO_TEST_CASE(controlled_fehlberg78_and_cash_karp54_on_tbb_algebra_agree_with_range_algebra)
{
    {
        using ref_t = odeint::runge_kutta_fehlberg78<state, double, state, double, odeint::range_algebra>;
        using tbb_t = odeint::runge_kutta_fehlberg78<state, double, state, double, tiled::tbb_algebra>;
        state a = initial_state(chain_n), b = a;
        odeint::integrate_adaptive(odeint::make_controlled(1e-10, 1e-10, ref_t()), nonlinear_chain(), a, 0.0,
                                   0.3, 1e-3);
        odeint::integrate_adaptive(odeint::make_controlled(1e-10, 1e-10, tbb_t()), nonlinear_chain(), b, 0.0,
                                   0.3, 1e-3);
        BOOST_TEST(max_rel_diff(b, a) <= tolerance);
    }
    {
        using ref_t = odeint::runge_kutta_cash_karp54<state, double, state, double, odeint::range_algebra>;
        using tbb_t = odeint::runge_kutta_cash_karp54<state, double, state, double, tiled::tbb_algebra>;
        state a = initial_state(chain_n), b = a;
        odeint::integrate_adaptive(odeint::make_controlled(1e-9, 1e-9, ref_t()), nonlinear_chain(), a, 0.0,
                                   0.3, 1e-3);
        odeint::integrate_adaptive(odeint::make_controlled(1e-9, 1e-9, tbb_t()), nonlinear_chain(), b, 0.0,
                                   0.3, 1e-3);
        BOOST_TEST(max_rel_diff(b, a) <= tolerance);
    }
}

BOOST_AUTO_TEST_CASE(tbb_algebra_is_default_constructible_and_trivially_copyable)
{
    static_assert(std::is_default_constructible<tiled::tbb_algebra>::value, "");
    static_assert(std::is_trivially_copyable<tiled::tbb_algebra>::value, "");
    static_assert(std::is_empty<tiled::tbb_algebra>::value, "");
    BOOST_TEST(true);
}
