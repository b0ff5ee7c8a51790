/*
 boost/numeric/odeint/tiled/steppers/named_steppers.hpp

 The tiled steppers under odeint's names, each explicit_rk on its tableau, with
 odeint's template parameters <State, Value, Deriv, Time, Algebra, Operations>.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_STEPPERS_NAMED_STEPPERS_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_STEPPERS_NAMED_STEPPERS_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <boost/numeric/odeint/tiled/steppers/explicit_rk.hpp>
#include <boost/numeric/odeint/tiled/tableaux/all.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

#define BOOST_ODEINT_TILED_NAMED_STEPPER(NAME)                                                                         \
    template <class State, class Value = typename state_value<State>::type, class Deriv = State, class Time = Value,  \
              class Algebra = typename backend_dispatcher<State>::algebra_type,                                        \
              class Operations = typename backend_dispatcher<State>::operations_type>                                  \
    using NAME = explicit_rk<NAME##_tableau, State, Value, Deriv, Time, Algebra, Operations>;

BOOST_ODEINT_TILED_NAMED_STEPPER(euler)
BOOST_ODEINT_TILED_NAMED_STEPPER(runge_kutta4)
BOOST_ODEINT_TILED_NAMED_STEPPER(runge_kutta38)
BOOST_ODEINT_TILED_NAMED_STEPPER(runge_kutta_heun_euler21)
BOOST_ODEINT_TILED_NAMED_STEPPER(runge_kutta_bogacki_shampine32)
BOOST_ODEINT_TILED_NAMED_STEPPER(runge_kutta_cash_karp54)
BOOST_ODEINT_TILED_NAMED_STEPPER(runge_kutta_dopri5)
BOOST_ODEINT_TILED_NAMED_STEPPER(runge_kutta_verner56)
BOOST_ODEINT_TILED_NAMED_STEPPER(runge_kutta_fehlberg78)

#undef BOOST_ODEINT_TILED_NAMED_STEPPER

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_STEPPERS_NAMED_STEPPERS_HPP_INCLUDED
