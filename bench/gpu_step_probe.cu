// bench/gpu_step_probe.cu: ms per step of the tiled RK4 and DOPRI5 (with error) steps
// alone, automatic() tiling, BRUSS2D n = 16 Mi, d = 32 and 1024; median of 7 repetitions
// of 20 steps timed with CUDA events. Built against two trees it compares their kernels
// without the tool (doc/results/gpu_h100.md, "The restructure, before and after"):
//   nvcc -std=c++17 -O3 -DNDEBUG -arch=sm_90 --expt-relaxed-constexpr --extended-lambda \
//        -I<tree>/include bench/gpu_step_probe.cu -ltbb -o gpu_step_probe
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>
#include <thrust/device_vector.h>
#include <algorithm>
#include <cstdio>
#include <vector>
namespace tiled = boost::numeric::odeint::tiled;
template <class Stepper, class F>
double time_steps(Stepper& st, F&& step)
{
    cudaEvent_t a, b; cudaEventCreate(&a); cudaEventCreate(&b);
    for (int i = 0; i < 5; ++i) step(st);
    std::vector<float> ms;
    for (int r = 0; r < 7; ++r) {
        cudaEventRecord(a); for (int i = 0; i < 20; ++i) step(st); cudaEventRecord(b); cudaEventSynchronize(b);
        float t; cudaEventElapsedTime(&t, a, b); ms.push_back(t / 20);
    }
    std::sort(ms.begin(), ms.end()); return ms[3];
}
int main()
{
    const std::size_t n = std::size_t(16) << 20;
    for (std::size_t d : {32, 1024}) {
        auto p = tiled::problems::bruss2d::with_size(n, d);
        std::vector<double> h(n); p.initial_state(h);
        thrust::device_vector<double> x = h, out(n), err(n);
        const double dt = 1e-4;
        tiled::runge_kutta4<thrust::device_vector<double>> rk4;
        const double t1 = time_steps(rk4, [&](auto& s) { s.do_step(p, x, 0.0, dt); });
        tiled::runge_kutta_dopri5<thrust::device_vector<double>> dp;
        const double t2 = time_steps(dp, [&](auto& s) { s.do_step(p, x, 0.0, out, dt, err); });
        std::printf("d=%zu rk4 %.4f ms (%s)  dopri5+err %.4f ms (%s)\n", d, t1, rk4.tiling().to_string().c_str(), t2,
                    dp.tiling().to_string().c_str());
    }
}
