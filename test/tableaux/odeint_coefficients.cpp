/*
 test/tableaux/odeint_coefficients.cpp

 Where Boost.Odeint has a method, our tableau must be odeint's: the same A, b, c, the
 same choice of propagated solution, the same error weights b - b_hat and the same
 order / stepper_order / error_order. Checked three ways: the orders at compile time
 against odeint's stepper classes, the double coefficients against odeint's
 coefficient structs (rk4, Cash-Karp 5(4), Fehlberg 7(8)) or the constants in its code
 (Euler, Dormand-Prince 5(4)), and one step (and error estimate) of odeint's stepper
 against a plain Runge-Kutta step written with tableau_coefficients.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

#include <boost/numeric/odeint/stepper/euler.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta4.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_cash_karp54.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_dopri5.hpp>
#include <boost/numeric/odeint/stepper/runge_kutta_fehlberg78.hpp>

#include <boost/numeric/odeint/tiled/tableaux/all.hpp>

namespace {

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
using state = std::vector<double>;

// ---------------------------------------------------------------------------------
// Orders, at compile time

template <class Tableau, class OdeintStepper>
constexpr bool same_orders_as_error_stepper()
{
    return Tableau::order == OdeintStepper::order_value && Tableau::stepper_order == OdeintStepper::stepper_order_value &&
           Tableau::error_order == OdeintStepper::error_order_value;
}

static_assert(tiled::euler_tableau::order == odeint::euler<state>::order_value, "");
static_assert(tiled::euler_tableau::stepper_order == odeint::euler<state>::order_value, "");
static_assert(tiled::runge_kutta4_tableau::order == odeint::runge_kutta4<state>::order_value, "");
static_assert(tiled::runge_kutta4_tableau::stepper_order == odeint::runge_kutta4<state>::order_value, "");
static_assert(tiled::runge_kutta4_tableau::stages == odeint::runge_kutta4<state>::stage_count, "");
static_assert(same_orders_as_error_stepper<tiled::runge_kutta_cash_karp54_tableau, odeint::runge_kutta_cash_karp54<state>>(), "");
static_assert(tiled::runge_kutta_cash_karp54_tableau::stages == odeint::runge_kutta_cash_karp54<state>::stage_count, "");
static_assert(same_orders_as_error_stepper<tiled::runge_kutta_dopri5_tableau, odeint::runge_kutta_dopri5<state>>(), "");
static_assert(same_orders_as_error_stepper<tiled::runge_kutta_fehlberg78_tableau, odeint::runge_kutta_fehlberg78<state>>(), "");
static_assert(tiled::runge_kutta_fehlberg78_tableau::stages == odeint::runge_kutta_fehlberg78<state>::stage_count, "");

// The coefficients as constant expressions (what CUDA kernels will see).
static_assert(tiled::tableau_coefficients<tiled::runge_kutta4_tableau>::a(3, 2) == 1.0, "");
static_assert(tiled::tableau_coefficients<tiled::runge_kutta_dopri5_tableau>::e[6] == -1.0 / 40, "");
static_assert(tiled::tableau_coefficients<tiled::euler_tableau>::e[0] == 0.0, "");

// ---------------------------------------------------------------------------------
// Coefficients

//! ours == theirs to 1e-15 relative to `scale`; a zero must be an exact zero on both sides
//! (zero coefficients are pruned at compile time, so "almost zero" would be a bug).
bool agrees(double ours, double theirs, double scale)
{
    if (theirs == 0.0 || ours == 0.0) return ours == theirs;
    return std::abs(ours - theirs) <= 1e-15 * scale;
}

#define CHECK_COEFFICIENT(what, ours, theirs, scale)                                                                   \
    BOOST_TEST_CONTEXT(what) { BOOST_TEST(agrees(ours, theirs, scale), (ours) << " vs odeint's " << (theirs)); }

//! Row i (1-based, odeint's a1..a_{s-1}) of A against an odeint coefficient struct.
template <class Tableau, class OdeintRow>
void check_a_row(std::size_t i, const OdeintRow& row)
{
    using C = tiled::tableau_coefficients<Tableau>;
    BOOST_TEST(row.size() == i);
    for (std::size_t j = 0; j < Tableau::stages; ++j)
    {
        const double theirs = j < row.size() ? row[j] : 0.0;
        CHECK_COEFFICIENT("a[" << i << "][" << j << "]", C::a(i, j), theirs, std::abs(theirs));
    }
}

//! b, c and e = b - b_hat against odeint's _b, _c and _db structs.
template <class Tableau, class B, class DB, class Cn>
void check_b_e_c(const B& b, const DB& db, const Cn& c)
{
    using C = tiled::tableau_coefficients<Tableau>;
    for (std::size_t i = 0; i < Tableau::stages; ++i)
    {
        CHECK_COEFFICIENT("b[" << i << "]", C::b[i], b[i], std::abs(b[i]));
        CHECK_COEFFICIENT("c[" << i << "]", C::c[i], c[i], std::abs(c[i]));
        // odeint forms db as a difference of rounded doubles; allow that rounding,
        // measured against the size of the weights it came from.
        const double weights = std::max(std::abs(Tableau::b[i].template as<double>()),
                                        std::abs(Tableau::b_hat[i].template as<double>()));
        CHECK_COEFFICIENT("e[" << i << "]", C::e[i], db[i], 2 * weights);
    }
}

// ---------------------------------------------------------------------------------
// One step

//! A small nonlinear, non-autonomous system: every stage's node c_i and weight matter.
struct forced_lorenz
{
    void operator()(const state& x, state& dxdt, double t) const
    {
        dxdt[0] = 10.0 * (x[1] - x[0]) + std::sin(3.0 * t);
        dxdt[1] = x[0] * (28.0 - x[2]) - x[1];
        dxdt[2] = x[0] * x[1] - 8.0 / 3.0 * x[2] + t * t;
    }
};

//! A textbook explicit RK step built from tableau_coefficients<Tableau>.
template <class Tableau>
void reference_step(const state& x, double t, double dt, state& out, state& err, double& k_max)
{
    using C = tiled::tableau_coefficients<Tableau>;
    constexpr std::size_t s = Tableau::stages;
    const std::size_t n = x.size();
    std::vector<state> k(s, state(n));
    state tmp(n);
    k_max = 0;
    for (std::size_t i = 0; i < s; ++i)
    {
        for (std::size_t m = 0; m < n; ++m)
        {
            double sum = 0;
            for (std::size_t j = 0; j < i; ++j) sum += C::a(i, j) * k[j][m];
            tmp[m] = x[m] + dt * sum;
        }
        forced_lorenz()(tmp, k[i], t + C::c[i] * dt);
        for (double v : k[i]) k_max = std::max(k_max, std::abs(v));
    }
    out.assign(n, 0.0);
    err.assign(n, 0.0);
    for (std::size_t m = 0; m < n; ++m)
    {
        double sb = 0, se = 0;
        for (std::size_t i = 0; i < s; ++i)
        {
            sb += C::b[i] * k[i][m];
            se += C::e[i] * k[i][m];
        }
        out[m] = x[m] + dt * sb;
        err[m] = dt * se;
    }
}

const state x0 = {1.0, -0.5, 20.0};
constexpr double t0 = 0.3, dt = 0.01;

//! odeint's step (and error) equal the reference step with our tableau to rounding.
template <class Tableau, class OdeintStepper>
void check_step_agrees(OdeintStepper stepper)
{
    state ours, our_err;
    double k_max = 0;
    reference_step<Tableau>(x0, t0, dt, ours, our_err, k_max);

    state theirs = x0, their_err(x0.size(), 0.0);
    if constexpr (tiled::is_embedded_tableau<Tableau>::value)
        stepper.do_step(forced_lorenz(), theirs, t0, dt, their_err);
    else
        stepper.do_step(forced_lorenz(), theirs, t0, dt);

    const double step_tolerance = 1e-14 * (1.0 + dt * k_max) * Tableau::stages;
    for (std::size_t m = 0; m < x0.size(); ++m)
    {
        BOOST_TEST_CONTEXT(Tableau::name << ", component " << m)
        {
            BOOST_TEST(std::abs(ours[m] - theirs[m]) <= step_tolerance * std::abs(theirs[m]),
                       "x: " << ours[m] << " vs odeint's " << theirs[m]);
            BOOST_TEST(std::abs(our_err[m] - their_err[m]) <= 1e-14 * dt * k_max * Tableau::stages,
                       "error: " << our_err[m] << " vs odeint's " << their_err[m]);
        }
    }
    if constexpr (tiled::is_embedded_tableau<Tableau>::value)
    {
        // and the estimate is not trivially zero: a wrong b_hat would show
        BOOST_TEST(*std::max_element(their_err.begin(), their_err.end(),
                                     [](double p, double q) { return std::abs(p) < std::abs(q); }) != 0.0);
    }
}

} // namespace

BOOST_AUTO_TEST_SUITE(tableaux)
BOOST_AUTO_TEST_SUITE(odeint_coefficients)

BOOST_AUTO_TEST_CASE(euler_tableau_is_one_stage_with_weight_one_at_node_zero)
{
    using C = tiled::tableau_coefficients<tiled::euler_tableau>;
    BOOST_TEST(C::stages == 1u);
    BOOST_TEST(C::a(0, 0) == 0.0);
    BOOST_TEST(C::b[0] == 1.0);
    BOOST_TEST(C::c[0] == 0.0);
}

BOOST_AUTO_TEST_CASE(runge_kutta4_coefficients_equal_odeints_rk4_coefficients)
{
    using T = tiled::runge_kutta4_tableau;
    check_a_row<T>(1, odeint::rk4_coefficients_a1<double>());
    check_a_row<T>(2, odeint::rk4_coefficients_a2<double>());
    check_a_row<T>(3, odeint::rk4_coefficients_a3<double>());
    const odeint::rk4_coefficients_b<double> b;
    const odeint::rk4_coefficients_c<double> c;
    using C = tiled::tableau_coefficients<T>;
    for (std::size_t i = 0; i < 4; ++i)
    {
        CHECK_COEFFICIENT("b[" << i << "]", C::b[i], b[i], std::abs(b[i]));
        CHECK_COEFFICIENT("c[" << i << "]", C::c[i], c[i], std::abs(c[i]));
    }
}

BOOST_AUTO_TEST_CASE(cash_karp54_coefficients_equal_odeints_rk54_ck_coefficients)
{
    using T = tiled::runge_kutta_cash_karp54_tableau;
    check_a_row<T>(1, odeint::rk54_ck_coefficients_a1<double>());
    check_a_row<T>(2, odeint::rk54_ck_coefficients_a2<double>());
    check_a_row<T>(3, odeint::rk54_ck_coefficients_a3<double>());
    check_a_row<T>(4, odeint::rk54_ck_coefficients_a4<double>());
    check_a_row<T>(5, odeint::rk54_ck_coefficients_a5<double>());
    check_b_e_c<T>(odeint::rk54_ck_coefficients_b<double>(), odeint::rk54_ck_coefficients_db<double>(),
                   odeint::rk54_ck_coefficients_c<double>());
}

BOOST_AUTO_TEST_CASE(fehlberg78_coefficients_equal_odeints_rk78_coefficients)
{
    using T = tiled::runge_kutta_fehlberg78_tableau;
    check_a_row<T>(1, odeint::rk78_coefficients_a1<double>());
    check_a_row<T>(2, odeint::rk78_coefficients_a2<double>());
    check_a_row<T>(3, odeint::rk78_coefficients_a3<double>());
    check_a_row<T>(4, odeint::rk78_coefficients_a4<double>());
    check_a_row<T>(5, odeint::rk78_coefficients_a5<double>());
    check_a_row<T>(6, odeint::rk78_coefficients_a6<double>());
    check_a_row<T>(7, odeint::rk78_coefficients_a7<double>());
    check_a_row<T>(8, odeint::rk78_coefficients_a8<double>());
    check_a_row<T>(9, odeint::rk78_coefficients_a9<double>());
    check_a_row<T>(10, odeint::rk78_coefficients_a10<double>());
    check_a_row<T>(11, odeint::rk78_coefficients_a11<double>());
    check_a_row<T>(12, odeint::rk78_coefficients_a12<double>());
    check_b_e_c<T>(odeint::rk78_coefficients_b<double>(), odeint::rk78_coefficients_db<double>(),
                   odeint::rk78_coefficients_c<double>());
}

BOOST_AUTO_TEST_CASE(dopri5_coefficients_equal_the_constants_in_odeints_runge_kutta_dopri5)
{
    // odeint keeps these as local constants of runge_kutta_dopri5::do_step_impl
    // (boost/numeric/odeint/stepper/runge_kutta_dopri5.hpp, Boost 1.81): copied here as
    // written there. Its a_i are our c_i, its b_ij our a_ij, its c_i our b_i and its
    // dc_i our e_i; the FSAL stage 7 uses c_i as its row of A.
    using V = double;
    const V a[7] = {0, V(1) / V(5), V(3) / V(10), V(4) / V(5), V(8) / V(9), 1, 1};
    const V b21 = V(1) / V(5);
    const V b31 = V(3) / V(40), b32 = V(9) / V(40);
    const V b41 = V(44) / V(45), b42 = V(-56) / V(15), b43 = V(32) / V(9);
    const V b51 = V(19372) / V(6561), b52 = V(-25360) / V(2187), b53 = V(64448) / V(6561), b54 = V(-212) / V(729);
    const V b61 = V(9017) / V(3168), b62 = V(-355) / V(33), b63 = V(46732) / V(5247), b64 = V(49) / V(176),
            b65 = V(-5103) / V(18656);
    const V c1 = V(35) / V(384), c3 = V(500) / V(1113), c4 = V(125) / V(192), c5 = V(-2187) / V(6784),
            c6 = V(11) / V(84);
    const V dc1 = c1 - V(5179) / V(57600), dc3 = c3 - V(7571) / V(16695), dc4 = c4 - V(393) / V(640),
            dc5 = c5 - V(-92097) / V(339200), dc6 = c6 - V(187) / V(2100), dc7 = V(-1) / V(40);

    const V A[7][7] = {{},
                       {b21},
                       {b31, b32},
                       {b41, b42, b43},
                       {b51, b52, b53, b54},
                       {b61, b62, b63, b64, b65},
                       {c1, 0, c3, c4, c5, c6}};
    const V B[7] = {c1, 0, c3, c4, c5, c6, 0};
    const V E[7] = {dc1, 0, dc3, dc4, dc5, dc6, dc7};

    using T = tiled::runge_kutta_dopri5_tableau;
    using C = tiled::tableau_coefficients<T>;
    for (std::size_t i = 0; i < 7; ++i)
    {
        for (std::size_t j = 0; j < 7; ++j) CHECK_COEFFICIENT("a[" << i << "][" << j << "]", C::a(i, j), A[i][j], std::abs(A[i][j]));
        CHECK_COEFFICIENT("b[" << i << "]", C::b[i], B[i], std::abs(B[i]));
        CHECK_COEFFICIENT("c[" << i << "]", C::c[i], a[i], std::abs(a[i]));
        const double weights = std::max(std::abs(T::b[i].as<double>()), std::abs(T::b_hat[i].as<double>()));
        CHECK_COEFFICIENT("e[" << i << "]", C::e[i], E[i], 2 * weights);
    }
}

BOOST_AUTO_TEST_CASE(one_step_with_our_tableaux_equals_odeints_step_and_error_estimate)
{
    check_step_agrees<tiled::euler_tableau>(odeint::euler<state>());
    check_step_agrees<tiled::runge_kutta4_tableau>(odeint::runge_kutta4<state>());
    check_step_agrees<tiled::runge_kutta_cash_karp54_tableau>(odeint::runge_kutta_cash_karp54<state>());
    check_step_agrees<tiled::runge_kutta_dopri5_tableau>(odeint::runge_kutta_dopri5<state>());
    check_step_agrees<tiled::runge_kutta_fehlberg78_tableau>(odeint::runge_kutta_fehlberg78<state>());
}

BOOST_AUTO_TEST_SUITE_END()
BOOST_AUTO_TEST_SUITE_END()
