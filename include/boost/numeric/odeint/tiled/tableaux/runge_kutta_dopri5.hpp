/*
 boost/numeric/odeint/tiled/tableaux/runge_kutta_dopri5.hpp

 The Dormand-Prince pair 5(4) (Dormand & Prince 1980): seven stages, FSAL (the last row
 of A equals b); the 5th-order solution is propagated. Coefficients as in odeint's
 runge_kutta_dopri5 (stepper/runge_kutta_dopri5.hpp, constants in do_step_impl and
 calc_state).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_DOPRI5_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_DOPRI5_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>
#include <boost/numeric/odeint/tiled/tableaux/rational.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct runge_kutta_dopri5_tableau
{
    static constexpr std::size_t stages = 7;
    static constexpr unsigned short order = 5;
    static constexpr unsigned short stepper_order = 5;
    static constexpr unsigned short error_order = 4;

    // a[i][j], lower triangle written out; entries not written are zero.
    static constexpr rational a[stages][stages] = {
        {},
        {rational(1, 5)},
        {rational(3, 40), rational(9, 40)},
        {rational(44, 45), rational(-56, 15), rational(32, 9)},
        {rational(19372, 6561), rational(-25360, 2187), rational(64448, 6561), rational(-212, 729)},
        {rational(9017, 3168), rational(-355, 33), rational(46732, 5247), rational(49, 176), rational(-5103, 18656)},
        {rational(35, 384), 0, rational(500, 1113), rational(125, 192), rational(-2187, 6784), rational(11, 84)},
    };
    static constexpr rational b[stages] = {rational(35, 384), 0, rational(500, 1113), rational(125, 192), rational(-2187, 6784), rational(11, 84), 0};
    static constexpr rational b_hat[stages] = {rational(5179, 57600), 0, rational(7571, 16695), rational(393, 640), rational(-92097, 339200), rational(187, 2100), rational(1, 40)};
    static constexpr rational c[stages] = {0, rational(1, 5), rational(3, 10), rational(4, 5), rational(8, 9), 1, 1};

    static constexpr const char* name = "runge_kutta_dopri5";
};

static_assert(check_butcher_tableau<runge_kutta_dopri5_tableau>(), "");

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_DOPRI5_HPP_INCLUDED
