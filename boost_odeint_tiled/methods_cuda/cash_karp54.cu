// boost_odeint_tiled bench --backend cuda: the measurements of tiled::runge_kutta_cash_karp54 on the GPU
// (one method per translation unit, as methods/cash_karp54.cpp on the host).
// Distributed under the Boost Software License, Version 1.0.
#include "../bench_runner_cuda.hpp"

BOT_TOOL_DEFINE_CUDA_METHOD(cash_karp54, runge_kutta_cash_karp54_tableau, false)
