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
 halo in it, which is why short rows, BRUSS2D at small d, are taken whole); then the
 box holds r ghost cells beyond the grid on each side of it. Ghost cells (those and
 the box cells beyond the grid in a cut, non-periodic dimension) hold what a read
 across the grid's edge finds: the value of the cell the boundary mirrors or wraps
 to, refreshed after each stage, or a boundary value; so that every read inside a
 tile is a plain offset, with no boundary code per read.

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
    int region[Dim] = {};     //!< owned + 2 halo: the cells a tile computes on
    int ghost[Dim] = {};      //!< ghost cells each side of a whole dimension (r), else 0
    int box[Dim] = {};        //!< region + 2 ghost: the box a tile holds
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
    BOOST_ODEINT_TILED_HD int box_cells() const
    {
        int c = 1;
        for (std::size_t k = 0; k < Dim; ++k) c *= box[k];
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
        p.ghost[k] = p.radius;
        p.box[k] = p.extent[k] + 2 * p.radius;
        p.tiles[k] = 1;
        return;
    }
    p.whole[k] = false;
    p.halo[k] = halo;
    p.region[k] = region;
    p.ghost[k] = 0;
    p.box[k] = region;
    p.owned[k] = region - 2 * halo;
    p.tiles[k] = (p.extent[k] + p.owned[k] - 1) / p.owned[k];
}

/*! Box cell coordinate g (unwrapped) along dimension k of a tile whose owned box
    spans [origin, owned_end) there, as the grid kernels see it: `out` beyond the grid
    (a ghost along k; cells beyond a periodic dimension that is not whole are live, the
    tile loads the wrapped cell), then `dead` beyond the ghost width of a whole
    dimension or the halo of another (never read), `mapped` where the boundary mirrors
    or wraps it to coordinate `m` (m = g where not out); `ring`: cells outside the
    owned box along k (0 for whole dimensions). */
struct dimension_class
{
    int m;
    int ring;
    bool out;
    bool mapped;
    bool dead;
};

template <std::size_t Dim>
BOOST_ODEINT_TILED_HD dimension_class classify_dimension(const tile_plan<Dim>& p, std::size_t k, boundary::kind bc,
                                                         int g, int origin, int owned_end)
{
    dimension_class c{g, 0, false, true, false};
    c.out = (g < 0 || g >= p.extent[k]) && !(p.periodic[k] && !p.whole[k]);
    if (c.out)
    {
        const int dist = g < 0 ? -g : g - p.extent[k] + 1;
        c.dead = dist > (p.whole[k] ? p.ghost[k] : p.halo[k]);
        const long long m = map_coordinate(g, p.extent[k], bc);
        c.mapped = m >= 0;
        if (c.mapped) c.m = int(m);
    }
    if (!p.whole[k]) c.ring = g < origin ? origin - g : (g >= owned_end ? g - owned_end + 1 : 0);
    return c;
}

/*! What box cell g (grid coordinates, unwrapped) of a tile holds in the grid kernels,
    from its dimensions' classify_dimension: live (inside the grid in every dimension)
    with its ring (the largest of its dimensions'); dead where any dimension is; a ghost
    that holds the value of its mirror (every dimension it leaves the grid in mirrors
    or wraps: the cell the per-component form's mapping reads) or a boundary value (one
    of them is constant or a function). */
struct box_cell_kind
{
    enum what_type { live, mirror, value, dead } what = dead;
    int ring = 0;
    int source[3] = {};  //!< a mirror ghost's mirror, grid coordinates (first Dim used)
};

template <std::size_t Dim>
box_cell_kind classify_box_cell(const tile_plan<Dim>& p, const shape<Dim>& s, const int* origin, const int* owned_end,
                                const int* g)
{
    static_assert(Dim <= 3, "grids have at most three dimensions");
    box_cell_kind c;
    bool out = false, mapped = true;
    for (std::size_t k = 0; k < Dim; ++k)
    {
        const dimension_class d = classify_dimension(p, k, s.bc[k].what, g[k], origin[k], owned_end[k]);
        if (d.dead) return c;
        out = out || d.out;
        mapped = mapped && d.mapped;
        c.ring = c.ring > d.ring ? c.ring : d.ring;
        c.source[k] = d.m;
    }
    if (out)
    {
        c.what = mapped ? box_cell_kind::mirror : box_cell_kind::value;
        c.ring = 0;
    }
    else
        c.what = box_cell_kind::live;
    return c;
}

} // namespace detail

/*! The tile shape with the least redundancy for a grid `s` when a tile may hold
    `capacity` cells in its box (ghosts included) and the step evaluates `stages` stages. Each dimension is either
    whole or cut into boxes of region extent 2 s r + 1 .. capacity; the cost of a
    shape is its redundancy, with a small preference for long rows (coalesced loads:
    at least `min_row` cells in dimension 0 unless the grid is narrower). With
    `cells_per_thread` and `threads`, a box of two or more dimensions must also be
    covered by that many threads holding columns of that many cells in its last
    dimension (the CUDA grid kernel's layout). Throws
    std::invalid_argument when no shape fits (a capacity below one halo). */
template <std::size_t Dim>
tile_plan<Dim> make_grid_tile_plan(const shape<Dim>& s, int stages, int capacity, int min_row = 16,
                                   int cells_per_thread = 0, int threads = 0)
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
    // a box fits when it has at most `capacity` cells and, with threads that each hold
    // `cells_per_thread` consecutive cells of the last dimension (the GPU kernel's
    // columns), `threads` threads cover its columns
    auto fits = [&](const tile_plan<Dim>& q) {
        if (q.box_cells() > capacity) return false;
        if (cells_per_thread <= 0 || threads <= 0 || Dim < 2) return true;
        const long long columns = q.box_cells() / q.box[Dim - 1];
        return columns * ((q.box[Dim - 1] + cells_per_thread - 1) / cells_per_thread) <= threads;
    };
    auto consider = [&](const tile_plan<Dim>& q) {
        // ghosts are loaded and copied, not evaluated: a quarter of a cell's cost
        double cost = q.redundancy() * (1.0 + 0.25 * (double(q.box_cells()) / double(q.region_cells()) - 1.0));
        // short rows waste the loads' sectors
        if (q.region[0] < min_row && q.region[0] < q.extent[0]) cost *= 1.25;
        if (!found || cost < best_cost - 1e-12)
        {
            best = q;
            best_cost = cost;
            found = true;
        }
    };
    std::size_t idx[Dim] = {};
    for (;;)
    {
        long long cells = 1;
        for (std::size_t k = 0; k < Dim; ++k)
        {
            detail::set_dimension(p, k, cand[k][idx[k]], halo);
            cells *= p.box[k];
        }
        if (fits(p))
        {
            consider(p);
            // and each cut dimension grown to fill the capacity
            for (std::size_t k = 0; k < Dim; ++k)
            {
                if (p.whole[k]) continue;
                const long long grown = capacity / (cells / p.box[k]);
                if (grown <= p.box[k] || grown - 2 * halo >= p.extent[k]) continue;
                tile_plan<Dim> q = p;
                detail::set_dimension(q, k, int(grown), halo);
                // with threads that hold columns, shrink to what they cover
                while (!fits(q) && q.region[k] > 2 * halo + 1) detail::set_dimension(q, k, q.region[k] - 1, halo);
                if (fits(q)) consider(q);
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

/*! Proves `p` for grid `s` by enumeration (tests; cost grows with the grid), for tiles
    run as the grid kernels run them (grid_box_cell below): every cell is owned by
    exactly one tile; every box cell a tile holds is live (inside the grid, or wrapped
    in a periodic dimension that is not whole), a ghost (outside the grid, within the
    ghost width of a whole dimension or the halo of another) or never read; a mirror
    ghost's mirror lies in the box and is live; and in every tile every read of stage k
    by a cell it evaluates (ring <= ring_of_stage(k)) lies in the box at a cell that
    stage k-1 evaluated (or the tile loaded, for k = 0), or at a ghost that holds a
    boundary value or mirrors such a cell. Returns an empty string, or what is wrong. */
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
        if (p.extent[k] != int(s.extent[k]) || p.periodic[k] != (s.bc[k] == boundary::periodic()) || p.radius != int(s.stencil_radius))
            return "dimension " + std::to_string(k) + ": the plan was made for another grid";
        if (p.whole[k] && (p.halo[k] != 0 || p.owned[k] != p.extent[k] || p.tiles[k] != 1 || p.ghost[k] < r))
            return "dimension " + std::to_string(k) + " is whole but has a halo, several tiles or too few ghosts";
        if (!p.whole[k] && (p.owned[k] < 1 || p.region[k] != p.owned[k] + 2 * p.halo[k] ||
                            p.halo[k] < p.stages * r || (long long)p.tiles[k] * p.owned[k] < p.extent[k]))
            return "dimension " + std::to_string(k) + " has an inconsistent box";
        if (p.box[k] != p.region[k] + 2 * p.ghost[k])
            return "dimension " + std::to_string(k) + ": the box is not the region and its ghosts";
    }
    const long long tiles = p.tile_count();
    const int bc = p.box_cells();
    for (long long t = 0; t < tiles; ++t)
    {
        int origin[Dim], owned_end[Dim], base[Dim];
        long long rest = t;
        for (std::size_t k = 0; k < Dim; ++k)
        {
            const int tc = int(rest % p.tiles[k]);
            rest /= p.tiles[k];
            origin[k] = tc * p.owned[k];
            owned_end[k] = origin[k] + p.owned[k] < p.extent[k] ? origin[k] + p.owned[k] : p.extent[k];
            base[k] = origin[k] - p.halo[k] - p.ghost[k];
        }
        std::vector<detail::box_cell_kind> cell(static_cast<std::size_t>(bc));
        auto local = [&](int pos, int (&l)[Dim]) {
            for (std::size_t k = 0; k < Dim; ++k) { l[k] = pos % p.box[k]; pos /= p.box[k]; }
        };
        auto index = [&](const int (&l)[Dim]) {
            int i = 0;
            for (std::size_t k = Dim; k-- > 0;) i = i * p.box[k] + l[k];
            return i;
        };
        for (int pos = 0; pos < bc; ++pos)
        {
            int l[Dim], g[Dim];
            local(pos, l);
            for (std::size_t k = 0; k < Dim; ++k) g[k] = base[k] + l[k];
            cell[std::size_t(pos)] = detail::classify_box_cell(p, s, origin, owned_end, g);
        }
        for (int pos = 0; pos < bc; ++pos)
        {
            const detail::box_cell_kind& c = cell[std::size_t(pos)];
            int l[Dim];
            local(pos, l);
            if (c.what == detail::box_cell_kind::mirror)
            {
                int m[Dim];
                for (std::size_t k = 0; k < Dim; ++k)
                {
                    m[k] = c.source[k] - base[k];
                    if (m[k] < 0 || m[k] >= p.box[k])
                        return "tile " + std::to_string(t) + ": a ghost's mirror leaves the box in dimension " +
                               std::to_string(k);
                }
                if (cell[std::size_t(index(m))].what != detail::box_cell_kind::live)
                    return "tile " + std::to_string(t) + ": a ghost mirrors a cell that is not live";
            }
            if (c.what == detail::box_cell_kind::live && c.ring == 0)
            {
                long long id = 0;
                bool copy = false;  // a periodic dimension's last tile may reach past the grid
                for (std::size_t k = Dim; k-- > 0;)
                {
                    const int g = base[k] + l[k];
                    copy = copy || g < 0 || g >= p.extent[k];
                    id = id * p.extent[k] + (((g % p.extent[k]) + p.extent[k]) % p.extent[k]);
                }
                if (!copy) ++owner_count[std::size_t(id)];
            }
        }
        // the ring a read at box cell q needs evaluated: its own, or its mirror's;
        // -1: a boundary value; -2: nothing there
        auto source_ring = [&](int q) {
            const detail::box_cell_kind& c = cell[std::size_t(q)];
            if (c.what == detail::box_cell_kind::live) return c.ring;
            if (c.what == detail::box_cell_kind::value) return -1;
            if (c.what == detail::box_cell_kind::dead) return -2;
            int m[Dim];
            for (std::size_t k = 0; k < Dim; ++k) m[k] = c.source[k] - base[k];
            return cell[std::size_t(index(m))].ring;
        };
        for (int stage = 0; stage < p.stages; ++stage)
        {
            const int need = p.ring_of_stage(stage), have = stage == 0 ? 1 << 30 : p.ring_of_stage(stage - 1);
            for (int pos = 0; pos < bc; ++pos)
            {
                const detail::box_cell_kind& c = cell[std::size_t(pos)];
                if (c.what != detail::box_cell_kind::live || c.ring > need) continue;
                int l[Dim];
                local(pos, l);
                int o[Dim];  // every offset of the stencil (box covers star)
                for (std::size_t k = 0; k < Dim; ++k) o[k] = -r;
                for (;;)
                {
                    int q[Dim];
                    for (std::size_t k = 0; k < Dim; ++k)
                    {
                        q[k] = l[k] + o[k];
                        if (q[k] < 0 || q[k] >= p.box[k])
                            return "tile " + std::to_string(t) + ", stage " + std::to_string(stage) +
                                   ": a read leaves the tile's box in dimension " + std::to_string(k);
                    }
                    const int rr = source_ring(index(q));
                    if (rr == -2 || rr > have)
                        return "tile " + std::to_string(t) + ", stage " + std::to_string(stage) +
                               ": a read finds a cell the previous stage did not evaluate";
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
