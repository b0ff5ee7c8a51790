/*
 example/grid_reaction_diffusion.cpp

 A two-field reaction-diffusion system on a 2D grid written with the grid helper
 (tiled::grid): the Gray-Scott model (J. E. Pearson, "Complex patterns in a simple
 system", Science 261 (1993) 189-192),

     du/dt = Du lap(u) - u v^2 + F (1 - u)
     dv/dt = Dv lap(v) + u v^2 - (F + k) v

 on an NX x NY grid of unit spacing that is periodic in x (a cylinder) and mirrored
 (Neumann) in y: one boundary per dimension. It is integrated with
 tiled::runge_kutta4 through odeint's integrate_const, and with odeint's own
 runge_kutta4 on tiled::as_odeint_system(sys), the same system as a whole-vector
 odeint system; the program prints the largest difference of the two (rounding).
 Then the same with fixed values beyond the y edges (boundary::constant()) and with a
 boundary function (boundary::function()).

     grid_reaction_diffusion [NX [NY [T_END]]]      (defaults: 256 x 128 cells, T_END = 1000)

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
using state_type = std::vector<double>;

//[grid_rd_update
// One cell of the Gray-Scott model: field 0 is u, field 1 is v. The update reads each
// field at the four neighbours (diffusion) and the other field only at the cell itself
// (reaction), and computes every field of the cell.
struct gray_scott
{
    double du = 0.16, dv = 0.08;   // diffusion coefficients (grid spacing 1)
    double feed = 0.035, kill = 0.065;

    template <class Cell, class Out, class Time>
    BOOST_ODEINT_TILED_HD void operator()(const Cell& c, Out& out, Time /*t*/) const
    {
        const double u = c(0), v = c(1), uvv = u * v * v;
        const double lu = c(0, -1, 0) + c(0, 1, 0) + c(0, 0, -1) + c(0, 0, 1) - 4.0 * u;
        const double lv = c(1, -1, 0) + c(1, 1, 0) + c(1, 0, -1) + c(1, 0, 1) - 4.0 * v;
        out[0] = du * lu - uvv + feed * (1.0 - u);
        out[1] = dv * lv + uvv - (feed + kill) * v;
    }
};
//]

//[grid_rd_boundary_function
// A boundary function gives the value a read beyond the edge sees: field f of the
// ghost cell at coordinates g (g[1] = -1 below the grid, g[1] = ny above; g[0] as
// read). Here v flows in from below, ramped up over t = 0 .. 100; above, u = 1, v = 0.
struct inflow
{
    long long ny;

    template <class Time>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t f, const long long (&g)[2], Time t) const
    {
        if (g[1] >= ny) return f == 0 ? 1.0 : 0.0;
        const double ramp = t < 100.0 ? double(t) / 100.0 : 1.0;
        return f == 0 ? 1.0 - 0.5 * ramp : 0.25 * ramp;
    }
};
//]

// Integrates sys from x0 to t_end with the tiled RK4 and with stock odeint's RK4,
// prints what it did and returns the largest difference.
template <class System>
double compare(const char* name, const System& sys, const state_type& x0, double t_end)
{
    //[grid_rd_integrate
    const double dt = 1.0;                     // stable for RK4: dt * 8 du <= 2.78
    state_type x_tiled = x0;
    tiled::runge_kutta4<state_type> rk4;       // tiled, TBB backend
    odeint::integrate_const(rk4, sys, x_tiled, 0.0, t_end, dt);

    // The reference: odeint's own RK4 on the same system as a whole-vector odeint system.
    state_type x_stock = x0;
    odeint::runge_kutta4<state_type, double, state_type, double, tiled::tbb_algebra> stock;
    odeint::integrate_const(stock, tiled::as_odeint_system(sys), x_stock, 0.0, t_end, dt);

    double diff = 0;
    for (std::size_t j = 0; j < sys.size(); ++j) diff = std::max(diff, std::abs(x_tiled[j] - x_stock[j]));
    //]

    const std::size_t nx = sys.grid_shape().extent[0], ny = sys.grid_shape().extent[1];
    double v_min = 1e300, v_max = -1e300;
    for (std::size_t iy = 0; iy < ny; ++iy)
        for (std::size_t ix = 0; ix < nx; ++ix) {
            v_min = std::min(v_min, x_tiled[sys.component(1, ix, iy)]);
            v_max = std::max(v_max, x_tiled[sys.component(1, ix, iy)]);
        }
    std::printf("%-22s d = %zu, tiling %s\n", name, sys.access_distance(), rk4.tiling().to_string().c_str());
    std::printf("%-22s v in [%.4f, %.4f] at t = %g; max |difference| tiled vs stock odeint: %.3g\n", "", v_min,
                v_max, t_end, diff);
    return diff;
}

int main(int argc, char* argv[])
try
{
    const std::size_t nx = argc > 1 ? std::stoul(argv[1]) : 256;
    const std::size_t ny = argc > 2 ? std::stoul(argv[2]) : 128;
    const double t_end = argc > 3 ? std::stod(argv[3]) : 1000.0;

    //[grid_rd_system
    // Periodic in x (dimension 0), mirrored in y (dimension 1). x varies fastest, so the
    // wrap-around in x stays within one row of the state and d stays 2 nx.
    namespace grid = tiled::grid;
    const auto shape = grid::extents(nx, ny)
                           .radius(1)
                           .star()
                           .neighbour_fields(grid::neighbour_fields::same_field)
                           .boundary(0, grid::boundary::periodic())
                           .boundary(1, grid::boundary::reflecting());
    const auto sys = grid::make_system<2>(shape, gray_scott{});   // 2 fields per cell
    //]

    //[grid_rd_initial
    // u = 1, v = 0, except for a square in the middle seeded with u = 0.5, v = 0.25
    // (and a small deterministic ripple, so the pattern is not symmetric).
    state_type x0(sys.size());
    for (std::size_t iy = 0; iy < ny; ++iy)
        for (std::size_t ix = 0; ix < nx; ++ix) {
            const bool seed = ix + 8 >= nx / 2 && ix < nx / 2 + 8 && iy + 8 >= ny / 2 && iy < ny / 2 + 8;
            const double ripple = 0.01 * std::sin(0.7 * double(ix) + 1.3 * double(iy));
            x0[sys.component(0, ix, iy)] = seed ? 0.5 + ripple : 1.0;
            x0[sys.component(1, ix, iy)] = seed ? 0.25 - ripple : 0.0;
        }
    //]

    std::printf("Gray-Scott on %zu x %zu cells, n = %zu, RK4 with dt = 1 to t = %g\n", nx, ny, sys.size(), t_end);
    double diff = compare("periodic x, mirror y:", sys, x0, t_end);

    //[grid_rd_constant
    // Fixed values beyond the y edges, one per field: u = 1, v = 0.
    const auto fixed = grid::make_system<2>(grid::extents(nx, ny)
                                                .neighbour_fields(grid::neighbour_fields::same_field)
                                                .boundary(0, grid::boundary::periodic())
                                                .boundary(1, grid::boundary::constant()),
                                            gray_scott{}, std::array<double, 2>{1.0, 0.0});
    //]
    diff = std::max(diff, compare("periodic x, fixed y:", fixed, x0, t_end));

    //[grid_rd_function
    const auto fed = grid::make_system<2>(grid::extents(nx, ny)
                                              .neighbour_fields(grid::neighbour_fields::same_field)
                                              .boundary(0, grid::boundary::periodic())
                                              .boundary(1, grid::boundary::function()),
                                          gray_scott{}, inflow{(long long)ny});
    //]
    diff = std::max(diff, compare("periodic x, inflow y:", fed, x0, t_end));
    return diff <= 1e-9 ? 0 : 1;
}
catch (const std::exception& e)
{
    std::fprintf(stderr, "grid_reaction_diffusion: %s\n", e.what());
    return 1;
}
