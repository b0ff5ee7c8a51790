/*
 boost_odeint_tiled/tune.cpp

 `boost_odeint_tiled tune`: for each access distance d and method, measures
 candidate tilings of one backend (TBB, or CUDA in a build with it) on a reference
 problem and writes the fastest to the tuning cache, where tiling::automatic()
 finds it (tuning/tuning_cache.hpp).

 Candidates: the tilings bench tries by default (none, its trapezoid and its
 hexagon), the model's automatic choice, and a search over trapezoids of every
 height, hexagons of every even height and widths from the legal minimum doubling
 up to what the caches hold; on the CPU also teams of 1, 2, 4, ... threads per
 tile. The model prunes the search: a candidate whose working set exceeds the
 last-level cache, or whose modelled memory traffic is far above the best
 candidate's, is not measured; the rest are measured cheapest-modelled first until
 the time budget is spent. The fastest few, the default ones and the model's are
 then measured again in rounds, interleaved, and the fastest there wins, unless
 it beats the best default or the model's choice by less than the rounds' own
 spread (then that one is kept; a lead within the machine's noise is first
 re-measured head to head); it is checked against stock odeint before it is
 stored. The measurements are bench's
 (the method table's runners): explicit tilings, and on the CUDA backend bench's
 stepper kinds for its defaults and the model's. On the GPU the search also
 covers the launch knobs: threads per block and components per thread of the
 register tiles, blocks per tile (clusters or L2) of multi-block register tiles,
 threads per block of none(). See print_help().

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <tbb/task_arena.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_launch_policy.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/streaming_layout.hpp>
#include <boost/numeric/odeint/tiled/backends/tbb/tuning.hpp>
#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/core/tiling.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/tableaux/all.hpp>
#include <boost/numeric/odeint/tiled/tuning/tiling_text.hpp>
#include <boost/numeric/odeint/tiled/tuning/tuning_cache.hpp>
#include <boost/numeric/odeint/tiled/tuning/tuning_key.hpp>

#include "bench.hpp"
#include "cuda_device.hpp"
#include "commands.hpp"
#include "machine.hpp"
#include "memory.hpp"
#include "method_chains.hpp"
#include "options.hpp"
#include "selection.hpp"
#include "table.hpp"
#include "task_arena_run.hpp"
#include "timer.hpp"

namespace bot_tool {

namespace {

namespace tiled = boost::numeric::odeint::tiled;

struct tune_options
{
    problem_kind problem = problem_kind::bruss2d;
    std::string problem_name = "bruss2d";
    std::size_t n = std::size_t(1) << 20;
    std::vector<std::size_t> d_list = {32, 1024};
    bool d_given = false;
    std::vector<const method_entry*> methods;
    backend_kind backend = backend_kind::tbb;
    precision_kind precision = precision_kind::fp64;
    int threads = 0;
    double budget = 30.0;
    int reps = 3;
    std::string cache;
    bool cache_given = false;
    bool dry_run = false;
};

//! As bench: float rounds 2^29 times coarser than double.
double agreement_tolerance(precision_kind p) { return p == precision_kind::fp32 ? 1e-4 : 1e-10; }

void print_help()
{
    std::printf(
        "usage: boost_odeint_tiled tune [options]\n"
        "\n"
        "Finds the fastest tiling for each access distance d and method on this machine\n"
        "and stores it in the tuning cache, where tiling::automatic() looks first (bench's\n"
        "`tuned` stepper shows the effect). Candidates: the tilings bench tries by default,\n"
        "the model's automatic choice, and trapezoids and hexagons of every height with\n"
        "widths from the legal minimum doubling up to what the caches hold, on the CPU\n"
        "with 1, 2, 4, ... threads per tile; the memory-traffic model prunes those that\n"
        "cannot win. The fastest few and the default ones are measured again in\n"
        "interleaved rounds; a winner closer to the best default than the rounds scatter\n"
        "meets it in 4 more rounds, and one less than the rounds' spread (0.5-2 %%)\n"
        "ahead of the best default or the model's choice gives way to it. The winner must agree\n"
        "with stock odeint (max relative difference <= 1e-10, float 1e-4) before it is\n"
        "stored.\n"
        "\n"
        "options:\n"
        "  --backend B      tbb | cuda                                      (default tbb)\n"
        "                   cuda: thrust::device_vector states, only in a build with\n"
        "                   the CUDA backend; it searches scheme, width and height and\n"
        "                   the launch knobs: threads per block and components per\n"
        "                   thread (register tiles), blocks per tile in clusters or\n"
        "                   through L2 (multi-block register tiles, 2 .. 16 blocks),\n"
        "                   threads per block (none)\n"
        "  --problem P      bruss2d | heat | phase-chain                 (default bruss2d)\n"
        "                   heat and phase-chain have d = 1 and ignore --d (lorenz96\n"
        "                   is not tuned: see bench)\n"
        "  --n N            components; suffixes Ki, Mi, Gi                (default 1Mi)\n"
        "  --d LIST         access distances, comma separated, even      (default 32,1024)\n"
        "  --methods LIST   comma separated, or 'all'                   (default rk4,verner56)\n"
        "                   rk4, rk38, euler, heun-euler21, bogacki-shampine32,\n"
        "                   cash-karp54, dopri5, verner56, fehlberg78\n"
        "  --precision P    double | float: the value type the entry is for (default double)\n"
        "  --threads T      tbb: tune for a tbb::task_arena of T threads (default: all);\n"
        "                   the cache entry is for that thread count\n"
        "  --budget SEC     rough time limit per (d, method) for the search (default 30);\n"
        "                   the default tilings, the model's and the final rounds are\n"
        "                   measured even when it is spent\n"
        "  --reps R         repetitions per measurement, the median counts (default 3)\n"
        "  --cache FILE     the cache file to write (default: the library's location,\n"
        "                   $BOOST_ODEINT_TILED_TUNING_CACHE, else\n"
        "                   $XDG_CACHE_HOME/boost_odeint_tiled/tuning.txt, else\n"
        "                   ~/.cache/boost_odeint_tiled/tuning.txt). Checked before\n"
        "                   anything is measured: a file that is not a tuning cache, or\n"
        "                   one tune cannot read or replace, ends tune at once (exit 1).\n"
        "                   While it measures, tune holds FILE.tune.lock; a second tune\n"
        "                   for the same file warns and waits until the first has\n"
        "                   finished, as timings taken while both compete for the cores\n"
        "                   are unreliable\n"
        "  --dry-run        list the candidates and the model's numbers; measure and\n"
        "                   store nothing\n"
        "  -h, --help       this text\n"
        "\n"
        "columns: vol = the plan's modelled memory traffic in state vectors per step,\n"
        "cost = vol plus the model's penalties (shared-cache tiles, thread teams), ms/step =\n"
        "median of the search measurement, final = best of the final rounds, x best =\n"
        "its time (final, else ms/step) over the winner's, from = why the candidate is\n"
        "there (bench-none, bench-trapezoidal, bench-hexagonal, model, near-X = X at\n"
        "half or twice the width or the team size, search).\n"
        "The entry is keyed by the device (CPU model and thread count, or GPU name and\n"
        "SM count), the method, n, d and the value size, not by the problem:\n"
        "automatic() uses it for every system of that n and d.\n"
        "\n"
        "exit status: 0 success, 1 the cache file cannot be written (checked first), no\n"
        "candidate ran or the winner disagreed with stock odeint (nothing is stored\n"
        "then), 2 a bad command line.\n");
}

tune_options parse(int argc, char** argv, bool& help)
{
    tune_options o;
    bool methods_given = false;
    arg_reader in(argc, argv, 1);
    while (!in.done()) {
        const std::string opt = in.next_option();
        if (opt == "--help") { in.no_value(); help = true; return o; }
        else if (parse_selection_option(opt, in, o, methods_given)) {
        } else if (opt == "--backend") {
            const std::string b = in.value();
            if (b == "tbb") o.backend = backend_kind::tbb;
            else if (b == "cuda") o.backend = backend_kind::cuda;
            else throw usage_error("--backend: '" + b + "' (tbb, cuda)");
        } else if (opt == "--precision") {
            const std::string p = in.value();
            if (p == "float") o.precision = precision_kind::fp32;
            else if (p == "double") o.precision = precision_kind::fp64;
            else throw usage_error("--precision: '" + p + "' (double, float)");
        } else if (opt == "--threads") {
            const std::size_t t = parse_size(in.value(), "--threads");
            if (t == 0 || t > 4096) throw usage_error("--threads: must be 1 .. 4096");
            o.threads = static_cast<int>(t);
        } else if (opt == "--budget") {
            o.budget = parse_double(in.value(), "--budget");
            if (!(o.budget >= 0 && o.budget < 1e6)) throw usage_error("--budget: must be non-negative seconds");
        } else if (opt == "--reps") {
            const std::size_t r = parse_size(in.value(), "--reps");
            if (r == 0 || r > 1000) throw usage_error("--reps: must be 1 .. 1000");
            o.reps = static_cast<int>(r);
        } else if (opt == "--cache") {
            o.cache = in.value();
            o.cache_given = true;
            if (o.cache.empty()) throw usage_error("--cache: needs a file name");
        } else if (opt == "--dry-run") {
            in.no_value();
            o.dry_run = true;
        } else
            throw usage_error("unknown option '" + opt + "'");
    }
    if (o.backend == backend_kind::cuda && !built_with_cuda)
        throw usage_error("--backend cuda: this build has no CUDA backend (configure with "
                          "-DBOOST_ODEINT_TILED_ENABLE_CUDA=ON and nvcc)");
    if (!methods_given) o.methods = parse_methods("rk4,verner56");
    if (o.problem == problem_kind::bruss2d) {
        std::sort(o.d_list.begin(), o.d_list.end());
        o.d_list.erase(std::unique(o.d_list.begin(), o.d_list.end()), o.d_list.end());
        check_bruss2d_sizes(o.n, o.d_list);
    } else
        o.d_list = {1};
    if (o.problem == problem_kind::lorenz96)
        throw usage_error("--problem lorenz96: tune does not search periodic systems' ring plans (the tuning cache "
                          "keys n and d, not the ring); bench and verify run lorenz96");
    if (!o.cache_given) o.cache = tiled::tuning_cache::default_path();
    if (!o.dry_run && o.cache.empty())
        throw usage_error(std::string("the tuning cache is disabled (") + tiled::tuning_cache::environment_variable +
                          " is empty or \"off\") and no --cache FILE was given");
    return o;
}

// ---- candidates ----------------------------------------------------------------------

/*! One tiling to measure: an explicit tiling (bench_job::tilings), or, for the CUDA
    backend's defaults and the model's choice, one of bench's stepper kinds, whose
    tiling is known once it ran (the runner reports it). */
struct candidate
{
    tiled::tiling config = tiled::tiling::none();
    bool known = true;       //!< config is the tiling (CUDA defaults and model: after the first run)
    stepper_kind kind = stepper_kind::none;  //!< what to ask bench's runner for while !known
    std::string from;        //!< bench-none, bench-trapezoidal, bench-hexagonal, model, search
    bool mandatory = false;  //!< measured whatever the budget and the pruning say
    double volume = std::numeric_limits<double>::quiet_NaN();  //!< modelled vectors of memory traffic per step
    double cost = std::numeric_limits<double>::quiet_NaN();    //!< volume plus the model's penalties
    double ms = std::numeric_limits<double>::quiet_NaN();      //!< search measurement
    double final_ms = std::numeric_limits<double>::quiet_NaN();  //!< best of the final rounds
    double final_worst = std::numeric_limits<double>::quiet_NaN();  //!< slowest of the final rounds
    std::string error;
    bool measured = false;
    std::string device;      //!< the runner's tuning_device
};

struct candidate_set
{
    std::vector<candidate> list;  //!< mandatory ones first, then by modelled cost
    std::size_t generated = 0;    //!< search candidates made
    std::size_t invalid = 0;      //!< rejected by make_tiling_plan
    std::size_t too_big = 0;      //!< working set above the last-level cache
    std::size_t pruned = 0;       //!< modelled traffic far above the best
};

struct machine_model
{
    backend_kind backend = backend_kind::tbb;
    std::size_t workers = 1;
    tiled::cpu_caches caches;
    std::size_t value_size = sizeof(double);
};

//! Is `label` one of the comma-separated labels of `from` ("model,bench-trapezoidal")?
//! Not a substring test: "near-model" is a search candidate next to the model's.
bool from_includes(const std::string& from, const std::string& label)
{
    std::size_t begin = 0;
    while (begin <= from.size()) {
        const std::size_t end = std::min(from.find(',', begin), from.size());
        if (from.compare(begin, end - begin, label) == 0) return true;
        begin = end + 1;
    }
    return false;
}

// ---- the final rounds' noise -------------------------------------------------------

//! Extra rounds of a close final between the winner and the best default.
constexpr std::size_t head_to_head_rounds = 4;

//! How far apart one candidate's final rounds lie, (slowest - fastest) / fastest, as the
//! median over the finalists (0 without finished rounds): how far this machine's
//! rounds scatter.
double rounds_noise(const candidate_set& set, const std::vector<std::size_t>& finalists)
{
    std::vector<double> spreads;
    for (std::size_t i : finalists) {
        const candidate& c = set.list[i];
        if (!std::isnan(c.final_ms) && !std::isnan(c.final_worst) && c.final_ms > 0)
            spreads.push_back(c.final_worst / c.final_ms - 1.0);
    }
    if (spreads.empty()) return 0.0;
    std::sort(spreads.begin(), spreads.end());
    return spreads[spreads.size() / 2];
}

//! rounds_noise clamped to [0.5 %, 2 %]: the margin a tiling must win by to count as
//! faster than a default (see where the winner is chosen). The cap keeps this a
//! tie-break: on a machine whose rounds spread by 10 % and more, a margin that wide
//! would give up tilings that a longer benchmark confirms ahead of the default.
double rounds_spread(const candidate_set& set, const std::vector<std::size_t>& finalists)
{
    return std::min(0.02, std::max(0.005, rounds_noise(set, finalists)));
}

//! Modelled memory volume (as the automatic choice computes it: on a prefix of 128
//! tile widths, the traffic per component hardly depends on n) and, on the CPU, the
//! cost with the model's penalties. False (and c.error) for a tiling the planner rejects.
bool model_of(const tiled::link_chain& chain, std::size_t n, std::size_t d, const machine_model& m, candidate& c)
{
    try {
        const std::size_t w = c.config.width() ? c.config.width() : (std::size_t(1) << 15);
        const std::size_t n_model = std::min(n, 128 * w);
        c.volume = tiled::make_tiling_plan(chain, n_model, d, c.config).memory_volume();
        (void)tiled::make_tiling_plan(chain, n, d, c.config);  // valid at the real size too
    } catch (const std::exception& e) {
        c.error = e.what();
        return false;
    }
    c.cost = c.volume;
    if (m.backend == backend_kind::tbb && c.config.kind() != tiled::tiling::scheme::none) {
        const std::size_t team = std::max<std::size_t>(1, c.config.threads_per_tile());
        const double working_set = double(c.config.width()) * double(2 * chain.links + 1) * double(m.value_size);
        if (working_set > tiled::tbb_launch_policy::cache_fill * double(team * m.caches.l2_per_core))
            c.cost += tiled::tbb_launch_policy::last_level_penalty;
        if (team > 1) c.cost += tiled::tbb_launch_policy::team_penalty_per_link * double(chain.links);
    }
    return true;
}

//! The shapes of the search: trapezoids of every height, hexagons of every even
//! height, widths from the legal minimum (rounded up to `quantum`) doubling up to
//! w_max (and the minimum itself).
template <class Visit>
void for_each_shape(const tiled::link_chain& chain, std::size_t n, std::size_t d, std::size_t quantum,
                    std::size_t w_max, Visit visit)
{
    auto round_up = [&](std::size_t v) { return std::max(quantum, (v + quantum - 1) / quantum * quantum); };
    for (std::size_t h = 1; h <= chain.links; ++h)
        for (int hex = 0; hex < 2; ++hex) {
            if (hex && h % 2 != 0) continue;
            const std::size_t w_min = round_up(hex ? (h - 1) * d : (2 * h - 1) * d);
            std::vector<std::size_t> widths = {w_min};
            for (std::size_t w = quantum; w <= w_max; w *= 2)
                if (w > w_min) widths.push_back(w);
            for (std::size_t w : widths) {
                w = std::min(w, n);
                visit(hex ? tiled::tiling::hexagonal(w, h) : tiled::tiling::trapezoidal(w, h), w, h);
            }
        }
}

//! Keeps the search candidates whose modelled traffic is at most about twice the
//! best (far more cannot win), cheapest first, after the mandatory ones and their
//! neighbours (measured next, whatever the model says of them).
void prune_and_order(candidate_set& set, std::vector<candidate> mandatory, std::vector<candidate> found,
                     std::vector<candidate> neighbours = {})
{
    double best = std::numeric_limits<double>::infinity();
    for (const candidate& c : found) best = std::min(best, c.volume);
    for (const candidate& c : mandatory)
        if (c.known && !std::isnan(c.volume)) best = std::min(best, c.volume);
    const double limit = 2.0 * best + 2.0;
    std::vector<candidate> near, kept;
    auto seen = [&](const candidate& c) {
        for (const std::vector<candidate>* v : {&mandatory, &near, &kept})
            for (const candidate& k : *v)
                if (k.known && k.config == c.config) return true;
        return false;
    };
    for (const candidate& c : neighbours)
        if (!seen(c)) near.push_back(c);
    for (const candidate& c : found) {
        if (seen(c)) continue;
        if (c.volume > limit) ++set.pruned;
        else kept.push_back(c);
    }
    std::stable_sort(kept.begin(), kept.end(), [](const candidate& a, const candidate& b) { return a.cost < b.cost; });
    set.list = std::move(mandatory);
    set.list.insert(set.list.end(), near.begin(), near.end());
    set.list.insert(set.list.end(), kept.begin(), kept.end());
}

candidate_set tbb_candidates(const tiled::link_chain& chain, std::size_t n, std::size_t d, const machine_model& m)
{
    candidate_set set;
    // always measured: what bench tries by default, and the model's choice
    std::vector<candidate> mandatory;
    auto add_mandatory = [&](const tiled::tiling& t, const char* from) {
        for (candidate& c : mandatory)
            if (c.config == t) { c.from += std::string(",") + from; return; }
        candidate c;
        c.config = t;
        c.from = from;
        c.mandatory = true;
        if (model_of(chain, n, d, m, c)) mandatory.push_back(c);
    };
    add_mandatory(tiled::choose_tbb_tiling(chain, n, d, m.value_size, m.workers, m.caches), "model");
    const std::pair<stepper_kind, const char*> defaults[] = {{stepper_kind::none, "bench-none"},
                                                             {stepper_kind::trapezoidal, "bench-trapezoidal"},
                                                             {stepper_kind::hexagonal, "bench-hexagonal"},
                                                             {stepper_kind::overlapped, "bench-overlapped"}};
    for (const auto& def : defaults) {
        try {
            const tiled::tiling t = default_tiling(def.first, d, chain.links);
            // bench's overlapped tiles only where a step has at least 8 of them: at large
            // d their margins make them wider than a cache holds (n = 16 Mi, d = 131072: 3 Mi)
            if (def.first == stepper_kind::overlapped && 8 * t.width() > n) continue;
            add_mandatory(t, def.second);
        } catch (const std::invalid_argument&) {}  // e.g. a hexagon for a 1-link method
    }

    // the search: per team size, widths up to what the team's caches hold, at least
    // two tiles of a kernel per team
    const std::size_t block = tiled::tbb_launch_policy::block_size;
    const std::size_t live = 2 * chain.links + 1;  // vectors a tile keeps (as the model counts)
    std::vector<candidate> found;
    for (std::size_t team = 1; team <= std::min<std::size_t>(m.workers, 30); team *= 2) {
        const std::size_t concurrent = std::max<std::size_t>(1, m.workers / team);
        const double cache_bytes =
            std::max(double(team * m.caches.l2_per_core), double(m.caches.last_level) / double(concurrent));
        const std::size_t w_cache = std::size_t(cache_bytes / double(live * m.value_size));
        const std::size_t w_share = std::max<std::size_t>(block, n / (2 * concurrent));
        for_each_shape(chain, n, d, block, std::min(w_cache, w_share), [&](tiled::tiling t, std::size_t w, std::size_t) {
            t.threads_per_tile(team).block_size(block);
            ++set.generated;
            if (double(w) * double(live * m.value_size) * double(concurrent) > double(m.caches.last_level)) {
                ++set.too_big;
                return;
            }
            candidate c;
            c.config = t;
            c.from = "search";
            if (model_of(chain, n, d, m, c)) found.push_back(c);
            else ++set.invalid;
        });
    }
    // the defaults and the model's choice at half and twice their width, the other
    // team sizes: where the model is off, the winner is often next to one of them
    std::vector<candidate> neighbours;
    for (const candidate& c : mandatory) {
        if (c.config.kind() == tiled::tiling::scheme::none) continue;
        const std::size_t w = c.config.width(), h = c.config.height();
        const std::size_t team = std::max<std::size_t>(1, c.config.threads_per_tile());
        const tiled::tiling::scheme kind = c.config.kind();
        const std::pair<std::size_t, std::size_t> variants[] = {{w / 2, team}, {std::min(n, 2 * w), team},
                                                                {w, team * 2}, {w, team / 2}};
        for (const auto& v : variants) {
            if (v.first == 0 || v.second == 0 || v.second > std::min<std::size_t>(m.workers, 30)) continue;
            candidate near;
            near.config = (kind == tiled::tiling::scheme::hexagonal    ? tiled::tiling::hexagonal(v.first, h)
                           : kind == tiled::tiling::scheme::overlapped ? tiled::tiling::overlapped(v.first, h)
                                                                       : tiled::tiling::trapezoidal(v.first, h))
                              .threads_per_tile(v.second)
                              .block_size(c.config.block_size() ? c.config.block_size() : block);
            if (near.config == c.config) continue;
            near.from = "near-" + c.from.substr(0, c.from.find(','));
            if (model_of(chain, n, d, m, near)) neighbours.push_back(near);
        }
    }
    prune_and_order(set, std::move(mandatory), std::move(found), std::move(neighbours));
    return set;
}

/*! The CUDA backend runs one tile per thread block (or a few), so its tiles are
    narrower than the host's. The search has three parts:
    - register tiles (register_tile_kernel.hpp), with the block shape as knobs:
      threads per block T and components per thread C (C*T = the tile width), each
      trapezoid height the width holds (2h-1)d <= C*T, hexagons of even height
      (h-1)d <= C*T;
    - multi-block register tiles: G = 2 .. 16 blocks per tile, in clusters or
      through L2, the tallest trapezoid G*C*T holds;
    - general-kernel shapes: widths from the legal minimum (rounded up to 256)
      doubling up to 16 Ki, with the backend's default block;
    - overlapped tiles of the whole chain for the streaming kernel, where it applies:
      64 .. 512 threads per block (the chunk, >= d), three tile widths;
    - none() with 128 .. 1024 threads per block (its stage kernels).
    Bench's defaults and the model's choice are asked for by stepper kind; their
    tilings are known once they ran. */
candidate_set cuda_candidates(const tiled::link_chain& chain, std::size_t n, std::size_t d, const machine_model& m)
{
    candidate_set set;
    std::vector<candidate> mandatory;
    const std::pair<stepper_kind, const char*> kinds[] = {{stepper_kind::automatic, "model"},
                                                          {stepper_kind::none, "bench-none"},
                                                          {stepper_kind::trapezoidal, "bench-trapezoidal"},
                                                          {stepper_kind::hexagonal, "bench-hexagonal"},
                                                          {stepper_kind::overlapped, "bench-overlapped"}};
    for (const auto& k : kinds) {
        // bench's overlapped tiles where the streaming kernel runs them (d <= 1024);
        // beyond, the general kernel's narrow overlapped tiles lose to none()
        if (k.first == stepper_kind::overlapped && tiled::cuda_launch_policy::streaming_threads_for(d) == 0) continue;
        candidate c;
        c.kind = k.first;
        c.known = k.first == stepper_kind::none;
        c.from = k.second;
        c.mandatory = true;
        if (c.known) model_of(chain, n, d, m, c);
        mandatory.push_back(c);
    }
    std::vector<candidate> found, neighbours;
    // a searched tiling, known from the start (it runs as an explicit tiling), into `to`
    auto add = [&](const tiled::tiling& t, std::vector<candidate>& to, const char* from) {
        ++set.generated;
        candidate c;
        c.config = t;
        c.from = from;
        if (model_of(chain, n, d, m, c)) to.push_back(c);
        else ++set.invalid;
    };
    // register tiles: (components per thread, threads per block) the kernel is built for
    // (4 components per thread: at most 128 threads, register_tile_launch_bounds, and
    // chains of at most cuda_launch_policy::most_links_four_per_thread links)
    using tiled::cuda_launch_policy;
    const std::pair<std::size_t, std::size_t> block_shapes[] = {{4, 64}, {4, 128}, {2, 64},
                                                                {2, 128}, {2, 256}, {2, 512}};
    for (const auto& shape : block_shapes) {
        if (shape.first == 4 && chain.links > cuda_launch_policy::most_links_four_per_thread) continue;
        const std::size_t w = shape.first * shape.second;
        if (w > n) continue;
        for (std::size_t h = 1; h <= chain.links; ++h) {
            if ((2 * h - 1) * d <= w)
                add(tiled::tiling::trapezoidal(w, h).components_per_thread(shape.first).threads_per_block(shape.second),
                    found, "search");
            if (h % 2 == 0 && (h - 1) * d <= w)
                add(tiled::tiling::hexagonal(w, h).components_per_thread(shape.first).threads_per_block(shape.second),
                    found, "search");
        }
    }
    // multi-block register tiles (tile_group.hpp): G blocks of one shape share a tile
    // G*C*T wide, as a cluster (halos in distributed shared memory) or through L2;
    // the tallest trapezoid the width holds
    const std::pair<std::size_t, std::size_t> group_shapes[] = {{4, 128}, {2, 512}};
    for (const auto& shape : group_shapes) {
        if (shape.first == 4 && chain.links > cuda_launch_policy::most_links_four_per_thread) continue;
        const std::size_t block_width = shape.first * shape.second;
        if (cuda_launch_policy::register_tile_shared_values(block_width, d) * m.value_size > 200 * 1024) continue;
        for (std::size_t blocks : {2, 4, 8, 16}) {
            const std::size_t w = blocks * block_width;
            if (w > n) break;
            std::size_t tallest = 0;
            for (std::size_t h = 1; h <= chain.links; ++h)
                if ((2 * h - 1) * d <= w) tallest = h;
            if (tallest == 0) continue;
            for (bool clusters : {true, false})
                add(tiled::tiling::trapezoidal(w, tallest)
                        .components_per_thread(shape.first)
                        .threads_per_block(shape.second)
                        .blocks_per_tile(blocks)
                        .use_clusters(clusters),
                    found, "search");
        }
    }
    constexpr std::size_t quantum = 256, w_max = 16384;
    for_each_shape(chain, n, d, quantum, w_max, [&](const tiled::tiling& t, std::size_t, std::size_t) {
        if (t.width() > 1024) add(t, found, "search");  // narrower ones: register tiles, searched above
    });
    // overlapped tiles of the whole chain for the streaming kernel (streaming_tile_kernel.hpp),
    // where it applies: chunks of 64 .. 512 threads (>= d, or 512 reading two chunks either
    // side up to d = 1024), tiles for 1, 2 and 4 waves of
    // its resident blocks on the 132 SMs of an H100 or H200 (automatic() takes one wave)
    for (std::size_t threads : {64, 128, 256, 512}) {
        const std::size_t wave = tiled::streaming_wave_tiles(chain, d, threads, m.value_size, 132);
        if (wave == 0) continue;
        for (std::size_t waves : {1, 2, 4})
            add(tiled::tiling::overlapped(
                    cuda_launch_policy::streaming_tile_width(n, d, chain.links, threads, waves * wave), chain.links)
                    .threads_per_block(threads),
                found, "search");
    }
    // none()'s block sizes are its neighbours: measured whatever their modelled traffic, which
    // overrates the wide tiles of the general kernel at large d, where none() wins on the GPU
    for (std::size_t threads : {128, 512, 1024})
        add(tiled::tiling::none().threads_per_block(threads), neighbours, "near-bench-none");
    prune_and_order(set, std::move(mandatory), std::move(found), std::move(neighbours));
    return set;
}

// ---- measurement -----------------------------------------------------------------

//! Runs `c` (after the stock stepper `reference`, if given) with job's steps and reps.
std::vector<bench_result> run_candidate(const method_entry& method, backend_kind backend, bench_job job,
                                        const candidate& c, const stepper_kind* reference)
{
    job.steppers.clear();
    if (reference) job.steppers.push_back(*reference);
    if (c.known) {
        const tiled::tiling t = c.config;
        job.tilings = [t](const tiling_context&) { return std::vector<tiled::tiling>{t}; };
        return backend == backend_kind::tbb ? method.run(job) : method.run_cuda(job);
    }
    job.steppers.push_back(c.kind);
    return method.run_cuda(job);
}

//! Times one candidate; NaN (and c.error) when it fails. Learns the candidate's
//! tiling, volume and device from the runner.
double time_candidate(const method_entry& method, backend_kind backend, const bench_job& job, candidate& c)
{
    std::vector<bench_result> rs;
    try {
        rs = run_candidate(method, backend, job, c, nullptr);
    } catch (const std::exception& e) {
        rethrow_if_out_of_memory(e);
        c.error = e.what();
        return std::numeric_limits<double>::quiet_NaN();
    }
    if (rs.empty() || !rs.back().ok) {
        c.error = rs.empty() ? std::string("no result") : rs.back().error;
        return std::numeric_limits<double>::quiet_NaN();
    }
    const bench_result& r = rs.back();
    if (!c.known && !r.tiling_text.empty()) {
        try {
            c.config = tiled::parse_tiling_text(r.tiling_text);
            c.known = true;
        } catch (const std::exception& e) {
            c.error = std::string("the runner reported a tiling tune cannot read: ") + e.what();
            return std::numeric_limits<double>::quiet_NaN();
        }
    }
    if (std::isnan(c.volume)) c.volume = c.cost = r.memory_volume;
    c.device = r.tuning_device;
    return r.ms_per_step;
}

table make_table()
{
    return table({{"#", "index"},
                  {"tiling", "tiling", true},
                  {"from", "from", true},
                  {"vol", "memory_volume"},
                  {"cost", "model_cost"},
                  {"ms/step", "ms_per_step"},
                  {"final", "final_ms_per_step"},
                  {"x best", "x_best"},
                  {"note", "note", true}});
}

struct outcome
{
    bool ok = true;
    std::string message;
};

std::string describe(const candidate& c)
{
    if (c.known) return c.config.to_string();
    return std::string(stepper_name(c.kind)) + " (bench's GPU default)";
}

outcome tune_one(const tune_options& o, const method_entry& method, std::size_t d, const machine_model& m)
{
    const tiled::link_chain chain = chain_of(method);
    const std::string where = std::string(method.name) + ", d = " + std::to_string(d);
    std::string how;
    const double dt = default_step_size(o.problem, o.n, d, how);
    candidate_set set = o.backend == backend_kind::cuda ? cuda_candidates(chain, o.n, d, m)
                                                        : tbb_candidates(chain, o.n, d, m);
    std::printf("%s (%zu links): %zu candidates (%zu searched: %zu over the last-level cache, %zu invalid, "
                "%zu pruned by modelled traffic)\n",
                where.c_str(), chain.links, set.list.size(), set.generated, set.too_big, set.invalid, set.pruned);
    std::fflush(stdout);

    table t = make_table();
    auto add_row = [&](std::size_t i, const candidate& c, double best_ms, bool winner) {
        std::vector<cell> row;
        row.push_back(cell::integer(static_cast<long long>(i + 1)));
        row.push_back(cell::str(describe(c)));
        row.push_back(cell::str(c.from));
        row.push_back(std::isnan(c.volume) ? cell::none() : cell::num(c.volume, "%.2f"));
        row.push_back(std::isnan(c.cost) ? cell::none() : cell::num(c.cost, "%.2f"));
        row.push_back(std::isnan(c.ms) ? cell::none() : cell::num(c.ms, "%.3f"));
        row.push_back(std::isnan(c.final_ms) ? cell::none() : cell::num(c.final_ms, "%.3f"));
        const double mine = std::isnan(c.final_ms) ? c.ms : c.final_ms;
        row.push_back(!std::isnan(mine) && best_ms > 0 ? cell::num(mine / best_ms, "%.2f") : cell::none());
        std::string note = winner ? "WINNER" : "";
        if (!c.error.empty()) note += (note.empty() ? "error: " : "; error: ") + c.error;
        else if (!c.measured && !o.dry_run) note += "not measured (budget)";
        row.push_back(note.empty() ? cell::none() : cell::str(note));
        t.add_row(std::move(row));
    };

    if (o.dry_run) {
        for (std::size_t i = 0; i < set.list.size(); ++i) add_row(i, set.list[i], 0.0, false);
        t.print(std::cout, "  ");
        std::cout << std::endl;
        return {};
    }

    bench_job job;
    job.problem = o.problem;
    job.n = o.n;
    job.d = d;
    job.dt = dt;
    job.precision = o.precision;
    job.reps = o.reps;
    job.label = "tune d=" + std::to_string(d) + " " + method.name;

    // steps per repetition: about 40 ms of the model's tiling, at least 3
    {
        bench_job probe = job;
        probe.steps = 0;
        probe.reps = 1;
        probe.warmup = 1;
        probe.target_seconds = 0.04;
        std::vector<bench_result> rs;
        try {
            rs = run_candidate(method, o.backend, probe, set.list.front(), nullptr);
        } catch (const std::exception& e) {
            rethrow_if_out_of_memory(e);
        }
        job.steps = (!rs.empty() && rs.back().ok) ? std::max<std::size_t>(3, rs.back().steps) : 3;
    }
    // two warm-up steps, as bench takes, so that both measure the same thing (the
    // search's times still run above bench's on the 16-core host; the cause is not
    // established: every candidate's run allocates its state and stepper afresh;
    // doc/results/cpu_16_cores.md, "Measurements behind the defaults")
    job.warmup = 2;

    stopwatch clock;
    for (candidate& c : set.list) {
        if (!c.mandatory && clock.seconds() > o.budget) continue;
        c.ms = time_candidate(method, o.backend, job, c);
        c.measured = true;
    }

    // final rounds: the fastest few, the defaults and the model's, interleaved; the best
    // of each one's rounds counts (other work on the machine only ever slows a run down)
    std::vector<std::size_t> order;
    for (std::size_t i = 0; i < set.list.size(); ++i)
        if (set.list[i].measured && !std::isnan(set.list[i].ms)) order.push_back(i);
    if (order.empty()) return {false, where + ": no candidate ran"};
    std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return set.list[a].ms < set.list[b].ms; });
    std::vector<std::size_t> finalists(order.begin(), order.begin() + std::min<std::size_t>(order.size(), 4));
    for (std::size_t i : order)
        if (set.list[i].mandatory && std::find(finalists.begin(), finalists.end(), i) == finalists.end())
            finalists.push_back(i);
    // repetitions three times the search's (about 0.12 s of the model's tiling): on a
    // shared or virtual machine the search's short repetitions let a burst of other
    // work pick a winner that a longer benchmark then finds well behind
    // (doc/results/cpu_16_cores.md, "Measurements behind the defaults")
    bench_job final_job = job;
    final_job.steps = 3 * job.steps;
    auto final_round = [&](const std::vector<std::size_t>& who) {
        for (std::size_t i : who) {
            candidate& c = set.list[i];
            const double ms = time_candidate(method, o.backend, final_job, c);
            if (!std::isnan(ms) && !(ms >= c.final_ms)) c.final_ms = ms;
            if (!std::isnan(ms) && !(ms <= c.final_worst)) c.final_worst = ms;
        }
    };
    for (int round = 0; round < 3; ++round) final_round(finalists);
    auto fastest = [&] {
        std::size_t w = finalists.front();
        for (std::size_t i : finalists)
            if (set.list[i].final_ms < set.list[w].final_ms || std::isnan(set.list[w].final_ms)) w = i;
        return w;
    };
    auto best_default_of = [&](std::size_t w) {
        std::size_t b = w;
        for (std::size_t i : finalists)
            if (set.list[i].mandatory && !std::isnan(set.list[i].final_ms) &&
                (!set.list[b].mandatory || set.list[i].final_ms < set.list[b].final_ms))
                b = i;
        return b;
    };
    std::size_t win = fastest();
    std::size_t best_default = best_default_of(win);
    std::string head_to_head_text;
    // A winner that is not a default and leads the best default by less than the
    // machine's noise (the rounds' median spread, unclamped) has not been told apart
    // from it: the two meet in `head_to_head_rounds` more rounds, alternating, and the
    // best of all their rounds counts. Three rounds alone left close winners that a
    // longer bench then found behind the default (doc/results/cpu_16_cores.md,
    // "Measurements behind the defaults"); rounds only ever slow a tiling
    // down, so more of them bring each best closer to its undisturbed time.
    const double noise = rounds_noise(set, finalists);
    if (best_default != win && set.list[best_default].mandatory &&
        set.list[best_default].final_ms <= set.list[win].final_ms * (1.0 + noise)) {
        const std::vector<std::size_t> pair{win, best_default};
        char buf[320];
        std::snprintf(buf, sizeof buf, "  close final (%.1f %% apart, rounds scatter by %.1f %%): %s and %s met in %zu more rounds\n",
                      100.0 * (set.list[best_default].final_ms / set.list[win].final_ms - 1.0),
                      100.0 * noise, set.list[win].config.to_string().c_str(),
                      set.list[best_default].config.to_string().c_str(), head_to_head_rounds);
        head_to_head_text = buf;
        for (std::size_t round = 0; round < head_to_head_rounds; ++round) final_round(pair);
        win = fastest();
        best_default = best_default_of(win);
    }
    // A winner that beats the best default (bench's fixed tilings, the model's choice)
    // by less than the rounds' own spread (at most 2 %) has not been shown to be faster:
    // the default is kept, so near-equal tilings do not replace a default by chance.
    const double spread = rounds_spread(set, finalists);
    std::string kept_text;
    if (best_default != win && set.list[best_default].mandatory &&
        set.list[best_default].final_ms <= set.list[win].final_ms * (1.0 + spread)) {
        char buf[320];
        std::snprintf(buf, sizeof buf, "  kept %s (%s): %s was %.1f %% faster, within the rounds' spread of %.1f %%\n",
                      set.list[best_default].config.to_string().c_str(), set.list[best_default].from.c_str(),
                      set.list[win].config.to_string().c_str(),
                      100.0 * (set.list[best_default].final_ms / set.list[win].final_ms - 1.0), 100.0 * spread);
        kept_text = buf;
        win = best_default;
    }
    candidate& winner = set.list[win];
    const double search_seconds = clock.seconds();
    if (std::isnan(winner.final_ms) || !winner.known || winner.device.empty())
        return {false, where + ": the final rounds failed" + (winner.error.empty() ? "" : ": " + winner.error)};

    for (std::size_t i = 0; i < set.list.size(); ++i) add_row(i, set.list[i], winner.final_ms, i == win);
    t.print(std::cout, "  ");
    std::fputs(head_to_head_text.c_str(), stdout);
    std::fputs(kept_text.c_str(), stdout);

    // the model's choice: its final-round time, else its search time (a candidate that
    // merged with another keeps that one's label: then it is not named here)
    double model_ms = std::numeric_limits<double>::quiet_NaN();
    for (const candidate& c : set.list)
        if (from_includes(c.from, "model")) model_ms = std::isnan(c.final_ms) ? c.ms : c.final_ms;
    std::string model_text;
    if (!std::isnan(model_ms))
    {
        char buf[96];
        std::snprintf(buf, sizeof buf, " (the model's choice %.4g ms/step, %.2fx)", model_ms, model_ms / winner.final_ms);
        model_text = buf;
    }
    std::printf("  winner: %s, %.4g ms/step%s; %.1f s of measuring, %zu steps x %d reps each (final rounds %zu steps)\n",
                winner.config.to_string().c_str(), winner.final_ms, model_text.c_str(), search_seconds, job.steps,
                job.reps, final_job.steps);

    // the winner must compute what stock odeint computes
    bench_job check = job;
    check.reps = 1;
    const stepper_kind stock = o.backend == backend_kind::cuda ? stepper_kind::stock_cuda : stepper_kind::stock_tbb;
    std::vector<bench_result> rs;
    try {
        rs = run_candidate(method, o.backend, check, winner, &stock);
    } catch (const std::exception& e) {
        rethrow_if_out_of_memory(e);
        return {false, where + ": the check against stock odeint failed: " + e.what()};
    }
    if (rs.size() != 2 || !rs[0].ok || !rs[1].ok)
        return {false, where + ": the check against stock odeint failed: " +
                           (rs.size() == 2 ? (rs[0].ok ? rs[1].error : rs[0].error) : std::string("no result"))};
    const double tolerance = agreement_tolerance(o.precision);
    if (!(rs[1].max_rel_diff <= tolerance)) {
        char buf[160];
        std::snprintf(buf, sizeof buf, "max rel diff %.3g > %.0e", rs[1].max_rel_diff, tolerance);
        return {false, where + ": the winner disagrees with " + rs[1].reference + " (" + buf + " after " +
                           std::to_string(rs[1].total_steps) + " steps); not stored"};
    }
    std::printf("  check: max rel diff %.3g against %s after %zu steps\n", rs[1].max_rel_diff, rs[1].reference.c_str(),
                rs[1].total_steps);

    tiled::tuning_entry entry;
    entry.key.backend = o.backend == backend_kind::cuda ? "cuda" : "tbb";
    entry.key.device = winner.device;
    entry.key.method = tiled::chain_identity(chain);
    entry.key.n = o.n;
    entry.key.d = d;
    entry.key.value_size = m.value_size;
    entry.config = winner.config;
    char note[200];
    std::snprintf(note, sizeof note, "%.4g ms/step (model %.4g) on %s, tuned %s", winner.final_ms, model_ms,
                  o.problem_name.c_str(), now_string().c_str());
    entry.note = note;
    const tiled::tuning_cache cache(o.cache);
    cache.store(entry);
    std::printf("  stored in %s for \"%s\"\n\n", cache.path().c_str(), entry.key.device.c_str());
    std::fflush(stdout);
    return {};
}

int run(const tune_options& o)
{
    machine_model m;
    m.backend = o.backend;
    m.workers = std::size_t(std::max(1, tbb::this_task_arena::max_concurrency()));
    m.caches = tiled::cpu_caches::detect();
    m.value_size = precision_bytes(o.precision);

    std::printf("boost_odeint_tiled tune%s\n", o.dry_run ? " (dry run: nothing is measured or stored)" : "");
    if (o.backend == backend_kind::cuda) {
        std::string why;
        if (cuda_device_count(&why) > 0)
            std::printf("  device    cuda: %s\n", cuda_device_description().c_str());
        else if (o.dry_run)
            std::printf("  device    cuda: none usable here (%s)\n", why.c_str());
        else
            throw std::runtime_error("--backend cuda: no usable GPU: " + why);
    } else {
        std::printf("  device    tbb: %s\n", tiled::tbb_device_name().c_str());
        std::printf("  caches    L2 %.0f KiB per core, last level %.0f KiB\n", double(m.caches.l2_per_core) / 1024.0,
                    double(m.caches.last_level) / 1024.0);
    }
    std::printf("  problem   %s, n = %s (%zu), %s\n", o.problem_name.c_str(), format_size(o.n).c_str(), o.n,
                precision_name(o.precision));
    if (o.problem != problem_kind::bruss2d)
        std::printf("  d         1 (fixed by %s%s)\n", o.problem_name.c_str(), o.d_given ? "; --d ignored" : "");
    std::printf("  cache     %s\n", o.cache.empty() ? "(disabled)" : o.cache.c_str());
    if (!o.dry_run) std::printf("  budget    %.0f s per (d, method) for the search\n", o.budget);
    std::printf("\n");
    std::fflush(stdout);

    std::vector<std::string> failures;
    for (std::size_t d : o.d_list)
        for (const method_entry* method : o.methods) {
            const outcome r = tune_one(o, *method, d, m);
            if (!r.ok) {
                failures.push_back(r.message);
                std::printf("  FAILED: %s\n\n", r.message.c_str());
            }
        }
    if (!failures.empty()) {
        std::fprintf(stderr, "boost_odeint_tiled tune: %zu (d, method) failed:\n", failures.size());
        for (const std::string& s : failures) std::fprintf(stderr, "  %s\n", s.c_str());
        return 1;
    }
    return 0;
}

} // namespace

int tune_main(int argc, char** argv)
{
    bool help = false;
    const tune_options o = parse(argc, argv, help);
    if (help) {
        print_help();
        return 0;
    }
    // A size the machine cannot hold, then the cache file, are checked before anything
    // is measured: store() would refuse a foreign or unwritable file only after minutes
    // of work, and a tune waiting for another one's lock would wait for nothing.
    memory_needs need = runner_memory(o.n, precision_bytes(o.precision), precision_name(o.precision),
                                      max_links(o.methods), o.backend == backend_kind::cuda);
    if (o.dry_run) need.host.vectors = need.gpu.vectors = 0;  // the model's numbers need no states
    check_memory_fits(need.host, need.gpu, cuda_memory_bytes);
    std::optional<tiled::tuning_measure_lock> measuring;
    if (!o.dry_run) {
        const tiled::tuning_cache cache(o.cache);
        tiled::tuning_file_contents contents;
        try {
            contents = cache.check_writable();
            measuring.emplace(cache);
        } catch (const std::runtime_error& e) {
            throw std::runtime_error(std::string("the tuning cache cannot be written, so nothing was measured: ") +
                                     e.what());
        }
        if (!contents.problems.empty())
            std::fprintf(stderr,
                         "boost_odeint_tiled tune: warning: %s: %s; tune rewrites the file without those lines\n",
                         o.cache.c_str(), tiled::detail::tuning_problems_summary(contents).c_str());
        // A second tune on this machine would time its candidates while the first one's
        // run on the same cores (and memory bus): both would store slow, arbitrary
        // winners. So this one waits; the lock is released when the other one exits.
        if (!measuring->try_lock()) {
            std::fprintf(stderr,
                         "boost_odeint_tiled tune: warning: another tune is measuring for %s (it holds %s); timings "
                         "measured while it competes for the same cores are unreliable, so this tune waits until it "
                         "has finished (Ctrl-C to give up)\n",
                         o.cache.c_str(), measuring->path().c_str());
            measuring->lock();
            std::fprintf(stderr, "boost_odeint_tiled tune: the other tune has finished; measuring now\n");
        }
    }
    // --threads is for the TBB backend only (a GPU tuning key has no thread count)
    return run_with_threads(o.backend == backend_kind::tbb ? o.threads : 0, [&] {
        return with_memory_report(need.host, need.gpu, cuda_memory_bytes, [&] { return run(o); });
    });
}

} // namespace bot_tool
