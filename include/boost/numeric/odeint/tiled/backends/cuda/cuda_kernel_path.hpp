/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_kernel_path.hpp

 The CUDA backend's kernel families, and the dispatch's choice among them for one
 step with the reason for it (cuda_dispatch.hpp chooses; cuda_executor::last_choice()
 and `boost_odeint_tiled bench --explain` report it).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_KERNEL_PATH_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_KERNEL_PATH_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <string>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

//! Which kernel family ran a step (cuda_executor::last_path()).
enum class cuda_kernel_path
{
    nothing,         //!< no step yet
    stage_kernels,   //!< none(): one plain kernel per link (stage_kernel.hpp)
    register_tiles,  //!< single-block register tiles (register_tile_kernel.hpp)
    cluster_tiles,   //!< register tiles of several blocks: a thread-block cluster, halos through DSMEM
    l2_tiles,        //!< register tiles of several blocks: cooperative grid, atomic barrier, halos through L2
    general_tiles,   //!< the general tile kernel (general_tile_kernel.hpp)
    streaming_tiles, //!< overlapped tiles of the whole chain, each streamed through one block (streaming_tile_kernel.hpp)
    grid_tiles       //!< a grid system's step on 2D/3D tiles of cells (grid_tile_kernel.hpp)
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
    case cuda_kernel_path::grid_tiles: return "grid tiles";
    default: return "nothing";
    }
}

/*! The dispatch's decision for one step: the kernel family and why. `reason` says why
    this family runs the plan; where a faster family was tried and did not fit,
    `not_streaming` (for overlapped plans) and `not_register` say why. Static strings:
    choosing costs no allocation. */
struct cuda_kernel_choice
{
    cuda_kernel_path family = cuda_kernel_path::nothing;
    const char* reason = "no step yet";
    const char* not_streaming = nullptr;
    const char* not_register = nullptr;

    //! e.g. "general tiles: the fallback, which runs any plan; not register tiles: tiles
    //! wider than one block, and the tiling asks for no multi-block tiles (blocks_per_tile, use_clusters)".
    std::string explain() const
    {
        std::string s = std::string(kernel_path_name(family)) + ": " + reason;
        if (not_streaming) s += std::string("; not streaming tiles: ") + not_streaming;
        if (not_register) s += std::string("; not register tiles: ") + not_register;
        return s;
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_KERNEL_PATH_HPP_INCLUDED
