/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_tuning.hpp

 The CUDA backend's launch constants and block shapes: what the executor, the
 automatic() model (cuda_backend.hpp) and the tool's `tune` search (compiled without
 CUDA, hence a header with no CUDA dependency) agree on.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_TUNING_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_TUNING_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct cuda_tuning
{
    //! Threads per block of the general tile kernel.
    static constexpr unsigned threads_per_block = 512;
    //! Threads per block of none()'s stage kernel (one component per thread and pass):
    //! `tune` found 1024 2-5 % faster than 256 on an H100 for RK4 and Verner at every d
    //! it tried (BRUSS2D, n = 16 Mi, d = 1024 .. 131072, doc/results/gpu_h100.md).
    static constexpr unsigned stage_threads_per_block = 1024;
    /*! Block shape of the register-tile kernel: threads per block and components per
        thread, the block holding C*T components of a tile. 128 threads of 4 (512-wide
        blocks) where the tile fits, else 512 threads of 2 (1024-wide). Measured on the
        H100 (BRUSS2D, n = 16 Mi, d = 32, doc/results/gpu_h100.md) once the 4-component
        kernel was held to 64 registers (register_tile_launch_bounds): 128x4 beat 512x2
        for every method (RK4 0.449 against 0.560 ms per step, DOPRI5 0.868 / 0.907,
        Verner56 0.870 / 0.907, Bogacki-Shampine 0.319 / 0.440). Before that, with
        90 registers, longer chains had been faster with 512x2. */
    struct register_shape
    {
        unsigned threads;
        std::size_t components;
        constexpr std::size_t width() const { return threads * components; }
    };
    static constexpr register_shape narrow_register_shape() { return {128, 4}; }
    static constexpr register_shape wide_register_shape() { return {512, 2}; }
    /*! Longest chain the 4-component kernel is built for: its 64 registers hold the
        derivatives of up to 8 links of 4 components only by spilling, and for
        Fehlberg 7(8)'s 13 links the device's nvcc 13 crashed compiling it. Longer
        chains run 2 components per thread (a tiling asking for 4 runs the general kernel). */
    static constexpr std::size_t most_links_four_per_thread = 8;
    /*! automatic() takes the wide block over the narrow one (both a trapezoid as high as
        the chain) where the narrow block's plan moves more than this many times the
        bytes of the wide one's. Measured with BRUSS2D, n = 16 Mi, d = 32: narrow won at
        ratios 1.40 (RK4, H100: 0.449 against 0.560 ms per step) and 1.73 (DOPRI5, H100:
        0.868 / 0.907), wide at 1.90 (DOPRI5's step with its error norm fused, H200:
        0.929 against 1.029 ms per accepted adaptive step, measured before that step was
        streamed; Verner 5(6)'s adaptive step is the chain it applies to now). */
    static constexpr double narrow_block_volume_limit = 1.8;
    //! automatic()'s cluster tiles (cuda_backend.hpp): this many blocks of the narrow
    //! shape, for access distances up to this (half a block's width: beyond it a block's
    //! halo outgrows its own range)
    static constexpr std::size_t cluster_blocks = 16;
    static constexpr std::size_t cluster_distance_limit = 256;
    //! The shape for a chain of `links` links and tiles at most `widest` components wide.
    static constexpr register_shape register_shape_for(std::size_t widest, std::size_t links)
    {
        return widest <= narrow_register_shape().width() && links <= most_links_four_per_thread ? narrow_register_shape()
                                                                                             : wide_register_shape();
    }
    /*! Shared value buffers of a register-tile block, each of C*T + 2d values: two for
        the stage arguments its links form, alternating, and one the next tile's state
        window is prefetched into (register_tile_kernel.hpp). */
    static constexpr std::size_t register_tile_buffers = 3;
    static constexpr std::size_t register_tile_shared_values(std::size_t block_width, std::size_t d)
    {
        return register_tile_buffers * (block_width + 2 * d);
    }
    /*! The streaming kernel (streaming_tile_kernel.hpp) of overlapped tiles: one
        component per thread, chunks of a power of two >= d components, at least this
        many (on an H200, BRUSS2D d = 32: 64 and 128 threads ran RK4 in 0.271 and 0.272
        ms per step, 256 in 0.318, 512 in 0.345), at most this many. */
    static constexpr unsigned streaming_min_threads = 64;
    static constexpr unsigned streaming_max_threads = 512;
    /*! Values a thread of the streaming kernel keeps in register FIFOs (the linear
        combinations' inputs) for which it is built, and automatic() and `tune` take it:
        every chain but Fehlberg 7(8)'s (118 and more) and Verner 5(6)'s error steps with
        2-chunk reach (84, 87). Numbers per chain and reach:
        test/backends/streaming_layout.cpp. With 128 registers and spills (512-thread
        chunks) it still beat what ran before (H200, BRUSS2D n = 16 Mi, ms per step or
        accepted step): DOPRI5's plain step at d = 1024 (45 values) 0.89 against 1.35 for
        none(), its adaptive step (63 values, 300 bytes spilled) 1.48 against 1.64,
        Cash-Karp's (51) 0.82 against 1.39, Verner 5(6)'s at d = 512 (58) 1.82 against
        2.29. */
    static constexpr int streaming_max_fifo_values = 64;
    /*! FIFO values a thread holds within 128 registers (512 threads per SM). Beyond
        them, kernels of chunks up to 256 threads are built for 256 threads per SM and up
        to 255 registers (streaming_threads_per_sm_for), where nvcc would spill: Verner
        5(6)'s adaptive step (58 values, fused norm; H200, BRUSS2D n = 16 Mi, d = 32, tol
        1e-8) took 0.83 ms per accepted step so (226 registers, no spill), 1.60 with 128
        registers (240 bytes spilled) and 1.17 in the 1024-wide register tiles. DOPRI5's
        (42, 20 bytes spilled) is faster with 512 threads per SM: 0.64 against 0.70 ms.
        Chunks of 512 threads (reach 2, 512 < d <= 1024) cannot have more than 128
        registers and spill beyond this. */
    static constexpr int streaming_register_fifo_values = 45;
    /*! Chunks of one shared ring of the streaming kernel for a link that reads `reach`
        chunks either side of its own: those 2 reach + 1 and the one the link before it
        forms, rounded up to a power of two (streaming_layout::ring_chunks). */
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
    /*! Largest ring memory automatic() and `tune` give a streaming block: what an sm_90
        block may opt in to (227 KiB) less 1 KiB for its static shared memory (the fused
        norm's reduction). DOPRI5's error steps at 512 < d <= 1024 need 224 KiB (7 rings of
        8 chunks of 512 doubles): its adaptive step ran there in 1.48 ms per accepted step
        on an H200 (BRUSS2D n = 16 Mi) against 1.64 for none(). */
    static constexpr std::size_t streaming_max_ring_bytes = 226 * 1024;
    /*! Threads of the streaming kernel resident on one SM: its launch bounds hold a
        thread to 128 registers so that this many fit the 64 Ki registers of an SM. */
    static constexpr unsigned streaming_threads_per_sm = 512;
    /*! Threads per SM the streaming kernel is built for (its launch bounds) with `threads`
        per block and chains of `fifo_values` FIFO values: 512, or 256 (up to 255
        registers each) for chains longer than streaming_register_fifo_values in chunks
        of up to 256 threads. */
    static constexpr unsigned streaming_threads_per_sm_for(int fifo_values, std::size_t threads)
    {
        return fifo_values > streaming_register_fifo_values && threads <= streaming_threads_per_sm / 2
                   ? streaming_threads_per_sm / 2
                   : streaming_threads_per_sm;
    }
    /*! Tiles for one wave of the streaming kernel: every resident block (SM count x
        streaming_threads_per_sm / threads) streams one tile, so all finish together
        and the tiles are as wide as they can be (the margins of 2(L-1)d and the
        wavefront's start and end, 2(L-1) steps, are a smaller part of each). On an H200
        (BRUSS2D n = 16 Mi, tiling_probe) one wave beat two and 16 tiles per SM at every
        d from 32 to 512: RK4 at d = 32 0.252 ms per step (16 per SM: 0.258), d = 256
        0.265 (0.319), d = 512 0.281 (0.403); DOPRI5 0.460 / 0.541 / 0.530 (0.473 /
        0.682 / 0.826); its adaptive step at d = 512 0.67 ms per accepted step (1.10).
        Half a wave (4 tiles per SM at d = 32) left SMs idle: RK4 0.362. `threads_per_sm`:
        streaming_threads_per_sm_for the chain (Verner 5(6)'s adaptive step with 256 per SM:
        0.83 ms per accepted step in one wave, 0.85 in two, 1.24 in a wave and a quarter). */
    static constexpr std::size_t streaming_tiles_per_wave(std::size_t sms, std::size_t threads,
                                                          std::size_t threads_per_sm = streaming_threads_per_sm)
    {
        const std::size_t blocks = threads < threads_per_sm ? threads_per_sm / threads : 1;
        return (sms > 0 ? sms : 1) * blocks;
    }
    /*! Width of automatic()'s and tune's overlapped tiles for the streaming kernel, about
        `tiles` of them over n components: each owns n / tiles, rounded up to whole
        chunks and at least 8 chunks (the wavefront's start and end, 2(L-1) steps with
        idle links, stay a small part of a tile), plus its margins of (links-1)*d. */
    static constexpr std::size_t streaming_tile_width(std::size_t n, std::size_t d, std::size_t links,
                                                      std::size_t threads, std::size_t tiles)
    {
        const std::size_t per_tile = (n + tiles - 1) / tiles;
        const std::size_t chunks = (per_tile + threads - 1) / threads;
        return (chunks > 8 ? chunks : 8) * threads + 2 * (links - 1) * d;
    }
    /*! Chunks a link of the streaming kernel reads either side of its own: d / threads
        rounded up (at least 1; 0 for no threads). Built for 1 with every chunk and for 2
        with 512-thread chunks (d up to 1024), where a chunk as wide as d would need more
        registers than an SM has. */
    static constexpr unsigned streaming_max_reach = 2;
    static constexpr unsigned streaming_reach(std::size_t d, std::size_t threads)
    {
        if (threads == 0) return 0;
        const std::size_t r = (d + threads - 1) / threads;
        return r > 1 ? unsigned(r) : 1u;
    }
    //! Is the streaming kernel built for this chunk and reach (the executor's dispatch)?
    static constexpr bool streaming_is_built(std::size_t threads, unsigned reach)
    {
        const bool power_of_two_chunk = threads >= streaming_min_threads && threads <= streaming_max_threads &&
                                        (threads & (threads - 1)) == 0;
        return (reach == 1 && power_of_two_chunk) || (reach == streaming_max_reach && threads == streaming_max_threads);
    }
    //! The chunk width of the streaming kernel for access distance d: a power of two >= d
    //! from 64 to 512, 512 up to d = 1024 (reach 2), 0 beyond.
    static constexpr unsigned streaming_threads_for(std::size_t d)
    {
        unsigned t = streaming_min_threads;
        while (t < d && t < streaming_max_threads) t *= 2;
        return t >= d || d <= std::size_t(streaming_max_reach) * streaming_max_threads ? t : 0;
    }
    //! Shared memory a tile's scratch may take before it moves to global memory
    //! (bytes); beyond 48 KiB the kernel opts in to the larger carve-out.
    static constexpr std::size_t shared_scratch_limit = 160 * 1024;
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_TUNING_HPP_INCLUDED
