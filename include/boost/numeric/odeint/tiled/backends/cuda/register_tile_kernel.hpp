/*
 boost/numeric/odeint/tiled/backends/cuda/register_tile_kernel.hpp

 The fast path of the CUDA executor: single-block tiles whose stage data stays in
 registers (Korch & Werner, multi-workgroup tiling, §4; Werner's thesis, §10.3.1.1-10.3.1.3;
 see doc/how_it_works.md, "References"). Thread t of a block of T
 threads owns components hull.first + c*T + t, c < C, of its tile for every link
 ("all same" mapping, coalesced), so the derivatives F_m of its components live in
 registers from the link that makes them to the last linear combination that reads
 them. Only the LC->RHS coupling goes through shared memory: each link's new stage
 argument is written to a shared buffer (two, alternating) covering the tile plus
 a halo of d, whose edges are filled from the strips earlier kernels wrote. Memory
 sees the input state, the output, and the plan's edge strips.

 Why it is written the way it is (the first version ran at stock odeint speed,
 bound by instruction issue: ~150 instructions per component and stage):
 - the tile's metadata (link intervals, strips) is copied once per tile into
   shared memory, as 32-bit offsets from the tile's first component, and each
   link's part of it into registers before the component loop, so membership tests
   are a few register compares in 32-bit arithmetic instead of walks over strip
   lists in global memory with 64-bit indices;
 - when a kernel computes the whole chain (link_begin = 0, every link: the usual
   trapezoid and hexagon plans of a full step), the link loop is unrolled at compile
   time, so the compiler sees when each F_m dies and does not keep all of them in
   registers for the whole tile.

 Multi-block tiles: a tile may also be spread over G blocks (tile_group.hpp), block
 `rank` owning components [rank*C*T, (rank+1)*C*T) of it, with a shared buffer of
 its own range plus a halo of d on each side. Before each link the blocks meet and
 each copies its halo from the blocks that formed it (from their shared memory in a
 cluster, from an exchange area in L2 otherwise); strips earlier kernels wrote come
 from memory as before. G = 1 (single_block_group) compiles to the kernel as it was.

 Used when every tile's components fit G*C*T (prepare_register_tiles checks it;
 otherwise the general kernel, general_tile_kernel.hpp, runs the plan).

 Operations: the kernel forms the linear combinations with fused_operations itself
 (its per-thread sums over registers are built from them), not with the stepper's
 Operations; the dispatch (cuda_dispatch.hpp) gives a stepper with other Operations
 the general kernel.

 Host side: prepare_register_tiles (the dispatch's test, which also prepares every
 kernel's launch: which group policy, how many groups) and launch_register_tiles.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_REGISTER_TILE_KERNEL_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_REGISTER_TILE_KERNEL_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include <cuda_pipeline.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error_norm.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_kernel_path.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_launch.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_launch_policy.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_workspace.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/device_plan.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/given_first_derivative.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/tile_group.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/tile_meta_args.hpp>
#include <boost/numeric/odeint/tiled/core/link_dispatch.hpp>
#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/system/stage_view.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

//! Launch arguments of the register-tile kernel, passed by value: what the tile
//! kernels share, and the first link of the kernel's row, the buffers' size and the
//! tile group.
template <class Value, std::size_t NV>
struct register_tile_args : tile_meta_args<Value, NV>
{
    unsigned link_begin;
    unsigned buffer_values;           //!< per shared buffer: C*T + 2d
    tile_group_args<Value> group;     //!< blocks per tile and, for l2_group, its barrier and exchange
};

/*! The y a system sees inside the register-tile kernel: a window on a shared
    memory buffer whose element 0 is component `first`. Components are subtracted
    in 32 bits (a window is far smaller than 2^31, and unsigned wrap-around makes the
    difference right whatever the high bits of i), and the compiler sees a
    shared-memory pointer, so a read is a shared load with 32-bit address arithmetic. */
template <class Value>
struct shared_stage_view
{
    const Value* base;
    unsigned first;

    __device__ const Value& operator[](std::size_t i) const { return base[unsigned(i) - first]; }
};

/*! At most two strips of one vector in one direction, held in registers: the
    plans this kernel runs have a strip at each edge of a tile at most (the executor
    checks max_strips <= 2), so membership is two compares, no loop. */
struct strip_pair
{
    int first0 = 0, first1 = 0;
    unsigned size0 = 0, size1 = 0;

    __device__ static strip_pair load(const int* record)
    {
        strip_pair p;
        const int k = record[0];
        if (k > 0) { p.first0 = record[1]; p.size0 = unsigned(record[2] - record[1]); }
        if (k > 1) { p.first1 = record[3]; p.size1 = unsigned(record[4] - record[3]); }
        return p;
    }
    //! One unsigned compare per strip (r < first wraps around to a large value) and a
    //! bitwise or: no short-circuit branches in the component loop, where this runs
    //! once per component and stored vector.
    __device__ bool contains(int r) const
    {
        return (unsigned(r - first0) < size0) | (unsigned(r - first1) < size1);
    }
};

//! Most strips per vector and direction the register-tile kernel handles.
constexpr std::size_t register_tile_max_strips = 2;

/*! One tile of the register-tile kernel; see the file comment. With FusedNorm (the
    error chain of an adaptive step) the error link reduces the error estimate to
    odeint's error norm in `partial` instead of storing it, as
    fused_operations::combine_error_norm does on the host. */
template <class Tableau, bool WithError, class System, class Value, std::size_t C, bool FusedNorm, class Group>
struct register_tile
{
    using chain = chain_traits<Tableau, WithError>;
    using ops = fused_operations;
    static constexpr std::size_t NV = chain::vector_count;
    static constexpr std::size_t L = chain::links;

    //! Does the LC of link J read F_m? The fused norm's scale also reads F_0 (dxdt).
    static constexpr bool reads_derivative(std::size_t J, std::size_t m)
    {
        return chain::lc_reads_derivative(J, m) || (FusedNorm && m == 0 && chain::lc_forms_error(J));
    }

    const register_tile_args<Value, NV>& args;
    const System& sys;
    const link_coefficients<Tableau, Value>& coef;
    const int* meta;       //!< this tile's record, in shared memory
    //! shared stage-argument buffers, component h0 + lo - d at [0]: [0] holds the tile's
    //! window of the input state (link 0's stage argument), then the links alternate
    Value* buffers[2];
    long long h0;          //!< the tile's first component
    int lo;                //!< this block's first component, relative to h0 (rank * C * T)
    Group& group;
    error_norm_block<Value>& partial;  //!< FusedNorm: this thread's share of the norm
    Value f[L][C];
    Value y[C];

    //! The thread's components of the input state into registers (the linear
    //! combinations add them). When the kernel starts at link 0 they come from the
    //! tile's window of the state, which prefetch_tile put in shared memory (its own
    //! range and the halo: the first link's stage argument); otherwise from memory.
    __device__ __forceinline__ void take_state(int hull_size)
    {
        const Value* y_tile = args.vectors[vector_ids::state_in] + h0;
#pragma unroll
        for (std::size_t c = 0; c < C; ++c)
        {
            const int r = lo + int(c) * int(blockDim.x) + int(threadIdx.x);
            const bool mine = r < hull_size;
            if (args.link_begin == 0) y[c] = mine ? buffers[0][r - lo + args.d] : Value(0);
            else y[c] = mine ? y_tile[r] : Value(0);
        }
    }

    //! Halo components [first, last) (tile-relative, formed by the previous link in
    //! other blocks of the tile) into this block's buffer, from their owners.
    __device__ __forceinline__ void exchange_halo(Value* buffer, unsigned area, int first, int last, int width)
    {
        const int d = args.d;
        for (int r = first + int(threadIdx.x); r < last; r += int(blockDim.x))
        {
            const unsigned owner = unsigned(r) / unsigned(width);
            buffer[r - lo + d] = group.peer(buffer + (r - int(owner) * width + d), owner, area, r);
        }
    }

    //! Vector v's strips (the parts of a stage argument other tiles formed) over this
    //! block's window into `buffer`, as cp.async copies committed as one batch (Async)
    //! or plain loads, leaving out [skip_first, skip_last).
    template <bool Async>
    __device__ __forceinline__ void copy_strips(int v, Value* buffer, int width, int skip_first, int skip_last)
    {
        const int d = args.d;
        const int* record = meta + args.layout.strips_offset(v, 0);
        const Value* src = args.vectors[v] + h0;
        for (int s = 0; s < record[0]; ++s)
        {
            const int first = record[1 + 2 * s] > lo - d ? record[1 + 2 * s] : lo - d;
            const int last = record[2 + 2 * s] < lo + width + d ? record[2 + 2 * s] : lo + width + d;
            for (int r = first + int(threadIdx.x); r < last; r += int(blockDim.x))
            {
                if (unsigned(r - skip_first) < unsigned(skip_last - skip_first)) continue;
                if constexpr (Async) __pipeline_memcpy_async(buffer + (r - lo + d), src + r, sizeof(Value));
                else buffer[r - lo + d] = src[r];
            }
        }
        if constexpr (Async) __pipeline_commit();
    }

    //! A stage-argument value this block formed at link jj that another block of the
    //! tile may read as halo (within d of this block's edges): handed to the group.
    __device__ __forceinline__ void share_edge(unsigned jj, int r, int width, Value v)
    {
        if constexpr (Group::multi_block)
            if (r < lo + args.d || r >= lo + width - args.d) group.publish((jj + 1) & 1u, r, v);
    }

    //! Link J (kernel-relative index jj) at this tile: RHS at the thread's components
    //! of the link's interval, and every linear combination that uses it.
    template <std::size_t J>
    __device__ __forceinline__ void run_link(unsigned jj)
    {
        constexpr int in = chain::stage_argument(J);
        constexpr int fv = chain::derivative(J);
        const int d = args.d;
        Value* const in_buffer = buffers[jj & 1];
        Value* const out_buffer = buffers[(jj + 1) & 1];
        // stage argument J: this tile's part is in in_buffer (the previous link), the
        // strips other tiles made come from memory
        const int width = int(C * blockDim.x);  // this block's own range: [lo, lo + width)
        if constexpr (in != vector_ids::state_in)
        {
            // the strips of this block's window (own range and halo) from memory: the
            // previous link of this kernel started their copies (below); the first one
            // copies them now
            if (jj == 0) copy_strips<false>(in, in_buffer, width, 0, 0);
            else __pipeline_wait_prior(0);
            if constexpr (Group::multi_block)
            {
                // the halo the previous link formed in the other blocks of the tile
                group.sync();
                if (jj > 0)
                {
                    const int pa = meta[2 * (jj - 1)], pb = meta[2 * (jj - 1) + 1];
                    exchange_halo(in_buffer, jj & 1u, lo - d > pa ? lo - d : pa, lo < pb ? lo : pb, width);
                    exchange_halo(in_buffer, jj & 1u, lo + width > pa ? lo + width : pa,
                                  lo + width + d < pb ? lo + width + d : pb, width);
                }
            }
            __syncthreads();
        }
        const shared_stage_view<Value> view{in_buffer, unsigned(h0 + lo - d)};
        const Value tj = coef.stage_time[J];
        // the link's metadata in registers before the component loop: the loop's
        // shared-memory stores could alias it as far as the compiler knows
        const int a = meta[2 * jj], b = meta[2 * jj + 1];
        // The next link's strips, which an earlier kernel wrote, into out_buffer while
        // this link computes: every thread of the block (and of the tile's group) is past
        // the previous link, the last reader of out_buffer, and this link writes only
        // [a, b) of it, which the copies skip. Loaded synchronously at the next link's
        // start instead, they stalled the second launch of a trapezoidal step on memory
        // and at the barrier after them.
        if constexpr (J + 1 < L && chain::stage_argument(J + 1) != vector_ids::state_in)
            if (jj + 1 < args.layout.link_count) copy_strips<true>(chain::stage_argument(J + 1), out_buffer, width, a, b);
        const strip_pair f_stores = strip_pair::load(meta + args.layout.strips_offset(fv, 1));
        // the part of the solution and the error this tile writes: what it computes of
        // them, but for overlapped tiles only the part they own (tiling_plan.hpp)
        strip_pair out_stores, error_stores;
        if constexpr (chain::lc_forms_solution(J))
            out_stores = strip_pair::load(meta + args.layout.strips_offset(vector_ids::state_out, 1));
        if constexpr (chain::lc_forms_error(J) && !FusedNorm)
            error_stores = strip_pair::load(meta + args.layout.strips_offset(vector_ids::error_out, 1));
        strip_pair y_stores;
        if constexpr (chain::lc_forms_stage_argument(J))
            y_stores = strip_pair::load(meta + args.layout.strips_offset(chain::stage_argument(J + 1), 1));
        // [first, last) of each earlier link of this kernel ([0, 0): computed by an earlier kernel)
        int earlier_first[J + 1] = {}, earlier_last[J + 1] = {};
        for_each_index<J>([&](auto MC) {
            constexpr std::size_t m = decltype(MC)::value;
            if constexpr (chain::lc_reads_derivative(J, m))
                if (m >= args.link_begin)
                {
                    earlier_first[m] = meta[2 * (m - args.link_begin)];
                    earlier_last[m] = meta[2 * (m - args.link_begin) + 1];
                }
        });
#pragma unroll
        for (std::size_t c = 0; c < C; ++c)
        {
            const int r = lo + int(c) * int(blockDim.x) + int(threadIdx.x);
            if (unsigned(r - a) >= unsigned(b - a)) continue;  // outside [a, b): one compare (a <= b)
            const long long i = h0 + r;
            f[J][c] = link_derivative<J>(sys, std::size_t(i), view, tj, args.norm_params);
            // derivatives of earlier links this tile did not compute at i come from memory
            for_each_index<J>([&](auto MC) {
                constexpr std::size_t m = decltype(MC)::value;
                if constexpr (reads_derivative(J, m))
                    if (unsigned(r - earlier_first[m]) >= unsigned(earlier_last[m] - earlier_first[m]))
                        f[m][c] = args.vectors[chain::derivative(m)][i];
            });
            Value next_argument = Value(0);
            if constexpr (chain::lc_forms_stage_argument(J))
            {
                next_argument = weighted_sum_row<ops::row_a<Tableau, J + 1>, C>(y[c], coef.ha[J + 1], f, c,
                                                                                std::make_index_sequence<J + 1>{});
                out_buffer[r - lo + d] = next_argument;
                share_edge(jj, r, width, next_argument);
            }
            if constexpr (chain::lc_forms_solution(J))
            {
                const Value v =
                    weighted_sum_row<ops::row_b<Tableau>, C>(y[c], coef.hb, f, c, std::make_index_sequence<J + 1>{});
                if (out_stores.contains(r)) args.vectors[vector_ids::state_out][i] = v;
                if constexpr (chain::fsal_alias)
                {
                    out_buffer[r - lo + d] = v;
                    share_edge(jj, r, width, v);
                }
            }
            if constexpr (chain::lc_forms_error(J))
            {
                const Value e = weighted_sum_row<ops::row_e<Tableau>, C>(Value(0), coef.he, f, c,
                                                                         std::make_index_sequence<J + 1>{});
                if constexpr (FusedNorm)
                {
                    if (args.norm_params.counts(std::size_t(i)))
                        add_scaled_error(partial, args.norm_params, e, y[c], f[0][c]);
                }
                else if (error_stores.contains(r))
                    args.vectors[vector_ids::error_out][i] = e;
            }
            // the link's results other tiles read (strips at the tile's edges), last: these
            // tests and stores after the linear combinations, not between them, keep the
            // arithmetic together (a branch around them for the tile's inner components
            // gains nothing; numbers: doc/results/gpu_h100.md, "Measurements behind the defaults")
            if (f_stores.contains(r)) args.vectors[fv][i] = f[J][c];
            if constexpr (chain::lc_forms_stage_argument(J))
                if (y_stores.contains(r)) args.vectors[chain::stage_argument(J + 1)][i] = next_argument;
        }
        __syncthreads();
    }
};

/*! Register budget of the kernel: the kernel is bound by latency (barriers per
    link, the tile's loads), so warps per SM matter more than a few values
    recomputed or reloaded. With 2 components per thread at most 64 registers (two
    512-thread blocks per SM); with 4, blocks of at most 128 threads and at least
    eight of them per SM, which again caps the kernel at 64 registers, without spills
    (the 4-component kernel at 90 registers, five blocks per SM, lost to it; numbers:
    doc/results/gpu_h100.md, "Measurements behind the defaults"). */
template <std::size_t C>
struct register_tile_launch_bounds
{
    static constexpr int max_threads = C <= 2 ? 512 : 128;
    static constexpr int min_blocks = C <= 2 ? 2 : 8;
};

/*! The record of tile `tile` and, when the kernel starts at link 0, its window of
    the input state (this block's range and a halo of d) into shared memory as
    asynchronous copies (cp.async where the GPU has it), committed as one batch: the
    kernel issues them for the next tile as the current one starts, so their latency
    passes while the block computes. */
template <class Value, std::size_t NV>
__device__ __forceinline__ void prefetch_tile(const register_tile_args<Value, NV>& args, unsigned tile, int lo,
                                              unsigned block_width, int* meta, Value* state)
{
    const int* src = args.meta + std::size_t(tile) * args.meta_stride;
    for (unsigned k = threadIdx.x; k < args.meta_stride; k += blockDim.x) __pipeline_memcpy_async(meta + k, src + k, sizeof(int));
    if (args.link_begin == 0)
    {
        const long long h0 = args.hull[2 * tile];
        const int hull_size = int(args.hull[2 * tile + 1] - h0);
        const Value* y_tile = args.vectors[vector_ids::state_in] + h0;
        const int d = args.d;
        const int own_end = lo + int(block_width) < hull_size ? lo + int(block_width) : hull_size;
        const int first = h0 + lo - d < 0 ? -int(h0) : lo - d;
        const int last = h0 + own_end + d > args.n ? int(args.n - h0) : own_end + d;
        for (int r = first + int(threadIdx.x); r < last; r += int(blockDim.x))
            __pipeline_memcpy_async(state + (r - lo + d), y_tile + r, sizeof(Value));
    }
    __pipeline_commit();
}

/*! Full: the kernel computes links 0 .. L-1 (link loop unrolled at compile time);
    otherwise links link_begin .. link_begin + layout.link_count - 1, dispatched at run time.
    Shared memory: three buffers of C*T + 2d values and two tile records. A tile
    uses two of the buffers (the first holding its state window, then the links'
    stage arguments alternating) and one record; the next tile's window and record
    are prefetched into the third buffer and the other record meanwhile, and the
    buffers rotate. The prefetch gains little (the kernel is bound by instruction
    issue, not by these loads) and costs nothing. */
template <class Tableau, bool WithError, class System, class Value, std::size_t C, bool Full, bool FusedNorm,
          class Group = single_block_group>
__global__ void __launch_bounds__(register_tile_launch_bounds<C>::max_threads, register_tile_launch_bounds<C>::min_blocks)
register_tile_kernel(register_tile_args<Value, chain_traits<Tableau, WithError>::vector_count> args, System sys,
                     link_coefficients<Tableau, Value> coef)
{
    using tile_type = register_tile<Tableau, WithError, System, Value, C, FusedNorm, Group>;
    extern __shared__ unsigned char shared_raw[];
    Value* const values = reinterpret_cast<Value*>(shared_raw);
    int* const records = reinterpret_cast<int*>(values + cuda_launch_policy::register_tile_buffers * args.buffer_values);
    error_norm_block<Value> partial;
    Group group(args.group);
    const int lo = int(group.rank() * C * blockDim.x);
    const unsigned block_width = unsigned(C * blockDim.x);
    // the current tile's state window and second buffer, and the free one (the blocks
    // of a tile group rotate alike, so a peer's buffer is at the same place)
    Value* window = values;
    Value* second = values + args.buffer_values;
    Value* spare = values + 2 * args.buffer_values;

    unsigned tile = group.index();
    if (tile < args.tiles) prefetch_tile(args, tile, lo, block_width, records, window);
    for (unsigned which = 0; tile < args.tiles; tile += group.count(), which ^= 1u)
    {
        // this tile's record and state window have arrived (every thread waits for its
        // own copies, the barrier for everybody's); the previous tile ended with a
        // barrier, so the spare buffer and the other record are free
        __pipeline_wait_prior(0);
        __syncthreads();
        const unsigned next = tile + group.count();
        if (next < args.tiles) prefetch_tile(args, next, lo, block_width, records + (which ^ 1u) * args.meta_stride, spare);
        const long long h0 = args.hull[2 * tile];
        tile_type t{args, sys, coef, records + which * args.meta_stride, {window, second}, h0, lo, group, partial, {}, {}};
        t.take_state(int(args.hull[2 * tile + 1] - h0));
        if constexpr (Full)
            for_each_index<tile_type::L>([&](auto JC) { t.template run_link<decltype(JC)::value>(unsigned(JC)); });
        else
            for (unsigned jj = 0; jj < args.layout.link_count; ++jj)
                dispatch_link<tile_type::L>(args.link_begin + jj,
                                            [&](auto JC) { t.template run_link<decltype(JC)::value>(jj); });
        // the other blocks of the tile may still read this block's buffers (or, for
        // l2_group, its exchange area) for their last link: meet before overwriting
        // them with the next tile, and before a cluster's block exits
        if constexpr (Group::multi_block) group.sync();
        Value* const used = window;
        window = spare;
        spare = second;
        second = used;
    }
    // every block of every launch merges (a launch without the error link adds +0 and
    // no flags, which the merge skips): the barrier inside is reached by the whole block
    if constexpr (FusedNorm) block_merge_error_norm(partial, args.norm);
}

//! How one kernel of a register-tile plan is launched.
struct register_launch
{
    cuda_kernel_path path = cuda_kernel_path::nothing;  //!< register_tiles, cluster_tiles or l2_tiles
    unsigned blocks = 0;                                 //!< per tile
    std::size_t groups = 0;  //!< tiles running at once: the persistent grid has groups * blocks blocks
};

//! Every kernel's launch of a register-tile plan, prepared before any launch so that a
//! plan the device cannot run launches nothing and falls back.
struct register_tile_launches
{
    std::size_t components = 0;  //!< C, per thread
    unsigned threads = 0;        //!< T, per block
    std::size_t shared_bytes = 0;
    unsigned buffer_values = 0;  //!< per shared buffer: C*T + 2d
    std::vector<register_launch> kernels;  //!< per kernel of the plan (kernels without tiles: none)
    cuda_kernel_path family = cuda_kernel_path::register_tiles;  //!< the family of the widest tiles' kernel
};

/*! The launch of one kernel of `tiles` tiles (`full`: the whole chain) with group
    policy Group (tile_group.hpp), tiles of `blocks` blocks; false where the kernel's
    registers or the device cannot hold that. */
template <class Group, class Tableau, bool WithError, std::size_t C, bool FusedNorm, class System, class Value>
bool prepare_register_launch(bool full, std::size_t tiles, unsigned threads, unsigned blocks, std::size_t shared_bytes,
                             register_launch& out)
{
    constexpr bool in_clusters = std::is_same<Group, cluster_group>::value;
    auto kernel = full ? &register_tile_kernel<Tableau, WithError, System, Value, C, true, FusedNorm, Group>
                       : &register_tile_kernel<Tableau, WithError, System, Value, C, false, FusedNorm, Group>;
    const launch_shape s = shape_of(kernel, threads, shared_bytes);
    if (int(threads) > s.max_threads) return false;
    const device_limits& dev = current_device_limits();
    // groups that can run at once: clusters as the hardware fits them; for l2_group
    // a grid all of whose blocks are resident (the cooperative launch checks it)
    const std::size_t resident = in_clusters ? std::size_t(resident_clusters(kernel, threads, shared_bytes, blocks))
                                             : std::size_t(dev.sms) * std::size_t(s.blocks_per_sm) / blocks;
    if (resident == 0) return false;
    out.path = !Group::multi_block ? cuda_kernel_path::register_tiles
               : in_clusters       ? cuda_kernel_path::cluster_tiles
                                   : cuda_kernel_path::l2_tiles;
    out.blocks = blocks;
    out.groups = std::min(tiles, resident);
    return true;
}

/*! prepare_register_tiles for C components per thread and T = `threads`: every tile
    must fit G*C*T components (G blocks per tile) and the buffers shared memory.
    Tiles of several blocks are used only when the tiling asks for them
    (blocks_per_tile or use_clusters set); G is then chosen per kernel of the plan:
    as many blocks as its widest tile needs (a trapezoid plan's second kernel has
    narrow tiles), and for the plan's widest kernel the tiling's blocks_per_tile
    where it is set (fewer than that kernel needs: unfit). They run as clusters
    when the tiling asks for them (use_clusters; sm_90, G <= 16, and the cluster
    fits), else through L2 (tile_group.hpp). */
template <class Tableau, bool WithError, std::size_t C, bool FusedNorm, class System, class Value, std::size_t NV>
const char* prepare_register_tiles_with(const tiling_plan& plan,
                                        const std::vector<std::unique_ptr<device_kernel_plan>>& kernels,
                                        unsigned threads, register_tile_launches& out)
{
    using chain = chain_traits<Tableau, WithError>;
    const std::size_t width = C * threads;  // one block's components
    const std::size_t buffer_values = width + 2 * plan.d;
    std::size_t meta_ints = 0, most_needed = 1;
    for (const auto& k : kernels)
    {
        if (!k->host.register_meta_fits || k->host.max_strips > register_tile_max_strips)
            return "a tile's intervals do not fit the kernel's records";
        most_needed = std::max(most_needed, (std::size_t(k->host.widest_hull) + width - 1) / width);
        const register_meta_layout layout{unsigned(k->host.link_count), unsigned(k->host.max_strips)};
        meta_ints = std::max<std::size_t>(meta_ints, layout.stride(unsigned(NV)));
    }
    // tiles wider than one block run on several only where the tiling asks for it:
    // they do not beat the general kernel for every shape (numbers:
    // doc/results/gpu_h100.md, "Measurements behind the defaults")
    const bool asks_for_groups = plan.config.blocks_per_tile() != 0 || plan.config.use_clusters();
    if (most_needed > 1 && !asks_for_groups)
        return "tiles wider than one block, and the tiling asks for no multi-block tiles (blocks_per_tile, use_clusters)";
    const std::size_t most_blocks = plan.config.blocks_per_tile() ? plan.config.blocks_per_tile() : most_needed;
    if (most_blocks < most_needed) return "blocks_per_tile is fewer than the widest tile needs";
    if (most_blocks * width > 0x3fffffff) return "a tile is wider than the kernel's 32-bit offsets";
    // the kernel's value buffers, the current and the next tile's record
    const std::size_t shared_bytes = cuda_launch_policy::register_tile_shared_values(width, plan.d) * sizeof(Value) +
                                     2 * meta_ints * sizeof(int);
    const std::size_t static_shared = FusedNorm ? error_norm_shared_bytes<Value>() : 0;
    const device_limits& dev = current_device_limits();
    if (shared_bytes + static_shared > std::size_t(dev.shared_optin) || plan.d > 0x3fffffff)
        return "the buffers need more shared memory than a block may have";

    out.kernels.assign(kernels.size(), register_launch{});
    for (std::size_t i = 0; i < kernels.size(); ++i)
    {
        const flat_kernel_plan& f = kernels[i]->host;
        if (f.tiles == 0) continue;
        const bool full = f.link_begin == 0 && f.link_count == chain::links;
        const std::size_t needed = std::max<std::size_t>(1, (std::size_t(f.widest_hull) + width - 1) / width);
        const unsigned blocks = unsigned(needed == most_needed ? most_blocks : needed);
        bool ok = false;
        if (blocks == 1)
            ok = prepare_register_launch<single_block_group, Tableau, WithError, C, FusedNorm, System, Value>(
                full, f.tiles, threads, 1, shared_bytes, out.kernels[i]);
        else
        {
            if (plan.config.use_clusters() && dev.major >= 9 && blocks <= 16)
                ok = prepare_register_launch<cluster_group, Tableau, WithError, C, FusedNorm, System, Value>(
                    full, f.tiles, threads, blocks, shared_bytes, out.kernels[i]);
            if (!ok)
                ok = prepare_register_launch<l2_group<Value>, Tableau, WithError, C, FusedNorm, System, Value>(
                    full, f.tiles, threads, blocks, shared_bytes, out.kernels[i]);
        }
        if (!ok) return "the kernel's registers or the device cannot hold a tile's blocks";
    }
    out.components = C;
    out.threads = threads;
    out.shared_bytes = shared_bytes;
    out.buffer_values = unsigned(buffer_values);
    unsigned most_launched = 0;
    for (const register_launch& l : out.kernels)
        if (l.blocks != 0 && l.blocks >= most_launched)
        {
            most_launched = l.blocks;
            out.family = l.path;
        }
    return nullptr;
}

/*! Why the register-tile kernel cannot run `plan` (nullptr: it can, and `out` holds
    every kernel's launch). The block shape is the tiling's threads_per_block and
    components_per_thread where set, else cuda_launch_policy::register_shape_for the plan's
    widest tile; the kernel is built for 2 components per thread, and for 4 on chains
    of up to cuda_launch_policy::most_links_four_per_thread links. */
template <class Tableau, bool WithError, bool FusedNorm, class System, class Value, std::size_t NV>
const char* prepare_register_tiles(const tiling_plan& plan,
                                   const std::vector<std::unique_ptr<device_kernel_plan>>& kernels,
                                   register_tile_launches& out)
{
    using chain = chain_traits<Tableau, WithError>;
    std::size_t widest = 0;
    for (const auto& k : kernels) widest = std::max<std::size_t>(widest, std::size_t(k->host.widest_hull));
    const cuda_launch_policy::register_shape shape = cuda_launch_policy::register_shape_for(widest, chain::links);
    const unsigned threads = plan.config.threads_per_block() ? unsigned(plan.config.threads_per_block()) : shape.threads;
    const std::size_t c = plan.config.components_per_thread() ? plan.config.components_per_thread() : shape.components;
    if constexpr (chain::links <= cuda_launch_policy::most_links_four_per_thread)
        if (c == 4)
            return prepare_register_tiles_with<Tableau, WithError, 4, FusedNorm, System, Value, NV>(plan, kernels,
                                                                                                   threads, out);
    if (c == 2)
        return prepare_register_tiles_with<Tableau, WithError, 2, FusedNorm, System, Value, NV>(plan, kernels, threads,
                                                                                               out);
    return "no kernel is built for this many components per thread on this chain";
}

template <class Group, class Tableau, bool WithError, std::size_t C, bool FusedNorm, class System, class Value,
          std::size_t NV>
void launch_register_kernel(bool full, const register_launch& l, cuda_workspace<Value>& ws,
                            register_tile_args<Value, NV> ra, const System& sys,
                            const link_coefficients<Tableau, Value>& coef, unsigned threads, std::size_t shared_bytes)
{
    constexpr bool in_clusters = std::is_same<Group, cluster_group>::value;
    ra.group.blocks = l.blocks;
    ra.group.tile_values = unsigned(l.blocks * C * threads);
    if (Group::multi_block && !in_clusters)
    {
        ra.group.counters = ws.group_counters(l.groups);
        ra.group.exchange = ws.global_scratch(l.groups * 2 * ra.group.tile_values);
    }
    const bool cooperative = Group::multi_block && !in_clusters;
    const unsigned cluster = in_clusters ? l.blocks : 1;
    if (full)
        launch_kernel(&register_tile_kernel<Tableau, WithError, System, Value, C, true, FusedNorm, Group>,
                      l.groups * l.blocks, threads, shared_bytes, cluster, cooperative, "register-tile kernel", ra, sys,
                      coef);
    else
        launch_kernel(&register_tile_kernel<Tableau, WithError, System, Value, C, false, FusedNorm, Group>,
                      l.groups * l.blocks, threads, shared_bytes, cluster, cooperative, "register-tile kernel", ra, sys,
                      coef);
}

template <class Tableau, bool WithError, std::size_t C, bool FusedNorm, class System, class Value, std::size_t NV>
void launch_register_tiles_with(const register_tile_launches& rl, const tiling_plan& plan,
                                const std::vector<std::unique_ptr<device_kernel_plan>>& kernels,
                                cuda_workspace<Value>& ws, Value* const (&vectors)[NV], const System& sys,
                                const link_coefficients<Tableau, Value>& coef,
                                const error_norm_params<Value>& norm_params, cuda_norm_accumulator<Value>* norm)
{
    using chain = chain_traits<Tableau, WithError>;
    register_tile_args<Value, NV> ra{};
    set_tile_meta_args(ra, vectors, plan, norm_params, norm);
    ra.buffer_values = rl.buffer_values;
    for (std::size_t i = 0; i < kernels.size(); ++i)
    {
        const flat_kernel_plan& f = kernels[i]->host;
        if (f.tiles == 0) continue;
        const register_launch& l = rl.kernels[i];
        point_at_kernel(ra, *kernels[i]);
        ra.link_begin = unsigned(f.link_begin);
        const bool full = f.link_begin == 0 && f.link_count == chain::links;
        if (l.path == cuda_kernel_path::register_tiles)
            launch_register_kernel<single_block_group, Tableau, WithError, C, FusedNorm>(full, l, ws, ra, sys, coef,
                                                                                        rl.threads, rl.shared_bytes);
        else if (l.path == cuda_kernel_path::cluster_tiles)
            launch_register_kernel<cluster_group, Tableau, WithError, C, FusedNorm>(full, l, ws, ra, sys, coef,
                                                                                   rl.threads, rl.shared_bytes);
        else
            launch_register_kernel<l2_group<Value>, Tableau, WithError, C, FusedNorm>(full, l, ws, ra, sys, coef,
                                                                                     rl.threads, rl.shared_bytes);
    }
}

//! Launches every kernel prepare_register_tiles prepared, in the plan's order.
template <class Tableau, bool WithError, bool FusedNorm, class System, class Value, std::size_t NV>
void launch_register_tiles(const register_tile_launches& rl, const tiling_plan& plan,
                           const std::vector<std::unique_ptr<device_kernel_plan>>& kernels, cuda_workspace<Value>& ws,
                           Value* const (&vectors)[NV], const System& sys, const link_coefficients<Tableau, Value>& coef,
                           const error_norm_params<Value>& norm_params, cuda_norm_accumulator<Value>* norm)
{
    if constexpr (chain_traits<Tableau, WithError>::links <= cuda_launch_policy::most_links_four_per_thread)
        if (rl.components == 4)
            return launch_register_tiles_with<Tableau, WithError, 4, FusedNorm>(rl, plan, kernels, ws, vectors, sys,
                                                                               coef, norm_params, norm);
    launch_register_tiles_with<Tableau, WithError, 2, FusedNorm>(rl, plan, kernels, ws, vectors, sys, coef, norm_params,
                                                                norm);
}

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_REGISTER_TILE_KERNEL_HPP_INCLUDED
