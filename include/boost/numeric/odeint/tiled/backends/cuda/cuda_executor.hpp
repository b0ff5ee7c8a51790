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

 Tiles that fit the registers of one block, or of a group of blocks that share the
 tile (a cluster meeting at the hardware barrier and reading halos from each
 other's shared memory, or blocks of a cooperative grid meeting at an atomic
 barrier and exchanging halos through L2: tile_group.hpp), run the register-tile
 kernel (register_tile_kernel.hpp) instead, tiling::none() runs one plain kernel
 per link over all components (stage_kernel.hpp), and overlapped tiles of the whole
 chain are each streamed through one block in a skewed wavefront of chunks
 (streaming_tile_kernel.hpp).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_EXECUTOR_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_EXECUTOR_HPP_INCLUDED

#include <algorithm>
#include <cstddef>
#include <memory>
#include <type_traits>
#include <utility>
#include <vector>

#include <cuda_runtime_api.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error_norm.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_state_kernels.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_tuning.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_workspace.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/given_first_derivative.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/register_tile_kernel.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/stage_kernel.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/streaming_tile_kernel.hpp>
#include <boost/numeric/odeint/tiled/core/link_dispatch.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
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

/*! The general tile kernel. With FusedNorm (the error chain of an adaptive step) the
    error link reduces the error estimate to odeint's error norm instead of storing it
    (fused_operations::apply_link_lc_error_norm): each thread keeps its part in
    registers and the block merges it into *norm at the end (cuda_error_norm.hpp). */
template <class Tableau, bool WithError, class Operations, class System, class Value, bool FusedNorm = false>
__global__ void tiled_stage_kernel(cuda_kernel_args<Value, chain_traits<Tableau, WithError>::vector_count> args,
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
                        Operations::template apply_link_lc_error_norm<Tableau, j>(bp, 1, coef, norm_params, partial);
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

} // namespace detail

//! Which kernel family ran the last step on this host thread (cuda_executor::last_path()).
enum class cuda_kernel_path
{
    nothing,         //!< no step yet
    stage_kernels,   //!< none(): one plain kernel per link
    register_tiles,  //!< single-block register tiles
    cluster_tiles,   //!< register tiles of several blocks: a thread-block cluster, halos through DSMEM
    l2_tiles,        //!< register tiles of several blocks: cooperative grid, atomic barrier, halos through L2
    general_tiles,   //!< the general tile kernel
    streaming_tiles  //!< overlapped tiles of the whole chain, each streamed through one block
};

inline const char* kernel_path_name(cuda_kernel_path p)
{
    switch (p)
    {
    case cuda_kernel_path::stage_kernels: return "stage kernels";
    case cuda_kernel_path::register_tiles: return "register tiles";
    case cuda_kernel_path::cluster_tiles: return "cluster tiles";
    case cuda_kernel_path::l2_tiles: return "multi-block tiles (L2)";
    case cuda_kernel_path::general_tiles: return "general tiles";
    case cuda_kernel_path::streaming_tiles: return "streaming tiles";
    default: return "nothing";
    }
}

class cuda_executor
{
    static cuda_kernel_path& path_record()
    {
        static thread_local cuda_kernel_path p = cuda_kernel_path::nothing;
        return p;
    }

    //! Launch shape of the register-tile kernel of one (kernel function, block size,
    //! shared bytes), asked of the runtime once and then remembered: these queries
    //! cost microseconds, a step of a small problem not much more.
    struct launch_shape
    {
        const void* kernel;
        unsigned threads;
        std::size_t shared_bytes;
        int max_threads;
        int blocks_per_sm;
    };

    //! The dynamic shared memory limit raised for a kernel so far (48 KiB: not raised).
    static int& raised_dynamic_shared(const void* kernel)
    {
        static thread_local std::vector<std::pair<const void*, int>> raised;
        for (auto& r : raised)
            if (r.first == kernel) return r.second;
        raised.emplace_back(kernel, 48 * 1024);
        return raised.back().second;
    }

    template <class Kernel>
    static launch_shape shape_of(Kernel kernel, unsigned threads, std::size_t shared_bytes)
    {
        static thread_local std::vector<launch_shape> known;
        for (const launch_shape& s : known)
            if (s.kernel == reinterpret_cast<const void*>(kernel) && s.threads == threads && s.shared_bytes == shared_bytes)
                return s;
        launch_shape s{reinterpret_cast<const void*>(kernel), threads, shared_bytes, 0, 0};
        cudaFuncAttributes attributes{};
        cuda_check(cudaFuncGetAttributes(&attributes, kernel), "reading a tile kernel's attributes");
        s.max_threads = attributes.maxThreadsPerBlock;
        if (int(threads) <= s.max_threads)
        {
            // prefer the largest shared-memory carve-out: with the default the driver
            // may pick a 32 KiB configuration and hold a kernel with 18 KiB of buffers
            // to one block per SM (a quarter of the possible warps)
            cuda_check(cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout,
                                            int(cudaSharedmemCarveoutMaxShared)),
                       "setting the shared memory carve-out of a tile kernel");
            // the attribute is per kernel function, not per launch shape: raise it to the
            // largest size any shape of this kernel asked for so far (a smaller shape
            // queried later must not lower it under a larger one's launches)
            int& raised = raised_dynamic_shared(reinterpret_cast<const void*>(kernel));
            if (shared_bytes > 48 * 1024 && int(shared_bytes) > raised)
            {
                cuda_check(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared_bytes)),
                           "raising the shared memory of a tile kernel");
                raised = int(shared_bytes);
            }
            cuda_check(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&s.blocks_per_sm, kernel, int(threads), shared_bytes),
                       "occupancy of a tile kernel");
        }
        known.push_back(s);
        return s;
    }

    //! shape_of with `threads`, or, where the kernel's registers allow fewer threads per
    //! block, with the largest whole-warp block that fits.
    template <class Kernel>
    static launch_shape fitting_shape_of(Kernel kernel, unsigned threads, std::size_t shared_bytes)
    {
        const launch_shape s = shape_of(kernel, threads, shared_bytes);
        if (int(threads) <= s.max_threads) return s;
        return shape_of(kernel, unsigned(std::max(32, s.max_threads / 32 * 32)), shared_bytes);
    }

    struct device_limits
    {
        int sms = 1;
        int shared_optin = 48 * 1024;
        int major = 0;  //!< compute capability
    };
    static const device_limits& limits()
    {
        static thread_local int device = -1;
        static thread_local device_limits l;
        int current = 0;
        cuda_check(cudaGetDevice(&current), "cudaGetDevice");
        if (current != device)
        {
            cuda_check(cudaDeviceGetAttribute(&l.sms, cudaDevAttrMultiProcessorCount, current), "reading the SM count");
            cuda_check(cudaDeviceGetAttribute(&l.shared_optin, cudaDevAttrMaxSharedMemoryPerBlockOptin, current),
                       "reading shared memory");
            cuda_check(cudaDeviceGetAttribute(&l.major, cudaDevAttrComputeCapabilityMajor, current),
                       "reading the compute capability");
            device = current;
        }
        return l;
    }

    //! A persistent grid: one wave of resident blocks of shape s on the device (at least
    //! 1), and no more blocks than `work` (tiles, or blocks' worth of components) needs.
    static std::size_t resident_grid(std::size_t work, const launch_shape& s, const device_limits& dev)
    {
        return std::max<std::size_t>(
            1, std::min<std::size_t>(work, std::size_t(dev.sms) * std::size_t(std::max(s.blocks_per_sm, 1))));
    }

    //! The launch attribute of clusters of `cluster` blocks along x.
    static cudaLaunchAttribute cluster_dimension(unsigned cluster)
    {
        cudaLaunchAttribute a{};
        a.id = cudaLaunchAttributeClusterDimension;
        a.val.clusterDim.x = cluster;
        a.val.clusterDim.y = 1;
        a.val.clusterDim.z = 1;
        return a;
    }

    //! Launches one kernel of a register-tile plan: `blocks` blocks of `threads`, in
    //! clusters of `cluster` blocks (1: none), cooperatively (all resident) or not.
    template <class Kernel, class... Args>
    static void launch(Kernel kernel, std::size_t blocks, unsigned threads, std::size_t shared_bytes, unsigned cluster,
                       bool cooperative, const char* what, const Args&... args)
    {
        cudaLaunchConfig_t config{};
        config.gridDim = dim3(unsigned(blocks));
        config.blockDim = dim3(threads);
        config.dynamicSmemBytes = shared_bytes;
        cudaLaunchAttribute attributes[1];
        config.attrs = attributes;
        if (cluster > 1)
        {
            attributes[0] = cluster_dimension(cluster);
            config.numAttrs = 1;
        }
        else if (cooperative)
        {
            attributes[0].id = cudaLaunchAttributeCooperative;
            attributes[0].val.cooperative = 1;
            config.numAttrs = 1;
        }
        cuda_check(cudaLaunchKernelEx(&config, kernel, args...), what);
        cuda_check_launch(what);
    }

    //! Clusters of `cluster` blocks of kernel `kernel` that can be resident at once (0: none
    //! fits); asked of the runtime once per launch shape, like shape_of.
    template <class Kernel>
    static int resident_clusters(Kernel kernel, unsigned threads, std::size_t shared_bytes, unsigned cluster)
    {
        struct known_shape
        {
            const void* kernel;
            unsigned threads;
            std::size_t shared_bytes;
            unsigned cluster;
            int clusters;
        };
        static thread_local std::vector<known_shape> known;
        for (const known_shape& k : known)
            if (k.kernel == reinterpret_cast<const void*>(kernel) && k.threads == threads &&
                k.shared_bytes == shared_bytes && k.cluster == cluster)
                return k.clusters;
        const int clusters = query_resident_clusters(kernel, threads, shared_bytes, cluster);
        known.push_back({reinterpret_cast<const void*>(kernel), threads, shared_bytes, cluster, clusters});
        return clusters;
    }

    template <class Kernel>
    static int query_resident_clusters(Kernel kernel, unsigned threads, std::size_t shared_bytes, unsigned cluster)
    {
        if (cluster > 8)
            cuda_check(cudaFuncSetAttribute(kernel, cudaFuncAttributeNonPortableClusterSizeAllowed, 1),
                       "allowing a non-portable cluster size");
        cudaLaunchConfig_t config{};
        config.gridDim = dim3(cluster);
        config.blockDim = dim3(threads);
        config.dynamicSmemBytes = shared_bytes;
        cudaLaunchAttribute attribute = cluster_dimension(cluster);
        config.attrs = &attribute;
        config.numAttrs = 1;
        int clusters = 0;
        const cudaError_t e = cudaOccupancyMaxActiveClusters(&clusters, kernel, &config);
        if (e != cudaSuccess) { (void)cudaGetLastError(); return 0; }  // e.g. a cluster larger than the device allows
        return clusters;
    }

    //! How one kernel of a register-tile plan is launched (prepared before any launch,
    //! so that a plan the device cannot run launches nothing and falls back).
    struct register_launch
    {
        cuda_kernel_path path;  //!< register_tiles, cluster_tiles or l2_tiles
        unsigned blocks;        //!< per tile
        std::size_t groups;     //!< tiles running at once: the persistent grid has groups * blocks blocks
    };

    /*! The launch of one kernel of `tiles` tiles (`full`: the whole chain) with group
        policy Group (tile_group.hpp), tiles of `blocks` blocks; false where the kernel's
        registers or the device cannot hold that. */
    template <class Group, class Tableau, bool WithError, std::size_t C, bool FusedNorm, class System, class Value>
    static bool prepare_register_launch(bool full, std::size_t tiles, unsigned threads, unsigned blocks,
                                        std::size_t shared_bytes, register_launch& out)
    {
        constexpr bool in_clusters = std::is_same<Group, detail::cluster_group>::value;
        auto kernel = full ? &detail::register_tile_kernel<Tableau, WithError, System, Value, C, true, FusedNorm, Group>
                           : &detail::register_tile_kernel<Tableau, WithError, System, Value, C, false, FusedNorm, Group>;
        const launch_shape s = shape_of(kernel, threads, shared_bytes);
        if (int(threads) > s.max_threads) return false;
        const device_limits& dev = limits();
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

    template <class Group, class Tableau, bool WithError, std::size_t C, bool FusedNorm, class System, class Value,
              std::size_t NV>
    static void launch_register_kernel(bool full, const register_launch& l, cuda_workspace<Value>& ws,
                                       detail::register_tile_args<Value, NV> ra, const System& sys,
                                       const link_coefficients<Tableau, Value>& coef, unsigned threads,
                                       std::size_t shared_bytes)
    {
        constexpr bool in_clusters = std::is_same<Group, detail::cluster_group>::value;
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
            launch(&detail::register_tile_kernel<Tableau, WithError, System, Value, C, true, FusedNorm, Group>,
                   l.groups * l.blocks, threads, shared_bytes, cluster, cooperative, "register-tile kernel", ra, sys, coef);
        else
            launch(&detail::register_tile_kernel<Tableau, WithError, System, Value, C, false, FusedNorm, Group>,
                   l.groups * l.blocks, threads, shared_bytes, cluster, cooperative, "register-tile kernel", ra, sys, coef);
    }

    //! What the record-reading tile kernels share: the vectors, the plan's size and
    //! access distance, the fused norm's constants; point_at_kernel adds one kernel's records.
    template <class Value, std::size_t NV>
    static void set_tile_meta_args(detail::tile_meta_args<Value, NV>& a, Value* const (&vectors)[NV],
                                   const tiling_plan& plan, const error_norm_params<Value>& norm_params,
                                   detail::cuda_norm_accumulator<Value>* norm)
    {
        for (std::size_t v = 0; v < NV; ++v) a.vectors[v] = vectors[v];
        a.n = (long long)plan.n;
        a.d = int(plan.d);
        a.norm_params = norm_params;
        a.norm = norm;
    }
    //! The hulls and register_meta records of kernel k of the plan.
    template <class Value, std::size_t NV>
    static void point_at_kernel(detail::tile_meta_args<Value, NV>& a, const device_kernel_plan& k)
    {
        const flat_kernel_plan& f = k.host;
        a.hull = static_cast<const long long*>(k.hull.get());
        a.meta = static_cast<const int*>(k.register_meta.get());
        a.layout = register_meta_layout{unsigned(f.link_count), unsigned(f.max_strips)};
        a.meta_stride = a.layout.stride(unsigned(NV));
        a.tiles = unsigned(f.tiles);
    }

    /*! Runs the plan with the register-tile kernel when every tile fits G*C*T
        components (G blocks per tile, C components per thread, T threads) and the
        buffers fit shared memory; returns false (nothing launched) otherwise.
        Tiles of several blocks are used only when the tiling asks for them
        (blocks_per_tile or use_clusters set); G is then chosen per kernel of the plan:
        as many blocks as its widest tile needs (a trapezoid plan's second kernel has
        narrow tiles), and for the plan's widest kernel the tiling's blocks_per_tile
        where it is set (fewer than that kernel needs: false). They run as clusters
        when the tiling asks for them (use_clusters; sm_90, G <= 16, and the cluster
        fits), else through L2 (tile_group.hpp). */
    template <class Tableau, bool WithError, std::size_t C, bool FusedNorm, class System, class Value, std::size_t NV>
    static bool run_register_tiles_with(const tiling_plan& plan,
                                        const std::vector<std::unique_ptr<device_kernel_plan>>& kernels,
                                        cuda_workspace<Value>& ws, Value* const (&vectors)[NV], const System& sys,
                                        const link_coefficients<Tableau, Value>& coef, unsigned threads,
                                        const error_norm_params<Value>& norm_params,
                                        detail::cuda_norm_accumulator<Value>* norm)
    {
        using chain = chain_traits<Tableau, WithError>;
        const std::size_t width = C * threads;  // one block's components
        const std::size_t buffer_values = width + 2 * plan.d;
        std::size_t meta_ints = 0, most_needed = 1;
        for (const auto& k : kernels)
        {
            if (!k->host.register_meta_fits || k->host.max_strips > detail::register_tile_max_strips) return false;
            most_needed = std::max(most_needed, (std::size_t(k->host.widest_hull) + width - 1) / width);
            const register_meta_layout layout{unsigned(k->host.link_count), unsigned(k->host.max_strips)};
            meta_ints = std::max<std::size_t>(meta_ints, layout.stride(unsigned(NV)));
        }
        // tiles wider than one block run on several only where the tiling asks for it:
        // they do not beat the general kernel for every shape (numbers:
        // doc/results/gpu_h100.md, "Measurements behind the defaults")
        const bool asks_for_groups = plan.config.blocks_per_tile() != 0 || plan.config.use_clusters();
        if (most_needed > 1 && !asks_for_groups) return false;
        const std::size_t most_blocks = plan.config.blocks_per_tile() ? plan.config.blocks_per_tile() : most_needed;
        if (most_blocks < most_needed || most_blocks * width > 0x3fffffff) return false;
        // the kernel's value buffers, the current and the next tile's record
        const std::size_t shared_bytes = cuda_tuning::register_tile_shared_values(width, plan.d) * sizeof(Value) +
                                         2 * meta_ints * sizeof(int);
        const std::size_t static_shared = FusedNorm ? detail::error_norm_shared_bytes<Value>() : 0;
        const device_limits& dev = limits();
        if (shared_bytes + static_shared > std::size_t(dev.shared_optin) || plan.d > 0x3fffffff) return false;

        // every kernel's launch first: a plan the device cannot hold launches nothing
        std::vector<register_launch> launches(kernels.size());
        for (std::size_t i = 0; i < kernels.size(); ++i)
        {
            const flat_kernel_plan& f = kernels[i]->host;
            if (f.tiles == 0) continue;
            const bool full = f.link_begin == 0 && f.link_count == chain::links;
            const std::size_t needed = std::max<std::size_t>(1, (std::size_t(f.widest_hull) + width - 1) / width);
            const unsigned blocks = unsigned(needed == most_needed ? most_blocks : needed);
            bool ok = false;
            if (blocks == 1)
                ok = prepare_register_launch<detail::single_block_group, Tableau, WithError, C, FusedNorm, System, Value>(
                    full, f.tiles, threads, 1, shared_bytes, launches[i]);
            else
            {
                if (plan.config.use_clusters() && dev.major >= 9 && blocks <= 16)
                    ok = prepare_register_launch<detail::cluster_group, Tableau, WithError, C, FusedNorm, System, Value>(
                        full, f.tiles, threads, blocks, shared_bytes, launches[i]);
                if (!ok)
                    ok = prepare_register_launch<detail::l2_group<Value>, Tableau, WithError, C, FusedNorm, System, Value>(
                        full, f.tiles, threads, blocks, shared_bytes, launches[i]);
            }
            if (!ok) return false;
        }

        detail::register_tile_args<Value, NV> ra{};
        set_tile_meta_args(ra, vectors, plan, norm_params, norm);
        ra.buffer_values = unsigned(buffer_values);
        unsigned most_launched = 0;
        for (std::size_t i = 0; i < kernels.size(); ++i)
        {
            const flat_kernel_plan& f = kernels[i]->host;
            if (f.tiles == 0) continue;
            const register_launch& l = launches[i];
            point_at_kernel(ra, *kernels[i]);
            ra.link_begin = unsigned(f.link_begin);
            const bool full = f.link_begin == 0 && f.link_count == chain::links;
            if (l.path == cuda_kernel_path::register_tiles)
                launch_register_kernel<detail::single_block_group, Tableau, WithError, C, FusedNorm>(
                    full, l, ws, ra, sys, coef, threads, shared_bytes);
            else if (l.path == cuda_kernel_path::cluster_tiles)
                launch_register_kernel<detail::cluster_group, Tableau, WithError, C, FusedNorm>(
                    full, l, ws, ra, sys, coef, threads, shared_bytes);
            else
                launch_register_kernel<detail::l2_group<Value>, Tableau, WithError, C, FusedNorm>(
                    full, l, ws, ra, sys, coef, threads, shared_bytes);
            if (l.blocks >= most_launched)
            {
                most_launched = l.blocks;
                path_record() = l.path;  // the family of the widest tiles' kernel
            }
        }
        return true;
    }

    template <class Tableau, bool WithError, bool FusedNorm = false, class System, class Value, std::size_t NV>
    static bool run_register_tiles(const tiling_plan& plan,
                                   const std::vector<std::unique_ptr<device_kernel_plan>>& kernels,
                                   cuda_workspace<Value>& ws, Value* const (&vectors)[NV], const System& sys,
                                   const link_coefficients<Tableau, Value>& coef,
                                   const error_norm_params<Value>& norm_params = error_norm_params<Value>{},
                                   detail::cuda_norm_accumulator<Value>* norm = nullptr)
    {
        using chain = chain_traits<Tableau, WithError>;
        std::size_t widest = 0;
        for (const auto& k : kernels) widest = std::max<std::size_t>(widest, std::size_t(k->host.widest_hull));
        const cuda_tuning::register_shape shape = cuda_tuning::register_shape_for(widest, chain::links);
        const unsigned threads = plan.config.threads_per_block() ? unsigned(plan.config.threads_per_block()) : shape.threads;
        const std::size_t c = plan.config.components_per_thread() ? plan.config.components_per_thread() : shape.components;
        if constexpr (chain::links <= cuda_tuning::most_links_four_per_thread)
            if (c == 4)
                return run_register_tiles_with<Tableau, WithError, 4, FusedNorm>(plan, kernels, ws, vectors, sys, coef,
                                                                                 threads, norm_params, norm);
        if (c == 2)
            return run_register_tiles_with<Tableau, WithError, 2, FusedNorm>(plan, kernels, ws, vectors, sys, coef, threads,
                                                                             norm_params, norm);
        return false;  // other widths run the general kernel
    }

    /*! Runs an overlapped plan of the whole chain (one kernel, tiles that read nothing
        from memory but the state) with the streaming kernel (streaming_tile_kernel.hpp):
        a persistent grid, one block per tile at a time, chunks of T components, T the
        tiling's threads_per_block or cuda_tuning::streaming_threads_for(d). Returns
        false (nothing launched) where it does not apply or fit: other plans, T other
        than 64, 128, 256 or 512 or below d, a chain whose FIFOs would not fit registers, a device that
        cannot hold the block, tilings that ask for the register-tile kernel's shapes
        (several blocks or clusters per tile, several components per thread), and plans
        that keep a derivative in a step without the fused norm (the kernel writes kept
        derivatives only in the adaptive steps, the only ones that keep any). */
    template <class Tableau, bool WithError, bool FusedNorm, class System, class Value, std::size_t NV>
    static bool run_streaming_tiles(const tiling_plan& plan,
                                    const std::vector<std::unique_ptr<device_kernel_plan>>& kernels,
                                    Value* const (&vectors)[NV], const System& sys,
                                    const link_coefficients<Tableau, Value>& coef,
                                    const error_norm_params<Value>& norm_params,
                                    detail::cuda_norm_accumulator<Value>* norm)
    {
        using chain = chain_traits<Tableau, WithError>;
        if (plan.config.kind() != tiling::scheme::overlapped || kernels.size() != 1) return false;
        if (plan.config.blocks_per_tile() > 1 || plan.config.use_clusters() || plan.config.components_per_thread() > 1)
            return false;
        const flat_kernel_plan& f = kernels[0]->host;
        if (f.tiles == 0 || f.link_begin != 0 || f.link_count != chain::links || !f.register_meta_fits ||
            !f.reads_only_state)
            return false;
        const unsigned threads = plan.config.threads_per_block() ? unsigned(plan.config.threads_per_block())
                                                                 : cuda_tuning::streaming_threads_for(plan.d);
        const unsigned reach = cuda_tuning::streaming_reach(plan.d, threads);
        if (f.widest_hull > 0x3fffffff || !cuda_tuning::streaming_is_built(threads, reach)) return false;
        // the kernel writes kept derivatives in steps that fuse the norm only (the
        // adaptive steps' dense output); a plan of any other step that kept one runs in
        // another kernel
        if constexpr (!FusedNorm)
            for (std::size_t j = 0; j < chain::links; ++j)
                if (vectors[chain::derivative(j)] != nullptr) return false;
        const device_limits& dev = limits();
        detail::streaming_tile_args<Value, NV> a{};
        // Reach (chunks a link reads either side of its own) is a compile-time constant of
        // the kernel like the chunk; chunks narrower than d are built for 512 threads only
        // (d up to 1024), where wider ones would not fit an SM's registers
        auto launch_with = [&](auto chunk, auto reach_constant) {
            constexpr int C = decltype(chunk)::value;
            constexpr int R = decltype(reach_constant)::value;
            using layout = detail::streaming_layout<Tableau, WithError, FusedNorm, R>;
            if constexpr (layout::fifo_values() > cuda_tuning::streaming_max_fifo_values)
                return false;
            else
            {
                const std::size_t shared_bytes = cuda_tuning::streaming_ring_bytes(chain::links, C, sizeof(Value), R);
                const std::size_t static_shared = FusedNorm ? detail::error_norm_shared_bytes<Value>() : 0;
                if (shared_bytes + static_shared > std::size_t(dev.shared_optin)) return false;
                auto kernel = &detail::streaming_tile_kernel<Tableau, WithError, System, Value, FusedNorm, C, R>;
                const launch_shape s = shape_of(kernel, unsigned(C), shared_bytes);
                if (C > s.max_threads || s.blocks_per_sm == 0) return false;
                set_tile_meta_args(a, vectors, plan, norm_params, norm);
                point_at_kernel(a, *kernels[0]);
                const std::size_t grid = resident_grid(f.tiles, s, dev);
                kernel<<<unsigned(grid), unsigned(C), shared_bytes>>>(a, sys, coef);
                cuda_check_launch("streaming tile kernel");
                return true;
            }
        };
        // the chunk is a compile-time constant of the kernel, so its index arithmetic
        // folds (a chunk read from blockDim costs time: doc/results/gpu_h200.md,
        // "Measurements behind the defaults")
        using one = std::integral_constant<int, 1>;
        if (reach == 2) return launch_with(std::integral_constant<int, 512>{}, std::integral_constant<int, 2>{});
        switch (threads)  // reach 1 (the pairs cuda_tuning::streaming_is_built admits)
        {
        case 64: return launch_with(std::integral_constant<int, 64>{}, one{});
        case 128: return launch_with(std::integral_constant<int, 128>{}, one{});
        case 256: return launch_with(std::integral_constant<int, 256>{}, one{});
        default: return launch_with(std::integral_constant<int, 512>{}, one{});
        }
    }

    /*! Runs a none() plan with one stage kernel per link (stage_kernel.hpp); returns
        false (nothing launched) for other plans, or if some vector a link reads or
        forms, other than its own derivative, has no memory (then the general kernel
        runs it, as before). */
    template <class Tableau, bool WithError, class Operations, bool FusedNorm = false, class System, class Value,
              std::size_t NV>
    static bool run_stage_kernels(const tiling_plan& plan, Value* const (&vectors)[NV], const System& sys,
                                  const link_coefficients<Tableau, Value>& coef,
                                  const error_norm_params<Value>& norm_params = error_norm_params<Value>{},
                                  detail::cuda_norm_accumulator<Value>* norm = nullptr)
    {
        using chain = chain_traits<Tableau, WithError>;
        if (plan.config.kind() != tiling::scheme::none || plan.n == 0) return false;
        const link_chain& c = plan.chain;
        auto has = [&](int v) { return v >= 0 && std::size_t(v) < NV && vectors[v] != nullptr; };
        for (const kernel_plan& k : plan.kernels)
        {
            if (k.link_end != k.link_begin + 1 || k.link_begin >= chain::links) return false;
            const std::size_t j = k.link_begin;
            if (!has(c.rhs_input[j])) return false;
            for (int v : c.lc_inputs[j])
                if (v != c.rhs_output[j] && !has(v)) return false;
            for (int v : c.lc_outputs[j])
                if (!has(v) && !(FusedNorm && v == vector_ids::error_out)) return false;
        }
        detail::stage_kernel_args<Value, NV> args{};
        for (std::size_t v = 0; v < NV; ++v) args.vectors[v] = vectors[v];
        args.n = (unsigned long long)plan.n;
        const unsigned threads = plan.config.threads_per_block() ? unsigned(plan.config.threads_per_block())
                                                                 : cuda_tuning::stage_threads_per_block;
        const device_limits& dev = limits();
        for (const kernel_plan& k : plan.kernels)
            detail::dispatch_link<chain::links>(k.link_begin, [&](auto J) {
                auto kernel = &detail::stage_kernel<Tableau, WithError, Operations, decltype(J)::value, System, Value,
                                                    FusedNorm>;
                const launch_shape s = fitting_shape_of(kernel, threads, 0);
                // one wave of resident blocks, each striding over the components
                const std::size_t grid = resident_grid((plan.n + s.threads - 1) / s.threads, s, dev);
                kernel<<<unsigned(grid), s.threads>>>(args, sys, coef, norm_params, norm);
                cuda_check_launch("stage kernel");
            });
        return true;
    }

    //! Runs the plan with the general tile kernel (any tile size; scratch in shared
    //! memory where it fits, else in a per-block global area that stays in L2).
    //! With FusedNorm the error link reduces the error norm into *norm (run_error_norm).
    template <class Tableau, bool WithError, class Operations, bool FusedNorm = false, class System, class Value,
              std::size_t NV>
    static void run_general_tiles(const tiling_plan& plan, const std::vector<std::unique_ptr<device_kernel_plan>>& kernels,
                                  cuda_workspace<Value>& ws, detail::cuda_kernel_args<Value, NV> args, const System& sys,
                                  const link_coefficients<Tableau, Value>& coef,
                                  const error_norm_params<Value>& norm_params = error_norm_params<Value>{},
                                  detail::cuda_norm_accumulator<Value>* norm = nullptr)
    {
        auto kernel = &detail::tiled_stage_kernel<Tableau, WithError, Operations, System, Value, FusedNorm>;
        // the fused norm's block reduction takes a little static shared memory
        const std::size_t static_shared = FusedNorm ? detail::error_norm_shared_bytes<Value>() : 0;
        const unsigned threads = plan.config.threads_per_block() ? unsigned(plan.config.threads_per_block())
                                                                 : cuda_tuning::threads_per_block;
        const device_limits& dev = limits();
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
            const bool in_shared =
                shared_bytes <= std::min<std::size_t>(cuda_tuning::shared_scratch_limit,
                                                      std::size_t(dev.shared_optin) - static_shared);
            const std::size_t dynamic_shared = in_shared ? shared_bytes : 0;
            const launch_shape s = fitting_shape_of(kernel, threads, dynamic_shared);
            const std::size_t grid = resident_grid(f.tiles, s, dev);
            args.global_scratch = in_shared ? nullptr : ws.global_scratch(grid * f.scratch_values);
            kernel<<<unsigned(grid), s.threads, dynamic_shared>>>(args, sys, coef, norm_params, norm);
            cuda_check_launch("tiled stage kernel");
        }
    }

    /*! The kernels of one step: none()'s stage kernels, overlapped tiles of the whole
        chain streamed through blocks, else register tiles where the plan fits them,
        else the general tile kernel. */
    template <class Tableau, bool WithError, class Operations, bool FusedNorm = false, class System, class Value,
              std::size_t NV>
    static void run_kernels(const tiling_plan& plan, cuda_workspace<Value>& ws,
                            const detail::cuda_kernel_args<Value, NV>& args, const System& sys,
                            const link_coefficients<Tableau, Value>& coef,
                            const error_norm_params<Value>& norm_params = error_norm_params<Value>{},
                            detail::cuda_norm_accumulator<Value>* norm = nullptr)
    {
        if (run_stage_kernels<Tableau, WithError, Operations, FusedNorm>(plan, args.vectors, sys, coef, norm_params, norm))
        {
            path_record() = cuda_kernel_path::stage_kernels;
            return;
        }
        const auto& kernels = ws.device_plan(plan);
        if (run_streaming_tiles<Tableau, WithError, FusedNorm>(plan, kernels, args.vectors, sys, coef, norm_params, norm))
        {
            path_record() = cuda_kernel_path::streaming_tiles;
            return;
        }
        if (!run_register_tiles<Tableau, WithError, FusedNorm>(plan, kernels, ws, args.vectors, sys, coef, norm_params, norm))
        {
            path_record() = cuda_kernel_path::general_tiles;
            run_general_tiles<Tableau, WithError, Operations, FusedNorm>(plan, kernels, ws, args, sys, coef, norm_params,
                                                                         norm);
        }
    }

public:
    //! The kernel family that ran the last step on this host thread (tests, bench).
    static cuda_kernel_path last_path() { return path_record(); }

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
        run_kernels<Tableau, WithError, Operations>(plan, ws, args, sys, coef);
        if (use_spare)
            cuda_check(cudaMemcpyAsync(out, result, n * sizeof(Value), cudaMemcpyDeviceToDevice), "copying the output state");
    }

    /*! One step of the error chain whose error estimate is reduced, inside the error
        link's pass, to odeint's error norm (the plan must come from a chain made with
        chain_options::fused_error_norm; no error vector is written). The norm is
        merged on the device (cuda_error_norm.hpp) and read back with one small copy,
        which waits for the step: the only transfer to the host of an adaptive step. */
    template <class Tableau, class Operations, class System, class Value, class Time>
    static error_norm_block<Value> run_error_norm(const tiling_plan& plan, cuda_workspace<Value>& ws, const System& sys,
                                                  const Value* y, Value* out, Time t, Time h,
                                                  const error_norm_params<Value>& params)
    {
        using chain = chain_traits<Tableau, true>;
        constexpr std::size_t NV = chain::vector_count;
        const std::size_t n = plan.n;
        const bool use_spare = (out == y) && !plan.in_place_safe;
        Value* result = use_spare ? ws.spare_output(n) : out;

        detail::cuda_kernel_args<Value, NV> args{};
        args.vectors[vector_ids::state_in] = const_cast<Value*>(y);
        args.vectors[vector_ids::state_out] = result;
        args.vectors[vector_ids::error_out] = nullptr;  // the fused chain never writes it
        for (std::size_t v = vector_ids::first_derivative; v < NV; ++v)
        {
            const bool used = plan.in_memory[v] != 0;
            args.vectors[v] = used ? ws.permanent(v, n) : nullptr;
        }
        if (params.next_dxdt != nullptr) args.vectors[detail::next_dxdt_vector<Tableau>(plan)] = params.next_dxdt;
        const link_coefficients<Tableau, Value> coef(t, h);
        detail::cuda_norm_accumulator<Value>* norm = ws.norm_accumulator();
        detail::reset_error_norm(norm);
        if (detail::first_derivative_given<Tableau>(params))
        {
            if constexpr (chain::last_derivative_is_next_first)  // kernels of their own (given_first_derivative.hpp)
                run_kernels<Tableau, true, Operations, true>(plan, ws, args,
                                                             detail::given_first_derivative_system<System>{sys}, coef,
                                                             params, norm);
        }
        else
            run_kernels<Tableau, true, Operations, true>(plan, ws, args, sys, coef, params, norm);
        if (use_spare)
            cuda_check(cudaMemcpyAsync(out, result, n * sizeof(Value), cudaMemcpyDeviceToDevice), "copying the output state");
        return detail::read_error_norm(norm);
    }

    //! The permanent vector v of the workspace after a step that wrote it (device
    //! memory; nullptr if it has none).
    template <class Value>
    static const Value* vector_of(const cuda_workspace<Value>& ws, std::size_t v) { return ws.existing(v); }

    //! to[0, n) = from[0, n), both device memory, in stream order (states of the adaptive steppers).
    template <class Value>
    static void copy_values(const Value* from, Value* to, std::size_t n) { detail::device_copy(from, to, n); }

    //! out = 1 x + c_0 k_0 + ... + c_{K-1} k_{K-1} on the device, odeint's scale_sum order (dense output).
    template <class Value, std::size_t K>
    static void scale_sum(Value* out, const Value* x, const Value (&c)[K], const Value* const (&k)[K], std::size_t n)
    {
        detail::device_scale_sum(out, x, c, k, n);
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_EXECUTOR_HPP_INCLUDED
