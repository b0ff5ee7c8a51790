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
    static constexpr int evaluated()
    {
        int last = 0;
        for (int j = 0; j < s; ++j)
            if (b_nonzero(j) || (WithError && e_nonzero(j))) last = j;
        return last + 1;
    }
    static constexpr int stages = evaluated();
    static constexpr int pending_sums()
    {
        int c = 0;
        for (int m = 1; m < stages; ++m)
            for (int j = 0; j < m; ++j)
                if (a_nonzero(m, j)) { ++c; break; }
        return c;
    }
    static constexpr int registers_per_value = 2 + pending_sums() + (WithError ? 2 : 0);
};

//! Cells per thread: as many as keep a thread's values within about 112 registers
//! (the rest is addresses and the update's temporaries), 1 .. 8.
template <class Tableau, bool WithError, std::size_t Fields>
constexpr int grid_cells_per_thread()
{
    const int k = 112 / (int(Fields) * grid_step_traits<Tableau, WithError>::registers_per_value);
    return k < 1 ? 1 : (k > 8 ? 8 : k);
}

constexpr unsigned grid_tile_threads = 256;  //!< threads per block: 8 warps hide the shared-memory latency

template <std::size_t Dim, class Value>
struct grid_step_args
{
    grid::tile_plan<Dim> plan;
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
template <class Value, std::size_t Dim, class BoundaryFunction, class Time>
struct tile_edge_context
{
    int extent[Dim];
    bool maps[Dim];
    grid::boundary::kind bc[Dim];
    const Value* constant_values;
    const BoundaryFunction* function;
    Time t;
};

//! A cell of a tile at the grid's edge: reads leaving the grid in a mapped dimension
//! go to the mirror or the other side (inside the tile: whole dimensions hold all of
//! it, and a mirror is nearer the owned box than its ghost) or to a boundary value.
template <class Value, std::size_t Dim, class BoundaryFunction, class Time>
struct tile_edge_cell
{
    const Value* p;
    int plane;
    int stride[Dim];
    int x[Dim];             //!< coordinates in the grid (unwrapped in periodic dimensions)
    tile_edge_context<Value, Dim, BoundaryFunction, Time> ctx;  //!< by value: stays in registers

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
            if (left && ctx.bc[k] == grid::boundary::kind::constant) return ctx.constant_values[f];
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

template <class Tableau, bool WithError, bool FusedNorm, int K, class System, class Value>
__global__ void __launch_bounds__(grid_tile_threads)
    grid_step_kernel(const System sys, const grid_step_args<System::dimensions, Value> a,
                     const link_coefficients<Tableau, Value> coef)
{
    constexpr std::size_t Dim = System::dimensions;
    constexpr int F = int(System::fields);
    constexpr int T = int(grid_tile_threads);
    using traits = grid_step_traits<Tableau, WithError>;
    constexpr int S = traits::stages;
    using Time = Value;

    extern __shared__ unsigned char grid_shared_raw[];
    const grid::tile_plan<Dim>& plan = a.plan;
    const int P = plan.region_cells();
    Value* const buf[2] = {reinterpret_cast<Value*>(grid_shared_raw), reinterpret_cast<Value*>(grid_shared_raw) + F * P};
    int stride[Dim];
    stride[0] = 1;
#pragma unroll
    for (std::size_t k = 1; k < Dim; ++k) stride[k] = stride[k - 1] * plan.region[k - 1];

    // the thread's cells in the box, fixed for every tile
    int local[K][Dim];
    bool held[K];
#pragma unroll
    for (int i = 0; i < K; ++i)
    {
        int q = int(threadIdx.x) + i * T;
        held[i] = q < P;
#pragma unroll
        for (std::size_t k = 0; k < Dim; ++k)
        {
            local[i][k] = q % plan.region[k];
            q /= plan.region[k];
        }
    }

    tile_edge_context<Value, Dim, typename System::boundary_function_type, Time> edge_ctx;
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
        // per cell: live (inside the grid, or a periodic copy), its ring, its global index
        int ring[K];
        long long gcell[K];
        int gx[K][Dim];
#pragma unroll
        for (int i = 0; i < K; ++i)
        {
            bool live = held[i];
            int rg = 0;
            long long c = 0;
#pragma unroll
            for (std::size_t k = 0; k < Dim; ++k)
            {
                const int g = box[k] + local[i][k];
                gx[i][k] = g;
                int w = g;
                if (g < 0 || g >= plan.extent[k])
                {
                    if (plan.periodic[k]) w = g < 0 ? g + plan.extent[k] : g - plan.extent[k];
                    else live = false;
                }
                c += (long long)w * a.cell_stride[k];
                if (!plan.whole[k])
                {
                    const int out = g < origin[k] ? origin[k] - g : (g >= owned_end[k] ? g - owned_end[k] + 1 : 0);
                    rg = rg > out ? rg : out;
                }
            }
            ring[i] = live ? rg : (1 << 30);
            gcell[i] = c;
        }
        auto component = [&](int i, int f) -> long long {
            return a.interleaved ? gcell[i] * F + f : (long long)f * a.cells + gcell[i];
        };

        // y0 into registers and the first stage buffer
        Value y0[K][F];
#pragma unroll
        for (int i = 0; i < K; ++i)
        {
            const int pos = int(threadIdx.x) + i * T;
            if (ring[i] <= plan.ring_of_stage(0) + plan.radius)
            {
                if constexpr (F == 2 && std::is_same<Value, double>::value)
                {
                    if (a.interleaved)
                    {
                        const double2 v = __ldg(reinterpret_cast<const double2*>(a.y) + gcell[i]);
                        y0[i][0] = v.x;
                        y0[i][1] = v.y;
                    }
                    else
                    {
                        y0[i][0] = __ldg(a.y + component(i, 0));
                        y0[i][1] = __ldg(a.y + component(i, 1));
                    }
                }
                else
                {
#pragma unroll
                    for (int f = 0; f < F; ++f) y0[i][f] = __ldg(a.y + component(i, f));
                }
#pragma unroll
                for (int f = 0; f < F; ++f) buf[0][f * P + pos] = y0[i][f];
            }
            else
            {
#pragma unroll
                for (int f = 0; f < F; ++f) y0[i][f] = Value(0);
            }
        }
        __syncthreads();

        // sums[m]: the pending stage argument y0 + sum_j h a_mj F_j; sol, err, F_0
        Value sums[S][K][F];
        Value sol[K][F], err[K][F], first[K][F];
#pragma unroll
        for (int i = 0; i < K; ++i)
#pragma unroll
            for (int f = 0; f < F; ++f)
            {
                sol[i][f] = y0[i][f];
                err[i][f] = Value(0);
                first[i][f] = Value(0);
#pragma unroll
                for (int m = 0; m < S; ++m) sums[m][i][f] = y0[i][f];
            }

        grid_static_for<S>([&](auto kc) {
            constexpr int k = decltype(kc)::value;
            const Value* cur = buf[k % 2];
            Value* nxt = buf[(k + 1) % 2];
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
#pragma unroll
                        for (int f = 0; f < F; ++f) fk[f] = a.given_dxdt[component(i, f)];
                        given = true;
                    }
                if (!given)
                {
                    if (interior)
                    {
                        tile_cell<Value, Dim> c;
                        c.p = cur + pos;
                        c.plane = P;
#pragma unroll
                        for (std::size_t d = 0; d < Dim; ++d) { c.stride[d] = stride[d]; c.x[d] = gx[i][d]; }
                        sys.update()(c, fk, coef.stage_time[k]);
                    }
                    else
                    {
                        tile_edge_cell<Value, Dim, typename System::boundary_function_type, Time> c;
                        c.p = cur + pos;
                        c.plane = P;
                        c.ctx = edge_ctx;
#pragma unroll
                        for (std::size_t d = 0; d < Dim; ++d) { c.stride[d] = stride[d]; c.x[d] = gx[i][d]; }
                        sys.update()(c, fk, coef.stage_time[k]);
                    }
                }
                // the sums in fused_operations' order: every pending stage, the solution, the error
                grid_static_for<S>([&](auto mc) {
                    constexpr int m = decltype(mc)::value;
                    if constexpr (m > k && traits::a_nonzero(m, k))
                    {
#pragma unroll
                        for (int f = 0; f < F; ++f) sums[m][i][f] += coef.ha[m][k] * fk[f];
                    }
                });
                if constexpr (traits::b_nonzero(k))
                {
#pragma unroll
                    for (int f = 0; f < F; ++f) sol[i][f] += coef.hb[k] * fk[f];
                }
                if constexpr (WithError && traits::e_nonzero(k))
                {
#pragma unroll
                    for (int f = 0; f < F; ++f) err[i][f] += coef.he[k] * fk[f];
                }
                if constexpr (k == 0 && FusedNorm)
                {
#pragma unroll
                    for (int f = 0; f < F; ++f) first[i][f] = fk[f];
                }
                if constexpr (k + 1 < S)
                {
#pragma unroll
                    for (int f = 0; f < F; ++f) nxt[f * P + pos] = sums[k + 1][i][f];
                }
                if constexpr (k == S - 1 && FusedNorm)
                    if (a.next_dxdt != nullptr && ring[i] == 0)
                    {
#pragma unroll
                        for (int f = 0; f < F; ++f) a.next_dxdt[component(i, f)] = fk[f];
                    }
            }
            __syncthreads();
        });

        // the owned cells' results
#pragma unroll
        for (int i = 0; i < K; ++i)
        {
            if (ring[i] != 0) continue;
            if constexpr (F == 2 && std::is_same<Value, double>::value)
            {
                if (a.interleaved)
                    reinterpret_cast<double2*>(a.out)[gcell[i]] = make_double2(sol[i][0], sol[i][1]);
                else
                {
                    a.out[component(i, 0)] = sol[i][0];
                    a.out[component(i, 1)] = sol[i][1];
                }
            }
            else
            {
#pragma unroll
                for (int f = 0; f < F; ++f) a.out[component(i, f)] = sol[i][f];
            }
            if constexpr (WithError && !FusedNorm)
            {
#pragma unroll
                for (int f = 0; f < F; ++f) a.err[component(i, f)] = err[i][f];
            }
            if constexpr (FusedNorm)
            {
#pragma unroll
                for (int f = 0; f < F; ++f) add_scaled_error(partial, a.norm_params, err[i][f], y0[i][f], first[i][f]);
            }
        }
    }
    if constexpr (FusedNorm) block_merge_error_norm(partial, a.norm);
}

#endif // __CUDACC__

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_GRID_TILE_KERNEL_HPP_INCLUDED
