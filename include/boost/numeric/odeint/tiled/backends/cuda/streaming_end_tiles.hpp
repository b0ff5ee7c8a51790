/*
 boost/numeric/odeint/tiled/backends/cuda/streaming_end_tiles.hpp

 Which tiles of a streaming kernel's plan (one kernel of overlapped tiles of the whole
 chain, device_plan.hpp's flat image) write the first and the last components of the
 step's output: a window's ends, which a distributed step's next halo exchange moves
 (core/edge_signal.hpp). The kernel runs them first and signals when they are done
 (streaming_tile_kernel.hpp, cuda_edge_signal.hpp). Host code only.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STREAMING_END_TILES_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STREAMING_END_TILES_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_edge_signal.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/device_plan.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

//! The plan's first `leading` tiles and last `trailing` tiles (none of them twice).
struct streaming_end_tiles
{
    long long leading = 0;
    long long trailing = 0;
};

/*! The first and last tiles of `f` (a plan of n components) that hold every own piece
    of the output with one of its first `lead` or last `trail` components: up to the
    last tile that writes one of the first, from the first tile that writes one of the
    last (so no tile between them writes either; with the tiles in the line's order,
    as overlapped plans have them, the fewest). Where they meet, every tile is a
    leading one. */
inline streaming_end_tiles streaming_end_tiles_of(const flat_kernel_plan& f, long long n, long long lead, long long trail)
{
    streaming_end_tiles e;
    const long long tiles = (long long)f.tiles;
    if (tiles == 0) return e;
    const long long lead_end = lead < n ? lead : n;
    const long long trail_first = trail < n ? n - trail : 0;
    auto owned = [&](long long tile, auto&& each) {  // the tile's strips of the output
        const std::size_t v = 2 * f.vector_count * std::size_t(tile) + 2 * vector_ids::state_out + 1;
        for (unsigned s = f.strip_begin[v]; s < f.strip_begin[v + 1]; ++s)
            if (f.strips[s].last > f.strips[s].first) each(f.strips[s]);
    };
    for (long long tile = 0; tile < tiles; ++tile)
        owned(tile, [&](const device_strip& s) {
            if (s.first < lead_end) e.leading = tile + 1;
            if (s.last > trail_first && e.trailing == 0) e.trailing = tiles - tile;
        });
    if (e.leading + e.trailing >= tiles)
    {
        e.leading = tiles;
        e.trailing = 0;
    }
    return e;
}

/*! The pending edge signal request of this thread for a launch of the streaming kernel
    on the one-kernel plan `f` of n components, taken (cuda_edge_signal): its end tiles
    as streaming_end_tiles_of finds them for the components the request names. None
    where no request is pending. */
inline cuda_edge_signal take_streaming_edge_signal(const flat_kernel_plan& f, long long n)
{
    edge_signal_request* r = take_edge_signal();
    if (r == nullptr) return cuda_edge_signal{};
    const streaming_end_tiles e = streaming_end_tiles_of(f, n, (long long)r->leading, (long long)r->trailing);
    return take_cuda_edge_signal(*r, e.leading, e.trailing);
}

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STREAMING_END_TILES_HPP_INCLUDED
