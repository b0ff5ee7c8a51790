// What ring plans buy periodic systems on the CPU (TBB): each system stepped with the
// tiled RK4 (automatic()) on its ring plan, with the same system hiding its
// cyclic_access_distance() (the plan along the state: d ~ n, one pass per stage), and
// with odeint's runge_kutta4 on tbb_algebra over the whole-vector form
// (tiled::as_odeint_system), all in one process:
//   bruss2d    BRUSS2D's update (problems::bruss2d_cell) through the grid helper on
//              nx x ny cells, reflecting and periodic boundaries
//   lorenz96   the periodic Lorenz-96 (problems::lorenz96, cyclic distance 2) on n
//              components, in its block form and one component per call
// Prints ms per step (minimum over rounds of 5 steps) and the ratios, and checks that
// the three give the same results (max relative difference after the timed steps).
//   g++ -O3 -march=native -DNDEBUG -std=c++17 -Iinclude bench/cpu_ring_probe.cpp -ltbb -o cpu_ring_probe
//   ./cpu_ring_probe [rounds = 5]
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/problems/grid_bruss2d.hpp>
#include <boost/numeric/odeint/tiled/problems/lorenz96.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
namespace grid = tiled::grid;
using state = std::vector<double>;

//! sys without its block form (evaluate_range): one component per call.
template <class System>
struct components_only
{
    System sys;
    std::size_t access_distance() const { return sys.access_distance(); }
    std::size_t cyclic_access_distance() const { return sys.cyclic_access_distance(); }
    template <class Y, class Time>
    auto operator()(std::size_t j, const Y& y, Time t) const { return sys(j, y, t); }
};

//! sys without its cyclic_access_distance(): what a stepper plans along the state.
template <class System>
struct along_the_state
{
    System sys;
    std::size_t access_distance() const { return sys.access_distance(); }
    template <class Y, class Time>
    auto operator()(std::size_t j, const Y& y, Time t) const { return sys(j, y, t); }
    template <class Y, class Out, class Time, class S = System,
              class = decltype(std::declval<const S&>().evaluate_range(std::size_t(), std::size_t(), std::declval<const Y&>(),
                                                                       std::declval<Out*>(), std::declval<Time>()))>
    void evaluate_range(std::size_t first, std::size_t last, const Y& y, Out* dydt, Time t) const
    {
        sys.evaluate_range(first, last, y, dydt, t);
    }
};

template <class F>
double ms_per_step(F&& five_steps, int rounds)
{
    double best = 1e300;
    for (int r = 0; r < rounds; ++r)
    {
        const auto t0 = std::chrono::steady_clock::now();
        five_steps();
        best = std::min(best, std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count() / 5);
    }
    return best;
}

double max_rel_diff(const state& a, const state& b)
{
    double m = 0;
    for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, std::abs(a[i] - b[i]) / std::max(std::abs(b[i]), 1e-300));
    return m;
}

template <class System>
void run(const std::string& name, const System& sys, const state& y0, double dt, int rounds)
{
    using stock_type = odeint::runge_kutta4<state, double, state, double, tiled::tbb_algebra>;
    tiled::runge_kutta4<state> ring, line;
    stock_type stock;
    const along_the_state<System> hidden{sys};
    const auto whole = tiled::as_odeint_system(sys);
    state a = y0, b = y0, c = y0;
    ring.do_step(sys, a, 0.0, dt);  // plans and buffers
    line.do_step(hidden, b, 0.0, dt);
    stock.do_step(whole, c, 0.0, dt);
    double t_ring = 1e300, t_line = 1e300, t_stock = 1e300;
    for (int r = 0; r < rounds; ++r)  // alternated, so that drifts of the machine hit all three
    {
        t_ring = std::min(t_ring, ms_per_step([&] { for (int k = 0; k < 5; ++k) ring.do_step(sys, a, 0.0, dt); }, 1));
        t_line = std::min(t_line, ms_per_step([&] { for (int k = 0; k < 5; ++k) line.do_step(hidden, b, 0.0, dt); }, 1));
        t_stock = std::min(t_stock, ms_per_step([&] { for (int k = 0; k < 5; ++k) stock.do_step(whole, c, 0.0, dt); }, 1));
    }
    std::printf("%-34s n=%9zu d=%9zu c=%5zu | ring %8.3f ms (%s) | along %8.3f ms (%s) | stock-tbb %8.3f ms | "
                "x stock %5.2f | x along %5.2f | max rel diff %.1e %.1e\n",
                name.c_str(), y0.size(), sys.access_distance(), sys.cyclic_access_distance(), t_ring,
                ring.tiling().to_string().c_str(), t_line, line.tiling().to_string().c_str(), t_stock, t_stock / t_ring,
                t_line / t_ring, max_rel_diff(a, c), max_rel_diff(b, c));
}

int main(int argc, char** argv)
{
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 5;
    for (auto [nx, ny] : {std::pair<std::size_t, std::size_t>{16, 1048576}, {512, 16384}})
        for (bool periodic : {false, true})
        {
            auto shape = grid::extents(nx, ny).neighbour_fields(grid::neighbour_fields::same_field)
                             .boundary(periodic ? grid::boundary::periodic() : grid::boundary::reflecting());
            const auto sys = grid::make_system<2>(shape, tiled::problems::bruss2d_cell{2e-3 * (nx - 1.0) * (nx - 1.0)});
            state y(sys.size());
            for (std::size_t i = 0; i < y.size(); ++i) y[i] = 1.0 + 1e-3 * double(i % 97);
            run("bruss2d " + std::to_string(nx) + "x" + std::to_string(ny) + (periodic ? " periodic" : " reflecting"), sys,
                y, 1e-5, rounds);
        }
    for (std::size_t n : {std::size_t(1) << 20, std::size_t(1) << 24})
    {
        const tiled::problems::lorenz96 sys(n);
        state y(n);
        sys.initial_state(y);
        run("lorenz96 periodic, block form", sys, y, sys.suggested_dt(), rounds);
        run("lorenz96 periodic, per component", components_only<tiled::problems::lorenz96>{sys}, y, sys.suggested_dt(),
            rounds);
    }
}
