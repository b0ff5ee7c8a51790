/*
 boost/numeric/odeint/tiled/tableaux/euler.hpp

 The explicit Euler method: one stage, order 1. Same coefficients as odeint's euler.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_EULER_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_EULER_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>
#include <boost/numeric/odeint/tiled/tableaux/rational.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct euler_tableau
{
    static constexpr std::size_t stages = 1;
    static constexpr unsigned short order = 1;
    static constexpr unsigned short stepper_order = 1;
    static constexpr unsigned short error_order = 0;

    // a[i][j], lower triangle written out; entries not written are zero.
    static constexpr rational a[stages][stages] = {
        {},
    };
    static constexpr rational b[stages] = {1};
    static constexpr rational c[stages] = {0};

    static constexpr const char* name = "euler";
};

static_assert(check_butcher_tableau<euler_tableau>(), "");

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_EULER_HPP_INCLUDED
