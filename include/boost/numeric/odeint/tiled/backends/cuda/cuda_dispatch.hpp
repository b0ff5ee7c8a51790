/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_dispatch.hpp

 Which kernel family runs a step's plan, and why: choose_cuda_kernels tries the
 families from the fastest that can apply to the general fallback and returns the
 first that fits, with the reason (cuda_kernel_choice) and, for the tiled families,
 its prepared launch; nothing is launched here.

 1. stage kernels (stage_kernel.hpp): tiling::none(), one plain kernel per link;
 2. streaming tiles (streaming_tile_kernel.hpp): overlapped tiles of the whole
    chain, each streamed through one block;
 3. register tiles (register_tile_kernel.hpp): every tile in the registers of one
    block or of a group of blocks (a cluster, or blocks of a cooperative grid);
 4. general tiles (general_tile_kernel.hpp): any plan, and the only family for ring
    plans and periodic systems (builds_only_general_tiles).

 Operations: the stage kernels and the general kernel combine stages with the
 stepper's Operations; the streaming and register-tile kernels are written around
 fused_operations (their register layouts are built from its sums), so a stepper
 with other Operations skips them and runs the general kernel: slower, but what the
 stepper asked for.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_DISPATCH_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_DISPATCH_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <memory>
#include <type_traits>
#include <vector>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_kernel_path.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_workspace.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/general_tile_kernel.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/register_tile_kernel.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/stage_kernel.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/streaming_tile_kernel.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/system/limited_access_system.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

//! What the chosen family launches with: the uploaded plan (all but the stage
//! kernels) and the tiled families' prepared launches.
struct cuda_prepared_kernels
{
    const std::vector<std::unique_ptr<device_kernel_plan>>* kernels = nullptr;
    streaming_launch streaming;
    register_tile_launches registers;
};

/*! Systems whose plans run only on the stage and general kernels: periodic systems
    (a cyclic_access_distance()). Their plans along the state are none() wherever the
    wrap makes d about n, which the stage kernels run, and their ring plans cannot run
    on the register-tile and streaming kernels (a tile holds the stage argument in an
    on-chip window, which a read across the state's ends leaves); so those families,
    minutes of nvcc each, are not compiled for them. (Their fixed steps run the
    streaming kernel on the line of the unrolled ring, compiled for the system as that
    line sees it: cuda_executor::run_unrolled.) */
template <class System>
struct builds_only_general_tiles : has_cyclic_access_distance<System> {};

template <class Tableau, bool WithError, class Operations, bool FusedNorm, class System, class Value, std::size_t NV>
cuda_kernel_choice choose_tiled_family(const tiling_plan& plan, Value* const (&vectors)[NV], cuda_prepared_kernels& out,
                                       cuda_kernel_choice choice);

/*! Chooses the kernel family for one step of chain_traits<Tableau, WithError> (FusedNorm:
    the adaptive step's error chain) under `plan`, with the step's vectors bound
    (bind_step_vectors). Uploads the plan to `ws` where a tiled family needs it and
    prepares that family's launch in `out`; launches nothing. */
template <class Tableau, bool WithError, class Operations, bool FusedNorm, class System, class Value, std::size_t NV>
cuda_kernel_choice choose_cuda_kernels(const tiling_plan& plan, cuda_workspace<Value>& ws, Value* const (&vectors)[NV],
                                       cuda_prepared_kernels& out)
{
    cuda_kernel_choice choice;
    const char* not_stage = stage_kernels_unfit<Tableau, WithError, FusedNorm>(plan, vectors);
    if (!not_stage)
    {
        choice.family = cuda_kernel_path::stage_kernels;
        choice.reason = "tiling::none(), one kernel per link";
        return choice;
    }
    out.kernels = &ws.device_plan(plan);
    if (plan.topology == access_topology::ring)
    {
        choice.family = cuda_kernel_path::general_tiles;
        choice.reason = "a ring plan (a periodic system): the tiles at the state's ends read across them, which the "
                        "general kernel reads from memory";
        return choice;
    }
    if constexpr (builds_only_general_tiles<System>::value)
    {
        choice.family = cuda_kernel_path::general_tiles;
        choice.reason = "a periodic system (cyclic_access_distance()): only the stage and general kernels are built "
                        "for it";
        return choice;
    }
    else
        return choose_tiled_family<Tableau, WithError, Operations, FusedNorm, System>(plan, vectors, out, choice);
}

template <class Tableau, bool WithError, class Operations, bool FusedNorm, class System, class Value, std::size_t NV>
cuda_kernel_choice choose_tiled_family(const tiling_plan& plan, Value* const (&vectors)[NV], cuda_prepared_kernels& out,
                                       cuda_kernel_choice choice)
{
    if (!std::is_same<Operations, fused_operations>::value)
    {
        choice.family = cuda_kernel_path::general_tiles;
        choice.reason = "the stepper's Operations is not fused_operations, which the register-tile and streaming "
                        "kernels are built on";
        return choice;
    }
    const char* not_streaming =
        prepare_streaming_tiles<Tableau, WithError, FusedNorm, System>(plan, *out.kernels, vectors, out.streaming);
    if (!not_streaming)
    {
        choice.family = cuda_kernel_path::streaming_tiles;
        choice.reason = "overlapped tiles of the whole chain in a chunk the kernel is built for";
        return choice;
    }
    if (plan.config.kind() == tiling::scheme::overlapped) choice.not_streaming = not_streaming;
    const char* not_register =
        prepare_register_tiles<Tableau, WithError, FusedNorm, System, Value, NV>(plan, *out.kernels, out.registers);
    if (!not_register)
    {
        choice.family = out.registers.family;
        choice.reason = "every tile fits the registers of its blocks";
        return choice;
    }
    choice.family = cuda_kernel_path::general_tiles;
    choice.reason = "the fallback, which runs any plan";
    choice.not_register = not_register;
    return choice;
}

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_DISPATCH_HPP_INCLUDED
