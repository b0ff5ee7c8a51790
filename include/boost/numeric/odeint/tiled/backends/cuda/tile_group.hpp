/*
 boost/numeric/odeint/tiled/backends/cuda/tile_group.hpp

 How the thread blocks that share one tile of the register-tile kernel
 (register_tile_kernel.hpp) find each other, meet, and read each other's stage
 data: the "group" policy of that kernel (reference paper §4, multi-block tiles).
 A tile of G blocks is G*C*T components wide; block `rank` owns components
 [rank*C*T, (rank+1)*C*T) of it and keeps their stage arguments in its shared
 memory. After each link the blocks of a tile meet (sync), then each copies the
 halo of d components beyond its own range from the blocks that own it.

 - single_block_group: G = 1, the kernel as it always was (no barrier, no halo
   exchange; a block is a tile).
 - cluster_group (sm_90): the G blocks are one thread-block cluster. They meet at
   the hardware cluster barrier and read the halo straight out of the owners'
   shared memory (distributed shared memory). The hardware schedules a cluster's
   blocks together, so nothing can wait for a block that is not running.
 - l2_group: any G. Each block also writes the edge values its neighbours will
   read into a per-tile exchange area in device memory (it stays in L2), and the
   blocks meet at a barrier built on a device-scope atomic counter per group
   (release on arrival, acquire while waiting, the pattern of cooperative_groups'
   grid sync). The kernel is launched cooperatively with a grid the occupancy API
   sized, so every block of the grid is resident at once (the launch fails
   otherwise, it never hangs), whatever order the scheduler picks. Halo reads
   bypass L1 (ld.global.cg): L1 is not coherent between SMs.

 Every block of a group walks the same tiles and links, so each barrier is
 reached by all of the group's blocks the same number of times.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_TILE_GROUP_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_TILE_GROUP_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#if defined(__CUDACC__)
#include <cooperative_groups.h>
#include <cuda/atomic>
#endif

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

//! What the group policies need at run time, passed by value in the kernel's arguments.
template <class Value>
struct tile_group_args
{
    unsigned blocks = 1;            //!< G: blocks per tile
    unsigned* counters = nullptr;   //!< l2_group: one arrival counter per group, zero at launch
    Value* exchange = nullptr;      //!< l2_group: per group two areas (alternating links) of `tile_values`
    unsigned tile_values = 0;       //!< l2_group: G*C*T
};

#if defined(__CUDACC__)

struct single_block_group
{
    static constexpr bool multi_block = false;

    template <class Value>
    __device__ explicit single_block_group(const tile_group_args<Value>&) {}
    __device__ unsigned rank() const { return 0; }
    __device__ unsigned index() const { return blockIdx.x; }
    __device__ unsigned count() const { return gridDim.x; }
    __device__ void sync() {}
    // no publish() or peer(): the kernel exchanges halos only where multi_block
};

/*! The blocks of a cluster of G blocks (the launch sets the cluster dimension). Needs sm_90;
    on older devices the executor never launches it (and the kernel traps if it ran). */
struct cluster_group
{
    static constexpr bool multi_block = true;

    template <class Value>
    __device__ explicit cluster_group(const tile_group_args<Value>& a) : blocks(a.blocks) {}
    unsigned blocks;

    __device__ unsigned rank() const
    {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
        return cooperative_groups::this_cluster().block_rank();
#else
        return 0;
#endif
    }
    __device__ unsigned index() const { return blockIdx.x / blocks; }
    __device__ unsigned count() const { return gridDim.x / blocks; }
    //! The hardware cluster barrier: arrive has release, wait acquire semantics at
    //! cluster scope, so shared-memory stores before it are seen by DSMEM loads after.
    __device__ void sync()
    {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
        cooperative_groups::this_cluster().sync();
#else
        __trap();
#endif
    }
    template <class Value>
    __device__ void publish(unsigned, int, Value) {}  // the owner's shared memory is the exchange
    //! The value at `local` in the same place of block `owner`'s shared memory.
    template <class Value>
    __device__ Value peer(const Value* local, unsigned owner, unsigned, int) const
    {
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900
        return *cooperative_groups::this_cluster().map_shared_rank(const_cast<Value*>(local), owner);
#else
        __trap();
        return *local;
#endif
    }
};

template <class Value>
struct l2_group
{
    static constexpr bool multi_block = true;

    __device__ explicit l2_group(const tile_group_args<Value>& a) : args(a) {}
    tile_group_args<Value> args;
    unsigned arrivals = 0;  //!< thread 0: arrivals this group's counter must reach at the next sync

    __device__ unsigned rank() const { return blockIdx.x % args.blocks; }
    __device__ unsigned index() const { return blockIdx.x / args.blocks; }
    __device__ unsigned count() const { return gridDim.x / args.blocks; }

    //! Every block of the group has arrived: their writes before are seen after.
    __device__ void sync()
    {
        __syncthreads();  // the block's writes happen before thread 0's release
        if (threadIdx.x == 0)
        {
            arrivals += args.blocks;
            cuda::atomic_ref<unsigned, cuda::thread_scope_device> counter(args.counters[index()]);
            counter.fetch_add(1u, cuda::memory_order_release);
            while (counter.load(cuda::memory_order_acquire) < arrivals) __nanosleep(20);
        }
        __syncthreads();  // ... and thread 0's acquire before the block's reads
    }
    //! Value of component r (tile-relative) of the stage argument formed at an even
    //! (area 0) or odd (area 1) link, for the neighbours' next halo exchange.
    __device__ void publish(unsigned area, int r, Value v)
    {
        args.exchange[(std::size_t(index()) * 2 + area) * args.tile_values + unsigned(r)] = v;
    }
    __device__ Value peer(const Value*, unsigned, unsigned area, int r) const
    {
        return __ldcg(args.exchange + (std::size_t(index()) * 2 + area) * args.tile_values + unsigned(r));
    }
};

#endif // __CUDACC__

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_TILE_GROUP_HPP_INCLUDED
