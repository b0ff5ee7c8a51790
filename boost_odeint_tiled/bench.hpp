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

#include <cstddef>
#include <limits>
#include <string>
#include <vector>

namespace bot_tool {

enum class problem_kind { bruss2d, heat, phase_chain };

//! In the order they are measured: the stock ones first (the first stock stepper's
//! final state is the reference of the "max rel diff" column).
enum class stepper_kind { stock_tbb, stock_serial, none, trapezoidal, hexagonal, automatic };

const char* stepper_name(stepper_kind k);
inline bool is_stock(stepper_kind k) { return k == stepper_kind::stock_tbb || k == stepper_kind::stock_serial; }

//! One (problem, n, d, method) measurement: every stepper in `steppers` runs from the
//! same initial state for warmup + reps·steps steps of size dt.
struct bench_job
{
    problem_kind problem = problem_kind::bruss2d;
    std::size_t n = 0;
    std::size_t d = 0;                  //!< bruss2d only; heat and phase-chain have d = 1
    double dt = 0.0;                    //!< the fixed step; 0: the problem's suggested_dt (0.01 for phase-chain)
    std::vector<stepper_kind> steppers; //!< sorted by stepper_kind
    std::size_t width = 0;              //!< fixed trapezoidal/hexagonal tiles; 0: default from d and the method
    std::size_t height = 0;             //!< likewise
    std::size_t steps = 0;              //!< timed steps per repetition; 0: chosen from the first stepper's warm-up
    double target_seconds = 0.15;       //!< automatic steps: one repetition of the first stepper takes about this long
    int reps = 3;                       //!< repetitions of the timed loop; the median is reported
    int warmup = 2;
    std::string label;                  //!< for the progress line
};

struct bench_result
{
    stepper_kind stepper = stepper_kind::none;
    bool ok = false;
    std::string error;        //!< what() of the exception when !ok
    std::string tiling;       //!< the tiling actually used (tiled steppers)
    std::string note;         //!< e.g. how the stock stepper was made
    double ms_per_step = std::numeric_limits<double>::quiet_NaN();
    double memory_volume = std::numeric_limits<double>::quiet_NaN(); //!< plan model, vectors per step
    double max_rel_diff = std::numeric_limits<double>::quiet_NaN();  //!< vs the reference stock stepper
    std::string reference;    //!< name of the reference stepper, empty when none
    std::size_t steps = 0;    //!< timed steps per repetition
    std::size_t total_steps = 0; //!< warm-up + all repetitions: the steps behind max_rel_diff
    double dt = 0.0;
};

//! The results of all job.steppers, in order. Throws std::invalid_argument for a
//! problem that cannot be built (sizes); stepper failures are reported per result.
using method_runner = std::vector<bench_result> (*)(const bench_job& job);

struct method_entry
{
    const char* name;        //!< command-line name, e.g. "rk4"
    const char* tiled_name;  //!< tiled::<name>
    method_runner run;
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

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_BENCH_HPP_INCLUDED
