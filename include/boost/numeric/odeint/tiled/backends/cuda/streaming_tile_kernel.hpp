/*
 boost/numeric/odeint/tiled/backends/cuda/streaming_tile_kernel.hpp

 The CUDA executor's kernel for overlapped plans of the whole chain (one kernel per
 step): one thread block per tile at a time, walking the tile in chunks of c
 components (c = threads per block, a power of two) as a skewed wavefront.

 A link reads R = ceil(d / c) chunks either side of its own (Reach: 1 where c >= d,
 2 for 512-component chunks up to d = 1024). At step k link J works on chunk
 k - (R+1)J of the tile. Its RHS reads its stage argument Y_J on chunks q-R .. q+R,
 which link J-1 formed in earlier steps, so nothing inside a step depends on anything
 else in it: one block barrier per step covers all L links, and every lane has work at
 every link (the tile's margins aside), where a tile of the register-tile kernel meets
 at a barrier per link and leaves lanes idle in a trapezoid's upper links. Stage
 arguments live in shared rings of 4 chunks (8 for R = 2); what a linear combination
 reads besides them (y and the F_m of its own component, produced (R+1)(J - m) steps
 earlier by the same thread) waits in register FIFOs shifted once per step, and the
 last link's sums are begun by the link before it where that keeps fewer values
 (streaming_layout.hpp). Memory sees the state window, the solution and what the plan
 writes (the error or kept derivatives); nothing else.

 So its time grows little with d, and it beats the register tiles wherever it applies
 (numbers: doc/results/gpu_h200.md, "Measurements behind the defaults").

 A periodic system's steps run here on the line of its unrolled ring
 (system/unrolled_ring.hpp): the kernels for such a system (streams_unrolled_ring)
 read and write the state's component (e - H) mod n for plan component e, wrapping
 only in the tiles whose window crosses the ring's ends (the end tiles, more than two
 where tiles are narrower than the halo), whose steps all take the range-checked path;
 every other kernel is compiled without that addressing.

 A distributed fixed step's next halo exchange overlaps the step here as on the grid
 kernel (core/edge_signal.hpp, cuda_edge_signal.hpp): a step without an error
 estimate that takes the request runs the tiles whose own pieces hold the window's
 ends first and signals when they are done (take_streaming_edge_signal).

 Operations: the kernel forms the linear combinations with fused_operations itself
 (the FIFO layout is built from its sums), not with the stepper's Operations; the
 dispatch (cuda_dispatch.hpp) gives a stepper with other Operations the general kernel.

 Host side: prepare_streaming_tiles (the dispatch's test, which also sizes the
 launch) and launch_streaming_tiles.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STREAMING_TILE_KERNEL_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STREAMING_TILE_KERNEL_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include <cuda_pipeline.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_edge_signal.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/streaming_end_tiles.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error_norm.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_launch.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_launch_policy.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_workspace.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/device_plan.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/given_first_derivative.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/streaming_layout.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/tile_meta_args.hpp>
#include <boost/numeric/odeint/tiled/core/link_dispatch.hpp>
#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/system/unrolled_ring.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

/*! Launch arguments of the streaming kernel: what the tile kernels share, and where the
    plan is the line of an unrolled ring (system/unrolled_ring.hpp) the ring: plan
    component e is then the state's component (e - ring_halo) mod ring_n, and only the
    plan's components [ring_halo, ring_halo + ring_n) are written. */
template <class Value, std::size_t NV>
struct streaming_tile_args : tile_meta_args<Value, NV>
{
    long long ring_n;     //!< 0: the plan's components are the state's
    long long ring_halo;  //!< H
    cuda_edge_signal signal;  //!< the end tiles first, and their completion signalled
};

/*! Whether the streaming kernels of steps with(out) an error estimate run and signal
    their end tiles first (cuda_edge_signal.hpp): only those without one, the
    distributed fixed steps whose next exchange overlaps them. The error and adaptive
    kernels, at their register bound, spill more with the signal's code even where it
    does not run; their launches leave the request untaken. */
constexpr bool streaming_signals_end_tiles(bool with_error) { return !with_error; }

/*! Whether the kernel's system is a periodic system seen by the line of its unrolled
    ring (unrolled_ring_system, maybe with F_0 given): only those kernels carry the
    addressing modulo n, so that every other kernel's code is as it was without it. */
template <class System>
struct streams_unrolled_ring : std::false_type {};
template <class System>
struct streams_unrolled_ring<unrolled_ring_system<System>> : std::true_type {};
template <class System>
struct streams_unrolled_ring<given_first_derivative_system<System>> : streams_unrolled_ring<System> {};

/*! The y a system sees inside the streaming kernel: a ring of R chunks in shared memory
    (streaming_layout::ring_chunks, a power of two) whose chunk q (components base + q c ..,
    base a multiple of c) sits in slot q mod R. 32-bit arithmetic: the difference to the
    tile's start, masked. */
template <class Value>
struct streaming_view
{
    const Value* ring;
    unsigned origin;  //!< the tile's first component (low 32 bits)
    unsigned mask;    //!< R c - 1

    __device__ const Value& operator[](std::size_t i) const { return ring[(unsigned(i) - origin) & mask]; }
};

/*! One unsigned compare: is r in [first, last)? (r < first wraps to a large value) */
__device__ __forceinline__ bool streaming_inside(int r, int first, int last)
{
    return unsigned(r - first) < unsigned(last - first);
}

/*! Moves the first Length entries of a register FIFO one place on and puts `value` in
    front (unrolled: register moves); nothing for Length 0. */
template <int Length, class Value, int Capacity>
__device__ __forceinline__ void streaming_shift_in(Value (&fifo)[Capacity], Value value)
{
    static_assert(Length <= Capacity, "the FIFO is shorter than its entries");
    if constexpr (Length > 0)
    {
#pragma unroll
        for (int s = Length - 1; s > 0; --s) fifo[s] = fifo[s - 1];
        fifo[0] = value;
    }
}

/*! Chunk threads per block, and at most 128 registers per thread
    (cuda_launch_policy::streaming_threads_per_sm = 512 threads per SM): without the second
    bound nvcc gave DOPRI5's kernel 168 registers at 64 threads and fits it in 128
    without spilling when asked. Chains with more FIFO values than 128 registers hold
    get up to 255 registers a thread, 256 threads per SM, where the chunk allows
    (cuda_launch_policy::streaming_threads_per_sm_for). */
template <class Tableau, bool WithError, class System, class Value, bool FusedNorm, int Chunk, int Reach = 1>
__global__ void __launch_bounds__(Chunk, cuda_launch_policy::streaming_threads_per_sm_for(
                                             streaming_layout<Tableau, WithError, FusedNorm, Reach>::fifo_values(),
                                             std::size_t(Chunk)) / Chunk) streaming_tile_kernel(streaming_tile_args<Value, chain_traits<Tableau, WithError>::vector_count> args,
                                      System sys, link_coefficients<Tableau, Value> coef)
{
    using layout = streaming_layout<Tableau, WithError, FusedNorm, Reach>;
    using chain = typename layout::chain;
    constexpr bool Ring = streams_unrolled_ring<System>::value;
    using ops = fused_operations;
    constexpr int L = layout::links;
    constexpr int FIFO = layout::longest_fifo();
    extern __shared__ unsigned char shared_raw[];
    Value* const rings = reinterpret_cast<Value*>(shared_raw);
    constexpr int c = Chunk;  // compile time: chunk and ring arithmetic fold into shifts and immediates
    constexpr int S = layout::skew;          // steps between a link and the next: Reach + 1
    constexpr int RING = layout::ring_chunks; // chunks per ring: a power of two >= 2 Reach + 2
    const int t = int(threadIdx.x);
    const unsigned ring_mask = unsigned(RING * c - 1);
    error_norm_block<Value> partial;
    Value* const out = args.vectors[vector_ids::state_out];
    Value* const err = args.vectors[vector_ids::error_out];

    constexpr bool Signals = streaming_signals_end_tiles(WithError);
    const int edge_tiles = Signals ? args.signal.edge_tiles() : 0;
    for (unsigned order = blockIdx.x; order < args.tiles; order += gridDim.x)
    {
        // the end tiles first where their completion is signalled
        const unsigned tile = Signals ? unsigned(args.signal.tile_at(int(order), int(args.tiles))) : order;
        // Chunks start at multiples of c in the state, not at the tile's first component,
        // so that every warp's load of the state and store of the solution is aligned.
        // Offsets r below count from `base`; the plan's intervals, relative to the hull,
        // move by `shift`.
        const long long h0 = args.hull[2 * tile];
        const long long base = h0 - (h0 & (long long)(c - 1));
        const int shift = int(h0 - base);
        const int hull_size = int(args.hull[2 * tile + 1] - base);
        const int* record = args.meta + std::size_t(tile) * args.meta_stride;
        int first[L], last[L];
        for_each_index<std::size_t(L)>([&](auto JC) {
            constexpr std::size_t j = decltype(JC)::value;
            first[j] = record[2 * j] + shift;
            last[j] = record[2 * j + 1] + shift;
        });
        // the state window: components [h0 - d, hull end + d) within [0, n)
        const int load_first = int(h0 < args.d ? -base : shift - args.d);
        const int load_last = int(base + hull_size + args.d > args.n ? args.n - base : hull_size + args.d);
        // Memory index of plan offset r: base + r. On an unrolled ring's line (Ring) the
        // state's component base + r - H, modulo ring_n in the tiles whose window
        // crosses the ring's ends (`wraps`: the end tiles, whose steps all take the
        // checked path below, so that interior steps index as on any line).
        const long long state_base = Ring ? base - args.ring_halo : base;
        const bool wraps = Ring && (state_base + load_first < 0 || state_base + load_last > args.ring_n);
        auto memory_index = [&](int r, auto interior) {
            long long i = state_base + r;
            if constexpr (Ring && !decltype(interior)::value)
                if (wraps) i += i < 0 ? args.ring_n : (i >= args.ring_n ? -args.ring_n : 0);
            return i;
        };
        // what this tile writes of the outputs: its own piece (one strip each, from the
        // plan), of an unrolled ring's line only the ring's components; a piece wholly in
        // the line's halos is empty (b = a: streaming_inside would take a negative
        // length for the whole line, and the store would wrap onto the ring's first
        // components, which another tile owns)
        auto owned_of = [&](int v, int& a, int& b) {
            const int* s = record + args.layout.strips_offset(unsigned(v), 1);
            a = s[0] > 0 ? s[1] + shift : 0;
            b = s[0] > 0 ? s[2] + shift : 0;
            if constexpr (Ring)
            {
                a = int(max((long long)a, -state_base));
                b = int(min((long long)b, args.ring_n - state_base));
                b = max(a, b);
            }
        };
        int out_first, out_last;
        owned_of(vector_ids::state_out, out_first, out_last);
        const Value* const y_in = args.vectors[vector_ids::state_in];
        auto load_state_chunk = [&](int q, auto interior) {
            const int r = q * c + t;
            if (decltype(interior)::value || (r >= load_first && r < load_last))
                __pipeline_memcpy_async(rings + (unsigned(r) & ring_mask), y_in + memory_index(r, interior),
                                        sizeof(Value));
            __pipeline_commit();
        };
        // link 0 works on chunk k at step k and reads chunks k-Reach .. k+Reach
        for (int q = -Reach; q <= Reach; ++q) load_state_chunk(q, std::false_type{});
        __pipeline_wait_prior(0);
        __syncthreads();

        // zeroed: the first steps shift in values of links that had no chunk yet (never
        // read), and an uninitialised register array is undefined behaviour that nvcc
        // exploited (a wrong DOPRI5 in the probe)
        Value derivative_fifo[L][FIFO] = {};
        Value state_fifo[FIFO] = {};
        // forwarding (streaming_layout): link E - 1's partial sums and scale for the last link E
        Value solution_fifo[S] = {};
        Value error_fifo[S] = {};
        Value scale_fifo[S] = {};
        const int steps = (hull_size + c - 1) / c + S * (L - 1);  // link L-1 ends on the last chunk
        // The steps in which every link's chunk lies inside its interval, the state chunk
        // being loaded inside the window and the solution's inside the tile's own piece:
        // all but a tile's first and last few. They run a copy of the step without the
        // range checks (and with every link's F known to be formed, so nothing to zero):
        // fewer live values and instructions, most of all with 512-thread chunks (numbers:
        // doc/results/gpu_h200.md, "Measurements behind the defaults"). Chunk q covers [q c, q c + c), inside
        // [a, b) for ceil(a / c) <= q < floor(b / c); c is a power of two, and arithmetic
        // shifts round down for negative a and b too.
        int interior_begin = 0, interior_end = steps;
        auto keep_inside = [&](int a, int b, int lag) {  // chunk k - lag inside [a, b)
            constexpr int log_c = __builtin_ctz(unsigned(c));
            interior_begin = max(interior_begin, ((a + c - 1) >> log_c) + lag);
            interior_end = min(interior_end, (b >> log_c) + lag);
        };
        keep_inside(load_first, load_last, -(Reach + 1));
        for_each_index<std::size_t(L)>([&](auto JC) {
            constexpr int J = int(decltype(JC)::value);
            keep_inside(first[J], last[J], S * J);
            if constexpr (chain::lc_forms_solution(std::size_t(J))) keep_inside(out_first, out_last, S * J);
        });
        // a tile not wholly inside the error norm's range runs the checked copy of every
        // step, so that the interior copy needs no test of that range either
        if constexpr (FusedNorm)
            if (std::size_t(h0) < args.norm_params.norm_first ||
                std::size_t(args.hull[2 * tile + 1]) > args.norm_params.norm_last)
                interior_end = interior_begin;
        if (wraps) interior_end = interior_begin;
        auto step = [&](int k, auto interior) {
            constexpr bool Interior = decltype(interior)::value;
            load_state_chunk(k + Reach + 1, interior);
            // F_m of every link this step, for the FIFOs; zeroed for links without a chunk
            Value derivative[L] = {};
            Value state_now = Value(0);
            [[maybe_unused]] Value solution_now = Value(0), error_now = Value(0), scale_now = Value(0);
            // Each link in turn: its RHS and linear combinations, then its stores. Its
            // reads are of ring slots earlier steps wrote, its ring store goes to a slot
            // no link reads in this step. (All links' arithmetic first and the stores
            // after it would keep more values live at once: more registers per thread.)
            for_each_index<std::size_t(L)>([&](auto JC) {
                constexpr int J = int(decltype(JC)::value);
                const int r = (k - S * J) * c + t;
                if (!Interior && !streaming_inside(r, first[J], last[J])) return;
                Value f[J + 1][1];  // F_m of this component: weighted_sum_row's layout, one column
                for_each_index<std::size_t(J)>([&](auto MC) {
                    constexpr int m = int(decltype(MC)::value);
                    if constexpr (layout::reads_derivative(J, m)) f[m][0] = derivative_fifo[m][S * (J - m) - 1];
                });
                const streaming_view<Value> view{rings + RING * J * c, unsigned(base), ring_mask};
                // a step with F_0 given (FSAL reuse) runs kernels of its own, whose link 0
                // loads F_0 instead of evaluating it (given_first_derivative.hpp), from the
                // state's component (an unrolled ring's modulo n)
                if constexpr (J == 0 && reads_given_first_derivative<System>::value)
                    f[J][0] = args.norm_params.given_dxdt[memory_index(r, interior)];
                else
                    f[J][0] = link_derivative<std::size_t(J)>(sys, std::size_t(base + r), view, coef.stage_time[J],
                                                              args.norm_params);
                derivative[J] = f[J][0];
                Value y = Value(0);
                if constexpr (J == 0)
                {
                    y = rings[unsigned(r) & ring_mask];
                    state_now = y;
                }
                else if constexpr (layout::reads_state(J))
                    y = state_fifo[S * J - 1];
                constexpr auto terms = std::make_index_sequence<std::size_t(J) + 1>{};
                Value* const next_ring = rings + RING * (J + 1) * c;  // Y_{J+1}'s ring (J + 1 < L)
                if constexpr (chain::lc_forms_stage_argument(std::size_t(J)))
                    next_ring[unsigned(r) & ring_mask] =
                        weighted_sum_row<ops::row_a<Tableau, J + 1>, 1>(y, coef.ha[J + 1], f, 0, terms);
                if constexpr (J == layout::forward_link && layout::forwards_solution)
                    solution_now = weighted_sum_row<ops::row_b<Tableau>, 1>(y, coef.hb, f, 0, terms);
                if constexpr (chain::lc_forms_solution(std::size_t(J)))
                {
                    Value solution;
                    if constexpr (J == layout::last_link && layout::forwards_solution)  // link E - 1's sum, then F_E's term
                        solution = weighted_sum_row<ops::row_b<Tableau>, 1>(solution_fifo[S - 1], coef.hb, f, 0,
                                                                            std::index_sequence<std::size_t(J)>{});
                    else
                        solution = weighted_sum_row<ops::row_b<Tableau>, 1>(y, coef.hb, f, 0, terms);
                    if (Interior || streaming_inside(r, out_first, out_last)) out[memory_index(r, interior)] = solution;
                    if constexpr (chain::fsal_alias && std::size_t(J + 1) < std::size_t(L))
                        next_ring[unsigned(r) & ring_mask] = solution;  // Y_{J+1} is the solution (FSAL)
                }
                if constexpr (J == layout::forward_link && layout::forwards_error)
                {
                    error_now = weighted_sum_row<ops::row_e<Tableau>, 1>(Value(0), coef.he, f, 0, terms);
                    if constexpr (FusedNorm)
                    {
                        scale_now = error_scale(args.norm_params, y, f[0][0]);
                        // over a wider range than link E's: the same union of tiles
                        if (Interior || args.norm_params.counts(std::size_t(base + r))) note_state(partial, y);
                    }
                }
                if constexpr (chain::lc_forms_error(std::size_t(J)))
                {
                    Value error;
                    if constexpr (layout::forwards_error)  // link E - 1's sum, then F_E's term
                        error = weighted_sum_row<ops::row_e<Tableau>, 1>(error_fifo[S - 1], coef.he, f, 0,
                                                                         std::index_sequence<std::size_t(J)>{});
                    else
                        error = weighted_sum_row<ops::row_e<Tableau>, 1>(Value(0), coef.he, f, 0, terms);
                    if constexpr (FusedNorm && layout::forwards_error)
                    {
                        if (Interior || args.norm_params.counts(std::size_t(base + r)))
                            add_error_over_scale(partial, error, scale_fifo[S - 1]);
                    }
                    else if constexpr (FusedNorm)
                    {
                        if (Interior || args.norm_params.counts(std::size_t(base + r)))
                            add_scaled_error(partial, args.norm_params, error, y, f[0][0]);
                    }
                    else
                    {
                        int a, b;
                        owned_of(vector_ids::error_out, a, b);
                        if (streaming_inside(r, a, b)) err[memory_index(r, interior)] = error;
                    }
                }
                // a derivative the plan keeps in memory (dense output): the own piece. Only
                // adaptive steps, whose kernels fuse the norm, keep any (the executor runs
                // no other plan that does here), so other steps skip the test per link
                // (3 instructions of about 75 a link for RK4)
                if constexpr (FusedNorm)
                {
                    Value* const kept = args.vectors[chain::derivative(std::size_t(J))];
                    if (kept != nullptr)
                    {
                        int a, b;
                        owned_of(chain::derivative(std::size_t(J)), a, b);
                        if (streaming_inside(r, a, b)) kept[memory_index(r, interior)] = f[J][0];
                    }
                }
            });
            // the FIFOs move one step (unrolled: register moves)
            for_each_index<std::size_t(L)>([&](auto MC) {
                constexpr int m = int(decltype(MC)::value);
                streaming_shift_in<layout::derivative_fifo(m)>(derivative_fifo[m], derivative[m]);
            });
            streaming_shift_in<layout::state_fifo()>(state_fifo, state_now);
            if constexpr (layout::forwards_solution) streaming_shift_in<S>(solution_fifo, solution_now);
            if constexpr (layout::forwards_error)
            {
                streaming_shift_in<S>(error_fifo, error_now);
                streaming_shift_in<S>(scale_fifo, scale_now);
            }
            __pipeline_wait_prior(0);  // the state chunk the next step's link 0 reads
            __syncthreads();
        };
        for (int k = 0; k < steps; ++k)
        {
            if (k >= interior_begin && k < interior_end) step(k, std::true_type{});
            else step(k, std::false_type{});
        }
        if (Signals && int(order) < edge_tiles)
        {
            // an end tile's stores visible on the device (and to the peers that read
            // them) before the block counts it done
            __threadfence();
            __syncthreads();
            if (t == 0) cuda_edge_tile_done(args.signal);
        }
    }
    // every block merges (a block without tiles adds +0): the barrier inside is reached by all
    if constexpr (FusedNorm) block_merge_error_norm(partial, args.norm);
}

//! A launch of the streaming kernel, sized by prepare_streaming_tiles.
struct streaming_launch
{
    unsigned threads = 0;  //!< the chunk: components per step, threads per block
    unsigned reach = 0;    //!< chunks a link reads either side of its own
    std::size_t shared_bytes = 0;
    std::size_t grid = 0;
};

/*! Calls f(chunk, reach) with both as integral constants, for the (threads, reach)
    pairs the kernel is built for (cuda_launch_policy::streaming_is_built): the chunk is a
    compile-time constant of the kernel, so its index arithmetic folds (a chunk read
    from blockDim costs time: doc/results/gpu_h200.md, "Measurements behind the
    defaults"), and so is the reach. */
template <class F>
decltype(auto) with_streaming_chunk(unsigned threads, unsigned reach, F&& f)
{
    using one = std::integral_constant<int, 1>;
    if (reach == 2) return f(std::integral_constant<int, 512>{}, std::integral_constant<int, 2>{});
    switch (threads)  // reach 1
    {
    case 64: return f(std::integral_constant<int, 64>{}, one{});
    case 128: return f(std::integral_constant<int, 128>{}, one{});
    case 256: return f(std::integral_constant<int, 256>{}, one{});
    default: return f(std::integral_constant<int, 512>{}, one{});
    }
}

/*! Why the streaming kernel cannot run `plan` (nullptr: it can, and `out` is its
    launch). It runs an overlapped plan of the whole chain (one kernel whose tiles read
    nothing from memory but the state), one block per tile at a time in chunks of T
    components, T the tiling's threads_per_block or cuda_launch_policy::streaming_threads_for(d),
    and not: T other than 64, 128, 256 or 512 or (but for 512) below d, a chain whose
    FIFOs would not fit registers, a device that cannot hold the block, tilings that ask
    for the register-tile kernel's shapes (several blocks or clusters per tile, several
    components per thread), and plans that keep a derivative in a step without the
    fused norm (the kernel writes kept derivatives only in the adaptive steps, the only
    ones that keep any). */
template <class Tableau, bool WithError, bool FusedNorm, class System, class Value, std::size_t NV>
const char* prepare_streaming_tiles(const tiling_plan& plan,
                                    const std::vector<std::unique_ptr<device_kernel_plan>>& kernels,
                                    Value* const (&vectors)[NV], streaming_launch& out)
{
    using chain = chain_traits<Tableau, WithError>;
    if (plan.config.kind() != tiling::scheme::overlapped || kernels.size() != 1)
        return "not an overlapped plan of one kernel";
    if (plan.config.blocks_per_tile() > 1 || plan.config.use_clusters() || plan.config.components_per_thread() > 1)
        return "the tiling asks for the register tiles' shapes (blocks_per_tile, use_clusters, components_per_thread)";
    const flat_kernel_plan& f = kernels[0]->host;
    if (f.tiles == 0) return "no tiles";
    if (f.link_begin != 0 || f.link_count != chain::links) return "the kernel does not run the whole chain";
    if (!f.register_meta_fits) return "a tile's intervals do not fit the kernel's records";
    if (!f.reads_only_state) return "the tiles read more than the state from memory";
    const unsigned threads = plan.config.threads_per_block() ? unsigned(plan.config.threads_per_block())
                                                             : cuda_launch_policy::streaming_threads_for(plan.d);
    const unsigned reach = cuda_launch_policy::streaming_reach(plan.d, threads);
    if (f.widest_hull > 0x3fffffff) return "a tile is wider than the kernel's 32-bit offsets";
    if (!cuda_launch_policy::streaming_is_built(threads, reach))
        return "no kernel is built for this chunk (threads_per_block, or the one for d) and reach";
    // the kernel writes kept derivatives in steps that fuse the norm only (the
    // adaptive steps' dense output); a plan of any other step that kept one runs in
    // another kernel
    if constexpr (!FusedNorm)
        for (std::size_t j = 0; j < chain::links; ++j)
            if (vectors[chain::derivative(j)] != nullptr) return "the plan keeps a derivative outside an adaptive step";
    const device_limits& dev = current_device_limits();
    return with_streaming_chunk(threads, reach, [&](auto chunk, auto reach_constant) -> const char* {
        constexpr int C = decltype(chunk)::value;
        constexpr int R = decltype(reach_constant)::value;
        using layout = streaming_layout<Tableau, WithError, FusedNorm, R>;
        if constexpr (layout::fifo_values() > cuda_launch_policy::streaming_max_fifo_values)
            return "the chain's FIFOs hold more values than the kernel is built for";
        else
        {
            const std::size_t shared_bytes = cuda_launch_policy::streaming_ring_bytes(chain::links, C, sizeof(Value), R);
            const std::size_t static_shared = FusedNorm ? error_norm_shared_bytes<Value>() : 0;
            if (shared_bytes + static_shared > std::size_t(dev.shared_optin))
                return "the rings need more shared memory than a block may have";
            auto kernel = &streaming_tile_kernel<Tableau, WithError, System, Value, FusedNorm, C, R>;
            const launch_shape s = shape_of(kernel, unsigned(C), shared_bytes);
            if (C > s.max_threads || s.blocks_per_sm == 0) return "the device cannot hold a block";
            out.threads = unsigned(C);
            out.reach = unsigned(R);
            out.shared_bytes = shared_bytes;
            out.grid = resident_grid(f.tiles, s, dev);
            return nullptr;
        }
    });
}

/*! Launches what prepare_streaming_tiles prepared: a persistent grid, one block per tile
    at a time. With a `ring` (ring.n != 0) the plan is that ring's unrolled line and sys
    the system as the line sees it (system/unrolled_ring.hpp). may_signal: this launch
    writes the step's last values of the output (a plan's components are the state's),
    so a step without an error estimate may take the thread's edge signal request. */
template <class Tableau, bool WithError, bool FusedNorm, class System, class Value, std::size_t NV>
void launch_streaming_tiles(const streaming_launch& l, const tiling_plan& plan,
                            const std::vector<std::unique_ptr<device_kernel_plan>>& kernels,
                            Value* const (&vectors)[NV], const System& sys, const link_coefficients<Tableau, Value>& coef,
                            const error_norm_params<Value>& norm_params, cuda_norm_accumulator<Value>* norm,
                            const unrolled_ring& ring = unrolled_ring(), bool may_signal = false)
{
    with_streaming_chunk(l.threads, l.reach, [&](auto chunk, auto reach_constant) {
        constexpr int C = decltype(chunk)::value;
        constexpr int R = decltype(reach_constant)::value;
        if constexpr (streaming_layout<Tableau, WithError, FusedNorm, R>::fifo_values() <=
                      cuda_launch_policy::streaming_max_fifo_values)
        {
            streaming_tile_args<Value, NV> a{};
            set_tile_meta_args(a, vectors, plan, norm_params, norm);
            point_at_kernel(a, *kernels[0]);
            a.ring_n = (long long)ring.n;
            a.ring_halo = (long long)ring.halo;
            if (streaming_signals_end_tiles(WithError) && may_signal && ring.n == 0)
                a.signal = take_streaming_edge_signal(kernels[0]->host, (long long)plan.n);
            streaming_tile_kernel<Tableau, WithError, System, Value, FusedNorm, C, R>
                <<<unsigned(l.grid), unsigned(C), l.shared_bytes>>>(a, sys, coef);
            cuda_check_launch("streaming tile kernel");
        }
    });
}

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STREAMING_TILE_KERNEL_HPP_INCLUDED
