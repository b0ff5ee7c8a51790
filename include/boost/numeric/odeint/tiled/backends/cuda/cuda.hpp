/*
 boost/numeric/odeint/tiled/backends/cuda/cuda.hpp

 The CUDA backend of boost_odeint_tiled (compile with nvcc): stock odeint steppers
 on thrust::device_vector states, without odeint's external/thrust headers.

     #include <boost/numeric/odeint.hpp>
     #include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>

     typedef thrust::device_vector<double> state_type;
     odeint::runge_kutta4<state_type> rk4;                       // cuda_algebra, cuda_operations
     odeint::integrate_const(rk4, tiled::as_odeint_system(limited_access_sys), x, 0.0, 1.0, 1e-3);
     auto ctl = odeint::make_controlled(1e-8, 1e-8, odeint::runge_kutta_dopri5<state_type>());
     odeint::integrate_adaptive(ctl, sys, x, 0.0, 1.0, 1e-3);   // sys(const state_type&, state_type&, double)

     // the tiled steppers, adaptive too (error norm fused into the step):
     auto tiled_ctl = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<state_type>());
     odeint::integrate_adaptive(tiled_ctl, limited_access_sys, x, 0.0, 1.0, 1e-3);

   cuda_error.hpp            tiled::cuda_check: CUDA errors -> std::runtime_error
   cuda_operations.hpp       tiled::cuda_operations: default_operations on the device
   cuda_algebra.hpp          tiled::cuda_algebra: for_each1..15 kernels, norm_inf
   device_vector_traits.hpp  odeint traits and dispatchers for thrust::device_vector
   cuda_backend.hpp          tiled steppers on thrust::device_vector (the CUDA executor)
   cuda_error_norm.hpp       the error norm of adaptive steps, merged on the device
   cuda_state_kernels.hpp    state copies and dense output's interpolation on the device
   cuda_whole_vector_rhs.hpp tiled::as_odeint_system(sys) on device vectors (one kernel)

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#if !defined(__CUDACC__)
#error "boost/numeric/odeint/tiled/backends/cuda/cuda.hpp is the CUDA backend: include it only from code compiled by nvcc (.cu files)"
#endif

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_operations.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_algebra.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/device_vector_traits.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_backend.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_whole_vector_rhs.hpp>

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_HPP_INCLUDED
