/*
 bench/tiling_probe.cu

 A quick timing program for the CUDA executor: the tiled stepper of one method on
 BRUSS2D (n = 16 Mi, double, access distance D) for each tiling given, in the tuning
 cache's text form (or "auto": the model's choice), timed with CUDA events over
 STEPS steps after two warm-up steps. Prints the copy floor (one device-to-device copy
 of the state), then ms per step, the kernel family that ran and the largest relative
 difference to the first tiling's result. TILING_PROBE_PROBLEM=heat runs the heat chain
 heat1d(n, 1) (d = 1, ignoring D) instead: a right-hand side of three reads, to see
 what the kernels cost beside it. Steps go from one
 device vector to another and back (do_step(sys, in, t, out, dt)), so a plan that may
 not write over its input (overlapped tiles) is timed without the stepper's copy of
 an in-place step. It builds in about
 a minute, where the benchmark tool's CUDA build takes several; the tool's
 `bench --tiling TEXT` measures the same with its checks against stock odeint.

     nvcc -std=c++17 -O3 -arch=sm_90 --expt-relaxed-constexpr --extended-lambda \
          -Iinclude bench/tiling_probe.cu -o tiling_probe -ltbb
     tiling_probe D rk4|dopri5|verner56|bs32 STEPS auto 'trapezoidal width=512 height=4 ...' ...

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>
#include <cuda_runtime_api.h>
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>
#include <boost/numeric/odeint/tiled/tuning/tiling_text.hpp>
#include <thrust/device_vector.h>
namespace tiled = boost::numeric::odeint::tiled;
using dvec = thrust::device_vector<double>;
template <class Stepper, class System>
void run(const char* name, const System& sys, const std::vector<double>& y0, const std::string& text, int steps, const std::vector<double>* ref, std::vector<double>* out)
{
    tiled::tiling t = text == "auto" ? tiled::tiling::automatic().use_tuning_cache(false) : tiled::parse_tiling_text(text);
    Stepper st(t);
    dvec y(y0.begin(), y0.end()), z(y0.size());
    const double dt = sys.suggested_dt();
    for (int i = 0; i < 2; ++i) { st.do_step(sys, y, 0.0, z, dt); y.swap(z); }
    cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
    cudaEventRecord(a);
    for (int i = 0; i < steps; ++i) { st.do_step(sys, y, 0.0, z, dt); y.swap(z); }
    cudaEventRecord(b); cudaEventSynchronize(b);
    float ms = 0; cudaEventElapsedTime(&ms, a, b);
    std::vector<double> h(y.size()); thrust::copy(y.begin(), y.end(), h.begin());
    double diff = 0;
    if (ref) for (std::size_t i = 0; i < h.size(); ++i) diff = std::max(diff, std::abs(h[i] - (*ref)[i]) / std::max(1e-300, std::abs((*ref)[i])));
    if (out) *out = h;
    std::printf("%-7s %-70s %9.4f ms  path=%s  diff=%.2e\n", name, st.tiling().to_string().c_str(), ms / steps,
                tiled::kernel_path_name(tiled::cuda_executor::last_path()), diff);
    std::fflush(stdout);
}
int main(int argc, char** argv)
try
{
    if (argc < 5)
    {
        std::fprintf(stderr, "usage: %s D rk4|dopri5|verner56|bs32 STEPS TILING...  (TILING: auto or tiling text)\n", argv[0]);
        return 2;
    }
    std::size_t n = std::size_t(1) << 24, d = std::stoul(argv[1]);
    std::string method = argv[2];
    int steps = std::stoi(argv[3]);
    // the copy floor: one device-to-device copy of the state (best of 20)
    {
        dvec a(n, 1.0), b(n);
        cudaEvent_t e0, e1; cudaEventCreate(&e0); cudaEventCreate(&e1);
        float best = 1e30f;
        for (int i = 0; i < 20; ++i) {
            cudaEventRecord(e0);
            cudaMemcpy(thrust::raw_pointer_cast(b.data()), thrust::raw_pointer_cast(a.data()), n * sizeof(double), cudaMemcpyDeviceToDevice);
            cudaEventRecord(e1); cudaEventSynchronize(e1);
            float ms = 0; cudaEventElapsedTime(&ms, e0, e1); best = std::min(best, ms);
        }
        std::printf("floor   %-70s %9.4f ms\n", "cudaMemcpy device to device", best);
    }
    // TILING_PROBE_PROBLEM=heat: the heat chain heat1d(n, 1) (d = 1, a cheap RHS: three
    // reads, two boundary choices), to see the kernels' own cost; else BRUSS2D with d = D
    const char* problem = std::getenv("TILING_PROBE_PROBLEM");
    auto all = [&](const auto& sys) {
        std::vector<double> y0(n); sys.initial_state(y0);
        std::vector<double> ref;
        for (int k = 4; k < argc; ++k) {
            std::string text = argv[k];
            auto* r = k > 4 ? &ref : nullptr; auto* o = k == 4 ? &ref : nullptr;
            try {
            if (method == "rk4") run<tiled::runge_kutta4<dvec>>("rk4", sys, y0, text, steps, r, o);
            else if (method == "dopri5") run<tiled::runge_kutta_dopri5<dvec>>("dopri5", sys, y0, text, steps, r, o);
            else if (method == "verner56") run<tiled::runge_kutta_verner56<dvec>>("verner56", sys, y0, text, steps, r, o);
            else if (method == "bs32") run<tiled::runge_kutta_bogacki_shampine32<dvec>>("bs32", sys, y0, text, steps, r, o);
            else throw std::invalid_argument("unknown method '" + method + "'");
            } catch (const std::invalid_argument& e) {
                if (k == 4) throw;  // the reference tiling must run
                std::printf("%-7s %-70s  not run: %s\n", method.c_str(), text.c_str(), e.what());
            }
        }
    };
    if (problem && std::string(problem) == "heat") all(tiled::problems::heat1d(n, 1.0));
    else all(tiled::problems::bruss2d::with_size(n, d));
    return 0;
}
catch (const std::exception& e)
{
    std::fprintf(stderr, "tiling_probe: %s\n", e.what());
    return 1;
}
