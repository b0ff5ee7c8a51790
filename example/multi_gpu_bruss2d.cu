/*
 example/multi_gpu_bruss2d.cu

 BRUSS2D on every GPU of this machine: the state is split into slabs of grid rows, one
 per GPU, and each GPU steps its slab with the tiled RK4 while NCCL exchanges the
 slabs' halos once per step (or once per K steps). One thread drives each GPU
 (gpu_team); every thread runs the same code, as MPI processes would. At the end the
 whole state is gathered on rank 0 and compared with the same integration on one GPU:
 they agree bit for bit. Compile with nvcc and link NCCL; without a usable CUDA device
 it prints a message and exits with 77 (ctest: skipped).

     multi_gpu_bruss2d [X [Y [STEPS [K]]]]     (defaults: 512 x 4096 cells, 200 steps, K = 1)

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <vector>

#include <cuda_runtime_api.h>

//[multi_gpu_includes
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>
#include <boost/numeric/odeint/tiled/distributed.hpp>
#include <boost/numeric/odeint/tiled/distributed/nccl_communicator.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include <thrust/copy.h>
#include <thrust/device_vector.h>
//]

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
namespace dist = boost::numeric::odeint::tiled::distributed;

int main(int argc, char* argv[])
try
{
    int gpus = 0;
    if (cudaGetDeviceCount(&gpus) != cudaSuccess || gpus == 0)
    {
        std::printf("multi_gpu_bruss2d: no usable CUDA device\n");
        return 77;
    }
    const std::size_t x_cells = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 512;
    const std::size_t y_cells = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 4096;
    const std::size_t steps = std::max<std::size_t>(2, argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 200);
    const std::size_t k = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
    const tiled::problems::grid_bruss2d sys(x_cells, y_cells);
    const double dt = sys.suggested_dt();
    std::vector<double> x0(sys.size());
    sys.initial_state(x0);

    //[multi_gpu_run
    std::vector<double> result;
    double seconds = 0;
    dist::gpu_team::run(dist::gpu_team::all_devices(), [&](std::shared_ptr<dist::communicator> comm) {
        // this thread's GPU is current; each rank owns whole rows of cells (slabs)
        const auto parts = dist::partition::even(sys.size(), comm->size(), dist::grid_slab_size(sys));
        dist::distributed_state<thrust::device_vector<double>> x(comm, parts);
        x.assign_global(x0);  // every rank keeps its own rows
        tiled::runge_kutta4<decltype(x)> rk4;
        rk4.steps_per_exchange(k);  // halos of k steps, exchanged once per k steps
        rk4.do_step(sys, x, 0.0, dt);  // the first step sets up plans, buffers and NCCL's connections
        cudaDeviceSynchronize();
        const auto start = std::chrono::steady_clock::now();
        odeint::integrate_n_steps(rk4, sys, x, dt, dt, steps - 1);
        cudaDeviceSynchronize();
        const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        std::vector<double> all = x.gather(0);  // collective: the whole state on rank 0
        if (comm->rank() == 0)
        {
            result = std::move(all);
            seconds = s;
        }
    });
    //]

    // the same integration on one GPU
    cudaSetDevice(0);
    thrust::device_vector<double> y(x0.begin(), x0.end());
    tiled::runge_kutta4<thrust::device_vector<double>> rk4;
    rk4.do_step(sys, y, 0.0, dt);
    cudaDeviceSynchronize();
    const auto start = std::chrono::steady_clock::now();
    odeint::integrate_n_steps(rk4, sys, y, dt, dt, steps - 1);
    cudaDeviceSynchronize();
    const double one = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    std::vector<double> reference(y.size());
    thrust::copy(y.begin(), y.end(), reference.begin());

    std::size_t differ = 0;
    for (std::size_t j = 0; j < reference.size(); ++j)
        if (std::memcmp(&result[j], &reference[j], sizeof(double)) != 0) ++differ;
    std::printf("BRUSS2D %zu x %zu cells, %zu RK4 steps, halos every %zu steps\n", x_cells, y_cells, steps, k);
    std::printf("  %d GPUs: %.3f ms per step\n", gpus, 1e3 * seconds / double(steps - 1));
    std::printf("  1 GPU:  %.3f ms per step\n", 1e3 * one / double(steps - 1));
    std::printf("  components that differ from the one-GPU result: %zu of %zu\n", differ, reference.size());
    return differ == 0 ? 0 : 1;
}
catch (const std::exception& e)
{
    std::fprintf(stderr, "multi_gpu_bruss2d: %s\n", e.what());
    return 1;
}
