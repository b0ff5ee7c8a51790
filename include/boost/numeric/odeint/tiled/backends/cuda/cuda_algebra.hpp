/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_algebra.hpp

 tiled::cuda_algebra: an odeint Algebra (for_each1 ... for_each15, norm_inf) for
 states in CUDA device memory (thrust::device_vector, or any container whose
 data() is a thrust::device_ptr or a raw device pointer and that has size()).
 Every stock odeint stepper runs on it, runge_kutta_fehlberg78 (for_each15)
 included, as do odeint's controlled and dense-output steppers.

   for_eachN(s1, ..., sN, op)  one launch of for_each_kernel<Op, T1*, ..., TN*>, a
                               grid-stride loop calling op(s1[i], ..., sN[i]) for
                               every i < s1.size(); op's operator() must be
                               __device__ (tiled::cuda_operations' functors are).
                               All states must have s1's size (else
                               std::invalid_argument, nothing launched).
   norm_inf(s)                 max_i |s[i]| by thrust::transform_reduce (one
                               reduction and a device-to-host copy of the result);
                               a NaN in s gives NaN.

 Kernels run on the default stream, in order with Thrust's default-stream work;
 for_eachN returns without waiting. A failed launch throws std::runtime_error with
 CUDA's message (see cuda_error.hpp; define BOOST_ODEINT_TILED_CUDA_SYNC_CHECK to
 also catch errors raised while a kernel runs at the launching call).

 Needs nvcc (the header defines a __global__ function).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_ALGEBRA_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_ALGEBRA_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#if !defined(__CUDACC__)
#error "boost/numeric/odeint/tiled/backends/cuda/cuda_algebra.hpp must be compiled by nvcc (a .cu file)"
#endif

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <cuda_runtime.h>

#include <thrust/device_ptr.h>
#include <thrust/device_vector.h>
#include <thrust/transform_reduce.h>

#include <boost/numeric/odeint/algebra/norm_result_type.hpp>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_operations.hpp>

namespace boost {
namespace numeric {
namespace odeint {
namespace tiled {

namespace detail {

// One element-wise pass: op(p1[i], ..., pN[i]) for i in [0, n), grid-stride loop.
template <class Op, class... Ptrs>
__global__ void for_each_kernel(Op op, std::size_t n, Ptrs... p)
{
    const std::size_t stride = static_cast<std::size_t>(blockDim.x) * gridDim.x;
    for (std::size_t i = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; i < n; i += stride)
        op(p[i]...);
}

// The raw device pointer to a state's first element.
template <class S>
auto cuda_data(S& s) -> decltype(thrust::raw_pointer_cast(s.data()))
{
    return thrust::raw_pointer_cast(s.data());
}

template <class Value>
struct cuda_abs_fn
{
    template <class T>
    BOOST_ODEINT_TILED_HD Value operator()(const T& x) const { return cuda_abs(static_cast<Value>(x)); }
};

template <class Value>
struct cuda_max_fn
{
    BOOST_ODEINT_TILED_HD Value operator()(const Value& a, const Value& b) const { return cuda_max(a, b); }
};

} // namespace detail

struct cuda_algebra
{
    //! Threads per block of the element-wise kernels.
    static constexpr unsigned block_size = 256;
    //! Most blocks per launch; longer states are covered by the grid-stride loop.
    static constexpr std::size_t max_blocks = std::size_t(1) << 20;
    //! Blocks of block_size threads for a grid-stride kernel over n items.
    static std::size_t blocks_for(std::size_t n)
    {
        const std::size_t blocks = (n + block_size - 1) / block_size;
        return blocks < max_blocks ? blocks : max_blocks;
    }

    //! The one implementation behind for_each1 ... for_each15.
    template <class Op, class S1, class... S>
    static void for_each_n(Op op, S1& s1, S&... s)
    {
        const std::size_t n = s1.size();
        if (((static_cast<std::size_t>(s.size()) != n) || ...))
            throw std::invalid_argument("boost_odeint_tiled: cuda_algebra::for_each: the states have different "
                                        "sizes (the first has " + std::to_string(n) + " elements)");
        if (n == 0)
            return;
        detail::for_each_kernel<<<static_cast<unsigned>(blocks_for(n)), block_size>>>(
            op, n, detail::cuda_data(s1), detail::cuda_data(s)...);
        cuda_check_launch("cuda_algebra::for_each kernel");
    }

    template <class S1, class Op>
    static void for_each1(S1& s1, Op op) { for_each_n(op, s1); }
    template <class S1, class S2, class Op>
    static void for_each2(S1& s1, S2& s2, Op op) { for_each_n(op, s1, s2); }
    template <class S1, class S2, class S3, class Op>
    static void for_each3(S1& s1, S2& s2, S3& s3, Op op) { for_each_n(op, s1, s2, s3); }
    template <class S1, class S2, class S3, class S4, class Op>
    static void for_each4(S1& s1, S2& s2, S3& s3, S4& s4, Op op) { for_each_n(op, s1, s2, s3, s4); }
    template <class S1, class S2, class S3, class S4, class S5, class Op>
    static void for_each5(S1& s1, S2& s2, S3& s3, S4& s4, S5& s5, Op op) { for_each_n(op, s1, s2, s3, s4, s5); }
    template <class S1, class S2, class S3, class S4, class S5, class S6, class Op>
    static void for_each6(S1& s1, S2& s2, S3& s3, S4& s4, S5& s5, S6& s6, Op op)
    {
        for_each_n(op, s1, s2, s3, s4, s5, s6);
    }
    template <class S1, class S2, class S3, class S4, class S5, class S6, class S7, class Op>
    static void for_each7(S1& s1, S2& s2, S3& s3, S4& s4, S5& s5, S6& s6, S7& s7, Op op)
    {
        for_each_n(op, s1, s2, s3, s4, s5, s6, s7);
    }
    template <class S1, class S2, class S3, class S4, class S5, class S6, class S7, class S8, class Op>
    static void for_each8(S1& s1, S2& s2, S3& s3, S4& s4, S5& s5, S6& s6, S7& s7, S8& s8, Op op)
    {
        for_each_n(op, s1, s2, s3, s4, s5, s6, s7, s8);
    }
    template <class S1, class S2, class S3, class S4, class S5, class S6, class S7, class S8, class S9, class Op>
    static void for_each9(S1& s1, S2& s2, S3& s3, S4& s4, S5& s5, S6& s6, S7& s7, S8& s8, S9& s9, Op op)
    {
        for_each_n(op, s1, s2, s3, s4, s5, s6, s7, s8, s9);
    }
    template <class S1, class S2, class S3, class S4, class S5, class S6, class S7, class S8, class S9, class S10,
              class Op>
    static void for_each10(S1& s1, S2& s2, S3& s3, S4& s4, S5& s5, S6& s6, S7& s7, S8& s8, S9& s9, S10& s10, Op op)
    {
        for_each_n(op, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10);
    }
    template <class S1, class S2, class S3, class S4, class S5, class S6, class S7, class S8, class S9, class S10,
              class S11, class Op>
    static void for_each11(S1& s1, S2& s2, S3& s3, S4& s4, S5& s5, S6& s6, S7& s7, S8& s8, S9& s9, S10& s10,
                           S11& s11, Op op)
    {
        for_each_n(op, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11);
    }
    template <class S1, class S2, class S3, class S4, class S5, class S6, class S7, class S8, class S9, class S10,
              class S11, class S12, class Op>
    static void for_each12(S1& s1, S2& s2, S3& s3, S4& s4, S5& s5, S6& s6, S7& s7, S8& s8, S9& s9, S10& s10,
                           S11& s11, S12& s12, Op op)
    {
        for_each_n(op, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12);
    }
    template <class S1, class S2, class S3, class S4, class S5, class S6, class S7, class S8, class S9, class S10,
              class S11, class S12, class S13, class Op>
    static void for_each13(S1& s1, S2& s2, S3& s3, S4& s4, S5& s5, S6& s6, S7& s7, S8& s8, S9& s9, S10& s10,
                           S11& s11, S12& s12, S13& s13, Op op)
    {
        for_each_n(op, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13);
    }
    template <class S1, class S2, class S3, class S4, class S5, class S6, class S7, class S8, class S9, class S10,
              class S11, class S12, class S13, class S14, class Op>
    static void for_each14(S1& s1, S2& s2, S3& s3, S4& s4, S5& s5, S6& s6, S7& s7, S8& s8, S9& s9, S10& s10,
                           S11& s11, S12& s12, S13& s13, S14& s14, Op op)
    {
        for_each_n(op, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14);
    }
    template <class S1, class S2, class S3, class S4, class S5, class S6, class S7, class S8, class S9, class S10,
              class S11, class S12, class S13, class S14, class S15, class Op>
    static void for_each15(S1& s1, S2& s2, S3& s3, S4& s4, S5& s5, S6& s6, S7& s7, S8& s8, S9& s9, S10& s10,
                           S11& s11, S12& s12, S13& s13, S14& s14, S15& s15, Op op)
    {
        for_each_n(op, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15);
    }

    //! max_i |s[i]| (0 for an empty state); NaN if s holds a NaN.
    template <class S>
    static typename norm_result_type<S>::type norm_inf(const S& s)
    {
        using result_type = typename norm_result_type<S>::type;
        const auto* first = detail::cuda_data(s);
        const thrust::device_ptr<const typename std::remove_const<
            typename std::remove_pointer<decltype(first)>::type>::type>
            begin(first);
        return thrust::transform_reduce(begin, begin + s.size(), detail::cuda_abs_fn<result_type>(),
                                        result_type(0), detail::cuda_max_fn<result_type>());
    }
};

} // namespace tiled
} // namespace odeint
} // namespace numeric
} // namespace boost

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_ALGEBRA_HPP_INCLUDED
