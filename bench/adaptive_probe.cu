/*
 bench/adaptive_probe.cu

 A quick timing program for adaptive steps on the CUDA executor: integrate_adaptive
 of BRUSS2D (n = 16 Mi, double, access distance D) from 0 to T_END with the plugin's
 controlled stepper of one embedded method (abs = rel = TOL, first dt 1e-4) for each
 tiling given (tuning cache text, "auto" = the model's choice), and with odeint's
 controlled stepper of the same method on tiled::cuda_algebra ("stock", DOPRI5 and
 Cash-Karp: odeint has neither Bogacki-Shampine nor Verner). One untimed
 integration, then the median of REPS timed ones (CUDA events). Prints the total time,
 the time per accepted step, the accepted and rejected steps, the kernel family that
 ran and the largest relative difference of the final state to the first entry's.
 It builds in about a minute, where the tool's CUDA build takes several; the tool's
 `adaptive` command measures the plugin's automatic() against stock with more checks.

     nvcc -std=c++17 -O3 -arch=sm_90 --expt-relaxed-constexpr --extended-lambda \
          -Iinclude bench/adaptive_probe.cu -o adaptive_probe -ltbb
     adaptive_probe D dopri5|ck54|bs32|verner56 TOL T_END REPS stock auto 'overlapped width=8384 height=7 ...' ...

 A tiling written "reuse:auto" (or "reuse:" before any tiling text) times the FSAL
 controller with reuse_last_derivative(true).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>
#include <cuda_runtime_api.h>
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>
#include <boost/numeric/odeint/tiled/tuning/tiling_text.hpp>
#include <thrust/device_vector.h>

#include "../../boost_odeint_tiled/adaptive_runner.hpp"

namespace odeint = boost::numeric::odeint;
namespace tiled = odeint::tiled;
using dvec = thrust::device_vector<double>;

struct probe_job
{
    tiled::problems::bruss2d sys;
    std::vector<double> y0;
    double tol, t_end;
    int reps;
};

// the tool's try counter and reset() detection (boost_odeint_tiled/adaptive_runner.hpp)
using bot_tool::adaptive_bench::counting_controller;
using bot_tool::adaptive_bench::has_reset;

//! Times integrations of one controller, reset before each where it has reset() (odeint's
//! FSAL controller keeps the last derivative between calls: else its next integration
//! would start from a stale one).
template <class Ctl, class Sys, class AfterLast>
void time_controller(const char* label, const std::string& what, Ctl& ctl, const Sys& sys, const probe_job& job,
                     const std::vector<double>* ref, std::vector<double>* out, AfterLast after_last)
{
    std::vector<float> times;
    std::size_t accepted = 0, rejected = 0;
    dvec x(job.y0.size());
    for (int rep = 0; rep <= job.reps; ++rep)
    {
        thrust::copy(job.y0.begin(), job.y0.end(), x.begin());
        accepted = rejected = 0;
        if constexpr (has_reset<Ctl>::value) ctl.reset();  // the plugin's recomputes F_0 in every try
        counting_controller<Ctl> c{&ctl, &accepted, &rejected};
        cudaEvent_t a, b;
        cudaEventCreate(&a);
        cudaEventCreate(&b);
        cudaEventRecord(a);
        odeint::integrate_adaptive(c, sys, x, 0.0, job.t_end, 1e-4);
        cudaEventRecord(b);
        cudaEventSynchronize(b);
        float ms = 0;
        cudaEventElapsedTime(&ms, a, b);
        cudaEventDestroy(a);
        cudaEventDestroy(b);
        if (rep > 0) times.push_back(ms);  // the first integration warms up
        if (rep == job.reps) after_last(ctl);
    }
    std::sort(times.begin(), times.end());
    const float median = times[times.size() / 2];
    std::vector<double> h(x.size());
    thrust::copy(x.begin(), x.end(), h.begin());
    double diff = 0;
    if (ref)
        for (std::size_t i = 0; i < h.size(); ++i)
            diff = std::max(diff, std::abs(h[i] - (*ref)[i]) / std::max(1e-300, std::abs((*ref)[i])));
    if (out) *out = h;
    std::printf("%-7s %-72s %8.3f ms total %7.4f ms/accepted  acc=%zu rej=%zu  path=%s  diff=%.2e\n", label,
                what.c_str(), median, median / double(std::max<std::size_t>(accepted, 1)), accepted, rejected,
                tiled::kernel_path_name(tiled::cuda_executor::last_path()), diff);
    std::fflush(stdout);
}

template <class Tableau, class StockStepper>
void run(const char* label, const probe_job& job, const std::string& text, const std::vector<double>* ref,
         std::vector<double>* out)
{
    if (text == "stock")
    {
        if constexpr (std::is_void<StockStepper>::value)
            throw std::invalid_argument("odeint has no stepper of this method");
        else
        {
            using checker = odeint::default_error_checker<double, tiled::cuda_algebra, tiled::cuda_operations>;
            odeint::controlled_runge_kutta<StockStepper, checker> ctl{checker(job.tol, job.tol)};
            time_controller(label, "odeint::controlled_runge_kutta on cuda_algebra", ctl,
                            tiled::as_odeint_system(job.sys), job, ref, out, [](auto&) {});
        }
        return;
    }
    // "reuse:" before the tiling: the FSAL controller reuses the last derivative
    const bool reuse = text.rfind("reuse:", 0) == 0;
    const std::string tiling_text = reuse ? text.substr(6) : text;
    tiled::tiling t = tiling_text == "auto" ? tiled::tiling::automatic().use_tuning_cache(false)
                                            : tiled::parse_tiling_text(tiling_text);
    auto ctl = odeint::make_controlled(job.tol, job.tol, tiled::explicit_rk<Tableau, dvec>(t));
    ctl.reuse_last_derivative(reuse);
    time_controller(label, text, ctl, job.sys, job, ref, out, [&](auto& c) {
        if (tiling_text == "auto") std::printf("        auto resolved to %s\n", c.stepper().tiling().to_string().c_str());
    });
}

int main(int argc, char** argv)
try
{
    if (argc < 7)
    {
        std::fprintf(stderr, "usage: %s D dopri5|ck54|bs32|verner56 TOL T_END REPS TILING...  (TILING: stock, auto or tiling text)\n",
                     argv[0]);
        return 2;
    }
    const std::size_t n = std::size_t(1) << 24, d = std::stoul(argv[1]);
    const std::string method = argv[2];
    probe_job job{tiled::problems::bruss2d::with_size(n, d), std::vector<double>(n), std::stod(argv[3]),
                  std::stod(argv[4]), std::max(1, std::stoi(argv[5]))};
    job.sys.initial_state(job.y0);
    std::vector<double> ref;
    for (int k = 6; k < argc; ++k)
    {
        const std::string text = argv[k];
        auto* r = k > 6 ? &ref : nullptr;
        auto* o = k == 6 ? &ref : nullptr;
        try
        {
            if (method == "dopri5")
                run<tiled::runge_kutta_dopri5_tableau,
                    odeint::runge_kutta_dopri5<dvec, double, dvec, double, tiled::cuda_algebra, tiled::cuda_operations>>(
                    "dopri5", job, text, r, o);
            else if (method == "bs32")
                run<tiled::runge_kutta_bogacki_shampine32_tableau, void>("bs32", job, text, r, o);
            else if (method == "ck54")
                run<tiled::runge_kutta_cash_karp54_tableau,
                    odeint::runge_kutta_cash_karp54<dvec, double, dvec, double, tiled::cuda_algebra, tiled::cuda_operations>>(
                    "ck54", job, text, r, o);
            else if (method == "verner56")
                run<tiled::runge_kutta_verner56_tableau, void>("verner56", job, text, r, o);
            else
                throw std::invalid_argument("unknown method '" + method + "'");
        }
        catch (const std::invalid_argument& e)
        {
            if (k == 6) throw;  // the reference entry must run
            std::printf("%-7s %-72s  not run: %s\n", method.c_str(), text.c_str(), e.what());
        }
    }
    return 0;
}
catch (const std::exception& e)
{
    std::fprintf(stderr, "adaptive_probe: %s\n", e.what());
    return 1;
}
