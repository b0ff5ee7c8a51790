/*
 test/distributed/mpi_ranks.cpp

 The distributed steppers over MPI (mpi_communicator), run by ctest on 1, 2 and 3
 processes (mpirun --oversubscribe): fixed steps of several methods on chains,
 grids (a ring included) and the periodic Lorenz-96 (the processes form a ring), even
 and uneven parts, one and three steps per exchange,
 bitwise equal to the same stepper on one std::vector in each process (whose tiles
 are sized for its share of the machine's cache: the ranks count each other); adaptive
 integrations taking the same steps; a halo wider than a part refused on every rank;
 a rank whose step throws makes every rank throw, and one that leaves between steps
 makes the others throw at their next step.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <mpi.h>

#include <cmath>
#include <cstddef>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/distributed.hpp>
#include <boost/numeric/odeint/tiled/distributed/mpi_communicator.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include "support/distributed_test_systems.hpp"

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
namespace dist = boost::numeric::odeint::tiled::distributed;
namespace grid = boost::numeric::odeint::tiled::grid;
namespace problems = boost::numeric::odeint::tiled::problems;

using state = std::vector<double>;
using dstate = dist::distributed_state<state>;

using boost_odeint_tiled_test::ring_grid;
using boost_odeint_tiled_test::same_bits;

namespace {

struct mpi_session
{
    mpi_session() { MPI_Init(nullptr, nullptr); }
    ~mpi_session() { MPI_Finalize(); }
};

std::shared_ptr<dist::mpi_communicator> world() { return std::make_shared<dist::mpi_communicator>(MPI_COMM_WORLD); }

template <template <class...> class Stepper, class Sys>
void check_fixed_steps(const char* name, const Sys& sys, std::size_t unit, double dt, std::size_t n_steps = 6)
{
    const auto comm = world();
    const state x0 = boost_odeint_tiled_test::wavy_initial(sys);
    state reference = x0;
    odeint::integrate_n_steps(Stepper<state>(), sys, reference, 0.0, dt, n_steps);
    const std::size_t units = sys.size() / unit, ranks = comm->size();
    const auto splits = boost_odeint_tiled_test::even_and_uneven_splits(units, ranks, unit);
    for (const auto& sizes : splits)
        for (std::size_t k : {std::size_t(1), std::size_t(3)})
            BOOST_TEST_CONTEXT(name << ", " << ranks << " ranks, first part " << sizes.front() << ", " << k
                                    << " steps per exchange")
            {
                dstate x(comm, dist::partition::from_sizes(sizes, unit));
                x.assign_global(x0);
                Stepper<dstate> stepper;
                stepper.steps_per_exchange(k);
                odeint::integrate_n_steps(stepper, sys, x, 0.0, dt, n_steps);
                const state all = x.gather(0);
                if (comm->rank() == 0) BOOST_TEST(same_bits(all, reference));
                const state mine = x.owned_values();
                BOOST_TEST(same_bits(mine, state(reference.begin() + x.owned_first(),
                                                 reference.begin() + x.owned_first() + x.owned_count())));
            }
}

} // namespace

BOOST_TEST_GLOBAL_FIXTURE(mpi_session);

BOOST_AUTO_TEST_CASE(the_ranks_of_one_machine_count_each_other)
{
    // mpirun started every rank here: they share this machine's caches
    const auto comm = world();
    BOOST_TEST(comm->processes_on_node() == comm->size());
}

BOOST_AUTO_TEST_CASE(fixed_steps_equal_one_process_bitwise)
{
    const problems::heat1d heat(601, 0.3);
    check_fixed_steps<tiled::runge_kutta4>("heat rk4", heat, 1, 0.05);
    check_fixed_steps<tiled::runge_kutta_dopri5>("heat dopri5", heat, 1, 0.05);
    check_fixed_steps<tiled::runge_kutta_fehlberg78>("heat fehlberg78", heat, 1, 0.05);
    const problems::grid_bruss2d bruss(20, 150);
    check_fixed_steps<tiled::runge_kutta4>("grid_bruss2d rk4", bruss, dist::grid_slab_size(bruss), bruss.suggested_dt());
    check_fixed_steps<tiled::runge_kutta_verner56>("grid_bruss2d verner56", bruss, dist::grid_slab_size(bruss),
                                                   bruss.suggested_dt());
    const auto ring = ring_grid(7, 80);
    check_fixed_steps<tiled::runge_kutta4>("ring", ring, dist::grid_slab_size(ring), 0.02);
    const problems::lorenz96 lorenz(907);  // periodic: the processes form a ring
    check_fixed_steps<tiled::runge_kutta4>("lorenz96 rk4", lorenz, 1, lorenz.suggested_dt());
}

BOOST_AUTO_TEST_CASE(adaptive_integrations_take_the_same_steps_as_one_process)
{
    const problems::grid_bruss2d bruss(16, 29);
    const auto comm = world();
    const state x0 = boost_odeint_tiled_test::wavy_initial(bruss);
    state reference = x0;
    std::vector<double> times_ref, times;
    odeint::integrate_adaptive(odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<state>()), bruss, reference,
                               0.0, 0.05, 0.05, [&](const state&, double t) { times_ref.push_back(t); });
    dstate x(comm, dist::partition::even(bruss.size(), comm->size(), dist::grid_slab_size(bruss)));
    x.assign_global(x0);
    odeint::integrate_adaptive(odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<dstate>()), bruss, x, 0.0,
                               0.05, 0.05, [&](const dstate&, double t) { times.push_back(t); });
    BOOST_TEST(times == times_ref, boost::test_tools::per_element());
    const state all = x.gather(0);
    if (comm->rank() == 0) BOOST_TEST(same_bits(all, reference));
}

BOOST_AUTO_TEST_CASE(a_halo_wider_than_a_part_is_refused_on_every_rank)
{
    const auto comm = world();
    if (comm->size() < 2) return;  // one rank has no halo
    const auto f = boost_odeint_tiled_test::step_with_a_halo_wider_than_a_part<dstate>(comm);
    if (comm->rank() == 0)
        BOOST_TEST((f.cause && f.what.find("halo") != std::string::npos), f.what);
    else  // a cause too where its other neighbour owns 2 slabs, else told of rank 0's failure
        BOOST_TEST((f.what.find("halo") != std::string::npos || f.what.find("rank 0 failed") != std::string::npos), f.what);
}

namespace {

struct failing_heat
{
    problems::heat1d heat;
    std::size_t bad;
    double from_time;
    std::size_t access_distance() const { return heat.access_distance(); }
    template <class Y>
    double operator()(std::size_t j, const Y& y, double t) const
    {
        if (t >= from_time && j == bad) throw std::runtime_error("the right-hand side failed");
        return heat(j, y, t);
    }
};

} // namespace

BOOST_AUTO_TEST_CASE(a_rank_that_throws_in_a_step_makes_every_rank_throw)
{
    const auto comm = world();
    const std::size_t n = 300;
    const failing_heat sys{problems::heat1d(n, 0.3), n - 1, 0.1};  // the last rank's last component
    dstate x(comm, dist::partition::even(n, comm->size()));
    x.assign_global(boost_odeint_tiled_test::wavy_initial(sys.heat));
    std::string what;
    try
    {
        odeint::integrate_n_steps(tiled::runge_kutta4<dstate>(), sys, x, 0.0, 0.02, 40);
    }
    catch (const std::exception& e)
    {
        what = e.what();
    }
    if (comm->rank() + 1 == comm->size())
        BOOST_TEST(what == "the right-hand side failed");
    else
        BOOST_TEST(what.find("rank " + std::to_string(comm->size() - 1) + " failed") != std::string::npos, what);
    BOOST_TEST(comm->broken());
}

BOOST_AUTO_TEST_CASE(a_rank_that_leaves_between_steps_makes_the_others_throw)
{
    const auto comm = world();
    const problems::heat1d heat(240, 0.3);
    const std::string what =
        boost_odeint_tiled_test::what_when_rank_0_leaves<dstate>(comm, heat, dist::partition::even(240, comm->size()), 0.02, 30, 0.3);
    if (comm->rank() == 0)
        BOOST_TEST(what == "observer failed");
    else
        BOOST_TEST(what.find("rank 0 failed") != std::string::npos, what);
}
