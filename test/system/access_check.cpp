/*
 test/system/access_check.cpp

 A system that reads further than its access_distance() says is caught:
 check_access_distance reports the farthest read, the component and the index;
 in the checked mode (forced on here) every tiled step of every stepper and tiling
 stops with access_distance_error naming the component, the index read and the
 declared d, for systems that under-declare by one and by many, read outside the
 state, or read too far in their range form, and for rings (periodic systems) that
 read further around the ring than their cyclic_access_distance(). A system that keeps to its d steps in
 the checked mode to the same bits as without it.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#define BOOST_ODEINT_TILED_CHECK_ACCESS 1

#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>

#include <cstddef>
#include <cstring>
#include <functional>
#include <string>
#include <vector>

#include "support/access_check_support.hpp"

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;

using boost_odeint_tiled_test::expect_access_error;
using boost_odeint_tiled_test::reaching_chain;
using boost_odeint_tiled_test::unclipped_chain;
using boost_odeint_tiled_test::access_check_state;

namespace {

using state = std::vector<double>;

//! A correct operator() with a range form that reads one component too far.
struct wide_range_chain
{
    std::size_t n;
    std::size_t access_distance() const { return 1; }
    template <class Y>
    double operator()(std::size_t j, const Y& y, double) const
    {
        const double left = j > 0 ? y[j - 1] : y[j];
        const double right = j + 1 < n ? y[j + 1] : y[j];
        return left - 2.0 * y[j] + right;
    }
    template <class Y>
    void evaluate_range(std::size_t first, std::size_t last, const Y& y, double* dydt, double t) const
    {
        for (std::size_t j = first; j < last; ++j) dydt[j - first] = (*this)(j, y, t);
        if (last + 1 < n) dydt[last - 1 - first] += 0.0 * y[last + 1];
    }
};

const std::vector<tiled::tiling>& tilings()
{
    static const std::vector<tiled::tiling> t = {
        tiled::tiling::automatic(),          tiled::tiling::none(),
        tiled::tiling::trapezoidal(301, 4),  tiled::tiling::trapezoidal(97, 1),
        tiled::tiling::hexagonal(211, 4),    tiled::tiling::overlapped(157, 2),
        tiled::tiling::trapezoidal(301, 4).threads_per_tile(2).block_size(16)};
    return t;
}


} // namespace

BOOST_AUTO_TEST_SUITE(system_access_check)

BOOST_AUTO_TEST_CASE(check_access_distance_finds_a_system_that_under_declares_by_one)
{
    const reaching_chain sys{500, 1, 2};
    const tiled::access_report r = tiled::check_access_distance(sys, std::size_t(500));
    BOOST_TEST(!r.ok());
    BOOST_TEST(r.declared == 1u);
    BOOST_TEST(r.farthest == 2u);
    BOOST_TEST(!r.outside);
    const long long j = (long long)r.component;
    BOOST_TEST((r.index == j - 2 || r.index == j + 2));
    BOOST_TEST(r.message().find("access_distance() is 1") != std::string::npos);
    BOOST_TEST(r.message().find("2 away") != std::string::npos);
    BOOST_CHECK_THROW(tiled::require_access_distance(sys, access_check_state(500)), tiled::access_distance_error);
}

BOOST_AUTO_TEST_CASE(check_access_distance_finds_a_system_that_under_declares_by_many)
{
    const reaching_chain sys{1000, 3, 40};
    const tiled::access_report r = tiled::check_access_distance(sys, access_check_state(1000), 0.5);
    BOOST_TEST(!r.ok());
    BOOST_TEST(r.farthest == 40u);
    BOOST_TEST(r.declared == 3u);
}

BOOST_AUTO_TEST_CASE(check_access_distance_accepts_a_system_that_keeps_to_its_d)
{
    const reaching_chain sys{300, 5, 5};
    const tiled::access_report r = tiled::check_access_distance(sys, std::size_t(300));
    BOOST_TEST(r.ok());
    BOOST_TEST(r.farthest == 5u);
    BOOST_CHECK_NO_THROW(tiled::require_access_distance(sys, access_check_state(300)));
    // over-declaring is allowed
    BOOST_TEST(tiled::check_access_distance(reaching_chain{300, 9, 5}, std::size_t(300)).ok());
}

BOOST_AUTO_TEST_CASE(check_access_distance_reports_reads_outside_the_state)
{
    const tiled::access_report r = tiled::check_access_distance(unclipped_chain{}, std::size_t(50));
    BOOST_TEST(!r.ok());
    BOOST_TEST(r.outside);
    BOOST_TEST(r.component == 0u);
    BOOST_TEST(r.index == -1);
    BOOST_TEST(r.message().find("outside the state") != std::string::npos);
}

BOOST_AUTO_TEST_CASE(checked_steps_stop_a_system_that_under_declares_by_one_with_every_tiling)
{
    const std::size_t n = 1200;
    const reaching_chain sys{n, 1, 2};
    for (const tiled::tiling& config : tilings())
    {
        const std::string name = config.to_string();
        tiled::runge_kutta4<state> rk4(config);
        state x = access_check_state(n);
        expect_access_error([&] { rk4.do_step(sys, x, 0.0, 0.01); }, 1, n, "rk4 " + name);

        tiled::runge_kutta_dopri5<state> dopri(config);
        state y = access_check_state(n), out(n), err(n);
        expect_access_error([&] { dopri.do_step(sys, y, 0.0, out, 0.01, err); }, 1, n, "dopri5 with error " + name);
    }
}

BOOST_AUTO_TEST_CASE(checked_steps_stop_a_system_that_under_declares_by_many)
{
    const std::size_t n = 5000;
    const reaching_chain sys{n, 4, 90};
    for (const tiled::tiling& config : tilings())
    {
        tiled::runge_kutta_cash_karp54<state> st(config);
        state x = access_check_state(n);
        expect_access_error([&] { st.do_step(sys, x, 0.0, 0.01); }, 4, n, "cash_karp54 " + config.to_string());
    }
}

BOOST_AUTO_TEST_CASE(checked_adaptive_and_dense_output_steppers_stop_too)
{
    const std::size_t n = 2000;
    const reaching_chain sys{n, 2, 3};
    {
        auto stepper = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<state>());
        state x = access_check_state(n);
        expect_access_error([&] { odeint::integrate_adaptive(stepper, sys, x, 0.0, 0.1, 0.01); }, 2, n,
                            "controlled dopri5");
    }
    {
        auto stepper = odeint::make_dense_output(1e-8, 1e-8, tiled::runge_kutta_dopri5<state>());
        state x = access_check_state(n);
        expect_access_error([&] { odeint::integrate_adaptive(stepper, sys, x, 0.0, 0.1, 0.01); }, 2, n,
                            "dense dopri5");
    }
}

BOOST_AUTO_TEST_CASE(checked_steps_stop_a_read_outside_the_state)
{
    tiled::runge_kutta4<state> st(tiled::tiling::trapezoidal(64, 2));
    state x = access_check_state(300);
    try
    {
        st.do_step(unclipped_chain{}, x, 0.0, 0.01);
        BOOST_ERROR("no access_distance_error");
    }
    catch (const tiled::access_distance_error& e)
    {
        BOOST_TEST(e.component() == 0u);
        BOOST_TEST(e.index() == -1);
        BOOST_TEST(std::string(e.what()).find("outside the state") != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(checked_steps_stop_a_range_form_that_reads_too_far)
{
    const std::size_t n = 3000;
    const wide_range_chain sys{n};
    BOOST_TEST(tiled::check_access_distance(sys, n).ok());  // operator() is right
    tiled::runge_kutta4<state> st(tiled::tiling::trapezoidal(1001, 2).block_size(64));
    state x = access_check_state(n);
    try
    {
        st.do_step(sys, x, 0.0, 0.01);
        BOOST_ERROR("no access_distance_error");
    }
    catch (const tiled::access_distance_error& e)
    {
        BOOST_TEST(std::string(e.what()).find("evaluate_range for components") != std::string::npos);
    }
}

BOOST_AUTO_TEST_CASE(a_stepper_that_stopped_steps_a_correct_system_afterwards)
{
    const std::size_t n = 800;
    tiled::runge_kutta4<state> st(tiled::tiling::trapezoidal(200, 4));
    state x = access_check_state(n);
    BOOST_CHECK_THROW(st.do_step(reaching_chain{n, 1, 2}, x, 0.0, 0.01), tiled::access_distance_error);
    state y = access_check_state(n);
    BOOST_CHECK_NO_THROW(st.do_step(reaching_chain{n, 2, 2}, y, 0.0, 0.01));
}

/*! A system that must not be copied (its copy constructor deleted; still trivially
    copyable by the language's rules, through its copy assignment), stepped through
    std::ref as odeint allows: the checked mode holds it by reference too. */
struct uncopied_chain : boost_odeint_tiled_test::reaching_chain
{
    uncopied_chain(std::size_t n, std::size_t reach) : reaching_chain{n, reach, reach} {}
    uncopied_chain(const uncopied_chain&) = delete;
};

BOOST_AUTO_TEST_CASE(checked_steps_take_a_system_that_must_not_be_copied_by_reference)
{
    const std::size_t n = 600;
    const uncopied_chain sys(n, 2);
    tiled::runge_kutta4<state> st(tiled::tiling::trapezoidal(150, 4));
    state x = access_check_state(n), y = access_check_state(n);
    odeint::integrate_n_steps(st, std::cref(sys), x, 0.0, 0.01, 5);
    tiled::runge_kutta4<state> reference(tiled::tiling::trapezoidal(150, 4));
    odeint::integrate_n_steps(reference, reaching_chain{n, 2, 2}, y, 0.0, 0.01, 5);
    BOOST_TEST(std::memcmp(x.data(), y.data(), n * sizeof(double)) == 0);
}

//! dy_j/dt = 0.1 (y_{j-reach} - 2 y_j + y_{j+reach}) around a ring of n components,
//! declaring the cyclic distance c: under-declared whenever reach > c.
struct reaching_ring
{
    std::size_t n;
    std::size_t c;
    std::size_t reach;
    std::size_t access_distance() const { return n - 1; }
    std::size_t cyclic_access_distance() const { return c; }
    template <class Y>
    double operator()(std::size_t j, const Y& y, double) const
    {
        return 0.1 * (y[(j + n - reach) % n] - 2.0 * y[j] + y[(j + reach) % n]);
    }
};

BOOST_AUTO_TEST_CASE(check_access_distance_measures_a_ring_around_it)
{
    const std::size_t n = 400;
    const tiled::access_report ok = tiled::check_access_distance(reaching_ring{n, 3, 3}, n);
    BOOST_TEST(ok.ok(), ok.message());
    BOOST_TEST(ok.cyclic);
    BOOST_TEST(ok.farthest_around == 3u);
    BOOST_TEST(ok.farthest == n - 3);  // component 0 reads n - 3 along the state
    BOOST_TEST(ok.message().find("cyclic_access_distance() is 3") != std::string::npos, ok.message());

    const tiled::access_report bad = tiled::check_access_distance(reaching_ring{n, 2, 3}, n);
    BOOST_TEST(!bad.ok());
    BOOST_TEST(bad.farthest <= bad.declared);  // along the state it keeps to n - 1
    BOOST_TEST(bad.farthest_around == 3u);
    BOOST_TEST(bad.message().find("3 away around the ring") != std::string::npos, bad.message());
    BOOST_TEST(bad.message().find("cyclic_access_distance() is 2") != std::string::npos, bad.message());
    BOOST_CHECK_THROW(tiled::require_access_distance(reaching_ring{n, 2, 3}, access_check_state(n)),
                      tiled::access_distance_error);
    // a system without a cyclic distance is measured along the state only
    BOOST_TEST(!tiled::check_access_distance(reaching_chain{300, 5, 5}, std::size_t(300)).cyclic);
}

BOOST_AUTO_TEST_CASE(checked_steps_stop_a_ring_that_under_declares_its_cyclic_distance)
{
    const std::size_t n = 1200;
    const reaching_ring sys{n, 2, 3};
    for (const tiled::tiling& config :
         {tiled::tiling::automatic(), tiled::tiling::none(), tiled::tiling::trapezoidal(300, 4), tiled::tiling::hexagonal(300, 4)})
    {
        tiled::runge_kutta4<state> rk4(config);
        state x = access_check_state(n);
        expect_access_error([&] { rk4.do_step(sys, x, 0.0, 0.01); }, 2, n, "rk4 on a ring " + config.to_string());
        try
        {
            rk4.do_step(sys, x, 0.0, 0.01);
        }
        catch (const tiled::access_distance_error& e)
        {
            BOOST_TEST(std::string(e.what()).find("around the ring") != std::string::npos, e.what());
            BOOST_TEST(std::string(e.what()).find("cyclic_access_distance() is 2") != std::string::npos, e.what());
        }
    }
}

BOOST_AUTO_TEST_CASE(checked_steps_of_a_ring_that_keeps_to_its_cyclic_distance_give_odeints_bits)
{
    const std::size_t n = 3001;
    const reaching_ring sys{n, 3, 3};
    for (const tiled::tiling& config :
         {tiled::tiling::automatic(), tiled::tiling::none(), tiled::tiling::trapezoidal(200, 4), tiled::tiling::trapezoidal(21, 4)})
    {
        tiled::runge_kutta4<state> rk4(config);
        odeint::runge_kutta4<state> stock;
        state a = access_check_state(n), b = a;
        for (int s = 0; s < 10; ++s)
        {
            rk4.do_step(sys, a, 0.01 * s, 0.01);  // reads across the ends are within 3 around the ring
            stock.do_step(tiled::as_odeint_system(sys), b, 0.01 * s, 0.01);
        }
        BOOST_TEST_INFO(config);
        BOOST_REQUIRE(rk4.plan() != nullptr);
        BOOST_TEST((rk4.plan()->topology == tiled::access_topology::ring));
        BOOST_TEST(std::memcmp(a.data(), b.data(), n * sizeof(double)) == 0);
    }
}

BOOST_AUTO_TEST_CASE(checked_steps_of_a_correct_system_give_the_same_bits_as_unchecked_ones)
{
    using tableau = tiled::runge_kutta4_tableau;
    const std::size_t n = 4000;
    const reaching_chain sys{n, 3, 3};
    for (const tiled::tiling& config : {tiled::tiling::none(), tiled::tiling::trapezoidal(700, 4),
                                        tiled::tiling::hexagonal(500, 2), tiled::tiling::overlapped(900, 4)})
    {
        tiled::runge_kutta4<state> st(config);
        state checked = access_check_state(n);
        for (int s = 0; s < 20; ++s) st.do_step(sys, checked, 0.01 * s, 0.01);

        // the same plan through the executor with the system itself
        const tiled::tiling_plan plan =
            tiled::make_tiling_plan(tiled::make_link_chain<tableau, false>(), n, 3, config);
        tiled::tbb_workspace<double> ws;
        state a = access_check_state(n), b(n);
        for (int s = 0; s < 20; ++s)
        {
            tiled::tbb_executor::run<tableau, false, tiled::fused_operations>(plan, ws, sys, a.data(), b.data(),
                                                                                static_cast<double*>(nullptr),
                                                                                0.01 * s, 0.01);
            a.swap(b);
        }
        BOOST_TEST_INFO(config);
        BOOST_TEST(std::memcmp(checked.data(), a.data(), n * sizeof(double)) == 0);
    }
}

BOOST_AUTO_TEST_SUITE_END()
