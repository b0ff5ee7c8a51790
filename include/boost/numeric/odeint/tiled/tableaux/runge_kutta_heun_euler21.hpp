/*
 boost/numeric/odeint/tiled/tableaux/runge_kutta_heun_euler21.hpp

 The Heun-Euler pair 2(1): two stages; Heun's method (order 2) is propagated and
 explicit Euler (order 1) is the embedded solution that estimates the error.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_HEUN_EULER21_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_HEUN_EULER21_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>
#include <boost/numeric/odeint/tiled/tableaux/rational.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct runge_kutta_heun_euler21_tableau
{
    static constexpr std::size_t stages = 2;
    static constexpr unsigned short order = 2;
    static constexpr unsigned short stepper_order = 2;
    static constexpr unsigned short error_order = 1;

    // a[i][j], lower triangle written out; entries not written are zero.
    static constexpr rational a[stages][stages] = {
        {},
        {1},
    };
    static constexpr rational b[stages] = {rational(1, 2), rational(1, 2)};
    static constexpr rational b_hat[stages] = {1, 0};
    static constexpr rational c[stages] = {0, 1};

    static constexpr const char* name = "runge_kutta_heun_euler21";
};

static_assert(check_butcher_tableau<runge_kutta_heun_euler21_tableau>(), "");

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RUNGE_KUTTA_HEUN_EULER21_HPP_INCLUDED
