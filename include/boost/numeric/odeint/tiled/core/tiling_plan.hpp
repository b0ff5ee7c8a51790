/*
 boost/numeric/odeint/tiled/core/tiling_plan.hpp

 The backend-independent schedule of one step: make_tiling_plan(chain, n, d, tiling)
 turns the link chain of a method, the system size n, the access distance d and a
 concrete tiling (none, trapezoidal, hexagonal) into kernels that run one after the
 other; each kernel is a set of independent tiles; each tile computes a contiguous
 range of links, one component interval per link (RHS_j and LC_j share it).

 From the geometry alone the plan derives, per tile and vector, the interval the
 tile computes, the strips it must read from memory (what it needs but does not
 compute itself) and the strips it must write to memory (what it computes and some
 other tile reads; the output state and error are always written). These are the
 interval rules of Werner's thesis, §10.2.2-10.2.7 (references: doc/how_it_works.md,
 "References"): an RHS on A reads A widened by d,
 an LC reads A. Backends only execute plans; plan_checker.hpp proves one right.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_CORE_TILING_PLAN_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_CORE_TILING_PLAN_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cstddef>
#include <ostream>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/numeric/odeint/tiled/core/interval.hpp>
#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/core/tiling.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

//! One tile of one kernel.
struct tile_plan
{
    std::size_t link_begin = 0;            //!< first link the tile computes
    std::vector<interval> links;           //!< component interval per link, from link_begin on
    //! Overlapped tiles only: the components whose results the tile writes to memory;
    //! it computes more (margins its neighbours own) and keeps those to itself. Empty:
    //! the tile writes what it computes (every other scheme computes a component once).
    interval owned;
    // Derived, indexed by vector id:
    std::vector<interval> computed;        //!< what the tile computes of each vector
    std::vector<interval_set> reads;       //!< what it reads from memory (needed, not computed here)
    std::vector<interval_set> writes;      //!< what it writes to memory (computed, needed elsewhere or output)
    std::vector<interval> footprint;       //!< hull of needed and computed: the extent of a tile-local buffer
    std::vector<char> staged;              //!< per vector: see is_staged

    std::size_t link_end() const { return link_begin + links.size(); }
    const interval& at_link(std::size_t j) const { return links[j - link_begin]; }
    //! Stored per vector: true when the tile keeps its part of v on chip and moves
    //! only strips (false: it reads and writes v straight in memory, or never touches it).
    bool is_staged(int v) const { return staged[std::size_t(v)] != 0; }
    bool operator==(const tile_plan& o) const
    {
        return link_begin == o.link_begin && links == o.links && owned == o.owned && reads == o.reads &&
               writes == o.writes;
    }
};

struct kernel_plan
{
    std::size_t link_begin = 0;
    std::size_t link_end = 0;
    std::vector<tile_plan> tiles;
    bool operator==(const kernel_plan& o) const
    {
        return link_begin == o.link_begin && link_end == o.link_end && tiles == o.tiles;
    }
};

struct tiling_plan
{
    std::size_t n = 0;
    std::size_t d = 0;
    //! How d is measured: on a ring the state's ends are neighbours (periodic systems).
    access_topology topology = access_topology::line;
    tiled::tiling config = tiling::none();
    link_chain chain;
    std::vector<kernel_plan> kernels;
    //! The output state may share memory with the input state: no tile reads a
    //! component of the input after (or while) another writes its output there.
    bool in_place_safe = false;
    //! Per vector: does any tile read or write it in memory (a backend keeps a
    //! full-length buffer for it)? The input state, output and error always are.
    std::vector<char> in_memory;

    //! Components read plus written in memory per step, in units of whole vectors
    //! (the copy floor is 2): the plan's DRAM-traffic model.
    double memory_volume() const
    {
        long long total = 0;
        for (const kernel_plan& k : kernels)
            for (const tile_plan& t : k.tiles)
                for (std::size_t v = 0; v < chain.vector_count; ++v) total += t.reads[v].size() + t.writes[v].size();
        return n ? double(total) / double(n) : 0.0;
    }
    std::size_t tile_count() const
    {
        std::size_t c = 0;
        for (const kernel_plan& k : kernels) c += k.tiles.size();
        return c;
    }
    bool operator==(const tiling_plan& o) const
    {
        return n == o.n && d == o.d && topology == o.topology && config == o.config && chain == o.chain &&
               kernels == o.kernels;
    }
    friend std::ostream& operator<<(std::ostream& os, const tiling_plan& p)
    {
        os << "tiling_plan(n=" << p.n << ", d=" << p.d << (p.topology == access_topology::ring ? " around a ring" : "")
           << ", " << p.config << ", links=" << p.chain.links
           << ", kernels=" << p.kernels.size() << ", tiles=" << p.tile_count()
           << ", memory_volume=" << p.memory_volume() << " vectors, in_place_safe=" << p.in_place_safe << ")";
        return os;
    }
};

namespace detail {

inline std::string plan_error_prefix(const tiling& t, std::size_t n, std::size_t d)
{
    return "tiled::tiling " + t.to_string() + " with n = " + std::to_string(n) + ", d = " + std::to_string(d) + ": ";
}

//! The chunk of none() whose width() is 0: wide enough that a chunk's halo (d each
//! side) is a small part of it.
inline std::size_t default_none_chunk(std::size_t d) { return std::max<std::size_t>(std::size_t(1) << 15, 4 * d); }

//! `none`: one kernel per link, tiles are plain chunks of [0, n).
inline std::vector<kernel_plan> none_geometry(std::size_t links, long long n, long long chunk)
{
    std::vector<kernel_plan> kernels;
    for (std::size_t j = 0; j < links; ++j)
    {
        kernel_plan k;
        k.link_begin = j;
        k.link_end = j + 1;
        for (long long a = 0; a < n; a += chunk)
        {
            tile_plan t;
            t.link_begin = j;
            t.links.push_back(interval{a, std::min(n, a + chunk)});
            k.tiles.push_back(std::move(t));
        }
        kernels.push_back(std::move(k));
    }
    return kernels;
}

//! A trapezoid h links high keeps d components at its top: w >= (2h-1)*d.
inline void check_trapezoid_width(long long w, long long h, long long n, long long d, const tiling& config)
{
    if (w < (2 * h - 1) * d)
        throw std::invalid_argument(plan_error_prefix(config, n, d) + "a trapezoid " + std::to_string(h) +
                                    " links high needs width >= (2h-1)*d = " + std::to_string((2 * h - 1) * d));
}

/*! Trapezoidal scheme (Werner's thesis, §10.2.7.2). Rows of `height` links; in each row a
    shrinking kernel (trapezoids of base width w, narrowing by d per side and link)
    then a growing kernel filling the gaps (widening by d per side and link).
    Period p = 2w - 2d(h-1). A side without a neighbour (the ends of [0, n)) does
    not shrink. Worked example: n = 20, d = 1, w = 6, h = 2: p = 10; shrinking tiles
    [0,6) then [0,5) and [10,16) then [11,15); growing tiles [6,10) then [5,11) and
    [16,20) then [15,20). */
inline std::vector<kernel_plan> trapezoidal_geometry(std::size_t links, long long n, long long d, long long w,
                                                     long long height, const tiling& config)
{
    std::vector<kernel_plan> kernels;
    for (long long row_begin = 0; row_begin < (long long)links; row_begin += height)
    {
        const long long row_end = std::min<long long>(row_begin + height, links);
        const long long h = row_end - row_begin;
        check_trapezoid_width(w, h, n, d, config);
        const long long p = 2 * w - 2 * d * (h - 1);
        const long long count = (n + p - 1) / p;
        // Boundaries at row-local link jj: shrinking tile i spans [left(i,jj), right(i,jj)),
        // growing tile i spans [right(i,jj), left(i+1,jj)).
        auto left = [&](long long i, long long jj) { return i == 0 ? 0 : std::min(n, i * p + jj * d); };
        auto right = [&](long long i, long long jj) { return i * p + w >= n ? n : std::min(n, i * p + w - jj * d); };
        kernel_plan shrinking, growing;
        shrinking.link_begin = growing.link_begin = row_begin;
        shrinking.link_end = growing.link_end = row_end;
        for (long long i = 0; i < count; ++i)
        {
            tile_plan s;
            s.link_begin = row_begin;
            for (long long jj = 0; jj < h; ++jj) s.links.push_back(interval{left(i, jj), right(i, jj)});
            shrinking.tiles.push_back(std::move(s));
            if (i * p + w < n)
            {
                tile_plan g;
                g.link_begin = row_begin;
                for (long long jj = 0; jj < h; ++jj)
                    g.links.push_back(interval{right(i, jj), i + 1 < count ? left(i + 1, jj) : n});
                growing.tiles.push_back(std::move(g));
            }
        }
        kernels.push_back(std::move(shrinking));
        if (!growing.tiles.empty()) kernels.push_back(std::move(growing));
    }
    return kernels;
}

/*! The trapezoidal scheme on a ring (a periodic system: component j reads
    (j - d .. j + d) mod n). Every trapezoid has neighbours on both sides, so every
    shrinking tile narrows by d per side and link, and the growing tile after the last
    shrinking one wraps around the state's ends: at row-local link jj it is
    [e - jj*d, n) and [0, jj*d), where e is where the last shrinking tile starts at
    link 0 plus its width. Its two pieces read each other's previous link, so they run
    link by link, one kernel per link (2 tiles each) after the row's growing kernel.
    The state is cut into periods of about p = 2w - 2d(h-1), each a shrinking tile
    of at most w (at least (2h-1)*d) components and a gap the growing tile fills.
    Worked example: n = 20, d = 1, w = 6, h = 2: p = 10, two periods; shrinking tiles
    [0,6) then [1,5) and [10,16) then [11,15); growing tile [6,10) then [5,11);
    the wrap tile [16,20) then [15,20) and [0,1), in kernels of one link each.
    @return the kernels, or none where n is too short for one trapezoid of the row's
            height (make_tiling_plan then plans tiling::none()). */
inline std::vector<kernel_plan> ring_trapezoidal_geometry(std::size_t links, long long n, long long d, long long w,
                                                          long long height, const tiling& config)
{
    std::vector<kernel_plan> kernels;
    for (long long row_begin = 0; row_begin < (long long)links; row_begin += height)
    {
        const long long row_end = std::min<long long>(row_begin + height, links);
        const long long h = row_end - row_begin;
        check_trapezoid_width(w, h, n, d, config);
        const long long narrowest = (2 * h - 1) * d;
        const long long p = 2 * w - 2 * d * (h - 1);
        const long long gap = p - w;  // a growing tile's width at link 0
        long long count = (n + p - 1) / p;
        while (count > 1 && n / count < narrowest) --count;
        if (n / count < narrowest) return {};
        // period i starts at start(i); periods differ in length by at most 1
        auto start = [&](long long i) { return i * (n / count) + std::min(i, n % count); };
        std::vector<long long> width(std::size_t(count), 0);
        for (long long i = 0; i < count; ++i)
        {
            const long long period = start(i + 1) - start(i);
            width[std::size_t(i)] = std::max(narrowest, std::min(w, period - gap));
        }
        kernel_plan shrinking, growing;
        shrinking.link_begin = growing.link_begin = row_begin;
        shrinking.link_end = growing.link_end = row_end;
        for (long long i = 0; i < count; ++i)
        {
            const long long s = start(i), e = s + width[std::size_t(i)];
            tile_plan t;
            t.link_begin = row_begin;
            for (long long jj = 0; jj < h; ++jj) t.links.push_back(interval{s + jj * d, e - jj * d});
            shrinking.tiles.push_back(std::move(t));
            if (i + 1 == count) continue;
            tile_plan g;
            g.link_begin = row_begin;
            for (long long jj = 0; jj < h; ++jj) g.links.push_back(interval{e - jj * d, start(i + 1) + jj * d});
            growing.tiles.push_back(std::move(g));
        }
        kernels.push_back(std::move(shrinking));
        if (!growing.tiles.empty()) kernels.push_back(std::move(growing));
        const long long e_last = start(count - 1) + width[std::size_t(count - 1)];
        for (long long jj = 0; jj < h; ++jj)
        {
            kernel_plan wrap;
            wrap.link_begin = std::size_t(row_begin + jj);
            wrap.link_end = wrap.link_begin + 1;
            for (const interval piece : {interval{e_last - jj * d, n}, interval{0, jj * d}})
            {
                if (piece.empty()) continue;
                tile_plan t;
                t.link_begin = wrap.link_begin;
                t.links.push_back(piece);
                wrap.tiles.push_back(std::move(t));
            }
            if (!wrap.tiles.empty()) kernels.push_back(std::move(wrap));
        }
    }
    return kernels;
}

/*! Hexagonal scheme (Werner's thesis, §10.2.7.3, shift 0). Two interleaved families of
    hexagons, A and B, each `height` (even) links high and at most w wide: a hexagon
    grows by d per side and link for h/2 links, then shrinks. B rows start at links
    0, h, 2h, ..., A rows at -h/2, h/2, ...; the rows, cut to [0, links), run in
    the order they start, so a shrinking half always runs before the growing half
    next to it. Period p = 2w - 2d(h/2 - 1); at every link the widths of A and B add
    up to p. */
inline std::vector<kernel_plan> hexagonal_geometry(std::size_t links, long long n, long long d, long long w,
                                                   long long h, const tiling& config)
{
    if (w < (h - 1) * d)
        throw std::invalid_argument(plan_error_prefix(config, n, d) + "a hexagon " + std::to_string(h) +
                                    " links high needs width >= (h-1)*d = " + std::to_string((h - 1) * d));
    const long long half = h / 2;
    const long long p = 2 * w - 2 * d * (half - 1);
    auto phase_width = [&](long long k) { return k < half ? w - 2 * d * (half - 1 - k) : w - 2 * d * (k - half); };
    auto width_a = [&](long long j) { return phase_width(((j + half) % h + h) % h); };
    auto offset_a = [&](long long j) { return (w - width_a(j)) / 2; };
    const long long columns = n / p + 2;
    std::vector<kernel_plan> kernels;
    for (long long start = -half; start < (long long)links; start += half)
    {
        const bool family_a = ((start + half) / half) % 2 == 0;
        const long long lb = std::max(0LL, start), le = std::min<long long>(start + h, links);
        kernel_plan k;
        k.link_begin = lb;
        k.link_end = le;
        for (long long i = -1; i < columns; ++i)
        {
            tile_plan t;
            t.link_begin = lb;
            bool any = false;
            for (long long j = lb; j < le; ++j)
            {
                const long long a0 = i * p + offset_a(j), a1 = a0 + width_a(j);
                const interval raw = family_a ? interval{a0, a1} : interval{a1, a0 + p};
                const interval c = raw.clamped(n);
                any = any || !c.empty();
                t.links.push_back(c);
            }
            if (any) k.tiles.push_back(std::move(t));
        }
        if (!k.tiles.empty()) kernels.push_back(std::move(k));
    }
    return kernels;
}

/*! Overlapped scheme (ghost-zone tiling, Rocha et al., TOAST, §2). Rows of
    `height` links, one kernel each. The tiles of a row own consecutive pieces of
    [0, n), p = w - 2d(h-1) components each; at row-local link jj a tile computes its
    piece widened by (h-1-jj)*d, clamped to [0, n): exactly what the next link's RHS
    reads, so a tile needs nothing from its neighbours within the row, and its last
    link is its own piece. Worked example: n = 20, d = 1, w = 6, h = 2: p = 4; tile 0
    owns [0,4) and computes [0,5) then [0,4), tile 1 owns [4,8) and computes [3,9)
    then [4,8), ..., tile 4 owns [16,20) and computes [15,20) then [16,20). */
inline std::vector<kernel_plan> overlapped_geometry(std::size_t links, long long n, long long d, long long w,
                                                    long long height, const tiling& config)
{
    const long long h = std::min<long long>(height, (long long)links);
    if (w <= 2 * (h - 1) * d)
        throw std::invalid_argument(plan_error_prefix(config, n, d) + "an overlapped tile " + std::to_string(h) +
                                    " links high needs width > 2*(h-1)*d = " + std::to_string(2 * (h - 1) * d));
    const long long p = w - 2 * (h - 1) * d;
    std::vector<kernel_plan> kernels;
    for (long long row_begin = 0; row_begin < (long long)links; row_begin += height)
    {
        const long long row_end = std::min<long long>(row_begin + height, links);
        kernel_plan k;
        k.link_begin = row_begin;
        k.link_end = row_end;
        for (long long first = 0; first < n; first += p)
        {
            tile_plan t;
            t.link_begin = row_begin;
            t.owned = interval{first, std::min(n, first + p)};
            for (long long j = row_begin; j < row_end; ++j)
                t.links.push_back(t.owned.widened((row_end - 1 - j) * d).clamped(n));
            k.tiles.push_back(std::move(t));
        }
        kernels.push_back(std::move(k));
    }
    return kernels;
}

//! What tile t may write of a vector it computes on `comp`: all of it, or for an
//! overlapped tile the part it owns.
inline interval writable(const tile_plan& t, interval comp)
{
    return t.owned.empty() ? comp : intersect(comp, t.owned);
}

//! Fills computed / reads / writes / footprint of every tile from the geometry.
inline void derive_memory_traffic(tiling_plan& plan)
{
    const link_chain& c = plan.chain;
    const long long n = (long long)plan.n, d = (long long)plan.d;
    const std::size_t nv = c.vector_count;
    // union over all tiles of what they read from memory, per vector
    std::vector<std::vector<interval>> all_reads(nv);
    for (kernel_plan& k : plan.kernels)
        for (tile_plan& t : k.tiles)
        {
            t.computed.assign(nv, interval{});
            t.reads.assign(nv, interval_set{});
            t.writes.assign(nv, interval_set{});
            t.footprint.assign(nv, interval{});
            std::vector<interval_set> needs(nv);
            for (std::size_t j = t.link_begin; j < t.link_end(); ++j)
            {
                const interval a = t.at_link(j);
                if (a.empty()) continue;
                needs[c.rhs_input[j]].add(rhs_reach(a, d, n, plan.topology));
                for (int v : c.lc_inputs[j]) needs[v].add(a);
                t.computed[c.rhs_output[j]] = a;
                for (int v : c.lc_outputs[j]) t.computed[v] = a;
            }
            for (std::size_t v = 0; v < nv; ++v)
            {
                t.reads[v] = needs[v].minus(t.computed[v]);
                for (const interval& r : t.reads[v].parts()) all_reads[v].push_back(r);
                interval_set hull = needs[v];
                hull.add(t.computed[v]);
                t.footprint[v] = hull.hull();
            }
        }
    for (std::size_t v = 0; v < nv; ++v) all_reads[v] = sorted_union(std::move(all_reads[v]));
    for (kernel_plan& k : plan.kernels)
        for (tile_plan& t : k.tiles)
            for (std::size_t v = 0; v < nv; ++v)
            {
                const interval comp = writable(t, t.computed[v]);
                if (comp.empty()) continue;
                if (int(v) == vector_ids::state_out || int(v) == vector_ids::error_out ||
                    std::find(c.kept.begin(), c.kept.end(), int(v)) != c.kept.end())
                {
                    t.writes[v] = interval_set(comp);
                    continue;
                }
                const std::vector<interval>& rs = all_reads[v];
                for (auto it = first_overlap(rs, comp); it != rs.end() && it->first < comp.last; ++it) t.writes[v].add(intersect(*it, comp));
            }
    plan.in_memory.assign(nv, 0);
    for (kernel_plan& k : plan.kernels)
        for (tile_plan& t : k.tiles)
        {
            t.staged.assign(nv, 0);
            for (std::size_t v = 0; v < nv; ++v)
            {
                // kept on chip: computed here, and not every computed component goes to memory
                t.staged[v] = !t.computed[v].empty() && t.writes[v] != interval_set(t.computed[v]);
                if (!t.writes[v].empty() || !t.reads[v].empty() || (!t.computed[v].empty() && !t.staged[v]))
                    plan.in_memory[v] = 1;
            }
        }
}

/*! May the output state overwrite the input state? Not if any tile reads y[i]
    (every read of y is from memory) in a later kernel, in another tile of the
    same kernel, or in the same tile at a later link or through an RHS halo at the
    same link, than the one that writes out[i]. */
inline bool output_may_alias_input(const tiling_plan& plan)
{
    const int y = vector_ids::state_in, out = vector_ids::state_out;
    const link_chain& c = plan.chain;
    const long long d = (long long)plan.d, n = (long long)plan.n;
    const std::size_t write_link = c.producer(out);
    struct y_read { interval at; std::size_t tile; std::size_t link; bool halo; };
    std::vector<interval> later;  // sorted, merged y reads of the kernels after the current one
    auto hits = [](const std::vector<interval>& sorted, interval w) {
        auto it = first_overlap(sorted, w);
        return it != sorted.end() && it->first < w.last;
    };
    for (std::size_t k = plan.kernels.size(); k-- > 0;)
    {
        const kernel_plan& kernel = plan.kernels[k];
        std::vector<y_read> reads;
        for (std::size_t ti = 0; ti < kernel.tiles.size(); ++ti)
        {
            const tile_plan& t = kernel.tiles[ti];
            for (std::size_t j = t.link_begin; j < t.link_end(); ++j)
            {
                const interval a = t.at_link(j);
                if (a.empty()) continue;
                if (c.rhs_input[j] == y)
                {
                    const interval_set halo = rhs_reach(a, d, n, plan.topology);
                    for (const interval& r : halo.parts()) reads.push_back({r, ti, j, true});
                }
                if (std::find(c.lc_inputs[j].begin(), c.lc_inputs[j].end(), y) != c.lc_inputs[j].end())
                    reads.push_back({a, ti, j, false});
            }
        }
        std::sort(reads.begin(), reads.end(), [](const y_read& a, const y_read& b) { return a.at.first < b.at.first; });
        std::vector<long long> reach(reads.size());  // running max of `last`, to stop the backward scan
        for (std::size_t r = 0; r < reads.size(); ++r)
            reach[r] = std::max(reads[r].at.last, r ? reach[r - 1] : reads[r].at.last);
        for (std::size_t ti = 0; ti < kernel.tiles.size(); ++ti)
        {
            const interval w = writable(kernel.tiles[ti], kernel.tiles[ti].computed[out]);
            if (w.empty()) continue;
            if (hits(later, w)) return false;
            auto it = std::lower_bound(reads.begin(), reads.end(), w.last,
                                       [](const y_read& r, long long x) { return r.at.first < x; });
            for (std::size_t r = std::size_t(it - reads.begin()); r-- > 0 && reach[r] > w.first;)
            {
                const y_read& e = reads[r];
                if (intersect(e.at, w).empty()) continue;
                if (e.tile != ti) return false;               // a concurrent tile
                if (e.link < write_link) continue;            // earlier links of this tile finish first
                if (e.halo || e.link > write_link) return false;
                // an LC at the same link reads y[i] just before it writes out[i]
            }
        }
        for (const y_read& e : reads) later.push_back(e.at);
        later = sorted_union(std::move(later));
    }
    return true;
}

/*! What a tiling becomes on a ring: trapezoids are built for it (ring_trapezoidal_geometry),
    hexagons and overlapped tiles are not, and run as trapezoids of the same width, as
    high as that width holds (at most their own height). */
inline tiling ring_tiling(const tiling& requested, std::size_t links, std::size_t n, std::size_t d)
{
    if (requested.kind() != tiling::scheme::hexagonal && requested.kind() != tiling::scheme::overlapped)
        return requested;
    std::size_t h = std::min<std::size_t>(requested.height(), std::max<std::size_t>(links, 1));
    while (h > 1 && requested.width() < (2 * h - 1) * d) --h;
    if (requested.width() < d)
        throw std::invalid_argument(plan_error_prefix(requested, n, d) +
                                    "on a ring it runs as trapezoids, which need width >= d = " + std::to_string(d));
    tiling t = tiling::trapezoidal(requested.width(), h);
    return t.threads_per_tile(requested.threads_per_tile()).block_size(requested.block_size());
}

/*! What a tiling becomes on the line of a periodic system's unrolled ring
    (system/unrolled_ring.hpp), which a backend runs with overlapped tiles of the whole
    chain only (the CUDA streaming kernel, the one that reads the line modulo n):
    trapezoids and hexagons run as such tiles, as wide as requested and at least as wide
    as the chain's margins need (2 (links - 1) d + 1), with the requested threads per
    block; the other tilings stay as they are. */
inline tiling unrolled_line_tiling(const tiling& requested, std::size_t links, std::size_t d)
{
    if (requested.kind() != tiling::scheme::trapezoidal && requested.kind() != tiling::scheme::hexagonal)
        return requested;
    const std::size_t h = std::max<std::size_t>(links, 1);
    tiling t = tiling::overlapped(std::max<std::size_t>(requested.width(), 2 * (h - 1) * d + 1), h);
    return t.threads_per_block(requested.threads_per_block());
}

} // namespace detail

/*! Builds the plan of one step.
    @pre tiling is none(), trapezoidal(...), hexagonal(...) or overlapped(...) (resolve
         automatic() first).
    @param topology how d is measured: access_topology::ring for a system whose reads
           wrap around the state's ends within d (cyclic_access_distance(),
           doc/concepts.md). Ring plans tile with trapezoids (hexagonal and overlapped
           tilings run as trapezoids of their width, see detail::ring_tiling), and some
           of their tiles read across the ends: a backend runs them where its
           executor says runs_ring_plans.
    @post every component of every link is computed by exactly one tile (overlapped:
          at least one, and every component of a vector is written by at most one), and
          plan_checker.hpp's check_plan(plan) holds.
          Where d >= n, every tiling gives the plan of none(), and so does a ring too
          short for one trapezoid (plan.config says so).
    @throws std::invalid_argument when the tiling cannot hold the access distance, or n is 0. */
inline tiling_plan make_tiling_plan(const link_chain& chain, std::size_t n, std::size_t d, const tiling& requested,
                                    access_topology topology = access_topology::line)
{
    if (n == 0)
        throw std::invalid_argument("tiled::make_tiling_plan: the state is empty (n = 0); there is nothing to plan");
    // A component that may read every other one (d >= n) leaves nothing to tile:
    // every scheme degenerates to one pass per stage, which holds any access distance.
    tiling config = requested;
    if (d >= n && requested.kind() != tiling::scheme::automatic && requested.kind() != tiling::scheme::none)
        config = tiling::none().block_size(requested.block_size());
    if (topology == access_topology::ring) config = detail::ring_tiling(config, chain.links, n, d);
    tiling_plan plan;
    plan.n = n;
    plan.d = d;
    plan.topology = topology;
    plan.config = config;
    plan.chain = chain;
    const long long nn = (long long)n, dd = (long long)d;
    switch (config.kind())
    {
    case tiling::scheme::automatic:
        throw std::invalid_argument("tiled::make_tiling_plan: resolve tiling::automatic() to a concrete tiling first");
    case tiling::scheme::none:
    {
        const std::size_t chunk = config.width() ? config.width() : detail::default_none_chunk(d);
        plan.kernels = detail::none_geometry(chain.links, nn, (long long)chunk);
        break;
    }
    case tiling::scheme::trapezoidal:
        if (topology == access_topology::line)
            plan.kernels = detail::trapezoidal_geometry(chain.links, nn, dd, (long long)config.width(),
                                                        (long long)config.height(), config);
        else
        {
            plan.kernels = detail::ring_trapezoidal_geometry(chain.links, nn, dd, (long long)config.width(),
                                                             (long long)config.height(), config);
            if (plan.kernels.empty())
            {
                plan.config = tiling::none().block_size(config.block_size());
                plan.kernels = detail::none_geometry(chain.links, nn, (long long)detail::default_none_chunk(d));
            }
        }
        break;
    case tiling::scheme::hexagonal:
        plan.kernels = detail::hexagonal_geometry(chain.links, nn, dd, (long long)config.width(),
                                                  (long long)config.height(), config);
        break;
    case tiling::scheme::overlapped:
        plan.kernels = detail::overlapped_geometry(chain.links, nn, dd, (long long)config.width(),
                                                   (long long)config.height(), config);
        break;
    }
    detail::derive_memory_traffic(plan);
    plan.in_place_safe = detail::output_may_alias_input(plan);
    return plan;
}

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_CORE_TILING_PLAN_HPP_INCLUDED
