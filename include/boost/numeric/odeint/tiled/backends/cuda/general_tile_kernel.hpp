/*
 boost/numeric/odeint/tiled/backends/cuda/general_tile_kernel.hpp

 The general tile kernel of the CUDA backend, the fallback that runs any plan: a
 persistent grid of thread blocks walks the kernel's tiles, one tile per block at a
 time (single-block tiles, Korch & Werner §4; doc/how_it_works.md, "References").
 Inside a tile the links run in order with a block barrier between them; at each
 link every thread evaluates the RHS at its components and immediately forms the
 link's linear combinations there (RHS->LC fused through registers). The vectors a
 tile keeps to itself live in shared memory when they fit (else in a per-block
 global scratch that stays in L2); only the plan's edge strips travel through
 device memory. It honours the stepper's Operations (apply_link_lc,
 apply_link_lc_error_norm), as the stage kernels do.

 Host side: run_general_tiles.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_GENERAL_TILE_KERNEL_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_GENERAL_TILE_KERNEL_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cstddef>
#include <memory>
#include <vector>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error_norm.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_launch.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_launch_policy.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_workspace.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/device_plan.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/given_first_derivative.hpp>
#include <boost/numeric/odeint/tiled/core/link_dispatch.hpp>
#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/system/stage_view.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

//! What one launch needs, passed by value.
template <class Value, std::size_t NV>
struct general_tile_args
{
    Value* vectors[NV];              //!< permanent vectors and the user's state (nullptr: unused)
    const long long* intervals;
    const long long* buffer_first;
    const long long* scratch_offset;
    const unsigned* load_begin;
    const unsigned* store_begin;
    const device_strip* loads;
    const device_strip* stores;
    Value* global_scratch;           //!< nullptr: scratch in dynamic shared memory
    std::size_t scratch_values;      //!< per block
    unsigned tiles;
    unsigned link_begin;
    unsigned link_count;
};

/*! The general tile kernel. With FusedNorm (the error chain of an adaptive step) the
    error link reduces the error estimate to odeint's error norm instead of storing it
    (fused_operations::apply_link_lc_error_norm): each thread keeps its part in
    registers and the block merges it into *norm at the end (cuda_error_norm.hpp). */
template <class Tableau, bool WithError, class Operations, class System, class Value, bool FusedNorm = false>
__global__ void general_tile_kernel(general_tile_args<Value, chain_traits<Tableau, WithError>::vector_count> args,
                                   System sys, link_coefficients<Tableau, Value> coef,
                                   error_norm_params<Value> norm_params, cuda_norm_accumulator<Value>* norm)
{
    static_assert(!FusedNorm || WithError, "a fused error norm needs the error chain");
    using chain = chain_traits<Tableau, WithError>;
    error_norm_block<Value> partial;  // this thread's share of the error norm (FusedNorm)
    constexpr std::size_t NV = chain::vector_count;
    extern __shared__ unsigned char shared_raw[];
    Value* scratch = args.global_scratch ? args.global_scratch + std::size_t(blockIdx.x) * args.scratch_values
                                         : reinterpret_cast<Value*>(shared_raw);
    for (unsigned tile = blockIdx.x; tile < args.tiles; tile += gridDim.x)
    {
        Value* base[NV];
        long long offset[NV];
        for (std::size_t v = 0; v < NV; ++v)
        {
            const long long so = args.scratch_offset[std::size_t(tile) * NV + v];
            base[v] = so >= 0 ? scratch + so : args.vectors[v];
            offset[v] = so >= 0 ? args.buffer_first[std::size_t(tile) * NV + v] : 0;
        }
        for (unsigned s = args.load_begin[tile]; s < args.load_begin[tile + 1]; ++s)
        {
            const device_strip st = args.loads[s];
            for (long long i = st.first + threadIdx.x; i < st.last; i += blockDim.x)
                base[st.vector][i - offset[st.vector]] = args.vectors[st.vector][i];
        }
        __syncthreads();
        for (unsigned jj = 0; jj < args.link_count; ++jj)
        {
            const long long first = args.intervals[(std::size_t(tile) * args.link_count + jj) * 2];
            const long long last = args.intervals[(std::size_t(tile) * args.link_count + jj) * 2 + 1];
            dispatch_link<chain::links>(args.link_begin + jj, [&](auto J) {
                constexpr std::size_t j = decltype(J)::value;
                constexpr int in = chain::stage_argument(j);
                constexpr int f = chain::derivative(j);
                const stage_view<Value> y{base[in], offset[in]};
                const Value tj = coef.stage_time[j];
                for (long long i = first + threadIdx.x; i < last; i += blockDim.x)
                {
                    base[f][i - offset[f]] = link_derivative<j>(sys, std::size_t(i), y, tj, norm_params);
                    block_pointers<Value, NV> bp;
                    for (std::size_t v = 0; v < NV; ++v) bp.p[v] = base[v] ? base[v] + (i - offset[v]) : nullptr;
                    if constexpr (FusedNorm && j == chain::error_link)
                    {
                        // formed and stored for every component; kept in the norm only inside its range
                        error_norm_block<Value> share = partial;
                        Operations::template apply_link_lc_error_norm<Tableau, j>(bp, 1, coef, norm_params, share);
                        if (norm_params.counts(std::size_t(i))) partial = share;
                    }
                    else
                        Operations::template apply_link_lc<Tableau, WithError, j>(bp, 1, coef);
                }
            });
            __syncthreads();
        }
        for (unsigned s = args.store_begin[tile]; s < args.store_begin[tile + 1]; ++s)
        {
            const device_strip st = args.stores[s];
            for (long long i = st.first + threadIdx.x; i < st.last; i += blockDim.x)
                args.vectors[st.vector][i] = base[st.vector][i - offset[st.vector]];
        }
        __syncthreads();
    }
    if constexpr (FusedNorm)
        if (args.link_begin <= chain::error_link && chain::error_link < std::size_t(args.link_begin) + args.link_count)
            block_merge_error_norm(partial, norm);  // the same condition for the whole block: its barrier is safe
}

//! Runs the plan with the general tile kernel (any tile size; scratch in shared
//! memory where it fits, else in a per-block global area that stays in L2).
//! With FusedNorm the error link reduces the error norm into *norm.
template <class Tableau, bool WithError, class Operations, bool FusedNorm, class System, class Value, std::size_t NV>
void run_general_tiles(const tiling_plan& plan, const std::vector<std::unique_ptr<device_kernel_plan>>& kernels,
                       cuda_workspace<Value>& ws, Value* const (&vectors)[NV], const System& sys,
                       const link_coefficients<Tableau, Value>& coef, const error_norm_params<Value>& norm_params,
                       cuda_norm_accumulator<Value>* norm)
{
    auto kernel = &general_tile_kernel<Tableau, WithError, Operations, System, Value, FusedNorm>;
    general_tile_args<Value, NV> args{};
    for (std::size_t v = 0; v < NV; ++v) args.vectors[v] = vectors[v];
    // the fused norm's block reduction takes a little static shared memory
    const std::size_t static_shared = FusedNorm ? error_norm_shared_bytes<Value>() : 0;
    const unsigned threads = plan.config.threads_per_block() ? unsigned(plan.config.threads_per_block())
                                                             : cuda_launch_policy::threads_per_block;
    const device_limits& dev = current_device_limits();
    for (const auto& k : kernels)
    {
        const flat_kernel_plan& f = k->host;
        if (f.tiles == 0) continue;
        args.intervals = static_cast<const long long*>(k->intervals.get());
        args.buffer_first = static_cast<const long long*>(k->buffer_first.get());
        args.scratch_offset = static_cast<const long long*>(k->scratch_offset.get());
        args.load_begin = static_cast<const unsigned*>(k->load_begin.get());
        args.store_begin = static_cast<const unsigned*>(k->store_begin.get());
        args.loads = static_cast<const device_strip*>(k->loads.get());
        args.stores = static_cast<const device_strip*>(k->stores.get());
        args.tiles = unsigned(f.tiles);
        args.link_begin = unsigned(f.link_begin);
        args.link_count = unsigned(f.link_count);
        args.scratch_values = f.scratch_values;
        const std::size_t shared_bytes = f.scratch_values * sizeof(Value);
        const bool in_shared = shared_bytes <= std::min<std::size_t>(cuda_launch_policy::shared_scratch_limit,
                                                                     std::size_t(dev.shared_optin) - static_shared);
        const std::size_t dynamic_shared = in_shared ? shared_bytes : 0;
        const launch_shape s = fitting_shape_of(kernel, threads, dynamic_shared);
        const std::size_t grid = resident_grid(f.tiles, s, dev);
        args.global_scratch = in_shared ? nullptr : ws.global_scratch(grid * f.scratch_values);
        kernel<<<unsigned(grid), s.threads, dynamic_shared>>>(args, sys, coef, norm_params, norm);
        cuda_check_launch("general tile kernel");
    }
}

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_GENERAL_TILE_KERNEL_HPP_INCLUDED
