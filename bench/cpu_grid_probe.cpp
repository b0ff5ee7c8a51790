// BRUSS2D on the host: the grid helper's block form (problems::grid_bruss2d) against
// the hand-vectorised reference (problems::bruss2d), evaluate_range over the whole
// state on one thread and one tiled::runge_kutta4 step with the TBB backend. Minimum
// of repeated runs, both forms alternated in one process so that they see the same
// machine (-DNDEBUG: without it every step checks its reads, access_check.hpp). Also
// checks that both forms' evaluate_range equal their operator() bitwise, which the grid
// helper promises without FMA contraction only (-ffp-contract=off, as the tests build).
//   g++ -O3 -march=native -DNDEBUG -ffp-contract=off -std=c++17 -Iinclude bench/cpu_grid_probe.cpp -ltbb -o cpu_grid_probe
//   ./cpu_grid_probe [n = 4194304] [reps = 20]
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>
#include <boost/numeric/odeint/tiled/problems/grid_bruss2d.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <sstream>
#include <vector>

namespace tiled = boost::numeric::odeint::tiled;

template <class F>
static double min_ms(int reps, F&& f)
{
    double best = 1e30;
    for (int r = 0; r < reps; ++r)
    {
        const auto t0 = std::chrono::steady_clock::now();
        f();
        const auto t1 = std::chrono::steady_clock::now();
        best = std::min(best, std::chrono::duration<double, std::milli>(t1 - t0).count());
    }
    return best;
}

template <class Sys>
static bool check(const Sys& sys, const std::vector<double>& x, const std::vector<double>& out)
{
    const std::size_t n = sys.size();
    for (std::size_t j = 0; j < n; j += (j < 4096 || j + 4096 > n) ? 1 : 97)
    {
        const double a = sys(j, x, 0.0);
        if (std::memcmp(&a, &out[j], sizeof a) != 0) { std::printf("  mismatch at %zu\n", j); return false; }
    }
    return true;
}

int main(int argc, char** argv)
{
    const std::size_t n = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : (std::size_t(1) << 22);
    const int reps = argc > 2 ? std::atoi(argv[2]) : 20;
    for (std::size_t d : {std::size_t(32), std::size_t(1024)})
    {
        const auto hand = tiled::problems::bruss2d::with_size(n, d);
        const auto grid = tiled::problems::grid_bruss2d::with_size(n, d);
        std::vector<double> x(n), out_h(n), out_g(n);
        hand.initial_state(x);
        const bool ok_h = (hand.evaluate_range(0, n, x, out_h.data(), 0.0), check(hand, x, out_h));
        const bool ok_g = (grid.evaluate_range(0, n, x, out_g.data(), 0.0), check(grid, x, out_g));
        double eh = 1e30, eg = 1e30;
        for (int k = 0; k < 3; ++k)
        {
            eh = std::min(eh, min_ms(reps, [&] { hand.evaluate_range(0, n, x, out_h.data(), 0.0); }));
            eg = std::min(eg, min_ms(reps, [&] { grid.evaluate_range(0, n, x, out_g.data(), 0.0); }));
        }
        tiled::runge_kutta4<std::vector<double>> rk_h, rk_g;
        std::vector<double> xh(x), xg(x);
        const double dt = hand.suggested_dt() * 1e-3;
        rk_h.do_step(hand, xh, 0.0, dt);
        rk_g.do_step(grid, xg, 0.0, dt);
        double sh = 1e30, sg = 1e30;
        for (int k = 0; k < 3; ++k)
        {
            sh = std::min(sh, min_ms(reps, [&] { rk_h.do_step(hand, xh, 0.0, dt); }));
            sg = std::min(sg, min_ms(reps, [&] { rk_g.do_step(grid, xg, 0.0, dt); }));
        }
        std::ostringstream tiling;
        tiling << rk_g.tiling();
        // evaluate_range in blocks as the TBB executor calls it (through a stage_view)
        const std::size_t block = 512;
        const tiled::stage_view<double> view{x.data(), 0};
        auto blocks = [&](const auto& sys, std::vector<double>& out) {
            for (std::size_t b = 0; b < n; b += block) sys.evaluate_range(b, std::min(n, b + block), view, out.data() + b, 0.0);
        };
        double bh = 1e30, bg = 1e30;
        for (int k = 0; k < 3; ++k)
        {
            bh = std::min(bh, min_ms(reps, [&] { blocks(hand, out_h); }));
            bg = std::min(bg, min_ms(reps, [&] { blocks(grid, out_g); }));
        }
        const bool ok_b = check(grid, x, out_g);
        std::printf("n=%zu d=%zu  in blocks of %zu: hand %.3f ms grid %.3f ms (x%.2f) grid ok %s; tiling %s\n", n, d, block,
                    bh, bg, bg / bh, ok_b ? "yes" : "NO", tiling.str().c_str());
        std::printf("n=%zu d=%zu  evaluate_range: hand %.3f ms grid %.3f ms (x%.2f)   rk4 step (TBB): hand %.3f ms "
                    "grid %.3f ms (x%.2f)   block==operator(): hand %s grid %s\n",
                    n, d, eh, eg, eg / eh, sh, sg, sg / sh, ok_h ? "yes" : "NO", ok_g ? "yes" : "NO");
    }
    return 0;
}
