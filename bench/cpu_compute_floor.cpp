/*
 bench/cpu_compute_floor.cpp

 The compute floor of BRUSS2D's RK4 step on a CPU: each thread evaluates the range
 form (bruss2d::evaluate_range, the library's code) four times per "step", and then
 RK4's linear combinations, on arrays of its own that stay in cache, so no memory
 traffic is timed. Prints ns per component and stage (mean over the threads) for 1
 and 16 threads, at 8 Ki and 32 Ki components per thread, best of five rounds.
 The linear combinations here are plain loops, not the library's fused ones: an
 indication only. An experiment, not library code.

 Build: g++ -O3 -march=x86-64-v4 -mtune=sapphirerapids -mprefer-vector-width=512 -std=c++17 \
            -Iinclude bench/cpu_compute_floor.cpp -pthread -o cpu_compute_floor
*/
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

using boost::numeric::odeint::tiled::problems::bruss2d;

struct ns_per_component_and_stage
{
    double rhs;
    double linear_combinations;
};

static double seconds_since(std::chrono::steady_clock::time_point t0)
{
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}

static ns_per_component_and_stage time_in_cache(std::size_t n, int reps)
{
    const bruss2d sys = bruss2d::with_size(n, 32);
    std::vector<double> y(n), argument(n), out(n), f[4];
    for (auto& v : f) v.assign(n, 0.0);
    sys.initial_state(y);
    const double h = 0.01;
    ns_per_component_and_stage best{1e30, 1e30};
    for (int round = 0; round < 5; ++round)
    {
        auto t0 = std::chrono::steady_clock::now();
        for (int r = 0; r < reps; ++r)
            for (int s = 0; s < 4; ++s) sys.evaluate_range(0, n, s == 0 ? y.data() : argument.data(), f[s].data(), 0.0);
        const double rhs = seconds_since(t0);

        t0 = std::chrono::steady_clock::now();
        for (int r = 0; r < reps; ++r)
        {
            const double* yp = y.data();
            for (int s = 0; s < 3; ++s)
            {
                const double c = s == 2 ? h : 0.5 * h;
                const double* fs = f[s].data();
                double* __restrict ap = argument.data();
                for (std::size_t i = 0; i < n; ++i) ap[i] = yp[i] + c * fs[i];
            }
            const double *f0 = f[0].data(), *f1 = f[1].data(), *f2 = f[2].data(), *f3 = f[3].data();
            double* __restrict o = out.data();
            for (std::size_t i = 0; i < n; ++i) o[i] = yp[i] + h / 6 * f0[i] + h / 3 * f1[i] + h / 3 * f2[i] + h / 6 * f3[i];
        }
        const double lc = seconds_since(t0);
        const double per = 1e9 / (double(reps) * 4 * double(n));
        best.rhs = std::min(best.rhs, rhs * per);
        best.linear_combinations = std::min(best.linear_combinations, lc * per);
    }
    if (out[n / 2] == 12345.0) std::printf("!");  // keeps the result alive
    return best;
}

int main()
{
    for (std::size_t n : {std::size_t(8192), std::size_t(32768)})
        for (int threads : {1, 16})
        {
            std::vector<ns_per_component_and_stage> r(std::size_t(threads), {0, 0});
            std::vector<std::thread> workers;
            std::atomic<int> ready{0};
            for (int t = 0; t < threads; ++t)
                workers.emplace_back([&, t] {
                    ready++;
                    while (ready < threads) {}  // all threads busy at once, as in a step
                    r[std::size_t(t)] = time_in_cache(n, int(4000000 / n) + 1);
                });
            for (auto& w : workers) w.join();
            double rhs = 0, lc = 0;
            for (const auto& x : r) { rhs += x.rhs; lc += x.linear_combinations; }
            std::printf("n per thread %6zu, %2d threads: RHS %.3f ns, RK4 linear combinations %.3f ns per component "
                        "and stage (mean per thread)\n",
                        n, threads, rhs / threads, lc / threads);
        }
}
