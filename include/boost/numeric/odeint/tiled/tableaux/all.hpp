/*
 boost/numeric/odeint/tiled/tableaux/all.hpp

 All predefined Butcher tableaux of boost_odeint_tiled: the explicit Runge-Kutta
 methods the predefined steppers are built on.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_ALL_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_ALL_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>
#include <boost/numeric/odeint/tiled/tableaux/rational.hpp>

#include <boost/numeric/odeint/tiled/tableaux/euler.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta4.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta38.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta_heun_euler21.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta_bogacki_shampine32.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta_cash_karp54.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta_dopri5.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta_verner56.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta_fehlberg78.hpp>

#endif // BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_ALL_HPP_INCLUDED
