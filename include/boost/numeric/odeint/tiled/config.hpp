/*
 boost/numeric/odeint/tiled/config.hpp

 Configuration macros of boost_odeint_tiled: the host/device annotation and the
 library version.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_CONFIG_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_CONFIG_HPP_INCLUDED

// A system's per-component right-hand side is called from TBB worker threads and,
// when compiled with nvcc, from CUDA kernels: BOOST_ODEINT_TILED_HD marks it callable
// from both. Plain C++ compilers see nothing.
#if defined(__CUDACC__)
#define BOOST_ODEINT_TILED_HD __host__ __device__
#else
#define BOOST_ODEINT_TILED_HD
#endif

#define BOOST_ODEINT_TILED_VERSION_MAJOR 0
#define BOOST_ODEINT_TILED_VERSION_MINOR 1
#define BOOST_ODEINT_TILED_VERSION_PATCH 0

#endif // BOOST_NUMERIC_ODEINT_TILED_CONFIG_HPP_INCLUDED
