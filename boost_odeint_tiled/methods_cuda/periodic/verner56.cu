// boost_odeint_tiled bench --backend cuda --problem lorenz96: tiled::runge_kutta_verner56 on the
// periodic problem, in a translation unit of its own beside methods_cuda/verner56.cu (the
// unrolled ring's kernels and the other problems' compile in parallel).
// Distributed under the Boost Software License, Version 1.0.
#include "../../bench_runner_cuda.hpp"

BOT_TOOL_DEFINE_CUDA_PERIODIC_METHOD(verner56, runge_kutta_verner56_tableau)
