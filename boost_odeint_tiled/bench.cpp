/*
 boost_odeint_tiled/bench.cpp

 `boost_odeint_tiled bench`: for each access distance d and method, times stock
 odeint (serial and on tiled::tbb_algebra; on the GPU on tiled::cuda_algebra) and
 the tiled stepper with each tiling, against the copy floor (one parallel read and
 write of the state), and checks that all of them agree with stock odeint. Double
 or float states. BRUSS2D can also run in the forms of --form (the grid helper, a
 per-component operator() alone, a new user's plain version) next to the
 hand-vectorised reference, each against stock odeint on the same form. See
 print_help() for the options.

 Nothing here needs CUDA headers: the CUDA backend's runners are the method table's
 run_cuda entries (methods_cuda/<method>.cu), the device queries are in cuda_device.hpp.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iostream>
#include <limits>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/task_arena.h>

#include <boost/numeric/odeint/tiled/backends/tbb/tuning.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>
#include <boost/numeric/odeint/tiled/tuning/tiling_text.hpp>

#include "bench.hpp"
#include "commands.hpp"
#include "cuda_device.hpp"
#include "machine.hpp"
#include "memory.hpp"
#include "method_chains.hpp"
#include "options.hpp"
#include "selection.hpp"
#include "svg_plot.hpp"
#include "table.hpp"
#include "task_arena_run.hpp"
#include "timer.hpp"

namespace bot_tool {

const char* stepper_name(stepper_kind k)
{
    namespace tiled = boost::numeric::odeint::tiled;  // the tiled steppers go by their scheme's registry name
    switch (k) {
    case stepper_kind::stock_serial: return "stock-serial";
    case stepper_kind::stock_tbb: return "stock-tbb";
    case stepper_kind::stock_cuda: return "stock-cuda";
    case stepper_kind::none: return tiled::tiling_scheme(tiled::tiling::scheme::none).name;
    case stepper_kind::trapezoidal: return tiled::tiling_scheme(tiled::tiling::scheme::trapezoidal).name;
    case stepper_kind::hexagonal: return tiled::tiling_scheme(tiled::tiling::scheme::hexagonal).name;
    case stepper_kind::overlapped: return tiled::tiling_scheme(tiled::tiling::scheme::overlapped).name;
    case stepper_kind::automatic: return tiled::tiling_scheme(tiled::tiling::scheme::automatic).name;
    case stepper_kind::tuned: return "tuned";
    }
    return "?";
}

const char* form_name(form_kind f)
{
    switch (f) {
    case form_kind::reference: return "reference";
    case form_kind::grid: return "grid";
    case form_kind::component: return "component";
    case form_kind::plain: return "plain";
    }
    return "?";
}

const std::vector<method_entry>& method_table()
{
    // cuda_forms (the last field) must match the ALL_FORMS argument of the method's
    // BOT_TOOL_DEFINE_CUDA_METHOD in methods_cuda/<name>.cu. Every form compiles the CUDA
    // executor again, so only the methods the docs compare forms with have them: bench's
    // defaults rk4 and verner56, and dopri5, the embedded method users reach for first
    static const std::vector<method_entry> t = {
        {"rk4", "runge_kutta4", bench_rk4, BOT_TOOL_CUDA_RUNNER(rk4), true},
        {"rk38", "runge_kutta38", bench_rk38, BOT_TOOL_CUDA_RUNNER(rk38), false},
        {"euler", "euler", bench_euler, BOT_TOOL_CUDA_RUNNER(euler), false},
        {"heun-euler21", "runge_kutta_heun_euler21", bench_heun_euler21, BOT_TOOL_CUDA_RUNNER(heun_euler21), false},
        {"bogacki-shampine32", "runge_kutta_bogacki_shampine32", bench_bogacki_shampine32,
         BOT_TOOL_CUDA_RUNNER(bogacki_shampine32), false},
        {"cash-karp54", "runge_kutta_cash_karp54", bench_cash_karp54, BOT_TOOL_CUDA_RUNNER(cash_karp54), false},
        {"dopri5", "runge_kutta_dopri5", bench_dopri5, BOT_TOOL_CUDA_RUNNER(dopri5), true},
        {"verner56", "runge_kutta_verner56", bench_verner56, BOT_TOOL_CUDA_RUNNER(verner56), true},
        {"fehlberg78", "runge_kutta_fehlberg78", bench_fehlberg78, BOT_TOOL_CUDA_RUNNER(fehlberg78), false},
    };
    return t;
}

namespace {

//! The steppers of each backend ('all' in --steppers).
const stepper_kind all_steppers[] = {stepper_kind::stock_serial, stepper_kind::stock_tbb,  stepper_kind::none,
                                     stepper_kind::trapezoidal,  stepper_kind::hexagonal,  stepper_kind::overlapped,
                                     stepper_kind::automatic,    stepper_kind::tuned};
const stepper_kind cuda_steppers[] = {stepper_kind::stock_cuda, stepper_kind::none,       stepper_kind::trapezoidal,
                                      stepper_kind::hexagonal,  stepper_kind::overlapped, stepper_kind::automatic,
                                      stepper_kind::tuned};

bool on_backend(stepper_kind k, backend_kind b)
{
    if (b == backend_kind::cuda)
        return std::find(std::begin(cuda_steppers), std::end(cuda_steppers), k) != std::end(cuda_steppers);
    return std::find(std::begin(all_steppers), std::end(all_steppers), k) != std::end(all_steppers);
}

const char* backend_name(backend_kind b) { return b == backend_kind::cuda ? "cuda" : "tbb"; }

/*! The largest max rel diff that counts as agreeing with stock odeint. The steppers
    compute the same sums in other orders (fused stages, tiles; FMAs on GPUs), so they
    differ by rounding, which grows with the steps: for double, ~1e-15 per a few steps
    against 1e-10 leaves room for 10^5 steps; float rounds 10^9 times coarser (2^-24 vs
    2^-53), so 1e-4 keeps about the same margin over its ~1e-7 per step. */
double agreement_tolerance(precision_kind p) { return p == precision_kind::fp32 ? 1e-4 : 1e-10; }

struct bench_options
{
    problem_kind problem = problem_kind::bruss2d;
    std::string problem_name = "bruss2d";
    std::vector<form_kind> forms = {form_kind::reference};  //!< --form, in the order given
    std::size_t n = std::size_t(1) << 20;
    std::vector<std::size_t> d_list = {32, 1024};
    bool d_given = false;
    std::vector<const method_entry*> methods;
    std::vector<stepper_kind> steppers;
    backend_kind backend = backend_kind::tbb;
    std::string backend_how;  //!< how the backend was chosen, for the header
    precision_kind precision = precision_kind::fp64;
    std::size_t width = 0, height = 0;
    std::vector<boost::numeric::odeint::tiled::tiling> tilings;  //!< --tiling: explicit tilings, run after the steppers
    std::size_t steps = 0;
    double dt = 0.0;
    int reps = 3;
    int rounds = 1;           //!< --rounds: every (d, method) measured this many times, best kept
    double target = 0.15;
    std::string csv, json;
    std::string plot;         //!< --plot FILE.svg
    bool plot_floor = false;  //!< --plot-y floor: multiples of the copy floor instead of speedups
    bool explain = false;     //!< --explain: the CUDA dispatch's kernel family per row, and why
    int threads = 0;
};

//! --explain: the lines collected for one table (bench_result::kernel_choice).
void print_explanations(const std::vector<std::string>& lines, backend_kind backend)
{
    if (lines.empty()) {
        std::printf("kernels: %s\n", backend == backend_kind::tbb ? "the TBB backend runs every plan with one executor"
                                                                   : "no tiled stepper ran");
        return;
    }
    std::printf("kernels chosen by the CUDA dispatch, and why:\n");
    for (const std::string& l : lines) std::printf("  %s\n", l.c_str());
}

void print_help()
{
    std::printf(
        "usage: boost_odeint_tiled bench [options]\n"
        "\n"
        "Times one step of stock odeint and of the tiled steppers on a reference problem,\n"
        "for every access distance d and method given, against the copy floor (one\n"
        "parallel read and write of the state), and checks that every stepper agrees with\n"
        "stock odeint (max relative difference <= 1e-10 for double, 1e-4 for float, after\n"
        "the same steps from the same initial state). Runs on the CPU (TBB) or, in a build\n"
        "with CUDA, on the GPU.\n"
        "\n"
        "options:\n"
        "  --backend B      tbb | cuda | auto                                (default tbb)\n"
        "                   tbb: std::vector states on the host (TBB backend)\n"
        "                   cuda: thrust::device_vector states on the current GPU (CUDA\n"
        "                   backend; only in a build configured with\n"
        "                   -DBOOST_ODEINT_TILED_ENABLE_CUDA=ON, see 'backends' below)\n"
        "                   auto: cuda when this build has it and a GPU is present, else tbb\n"
        "  --precision P    double | float: the value type of states, time and dt\n"
        "                   (default double; float with --problem bruss2d only, which\n"
        "                   keeps the tool's compile time down)\n"
        "  --problem P      bruss2d | heat | phase-chain | lorenz96      (default bruss2d)\n"
        "                   bruss2d is built with bruss2d::with_size(n, d); heat (k = 1)\n"
        "                   and phase-chain have d = 1 and ignore --d; lorenz96 is\n"
        "                   periodic (d = 2 around the ring: ring plans on the CPU, its\n"
        "                   unrolled ring on the GPU) and ignores --d\n"
        "  --form LIST      how bruss2d's right-hand side is written, comma separated,\n"
        "                   or 'all'; each form runs every stepper, from the same\n"
        "                   initial state, against stock odeint on the same form\n"
        "                   (stock-tbb/stock-cuda: tiled::as_odeint_system(form))\n"
        "                                                              (default reference)\n"
        "                   reference  problems::bruss2d, hand-vectorised block form\n"
        "                   grid       problems::grid_bruss2d, the grid helper: its\n"
        "                              block form (CPU) and grid geometry (for the\n"
        "                              CUDA backend's grid kernels) from one cell update\n"
        "                   component  grid_bruss2d through its per-component\n"
        "                              operator() and access_distance() alone\n"
        "                   plain      problems::plain_bruss2d, per-component with\n"
        "                              64-bit index arithmetic, as a new user writes it\n"
        "                   Forms other than reference: bruss2d only, double only, and\n"
        "                   with --backend cuda for rk4, dopri5 and verner56 only (the\n"
        "                   methods whose CUDA code is compiled for every form, which\n"
        "                   keeps nvcc's build time down); rows, plot lines and the\n"
        "                   summary name the form\n"
        "  --n N            components; suffixes Ki, Mi, Gi (e.g. 4Mi)     (default 1Mi)\n"
        "  --d LIST         access distances, comma separated, even      (default 32,1024)\n"
        "  --methods LIST   comma separated, or 'all'                   (default rk4,verner56)\n"
        "                   rk4, rk38, euler, heun-euler21, bogacki-shampine32,\n"
        "                   cash-karp54, dopri5, verner56, fehlberg78\n"
        "  --steppers LIST  comma separated, or 'all' (the backend's)   (default all)\n"
        "                   stock-serial  odeint stepper, range_algebra, serial RHS (tbb)\n"
        "                   stock-tbb     odeint stepper, tiled::tbb_algebra and\n"
        "                                 tiled::as_odeint_system (parallel RHS) (tbb)\n"
        "                   stock-cuda    odeint stepper on device vectors,\n"
        "                                 tiled::cuda_algebra and cuda_operations, RHS in\n"
        "                                 one kernel per evaluation (cuda)\n"
        "                   none          tiled stepper, tiling::none() (fused stages)\n"
        "                   trapezoidal   tiling::trapezoidal(W, H)\n"
        "                   hexagonal     tiling::hexagonal(W, H)\n"
        "                   overlapped    tiling::overlapped(W, H): tiles that recompute\n"
        "                                 their neighbours' margins, one kernel per row\n"
        "                                 (on the GPU: streamed through a block)\n"
        "                   automatic     tiling::automatic().use_tuning_cache(false): the\n"
        "                                 backend's model alone\n"
        "                   tuned         tiling::automatic(): the tuning cache's entry\n"
        "                                 for the problem (boost_odeint_tiled tune), else\n"
        "                                 the model; the tiling column says which\n"
        "                   Where odeint has no named stepper for the method (rk38,\n"
        "                   heun-euler21, bogacki-shampine32, verner56) the stock ones\n"
        "                   are odeint's explicit_generic_rk (explicit_error_generic_rk\n"
        "                   for embedded methods) with the same coefficients.\n"
        "  --width W        trapezoid/hexagon/overlapped width; default per d and method:\n"
        "                   tbb:  trapezoid max(8192, (2H-1)d rounded up to 1024),\n"
        "                         hexagon max(8192, (H-1)d)\n"
        "                   cuda: trapezoid max(B, (2H-1)d rounded up to 256),\n"
        "                         hexagon max(B, (H-1)d rounded up to 256), B = the\n"
        "                         register-tile block's width: 512 for up to 4\n"
        "                         links, else 1024\n"
        "                   both: overlapped max(8192, 8(H-1)d+1 rounded up to 1024)\n"
        "  --tiling T       also run this explicit tiling, in the tuning cache's text form\n"
        "                   (repeatable), e.g. --tiling 'trapezoidal width=4096 height=4\n"
        "                   threads_per_block=128 components_per_thread=4 blocks_per_tile=8\n"
        "                   clusters=1'; the tiling column shows the kernel family that\n"
        "                   ran it on the GPU\n"
        "  --height H       trapezoid/hexagon/overlapped height in links; default:\n"
        "                   trapezoid and overlapped the method's link count, hexagon 4\n"
        "                   (2 for fewer than 4 links)\n"
        "  --steps S        timed steps per repetition (default: chosen so that one\n"
        "                   repetition of the first stepper takes about --target seconds;\n"
        "                   at least 3); every stepper of a (d, method) runs the same count\n"
        "  --dt DT          fixed step size (default: bruss2d min(suggested_dt(), 0.05),\n"
        "                   heat and lorenz96 suggested_dt(), phase-chain 0.01)\n"
        "  --reps R         repetitions of the timed loop, the median is shown (default 3)\n"
        "  --rounds K       measure every stepper of a (d, method) K times, round after\n"
        "                   round (stepper 1, 2, ..., then again), and show each one's\n"
        "                   best round: on a shared or virtual machine, load that comes and\n"
        "                   goes then slows all steppers alike instead of whichever ran\n"
        "                   during it                                      (default 1)\n"
        "                   Steppers of a row that ran the very same tiling (e.g. automatic\n"
        "                   resolving to the default trapezoid) are one configuration:\n"
        "                   their rows show the best time of both, and the note says so.\n"
        "  --target SEC     see --steps                                   (default 0.15)\n"
        "  --threads T      run inside a tbb::task_arena of T threads (default: all)\n"
        "  --csv FILE       also write the results as CSV\n"
        "  --json FILE      also write the results as JSON\n"
        "  --plot FILE      also draw the results as an SVG line plot: x = access distance\n"
        "                   d (log2 scale), y = speedup over the first stock stepper\n"
        "                   measured (stock-tbb, stock-serial or stock-cuda; log scale),\n"
        "                   one line per method and stepper\n"
        "  --plot-y Y       speedup (default) | floor: plot step time / copy floor\n"
        "  --explain        after each table, the kernel family the CUDA backend's dispatch\n"
        "                   chose for each tiled stepper's last step, and why (faster\n"
        "                   families it passed over and the reason); the TBB backend has\n"
        "                   one executor and nothing to explain\n"
        "  -h, --help       this text\n"
        "\n"
        "columns: form (see --form), ms/step (median), GB/s = 2·n·(8 or 4) bytes / (time\n"
        "of a step), x floor = step time / copy time, vs tbb / vs serial = speedup over\n"
        "stock-tbb / stock-serial (cuda: 'vs cuda' = speedup over stock-cuda; 'vs serial'\n"
        "stays empty), vol = the plan's modelled memory traffic in state vectors per step\n"
        "(2 = floor), max rel diff = max_j |x_j - ref_j| / max(|ref_j|, 1e-300) against\n"
        "the first stock stepper measured (stock-tbb, else stock-serial; stock-cuda on the\n"
        "GPU) on the same form.\n"
        "Under the tables a legend repeats what x floor and vol mean, and the last line\n"
        "is a summary: for each method (and form) and d, the speed-up of the fastest\n"
        "tiled stepper that agreed with stock odeint over the first stock stepper\n"
        "measured (without a stock stepper: its step time over the copy floor), and which\n"
        "stepper it was.\n"
        "\n"
        "backends: the copy floor is one parallel copy of the state on the host (median)\n"
        "and one device-to-device cudaMemcpy on the GPU (best of >= 10, CUDA events); GPU\n"
        "steps are timed on the host clock with cudaDeviceSynchronize before each reading,\n"
        "and the final states are copied to the host for max rel diff. --backend cuda in a\n"
        "build without CUDA is a command-line error (exit 2, 'this build has no CUDA\n"
        "backend'); in a build with CUDA but no usable GPU it fails with exit 1.\n"
        "\n"
        "When stderr is a terminal and the run takes more than about a second, a progress\n"
        "line there shows the steppers measured of all and the one running; it is wiped\n"
        "at the end and never written to stdout or the files.\n"
        "\n"
        "exit status: 0 success, 1 a stepper failed or disagreed with stock odeint by more\n"
        "than the tolerance (or no GPU for --backend cuda), 2 a bad command line.\n");
}

bench_options parse(int argc, char** argv, bool& help)
{
    bench_options o;
    bool methods_given = false, steppers_given = false, steppers_all = false, form_given = false;
    std::string backend = "tbb";
    bool backend_given = false;
    arg_reader in(argc, argv, 1);
    while (!in.done()) {
        const std::string opt = in.next_option();
        if (opt == "--help") { in.no_value(); help = true; return o; }
        else if (parse_selection_option(opt, in, o, methods_given)) {
        } else if (opt == "--form") {
            o.forms = parse_forms(in.value());
            form_given = true;
        } else if (opt == "--steppers") {
            steppers_given = true;
            o.steppers.clear();
            for (const std::string& s : split_list(in.value(), "--steppers")) {
                if (s == "all") {  // the backend's list, added once the backend is known
                    steppers_all = true;
                    continue;
                }
                bool found = false;
                for (stepper_kind k : all_steppers)
                    if (s == stepper_name(k)) { o.steppers.push_back(k); found = true; }
                if (s == stepper_name(stepper_kind::stock_cuda)) {
                    o.steppers.push_back(stepper_kind::stock_cuda);
                    found = true;
                }
                if (!found)
                    throw usage_error("--steppers: unknown stepper '" + s +
                                      "' (stock-serial, stock-tbb, stock-cuda, none, trapezoidal, hexagonal, overlapped, "
                                      "automatic, tuned)");
            }
        } else if (opt == "--width") {
            o.width = parse_size(in.value(), "--width");
            if (o.width == 0) throw usage_error("--width: must be positive");
        } else if (opt == "--tiling") {
            const std::string text = in.value();
            try {
                o.tilings.push_back(boost::numeric::odeint::tiled::parse_tiling_text(text));
            } catch (const std::invalid_argument& e) {
                throw usage_error(std::string("--tiling: ") + e.what());
            }
        } else if (opt == "--height") {
            o.height = parse_size(in.value(), "--height");
            if (o.height == 0) throw usage_error("--height: must be positive");
        } else if (opt == "--steps") {
            o.steps = parse_size(in.value(), "--steps");
            if (o.steps == 0) throw usage_error("--steps: must be positive");
        } else if (opt == "--dt") {
            o.dt = parse_double(in.value(), "--dt");
            if (!(o.dt > 0 && std::isfinite(o.dt))) throw usage_error("--dt: must be a positive finite number");
        } else if (opt == "--reps") {
            const std::size_t r = parse_size(in.value(), "--reps");
            if (r == 0 || r > 1000) throw usage_error("--reps: must be 1 .. 1000");
            o.reps = static_cast<int>(r);
        } else if (opt == "--rounds") {
            const std::size_t r = parse_size(in.value(), "--rounds");
            if (r == 0 || r > 100) throw usage_error("--rounds: must be 1 .. 100");
            o.rounds = static_cast<int>(r);
        } else if (opt == "--target") {
            o.target = parse_double(in.value(), "--target");
            if (!(o.target > 0 && o.target < 3600)) throw usage_error("--target: must be positive seconds");
        } else if (opt == "--precision") {
            const std::string p = in.value();
            if (p == "float") o.precision = precision_kind::fp32;
            else if (p == "double") o.precision = precision_kind::fp64;
            else throw usage_error("--precision: '" + p + "' (double, float)");
        } else if (opt == "--backend") {
            backend = in.value();
            backend_given = true;
            if (backend != "tbb" && backend != "cuda" && backend != "auto")
                throw usage_error("--backend: '" + backend + "' (tbb, cuda, auto)");
        } else if (opt == "--threads") {
            const std::size_t t = parse_size(in.value(), "--threads");
            if (t == 0 || t > 4096) throw usage_error("--threads: must be 1 .. 4096");
            o.threads = static_cast<int>(t);
        } else if (opt == "--csv") {
            o.csv = in.value();
            if (o.csv.empty()) throw usage_error("--csv: needs a file name");
        } else if (opt == "--json") {
            o.json = in.value();
            if (o.json.empty()) throw usage_error("--json: needs a file name");
        } else if (opt == "--plot") {
            o.plot = in.value();
            if (o.plot.empty()) throw usage_error("--plot: needs a file name");
        } else if (opt == "--explain") {
            in.no_value();
            o.explain = true;
        } else if (opt == "--plot-y") {
            const std::string y = in.value();
            if (y != "speedup" && y != "floor") throw usage_error("--plot-y: '" + y + "' (speedup, floor)");
            o.plot_floor = y == "floor";
        } else
            throw usage_error("unknown option '" + opt + "'");
    }
    if (backend == "cuda" && !built_with_cuda)
        throw usage_error("--backend cuda: this build has no CUDA backend (configure with "
                          "-DBOOST_ODEINT_TILED_ENABLE_CUDA=ON and nvcc; see bench --help)");
    o.backend_how = backend_given ? "--backend " + backend : "default";
    if (backend == "cuda") {
        o.backend = backend_kind::cuda;
    } else if (backend == "auto") {
        std::string why;
        const bool gpu = cuda_device_count(&why) > 0;  // 0 with a reason in a build without CUDA
        o.backend = gpu ? backend_kind::cuda : backend_kind::tbb;
        o.backend_how = gpu ? "--backend auto: a GPU is present" : "--backend auto: " + why;
    }
    if (!methods_given) o.methods = {&method_table()[0], &method_table()[7]};  // rk4, verner56
    if (!steppers_given || steppers_all) {
        if (o.backend == backend_kind::cuda)
            o.steppers.insert(o.steppers.end(), std::begin(cuda_steppers), std::end(cuda_steppers));
        else
            o.steppers.insert(o.steppers.end(), std::begin(all_steppers), std::end(all_steppers));
    }
    for (stepper_kind k : o.steppers)
        if (!on_backend(k, o.backend))
            throw usage_error(std::string("--steppers: ") + stepper_name(k) + " is not a stepper of --backend " +
                              backend_name(o.backend) +
                              (o.backend == backend_kind::cuda
                                   ? " (stock-cuda, none, trapezoidal, hexagonal, overlapped, automatic, tuned)"
                                   : " (stock-serial, stock-tbb, none, trapezoidal, hexagonal, overlapped, automatic, tuned)"));
    // measured in enum order (stock first); duplicates dropped
    std::sort(o.steppers.begin(), o.steppers.end());
    o.steppers.erase(std::unique(o.steppers.begin(), o.steppers.end()), o.steppers.end());
    o.methods.erase(std::unique(o.methods.begin(), o.methods.end()), o.methods.end());

    if (!o.plot.empty() && !o.plot_floor &&
        std::none_of(o.steppers.begin(), o.steppers.end(), [](stepper_kind k) { return is_stock(k); }))
        throw usage_error("--plot: speedups need a stock stepper in --steppers (or use --plot-y floor)");
    if (o.precision == precision_kind::fp32 && !float_built(o.problem))
        throw usage_error("--precision float: this build runs float for bruss2d only (each value type doubles the "
                          "tool's compile time); use double for " + o.problem_name);
    check_forms(o.forms, form_given, o.problem, o.problem_name, o.precision == precision_kind::fp32,
                o.backend == backend_kind::cuda, o.methods);
    if (o.problem == problem_kind::bruss2d)
        check_bruss2d_sizes(o.n, o.d_list);
    else
        o.d_list = {fixed_distance(o.problem)};
    if (o.height && std::find(o.steppers.begin(), o.steppers.end(), stepper_kind::hexagonal) != o.steppers.end() &&
        (o.height < 2 || o.height % 2 != 0))
        throw usage_error("--height " + std::to_string(o.height) + ": hexagons need an even height >= 2");
    return o;
}

double step_size(const bench_options& o, std::size_t d, std::string& how)
{
    if (o.dt > 0) { how = "--dt"; return o.dt; }
    return default_step_size(o.problem, o.n, d, how);
}

//! Median time of one parallel copy of n values (tbb::parallel_for, std::copy per chunk).
template <class Value>
double copy_floor_seconds(std::size_t n, int& samples)
{
    std::vector<Value> src(n), dst(n);
    const std::size_t grain = std::max<std::size_t>(16384, n / (16 * std::max(1, tbb::this_task_arena::max_concurrency())));
    auto fill = [&](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t j = r.begin(); j < r.end(); ++j) { src[j] = Value(1.0 + 1e-9 * double(j)); dst[j] = 0; }
    };
    tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, grain), fill);  // first touch in parallel
    auto copy = [&] {
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, grain), [&](const tbb::blocked_range<std::size_t>& r) {
            std::copy(src.begin() + r.begin(), src.begin() + r.end(), dst.begin() + r.begin());
        });
    };
    copy();
    copy();
    std::vector<double> t;
    stopwatch total;
    while (t.size() < 7 || (total.seconds() < 0.25 && t.size() < 1000)) {
        stopwatch sw;
        copy();
        t.push_back(sw.seconds());
    }
    volatile Value sink = dst[n / 2];
    (void)sink;
    samples = static_cast<int>(t.size());
    return median(t);
}

struct context
{
    std::string cpu, host, date;
    std::string gpu;  //!< cuda_device_description(); empty on the TBB backend
    int threads = 0;
    double floor_ms = 0.0;
    int floor_samples = 0;
};

/*! Steppers of one row that ran the very same tiling (same scheme, sizes and knobs,
    e.g. `automatic` or `tuned` resolving to bench's default trapezoid, or to none())
    are one configuration timed twice: their timings are samples of one quantity, so
    both rows show the best of them, and the later row names the earlier one. Timed
    separately on a shared machine, the same tiling can differ by more than the gaps
    being compared, and a tuned configuration would look worse than itself. On the
    CPU a tiling without a block size runs blocks of the executor's default for the system
    (tbb_launch_policy::default_block_size): `none` and `none block_size=512` are one
    configuration there, for the grid form `none block_size=1024`. */
void pool_same_tilings(std::vector<bench_result>& rs, backend_kind backend, form_kind form)
{
    auto effective = [backend, form](const std::string& text) {
        if (backend != backend_kind::tbb || text.empty()) return text;
        try {
            namespace tiled = boost::numeric::odeint::tiled;
            tiled::tiling t = tiled::parse_tiling_text(text);
            if (t.block_size() == 0)
                t.block_size(form == form_kind::grid
                                 ? tiled::tbb_launch_policy::default_block_size<tiled::problems::grid_bruss2d>()
                                 : tiled::tbb_launch_policy::default_block_size<tiled::problems::bruss2d>());
            return tiled::format_tiling_text(t);
        } catch (const std::exception&) {
            return text;  // a text the parser does not know: compared as it is
        }
    };
    std::vector<std::string> key(rs.size());
    for (std::size_t i = 0; i < rs.size(); ++i) key[i] = effective(rs[i].tiling_text);
    for (std::size_t i = 0; i < rs.size(); ++i) {
        if (!rs[i].ok || rs[i].tiling_text.empty() || !rs[i].same_tiling_as.empty()) continue;
        // i is the first of its tiling: the best of the group, then every later member
        double best = rs[i].ms_per_step;
        for (std::size_t j = i + 1; j < rs.size(); ++j)
            if (rs[j].ok && key[j] == key[i]) best = std::min(best, rs[j].ms_per_step);
        rs[i].ms_per_step = best;
        for (std::size_t j = i + 1; j < rs.size(); ++j)
            if (rs[j].ok && key[j] == key[i]) {
                rs[j].ms_per_step = best;
                rs[j].same_tiling_as = rs[i].requested.empty() ? std::string(stepper_name(rs[i].stepper)) : rs[i].requested;
            }
    }
}

//! One result as the plot sees it: NaN where the stepper failed.
struct plot_point
{
    const method_entry* method;
    form_kind form;
    stepper_kind stepper;
    std::size_t d;
    double speedup;  //!< over stock-tbb, else stock-serial (stock-cuda on the GPU)
    double x_floor;  //!< step time / copy time
};

/*! --plot: one line per (method, form, stepper) over d, like the speedup-over-d
    figures of the thesis: colour by stepper, marker by method and form. Speedups leave
    out the stock stepper they are measured against (a dashed line at 1 stands for
    it); each form's are over that form's stock stepper. */
void write_plot(const bench_options& o, const context& ctx, const std::vector<plot_point>& points)
{
    // the first stock stepper measured (o.steppers is in enum order): stock-tbb, stock-serial or stock-cuda
    const auto first_stock =
        std::find_if(o.steppers.begin(), o.steppers.end(), [](stepper_kind k) { return is_stock(k); });
    const stepper_kind base = first_stock != o.steppers.end() ? *first_stock : stepper_kind::stock_tbb;
    svg::plot_spec p;
    const std::string what = o.plot_floor ? "step time / copy floor" : std::string("speedup over ") + stepper_name(base);
    p.title = "boost_odeint_tiled bench: " + o.problem_name + ", n = " + format_size(o.n) + ", " + what;
    p.subtitle = (ctx.gpu.empty() ? ctx.cpu + ", " + std::to_string(ctx.threads) + " threads" : ctx.gpu) + ", " +
                 precision_name(o.precision) + ", host " + ctx.host + ", " + ctx.date;
    p.x_label = "access distance d (log2 scale)";
    p.y_label = what + " (log scale)";
    if (o.plot_floor)
        p.references.push_back({1.0, "copy floor"});
    else
        p.references.push_back({1.0, std::string(stepper_name(base)) + " (= 1)"});
    const bool name_forms = names_forms(o.forms);
    for (std::size_t mi = 0; mi < o.methods.size(); ++mi)
        for (std::size_t fi = 0; fi < o.forms.size(); ++fi)
            for (stepper_kind k : o.steppers) {
                if (!o.plot_floor && k == base) continue;
                svg::series line;
                line.name = std::string(o.methods[mi]->name) +
                            (name_forms ? std::string(" ") + form_name(o.forms[fi]) : "") + " " + stepper_name(k);
                line.color = static_cast<int>(k);
                line.marker = static_cast<int>(mi * o.forms.size() + fi);
                line.dashed = is_stock(k);
                for (const plot_point& pt : points)
                    if (pt.method == o.methods[mi] && pt.form == o.forms[fi] && pt.stepper == k)
                        line.points.emplace_back(double(pt.d), o.plot_floor ? pt.x_floor : pt.speedup);
                p.lines.push_back(std::move(line));
            }
    std::ofstream f(o.plot);
    f << svg::render(p);
    if (!f) throw std::runtime_error("cannot write " + o.plot);
}

//! One (d, method) of the summary line: its fastest tiled stepper against the row's
//! stock time (or the copy floor where no stock stepper ran).
struct summary_entry
{
    const method_entry* method;
    form_kind form;
    std::size_t d;
    double ratio;         //!< stock time / tiled time, or tiled time / copy floor
    std::string stepper;  //!< the fastest tiled stepper's name, or the --tiling it ran
};

/*! The line that ends bench's output: per method (and form, where `name_forms`) and
    d, how much faster the fastest tiled stepper that agreed with stock odeint was than
    `base` (the first stock stepper measured, on the same form), or, without a stock
    stepper, how close it came to the copy floor. The headline number of a run, so a
    reader of a long table need not find it. */
std::string summary_line(const std::vector<summary_entry>& entries, const std::vector<const method_entry*>& methods,
                         const std::vector<form_kind>& forms, bool name_forms, const std::string& base)
{
    if (entries.empty()) return "summary: no tiled stepper ran and agreed with stock odeint";
    std::string s = base.empty() ? "summary: fastest tiled stepper's step time over the copy floor (1 = the floor): "
                                 : "summary: fastest tiled stepper against " + base + " (speed-up, > 1 = faster): ";
    bool first_group = true;
    for (const method_entry* m : methods)
        for (form_kind f : forms) {
            bool first = true;
            for (const summary_entry& e : entries) {
                if (e.method != m || e.form != f) continue;
                char buf[160];
                std::snprintf(buf, sizeof buf, "%.2fx (%s) at d = %zu", e.ratio, e.stepper.c_str(), e.d);
                if (first) {
                    s += std::string(first_group ? "" : "; ") + m->name;
                    if (name_forms) s += std::string(" ") + form_name(f) + " form";
                    s += " ";
                } else {
                    s += ", ";
                }
                s += buf;
                first = first_group = false;
            }
        }
    return s;
}

//! What the less obvious columns mean, printed under the tables.
void print_legend(bool gpu)
{
    std::printf("  x floor  step time / copy floor: the floor is one %s copy of the state (read n values, write n),\n"
                "           the least memory traffic a step can have; 1.00 would be a step as fast as that copy\n"
                "  vol      the tiling plan's modelled memory traffic per step, in whole state vectors read plus\n"
                "           written (the copy floor is 2); '-' for stock steppers, which have no plan\n",
                gpu ? "device-to-device" : "parallel");
}

//! The same columns on both backends; on the GPU the first speedup column is over
//! stock-cuda, and "vs serial" stays empty (no host stepper runs there).
table make_table(backend_kind backend)
{
    const bool gpu = backend == backend_kind::cuda;
    return table({{"d", "d"},
                  {"dt", "dt"},
                  {"method", "method", true},
                  {"form", "form", true},
                  {"stepper", "stepper", true},
                  {"tiling", "tiling", true},
                  {"steps", "steps"},
                  {"ms/step", "ms_per_step"},
                  {"GB/s", "gbps_effective"},
                  {"x floor", "x_floor"},
                  {gpu ? "vs cuda" : "vs tbb", gpu ? "speedup_vs_stock_cuda" : "speedup_vs_stock_tbb"},
                  {"vs serial", "speedup_vs_stock_serial"},
                  {"vol", "memory_volume"},
                  {"max rel diff", "max_rel_diff"},
                  {"note", "note", true}});
}

int run(const bench_options& o)
{
    context ctx;
    ctx.cpu = cpu_model();
    ctx.host = host_name();
    ctx.date = now_string();
    ctx.threads = tbb::this_task_arena::max_concurrency();
    const bool gpu = o.backend == backend_kind::cuda;
    if (gpu) {
        std::string why;
        if (cuda_device_count(&why) == 0)
            throw std::runtime_error("--backend cuda: no usable CUDA device (" + why + ")");
        ctx.gpu = cuda_device_description();
    }
    const double value_bytes = double(precision_bytes(o.precision));
    const double bytes = 2.0 * double(o.n) * value_bytes;
    const double tolerance = agreement_tolerance(o.precision);
    char tolerance_text[32];
    std::snprintf(tolerance_text, sizeof tolerance_text, "%g", tolerance);

    std::printf("boost_odeint_tiled bench\n");
    std::printf("  machine   %s (host %s, %u hardware threads)\n", ctx.cpu.c_str(), ctx.host.c_str(),
                hardware_threads());
    if (gpu) std::printf("  gpu       %s\n", ctx.gpu.c_str());
    std::printf("  backend   %s (%s)\n",
                gpu ? "cuda: thrust::device_vector states, tiled::cuda_algebra" : "tbb: std::vector states, TBB",
                o.backend_how.c_str());
    std::printf("  threads   %d (tbb::this_task_arena::max_concurrency)\n", ctx.threads);
    std::printf("  date      %s\n", ctx.date.c_str());
    std::printf("  problem   %s, n = %s (%zu) %ss, %.1f MiB per state\n", o.problem_name.c_str(),
                format_size(o.n).c_str(), o.n, precision_name(o.precision), double(o.n) * value_bytes / 1048576.0);
    if (o.problem == problem_kind::bruss2d) {
        std::string forms;
        for (form_kind f : o.forms) forms += (forms.empty() ? "" : ", ") + std::string(form_name(f));
        std::printf("  form      %s (see --form; each against stock odeint on the same form)\n", forms.c_str());
    }
    std::printf("  agree     max rel diff <= %s against stock odeint (%s)\n", tolerance_text,
                precision_name(o.precision));
    if (o.problem != problem_kind::bruss2d)
        std::printf("  d         %zu (%sfixed by %s%s)\n", fixed_distance(o.problem),
                    o.problem == problem_kind::lorenz96 ? "around the ring, " : "", o.problem_name.c_str(),
                    o.d_given ? "; --d ignored" : "");
    const std::string rounds_text =
        o.rounds > 1 ? "; best of " + std::to_string(o.rounds) + " rounds over all steppers" : std::string();
    if (o.steps)
        std::printf("  timing    %zu steps per repetition, median of %d, after 2 warm-up steps%s\n", o.steps, o.reps,
                    rounds_text.c_str());
    else
        std::printf("  timing    steps chosen per (d, method) so that a repetition of the first stepper takes "
                    "~%.2g s; median of %d, after 2 warm-up steps%s\n", o.target, o.reps, rounds_text.c_str());
    std::fflush(stdout);

    if (gpu) {
        ctx.floor_ms = 1e3 * cuda_copy_floor_seconds(o.n * precision_bytes(o.precision), ctx.floor_samples);
        std::printf("  floor     %.4f ms per device-to-device copy of the state (cudaMemcpy, %.1f GB/s, %d bytes per "
                    "component; best of %d)\n\n",
                    ctx.floor_ms, bytes / (ctx.floor_ms * 1e-3) / 1e9, int(2 * value_bytes), ctx.floor_samples);
    } else {
        ctx.floor_ms = 1e3 * (o.precision == precision_kind::fp32 ? copy_floor_seconds<float>(o.n, ctx.floor_samples)
                                                                  : copy_floor_seconds<double>(o.n, ctx.floor_samples));
        std::printf("  floor     %.4f ms per copy of the state (%.1f GB/s, %d bytes per component; median of %d)\n\n",
                    ctx.floor_ms, bytes / (ctx.floor_ms * 1e-3) / 1e9, int(2 * value_bytes), ctx.floor_samples);
    }
    std::fflush(stdout);

    table all = make_table(o.backend);
    // the summary's baseline, as the plot's: the first stock stepper measured; a row
    // where it failed has no entry
    std::string summary_base;
    for (stepper_kind k : o.steppers)
        if (is_stock(k)) { summary_base = stepper_name(k); break; }
    std::vector<std::string> failures;
    bool generic_note = false;
    std::vector<plot_point> points;
    std::vector<summary_entry> summary;
    const bool name_forms = names_forms(o.forms);
    progress_line::instance().start(o.d_list.size() * o.methods.size() * o.forms.size() * o.steppers.size() *
                                    static_cast<std::size_t>(o.rounds));
    for (std::size_t d : o.d_list) {
        table t = make_table(o.backend);
        std::vector<std::string> explained;  // --explain: "method stepper: choice" per tiled row
        std::string how;
        const double dt = step_size(o, d, how);
        if (o.problem == problem_kind::bruss2d)
            std::printf("d = %zu (x_max = %zu, y_max = %zu), dt = %.6g (%s)\n", d, d / 2, o.n / d, dt, how.c_str());
        else
            std::printf("d = %zu, dt = %.6g (%s)\n", d, dt, how.c_str());
        std::fflush(stdout);
        for (const method_entry* m : o.methods)
        for (form_kind form : o.forms) {
            // the row's name in the progress line, --explain and the failure list
            const std::string what = std::string(m->name) + (name_forms ? std::string(" ") + form_name(form) : "");
            bench_job job;
            job.problem = o.problem;
            job.form = form;
            job.n = o.n;
            job.d = d;
            job.dt = dt;
            job.precision = o.precision;
            job.steppers = o.steppers;
            job.width = o.width;
            job.height = o.height;
            if (!o.tilings.empty()) {
                const std::vector<boost::numeric::odeint::tiled::tiling> explicit_tilings = o.tilings;
                job.tilings = [explicit_tilings](const tiling_context&) { return explicit_tilings; };
            }
            job.steps = o.steps;
            job.reps = o.reps;
            job.target_seconds = o.target;
            job.label = "d=" + std::to_string(d) + " " + what;
            const method_runner runner =
                gpu ? (o.problem == problem_kind::lorenz96 ? m->run_cuda_periodic : m->run_cuda) : m->run;
            if (!runner)
                throw std::logic_error(std::string("bench: no ") + backend_name(o.backend) + " runner for " + m->name);
            std::vector<bench_result> rs = runner(job);
            // --rounds: again, with the step count the first round chose, keeping each
            // stepper's best time; the differences to stock stay the first round's (the
            // same steps from the same start give the same numbers)
            for (int round = 1; round < o.rounds; ++round) {
                for (const bench_result& r : rs)
                    if (r.ok) { job.steps = r.steps; break; }
                const std::vector<bench_result> again = runner(job);
                for (std::size_t i = 0; i < rs.size() && i < again.size(); ++i) {
                    if (!again[i].ok && rs[i].ok) rs[i] = again[i];  // a failure in any round is reported
                    else if (again[i].ok && rs[i].ok) rs[i].ms_per_step = std::min(rs[i].ms_per_step, again[i].ms_per_step);
                }
            }
            pool_same_tilings(rs, o.backend, form);
            for (const bench_result& r : rs)
                if (!r.kernel_choice.empty())
                    explained.push_back(what + " " + stepper_name(r.stepper) + ": " + r.kernel_choice);

            // t_tbb is the first speedup column's stock time: stock-tbb, or stock-cuda on the GPU
            double t_tbb = std::numeric_limits<double>::quiet_NaN(), t_serial = t_tbb;
            for (const bench_result& r : rs) {
                if (r.ok && r.stepper == (gpu ? stepper_kind::stock_cuda : stepper_kind::stock_tbb))
                    t_tbb = r.ms_per_step;
                if (r.ok && r.stepper == stepper_kind::stock_serial) t_serial = r.ms_per_step;
            }
            {
                // t_tbb is stock-tbb's (stock-cuda's on the GPU) time, which comes first when measured
                const double base = summary_base == stepper_name(stepper_kind::stock_serial) ? t_serial : t_tbb;
                const bench_result* best = nullptr;
                for (const bench_result& r : rs)
                    if (r.ok && !is_stock(r.stepper) && (r.reference.empty() || r.max_rel_diff <= tolerance) &&
                        (!best || r.ms_per_step < best->ms_per_step))
                        best = &r;
                if (best && (summary_base.empty() || !std::isnan(base)))
                    summary.push_back({m, form, d,
                                       summary_base.empty() ? best->ms_per_step / ctx.floor_ms
                                                            : base / best->ms_per_step,
                                       best->requested.empty() ? std::string(stepper_name(best->stepper))
                                                               : "--tiling " + best->requested});
            }
            for (const bench_result& r : rs) {
                const double base = std::isnan(t_tbb) ? t_serial : t_tbb;
                points.push_back({m, form, r.stepper, d, r.ok ? base / r.ms_per_step : std::numeric_limits<double>::quiet_NaN(),
                                  r.ok ? r.ms_per_step / ctx.floor_ms : std::numeric_limits<double>::quiet_NaN()});
                std::vector<cell> row;
                row.push_back(cell::integer(static_cast<long long>(d)));
                row.push_back(cell::num(dt, "%.4g"));
                row.push_back(cell::str(m->name));
                row.push_back(cell::str(form_name(form)));
                std::string sname = stepper_name(r.stepper);
                if (!r.note.empty()) { sname += "*"; generic_note = true; }
                row.push_back(cell::str(sname));
                row.push_back(is_stock(r.stepper) ? cell::none() : cell::str(r.tiling));
                if (!r.ok) {
                    row.resize(14);
                    row.push_back(cell::str("error: " + r.error));
                    failures.push_back("d=" + std::to_string(d) + " " + what + " " + stepper_name(r.stepper) +
                                       ": " + r.error);
                } else {
                    row.push_back(cell::integer(static_cast<long long>(r.steps)));
                    row.push_back(cell::num(r.ms_per_step, "%.3f"));
                    row.push_back(cell::num(bytes / (r.ms_per_step * 1e-3) / 1e9, "%.1f"));
                    row.push_back(cell::num(r.ms_per_step / ctx.floor_ms, "%.2f"));
                    row.push_back(std::isnan(t_tbb) ? cell::none() : cell::num(t_tbb / r.ms_per_step, "%.2f"));
                    row.push_back(std::isnan(t_serial) ? cell::none() : cell::num(t_serial / r.ms_per_step, "%.2f"));
                    row.push_back(std::isnan(r.memory_volume) ? cell::none() : cell::num(r.memory_volume, "%.2f"));
                    if (r.reference.empty())
                        row.push_back(cell::none());
                    else
                        row.push_back(cell::num(r.max_rel_diff, r.max_rel_diff == 0.0 ? "%.0f" : "%.2e"));
                    std::string note;
                    if (!r.reference.empty() && !(r.max_rel_diff <= tolerance)) {
                        std::ostringstream s;
                        s << "DISAGREES with " << r.reference << " after " << r.total_steps << " steps";
                        note = s.str();
                        failures.push_back("d=" + std::to_string(d) + " " + what + " " + stepper_name(r.stepper) +
                                           ": max rel diff " + row.back().shown + " vs " + r.reference + " after " +
                                           std::to_string(r.total_steps) + " steps (tolerance " + tolerance_text + ")");
                    }
                    if (note.empty() && !r.same_tiling_as.empty())
                        note = "same tiling as " + r.same_tiling_as + ": best time of both";
                    row.push_back(note.empty() ? cell::none() : cell::str(note));
                }
                all.add_row(row);
                t.add_row(std::move(row));
            }
        }
        progress_line::instance().clear();
        t.print(std::cout);
        if (o.explain) print_explanations(explained, o.backend);
        std::cout << std::endl;
    }
    progress_line::instance().finish();
    if (generic_note)
        std::printf("  * odeint has no named stepper for this method: stock = odeint::explicit_generic_rk\n"
                    "    (explicit_error_generic_rk for embedded methods) with the tiled tableau's coefficients.\n");
    print_legend(gpu);
    std::printf("\n%s\n", summary_line(summary, o.methods, o.forms, name_forms, summary_base).c_str());
    std::fflush(stdout);

    const std::vector<std::pair<std::string, cell>> extra = {
        {"problem", cell::str(o.problem_name)},
        {"n", cell::integer(static_cast<long long>(o.n))},
        {"threads", cell::integer(ctx.threads)},
        {"precision", cell::str(precision_name(o.precision))},
        {"backend", cell::str(backend_name(o.backend))},
        {"floor_ms", cell::num(ctx.floor_ms)},
        {"rounds", cell::integer(o.rounds)},
    };
    if (!o.csv.empty()) {
        std::ofstream f(o.csv);
        all.write_csv(f, extra);
        if (!f) throw std::runtime_error("cannot write " + o.csv);
    }
    if (!o.json.empty()) {
        std::ofstream f(o.json);
        f << "{\n  \"tool\": \"boost_odeint_tiled bench\",\n"
          << "  \"cpu\": \"" << json_escape(ctx.cpu) << "\",\n"
          << "  \"host\": \"" << json_escape(ctx.host) << "\",\n"
          << "  \"hardware_threads\": " << hardware_threads() << ",\n"
          << "  \"threads\": " << ctx.threads << ",\n"
          << "  \"date\": \"" << json_escape(ctx.date) << "\",\n"
          << "  \"problem\": \"" << json_escape(o.problem_name) << "\",\n"
          << "  \"forms\": [";
        for (std::size_t i = 0; i < o.forms.size(); ++i) f << (i ? ", " : "") << '"' << form_name(o.forms[i]) << '"';
        f << "],\n"
          << "  \"n\": " << o.n << ",\n"
          << "  \"gpu\": " << (gpu ? "\"" + json_escape(ctx.gpu) + "\"" : std::string("null")) << ",\n"
          << "  \"backend\": \"" << backend_name(o.backend) << "\",\n"
          << "  \"precision\": \"" << precision_name(o.precision) << "\",\n"
          << "  \"tolerance\": " << full_precision(tolerance) << ",\n"
          << "  \"reps\": " << o.reps << ",\n"
          << "  \"rounds\": " << o.rounds << ",\n"
          << "  \"copy_floor\": {\"ms\": " << full_precision(ctx.floor_ms)
          << ", \"gbps\": " << full_precision(bytes / (ctx.floor_ms * 1e-3) / 1e9)
          << ", \"samples\": " << ctx.floor_samples << "},\n"
          << "  \"results\": ";
        all.write_json_rows(f, "  ");
        f << "\n}\n";
        if (!f) throw std::runtime_error("cannot write " + o.json);
    }
    if (!o.plot.empty()) write_plot(o, ctx, points);

    if (!failures.empty()) {
        std::fprintf(stderr, "boost_odeint_tiled bench: %zu check(s) failed:\n", failures.size());
        for (const std::string& s : failures) std::fprintf(stderr, "  %s\n", s.c_str());
        return 1;
    }
    return 0;
}

//! Fails early (exit 2) on an output file that cannot be created.
void check_writable(const std::string& path, const char* opt)
{
    if (path.empty()) return;
    std::ofstream f(path, std::ios::app);
    if (!f) throw usage_error(std::string(opt) + ": cannot write '" + path + "'");
}

} // namespace

int bench_main(int argc, char** argv)
{
    bool help = false;
    const bench_options o = parse(argc, argv, help);
    if (help) {
        print_help();
        return 0;
    }
    check_writable(o.csv, "--csv");
    check_writable(o.json, "--json");
    check_writable(o.plot, "--plot");
    const memory_needs need = runner_memory(o.n, precision_bytes(o.precision), precision_name(o.precision),
                                            max_links(o.methods), o.backend == backend_kind::cuda);
    return run_with_threads(o.threads, [&] {
        return with_memory_report(need.host, need.gpu, cuda_memory_bytes, [&] { return run(o); });
    });
}

} // namespace bot_tool
