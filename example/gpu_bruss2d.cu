/*
 example/gpu_bruss2d.cu

 BRUSS2D on the GPU: the same tiled::runge_kutta4 as on the host, with a
 thrust::device_vector<double> state, which selects the CUDA backend. The program
 integrates the problem on the GPU and with the TBB backend on the host, and prints
 the step time of each and the largest relative difference of the results (they
 agree to rounding). Compile with nvcc; without a usable CUDA device it prints a
 message and exits with 77 (ctest: skipped).

     gpu_bruss2d [GRID [STEPS]]      (defaults: a 512 x 512 grid, 200 steps)

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

//[gpu_includes
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>   // only in .cu files (nvcc)
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include <thrust/copy.h>
#include <thrust/device_vector.h>
//]

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;

int main(int argc, char* argv[])
try
{
    int devices = 0;
    if (cudaGetDeviceCount(&devices) != cudaSuccess || devices == 0) {
        std::printf("gpu_bruss2d: no usable CUDA device, skipping (exit code 77)\n");
        return 77;
    }
    const std::size_t grid = argc > 1 ? std::stoul(argv[1]) : 512;
    const std::size_t steps = argc > 2 ? std::stoul(argv[2]) : 200;
    using clock = std::chrono::steady_clock;

    //[gpu_integrate
    const tiled::problems::bruss2d sys(grid, grid);     // operator() is __host__ __device__
    std::vector<double> y0(sys.size());
    sys.initial_state(y0);
    const double dt = sys.suggested_dt();

    thrust::device_vector<double> y_gpu(y0.begin(), y0.end());       // copy to the GPU
    tiled::runge_kutta4<thrust::device_vector<double>> rk4_gpu;      // CUDA backend
    odeint::integrate_n_steps(rk4_gpu, sys, y_gpu, 0.0, dt, steps);
    std::vector<double> result(y_gpu.size());
    thrust::copy(y_gpu.begin(), y_gpu.end(), result.begin());        // back to the host
    //]

    // The same steps again, timed (the first run built the plan and the buffers).
    thrust::device_vector<double> y_timed(y0.begin(), y0.end());
    cudaDeviceSynchronize();
    const auto g0 = clock::now();
    odeint::integrate_n_steps(rk4_gpu, sys, y_timed, 0.0, dt, steps);
    cudaDeviceSynchronize();
    const double gpu_ms = std::chrono::duration<double, std::milli>(clock::now() - g0).count() / double(steps);

    std::vector<double> y_cpu = y0;
    tiled::runge_kutta4<std::vector<double>> rk4_cpu;                 // TBB backend
    const auto c0 = clock::now();
    odeint::integrate_n_steps(rk4_cpu, sys, y_cpu, 0.0, dt, steps);
    const double cpu_ms = std::chrono::duration<double, std::milli>(clock::now() - c0).count() / double(steps);

    double diff = 0;
    for (std::size_t j = 0; j < y_cpu.size(); ++j)
        diff = std::max(diff, std::abs(result[j] - y_cpu[j]) / std::max(std::abs(y_cpu[j]), 1e-300));

    std::printf("BRUSS2D %zu x %zu: n = %zu, d = %zu, %zu RK4 steps of dt = %.3g\n", grid, grid, sys.size(),
                sys.access_distance(), steps, dt);
    std::printf("GPU (CUDA backend): %s, %.4f ms per step\n", rk4_gpu.tiling().to_string().c_str(), gpu_ms);
    std::printf("CPU (TBB backend):  %s, %.4f ms per step\n", rk4_cpu.tiling().to_string().c_str(), cpu_ms);
    std::printf("max relative difference GPU vs CPU: %.3g\n", diff);

    // Adaptive DOPRI5 on the GPU: odeint's factories return the plugin's controlled and
    // dense-output steppers; the error norm is reduced on the device (one small read-back
    // per try).
    //[gpu_adaptive
    using dstate = thrust::device_vector<double>;
    dstate x(y0.begin(), y0.end());
    auto ctl = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<dstate>());
    const std::size_t adaptive_steps = odeint::integrate_adaptive(ctl, sys, x, 0.0, 10 * dt, dt);
    auto dense = odeint::make_dense_output(1e-8, 1e-8, tiled::runge_kutta_dopri5<dstate>());
    dstate z(y0.begin(), y0.end());
    odeint::integrate_const(dense, sys, z, 0.0, 10 * dt, dt);          // observes between steps
    //]
    std::printf("adaptive DOPRI5 on the GPU: %zu steps to t = %.3g\n", adaptive_steps, 10 * dt);
    return diff <= 1e-12 && adaptive_steps > 0 ? 0 : 1;
}
catch (const std::exception& e)
{
    std::fprintf(stderr, "gpu_bruss2d: %s\n", e.what());
    return 1;
}
