/*
 test/distributed/gpu_nccl.cu

 The distributed steppers on GPUs (nccl_communicator through gpu_team: one thread per
 GPU, halos through NCCL): fixed steps of BRUSS2D written with the grid helper (RK4,
 DOPRI5), a grid periodic along its slowest dimension (the ranks form a ring), a
 per-component chain and the periodic Lorenz-96 (a ring of ranks again), on 1 to 4 GPUs with even and uneven parts and one or three
 steps per exchange, the exchange overlapped with the steps or not, bitwise equal to
 the same stepper on one GPU (the exchanges overlapped on the grid kernel and on the
 streaming kernel of the per-component systems' windows); adaptive DOPRI5
 taking the same steps as on one GPU; a halo wider than a part refused on every rank;
 a rank that leaves between steps (an observer throws) makes the others throw. On one
 GPU, the windows of Lorenz-96's ranks, each stepped alone, give the whole ring's
 owned values.

 Without a GPU the program exits with 77 (ctest: skipped); cases that need two GPUs
 are skipped on a machine with one.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include "support/cuda_test.hpp"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/numeric/odeint/tiled/distributed.hpp>
#include <boost/numeric/odeint/tiled/distributed/nccl_communicator.hpp>

#include "support/distributed_test_systems.hpp"

namespace dist = boost::numeric::odeint::tiled::distributed;
namespace grid = boost::numeric::odeint::tiled::grid;

using host_state = std::vector<double>;
using device_state = thrust::device_vector<double>;
using dstate = dist::distributed_state<device_state>;

using boost_odeint_tiled_test::halo_fits;
using boost_odeint_tiled_test::ring_grid;
using boost_odeint_tiled_test::same_bits;

namespace {

int gpus()
{
    int n = 0;
    if (cudaGetDeviceCount(&n) != cudaSuccess) return 0;
    return n;
}
std::size_t max_ranks() { return std::size_t(gpus() < 4 ? gpus() : 4); }
std::vector<int> first_devices(std::size_t ranks)
{
    std::vector<int> d(ranks);
    for (std::size_t r = 0; r < ranks; ++r) d[r] = int(r);
    return d;
}
struct two_gpus
{
    boost::test_tools::assertion_result operator()(boost::unit_test::test_unit_id) const { return gpus() >= 2; }
};

//! Steps per exchange, and whether the exchange overlaps the step before it is due.
struct exchange_mode
{
    std::size_t k;
    bool overlap;
};
const exchange_mode exchange_modes[] = {{1, true}, {1, false}, {3, true}, {3, false}};

/*! Exchanges that overlapped n_steps fixed steps: one after every k-th step where the
    steps signal their end tiles, which the kernels that run a step in one launch from
    a persistent loop of tiles do (the grid kernel of grid systems, the streaming kernel
    of overlapped tiles that per-component systems run on). */
std::size_t expected_overlapped(std::size_t ranks, const exchange_mode& mode, std::size_t n_steps,
                                tiled::cuda_kernel_path path)
{
    const bool signals = path == tiled::cuda_kernel_path::grid_tiles || path == tiled::cuda_kernel_path::streaming_tiles;
    return ranks > 1 && mode.overlap && signals ? n_steps / mode.k : 0;
}

/*! n_steps of Stepper on sys split over 1 .. max_ranks() GPUs: bitwise one GPU's, on
    `signalling_kernel` (the kernel the system's windows run on), and the exchanges
    overlapped where that kernel signals its end tiles. */
template <template <class...> class Stepper, class Sys>
void check_fixed_steps(const char* name, const Sys& sys, std::size_t unit, double dt, std::size_t n_steps = 5,
                       tiled::cuda_kernel_path signalling_kernel = tiled::cuda_kernel_path::streaming_tiles)
{
    const host_state x0 = boost_odeint_tiled_test::wavy_initial(sys);
    cudaSetDevice(0);
    device_state y0(x0.begin(), x0.end());
    odeint::integrate_n_steps(Stepper<device_state>(), sys, y0, 0.0, dt, n_steps);
    host_state reference(y0.size());
    thrust::copy(y0.begin(), y0.end(), reference.begin());
    const std::size_t units = sys.size() / unit;
    for (std::size_t ranks = 1; ranks <= max_ranks(); ++ranks)
    {
        const auto splits = boost_odeint_tiled_test::even_and_uneven_splits(units, ranks, unit);
        for (const auto& sizes : splits)
            for (const exchange_mode mode : exchange_modes)
            {
                const std::size_t k = mode.k;
                if (!mode.overlap && ranks == 1) continue;  // one GPU exchanges nothing
                if (ranks > 1 && !halo_fits(sys, dist::partition::from_sizes(sizes, unit), k * Stepper<host_state>::tableau_type::stages))
                {
                    BOOST_TEST_CONTEXT(name << ", " << ranks << " GPUs, first part " << sizes.front() << ", " << k
                                            << " steps per exchange: the halo does not fit")
                    BOOST_CHECK_THROW(dist::gpu_team::run(first_devices(ranks),
                                                          [&](std::shared_ptr<dist::communicator> comm) {
                                                              dstate x(comm, dist::partition::from_sizes(sizes, unit));
                                                              x.assign_global(x0);
                                                              Stepper<dstate> stepper;
                                                              stepper.steps_per_exchange(k);
                                                              odeint::integrate_n_steps(stepper, sys, x, 0.0, dt, n_steps);
                                                          }),
                                      std::invalid_argument);
                    continue;
                }
                host_state result;
                std::vector<std::size_t> exchanges(ranks), overlapped(ranks);
                std::vector<tiled::cuda_kernel_path> paths(ranks);
                dist::gpu_team::run(first_devices(ranks), [&](std::shared_ptr<dist::communicator> comm) {
                    dstate x(comm, dist::partition::from_sizes(sizes, unit));
                    x.assign_global(x0);
                    Stepper<dstate> stepper;
                    stepper.steps_per_exchange(k);
                    stepper.overlap_exchange(mode.overlap);
                    odeint::integrate_n_steps(stepper, sys, x, 0.0, dt, n_steps);
                    host_state all = x.gather(0);
                    if (comm->rank() == 0) result = all;
                    exchanges[comm->rank()] = stepper.exchanges();
                    overlapped[comm->rank()] = stepper.overlapped_exchanges();
                    paths[comm->rank()] = tiled::cuda_executor::last_path();
                });
                BOOST_TEST_CONTEXT(name << ", " << ranks << " GPUs, first part " << sizes.front() << ", " << k
                                        << " steps per exchange, overlap " << (mode.overlap ? "on" : "off"))
                {
                    BOOST_TEST(same_bits(result, reference));
                    const std::size_t expected = expected_overlapped(ranks, mode, n_steps, signalling_kernel);
                    for (std::size_t r = 0; r < ranks; ++r)
                    {
                        BOOST_TEST(std::string(tiled::kernel_path_name(paths[r])) ==
                                   tiled::kernel_path_name(signalling_kernel));
                        BOOST_TEST(overlapped[r] == expected);
                    }
                    // the first step's exchange runs before it, the others after every k-th
                    // step where they overlap, before every (k+1)-th where not
                    if (ranks > 1) BOOST_TEST(exchanges[0] == (expected != 0 ? 1 + expected : (n_steps + k - 1) / k));
                }
            }
    }
}

} // namespace

BOOST_AUTO_TEST_CASE(grid_bruss2d_fixed_steps_equal_one_gpu_bitwise)
{
    const problems::grid_bruss2d bruss(64, 53);
    const auto grid_kernel = tiled::cuda_kernel_path::grid_tiles;
    check_fixed_steps<tiled::runge_kutta4>("rk4", bruss, dist::grid_slab_size(bruss), bruss.suggested_dt(), 5,
                                           grid_kernel);
    check_fixed_steps<tiled::runge_kutta_dopri5>("dopri5", bruss, dist::grid_slab_size(bruss), bruss.suggested_dt(), 5,
                                                 grid_kernel);
}

BOOST_AUTO_TEST_CASE(a_grid_of_many_tile_rows_runs_its_end_tiles_first)
{
    // the windows' ends and interiors are separate tile rows, so the kernel's tile
    // order differs from the plain one and blocks signal before the interior is done
    const problems::grid_bruss2d bruss(96, 1200);
    check_fixed_steps<tiled::runge_kutta4>("rk4, long", bruss, dist::grid_slab_size(bruss), bruss.suggested_dt(), 8,
                                           tiled::cuda_kernel_path::grid_tiles);
}

BOOST_AUTO_TEST_CASE(a_ring_and_a_chain_equal_one_gpu_bitwise)
{
    const auto ring = ring_grid(33, 47);
    check_fixed_steps<tiled::runge_kutta4>("ring", ring, dist::grid_slab_size(ring), 0.02, 5,
                                           tiled::cuda_kernel_path::grid_tiles);
    const problems::heat1d heat(20011, 0.3);
    check_fixed_steps<tiled::runge_kutta4>("heat1d", heat, 1, 0.05);
}

BOOST_AUTO_TEST_CASE(a_periodic_system_equals_one_gpu_bitwise_on_a_ring_of_gpus)
{
    const problems::lorenz96 lorenz(20011);
    check_fixed_steps<tiled::runge_kutta4>("lorenz96", lorenz, 1, lorenz.suggested_dt());
}

/*! The owned components of window w after k RK4 steps of `window` on this GPU, from the
    ring's state x0. */
template <class Window>
host_state owned_after_steps(const Window& window, const host_state& x0, const dist::window_layout& w, std::size_t k,
                             double dt)
{
    host_state local(w.size());
    for (std::size_t p = 0; p < w.size(); ++p) local[p] = x0[(w.first + p) % x0.size()];
    device_state y(local.begin(), local.end());
    odeint::integrate_n_steps(tiled::runge_kutta4<device_state>(), window, y, 0.0, dt, k);
    thrust::copy(y.begin(), y.end(), local.begin());
    return host_state(local.begin() + w.left, local.begin() + w.left + w.owned);
}

/*! The windows of a periodic system's ranks (ring_window_system), each stepped on this
    GPU alone: for k steps, with the halo of k steps, a rank computes its owned
    components without an exchange, so every rank's owned values after k steps must be
    one GPU's, bitwise. This checks the window's device path on a machine with one GPU,
    in its 32-bit and its 64-bit index arithmetic (the second forced: it serves rings of
    2^31 components and more); rank 0's window begins and the last rank's ends across
    the state's ends. */
BOOST_AUTO_TEST_CASE(a_periodic_systems_windows_step_on_one_gpu_as_the_whole_ring)
{
    const problems::lorenz96 lorenz(20011);
    const std::size_t n = lorenz.size(), k = 3, stages = tiled::runge_kutta4<host_state>::tableau_type::stages;
    const host_state x0 = boost_odeint_tiled_test::wavy_initial(lorenz);
    cudaSetDevice(0);
    device_state whole(x0.begin(), x0.end());
    odeint::integrate_n_steps(tiled::runge_kutta4<device_state>(), lorenz, whole, 0.0, lorenz.suggested_dt(), k);
    host_state reference(n);
    thrust::copy(whole.begin(), whole.end(), reference.begin());
    for (std::size_t ranks : {2u, 3u})
    {
        const auto parts = dist::partition::from_sizes(boost_odeint_tiled_test::even_and_uneven_splits(n, ranks, 1).back());
        for (std::size_t r = 0; r < ranks; ++r)
        {
            const dist::window_layout w = dist::make_window_layout(parts, r, k * stages * lorenz.cyclic_access_distance(), true);
            const host_state expected(reference.begin() + parts.first(r), reference.begin() + parts.last(r));
            BOOST_TEST(same_bits(owned_after_steps(dist::ring_window_system<problems::lorenz96>(lorenz, w.first, w.size(), n),
                                                   x0, w, k, lorenz.suggested_dt()),
                                 expected),
                       "rank " << r << " of " << ranks << ", 32-bit");
            BOOST_TEST(same_bits(owned_after_steps(dist::ring_window_system<problems::lorenz96, true>(lorenz, w.first,
                                                                                                      w.size(), n),
                                                   x0, w, k, lorenz.suggested_dt()),
                                 expected),
                       "rank " << r << " of " << ranks << ", 64-bit");
        }
    }
}

BOOST_AUTO_TEST_CASE(adaptive_dopri5_takes_the_same_steps_as_one_gpu, *boost::unit_test::precondition(two_gpus()))
{
    const problems::grid_bruss2d bruss(64, 40);
    const host_state x0 = boost_odeint_tiled_test::wavy_initial(bruss);
    cudaSetDevice(0);
    device_state y(x0.begin(), x0.end());
    std::vector<double> times_ref;
    odeint::integrate_adaptive(odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<device_state>()), bruss, y,
                               0.0, 0.01, 0.01, [&](const device_state&, double t) { times_ref.push_back(t); });
    host_state reference(y.size());
    thrust::copy(y.begin(), y.end(), reference.begin());
    for (std::size_t ranks = 2; ranks <= max_ranks(); ++ranks)
    {
        std::vector<double> times;
        host_state result;
        dist::gpu_team::run(first_devices(ranks), [&](std::shared_ptr<dist::communicator> comm) {
            dstate x(comm, dist::partition::even(bruss.size(), ranks, dist::grid_slab_size(bruss)));
            x.assign_global(x0);
            std::vector<double> mine;
            odeint::integrate_adaptive(odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<dstate>()), bruss, x,
                                       0.0, 0.01, 0.01, [&](const dstate&, double t) { mine.push_back(t); });
            host_state all = x.gather(0);
            if (comm->rank() == 0)
            {
                times = mine;
                result = all;
            }
        });
        BOOST_TEST_CONTEXT(ranks << " GPUs")
        {
            BOOST_TEST(times == times_ref, boost::test_tools::per_element());
            BOOST_TEST(same_bits(result, reference));
        }
    }
}

BOOST_AUTO_TEST_CASE(a_halo_wider_than_a_part_is_refused_on_every_gpu, *boost::unit_test::precondition(two_gpus()))
{
    const auto ring = ring_grid(16, 12);
    const std::size_t slab = dist::grid_slab_size(ring);
    BOOST_CHECK_THROW(dist::gpu_team::run(first_devices(2),
                                          [&](std::shared_ptr<dist::communicator> comm) {
                                              dstate x(comm, dist::partition::from_sizes({10 * slab, 2 * slab}, slab));
                                              x.assign_global(boost_odeint_tiled_test::wavy_initial(ring));
                                              tiled::runge_kutta4<dstate> rk4;
                                              rk4.do_step(ring, x, 0.0, 0.01);
                                          }),
                      std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(a_rank_that_leaves_between_steps_makes_the_others_throw, *boost::unit_test::precondition(two_gpus()))
{
    const problems::grid_bruss2d bruss(32, 24);
    const double dt = bruss.suggested_dt();
    std::vector<std::string> what(max_ranks());
    BOOST_CHECK_THROW(dist::gpu_team::run(first_devices(max_ranks()),
                                          [&](std::shared_ptr<dist::communicator> comm) {
                                              try
                                              {
                                                  dstate x(comm, dist::partition::even(bruss.size(), comm->size(),
                                                                                       dist::grid_slab_size(bruss)));
                                                  x.assign_global(boost_odeint_tiled_test::wavy_initial(bruss));
                                                  odeint::integrate_n_steps(tiled::runge_kutta4<dstate>(), bruss, x, 0.0,
                                                                            dt, 6, [&](const dstate&, double t) {
                                                                                if (comm->rank() == 0 && t > 2.5 * dt)
                                                                                    throw std::logic_error("observer failed");
                                                                            });
                                              }
                                              catch (const std::exception& e)
                                              {
                                                  what[comm->rank()] = e.what();
                                                  throw;
                                              }
                                          }),
                      std::logic_error);  // run() rethrows the cause
    BOOST_TEST(what[0] == "observer failed");
    for (std::size_t r = 1; r < what.size(); ++r) BOOST_TEST(what[r].find("rank 0 failed") != std::string::npos, what[r]);
}
