/*
 example/bruss2d.cpp

 BRUSS2D, the 2D Brusselator with diffusion, written with the grid helper
 (tiled::grid): one update says what the two species u and v of one cell change by,
 and tiled::grid::make_system turns it into a system the tiled steppers run (the
 state's numbering, the access distance, the mirrored boundaries). It is integrated
 with the tiled classic Runge-Kutta stepper through odeint's integrate_const, and an
 observer writes the u field as a PNG image every few steps, so you can watch the
 pattern form (waves of the oscillating reaction running across the grid). The
 constants, grid and initial values are those of tiled::problems::bruss2d.

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

//[bruss2d_update
// What one cell's u and v change by: the Brusselator reaction (A = 1, B = 3.4) at the
// cell plus diffusion from the four neighbours. c(f) reads field f (0 = u, 1 = v) of
// this cell, c(f, dx, dy) the same field of the neighbour (dx, dy) away; the helper
// decides where that is in the state and what a read beyond the edge sees.
struct brusselator
{
    double diffusion;   // alpha (x_max - 1)^2

    template <class Cell, class Out, class Time>
    BOOST_ODEINT_TILED_HD void operator()(const Cell& c, Out& out, Time /*t*/) const
    {
        const double u = c(0), v = c(1), uuv = u * u * v;
        const double lu = c(0, -1, 0) + c(0, 1, 0) + c(0, 0, -1) + c(0, 0, 1) - 4.0 * u;
        const double lv = c(1, -1, 0) + c(1, 1, 0) + c(1, 0, -1) + c(1, 0, 1) - 4.0 * v;
        out[0] = 1.0 + uuv - 4.4 * u + diffusion * lu;   // every field of the cell is computed
        out[1] = 3.4 * u - uuv + diffusion * lv;
    }
};
//]

//[bruss2d_system
// An x_max x y_max grid (x varies fastest), 5-point stencil, u and v of a cell next to
// each other in the state, mirrored (Neumann) edges. The reaction reads the other
// species only at the cell itself: neighbour_fields::same_field, d = 2 x_max.
using bruss2d_system = tiled::grid::system<2, brusselator, 2>;   // 2 fields, 2D

bruss2d_system make_bruss2d(std::size_t x_max, std::size_t y_max, double alpha = 2e-3)
{
    const auto shape = tiled::grid::extents(x_max, y_max)
                           .radius(1)
                           .star()
                           .layout(tiled::grid::layout::interleaved)
                           .neighbour_fields(tiled::grid::neighbour_fields::same_field)
                           .boundary(tiled::grid::boundary::reflecting());
    const double h = x_max > 1 ? double(x_max - 1) : 1.0;
    return tiled::grid::make_system<2>(shape, brusselator{alpha * h * h});
}

// u = 0.5 + x/(x_max - 1), v = 1 + 5 y/(y_max - 1): field f of cell (x, y) is
// y[sys.component(f, x, y)], whatever the layout.
void initial_state(const bruss2d_system& sys, std::vector<double>& y)
{
    const std::size_t nx = sys.grid_shape().extent[0], ny = sys.grid_shape().extent[1];
    for (std::size_t iy = 0; iy < ny; ++iy)
        for (std::size_t ix = 0; ix < nx; ++ix) {
            y[sys.component(0, ix, iy)] = 0.5 + (nx > 1 ? double(ix) / double(nx - 1) : 0.0);
            y[sys.component(1, ix, iy)] = 1.0 + (ny > 1 ? 5.0 * double(iy) / double(ny - 1) : 0.0);
        }
}
//]

//[bruss2d_observer
// Called by integrate_const after every step (and at t = 0): every `every`-th call
// writes the u field (field 0) as a PNG.
struct png_observer
{
    bruss2d_system sys;
    std::string folder;
    std::size_t every;
    std::size_t calls = 0, frames = 0;

    void operator()(const state_type& y, double t)
    {
        if (calls++ % every != 0) return;
        const std::size_t nx = sys.grid_shape().extent[0], ny = sys.grid_shape().extent[1];
        example_png::image img(nx, ny);
        double u_min = 1e300, u_max = -1e300;
        for (std::size_t row = 0; row < ny; ++row)
            for (std::size_t x = 0; x < nx; ++x) {
                const double u = y[sys.component(0, x, row)];
                u_min = std::min(u_min, u);
                u_max = std::max(u_max, u);
                // row 0 at the bottom of the picture, u in [0, 5] over the colour map
                img.set(x, ny - 1 - row, example_png::colour_map(u / 5.0));
            }
        char name[32];
        std::snprintf(name, sizeof name, "u_%04zu.png", frames++);
        example_png::write(img, folder + "/" + name, nx < 256 ? 2 : 1);
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
    const bruss2d_system sys = make_bruss2d(grid, grid);   // n = 2*grid*grid, d = 2*grid
    state_type y(sys.size());
    initial_state(sys, y);

    const double dt = 0.5 * 2.5 / (8.0 * sys.update().diffusion + 50.0);   // stable for RK4
    const std::size_t steps = static_cast<std::size_t>(std::ceil(t_end / dt));
    tiled::runge_kutta4<state_type> rk4;                   // automatic tiling
    png_observer observer{sys, folder, std::max<std::size_t>(1, steps / frames)};
    odeint::integrate_const(rk4, sys, y, 0.0, steps * dt, dt, std::ref(observer));
    //]

    // The same problem from the library's reference problems (hand-written, with the
    // same grid, constants and initial values) agrees to rounding.
    tiled::problems::bruss2d reference(grid, grid);
    state_type y_ref(reference.size());
    reference.initial_state(y_ref);
    odeint::integrate_const(rk4, reference, y_ref, 0.0, steps * dt, dt);
    double diff = 0;
    for (std::size_t j = 0; j < y.size(); ++j) diff = std::max(diff, std::abs(y[j] - y_ref[j]));

    std::printf("%zu x %zu cells, n = %zu, d = %zu, %zu steps of dt = %.3g, tiling %s\n", grid, grid, sys.size(),
                sys.access_distance(), steps, dt, rk4.tiling().to_string().c_str());
    std::printf("%zu images in %s/\n", observer.frames, folder.c_str());
    std::printf("max |difference| to tiled::problems::bruss2d: %.3g\n", diff);
    return diff <= 1e-9 ? 0 : 1;
}
catch (const std::exception& e)
{
    std::fprintf(stderr, "bruss2d: %s\n", e.what());
    return 1;
}
