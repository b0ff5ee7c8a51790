/*
 boost/numeric/odeint/tiled/backends/cuda/grid_step_launch.hpp

 Launches grid_tile_kernel.hpp's step for a grid system: chooses the tiles (a plan
 per grid shape, stage count and capacity, remembered), sizes the shared memory and
 the persistent grid, and says when the kernel does not apply (the caller then runs
 the 1D plan's kernels): a grid whose extents do not fit 32-bit coordinates, or no
 tile of the shared memory's size that holds the step's halo.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_GRID_STEP_LAUNCH_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_GRID_STEP_LAUNCH_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error_norm.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_launch.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/grid_tile_kernel.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_edge_signal.hpp>
#include <boost/numeric/odeint/tiled/grid/end_tiles.hpp>
#include <boost/numeric/odeint/tiled/grid/grid_tile_plan.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

/*! The tile plan for grid `s`, `stages` evaluated stages and tiles of at most
    `capacity` cells, made once and remembered (a plan search costs more than a small
    step); `ok` is false where no tile fits. */
template <std::size_t Dim>
const grid::tile_plan<Dim>& remembered_grid_plan(const grid::shape<Dim>& s, int stages, int capacity, int cells_per_thread,
                                                 int threads, bool& ok)
{
    struct entry
    {
        std::size_t extent[Dim];
        std::size_t radius;
        grid::boundary bc[Dim];
        int stages, capacity, cells_per_thread, threads;
        bool ok;
        grid::tile_plan<Dim> plan;
    };
    static thread_local std::vector<entry> known;
    for (const entry& e : known)
    {
        bool same = e.radius == s.stencil_radius && e.stages == stages && e.capacity == capacity &&
                    e.cells_per_thread == cells_per_thread && e.threads == threads;
        for (std::size_t k = 0; k < Dim; ++k) same = same && e.extent[k] == s.extent[k] && e.bc[k] == s.bc[k];
        if (same)
        {
            ok = e.ok;
            return e.plan;
        }
    }
    entry e{};
    for (std::size_t k = 0; k < Dim; ++k) { e.extent[k] = s.extent[k]; e.bc[k] = s.bc[k]; }
    e.radius = s.stencil_radius;
    e.stages = stages;
    e.capacity = capacity;
    e.cells_per_thread = cells_per_thread;
    e.threads = threads;
    e.ok = capacity > 0;
    for (std::size_t k = 0; k < Dim; ++k) e.ok = e.ok && s.extent[k] < (std::size_t(1) << 30);
    if (e.ok)
    {
        try { e.plan = grid::make_grid_tile_plan(s, stages, capacity, 16, cells_per_thread, threads); }
        catch (const std::invalid_argument&) { e.ok = false; }
    }
    if (known.size() >= 16) known.erase(known.begin());
    known.push_back(e);
    ok = known.back().ok;
    return known.back().plan;
}

/*! The pending edge signal request of this thread for a step with `plan`, taken, as
    the kernel's tile order and signal (cuda_edge_signal); none where no request is
    pending. `slab` is the components of one index of the slowest dimension: the
    request's ends are in components, the tiles' rows in slabs. */
template <std::size_t Dim>
cuda_edge_signal take_grid_edge_signal(const grid::tile_plan<Dim>& plan, std::size_t slab)
{
    edge_signal_request* r = take_edge_signal();
    if (r == nullptr || slab == 0) return cuda_edge_signal{};
    const grid::end_tiles e = grid::end_tiles_of(plan, (r->leading + slab - 1) / slab, (r->trailing + slab - 1) / slab);
    return take_cuda_edge_signal(*r, e.leading, e.trailing);
}

#if defined(__CUDACC__)

/*! One step of Tableau on grid system `sys` from y to out (distinct memory) with the
    grid tile kernel; the error estimate to err (WithError, no fused norm), or the
    error norm into *norm (FusedNorm, with params' given and next derivatives). Returns
    false, launching nothing, where the kernel does not apply. `plan_out` receives the
    tiles it ran (for --explain). may_signal: this launch writes the step's last
    values of `out`, so it may take the thread's edge signal request. */
template <class Tableau, bool WithError, bool FusedNorm, class System, class Value>
bool launch_grid_step(const System& sys, const Value* y, Value* out, Value* err, const link_coefficients<Tableau, Value>& coef,
                      const error_norm_params<Value>& params, cuda_norm_accumulator<Value>* norm,
                      grid::tile_plan<System::dimensions>* plan_out = nullptr, bool may_signal = false)
{
    constexpr std::size_t Dim = System::dimensions;
    constexpr std::size_t F = System::fields;
    constexpr int K = grid_cells_per_thread<Tableau, WithError, F, Value>();
    constexpr unsigned threads = grid_tile_threads<K>();
    using traits = grid_step_traits<Tableau, WithError>;
    const device_limits& dev = current_device_limits();
    // two or three buffers of the box's cells (grid_step_kernel), within the
    // shared memory one block may have (two blocks per SM where the kernel is set for two)
    const int blocks = int(grid_tile_min_blocks<K>());
    const std::size_t shared_limit = dev.shared_optin / std::size_t(blocks) - 2048;
    int capacity = std::min(K * int(threads), int(shared_limit / (traits::box_buffers * F * sizeof(Value))));
    // the buffers' slack (grid_box_layout) may not fit beside a box of that capacity,
    // or the device may run no block of that shared memory (a tool such as
    // compute-sanitizer takes some): then a smaller box
    auto kernel = grid_step_kernel<Tableau, WithError, FusedNorm, K, System, Value>;
    const grid::tile_plan<Dim>* chosen = nullptr;
    std::size_t shared = 0;
    launch_shape shape{};
    for (int attempt = 0; attempt < 12 && chosen == nullptr && capacity > 0; ++attempt)
    {
        bool ok = false;
        const grid::tile_plan<Dim>& p = remembered_grid_plan(sys.grid_shape(), traits::stages, capacity, K, int(threads), ok);
        if (!ok) return false;
        shared = traits::box_buffers * F * std::size_t(grid_box_layout<Dim>(p, K).span) * sizeof(Value);
        if (shared <= shared_limit)
        {
            shape = shape_of(kernel, threads, shared);
            if (shape.blocks_per_sm >= 1) chosen = &p;
        }
        if (chosen == nullptr) capacity = capacity * 7 / 8;
    }
    if (chosen == nullptr) return false;
    const grid::tile_plan<Dim>& plan = *chosen;
    if (plan_out) *plan_out = plan;

    grid_step_args<Dim, Value> a{};
    a.plan = plan;
    for (std::size_t k = 0; k + 1 < Dim; ++k)
    {
        unsigned extent = 1;
        for (std::size_t i = 0; i <= k; ++i) extent *= unsigned(plan.box[i]);
        a.box_divider[k] = tiled::detail::u32_divider(extent);
    }
    for (std::size_t k = 0; k < Dim; ++k) a.tile_divider[k] = tiled::detail::u32_divider(unsigned(plan.tiles[k]));
    for (std::size_t k = 0; k < Dim; ++k)
    {
        a.cell_stride[k] = (long long)sys.grid_shape().cell_stride(k);
        a.bc[k] = sys.grid_shape().bc[k].what;
    }
    a.cells = (long long)sys.cells();
    a.interleaved = sys.grid_shape().field_layout == grid::layout::interleaved;
    a.y = y;
    a.out = out;
    a.err = err;
    a.given_dxdt = FusedNorm ? params.given_dxdt : nullptr;
    a.next_dxdt = FusedNorm ? params.next_dxdt : nullptr;
    a.norm = norm;
    a.norm_params = params;
    if (may_signal) a.signal = take_grid_edge_signal(plan, sys.size() / sys.grid_shape().extent[Dim - 1]);

    // A signalling step keeps its whole persistent grid: the exchange's kernel runs
    // where the grid leaves room or its first blocks have finished, and SMs kept free
    // for it from the start cost the step more than they save (doc/results/gpu_4x_h100.md).
    const std::size_t grid_blocks = resident_grid(std::size_t(plan.tile_count()), shape, dev);
    kernel<<<unsigned(grid_blocks), threads, shared>>>(sys, a, coef);
    cuda_check(cudaGetLastError(), "launching the grid tile kernel");
    return true;
}

#endif // __CUDACC__

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_GRID_STEP_LAUNCH_HPP_INCLUDED
