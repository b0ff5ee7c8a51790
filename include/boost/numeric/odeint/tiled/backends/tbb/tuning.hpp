/*
 boost/numeric/odeint/tiled/backends/tbb/tuning.hpp

 How the TBB backend resolves tiling::automatic(): a model of bytes moved and of
 cache capacity (Werner's thesis, §10.2.11 and §10.4.1.5; see doc/how_it_works.md,
 "References"), applied to candidate
 plans. For every candidate (trapezoids or hexagons, one thread per tile or a team
 sharing the last-level cache) the plan itself tells how many vectors' worth of
 memory a step moves; the tile width comes from the cache each tile may use, and
 a candidate needs enough tiles per kernel to keep every worker busy. The cheapest
 feasible candidate wins; `none` is the fallback for access distances too large to
 tile. The model's constants are tbb_launch_policy's (tbb_launch_policy.hpp); where
 `boost_odeint_tiled tune` measured the problem on this machine, its winner in the
 tuning cache (tuning/tuning_cache.hpp) is used instead, under the device name that
 tbb_device_name() gives.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TUNING_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TUNING_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <fstream>
#include <string>

#include <tbb/global_control.h>
#include <tbb/task_arena.h>

#include <boost/numeric/odeint/tiled/backends/tbb/tbb_launch_policy.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>

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

    //! What one of `processes` processes that step side by side may count on: its
    //! share of the last-level cache (the private L2 caches stay its own).
    cpu_caches shared_by(std::size_t processes) const
    {
        cpu_caches c = *this;
        if (processes > 1) c.last_level /= processes;
        return c;
    }
};

namespace detail {

/*! The threads that can work on a step at once: the current arena's, or fewer where a
    tbb::global_control caps TBB's parallelism (an MPI rank limited to its share of the
    cores, for instance), which the arena's max_concurrency() does not show. */
inline std::size_t tbb_workers()
{
    const int arena = std::max(1, tbb::this_task_arena::max_concurrency());
    const std::size_t cap = tbb::global_control::active_value(tbb::global_control::max_allowed_parallelism);
    return std::max<std::size_t>(1, std::min<std::size_t>(std::size_t(arena), cap));
}

} // namespace detail

/*! The CPU as the tuning cache names it: the model from /proc/cpuinfo and the
    threads TBB may use here (detail::tbb_workers(), so a tiling
    tuned for 16 threads is not used inside an arena of 2).
    Example: "AMD EPYC 7B13 64-Core Processor, 16 threads". */
inline std::string tbb_device_name()
{
    static const std::string model = [] {
        std::ifstream in("/proc/cpuinfo");
        std::string line;
        for (const char* field : {"model name", "Hardware", "cpu model", "Processor"})
        {
            in.clear();
            in.seekg(0);
            while (std::getline(in, line))
            {
                if (line.compare(0, std::strlen(field), field) != 0) continue;
                const std::size_t colon = line.find(':');
                if (colon == std::string::npos) continue;
                const std::size_t b = line.find_first_not_of(" \t", colon + 1);
                if (b != std::string::npos) return line.substr(b);
            }
        }
        return std::string("unknown CPU");
    }();
    return model + ", " + std::to_string(detail::tbb_workers()) + " threads";
}

namespace detail {

inline std::size_t round_to_block(std::size_t w, std::size_t block) { return std::max(block, w / block * block); }

} // namespace detail

/*! Resolves automatic() for the TBB backend.
    Candidates: trapezoids of every height and hexagons of every even height; tiles
    of one thread or of teams of 2, 4, ... workers; sized for the private L2 caches
    of the tile's threads or for their share of the last-level cache. The cost of a
    candidate is the memory traffic its plan moves per step (in vectors) plus the
    penalties above; `none` (17 vectors for RK4) is the fallback.
    @post the result is none(), trapezoidal(...) or hexagonal(...) and make_tiling_plan accepts it.
    Example: RK4 (4 links) in double, n = 16 Mi, d = 32, 2 MiB L2 per core, 16 workers:
    trapezoids one row high (h = 4), 14 Ki components wide, one thread each. */
inline tiling choose_tbb_tiling(const link_chain& chain, std::size_t n, std::size_t d, std::size_t value_size,
                                std::size_t workers = 0, cpu_caches caches = cpu_caches::detect())
{
    if (workers == 0) workers = detail::tbb_workers();
    const std::size_t links = chain.links;
    // vectors a tile keeps: stage arguments and derivatives, plus the input and output
    const std::size_t live_vectors = 2 * links + 1;
    // none() in chunks that give every worker several, so that a small problem still
    // keeps all of them busy (the plan's default chunk is made for large n)
    const std::size_t none_chunk = detail::round_to_block(n / (workers * tbb_launch_policy::tiles_per_worker) + 1,
                                                          tbb_launch_policy::block_size);
    // the block size is left to the executor (tbb_launch_policy::default_block_size),
    // which knows the system
    tiling best = tiling::none();
    if (none_chunk < detail::default_none_chunk(d)) best.width(none_chunk);
    const bool in_cache = double(live_vectors) * double(n) * double(value_size) <=
                          tbb_launch_policy::cache_fill * double(caches.last_level);
    const std::size_t width_factor = in_cache ? tbb_launch_policy::in_cache_width_factor : 1;
    double best_cost = make_tiling_plan(chain, std::min<std::size_t>(n, 1 << 20), d, best).memory_volume();

    // memory volume per component hardly depends on n once there are many tiles:
    // model large problems on a prefix of 128 tile widths
    auto consider = [&](tiling candidate, double penalty) {
        if (penalty >= best_cost) return;
        try
        {
            const std::size_t n_model = std::min(n, 128 * candidate.width());
            const double cost = make_tiling_plan(chain, n_model, d, candidate).memory_volume() + penalty;
            if (cost < best_cost) { best_cost = cost; best = candidate; }
        }
        catch (const std::invalid_argument&) {}
    };
    for (std::size_t team = 1; team <= (in_cache ? 1 : workers); team *= 2)
    {
        const std::size_t concurrent = std::max<std::size_t>(1, workers / team);
        for (int level = 0; level < 2; ++level)
        {
            const double cache = level == 0 ? double(team * caches.l2_per_core)
                                            : double(caches.last_level) / double(concurrent);
            const double penalty = (level == 0 ? 0.0 : tbb_launch_policy::last_level_penalty) +
                                   (team == 1 ? 0.0 : tbb_launch_policy::team_penalty_per_link * double(links));
            std::size_t w = std::size_t(tbb_launch_policy::cache_fill * cache / double(live_vectors * value_size));
            // narrow enough to leave every team several tiles
            w = std::min<std::size_t>(w, n / std::max<std::size_t>(1, 2 * concurrent * tbb_launch_policy::tiles_per_worker) + 1);
            w = detail::round_to_block(w, tbb_launch_policy::block_size);
            if (n <= w) w = n;  // one tile holds the whole problem
            for (std::size_t h = links; h >= 1; --h)
            {
                if (w >= width_factor * (2 * h - 1) * d)
                    consider(tiling::trapezoidal(w, h).threads_per_tile(team), penalty);
                if (h % 2 == 0 && w >= width_factor * (h - 1) * d)
                    consider(tiling::hexagonal(w, h).threads_per_tile(team), penalty);
            }
        }
    }
    return best;
}

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TUNING_HPP_INCLUDED
