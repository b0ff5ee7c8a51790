/*
 test/distributed/mpi_nccl.cu

 The distributed steppers with one MPI process per GPU (nccl_over_mpi: NCCL
 bootstrapped through MPI, agreements over MPI), run by ctest under mpirun on 2 and 4
 processes: fixed RK4 steps of BRUSS2D written with the grid helper and of a grid
 periodic along its slowest dimension (a ring), even and uneven parts, one and three
 steps per exchange, the exchange overlapped with the steps or not, bitwise equal to
 the same stepper on one GPU; adaptive DOPRI5
 taking the same steps as on one GPU; a halo wider than a part refused on every rank;
 a rank that leaves between steps makes the others throw at their next step.

 Without a GPU, or with fewer GPUs than processes, every process exits with 77
 (ctest: skipped).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include "support/cuda_test.hpp"

#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <boost/numeric/odeint/tiled/distributed.hpp>
#include <boost/numeric/odeint/tiled/distributed/nccl_over_mpi.hpp>

#include "support/distributed_test_systems.hpp"

namespace dist = boost::numeric::odeint::tiled::distributed;

using host_state = std::vector<double>;
using device_state = thrust::device_vector<double>;
using dstate = dist::distributed_state<device_state>;

using boost_odeint_tiled_test::halo_fits;
using boost_odeint_tiled_test::ring_grid;
using boost_odeint_tiled_test::same_bits;

namespace {

//! MPI for the whole program; every process skips (77) where the GPUs are too few.
struct mpi_gpu_session
{
    mpi_gpu_session()
    {
        MPI_Init(nullptr, nullptr);
        int size = 0, gpus = 0;
        MPI_Comm_size(MPI_COMM_WORLD, &size);
        if (cudaGetDeviceCount(&gpus) != cudaSuccess) gpus = 0;
        if (gpus < size)
        {
            std::printf("mpi_nccl: %d processes need as many GPUs, this machine has %d: skipped\n", size, gpus);
            MPI_Finalize();
            std::exit(77);
        }
        int rank = 0;
        MPI_Comm_rank(MPI_COMM_WORLD, &rank);
        cudaSetDevice(rank);  // the one-GPU references run where the rank's communicator will
    }
    ~mpi_gpu_session() { MPI_Finalize(); }
};

//! A fresh pair of communicators (a failed agreement breaks them for good).
std::shared_ptr<dist::nccl_communicator> world()
{
    auto mpi = std::make_shared<dist::mpi_communicator>(MPI_COMM_WORLD);
    return dist::nccl_over_mpi(mpi, int(mpi->rank()));
}

host_state on_host(const device_state& y)
{
    host_state h(y.size());
    thrust::copy(y.begin(), y.end(), h.begin());
    return h;
}

template <template <class...> class Stepper, class Sys>
void check_fixed_steps(const char* name, const Sys& sys, double dt, std::size_t n_steps = 5)
{
    const std::size_t unit = dist::grid_slab_size(sys);
    int size = 0;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    const std::size_t ranks = std::size_t(size);
    const host_state x0 = boost_odeint_tiled_test::wavy_initial(sys);
    device_state y(x0.begin(), x0.end());
    odeint::integrate_n_steps(Stepper<device_state>(), sys, y, 0.0, dt, n_steps);
    const host_state reference = on_host(y);
    for (const auto& sizes : boost_odeint_tiled_test::even_and_uneven_splits(sys.size() / unit, ranks, unit))
        for (const auto& mode : {std::make_pair(std::size_t(1), true), std::make_pair(std::size_t(1), false),
                                 std::make_pair(std::size_t(3), true), std::make_pair(std::size_t(3), false)})
            BOOST_TEST_CONTEXT(name << ", " << ranks << " processes, first part " << sizes.front() << ", " << mode.first
                                    << " steps per exchange, overlap " << (mode.second ? "on" : "off"))
            {
                const std::size_t k = mode.first;
                const dist::partition parts = dist::partition::from_sizes(sizes, unit);
                if (!halo_fits(sys, parts, k * Stepper<host_state>::tableau_type::stages)) continue;  // tested below
                const auto comm = world();
                dstate x(comm, parts);
                x.assign_global(x0);
                Stepper<dstate> stepper;
                stepper.steps_per_exchange(k);
                stepper.overlap_exchange(mode.second);
                odeint::integrate_n_steps(stepper, sys, x, 0.0, dt, n_steps);
                const host_state all = x.gather(0);
                if (comm->rank() == 0) BOOST_TEST(same_bits(all, reference));
                // grid systems' fixed steps signal their end tiles: the next exchange
                // follows every k-th step, overlapped (the first step's runs before it)
                const bool overlaps = ranks > 1 && mode.second;
                BOOST_TEST(stepper.overlapped_exchanges() == (overlaps ? n_steps / k : 0));
                BOOST_TEST(stepper.exchanges() == (overlaps ? 1 + n_steps / k : (n_steps + k - 1) / k));
            }
}

} // namespace

BOOST_TEST_GLOBAL_FIXTURE(mpi_gpu_session);

BOOST_AUTO_TEST_CASE(fixed_steps_equal_one_gpu_bitwise)
{
    const problems::grid_bruss2d bruss(64, 53);
    check_fixed_steps<tiled::runge_kutta4>("bruss2d", bruss, bruss.suggested_dt());
    check_fixed_steps<tiled::runge_kutta4>("ring", ring_grid(33, 47), 0.02);
}

BOOST_AUTO_TEST_CASE(adaptive_dopri5_takes_the_same_steps_as_one_gpu)
{
    const auto comm = world();
    const problems::grid_bruss2d bruss(64, 40);
    const host_state x0 = boost_odeint_tiled_test::wavy_initial(bruss);
    device_state y(x0.begin(), x0.end());
    std::vector<double> times_ref, times;
    odeint::integrate_adaptive(odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<device_state>()), bruss, y,
                               0.0, 0.01, 0.01, [&](const device_state&, double t) { times_ref.push_back(t); });
    dstate x(comm, dist::partition::even(bruss.size(), comm->size(), dist::grid_slab_size(bruss)));
    x.assign_global(x0);
    odeint::integrate_adaptive(odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<dstate>()), bruss, x, 0.0,
                               0.01, 0.01, [&](const dstate&, double t) { times.push_back(t); });
    BOOST_TEST(times == times_ref, boost::test_tools::per_element());
    const host_state all = x.gather(0);
    if (comm->rank() == 0) BOOST_TEST(same_bits(all, on_host(y)));
}

BOOST_AUTO_TEST_CASE(a_halo_wider_than_a_part_is_refused_on_every_rank)
{
    const auto comm = world();
    const auto f = boost_odeint_tiled_test::step_with_a_halo_wider_than_a_part<dstate>(comm);
    if (comm->rank() == 0)
        BOOST_TEST((f.cause && f.what.find("halo") != std::string::npos), f.what);
    else  // a cause too where its other neighbour owns 2 slabs, else told of rank 0's failure
        BOOST_TEST((f.what.find("halo") != std::string::npos || f.what.find("rank 0 failed") != std::string::npos), f.what);
}

BOOST_AUTO_TEST_CASE(a_rank_that_leaves_between_steps_makes_the_others_throw)
{
    const auto comm = world();
    const problems::grid_bruss2d bruss(32, 8 * comm->size());
    const double dt = bruss.suggested_dt();
    const std::string what = boost_odeint_tiled_test::what_when_rank_0_leaves<dstate>(
        comm, bruss, dist::partition::even(bruss.size(), comm->size(), dist::grid_slab_size(bruss)), dt, 6, 2.5 * dt);
    if (comm->rank() == 0)
        BOOST_TEST(what == "observer failed");
    else
        BOOST_TEST(what.find("rank 0 failed") != std::string::npos, what);
}
