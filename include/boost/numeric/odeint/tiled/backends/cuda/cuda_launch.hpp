/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_launch.hpp

 How the CUDA kernel families are launched, apart from what they compute: the
 device's limits, each kernel's launch shape (its register limit and occupancy at a
 block size and dynamic shared memory, asked of the runtime once and then
 remembered: the queries cost about as much as a small problem's step), persistent
 grids of one wave of resident blocks, thread-block clusters and cooperative
 launches (the blocks of a multi-block tile meet at a barrier, so all of them must be
 resident, which is asked of the runtime, never assumed of the scheduler).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_LAUNCH_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_LAUNCH_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cstddef>
#include <utility>
#include <vector>

#include <cuda_runtime_api.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

//! Launch shape of one (kernel function, block size, dynamic shared bytes).
struct launch_shape
{
    const void* kernel;
    unsigned threads;
    std::size_t shared_bytes;
    int max_threads;    //!< the most threads per block the kernel's registers allow
    int blocks_per_sm;  //!< resident blocks per SM at this shape (0 where threads > max_threads)
};

//! The dynamic shared memory limit raised for a kernel so far (48 KiB: not raised).
inline int& raised_dynamic_shared(const void* kernel)
{
    static thread_local std::vector<std::pair<const void*, int>> raised;
    for (auto& r : raised)
        if (r.first == kernel) return r.second;
    raised.emplace_back(kernel, 48 * 1024);
    return raised.back().second;
}

//! The launch shape of `kernel` with `threads` per block and `shared_bytes` of dynamic
//! shared memory; sets the kernel's carve-out and shared limit for it on first use.
template <class Kernel>
launch_shape shape_of(Kernel kernel, unsigned threads, std::size_t shared_bytes)
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
launch_shape fitting_shape_of(Kernel kernel, unsigned threads, std::size_t shared_bytes)
{
    const launch_shape s = shape_of(kernel, threads, shared_bytes);
    if (int(threads) <= s.max_threads) return s;
    return shape_of(kernel, unsigned(std::max(32, s.max_threads / 32 * 32)), shared_bytes);
}

struct device_limits
{
    int sms = 1;
    int shared_optin = 48 * 1024;  //!< dynamic shared memory a block may opt in to
    int major = 0;                 //!< compute capability
};

//! The current device's limits (read once per device and host thread).
inline const device_limits& current_device_limits()
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
inline std::size_t resident_grid(std::size_t work, const launch_shape& s, const device_limits& dev)
{
    return std::max<std::size_t>(
        1, std::min<std::size_t>(work, std::size_t(dev.sms) * std::size_t(std::max(s.blocks_per_sm, 1))));
}

//! The launch attribute of clusters of `cluster` blocks along x.
inline cudaLaunchAttribute cluster_dimension(unsigned cluster)
{
    cudaLaunchAttribute a{};
    a.id = cudaLaunchAttributeClusterDimension;
    a.val.clusterDim.x = cluster;
    a.val.clusterDim.y = 1;
    a.val.clusterDim.z = 1;
    return a;
}

//! Launches `kernel` on `blocks` blocks of `threads`, in clusters of `cluster` blocks
//! (1: none), cooperatively (all blocks resident, or the launch fails) or not.
template <class Kernel, class... Args>
void launch_kernel(Kernel kernel, std::size_t blocks, unsigned threads, std::size_t shared_bytes, unsigned cluster,
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

//! Clusters of `cluster` blocks of `kernel` resident at once, asked of the runtime (0:
//! none fits, e.g. a cluster larger than the device allows).
template <class Kernel>
int query_resident_clusters(Kernel kernel, unsigned threads, std::size_t shared_bytes, unsigned cluster)
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
    if (e != cudaSuccess) { (void)cudaGetLastError(); return 0; }
    return clusters;
}

//! query_resident_clusters, asked once per launch shape like shape_of.
template <class Kernel>
int resident_clusters(Kernel kernel, unsigned threads, std::size_t shared_bytes, unsigned cluster)
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
        if (k.kernel == reinterpret_cast<const void*>(kernel) && k.threads == threads && k.shared_bytes == shared_bytes &&
            k.cluster == cluster)
            return k.clusters;
    const int clusters = query_resident_clusters(kernel, threads, shared_bytes, cluster);
    known.push_back({reinterpret_cast<const void*>(kernel), threads, shared_bytes, cluster, clusters});
    return clusters;
}

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_LAUNCH_HPP_INCLUDED
