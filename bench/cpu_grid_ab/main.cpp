// bench/cpu_grid_ab.sh's driver: the hand-vectorised problems::bruss2d against three
// versions of the grid helper's BRUSS2D (tu_a/b/c.cpp, each compiled against its own
// include tree), alternated round by round in one process, so that the versions see
// the same machine: evaluate_range over a state that stays in cache on one thread, and
// a tiled RK4 step (automatic(), TBB) at n = argv[2], for the access distances of
// argv[3] (default 32,1024). Median (min) of argv[1] rounds.
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace tiled = boost::numeric::odeint::tiled;

double er_a(std::size_t, std::size_t, int);
double er_b(std::size_t, std::size_t, int);
double er_c(std::size_t, std::size_t, int);
double step_a(std::size_t, std::size_t, int);
double step_b(std::size_t, std::size_t, int);
double step_c(std::size_t, std::size_t, int);

template <class F>
static double ms(F&& f)
{
    const auto t0 = std::chrono::steady_clock::now();
    f();
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

static double er_h(std::size_t n, std::size_t d, int reps)
{
    const auto s = tiled::problems::bruss2d::with_size(n, d);
    std::vector<double> x(n), o(n);
    s.initial_state(x);
    s.evaluate_range(0, n, x, o.data(), 0.0);
    return ms([&] { for (int r = 0; r < reps; ++r) s.evaluate_range(0, n, x, o.data(), 0.0); }) / reps;
}

static double step_h(std::size_t n, std::size_t d, int reps)
{
    const auto s = tiled::problems::bruss2d::with_size(n, d);
    std::vector<double> x(n);
    s.initial_state(x);
    static tiled::runge_kutta4<std::vector<double>> rk;
    rk.do_step(s, x, 0.0, s.suggested_dt() * 1e-3);
    return ms([&] { for (int r = 0; r < reps; ++r) rk.do_step(s, x, 0.0, s.suggested_dt() * 1e-3); }) / reps;
}

static double median(std::vector<double> v)
{
    std::sort(v.begin(), v.end());
    return v[v.size() / 2];
}
static double least(const std::vector<double>& v) { return *std::min_element(v.begin(), v.end()); }

static void row(const char* what, std::size_t d, std::size_t n, const std::vector<double> (&t)[4])
{
    std::printf("d=%zu %s n=%zu: hand %.4f (%.4f) A %.4f (%.4f) B %.4f (%.4f) C %.4f (%.4f)  "
                "A/hand %.3f B/hand %.3f C/hand %.3f  B/A %.3f C/A %.3f\n",
                d, what, n, median(t[0]), least(t[0]), median(t[1]), least(t[1]), median(t[2]), least(t[2]),
                median(t[3]), least(t[3]), median(t[1]) / median(t[0]), median(t[2]) / median(t[0]),
                median(t[3]) / median(t[0]), median(t[2]) / median(t[1]), median(t[3]) / median(t[1]));
}

int main(int argc, char** argv)
{
    const int rounds = argc > 1 ? std::atoi(argv[1]) : 7;
    const std::size_t n_step = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : (std::size_t(1) << 24);
    std::printf("columns: hand = problems::bruss2d; A, B, C = grid_bruss2d of the three include trees; median (min) ms\n");
    std::vector<std::size_t> ds{32, 1024};
    if (argc > 3)  // a comma-separated list of access distances
    {
        ds.clear();
        for (const char* p = argv[3]; *p;)
        {
            char* end = nullptr;
            ds.push_back(std::strtoull(p, &end, 10));
            p = *end == ',' ? end + 1 : end;
        }
    }
    for (std::size_t d : ds)
    {
        // evaluate_range in cache, one thread: 4096 rows at d = 32, 512 rows from d = 1024 on
        const std::size_t n_cache = d <= 128 ? 4096 * d : d < 1024 ? 524288 : 512 * d;
        std::vector<double> er[4], st[4];
        for (int r = 0; r < rounds; ++r)
        {
            er[0].push_back(er_h(n_cache, d, 200));
            er[1].push_back(er_a(n_cache, d, 200));
            er[2].push_back(er_b(n_cache, d, 200));
            er[3].push_back(er_c(n_cache, d, 200));
            st[0].push_back(step_h(n_step, d, 10));
            st[1].push_back(step_a(n_step, d, 10));
            st[2].push_back(step_b(n_step, d, 10));
            st[3].push_back(step_c(n_step, d, 10));
        }
        row("evaluate_range 1 thread", d, n_cache, er);
        row("TBB rk4 step", d, n_step, st);
        std::fflush(stdout);
    }
    return 0;
}
