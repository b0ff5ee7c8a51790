/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_state_kernels.hpp

 What the adaptive steppers do with whole states besides stepping, on the device:
 copy one state buffer into another (a candidate into the state, an initial state
 into dense output's buffers), and dense output's interpolation
 out = 1 x + c_0 k_0 + ... + c_{K-1} k_{K-1}. Both run in stream order on the
 default stream, like the step kernels, so nothing waits for them on the host.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_STATE_KERNELS_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_STATE_KERNELS_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cstddef>

#include <cuda_runtime_api.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

namespace detail {

//! to[0, n) = from[0, n), device to device.
template <class Value>
void device_copy(const Value* from, Value* to, std::size_t n)
{
    if (n == 0 || from == to) return;
    cuda_check(cudaMemcpyAsync(to, from, n * sizeof(Value), cudaMemcpyDeviceToDevice), "copying a state on the device");
}

template <class Value, std::size_t K>
struct scale_sum_args
{
    Value* out;
    const Value* x;
    Value c[K];
    const Value* k[K];
    std::size_t n;
};

#if defined(__CUDACC__)

//! out[i] = 1 x[i] + c_0 k_0[i] + ..., summed left to right as odeint's scale_sumN.
template <class Value, std::size_t K>
__global__ void scale_sum_kernel(scale_sum_args<Value, K> a)
{
    for (std::size_t i = std::size_t(blockIdx.x) * blockDim.x + threadIdx.x; i < a.n; i += std::size_t(gridDim.x) * blockDim.x)
    {
        Value acc = Value(1) * a.x[i];
        for (std::size_t m = 0; m < K; ++m) acc += a.c[m] * a.k[m][i];
        a.out[i] = acc;
    }
}

template <class Value, std::size_t K>
void device_scale_sum(Value* out, const Value* x, const Value (&c)[K], const Value* const (&k)[K], std::size_t n)
{
    if (n == 0) return;
    scale_sum_args<Value, K> a{};
    a.out = out;
    a.x = x;
    for (std::size_t m = 0; m < K; ++m)
    {
        a.c[m] = c[m];
        a.k[m] = k[m];
    }
    a.n = n;
    constexpr unsigned threads = 256;
    // a grid-stride loop: enough blocks to fill any GPU, never more than the components need
    const std::size_t blocks = std::min<std::size_t>((n + threads - 1) / threads, 8192);
    scale_sum_kernel<Value, K><<<unsigned(blocks), threads>>>(a);
    cuda_check_launch("dense output interpolation kernel");
}

#endif // __CUDACC__

} // namespace detail

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_STATE_KERNELS_HPP_INCLUDED
