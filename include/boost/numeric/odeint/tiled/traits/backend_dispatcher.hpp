/*
 boost/numeric/odeint/tiled/traits/backend_dispatcher.hpp

 Which backend a tiled stepper uses, chosen from its state type the way odeint's
 algebra_dispatcher chooses an algebra: host containers get the TBB backend
 (tbb_algebra and fused_operations); the CUDA backend specialises this for
 thrust::device_vector. tiled_backend<Algebra> then names what the algebra's
 backend brings: its executor, its workspace and how it resolves automatic() (the
 tuning cache, then its model).
 Extension hook: specialise backend_dispatcher_sfinae for your own state types.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TRAITS_BACKEND_DISPATCHER_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TRAITS_BACKEND_DISPATCHER_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/backends/tbb/tbb_algebra.hpp>
#include <boost/numeric/odeint/tiled/backends/tbb/tbb_executor.hpp>
#include <boost/numeric/odeint/tiled/backends/tbb/tbb_workspace.hpp>
#include <boost/numeric/odeint/tiled/backends/tbb/tuning.hpp>
#include <boost/numeric/odeint/tiled/steppers/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/system/access_check.hpp>
#include <boost/numeric/odeint/tiled/tuning/tuned_automatic.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

template <class State, class Enable = void>
struct backend_dispatcher_sfinae
{
    using algebra_type = tbb_algebra;
    using operations_type = fused_operations;
};

template <class State>
struct backend_dispatcher : backend_dispatcher_sfinae<State> {};

//! What a backend brings to a tiled stepper; specialised per backend algebra.
template <class Algebra>
struct tiled_backend;

template <>
struct tiled_backend<tbb_algebra>
{
    template <class Value>
    using workspace_type = tbb_workspace<Value>;
    using executor_type = tbb_executor;
    //! Where a checked step records a read beyond the access distance (system/access_check.hpp).
    using access_record_type = host_access_record;

    //! `requested` is the automatic() tiling asked for: the tuning cache's entry first
    //! (unless requested.use_tuning_cache() is false), then the model.
    static tiling resolve_automatic(const tiling& requested, const link_chain& chain, std::size_t n, std::size_t d,
                                    std::size_t value_size)
    {
        return resolve_tuned_automatic(requested, "tbb", tbb_device_name, chain, n, d, value_size,
                                       [&] { return choose_tbb_tiling(chain, n, d, value_size); });
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TRAITS_BACKEND_DISPATCHER_HPP_INCLUDED
