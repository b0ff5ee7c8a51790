/*
 boost_odeint_tiled/bench_runner_cuda.hpp

 The CUDA backend of `bench`, templated on the method's tableau like bench_runner.hpp
 (whose stock-stepper selection, timing loop, agreement measure and problem set it
 uses). Include it only from methods_cuda/<method>.cu (nvcc): each instantiates
 run_method<Tableau> for BRUSS2D, heat and phase-chain in double (and BRUSS2D in float,
 see float_built()), for the methods the method table marks cuda_forms also BRUSS2D's
 other forms (bench --form; double only); methods_cuda/periodic/<method>.cu for the
 periodic lorenz96 (on the line of its unrolled ring, planned with its distance around
 the ring). Two stepper types on thrust::device_vector states:

   stock-cuda   odeint's stepper (named, else explicit_generic_rk as on the host)
                with tiled::cuda_algebra and tiled::cuda_operations, and the
                system evaluated by one grid-stride kernel per call
                (tiled::as_odeint_system on device vectors)
   none, trapezoidal, hexagonal, automatic, tuned, and bench_job::tilings
                tiled::explicit_rk<Tableau, thrust::device_vector<Value>, Value>
                (the CUDA executor); one type, the tiling is a run-time value

 Timing: the stopwatch of bench_runner.hpp's measure(), with cudaDeviceSynchronize
 before every reading, so a repetition spans the work of its steps on the GPU, not
 just their launches. The final states are copied to the host for the agreement
 check against stock-cuda.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_BENCH_RUNNER_CUDA_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_BENCH_RUNNER_CUDA_HPP_INCLUDED

#if !defined(__CUDACC__)
#error "bench_runner_cuda.hpp is the CUDA backend of bench: include it only from methods_cuda/*.cu (nvcc)"
#endif

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <cuda_runtime_api.h>
#include <thrust/copy.h>
#include <thrust/device_vector.h>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>

#include "bench_runner.hpp"

namespace bot_tool {
namespace runner_cuda {

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;

// ---- the whole-vector system of stock-cuda ---------------------------------------

//! measure()'s hook: the stopwatch is read only after the GPU has finished.
struct device_sync
{
    void operator()() const { tiled::cuda_check(cudaDeviceSynchronize(), "bench: cudaDeviceSynchronize"); }
};

// ---- tilings ---------------------------------------------------------------------

/*! The tiling bench runs for stepper k on the GPU (width/height 0: defaults). The
    CUDA executor runs one tile per thread block, so the GPU defaults are narrower
    than the host's: as wide as one block of the register-tile kernel holds
    (tiled::cuda_launch_policy::narrow_register_shape(): 512 components; wider tiles up to
    1024 run on its wide shape), or the narrowest legal width rounded up to 256 where
    d needs more (beyond 1024: the general kernel); trapezoids `links` high, hexagons 4 high (2 for
    fewer than 4 links). */
inline tiled::tiling default_cuda_tiling(stepper_kind k, std::size_t d, std::size_t links, std::size_t width,
                                         std::size_t height)
{
    auto round_up = [](std::size_t v, std::size_t q) { return (v + q - 1) / q * q; };
    const std::size_t block_width = tiled::cuda_launch_policy::narrow_register_shape().width();
    switch (k) {
    case stepper_kind::trapezoidal: {
        const std::size_t h = height ? height : (links > 1 ? links : 1);
        const std::size_t w = width ? width : std::max<std::size_t>(block_width, round_up((2 * h - 1) * d, 256));
        return tiled::tiling::trapezoidal(w, h);
    }
    case stepper_kind::hexagonal: {
        const std::size_t h = height ? height : (links >= 4 ? 4 : 2);
        const std::size_t w = width ? width : std::max<std::size_t>(block_width, round_up((h - 1) * d, 256));
        return tiled::tiling::hexagonal(w, h);
    }
    default:
        // none; overlapped as on the host (the streaming kernel runs it for d <= 1024; beyond,
        // the general kernel, where narrower tiles, margins of half a tile and more, lose
        // by an order of magnitude and more: doc/results/gpu_h200.md, "Measurements behind
        // the defaults");
        // automatic (model only); tuned (cache, then model)
        return default_tiling(k, d, links, width, height);
    }
}

inline bool is_cuda_stepper(stepper_kind k)
{
    switch (k) {
    case stepper_kind::stock_cuda:
    case stepper_kind::none:
    case stepper_kind::trapezoidal:
    case stepper_kind::hexagonal:
    case stepper_kind::overlapped:
    case stepper_kind::automatic:
    case stepper_kind::tuned: return true;
    default: return false;
    }
}

// ---- measurement -----------------------------------------------------------------

//! As runner::run_problem: `sys` in the job's form, `problem` its reference form (size, initial state).
template <class Tableau, class Value, class Sys, class Problem>
std::vector<bench_result> run_problem(const bench_job& job, const Sys& sys, const Problem& problem, double dt_double)
{
    using device_state = thrust::device_vector<Value>;
    using host_state = std::vector<Value>;
    using stock_t = runner::stock_stepper<Tableau, tiled::cuda_algebra, Value, device_state, tiled::cuda_operations>;
    const std::size_t n = problem.size();
    const std::size_t d = runner::planning_distance(sys);  // a periodic system's: around its ring
    const std::size_t links = tiled::make_link_chain<Tableau, false>().links;
    const Value dt = static_cast<Value>(dt_double);

    host_state x0(n);
    problem.initial_state(x0);
    const device_state x0_device(x0.begin(), x0.end());

    // explicit tilings (tune's GPU search: shapes with launch knobs) run after the steppers
    std::vector<tiled::tiling> explicit_tilings;
    if (job.tilings) {
        tiling_context ctx;
        ctx.n = n;
        ctx.d = d;
        ctx.links = links;
        ctx.ring = tiled::detail::has_cyclic_access_distance<Sys>::value;
        if constexpr (tiled::is_embedded_tableau<Tableau>::value) ctx.error_links = tiled::make_link_chain<Tableau, true>().links;
        explicit_tilings = job.tilings(ctx);
    }

    std::vector<bench_result> out;
    host_state reference;
    std::string reference_name;
    std::size_t steps = job.steps;
    for (std::size_t i = 0; i < job.steppers.size() + explicit_tilings.size(); ++i) {
        const tiled::tiling* requested = i < job.steppers.size() ? nullptr : &explicit_tilings[i - job.steppers.size()];
        const stepper_kind k = requested ? runner::kind_of(*requested) : job.steppers[i];
        bench_result r;
        r.stepper = k;
        r.dt = dt_double;
        if (requested) r.requested = requested->to_string();
        progress prog(job.label + " " + (requested ? r.requested : std::string(stepper_name(k))));
        try {
            if (!is_cuda_stepper(k))
                throw std::invalid_argument(std::string(stepper_name(k)) + " is not a stepper of the CUDA backend");
            device_state x = x0_device;
            Value t = 0;
            std::size_t made = 0;
            if (k == stepper_kind::stock_cuda) {
                auto st = stock_t::make();
                r.ms_per_step =
                    runner::measure(st, tiled::as_odeint_system(sys), x, t, dt, job, steps, made, prog, device_sync{});
                r.note = stock_t::note;
            } else {
                tiled::explicit_rk<Tableau, device_state, Value> st(
                    requested ? *requested : default_cuda_tiling(k, d, links, job.width, job.height));
                r.ms_per_step = runner::measure(st, sys, x, t, dt, job, steps, made, prog, device_sync{});
                // which kernels ran it: a tiling the register tiles cannot hold runs the general kernel
                r.tiling = st.tiling().to_string() + " [" + tiled::kernel_path_name(tiled::cuda_executor::last_path()) + "]";
                r.kernel_choice = tiled::cuda_executor::last_choice().explain();
                r.tiling_text = tiled::format_tiling_text(st.tiling());
                r.tuning_device = tiled::cuda_device_name();
                if (!requested && k == stepper_kind::tuned) {
                    const auto cached = tiled::find_tuned_tiling(
                        "cuda", tiled::cuda_device_name, tiled::make_link_chain<Tableau, false>(), n, d, sizeof(Value));
                    r.tiling += cached && *cached == st.tiling() ? " (tuning cache)" : " (model: no cache entry)";
                }
                if (st.plan()) r.memory_volume = st.plan()->memory_volume();
            }
            r.ok = true;
            r.steps = steps;
            r.total_steps = made;
            host_state x_host(n);
            thrust::copy(x.begin(), x.end(), x_host.begin());
            const bool finite = std::all_of(x_host.begin(), x_host.end(), [](Value v) { return std::isfinite(v); });
            if (reference_name.empty() && is_stock(k)) {
                if (!finite)
                    throw std::runtime_error("the state is not finite after " + std::to_string(r.total_steps) +
                                             " steps: dt = " + std::to_string(dt_double) +
                                             " is unstable here (try --dt)");
                reference = std::move(x_host);
                reference_name = stepper_name(k);
                r.max_rel_diff = 0.0;
                r.reference = reference_name;
            } else if (!reference_name.empty()) {
                r.max_rel_diff = runner::max_rel_diff(reference, x_host);
                r.reference = reference_name;
            }
        } catch (const std::exception& e) {
            rethrow_if_out_of_memory(e);  // a GPU allocation failure becomes out_of_memory(gpu)
            r.ok = false;
            r.error = e.what();
        }
        out.push_back(std::move(r));
    }
    return out;
}

//! Periodic: the periodic problem (runner::with_periodic_problem); else the others,
//! BRUSS2D in every form_kind where AllForms, else in its reference form only
//! (runner::with_problem).
template <class Tableau, bool AllForms, bool Periodic = false>
std::vector<bench_result> run_method(const bench_job& job)
{
    if (job.check_error)
        throw std::invalid_argument("bench: error-estimate checks (verify) run on the TBB backend only");
    auto run = [&](const auto& sys, const auto& problem, double dt) {
        using sys_type = std::decay_t<decltype(sys)>;
        return runner::with_precision<sys_type>(job, [&](auto value) {
            return run_problem<Tableau, decltype(value), sys_type>(job, sys, problem, dt);
        });
    };
    // the initial state's copy to the device is made outside the steppers' try blocks:
    // its allocation failure, a thrust bad_alloc, must not read as host memory
    try {
        if constexpr (Periodic) return runner::with_periodic_problem(job, run);
        else return runner::with_problem<AllForms, false>(job, run);
    } catch (const std::exception& e) {
        rethrow_if_out_of_memory(e);
        throw;
    }
}

} // namespace runner_cuda
} // namespace bot_tool

//! Defines bot_tool::bench_cuda_<FN>(job) as runner_cuda::run_method<tiled::<TABLEAU>, ALL_FORMS>;
//! ALL_FORMS must match the method's cuda_forms in method_table() (bench.cpp).
#define BOT_TOOL_DEFINE_CUDA_METHOD(FN, TABLEAU, ALL_FORMS)                                                         \
    std::vector<bot_tool::bench_result> bot_tool::bench_cuda_##FN(const bot_tool::bench_job& job)                \
    {                                                                                                              \
        return bot_tool::runner_cuda::run_method<boost::numeric::odeint::tiled::TABLEAU, ALL_FORMS>(job);          \
    }

//! Defines bot_tool::bench_cuda_periodic_<FN>(job): the periodic problem (lorenz96) on
//! the unrolled ring's kernels, in a translation unit of its own
//! (methods_cuda/periodic/<method>.cu).
#define BOT_TOOL_DEFINE_CUDA_PERIODIC_METHOD(FN, TABLEAU)                                                          \
    std::vector<bot_tool::bench_result> bot_tool::bench_cuda_periodic_##FN(const bot_tool::bench_job& job)       \
    {                                                                                                              \
        return bot_tool::runner_cuda::run_method<boost::numeric::odeint::tiled::TABLEAU, false, true>(job);        \
    }

#endif // BOOST_ODEINT_TILED_TOOL_BENCH_RUNNER_CUDA_HPP_INCLUDED
