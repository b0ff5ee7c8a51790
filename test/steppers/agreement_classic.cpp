/*
 test/steppers/agreement_classic.cpp

 The plain (non-embedded) tiled steppers euler, runge_kutta4 and runge_kutta38
 agree with odeint's euler and runge_kutta4 and with a serial step from the 3/8
 tableau (odeint has no runge_kutta38) to 1e-12 after 100 steps, on every reference
 problem and under every tiling; their out-of-place steps leave the input alone and
 equal the in-place ones bitwise.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include "agreement_common.hpp"

using namespace agreement;

BOOST_AUTO_TEST_SUITE(steppers_agreement_classic)

BOOST_AUTO_TEST_CASE(tiled_euler_agrees_with_odeint_euler_on_every_problem_and_tiling)
{
    check_agreement_on_reference_problems<tiled::euler<state>, odeint_reference<odeint_range<odeint::euler>, false>>();
}

BOOST_AUTO_TEST_CASE(tiled_runge_kutta4_agrees_with_odeint_runge_kutta4_on_every_problem_and_tiling)
{
    check_agreement_on_reference_problems<tiled::runge_kutta4<state>,
                                          odeint_reference<odeint_range<odeint::runge_kutta4>, false>>();
}

BOOST_AUTO_TEST_CASE(tiled_runge_kutta38_agrees_with_a_serial_step_of_its_tableau_on_every_problem_and_tiling)
{
    check_agreement_on_reference_problems<tiled::runge_kutta38<state>, serial_reference<tiled::runge_kutta38_tableau>>();
}

BOOST_AUTO_TEST_SUITE_END()
