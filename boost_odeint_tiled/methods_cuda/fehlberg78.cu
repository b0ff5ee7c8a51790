// boost_odeint_tiled bench --backend cuda: the measurements of tiled::runge_kutta_fehlberg78 on the GPU
// (one method per translation unit, as methods/fehlberg78.cpp on the host).
// Distributed under the Boost Software License, Version 1.0.
#include "../bench_runner_cuda.hpp"

BOT_TOOL_DEFINE_CUDA_METHOD(fehlberg78, runge_kutta_fehlberg78_tableau, false)
