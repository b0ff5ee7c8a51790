/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_backend.hpp

 Makes thrust::device_vector states select the CUDA backend of the tiled steppers:
 raw device pointers for the executor (state_access), the backend dispatch
 (cuda_algebra + fused_operations), and what tiled_backend<cuda_algebra> brings —
 the CUDA executor, its workspace and the automatic-tiling model.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_BACKEND_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_BACKEND_HPP_INCLUDED

#include <algorithm>
#include <cstddef>

#include <thrust/device_vector.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_algebra.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_executor.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_workspace.hpp>
#include <boost/numeric/odeint/tiled/steppers/explicit_rk.hpp>
#include <boost/numeric/odeint/tiled/traits/backend_dispatcher.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

template <class T, class Alloc>
struct state_access<thrust::device_vector<T, Alloc>>
{
    static T* data(thrust::device_vector<T, Alloc>& s) { return thrust::raw_pointer_cast(s.data()); }
    static const T* data(const thrust::device_vector<T, Alloc>& s) { return thrust::raw_pointer_cast(s.data()); }
    static std::size_t size(const thrust::device_vector<T, Alloc>& s) { return s.size(); }
};

template <class T, class Alloc>
struct backend_dispatcher_sfinae<thrust::device_vector<T, Alloc>>
{
    using algebra_type = cuda_algebra;
    using operations_type = fused_operations;
};

/*! Resolves automatic() for the CUDA backend: register tiles (one block of
    cuda_tuning::register_tile_threads threads, components_per_thread(links)
    components each) as wide as a block holds, the candidate moving the least memory
    per step (trapezoids of every height, hexagons of every even height); none()
    where no tile fits (large d: multi-block tiles are not implemented yet). */
inline tiling choose_cuda_tiling(const link_chain& chain, std::size_t n, std::size_t d, std::size_t value_size)
{
    tiling best = tiling::none();
    double best_cost = make_tiling_plan(chain, std::min<std::size_t>(n, 1 << 20), d, best).memory_volume();
    const std::size_t w_max = cuda_tuning::components_per_thread(chain.links) * cuda_tuning::register_tile_threads;
    const std::size_t w = std::min(n, w_max);
    if (2 * (w_max + 2 * d) * value_size > 200 * 1024) return best;  // the halo buffers would not fit
    for (std::size_t h = chain.links; h >= 1; --h)
        for (int hex = 0; hex < 2; ++hex)
        {
            if (hex && h % 2 != 0) continue;
            const std::size_t need = hex ? (h - 1) * d : (2 * h - 1) * d;
            if (w < need) continue;
            const tiling candidate = hex ? tiling::hexagonal(w, h) : tiling::trapezoidal(w, h);
            try
            {
                const double cost = make_tiling_plan(chain, std::min(n, 256 * w), d, candidate).memory_volume();
                if (cost < best_cost) { best_cost = cost; best = candidate; }
            }
            catch (const std::invalid_argument&) {}
        }
    return best;
}

template <>
struct tiled_backend<cuda_algebra>
{
    template <class Value>
    using workspace_type = cuda_workspace<Value>;
    using executor_type = cuda_executor;

    static tiling resolve_automatic(const link_chain& chain, std::size_t n, std::size_t d, std::size_t value_size)
    {
        return choose_cuda_tiling(chain, n, d, value_size);
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_BACKEND_HPP_INCLUDED
