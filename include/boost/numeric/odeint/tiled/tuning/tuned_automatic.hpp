/*
 boost/numeric/odeint/tiled/tuning/tuned_automatic.hpp

 How a backend resolves tiling::automatic(): the tuning cache's entry for the
 problem first, the backend's model otherwise. Backend-independent: the backend
 passes its name, a function that names its device (called only when the cache is
 consulted) and its model.

 A cached tiling is used only if make_tiling_plan accepts it for this (chain, n, d);
 every accepted tiling computes the same step, so a cached tiling changes results
 at most by rounding. Nothing about the cache ever throws out of automatic(): any
 problem is a warning on stderr (once per file and process) and the model decides.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TUNING_TUNED_AUTOMATIC_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TUNING_TUNED_AUTOMATIC_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <exception>
#include <optional>
#include <string>

#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/core/tiling.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/tuning/tuning_cache.hpp>
#include <boost/numeric/odeint/tiled/tuning/tuning_key.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

/*! The cached tiling for (backend, device(), chain_identity(chain), n, d, value_size)
    in tuning_cache::from_environment(), if there is one that fits the problem.
    Never throws. */
template <class DeviceName>
std::optional<tiling> find_tuned_tiling(const char* backend, DeviceName&& device, const link_chain& chain,
                                        std::size_t n, std::size_t d, std::size_t value_size) noexcept
{
    try
    {
        const tuning_cache cache = tuning_cache::from_environment();
        if (!cache.enabled()) return std::nullopt;
        tuning_key key;
        key.method = chain_identity(chain);
        if (key.method.empty()) return std::nullopt;  // a chain without a name is never cached
        key.backend = backend;
        key.device = device();
        key.n = n;
        key.d = d;
        key.value_size = value_size;
        const std::optional<tiling> cached = cache.find(key);
        if (!cached) return std::nullopt;
        try
        {
            (void)make_tiling_plan(chain, n, d, *cached);
        }
        catch (const std::exception& e)
        {
            detail::tuning_cache_warning(cache.path() + " (" + key.method + ", n = " + std::to_string(n) +
                                             ", d = " + std::to_string(d) + ")",
                                         "its tiling " + format_tiling_text(*cached) +
                                             " does not fit the problem: " + e.what());
            return std::nullopt;
        }
        return cached;
    }
    catch (...)
    {
        return std::nullopt;
    }
}

/*! automatic() resolved: find_tuned_tiling(...) when requested.use_tuning_cache(),
    else (or on a miss) model(). `requested` is the automatic() tiling the stepper
    was made with. */
template <class DeviceName, class Model>
tiling resolve_tuned_automatic(const tiling& requested, const char* backend, DeviceName&& device,
                               const link_chain& chain, std::size_t n, std::size_t d, std::size_t value_size,
                               Model&& model)
{
    if (requested.use_tuning_cache())
        if (const std::optional<tiling> cached = find_tuned_tiling(backend, device, chain, n, d, value_size))
            return *cached;
    return model();
}

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TUNING_TUNED_AUTOMATIC_HPP_INCLUDED
