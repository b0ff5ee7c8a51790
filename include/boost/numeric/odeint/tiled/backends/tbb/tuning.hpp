/*
 boost/numeric/odeint/tiled/backends/tbb/tuning.hpp

 How the TBB backend resolves tiling::automatic(): a model of bytes moved and of
 cache capacity (reference digest 001_C §8, 001_D §1.5), applied to candidate
 plans. For every candidate (trapezoids or hexagons, one thread per tile or a team
 sharing the last-level cache) the plan itself tells how many vectors' worth of
 memory a step moves; the tile width comes from the cache each tile may use, and
 a candidate needs enough tiles per kernel to keep every worker busy. The cheapest
 feasible candidate wins; `none` is the fallback for access distances too large to
 tile. The numbers below are first guesses from the thesis's measurements and are
 refined by the boost_odeint_tiled `tune` command.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TUNING_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TUNING_HPP_INCLUDED

#include <algorithm>
#include <cstddef>
#include <fstream>
#include <string>

#include <tbb/task_arena.h>

#include <boost/numeric/odeint/tiled/plan/tiling_plan.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct cpu_caches
{
    std::size_t l2_per_core = std::size_t(1) << 20;  //!< bytes
    std::size_t last_level = std::size_t(16) << 20;  //!< bytes, shared

    //! Read from Linux's sysfs; the defaults where it is not there.
    static cpu_caches detect()
    {
        cpu_caches c;
        for (int index = 0; index < 8; ++index)
        {
            const std::string dir = "/sys/devices/system/cpu/cpu0/cache/index" + std::to_string(index) + "/";
            std::ifstream level_file(dir + "level"), size_file(dir + "size"), type_file(dir + "type");
            int level = 0;
            std::string size, type;
            if (!(level_file >> level) || !(size_file >> size) || !(type_file >> type)) continue;
            if (type == "Instruction") continue;
            std::size_t bytes = std::stoul(size);
            if (size.back() == 'K') bytes <<= 10;
            else if (size.back() == 'M') bytes <<= 20;
            if (level == 2) c.l2_per_core = bytes;
            if (level >= 3) c.last_level = bytes;
        }
        return c;
    }
};

struct tbb_tuning
{
    //! Share of a cache a tile's working set may fill (the rest: the stencil's other
    //! data, hardware prefetch, the neighbour's strips).
    static constexpr double cache_fill = 0.5;
    //! Tiles per worker and kernel wanted for load balance.
    static constexpr std::size_t tiles_per_worker = 3;
    //! Components per fused RHS+LC block (thesis: 1024).
    static constexpr std::size_t block_size = 1024;
    //! Relative cost of a team barrier per link, in units of vectors of traffic, so
    //! that a team wins only where it moves clearly less memory.
    static constexpr double team_penalty = 0.15;
};

namespace detail {

inline std::size_t round_to_block(std::size_t w, std::size_t block) { return std::max(block, w / block * block); }

} // namespace detail

/*! Resolves automatic() for the TBB backend.
    @post the result is none(), trapezoidal(...) or hexagonal(...) and make_tiling_plan accepts it.
    Example: RK4 (4 links) in double, n = 16 Mi, d = 32, 2 MiB L2 per core, 16 workers:
    trapezoids one row high (h = 4), about 14 Ki components wide, one thread each. */
inline tiling choose_tbb_tiling(const link_chain& chain, std::size_t n, std::size_t d, std::size_t value_size,
                                std::size_t workers = 0, cpu_caches caches = cpu_caches::detect())
{
    if (workers == 0) workers = std::size_t(std::max(1, tbb::this_task_arena::max_concurrency()));
    const std::size_t links = chain.links;
    // vectors a tile keeps: stage arguments and derivatives, plus the input and output
    const std::size_t live_vectors = 2 * links + 1;
    tiling best = tiling::none();
    best.block_size(tbb_tuning::block_size);
    double best_cost = make_tiling_plan(chain, std::min<std::size_t>(n, 1 << 20), d, best).memory_volume();

    // memory volume per component hardly depends on n once there are many tiles:
    // model large problems on a prefix of 64 tile periods
    auto consider = [&](tiling candidate, double penalty) {
        try
        {
            const std::size_t n_model = std::min(n, 128 * candidate.width());
            const tiling_plan p = make_tiling_plan(chain, n_model, d, candidate);
            const double cost = p.memory_volume() + penalty;
            if (cost < best_cost) { best_cost = cost; best = candidate; }
        }
        catch (const std::invalid_argument&) {}
    };
    for (std::size_t team : {std::size_t(1), workers})
    {
        const std::size_t cache = team == 1 ? caches.l2_per_core : caches.last_level;
        const std::size_t concurrent = team == 1 ? workers : 1;
        const double budget = tbb_tuning::cache_fill * double(cache);
        const double penalty = team == 1 ? 0.0 : tbb_tuning::team_penalty * double(links);
        for (std::size_t h = links; h >= 1; --h)
        {
            // widest tile that fits the cache, and narrow enough to leave every worker work
            std::size_t w = std::size_t(budget / double(live_vectors * value_size)) ;
            w = std::min<std::size_t>(w, n / std::max<std::size_t>(1, 2 * concurrent * (team == 1 ? tbb_tuning::tiles_per_worker : 1)) + 1);
            w = detail::round_to_block(w, tbb_tuning::block_size);
            if (n <= w) w = n;  // one tile holds the whole problem
            tiling trap = tiling::trapezoidal(w, h);
            trap.threads_per_tile(team).block_size(tbb_tuning::block_size);
            if (w >= (2 * h - 1) * d) consider(trap, penalty);
            if (h % 2 == 0 && w >= (h - 1) * d)
            {
                tiling hex = tiling::hexagonal(w, h);
                hex.threads_per_tile(team).block_size(tbb_tuning::block_size);
                consider(hex, penalty + 0.05);
            }
        }
        if (workers == 1) break;
    }
    return best;
}

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TUNING_HPP_INCLUDED
