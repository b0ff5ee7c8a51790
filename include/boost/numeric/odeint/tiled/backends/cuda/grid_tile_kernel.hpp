/*
 boost/numeric/odeint/tiled/backends/cuda/grid_tile_kernel.hpp

 The CUDA kernel for grid systems (tiled::grid::system): one launch runs the whole
 Runge-Kutta step on tiles of cells that know the geometry (grid/grid_tile_plan.hpp:
 2D/3D boxes with a halo of s*r cells, or whole rows where rows are short).

 A block takes tiles from a persistent loop. For each tile it loads the owned box, its
 halo and its ghost cells from the state into shared memory once (a cell's fields side
 by side, one vector access where they make 8 or 16 bytes), then evaluates stage after
 stage on shrinking boxes. Each thread owns K fixed cells of the box for the whole step
 (on 2D/3D grids a column of K cells along the last dimension): their current stage
 values, the pending stage sums sum_j h a_mj F_j, the solution and the error estimate
 stay in registers (y0 too where the method keeps few values; else a third buffer
 holds it), and only the next stage argument goes to shared memory (two buffers in
 turn, one barrier per stage). A read of a neighbour in the thread's own column comes
 from its registers; every other read is an offset from the cell in the box: ghost
 cells (beyond the grid's edge) hold the value of the cell the boundary mirrors or
 wraps to, copied once per stage after the stage's writes, or the boundary's value at
 the stage's time; so no read maps coordinates, and the update is instantiated once
 per stage and cell of a thread. Which of its cells a tile evaluates at which stage,
 and where their values come from, a thread works out once for every tile whose box
 lies inside the grid along its cut dimensions (they differ only by their position),
 and per tile for the others. The sums are formed in the order of fused_operations
 (y0, then + h a_mj F_j for j = 0, 1, ...), structurally zero terms skipped, so
 results equal the other kernel families' bit for bit where the compiler contracts
 the same way.

 Stores: the owned cells' solution (and error estimate, or the error norm reduced in
 registers and merged per block, cuda_error_norm.hpp; and, for FSAL methods, the last
 stage's derivative when the controller hands it on).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_GRID_TILE_KERNEL_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_GRID_TILE_KERNEL_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <cstdint>
#include <type_traits>
#include <utility>

#include <cuda_runtime_api.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_edge_signal.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error_norm.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_launch.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/grid/fast_divider.hpp>
#include <boost/numeric/odeint/tiled/grid/grid_system.hpp>
#include <boost/numeric/odeint/tiled/grid/grid_tile_plan.hpp>
#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>

//! Cells per thread of the grid kernel, 1 .. 8; 0 (the default): from the tableau and
//! the fields (grid_cells_per_thread). A tuning knob for measurements.
#ifndef BOOST_ODEINT_TILED_CUDA_GRID_CELLS_PER_THREAD
#define BOOST_ODEINT_TILED_CUDA_GRID_CELLS_PER_THREAD 0
#endif

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {


/*! What one grid step of Tableau evaluates and keeps per value: the stages up to the
    last one a weight (or, with an error estimate, an error weight) uses, and the
    registers a cell's value needs (y0, the pending stage sums, the solution, with an
    error estimate the error and F_0 for the norm's scale). */
template <class Tableau, bool WithError>
struct grid_step_traits
{
    static constexpr int s = int(Tableau::stages);
    static constexpr bool a_nonzero(int m, int j) { return !Tableau::a[m][j].is_zero(); }
    static constexpr bool b_nonzero(int j) { return !Tableau::b[j].is_zero(); }
    static constexpr bool e_nonzero(int j)
    {
        if constexpr (is_embedded_tableau<Tableau>::value) return Tableau::b[j] != Tableau::b_hat[j];
        else return false;
    }
    static constexpr int first_nonzero_a(int m)
    {
        for (int j = 0; j < m; ++j)
            if (a_nonzero(m, j)) return j;
        return s;
    }
    static constexpr int first_nonzero_b()
    {
        for (int j = 0; j < s; ++j)
            if (b_nonzero(j)) return j;
        return s;
    }
    static constexpr int first_nonzero_e()
    {
        for (int j = 0; j < s; ++j)
            if (e_nonzero(j)) return j;
        return s;
    }
    static constexpr int evaluated()
    {
        int last = 0;
        for (int j = 0; j < s; ++j)
            if (b_nonzero(j) || (WithError && e_nonzero(j))) last = j;
        return last + 1;
    }
    static constexpr int stages = evaluated();
    //! The most stage sums a cell holds at once between stages: after stage k, those of
    //! stages m >= k + 2 that some F_j, j <= k, has entered (stage k + 1's goes to
    //! shared memory at once).
    static constexpr int live_sums()
    {
        int most = 0;
        for (int k = 0; k < stages; ++k)
        {
            int live = 0;
            for (int m = k + 2; m < stages; ++m)
                for (int j = 0; j <= k; ++j)
                    if (a_nonzero(m, j)) { ++live; break; }
            most = live > most ? live : most;
        }
        return most;
    }
    //! Values a cell's field keeps in registers through the step: the live sums, the
    //! solution, and with an error estimate the error and F_0 (the norm's scale).
    static constexpr int registers_per_value = live_sums() + 1 + (WithError ? 2 : 0);
    //! Whether a cell keeps its y0 in registers too (methods that keep few values, as
    //! RK4): then two buffers of the box serve every stage; else a third holds y0.
    static constexpr bool y0_in_registers = registers_per_value <= 2;
    static constexpr int box_buffers = y0_in_registers ? 2 : 3;
};

/*! Cells per thread: as many as keep a thread's values within about 96 registers
    (8-byte values take two; the rest is for addresses, the neighbours the update
    reads and its temporaries), 2 .. 6: more cells per thread hold more reads at once
    than the registers left (they spill), fewer make smaller tiles (a larger share of
    halo) and more grids decline (no tile holds the step's halo). A cell's values: those
    it keeps through the step, its current stage value and the next stage's argument;
    where y0 stays in registers too (methods that keep few values, as RK4), within 80
    registers. These budgets give the counts that ran BRUSS2D fastest (RK4 5, DOPRI5 2
    or 3; doc/results/gpu_h100.md). Few cells per thread (methods with many stages)
    run 512 threads per block so that a tile still holds enough cells to keep its halo
    small. */
template <class Tableau, bool WithError, std::size_t Fields, class Value>
constexpr int grid_cells_per_thread()
{
    using traits = grid_step_traits<Tableau, WithError>;
    const int per_cell = int(Fields) * (traits::registers_per_value + 2 + (traits::y0_in_registers ? 1 : 0)) *
                         (sizeof(Value) > 4 ? 2 : 1);
    const int budget = traits::y0_in_registers ? 80 : 96;
    const int k = BOOST_ODEINT_TILED_CUDA_GRID_CELLS_PER_THREAD > 0 ? BOOST_ODEINT_TILED_CUDA_GRID_CELLS_PER_THREAD
                                                                     : budget / per_cell;
    const int most = BOOST_ODEINT_TILED_CUDA_GRID_CELLS_PER_THREAD > 0 ? 8 : 6;
    const int least = BOOST_ODEINT_TILED_CUDA_GRID_CELLS_PER_THREAD > 0 ? 1 : 2;
    return k < least ? least : (k > most ? most : k);
}
//! Threads per block of the grid kernel; 0 (the default): 256 for four or more cells
//! per thread, else 512. A tuning knob for measurements.
#ifndef BOOST_ODEINT_TILED_CUDA_GRID_THREADS
#define BOOST_ODEINT_TILED_CUDA_GRID_THREADS 0
#endif
template <int CellsPerThread>
constexpr unsigned grid_tile_threads()
{
    return BOOST_ODEINT_TILED_CUDA_GRID_THREADS > 0 ? unsigned(BOOST_ODEINT_TILED_CUDA_GRID_THREADS)
                                                    : (CellsPerThread >= 4 ? 256u : 512u);
}
//! Blocks per SM the register limit is set for: two of 256 threads, or one of 512
//! (BOOST_ODEINT_TILED_CUDA_GRID_MIN_BLOCKS > 0 instead: a tuning knob for measurements).
#ifndef BOOST_ODEINT_TILED_CUDA_GRID_MIN_BLOCKS
#define BOOST_ODEINT_TILED_CUDA_GRID_MIN_BLOCKS 0
#endif
template <int CellsPerThread>
constexpr unsigned grid_tile_min_blocks()
{
    return BOOST_ODEINT_TILED_CUDA_GRID_MIN_BLOCKS > 0 ? unsigned(BOOST_ODEINT_TILED_CUDA_GRID_MIN_BLOCKS)
                                                       : (CellsPerThread >= 4 ? 2u : 1u);
}

/*! Where a thread's K cells lie in a tile's box and how a stage buffer holds the box.
    On grids of two or more dimensions a thread holds K consecutive cells of a column
    along the last dimension (neighbours in that dimension are then the thread's own
    cells, read from registers), threads side by side taking neighbouring columns; on
    1D grids a thread's cells lie T apart. A buffer holds a cell's fields side by side
    (one vector access where they make 8 or 16 bytes), with slack cells before and
    after the box, so that every cell of a thread may run the update at its own place
    (those the stage does not evaluate read slack and store nothing) without a branch
    per cell. */
template <std::size_t Dim>
struct grid_box_layout
{
    int cells = 0;    //!< box cells
    int columns = 0;  //!< cells per step of the last dimension (its stride; the box's cells on 1D grids)
    int before = 0;   //!< slack cells before the box
    int span = 0;     //!< cells of a buffer: before + cells + slack after

    BOOST_ODEINT_TILED_HD grid_box_layout(const grid::tile_plan<Dim>& p, int cells_per_thread)
    {
        cells = p.box_cells();
        columns = Dim >= 2 ? cells / p.box[Dim - 1] : cells;
        int reach = 0, stride = 1;  // the farthest a stencil read lies from its cell
        for (std::size_t k = 0; k < Dim; ++k)
        {
            reach += p.radius * stride;
            stride *= p.box[k];
        }
        before = Dim >= 2 ? reach : 0;
        span = before + cells + (Dim >= 2 ? reach + cells_per_thread * columns : 0);
    }
};

template <std::size_t Dim, class Value>
struct grid_step_args
{
    grid::tile_plan<Dim> plan;
    tiled::detail::u32_divider box_divider[Dim];  //!< by box[0], box[0]*box[1], ...
    tiled::detail::u32_divider tile_divider[Dim]; //!< by tiles[0], tiles[1], ...
    long long cell_stride[Dim];  //!< cells between neighbours of the grid along each dimension
    long long cells;
    bool interleaved;
    grid::boundary::kind bc[Dim];
    const Value* y;
    Value* out;
    Value* err;                  //!< error estimate (WithError without a fused norm), else nullptr
    const Value* given_dxdt;     //!< F_0 given (FSAL), else nullptr
    Value* next_dxdt;            //!< where the last stage's derivative goes (FSAL), else nullptr
    cuda_norm_accumulator<Value>* norm;
    error_norm_params<Value> norm_params;
    cuda_edge_signal signal;     //!< the end tiles first, and their completion signalled
};

#if defined(__CUDACC__)

template <class F, std::size_t... I>
__device__ __forceinline__ void grid_static_for(F&& f, std::index_sequence<I...>)
{
    (f(std::integral_constant<int, int(I)>{}), ...);
}
template <int N, class F>
__device__ __forceinline__ void grid_static_for(F&& f)
{
    grid_static_for(f, std::make_index_sequence<std::size_t(N)>{});
}

/*! The fields of one cell as a single 8- or 16-byte access where they fill one
    (two doubles, two or four floats), so that a read of a neighbour's fields, which the
    update makes field by field, is one shared-memory instruction (the compiler merges
    the identical reads). */
template <class Value, int F>
struct grid_cell_vector { using type = void; };
template <> struct grid_cell_vector<double, 2> { using type = double2; };
template <> struct grid_cell_vector<float, 2> { using type = float2; };
template <> struct grid_cell_vector<float, 4> { using type = float4; };

template <class Value, int F>
__device__ __forceinline__ Value grid_load_field(const Value* cell, std::size_t f)
{
    using vec = typename grid_cell_vector<Value, F>::type;
    if constexpr (std::is_void<vec>::value)
        return cell[f];
    else
    {
        const vec v = *reinterpret_cast<const vec*>(cell);
        Value r = v.x;  // (a select chain: f need not be a constant)
        if (f == 1) r = v.y;
        if constexpr (F == 4)
        {
            if (f == 2) r = v.z;
            if (f == 3) r = v.w;
        }
        return r;
    }
}
template <class Value, int F>
__device__ __forceinline__ void grid_store_cell(Value* cell, const Value (&v)[F])
{
    using vec = typename grid_cell_vector<Value, F>::type;
    if constexpr (std::is_void<vec>::value)
    {
#pragma unroll
        for (int f = 0; f < F; ++f) cell[f] = v[f];
    }
    else if constexpr (F == 2)
        *reinterpret_cast<vec*>(cell) = vec{v[0], v[1]};
    else
        *reinterpret_cast<vec*>(cell) = vec{v[0], v[1], v[2], v[3]};
}

/*! Cell I of a thread's K in a tile: every read is an offset from the cell in the
    tile's box (ghost cells hold what reads beyond the grid's edge find). On grids of
    two or more dimensions a read along the last dimension that lands on another of
    the thread's cells takes its value from the thread's registers (`own`), the rest
    come from the stage buffer. */
template <class Value, std::size_t Dim, int F, int K, int I>
struct tile_cell
{
    const Value* p;          //!< field 0 of this cell in the stage buffer (fields side by side)
    const Value (*own)[F];   //!< the thread's cells' values at this stage (Dim >= 2)
    int stride[Dim];         //!< values between neighbours in the tile's box
    int x[Dim];              //!< coordinates in the grid

    __device__ __forceinline__ Value mine(int cell, std::size_t f) const
    {
        Value r = own[0][0];  // (select chains: neither index need be a constant)
#pragma unroll
        for (int j = 0; j < K; ++j)
#pragma unroll
            for (int g = 0; g < F; ++g)
                if (j == cell && std::size_t(g) == f) r = own[j][g];
        return r;
    }
    __device__ __forceinline__ Value operator()(std::size_t f) const
    {
        if constexpr (Dim >= 2) return mine(I, f);
        else return grid_load_field<Value, F>(p, f);
    }
    template <class... O>
    __device__ __forceinline__ Value operator()(std::size_t f, O... o) const
    {
        grid::detail::check_offset_count<Dim, O...>();
        const int off[Dim] = {int(o)...};
        if constexpr (Dim >= 2)
        {
            bool along = I + off[Dim - 1] >= 0 && I + off[Dim - 1] < K;
#pragma unroll
            for (std::size_t k = 0; k + 1 < Dim; ++k) along = along && off[k] == 0;
            if (along) return mine(I + off[Dim - 1], f);
        }
        int i = 0;
#pragma unroll
        for (std::size_t k = 0; k < Dim; ++k) i += off[k] * stride[k];
        return grid_load_field<Value, F>(p + i, f);
    }
    __device__ __forceinline__ long long coord(std::size_t k) const { return x[k]; }
};

/*! The state of a box cell for one tile (grid_tile_plan.hpp's classify_box_cell), in
    one int: >= 0, a live cell's ring (dead_box_cell: never evaluated nor read);
    value_ghost: a boundary value; <= -2: a ghost mirroring box cell -(state + 2). */
constexpr int dead_box_cell = 1 << 30;
constexpr int value_ghost = -1;

/*! A ghost cell's boundary value: the first dimension, in order, that g (grid
    coordinates of the ghost, periodic ones wrapped) leaves through a constant boundary
    gives the system's constant, through a function boundary the system's function. */
template <class System, std::size_t Dim, class Time>
__device__ __forceinline__ typename System::value_type grid_ghost_value(const System& sys, int f,
                                                                        const long long (&g)[Dim], Time t)
{
    const grid::shape<Dim>& s = sys.grid_shape();
#pragma unroll
    for (std::size_t k = 0; k < Dim; ++k)
    {
        const bool out = g[k] < 0 || g[k] >= (long long)s.extent[k];
        if (out && s.bc[k].what == grid::boundary::kind::constant) return sys.constant_values()[f];
        if (out && s.bc[k].what == grid::boundary::kind::function) break;
    }
    if constexpr (std::is_same<typename System::boundary_function_type, grid::no_boundary_function>::value)
        return typename System::value_type(0);  // no function boundary: never reached
    else
        return static_cast<typename System::value_type>(sys.boundary_function()(std::size_t(f), g, t));
}

//! Box coordinates of box cell `pos` (divisions by the box's extents as
//! multiply-high, grid/fast_divider.hpp).
template <std::size_t Dim>
__device__ __forceinline__ void box_coordinates(int pos, const grid::tile_plan<Dim>& plan,
                                                const tiled::detail::u32_divider (&div)[Dim], int (&l)[Dim])
{
    int rest = pos;
#pragma unroll
    for (std::size_t k = Dim; k-- > 1;)
    {
        const int q = int(div[k - 1].divide(unsigned(rest)));
        l[k] = q;
        rest -= q * int(k == 1 ? plan.box[0] : plan.box[0] * plan.box[1]);
    }
    l[0] = rest;
}

template <class Tableau, bool WithError, bool FusedNorm, int K, class System, class Value>
__global__ void __launch_bounds__(grid_tile_threads<K>(), grid_tile_min_blocks<K>())
    grid_step_kernel(const System sys, const grid_step_args<System::dimensions, Value> a,
                     const link_coefficients<Tableau, Value> coef)
{
    constexpr std::size_t Dim = System::dimensions;
    constexpr int F = int(System::fields);
    constexpr int T = int(grid_tile_threads<K>());
    using traits = grid_step_traits<Tableau, WithError>;
    constexpr int S = traits::stages;

    // two or three buffers of the box (a cell's fields side by side): the stage
    // arguments in turn, the first holding y0 (and, where y0 does not stay in
    // registers, a third holding y0 through the step)
    extern __shared__ __align__(16) unsigned char grid_shared_raw[];
    const grid::tile_plan<Dim>& plan = a.plan;
    const grid_box_layout<Dim> box(plan, K);
    const int P = box.cells;
    Value* const y0_buf = reinterpret_cast<Value*>(grid_shared_raw) + box.before * F;
    Value* const stage_buf[2] = {y0_buf + F * box.span, traits::y0_in_registers ? y0_buf : y0_buf + 2 * F * box.span};
    int stride[Dim];  // cells between neighbours in the box
    stride[0] = 1;
#pragma unroll
    for (std::size_t k = 1; k < Dim; ++k) stride[k] = stride[k - 1] * plan.box[k - 1];
    // a cell's fields at box cell pos of a buffer
    auto fields_at = [](auto* buf, int pos) { return buf + pos * F; };
    auto y0_at = [&](int pos, int f) { return grid_load_field<Value, F>(fields_at(y0_buf, pos), std::size_t(f)); };
    // this thread's cells: first + i * step, i < K (grid_box_layout)
    int first_cell, step, column_cells_left;
    if constexpr (Dim >= 2)
    {
        const int column = int(threadIdx.x) % box.columns;
        int block = int(threadIdx.x) / box.columns;
        column_cells_left = plan.box[Dim - 1] - block * K;  // cells i < this are in the box
        if (column_cells_left <= 0)  // a thread beyond the box's columns: reads the first block's, stores nothing
        {
            block = 0;
            column_cells_left = 0;
        }
        first_cell = column + block * K * box.columns;
        step = box.columns;
    }
    else
    {
        first_cell = int(threadIdx.x);
        step = T;
        column_cells_left = K;
    }
    // box coordinates of the thread's first cell, and of cell i along the last dimension
    int column_at[Dim];
    {
        int rest = first_cell;
#pragma unroll
        for (std::size_t k = 0; k < Dim; ++k)
        {
            const int extent = k + 1 < Dim ? plan.box[k] : 1 << 30;
            column_at[k] = rest % extent;
            rest /= extent;
        }
    }
    const int along = Dim >= 2 ? 1 : T;
    // 1D grids: a cell that does not evaluate runs the update on the box's centre
    int centre = 0;
#pragma unroll
    for (std::size_t k = 0; k < Dim; ++k) centre += (plan.box[k] / 2) * stride[k];

    auto wrap = [&](int g, std::size_t k) {
        return g < 0 ? g + plan.extent[k] : (g >= plan.extent[k] ? g - plan.extent[k] : g);
    };
    auto component = [&](long long cell, int f) -> long long {
        return a.interleaved ? cell * F + f : (long long)f * a.cells + cell;
    };
    // A tile's origin, the end of its owned cells and its box's first cell, per
    // dimension, from the tile's number.
    auto tile_geometry = [&](int tile, int (&origin)[Dim], int (&owned_end)[Dim], int (&base)[Dim]) {
        int rest = tile;
#pragma unroll
        for (std::size_t k = 0; k < Dim; ++k)
        {
            const int next = int(a.tile_divider[k].divide(unsigned(rest)));
            const int tc = rest - next * plan.tiles[k];
            rest = next;
            origin[k] = tc * plan.owned[k];
            owned_end[k] = origin[k] + plan.owned[k] < plan.extent[k] ? origin[k] + plan.owned[k] : plan.extent[k];
            base[k] = origin[k] - plan.halo[k] - plan.ghost[k];
        }
    };
    // What a thread's cells hold in a tile: each cell's state (classify_box_cell), the
    // state's index of its y0 (live cells and mirror ghosts), the state's index of the
    // column's cell with last coordinate 0, and whether any of them is a ghost or a
    // value ghost. The classification is separable: a thread's cells share their
    // coordinates in every dimension but the last (its column), classified once.
    struct cells_class
    {
        int state[K];
        long long source[K];
        long long col_cell;
        bool ghosts, value_ghosts;
    };
    auto classify_cells = [&](const int (&origin)[Dim], const int (&owned_end)[Dim], const int (&base)[Dim],
                              cells_class& r) {
        auto classify = [&](std::size_t k, int g) {
            return grid::detail::classify_dimension(plan, k, a.bc[k], g, origin[k], owned_end[k]);
        };
        bool col_out = false, col_mapped = true, col_dead = false;
        int col_ring = 0, col_index = 0;
        r.col_cell = 0;
#pragma unroll
        for (std::size_t k = 0; k + 1 < Dim; ++k)
        {
            const grid::detail::dimension_class c = classify(k, base[k] + column_at[k]);
            col_out = col_out || c.out;
            col_mapped = col_mapped && c.mapped;
            col_dead = col_dead || c.dead;
            col_ring = col_ring > c.ring ? col_ring : c.ring;
            col_index += (c.m - base[k]) * stride[k];
            r.col_cell += (long long)wrap(c.m, k) * a.cell_stride[k];
        }
        r.ghosts = false;
        r.value_ghosts = false;
#pragma unroll
        for (int i = 0; i < K; ++i)
        {
            r.state[i] = dead_box_cell;
            r.source[i] = 0;
            if (i >= column_cells_left || first_cell + i * step >= P) continue;
            const grid::detail::dimension_class c = classify(Dim - 1, base[Dim - 1] + column_at[Dim - 1] + i * along);
            if (col_dead || c.dead) continue;
            if (col_out || c.out)
            {
                r.ghosts = true;
                if (!(col_mapped && c.mapped))
                {
                    r.state[i] = value_ghost;
                    r.value_ghosts = true;
                    continue;
                }
                r.state[i] = -(col_index + (c.m - base[Dim - 1]) * stride[Dim - 1] + 2);
            }
            else
                r.state[i] = col_ring > c.ring ? col_ring : c.ring;
            r.source[i] = r.col_cell + (long long)wrap(c.m, Dim - 1) * a.cell_stride[Dim - 1];
        }
    };
    // Tiles whose box lies inside the grid along every cut dimension, their owned
    // cells whole (most tiles), classify alike but for their position: the thread
    // classifies a stand-in for them once (their box at the grid's first cell along
    // cut dimensions) and shifts its indices per tile.
    cells_class inner;
    {
        int origin[Dim], owned_end[Dim], base[Dim];
        tile_geometry(0, origin, owned_end, base);
#pragma unroll
        for (std::size_t k = 0; k < Dim; ++k)
            if (!plan.whole[k])
            {
                origin[k] = plan.halo[k] + plan.ghost[k];
                owned_end[k] = origin[k] + plan.owned[k];
                base[k] = 0;
            }
        classify_cells(origin, owned_end, base, inner);
    }

    error_norm_block<Value> partial;
    const int tiles = int(plan.tile_count());
    const int edge_tiles = a.signal.edge_tiles();
    for (int order = int(blockIdx.x); order < tiles; order += int(gridDim.x))
    {
        // the end tiles first where their completion is signalled
        const int tile = a.signal.tile_at(order, tiles);
        int origin[Dim], owned_end[Dim], base[Dim];
        tile_geometry(tile, origin, owned_end, base);
        // Mirror ghosts evaluated in place: where every ghost of the tile lies beyond
        // the grid along a cut dimension (the thread's column) and mirrors or wraps
        // there, a ghost runs the update at its mirror's place and stores the result
        // at its own: its reads are its mirror's (its own column's other cells, which
        // it reads from its registers, are ghosts of the mirror's column, holding its
        // values), so it holds its mirror's value at every stage as the copy after a
        // barrier would give it, without that barrier and copy per stage. Ghosts
        // along the last dimension (a thread's own cells would not be its mirror's
        // neighbours) and boundary values are refreshed as before.
        bool has_ghosts = false;  // these five the same for every thread of the block
        bool refresh_ghosts = false;
        bool inner_tile = true;
        long long shift = 0, column_shift = 0;
#pragma unroll
        for (std::size_t k = 0; k < Dim; ++k)
        {
            const bool ghosts_k =
                plan.whole[k] || (!plan.periodic[k] && (base[k] < 0 || base[k] + plan.box[k] > plan.extent[k]));
            const bool mirrors_k = a.bc[k] == grid::boundary::kind::reflecting || a.bc[k] == grid::boundary::kind::periodic;
            has_ghosts = has_ghosts || ghosts_k;
            refresh_ghosts = refresh_ghosts || (ghosts_k && (k + 1 == Dim || !mirrors_k));
            if (!plan.whole[k])
            {
                inner_tile = inner_tile && base[k] >= 0 && base[k] + plan.box[k] <= plan.extent[k] &&
                             origin[k] + plan.owned[k] <= plan.extent[k];
                shift += (long long)base[k] * a.cell_stride[k];
                if (k + 1 < Dim) column_shift += (long long)base[k] * a.cell_stride[k];
            }
        }
        const bool mirror_in_place = Dim >= 2 && has_ghosts && !refresh_ghosts;
        // the grid coordinate of the thread's column along cut dimension k (a mirror
        // ghost's: its mirror's, the cell whose update it runs)
        auto column_coordinate = [&](std::size_t k) {
            const int g = base[k] + column_at[k];
            if (mirror_in_place && (g < 0 || g >= plan.extent[k]))
                return int(grid::detail::map_coordinate(g, plan.extent[k], a.bc[k]));
            return wrap(g, k);
        };
        // the grid coordinates (unwrapped) of box cell pos
        auto grid_coordinates = [&](int pos, int (&g)[Dim]) {
            int l[Dim];
            box_coordinates(pos, plan, a.box_divider, l);
#pragma unroll
            for (std::size_t k = 0; k < Dim; ++k) g[k] = base[k] + l[k];
        };
        // a value ghost's coordinates as the boundary function sees them
        auto ghost_coordinates = [&](int pos, long long (&gg)[Dim]) {
            int g[Dim];
            grid_coordinates(pos, g);
#pragma unroll
            for (std::size_t k = 0; k < Dim; ++k) gg[k] = plan.periodic[k] ? wrap(g[k], k) : g[k];
        };

        cells_class cls;
        if (inner_tile)
        {
            cls = inner;
#pragma unroll
            for (int i = 0; i < K; ++i) cls.source[i] += shift;
            cls.col_cell += column_shift;
        }
        else
            classify_cells(origin, owned_end, base, cls);
        const int (&state)[K] = cls.state;
        // the state's index of the thread's live cell i
        auto cell_of = [&](int i) {
            return cls.col_cell + (long long)wrap(base[Dim - 1] + column_at[Dim - 1] + i * along, Dim - 1) *
                                      a.cell_stride[Dim - 1];
        };
        // the thread's cells' values at the current stage (what the buffer holds at
        // their places: their reads along the last dimension take them from here),
        // stage k's in values[k % 2]: a stage forms the next one's in the other set,
        // so that no register is copied between stages
        Value values[2][K][F];
        Value (&cur)[K][F] = values[0];
        // all loads first, then the stores: one memory latency per tile, not one per cell
        {
#pragma unroll
            for (int i = 0; i < K; ++i)
            {
                if constexpr (F == 2 && std::is_same<Value, double>::value)
                {
                    if (a.interleaved)
                    {
                        const double2 w = __ldg(reinterpret_cast<const double2*>(a.y) + cls.source[i]);
                        cur[i][0] = w.x;
                        cur[i][1] = w.y;
                        continue;
                    }
                }
#pragma unroll
                for (int f = 0; f < F; ++f) cur[i][f] = __ldg(a.y + component(cls.source[i], f));
            }
            if (cls.value_ghosts)
            {
#pragma unroll
                for (int i = 0; i < K; ++i)
                {
                    if (state[i] != value_ghost) continue;
                    long long gg[Dim];
                    ghost_coordinates(first_cell + i * step, gg);
#pragma unroll
                    for (int f = 0; f < F; ++f) cur[i][f] = grid_ghost_value(sys, f, gg, coef.stage_time[0]);
                }
            }
#pragma unroll
            for (int i = 0; i < K; ++i)
                if (state[i] != dead_box_cell) grid_store_cell<Value, F>(fields_at(y0_buf, first_cell + i * step), cur[i]);
        }
        __syncthreads();

        // sums[m]: stage m's argument y0 + sum_j h a_mj F_j while it gathers; sol, err, F_0
        Value sums[S][K][F];
        Value y0r[K][F];
        if constexpr (traits::y0_in_registers)
        {
#pragma unroll
            for (int i = 0; i < K; ++i)
#pragma unroll
                for (int f = 0; f < F; ++f) y0r[i][f] = cur[i][f];
        }
        auto y0_of = [&](int i, int pos, int f) {
            if constexpr (traits::y0_in_registers) return y0r[i][f];
            else return y0_at(pos, f);
        };
        Value sol[K][F], err[K][F], first[K][F];

        grid_static_for<S>([&](auto kc) {
            constexpr int k = decltype(kc)::value;
            const Value* in = k == 0 ? y0_buf : stage_buf[(k - 1) % 2];
            Value* nxt = stage_buf[k % 2];
            const int ring_k = plan.ring_of_stage(k);
            // every cell of the thread runs the update, so that the cells' reads are
            // shared and their arithmetic interleaves without branches; a cell this
            // stage does not evaluate (a ghost, beyond the stage's ring, outside the
            // box) stores nothing, but a mirror ghost evaluated in place (mirrors[i])
            // reads at its mirror and stores its result
            bool evaluates[K], mirrors[K];
            int at[K];
#pragma unroll
            for (int i = 0; i < K; ++i)
            {
                evaluates[i] = state[i] >= 0 && state[i] <= ring_k;
                mirrors[i] = mirror_in_place && state[i] <= -2;
                at[i] = Dim >= 2 || evaluates[i] ? first_cell + i * step : centre;
            }
            // a thread none of whose cells this stage evaluates (a column beyond the
            // stage's ring) skips the stage's arithmetic where the step has more than
            // four stages; with fewer the branch costs RK4 more registers (spills)
            // than the skipped work saves
            bool any_evaluates = S <= 4;
#pragma unroll
            for (int i = 0; i < K; ++i) any_evaluates = any_evaluates || evaluates[i] || mirrors[i];
            if (any_evaluates)
            {
                grid_static_for<K>([&](auto ic) {
                    constexpr int i = decltype(ic)::value;
                    const int pos = at[i];
                    Value fk[F];
                    bool given = false;
                    if constexpr (k == 0 && FusedNorm)
                        if (a.given_dxdt != nullptr && evaluates[i])
                        {
                            const long long cell = cell_of(i);
#pragma unroll
                            for (int f = 0; f < F; ++f) fk[f] = a.given_dxdt[component(cell, f)];
                            given = true;
                        }
                    if (!given)
                    {
                        tile_cell<Value, Dim, F, K, i> c;
                        c.p = fields_at(in, mirrors[i] ? -(state[i] + 2) : pos);
                        c.own = values[k % 2];
                        // (the coordinates serve c.coord() only)
#pragma unroll
                        for (std::size_t d = 0; d < Dim; ++d)
                        {
                            c.stride[d] = stride[d] * F;
                            c.x[d] = d + 1 == Dim ? wrap(base[d] + column_at[d] + i * along, d) : column_coordinate(d);
                        }
                        sys.update()(c, fk, coef.stage_time[k]);
                    }
                    // the sums in fused_operations' order: y0 first, then + h a_mj F_j for
                    // j = 0, 1, ..., structurally zero terms skipped
                    grid_static_for<S>([&](auto mc) {
                        constexpr int m = decltype(mc)::value;
                        if constexpr (m > k && traits::a_nonzero(m, k))
                        {
                            constexpr bool opens = traits::first_nonzero_a(m) == k;
#pragma unroll
                            for (int f = 0; f < F; ++f)
                            {
                                const Value v = (opens ? y0_of(i, pos, f) : sums[m][i][f]) + coef.ha[m][k] * fk[f];
                                if constexpr (m == k + 1) values[(k + 1) % 2][i][f] = v;  // complete
                                else sums[m][i][f] = v;
                            }
                        }
                    });
                    if constexpr (traits::b_nonzero(k))
                    {
                        constexpr bool opens = traits::first_nonzero_b() == k;
#pragma unroll
                        for (int f = 0; f < F; ++f)
                            sol[i][f] = (opens ? y0_of(i, pos, f) : sol[i][f]) + coef.hb[k] * fk[f];
                    }
                    if constexpr (WithError && traits::e_nonzero(k))
                    {
                        constexpr bool opens = traits::first_nonzero_e() == k;
#pragma unroll
                        for (int f = 0; f < F; ++f) err[i][f] = (opens ? Value(0) : err[i][f]) + coef.he[k] * fk[f];
                    }
                    if constexpr (k == 0 && FusedNorm)
                    {
#pragma unroll
                        for (int f = 0; f < F; ++f) first[i][f] = fk[f];
                    }
                    if constexpr (k == S - 1 && FusedNorm)
                        if (a.next_dxdt != nullptr && state[i] == 0)
                        {
                            const long long cell = cell_of(i);
#pragma unroll
                            for (int f = 0; f < F; ++f) a.next_dxdt[component(cell, f)] = fk[f];
                        }
                });
            }
            // the next stage's arguments after every cell's reads of this stage's. Where
            // every thread runs every stage's arithmetic on 2D/3D grids, each cell takes
            // its result, evaluated or not, and stores it, without a branch: a cell the
            // stage does not evaluate is read by none that it does (the plan's proof),
            // ghosts are rewritten below, and a thread beyond the box's columns, whose
            // places are another thread's, stores nothing.
            constexpr bool store_all = Dim >= 2 && S <= 4;
            if constexpr (k + 1 < S)
            {
#pragma unroll
                for (int i = 0; i < K; ++i)
                {
                    if (store_all ? column_cells_left <= 0 : !(evaluates[i] || mirrors[i])) continue;
                    const int pos = at[i];
                    // a stage whose row of a is all zero takes y0 itself
                    Value (&next)[F] = values[(k + 1) % 2][i];
                    if constexpr (traits::first_nonzero_a(k + 1) > k)
                    {
#pragma unroll
                        for (int f = 0; f < F; ++f) next[f] = y0_of(i, pos, f);
                    }
                    else if constexpr (!traits::a_nonzero(k + 1, k))  // completed at an earlier stage
                    {
#pragma unroll
                        for (int f = 0; f < F; ++f) next[f] = sums[k + 1][i][f];
                    }
                    grid_store_cell<Value, F>(fields_at(nxt, pos), next);
                }
            }
            if constexpr (k + 1 < S)
            {
                // the next stage's ghosts: mirrors copied once their cells are written
                // (a ghost whose mirror this stage did not evaluate is not read), values
                // at the next stage's time
                if (has_ghosts && !mirror_in_place)
                {
                    __syncthreads();
                    if (cls.value_ghosts)
                    {
#pragma unroll
                        for (int i = 0; i < K; ++i)
                        {
                            if (state[i] >= 0) continue;
                            const int pos = first_cell + i * step;
                            if (state[i] == value_ghost)
                            {
                                long long gg[Dim];
                                ghost_coordinates(pos, gg);
#pragma unroll
                                for (int f = 0; f < F; ++f)
                                    values[(k + 1) % 2][i][f] = grid_ghost_value(sys, f, gg, coef.stage_time[k + 1]);
                            }
                            else
                            {
                                const int src = -(state[i] + 2);
#pragma unroll
                                for (int f = 0; f < F; ++f)
                                    values[(k + 1) % 2][i][f] = grid_load_field<Value, F>(fields_at(nxt, src), std::size_t(f));
                            }
                            grid_store_cell<Value, F>(fields_at(nxt, pos), values[(k + 1) % 2][i]);
                        }
                    }
                    else if (cls.ghosts)
                    {
#pragma unroll
                        for (int i = 0; i < K; ++i)
                        {
                            if (state[i] >= 0) continue;
                            const int src = -(state[i] + 2);
#pragma unroll
                            for (int f = 0; f < F; ++f)
                                values[(k + 1) % 2][i][f] = grid_load_field<Value, F>(fields_at(nxt, src), std::size_t(f));
                            grid_store_cell<Value, F>(fields_at(nxt, first_cell + i * step), values[(k + 1) % 2][i]);
                        }
                    }
                }
            }
            __syncthreads();
        });

        // the owned cells' results: owned cells lie in the grid, so their indices follow
        // from the column's first without wrapping; a branch on the layout per tile,
        // so that each cell's store is one predicated instruction
        const long long owned_first =
            cls.col_cell + (long long)(base[Dim - 1] + column_at[Dim - 1]) * a.cell_stride[Dim - 1];
        const long long owned_step = (long long)along * a.cell_stride[Dim - 1];
        if constexpr (traits::first_nonzero_b() >= S)  // no weight: y1 = y0
        {
#pragma unroll
            for (int i = 0; i < K; ++i)
#pragma unroll
                for (int f = 0; f < F; ++f) sol[i][f] = y0_of(i, first_cell + i * step, f);
        }
        bool pairs = false;  // two interleaved doubles: one 16-byte store per cell
        if constexpr (F == 2 && std::is_same<Value, double>::value) pairs = a.interleaved;
        if (pairs)
        {
#pragma unroll
            for (int i = 0; i < K; ++i)
                if (state[i] == 0)
                    reinterpret_cast<double2*>(a.out)[owned_first + i * owned_step] = make_double2(sol[i][0], sol[i][1]);
        }
        else
        {
#pragma unroll
            for (int i = 0; i < K; ++i)
                if (state[i] == 0)
                {
#pragma unroll
                    for (int f = 0; f < F; ++f) a.out[component(owned_first + i * owned_step, f)] = sol[i][f];
                }
        }
#pragma unroll
        for (int i = 0; i < K; ++i)
        {
            if (state[i] != 0) continue;
            if constexpr (WithError && !FusedNorm)
            {
#pragma unroll
                for (int f = 0; f < F; ++f)
                    a.err[component(owned_first + i * owned_step, f)] = traits::first_nonzero_e() < S ? err[i][f] : Value(0);
            }
            if constexpr (FusedNorm)
            {
#pragma unroll
                for (int f = 0; f < F; ++f)
                {
                    // the range's ends compared as the kernel's parameters hold them: no
                    // difference of them kept in registers, which this kernel has none to spare
                    const std::size_t j = std::size_t(component(owned_first + i * owned_step, f));
                    if (j >= a.norm_params.norm_first && j < a.norm_params.norm_last)
                        add_scaled_error(partial, a.norm_params, traits::first_nonzero_e() < S ? err[i][f] : Value(0),
                                         y0_of(i, first_cell + i * step, f), first[i][f]);
                }
            }
        }
        // an end tile's stores visible on the device (and to the peers that read them)
        // before the block counts it done
        if (order < edge_tiles) __threadfence();
        __syncthreads();  // the next tile's y0 goes where this one's was read
        if (order < edge_tiles && threadIdx.x == 0) cuda_edge_tile_done(a.signal);
    }
    if constexpr (FusedNorm) block_merge_error_norm(partial, a.norm);
}

#endif // __CUDACC__

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_GRID_TILE_KERNEL_HPP_INCLUDED
