// boost_odeint_tiled bench --backend cuda: the measurements of tiled::runge_kutta_heun_euler21 on the GPU
// (one method per translation unit, as methods/heun_euler21.cpp on the host).
// Distributed under the Boost Software License, Version 1.0.
#include "../bench_runner_cuda.hpp"

BOT_TOOL_DEFINE_CUDA_METHOD(heun_euler21, runge_kutta_heun_euler21_tableau, false)
