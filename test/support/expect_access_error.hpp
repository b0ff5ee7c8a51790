/*
 test/support/expect_access_error.hpp

 For the checked mode's tests (test/system/access_check.cpp, test/cuda/access_check.cu):
 a step that must stop with tiled::access_distance_error whose message names the
 checked mode, the index read and the declared access distance, and whose index lies
 outside the state or further than d from the component.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_SUPPORT_EXPECT_ACCESS_ERROR_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_SUPPORT_EXPECT_ACCESS_ERROR_HPP_INCLUDED

#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint/tiled/system/access_check.hpp>

#include <cstddef>
#include <functional>
#include <string>

namespace boost_odeint_tiled_test {

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

#endif // BOOST_ODEINT_TILED_TEST_SUPPORT_EXPECT_ACCESS_ERROR_HPP_INCLUDED
