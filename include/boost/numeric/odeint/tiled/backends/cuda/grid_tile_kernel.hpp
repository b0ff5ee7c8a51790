/*
 boost/numeric/odeint/tiled/backends/cuda/grid_tile_kernel.hpp

 The CUDA kernel for grid systems (tiled::grid::system): one launch runs the whole
 Runge-Kutta step on tiles of cells that know the geometry (grid/grid_tile_plan.hpp:
 2D/3D boxes with a halo of s*r cells, or whole rows where rows are short).

 A block takes tiles from a persistent loop. For each tile it loads the owned box and
 its halo from the state into shared memory once (fields in planes, so a warp's reads
 of neighbours are consecutive words), then evaluates stage after stage on shrinking
 boxes. Each thread owns K fixed cells of the box for the whole step: their y0, the
 pending stage sums sum_j h a_mj F_j, the solution and the error estimate stay in
 registers, and only the next stage argument goes to shared memory (two buffers, one
 barrier per stage). The update reads neighbours at offsets from a per-cell base, with
 no index arithmetic per read; only tiles that touch the grid's edge (or span a
 dimension whole) map reads through the boundary. The sums are formed in the order of
 fused_operations (y0, then + h a_mj F_j for j = 0, 1, ...), structurally zero terms
 skipped, so results equal the other kernel families' bit for bit where the
 compiler contracts the same way.

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

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error_norm.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_launch.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/grid/fast_divider.hpp>
#include <boost/numeric/odeint/tiled/grid/grid_system.hpp>
#include <boost/numeric/odeint/tiled/grid/grid_tile_plan.hpp>
#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>

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
};

/*! Cells per thread: as many as keep a thread's values within about 96 registers
    (8-byte values take two; the rest is for addresses and the update's temporaries),
    1 .. 8. Few cells per thread (methods with many stages) run 512 threads per block
    so that a tile still holds enough cells to keep its halo small. */
template <class Tableau, bool WithError, std::size_t Fields, class Value>
constexpr int grid_cells_per_thread()
{
    const int per_cell = int(Fields) * grid_step_traits<Tableau, WithError>::registers_per_value *
                         (sizeof(Value) > 4 ? 2 : 1);
    const int k = 96 / per_cell;
    return k < 1 ? 1 : (k > 8 ? 8 : k);
}
template <int CellsPerThread>
constexpr unsigned grid_tile_threads() { return CellsPerThread >= 4 ? 256u : 512u; }
//! Blocks per SM the register limit is set for: two of 256 threads, or one of 512.
template <int CellsPerThread>
constexpr unsigned grid_tile_min_blocks() { return CellsPerThread >= 4 ? 2u : 1u; }

template <std::size_t Dim, class Value>
struct grid_step_args
{
    grid::tile_plan<Dim> plan;
    tiled::detail::u32_divider region_divider[Dim];  //!< by region[0], region[0]*region[1], ...
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

__device__ __forceinline__ int grid_map_coordinate(int g, int n, grid::boundary::kind b)
{
    if (g >= 0 && g < n) return g;
    if (b == grid::boundary::kind::reflecting)
    {
        int m = g < 0 ? -g : 2 * (n - 1) - g;
        m = m < 0 ? 0 : m;
        return m >= n ? n - 1 : m;
    }
    if (b == grid::boundary::kind::periodic)
    {
        const int m = g % n;
        return m < 0 ? m + n : m;
    }
    return -1;
}

//! A cell of a tile that reads no neighbour across the grid's edge: offsets only.
template <class Value, std::size_t Dim>
struct tile_cell
{
    const Value* p;         //!< field 0 of this cell in the stage buffer
    int plane;              //!< values between fields
    int stride[Dim];        //!< between neighbours in the tile's box
    int x[Dim];             //!< coordinates in the grid

    __device__ __forceinline__ Value operator()(std::size_t f) const { return p[int(f) * plane]; }
    template <class... O>
    __device__ __forceinline__ Value operator()(std::size_t f, O... o) const
    {
        grid::detail::check_offset_count<Dim, O...>();
        const int off[Dim] = {int(o)...};
        int i = int(f) * plane;
#pragma unroll
        for (std::size_t k = 0; k < Dim; ++k) i += off[k] * stride[k];
        return p[i];
    }
    __device__ __forceinline__ long long coord(std::size_t k) const { return x[k]; }
};

//! What a tile cell at the grid's edge needs to map its reads: per dimension whether
//! reads map (whole dimensions, non-periodic ones), the extents and boundaries, the
//! boundary values and function and the stage time.
template <class Value, std::size_t Dim, class BoundaryFunction, class Time, class SystemValue>
struct tile_edge_context
{
    int extent[Dim];
    bool maps[Dim];
    grid::boundary::kind bc[Dim];
    const SystemValue* constant_values;   //!< the system's, in its value type
    const BoundaryFunction* function;
    Time t;
};

//! A cell of a tile at the grid's edge: reads leaving the grid in a mapped dimension
//! go to the mirror or the other side (inside the tile: whole dimensions hold all of
//! it, and a mirror is nearer the owned box than its ghost) or to a boundary value.
template <class Value, std::size_t Dim, class BoundaryFunction, class Time, class SystemValue>
struct tile_edge_cell
{
    const Value* p;
    int plane;
    int stride[Dim];
    int x[Dim];             //!< coordinates in the grid (unwrapped in periodic dimensions)
    tile_edge_context<Value, Dim, BoundaryFunction, Time, SystemValue> ctx;  //!< by value: stays in registers

    __device__ __forceinline__ Value operator()(std::size_t f) const { return p[int(f) * plane]; }
    template <class... O>
    __device__ __forceinline__ Value operator()(std::size_t f, O... o) const
    {
        grid::detail::check_offset_count<Dim, O...>();
        const int off[Dim] = {int(o)...};
        int i = int(f) * plane;
        bool outside = false;
#pragma unroll
        for (std::size_t k = 0; k < Dim; ++k)
        {
            if (ctx.maps[k])
            {
                const int g = x[k] + off[k];
                const int m = grid_map_coordinate(g, ctx.extent[k], ctx.bc[k]);
                outside |= m < 0;
                i += (m - x[k]) * stride[k];
            }
            else
                i += off[k] * stride[k];
        }
        if (!outside) return p[i];
        long long ghost[Dim];
#pragma unroll
        for (std::size_t k = 0; k < Dim; ++k) ghost[k] = (long long)x[k] + off[k];
#pragma unroll
        for (std::size_t k = 0; k < Dim; ++k)
        {
            const bool left = ghost[k] < 0 || ghost[k] >= ctx.extent[k];
            if (left && ctx.bc[k] == grid::boundary::kind::constant) return static_cast<Value>(ctx.constant_values[f]);
            if (left && ctx.bc[k] == grid::boundary::kind::function) break;
        }
        return static_cast<Value>((*ctx.function)(f, ghost, ctx.t));
    }
    __device__ __forceinline__ long long coord(std::size_t k) const
    {
        const int n = ctx.extent[k];
        return x[k] < 0 ? x[k] + n : (x[k] >= n ? x[k] - n : x[k]);
    }
};

//! Coordinates in the tile's box of box cell `pos` (divisions by the box's extents
//! as multiply-high, grid/fast_divider.hpp).
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
        rest -= q * int(k == 1 ? plan.region[0] : plan.region[0] * plan.region[1]);
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
    using Time = Value;
    constexpr int dead = 1 << 30;  //!< the ring of a cell outside the grid

    // three planes-of-fields buffers: y0, and two for the stage arguments in turn
    extern __shared__ unsigned char grid_shared_raw[];
    const grid::tile_plan<Dim>& plan = a.plan;
    const int P = plan.region_cells();
    Value* const y0_buf = reinterpret_cast<Value*>(grid_shared_raw);
    Value* const stage_buf[2] = {y0_buf + F * P, y0_buf + 2 * F * P};
    int stride[Dim];
    stride[0] = 1;
#pragma unroll
    for (std::size_t k = 1; k < Dim; ++k) stride[k] = stride[k - 1] * plan.region[k - 1];

    tile_edge_context<Value, Dim, typename System::boundary_function_type, Time, typename System::value_type> edge_ctx;
#pragma unroll
    for (std::size_t k = 0; k < Dim; ++k)
    {
        edge_ctx.extent[k] = plan.extent[k];
        edge_ctx.maps[k] = plan.whole[k] || !plan.periodic[k];
        edge_ctx.bc[k] = a.bc[k];
    }
    edge_ctx.constant_values = sys.constant_values();
    edge_ctx.function = &sys.boundary_function();

    error_norm_block<Value> partial;
    const long long tiles = plan.tile_count();
    for (long long tile = blockIdx.x; tile < tiles; tile += gridDim.x)
    {
        int origin[Dim], owned_end[Dim], box[Dim];
        bool interior = true;
        {
            long long rest = tile;
#pragma unroll
            for (std::size_t k = 0; k < Dim; ++k)
            {
                const int tc = int(rest % plan.tiles[k]);
                rest /= plan.tiles[k];
                origin[k] = tc * plan.owned[k];
                owned_end[k] = origin[k] + plan.owned[k] < plan.extent[k] ? origin[k] + plan.owned[k] : plan.extent[k];
                box[k] = origin[k] - plan.halo[k];
                const bool inside = box[k] >= 0 && box[k] + plan.region[k] <= plan.extent[k];
                interior = interior && !plan.whole[k] && (plan.periodic[k] || inside);
            }
        }
        // the grid coordinates (unwrapped) and the global cell of box cell pos
        auto grid_coordinates = [&](int pos, int (&g)[Dim]) {
            int l[Dim];
            box_coordinates(pos, plan, a.region_divider, l);
#pragma unroll
            for (std::size_t k = 0; k < Dim; ++k) g[k] = box[k] + l[k];
        };
        auto global_cell = [&](const int (&g)[Dim]) {
            long long c = 0;
#pragma unroll
            for (std::size_t k = 0; k < Dim; ++k)
            {
                const int w = g[k] < 0 ? g[k] + plan.extent[k] : (g[k] >= plan.extent[k] ? g[k] - plan.extent[k] : g[k]);
                c += (long long)w * a.cell_stride[k];
            }
            return c;
        };
        auto component = [&](long long cell, int f) -> long long {
            return a.interleaved ? cell * F + f : (long long)f * a.cells + cell;
        };

        // each cell's ring (how far outside the owned box), and y0 into the first buffer
        int ring[K];
#pragma unroll
        for (int i = 0; i < K; ++i)
        {
            const int pos = int(threadIdx.x) + i * T;
            ring[i] = dead;
            if (pos >= P) continue;
            int g[Dim];
            grid_coordinates(pos, g);
            bool live = true;
            int rg = 0;
#pragma unroll
            for (std::size_t k = 0; k < Dim; ++k)
            {
                if (!plan.periodic[k] && (g[k] < 0 || g[k] >= plan.extent[k])) live = false;
                if (!plan.whole[k])
                {
                    const int out = g[k] < origin[k] ? origin[k] - g[k] : (g[k] >= owned_end[k] ? g[k] - owned_end[k] + 1 : 0);
                    rg = rg > out ? rg : out;
                }
            }
            if (!live) continue;
            ring[i] = rg;
            const long long cell = global_cell(g);
            if constexpr (F == 2 && std::is_same<Value, double>::value)
            {
                if (a.interleaved)
                {
                    const double2 v = __ldg(reinterpret_cast<const double2*>(a.y) + cell);
                    y0_buf[pos] = v.x;
                    y0_buf[P + pos] = v.y;
                    continue;
                }
            }
#pragma unroll
            for (int f = 0; f < F; ++f) y0_buf[f * P + pos] = __ldg(a.y + component(cell, f));
        }
        __syncthreads();

        // sums[m]: stage m's argument y0 + sum_j h a_mj F_j while it gathers; sol, err, F_0
        Value sums[S][K][F];
        Value sol[K][F], err[K][F], first[K][F];

        grid_static_for<S>([&](auto kc) {
            constexpr int k = decltype(kc)::value;
            const Value* cur = k == 0 ? y0_buf : stage_buf[(k - 1) % 2];
            Value* nxt = stage_buf[k % 2];
            const int ring_k = plan.ring_of_stage(k);
            edge_ctx.t = coef.stage_time[k];
#pragma unroll
            for (int i = 0; i < K; ++i)
            {
                if (ring[i] > ring_k) continue;
                const int pos = int(threadIdx.x) + i * T;
                Value fk[F];
                bool given = false;
                if constexpr (k == 0 && FusedNorm)
                    if (a.given_dxdt != nullptr)
                    {
                        int g[Dim];
                        grid_coordinates(pos, g);
                        const long long cell = global_cell(g);
#pragma unroll
                        for (int f = 0; f < F; ++f) fk[f] = a.given_dxdt[component(cell, f)];
                        given = true;
                    }
                if (!given)
                {
                    int g[Dim];
                    grid_coordinates(pos, g);  // only c.coord() and edge reads use it
                    if (interior)
                    {
                        tile_cell<Value, Dim> c;
                        c.p = cur + pos;
                        c.plane = P;
#pragma unroll
                        for (std::size_t d = 0; d < Dim; ++d) { c.stride[d] = stride[d]; c.x[d] = g[d]; }
                        sys.update()(c, fk, coef.stage_time[k]);
                    }
                    else
                    {
                        tile_edge_cell<Value, Dim, typename System::boundary_function_type, Time,
                                       typename System::value_type>
                            c;
                        c.p = cur + pos;
                        c.plane = P;
                        c.ctx = edge_ctx;
#pragma unroll
                        for (std::size_t d = 0; d < Dim; ++d) { c.stride[d] = stride[d]; c.x[d] = g[d]; }
                        sys.update()(c, fk, coef.stage_time[k]);
                    }
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
                            sums[m][i][f] = (opens ? y0_buf[f * P + pos] : sums[m][i][f]) + coef.ha[m][k] * fk[f];
                    }
                });
                if constexpr (traits::b_nonzero(k))
                {
                    constexpr bool opens = traits::first_nonzero_b() == k;
#pragma unroll
                    for (int f = 0; f < F; ++f) sol[i][f] = (opens ? y0_buf[f * P + pos] : sol[i][f]) + coef.hb[k] * fk[f];
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
                if constexpr (k + 1 < S)
                {
                    // a stage whose row of a is all zero takes y0 itself
                    if constexpr (traits::first_nonzero_a(k + 1) > k)
                    {
#pragma unroll
                        for (int f = 0; f < F; ++f) nxt[f * P + pos] = y0_buf[f * P + pos];
                    }
                    else
                    {
#pragma unroll
                        for (int f = 0; f < F; ++f) nxt[f * P + pos] = sums[k + 1][i][f];
                    }
                }
                if constexpr (k == S - 1 && FusedNorm)
                    if (a.next_dxdt != nullptr && ring[i] == 0)
                    {
                        int g[Dim];
                        grid_coordinates(pos, g);
                        const long long cell = global_cell(g);
#pragma unroll
                        for (int f = 0; f < F; ++f) a.next_dxdt[component(cell, f)] = fk[f];
                    }
            }
            __syncthreads();
        });

        // the owned cells' results
#pragma unroll
        for (int i = 0; i < K; ++i)
        {
            if (ring[i] != 0) continue;
            const int pos = int(threadIdx.x) + i * T;
            int g[Dim];
            grid_coordinates(pos, g);
            const long long cell = global_cell(g);
            if constexpr (traits::first_nonzero_b() >= S)  // no weight: y1 = y0
            {
#pragma unroll
                for (int f = 0; f < F; ++f) sol[i][f] = y0_buf[f * P + pos];
            }
            if constexpr (F == 2 && std::is_same<Value, double>::value)
            {
                if (a.interleaved)
                    reinterpret_cast<double2*>(a.out)[cell] = make_double2(sol[i][0], sol[i][1]);
                else
                {
                    a.out[component(cell, 0)] = sol[i][0];
                    a.out[component(cell, 1)] = sol[i][1];
                }
            }
            else
            {
#pragma unroll
                for (int f = 0; f < F; ++f) a.out[component(cell, f)] = sol[i][f];
            }
            if constexpr (WithError && !FusedNorm)
            {
#pragma unroll
                for (int f = 0; f < F; ++f) a.err[component(cell, f)] = traits::first_nonzero_e() < S ? err[i][f] : Value(0);
            }
            if constexpr (FusedNorm)
            {
#pragma unroll
                for (int f = 0; f < F; ++f)
                    add_scaled_error(partial, a.norm_params, traits::first_nonzero_e() < S ? err[i][f] : Value(0),
                                     y0_buf[f * P + pos], first[i][f]);
            }
        }
        __syncthreads();  // the next tile's y0 goes where this one's was read
    }
    if constexpr (FusedNorm) block_merge_error_norm(partial, a.norm);
}

#endif // __CUDACC__

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_GRID_TILE_KERNEL_HPP_INCLUDED
