/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_executor.hpp

 Executes a tiling plan on an NVIDIA GPU. One launch per kernel of the plan; a
 persistent grid of thread blocks walks the kernel's tiles, one tile per block at a
 time (single-block tiles, reference paper §4). Inside a tile the links run in
 order with a block barrier between them; at each link every thread evaluates the
 RHS at its components and immediately forms the link's linear combinations there
 (RHS->LC fused through registers). The vectors a tile keeps to itself live in
 shared memory when they fit (else in a per-block global scratch that stays in L2);
 only the plan's edge strips travel through device memory.

 Not yet here (see doc/): multi-block tiles with an inter-block barrier, cluster
 tiles in distributed shared memory, components kept in registers across links.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_EXECUTOR_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_EXECUTOR_HPP_INCLUDED

#include <algorithm>
#include <cstddef>

#include <cuda_runtime_api.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_workspace.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/register_tile_kernel.hpp>
#include <boost/numeric/odeint/tiled/detail/link_dispatch.hpp>
#include <boost/numeric/odeint/tiled/plan/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/steppers/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/system/stage_view.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

namespace detail {

//! What one launch needs, passed by value.
template <class Value, std::size_t NV>
struct cuda_kernel_args
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

template <class Tableau, bool WithError, class Operations, class System, class Value>
__global__ void tiled_stage_kernel(cuda_kernel_args<Value, chain_traits<Tableau, WithError>::vector_count> args,
                                   System sys, link_coefficients<Tableau, Value> coef)
{
    using chain = chain_traits<Tableau, WithError>;
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
                    base[f][i - offset[f]] = static_cast<Value>(sys(std::size_t(i), y, tj));
                    block_pointers<Value, NV> bp;
                    for (std::size_t v = 0; v < NV; ++v) bp.p[v] = base[v] ? base[v] + (i - offset[v]) : nullptr;
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
}

} // namespace detail

struct cuda_tuning
{
    //! Threads per block of the general tile kernel.
    static constexpr unsigned threads_per_block = 512;
    //! Threads per block of the register-tile kernel.
    static constexpr unsigned register_tile_threads = 256;
    //! Components per thread of the register-tile kernel for a chain of `links` links.
    //! RK4 with 8 needed 168 registers a thread: one 256-thread block per SM, and
    //! 1.39 ms per BRUSS2D step (n = 16 Mi, d = 32) on an H200, latency-bound. 4 per
    //! thread halves the registers; the kernel still needs a tuning pass.
    static constexpr std::size_t components_per_thread(std::size_t links) { return links <= 8 ? 4 : 2; }
    //! Shared memory a tile's scratch may take before it moves to global memory
    //! (bytes); beyond 48 KiB the kernel opts in to the larger carve-out.
    static constexpr std::size_t shared_scratch_limit = 160 * 1024;
};

class cuda_executor
{
public:
    template <class Tableau, bool WithError, class Operations, class System, class Value, class Time>
    static void run(const tiling_plan& plan, cuda_workspace<Value>& ws, const System& sys, const Value* y, Value* out,
                    Value* err, Time t, Time h)
    {
        using chain = chain_traits<Tableau, WithError>;
        constexpr std::size_t NV = chain::vector_count;
        const std::size_t n = plan.n;
        const bool use_spare = (out == y) && !plan.in_place_safe;
        Value* result = use_spare ? ws.spare_output(n) : out;

        detail::cuda_kernel_args<Value, NV> args{};
        args.vectors[vector_ids::state_in] = const_cast<Value*>(y);
        args.vectors[vector_ids::state_out] = result;
        args.vectors[vector_ids::error_out] = err;
        for (std::size_t v = vector_ids::first_derivative; v < NV; ++v)
        {
            const bool used = plan.in_memory[v] != 0;
            args.vectors[v] = used ? ws.permanent(v, n) : nullptr;
        }
        const link_coefficients<Tableau, Value> coef(t, h);
        const auto& kernels = ws.device_plan(plan);
        int device = 0, sms = 1, optin = 48 * 1024;
        cuda_check(cudaGetDevice(&device), "cudaGetDevice");
        cuda_check(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device), "reading the SM count");
        cuda_check(cudaDeviceGetAttribute(&optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, device), "reading shared memory");

        // the register-tile kernel when every tile fits its threads' registers
        constexpr std::size_t C = cuda_tuning::components_per_thread(chain::links);
        const unsigned reg_threads = plan.config.threads_per_block() ? unsigned(plan.config.threads_per_block())
                                                                     : cuda_tuning::register_tile_threads;
        const std::size_t reg_buffer = C * reg_threads + 2 * plan.d;
        bool registers = plan.config.components_per_thread() == 0 || plan.config.components_per_thread() == C;
        for (const auto& k : kernels) registers = registers && k->host.widest_hull <= (long long)(C * reg_threads);
        registers = registers && 2 * reg_buffer * sizeof(Value) <= std::size_t(optin);
        auto register_kernel = &detail::register_tile_kernel<Tableau, WithError, System, Value, C>;
        if (registers)
        {
            // a block too large for the kernel's registers falls back to the general kernel
            cudaFuncAttributes attributes{};
            cuda_check(cudaFuncGetAttributes(&attributes, register_kernel), "reading the register-tile kernel");
            registers = int(reg_threads) <= attributes.maxThreadsPerBlock;
        }
        if (registers)
        {
            detail::register_tile_args<Value, NV> ra{};
            for (std::size_t v = 0; v < NV; ++v) ra.vectors[v] = args.vectors[v];
            auto kernel = register_kernel;
            const std::size_t shared_bytes = 2 * reg_buffer * sizeof(Value);
            if (shared_bytes > 48 * 1024)
                cuda_check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared_bytes)),
                           "raising the shared memory of the register-tile kernel");
            int per_sm = 0;
            cuda_check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, int(reg_threads), shared_bytes),
                       "occupancy of the register-tile kernel");
            for (const auto& k : kernels)
            {
                const flat_kernel_plan& f = k->host;
                if (f.tiles == 0) continue;
                ra.intervals = static_cast<const long long*>(k->intervals.get());
                ra.hull = static_cast<const long long*>(k->hull.get());
                ra.strip_begin = static_cast<const unsigned*>(k->strip_begin.get());
                ra.strips = static_cast<const device_strip*>(k->strips.get());
                ra.tiles = unsigned(f.tiles);
                ra.link_begin = unsigned(f.link_begin);
                ra.link_count = unsigned(f.link_count);
                ra.d = (long long)plan.d;
                ra.n = (long long)n;
                ra.buffer_values = unsigned(reg_buffer);
                const std::size_t grid = std::max<std::size_t>(
                    1, std::min<std::size_t>(f.tiles, std::size_t(sms) * std::size_t(std::max(per_sm, 1))));
                kernel<<<unsigned(grid), reg_threads, shared_bytes>>>(ra, sys, coef);
                cuda_check_launch("register-tile kernel");
            }
        }
        else
        {
        auto kernel = &detail::tiled_stage_kernel<Tableau, WithError, Operations, System, Value>;
        const unsigned threads = plan.config.threads_per_block() ? unsigned(plan.config.threads_per_block())
                                                                 : cuda_tuning::threads_per_block;
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
            const bool in_shared = shared_bytes <= std::min<std::size_t>(cuda_tuning::shared_scratch_limit, std::size_t(optin));
            std::size_t dynamic_shared = in_shared ? shared_bytes : 0;
            if (dynamic_shared > 48 * 1024)
                cuda_check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(dynamic_shared)),
                           "raising the shared memory of the tile kernel");
            int per_sm = 0;
            cuda_check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, int(threads), dynamic_shared),
                       "occupancy of the tile kernel");
            const std::size_t grid = std::max<std::size_t>(1, std::min<std::size_t>(f.tiles, std::size_t(sms) * std::size_t(std::max(per_sm, 1))));
            args.global_scratch = in_shared ? nullptr : ws.global_scratch(grid * f.scratch_values);
            kernel<<<unsigned(grid), threads, dynamic_shared>>>(args, sys, coef);
            cuda_check_launch("tiled stage kernel");
        }
        }
        if (use_spare)
            cuda_check(cudaMemcpyAsync(out, result, n * sizeof(Value), cudaMemcpyDeviceToDevice), "copying the output state");
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_EXECUTOR_HPP_INCLUDED
