/*
 boost/numeric/odeint/tiled/steppers/generation.hpp

 odeint's generation hooks for the tiled steppers, so that odeint's own factories
 return the plugin's adaptive steppers:

   odeint::make_controlled(abs, rel, tiled_stepper)          -> tiled::controlled_explicit_rk
   odeint::make_controlled(abs, rel, max_dt, tiled_stepper)  -> the same with max_dt
   odeint::make_dense_output(abs, rel[, max_dt], tiled::runge_kutta_dopri5<...>())
                                                              -> tiled::dense_output_dopri5

 get_controller is specialised for every explicit_rk with an embedded tableau (a
 plain tableau has no controller, as in odeint); odeint's default controller_factory
 and dense_output_factory construct the results through their
 (abs, rel, stepper) and (abs, rel, max_dt, stepper) constructors.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_STEPPERS_GENERATION_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_STEPPERS_GENERATION_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <boost/numeric/odeint/stepper/generation/make_controlled.hpp>
#include <boost/numeric/odeint/stepper/generation/make_dense_output.hpp>

#include <boost/numeric/odeint/tiled/steppers/controlled_explicit_rk.hpp>
#include <boost/numeric/odeint/tiled/steppers/dense_output_explicit_rk.hpp>
#include <boost/numeric/odeint/tiled/steppers/explicit_rk.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta_dopri5.hpp>

namespace boost { namespace numeric { namespace odeint {

namespace tiled { namespace detail {

template <class Stepper, bool Embedded = Stepper::is_embedded>
struct controller_of {};  // no controller without an error estimate (as odeint's get_controller)
template <class Stepper>
struct controller_of<Stepper, true>
{
    using type = controlled_explicit_rk<Stepper>;
};

}} // namespace tiled::detail

template <class Tableau, class State, class Value, class Deriv, class Time, class Algebra, class Operations>
struct get_controller<tiled::explicit_rk<Tableau, State, Value, Deriv, Time, Algebra, Operations>>
    : tiled::detail::controller_of<tiled::explicit_rk<Tableau, State, Value, Deriv, Time, Algebra, Operations>>
{
};

template <class State, class Value, class Deriv, class Time, class Algebra, class Operations>
struct get_dense_output<tiled::explicit_rk<tiled::runge_kutta_dopri5_tableau, State, Value, Deriv, Time, Algebra, Operations>>
{
    using type = tiled::dense_output_dopri5<
        tiled::explicit_rk<tiled::runge_kutta_dopri5_tableau, State, Value, Deriv, Time, Algebra, Operations>>;
};

}}} // namespace boost::numeric::odeint

#endif // BOOST_NUMERIC_ODEINT_TILED_STEPPERS_GENERATION_HPP_INCLUDED
