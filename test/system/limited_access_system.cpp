/*
 test/system/limited_access_system.cpp

 The LimitedAccessSystem concept trait and as_odeint_system, the adaptor that
 gives such a system to stock odeint steppers.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled/backends/tbb/tbb_algebra.hpp>
#include <boost/numeric/odeint/tiled/system/as_odeint_system.hpp>
#include <boost/numeric/odeint/tiled/system/limited_access_system.hpp>

#include <cmath>
#include <cstddef>
#include <vector>

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;

namespace {

// design.md's example system.
struct chain {
    std::size_t n;
    double k;
    std::size_t access_distance() const { return 1; }
    template <class Y>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t j, const Y& y, double) const
    {
        double l = j > 0 ? y[j - 1] : y[j + 1], r = j + 1 < n ? y[j + 1] : y[j - 1];
        return k * (l - 2 * y[j] + r);
    }
};

// A time-dependent, nonlinear system with d = 2.
struct forced_pairs {
    std::size_t n;
    std::size_t access_distance() const { return 2; }
    template <class Y>
    double operator()(std::size_t j, const Y& y, double t) const
    {
        const double a = j >= 2 ? y[j - 2] : 0.0;
        const double b = j + 2 < n ? y[j + 2] : 0.0;
        return std::sin(a - y[j]) + 0.5 * std::cos(b) - 0.1 * y[j] + std::sin(t);
    }
};

struct no_access_distance {
    template <class Y>
    double operator()(std::size_t, const Y&, double) const { return 0.0; }
};

struct access_distance_not_a_number {
    const char* access_distance() const { return "one"; }
    template <class Y>
    double operator()(std::size_t, const Y&, double) const { return 0.0; }
};

struct whole_vector_system { // odeint's form, not the per-component one
    std::size_t access_distance() const { return 1; }
    void operator()(const std::vector<double>&, std::vector<double>&, double) const {}
};

struct returns_void {
    std::size_t access_distance() const { return 1; }
    template <class Y>
    void operator()(std::size_t, const Y&, double) const {}
};

struct needs_a_vector { // only takes a std::vector, not any indexable view
    std::size_t access_distance() const { return 1; }
    double operator()(std::size_t j, const std::vector<double>& y, double) const { return y[j]; }
};

struct non_const_call {
    std::size_t access_distance() const { return 1; }
    template <class Y>
    double operator()(std::size_t, const Y&, double) { return 0.0; }
};

std::vector<double> profile(std::size_t n)
{
    std::vector<double> x(n);
    for (std::size_t j = 0; j < n; ++j)
        x[j] = std::sin(0.01 * static_cast<double>(j)) + 0.3 * std::cos(0.7 * static_cast<double>(j));
    return x;
}

template <class System>
std::vector<double> serial_rhs(const System& sys, const std::vector<double>& x, double t)
{
    std::vector<double> dxdt(x.size());
    for (std::size_t j = 0; j < x.size(); ++j)
        dxdt[j] = sys(j, x, t);
    return dxdt;
}

} // namespace

BOOST_AUTO_TEST_CASE(systems_with_access_distance_and_a_per_component_rhs_are_limited_access_systems)
{
    static_assert(tiled::is_limited_access_system<chain>::value, "");
    static_assert(tiled::is_limited_access_system_v<forced_pairs>, "");
    static_assert(tiled::is_limited_access_system<chain, float, float>::value, "");
    static_assert(tiled::detail::check_limited_access_system<chain, double, double>(), "");
    BOOST_TEST(true);
}

BOOST_AUTO_TEST_CASE(systems_missing_a_requirement_are_not_limited_access_systems)
{
    static_assert(!tiled::is_limited_access_system<no_access_distance>::value, "");
    static_assert(!tiled::is_limited_access_system<access_distance_not_a_number>::value, "");
    static_assert(!tiled::is_limited_access_system<whole_vector_system>::value, "");
    static_assert(!tiled::is_limited_access_system<returns_void>::value, "");
    static_assert(!tiled::is_limited_access_system<needs_a_vector>::value, "");
    static_assert(!tiled::is_limited_access_system<non_const_call>::value, "");
    static_assert(!tiled::is_limited_access_system<int>::value, "");
    static_assert(!tiled::detail::has_access_distance<no_access_distance>::value, "");
    static_assert(tiled::detail::has_component_rhs<no_access_distance, double, double>::value, "");
    static_assert(tiled::detail::has_access_distance<returns_void>::value, "");
    static_assert(!tiled::detail::has_component_rhs<returns_void, double, double>::value, "");
    BOOST_TEST(true);
}

BOOST_AUTO_TEST_CASE(as_odeint_system_agrees_with_a_serial_loop_over_components)
{
    for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(100), std::size_t(8192),
                          std::size_t(8193), std::size_t(100001)}) {
        const std::vector<double> x = profile(n);
        const forced_pairs sys{n};
        const auto f = tiled::as_odeint_system(sys);
        BOOST_TEST(f.access_distance() == 2u);
        std::vector<double> dxdt(n, -999.0);
        f(x, dxdt, 0.25);
        const std::vector<double> ref = serial_rhs(sys, x, 0.25);
        for (std::size_t j = 0; j < n; ++j)
            BOOST_REQUIRE_MESSAGE(std::abs(dxdt[j] - ref[j]) <= 1e-14 * (1.0 + std::abs(ref[j])), "n = " << n << ", j = " << j);
    }
    // d >= n/2 (and >= n) is legal.
    const std::vector<double> x = profile(3);
    std::vector<double> dxdt(3);
    tiled::as_odeint_system(forced_pairs{3})(x, dxdt, 0.0);
    const std::vector<double> ref = serial_rhs(forced_pairs{3}, x, 0.0);
    for (std::size_t j = 0; j < 3; ++j)
        BOOST_TEST(dxdt[j] == ref[j], boost::test_tools::tolerance(1e-14));
}

BOOST_AUTO_TEST_CASE(as_odeint_system_drives_integrate_const_with_runge_kutta4_on_tbb_algebra)
{
    const std::size_t n = 50000;
    const chain sys{n, 0.5};
    std::vector<double> x = profile(n), ref = x;

    odeint::runge_kutta4<std::vector<double>, double, std::vector<double>, double, tiled::tbb_algebra> stepper;
    std::size_t observed = 0;
    odeint::integrate_const(stepper, tiled::as_odeint_system(sys), x, 0.0, 0.1, 0.01,
                            [&observed](const std::vector<double>&, double) { ++observed; });
    BOOST_TEST(observed == 11u);

    // The same steps with range_algebra and a plain serial whole-vector system.
    odeint::runge_kutta4<std::vector<double>> reference;
    auto serial = [&sys](const std::vector<double>& y, std::vector<double>& dydt, double t) {
        for (std::size_t j = 0; j < y.size(); ++j)
            dydt[j] = sys(j, y, t);
    };
    odeint::integrate_const(reference, serial, ref, 0.0, 0.1, 0.01);
    // Bitwise equal under ISO floating point; FMA contraction (-ffp-contract=fast)
    // may round the two inlined copies of the RHS differently.
    for (std::size_t j = 0; j < n; ++j)
        BOOST_REQUIRE(std::abs(x[j] - ref[j]) <= 1e-13 * std::abs(ref[j]) + 1e-300);

    // Mirrored ends conserve the trapezoidal sum (half weight at both ends).
    const auto trapezoid = [](const std::vector<double>& y) {
        double s = 0.5 * (y.front() + y.back());
        for (std::size_t j = 1; j + 1 < y.size(); ++j)
            s += y[j];
        return s;
    };
    BOOST_TEST(std::abs(trapezoid(x) - trapezoid(profile(n))) <= 1e-10 * static_cast<double>(n));
}
