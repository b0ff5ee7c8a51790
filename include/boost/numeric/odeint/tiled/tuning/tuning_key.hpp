/*
 boost/numeric/odeint/tiled/tuning/tuning_key.hpp

 What a tuning-cache entry is for: the backend ("tbb", "cuda"), the device (a
 string the backend makes: CPU model and thread count, GPU name and SM count), the
 step's chain (the tableau's name and the variant of the step, chain_identity), n,
 d and the size of a value. All plain strings and numbers, so that every backend
 can supply its own without this file knowing about it.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TUNING_TUNING_KEY_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TUNING_TUNING_KEY_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <string>
#include <tuple>

#include <boost/numeric/odeint/tiled/core/link_chain.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct tuning_key
{
    std::string backend;     //!< "tbb" or "cuda"
    std::string device;      //!< e.g. "AMD EPYC 7B13, 16 threads" or "NVIDIA H100 80GB HBM3, 132 SMs"
    std::string method;      //!< chain_identity(chain), e.g. "runge_kutta4", "runge_kutta_dopri5+error"
    std::size_t n = 0;
    std::size_t d = 0;
    std::size_t value_size = 0;  //!< sizeof(Value): 8 for double, 4 for float

    friend bool operator==(const tuning_key& a, const tuning_key& b)
    {
        return std::tie(a.backend, a.device, a.method, a.n, a.d, a.value_size) ==
               std::tie(b.backend, b.device, b.method, b.n, b.d, b.value_size);
    }
    friend bool operator!=(const tuning_key& a, const tuning_key& b) { return !(a == b); }
    friend bool operator<(const tuning_key& a, const tuning_key& b)
    {
        return std::tie(a.backend, a.device, a.method, a.n, a.d, a.value_size) <
               std::tie(b.backend, b.device, b.method, b.n, b.d, b.value_size);
    }
};

namespace detail {

//! A field as the cache file stores it: tabs, line breaks and other control
//! characters (which would break the line format) become spaces; ends trimmed.
inline std::string tuning_field(const std::string& s)
{
    std::string o;
    for (char c : s) o += (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) ? ' ' : c;
    const std::size_t b = o.find_first_not_of(' ');
    if (b == std::string::npos) return std::string();
    return o.substr(b, o.find_last_not_of(' ') - b + 1);
}

} // namespace detail

//! A key whose strings are as the cache file stores them (see detail::tuning_field):
//! lookups and stores both normalise, so a device string with a tab still matches.
inline tuning_key normalized(tuning_key k)
{
    k.backend = detail::tuning_field(k.backend);
    k.device = detail::tuning_field(k.device);
    k.method = detail::tuning_field(k.method);
    return k;
}

/*! The chain's name in the tuning cache: Tableau::name, plus the variant of the step
    where it changes the chain: "+error" (error estimate), "+error_norm" (error
    reduced to odeint's norm inside the step), "+keep" and the kept derivatives
    (dense output). Empty for a chain without a name: such chains are never cached.
    Example: the plain step of DOPRI5 is "runge_kutta_dopri5", its controlled step
    "runge_kutta_dopri5+error_norm". */
inline std::string chain_identity(const link_chain& chain)
{
    if (chain.name.empty()) return std::string();
    std::string s = chain.name;
    if (chain.error_link != std::size_t(-1)) s += chain.error_norm_fused ? "+error_norm" : "+error";
    if (!chain.kept.empty())
    {
        s += "+keep";
        for (int v : chain.kept) s += "_" + std::to_string(v - vector_ids::first_derivative);
    }
    return s;
}

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TUNING_TUNING_KEY_HPP_INCLUDED
