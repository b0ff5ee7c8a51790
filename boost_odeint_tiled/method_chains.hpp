/*
 boost_odeint_tiled/method_chains.hpp

 The link chain of each method of the tool's method table (bench.hpp), for the code
 that needs more than a method's name: tune's plan model, and the memory estimate
 of an out-of-memory message (memory.hpp).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_METHOD_CHAINS_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_METHOD_CHAINS_HPP_INCLUDED

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/tableaux/all.hpp>

#include "bench.hpp"

namespace bot_tool {

namespace method_chains_detail {

namespace tiled = boost::numeric::odeint::tiled;

template <class Tableau>
tiled::link_chain plain_chain()
{
    return tiled::make_link_chain<Tableau, false>();
}

//! Keyed by method_entry::tiled_name, which is Tableau::name.
inline const std::pair<const char*, tiled::link_chain (*)()> chain_table[] = {
    {"euler", plain_chain<tiled::euler_tableau>},
    {"runge_kutta4", plain_chain<tiled::runge_kutta4_tableau>},
    {"runge_kutta38", plain_chain<tiled::runge_kutta38_tableau>},
    {"runge_kutta_heun_euler21", plain_chain<tiled::runge_kutta_heun_euler21_tableau>},
    {"runge_kutta_bogacki_shampine32", plain_chain<tiled::runge_kutta_bogacki_shampine32_tableau>},
    {"runge_kutta_cash_karp54", plain_chain<tiled::runge_kutta_cash_karp54_tableau>},
    {"runge_kutta_dopri5", plain_chain<tiled::runge_kutta_dopri5_tableau>},
    {"runge_kutta_verner56", plain_chain<tiled::runge_kutta_verner56_tableau>},
    {"runge_kutta_fehlberg78", plain_chain<tiled::runge_kutta_fehlberg78_tableau>},
};

} // namespace method_chains_detail

//! The chain of the method's plain step (no error estimate).
inline boost::numeric::odeint::tiled::link_chain chain_of(const method_entry& m)
{
    for (const auto& c : method_chains_detail::chain_table)
        if (std::string(m.tiled_name) == c.first) return c.second();
    throw std::logic_error(std::string("boost_odeint_tiled: no chain for method ") + m.name);
}

//! The most links of the methods' plain steps (1 for none): what the memory estimate
//! of a run over all of them needs.
inline std::size_t max_links(const std::vector<const method_entry*>& methods)
{
    std::size_t links = 1;
    for (const method_entry* m : methods) links = std::max(links, chain_of(*m).links);
    return links;
}

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_METHOD_CHAINS_HPP_INCLUDED
