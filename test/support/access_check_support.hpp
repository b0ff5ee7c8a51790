/*
 test/support/access_check_support.hpp

 Shared by the checked mode's tests (test/system/access_check.cpp and
 test/cuda/access_check.cu): systems that read too far, a state to step, and
 expect_access_error, a step that must stop with tiled::access_distance_error whose
 message names the checked mode, the index read and the declared access distance, and
 whose index lies outside the state or further than d from the component.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_SUPPORT_ACCESS_CHECK_SUPPORT_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_SUPPORT_ACCESS_CHECK_SUPPORT_HPP_INCLUDED

#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint/tiled/system/access_check.hpp>

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

namespace boost_odeint_tiled_test {

/*! dy_j/dt = 0.1 (y_{j-reach} - 2 y_j + y_{j+reach}) (clipped to the state), declaring d:
    under-declared whenever reach > d. */
struct reaching_chain
{
    std::size_t n;
    std::size_t d;
    std::size_t reach;

    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return d; }
    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t j, const Y& y, Time) const
    {
        const double left = j >= reach ? y[j - reach] : y[j];
        const double right = j + reach < n ? y[j + reach] : y[j];
        return 0.1 * (left - 2.0 * y[j] + right);
    }
};

//! Reads y[j - 1] without clipping: component 0 reads y[-1].
struct unclipped_chain
{
    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return 1; }
    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t j, const Y& y, Time) const
    {
        return y[j - 1] - y[j];
    }
};

//! n values in [1, 1.5), none equal to its neighbours.
inline std::vector<double> access_check_state(std::size_t n)
{
    std::vector<double> x(n);
    for (std::size_t j = 0; j < n; ++j) x[j] = 1.0 + 0.5 * double((j * 7919) % 101) / 101.0;
    return x;
}

inline void expect_access_error(const std::function<void()>& step, std::size_t declared, std::size_t n,
                                const std::string& what)
{
    namespace tiled = boost::numeric::odeint::tiled;
    BOOST_TEST_CONTEXT(what)
    {
        try
        {
            step();
            BOOST_ERROR("no access_distance_error");
        }
        catch (const tiled::access_distance_error& e)
        {
            const std::string msg = e.what();
            BOOST_TEST_INFO("what() = " << msg);
            BOOST_TEST(msg.find("checked mode") != std::string::npos);
            BOOST_TEST(msg.find("access_distance() is " + std::to_string(declared)) != std::string::npos);
            BOOST_TEST(msg.find("y[" + std::to_string(e.index()) + "]") != std::string::npos);
            BOOST_TEST(e.declared_access_distance() == declared);
            const long long j = (long long)e.component(), i = e.index();
            BOOST_TEST((i < 0 || i >= (long long)n || (i < j ? j - i : i - j) > (long long)declared));
        }
    }
}

} // namespace boost_odeint_tiled_test

#endif // BOOST_ODEINT_TILED_TEST_SUPPORT_ACCESS_CHECK_SUPPORT_HPP_INCLUDED
