/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_executor.hpp

 The CUDA backend's executor: runs one step of a tiling plan on the current device,
 in stream order, with no transfer to the host except an adaptive step's error norm.
 It binds the step's vectors (detail/step_vectors.hpp), lets the dispatch choose a
 kernel family (cuda_dispatch.hpp: stage kernels, streaming tiles, register tiles
 or general tiles, and why), and launches it (each family's file; launch mechanics
 in cuda_launch.hpp). Grid systems have their own kernel (run_grid), periodic
 systems' fixed steps the streaming kernel on their unrolled ring (run_unrolled).

 Operations: the stage and general kernels combine stages with the stepper's
 Operations; the streaming and register-tile kernels are built on fused_operations,
 the default, and the dispatch runs a stepper with other Operations on the general
 kernel.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_EXECUTOR_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_EXECUTOR_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>

#include <cuda_runtime_api.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_dispatch.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error_norm.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_kernel_path.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_state_kernels.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_workspace.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/given_first_derivative.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/grid_step_launch.hpp>
#include <boost/numeric/odeint/tiled/core/step_vectors.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/system/unrolled_ring.hpp>

/*! BOOST_ODEINT_TILED_CUDA_GRID_KERNEL: 1 (the default) runs grid systems (tiled::grid)
    on the grid tile kernel (grid_tile_kernel.hpp) where the tiling is automatic(), and
    on the stage kernels elsewhere; 0 runs them like any other system, on the 1D plan's
    kernels (every kernel family compiled for them, and explicit tilings honoured). */
#ifndef BOOST_ODEINT_TILED_CUDA_GRID_KERNEL
#define BOOST_ODEINT_TILED_CUDA_GRID_KERNEL 1
#endif

namespace boost { namespace numeric { namespace odeint { namespace tiled {

class cuda_executor
{
    static cuda_kernel_choice& choice_record()
    {
        static thread_local cuda_kernel_choice c;
        return c;
    }

    //! The kernels of one step: the dispatch's family, launched with what it prepared.
    //! may_signal: the kernels write the step's output itself (no copy follows), so a
    //! kernel that runs the whole step in one launch may take the thread's edge signal
    //! request (core/edge_signal.hpp).
    template <class Tableau, bool WithError, class Operations, bool FusedNorm, class System, class Value, std::size_t NV>
    static void run_kernels(const tiling_plan& plan, cuda_workspace<Value>& ws, Value* const (&vectors)[NV],
                            const System& sys, const link_coefficients<Tableau, Value>& coef,
                            const error_norm_params<Value>& norm_params, detail::cuda_norm_accumulator<Value>* norm,
                            bool may_signal)
    {
        detail::cuda_prepared_kernels prepared;
        const cuda_kernel_choice choice =
            detail::choose_cuda_kernels<Tableau, WithError, Operations, FusedNorm, System>(plan, ws, vectors, prepared);
        choice_record() = choice;
        switch (choice.family)
        {
        case cuda_kernel_path::stage_kernels:
            detail::run_stage_kernels<Tableau, WithError, Operations, FusedNorm>(plan, vectors, sys, coef, norm_params,
                                                                                norm);
            break;
        case cuda_kernel_path::streaming_tiles:
            if constexpr (!detail::builds_only_general_tiles<System>::value)
                detail::launch_streaming_tiles<Tableau, WithError, FusedNorm>(prepared.streaming, plan, *prepared.kernels,
                                                                              vectors, sys, coef, norm_params, norm,
                                                                              unrolled_ring(), may_signal);
            break;
        case cuda_kernel_path::register_tiles:
        case cuda_kernel_path::cluster_tiles:
        case cuda_kernel_path::l2_tiles:
            if constexpr (!detail::builds_only_general_tiles<System>::value)
                detail::launch_register_tiles<Tableau, WithError, FusedNorm>(prepared.registers, plan, *prepared.kernels,
                                                                             ws, vectors, sys, coef, norm_params, norm);
            break;
        default:
            detail::run_general_tiles<Tableau, WithError, Operations, FusedNorm>(plan, *prepared.kernels, ws, vectors, sys,
                                                                                coef, norm_params, norm);
        }
    }

    template <std::size_t Dim>
    static void record_grid_choice(const grid::tile_plan<Dim>& plan)
    {
        cuda_kernel_choice c;
        c.family = cuda_kernel_path::grid_tiles;
        static thread_local std::string reason;
        reason = "a grid system (tiled::grid): the whole step on tiles of ";
        for (std::size_t k = 0; k < Dim; ++k)
            reason += (k ? "x" : "") + (plan.whole[k] ? std::string("all ") + std::to_string(plan.extent[k])
                                                      : std::to_string(plan.owned[k]));
        reason += " cells with a halo of " + std::to_string(plan.stages * plan.radius) + ", " +
                  std::to_string(plan.tile_count()) + " tiles";
        c.reason = reason.c_str();
        choice_record() = c;
    }

    template <class Tableau, bool WithError, class Operations, bool FusedNorm, class System, class Value, std::size_t NV>
    static void stage_kernels_only(const tiling_plan& plan, Value* const (&vectors)[NV], const System& sys,
                                   const link_coefficients<Tableau, Value>& coef,
                                   const error_norm_params<Value>& norm_params,
                                   detail::cuda_norm_accumulator<Value>* norm)
    {
        if (const char* why = detail::stage_kernels_unfit<Tableau, WithError, FusedNorm>(plan, vectors))
            throw std::logic_error(std::string("tiled: internal error, a grid system's plain step cannot run the "
                                               "stage kernels: ") + why);
        cuda_kernel_choice c;
        c.family = cuda_kernel_path::stage_kernels;
        c.reason = "a grid system where the grid kernel does not apply: tiling::none(), one kernel per link";
        choice_record() = c;
        detail::run_stage_kernels<Tableau, WithError, Operations, FusedNorm>(plan, vectors, sys, coef, norm_params, norm);
    }

    template <class Value, std::size_t NV>
    static void finish(const detail::step_vectors<Value, NV>& bound, std::size_t n)
    {
        if (bound.uses_spare())
            cuda_check(cudaMemcpyAsync(bound.out, bound.result, n * sizeof(Value), cudaMemcpyDeviceToDevice),
                       "copying the output state");
    }

    //! The plan's kernels (run_kernels), or with StagesOnly the stage kernels alone
    //! (stage_kernels_only: a grid system's steps where the grid kernel does not apply).
    template <class Tableau, bool WithError, class Operations, bool FusedNorm, bool StagesOnly, class System, class Value,
              std::size_t NV>
    static void kernels_for(const tiling_plan& plan, cuda_workspace<Value>& ws, Value* const (&vectors)[NV],
                            const System& sys, const link_coefficients<Tableau, Value>& coef,
                            const error_norm_params<Value>& norm_params, detail::cuda_norm_accumulator<Value>* norm,
                            bool may_signal = false)
    {
        if constexpr (StagesOnly)
            stage_kernels_only<Tableau, WithError, Operations, FusedNorm>(plan, vectors, sys, coef, norm_params, norm);
        else
            run_kernels<Tableau, WithError, Operations, FusedNorm>(plan, ws, vectors, sys, coef, norm_params, norm,
                                                                   may_signal);
    }

    template <class Tableau, bool WithError, class Operations, bool StagesOnly, class System, class Value, class Time>
    static void run_step(const tiling_plan& plan, cuda_workspace<Value>& ws, const System& sys, const Value* y,
                         Value* out, Value* err, Time t, Time h)
    {
        const auto bound = detail::bind_step_vectors<Tableau, WithError>(plan, ws, y, out, err);
        const link_coefficients<Tableau, Value> coef(t, h);
        kernels_for<Tableau, WithError, Operations, false, StagesOnly>(
            plan, ws, bound.vectors, sys, coef, error_norm_params<Value>{},
            static_cast<detail::cuda_norm_accumulator<Value>*>(nullptr), !bound.uses_spare());
        finish(bound, plan.n);
    }

    template <class Tableau, class Operations, bool StagesOnly, class System, class Value, class Time>
    static error_norm_block<Value> run_step_error_norm(const tiling_plan& plan, cuda_workspace<Value>& ws,
                                                       const System& sys, const Value* y, Value* out, Time t, Time h,
                                                       const error_norm_params<Value>& params)
    {
        detail::check_norm_range(params);
        // the fused chain never writes an error vector
        const auto bound =
            detail::bind_step_vectors<Tableau, true>(plan, ws, y, out, static_cast<Value*>(nullptr), params.next_dxdt);
        const link_coefficients<Tableau, Value> coef(t, h);
        detail::cuda_norm_accumulator<Value>* norm = ws.norm_accumulator();
        detail::reset_error_norm(norm);
        if (detail::first_derivative_given<Tableau>(params))
        {
            if constexpr (chain_traits<Tableau, true>::last_derivative_is_next_first)  // kernels of their own
                kernels_for<Tableau, true, Operations, true, StagesOnly>(
                    plan, ws, bound.vectors, detail::given_first_derivative_system<System>{sys}, coef, params, norm);
        }
        else
            kernels_for<Tableau, true, Operations, true, StagesOnly>(plan, ws, bound.vectors, sys, coef, params, norm);
        finish(bound, plan.n);
        return detail::read_error_norm(norm);
    }

    /*! The streaming kernel on the line of an unrolled ring with `line`, the system as
        the line sees it (run_unrolled, run_unrolled_error_norm); false, launching
        nothing, where it cannot take the plan. */
    template <class Tableau, bool WithError, class Operations, bool FusedNorm, class LineSystem, class Value, class Time>
    static bool unrolled_step(const tiling_plan& plan, cuda_workspace<Value>& ws, const LineSystem& line,
                              const unrolled_ring& ring, const Value* y, Value* out, Value* err, Time t, Time h,
                              const error_norm_params<Value>& norm_params, detail::cuda_norm_accumulator<Value>* norm)
    {
        if constexpr (!std::is_same<Operations, fused_operations>::value)
            return false;
        else
        {
            constexpr std::size_t NV = chain_traits<Tableau, WithError>::vector_count;
            if (plan.n != ring.size() || ring.size() > unrolled_ring::max_size ||
                plan.config.kind() != tiling::scheme::overlapped)
                return false;
            Value* vectors[NV] = {};
            vectors[vector_ids::state_in] = const_cast<Value*>(y);
            vectors[vector_ids::state_out] = out;
            vectors[vector_ids::error_out] = err;
            if constexpr (FusedNorm)
            {
                // kept derivatives (dense output) are the ring's n values, in the
                // workspace as on any plan; the one handed on goes where params say
                for (std::size_t v = vector_ids::first_derivative; v < NV; ++v)
                    if (plan.in_memory[v] != 0) vectors[v] = ws.permanent(v, ring.n);
                if (norm_params.next_dxdt != nullptr)
                    vectors[detail::next_dxdt_vector<Tableau>(plan)] = norm_params.next_dxdt;
            }
            const auto& kernels = ws.device_plan(plan);
            detail::streaming_launch launch;
            if (detail::prepare_streaming_tiles<Tableau, WithError, FusedNorm, LineSystem>(plan, kernels, vectors, launch))
                return false;
            const link_coefficients<Tableau, Value> coef(t, h);
            detail::launch_streaming_tiles<Tableau, WithError, FusedNorm>(launch, plan, kernels, vectors, line, coef,
                                                                          norm_params, norm, ring);
            cuda_kernel_choice c;
            c.family = cuda_kernel_path::streaming_tiles;
            c.reason = "a periodic system on the line of its unrolled ring (n + 2 s c components, d = c): overlapped "
                       "tiles of the whole chain in a chunk the kernel is built for";
            choice_record() = c;
            return true;
        }
    }

public:
    //! Runs grid systems (tiled::grid::system) on tiles of cells: run_grid,
    //! run_grid_error_norm (BOOST_ODEINT_TILED_CUDA_GRID_KERNEL, see below).
    static constexpr bool runs_grid_systems = BOOST_ODEINT_TILED_CUDA_GRID_KERNEL != 0;
    //! The steppers give this backend no ring plans: it runs them correctly, on the
    //! general kernel (cuda_dispatch.hpp), but slower than a periodic system's plan
    //! along the state, one stage kernel per link (doc/results/gpu_h200.md); a
    //! periodic system's fixed steps run on its unrolled ring instead (run_unrolled).
    static constexpr bool runs_ring_plans = false;

    //! Steps periodic systems on the line of their unrolled ring (run_unrolled).
    static constexpr bool unrolls_rings = true;

    /*! One fixed step of the periodic system `sys` on the line of its unrolled `ring`
        (system/unrolled_ring.hpp), planned as `plan` (of ring.size() components, d = c),
        on the streaming kernel: the line's plan component e reads and writes the
        state's component (e - halo) mod n, and only the ring's n components are written.
        Returns false, running nothing, where the streaming kernel cannot take the plan
        (a tiling other than overlapped, a chain or chunk it is not built for, Operations
        other than fused_operations): the stepper then steps on the plan along the state.
        y == out steps through the workspace's spare output and a copy back. */
    template <class Tableau, bool WithError, class Operations, class System, class Value, class Time>
    static bool run_unrolled(const tiling_plan& plan, cuda_workspace<Value>& ws, const System& sys,
                             const unrolled_ring& ring, const Value* y, Value* out, Value* err, Time t, Time h)
    {
        Value* const result = y == out ? ws.spare_output(ring.n) : out;
        if (!unrolled_step<Tableau, WithError, Operations, false>(
                plan, ws, detail::unrolled_ring_system<System>(sys, ring), ring, y, result, err, t, h,
                error_norm_params<Value>{}, static_cast<detail::cuda_norm_accumulator<Value>*>(nullptr)))
            return false;
        if (result != out) detail::device_copy(result, out, ring.n);
        return true;
    }

    /*! run_error_norm on the line of an unrolled ring (see run_unrolled): the norm over
        the ring's components in params' range, F_0 given and the last derivative handed
        on (params.next_dxdt) as params say, kept derivatives (vector_of) of n values:
        all in the state's numbering. y and out are distinct. False, running nothing,
        where the streaming kernel cannot take the plan. */
    template <class Tableau, class Operations, class System, class Value, class Time>
    static bool run_unrolled_error_norm(const tiling_plan& plan, cuda_workspace<Value>& ws, const System& sys,
                                        const unrolled_ring& ring, const Value* y, Value* out, Time t, Time h,
                                        const error_norm_params<Value>& params, error_norm_block<Value>& result)
    {
        detail::check_norm_range(params);
        error_norm_params<Value> p = params;  // the line's numbering: the ring's components are [halo, halo + n)
        p.norm_first = ring.halo + std::min(params.norm_first, ring.n);
        p.norm_last = ring.halo + std::min(params.norm_last, ring.n);
        detail::cuda_norm_accumulator<Value>* norm = ws.norm_accumulator();
        detail::reset_error_norm(norm);
        const detail::unrolled_ring_system<System> line(sys, ring);
        bool ran = false;
        if (detail::first_derivative_given<Tableau>(params))
        {
            if constexpr (chain_traits<Tableau, true>::last_derivative_is_next_first)  // kernels of their own
                ran = unrolled_step<Tableau, true, Operations, true>(
                    plan, ws, detail::given_first_derivative_system<detail::unrolled_ring_system<System>>{line}, ring, y,
                    out, static_cast<Value*>(nullptr), t, h, p, norm);
        }
        else
            ran = unrolled_step<Tableau, true, Operations, true>(plan, ws, line, ring, y, out, static_cast<Value*>(nullptr),
                                                                 t, h, p, norm);
        if (ran) result = detail::read_error_norm(norm);
        return ran;
    }

    //! The kernel family that ran the last step on this host thread (tests, bench).
    static cuda_kernel_path last_path() { return choice_record().family; }
    //! The dispatch's choice for the last step on this host thread, with its reason
    //! (`boost_odeint_tiled bench --explain`).
    static cuda_kernel_choice last_choice() { return choice_record(); }

    template <class Tableau, bool WithError, class Operations, class System, class Value, class Time>
    static void run(const tiling_plan& plan, cuda_workspace<Value>& ws, const System& sys, const Value* y, Value* out,
                    Value* err, Time t, Time h)
    {
        run_step<Tableau, WithError, Operations, false>(plan, ws, sys, y, out, err, t, h);
    }

    /*! One step of the error chain whose error estimate is reduced, inside the error
        link's pass, to odeint's error norm (the plan must come from a chain made with
        chain_options::fused_error_norm; no error vector is written). The norm is
        merged on the device (cuda_error_norm.hpp) and read back with one small copy,
        which waits for the step: the only transfer to the host of an adaptive step. */
    template <class Tableau, class Operations, class System, class Value, class Time>
    static error_norm_block<Value> run_error_norm(const tiling_plan& plan, cuda_workspace<Value>& ws, const System& sys,
                                                  const Value* y, Value* out, Time t, Time h,
                                                  const error_norm_params<Value>& params)
    {
        return run_step_error_norm<Tableau, Operations, false>(plan, ws, sys, y, out, t, h, params);
    }

    /*! One step of a grid system with the grid tile kernel (grid_tile_kernel.hpp), in
        place of a plan's kernels: the plan's 1D tiles do not know the grid, these tiles
        do. Returns false, running nothing, where that kernel does not apply. y == out
        steps through the workspace's spare output and a copy back. */
    template <class Tableau, bool WithError, class System, class Value, class Time>
    static bool run_grid(cuda_workspace<Value>& ws, const System& sys, const Value* y, Value* out, Value* err, Time t,
                         Time h)
    {
        Value* result = y == out ? ws.spare_output(sys.size()) : out;
        const link_coefficients<Tableau, Value> coef(t, h);
        grid::tile_plan<System::dimensions> plan;
        if (!detail::launch_grid_step<Tableau, WithError, false>(sys, y, result, err, coef, error_norm_params<Value>{},
                                                                 static_cast<detail::cuda_norm_accumulator<Value>*>(nullptr),
                                                                 &plan, result == out))
            return false;
        record_grid_choice(plan);
        if (result != out) detail::device_copy(result, out, sys.size());
        return true;
    }

    /*! A step of a tiling::none() plan with the stage kernels alone (one per link):
        what a grid system's steps run where the grid kernel does not apply, without
        compiling the tile kernel families for it. */
    template <class Tableau, bool WithError, class Operations, class System, class Value, class Time>
    static void run_stages(const tiling_plan& plan, cuda_workspace<Value>& ws, const System& sys, const Value* y,
                           Value* out, Value* err, Time t, Time h)
    {
        run_step<Tableau, WithError, Operations, true>(plan, ws, sys, y, out, err, t, h);
    }

    //! run_error_norm with the stage kernels alone (see run_stages).
    template <class Tableau, class Operations, class System, class Value, class Time>
    static error_norm_block<Value> run_error_norm_stages(const tiling_plan& plan, cuda_workspace<Value>& ws,
                                                         const System& sys, const Value* y, Value* out, Time t, Time h,
                                                         const error_norm_params<Value>& params)
    {
        return run_step_error_norm<Tableau, Operations, true>(plan, ws, sys, y, out, t, h, params);
    }

    /*! run_error_norm for a grid system with the grid tile kernel: the norm reduced in
        the kernel, F_0 given and the last derivative handed on as params say (FSAL).
        Returns false where that kernel does not apply; y and out are distinct. */
    template <class Tableau, class System, class Value, class Time>
    static bool run_grid_error_norm(cuda_workspace<Value>& ws, const System& sys, const Value* y, Value* out, Time t,
                                    Time h, const error_norm_params<Value>& params, error_norm_block<Value>& result)
    {
        detail::check_norm_range(params);
        using traits = detail::grid_step_traits<Tableau, true>;
        const bool hands_on = params.next_dxdt != nullptr || detail::first_derivative_given<Tableau>(params);
        if (hands_on && traits::stages != int(Tableau::stages)) return false;
        const link_coefficients<Tableau, Value> coef(t, h);
        detail::cuda_norm_accumulator<Value>* norm = ws.norm_accumulator();
        detail::reset_error_norm(norm);
        grid::tile_plan<System::dimensions> plan;
        if (!detail::launch_grid_step<Tableau, true, true>(sys, y, out, static_cast<Value*>(nullptr), coef, params, norm,
                                                           &plan))
            return false;
        record_grid_choice(plan);
        result = detail::read_error_norm(norm);
        return true;
    }

    //! The permanent vector v of the workspace after a step that wrote it (device
    //! memory; nullptr if it has none).
    template <class Value>
    static const Value* vector_of(const cuda_workspace<Value>& ws, std::size_t v) { return ws.existing(v); }

    //! to[0, n) = from[0, n), both device memory, in stream order (states of the adaptive steppers).
    template <class Value>
    static void copy_values(const Value* from, Value* to, std::size_t n) { detail::device_copy(from, to, n); }

    //! out = 1 x + c_0 k_0 + ... + c_{K-1} k_{K-1} on the device, odeint's scale_sum order (dense output).
    template <class Value, std::size_t K>
    static void scale_sum(Value* out, const Value* x, const Value (&c)[K], const Value* const (&k)[K], std::size_t n)
    {
        detail::device_scale_sum(out, x, c, k, n);
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_EXECUTOR_HPP_INCLUDED
