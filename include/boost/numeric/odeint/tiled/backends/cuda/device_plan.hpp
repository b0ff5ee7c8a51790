/*
 boost/numeric/odeint/tiled/backends/cuda/device_plan.hpp

 A tiling plan flattened into plain arrays for CUDA kernels (the backend-independent
 plan holds std::vectors a kernel cannot read). Built on the host from one
 kernel_plan; the CUDA workspace uploads it once per plan.

 Per tile: the component interval of each link; for each vector that the tile keeps
 on chip (is_staged), where its buffer starts (footprint.first) and its offset in the
 tile's scratch area; and the strips to load into and store out of that scratch.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_DEVICE_PLAN_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_DEVICE_PLAN_HPP_INCLUDED

#include <algorithm>
#include <cstddef>
#include <vector>

#include <boost/numeric/odeint/tiled/config.hpp>

#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

//! One strip of a vector to move between memory and a tile's scratch.
struct device_strip
{
    long long first;
    long long last;
    int vector;
};

//! Host image of one kernel of a plan, in the layout the kernel reads.
struct flat_kernel_plan
{
    std::size_t tiles = 0;
    std::size_t link_begin = 0;
    std::size_t link_count = 0;
    std::size_t vector_count = 0;
    std::size_t scratch_values = 0;            //!< largest scratch of a tile, in values (padded)
    std::vector<long long> intervals;          //!< [tile][link] -> first, last
    std::vector<long long> buffer_first;       //!< [tile][vector] -> first component of the tile buffer
    std::vector<long long> scratch_offset;     //!< [tile][vector] -> offset in scratch, -1: not staged
    std::vector<unsigned> load_begin, store_begin;  //!< [tile + 1] offsets into the strip lists
    std::vector<device_strip> loads, stores;
    // for the register-tile kernel: every vector's memory reads and writes
    std::vector<long long> hull;               //!< [tile] -> first, last of the union of its intervals
    std::vector<unsigned> strip_begin;         //!< [tile * 2 * vectors + 2 v] loads of v, [.. + 1] stores of v
    std::vector<device_strip> strips;
    long long widest_hull = 0;
    // the register-tile kernel's per-tile metadata, relative to the tile's hull start
    // (32-bit: the kernel then does its index arithmetic in 32 bits), see register_meta_layout
    std::vector<int> register_meta;
    std::size_t max_strips = 0;               //!< most strips of one vector in one direction in a tile
    bool register_meta_fits = true;           //!< every relative offset fits an int
    //! No tile reads anything from memory but the input state (the streaming kernel's
    //! condition: overlapped tiles of the whole chain)
    bool reads_only_state = true;
};

/*! Layout of one tile's register_meta record (ints):
      [2 j, 2 j + 1]                  first, last of link j (j < link_count), relative to the hull start
      then per vector v, per direction (0: loads, 1: stores):
        [0] the strip count k <= max_strips, [1 + 2 s, 2 + 2 s] first, last of strip s
    Fixed size per kernel, so tile t's record starts at t * stride. */
struct register_meta_layout
{
    unsigned link_count;
    unsigned max_strips;
    BOOST_ODEINT_TILED_HD unsigned strips_offset(unsigned v, unsigned direction) const
    {
        return 2 * link_count + (2 * v + direction) * (1 + 2 * max_strips);
    }
    BOOST_ODEINT_TILED_HD unsigned stride(unsigned vector_count) const { return strips_offset(vector_count, 0); }
};

inline flat_kernel_plan flatten_kernel(const kernel_plan& k, std::size_t vector_count)
{
    flat_kernel_plan f;
    f.tiles = k.tiles.size();
    f.link_begin = k.link_begin;
    f.link_count = k.link_end - k.link_begin;
    f.vector_count = vector_count;
    f.load_begin.push_back(0);
    f.store_begin.push_back(0);
    for (const tile_plan& t : k.tiles)
    {
        for (std::size_t j = 0; j < f.link_count; ++j)
        {
            const interval a = j < t.links.size() ? t.links[j] : interval{};
            f.intervals.push_back(a.first);
            f.intervals.push_back(a.last);
        }
        std::size_t offset = 0;
        for (std::size_t v = 0; v < vector_count; ++v)
        {
            const bool staged = t.is_staged(int(v));  // outputs too, for overlapped tiles (tiling_plan.hpp)
            f.buffer_first.push_back(staged ? t.footprint[v].first : 0);
            f.scratch_offset.push_back(staged ? (long long)offset : -1);
            if (!staged) continue;
            offset += (std::size_t(t.footprint[v].size()) + 31) / 32 * 32;
            for (const interval& s : t.reads[v].parts()) f.loads.push_back({s.first, s.last, int(v)});
            for (const interval& s : t.writes[v].parts()) f.stores.push_back({s.first, s.last, int(v)});
        }
        f.scratch_values = std::max(f.scratch_values, offset);
        interval_set all;
        for (const interval& a : t.links) all.add(a);
        const interval h = all.hull();
        f.hull.push_back(h.first);
        f.hull.push_back(h.last);
        f.widest_hull = std::max(f.widest_hull, h.size());
        for (std::size_t v = 0; v < vector_count; ++v)
        {
            f.strip_begin.push_back(unsigned(f.strips.size()));
            for (const interval& s : t.reads[v].parts()) f.strips.push_back({s.first, s.last, int(v)});
            f.strip_begin.push_back(unsigned(f.strips.size()));
            for (const interval& s : t.writes[v].parts()) f.strips.push_back({s.first, s.last, int(v)});
        }
        f.load_begin.push_back(unsigned(f.loads.size()));
        f.store_begin.push_back(unsigned(f.stores.size()));
    }
    f.strip_begin.push_back(unsigned(f.strips.size()));

    for (const tile_plan& t : k.tiles)
        for (std::size_t v = 0; v < vector_count; ++v)
        {
            f.max_strips = std::max({f.max_strips, t.reads[v].parts().size(), t.writes[v].parts().size()});
            if (int(v) != vector_ids::state_in && !t.reads[v].empty()) f.reads_only_state = false;
        }
    const register_meta_layout layout{unsigned(f.link_count), unsigned(f.max_strips)};
    const std::size_t stride = layout.stride(unsigned(vector_count));
    f.register_meta.assign(f.tiles * stride, 0);
    const long long int_max = 0x7fffffffLL;
    auto relative = [&](long long x, long long h0) {
        const long long r = x - h0;
        if (r > int_max || r < -int_max) f.register_meta_fits = false;
        return int(r);
    };
    for (std::size_t ti = 0; ti < f.tiles; ++ti)
    {
        const tile_plan& t = k.tiles[ti];
        const long long h0 = f.hull[2 * ti];
        int* m = f.register_meta.data() + ti * stride;
        for (std::size_t j = 0; j < f.link_count; ++j)
        {
            const interval a = j < t.links.size() ? t.links[j] : interval{};
            // an empty interval becomes [0, 0): no component of the tile is inside it
            m[2 * j] = a.empty() ? 0 : relative(a.first, h0);
            m[2 * j + 1] = a.empty() ? 0 : relative(a.last, h0);
        }
        for (std::size_t v = 0; v < vector_count; ++v)
            for (unsigned dir = 0; dir < 2; ++dir)
            {
                int* s = m + layout.strips_offset(unsigned(v), dir);
                const auto& parts = dir == 0 ? t.reads[v].parts() : t.writes[v].parts();
                s[0] = int(parts.size());
                for (std::size_t p = 0; p < parts.size(); ++p)
                {
                    s[1 + 2 * p] = relative(parts[p].first, h0);
                    s[2 + 2 * p] = relative(parts[p].last, h0);
                }
            }
    }
    return f;
}

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_DEVICE_PLAN_HPP_INCLUDED
