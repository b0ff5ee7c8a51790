/*
 boost/numeric/odeint/tiled/backends/cuda/tile_meta_args.hpp

 The launch arguments the CUDA tile kernels that read a plan's register_meta records
 share (the register-tile kernel and the streaming kernel): the vectors, one kernel's
 hulls and records, the problem's size and access distance, and the fused error
 norm's constants and accumulator. Each kernel's own arguments derive from it.
 set_tile_meta_args and point_at_kernel fill it on the host.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_TILE_META_ARGS_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_TILE_META_ARGS_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error_norm.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/device_plan.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

//! Launch arguments of a tile kernel over register_meta records, passed by value.
template <class Value, std::size_t NV>
struct tile_meta_args
{
    Value* vectors[NV];               //!< permanent vectors and the user's state (nullptr: unused)
    const long long* hull;            //!< [tile] -> first, last of the union of its intervals
    const int* meta;                  //!< [tile * meta_stride ...]: register_meta_layout records
    register_meta_layout layout;
    unsigned meta_stride;
    unsigned tiles;
    long long n;
    int d;
    error_norm_params<Value> norm_params;    //!< FusedNorm: odeint's error checker constants
    cuda_norm_accumulator<Value>* norm;      //!< FusedNorm: where the blocks merge the norm
};

//! What the record-reading tile kernels share: the vectors, the plan's size and
//! access distance, the fused norm's constants; point_at_kernel adds one kernel's records.
template <class Value, std::size_t NV, class Plan>
void set_tile_meta_args(tile_meta_args<Value, NV>& a, Value* const (&vectors)[NV], const Plan& plan,
                        const error_norm_params<Value>& norm_params, cuda_norm_accumulator<Value>* norm)
{
    for (std::size_t v = 0; v < NV; ++v) a.vectors[v] = vectors[v];
    a.n = (long long)plan.n;
    a.d = int(plan.d);
    a.norm_params = norm_params;
    a.norm = norm;
}

//! The hulls and register_meta records of one uploaded kernel (device_kernel_plan).
template <class Value, std::size_t NV, class DeviceKernelPlan>
void point_at_kernel(tile_meta_args<Value, NV>& a, const DeviceKernelPlan& k)
{
    const flat_kernel_plan& f = k.host;
    a.hull = static_cast<const long long*>(k.hull.get());
    a.meta = static_cast<const int*>(k.register_meta.get());
    a.layout = register_meta_layout{unsigned(f.link_count), unsigned(f.max_strips)};
    a.meta_stride = a.layout.stride(unsigned(NV));
    a.tiles = unsigned(f.tiles);
}

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_TILE_META_ARGS_HPP_INCLUDED
