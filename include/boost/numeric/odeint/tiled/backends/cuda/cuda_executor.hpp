/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_executor.hpp

 The CUDA backend's executor: runs one step of a tiling plan on the current device,
 in stream order, with no transfer to the host except an adaptive step's error norm.
 It binds the step's vectors (detail/step_vectors.hpp), lets the dispatch choose a
 kernel family (cuda_dispatch.hpp: stage kernels, streaming tiles, register tiles
 or general tiles, and why), and launches it (each family's file; launch mechanics
 in cuda_launch.hpp).

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

#include <cuda_runtime_api.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_dispatch.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error_norm.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_kernel_path.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_state_kernels.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_workspace.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/given_first_derivative.hpp>
#include <boost/numeric/odeint/tiled/core/step_vectors.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

class cuda_executor
{
    static cuda_kernel_choice& choice_record()
    {
        static thread_local cuda_kernel_choice c;
        return c;
    }

    //! The kernels of one step: the dispatch's family, launched with what it prepared.
    template <class Tableau, bool WithError, class Operations, bool FusedNorm, class System, class Value, std::size_t NV>
    static void run_kernels(const tiling_plan& plan, cuda_workspace<Value>& ws, Value* const (&vectors)[NV],
                            const System& sys, const link_coefficients<Tableau, Value>& coef,
                            const error_norm_params<Value>& norm_params, detail::cuda_norm_accumulator<Value>* norm)
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
            detail::launch_streaming_tiles<Tableau, WithError, FusedNorm>(prepared.streaming, plan, *prepared.kernels,
                                                                          vectors, sys, coef, norm_params, norm);
            break;
        case cuda_kernel_path::register_tiles:
        case cuda_kernel_path::cluster_tiles:
        case cuda_kernel_path::l2_tiles:
            detail::launch_register_tiles<Tableau, WithError, FusedNorm>(prepared.registers, plan, *prepared.kernels, ws,
                                                                         vectors, sys, coef, norm_params, norm);
            break;
        default:
            detail::run_general_tiles<Tableau, WithError, Operations, FusedNorm>(plan, *prepared.kernels, ws, vectors, sys,
                                                                                coef, norm_params, norm);
        }
    }

    template <class Value, std::size_t NV>
    static void finish(const detail::step_vectors<Value, NV>& bound, std::size_t n)
    {
        if (bound.uses_spare())
            cuda_check(cudaMemcpyAsync(bound.out, bound.result, n * sizeof(Value), cudaMemcpyDeviceToDevice),
                       "copying the output state");
    }

public:
    //! The kernel family that ran the last step on this host thread (tests, bench).
    static cuda_kernel_path last_path() { return choice_record().family; }
    //! The dispatch's choice for the last step on this host thread, with its reason
    //! (`boost_odeint_tiled bench --explain`).
    static cuda_kernel_choice last_choice() { return choice_record(); }

    template <class Tableau, bool WithError, class Operations, class System, class Value, class Time>
    static void run(const tiling_plan& plan, cuda_workspace<Value>& ws, const System& sys, const Value* y, Value* out,
                    Value* err, Time t, Time h)
    {
        const auto bound = detail::bind_step_vectors<Tableau, WithError>(plan, ws, y, out, err);
        const link_coefficients<Tableau, Value> coef(t, h);
        run_kernels<Tableau, WithError, Operations, false>(plan, ws, bound.vectors, sys, coef,
                                                           error_norm_params<Value>{},
                                                           static_cast<detail::cuda_norm_accumulator<Value>*>(nullptr));
        finish(bound, plan.n);
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
        // the fused chain never writes an error vector
        const auto bound =
            detail::bind_step_vectors<Tableau, true>(plan, ws, y, out, static_cast<Value*>(nullptr), params.next_dxdt);
        const link_coefficients<Tableau, Value> coef(t, h);
        detail::cuda_norm_accumulator<Value>* norm = ws.norm_accumulator();
        detail::reset_error_norm(norm);
        if (detail::first_derivative_given<Tableau>(params))
        {
            if constexpr (chain_traits<Tableau, true>::last_derivative_is_next_first)  // kernels of their own
                run_kernels<Tableau, true, Operations, true>(
                    plan, ws, bound.vectors, detail::given_first_derivative_system<System>{sys}, coef, params, norm);
        }
        else
            run_kernels<Tableau, true, Operations, true>(plan, ws, bound.vectors, sys, coef, params, norm);
        finish(bound, plan.n);
        return detail::read_error_norm(norm);
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
