/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_backend.hpp

 Makes thrust::device_vector states select the CUDA backend of the tiled steppers:
 raw device pointers for the executor (state_access), O(1) swaps for the controlled
 stepper (state_swaps_buffers), the backend dispatch (cuda_algebra +
 fused_operations), and what tiled_backend<cuda_algebra> brings —
 the CUDA executor, its workspace and how it resolves automatic() (the tuning
 cache under cuda_device_name(), then the model).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_BACKEND_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_BACKEND_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <type_traits>

#include <cuda_runtime_api.h>

#include <thrust/device_vector.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_access_record.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_algebra.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_executor.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/streaming_layout.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_workspace.hpp>
#include <boost/numeric/odeint/tiled/core/backend.hpp>
#include <boost/numeric/odeint/tiled/core/state_access.hpp>
#include <boost/numeric/odeint/tiled/tuning/tuned_automatic.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

template <class T, class Alloc>
struct state_access<thrust::device_vector<T, Alloc>>
{
    static T* data(thrust::device_vector<T, Alloc>& s) { return thrust::raw_pointer_cast(s.data()); }
    static const T* data(const thrust::device_vector<T, Alloc>& s) { return thrust::raw_pointer_cast(s.data()); }
    static std::size_t size(const thrust::device_vector<T, Alloc>& s) { return s.size(); }
};

//! device_vector::swap exchanges the buffers: the controlled stepper accepts a step by swapping.
template <class T, class Alloc>
struct state_swaps_buffers<thrust::device_vector<T, Alloc>> : std::true_type {};

template <class T, class Alloc>
struct backend_dispatcher_sfinae<thrust::device_vector<T, Alloc>>
{
    using algebra_type = cuda_algebra;
    using operations_type = fused_operations;
};

/*! Overlapped tiles of the whole chain for the streaming kernel (streaming_tile_kernel.hpp)
    where it applies: d fits a chunk (cuda_launch_policy::streaming_threads_for) and the kernel
    runs the chain in it (streaming_wave_tiles: FIFO values, rings). One wave of tiles:
    each resident block streams one tile. Returns false where the kernel does not apply. */
inline bool choose_streaming_tiling(const link_chain& chain, std::size_t n, std::size_t d, std::size_t value_size,
                                    tiling& out)
{
    const unsigned threads = cuda_launch_policy::streaming_threads_for(d);
    if (threads == 0) return false;
    int sms = 0, device = 0;
    if (cudaGetDevice(&device) != cudaSuccess || cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device) != cudaSuccess ||
        sms <= 0)
    {
        (void)cudaGetLastError();
        sms = 132;
    }
    const std::size_t tiles = streaming_wave_tiles(chain, d, threads, value_size, std::size_t(sms));
    if (tiles == 0) return false;
    out = tiling::overlapped(cuda_launch_policy::streaming_tile_width(n, d, chain.links, threads, tiles), chain.links);
    return true;
}

/*! automatic() on the CUDA backend where the streaming kernel does not apply (d > 1024,
    and chains with more FIFO values than it is built for: Fehlberg 7(8), Verner 5(6)'s
    error steps beyond d = 512): a trapezoid as high as the chain (lower
    ones are not chosen: they split the chain over several kernels that dispatch its
    links at run time, and lose to none() several times over), run as register tiles in
    the first form that holds it and saves enough of none()'s traffic:
    1. one block of 128 threads x 4 components (512 wide);
    2. for d <= cuda_launch_policy::cluster_distance_limit, a thread-block cluster of up to
       cuda_launch_policy::cluster_blocks such blocks (8192 wide; through L2 where the GPU
       has no clusters);
    3. one block of 512 x 2 (1024 wide), which chains longer than the 4-component
       kernel is built for also use, and which replaces the first where that moves
       more than cuda_launch_policy::narrow_block_volume_limit times its bytes (long chains
       at d near 32: Verner 5(6)'s adaptive step, were it not streamed);
    none() elsewhere. Clusters of 16 blocks beat none() and the 1024-wide block from
    d = 128 to 256, 8 blocks do no better, and at d = 512 each block's halo is twice its
    own range, so clusters stop at cluster_distance_limit. Hexagons are not chosen:
    their second kernel's tiles grow, so fewer threads have work per link, and they lose
    to trapezoids of the same width; a trapezoid must save 40 % of none()'s traffic to
    beat it. Numbers: doc/results/gpu_h100.md, "Measurements behind the defaults". */
inline tiling choose_register_tiling(const link_chain& chain, std::size_t n, std::size_t d, std::size_t value_size)
{
    const double none_cost =
        make_tiling_plan(chain, std::min<std::size_t>(n, 1 << 20), d, tiling::none()).memory_volume();
    const std::size_t h = chain.links;
    // a full-height trapezoid on `blocks` blocks of `shape`, if it fits and pays; `volume`:
    // its plan's memory volume
    double volume = 0.0;
    auto trapezoid_on = [&](cuda_launch_policy::register_shape shape, std::size_t blocks, tiling& out) {
        if (shape.components == 4 && h > cuda_launch_policy::most_links_four_per_thread) return false;
        if (cuda_launch_policy::register_tile_shared_values(shape.width(), d) * value_size > 200 * 1024) return false;
        const std::size_t w = std::min(n, blocks * shape.width());
        if (w < (2 * h - 1) * d) return false;
        tiling candidate =
            tiling::trapezoidal(w, h).threads_per_block(shape.threads).components_per_thread(shape.components);
        if (w > shape.width()) candidate.blocks_per_tile((w + shape.width() - 1) / shape.width()).use_clusters(true);
        try
        {
            const double v = make_tiling_plan(chain, std::min(n, 256 * w), d, candidate).memory_volume();
            if (v >= 0.6 * none_cost) return false;
            volume = v;
        }
        catch (const std::invalid_argument&) { return false; }
        out = candidate;
        return true;
    };
    tiling best = tiling::none();
    if (trapezoid_on(cuda_launch_policy::narrow_register_shape(), 1, best))
    {
        // a long chain leaves the narrow block mostly halo: the wide one where that
        // moves far fewer bytes
        const double narrow_volume = volume;
        tiling wide = tiling::none();
        if (trapezoid_on(cuda_launch_policy::wide_register_shape(), 1, wide) &&
            narrow_volume > cuda_launch_policy::narrow_block_volume_limit * volume)
            return wide;
        return best;
    }
    if (d <= cuda_launch_policy::cluster_distance_limit &&
        trapezoid_on(cuda_launch_policy::narrow_register_shape(), cuda_launch_policy::cluster_blocks, best))
        return best;
    if (trapezoid_on(cuda_launch_policy::wide_register_shape(), 1, best)) return best;
    return tiling::none();
}

/*! Resolves automatic() for the CUDA backend. First, where the streaming kernel applies
    (choose_streaming_tiling: d <= 1024, chains of at most
    cuda_launch_policy::streaming_max_fifo_values FIFO values), overlapped tiles of the
    whole chain, each streamed through one block: it beats the register tiles below
    for every method, and its time hardly grows with d (numbers: doc/results/gpu_h200.md,
    "Measurements behind the defaults"). Otherwise choose_register_tiling. */
inline tiling choose_cuda_tiling(const link_chain& chain, std::size_t n, std::size_t d, std::size_t value_size)
{
    tiling streamed = tiling::none();
    if (choose_streaming_tiling(chain, n, d, value_size, streamed)) return streamed;
    return choose_register_tiling(chain, n, d, value_size);
}

/*! The current GPU as the tuning cache names it: its name and SM count (a MIG slice
    or another model is another device). Example: "NVIDIA H100 80GB HBM3, 132 SMs".
    "unknown GPU" where the runtime cannot tell. */
inline std::string cuda_device_name()
{
    static std::mutex m;
    static std::map<int, std::string> names;  // per device ordinal: the properties query is slow
    int device = 0;
    if (cudaGetDevice(&device) != cudaSuccess) { (void)cudaGetLastError(); return "unknown GPU"; }
    std::lock_guard<std::mutex> lock(m);
    auto it = names.find(device);
    if (it == names.end())
    {
        cudaDeviceProp p;
        if (cudaGetDeviceProperties(&p, device) != cudaSuccess) { (void)cudaGetLastError(); return "unknown GPU"; }
        it = names.emplace(device, std::string(p.name) + ", " + std::to_string(p.multiProcessorCount) + " SMs").first;
    }
    return it->second;
}

template <>
struct tiled_backend<cuda_algebra>
{
    template <class Value>
    using workspace_type = cuda_workspace<Value>;
    using executor_type = cuda_executor;
    //! Where a checked step records a read beyond the access distance (system/access_check.hpp).
    using access_record_type = cuda_access_record;

    //! `requested` is the automatic() tiling asked for: the tuning cache's entry first
    //! (unless requested.use_tuning_cache() is false), then the model.
    static tiling resolve_automatic(const tiling& requested, const link_chain& chain, std::size_t n, std::size_t d,
                                    std::size_t value_size)
    {
        return resolve_tuned_automatic(requested, "cuda", cuda_device_name, chain, n, d, value_size,
                                       [&] { return choose_cuda_tiling(chain, n, d, value_size); });
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_BACKEND_HPP_INCLUDED
