/*
 test/steppers/agreement_embedded_high.cpp

 The high-order embedded tiled steppers runge_kutta_dopri5 (against odeint's)
 and runge_kutta_verner56 (against a serial step of its tableau: odeint lacks it)
 agree to 1e-12 in the state and 1e-10 in the error estimate after 100 steps, on
 every reference problem and under every tiling; out-of-place steps leave the input
 alone and equal the in-place ones bitwise. (runge_kutta_fehlberg78: its own file.)

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include "agreement_common.hpp"

using namespace agreement;

BOOST_AUTO_TEST_SUITE(steppers_agreement_embedded_high)

BOOST_AUTO_TEST_CASE(tiled_dopri5_agrees_with_odeint_dopri5_on_every_problem_and_tiling)
{
    check_agreement_on_reference_problems<tiled::runge_kutta_dopri5<state>,
                                          odeint_reference<odeint_range<odeint::runge_kutta_dopri5>, true>>();
}

BOOST_AUTO_TEST_CASE(tiled_verner56_agrees_with_a_serial_step_of_its_tableau_on_every_problem_and_tiling)
{
    check_agreement_on_reference_problems<tiled::runge_kutta_verner56<state>,
                                          serial_reference<tiled::runge_kutta_verner56_tableau>>();
}

BOOST_AUTO_TEST_SUITE_END()
