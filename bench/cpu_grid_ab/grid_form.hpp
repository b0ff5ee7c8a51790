// One translation unit's grid-helper BRUSS2D for bench/cpu_grid_ab.sh: the tu_*.cpp
// files include this with their own CELL type and function names, each compiled
// against its own include tree, so that one binary times several versions of the
// grid helper side by side (each instantiation is a distinct type).
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/problems/grid_bruss2d.hpp>

#include <chrono>
#include <vector>

namespace tiled = boost::numeric::odeint::tiled;

struct CELL : tiled::problems::bruss2d_cell {};

static auto make(std::size_t n, std::size_t d)
{
    auto g = tiled::problems::grid_bruss2d::with_size(n, d);
    CELL c;
    static_cast<tiled::problems::bruss2d_cell&>(c) = g.update();
    return tiled::grid::make_system<2>(g.grid_shape(), c);
}

template <class F>
static double ms(F&& f)
{
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

//! ms per evaluate_range over the whole state, one thread
double NAME_ER(std::size_t n, std::size_t d, int reps)
{
    auto s = make(n, d);
    std::vector<double> x(n), o(n);
    tiled::problems::grid_bruss2d::with_size(n, d).initial_state(x);
    s.evaluate_range(0, n, x, o.data(), 0.0);
    return ms([&] { for (int r = 0; r < reps; ++r) s.evaluate_range(0, n, x, o.data(), 0.0); }) / reps;
}

//! ms per tiled RK4 step (automatic(), TBB)
double NAME_STEP(std::size_t n, std::size_t d, int reps)
{
    auto s = make(n, d);
    std::vector<double> x(n);
    const auto g = tiled::problems::grid_bruss2d::with_size(n, d);
    g.initial_state(x);
    static tiled::runge_kutta4<std::vector<double>> rk;
    rk.do_step(s, x, 0.0, g.suggested_dt() * 1e-3);
    return ms([&] { for (int r = 0; r < reps; ++r) rk.do_step(s, x, 0.0, g.suggested_dt() * 1e-3); }) / reps;
}
