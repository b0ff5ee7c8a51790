// boost_odeint_tiled bench --backend cuda --problem lorenz96: tiled::runge_kutta_cash_karp54 on the
// periodic problem, in a translation unit of its own beside methods_cuda/cash_karp54.cu (the
// unrolled ring's kernels and the other problems' compile in parallel).
// Distributed under the Boost Software License, Version 1.0.
#include "../../bench_runner_cuda.hpp"

BOT_TOOL_DEFINE_CUDA_PERIODIC_METHOD(cash_karp54, runge_kutta_cash_karp54_tableau)
