/*
 boost/numeric/odeint/tiled/backends/cuda/distributed_memory.hpp

 A GPU rank's window: distributed::local_memory for thrust::device_vector, so that a
 distributed_state<thrust::device_vector<T>> sizes and moves its window with CUDA
 copies on the default stream (in order with the steps' kernels).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_DISTRIBUTED_MEMORY_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_DISTRIBUTED_MEMORY_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <cuda_runtime.h>
#include <thrust/device_vector.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/distributed/local_memory.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace distributed {

template <class T, class Alloc>
struct local_memory<thrust::device_vector<T, Alloc>>
{
    using value_type = T;
    using container = thrust::device_vector<T, Alloc>;
    static constexpr memory_kind memory = memory_kind::device;

    static void resize(container& l, std::size_t n) { l.resize(n); }
    static void copy(const container& from, std::size_t from_offset, container& to, std::size_t to_offset, std::size_t count)
    {
        tiled::cuda_check(cudaMemcpy(thrust::raw_pointer_cast(to.data()) + to_offset,
                                             thrust::raw_pointer_cast(from.data()) + from_offset, count * sizeof(T),
                                             cudaMemcpyDeviceToDevice),
                                  "copying a distributed state's window");
    }
    static void to_host(const container& from, std::size_t offset, std::size_t count, T* out)
    {
        tiled::cuda_check(cudaMemcpy(out, thrust::raw_pointer_cast(from.data()) + offset, count * sizeof(T),
                                             cudaMemcpyDeviceToHost),
                                  "reading a distributed state's owned values");
    }
    static void from_host(const T* in, std::size_t count, container& to, std::size_t offset)
    {
        tiled::cuda_check(cudaMemcpy(thrust::raw_pointer_cast(to.data()) + offset, in, count * sizeof(T),
                                             cudaMemcpyHostToDevice),
                                  "writing a distributed state's owned values");
    }
};

}}}}} // namespace boost::numeric::odeint::tiled::distributed

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_DISTRIBUTED_MEMORY_HPP_INCLUDED
