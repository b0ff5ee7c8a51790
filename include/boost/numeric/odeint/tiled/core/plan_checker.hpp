/*
 boost/numeric/odeint/tiled/core/plan_checker.hpp

 check_plan(plan) proves a tiling plan right, independently of how it was built:
   1. every component of every link is computed by exactly one tile (overlapped
      plans: by at least one, within the tiles' kernels), and no component of a
      vector is written to memory by two tiles;
   2. every tile gets all it needs: an RHS on A needs its stage argument on A
      widened by d (clamped to [0, n), or on a ring plan wrapped around its ends),
      an LC on A needs its inputs on A; each of
      these components is computed by the tile itself at an earlier link or listed
      among the tile's memory reads;
   3. every memory read (other than of the input state) was written by a tile of
      an earlier kernel: no dependency inside a kernel, none on the future;
   4. the output state (and the error, when the chain forms one) is written in full;
   5. on a ring, what a tile reads across the state's ends it reads from memory.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_CORE_PLAN_CHECKER_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_CORE_PLAN_CHECKER_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct plan_check_result
{
    bool ok = true;
    std::string error;  //!< the first violation found, for a person to read
    explicit operator bool() const { return ok; }
};

namespace detail {

struct located_interval
{
    interval at;
    std::size_t kernel;
};

inline std::vector<located_interval> sorted_by_first(std::vector<located_interval> v)
{
    std::sort(v.begin(), v.end(), [](const located_interval& a, const located_interval& b) { return a.at.first < b.at.first; });
    return v;
}

} // namespace detail

inline plan_check_result check_plan(const tiling_plan& plan)
{
    plan_check_result result;
    std::ostringstream why;
    auto fail = [&](auto&&... parts) {
        (why << ... << parts);
        result.ok = false;
        result.error = why.str();
        return result;
    };
    const link_chain& c = plan.chain;
    const long long n = (long long)plan.n, d = (long long)plan.d;
    const std::size_t nv = c.vector_count;

    // 1. exact cover of every link (overlapped tiles: a cover; what they write is checked below)
    const bool overlapping = plan.config.kind() == tiling::scheme::overlapped;
    for (std::size_t j = 0; j < c.links; ++j)
    {
        std::vector<detail::located_interval> parts;
        for (std::size_t k = 0; k < plan.kernels.size(); ++k)
            for (const tile_plan& t : plan.kernels[k].tiles)
                if (t.link_begin <= j && j < t.link_end() && !t.at_link(j).empty()) parts.push_back({t.at_link(j), k});
        parts = detail::sorted_by_first(std::move(parts));
        long long next = 0;
        for (const auto& p : parts)
        {
            if (overlapping ? p.at.first > next : p.at.first != next)
                return fail("link ", j, ": ", p.at.first < next ? "components computed twice near " : "components never computed near ",
                            std::min(p.at.first, next));
            next = std::max(next, p.at.last);
        }
        if (next != n) return fail("link ", j, ": components from ", next, " to ", n, " are never computed");
    }

    // writes per vector, with the kernel that makes them
    std::vector<std::vector<detail::located_interval>> writes(nv);
    for (std::size_t k = 0; k < plan.kernels.size(); ++k)
        for (const tile_plan& t : plan.kernels[k].tiles)
        {
            if (t.reads.size() != nv || t.writes.size() != nv || t.computed.size() != nv)
                return fail("kernel ", k, ": a tile lacks its derived memory traffic");
            for (std::size_t v = 0; v < nv; ++v)
                for (const interval& w : t.writes[v].parts())
                {
                    if (!t.computed[v].contains(w)) return fail("kernel ", k, ": a tile writes vector ", v, " at ", w, " which it does not compute");
                    writes[v].push_back({w, k});
                }
        }
    for (std::size_t v = 0; v < nv; ++v)
    {
        writes[v] = detail::sorted_by_first(std::move(writes[v]));
        for (std::size_t i = 1; i < writes[v].size(); ++i)
            if (writes[v][i].at.first < writes[v][i - 1].at.last)
                return fail("vector ", v, ": two tiles write components near ", writes[v][i].at.first);
    }

    auto written_before = [&](int v, interval r, std::size_t kernel) {
        const auto& ws = writes[v];
        auto it = std::upper_bound(ws.begin(), ws.end(), r.first,
                                   [](long long x, const detail::located_interval& w) { return x < w.at.last; });
        long long next = r.first;
        for (; it != ws.end() && next < r.last; ++it)
        {
            if (it->at.first > next || it->kernel >= kernel) return false;
            next = it->at.last;
        }
        return next >= r.last;
    };

    for (std::size_t k = 0; k < plan.kernels.size(); ++k)
        for (const tile_plan& t : plan.kernels[k].tiles)
        {
            // 2. needs are met by own earlier links or memory reads
            auto available = [&](int v, const interval_set& need, std::size_t consumer_link) {
                const std::size_t producer = c.producer(v);
                interval_set have = t.reads[v];
                if (producer != std::size_t(-1) && producer < consumer_link && t.link_begin <= producer) have.add(t.computed[v]);
                return have.contains(need);
            };
            for (std::size_t j = t.link_begin; j < t.link_end(); ++j)
            {
                const interval a = t.at_link(j);
                if (a.empty()) continue;
                const interval_set rhs_input = rhs_reach(a, d, n, plan.topology);
                if (!available(c.rhs_input[j], rhs_input, j))
                    return fail("kernel ", k, ", link ", j, ": the RHS on ", a, " misses part of its input ", rhs_input);
                // A tile runs its links in the order of the components (the CPU's wavefront,
                // a GPU block's sweep): what it reads across the ends of a ring must come
                // from memory, not from its own earlier links.
                const interval_set across = reach_across_ends(a, d, n, plan.topology);
                if (!t.reads[c.rhs_input[j]].contains(across))
                    return fail("kernel ", k, ", link ", j, ": the RHS on ", a,
                                " reads its own stage argument across the ends of the ring at ", across);
                for (int v : c.lc_inputs[j])
                    if (v != c.rhs_output[j] && !available(v, interval_set(a), j))
                        return fail("kernel ", k, ", link ", j, ": the LC on ", a, " misses part of input vector ", v);
            }
            // 3. memory reads were written by earlier kernels
            for (std::size_t v = 0; v < nv; ++v)
            {
                if (int(v) == vector_ids::state_in) continue;
                for (const interval& r : t.reads[v].parts())
                    if (!written_before(int(v), r, k))
                        return fail("kernel ", k, ": a tile reads vector ", v, " on ", r, " before an earlier kernel wrote it");
            }
        }

    // 4. outputs complete
    auto complete = [&](int v) {
        long long next = 0;
        for (const auto& w : writes[v])
        {
            if (w.at.first != next) return false;
            next = w.at.last;
        }
        return next == n;
    };
    if (!complete(vector_ids::state_out)) return fail("the output state is not written in full");
    if (c.error_link != std::size_t(-1) && !c.error_norm_fused && !complete(vector_ids::error_out))
        return fail("the error estimate is not written in full");
    for (int v : c.kept)
        if (!complete(v)) return fail("kept vector ", v, " is not written in full");
    return result;
}

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_CORE_PLAN_CHECKER_HPP_INCLUDED
