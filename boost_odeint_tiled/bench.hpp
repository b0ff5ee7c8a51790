/*
 boost_odeint_tiled/bench.hpp

 The interface between `boost_odeint_tiled bench` (bench.cpp: options, copy floor,
 tables) and the per-method measurement code (methods/<method>.cpp, each one
 instantiation of bench_runner.hpp), so that every method's steppers are compiled
 once, in their own translation unit.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_BENCH_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_BENCH_HPP_INCLUDED

#include <algorithm>
#include <cstddef>
#include <functional>
#include <limits>
#include <string>
#include <vector>

#include <boost/numeric/odeint/tiled/core/tiling.hpp>

namespace bot_tool {

enum class problem_kind { bruss2d, heat, phase_chain, lorenz96 };

/*! The access distance of the problems whose distance --d does not set: 1 for heat and
    phase-chain; lorenz96 (periodic, access_distance() n - 1) is planned with its
    cyclic_access_distance(), 2 around the ring. */
inline std::size_t fixed_distance(problem_kind p) { return p == problem_kind::lorenz96 ? 2 : 1; }

/*! How the BRUSS2D system is written (bench --form); the same problem, layout and
    initial state in every form, so the forms' rows differ only in what the system's
    code gives the steppers:
      reference  problems::bruss2d, the hand-vectorised block form
      grid       problems::grid_bruss2d, the grid helper: per-component and block
                 forms and the grid geometry, from one cell update
      component  grid_bruss2d through its per-component operator() alone
                 (component_form in problem_forms.hpp)
      plain      problems::plain_bruss2d, the per-component form a new user writes
    The other reference problems have the reference form only. */
enum class form_kind { reference, grid, component, plain };
const char* form_name(form_kind f);
//! The non-reference forms double the systems each method's runner instantiates, so
//! they are built in double only.
inline bool form_built_in(form_kind f, bool float_states) { return f == form_kind::reference || !float_states; }

//! Where bench runs: the host (TBB, std::vector states) or the GPU (CUDA,
//! thrust::device_vector states; only when the tool was built with CUDA).
enum class backend_kind { tbb, cuda };

//! The value type of the states (and of time and dt): fp64 = double, fp32 = float.
enum class precision_kind { fp64, fp32 };
inline const char* precision_name(precision_kind p) { return p == precision_kind::fp32 ? "float" : "double"; }
inline std::size_t precision_bytes(precision_kind p) { return p == precision_kind::fp32 ? 4 : 8; }
//! The problems bench is built to run in float: every value type instantiated doubles
//! the compile time of methods/*.cpp and methods_cuda/*.cu, and the float benchmark
//! of interest is BRUSS2D's (issue 3).
constexpr bool float_built(problem_kind p) { return p == problem_kind::bruss2d; }

//! In the order they are measured: the stock ones first (the first stock stepper's
//! final state is the reference of the "max rel diff" column). `automatic` is the
//! backend's model alone (tiling::automatic().use_tuning_cache(false)), `tuned` is
//! tiling::automatic() as a user gets it: the tuning cache first, then the model.
//! stock_cuda is the CUDA backend's stock stepper (odeint on device vectors with
//! tiled::cuda_algebra); the host ones are stock_tbb and stock_serial.
enum class stepper_kind { stock_tbb, stock_serial, stock_cuda, none, trapezoidal, hexagonal, overlapped, automatic, tuned };

const char* stepper_name(stepper_kind k);
inline bool is_stock(stepper_kind k)
{
    return k == stepper_kind::stock_tbb || k == stepper_kind::stock_serial || k == stepper_kind::stock_cuda;
}

/*! The tiling bench runs for stepper k at access distance d, for a method whose plain
    step has `links` links; width/height 0 take the defaults (see bench --help):
    trapezoids max(8192, (2h-1)d rounded up to 1024) wide and `links` high, hexagons
    max(8192, (h-1)d) wide and 4 high (2 for fewer than 4 links), overlapped tiles
    `links` high and max(8192, 8(h-1)d + 1 rounded up to 1024) wide (margins of at
    most a quarter of a tile). `tune` always measures these, so a tuned automatic() is
    never slower than them. */
inline boost::numeric::odeint::tiled::tiling default_tiling(stepper_kind k, std::size_t d, std::size_t links,
                                                            std::size_t width = 0, std::size_t height = 0)
{
    using boost::numeric::odeint::tiled::tiling;
    auto round_up = [](std::size_t v, std::size_t q) { return (v + q - 1) / q * q; };
    switch (k) {
    case stepper_kind::none: return tiling::none();
    case stepper_kind::trapezoidal: {
        const std::size_t h = height ? height : (links > 1 ? links : 1);
        const std::size_t w = width ? width : std::max<std::size_t>(8192, round_up((2 * h - 1) * d, 1024));
        return tiling::trapezoidal(w, h);
    }
    case stepper_kind::hexagonal: {
        const std::size_t h = height ? height : (links >= 4 ? 4 : 2);
        const std::size_t w = width ? width : std::max<std::size_t>(8192, (h - 1) * d);
        return tiling::hexagonal(w, h);
    }
    case stepper_kind::overlapped: {
        const std::size_t h = height ? height : (links > 1 ? links : 1);
        const std::size_t w = width ? width : std::max<std::size_t>(8192, round_up(8 * (h - 1) * d + 1, 1024));
        return tiling::overlapped(w, h);
    }
    case stepper_kind::automatic: return tiling::automatic().use_tuning_cache(false);
    default: return tiling::automatic();
    }
}

//! What a list of explicit tilings (bench_job::tilings) may depend on.
struct tiling_context
{
    std::size_t n = 0;
    std::size_t d = 0;
    std::size_t links = 0;        //!< links of the method's plain step
    std::size_t error_links = 0;  //!< links of its step with error estimate; 0 for a method without one
    bool ring = false;            //!< a periodic problem: d is around the ring, the steppers plan rings
};

//! One (problem, n, d, method) measurement: every stepper in `steppers`, then one
//! tiled stepper per explicit tiling, runs from the same initial state for
//! warmup + reps·steps steps of size dt.
struct bench_job
{
    problem_kind problem = problem_kind::bruss2d;
    form_kind form = form_kind::reference;  //!< bruss2d only (bench --form)
    std::size_t n = 0;
    std::size_t d = 0;                  //!< bruss2d only; heat and phase-chain have d = 1
    precision_kind precision = precision_kind::fp64;
    double dt = 0.0;                    //!< the fixed step; 0: the problem's suggested_dt (0.01 for phase-chain)
    std::vector<stepper_kind> steppers; //!< run in this order; the first stock one is the reference
    std::size_t width = 0;              //!< fixed trapezoidal/hexagonal/overlapped tiles; 0: default from d and the method
    std::size_t height = 0;             //!< likewise
    std::size_t steps = 0;              //!< timed steps per repetition; 0: chosen from the first stepper's warm-up
    double target_seconds = 0.15;       //!< automatic steps: one repetition of the first stepper takes about this long
    int reps = 3;                       //!< repetitions of the timed loop; the median is reported
    int warmup = 2;                     //!< at least 1 when steps is 0 (the warm-up step sets it)
    std::string label;                  //!< for the progress line
    //! More tiled steppers, one per tiling returned (verify), run after `steppers`.
    std::function<std::vector<boost::numeric::odeint::tiled::tiling>(const tiling_context&)> tilings;
    //! Embedded methods: every stepper's first warm-up step also computes the error
    //! estimate (odeint's do_step with xerr), compared in max_err_diff with that of
    //! odeint's explicit_error_generic_rk with the tableau's coefficients (double
    //! precision only; ignored for float).
    bool check_error = false;
};

struct bench_result
{
    stepper_kind stepper = stepper_kind::none;
    bool ok = false;
    std::string error;        //!< what() of the exception when !ok
    std::string tiling;       //!< the tiling actually used (tiled steppers)
    std::string tiling_text;  //!< the same in tiled::format_tiling_text's form (what `tune` stores)
    std::string tuning_device;  //!< tiled steppers: the device as the tuning cache names it
    std::string requested;    //!< the explicit tiling asked for (bench_job::tilings), else empty
    std::string note;         //!< e.g. how the stock stepper was made
    //! CUDA tiled steppers: the dispatch's kernel family for the last step and why
    //! (cuda_kernel_choice::explain; bench --explain prints it), else empty
    std::string kernel_choice;
    //! the earlier stepper of the row that ran the very same tiling (bench pools their
    //! timings: see pool_same_tilings in bench.cpp), else empty
    std::string same_tiling_as;
    double ms_per_step = std::numeric_limits<double>::quiet_NaN();
    double memory_volume = std::numeric_limits<double>::quiet_NaN(); //!< plan model, vectors per step
    double max_rel_diff = std::numeric_limits<double>::quiet_NaN();  //!< vs the reference stock stepper
    //! check_error, embedded methods: max_j |e_j - ref_j| / max_j |ref_j| of the first
    //! step's error estimates (see bench_job::check_error); NaN otherwise
    double max_err_diff = std::numeric_limits<double>::quiet_NaN();
    std::string reference;    //!< name of the reference stepper, empty when none
    std::size_t steps = 0;    //!< timed steps per repetition
    std::size_t total_steps = 0; //!< every step made: the steps behind max_rel_diff
    double dt = 0.0;
};

//! The results of all job.steppers, then of job.tilings, in order. Throws std::invalid_argument for a
//! problem that cannot be built (sizes); stepper failures are reported per result.
using method_runner = std::vector<bench_result> (*)(const bench_job& job);

struct method_entry
{
    const char* name;        //!< command-line name, e.g. "rk4"
    const char* tiled_name;  //!< tiled::<name>
    method_runner run;
    method_runner run_cuda;  //!< the CUDA backend (methods_cuda/<name>.cu); nullptr when built without CUDA
    //! the CUDA backend on the periodic problem (methods_cuda/periodic/<name>.cu); nullptr as run_cuda
    method_runner run_cuda_periodic;
    //! run_cuda runs every form_kind; otherwise the reference form only (each form is
    //! another instantiation of the CUDA executor, and nvcc is slow)
    bool cuda_forms;
};

//! All methods the tool knows, in the order of the help text.
const std::vector<method_entry>& method_table();

// One per methods/<name>.cpp.
std::vector<bench_result> bench_euler(const bench_job&);
std::vector<bench_result> bench_rk4(const bench_job&);
std::vector<bench_result> bench_rk38(const bench_job&);
std::vector<bench_result> bench_heun_euler21(const bench_job&);
std::vector<bench_result> bench_bogacki_shampine32(const bench_job&);
std::vector<bench_result> bench_cash_karp54(const bench_job&);
std::vector<bench_result> bench_dopri5(const bench_job&);
std::vector<bench_result> bench_verner56(const bench_job&);
std::vector<bench_result> bench_fehlberg78(const bench_job&);

// One per methods_cuda/<name>.cu, defined only when the tool is built with CUDA
// (BOOST_ODEINT_TILED_TOOL_HAS_CUDA); method_table() names them, and those below, through
// BOT_TOOL_CUDA_RUNNER (run_cuda, run_cuda_periodic), which gives nullptr otherwise.
std::vector<bench_result> bench_cuda_euler(const bench_job&);
std::vector<bench_result> bench_cuda_rk4(const bench_job&);
std::vector<bench_result> bench_cuda_rk38(const bench_job&);
std::vector<bench_result> bench_cuda_heun_euler21(const bench_job&);
std::vector<bench_result> bench_cuda_bogacki_shampine32(const bench_job&);
std::vector<bench_result> bench_cuda_cash_karp54(const bench_job&);
std::vector<bench_result> bench_cuda_dopri5(const bench_job&);
std::vector<bench_result> bench_cuda_verner56(const bench_job&);
std::vector<bench_result> bench_cuda_fehlberg78(const bench_job&);

// One per methods_cuda/periodic/<name>.cu, as those above: the periodic problem.
std::vector<bench_result> bench_cuda_periodic_euler(const bench_job&);
std::vector<bench_result> bench_cuda_periodic_rk4(const bench_job&);
std::vector<bench_result> bench_cuda_periodic_rk38(const bench_job&);
std::vector<bench_result> bench_cuda_periodic_heun_euler21(const bench_job&);
std::vector<bench_result> bench_cuda_periodic_bogacki_shampine32(const bench_job&);
std::vector<bench_result> bench_cuda_periodic_cash_karp54(const bench_job&);
std::vector<bench_result> bench_cuda_periodic_dopri5(const bench_job&);
std::vector<bench_result> bench_cuda_periodic_verner56(const bench_job&);
std::vector<bench_result> bench_cuda_periodic_fehlberg78(const bench_job&);

#if defined(BOOST_ODEINT_TILED_TOOL_HAS_CUDA) && BOOST_ODEINT_TILED_TOOL_HAS_CUDA
#define BOT_TOOL_CUDA_RUNNER(FN) ::bot_tool::bench_cuda_##FN, ::bot_tool::bench_cuda_periodic_##FN
#else
#define BOT_TOOL_CUDA_RUNNER(FN) nullptr, nullptr
#endif

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_BENCH_HPP_INCLUDED
