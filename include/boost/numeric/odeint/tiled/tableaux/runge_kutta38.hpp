/*
 boost/numeric/odeint/tiled/tableaux/runge_kutta38.hpp

 Kutta's 3/8 rule: four stages, order 4 (odeint has no stepper for it). a21 = 1/3;
 the thesis's table prints 1/2 there, a misprint (row 2 must sum to c2 = 1/3).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA38_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA38_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>
#include <boost/numeric/odeint/tiled/tableaux/rational.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct runge_kutta38_tableau
{
    static constexpr std::size_t stages = 4;
    static constexpr unsigned short order = 4;
    static constexpr unsigned short stepper_order = 4;
    static constexpr unsigned short error_order = 0;

    // a[i][j], lower triangle written out; entries not written are zero.
    static constexpr rational a[stages][stages] = {
        {},
        {rational(1, 3)},
        {rational(-1, 3), 1},
        {1, -1, 1},
    };
    static constexpr rational b[stages] = {rational(1, 8), rational(3, 8), rational(3, 8), rational(1, 8)};
    static constexpr rational c[stages] = {0, rational(1, 3), rational(2, 3), 1};

    static constexpr const char* name = "runge_kutta38";
};

static_assert(check_butcher_tableau<runge_kutta38_tableau>(), "");

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA38_HPP_INCLUDED
