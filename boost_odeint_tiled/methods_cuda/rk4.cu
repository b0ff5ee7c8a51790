// boost_odeint_tiled bench --backend cuda: the measurements of tiled::runge_kutta4 on the GPU
// (one method per translation unit, as methods/rk4.cpp on the host).
// Distributed under the Boost Software License, Version 1.0.
#include "../bench_runner_cuda.hpp"

BOT_TOOL_DEFINE_CUDA_METHOD(rk4, runge_kutta4_tableau, true)
