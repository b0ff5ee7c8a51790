/*
 boost/numeric/odeint/tiled/config.hpp

 Configuration macros of boost_odeint_tiled: the host/device annotation, the width
 of vectorised host loops and the library version.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_CONFIG_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_CONFIG_HPP_INCLUDED

// The library is C++17 (if constexpr, inline variables, std::optional, void_t). Every
// header includes this one first, so a pre-C++17 build stops here with one message
// instead of a page of errors from deep inside the library. MSVC keeps __cplusplus at
// 199711L unless /Zc:__cplusplus is given; _MSVC_LANG holds the standard in use there.
#if defined(_MSVC_LANG)
#define BOOST_ODEINT_TILED_CPLUSPLUS _MSVC_LANG
#else
#define BOOST_ODEINT_TILED_CPLUSPLUS __cplusplus
#endif
#if BOOST_ODEINT_TILED_CPLUSPLUS < 201703L
#error "boost_odeint_tiled needs C++17 or later: compile with -std=c++17 (MSVC: /std:c++17), or in CMake link boost_odeint_tiled::boost_odeint_tiled, which requires cxx_std_17"
// GCC and Clang carry on after #error and would print the errors it is meant to
// replace; a missing include is fatal to them and ends the compilation here. (MSVC
// stops at the #error.)
#include <boost/numeric/odeint/tiled/stop_here_this_library_needs_cxx17>
#endif

// A system's per-component right-hand side is called from TBB worker threads and,
// when compiled with nvcc, from CUDA kernels: BOOST_ODEINT_TILED_HD marks it callable
// from both. Plain C++ compilers see nothing.
#if defined(__CUDACC__)
#define BOOST_ODEINT_TILED_HD __host__ __device__
#else
#define BOOST_ODEINT_TILED_HD
#endif

// On its own line before a BOOST_ODEINT_TILED_HD function template (or a member of a
// class template) that host code also instantiates with host-only types, a
// std::vector state on the TBB backend: nvcc checks every instantiation of a
// __host__ __device__ function and warns where one calls a host function
// (std::vector's operator[]), although a host instantiation never runs on the device.
// Thrust and CUB mark their templates the same way. A device instantiation that calls
// a host function still fails where its kernel is compiled. Other compilers see nothing.
#if defined(__CUDACC__) && defined(__NVCC__)
#define BOOST_ODEINT_TILED_NO_EXEC_CHECK _Pragma("nv_exec_check_disable")
#else
#define BOOST_ODEINT_TILED_NO_EXEC_CHECK
#endif

// The __host__ __device__ code through which the GPU kernels call the user's system
// (link_derivative, the checked views, the grid system's evaluation and its cells'
// boundary reads, the distributed window) lies between these two. There a call that
// reaches a host-only function (an operator() without BOOST_ODEINT_TILED_HD) is an
// error: nvcc only warns (#20011) for a __host__ __device__ caller, builds the kernel
// anyway, and the step then computes NaN. nvcc reports the diagnostic at the call's
// place, so code outside them (the user's own) keeps nvcc's defaults; and it arises
// only where a kernel instantiates the call, never for host-only use.
#if defined(__CUDACC__) && defined(__NVCC__)
#define BOOST_ODEINT_TILED_DEVICE_CALLS_BEGIN _Pragma("nv_diagnostic push") _Pragma("nv_diag_error 20011")
#define BOOST_ODEINT_TILED_DEVICE_CALLS_END _Pragma("nv_diagnostic pop")
#else
#define BOOST_ODEINT_TILED_DEVICE_CALLS_BEGIN
#define BOOST_ODEINT_TILED_DEVICE_CALLS_END
#endif

// The host loops that the compiler vectorises (the grid helper's block form, the
// fused linear combinations of a step) are kept out of line (noinline: one call per
// block of components) and take in everything they call (flatten: a grid system's
// update and its cell's reads, which GCC's size limits would otherwise leave as calls
// where the reads go through tables), so that each is optimised on its own rather
// than inside its caller, and where the target has AVX-512 they are compiled for
// full-width vectors: GCC's and Clang's tuning for AVX-512 processors keeps
// vectorised loops to 256 bits (-mprefer-vector-width=256), half of what each
// instruction could do, while the hand-vectorised reference problems use 512-bit
// vectors explicitly. The preference holds within a function of its own only
// (inlined, a loop takes its caller's).
// Define BOOST_ODEINT_TILED_VECTOR_LOOP before including the library (empty: the
// compiler's own choices) to decide otherwise. nvcc's host passes keep the compiler's.
#ifndef BOOST_ODEINT_TILED_VECTOR_LOOP
#if defined(__CUDACC__) || !defined(__GNUC__)
#define BOOST_ODEINT_TILED_VECTOR_LOOP
#elif defined(__AVX512F__) && defined(__clang__)
#define BOOST_ODEINT_TILED_VECTOR_LOOP __attribute__((min_vector_width(512), noinline, flatten))
#elif defined(__AVX512F__)
#define BOOST_ODEINT_TILED_VECTOR_LOOP __attribute__((target("prefer-vector-width=512"), noinline, flatten))
#else
#define BOOST_ODEINT_TILED_VECTOR_LOOP __attribute__((noinline, flatten))
#endif
#endif

#define BOOST_ODEINT_TILED_VERSION_MAJOR 0
#define BOOST_ODEINT_TILED_VERSION_MINOR 1
#define BOOST_ODEINT_TILED_VERSION_PATCH 0

#endif // BOOST_NUMERIC_ODEINT_TILED_CONFIG_HPP_INCLUDED
