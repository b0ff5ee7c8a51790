/*
 boost/numeric/odeint/tiled/grid/cell.hpp

 What a grid system's cell update reads: a Cell. The user's update is written once
 against this interface and the library hands it different Cells: one that reads a
 state vector through plain offsets (cells whose whole stencil lies inside the grid),
 ones that map each read through the boundaries or through tables of such mappings
 (cells at the edge), and on the GPU ones that read a tile in shared memory. The interface:

     c(f)                 field f of this cell
     c(f, dx)             field f of the neighbour dx cells away (1D grids)
     c(f, dx, dy)         2D grids
     c(f, dx, dy, dz)     3D grids           (|dx|, |dy|, |dz| <= the stencil radius)
     c.coord(k)           this cell's coordinate in dimension k (0-based)

 Offsets should be literals or loop indices the compiler can unroll: the address of a
 read is then one add to a per-cell base.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_GRID_CELL_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_GRID_CELL_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <type_traits>

#include <boost/numeric/odeint/tiled/grid/fast_divider.hpp>
#include <boost/numeric/odeint/tiled/grid/grid_shape.hpp>

BOOST_ODEINT_TILED_DEVICE_CALLS_BEGIN

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace grid {

//! The boundary function of a system that has none (no dimension may then use
//! boundary::function()).
struct no_boundary_function
{
    template <class Coord, class Time>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t, const Coord&, Time) const { return 0.0; }
};

namespace detail {

//! The offsets of a read, as Dim integers (missing ones 0).
template <std::size_t Dim, class... O>
BOOST_ODEINT_TILED_HD void check_offset_count()
{
    static_assert(sizeof...(O) == Dim, "tiled::grid: a cell of a D-dimensional grid is read as c(field) or with "
                                       "exactly D offsets, c(field, dx[, dy[, dz]])");
}

//! Reads a state through an indexable view with global component numbers.
template <class Y, class Value, class Index>
struct view_source
{
    const Y* y;
    BOOST_ODEINT_TILED_NO_EXEC_CHECK
    BOOST_ODEINT_TILED_HD Value operator[](Index i) const { return (*y)[static_cast<std::size_t>(i)]; }
};

/*! A cell whose whole stencil lies inside the grid: reads are src[base + f*fstride +
    sum_k o_k*stride_k]. Source is a pointer or an indexable view; Index the signed
    integer type of the arithmetic (int where the state allows, on GPUs). */
template <class Value, std::size_t Dim, class Source, class Index>
struct direct_cell
{
    Source src;
    Index base;              //!< field 0 of this cell in src
    Index fstride;           //!< between fields of one cell
    Index stride[Dim];       //!< between neighbours along each dimension
    Index x[Dim];            //!< coordinates

    BOOST_ODEINT_TILED_HD Value operator()(std::size_t f) const { return src[base + Index(f) * fstride]; }
    template <class... O>
    BOOST_ODEINT_TILED_HD Value operator()(std::size_t f, O... o) const
    {
        check_offset_count<Dim, O...>();
        const Index off[Dim] = {Index(o)...};
        Index i = base + Index(f) * fstride;
        for (std::size_t k = 0; k < Dim; ++k) i += off[k] * stride[k];
        return src[i];
    }
    BOOST_ODEINT_TILED_HD long long coord(std::size_t k) const { return (long long)x[k]; }
};

/*! What the host's run and table cells share: a pointer to field 0 of the cell in a
    state of Fields fields, interleaved (fields 1 apart, cells Fields apart) or planar
    (fields fstride apart, cells 1 apart), and the read of the cell's own fields. */
template <class Value, std::size_t Fields, bool Interleaved>
struct layout_cell
{
    static constexpr bool interleaved = Interleaved;
    static constexpr std::ptrdiff_t step = Interleaved ? std::ptrdiff_t(Fields) : 1;
    const Value* p;                  //!< field 0 of this cell
    std::ptrdiff_t fstride;          //!< between fields (planar; interleaved: 1)

    BOOST_ODEINT_TILED_HD std::ptrdiff_t field_offset(std::size_t f) const
    {
        return Interleaved ? std::ptrdiff_t(f) : std::ptrdiff_t(f) * fstride;
    }
    BOOST_ODEINT_TILED_HD Value operator()(std::size_t f) const { return p[field_offset(f)]; }
};

/*! A cell of a run of interior cells along dimension 0 on the host (grid::system's
    block form): reads p[f*fstride + o_0*step + sum_{k>0} o_k*stride_k] with the
    layout's constants as constants (interleaved: fields 1 apart and neighbours along
    dimension 0 Fields apart; planar: neighbours 1 apart). The run's loop makes one per
    cell with p advanced by step, so every read is a fixed offset from a pointer that
    advances by a constant: affine accesses, which compilers vectorise across cells;
    direct_cell's strides in memory and view reads hide that.
    Wrapped: the run goes on over the following rows (x[0] then counts cells from the
    start of the first row, past its end), and coord() divides it by the row length;
    only an update that asks for its coordinates pays for that. */
template <class Value, std::size_t Dim, std::size_t Fields, bool Interleaved, bool Wrapped = false>
struct run_cell : layout_cell<Value, Fields, Interleaved>
{
    using base = layout_cell<Value, Fields, Interleaved>;
    using base::field_offset;
    using base::operator();
    using base::p;
    using base::step;
    std::ptrdiff_t stride[Dim];      //!< between neighbours along dimensions 1.. (stride[0] is step)
    long long x[Dim];                //!< coordinates

    template <class... O>
    BOOST_ODEINT_TILED_HD Value operator()(std::size_t f, O... o) const
    {
        check_offset_count<Dim, O...>();
        const std::ptrdiff_t off[Dim] = {std::ptrdiff_t(o)...};
        std::ptrdiff_t i = field_offset(f) + off[0] * step;
        for (std::size_t k = 1; k < Dim; ++k) i += off[k] * stride[k];
        return p[i];
    }
    BOOST_ODEINT_TILED_HD long long coord(std::size_t k) const
    {
        if constexpr (Wrapped)
        {
            if (k >= 2) return x[k];
            const long long rows = (long long)row_divider.divide(static_cast<unsigned>(x[0]));
            return k == 0 ? x[0] - rows * row_length : x[1] + rows;
        }
        else return x[k];
    }

    // Wrapped only: the grid's extent along dimension 0, and a divider by it
    long long row_length = 0;
    tiled::detail::u32_divider row_divider;
};

/*! What a mapped read needs besides the cell: the grid, where coordinate 0 of each
    dimension lies in the source, the boundaries' values and function, the time. */
template <class Value, std::size_t Dim, class Index, class BoundaryFunction, class Time>
struct boundary_context
{
    Index extent[Dim];
    Index origin;                         //!< source index of cell (0, .., 0), field 0
    Index fstride;
    Index stride[Dim];
    boundary::kind bc[Dim];
    const Value* constant_values;         //!< per field, for boundary::constant
    const BoundaryFunction* function;
    Time t;
};

/*! A cell near the start or end of a row that lies inside the grid in every dimension
    but 0 (grid::system's block form): reads along dimensions 1.. are plain offsets as
    in run_cell, and only the offset along dimension 0 is tested and mapped through
    dimension 0's boundary. The same values as mapped_cell's for such a cell, at a
    compare per read instead of a mapping of every dimension. */
template <class Value, std::size_t Dim, std::size_t Fields, bool Interleaved, class BoundaryFunction, class Time>
struct row_edge_cell
{
    run_cell<Value, Dim, Fields, Interleaved> in;
    long long extent0;
    boundary::kind bc0;
    const Value* constant_values;
    const BoundaryFunction* function;
    Time t;

    BOOST_ODEINT_TILED_HD Value operator()(std::size_t f) const { return in(f); }
    template <class... O>
    BOOST_ODEINT_TILED_HD Value operator()(std::size_t f, O... o) const
    {
        check_offset_count<Dim, O...>();
        const long long off[Dim] = {(long long)o...};
        const long long g = in.x[0] + off[0];
        std::ptrdiff_t i = in.field_offset(f);
        for (std::size_t k = 1; k < Dim; ++k) i += std::ptrdiff_t(off[k]) * in.stride[k];
        if (g >= 0 && g < extent0) return in.p[i + std::ptrdiff_t(off[0]) * in.step];
        const long long m = map_coordinate(g, extent0, bc0);
        if (m >= 0) return in.p[i + std::ptrdiff_t(m - in.x[0]) * in.step];
        if (bc0 == boundary::kind::constant) return constant_values[f];
        long long ghost[Dim];
        for (std::size_t k = 0; k < Dim; ++k) ghost[k] = in.x[k] + off[k];
        return static_cast<Value>((*function)(f, ghost, t));
    }
    BOOST_ODEINT_TILED_HD long long coord(std::size_t k) const { return in.x[k]; }
};

/*! The reads of a cell along one dimension, at one coordinate there, for every offset
    -MaxRadius .. MaxRadius: the distance in the state to the cell read, the
    dimension's boundary already applied (reflecting, periodic), or a flag where the
    read leaves the grid through a constant boundary. Made once per row or column, so
    that table_cell maps no coordinate per read. */
template <std::size_t MaxRadius>
struct axis_reads
{
    std::ptrdiff_t shift[2 * MaxRadius + 1];
    bool constant[2 * MaxRadius + 1];

    //! the entries of offset 0, which table_cell indexes by offset
    BOOST_ODEINT_TILED_HD const std::ptrdiff_t* shift_at_0() const { return shift + MaxRadius; }
    BOOST_ODEINT_TILED_HD const bool* constant_at_0() const { return constant + MaxRadius; }
};

/*! A cell whose reads go through an axis_reads table per dimension (grid::system's
    block form, host): the cells near the edge of a grid whose boundaries are
    reflecting, periodic or constant, and the rows that lie within the stencil radius
    of the edge in dimensions 1.. . The same values as mapped_cell's. A read outside
    through a constant boundary loads the cell itself and takes the constant instead,
    so that a loop of such cells has no branch; without Constant the tables' flags are
    not read (grids without constant boundaries, where the test per read is a large
    part of an edge cell's time). Members as run_cell's, so that interior_run runs it
    along a row or down a column. */
template <class Value, std::size_t Dim, std::size_t Fields, bool Interleaved, bool Constant>
struct table_cell : layout_cell<Value, Fields, Interleaved>
{
    using base = layout_cell<Value, Fields, Interleaved>;
    using base::field_offset;
    using base::operator();
    using base::p;
    long long x[Dim];                      //!< coordinates
    const std::ptrdiff_t* shift[Dim];      //!< per dimension, axis_reads::shift_at_0()
    const bool* outside[Dim];              //!< per dimension, axis_reads::constant_at_0()
    const Value* constant_values;          //!< per field, for boundary::constant

    template <class... O>
    BOOST_ODEINT_TILED_HD Value operator()(std::size_t f, O... o) const
    {
        check_offset_count<Dim, O...>();
        const std::ptrdiff_t off[Dim] = {std::ptrdiff_t(o)...};
        std::ptrdiff_t i = field_offset(f);
        for (std::size_t k = 0; k < Dim; ++k) i += shift[k][off[k]];
        if constexpr (!Constant) return p[i];
        else
        {
            bool out = false;
            for (std::size_t k = 0; k < Dim; ++k) out = out || outside[k][off[k]];
            const Value v = p[i];
            return out ? constant_values[f] : v;
        }
    }
    BOOST_ODEINT_TILED_HD long long coord(std::size_t k) const { return x[k]; }
};

/*! What edge_select_cell reads besides the state: the column of each cell of a run of
    merged rows (column[x] = x mod nx for the run's x[0]), the last column nx - 1, the
    stencil radius r (nx > 2r), and the reads along dimension 0 of the 2r columns
    within r of a row's ends (slots 0 .. r-1: columns 0 .. r-1; slots r .. 2r-1:
    columns nx-r .. nx-1), the tables the block form's edge cells read through. */
template <std::size_t MaxRadius>
struct row_edges
{
    const int* column;
    int last;
    std::ptrdiff_t radius;
    const axis_reads<MaxRadius>* axis[2 * MaxRadius];
};

/*! A cell of a run of merged rows (rows inside the grid in dimensions 1..) that may lie
    within the stencil radius of its row's ends (grid::system's block form, host): a
    read along dimension 0 loads the interior cell at the offset and, for each column
    whose read at that offset leaves the row, the cell its boundary maps the read to,
    and keeps the one of its own column. Every lane of a vectorised run then does the
    same loads and selects, and the cells at the row ends need no second pass: short
    rows (BRUSS2D with d = 32: 16 cells, two of them at an end) would otherwise spend
    most of their time redoing their edge columns. The same values as table_cell's:
    the boundary is applied through the same axis_reads. Reflecting and periodic
    boundaries map to cells of the row: within r of the cell (reflecting) or nx - 1
    (periodic), which the access distance covers, so every lane's loads stay inside the
    window of its block; the run keeps them inside the state (grid::system::run_cells).
    Through a constant boundary the value is the constant (Constant), and the cell
    itself is loaded. */
template <class Value, std::size_t Dim, std::size_t Fields, bool Interleaved, bool Constant, std::size_t MaxRadius>
struct edge_select_cell : run_cell<Value, Dim, Fields, Interleaved, true>
{
    using base = run_cell<Value, Dim, Fields, Interleaved, true>;
    using base::field_offset;
    using base::p;
    using base::step;
    using base::stride;
    using base::x;
    using base::operator();
    const row_edges<MaxRadius>* edges;
    const Value* constant_values;       //!< per field, for boundary::constant (Constant)

    template <class... O>
    BOOST_ODEINT_TILED_HD Value operator()(std::size_t f, O... o) const
    {
        check_offset_count<Dim, O...>();
        const std::ptrdiff_t off[Dim] = {std::ptrdiff_t(o)...};
        std::ptrdiff_t i = field_offset(f);
        for (std::size_t k = 1; k < Dim; ++k) i += off[k] * stride[k];
        Value v = p[i + off[0] * step];
        if (off[0] == 0) return v;
        const int column = edges->column[x[0]];
        // the columns whose read leaves the row: as many as the offset is long (at most
        // r, the system's stencil radius; a constant where the update's offsets are)
        const bool left = off[0] < 0;
        const std::ptrdiff_t leaving = left ? -off[0] : off[0];
        for (std::ptrdiff_t s = 0; s < leaving; ++s)
        {
            // column s (left) or nx-1-s (right), at slot s or 2r-1-s
            const axis_reads<MaxRadius>& a = *edges->axis[left ? s : 2 * edges->radius - 1 - s];
            Value mapped = p[i + a.shift[std::ptrdiff_t(MaxRadius) + off[0]]];
            if constexpr (Constant)
                mapped = a.constant[std::ptrdiff_t(MaxRadius) + off[0]] ? constant_values[f] : mapped;
            v = column == (left ? int(s) : edges->last - int(s)) ? mapped : v;
        }
        return v;
    }
};

/*! A cell near the edge: each read maps its coordinates through the boundaries
    (map_coordinate) and reads the state there, or takes the boundary's value. */
template <class Value, std::size_t Dim, class Source, class Index, class BoundaryFunction, class Time>
struct mapped_cell
{
    Source src;
    const boundary_context<Value, Dim, Index, BoundaryFunction, Time>* ctx;
    Index x[Dim];

    BOOST_ODEINT_TILED_HD Value operator()(std::size_t f) const
    {
        Index i = ctx->origin + Index(f) * ctx->fstride;
        for (std::size_t k = 0; k < Dim; ++k) i += x[k] * ctx->stride[k];
        return src[i];
    }
    template <class... O>
    BOOST_ODEINT_TILED_HD Value operator()(std::size_t f, O... o) const
    {
        check_offset_count<Dim, O...>();
        const Index off[Dim] = {Index(o)...};
        Index i = ctx->origin + Index(f) * ctx->fstride;
        long long ghost[Dim];
        bool outside = false;
        for (std::size_t k = 0; k < Dim; ++k)
        {
            ghost[k] = (long long)x[k] + (long long)off[k];
            const long long m = map_coordinate(ghost[k], (long long)ctx->extent[k], ctx->bc[k]);
            outside |= m < 0;
            i += Index(m) * ctx->stride[k];
            // a boundary function sees periodic dimensions wrapped into the grid, so
            // that every reader of a ghost cell names it alike
            if (ctx->bc[k] == boundary::kind::periodic) ghost[k] = m;
        }
        if (!outside) return src[i];
        // the first dimension that left the grid through a constant or function
        // boundary decides (reflecting and periodic ones have been mapped)
        for (std::size_t k = 0; k < Dim; ++k)
            if ((ghost[k] < 0 || ghost[k] >= (long long)ctx->extent[k]) && ctx->bc[k] == boundary::kind::constant)
                return ctx->constant_values[f];
            else if ((ghost[k] < 0 || ghost[k] >= (long long)ctx->extent[k]) &&
                     ctx->bc[k] == boundary::kind::function)
                break;
        return static_cast<Value>((*ctx->function)(f, ghost, ctx->t));
    }
    BOOST_ODEINT_TILED_HD long long coord(std::size_t k) const { return (long long)x[k]; }
};

/*! A cell seen by an evaluation that keeps only field `field` of the update's output,
    on a grid with neighbour_fields::same_field: a neighbour's read of another field
    gives that field at the cell itself. The update computes every field, and the
    outputs of the other fields would read those fields at neighbours, which the
    access distance of same_field does not cover (it lies outside the window of a
    block, or beyond d of the component); under same_field the kept output does not
    depend on those reads, so it is the same as the unmasked update's. */
template <class Cell>
struct same_field_cell
{
    const Cell* cell;
    std::size_t field;

    BOOST_ODEINT_TILED_HD auto operator()(std::size_t f) const { return (*cell)(f); }
    template <class... O>
    BOOST_ODEINT_TILED_HD auto operator()(std::size_t f, O... o) const
    {
        return f == field ? (*cell)(f, o...) : (*cell)(f);
    }
    BOOST_ODEINT_TILED_HD long long coord(std::size_t k) const { return cell->coord(k); }
};

} // namespace detail

}}}}} // namespace boost::numeric::odeint::tiled::grid

BOOST_ODEINT_TILED_DEVICE_CALLS_END

#endif // BOOST_NUMERIC_ODEINT_TILED_GRID_CELL_HPP_INCLUDED
