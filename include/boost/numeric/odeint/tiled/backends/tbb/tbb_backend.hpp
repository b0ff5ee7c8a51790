/*
 boost/numeric/odeint/tiled/backends/tbb/tbb_backend.hpp

 Registers the TBB backend with the core (core/backend.hpp): it is the default
 backend of host-memory states (std::vector, std::array, boost::array, any
 container whose data() is a raw pointer), and tiled_backend<tbb_algebra> names
 what it brings: the TBB executor, its workspace, host_access_record for the
 checked mode, and how it resolves automatic() (the tuning cache, then its model).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_BACKEND_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_BACKEND_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/backends/tbb/tbb_algebra.hpp>
#include <boost/numeric/odeint/tiled/backends/tbb/tbb_executor.hpp>
#include <boost/numeric/odeint/tiled/backends/tbb/tbb_workspace.hpp>
#include <boost/numeric/odeint/tiled/backends/tbb/tuning.hpp>
#include <boost/numeric/odeint/tiled/core/backend.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/system/access_check.hpp>
#include <boost/numeric/odeint/tiled/tuning/tuned_automatic.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

//! Host-memory states run on TBB unless backend_dispatcher_sfinae says otherwise.
template <>
struct default_backend<host_memory>
{
    using algebra_type = tbb_algebra;
    using operations_type = fused_operations;
};

template <>
struct tiled_backend<tbb_algebra>
{
    template <class Value>
    using workspace_type = tbb_workspace<Value>;
    using executor_type = tbb_executor;
    //! Where a checked step records a read beyond the access distance (system/access_check.hpp).
    using access_record_type = host_access_record;

    //! `requested` is the automatic() tiling asked for: the tuning cache's entry first
    //! (unless requested.use_tuning_cache() is false or other processes share the
    //! cache), then the model with this process's share of the last-level cache.
    static tiling resolve_automatic(const tiling& requested, const link_chain& chain, std::size_t n, std::size_t d,
                                    std::size_t value_size)
    {
        const std::size_t sharing = requested.processes_sharing_cache();
        tiling lookup = requested;
        if (sharing > 1) lookup.use_tuning_cache(false);
        return resolve_tuned_automatic(lookup, "tbb", tbb_device_name, chain, n, d, value_size, [&] {
            return choose_tbb_tiling(chain, n, d, value_size, 0, cpu_caches::detect().shared_by(sharing));
        });
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_BACKEND_HPP_INCLUDED
