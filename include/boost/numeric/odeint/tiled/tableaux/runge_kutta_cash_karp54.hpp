/*
 boost/numeric/odeint/tiled/tableaux/runge_kutta_cash_karp54.hpp

 The Cash-Karp pair 5(4): six stages; the 5th-order solution is propagated. Coefficients
 as in odeint's rk54_ck_coefficients_a1..a5, _b, _db, _c
 (stepper/runge_kutta_cash_karp54.hpp); b_hat = b - db.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_CASH_KARP54_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_CASH_KARP54_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>
#include <boost/numeric/odeint/tiled/tableaux/rational.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct runge_kutta_cash_karp54_tableau
{
    static constexpr std::size_t stages = 6;
    static constexpr unsigned short order = 5;
    static constexpr unsigned short stepper_order = 5;
    static constexpr unsigned short error_order = 4;

    // a[i][j], lower triangle written out; entries not written are zero.
    static constexpr rational a[stages][stages] = {
        {},
        {rational(1, 5)},
        {rational(3, 40), rational(9, 40)},
        {rational(3, 10), rational(-9, 10), rational(6, 5)},
        {rational(-11, 54), rational(5, 2), rational(-70, 27), rational(35, 27)},
        {rational(1631, 55296), rational(175, 512), rational(575, 13824), rational(44275, 110592), rational(253, 4096)},
    };
    static constexpr rational b[stages] = {rational(37, 378), 0, rational(250, 621), rational(125, 594), 0, rational(512, 1771)};
    static constexpr rational b_hat[stages] = {rational(2825, 27648), 0, rational(18575, 48384), rational(13525, 55296), rational(277, 14336), rational(1, 4)};
    static constexpr rational c[stages] = {0, rational(1, 5), rational(3, 10), rational(3, 5), 1, rational(7, 8)};

    static constexpr const char* name = "runge_kutta_cash_karp54";
};

static_assert(check_butcher_tableau<runge_kutta_cash_karp54_tableau>(), "");

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_CASH_KARP54_HPP_INCLUDED
