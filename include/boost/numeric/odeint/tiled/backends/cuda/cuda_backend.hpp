/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_backend.hpp

 Makes thrust::device_vector states select the CUDA backend of the tiled steppers:
 raw device pointers for the executor (state_access), O(1) swaps for the controlled
 stepper (state_swaps_buffers), the backend dispatch (cuda_algebra +
 fused_operations), and what tiled_backend<cuda_algebra> brings —
 the CUDA executor, its workspace and how it resolves automatic() (the tuning
 cache under cuda_device_name(), then the model).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_BACKEND_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_BACKEND_HPP_INCLUDED

#include <algorithm>
#include <cstddef>
#include <map>
#include <mutex>
#include <string>
#include <type_traits>

#include <cuda_runtime_api.h>

#include <thrust/device_vector.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_algebra.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_executor.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_workspace.hpp>
#include <boost/numeric/odeint/tiled/steppers/explicit_rk.hpp>
#include <boost/numeric/odeint/tiled/traits/backend_dispatcher.hpp>
#include <boost/numeric/odeint/tiled/tuning/tuned_automatic.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

template <class T, class Alloc>
struct state_access<thrust::device_vector<T, Alloc>>
{
    static T* data(thrust::device_vector<T, Alloc>& s) { return thrust::raw_pointer_cast(s.data()); }
    static const T* data(const thrust::device_vector<T, Alloc>& s) { return thrust::raw_pointer_cast(s.data()); }
    static std::size_t size(const thrust::device_vector<T, Alloc>& s) { return s.size(); }
};

//! device_vector::swap exchanges the buffers: the controlled stepper accepts a step by swapping.
template <class T, class Alloc>
struct state_swaps_buffers<thrust::device_vector<T, Alloc>> : std::true_type {};

template <class T, class Alloc>
struct backend_dispatcher_sfinae<thrust::device_vector<T, Alloc>>
{
    using algebra_type = cuda_algebra;
    using operations_type = fused_operations;
};

/*! Resolves automatic() for the CUDA backend: register tiles as wide as one block
    holds (cuda_tuning::register_shape_for: 128 threads of 4 components, or 512 of 2
    where a 512-wide tile cannot hold a trapezoid of the chain's full height or the
    chain is longer than the 4-component kernel is built for) and as
    high as the chain, where such a trapezoid fits and saves enough of none()'s
    traffic; none() elsewhere. Lower trapezoids are not chosen: they split the chain
    over several kernels that run its links dispatched at run time, and on the H100
    (BRUSS2D, n = 16 Mi) they were 3-6x slower than none() (RK4 trapezoidal(512, 3)
    at d = 32: 2.74 ms, trapezoidal(512, 1) at d = 256: 4.38 ms, none() 0.84).
    Multi-block tiles (tile_group.hpp) are not chosen: on an H100 clusters and L2
    groups of 2-16 blocks were slower than the single-block tile at d = 32 and than
    none() at d = 256 and 1024 (doc/results/gpu_h100.md); `tune` measures them for
    the problem at hand. Hexagons are not chosen: on an H200 they ran 2-2.5x slower
    than trapezoids of the same width at every size measured (their second kernel's
    tiles grow, so fewer threads have work per link), and trapezoids saving less
    than 40 % of none()'s traffic did not beat it. */
inline tiling choose_cuda_tiling(const link_chain& chain, std::size_t n, std::size_t d, std::size_t value_size)
{
    tiling best = tiling::none();
    const double none_cost = make_tiling_plan(chain, std::min<std::size_t>(n, 1 << 20), d, best).memory_volume();
    const std::size_t h = chain.links;
    for (const cuda_tuning::register_shape shape :
         {cuda_tuning::narrow_register_shape(), cuda_tuning::wide_register_shape()})
    {
        if (shape.components == 4 && h > cuda_tuning::most_links_four_per_thread) continue;
        const std::size_t w = std::min(n, shape.width());
        if (2 * (shape.width() + 2 * d) * value_size > 200 * 1024) continue;  // the halo buffers would not fit
        if (w < (2 * h - 1) * d) continue;
        const tiling candidate =
            tiling::trapezoidal(w, h).threads_per_block(shape.threads).components_per_thread(shape.components);
        try
        {
            const double cost = make_tiling_plan(chain, std::min(n, 256 * w), d, candidate).memory_volume();
            if (cost < 0.6 * none_cost) return candidate;
        }
        catch (const std::invalid_argument&) {}
    }
    return best;
}

/*! The current GPU as the tuning cache names it: its name and SM count (a MIG slice
    or another model is another device). Example: "NVIDIA H100 80GB HBM3, 132 SMs".
    "unknown GPU" where the runtime cannot tell. */
inline std::string cuda_device_name()
{
    static std::mutex m;
    static std::map<int, std::string> names;  // per device ordinal: the properties query is slow
    int device = 0;
    if (cudaGetDevice(&device) != cudaSuccess) { (void)cudaGetLastError(); return "unknown GPU"; }
    std::lock_guard<std::mutex> lock(m);
    auto it = names.find(device);
    if (it == names.end())
    {
        cudaDeviceProp p;
        if (cudaGetDeviceProperties(&p, device) != cudaSuccess) { (void)cudaGetLastError(); return "unknown GPU"; }
        it = names.emplace(device, std::string(p.name) + ", " + std::to_string(p.multiProcessorCount) + " SMs").first;
    }
    return it->second;
}

template <>
struct tiled_backend<cuda_algebra>
{
    template <class Value>
    using workspace_type = cuda_workspace<Value>;
    using executor_type = cuda_executor;

    //! `requested` is the automatic() tiling asked for: the tuning cache's entry first
    //! (unless requested.use_tuning_cache() is false), then the model.
    static tiling resolve_automatic(const tiling& requested, const link_chain& chain, std::size_t n, std::size_t d,
                                    std::size_t value_size)
    {
        return resolve_tuned_automatic(requested, "cuda", cuda_device_name, chain, n, d, value_size,
                                       [&] { return choose_cuda_tiling(chain, n, d, value_size); });
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_BACKEND_HPP_INCLUDED
