/*
 test/steppers/agreement_embedded_low.cpp

 The low-order embedded tiled steppers runge_kutta_heun_euler21 and
 runge_kutta_bogacki_shampine32 (checked against a serial step of their tableaux:
 odeint lacks them) and runge_kutta_cash_karp54 (against odeint's) agree to 1e-12
 in the state and 1e-10 in the error estimate after 100 steps, on every reference
 problem and under every tiling; out-of-place steps leave the input alone and equal
 the in-place ones bitwise.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include "agreement_common.hpp"

using namespace agreement;

BOOST_AUTO_TEST_SUITE(steppers_agreement_embedded_low)

BOOST_AUTO_TEST_CASE(tiled_heun_euler21_agrees_with_a_serial_step_of_its_tableau_on_every_problem_and_tiling)
{
    check_agreement_on_reference_problems<tiled::runge_kutta_heun_euler21<state>,
                                          serial_reference<tiled::runge_kutta_heun_euler21_tableau>>();
}

BOOST_AUTO_TEST_CASE(tiled_bogacki_shampine32_agrees_with_a_serial_step_of_its_tableau_on_every_problem_and_tiling)
{
    check_agreement_on_reference_problems<tiled::runge_kutta_bogacki_shampine32<state>,
                                          serial_reference<tiled::runge_kutta_bogacki_shampine32_tableau>>();
}

BOOST_AUTO_TEST_CASE(tiled_cash_karp54_agrees_with_odeint_cash_karp54_on_every_problem_and_tiling)
{
    check_agreement_on_reference_problems<tiled::runge_kutta_cash_karp54<state>,
                                          odeint_reference<odeint_range<odeint::runge_kutta_cash_karp54>, true>>();
}

BOOST_AUTO_TEST_SUITE_END()
