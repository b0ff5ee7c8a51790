// boost_odeint_tiled bench: the measurements of tiled::runge_kutta38 (one instantiation per
// method keeps each translation unit small and lets the build run them in parallel).
// Distributed under the Boost Software License, Version 1.0.
#include "../bench_runner.hpp"

BOT_TOOL_DEFINE_METHOD(rk38, runge_kutta38_tableau)
