/*
 boost_odeint_tiled/bench.cpp

 `boost_odeint_tiled bench`: for each access distance d and method, times stock
 odeint (serial and on tiled::tbb_algebra) and the tiled stepper with each tiling,
 against the copy floor (one parallel read and write of the state), and checks
 that all of them agree with stock odeint. See print_help() for the options.

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

#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include "bench.hpp"
#include "commands.hpp"
#include "machine.hpp"
#include "options.hpp"
#include "table.hpp"
#include "timer.hpp"

namespace bot_tool {

const char* stepper_name(stepper_kind k)
{
    switch (k) {
    case stepper_kind::stock_serial: return "stock-serial";
    case stepper_kind::stock_tbb: return "stock-tbb";
    case stepper_kind::none: return "none";
    case stepper_kind::trapezoidal: return "trapezoidal";
    case stepper_kind::hexagonal: return "hexagonal";
    case stepper_kind::automatic: return "automatic";
    }
    return "?";
}

const std::vector<method_entry>& method_table()
{
    static const std::vector<method_entry> t = {
        {"rk4", "runge_kutta4", bench_rk4},
        {"rk38", "runge_kutta38", bench_rk38},
        {"euler", "euler", bench_euler},
        {"heun-euler21", "runge_kutta_heun_euler21", bench_heun_euler21},
        {"bogacki-shampine32", "runge_kutta_bogacki_shampine32", bench_bogacki_shampine32},
        {"cash-karp54", "runge_kutta_cash_karp54", bench_cash_karp54},
        {"dopri5", "runge_kutta_dopri5", bench_dopri5},
        {"verner56", "runge_kutta_verner56", bench_verner56},
        {"fehlberg78", "runge_kutta_fehlberg78", bench_fehlberg78},
    };
    return t;
}

namespace {

const stepper_kind all_steppers[] = {stepper_kind::stock_serial, stepper_kind::stock_tbb, stepper_kind::none,
                                     stepper_kind::trapezoidal,  stepper_kind::hexagonal, stepper_kind::automatic};

constexpr double agreement_tolerance = 1e-10;

struct bench_options
{
    problem_kind problem = problem_kind::bruss2d;
    std::string problem_name = "bruss2d";
    std::size_t n = std::size_t(1) << 20;
    std::vector<std::size_t> d_list = {32, 1024};
    bool d_given = false;
    std::vector<const method_entry*> methods;
    std::vector<stepper_kind> steppers;
    std::size_t width = 0, height = 0;
    std::size_t steps = 0;
    double dt = 0.0;
    int reps = 3;
    double target = 0.15;
    std::string csv, json;
    int threads = 0;
};

void print_help()
{
    std::printf(
        "usage: boost_odeint_tiled bench [options]\n"
        "\n"
        "Times one step of stock odeint and of the tiled steppers on a reference problem,\n"
        "for every access distance d and method given, against the copy floor (one\n"
        "parallel read and write of the state), and checks that every stepper agrees with\n"
        "stock odeint (max relative difference <= 1e-10 after the same steps from the\n"
        "same initial state).\n"
        "\n"
        "options:\n"
        "  --problem P      bruss2d | heat | phase-chain                 (default bruss2d)\n"
        "                   bruss2d is built with bruss2d::with_size(n, d); heat (k = 1)\n"
        "                   and phase-chain have d = 1 and ignore --d\n"
        "  --n N            components; suffixes Ki, Mi, Gi (e.g. 4Mi)     (default 1Mi)\n"
        "  --d LIST         access distances, comma separated, even      (default 32,1024)\n"
        "  --methods LIST   comma separated, or 'all'                   (default rk4,verner56)\n"
        "                   rk4, rk38, euler, heun-euler21, bogacki-shampine32,\n"
        "                   cash-karp54, dopri5, verner56, fehlberg78\n"
        "  --steppers LIST  comma separated, or 'all'                   (default all)\n"
        "                   stock-serial  odeint stepper, range_algebra, serial RHS\n"
        "                   stock-tbb     odeint stepper, tiled::tbb_algebra and\n"
        "                                 tiled::as_odeint_system (parallel RHS)\n"
        "                   none          tiled stepper, tiling::none() (fused stages)\n"
        "                   trapezoidal   tiling::trapezoidal(W, H)\n"
        "                   hexagonal     tiling::hexagonal(W, H)\n"
        "                   automatic     tiling::automatic()\n"
        "                   Where odeint has no named stepper for the method (rk38,\n"
        "                   heun-euler21, bogacki-shampine32, verner56) the stock ones\n"
        "                   are odeint's explicit_generic_rk with the same coefficients.\n"
        "  --width W        trapezoid/hexagon width; default per d and method:\n"
        "                   trapezoid max(8192, (2H-1)d rounded up to 1024),\n"
        "                   hexagon max(8192, (H-1)d)\n"
        "  --height H       trapezoid/hexagon height in links; default: trapezoid the\n"
        "                   method's link count, hexagon 4 (2 for fewer than 4 links)\n"
        "  --steps S        timed steps per repetition (default: chosen so that one\n"
        "                   repetition of the first stepper takes about --target seconds;\n"
        "                   at least 3); every stepper of a (d, method) runs the same count\n"
"  --dt DT          fixed step size (default: bruss2d min(suggested_dt(), 0.05),\n"
        "                   heat suggested_dt(), phase-chain 0.01)\n"
        "  --reps R         repetitions of the timed loop, the median is shown (default 3)\n"
        "  --target SEC     see --steps                                   (default 0.15)\n"
        "  --precision P    double (float is not supported by this version)\n"
        "  --threads T      run inside a tbb::task_arena of T threads (default: all)\n"
        "  --csv FILE       also write the results as CSV\n"
        "  --json FILE      also write the results as JSON\n"
        "  -h, --help       this text\n"
        "\n"
        "columns: ms/step (median), GB/s = 2·n·8 bytes / (time of a step), x floor =\n"
        "step time / copy time, vs tbb / vs serial = speedup over stock-tbb / stock-serial,\n"
        "vol = the plan's modelled memory traffic in state vectors per step (2 = floor),\n"
        "max rel diff = max_j |x_j - ref_j| / max(|ref_j|, 1e-300) against the first stock\n"
        "stepper measured (stock-tbb, else stock-serial).\n"
        "\n"
        "exit status: 0 success, 1 a stepper failed or disagreed with stock odeint by more\n"
        "than 1e-10, 2 a bad command line.\n");
}

bench_options parse(int argc, char** argv, bool& help)
{
    bench_options o;
    bool methods_given = false, steppers_given = false;
    arg_reader in(argc, argv, 1);
    while (!in.done()) {
        const std::string opt = in.next_option();
        if (opt == "--help") { in.no_value(); help = true; return o; }
        else if (opt == "--problem") {
            const std::string p = in.value();
            if (p == "bruss2d") o.problem = problem_kind::bruss2d;
            else if (p == "heat" || p == "heat1d") o.problem = problem_kind::heat;
            else if (p == "phase-chain" || p == "phase_chain") o.problem = problem_kind::phase_chain;
            else throw usage_error("--problem: unknown problem '" + p + "' (bruss2d, heat, phase-chain)");
            o.problem_name = p == "heat1d" ? "heat" : p == "phase_chain" ? "phase-chain" : p;
        } else if (opt == "--n") {
            o.n = parse_size(in.value(), "--n");
            if (o.n == 0) throw usage_error("--n: needs at least one component");
        } else if (opt == "--d") {
            o.d_list.clear();
            for (const std::string& s : split_list(in.value(), "--d")) o.d_list.push_back(parse_size(s, "--d"));
            o.d_given = true;
        } else if (opt == "--methods") {
            methods_given = true;
            o.methods.clear();
            for (const std::string& s : split_list(in.value(), "--methods")) {
                if (s == "all") {
                    for (const method_entry& m : method_table()) o.methods.push_back(&m);
                    continue;
                }
                const method_entry* found = nullptr;
                for (const method_entry& m : method_table())
                    if (s == m.name || s == m.tiled_name) found = &m;
                if (!found) {
                    std::string names;
                    for (const method_entry& m : method_table()) names += (names.empty() ? "" : ", ") + std::string(m.name);
                    throw usage_error("--methods: unknown method '" + s + "' (" + names + ")");
                }
                o.methods.push_back(found);
            }
        } else if (opt == "--steppers") {
            steppers_given = true;
            o.steppers.clear();
            for (const std::string& s : split_list(in.value(), "--steppers")) {
                if (s == "all") {
                    o.steppers.insert(o.steppers.end(), std::begin(all_steppers), std::end(all_steppers));
                    continue;
                }
                bool found = false;
                for (stepper_kind k : all_steppers)
                    if (s == stepper_name(k)) { o.steppers.push_back(k); found = true; }
                if (!found)
                    throw usage_error("--steppers: unknown stepper '" + s +
                                      "' (stock-serial, stock-tbb, none, trapezoidal, hexagonal, automatic)");
            }
        } else if (opt == "--width") {
            o.width = parse_size(in.value(), "--width");
            if (o.width == 0) throw usage_error("--width: must be positive");
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
        } else if (opt == "--target") {
            o.target = parse_double(in.value(), "--target");
            if (!(o.target > 0 && o.target < 3600)) throw usage_error("--target: must be positive seconds");
        } else if (opt == "--precision") {
            const std::string p = in.value();
            if (p == "float")
                throw usage_error("--precision float is not supported by this version of the tool; use double");
            if (p != "double") throw usage_error("--precision: '" + p + "' (double)");
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
        } else
            throw usage_error("unknown option '" + opt + "'");
    }
    if (!methods_given) o.methods = {&method_table()[0], &method_table()[7]};  // rk4, verner56
    if (!steppers_given) o.steppers.assign(std::begin(all_steppers), std::end(all_steppers));
    // measured in enum order (stock first); duplicates dropped
    std::sort(o.steppers.begin(), o.steppers.end());
    o.steppers.erase(std::unique(o.steppers.begin(), o.steppers.end()), o.steppers.end());
    o.methods.erase(std::unique(o.methods.begin(), o.methods.end()), o.methods.end());

    if (o.problem == problem_kind::bruss2d) {
        for (std::size_t d : o.d_list)
            if (d < 2 || d % 2 != 0 || o.n % d != 0)
                throw usage_error("--d " + std::to_string(d) + ": bruss2d needs an even d >= 2 that divides n = " +
                                  std::to_string(o.n));
    } else
        o.d_list = {1};
    if (o.height && std::find(o.steppers.begin(), o.steppers.end(), stepper_kind::hexagonal) != o.steppers.end() &&
        (o.height < 2 || o.height % 2 != 0))
        throw usage_error("--height " + std::to_string(o.height) + ": hexagons need an even height >= 2");
    return o;
}

//! bruss2d's suggested_dt() (h·8D <= 1.25) ignores the reaction term, which dominates
//! for small x_max: with it every method blows up within a few steps at d <= 32 (RK4
//! at d <= 8). Capped at 0.05, all nine methods are stable at every d.
constexpr double bruss2d_dt_cap = 0.05;

double step_size(const bench_options& o, std::size_t d, std::string& how)
{
    namespace pb = boost::numeric::odeint::tiled::problems;
    char buf[160];
    if (o.dt > 0) { how = "--dt"; return o.dt; }
    switch (o.problem) {
    case problem_kind::bruss2d: {
        const double s = pb::bruss2d::with_size(o.n, d).suggested_dt();
        if (s <= bruss2d_dt_cap) { how = "bruss2d::suggested_dt()"; return s; }
        std::snprintf(buf, sizeof buf, "suggested_dt() = %.4g capped at %g for stability", s, bruss2d_dt_cap);
        how = buf;
        return bruss2d_dt_cap;
    }
    case problem_kind::heat: how = "heat1d(n, k = 1).suggested_dt()"; return pb::heat1d(o.n, 1.0).suggested_dt();
    case problem_kind::phase_chain: how = "fixed"; return 0.01;
    }
    return 0.01;
}

//! Median time of one parallel copy of n doubles (tbb::parallel_for, std::copy per chunk).
double copy_floor_seconds(std::size_t n, int& samples)
{
    std::vector<double> src(n), dst(n);
    const std::size_t grain = std::max<std::size_t>(16384, n / (16 * std::max(1, tbb::this_task_arena::max_concurrency())));
    auto fill = [&](const tbb::blocked_range<std::size_t>& r) {
        for (std::size_t j = r.begin(); j < r.end(); ++j) { src[j] = 1.0 + 1e-9 * double(j); dst[j] = 0.0; }
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
    volatile double sink = dst[n / 2];
    (void)sink;
    samples = static_cast<int>(t.size());
    return median(t);
}

struct context
{
    std::string cpu, host, date;
    int threads = 0;
    double floor_ms = 0.0;
    int floor_samples = 0;
};

table make_table()
{
    return table({{"d", "d"},
                  {"dt", "dt"},
                  {"method", "method", true},
                  {"stepper", "stepper", true},
                  {"tiling", "tiling", true},
                  {"steps", "steps"},
                  {"ms/step", "ms_per_step"},
                  {"GB/s", "gbps_effective"},
                  {"x floor", "x_floor"},
                  {"vs tbb", "speedup_vs_stock_tbb"},
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
    const double bytes = 2.0 * double(o.n) * sizeof(double);

    std::printf("boost_odeint_tiled bench\n");
    std::printf("  machine   %s (host %s, %u hardware threads)\n", ctx.cpu.c_str(), ctx.host.c_str(),
                hardware_threads());
    std::printf("  threads   %d (tbb::this_task_arena::max_concurrency)\n", ctx.threads);
    std::printf("  date      %s\n", ctx.date.c_str());
    std::printf("  problem   %s, n = %s (%zu) doubles, %.1f MiB per state\n", o.problem_name.c_str(),
                format_size(o.n).c_str(), o.n, double(o.n) * 8.0 / 1048576.0);
    if (o.problem != problem_kind::bruss2d)
        std::printf("  d         1 (fixed by %s%s)\n", o.problem_name.c_str(), o.d_given ? "; --d ignored" : "");
    if (o.steps)
        std::printf("  timing    %zu steps per repetition, median of %d, after 2 warm-up steps\n", o.steps, o.reps);
    else
        std::printf("  timing    steps chosen per (d, method) so that a repetition of the first stepper takes "
                    "~%.2g s; median of %d, after 2 warm-up steps\n", o.target, o.reps);
    std::fflush(stdout);

    ctx.floor_ms = 1e3 * copy_floor_seconds(o.n, ctx.floor_samples);
    std::printf("  floor     %.4f ms per copy of the state (%.1f GB/s, 16 bytes per component; median of %d)\n\n",
                ctx.floor_ms, bytes / (ctx.floor_ms * 1e-3) / 1e9, ctx.floor_samples);
    std::fflush(stdout);

    table all = make_table();
    std::vector<std::string> failures;
    bool generic_note = false;
    for (std::size_t d : o.d_list) {
        table t = make_table();
        std::string how;
        const double dt = step_size(o, d, how);
        if (o.problem == problem_kind::bruss2d)
            std::printf("d = %zu (x_max = %zu, y_max = %zu), dt = %.6g (%s)\n", d, d / 2, o.n / d, dt, how.c_str());
        else
            std::printf("d = 1, dt = %.6g (%s)\n", dt, how.c_str());
        std::fflush(stdout);
        for (const method_entry* m : o.methods) {
            bench_job job;
            job.problem = o.problem;
            job.n = o.n;
            job.d = d;
            job.dt = dt;
            job.steppers = o.steppers;
            job.width = o.width;
            job.height = o.height;
            job.steps = o.steps;
            job.reps = o.reps;
            job.target_seconds = o.target;
            job.label = "d=" + std::to_string(d) + " " + m->name;
            const std::vector<bench_result> rs = m->run(job);

            double t_tbb = std::numeric_limits<double>::quiet_NaN(), t_serial = t_tbb;
            for (const bench_result& r : rs) {
                if (r.ok && r.stepper == stepper_kind::stock_tbb) t_tbb = r.ms_per_step;
                if (r.ok && r.stepper == stepper_kind::stock_serial) t_serial = r.ms_per_step;
            }
            for (const bench_result& r : rs) {
                std::vector<cell> row;
                row.push_back(cell::integer(static_cast<long long>(d)));
                row.push_back(cell::num(dt, "%.4g"));
                row.push_back(cell::str(m->name));
                std::string sname = stepper_name(r.stepper);
                if (!r.note.empty()) { sname += "*"; generic_note = true; }
                row.push_back(cell::str(sname));
                row.push_back(is_stock(r.stepper) ? cell::none() : cell::str(r.tiling));
                if (!r.ok) {
                    row.resize(13);
                    row.push_back(cell::str("error: " + r.error));
                    failures.push_back("d=" + std::to_string(d) + " " + m->name + " " + stepper_name(r.stepper) +
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
                    if (!r.reference.empty() && !(r.max_rel_diff <= agreement_tolerance)) {
                        std::ostringstream s;
                        s << "DISAGREES with " << r.reference << " after " << r.total_steps << " steps";
                        note = s.str();
                        failures.push_back("d=" + std::to_string(d) + " " + m->name + " " + stepper_name(r.stepper) +
                                           ": max rel diff " + row.back().shown + " vs " + r.reference + " after " +
                                           std::to_string(r.total_steps) + " steps (tolerance 1e-10)");
                    }
                    row.push_back(note.empty() ? cell::none() : cell::str(note));
                }
                all.add_row(row);
                t.add_row(std::move(row));
            }
        }
        t.print(std::cout);
        std::cout << std::endl;
    }
    if (generic_note)
        std::printf("  * odeint has no named stepper for this method: stock = odeint::explicit_generic_rk with the\n"
                    "    tiled tableau's coefficients.\n");

    const std::vector<std::pair<std::string, cell>> extra = {
        {"problem", cell::str(o.problem_name)},
        {"n", cell::integer(static_cast<long long>(o.n))},
        {"threads", cell::integer(ctx.threads)},
        {"precision", cell::str("double")},
        {"floor_ms", cell::num(ctx.floor_ms)},
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
          << "  \"n\": " << o.n << ",\n"
          << "  \"precision\": \"double\",\n"
          << "  \"reps\": " << o.reps << ",\n"
          << "  \"copy_floor\": {\"ms\": " << full_precision(ctx.floor_ms)
          << ", \"gbps\": " << full_precision(bytes / (ctx.floor_ms * 1e-3) / 1e9)
          << ", \"samples\": " << ctx.floor_samples << "},\n"
          << "  \"results\": ";
        all.write_json_rows(f, "  ");
        f << "\n}\n";
        if (!f) throw std::runtime_error("cannot write " + o.json);
    }

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
    if (o.threads > 0) {
        tbb::task_arena arena(o.threads);
        return arena.execute([&] { return run(o); });
    }
    return run(o);
}

} // namespace bot_tool
