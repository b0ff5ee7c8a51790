/*
 boost_odeint_tiled/verify.cpp

 `boost_odeint_tiled verify`: runs every method under many tilings (untiled,
 trapezoids and hexagons of awkward and of the narrowest legal widths, heights
 that do not divide the link count or exceed it, odd chunk and block sizes,
 multi-thread tiles, the automatic choice) on a reference problem and checks each
 against stock odeint with the same tableau: the state after a few steps and, for
 embedded methods, the error estimate of the first step. The runs go through the
 bench machinery (bench_runner.hpp) with a list of explicit tilings, untimed.
 See print_help() for the options.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include <tbb/task_arena.h>

#include <boost/numeric/odeint/tiled/core/tiling.hpp>

#include "bench.hpp"
#include "commands.hpp"
#include "machine.hpp"
#include "memory.hpp"
#include "method_chains.hpp"
#include "options.hpp"
#include "selection.hpp"
#include "task_arena_run.hpp"
#include "timer.hpp"

namespace bot_tool {

namespace {

using boost::numeric::odeint::tiled::tiling;

//! The tiling families verify runs; --tilings picks some.
enum class family { none, trapezoidal, hexagonal, overlapped, automatic, threads };

const char* family_name(family f)
{
    switch (f) {
    case family::none: return "none";
    case family::trapezoidal: return "trapezoidal";
    case family::hexagonal: return "hexagonal";
    case family::overlapped: return "overlapped";
    case family::automatic: return "automatic";
    case family::threads: return "threads";
    }
    return "?";
}

const family all_families[] = {family::none, family::trapezoidal, family::hexagonal, family::overlapped,
                               family::automatic, family::threads};

struct verify_options
{
    problem_kind problem = problem_kind::bruss2d;
    std::string problem_name = "bruss2d";
    std::vector<form_kind> forms = {form_kind::reference};  //!< --form
    // small: building and proving the plans of the narrowest tilings (tiles 2 components
    // wide at d = 2) costs more than the steps, and grows with the number of tiles
    std::size_t n = std::size_t(16) << 10;
    std::vector<std::size_t> d_list = {2, 32, 1024};
    bool d_given = false;
    std::vector<const method_entry*> methods;
    std::vector<family> families;
    std::size_t steps = 20;
    double dt = 0.0;
    double tolerance = 1e-10;
    int threads = 0;
};

/*! The tilings of one (method, d): every family's cases, in order. L is the larger
    link count of the plain step and the step with error estimate, so that every
    width here is legal for both plans. Odd widths (+61, +97, +203) divide no n of
    the form 2^k and leave a ragged last tile. */
std::vector<tiling> tilings_for(const tiling_context& c, const std::vector<family>& families)
{
    const std::size_t d = c.d;
    const std::size_t L = std::max<std::size_t>(1, std::max(c.links, c.error_links));
    auto narrowest_trapezoid = [&](std::size_t h) { return (2 * std::min(h, L) - 1) * d; };
    auto has = [&](family f) { return std::find(families.begin(), families.end(), f) != families.end(); };
    std::vector<tiling> t;
    if (has(family::none)) {
        t.push_back(tiling::none());
        t.push_back(tiling::none().width(777));  // an odd pass chunk
    }
    if (has(family::trapezoidal)) {
        t.push_back(tiling::trapezoidal(narrowest_trapezoid(2), 2));             // narrowest, 2 links high
        t.push_back(tiling::trapezoidal(narrowest_trapezoid(L), L));             // narrowest, one row of all links
        t.push_back(tiling::trapezoidal(narrowest_trapezoid(3) + 61, 3));        // a height that rarely divides L
        t.push_back(tiling::trapezoidal(narrowest_trapezoid(L) + 203, L + 2));   // higher than the method
        t.push_back(tiling::trapezoidal(narrowest_trapezoid(4) + 203, 4).block_size(100));  // odd inner blocks
    }
    if (has(family::hexagonal)) {
        t.push_back(tiling::hexagonal(d, 2));            // narrowest: (h-1)d
        t.push_back(tiling::hexagonal(3 * d, 4));        // narrowest for h = 4
        t.push_back(tiling::hexagonal(5 * d + 97, 6));   // odd width, often higher than the method
    }
    if (has(family::overlapped)) {
        // on a ring overlapped tiles run as trapezoids (tiling_plan.hpp, ring_tiling): at least d wide
        auto narrowest_overlapped = [&](std::size_t h) {
            return std::max<std::size_t>(2 * (std::min(h, L) - 1) * d + 1, c.ring ? d : 1);
        };
        t.push_back(tiling::overlapped(narrowest_overlapped(2), 2));             // narrowest, 2 links high
        t.push_back(tiling::overlapped(narrowest_overlapped(L), L));             // narrowest, one row of all links
        t.push_back(tiling::overlapped(narrowest_overlapped(L) + 97, L + 2));    // odd width, higher than the method
        t.push_back(tiling::overlapped(narrowest_overlapped(3) + 61, 3).threads_per_tile(2));  // a team per tile
    }
    if (has(family::automatic)) t.push_back(tiling::automatic());
    if (has(family::threads)) {
        t.push_back(tiling::trapezoidal(narrowest_trapezoid(2) + 61, 2).threads_per_tile(2));
        // more team mates than the machine may have: the team takes over absent workers' shares
        t.push_back(tiling::hexagonal(3 * d + 97, 4).threads_per_tile(3));
    }
    return t;
}

void print_help()
{
    std::printf(
        "usage: boost_odeint_tiled verify [options]\n"
        "\n"
        "Checks that the tiled steppers compute what stock odeint computes: every method\n"
        "given runs under many tilings on a reference problem for a few steps from the\n"
        "same initial state as odeint's stepper with the same tableau, and must agree\n"
        "with it. Embedded methods make their first step with the error estimate\n"
        "(do_step with xerr), which must agree with that of odeint's\n"
        "explicit_error_generic_rk with the tableau's coefficients (odeint's named\n"
        "embedded steppers round their error weights their own way, which the cancelling\n"
        "sum can magnify past the tolerance: their differences are shown, not judged).\n"
        "Nothing is timed.\n"
        "\n"
        "The tilings, for access distance d and a method of L links (the larger count of\n"
        "its plain step and its step with error estimate):\n"
        "  none         none(); none().width(777) (an odd pass chunk)\n"
        "  trapezoidal  the narrowest legal widths (2h-1)d for h = 2 and h = L; height 3\n"
        "               with an odd width; height L+2 (more than the method has); height\n"
        "               4 with block_size(100)\n"
        "  hexagonal    the narrowest legal widths (h-1)d for h = 2 and h = 4; height 6\n"
        "               with an odd width\n"
        "  overlapped   the narrowest legal widths 2(h-1)d+1 (on a ring at least d) for\n"
        "               h = 2 and h = L; height L+2 with an odd width; height 3 with\n"
        "               threads_per_tile(2)\n"
        "  automatic    automatic() (the backend's choice)\n"
        "  threads      multi-thread tiles: trapezoids with threads_per_tile(2),\n"
        "               hexagons with threads_per_tile(3)\n"
        "plus stock odeint on tiled::tbb_algebra (stock-tbb). The reference is odeint's\n"
        "stepper on range_algebra with a serial RHS (stock-serial): odeint's named stepper\n"
        "where it has one, else explicit_generic_rk / explicit_error_generic_rk with the\n"
        "tiled tableau's coefficients.\n"
        "\n"
        "options:\n"
        "  --problem P      bruss2d | heat | phase-chain | lorenz96      (default bruss2d)\n"
        "                   heat (k = 1) and phase-chain have d = 1 and ignore --d;\n"
        "                   lorenz96 is periodic (d = 2 around the ring: ring plans)\n"
        "                   and ignores --d\n"
        "  --form LIST      how bruss2d's right-hand side is written, comma separated, or\n"
        "                   'all' (as bench --form): reference (problems::bruss2d),\n"
        "                   grid (problems::grid_bruss2d), component (grid_bruss2d's\n"
        "                   per-component operator() alone), plain\n"
        "                   (problems::plain_bruss2d); each form is checked against\n"
        "                   stock odeint on the same form           (default reference)\n"
        "  --n N            components; suffixes Ki, Mi, Gi                (default 16Ki)\n"
        "  --d LIST         access distances for bruss2d, comma separated, even, dividing\n"
        "                   n                                         (default 2,32,1024)\n"
        "  --methods LIST   comma separated, or 'all'                      (default all)\n"
        "                   rk4, rk38, euler, heun-euler21, bogacki-shampine32,\n"
        "                   cash-karp54, dopri5, verner56, fehlberg78\n"
        "  --tilings LIST   comma separated, or 'all'                      (default all)\n"
        "                   none, trapezoidal, hexagonal, overlapped, automatic, threads\n"
        "  --steps S        steps per case, at least 2                       (default 20)\n"
        "  --dt DT          fixed step size (default: bruss2d min(suggested_dt(), 0.05),\n"
        "                   heat and lorenz96 suggested_dt(), phase-chain 0.01)\n"
        "  --tolerance TOL  largest accepted difference                 (default 1e-10)\n"
        "                   state: max_j |x_j - ref_j| / max(|ref_j|, 1e-300) after S steps;\n"
        "                   error estimate: max_j |e_j - ref_j| / max_j |ref_j| after the\n"
        "                   first step\n"
        "  --threads T      run inside a tbb::task_arena of T threads (default: all)\n"
        "  -h, --help       this text\n"
        "\n"
        "Prints one line per case (d, method, tiling, the differences, PASS or FAIL) and\n"
        "a summary. When stderr is a terminal and the run takes more than about a second,\n"
        "a progress line there shows the cases run of all; it is wiped at the end.\n"
        "\n"
        "exit status: 0 every case agrees, 1 a case disagrees or throws (listed at the\n"
        "end), 2 a bad command line.\n");
}

verify_options parse(int argc, char** argv, bool& help)
{
    verify_options o;
    bool methods_given = false, families_given = false, form_given = false;
    arg_reader in(argc, argv, 1);
    while (!in.done()) {
        const std::string opt = in.next_option();
        if (opt == "--help") { in.no_value(); help = true; return o; }
        else if (parse_selection_option(opt, in, o, methods_given)) {
        } else if (opt == "--form") {
            o.forms = parse_forms(in.value());
            form_given = true;
        } else if (opt == "--tilings") {
            families_given = true;
            o.families.clear();
            for (const std::string& s : split_list(in.value(), "--tilings")) {
                bool found = false;
                for (family f : all_families)
                    if (s == "all" || s == family_name(f)) {
                        if (std::find(o.families.begin(), o.families.end(), f) == o.families.end()) o.families.push_back(f);
                        found = true;
                    }
                if (!found)
                    throw usage_error("--tilings: unknown tiling family '" + s +
                                      "' (none, trapezoidal, hexagonal, overlapped, automatic, threads, all)");
            }
        } else if (opt == "--steps") {
            o.steps = parse_size(in.value(), "--steps");
            if (o.steps < 2 || o.steps > 1000000) throw usage_error("--steps: must be 2 .. 1000000");
        } else if (opt == "--dt") {
            o.dt = parse_double(in.value(), "--dt");
            if (!(o.dt > 0 && std::isfinite(o.dt))) throw usage_error("--dt: must be a positive finite number");
        } else if (opt == "--tolerance") {
            o.tolerance = parse_double(in.value(), "--tolerance");
            if (!(o.tolerance >= 0 && std::isfinite(o.tolerance)))
                throw usage_error("--tolerance: must be a non-negative finite number");
        } else if (opt == "--threads") {
            const std::size_t t = parse_size(in.value(), "--threads");
            if (t == 0 || t > 4096) throw usage_error("--threads: must be 1 .. 4096");
            o.threads = static_cast<int>(t);
        } else
            throw usage_error("unknown option '" + opt + "'");
    }
    if (!methods_given)
        for (const method_entry& m : method_table()) o.methods.push_back(&m);
    if (!families_given) o.families.assign(std::begin(all_families), std::end(all_families));
    check_forms(o.forms, form_given, o.problem, o.problem_name, false, false, o.methods);
    if (o.problem == problem_kind::bruss2d) {
        std::sort(o.d_list.begin(), o.d_list.end());
        o.d_list.erase(std::unique(o.d_list.begin(), o.d_list.end()), o.d_list.end());
        check_bruss2d_sizes(o.n, o.d_list);
    } else
        o.d_list = {fixed_distance(o.problem)};
    return o;
}

std::string format_diff(double v)
{
    if (std::isnan(v)) return "nan";
    if (v == 0.0) return "0";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2e", v);
    return buf;
}

int run(const verify_options& o)
{
    std::printf("boost_odeint_tiled verify\n");
    std::printf("  machine     %s (%d TBB threads)\n", cpu_model().c_str(), tbb::this_task_arena::max_concurrency());
    std::printf("  problem     %s, n = %s", o.problem_name.c_str(), format_size(o.n).c_str());
    if (o.problem == problem_kind::bruss2d) {
        std::printf(", d =");
        for (std::size_t i = 0; i < o.d_list.size(); ++i) std::printf("%s %zu", i ? "," : "", o.d_list[i]);
        std::printf("\n");
    } else
        std::printf(", d = %zu%s%s\n", fixed_distance(o.problem),
                    o.problem == problem_kind::lorenz96 ? " around the ring" : "",
                    o.d_given ? " (fixed by the problem; --d ignored)" : "");
    if (o.problem == problem_kind::bruss2d) {
        std::string forms;
        for (form_kind f : o.forms) forms += (forms.empty() ? "" : ", ") + std::string(form_name(f));
        std::printf("  form        %s (see --form)\n", forms.c_str());
    }
    std::printf("  state       after %zu steps, against stock-serial (odeint's stepper, range_algebra, serial RHS)\n",
                o.steps);
    std::printf("  error est   embedded methods, first step, against odeint's explicit_error_generic_rk with the\n"
                "              tableau's coefficients\n");
    std::printf("  tolerance   %g\n\n", o.tolerance);
    // "method" names the form too where several are checked: "bogacki-shampine32 component"
    const bool name_forms = names_forms(o.forms);
    const int method_width = name_forms ? 29 : 19;
    std::printf("%-6s %-*s %-44s %-10s %-10s %s\n", "d", method_width, "method", "stepper / tiling", "state", "error est",
                "result");
    std::fflush(stdout);

    // counted per job below; the tiling list does not depend on the method
    const std::size_t per_job = 2 + tilings_for(tiling_context{o.n, 2, 1, 0}, o.families).size();
    progress_line::instance().start(o.d_list.size() * o.methods.size() * o.forms.size() * per_job);

    std::size_t cases = 0, passed = 0;
    std::vector<std::string> failures;
    for (std::size_t d : o.d_list) {
        std::string how;
        const double dt = o.dt > 0 ? o.dt : default_step_size(o.problem, o.n, d, how);
        for (const method_entry* m : o.methods)
        for (form_kind form : o.forms) {
            const std::string method = std::string(m->name) + (name_forms ? std::string(" ") + form_name(form) : "");
            bench_job job;
            job.problem = o.problem;
            job.form = form;
            job.n = o.n;
            job.d = d;
            job.dt = dt;
            job.steppers = {stepper_kind::stock_serial, stepper_kind::stock_tbb};  // the first is the reference
            job.warmup = 1;  // embedded methods: the step with error estimate
            job.steps = o.steps - 1;
            job.reps = 1;
            job.check_error = true;
            const std::vector<family> families = o.families;
            job.tilings = [families](const tiling_context& c) { return tilings_for(c, families); };
            job.label = "d=" + std::to_string(d) + " " + method;
            std::vector<bench_result> rs = m->run(job);

            const bool have_reference = !rs.empty() && rs.front().ok;
            // the runner compares error estimates exactly when the method is embedded
            const bool embedded = std::any_of(rs.begin(), rs.end(), [](const bench_result& r) { return !std::isnan(r.max_err_diff); });
            progress_line::instance().clear();
            for (const bench_result& r : rs) {
                const std::string what = r.requested.empty() ? stepper_name(r.stepper) : r.requested;
                std::string state = "-", err = "-", problem, note;
                if (!r.ok)
                    problem = "exception: " + r.error;
                else if (!have_reference || r.reference.empty())
                    problem = "no reference (stock-serial failed)";
                else {
                    state = format_diff(r.max_rel_diff);
                    if (embedded) err = format_diff(r.max_err_diff);
                    if (!(r.max_rel_diff <= o.tolerance))
                        problem = "the state differs by " + state + " after " + std::to_string(r.total_steps) + " steps";
                    else if (embedded && !(r.max_err_diff <= o.tolerance)) {
                        // stock odeint is shown, not judged: verify judges the tiled steppers.
                        // A named odeint stepper (no note) rounds its error weights its own way;
                        // the generic one on tbb_algebra sums the same weights in the algebra's
                        // loops, which -march=native builds contract to FMAs differently from
                        // range_algebra's, and the cancelling sum magnifies that (Verner56 on
                        // phase-chain: 5e-3 of the estimate, Zen 4, -mprefer-vector-width=512)
                        if (is_stock(r.stepper) && std::isfinite(r.max_err_diff))
                            note = r.note.empty() ? "odeint's own error weights, not judged"
                                                  : "stock odeint on another algebra, not judged";
                        else
                            problem = "the error estimate of the first step differs by " + err;
                    }
                }
                ++cases;
                const bool ok = problem.empty();
                if (ok) ++passed;
                if (!ok) note = problem;
                else if (r.stepper == stepper_kind::automatic && !r.tiling.empty()) note = "used " + r.tiling;
                std::printf("%-6zu %-*s %-44s %-10s %-10s %s%s%s\n", d, method_width, method.c_str(), what.c_str(),
                            state.c_str(), err.c_str(), ok ? "PASS" : "FAIL", note.empty() ? "" : "  ", note.c_str());
                if (!ok)
                    failures.push_back("d=" + std::to_string(d) + " " + method + " " + what + ": " + problem);
            }
            std::fflush(stdout);
        }
    }
    progress_line::instance().finish();

    std::printf("\nverify: %zu cases, %zu passed, %zu failed (%s, n = %s, tolerance %g)\n", cases, passed,
                cases - passed, o.problem_name.c_str(), format_size(o.n).c_str(), o.tolerance);
    if (!failures.empty()) {
        std::printf("failed:\n");
        for (const std::string& f : failures) std::printf("  %s\n", f.c_str());
        std::fflush(stdout);
        std::fprintf(stderr, "boost_odeint_tiled verify: %zu of %zu cases failed\n", failures.size(), cases);
        return 1;
    }
    return 0;
}

} // namespace

int verify_main(int argc, char** argv)
{
    bool help = false;
    const verify_options o = parse(argc, argv, help);
    if (help) {
        print_help();
        return 0;
    }
    const memory_needs need = runner_memory(o.n, sizeof(double), "double", max_links(o.methods), false);
    return run_with_threads(o.threads, [&] {
        return with_memory_report(need.host, need.gpu, nullptr, [&] { return run(o); });
    });
}

} // namespace bot_tool
