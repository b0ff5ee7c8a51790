/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_error_norm.hpp

 The error norm of one adaptive step on the GPU, reduced where it is formed. Every
 thread keeps the maximum of the scaled errors of its components (and the
 non-finite flags) in registers while the error link runs
 (fused_operations::apply_link_lc_error_norm); at the end of the kernel a block
 reduces them with warp shuffles and one warp, and one thread of the block merges
 the result into a small device struct with one atomicMax and one atomicOr.

 The maximum is taken with an integer atomicMax on the bit pattern: non-negative
 IEEE-754 values (+0 .. +inf) order like their bits read as unsigned integers, and
 only such values reach it (a NaN never enters a maximum, as in odeint's norm_inf,
 and sets the non-finite flag instead). The step resets the struct with one
 cudaMemsetAsync (all bits zero is +0.0 and no flags) and reads it back with one
 cudaMemcpy: the accept/reject decision costs one small transfer per step.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_ERROR_NORM_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_ERROR_NORM_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cmath>
#include <cstddef>
#include <cstring>
#include <limits>
#include <type_traits>

#include <cuda_runtime_api.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

namespace detail {

//! The unsigned integer that atomicMax takes for a Value of the same size.
template <class Value>
struct norm_bits
{
    static_assert(std::is_same<Value, double>::value || std::is_same<Value, float>::value,
                  "the fused error norm on the GPU supports double and float states");
    using type = std::conditional_t<sizeof(Value) == 8, unsigned long long, unsigned int>;
};

constexpr unsigned norm_flag_non_finite = 1u;        //!< error_norm_block::non_finite
constexpr unsigned norm_flag_state_non_finite = 2u;  //!< error_norm_block::state_non_finite

//! The device-side result of one step's error norm (reset to all zero bits per step).
template <class Value>
struct cuda_norm_accumulator
{
    typename norm_bits<Value>::type max_bits;  //!< bits of the largest scaled error, >= +0.0
    unsigned int flags;                        //!< norm_flag_*
};

//! The host view of a read-back accumulator.
template <class Value>
error_norm_block<Value> to_error_norm_block(const cuda_norm_accumulator<Value>& a)
{
    error_norm_block<Value> r;
    static_assert(sizeof(a.max_bits) == sizeof(Value), "");
    std::memcpy(&r.max, &a.max_bits, sizeof(Value));
    r.non_finite = (a.flags & norm_flag_non_finite) != 0;
    r.state_non_finite = (a.flags & norm_flag_state_non_finite) != 0;
    return r;
}

//! Static shared memory of block_merge_error_norm (the kernel's dynamic shared memory gets the rest).
template <class Value>
constexpr std::size_t error_norm_shared_bytes()
{
    return 32 * (sizeof(Value) + sizeof(unsigned));
}

#if defined(__CUDACC__)

__device__ inline unsigned long long norm_value_bits(double v) { return static_cast<unsigned long long>(__double_as_longlong(v)); }
__device__ inline unsigned int norm_value_bits(float v) { return static_cast<unsigned int>(__float_as_uint(v)); }

/*! Max and OR over the first `lanes` lanes of the calling warp (all of them call,
    mask = those lanes); lane 0 ends with the result. Lanes beyond `lanes` hold no
    data and are never read. */
template <class Value>
__device__ void warp_reduce_norm(Value& m, unsigned& flags, unsigned lane, unsigned lanes, unsigned mask)
{
    for (unsigned offset = 16; offset > 0; offset /= 2)
    {
        const Value om = __shfl_down_sync(mask, m, offset);
        const unsigned of = __shfl_down_sync(mask, flags, offset);
        if (lane + offset < lanes)
        {
            m = m < om ? om : m;
            flags |= of;
        }
    }
}

/*! The denominator of odeint's rel_error for one component: eps_abs + eps_rel (a_x |x|
    + a_dxdt dt |dxdt|), against the step's start (x = y, dxdt = F_0). */
template <class Value>
__device__ __forceinline__ Value error_scale(const error_norm_params<Value>& p, Value y, Value dxdt)
{
    return p.eps_abs + p.eps_rel * (p.a_x * fabs(y) + p.a_dxdt_dt * fabs(dxdt));
}

//! Notes in `partial` whether a component of the step's start state is NaN or infinite.
template <class Value>
__device__ __forceinline__ void note_state(error_norm_block<Value>& partial, Value y)
{
    partial.state_non_finite = partial.state_non_finite || !(fabs(y) <= std::numeric_limits<Value>::max());
}

/*! One component's scaled error |error| / scale reduced into `partial` as norm_inf
    does; a NaN never enters the maximum and sets the non-finite flag instead. */
template <class Value>
__device__ __forceinline__ void add_error_over_scale(error_norm_block<Value>& partial, Value error, Value scale)
{
    const Value scaled = fabs(error) / scale;
    partial.max = partial.max < scaled ? scaled : partial.max;
    partial.non_finite = partial.non_finite || !(scaled <= std::numeric_limits<Value>::max());
}

/*! One component's share of the error norm, kept by its thread: odeint's rel_error
    against the step's start (x = y, dxdt = F_0) reduced into `partial` as norm_inf does. */
template <class Value>
__device__ __forceinline__ void add_scaled_error(error_norm_block<Value>& partial, const error_norm_params<Value>& p,
                                                 Value error, Value y, Value dxdt)
{
    add_error_over_scale(partial, error, error_scale(p, y, dxdt));
    note_state(partial, y);
}

/*! Merges every thread's partial norm of the block into *acc: warp shuffles, one
    warp over the warps' results, then one atomicMax and one atomicOr (skipped when
    they would change nothing). Every thread of the block must call it (it has a
    block barrier); blockDim.x need not be a multiple of 32. */
template <class Value>
__device__ void block_merge_error_norm(const error_norm_block<Value>& partial, cuda_norm_accumulator<Value>* acc)
{
    __shared__ Value warp_max[32];
    __shared__ unsigned warp_flags[32];
    Value m = partial.max;
    unsigned flags = (partial.non_finite ? norm_flag_non_finite : 0u) |
                     (partial.state_non_finite ? norm_flag_state_non_finite : 0u);
    const unsigned lane = threadIdx.x % 32u, warp = threadIdx.x / 32u;
    const unsigned warps = (blockDim.x + 31u) / 32u;
    const unsigned in_warp = blockDim.x - warp * 32u < 32u ? blockDim.x - warp * 32u : 32u;
    const unsigned mask = in_warp == 32u ? 0xffffffffu : (1u << in_warp) - 1u;
    warp_reduce_norm(m, flags, lane, in_warp, mask);
    if (lane == 0)
    {
        warp_max[warp] = m;
        warp_flags[warp] = flags;
    }
    __syncthreads();
    if (warp == 0)
    {
        const unsigned first_warp = blockDim.x < 32u ? blockDim.x : 32u;
        const unsigned first_mask = first_warp == 32u ? 0xffffffffu : (1u << first_warp) - 1u;
        m = lane < warps ? warp_max[lane] : Value(0);
        flags = lane < warps ? warp_flags[lane] : 0u;
        warp_reduce_norm(m, flags, lane, warps < first_warp ? warps : first_warp, first_mask);
        if (lane == 0)
        {
            if (m > Value(0)) atomicMax(&acc->max_bits, norm_value_bits(m));
            if (flags) atomicOr(&acc->flags, flags);
        }
    }
}

#endif // __CUDACC__

//! Resets the accumulator before a step (stream-ordered with the step's kernels).
template <class Value>
void reset_error_norm(cuda_norm_accumulator<Value>* acc)
{
    cuda_check(cudaMemsetAsync(acc, 0, sizeof(cuda_norm_accumulator<Value>)), "resetting the error norm");
}

//! Waits for the step and reads its error norm: the step's one transfer to the host.
template <class Value>
error_norm_block<Value> read_error_norm(const cuda_norm_accumulator<Value>* acc)
{
    cuda_norm_accumulator<Value> host{};
    cuda_check(cudaMemcpy(&host, acc, sizeof(host), cudaMemcpyDeviceToHost), "reading the error norm");
    return to_error_norm_block(host);
}

} // namespace detail

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_ERROR_NORM_HPP_INCLUDED
