/*
 test/support/distributed_test_systems.hpp

 What the tests of the distributed steppers share (test/distributed/): a 2D grid
 periodic along its slowest dimension (its ranks form a ring) whose update reads its
 coordinates, a deterministic initial state, bitwise comparison, even and uneven splits,
 whether a halo fits a partition (the case where the steppers must refuse it), and two
 failures every engine of processes runs alike: a halo wider than a part, and a rank
 that leaves between steps.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_SUPPORT_DISTRIBUTED_TEST_SYSTEMS_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_SUPPORT_DISTRIBUTED_TEST_SYSTEMS_HPP_INCLUDED

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/distributed/communicator.hpp>
#include <boost/numeric/odeint/tiled/distributed/partition.hpp>
#include <boost/numeric/odeint/tiled/distributed/window_system.hpp>
#include <boost/numeric/odeint/tiled/grid.hpp>

namespace boost_odeint_tiled_test {

//! Two fields, periodic along y (the slowest dimension), reading its y coordinate.
struct ring_diffusion
{
    template <class Cell, class Out, class Time>
    BOOST_ODEINT_TILED_HD void operator()(const Cell& c, Out& out, Time) const
    {
        out[0] = 0.2 * (c(0, -1, 0) + c(0, 1, 0) + c(0, 0, -1) + c(0, 0, 1) - 4.0 * c(0)) + 0.05 * c(1) -
                 0.01 * double(c.coord(1));
        out[1] = 0.1 * (c(1, 0, -1) - c(1, 0, 1)) - 0.05 * c(0) * c(1);
    }
};

inline auto ring_grid(std::size_t nx, std::size_t ny)
{
    namespace grid = boost::numeric::odeint::tiled::grid;
    auto s = grid::extents(nx, ny).boundary(grid::boundary::reflecting());
    s.boundary(1, grid::boundary::periodic());
    return grid::make_system<2>(s, ring_diffusion{});
}

//! A smooth, deterministic, not symmetric initial state of sys.size() components.
template <class Sys>
std::vector<double> wavy_initial(const Sys& sys)
{
    std::vector<double> x(sys.size());
    for (std::size_t j = 0; j < x.size(); ++j) x[j] = 1.0 + 0.5 * std::sin(0.37 * double(j)) + 0.1 * std::cos(0.011 * double(j));
    return x;
}

inline bool same_bits(const std::vector<double>& a, const std::vector<double>& b)
{
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(double)) == 0;
}

//! Part sizes (components) of `units` units over `ranks`: even, and (ranks > 1) uneven,
//! the first rank small and the last large.
inline std::vector<std::vector<std::size_t>> even_and_uneven_splits(std::size_t units, std::size_t ranks, std::size_t unit)
{
    std::vector<std::vector<std::size_t>> splits(1);
    for (std::size_t r = 0; r < ranks; ++r) splits[0].push_back((units / ranks + (r < units % ranks ? 1 : 0)) * unit);
    if (ranks > 1)
    {
        std::vector<std::size_t> uneven(ranks);
        std::size_t used = 0;
        for (std::size_t r = 0; r + 1 < ranks; ++r) used += uneven[r] = (units / (2 * ranks) + r) * unit;
        uneven.back() = units * unit - used;
        splits.push_back(uneven);
    }
    return splits;
}

//! Whether the halo of `stages` stages (k steps of s stages: k * s) fits every rank's
//! neighbours' parts, as the distributed steppers size it (a periodic system's around
//! its ring of ranks, with its cyclic distance, which must be below half the ring).
template <class Sys>
bool halo_fits(const Sys& sys, const boost::numeric::odeint::tiled::distributed::partition& parts, std::size_t stages)
{
    namespace tiled = boost::numeric::odeint::tiled;
    if (parts.ranks() == 1) return true;
    std::size_t halo = stages;
    bool ring = false;
    if constexpr (tiled::is_grid_system<Sys>::value)
    {
        const auto& s = sys.grid_shape();
        const std::size_t extent = s.extent[Sys::dimensions - 1];
        halo *= std::min(s.stencil_radius, extent - 1) * tiled::distributed::grid_slab_size(sys);
        ring = s.bc[Sys::dimensions - 1] == tiled::grid::boundary::periodic();
    }
    else if constexpr (tiled::detail::has_cyclic_access_distance<Sys>::value)
    {
        if (2 * sys.cyclic_access_distance() >= parts.size()) return false;
        halo = (halo * sys.cyclic_access_distance() + parts.unit() - 1) / parts.unit() * parts.unit();
        ring = true;
    }
    else
        halo = (halo * sys.access_distance() + parts.unit() - 1) / parts.unit() * parts.unit();
    try
    {
        for (std::size_t r = 0; r < parts.ranks(); ++r) tiled::distributed::make_window_layout(parts, r, halo, ring);
    }
    catch (const std::invalid_argument&)
    {
        return false;
    }
    return true;
}

//! What a rank's step said, and whether it threw the cause (std::invalid_argument)
//! rather than being told of another rank's failure (rank_failure).
struct step_failure
{
    std::string what = "no exception";
    bool cause = false;
};

/*! One RK4 step on a ring of slabs too small for its halo: rank 0 owns 10 slabs, the
    others 2 each, and RK4 needs 4 from each neighbour (two ranks or more). Rank 0 must
    refuse it; a rank whose other neighbour owns 2 slabs too, else it hears of rank 0. */
template <class DState>
step_failure step_with_a_halo_wider_than_a_part(const std::shared_ptr<boost::numeric::odeint::tiled::distributed::communicator>& comm)
{
    namespace tiled = boost::numeric::odeint::tiled;
    namespace dist = boost::numeric::odeint::tiled::distributed;
    const auto ring = ring_grid(7, 10 + 2 * (comm->size() - 1));
    const std::size_t slab = dist::grid_slab_size(ring);
    std::vector<std::size_t> sizes(comm->size(), 2 * slab);
    sizes[0] = 10 * slab;
    DState x(comm, dist::partition::from_sizes(sizes, slab));
    x.assign_global(wavy_initial(ring));
    tiled::runge_kutta4<DState> rk4;
    step_failure f;
    try
    {
        rk4.do_step(ring, x, 0.0, 0.01);
    }
    catch (const dist::rank_failure& e)
    {
        f.what = e.what();
    }
    catch (const std::invalid_argument& e)
    {
        f.what = e.what();
        f.cause = true;
    }
    return f;
}

/*! What a rank's integration of `steps` RK4 steps of sys said when rank 0's observer
    threw std::logic_error("observer failed") at the first time after `leave_after`:
    rank 0 that, the others that rank 0 failed (at their next step). */
template <class DState, class Sys>
std::string what_when_rank_0_leaves(const std::shared_ptr<boost::numeric::odeint::tiled::distributed::communicator>& comm,
                                    const Sys& sys, const boost::numeric::odeint::tiled::distributed::partition& parts,
                                    double dt, std::size_t steps, double leave_after)
{
    namespace odeint = boost::numeric::odeint;
    namespace tiled = boost::numeric::odeint::tiled;
    try
    {
        DState x(comm, parts);
        x.assign_global(wavy_initial(sys));
        odeint::integrate_n_steps(tiled::runge_kutta4<DState>(), sys, x, 0.0, dt, steps, [&](const DState&, double t) {
            if (comm->rank() == 0 && t > leave_after) throw std::logic_error("observer failed");
        });
    }
    catch (const std::exception& e)
    {
        return e.what();
    }
    return "no exception";
}

} // namespace boost_odeint_tiled_test

#endif // BOOST_ODEINT_TILED_TEST_SUPPORT_DISTRIBUTED_TEST_SYSTEMS_HPP_INCLUDED
