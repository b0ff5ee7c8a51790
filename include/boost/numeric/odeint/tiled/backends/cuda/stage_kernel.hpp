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
 operator() and Operations::apply_link_lc on one component), so results are the
 same bits. The kernel honours the stepper's Operations.

 Host side: stage_kernels_unfit (the dispatch's test) and run_stage_kernels.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STAGE_KERNEL_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STAGE_KERNEL_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error_norm.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_launch.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_launch_policy.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/given_first_derivative.hpp>
#include <boost/numeric/odeint/tiled/core/link_dispatch.hpp>
#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
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
        {
            // formed and stored for every component; kept in the norm only inside its range
            error_norm_block<Value> share = partial;
            Operations::template apply_link_lc_error_norm<Tableau, J>(bp, 1, coef, norm_params, share);
            if (norm_params.counts(std::size_t(i))) partial = share;
        }
        else
            Operations::template apply_link_lc<Tableau, WithError, J>(bp, 1, coef);
    }
    if constexpr (reduces_norm) block_merge_error_norm(partial, norm);  // every thread of the block gets here
}

/*! Why the stage kernels cannot run `plan` (nullptr: they can): they run none() plans
    whose kernels are one link each, and need memory for every vector a link reads or
    forms other than its own derivative (the fused norm's error vector excepted). */
template <class Tableau, bool WithError, bool FusedNorm, class Value, std::size_t NV>
const char* stage_kernels_unfit(const tiling_plan& plan, Value* const (&vectors)[NV])
{
    using chain = chain_traits<Tableau, WithError>;
    if (plan.config.kind() != tiling::scheme::none) return "the tiling is not none()";
    if (plan.n == 0) return "no components";
    const link_chain& c = plan.chain;
    auto has = [&](int v) { return v >= 0 && std::size_t(v) < NV && vectors[v] != nullptr; };
    for (const kernel_plan& k : plan.kernels)
    {
        if (k.link_end != k.link_begin + 1 || k.link_begin >= chain::links) return "a kernel of the plan runs several links";
        const std::size_t j = k.link_begin;
        if (!has(c.rhs_input[j])) return "a link's stage argument is not in memory";
        for (int v : c.lc_inputs[j])
            if (v != c.rhs_output[j] && !has(v)) return "a vector a link combines is not in memory";
        for (int v : c.lc_outputs[j])
            if (!has(v) && !(FusedNorm && v == vector_ids::error_out)) return "a vector a link forms is not in memory";
    }
    return nullptr;
}

//! Runs a plan stage_kernels_unfit accepts: one launch per link, a persistent grid of
//! one wave of resident blocks striding over the components.
template <class Tableau, bool WithError, class Operations, bool FusedNorm, class System, class Value, std::size_t NV>
void run_stage_kernels(const tiling_plan& plan, Value* const (&vectors)[NV], const System& sys,
                       const link_coefficients<Tableau, Value>& coef, const error_norm_params<Value>& norm_params,
                       cuda_norm_accumulator<Value>* norm)
{
    using chain = chain_traits<Tableau, WithError>;
    stage_kernel_args<Value, NV> args{};
    for (std::size_t v = 0; v < NV; ++v) args.vectors[v] = vectors[v];
    args.n = (unsigned long long)plan.n;
    const unsigned threads = plan.config.threads_per_block() ? unsigned(plan.config.threads_per_block())
                                                             : cuda_launch_policy::stage_threads_per_block;
    const device_limits& dev = current_device_limits();
    for (const kernel_plan& k : plan.kernels)
        dispatch_link<chain::links>(k.link_begin, [&](auto J) {
            auto kernel = &stage_kernel<Tableau, WithError, Operations, decltype(J)::value, System, Value, FusedNorm>;
            const launch_shape s = fitting_shape_of(kernel, threads, 0);
            const std::size_t grid = resident_grid((plan.n + s.threads - 1) / s.threads, s, dev);
            kernel<<<unsigned(grid), s.threads>>>(args, sys, coef, norm_params, norm);
            cuda_check_launch("stage kernel");
        });
}

#endif // __CUDACC__

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STAGE_KERNEL_HPP_INCLUDED
