/*
 boost_odeint_tiled/adaptive.hpp

 The interface between `boost_odeint_tiled adaptive` (adaptive.cpp: options and
 report) and its backends, each one translation unit that instantiates the
 measurement of adaptive_runner.hpp for its state type: adaptive_tbb.cpp
 (std::vector, the TBB backend) and adaptive_cuda.cu (thrust::device_vector, the
 CUDA backend; compiled only into builds with CUDA, which define
 BOOST_ODEINT_TILED_TOOL_HAS_CUDA=1, see cuda_device.hpp).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_ADAPTIVE_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_ADAPTIVE_HPP_INCLUDED

#include <cstddef>
#include <limits>
#include <string>

#include "cuda_device.hpp"

namespace bot_tool {

//! One adaptive integration of BRUSS2D, measured for the tiled and the stock controller.
struct adaptive_job
{
    std::string method = "dopri5";  //!< dopri5, cash-karp54, bogacki-shampine32, verner56, fehlberg78
    std::size_t n = std::size_t(16) << 20;
    std::size_t d = 32;
    double t_end = 0.01;
    double tol = 1e-8;     //!< eps_abs = eps_rel
    double dt0 = 1e-4;     //!< the first step size tried
    int reps = 3;          //!< timed integrations after one warm-up integration; the median is reported
    bool reuse_last_derivative = false;  //!< FSAL methods: the tiled controller's reuse_last_derivative(true)
};

//! What one controller did: tries, and the time of a whole integration.
struct adaptive_run
{
    std::string name;       //!< e.g. "tiled::controlled_explicit_rk"
    std::string stepper;    //!< the error stepper, e.g. "tiled::runge_kutta_dopri5 (tiling trapezoidal(...))"
    std::string note;
    bool ok = false;
    std::string error;      //!< what() when !ok
    std::size_t accepted = 0;
    std::size_t rejected = 0;
    double total_ms = std::numeric_limits<double>::quiet_NaN();        //!< median over the timed integrations
    double min_total_ms = std::numeric_limits<double>::quiet_NaN();
    bool reproducible = true;  //!< every integration made the same tries
};

struct adaptive_result
{
    std::string device;     //!< where it ran, e.g. "NVIDIA H100 ..., 132 SMs" or the CPU and its threads
    adaptive_run tiled, stock;
    double max_rel_diff = std::numeric_limits<double>::quiet_NaN();  //!< final states, stock as reference
};

//! Throws std::invalid_argument for an unknown method or bad sizes.
adaptive_result run_adaptive_tbb(const adaptive_job& job);     // adaptive_tbb.cpp
#if BOOST_ODEINT_TILED_TOOL_HAS_CUDA
adaptive_result run_adaptive_cuda(const adaptive_job& job);    // adaptive_cuda.cu
#endif

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_ADAPTIVE_HPP_INCLUDED
