/*
 boost_odeint_tiled/odeint_error_sums.hpp

 odeint's explicit_error_generic_rk sums its error estimate with
 detail::generic_rk_scale_sum_err<StageCount>, which odeint defines for 1-6 and 13
 stages only (the methods it names); Dormand-Prince 5(4) has 7 stages and Verner
 5(6) 8. The specializations here follow odeint's own pattern for the missing sizes,
 so that a generic stock stepper built from any of the tool's tableaux can estimate
 its error (verify's reference error estimate). One header, so that every
 translation unit sees the same definition.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_ODEINT_ERROR_SUMS_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_ODEINT_ERROR_SUMS_HPP_INCLUDED

#include <boost/array.hpp>
#include <boost/numeric/odeint/stepper/detail/generic_rk_operations.hpp>

namespace boost { namespace numeric { namespace odeint { namespace detail {
template <class Operations, class Fac, class Time>
struct generic_rk_scale_sum_err<7, Operations, Fac, Time> : public Operations::template scale_sum7<Time>
{
    generic_rk_scale_sum_err(const boost::array<Fac, 7>& a, Time dt)
        : Operations::template scale_sum7<Time>(a[0] * dt, a[1] * dt, a[2] * dt, a[3] * dt, a[4] * dt, a[5] * dt,
                                                a[6] * dt)
    {
    }
    typedef void result_type;
};
template <class Operations, class Fac, class Time>
struct generic_rk_scale_sum_err<8, Operations, Fac, Time> : public Operations::template scale_sum8<Time>
{
    generic_rk_scale_sum_err(const boost::array<Fac, 8>& a, Time dt)
        : Operations::template scale_sum8<Time>(a[0] * dt, a[1] * dt, a[2] * dt, a[3] * dt, a[4] * dt, a[5] * dt,
                                                a[6] * dt, a[7] * dt)
    {
    }
    typedef void result_type;
};
}}}} // namespace boost::numeric::odeint::detail

#endif // BOOST_ODEINT_TILED_TOOL_ODEINT_ERROR_SUMS_HPP_INCLUDED
