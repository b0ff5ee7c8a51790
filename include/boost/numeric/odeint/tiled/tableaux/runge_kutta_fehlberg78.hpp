/*
 boost/numeric/odeint/tiled/tableaux/runge_kutta_fehlberg78.hpp

 Fehlberg's pair 7(8) (NASA TR R-287, 1968): thirteen stages; as in odeint, the
 8th-order solution is propagated and the 7th-order one estimates the error.
 Coefficients as in odeint's rk78_coefficients_a1..a12, _b, _db, _c
 (stepper/runge_kutta_fehlberg78.hpp); b_hat = b - db.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_FEHLBERG78_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_FEHLBERG78_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>
#include <boost/numeric/odeint/tiled/tableaux/rational.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct runge_kutta_fehlberg78_tableau
{
    static constexpr std::size_t stages = 13;
    static constexpr unsigned short order = 8;
    static constexpr unsigned short stepper_order = 8;
    static constexpr unsigned short error_order = 7;

    // a[i][j], lower triangle written out; entries not written are zero.
    static constexpr rational a[stages][stages] = {
        {},
        {rational(2, 27)},
        {rational(1, 36), rational(1, 12)},
        {rational(1, 24), 0, rational(1, 8)},
        {rational(5, 12), 0, rational(-25, 16), rational(25, 16)},
        {rational(1, 20), 0, 0, rational(1, 4), rational(1, 5)},
        {rational(-25, 108), 0, 0, rational(125, 108), rational(-65, 27), rational(125, 54)},
        {rational(31, 300), 0, 0, 0, rational(61, 225), rational(-2, 9), rational(13, 900)},
        {2, 0, 0, rational(-53, 6), rational(704, 45), rational(-107, 9), rational(67, 90), 3},
        {rational(-91, 108), 0, 0, rational(23, 108), rational(-976, 135), rational(311, 54), rational(-19, 60), rational(17, 6), rational(-1, 12)},
        {rational(2383, 4100), 0, 0, rational(-341, 164), rational(4496, 1025), rational(-301, 82), rational(2133, 4100), rational(45, 82), rational(45, 164), rational(18, 41)},
        {rational(3, 205), 0, 0, 0, 0, rational(-6, 41), rational(-3, 205), rational(-3, 41), rational(3, 41), rational(6, 41), 0},
        {rational(-1777, 4100), 0, 0, rational(-341, 164), rational(4496, 1025), rational(-289, 82), rational(2193, 4100), rational(51, 82), rational(33, 164), rational(12, 41), 0, 1},
    };
    static constexpr rational b[stages] = {0, 0, 0, 0, 0, rational(34, 105), rational(9, 35), rational(9, 35), rational(9, 280), rational(9, 280), 0, rational(41, 840), rational(41, 840)};
    static constexpr rational b_hat[stages] = {rational(41, 840), 0, 0, 0, 0, rational(34, 105), rational(9, 35), rational(9, 35), rational(9, 280), rational(9, 280), rational(41, 840), 0, 0};
    static constexpr rational c[stages] = {0, rational(2, 27), rational(1, 9), rational(1, 6), rational(5, 12), rational(1, 2), rational(5, 6), rational(1, 6), rational(2, 3), rational(1, 3), 1, 0, 1};

    static constexpr const char* name = "runge_kutta_fehlberg78";
};

static_assert(check_butcher_tableau<runge_kutta_fehlberg78_tableau>(), "");

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_FEHLBERG78_HPP_INCLUDED
