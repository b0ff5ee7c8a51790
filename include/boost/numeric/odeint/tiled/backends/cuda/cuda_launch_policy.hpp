/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_launch_policy.hpp

 The CUDA backend's launch policy (CUB's per-architecture policy types are the
 model): block shapes, chunk widths and limits that the kernel families, the
 dispatch (cuda_dispatch.hpp), automatic()'s model (cuda_backend.hpp) and the tool's
 `tune` search agree on. The values are for sm_90 (H100, H200), where they were
 measured. One line of rationale per constant; the measurements behind them, section
 "Measurements behind the defaults" of doc/results/gpu_h100.md ([H100]) and
 doc/results/gpu_h200.md ([H200]). No CUDA dependency: `tune` compiles without it.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_LAUNCH_POLICY_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_LAUNCH_POLICY_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct cuda_launch_policy
{
    // ---- the general tile kernel (general_tile_kernel.hpp) ----
    //! Threads per block: enough warps per tile to hide the loads of its edge strips.
    static constexpr unsigned threads_per_block = 512;
    //! Shared memory a tile's scratch may take before it moves to global memory (bytes), leaving room for other blocks.
    static constexpr std::size_t shared_scratch_limit = 160 * 1024;

    // ---- none()'s stage kernel (stage_kernel.hpp) ----
    //! Threads per block, one component per thread and pass: beat 256 for every method and d `tune` tried [H100].
    static constexpr unsigned stage_threads_per_block = 1024;

    // ---- the register-tile kernel (register_tile_kernel.hpp) ----
    //! A block holds C*T components of a tile: T threads of C components each.
    struct register_shape
    {
        unsigned threads;
        std::size_t components;
        constexpr std::size_t width() const { return threads * components; }
    };
    //! 128 threads of 4 (512 wide) where the tile fits: with 64 registers it beats 512x2 for every method at d = 32 [H100].
    static constexpr register_shape narrow_register_shape() { return {128, 4}; }
    //! 512 threads of 2 (1024 wide): wider tiles and chains too long for the narrow shape.
    static constexpr register_shape wide_register_shape() { return {512, 2}; }
    //! Longest chain the 4-component kernel is built for: longer ones would spill its 64 registers (and nvcc fails on 13 links).
    static constexpr std::size_t most_links_four_per_thread = 8;
    //! automatic() takes the wide block where the narrow one's plan moves more than this times its bytes [H100].
    static constexpr double narrow_block_volume_limit = 1.8;
    //! automatic()'s cluster tiles: this many narrow blocks, which beat none() and the wide block up to the limit below [H100].
    static constexpr std::size_t cluster_blocks = 16;
    //! Largest d for cluster tiles: beyond half a narrow block's width a block's halo outgrows its own range [H100].
    static constexpr std::size_t cluster_distance_limit = 256;
    //! Shared value buffers of a block, each C*T + 2d: two for the links' stage arguments, one for the next tile's prefetch.
    static constexpr std::size_t register_tile_buffers = 3;

    //! The shape for a chain of `links` links and tiles at most `widest` components wide.
    static constexpr register_shape register_shape_for(std::size_t widest, std::size_t links)
    {
        return widest <= narrow_register_shape().width() && links <= most_links_four_per_thread ? narrow_register_shape()
                                                                                             : wide_register_shape();
    }
    static constexpr std::size_t register_tile_shared_values(std::size_t block_width, std::size_t d)
    {
        return register_tile_buffers * (block_width + 2 * d);
    }

    // ---- the streaming kernel (streaming_tile_kernel.hpp) ----
    // One component per thread, chunks of a power of two >= d components.
    //! Narrowest chunk: 64 and 128 threads tie at d = 32 and wider ones lose, narrow chunks keep more blocks resident [H200].
    static constexpr unsigned streaming_min_threads = 64;
    //! Widest chunk: 512 threads of up to 128 registers fill an SM's 64 Ki registers.
    static constexpr unsigned streaming_max_threads = 512;
    //! FIFO values a thread keeps that the kernel is built for: even with spills such chains beat the other kernels [H200].
    static constexpr int streaming_max_fifo_values = 64;
    //! FIFO values held within 128 registers; longer chains in chunks up to 256 get 255 registers and 256 threads per SM [H200].
    static constexpr int streaming_register_fifo_values = 45;
    //! Ring memory automatic() and `tune` give a block: sm_90's 227 KiB opt-in less 1 KiB for the fused norm [H200].
    static constexpr std::size_t streaming_max_ring_bytes = 226 * 1024;
    //! Threads resident per SM: the launch bounds hold a thread to 128 registers so that this many fit.
    static constexpr unsigned streaming_threads_per_sm = 512;
    //! Chunks a link may read either side of its own: 2 with 512-thread chunks (d up to 1024); more would not fit registers.
    static constexpr unsigned streaming_max_reach = 2;

    /*! Chunks of one shared ring for a link that reads `reach` chunks either side of
        its own: those 2 reach + 1 and the one the link before it forms, rounded up to
        a power of two (streaming_layout::ring_chunks). */
    static constexpr std::size_t streaming_ring_chunks(std::size_t reach)
    {
        std::size_t chunks = 4;
        while (chunks < 2 * reach + 2) chunks *= 2;
        return chunks;
    }
    //! Shared memory of a streaming block: a ring per link's stage argument.
    static constexpr std::size_t streaming_ring_bytes(std::size_t links, std::size_t threads, std::size_t value_size,
                                                      std::size_t reach = 1)
    {
        return streaming_ring_chunks(reach) * links * threads * value_size;
    }
    //! Threads per SM the kernel is built for (its launch bounds) with `threads` per
    //! block and chains of `fifo_values` FIFO values (streaming_register_fifo_values).
    static constexpr unsigned streaming_threads_per_sm_for(int fifo_values, std::size_t threads)
    {
        return fifo_values > streaming_register_fifo_values && threads <= streaming_threads_per_sm / 2
                   ? streaming_threads_per_sm / 2
                   : streaming_threads_per_sm;
    }
    /*! Tiles for one wave: every resident block (SM count x threads_per_sm / threads)
        streams one tile, so all finish together and the tiles are as wide as they can
        be; one wave beat two and 16 tiles per SM, half a wave leaves SMs idle [H200]. */
    static constexpr std::size_t streaming_tiles_per_wave(std::size_t sms, std::size_t threads,
                                                          std::size_t threads_per_sm = streaming_threads_per_sm)
    {
        const std::size_t blocks = threads < threads_per_sm ? threads_per_sm / threads : 1;
        return (sms > 0 ? sms : 1) * blocks;
    }
    /*! Width of automatic()'s and tune's overlapped tiles, about `tiles` of them over n
        components: each owns n / tiles, rounded up to whole chunks and at least 8 chunks
        (the wavefront's start and end, 2(L-1) steps with idle links, stay a small part
        of a tile), plus its margins of (links-1)*d. */
    static constexpr std::size_t streaming_tile_width(std::size_t n, std::size_t d, std::size_t links,
                                                      std::size_t threads, std::size_t tiles)
    {
        const std::size_t per_tile = (n + tiles - 1) / tiles;
        const std::size_t chunks = (per_tile + threads - 1) / threads;
        return (chunks > 8 ? chunks : 8) * threads + 2 * (links - 1) * d;
    }
    //! Chunks a link reads either side of its own: d / threads rounded up (at least 1; 0 for no threads).
    static constexpr unsigned streaming_reach(std::size_t d, std::size_t threads)
    {
        if (threads == 0) return 0;
        const std::size_t r = (d + threads - 1) / threads;
        return r > 1 ? unsigned(r) : 1u;
    }
    //! Is the streaming kernel built for this chunk and reach: every power-of-two chunk
    //! at reach 1, the widest at streaming_max_reach (the dispatch's test)?
    static constexpr bool streaming_is_built(std::size_t threads, unsigned reach)
    {
        const bool power_of_two_chunk = threads >= streaming_min_threads && threads <= streaming_max_threads &&
                                        (threads & (threads - 1)) == 0;
        return (reach == 1 && power_of_two_chunk) || (reach == streaming_max_reach && threads == streaming_max_threads);
    }
    //! The chunk width for access distance d: a power of two >= d from 64 to 512, 512
    //! up to d = 1024 (reach 2), 0 beyond.
    static constexpr unsigned streaming_threads_for(std::size_t d)
    {
        unsigned t = streaming_min_threads;
        while (t < d && t < streaming_max_threads) t *= 2;
        return t >= d || d <= std::size_t(streaming_max_reach) * streaming_max_threads ? t : 0;
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_LAUNCH_POLICY_HPP_INCLUDED
