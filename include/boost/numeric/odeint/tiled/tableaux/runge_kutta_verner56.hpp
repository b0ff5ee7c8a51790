/*
 boost/numeric/odeint/tiled/tableaux/runge_kutta_verner56.hpp

 Verner's 8-stage pair 5(6) (J. H. Verner, SIAM J. Numer. Anal. 15 (1978)), the method of
 the thesis's tiling experiments (Werner's thesis, §13.7, with three misprints there
 corrected against the order conditions, test/tableaux/order_conditions.cpp:
 a82 = -9/4, c7 = 8/9, c8 = 1). The 5th-order solution is propagated (b); the
 6th-order one (b_hat) estimates the error of b, so the error estimate is of the
 same order as the step (error_order 5, odeint's convention). a76 = a86 = 0.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_VERNER56_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_VERNER56_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>
#include <boost/numeric/odeint/tiled/tableaux/rational.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct runge_kutta_verner56_tableau
{
    static constexpr std::size_t stages = 8;
    static constexpr unsigned short order = 6;
    static constexpr unsigned short stepper_order = 5;
    static constexpr unsigned short error_order = 5;

    // a[i][j], lower triangle written out; entries not written are zero.
    static constexpr rational a[stages][stages] = {
        {},
        {rational(1, 18)},
        {rational(-1, 12), rational(1, 4)},
        {rational(-2, 81), rational(4, 27), rational(8, 81)},
        {rational(40, 33), rational(-4, 11), rational(-56, 11), rational(54, 11)},
        {rational(-369, 73), rational(72, 73), rational(5380, 219), rational(-12285, 584), rational(2695, 1752)},
        {rational(-8716, 891), rational(656, 297), rational(39520, 891), rational(-416, 11), rational(52, 27), 0},
        {rational(3015, 256), rational(-9, 4), rational(-4219, 78), rational(5985, 128), rational(-539, 384), 0, rational(693, 3328)},
    };
    static constexpr rational b[stages] = {rational(3, 80), 0, rational(4, 25), rational(243, 1120), rational(77, 160), rational(73, 700), 0, 0};
    static constexpr rational b_hat[stages] = {rational(57, 640), 0, rational(-16, 65), rational(1377, 2240), rational(121, 320), 0, rational(891, 8320), rational(2, 35)};
    static constexpr rational c[stages] = {0, rational(1, 18), rational(1, 6), rational(2, 9), rational(2, 3), 1, rational(8, 9), 1};

    static constexpr const char* name = "runge_kutta_verner56";
};

static_assert(check_butcher_tableau<runge_kutta_verner56_tableau>(), "");

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_VERNER56_HPP_INCLUDED
