// bench/grid_step_probe.cu: ms per step of BRUSS2D, n = 16 Mi doubles, in its three
// forms (problems::grid_bruss2d with the grid helper, problems::bruss2d hand-written,
// problems::plain_bruss2d as a new user writes it) with the tiled steppers
// (automatic()), against the copy floor and stock odeint on tiled::cuda_algebra, for
// d = 32 .. 131072; and one adaptive DOPRI5 run (tolerance 1e-8, t = 0 .. 0.01) per
// accepted step (a first run, then a timed one with the same controllers), tiled
// against odeint's controlled DOPRI5 on cuda_algebra. The plain form's RK4 is
// compared with stock odeint on the plain form itself. Checks the
// grid form's RK4 result against the plain form's after 10 steps. Median
// of 7 repetitions of 10 steps with CUDA events. One table row per line on stdout.
//   nvcc -std=c++17 -O3 -DNDEBUG -arch=sm_90 --expt-relaxed-constexpr --extended-lambda \
//        -Xcudafe --diag_suppress=20012 -Iinclude bench/grid_step_probe.cu -ltbb -o grid_step_probe
//   ./grid_step_probe [d ...]
// -DGRID_PROBE_MINIMAL: the grid form's RK4 and DOPRI5 only (a few minutes less of nvcc).
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>
#include <thrust/device_vector.h>
#include "event_median_ms.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>
namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
using state = thrust::device_vector<double>;

double max_rel_diff(const state& a, const state& b)
{
    std::vector<double> x(a.size()), y(b.size());
    thrust::copy(a.begin(), a.end(), x.begin());
    thrust::copy(b.begin(), b.end(), y.begin());
    double m = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
        m = std::max(m, std::abs(x[i] - y[i]) / std::max(1.0, std::abs(y[i])));
    return m;
}

template <class Sys>
using stock_rk4 = odeint::runge_kutta4<state, double, state, double, tiled::cuda_algebra, tiled::cuda_operations>;
using stock_dopri5 = odeint::runge_kutta_dopri5<state, double, state, double, tiled::cuda_algebra, tiled::cuda_operations>;

int main(int argc, char** argv)
{
    const std::size_t n = std::size_t(16) << 20;
    std::vector<std::size_t> ds{32, 256, 1024, 4096, 16384, 131072};
    if (argc > 1) { ds.clear(); for (int i = 1; i < argc; ++i) ds.push_back(std::strtoull(argv[i], nullptr, 10)); }
    std::printf("# BRUSS2D n = %zu, ms per step (median of 7 x 10 steps)\n", n);
    std::printf("%-8s %-9s %-8s %9s %8s %8s  %s\n", "d", "method", "form", "ms", "x_floor", "x_stock", "kernels");
    for (std::size_t d : ds)
    {
        const auto g = tiled::problems::grid_bruss2d::with_size(n, d);
        const auto h = tiled::problems::bruss2d::with_size(n, d);
        const auto p = tiled::problems::plain_bruss2d::with_size(n, d);
        std::vector<double> x0(n);
        g.initial_state(x0);
        const double dt = g.suggested_dt() * 0.1;
        state x = x0, y(n), err(n);
        const double floor = time_ms([&] { cudaMemcpyAsync(thrust::raw_pointer_cast(y.data()), thrust::raw_pointer_cast(x.data()), n * 8, cudaMemcpyDeviceToDevice); });
        auto row = [&](const char* method, const char* form, double ms, double stock, const char* path) {
            std::printf("%-8zu %-9s %-8s %9.4f %8.2f %8.2f  %s\n", d, method, form, ms, ms / floor, stock / ms, path);
            std::fflush(stdout);
        };
        std::printf("%-8zu %-9s %-8s %9.4f %8.2f %8s  cudaMemcpy device to device\n", d, "copy", "-", floor, 1.0, "-");
        // stock odeint + cuda_algebra, whole-vector form of the grid system
        stock_rk4<void> srk4;
        const auto whole = tiled::as_odeint_system(g);
        const double s_rk4 = time_ms([&] { srk4.do_step(whole, x, 0.0, dt); }, 3);
        row("rk4", "stock", s_rk4, s_rk4, "odeint runge_kutta4 + cuda_algebra");
        stock_dopri5 sdp;
        x = x0;
        const double s_dp = time_ms([&] { sdp.do_step(whole, x, 0.0, y, dt); }, 3);
        row("dopri5", "stock", s_dp, s_dp, "odeint runge_kutta_dopri5 + cuda_algebra");
        // tiled: the grid form with each method; the hand-written and plain forms (1D
        // plans, every kernel family compiled for them) with RK4 only, to keep this
        // probe's compile time short
        auto tiled_row = [&](const char* method, const char* form, auto stepper, const auto& sys, double stock) {
            x = x0;
            const double ms = time_ms([&] { stepper.do_step(sys, x, 0.0, dt); });
            row(method, form, ms, stock, tiled::cuda_executor::last_choice().explain().c_str());
        };
        tiled_row("rk4", "grid", tiled::runge_kutta4<state>(), g, s_rk4);
        tiled_row("dopri5", "grid", tiled::runge_kutta_dopri5<state>(), g, s_dp);
#if !defined(GRID_PROBE_MINIMAL)
        tiled_row("rk4", "hand", tiled::runge_kutta4<state>(), h, s_rk4);
        {
            // the plain form against stock odeint on that same form (its whole-vector
            // system, as a new user would hand odeint), the comparison its goal names
            stock_rk4<void> prk4;
            const auto plain_whole = tiled::as_odeint_system(p);
            x = x0;
            const double sp_rk4 = time_ms([&] { prk4.do_step(plain_whole, x, 0.0, dt); }, 3);
            row("rk4", "pl-stock", sp_rk4, sp_rk4, "odeint runge_kutta4 + cuda_algebra, plain form");
            tiled_row("rk4", "plain", tiled::runge_kutta4<state>(), p, sp_rk4);
        }
        tiled_row("verner56", "grid", tiled::runge_kutta_verner56<state>(), g, std::nan(""));
#endif
        // agreement after 10 steps: the grid kernel against the plain form's 1D kernels
#if !defined(GRID_PROBE_MINIMAL)
        {
            tiled::runge_kutta4<state> a, b;
            state xa = x0, xb = x0;
            for (int i = 0; i < 10; ++i) { a.do_step(g, xa, i * dt, dt); b.do_step(p, xb, i * dt, dt); }
            std::printf("%-8zu check    rk4 grid vs plain, 10 steps: max rel diff %.3g\n", d, max_rel_diff(xa, xb));
        }
#else
        {
            // the grid kernel against the grid system's own stage kernels (tiling::none())
            tiled::runge_kutta4<state> a, b(tiled::tiling::none());
            state xa = x0, xb = x0;
            for (int i = 0; i < 10; ++i) { a.do_step(g, xa, i * dt, dt); b.do_step(g, xb, i * dt, dt); }
            std::printf("%-8zu check    rk4 grid kernel vs stage kernels, 10 steps: max rel diff %.3g\n", d,
                        max_rel_diff(xa, xb));
        }
#endif
        // adaptive DOPRI5, per accepted step
#if !defined(GRID_PROBE_MINIMAL)
        if (d == 32 || d == 1024)
        {
            const double tol = 1e-8, t1 = 0.01;
            auto timed = [&](auto&& run) {
                cudaDeviceSynchronize();
                cudaEvent_t a, b;
                cudaEventCreate(&a); cudaEventCreate(&b);
                cudaEventRecord(a);
                const std::size_t steps = run();
                cudaEventRecord(b); cudaEventSynchronize(b);
                float ms; cudaEventElapsedTime(&ms, a, b);
                return std::make_pair(double(ms) / double(steps), steps);
            };
            // each controller integrates once untimed (its buffers, the plan and the
            // tuning are made then: "cold" is that first run) and then again, timed
            // ("warm": the cost per accepted step of a longer integration)
            auto stock_ctl = odeint::make_controlled(tol, tol, stock_dopri5());
            auto tiled_ctl = odeint::make_controlled(tol, tol, tiled::runge_kutta_dopri5<state>());
            x = x0;
            const auto st_cold = timed([&] { return odeint::integrate_adaptive(stock_ctl, whole, x, 0.0, t1, dt); });
            x = x0;
            const auto st = timed([&] { return odeint::integrate_adaptive(stock_ctl, whole, x, 0.0, t1, dt); });
            state xs = x;
            x = x0;
            const auto tt_cold = timed([&] { return odeint::integrate_adaptive(tiled_ctl, g, x, 0.0, t1, dt); });
            x = x0;
            const auto tt = timed([&] { return odeint::integrate_adaptive(tiled_ctl, g, x, 0.0, t1, dt); });
            std::printf("%-8zu adaptive dopri5 tol 1e-8, first run: stock %.4f ms/step, tiled grid %.4f ms/step, %.2fx\n", d,
                        st_cold.first, tt_cold.first, st_cold.first / tt_cold.first);
            std::printf("%-8zu adaptive dopri5 tol 1e-8, warm: stock %.4f ms/step (%zu steps), tiled grid %.4f ms/step (%zu steps), "
                        "%.2fx, %s, final max rel diff %.3g\n",
                        d, st.first, st.second, tt.first, tt.second, st.first / tt.first,
                        tiled::cuda_executor::last_choice().explain().c_str(), max_rel_diff(x, xs));
        }
#endif
    }
}
