/*
 example/mpi_grid_bruss2d.cpp

 BRUSS2D over MPI processes: each process owns a slab of grid rows and steps it with
 the tiled RK4 on its own cores (TBB), exchanging the slabs' halos with its neighbours
 once per step (or once per K steps). Every process runs this same program. At the
 end rank 0 gathers the whole state and compares it with the same integration in one
 process: they agree bit for bit. Needs MPI (Open MPI or MPICH).

     mpirun -np 2 mpi_grid_bruss2d [X [Y [STEPS [K [THREADS]]]]]
         (defaults: 512 x 2048 cells, 50 steps after an untimed first one, K = 1,
          THREADS: TBB's default per process)

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <memory>
#include <vector>

#include <tbb/global_control.h>

//[mpi_includes
#include <mpi.h>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/distributed.hpp>
#include <boost/numeric/odeint/tiled/distributed/mpi_communicator.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>
//]

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
namespace dist = boost::numeric::odeint::tiled::distributed;

int run(int argc, char* argv[])
{
    const std::size_t x_cells = argc > 1 ? std::strtoull(argv[1], nullptr, 10) : 512;
    const std::size_t y_cells = argc > 2 ? std::strtoull(argv[2], nullptr, 10) : 2048;
    const std::size_t steps = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 50;
    const std::size_t k = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
    const std::size_t threads = argc > 5 ? std::strtoull(argv[5], nullptr, 10) : 0;
    std::unique_ptr<tbb::global_control> limit;
    if (threads != 0)
        limit = std::make_unique<tbb::global_control>(tbb::global_control::max_allowed_parallelism, threads);

    const tiled::problems::grid_bruss2d sys(x_cells, y_cells);
    const double dt = sys.suggested_dt();
    std::vector<double> x0(sys.size());
    sys.initial_state(x0);

    //[mpi_integrate
    auto comm = std::make_shared<dist::mpi_communicator>(MPI_COMM_WORLD);
    // each rank owns whole rows of cells (slabs), as evenly as rows allow
    const auto parts = dist::partition::even(sys.size(), comm->size(), dist::grid_slab_size(sys));
    dist::distributed_state<std::vector<double>> x(comm, parts);
    x.assign_global(x0);  // every rank keeps its own rows
    tiled::runge_kutta4<decltype(x)> rk4;
    rk4.steps_per_exchange(k);  // halos of k steps, exchanged once per k steps
    rk4.do_step(sys, x, 0.0, dt);  // the first step makes the plan: not timed
    MPI_Barrier(MPI_COMM_WORLD);
    const double start = MPI_Wtime();
    odeint::integrate_n_steps(rk4, sys, x, dt, dt, steps);
    const double seconds = MPI_Wtime() - start;
    const std::vector<double> result = x.gather(0);  // collective: the whole state on rank 0
    //]

    if (comm->rank() != 0) return 0;
    std::vector<double> reference = x0;
    tiled::runge_kutta4<std::vector<double>> rk4_one;
    rk4_one.do_step(sys, reference, 0.0, dt);
    const double start1 = MPI_Wtime();
    odeint::integrate_n_steps(rk4_one, sys, reference, dt, dt, steps);
    const double one = MPI_Wtime() - start1;
    std::size_t differ = 0;
    for (std::size_t j = 0; j < reference.size(); ++j)
        if (std::memcmp(&result[j], &reference[j], sizeof(double)) != 0) ++differ;
    std::printf("BRUSS2D %zu x %zu cells, %zu RK4 steps, halos every %zu steps\n", x_cells, y_cells, steps, k);
    std::printf("  %zu processes: %.3f ms per step (%s)\n", comm->size(), 1e3 * seconds / double(steps),
                rk4.tiling().to_string().c_str());
    std::printf("  rank 0 alone:  %.3f ms per step (%s)\n", 1e3 * one / double(steps), rk4_one.tiling().to_string().c_str());
    std::printf("  components that differ from the one-process result: %zu of %zu\n", differ, reference.size());
    return differ == 0 ? 0 : 1;
}

int main(int argc, char* argv[])
{
    MPI_Init(&argc, &argv);
    int rc = 0;
    try
    {
        rc = run(argc, argv);
    }
    catch (const std::exception& e)
    {
        std::fprintf(stderr, "mpi_grid_bruss2d: %s\n", e.what());
        rc = 1;
    }
    MPI_Finalize();
    return rc;
}
