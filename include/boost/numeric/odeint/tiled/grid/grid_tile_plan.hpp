/*
 boost/numeric/odeint/tiled/grid/grid_tile_plan.hpp

 Tiles of cells for one fused Runge-Kutta step of a grid system: the 2D/3D analogue
 of the 1D trapezoids of tiling_plan.hpp. Every tile owns a box of cells and computes
 its whole step alone: it loads its owned box grown by a halo of s*r cells (s
 evaluated stages, r the stencil radius) and evaluates stage k on the box grown by
 (s-1-k)*r, so that stage k+1's reads at radius r find stage k's results inside the
 tile (overlapped tiling: Werner's thesis, chapter 10, and Korch, Werner, "Exploiting
 limited access distance for kernel fusion across the stages of explicit one-step
 methods on GPUs", §5; in two and three dimensions as the ghost-zone expansion of
 Ding and He, SC 2001). A dimension may instead be taken whole by every tile (no
 halo in it): then its reads across the grid's edge are mapped through the boundary
 inside the tile, which is why short rows (BRUSS2D at small d) are taken whole.

 Plain data, usable on host and device; make_grid_tile_plan chooses the shape for a
 capacity of cells per tile, check_grid_tile_plan proves a plan on a given grid (every
 cell owned exactly once, every read of every stage inside the tile's computed cells
 or mapped out of the grid).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_GRID_GRID_TILE_PLAN_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_GRID_GRID_TILE_PLAN_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/numeric/odeint/tiled/grid/grid_shape.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace grid {

template <std::size_t Dim>
struct tile_plan
{
    int extent[Dim] = {};     //!< the grid, cells per dimension
    bool whole[Dim] = {};     //!< every tile spans this dimension (no halo in it)
    bool periodic[Dim] = {};  //!< the boundary of this dimension is periodic
    int owned[Dim] = {};      //!< cells a tile owns per dimension (the last tile may own fewer)
    int halo[Dim] = {};       //!< cells loaded beyond the owned box on each side (0 where whole)
    int region[Dim] = {};     //!< owned + 2 halo: the box a tile holds
    int tiles[Dim] = {};      //!< tiles per dimension
    int radius = 1;           //!< r
    int stages = 1;           //!< s, the evaluated stages

    BOOST_ODEINT_TILED_HD long long tile_count() const
    {
        long long c = 1;
        for (std::size_t k = 0; k < Dim; ++k) c *= tiles[k];
        return c;
    }
    BOOST_ODEINT_TILED_HD int region_cells() const
    {
        int c = 1;
        for (std::size_t k = 0; k < Dim; ++k) c *= region[k];
        return c;
    }
    //! Cells held by all tiles over cells of the grid: the redundancy the plan pays.
    double redundancy() const
    {
        double held = 1, cells = 1;
        for (std::size_t k = 0; k < Dim; ++k)
        {
            held *= double(tiles[k]) * double(region[k]);
            cells *= double(extent[k]);
        }
        return held / cells;
    }
    //! The ring of stage k: it is evaluated on cells at most this far outside the owned box.
    BOOST_ODEINT_TILED_HD int ring_of_stage(int k) const { return (stages - 1 - k) * radius; }
};

namespace detail {

//! Dimension k of `p` whole (region 0) or cut into boxes of `region` cells with `halo` each side.
template <std::size_t Dim>
void set_dimension(tile_plan<Dim>& p, std::size_t k, int region, int halo)
{
    if (region == 0)
    {
        p.whole[k] = true;
        p.owned[k] = p.extent[k];
        p.halo[k] = 0;
        p.region[k] = p.extent[k];
        p.tiles[k] = 1;
        return;
    }
    p.whole[k] = false;
    p.halo[k] = halo;
    p.region[k] = region;
    p.owned[k] = region - 2 * halo;
    p.tiles[k] = (p.extent[k] + p.owned[k] - 1) / p.owned[k];
}

} // namespace detail

/*! The tile shape with the least redundancy for a grid `s` when a tile may hold
    `capacity` cells and the step evaluates `stages` stages. Each dimension is either
    whole or cut into boxes of region extent 2 s r + 1 .. capacity; the cost of a
    shape is its redundancy, with a small preference for long rows (coalesced loads:
    at least `min_row` cells in dimension 0 unless the grid is narrower). Throws
    std::invalid_argument when no shape fits (a capacity below one halo). */
template <std::size_t Dim>
tile_plan<Dim> make_grid_tile_plan(const shape<Dim>& s, int stages, int capacity, int min_row = 16)
{
    tile_plan<Dim> best;
    double best_cost = 0;
    bool found = false;
    const int r = int(s.stencil_radius), halo = stages * r;
    tile_plan<Dim> p;
    for (std::size_t k = 0; k < Dim; ++k)
    {
        p.extent[k] = int(s.extent[k]);
        p.periodic[k] = s.bc[k] == boundary::periodic();
    }
    p.radius = r;
    p.stages = stages;
    // candidate region extents of one dimension: 0 (whole), and 2 halo + owned
    // candidate region extents of one dimension: 0 (whole), and 2 halo + owned for
    // small owned extents, powers of two, and owned extents that split the dimension
    // into m nearly equal parts
    auto candidates = [&](std::size_t k) {
        std::vector<int> c{0};
        auto add = [&](int owned) {
            const int reg = owned + 2 * halo;
            if (owned < 1 || owned >= p.extent[k] || reg > capacity) return;
            for (int x : c)
                if (x == reg) return;
            c.push_back(reg);
        };
        for (int owned = 1; owned <= 32; ++owned) add(owned);
        for (int reg = 1; reg <= capacity; reg *= 2) add(reg - 2 * halo);
        for (int m = 2; m <= 32; ++m) add((p.extent[k] + m - 1) / m);
        return c;
    };
    std::vector<int> cand[Dim];
    for (std::size_t k = 0; k < Dim; ++k) cand[k] = candidates(k);
    std::size_t idx[Dim] = {};
    for (;;)
    {
        long long cells = 1;
        for (std::size_t k = 0; k < Dim; ++k)
        {
            detail::set_dimension(p, k, cand[k][idx[k]], halo);
            cells *= p.region[k];
        }
        if (cells <= capacity)
        {
            double cost = p.redundancy();
            // short rows waste the loads' sectors
            if (p.region[0] < min_row && p.region[0] < p.extent[0]) cost *= 1.25;
            // too few tiles leave SMs idle: not the plan's concern unless the grid is small
            if (!found || cost < best_cost - 1e-12)
            {
                best = p;
                best_cost = cost;
                found = true;
            }
        }
        std::size_t k = 0;
        while (k < Dim && ++idx[k] == cand[k].size()) idx[k++] = 0;
        if (k == Dim) break;
    }
    if (!found)
        throw std::invalid_argument("tiled::grid: no tile of at most " + std::to_string(capacity) +
                                    " cells holds a halo of " + std::to_string(halo) + " cells on a grid this shape");
    return best;
}

/*! Proves `p` for grid `s` by enumeration (tests; cost grows with the grid): every
    cell is owned by exactly one tile, and in every tile every read of stage k by a
    cell it evaluates (ring <= ring_of_stage(k)) lies inside its region at a cell that
    stage k-1 evaluated (or that the tile loaded, for k = 0), after mapping the read
    through the boundary where it leaves the grid in a whole dimension or a
    non-periodic one. Returns an empty string, or what is wrong. */
template <std::size_t Dim>
std::string check_grid_tile_plan(const tile_plan<Dim>& p, const shape<Dim>& s)
{
    const int r = p.radius;
    std::vector<int> owner_count;
    long long cells = 1;
    for (std::size_t k = 0; k < Dim; ++k) cells *= p.extent[k];
    owner_count.assign(std::size_t(cells), 0);
    for (std::size_t k = 0; k < Dim; ++k)
    {
        if (p.whole[k] && (p.halo[k] != 0 || p.owned[k] != p.extent[k] || p.tiles[k] != 1))
            return "dimension " + std::to_string(k) + " is whole but has a halo or several tiles";
        if (!p.whole[k] && (p.owned[k] < 1 || p.region[k] != p.owned[k] + 2 * p.halo[k] ||
                            p.halo[k] < p.stages * r || (long long)p.tiles[k] * p.owned[k] < p.extent[k]))
            return "dimension " + std::to_string(k) + " has an inconsistent box";
    }
    const long long tiles = p.tile_count();
    const int rc = p.region_cells();
    for (long long t = 0; t < tiles; ++t)
    {
        int tc[Dim], origin[Dim], owned_end[Dim];
        long long rest = t;
        for (std::size_t k = 0; k < Dim; ++k)
        {
            tc[k] = int(rest % p.tiles[k]);
            rest /= p.tiles[k];
            origin[k] = tc[k] * p.owned[k];
            owned_end[k] = origin[k] + p.owned[k] < p.extent[k] ? origin[k] + p.owned[k] : p.extent[k];
        }
        // ring and liveness of every region cell, -1 where the cell is not held
        std::vector<int> ring(std::size_t(rc), -1);
        auto local_index = [&](const int (&l)[Dim]) {
            int i = 0;
            for (std::size_t k = Dim; k-- > 0;) i = i * p.region[k] + l[k];
            return i;
        };
        for (int pos = 0; pos < rc; ++pos)
        {
            int l[Dim], q = pos, rg = 0;
            bool live = true;
            for (std::size_t k = 0; k < Dim; ++k)
            {
                l[k] = q % p.region[k];
                q /= p.region[k];
                const int g = origin[k] - p.halo[k] + l[k];
                if (!p.periodic[k] && (g < 0 || g >= p.extent[k])) live = false;
                if (p.whole[k]) continue;
                const int out = g < origin[k] ? origin[k] - g : (g >= owned_end[k] ? g - owned_end[k] + 1 : 0);
                rg = rg > out ? rg : out;
            }
            if (live) ring[std::size_t(pos)] = rg;
            if (live && rg == 0)
            {
                long long cell = 0;
                for (std::size_t k = Dim; k-- > 0;)
                {
                    int g = origin[k] - p.halo[k] + l[k];
                    g = ((g % p.extent[k]) + p.extent[k]) % p.extent[k];
                    cell = cell * p.extent[k] + g;
                }
                // a periodic dimension's last tile may reach past the grid: those
                // cells are copies, owned by the first tile
                bool copy = false;
                for (std::size_t k = 0; k < Dim; ++k)
                {
                    const int g = origin[k] - p.halo[k] + l[k];
                    if (g >= p.extent[k] || g < 0) copy = true;
                }
                if (!copy) ++owner_count[std::size_t(cell)];
            }
        }
        for (int stage = 0; stage < p.stages; ++stage)
        {
            const int need = p.ring_of_stage(stage), have = stage == 0 ? 1 << 30 : p.ring_of_stage(stage - 1);
            for (int pos = 0; pos < rc; ++pos)
            {
                if (ring[std::size_t(pos)] < 0 || ring[std::size_t(pos)] > need) continue;
                int l[Dim], q = pos;
                for (std::size_t k = 0; k < Dim; ++k) { l[k] = q % p.region[k]; q /= p.region[k]; }
                // every offset of the stencil (box covers star)
                int o[Dim];
                for (std::size_t k = 0; k < Dim; ++k) o[k] = -r;
                for (;;)
                {
                    int m[Dim];
                    bool boundary_value = false;
                    for (std::size_t k = 0; k < Dim; ++k)
                    {
                        const int g = origin[k] - p.halo[k] + l[k] + o[k];
                        if (p.whole[k] || (!p.periodic[k] && (g < 0 || g >= p.extent[k])))
                        {
                            const long long mg = grid::detail::map_coordinate(g, p.extent[k], s.bc[k].what);
                            if (mg < 0) { boundary_value = true; m[k] = 0; continue; }
                            m[k] = int(mg) - (origin[k] - p.halo[k]);
                        }
                        else
                            m[k] = l[k] + o[k];
                        if (m[k] < 0 || m[k] >= p.region[k])
                            return "tile " + std::to_string(t) + ", stage " + std::to_string(stage) +
                                   ": a read leaves the tile's box in dimension " + std::to_string(k);
                    }
                    if (!boundary_value)
                    {
                        const int rr = ring[std::size_t(local_index(m))];
                        if (rr < 0 || rr > have)
                            return "tile " + std::to_string(t) + ", stage " + std::to_string(stage) +
                                   ": a read finds a cell the previous stage did not evaluate";
                    }
                    std::size_t k = 0;
                    while (k < Dim && ++o[k] > r) o[k++] = -r;
                    if (k == Dim) break;
                }
            }
        }
    }
    for (long long c = 0; c < cells; ++c)
        if (owner_count[std::size_t(c)] != 1)
            return "cell " + std::to_string(c) + " is owned by " + std::to_string(owner_count[std::size_t(c)]) +
                   " tiles";
    return std::string();
}

}}}}} // namespace boost::numeric::odeint::tiled::grid

#endif // BOOST_NUMERIC_ODEINT_TILED_GRID_GRID_TILE_PLAN_HPP_INCLUDED
