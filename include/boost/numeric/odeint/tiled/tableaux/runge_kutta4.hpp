/*
 boost/numeric/odeint/tiled/tableaux/runge_kutta4.hpp

 The classical Runge-Kutta method of order 4 (four stages). Coefficients as in
 odeint's rk4_coefficients_a1..a3, _b, _c (stepper/runge_kutta4.hpp).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA4_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA4_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>
#include <boost/numeric/odeint/tiled/tableaux/rational.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct runge_kutta4_tableau
{
    static constexpr std::size_t stages = 4;
    static constexpr unsigned short order = 4;
    static constexpr unsigned short stepper_order = 4;
    static constexpr unsigned short error_order = 0;

    // a[i][j], lower triangle written out; entries not written are zero.
    static constexpr rational a[stages][stages] = {
        {},
        {rational(1, 2)},
        {0, rational(1, 2)},
        {0, 0, 1},
    };
    static constexpr rational b[stages] = {rational(1, 6), rational(1, 3), rational(1, 3), rational(1, 6)};
    static constexpr rational c[stages] = {0, rational(1, 2), rational(1, 2), 1};

    static constexpr const char* name = "runge_kutta4";
};

static_assert(check_butcher_tableau<runge_kutta4_tableau>(), "");

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA4_HPP_INCLUDED
