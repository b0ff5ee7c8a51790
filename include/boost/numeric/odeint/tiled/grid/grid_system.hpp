/*
 boost/numeric/odeint/tiled/grid/grid_system.hpp

 tiled::grid::system: a LimitedAccessSystem written from one per-cell update on a
 structured grid (method of lines). The user writes what one cell's fields change by,
 reading neighbours by offset and field; the helper supplies

   - the state's numbering of components and the access distance (grid_shape.hpp),
   - the per-component operator()(j, y, t) every backend can call,
   - the block form evaluate_range(first, last, y, dydt, t), which the TBB backend and
     as_odeint_system run: one division per block to find the first cell, then rows
     of cells whose stencil lies inside the grid as plain loops over pointers, and
     the boundaries' mapped reads only for the cells at the edge,
   - the per-cell form evaluate_cell(cell, y, dydt, t): every field of one cell from
     one update, which as_odeint_system runs on the GPU for stock odeint steppers,
   - the geometry (grid_shape(), update()), from which the CUDA backend runs whole
     steps on 2D/3D tiles of cells (backends/cuda/grid_tile_kernel.hpp).

   struct brusselator {                                    // the user's part
       double diffusion;
       template <class Cell, class Out, class Time>
       BOOST_ODEINT_TILED_HD void operator()(const Cell& c, Out& out, Time) const {
           const double u = c(0), v = c(1), uuv = u * u * v;
           out[0] = 1.0 + uuv - 4.4 * u + diffusion * (c(0, -1, 0) + c(0, 1, 0) + c(0, 0, -1) + c(0, 0, 1) - 4.0 * u);
           out[1] = 3.4 * u - uuv       + diffusion * (c(1, -1, 0) + c(1, 1, 0) + c(1, 0, -1) + c(1, 0, 1) - 4.0 * v);
       }
   };
   auto sys = tiled::grid::make_system<2>(
       tiled::grid::extents(nx, ny).neighbour_fields(tiled::grid::neighbour_fields::same_field),
       brusselator{0.45});
   std::vector<double> x(sys.size());                      // x[sys.component(f, ix, iy)]
   odeint::integrate_const(tiled::runge_kutta4<std::vector<double>>(), sys, x, 0.0, 1.0, 1e-3);

 An update computes every field of its cell: out[f] for f = 0 .. Fields-1. It must not
 keep state between calls and must give the same value for the same reads (the
 per-component and block forms then agree bitwise, which the tests check).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_GRID_GRID_SYSTEM_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_GRID_GRID_SYSTEM_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <array>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/numeric/odeint/tiled/grid/cell.hpp>
#include <boost/numeric/odeint/tiled/grid/fast_divider.hpp>
#include <boost/numeric/odeint/tiled/grid/grid_shape.hpp>
#include <boost/numeric/odeint/tiled/system/is_grid_system.hpp>

BOOST_ODEINT_TILED_DEVICE_CALLS_BEGIN

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace grid {

template <std::size_t Fields, class Update, std::size_t Dim, class Value = double,
          class BoundaryFunction = no_boundary_function>
class system
{
public:
    static_assert(Fields >= 1, "tiled::grid::system needs at least one field");
    using value_type = Value;
    using update_type = Update;
    using boundary_function_type = BoundaryFunction;
    using grid_system_tag = void;  //!< what is_grid_system looks for
    static constexpr std::size_t fields = Fields;
    static constexpr std::size_t dimensions = Dim;

    system(const grid::shape<Dim>& s, const Update& update, const BoundaryFunction& fn = BoundaryFunction(),
           const std::array<Value, Fields>& constant_values = std::array<Value, Fields>{})
        : m_shape(s), m_update(update), m_function(fn)
    {
        s.validate(Fields);
        for (std::size_t k = 0; k < Dim; ++k)
            if (s.bc[k] == boundary::function() && std::is_same<BoundaryFunction, no_boundary_function>::value)
                throw std::invalid_argument("tiled::grid::system: dimension " + std::to_string(k) +
                                            " has boundary::function() but the system was made without a "
                                            "boundary function (make_system's third argument)");
        for (std::size_t f = 0; f < Fields; ++f) m_constant[f] = constant_values[f];
        m_cells = s.cells();
        m_d = s.access_distance(Fields);
        m_cyclic_d = s.cyclic_access_distance(Fields);
        m_fits_int = m_cells * Fields <= std::size_t(0x7fffffff) / 2;
        for (std::size_t k = 0; k < Dim; ++k)
            m_divider[k] = tiled::detail::u32_divider(
                s.extent[k] <= 0xffffffffu ? static_cast<unsigned>(s.extent[k]) : 1u);
    }

    BOOST_ODEINT_TILED_HD std::size_t size() const { return m_cells * Fields; }
    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return m_d; }
    //! Around the ring of the components: below access_distance() where the last
    //! dimension is periodic (grid::shape::cyclic_access_distance), which lets the CPU
    //! tile such a grid as it tiles one with reflecting boundaries.
    BOOST_ODEINT_TILED_HD std::size_t cyclic_access_distance() const { return m_cyclic_d; }
    BOOST_ODEINT_TILED_HD const grid::shape<Dim>& grid_shape() const { return m_shape; }
    BOOST_ODEINT_TILED_HD const Update& update() const { return m_update; }
    BOOST_ODEINT_TILED_HD const BoundaryFunction& boundary_function() const { return m_function; }
    BOOST_ODEINT_TILED_HD const Value* constant_values() const { return m_constant; }
    BOOST_ODEINT_TILED_HD std::size_t cells() const { return m_cells; }

    //! The component of field f of the cell at (x, y, z) (unused coordinates 0).
    BOOST_ODEINT_TILED_HD std::size_t component(std::size_t f, std::size_t x, std::size_t y = 0, std::size_t z = 0) const
    {
        const std::size_t c[3] = {x, y, z};
        std::size_t cell = 0;
        for (std::size_t k = Dim; k-- > 0;) cell = cell * m_shape.extent[k] + c[k];
        return m_shape.field_layout == layout::interleaved ? cell * Fields + f : f * m_cells + cell;
    }

    //! f_j(t, y): component j's field of its cell's update (the update runs whole).
    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD Value operator()(std::size_t j, const Y& y, Time t) const
    {
        if (m_fits_int) return component_value<int>(j, y, t);
        return component_value<long long>(j, y, t);
    }

    /*! Every field of cell `cell` (0 .. cells()-1) into dydt at its components: one
        update for the cell's Fields components, where operator() runs it once per
        component. The whole-vector form of stock odeint steppers on the GPU
        (backends/cuda/cuda_whole_vector_rhs.hpp) runs it once per cell. y: the whole
        state (an indexable view or a pointer). The same values as operator()'s. */
    template <class Y, class Out, class Time>
    BOOST_ODEINT_TILED_HD void evaluate_cell(std::size_t cell, const Y& y, Out* dydt, Time t) const
    {
        if (m_fits_int) cell_values<int>(cell, y, dydt, t);
        else cell_values<long long>(cell, y, dydt, t);
    }

    /*! The block form: f_first .. f_{last-1} into dydt[0 .. last-first). Host code:
        &y[i] must be a pointer with the window of range_rhs.hpp behind it. */
    template <class Y, class Out, class Time>
    void evaluate_range(std::size_t first, std::size_t last, const Y& y, Out* dydt, Time t) const
    {
        if (first >= last) return;
        if (m_shape.field_layout == layout::interleaved)
        {
            const std::size_t c0 = first / Fields, c1 = (last - 1) / Fields + 1;
            run_cells(c0, c1, y, t, [&](std::size_t cell, const Value (&out)[Fields]) {
                const std::size_t j0 = cell * Fields;
                for (std::size_t f = 0; f < Fields; ++f)
                    if (j0 + f >= first && j0 + f < last) dydt[j0 + f - first] = static_cast<Out>(out[f]);
            }, [&](std::size_t c_begin, std::size_t count, const auto& cell, auto direction) {
                // cells wholly inside [first, last): no per-field test
                interior_run<false>(cell, cell.p, dydt + (c_begin * Fields - first), std::ptrdiff_t(count), 0, t,
                                    direction);
            }, first, last, Fields);
        }
        else
        {
            for (std::size_t f = first / m_cells; f < Fields && f * m_cells < last; ++f)
            {
                const std::size_t a = f * m_cells > first ? f * m_cells : first;
                const std::size_t b = (f + 1) * m_cells < last ? (f + 1) * m_cells : last;
                const std::size_t c0 = a - f * m_cells, c1 = b - f * m_cells;
                run_cells(c0, c1, y, t, [&](std::size_t cell, const Value (&out)[Fields]) {
                    dydt[f * m_cells + cell - first] = static_cast<Out>(out[f]);
                }, [&](std::size_t c_begin, std::size_t count, const auto& cell, auto direction) {
                    // a plane's window reaches the other planes' cells only within d
                    if (masks_other_fields())
                        interior_run<true>(cell, cell.p, dydt + (f * m_cells + c_begin - first), std::ptrdiff_t(count), f,
                                           t, direction);
                    else
                        interior_run<false>(cell, cell.p, dydt + (f * m_cells + c_begin - first), std::ptrdiff_t(count), f,
                                            t, direction);
                }, first, last, masks_other_fields() ? f : Fields);
            }
        }
    }

private:
    //! the largest stencil radius whose edge cells read through detail::table_cell
    //! (larger radii map every read, as a boundary function does)
    static constexpr std::size_t table_radius = 8;

    //! n / extent[k]: by the multiply-high divider where n and the extent fit 32 bits
    //! (a 64-bit division is tens of cycles on the host, a long sequence on a GPU; a
    //! block of a few hundred components pays it several times); fits: known to fit.
    BOOST_ODEINT_TILED_HD std::size_t quotient(std::size_t k, std::size_t n, bool fits = false) const
    {
        if (fits || (n <= 0xffffffffu && m_shape.extent[k] <= 0xffffffffu))
            return m_divider[k].divide(static_cast<unsigned>(n));
        return n / m_shape.extent[k];
    }

    //! Coordinates of `cell` (one division per dimension but the last).
    template <class Index>
    BOOST_ODEINT_TILED_HD void coordinates(std::size_t cell, Index (&x)[Dim]) const
    {
        for (std::size_t k = 0; k + 1 < Dim; ++k)
        {
            const std::size_t q = quotient(k, cell, std::is_same<Index, int>::value);
            x[k] = Index(cell - q * m_shape.extent[k]);
            cell = q;
        }
        x[Dim - 1] = Index(cell);
    }

    template <class Index>
    BOOST_ODEINT_TILED_HD bool interior(const Index (&x)[Dim]) const
    {
        const Index r = Index(m_shape.stencil_radius);
        bool in = true;
        for (std::size_t k = 0; k < Dim; ++k) in = in && x[k] >= r && x[k] + r < Index(m_shape.extent[k]);
        return in;
    }

    //! Whether an evaluation that keeps one field of the update must mask the other
    //! fields' neighbour reads (detail::same_field_cell): same_field, several fields.
    BOOST_ODEINT_TILED_HD bool masks_other_fields() const
    {
        return Fields > 1 && m_shape.neighbours == neighbour_fields::same_field;
    }

    //! The update on cell c; with only_field < Fields, only out[only_field] is kept
    //! and the update sees c through detail::same_field_cell.
    template <class Cell, class Time>
    BOOST_ODEINT_TILED_HD void run_update(const Cell& c, Value (&out)[Fields], Time t, std::size_t only_field) const
    {
        if constexpr (Fields > 1)
            if (only_field < Fields)
            {
                const detail::same_field_cell<Cell> masked{&c, only_field};
                m_update(masked, out, t);
                return;
            }
        m_update(c, out, t);
    }

    template <class Index, class Time>
    BOOST_ODEINT_TILED_HD detail::boundary_context<Value, Dim, Index, BoundaryFunction, Time> context(Time t) const
    {
        detail::boundary_context<Value, Dim, Index, BoundaryFunction, Time> ctx;
        ctx.origin = 0;
        ctx.fstride = m_shape.field_layout == layout::interleaved ? Index(1) : Index(m_cells);
        for (std::size_t k = 0; k < Dim; ++k)
        {
            ctx.extent[k] = Index(m_shape.extent[k]);
            const Index cs = Index(m_shape.cell_stride(k));
            ctx.stride[k] = m_shape.field_layout == layout::interleaved ? cs * Index(Fields) : cs;
            ctx.bc[k] = m_shape.bc[k].what;
        }
        ctx.constant_values = m_constant;
        ctx.function = &m_function;
        ctx.t = t;
        return ctx;
    }

    template <class Index, class Y, class Time>
    BOOST_ODEINT_TILED_HD Value component_value(std::size_t j, const Y& y, Time t) const
    {
        std::size_t cell, f;
        if (m_shape.field_layout == layout::interleaved)
        {
            cell = j / Fields;
            f = j - cell * Fields;
        }
        else
        {
            cell = j;
            f = 0;
            while (cell >= m_cells) { cell -= m_cells; ++f; }
        }
        Value out[Fields];
        cell_update<Index>(cell, y, t, masks_other_fields() ? f : Fields, out);
        return out[f];
    }

    template <class Index, class Y, class Out, class Time>
    BOOST_ODEINT_TILED_HD void cell_values(std::size_t cell, const Y& y, Out* dydt, Time t) const
    {
        // every field is kept, so no read is masked (same_field): the update reads the
        // other fields' neighbours as it would in the block form's whole cells
        Value out[Fields];
        cell_update<Index>(cell, y, t, Fields, out);
        const bool interleaved = m_shape.field_layout == layout::interleaved;
        for (std::size_t f = 0; f < Fields; ++f)
            dydt[interleaved ? cell * Fields + f : f * m_cells + cell] = static_cast<Out>(out[f]);
    }

    //! The update on cell `cell` of the state y (an indexable view): interior cells
    //! read through plain offsets, the others map every read through the boundaries.
    template <class Index, class Y, class Time>
    BOOST_ODEINT_TILED_HD void cell_update(std::size_t cell, const Y& y, Time t, std::size_t only_field,
                                           Value (&out)[Fields]) const
    {
        Index x[Dim];
        coordinates<Index>(cell, x);
        const auto ctx = context<Index>(t);
        using source = detail::view_source<Y, Value, Index>;
        if (interior(x))
        {
            detail::direct_cell<Value, Dim, source, Index> c{source{&y}, Index(0), ctx.fstride, {}, {}};
            c.base = m_shape.field_layout == layout::interleaved ? Index(cell) * Index(Fields) : Index(cell);
            for (std::size_t k = 0; k < Dim; ++k) { c.stride[k] = ctx.stride[k]; c.x[k] = x[k]; }
            run_update(c, out, t, only_field);
        }
        else
        {
            detail::mapped_cell<Value, Dim, source, Index, BoundaryFunction, Time> c{source{&y}, &ctx, {}};
            for (std::size_t k = 0; k < Dim; ++k) c.x[k] = x[k];
            run_update(c, out, t, only_field);
        }
    }

    //! interior_run along a row (cells 1 apart) or down a column (cells `cells` apart,
    //! one per row: the edge columns of merged rows)
    struct along_row
    {
        static constexpr bool column = false;
        static constexpr std::ptrdiff_t cells = 1;
    };
    struct along_column
    {
        static constexpr bool column = true;
        std::ptrdiff_t cells;
    };

    /* count cells of one row from `first_cell` on (a run_cell or table_cell of the
       layout, at the run's first cell) to o: all fields to o[i*Fields + f]
       (interleaved), or field `field` to o[i] (planar); along_column: count cells of
       one column, `cells` apart in the grid and in o. One plain loop over the cells that the compiler
       vectorises across cells: each iteration is the user's update on a cell whose
       pointer advances by a constant, so its reads are affine. __restrict: dydt never
       overlaps y, and without the promise GCC versions the loop with run-time alias
       checks or gives up on it where the update's members are reloaded after every
       store. Same update, same arithmetic per cell as operator() (so the same bits):
       vectorising only runs several cells side by side. */
    template <bool MaskOtherFields, class Cell, class Out, class Time, class Direction>
    BOOST_ODEINT_TILED_VECTOR_LOOP
    void interior_run(const Cell& first_cell, const Value* __restrict p, Out* __restrict o, std::ptrdiff_t count,
                      std::size_t field, Time t, Direction direction) const
    {
        const long long x0 = first_cell.x[0], x1 = first_cell.x[Dim >= 2 ? 1 : 0];
        const std::ptrdiff_t cells = direction.cells;
        // a copy of a plain update: its members (the equation's constants) are then
        // known not to change under the stores to o, and stay in registers instead of
        // being reloaded, or checked for overlap with o at run time, in every row
        using update_copy = std::conditional_t<std::is_trivially_copyable<Update>::value, const Update, const Update&>;
        update_copy update = m_update;
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC ivdep
#endif
        for (std::ptrdiff_t i = 0; i < count; ++i)
        {
            Cell c = first_cell;
            c.p = p + i * cells * Cell::step;
            if constexpr (Direction::column) c.x[Dim >= 2 ? 1 : 0] = x1 + i;
            else c.x[0] = x0 + i;
            Value out[Fields];
            if constexpr (MaskOtherFields)
            {
                const detail::same_field_cell<Cell> masked{&c, field};
                update(masked, out, t);
            }
            else
                update(c, out, t);
            if constexpr (Cell::interleaved)
                for (std::size_t f = 0; f < Fields; ++f)
                    o[i * cells * std::ptrdiff_t(Fields) + std::ptrdiff_t(f)] = static_cast<Out>(out[f]);
            else o[i * cells] = static_cast<Out>(out[field]);
        }
    }

    /* Cells [a, b) of rows inside the grid in dimensions 1.. (run_cells' merged rows),
       from the cell at coordinates x. With `edges` (short rows whose edge columns read
       through tables): one run of detail::edge_select_cell over all of them, which
       applies dimension 0's boundary in the run itself. Otherwise one run that takes
       every cell as interior, then the cells within r of each row's ends again,
       by_columns through edge_column (one run per edge column), else through
       edge_cell. */
    template <class Index, class Ctx, class CellPointer, class Run, class EdgeCell, class EdgeColumn>
    void merged_rows(std::size_t a, std::size_t b, const Index (&x)[Dim], const Ctx& ctx, CellPointer&& cell_pointer,
                     Run&& run, EdgeCell&& edge_cell, EdgeColumn&& edge_column, bool by_columns,
                     const detail::row_edges<table_radius>* edges) const
    {
        auto start = [&](auto& cell) {
            cell.p = cell_pointer(a);
            cell.fstride = std::ptrdiff_t(ctx.fstride);
            for (std::size_t k = 0; k < Dim; ++k) { cell.stride[k] = std::ptrdiff_t(ctx.stride[k]); cell.x[k] = x[k]; }
            cell.row_length = (long long)m_shape.extent[0];
            cell.row_divider = m_divider[0];
            run(a, b - a, cell, along_row{});
        };
        if (edges)
        {
            auto selecting = [&](auto cell) {
                cell.edges = edges;
                cell.constant_values = ctx.constant_values;
                start(cell);
            };
            const bool constant = ctx.bc[0] == boundary::kind::constant;
            if (m_shape.field_layout == layout::interleaved)
            {
                if (constant) selecting(detail::edge_select_cell<Value, Dim, Fields, true, true, table_radius>{});
                else selecting(detail::edge_select_cell<Value, Dim, Fields, true, false, table_radius>{});
            }
            else
            {
                if (constant) selecting(detail::edge_select_cell<Value, Dim, Fields, false, true, table_radius>{});
                else selecting(detail::edge_select_cell<Value, Dim, Fields, false, false, table_radius>{});
            }
            return;
        }
        if (m_shape.field_layout == layout::interleaved)
        {
            detail::run_cell<Value, Dim, Fields, true, true> cell;
            start(cell);
        }
        else
        {
            detail::run_cell<Value, Dim, Fields, false, true> cell;
            start(cell);
        }
        const std::size_t nx = m_shape.extent[0], r = m_shape.stencil_radius;
        if (by_columns)
        {
            // each of the 2r edge columns as one run down the rows (nx > 2r here)
            const std::size_t row0 = a - static_cast<std::size_t>(x[0]);
            for (std::size_t k = 0; k < 2 * r; ++k)
            {
                const std::size_t x0 = k < r ? k : nx - 2 * r + k;
                std::size_t cell = row0 + x0;
                Index row = x[Dim >= 2 ? 1 : 0];
                if (cell < a) { cell += nx; ++row; }
                if (cell >= b) continue;
                edge_column(cell, Index(x0), row, quotient(0, b - 1 - cell) + 1);
            }
            return;
        }
        Index xc[Dim];
        for (std::size_t k = 0; k < Dim; ++k) xc[k] = x[k];
        for (std::size_t row_start = a - static_cast<std::size_t>(x[0]); row_start < b; row_start += nx, ++xc[1])
        {
            const std::size_t ends[2][2] = {{row_start, row_start + r}, {row_start + nx - r, row_start + nx}};
            for (const auto& e : ends)
                for (std::size_t cell = e[0] > a ? e[0] : a; cell < e[1] && cell < b; ++cell)
                {
                    xc[0] = Index(cell - row_start);
                    edge_cell(cell, xc, true);
                }
        }
    }

    /* Cells [c0, c1) of one field plane (planar) or of the state (interleaved), row by
       row. Edge cells, and cells only partly inside [first, last) (interleaved), go to
       `single(cell, out)`; a run of cells wholly inside goes to `run(c_begin, count,
       cell, direction)`, with cell the layout's run_cell or table_cell at cell c_begin
       (along_row{}: a row's interior cells; along_column{}: an edge column of merged
       rows).
       only_field < Fields: only out[only_field] is used (planar, same_field), see
       run_update. An interleaved cell only partly inside [first, last) on a same_field
       grid is evaluated once per field inside, each masked, since the window of the
       block does not reach its other fields' neighbours. */
    template <class Y, class Time, class Single, class Run>
    void run_cells(std::size_t c0, std::size_t c1, const Y& y, Time t, Single&& single, Run&& run, std::size_t first,
                   std::size_t last, std::size_t only_field) const
    {
        using Index = long long;
        const auto ctx = context<Index>(t);
        const Value* const p_first = &y[first];
        // pointer to field 0 of cell c (interleaved: component F*c; planar: c)
        auto cell_pointer = [&](std::size_t c) {
            const std::size_t j0 = m_shape.field_layout == layout::interleaved ? c * Fields : c;
            return p_first + (static_cast<std::ptrdiff_t>(j0) - static_cast<std::ptrdiff_t>(first));
        };
        using view_source = detail::view_source<Y, Value, Index>;
        Index x[Dim];
        coordinates<Index>(c0, x);
        const Index r = Index(m_shape.stencil_radius);
        const Index nx = Index(m_shape.extent[0]);
        std::size_t c = c0;
        // a cell at the start or end of a row inside the grid in dimensions 1..: only
        // its reads along dimension 0 need the boundary
        const bool interleaved = m_shape.field_layout == layout::interleaved;
        // the update on `some_cell`, or once per field inside [first, last) where the
        // cell is only partly inside on a same_field grid (see the comment above)
        auto evaluate = [&](std::size_t cell, const auto& some_cell, Value (&out)[Fields]) {
            const std::size_t j0 = cell * Fields;
            if (interleaved && masks_other_fields() && (j0 < first || j0 + Fields > last))
            {
                for (std::size_t f = 0; f < Fields; ++f)
                {
                    out[f] = Value();
                    if (j0 + f < first || j0 + f >= last) continue;
                    Value kept[Fields];
                    run_update(some_cell, kept, t, f);
                    out[f] = kept[f];
                }
            }
            else
                run_update(some_cell, out, t, only_field);
        };
        auto row_edge_cell = [&](std::size_t cell, const Index (&xc)[Dim], auto& ec, Value (&out)[Fields]) {
            ec.in.p = cell_pointer(cell);
            ec.in.fstride = std::ptrdiff_t(ctx.fstride);
            for (std::size_t k = 0; k < Dim; ++k) { ec.in.stride[k] = std::ptrdiff_t(ctx.stride[k]); ec.in.x[k] = xc[k]; }
            ec.extent0 = (long long)ctx.extent[0];
            ec.bc0 = ctx.bc[0];
            ec.constant_values = ctx.constant_values;
            ec.function = ctx.function;
            ec.t = t;
            evaluate(cell, ec, out);
        };
        // Where the radius fits the tables and no boundary a cell reads through is a
        // function, the cells near the edge read through axis_reads tables
        // (detail::table_cell): one per dimension for the coordinates inside
        // (identity), one per edge column of dimension 0 (made when first needed) and
        // one per dimension of the current row where it lies within r of the edge in
        // dimensions 1.. . tables: the rows inside in dimensions 1.. ; row_tables:
        // every row.
        using axis = detail::axis_reads<table_radius>;
        const bool tables = r <= Index(table_radius) && ctx.bc[0] != boundary::kind::function;
        const bool row_tables = tables && !has_function_boundary();
        axis identity[Dim], column_axis[2 * table_radius], row_axis[Dim];
        bool column_axis_made[2 * table_radius] = {};
        const axis* row_reads[Dim];
        auto make_axis = [&](axis& a, std::size_t k, Index xk) {
            for (Index o = -r; o <= r; ++o)
            {
                const long long m = detail::map_coordinate((long long)(xk + o), (long long)ctx.extent[k], ctx.bc[k]);
                a.shift[o + Index(table_radius)] = m >= 0 ? std::ptrdiff_t(m - (long long)xk) * std::ptrdiff_t(ctx.stride[k]) : 0;
                a.constant[o + Index(table_radius)] = m < 0;
            }
        };
        // identity[k] is read only at coordinates with the whole stencil inside (so
        // where extent[k] > 2r), where every coordinate reads as coordinate r does
        if (tables)
            for (std::size_t k = 0; k < Dim; ++k)
                if (ctx.extent[k] > 2 * r) make_axis(identity[k], k, r);
        // the reads along dimension 0 of a cell in column x0
        auto column_reads = [&](Index x0) -> const axis* {
            if (x0 >= r && x0 + r < nx) return &identity[0];
            const std::size_t slot = x0 < r ? std::size_t(x0) : std::size_t(r + x0 - (nx - r));
            if (!column_axis_made[slot])
            {
                make_axis(column_axis[slot], 0, x0);
                column_axis_made[slot] = true;
            }
            return &column_axis[slot];
        };
        auto set_table_cell = [&](auto& tc, std::size_t cell, const Index (&xc)[Dim], bool row_inside) {
            tc.p = cell_pointer(cell);
            tc.fstride = std::ptrdiff_t(ctx.fstride);
            for (std::size_t k = 0; k < Dim; ++k)
            {
                tc.x[k] = (long long)xc[k];
                const axis* a = k == 0 ? column_reads(xc[0]) : row_inside ? &identity[k] : row_reads[k];
                tc.shift[k] = a->shift_at_0();
                tc.outside[k] = a->constant_at_0();
            }
            tc.constant_values = ctx.constant_values;
        };
        // f(a table_cell of the layout at `cell`), whose flags are read where a boundary
        // is constant
        const bool any_constant = has_constant_boundary();
        auto with_table_cell = [&](std::size_t cell, const Index (&xc)[Dim], bool row_inside, auto&& f) {
            auto go = [&](auto tc) {
                set_table_cell(tc, cell, xc, row_inside);
                f(tc);
            };
            if (interleaved)
            {
                if (any_constant) go(detail::table_cell<Value, Dim, Fields, true, true>{});
                else go(detail::table_cell<Value, Dim, Fields, true, false>{});
            }
            else
            {
                if (any_constant) go(detail::table_cell<Value, Dim, Fields, false, true>{});
                else go(detail::table_cell<Value, Dim, Fields, false, false>{});
            }
        };
        auto edge_cell = [&](std::size_t cell, const Index (&xc)[Dim], bool row_inside) {
            Value out[Fields];
            const bool by_table = row_inside ? tables : row_tables;
            const bool whole = !interleaved || (cell * Fields >= first && cell * Fields + Fields <= last);
            if (by_table && whole)
            {
                // a run of one: the update inlined into the run's loop, as in every run
                with_table_cell(cell, xc, row_inside, [&](const auto& tc) { run(cell, 1, tc, along_row{}); });
                return;
            }
            if (by_table)
                with_table_cell(cell, xc, row_inside, [&](const auto& tc) { evaluate(cell, tc, out); });
            else if (row_inside && !interior(xc))
            {
                if (m_shape.field_layout == layout::interleaved)
                {
                    detail::row_edge_cell<Value, Dim, Fields, true, BoundaryFunction, Time> ec;
                    row_edge_cell(cell, xc, ec, out);
                }
                else
                {
                    detail::row_edge_cell<Value, Dim, Fields, false, BoundaryFunction, Time> ec;
                    row_edge_cell(cell, xc, ec, out);
                }
            }
            else if (interior(xc))
            {
                detail::direct_cell<Value, Dim, view_source, Index> dc{view_source{&y}, Index(0), ctx.fstride, {}, {}};
                dc.base = Index(m_shape.field_layout == layout::interleaved ? cell * Fields : cell);
                for (std::size_t k = 0; k < Dim; ++k) { dc.stride[k] = ctx.stride[k]; dc.x[k] = xc[k]; }
                evaluate(cell, dc, out);
            }
            else
            {
                detail::mapped_cell<Value, Dim, view_source, Index, BoundaryFunction, Time> mc{view_source{&y}, &ctx, {}};
                for (std::size_t k = 0; k < Dim; ++k) mc.x[k] = xc[k];
                evaluate(cell, mc, out);
            }
            single(cell, out);
        };
        // the cells of edge column x0 from `cell` (in row `row`) down `rows` rows of
        // merged rows, as one run through the column's table
        auto edge_column = [&](std::size_t cell, Index x0, Index row, std::size_t rows) {
            Index xc[Dim];
            for (std::size_t k = 0; k < Dim; ++k) xc[k] = x[k];
            xc[0] = x0;
            xc[Dim >= 2 ? 1 : 0] = row;
            with_table_cell(cell, xc, true, [&](const auto& tc) { run(cell, rows, tc, along_column{std::ptrdiff_t(nx)}); });
        };
        const std::size_t whole_first = interleaved ? (first + Fields - 1) / Fields : c0;
        const std::size_t whole_last = interleaved ? last / Fields : c1;
        // Consecutive rows that lie inside the grid in dimensions 1.. run as one loop
        // (merged rows). Rows of up to select_row_cells cells whose edge columns read
        // through tables apply dimension 0's boundary in that loop
        // (detail::edge_select_cell); otherwise every cell is computed as if interior,
        // and then the cells within r of a row's ends again, which overwrite them:
        // with the read tables as one run down each of the 2r edge columns, else one
        // cell at a time. Short rows (BRUSS2D with d = 32: 16 cells) would otherwise
        // spend their time in the heads and tails of a vector loop per row. An edge
        // cell computed as interior reads at the same distances from it as an interior
        // cell does, so inside the window of the block (range_rhs.hpp); `reach` keeps
        // those reads inside the state for the first and last cells of the grid, whose
        // reads would leave it.
        std::size_t reach = 0;
        for (std::size_t k = 0; k < Dim; ++k) reach += m_shape.stencil_radius * m_shape.cell_stride(k);
        // Every lane of an edge_select_cell run also loads the cells that the edge
        // columns' reads map to, up to nx - 1 cells further along the row (periodic),
        // so those loads too must stay inside the state.
        const std::size_t select_reach = reach + static_cast<std::size_t>(nx) - 1;
        // (not where a plane's cells must mask the other planes' neighbour reads)
        const bool merge_rows = Dim >= 2 && nx > 2 * r && m_cells <= std::size_t(0xffffffffu) - 1 &&
                                only_field >= Fields;
        // merged rows go in pieces of whole rows that stay in the first-level cache
        // until their edge cells are redone (a second pass over memory otherwise)
        const std::size_t piece =
            merge_rows ? (quotient(0, merged_piece_cells + static_cast<std::size_t>(nx) - 1)) * static_cast<std::size_t>(nx) : 0;
        // rows up to select_row_cells long: their edge columns in the merged run itself
        // (detail::edge_select_cell), through tables made once per call
        const bool select_edges = merge_rows && tables && std::size_t(nx) <= select_row_cells;
        detail::row_edges<table_radius> edges;
        edges.column = nullptr;  // made when first needed
        auto make_row_edges = [&] {
            edges.column = column_pattern(std::size_t(nx), piece);
            edges.last = int(nx - 1);
            edges.radius = std::ptrdiff_t(r);
            for (Index k = 0; k < 2 * r; ++k) edges.axis[k] = column_reads(k < r ? k : nx - 2 * r + k);
        };
        while (c < c1)
        {
            bool row_inside = true;
            for (std::size_t k = 1; k < Dim; ++k)
                row_inside = row_inside && x[k] >= r && x[k] + r < Index(m_shape.extent[k]);
            if (row_tables && !row_inside)
                for (std::size_t k = 1; k < Dim; ++k)
                {
                    if (x[k] >= r && x[k] + r < Index(m_shape.extent[k])) row_reads[k] = &identity[k];
                    else
                    {
                        make_axis(row_axis[k], k, x[k]);
                        row_reads[k] = &row_axis[k];
                    }
                }
            if (merge_rows && row_inside && c >= whole_first && c >= reach)
            {
                // rows x[1] .. extent[1] - r - 1 of this plane
                const std::size_t rows = static_cast<std::size_t>(Index(m_shape.extent[1]) - r - x[1]);
                std::size_t b = c - static_cast<std::size_t>(x[0]) + rows * static_cast<std::size_t>(nx);
                if (b > c1) b = c1;
                if (b > whole_last) b = whole_last;
                if (b + reach > m_cells) b = m_cells > reach ? m_cells - reach : 0;
                const std::size_t piece_end = c - static_cast<std::size_t>(x[0]) + piece;
                if (b > piece_end) b = piece_end;
                if (b > c)
                {
                    const bool select_here = select_edges && c >= select_reach && b + select_reach <= m_cells;
                    if (select_here && !edges.column) make_row_edges();
                    merged_rows(c, b, x, ctx, cell_pointer, run, edge_cell, edge_column, tables,
                                select_here ? &edges : nullptr);
                    const std::size_t q = static_cast<std::size_t>(x[0]) + (b - c);
                    const std::size_t q_rows = quotient(0, q);
                    x[0] = Index(q - q_rows * static_cast<std::size_t>(nx));
                    x[1] += Index(q_rows);
                    c = b;
                    if (x[1] == Index(m_shape.extent[1]))  // next plane (3D)
                    {
                        x[1] = 0;
                        for (std::size_t k = 2; k < Dim; ++k)
                        {
                            if (++x[k] < Index(m_shape.extent[k])) break;
                            x[k] = 0;
                        }
                    }
                    continue;
                }
            }
            // the rest of this row, up to c1
            const std::size_t row_left = static_cast<std::size_t>(nx - x[0]);
            const std::size_t row_end = c + (c1 - c < row_left ? c1 - c : row_left);
            // interior run: x in [r, nx - r), and (interleaved) whole cells in [first, last)
            std::size_t a = row_end, b = row_end;
            if (row_inside || row_tables)
            {
                const std::size_t row_start = c - static_cast<std::size_t>(x[0]);
                a = row_start + static_cast<std::size_t>(r);
                b = nx > r ? row_start + static_cast<std::size_t>(nx - r) : a;
                if (a < c) a = c;
                if (b > row_end) b = row_end;
                if (a < whole_first) a = whole_first;
                if (b > whole_last) b = whole_last;
                if (a >= b) a = b = row_end;
            }
            for (; c < a; ++c, ++x[0]) edge_cell(c, x, row_inside);
            if (a < b && !row_inside)
            {
                // a row within r of the edge in dimensions 1..: its cells inside along
                // dimension 0 as one run through the row's tables
                with_table_cell(a, x, false, [&](const auto& tc) { run(a, b - a, tc, along_row{}); });
                x[0] += Index(b - a);
                c = b;
            }
            else if (a < b)
            {
                auto interior = [&](auto& cell) {
                    cell.p = cell_pointer(a);
                    cell.fstride = std::ptrdiff_t(ctx.fstride);
                    for (std::size_t k = 0; k < Dim; ++k) { cell.stride[k] = std::ptrdiff_t(ctx.stride[k]); cell.x[k] = x[k]; }
                    run(a, b - a, cell, along_row{});
                };
                if (interleaved)
                {
                    detail::run_cell<Value, Dim, Fields, true> cell;
                    interior(cell);
                }
                else
                {
                    detail::run_cell<Value, Dim, Fields, false> cell;
                    interior(cell);
                }
                x[0] += Index(b - a);
                c = b;
            }
            for (; c < row_end; ++c, ++x[0]) edge_cell(c, x, row_inside);
            if (x[0] == nx)  // next row
            {
                x[0] = 0;
                for (std::size_t k = 1; k < Dim; ++k)
                {
                    if (++x[k] < Index(m_shape.extent[k])) break;
                    x[k] = 0;
                }
            }
        }
    }

    //! cells of one piece of merged rows (run_cells): both its state and its output
    //! stay in the first-level cache for a few fields
    static constexpr std::size_t merged_piece_cells = 512;

    //! the longest rows whose merged runs apply dimension 0's boundary in the run
    //! (detail::edge_select_cell): a row's two ends cost every cell of such a run a
    //! few loads and selects, which longer rows no longer win back
    static constexpr std::size_t select_row_cells = 32;

    /* column[j] = j mod nx for j < length (the columns of a run of merged rows that
       starts in column x[0] = j of its first row): made once per thread and row length,
       not once per call. */
    static const int* column_pattern(std::size_t nx, std::size_t length)
    {
        thread_local std::vector<int> pattern;
        thread_local std::size_t period = 0;
        if (period != nx || pattern.size() < length)
        {
            if (pattern.size() < length) pattern.resize(length);
            std::size_t column = 0;
            for (int& c : pattern)
            {
                c = int(column);
                if (++column == nx) column = 0;
            }
            period = nx;
        }
        return pattern.data();
    }

    bool has_function_boundary() const { return has_boundary(boundary::kind::function); }
    bool has_constant_boundary() const { return has_boundary(boundary::kind::constant); }
    bool has_boundary(boundary::kind what) const
    {
        for (std::size_t k = 0; k < Dim; ++k)
            if (m_shape.bc[k].what == what) return true;
        return false;
    }

    grid::shape<Dim> m_shape;
    Update m_update;
    BoundaryFunction m_function;
    Value m_constant[Fields] = {};
    std::size_t m_cells = 0;
    std::size_t m_d = 0;
    std::size_t m_cyclic_d = 0;
    bool m_fits_int = true;
    tiled::detail::u32_divider m_divider[Dim];
};

/*! A grid system of `Fields` fields per cell on grid `s`, whose cells change by
    `update(cell, out, t)`. With a boundary function (for dimensions with
    boundary::function(), called as fn(field, ghost_coords, t) with ghost_coords a
    `long long[Dim]`) and constant values (boundary::constant(), one per field), each
    where the shape's boundaries use them.
      make_system<Fields>(s, update[, fn][, constants])          double values
      make_system<Fields, Value>(s, update[, fn][, constants])   Value (float) values
    The second spelling names the value type of the state the system runs on (the
    update's reads, the constants); the first is the second with Value = double. */
// make_system<Fields, Value>: Value is named, never deduced, so these take part only
// where the call names it (make_system<Fields>(...) does not match them).
template <std::size_t Fields, class Value, std::size_t Dim, class Update>
system<Fields, Update, Dim, Value> make_system(const shape<Dim>& s, const Update& update)
{
    return system<Fields, Update, Dim, Value>(s, update);
}
template <std::size_t Fields, class Value, std::size_t Dim, class Update, class BoundaryFunction>
system<Fields, Update, Dim, Value, BoundaryFunction> make_system(const shape<Dim>& s, const Update& update,
                                                                 const BoundaryFunction& fn)
{
    return system<Fields, Update, Dim, Value, BoundaryFunction>(s, update, fn);
}
template <std::size_t Fields, class Value, std::size_t Dim, class Update>
system<Fields, Update, Dim, Value> make_system(const shape<Dim>& s, const Update& update,
                                               const std::array<Value, Fields>& constant_values)
{
    return system<Fields, Update, Dim, Value>(s, update, no_boundary_function(), constant_values);
}
template <std::size_t Fields, class Value, std::size_t Dim, class Update, class BoundaryFunction>
system<Fields, Update, Dim, Value, BoundaryFunction> make_system(const shape<Dim>& s, const Update& update,
                                                                 const BoundaryFunction& fn,
                                                                 const std::array<Value, Fields>& constant_values)
{
    return system<Fields, Update, Dim, Value, BoundaryFunction>(s, update, fn, constant_values);
}
// make_system<Fields>: Value = double.
template <std::size_t Fields, std::size_t Dim, class Update>
system<Fields, Update, Dim> make_system(const shape<Dim>& s, const Update& update)
{
    return make_system<Fields, double>(s, update);
}
template <std::size_t Fields, std::size_t Dim, class Update, class BoundaryFunction>
system<Fields, Update, Dim, double, BoundaryFunction> make_system(const shape<Dim>& s, const Update& update,
                                                                  const BoundaryFunction& fn)
{
    return make_system<Fields, double>(s, update, fn);
}
template <std::size_t Fields, std::size_t Dim, class Update>
system<Fields, Update, Dim> make_system(const shape<Dim>& s, const Update& update,
                                        const std::array<double, Fields>& constant_values)
{
    return make_system<Fields, double>(s, update, constant_values);
}
template <std::size_t Fields, std::size_t Dim, class Update, class BoundaryFunction>
system<Fields, Update, Dim, double, BoundaryFunction> make_system(const shape<Dim>& s, const Update& update,
                                                                  const BoundaryFunction& fn,
                                                                  const std::array<double, Fields>& constant_values)
{
    return make_system<Fields, double>(s, update, fn, constant_values);
}

}}}}} // namespace boost::numeric::odeint::tiled::grid

BOOST_ODEINT_TILED_DEVICE_CALLS_END

#endif // BOOST_NUMERIC_ODEINT_TILED_GRID_GRID_SYSTEM_HPP_INCLUDED
