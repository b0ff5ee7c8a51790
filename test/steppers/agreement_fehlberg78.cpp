/*
 test/steppers/agreement_fehlberg78.cpp

 The 13-stage tiled runge_kutta_fehlberg78 agrees with odeint's to 1e-12 in the
 state and 1e-10 in the error estimate after 100 steps, on every reference problem
 and under every tiling; out-of-place steps leave the input alone and equal the
 in-place ones bitwise. (A file of its own: it is the costliest method to compile
 and run.)

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include "agreement_common.hpp"

using namespace agreement;

BOOST_AUTO_TEST_SUITE(steppers_agreement_fehlberg78)

BOOST_AUTO_TEST_CASE(tiled_fehlberg78_agrees_with_odeint_fehlberg78_on_every_problem_and_tiling)
{
    check_agreement_on_reference_problems<tiled::runge_kutta_fehlberg78<state>,
                                          odeint_reference<odeint_range<odeint::runge_kutta_fehlberg78>, true>>();
}

BOOST_AUTO_TEST_SUITE_END()
