/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_edge_signal.hpp

 How a CUDA tile kernel takes a step's edge signal request (core/edge_signal.hpp):
 it runs the tiles that write the ends of the output first, counts them done, and
 the block that finishes the last of them writes the request's epoch to its flag,
 on which a halo exchange waits on another stream. The grid tile kernel
 (grid_tile_kernel.hpp) and the streaming kernel (streaming_tile_kernel.hpp) both
 run their tiles from a persistent loop, so the order is theirs to choose.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_EDGE_SIGNAL_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_EDGE_SIGNAL_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <boost/numeric/odeint/tiled/core/edge_signal.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

/*! The step's end tiles first, and their completion signalled: the kernel runs tiles
    [0, leading_tiles) and the last trailing_tiles of the tile order before the
    others, counts them done in *counter, and the block that finishes the last of them
    resets the counter and writes epoch to *flag. No flag: the plain order, no signal. */
struct cuda_edge_signal
{
    unsigned* flag = nullptr;
    unsigned* counter = nullptr;
    unsigned epoch = 0;
    int leading_tiles = 0;
    int trailing_tiles = 0;

    //! The tiles counted before the signal (0: no signal).
    BOOST_ODEINT_TILED_HD int edge_tiles() const { return flag != nullptr ? leading_tiles + trailing_tiles : 0; }

    //! The tile a block runs at place `order` of the persistent loop, of `tiles`:
    //! the leading tiles, then the trailing ones, then the rest in their order.
    BOOST_ODEINT_TILED_HD int tile_at(int order, int tiles) const
    {
        const int edges = edge_tiles();
        if (edges == 0 || order < leading_tiles) return order;
        return order < edges ? tiles - edges + order : order - trailing_tiles;
    }
};

/*! Request r (take_edge_signal's), taken for a launch that runs `leading` first and
    `trailing` last tiles of its order first: not taken, and no signal, where it has no
    flag or there are no end tiles. */
inline cuda_edge_signal take_cuda_edge_signal(edge_signal_request& r, long long leading, long long trailing)
{
    cuda_edge_signal s{};
    if (r.flag == nullptr || r.counter == nullptr || leading + trailing == 0) return s;
    s.flag = static_cast<unsigned*>(r.flag);
    s.counter = static_cast<unsigned*>(r.counter);
    s.epoch = r.epoch;
    s.leading_tiles = int(leading);
    s.trailing_tiles = int(trailing);
    r.taken = true;
    return s;
}

#if defined(__CUDACC__)

/*! One end tile done, called by one thread of the block after every thread's stores
    of the tile and a __threadfence: the last of them signals. */
__device__ __forceinline__ void cuda_edge_tile_done(const cuda_edge_signal& s)
{
    if (atomicAdd(s.counter, 1u) + 1u != unsigned(s.edge_tiles())) return;
    atomicExch(s.counter, 0u);  // for the next launch, which starts after this one ends
    __threadfence_system();
    atomicExch(s.flag, s.epoch);
}

#endif // __CUDACC__

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_EDGE_SIGNAL_HPP_INCLUDED
