/*
 example/heat1d.cpp

 The first tiled integration: a 1D heat (diffusion) chain written as a
 LimitedAccessSystem, integrated with tiled::runge_kutta4 through odeint's
 integrate_const, then the same with explicitly chosen tilings. Mirrored
 (Neumann) ends conserve the trapezoidal sum of y, which the program checks. The
 same chain written with the grid helper (tiled::grid, a 1D grid of one field with
 reflecting ends) gives the same results.

     heat1d [N [T_END]]          (defaults: N = 1000000 components, T_END = 2)

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>
#include <stdexcept>
#include <vector>

//[heat1d_system
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;

// dy_j/dt = k (y_{j-1} - 2 y_j + y_{j+1}), ends mirrored (y_{-1} = y_1, y_n = y_{n-2}).
// Component j reads y[j-1 .. j+1]: the access distance is 1.
struct heat_chain
{
    std::size_t n;
    double k;

    std::size_t access_distance() const { return 1; }

    template <class Y>   // only y[i] with |i - j| <= 1 and 0 <= i < n may be read
    BOOST_ODEINT_TILED_HD double operator()(std::size_t j, const Y& y, double /*t*/) const
    {
        const double left = j > 0 ? y[j - 1] : y[j + 1];
        const double right = j + 1 < n ? y[j + 1] : y[j - 1];
        return k * (left - 2.0 * y[j] + right);
    }
};
//]

//[evaluate_range
// The optional range form: f_first .. f_{last-1} into dydt[0 .. last-first). &y[i] points
// at component i and the components first-d .. last-1+d (within [0, n)) lie contiguous
// behind it, so the interior is one plain loop over pointers that the compiler
// vectorises. It must compute exactly what operator() computes.
struct heat_chain_ranged : heat_chain
{
    template <class Y>
    void evaluate_range(std::size_t first, std::size_t last, const Y& y, double* dydt, double t) const
    {
        std::size_t j = first;
        for (; j < last && j == 0; ++j) dydt[j - first] = (*this)(j, y, t);   // left end
        const std::size_t interior_end = std::min(last, n - 1);
        if (j < interior_end) {
            const double* p = &y[j];
            double* out = dydt + (j - first);
            for (std::ptrdiff_t m = 0; m < std::ptrdiff_t(interior_end - j); ++m)
                out[m] = k * (p[m - 1] - 2.0 * p[m] + p[m + 1]);
            j = interior_end;
        }
        for (; j < last; ++j) dydt[j - first] = (*this)(j, y, t);            // right end
    }
};
//]

//[heat1d_grid_update
// The same chain with the grid helper: what one cell changes by. c(0) is the cell's
// field 0, c(0, -1) and c(0, 1) its left and right neighbours; the helper maps a read
// beyond an end through the boundary (reflecting: -1 reads 1, n reads n - 2).
struct heat_cell
{
    double k;

    template <class Cell, class Out, class Time>
    BOOST_ODEINT_TILED_HD void operator()(const Cell& c, Out& out, Time /*t*/) const
    {
        out[0] = k * (c(0, -1) - 2.0 * c(0) + c(0, 1));
    }
};
//]

// The trapezoidal sum sum_j y_j with the two end points weighted 1/2; the mirrored
// ends make it a conserved quantity of the chain.
double trapezoidal_sum(const std::vector<double>& y)
{
    double s = 0.5 * (y.front() + y.back());
    for (std::size_t j = 1; j + 1 < y.size(); ++j) s += y[j];
    return s;
}

int main(int argc, char* argv[])
try
{
    const std::size_t n = argc > 1 ? std::stoul(argv[1]) : 1000000;
    const double t_end = argc > 2 ? std::stod(argv[2]) : 2.0;
    const double k = 0.5;

    std::vector<double> x0(n);
    for (std::size_t j = 0; j < n; ++j)   // a smooth bump plus a ripple
        x0[j] = 1.0 + std::sin(6.283185307179586 * double(j) / double(n)) + 0.25 * std::cos(0.37 * double(j));

    //[check_access_distance
    // Does the system read only what access_distance() declares? (any build; debug
    // builds also check every read inside the steps)
    const tiled::access_report report = tiled::check_access_distance(heat_chain{n, k}, x0, 0.0);
    if (!report) throw std::logic_error(report.message());
    //]

    //[first_integration
    std::vector<double> x = x0;                        // host state: the TBB backend
    tiled::runge_kutta4<std::vector<double>> rk4;      // automatic tiling
    const double dt = 0.5;                             // stable for RK4: dt * 4k <= 2.78

    std::size_t observed = 0;
    odeint::integrate_const(rk4, heat_chain{n, k}, x, 0.0, t_end, dt,
                            [&](const std::vector<double>&, double) { ++observed; });
    //]

    std::printf("heat1d: n = %zu, d = 1, %zu observer calls, t = 0 .. %g, dt = %g\n", n, observed, t_end, dt);
    std::printf("automatic tiling resolved to: %s\n", rk4.tiling().to_string().c_str());
    std::printf("trapezoidal sum: %.15g at t = 0, %.15g at t = %g (relative change %.2e)\n", trapezoidal_sum(x0),
                trapezoidal_sum(x), t_end, std::abs(trapezoidal_sum(x) / trapezoidal_sum(x0) - 1.0));

    //[heat1d_grid_integration
    // A 1D grid of n cells with one field, 3-point stencil, mirrored ends; the helper
    // numbers the state (field 0 of cell j is component j) and computes d = 1.
    const auto heat_grid = tiled::grid::make_system<1>(
        tiled::grid::extents(n).radius(1).boundary(tiled::grid::boundary::reflecting()), heat_cell{k});
    std::vector<double> x_grid = x0;
    tiled::runge_kutta4<std::vector<double>> rk4_grid;
    odeint::integrate_const(rk4_grid, heat_grid, x_grid, 0.0, t_end, dt);
    //]
    double grid_diff = 0;
    for (std::size_t j = 0; j < n; ++j) grid_diff = std::max(grid_diff, std::abs(x_grid[j] - x[j]));
    std::printf("grid helper (d = %zu): max |difference| to heat_chain: %.3g\n", heat_grid.access_distance(),
                grid_diff);

    //[choose_tiling
    tiled::runge_kutta4<std::vector<double>> fused(tiled::tiling::none());                  // fused stages only
    tiled::runge_kutta4<std::vector<double>> trapezoids(tiled::tiling::trapezoidal(8192, 4)); // needs 8192 >= 7 d
    tiled::runge_kutta4<std::vector<double>> hexagons(tiled::tiling::hexagonal(8192, 4));     // needs 8192 >= 3 d
    tiled::runge_kutta4<std::vector<double>> overlapped(tiled::tiling::overlapped(8192, 4));  // needs 8192 > 6 d
    //]

    int status = grid_diff <= 1e-12 ? 0 : 1;
    for (auto* stepper : {&fused, &trapezoids, &hexagons, &overlapped}) {
        std::vector<double> y = x0;
        // the range form this time: the results must not change
        odeint::integrate_const(*stepper, heat_chain_ranged{{n, k}}, y, 0.0, t_end, dt);
        double diff = 0;
        for (std::size_t j = 0; j < n; ++j) diff = std::max(diff, std::abs(y[j] - x[j]));
        std::printf("  %-28s max |difference| to automatic: %.3g\n", stepper->tiling().to_string().c_str(), diff);
        if (!(diff <= 1e-12)) status = 1;
    }
    return status;
}
catch (const std::exception& e)
{
    std::fprintf(stderr, "heat1d: %s\n", e.what());
    return 1;
}
