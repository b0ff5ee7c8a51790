/*
 test/support/compile_fail/decay_system.hpp

 The system the compile-fail sources step: dy_j/dt = -y_j, access distance 0. The
 error they test lies in the stepper's types, not here.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_COMPILE_FAIL_DECAY_SYSTEM_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_COMPILE_FAIL_DECAY_SYSTEM_HPP_INCLUDED

#include <cstddef>

namespace boost_odeint_tiled_test {

struct decay
{
    std::size_t access_distance() const { return 0; }
    template <class Y>
    double operator()(std::size_t j, const Y& y, double) const { return -y[j]; }
};

} // namespace boost_odeint_tiled_test

#endif // BOOST_ODEINT_TILED_TEST_COMPILE_FAIL_DECAY_SYSTEM_HPP_INCLUDED
