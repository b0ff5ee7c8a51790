// What the interleaved layout costs the grid helper's compiler-vectorised cell loop on
// the host, measured against the simplest loops that do the same work. BRUSS2D's
// update (problems::bruss2d_cell) on the rows inside the grid, in cache, one thread,
// in blocks of B cells as the TBB executor calls the block form:
//   hand      problems::bruss2d::evaluate_range (hand-vectorised, lanes = components)
//   grid      grid::system::evaluate_range (edges included)
//   loop      one plain loop over the cells through grid::detail::run_cell on the
//             interleaved state: the grid form's interior loop alone, whose every read
//             is de-interleaved (on AVX-512 a two-source permute per field and offset)
//   staged    per block: the block's rows and its halo de-interleaved into planar
//             scratch, the same loop on it, the results re-interleaved
//   planar    the same loop on a state held planar (one array per field): no
//             de-interleaving at all, the limit a planar state would give
// Every loop's results are compared with the grid form's bit for bit on the interior
// cells; they agree where the compiler contracts no multiply-add (-ffp-contract=off, as
// the tests build: each loop may contract differently).
//   g++ -O3 -march=native -DNDEBUG -ffp-contract=off -std=c++17 -Iinclude bench/cpu_layout_probe.cpp -ltbb -o cpu_layout_probe
//   ./cpu_layout_probe [rounds = 5]
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/problems/grid_bruss2d.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace tiled = boost::numeric::odeint::tiled;
namespace gd = tiled::grid::detail;
using update_type = tiled::problems::bruss2d_cell;

#if defined(__GNUC__) && !defined(__clang__) && defined(__AVX512F__)
#define PROBE_LOOP __attribute__((noinline, target("prefer-vector-width=512")))
#else
#define PROBE_LOOP __attribute__((noinline))
#endif

template <class F>
static double ms(F&& f)
{
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

//! cells [c0, c1) of an interleaved state, every cell as interior
PROBE_LOOP void interleaved_loop(const update_type u, const double* __restrict y, double* __restrict o, long c0, long c1,
                                 long nx)
{
    gd::run_cell<double, 2, 2, true> first;
    first.fstride = 1;
    first.stride[1] = 2 * nx;
    first.x[0] = first.x[1] = 0;
#pragma GCC ivdep
    for (long i = c0; i < c1; ++i)
    {
        auto c = first;
        c.p = y + 2 * i;
        double out[2];
        u(c, out, 0.0);
        o[2 * i] = out[0];
        o[2 * i + 1] = out[1];
    }
}

//! n cells of a planar state (fields `plane` apart) from s, results interleaved to o
PROBE_LOOP void planar_loop(const update_type u, const double* __restrict s, double* __restrict o, long n, long nx,
                            long plane)
{
    gd::run_cell<double, 2, 2, false> first;
    first.fstride = plane;
    first.stride[1] = nx;
    first.x[0] = first.x[1] = 0;
#pragma GCC ivdep
    for (long i = 0; i < n; ++i)
    {
        auto c = first;
        c.p = s + i;
        double out[2];
        u(c, out, 0.0);
        o[2 * i] = out[0];
        o[2 * i + 1] = out[1];
    }
}

PROBE_LOOP void deinterleave(const double* __restrict y, double* __restrict s, long lo, long hi, long plane)
{
#pragma GCC ivdep
    for (long j = lo; j < hi; ++j)
    {
        s[j - lo] = y[2 * j];
        s[plane + j - lo] = y[2 * j + 1];
    }
}

//! cells [c0, c1) through planar scratch of the block and its halo of one row and a cell
void staged(const update_type& u, const double* y, double* o, long c0, long c1, long nx, std::vector<double>& scratch)
{
    const long reach = nx + 1, lo = c0 - reach, hi = c1 + reach, plane = hi - lo + 8;
    if (scratch.size() < std::size_t(2 * plane)) scratch.resize(std::size_t(2 * plane));
    deinterleave(y, scratch.data(), lo, hi, plane);
    planar_loop(u, scratch.data() + reach, o + 2 * c0, c1 - c0, nx, plane);
}

int main(int argc, char** argv)
{
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 5;
    std::printf("ms per pass over the inside rows (min of %d rounds x 20); x hand\n", rounds);
    for (std::size_t d : {32ul, 64ul, 256ul, 1024ul})
    {
        const std::size_t n = d <= 128 ? 4096 * d : 512 * d;
        const long nx = long(d / 2), cells = long(n / 2);
        const auto hand = tiled::problems::bruss2d::with_size(n, d);
        const auto g = tiled::problems::grid_bruss2d::with_size(n, d);
        const auto grid = tiled::grid::make_system<2>(g.grid_shape(), g.update());
        std::vector<double> x(n), o_grid(n), o_loop(n), o_staged(n), o_planar(n), o_hand(n), scratch;
        hand.initial_state(x);
        std::vector<double> planar(2 * std::size_t(cells) + 64);
        const long plane = cells + 32;
        for (long i = 0; i < cells; ++i)
        {
            planar[std::size_t(i)] = x[2 * std::size_t(i)];
            planar[std::size_t(plane + i)] = x[2 * std::size_t(i) + 1];
        }
        const long lo = 2 * nx, hi = cells - 2 * nx;  // rows with rows above and below
        for (long B : {512l, 1024l, 2048l})
        {
            double t[5] = {1e30, 1e30, 1e30, 1e30, 1e30};
            auto blocks = [&](auto&& f) {
                return ms([&] {
                           for (int k = 0; k < 20; ++k)
                               for (long b = lo; b < hi; b += B) f(b, std::min(hi, b + B));
                       }) / 20;
            };
            for (int r = 0; r < rounds; ++r)
            {
                t[0] = std::min(t[0], blocks([&](long b, long e) {
                    hand.evaluate_range(std::size_t(2 * b), std::size_t(2 * e), x, o_hand.data() + 2 * b, 0.0);
                }));
                t[1] = std::min(t[1], blocks([&](long b, long e) {
                    grid.evaluate_range(std::size_t(2 * b), std::size_t(2 * e), x, o_grid.data() + 2 * b, 0.0);
                }));
                t[2] = std::min(t[2], blocks([&](long b, long e) { interleaved_loop(g.update(), x.data(), o_loop.data(), b, e, nx); }));
                t[3] = std::min(t[3], blocks([&](long b, long e) { staged(g.update(), x.data(), o_staged.data(), b, e, nx, scratch); }));
                t[4] = std::min(t[4], blocks([&](long b, long e) {
                    planar_loop(g.update(), planar.data() + b, o_planar.data() + 2 * b, e - b, nx, plane);
                }));
            }
            long differ = 0;  // the inside rows' interior cells: every loop's bits against the grid form's
            for (long c = lo; c < hi; ++c)
            {
                const long xc = c % nx;
                if (xc == 0 || xc == nx - 1) continue;
                for (long f = 0; f < 2; ++f)
                {
                    const std::size_t j = std::size_t(2 * c + f);
                    differ += (o_loop[j] != o_grid[j]) + (o_staged[j] != o_grid[j]) + (o_planar[j] != o_grid[j]);
                }
            }
            std::printf("d=%5zu B=%5ld cells: hand %.4f grid %.4f (x%.2f) loop %.4f (x%.2f) staged %.4f (x%.2f) "
                        "planar %.4f (x%.2f)  differing bits: %ld\n",
                        d, B, t[0], t[1], t[1] / t[0], t[2], t[2] / t[0], t[3], t[3] / t[0], t[4], t[4] / t[0], differ);
        }
    }
    return 0;
}
