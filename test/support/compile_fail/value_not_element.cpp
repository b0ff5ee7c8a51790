/*
 test/support/compile_fail/value_not_element.cpp

 Must NOT compile (ctest build_value_not_element_message builds it and expects the
 error): a tiled stepper whose Value is not its state's floating-point element type
 (runge_kutta4<std::vector<float>, double>, which odeint accepts) stops at the one
 static_assert of core/state_access.hpp, which says what to write instead, and at
 nothing else: the executors keep their stage vectors in the state's element type.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>

#include <vector>

#include "decay_system.hpp"

int main()
{
    namespace odeint = boost::numeric::odeint;
    namespace tiled = boost::numeric::odeint::tiled;
    using boost_odeint_tiled_test::decay;
    std::vector<float> x(16, 1.0f);
    tiled::runge_kutta4<std::vector<float>, double> rk4;
    rk4.do_step(decay{}, x, 0.0, 0.1);
    auto controlled = odeint::make_controlled(1e-6, 1e-6, tiled::runge_kutta_dopri5<std::vector<float>, double>());
    double t = 0.0, dt = 0.1;
    controlled.try_step(decay{}, x, t, dt);
}
