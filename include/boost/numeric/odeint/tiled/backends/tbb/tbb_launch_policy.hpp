/*
 boost/numeric/odeint/tiled/backends/tbb/tbb_launch_policy.hpp

 The TBB backend's launch policy (CUB's policy types are the model): the constants
 of the automatic() model (tuning.hpp) and of the executor where a tiling leaves a
 knob at 0. One line of rationale per constant; the measurements behind them:
 doc/results/cpu_16_cores.md, "Measurements behind the defaults" ([cpu]).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_LAUNCH_POLICY_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_LAUNCH_POLICY_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/system/is_grid_system.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct tbb_launch_policy
{
    //! Share of a cache a tile's working set may fill: the rest holds the stencil's other data, prefetches, neighbours' strips.
    static constexpr double cache_fill = 0.5;
    //! Tiles per worker and kernel: enough for the partitioner to even out tiles of unequal cost.
    static constexpr std::size_t tiles_per_worker = 3;
    //! Components per fused RHS+LC block and wavefront round: a block's stage data is still in L1 when the next link reads it [cpu].
    static constexpr std::size_t block_size = 512;
    //! The same for grid systems, whose block form sets up more per call (its first cell's coordinates, its rows' read tables) [cpu].
    static constexpr std::size_t grid_block_size = 1024;
    //! The block size of a tiling that leaves it to the backend (automatic() among them), for System.
    template <class System>
    static constexpr std::size_t default_block_size()
    {
        return is_grid_system<System>::value ? grid_block_size : block_size;
    }
    //! Cost, in vectors moved per step, of a working set in the shared last-level cache instead of private L2 [cpu].
    static constexpr double last_level_penalty = 2.5;
    //! Cost per link of a multi-thread tile (barriers, shares taken over from late workers, idle narrow links) [cpu].
    static constexpr double team_penalty_per_link = 1.5;
    //! Where every vector fits in the last-level cache tiles buy locality alone and pay their edges: one-thread tiles at least this many times their least width, else none().
    static constexpr std::size_t in_cache_width_factor = 2;
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_LAUNCH_POLICY_HPP_INCLUDED
