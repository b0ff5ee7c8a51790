/*
 boost/numeric/odeint/tiled/backends/tbb/tbb_executor.hpp

 Executes a tiling plan on the CPU with TBB. Kernels run one after the other;
 the tiles of a kernel run in parallel. A link's RHS and its linear combinations
 are fused block by block (Werner's thesis, §10.4.1.3, "in-link sub-blocked"),
 so a block of F_j is consumed while it is still in L1. Vectors a tile keeps to
 itself live in a tile-local scratch area ("array contraction", thesis §10.4.1.2);
 only the edge strips other tiles need travel through memory. (References:
 doc/how_it_works.md, "References".)

 A tile of one thread runs its links as a wavefront: each round (a block, and at
 least 2d components) the front advances and link j computes up to j*d components
 behind it, which is all that link j-1 has left it to read. A block's stage data
 is then read by the next link a round later, still in L1, rather than after a
 pass over the whole tile, from L2; the wide tiles automatic() picks at large d keep
 their working set in L2 so (numbers: doc/results/cpu_16_cores.md, "Measurements
 behind the defaults"). The values are those of link-by-link
 order, bit for bit: every component is formed by the same operations.

 Multi-thread tiles (thesis §10.4.1.4-10.4.1.7): with threads_per_tile = T > 1, teams
 of T workers share a tile, each taking the same block range of every link
 ("block-wise all-same", so a worker's components stay in its private cache) and
 meeting at a barrier after each link. The barrier cannot deadlock even if TBB
 runs fewer workers at once than asked: a worker that arrives first takes over
 the unclaimed shares of absent team mates, and waits only for shares another
 running worker has claimed.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_EXECUTOR_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_EXECUTOR_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstddef>
#include <memory>
#include <thread>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/partitioner.h>
#include <tbb/task_arena.h>

#include <boost/numeric/odeint/tiled/backends/tbb/tbb_workspace.hpp>
#include <boost/numeric/odeint/tiled/backends/tbb/tuning.hpp>
#include <boost/numeric/odeint/tiled/core/link_dispatch.hpp>
#include <boost/numeric/odeint/tiled/core/step_vectors.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/system/range_rhs.hpp>
#include <boost/numeric/odeint/tiled/system/stage_view.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

namespace detail {

//! Where each vector of one tile lives: component i of vector v is base[v][i - offset[v]].
template <class Value, std::size_t NV>
struct tile_views
{
    Value* base[NV];
    long long offset[NV];
};

//! One share of the work of a multi-thread tile phase, claimed by exactly one worker.
struct alignas(64) team_phase
{
    std::atomic<int> claimed_mask{0};
    std::atomic<int> done{0};
};

inline void spin_pause(unsigned& spins)
{
    if (++spins < 64) return;
#if defined(__x86_64__) || defined(__i386__)
    if (spins < 4096) { __builtin_ia32_pause(); return; }
#endif
    std::this_thread::yield();
}

//! The error norm of one step, merged from the blocks of all tiles (FusedNorm runs).
template <class Value>
struct error_norm_accumulator
{
    std::atomic<Value> max{Value(0)};
    std::atomic<bool> non_finite{false};
    std::atomic<bool> state_non_finite{false};

    void merge(const error_norm_block<Value>& r)
    {
        Value cur = max.load(std::memory_order_relaxed);
        while (cur < r.max && !max.compare_exchange_weak(cur, r.max, std::memory_order_relaxed)) {}
        if (r.non_finite) non_finite.store(true, std::memory_order_relaxed);
        if (r.state_non_finite) state_non_finite.store(true, std::memory_order_relaxed);
    }
    error_norm_block<Value> result() const
    {
        error_norm_block<Value> r;
        r.max = max.load();
        r.non_finite = non_finite.load();
        r.state_non_finite = state_non_finite.load();
        return r;
    }
};

/*! Runs the tiles of one plan for one step. With FusedNorm (error chain only) the
    error link's LC reduces the error estimate to odeint's error norm instead of
    storing it (fused_operations::apply_link_lc_error_norm), one merge per block. */
template <class Tableau, bool WithError, class Operations, class System, class Value, bool FusedNorm = false,
          bool GivenFirstDerivative = false>
class tbb_tile_runner
{
    static_assert(!FusedNorm || WithError, "a fused error norm needs the error chain");

public:
    using chain = chain_traits<Tableau, WithError>;
    static constexpr std::size_t NV = chain::vector_count;
    using views_type = tile_views<Value, NV>;

    tbb_tile_runner(const System& sys, Value* const (&vectors)[NV],
                    const link_coefficients<Tableau, Value>& coef, std::size_t block, std::size_t d,
                    const error_norm_params<Value>* norm_params = nullptr,
                    error_norm_accumulator<Value>* norm = nullptr)
        : m_sys(sys), m_coef(coef), m_block(block ? block : tbb_launch_policy::default_block_size<System>()), m_d(static_cast<long long>(d)),
          m_norm_params(norm_params), m_norm(norm)
    {
        for (std::size_t v = 0; v < NV; ++v) m_vectors[v] = vectors[v];
    }

    //! Scratch values one tile needs (its staged vectors, each padded to a cache line).
    //! The outputs are staged too where a tile computes more of them than it writes
    //! (overlapped tiles whose solution is also a stage argument, FSAL).
    static std::size_t scratch_size(const tile_plan& t)
    {
        std::size_t s = 0;
        for (std::size_t v = vector_ids::state_out; v < NV; ++v)
            if (t.is_staged(int(v))) s += padded(std::size_t(t.footprint[v].size()));
        return s;
    }

    views_type views_for(const tile_plan& t, Value* scratch) const
    {
        views_type w;
        for (std::size_t v = 0; v < NV; ++v)
        {
            if (t.is_staged(int(v)))  // never the input state, which no tile computes
            {
                w.base[v] = scratch;
                w.offset[v] = t.footprint[v].first;
                scratch += padded(std::size_t(t.footprint[v].size()));
            }
            else
            {
                w.base[v] = m_vectors[v];
                w.offset[v] = 0;
            }
        }
        return w;
    }

    //! Copies strips [part, part + stride, ...) of the memory reads of staged vectors into scratch
    //! (store == false), or of the memory writes out of it (store == true).
    void move_strips(const tile_plan& t, const views_type& w, bool store, std::size_t part, std::size_t parts) const
    {
        std::size_t k = 0;
        for (std::size_t v = vector_ids::state_out; v < NV; ++v)
        {
            if (!t.is_staged(int(v))) continue;
            for (const interval& s : (store ? t.writes[v] : t.reads[v]).parts())
            {
                if (k++ % parts != part) continue;
                Value* local = w.base[v] + (s.first - w.offset[v]);
                Value* global = m_vectors[v] + s.first;
                if (store) std::copy(local, local + s.size(), global);
                else std::copy(global, global + s.size(), local);
            }
        }
    }

    //! Link j (RHS_j fused with LC_j) on components [lo, hi) of the tile, block by block.
    void run_link(std::size_t j, const views_type& w, long long lo, long long hi) const
    {
        dispatch_link<chain::links>(j, [&](auto J) { this->run_link_blocks<decltype(J)::value>(w, lo, hi); });
    }

    /*! The whole tile on the calling thread, its links as a wavefront (see the file's
        comment). Link j at component i reads link j-1's stage argument at i-d .. i+d
        and the derivatives of links before it at i alone, so a link may run up to j*d
        components behind a front that link 0 leads; what the tile does not compute of
        a stage argument it has read from memory (the strips) before the first round. */
    void run_tile(const tile_plan& t, Value* scratch) const
    {
        const views_type w = views_for(t, scratch);
        move_strips(t, w, false, 0, 1);
        const std::size_t links = t.links.size();
        // link j has computed [first, done[j]); a tile has at most the chain's links
        std::array<long long, chain::links> done{};
        long long front = 0, end = 0;  // the front's first and last position
        bool any = false;
        for (std::size_t j = 0; j < links; ++j)
        {
            const interval& a = t.links[j];
            const long long lag = (long long)j * m_d;
            done[j] = a.first;
            if (a.empty()) continue;
            front = any ? std::min(front, a.first + lag) : a.first + lag;
            end = any ? std::max(end, a.last + lag) : a.last + lag;
            any = true;
        }
        // rounds of a block, and of at least 2d: where a few rows of d components
        // already fill L1 (d = 1024: 8 KiB per vector and row), smaller rounds only add
        // calls (doc/results/cpu_2_cores.md, "Measurements behind the defaults")
        const long long round = std::max<long long>((long long)m_block, 2 * m_d);
        for (long long p = front + round;; p += round)
        {
            for (std::size_t j = 0; j < links; ++j)
            {
                const long long hi = std::min(t.links[j].last, p - (long long)j * m_d);
                if (hi <= done[j]) continue;
                run_link(t.link_begin + j, w, done[j], hi);
                done[j] = hi;
            }
            if (p >= end) break;
        }
        move_strips(t, w, true, 0, 1);
    }

    //! Worker `rank` of a team of `team` workers on tile t; `phases` has link count + 2 entries.
    void run_tile_shared(const tile_plan& t, Value* scratch, std::size_t rank, std::size_t team,
                         team_phase* phases) const
    {
        const views_type w = views_for(t, scratch);
        const std::size_t links = t.links.size();
        auto work = [&](std::size_t phase, std::size_t share) {
            if (phase == 0) move_strips(t, w, false, share, team);
            else if (phase == links + 1) move_strips(t, w, true, share, team);
            else
            {
                const std::size_t j = t.link_begin + phase - 1;
                const interval a = t.at_link(j);
                // block-wise shares aligned to whole blocks, so a worker keeps its components
                const long long blocks = (a.size() + (long long)m_block - 1) / (long long)m_block;
                const long long b0 = blocks * (long long)share / (long long)team;
                const long long b1 = blocks * (long long)(share + 1) / (long long)team;
                const long long lo = a.first + b0 * (long long)m_block;
                const long long hi = std::min(a.last, a.first + b1 * (long long)m_block);
                if (lo < hi) run_link(j, w, lo, hi);
            }
        };
        for (std::size_t phase = 0; phase < links + 2; ++phase)
        {
            team_phase& ph = phases[phase];
            // own share first, then any share nobody has claimed yet
            for (std::size_t k = 0; k < team; ++k)
            {
                const std::size_t share = (rank + k) % team;
                const int bit = 1 << share;
                if (ph.claimed_mask.fetch_or(bit, std::memory_order_acq_rel) & bit) continue;
                work(phase, share);
                ph.done.fetch_add(1, std::memory_order_release);
            }
            unsigned spins = 0;
            while (ph.done.load(std::memory_order_acquire) < int(team)) spin_pause(spins);
        }
    }

private:
    static std::size_t padded(std::size_t s) { return (s + 7) / 8 * 8; }

    template <std::size_t J>
    void run_link_blocks(const views_type& w, long long lo, long long hi) const
    {
        constexpr int in = chain::stage_argument(J);
        constexpr int f = chain::derivative(J);
        const stage_view<Value> y{w.base[in], w.offset[in]};
        Value* const fj = w.base[f];
        const long long f_off = w.offset[f];
        const Value tj = m_coef.stage_time[J];
        for (long long b = lo; b < hi; b += (long long)m_block)
        {
            const long long e = std::min(hi, b + (long long)m_block);
            Value* fb = fj + (b - f_off);
            // F_0 given (an FSAL controller's last derivative, error_norm_params): read, not
            // evaluated; a runner of its own, so that the others carry no test for it
            if constexpr (J == 0 && GivenFirstDerivative)
                std::copy(m_norm_params->given_dxdt + b, m_norm_params->given_dxdt + e, fb);
            else if constexpr (has_range_rhs<System, stage_view<Value>, Value, Value>::value)
                m_sys.evaluate_range(std::size_t(b), std::size_t(e), y, fb, tj);
            else
                for (long long i = b; i < e; ++i) fb[i - b] = static_cast<Value>(m_sys(std::size_t(i), y, tj));
            block_pointers<Value, NV> bp;
            for (std::size_t v = 0; v < NV; ++v) bp.p[v] = w.base[v] ? w.base[v] + (b - w.offset[v]) : nullptr;
            if constexpr (FusedNorm && J == chain::error_link)
            {
                error_norm_block<Value> r;
                if (m_norm_params->counts_all())
                    Operations::template apply_link_lc_error_norm<Tableau, J>(bp, std::size_t(e - b), m_coef,
                                                                              *m_norm_params, r);
                else
                    apply_error_link_in_norm_range<J>(bp, std::size_t(b), std::size_t(e), r);
                m_norm->merge(r);
            }
            else
                Operations::template apply_link_lc<Tableau, WithError, J>(bp, std::size_t(e - b), m_coef);
        }
    }

    /*! The error link on the block [b, e) whose norm counts only the components in
        [norm_first, norm_last): the parts outside still form and store their stage
        argument and solution (they are the step's results), their norm is reduced into
        a block that is dropped. */
    template <std::size_t J>
    void apply_error_link_in_norm_range(const block_pointers<Value, NV>& bp, std::size_t b, std::size_t e,
                                        error_norm_block<Value>& r) const
    {
        const error_norm_params<Value>& p = *m_norm_params;
        const std::size_t lo = std::min(std::max(b, p.norm_first), e);
        const std::size_t hi = std::max(std::min(e, p.norm_last), lo);
        error_norm_block<Value> dropped;
        auto part = [&](std::size_t first, std::size_t last, error_norm_block<Value>& into) {
            if (first == last) return;
            block_pointers<Value, NV> q;
            for (std::size_t v = 0; v < NV; ++v) q.p[v] = bp.p[v] ? bp.p[v] + (first - b) : nullptr;
            Operations::template apply_link_lc_error_norm<Tableau, J>(q, last - first, m_coef, p, into);
        };
        part(b, lo, dropped);
        part(lo, hi, r);
        part(hi, e, dropped);
    }

    const System& m_sys;
    const link_coefficients<Tableau, Value>& m_coef;
    std::size_t m_block;
    long long m_d;
    const error_norm_params<Value>* m_norm_params;
    error_norm_accumulator<Value>* m_norm;
    Value* m_vectors[NV];
};

} // namespace detail

/*! The TBB executor: runs one step of a plan. threads_per_tile == 1 gives every
    tile its own thread; larger values form teams. Uses the calling thread's task
    arena (run the step inside your own tbb::task_arena to limit the threads). */
class tbb_executor
{
public:
    //! Ring plans run as they are: a tile reads what it does not compute from the
    //! full-length vectors, at whatever index the system asks for, and the tiles that
    //! read across the ends compute one link each (core/tiling_plan.hpp).
    static constexpr bool runs_ring_plans = true;

    template <class Tableau, bool WithError, class Operations, class System, class Value, class Time>
    static void run(const tiling_plan& plan, tbb_workspace<Value>& ws, const System& sys, const Value* y, Value* out,
                    Value* err, Time t, Time h)
    {
        run_impl<Tableau, WithError, Operations, false>(plan, ws, sys, y, out, err, t, h,
                                                       static_cast<const error_norm_params<Value>*>(nullptr),
                                                       static_cast<detail::error_norm_accumulator<Value>*>(nullptr));
    }

    /*! One step of the error chain whose error estimate is reduced, inside the error
        link's pass, to odeint's error norm (the plan must come from a chain made with
        chain_options::fused_error_norm; no error vector is written). Returns the norm. */
    template <class Tableau, class Operations, class System, class Value, class Time>
    static error_norm_block<Value> run_error_norm(const tiling_plan& plan, tbb_workspace<Value>& ws, const System& sys,
                                                  const Value* y, Value* out, Time t, Time h,
                                                  const error_norm_params<Value>& params)
    {
        detail::check_norm_range(params);
        detail::error_norm_accumulator<Value> acc;
        if (detail::first_derivative_given<Tableau>(params))
        {
            if constexpr (chain_traits<Tableau, true>::last_derivative_is_next_first)  // a runner of its own
                run_impl<Tableau, true, Operations, true, true>(plan, ws, sys, y, out, static_cast<Value*>(nullptr), t, h,
                                                                &params, &acc);
            return acc.result();
        }
        run_impl<Tableau, true, Operations, true>(plan, ws, sys, y, out, static_cast<Value*>(nullptr), t, h, &params, &acc);
        return acc.result();
    }

    //! The permanent vector v of the workspace after a step that wrote it (nullptr if it has none).
    template <class Value>
    static const Value* vector_of(const tbb_workspace<Value>& ws, std::size_t v) { return ws.existing(v); }

    //! to[0, n) = from[0, n) (states of the adaptive steppers), in parallel for long states.
    template <class Value>
    static void copy_values(const Value* from, Value* to, std::size_t n)
    {
        if (from == to) return;
        if (n <= (std::size_t(1) << 16)) { std::copy(from, from + n, to); return; }
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1 << 16), [&](const tbb::blocked_range<std::size_t>& r) {
            std::copy(from + r.begin(), from + r.end(), to + r.begin());
        });
    }

    //! out = 1 x + c_0 k_0 + ... + c_{K-1} k_{K-1}, summed left to right as odeint's
    //! scale_sumN (dense output's interpolation from kept derivatives).
    template <class Value, std::size_t K>
    static void scale_sum(Value* out, const Value* x, const Value (&c)[K], const Value* const (&k)[K], std::size_t n)
    {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1 << 14), [&](const tbb::blocked_range<std::size_t>& r) {
            for (std::size_t i = r.begin(); i != r.end(); ++i)
            {
                Value acc = Value(1) * x[i];
                for (std::size_t m = 0; m < K; ++m) acc += c[m] * k[m][i];
                out[i] = acc;
            }
        });
    }

private:
    template <class Tableau, bool WithError, class Operations, bool FusedNorm, bool GivenFirstDerivative = false,
              class System, class Value, class Time>
    static void run_impl(const tiling_plan& plan, tbb_workspace<Value>& ws, const System& sys, const Value* y, Value* out,
                         Value* err, Time t, Time h, const error_norm_params<Value>* norm_params,
                         detail::error_norm_accumulator<Value>* norm)
    {
        using runner_type =
            detail::tbb_tile_runner<Tableau, WithError, Operations, System, Value, FusedNorm, GivenFirstDerivative>;
        const std::size_t n = plan.n;
        const auto bound = detail::bind_step_vectors<Tableau, WithError>(plan, ws, y, out, err,
                                                                         FusedNorm ? norm_params->next_dxdt : nullptr);
        static_assert(sizeof(bound.vectors) / sizeof(Value*) == runner_type::NV, "the runner's vectors are the chain's");

        const link_coefficients<Tableau, Value> coef(t, h);
        const runner_type runner(sys, bound.vectors, coef, plan.config.block_size(), plan.d, norm_params, norm);
        const std::size_t workers = detail::tbb_workers();
        const std::size_t team = std::min<std::size_t>(std::max<std::size_t>(1, plan.config.threads_per_tile()),
                                                       std::min<std::size_t>(workers, 30));
        std::size_t scratch = 0;
        for (const kernel_plan& k : plan.kernels)
            for (const tile_plan& tp : k.tiles) scratch = std::max(scratch, runner_type::scratch_size(tp));

        if (team == 1)
        {
            ws.reserve_scratch(workers, scratch);
            for (const kernel_plan& k : plan.kernels)
                tbb::parallel_for(tbb::blocked_range<std::size_t>(0, k.tiles.size(), 1),
                                  [&](const tbb::blocked_range<std::size_t>& r) {
                                      // isolation: a thread waiting inside a user's nested parallel
                                      // RHS must not pick up another tile, which would reuse this scratch
                                      tbb::this_task_arena::isolate([&] {
                                          Value* s = ws.scratch(std::size_t(tbb::this_task_arena::current_thread_index()));
                                          for (std::size_t i = r.begin(); i != r.end(); ++i) runner.run_tile(k.tiles[i], s);
                                      });
                                  });
        }
        else
        {
            const std::size_t teams = std::max<std::size_t>(1, workers / team);
            ws.reserve_scratch(teams, scratch);
            for (const kernel_plan& k : plan.kernels)
            {
                const std::size_t phases = (k.link_end - k.link_begin) + 2;
                std::unique_ptr<detail::team_phase[]> progress(new detail::team_phase[k.tiles.size() * phases]);
                tbb::parallel_for(
                    tbb::blocked_range<std::size_t>(0, teams * team, 1),
                    [&](const tbb::blocked_range<std::size_t>& r) {
                        tbb::this_task_arena::isolate([&] {
                            for (std::size_t worker = r.begin(); worker != r.end(); ++worker)
                            {
                                const std::size_t my_team = worker / team, rank = worker % team;
                                for (std::size_t i = my_team; i < k.tiles.size(); i += teams)
                                    runner.run_tile_shared(k.tiles[i], ws.scratch(my_team), rank, team,
                                                           &progress[i * phases]);
                            }
                        });
                    },
                    tbb::static_partitioner());
            }
        }
        if (bound.uses_spare())
            tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, 1 << 16), [&](const tbb::blocked_range<std::size_t>& r) {
                std::copy(bound.result + r.begin(), bound.result + r.end(), out + r.begin());
            });
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_EXECUTOR_HPP_INCLUDED
