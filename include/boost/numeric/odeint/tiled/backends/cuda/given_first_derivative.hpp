/*
 boost/numeric/odeint/tiled/backends/cuda/given_first_derivative.hpp

 Steps whose first stage derivative F_0 is given (error_norm_params::given_dxdt: the
 last derivative an FSAL controller hands on, controlled_explicit_rk's
 reuse_last_derivative) run the same kernels with the system wrapped in
 given_first_derivative_system. The wrapper selects at compile time kernels whose
 link 0 reads F_0 instead of evaluating it, so the kernels of every other step carry
 no trace of the option: a run-time test in link 0 takes registers from kernels at
 their limit and costs every adaptive step time (numbers: doc/results/gpu_h100.md,
 "Measurements behind the defaults").

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_GIVEN_FIRST_DERIVATIVE_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_GIVEN_FIRST_DERIVATIVE_HPP_INCLUDED

#include <cstddef>
#include <type_traits>

#include <boost/numeric/odeint/tiled/config.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>

BOOST_ODEINT_TILED_DEVICE_CALLS_BEGIN

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

//! The system of a step with F_0 given: evaluates every other stage as `sys` does.
template <class System>
struct given_first_derivative_system
{
    System sys;

    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD auto operator()(std::size_t j, const Y& y, Time t) const
    {
        return sys(j, y, t);
    }
};

template <class System>
struct reads_given_first_derivative : std::false_type {};
template <class System>
struct reads_given_first_derivative<given_first_derivative_system<System>> : std::true_type {};

/*! F_J at component i, as a tile kernel's link J forms it: sys(i, y, t), or for link 0
    of a step with F_0 given, read from norm_params.given_dxdt. */
template <std::size_t J, class System, class Y, class Value, class Time>
BOOST_ODEINT_TILED_HD Value link_derivative(const System& sys, std::size_t i, const Y& y, Time t,
                                            const error_norm_params<Value>& norm_params)
{
    if constexpr (J == 0 && reads_given_first_derivative<System>::value)
        return norm_params.given_dxdt[i];
    else
        return static_cast<Value>(sys(i, y, t));
}

}}}}} // namespace boost::numeric::odeint::tiled::detail

BOOST_ODEINT_TILED_DEVICE_CALLS_END

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_GIVEN_FIRST_DERIVATIVE_HPP_INCLUDED
