/*
 boost/numeric/odeint/tiled.hpp

 Umbrella header of boost_odeint_tiled: tiled and fused explicit Runge-Kutta
 steppers for odeint, for systems with a limited access distance.

 The layers: core/ (link chain, plan, checker, stage combinations, state access,
 backend traits) knows no backend; backends/<name>/ register themselves with the
 core's traits; steppers/ depend on core/ only. This header brings the TBB backend
 (host containers) and, when compiled as CUDA (nvcc), the CUDA backend too, so a
 thrust::device_vector state works with this header alone.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <boost/numeric/odeint/tiled/system/as_odeint_system.hpp>
#include <boost/numeric/odeint/tiled/system/limited_access_system.hpp>
#include <boost/numeric/odeint/tiled/system/stage_view.hpp>
#include <boost/numeric/odeint/tiled/grid.hpp>

#include <boost/numeric/odeint/tiled/tableaux/all.hpp>

#include <boost/numeric/odeint/tiled/core/backend.hpp>
#include <boost/numeric/odeint/tiled/core/plan_checker.hpp>
#include <boost/numeric/odeint/tiled/core/state_access.hpp>
#include <boost/numeric/odeint/tiled/core/tiling.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>

#include <boost/numeric/odeint/tiled/tuning/tuning_cache.hpp>

#include <boost/numeric/odeint/tiled/backends/tbb/tbb_backend.hpp>
#if defined(__CUDACC__)
#include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>
#endif

#include <boost/numeric/odeint/tiled/steppers/explicit_rk.hpp>
#include <boost/numeric/odeint/tiled/steppers/named_steppers.hpp>
#include <boost/numeric/odeint/tiled/steppers/controlled_explicit_rk.hpp>
#include <boost/numeric/odeint/tiled/steppers/dense_output_explicit_rk.hpp>
#include <boost/numeric/odeint/tiled/steppers/generation.hpp>

#endif // BOOST_NUMERIC_ODEINT_TILED_HPP_INCLUDED
