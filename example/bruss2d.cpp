/*
 example/bruss2d.cpp

 BRUSS2D, the 2D Brusselator with diffusion (tiled::problems::bruss2d), integrated
 with the tiled classic Runge-Kutta stepper through odeint's integrate_const. An
 observer writes the u field as a PNG image every few steps, so you can watch the
 pattern form (waves of the oscillating reaction running across the grid).

     bruss2d [OUTDIR [N [T_END [FRAMES]]]]

 OUTDIR (default ./bruss2d_frames) receives u_0000.png, u_0001.png, ...; the grid
 is N x N cells (default 128), integrated from t = 0 to T_END (default 12) with
 FRAMES + 1 images (default 24 + 1, the first at t = 0). Colours: u from 0 (dark
 blue) to 5 (yellow).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include "png_writer.hpp"

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
using state_type = std::vector<double>;

//[bruss2d_observer
// Called by integrate_const after every step (and at t = 0): every `every`-th call
// writes the u field of the AoS state (u at 2*(y*x_max + x), v next to it) as a PNG.
struct png_observer
{
    tiled::problems::bruss2d sys;
    std::string folder;
    std::size_t every;
    std::size_t calls = 0, frames = 0;

    void operator()(const state_type& y, double t)
    {
        if (calls++ % every != 0) return;
        example_png::image img(sys.x_max(), sys.y_max());
        double u_min = 1e300, u_max = -1e300;
        for (std::size_t row = 0; row < sys.y_max(); ++row)
            for (std::size_t x = 0; x < sys.x_max(); ++x) {
                const double u = y[2 * (row * sys.x_max() + x)];
                u_min = std::min(u_min, u);
                u_max = std::max(u_max, u);
                // row 0 at the bottom of the picture, u in [0, 5] over the colour map
                img.set(x, sys.y_max() - 1 - row, example_png::colour_map(u / 5.0));
            }
        char name[32];
        std::snprintf(name, sizeof name, "u_%04zu.png", frames++);
        example_png::write(img, folder + "/" + name, sys.x_max() < 256 ? 2 : 1);
        std::printf("t = %6.3f  u in [%.3f, %.3f]  -> %s/%s\n", t, u_min, u_max, folder.c_str(), name);
    }
};
//]

int main(int argc, char* argv[])
try
{
    const std::string folder = argc > 1 ? argv[1] : "bruss2d_frames";
    const std::size_t grid = argc > 2 ? std::stoul(argv[2]) : 128;
    const double t_end = argc > 3 ? std::stod(argv[3]) : 12.0;
    const std::size_t frames = argc > 4 ? std::max<unsigned long>(1, std::stoul(argv[4])) : 24;
    std::filesystem::create_directories(folder);

    //[bruss2d_integrate
    tiled::problems::bruss2d sys(grid, grid);          // n = 2*grid*grid, d = 2*grid
    state_type y(sys.size());
    sys.initial_state(y);

    const double dt = sys.suggested_dt();               // a stable fixed step for RK4
    const std::size_t steps = static_cast<std::size_t>(std::ceil(t_end / dt));
    tiled::runge_kutta4<state_type> rk4;                 // automatic tiling
    png_observer observer{sys, folder, std::max<std::size_t>(1, steps / frames)};
    odeint::integrate_const(rk4, sys, y, 0.0, steps * dt, dt, std::ref(observer));
    //]

    std::printf("%zu x %zu cells, n = %zu, d = %zu, %zu steps of dt = %.3g, tiling %s\n", sys.x_max(), sys.y_max(),
                sys.size(), sys.access_distance(), steps, dt, rk4.tiling().to_string().c_str());
    std::printf("%zu images in %s/\n", observer.frames, folder.c_str());
    return 0;
}
catch (const std::exception& e)
{
    std::fprintf(stderr, "bruss2d: %s\n", e.what());
    return 1;
}
