/*
 boost/numeric/odeint/tiled/backends/cuda/stage_kernel.hpp

 The CUDA kernel of tiling::none(): one launch per link, every component
 independent. Thread i evaluates the RHS of its link at component i, reading the
 stage argument straight from device memory (its neighbours within d come through
 L1/L2), and forms the link's linear combinations at i at once (RHS->LC fused
 through a register). A derivative no later link reads (the last stage's F of RK4,
 say) never leaves that register.

 Why not the general tile kernel with none()'s chunks as tiles: none() has no
 LC->RHS coupling to keep on chip, so tiles only cost. A chunk is at least 4d
 components, which at large d left fewer chunks than the GPU has SMs (n = 16 Mi,
 d = 131072: 32 chunks, a quarter of an H200's SMs busy), and a derivative kept to a
 chunk was staged in a per-block scratch of the
 chunk's size. Here the grid is sized by occupancy alone, whatever n and d are.

 The arithmetic is the general kernel's, component for component (the system's
 operator() and fused_operations::apply_link_lc on one component), so results are
 the same bits.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STAGE_KERNEL_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STAGE_KERNEL_HPP_INCLUDED

#include <cstddef>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error_norm.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/given_first_derivative.hpp>
#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/system/stage_view.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

//! Launch arguments of the stage kernel, passed by value.
template <class Value, std::size_t NV>
struct stage_kernel_args
{
    Value* vectors[NV];  //!< full-length vectors; nullptr: not in memory (a derivative only its own link reads)
    unsigned long long n;
};

#if defined(__CUDACC__)

/*! Link J of the chain on every component, grid-stride. With FusedNorm and J the
    error link, the error estimate is reduced to odeint's error norm (each thread in
    registers, then one merge per block, cuda_error_norm.hpp) instead of stored. */
template <class Tableau, bool WithError, class Operations, std::size_t J, class System, class Value, bool FusedNorm>
__global__ void stage_kernel(stage_kernel_args<Value, chain_traits<Tableau, WithError>::vector_count> args, System sys,
                             link_coefficients<Tableau, Value> coef, error_norm_params<Value> norm_params,
                             cuda_norm_accumulator<Value>* norm)
{
    using chain = chain_traits<Tableau, WithError>;
    constexpr std::size_t NV = chain::vector_count;
    constexpr int in = chain::stage_argument(J);
    constexpr int f = chain::derivative(J);
    constexpr bool reduces_norm = FusedNorm && J == chain::error_link;
    const stage_view<Value> y{args.vectors[in], 0};
    const Value tj = coef.stage_time[J];
    error_norm_block<Value> partial;
    const unsigned long long stride = (unsigned long long)gridDim.x * blockDim.x;
    for (unsigned long long i = (unsigned long long)blockIdx.x * blockDim.x + threadIdx.x; i < args.n; i += stride)
    {
        Value fi = link_derivative<J>(sys, std::size_t(i), y, tj, norm_params);
        block_pointers<Value, NV> bp;
        for (std::size_t v = 0; v < NV; ++v) bp.p[v] = args.vectors[v] ? args.vectors[v] + i : nullptr;
        if (args.vectors[f]) args.vectors[f][i] = fi;  // a later link reads it
        bp.p[f] = &fi;                                  // this link's LC takes it from the register
        if constexpr (reduces_norm)
            Operations::template apply_link_lc_error_norm<Tableau, J>(bp, 1, coef, norm_params, partial);
        else
            Operations::template apply_link_lc<Tableau, WithError, J>(bp, 1, coef);
    }
    if constexpr (reduces_norm) block_merge_error_norm(partial, norm);  // every thread of the block gets here
}

#endif // __CUDACC__

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STAGE_KERNEL_HPP_INCLUDED
