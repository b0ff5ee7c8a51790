/*
 boost/numeric/odeint/tiled/tableaux/runge_kutta_bogacki_shampine32.hpp

 The Bogacki-Shampine pair 3(2) (Bogacki & Shampine 1989): four stages, FSAL (the
 last row of A equals b, so stage 4 of one step is stage 1 of the next); the 3rd-order
 solution is propagated, the 2nd-order one estimates the error.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_BOGACKI_SHAMPINE32_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_BOGACKI_SHAMPINE32_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>
#include <boost/numeric/odeint/tiled/tableaux/rational.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct runge_kutta_bogacki_shampine32_tableau
{
    static constexpr std::size_t stages = 4;
    static constexpr unsigned short order = 3;
    static constexpr unsigned short stepper_order = 3;
    static constexpr unsigned short error_order = 2;

    // a[i][j], lower triangle written out; entries not written are zero.
    static constexpr rational a[stages][stages] = {
        {},
        {rational(1, 2)},
        {0, rational(3, 4)},
        {rational(2, 9), rational(1, 3), rational(4, 9)},
    };
    static constexpr rational b[stages] = {rational(2, 9), rational(1, 3), rational(4, 9), 0};
    static constexpr rational b_hat[stages] = {rational(7, 24), rational(1, 4), rational(1, 3), rational(1, 8)};
    static constexpr rational c[stages] = {0, rational(1, 2), rational(3, 4), 1};

    static constexpr const char* name = "runge_kutta_bogacki_shampine32";
};

static_assert(check_butcher_tableau<runge_kutta_bogacki_shampine32_tableau>(), "");

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_BOGACKI_SHAMPINE32_HPP_INCLUDED
