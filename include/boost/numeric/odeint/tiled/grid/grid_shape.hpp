/*
 boost/numeric/odeint/tiled/grid/grid_shape.hpp

 tiled::grid::shape<Dim>: what the grid helpers know about a structured grid of
 1, 2 or 3 dimensions, and what follows from it: the extents (dimension 0 varies
 fastest, as in row-major C arrays), the stencil (radius r, star or box), how fields
 are laid out in the state (interleaved per cell, as BRUSS2D's (u, v) pairs, or planar:
 one block of components per field), which fields a cell reads at its neighbours,
 and a boundary per dimension. The state's component numbering and the access
 distance d the tiled steppers need are computed here, so a user never writes them.

     auto s = tiled::grid::extents(nx, ny)          // a 2D grid, nx varies fastest
                  .radius(1).star()                  // 5-point stencil
                  .boundary(tiled::grid::boundary::reflecting())
                  .layout(tiled::grid::layout::interleaved);

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_GRID_GRID_SHAPE_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_GRID_GRID_SHAPE_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace grid {

//! Where a cell's fields live in the state vector.
enum class layout
{
    interleaved, //!< cell-major: component F*cell + f (AoS; BRUSS2D's (u, v) pairs)
    planar       //!< field-major: component f*cells + cell (SoA, one block per field)
};

//! Which neighbours a cell reads: star (along the axes only, |offset| <= r in one
//! dimension at a time) or box (every offset with all |offset_k| <= r).
enum class stencil
{
    star,
    box
};

//! Which fields a cell reads at its neighbours: every field (any_field), or only the
//! field it computes (same_field: other fields are read at the cell itself, as a
//! reaction-diffusion system's reaction does). The access distance follows from it.
enum class neighbour_fields
{
    any_field,
    same_field
};

/*! What a read beyond the grid's edge in one dimension sees.
    - reflecting: the mirror image about the edge cell (Neumann): coordinate -k reads k,
      n-1+k reads n-1-k; where the radius exceeds the extent, a mirror image that still
      lies outside reads the edge cell nearest to it (so a direction of extent 1 reads
      the cell itself).
    - periodic: the other side, coordinate modulo the extent.
    - constant: a fixed value per field (Dirichlet), the system's constant_values.
    - function: the system's boundary function, value(field, ghost cell, t); the ghost
      cell's coordinates are those beyond the grid in the dimensions the read leaves
      through a non-periodic boundary, and wrapped into the grid in periodic ones. */
struct boundary
{
    enum class kind
    {
        reflecting,
        periodic,
        constant,
        function
    };
    kind what = kind::reflecting;

    static constexpr boundary reflecting() { return boundary{kind::reflecting}; }
    static constexpr boundary periodic() { return boundary{kind::periodic}; }
    static constexpr boundary constant() { return boundary{kind::constant}; }
    static constexpr boundary function() { return boundary{kind::function}; }

    friend constexpr bool operator==(boundary a, boundary b) { return a.what == b.what; }
    friend constexpr bool operator!=(boundary a, boundary b) { return a.what != b.what; }
};

inline const char* to_string(boundary b)
{
    switch (b.what)
    {
    case boundary::kind::reflecting: return "reflecting";
    case boundary::kind::periodic: return "periodic";
    case boundary::kind::constant: return "constant";
    default: return "function";
    }
}

/*! A structured grid of Dim dimensions with its stencil, field layout and boundaries.
    A small plain value, usable on host and device. Setters return *this, so a shape
    is written as one expression (see the file comment). */
template <std::size_t Dim>
struct shape
{
    static_assert(Dim >= 1 && Dim <= 3, "tiled::grid: grids have 1, 2 or 3 dimensions");
    static constexpr std::size_t dimensions = Dim;

    std::size_t extent[Dim] = {};                        //!< cells per dimension; [0] varies fastest
    std::size_t stencil_radius = 1;                      //!< r
    grid::stencil stencil_kind = grid::stencil::star;    //!< star or box
    grid::layout field_layout = grid::layout::interleaved;
    grid::neighbour_fields neighbours = grid::neighbour_fields::any_field;
    grid::boundary bc[Dim] = {};                         //!< per dimension, both sides

    shape& radius(std::size_t r) { stencil_radius = r; return *this; }
    shape& star() { stencil_kind = grid::stencil::star; return *this; }
    shape& box() { stencil_kind = grid::stencil::box; return *this; }
    shape& layout(grid::layout l) { field_layout = l; return *this; }
    shape& neighbour_fields(grid::neighbour_fields f) { neighbours = f; return *this; }
    //! The same boundary on every side.
    shape& boundary(grid::boundary b) { for (std::size_t k = 0; k < Dim; ++k) bc[k] = b; return *this; }
    //! The boundary of dimension k (both its sides).
    shape& boundary(std::size_t k, grid::boundary b)
    {
        if (k >= Dim)
            throw std::invalid_argument("tiled::grid::shape::boundary: a " + std::to_string(Dim) +
                                        "D grid has no dimension " + std::to_string(k) +
                                        " (dimensions are numbered from 0)");
        bc[k] = b;
        return *this;
    }

    //! Number of cells.
    BOOST_ODEINT_TILED_HD std::size_t cells() const
    {
        std::size_t c = 1;
        for (std::size_t k = 0; k < Dim; ++k) c *= extent[k];
        return c;
    }
    //! Cells between neighbours along dimension k (1, nx, nx*ny).
    BOOST_ODEINT_TILED_HD std::size_t cell_stride(std::size_t k) const
    {
        std::size_t s = 1;
        for (std::size_t i = 0; i < k; ++i) s *= extent[i];
        return s;
    }

    /*! The access distance of a system of `fields` fields on this grid: the largest
        |i - j| between a component j and a component i its cell update may read. */
    std::size_t access_distance(std::size_t fields) const { return distance(fields, false); }

    /*! The access distance around the ring of the state's components (component j
        reads (j - c .. j + c) mod n; the LimitedAccessSystem concept's optional
        cyclic_access_distance()): where the last dimension is periodic and the fields
        are interleaved (or one), its wrap is a step of one row (plane) around the
        ring, and c is the distance of a grid without that wrap. Otherwise
        access_distance(fields). */
    std::size_t cyclic_access_distance(std::size_t fields) const
    {
        const bool wraps_whole_state = bc[Dim - 1] == grid::boundary::periodic() &&
                                       (field_layout == grid::layout::interleaved || fields == 1);
        return distance(fields, wraps_whole_state);
    }

private:
    //! last_around_ring: the last dimension's periodic wrap is measured around the ring
    //! of the components, where it moves a cell by at most r rows.
    std::size_t distance(std::size_t fields, bool last_around_ring) const
    {
        // the farthest neighbour cell, in cells of the linear order. Every read lands
        // inside the grid, so no coordinate moves by more than extent - 1; a periodic
        // dimension moves by that much whatever the radius (cell 0 reads cell n - 1
        // through the wrap), the others by at most r.
        std::size_t far_cell = 0;
        for (std::size_t k = 0; k < Dim; ++k)
        {
            const std::size_t span = extent[k] > 0 ? extent[k] - 1 : 0;
            const bool wraps = bc[k] == grid::boundary::periodic() && !(last_around_ring && k == Dim - 1);
            const std::size_t moved = wraps ? span : (stencil_radius < span ? stencil_radius : span);
            const std::size_t far_k = moved * cell_stride(k);
            if (stencil_kind == grid::stencil::box) far_cell += far_k;  // a corner moves in every dimension
            else if (far_k > far_cell) far_cell = far_k;               // a star in one at a time
        }
        const std::size_t F = fields;
        if (field_layout == grid::layout::interleaved)
        {
            if (neighbours == grid::neighbour_fields::same_field || F == 1)
            {
                const std::size_t own_cell = F - 1;  // another field of the cell itself
                return far_cell * F > own_cell ? far_cell * F : own_cell;
            }
            return far_cell * F + (F - 1);
        }
        // planar: another field of the same cell is (F - 1) planes away
        const std::size_t N = cells();
        const std::size_t planes = (F - 1) * N;
        if (neighbours == grid::neighbour_fields::same_field || F == 1)
            return far_cell > planes ? far_cell : planes;
        return planes + far_cell;
    }

public:

    //! Throws std::invalid_argument on extents of 0, a radius of 0 or more cells than
    //! a std::size_t state can number.
    void validate(std::size_t fields) const
    {
        for (std::size_t k = 0; k < Dim; ++k)
            if (extent[k] == 0)
                throw std::invalid_argument("tiled::grid: extent " + std::to_string(k) + " of the grid is 0");
        if (stencil_radius == 0)
            throw std::invalid_argument("tiled::grid: the stencil radius is 0 (a cell that reads no neighbour "
                                        "needs no grid helper)");
        if (fields == 0) throw std::invalid_argument("tiled::grid: a system needs at least one field");
        std::size_t c = 1;
        for (std::size_t k = 0; k < Dim; ++k)
        {
            if (extent[k] > (std::size_t(1) << 62) / c)
                throw std::invalid_argument("tiled::grid: the grid has too many cells");
            c *= extent[k];
        }
        if (c > (std::size_t(1) << 62) / fields) throw std::invalid_argument("tiled::grid: the grid has too many cells");
    }
};

//! A 1D, 2D or 3D grid of the given extents (x first, then y, then z), with a
//! radius-1 star stencil, interleaved fields and reflecting boundaries until set.
inline shape<1> extents(std::size_t nx)
{
    shape<1> s;
    s.extent[0] = nx;
    return s;
}
inline shape<2> extents(std::size_t nx, std::size_t ny)
{
    shape<2> s;
    s.extent[0] = nx;
    s.extent[1] = ny;
    return s;
}
inline shape<3> extents(std::size_t nx, std::size_t ny, std::size_t nz)
{
    shape<3> s;
    s.extent[0] = nx;
    s.extent[1] = ny;
    s.extent[2] = nz;
    return s;
}

namespace detail {

/*! Where a coordinate g (maybe outside [0, n)) of a dimension with boundary b reads:
    the coordinate inside the grid for reflecting and periodic, or -1 for constant and
    function (the value comes from the boundary, not from the state). */
BOOST_ODEINT_TILED_HD inline long long map_coordinate(long long g, long long n, boundary::kind b)
{
    if (g >= 0 && g < n) return g;
    switch (b)
    {
    case boundary::kind::reflecting:
    {
        long long m = g < 0 ? -g : 2 * (n - 1) - g;
        // a radius beyond the extent reflects once and then stays at the edge
        m = m < 0 ? 0 : m;
        return m >= n ? n - 1 : m;
    }
    case boundary::kind::periodic:
    {
        const long long m = g % n;
        return m < 0 ? m + n : m;
    }
    default:
        return -1;
    }
}

} // namespace detail

}}}}} // namespace boost::numeric::odeint::tiled::grid

#endif // BOOST_NUMERIC_ODEINT_TILED_GRID_GRID_SHAPE_HPP_INCLUDED
