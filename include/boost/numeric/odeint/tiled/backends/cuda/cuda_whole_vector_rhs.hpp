/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_whole_vector_rhs.hpp

 tiled::as_odeint_system(sys) on thrust::device_vector states: the whole-vector
 system of stock odeint steppers, dxdt[j] = sys(j, x, t) for every j, as one
 grid-stride kernel per call (the launch shape of cuda_algebra's element-wise
 kernels). The system gets a const pointer to the state as its view, is copied to
 the kernel by value (so it must be trivially copyable, like everything a kernel
 takes), and must be callable on the device (BOOST_ODEINT_TILED_HD).

 A grid system (tiled::grid) is run one cell per thread instead, through its
 per-cell form (evaluate_cell): one update gives every field of a cell, where the
 per-component kernel would run it once per field and reach the boundary's mapped
 reads in every warp that holds an edge cell once per component.

 This is how stock odeint + Thrust runs a LimitedAccessSystem in the benchmarks:
 the baseline the tiled steppers are compared with.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_WHOLE_VECTOR_RHS_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_WHOLE_VECTOR_RHS_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>

#include <thrust/device_vector.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_algebra.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/grid/grid_system.hpp>
#include <boost/numeric/odeint/tiled/system/as_odeint_system.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

namespace detail {

template <class System, class Value, class Time>
__global__ void whole_vector_rhs_kernel(System sys, const Value* x, Value* dxdt, std::size_t n, Time t)
{
    const std::size_t stride = static_cast<std::size_t>(blockDim.x) * gridDim.x;
    for (std::size_t j = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; j < n; j += stride)
        dxdt[j] = static_cast<Value>(sys(j, x, t));
}

template <class System, class Value, class Time>
__global__ void whole_vector_cells_kernel(System sys, const Value* x, Value* dxdt, std::size_t cells, Time t)
{
    const std::size_t stride = static_cast<std::size_t>(blockDim.x) * gridDim.x;
    for (std::size_t c = static_cast<std::size_t>(blockIdx.x) * blockDim.x + threadIdx.x; c < cells; c += stride)
        sys.evaluate_cell(c, x, dxdt, t);
}

} // namespace detail

template <class Value, class Alloc>
struct whole_vector_rhs<thrust::device_vector<Value, Alloc>>
{
    static constexpr bool on_host = false;

    template <class System, class Time>
    static void evaluate(const System& sys, const thrust::device_vector<Value, Alloc>& x,
                         thrust::device_vector<Value, Alloc>& dxdt, Time t)
    {
        const std::size_t n = x.size();
        if (dxdt.size() != n)
            throw std::invalid_argument("tiled::as_odeint_system: the state has " + std::to_string(n) +
                                        " components but dxdt has " + std::to_string(dxdt.size()));
        if (n == 0) return;
        constexpr unsigned block = cuda_algebra::block_size;
        const Value* const xp = thrust::raw_pointer_cast(x.data());
        Value* const fp = thrust::raw_pointer_cast(dxdt.data());
        if constexpr (is_grid_system<System>::value)
        {
            const std::size_t cells = sys.cells();
            detail::whole_vector_cells_kernel<<<static_cast<unsigned>(cuda_algebra::blocks_for(cells)), block>>>(
                sys, xp, fp, cells, t);
        }
        else
            detail::whole_vector_rhs_kernel<<<static_cast<unsigned>(cuda_algebra::blocks_for(n)), block>>>(sys, xp, fp,
                                                                                                         n, t);
        cuda_check_launch("tiled::as_odeint_system: whole-vector RHS kernel");
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_WHOLE_VECTOR_RHS_HPP_INCLUDED
