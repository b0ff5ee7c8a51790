/*
 example/adaptive.cpp

 Adaptive step-size control with a tiled embedded stepper: odeint's own factory
 make_controlled on tiled::runge_kutta_dopri5 returns the plugin's controlled
 stepper (the error norm fused into the step), used with integrate_adaptive. The
 same problem is then solved with odeint's stock controlled dopri5 on the
 whole-vector form of the system (tiled::as_odeint_system); the program prints the
 number of steps each took and how far the results are apart, and then shows dense
 output (make_dense_output) observing at fixed times.

     adaptive [GRID [T_END]]      (defaults: BRUSS2D on a 64 x 64 grid, T_END = 2)

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
using state_type = std::vector<double>;

int main(int argc, char* argv[])
try
{
    const std::size_t grid = argc > 1 ? std::stoul(argv[1]) : 64;
    const double t_end = argc > 2 ? std::stod(argv[2]) : 2.0;
    const tiled::problems::bruss2d sys(grid, grid);
    state_type y0(sys.size());
    sys.initial_state(y0);

    //[controlled
    state_type y = y0;
    auto controlled = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<state_type>());
    const std::size_t steps =
        odeint::integrate_adaptive(controlled, sys, y, 0.0, t_end, /*first dt*/ 1e-4);
    //]

    // The reference: odeint's controlled dopri5 on the whole-vector system.
    state_type y_stock = y0;
    auto stock = odeint::make_controlled(
        1e-8, 1e-8, odeint::runge_kutta_dopri5<state_type, double, state_type, double, tiled::tbb_algebra>());
    const std::size_t stock_steps =
        odeint::integrate_adaptive(stock, tiled::as_odeint_system(sys), y_stock, 0.0, t_end, 1e-4);

    double diff = 0, scale = 0;
    for (std::size_t j = 0; j < y.size(); ++j) {
        diff = std::max(diff, std::abs(y[j] - y_stock[j]));
        scale = std::max(scale, std::abs(y_stock[j]));
    }
    std::printf("BRUSS2D %zu x %zu (n = %zu, d = %zu), t = 0 .. %g, eps_abs = eps_rel = 1e-8\n", grid, grid,
                sys.size(), sys.access_distance(), t_end);
    std::printf("tiled dopri5:       %zu steps\n", steps);
    std::printf("stock odeint dopri5: %zu steps\n", stock_steps);
    std::printf("max |tiled - stock| = %.3g (relative %.2e)\n", diff, diff / scale);

    //[dense_output
    state_type z = y0;
    auto dense = odeint::make_dense_output(1e-8, 1e-8, tiled::runge_kutta_dopri5<state_type>());
    odeint::integrate_const(dense, sys, z, 0.0, t_end, t_end / 4, [&](const state_type& x, double t) {
        std::printf("  dense output t = %.2f: u at the grid centre = %.8f\n", t, x[2 * (grid / 2 * grid + grid / 2)]);
    });
    //]
    return diff <= 1e-6 * scale && steps == stock_steps ? 0 : 1;
}
catch (const std::exception& e)
{
    std::fprintf(stderr, "adaptive: %s\n", e.what());
    return 1;
}
