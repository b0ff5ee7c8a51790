/*
 bench/mpi_cpu_scaling.cpp

 The distributed RK4 on MPI ranks of one machine, each rank stepping its slab of a
 grid BRUSS2D with TBB: ms per step as the median (and minimum) of ROUNDS rounds of
 STEPS steps, a round's time being the slowest rank's. Run it with 1 process of all
 the cores' threads and with P processes of 1/P of them, interleaved, to compare.
 Nothing is checked here (example/mpi_grid_bruss2d.cpp compares the bits).

     mpicxx -std=c++17 -O3 -DNDEBUG -march=x86-64-v3 -Iinclude bench/mpi_cpu_scaling.cpp -ltbb -o mpi_cpu_scaling
     mpirun -np 1 --bind-to none mpi_cpu_scaling 512 32768 10 7 1 16
     mpirun -np 2 --map-by slot:PE=8 --bind-to core mpi_cpu_scaling 512 32768 10 7 1 8

 Arguments: X Y (cells), STEPS per round, ROUNDS, K (steps per exchange), THREADS per
 process (0: TBB's default). One line on rank 0: processes, threads, tiling, median
 and minimum ms per step.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <vector>

#include <mpi.h>
#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/distributed.hpp>
#include <boost/numeric/odeint/tiled/distributed/mpi_communicator.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

namespace tiled = boost::numeric::odeint::tiled;
namespace dist = boost::numeric::odeint::tiled::distributed;

namespace {

std::size_t arg(int argc, char** argv, int i, std::size_t fallback)
{
    return argc > i ? std::strtoull(argv[i], nullptr, 10) : fallback;
}

int run(int argc, char** argv)
{
    const std::size_t x_cells = arg(argc, argv, 1, 512), y_cells = arg(argc, argv, 2, 32768);
    const std::size_t steps = arg(argc, argv, 3, 10), rounds = arg(argc, argv, 4, 7);
    const std::size_t k = arg(argc, argv, 5, 1), threads = arg(argc, argv, 6, 0);
    std::unique_ptr<tbb::global_control> limit;
    if (threads != 0)
        limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, threads);

    const tiled::problems::grid_bruss2d sys(x_cells, y_cells);
    const double dt = sys.suggested_dt();
    auto comm = std::make_shared<dist::mpi_communicator>(MPI_COMM_WORLD);
    dist::distributed_state<std::vector<double>> x(comm, dist::partition::even(sys.size(), comm->size(), dist::grid_slab_size(sys)));
    {
        std::vector<double> x0(sys.size());
        sys.initial_state(x0);
        x.assign_global(x0);
    }
    tiled::runge_kutta4<decltype(x)> rk4;
    rk4.steps_per_exchange(k);
    double t = 0;
    rk4.do_step(sys, x, t, dt);  // plans are made on the first step
    t += dt;
    std::vector<double> ms;
    for (std::size_t r = 0; r < rounds; ++r)
    {
        MPI_Barrier(MPI_COMM_WORLD);
        const double start = MPI_Wtime();
        for (std::size_t s = 0; s < steps; ++s, t += dt) rk4.do_step(sys, x, t, dt);
        double elapsed = MPI_Wtime() - start;
        MPI_Allreduce(MPI_IN_PLACE, &elapsed, 1, MPI_DOUBLE, MPI_MAX, MPI_COMM_WORLD);
        ms.push_back(1e3 * elapsed / double(steps));
    }
    if (comm->rank() == 0)
    {
        std::sort(ms.begin(), ms.end());
        std::printf("processes %zu threads %d on_node %zu k %zu | %s | median %.3f min %.3f ms per step\n", comm->size(),
                    tbb::this_task_arena::max_concurrency(), comm->processes_on_node(), k, rk4.tiling().to_string().c_str(),
                    ms[ms.size() / 2], ms.front());
    }
    return 0;
}

} // namespace

int main(int argc, char** argv)
{
    MPI_Init(&argc, &argv);
    int rc = 0;
    try
    {
        rc = run(argc, argv);
    }
    catch (const std::exception& e)
    {
        std::fprintf(stderr, "mpi_cpu_scaling: %s\n", e.what());
        rc = 1;
    }
    MPI_Finalize();
    return rc;
}
