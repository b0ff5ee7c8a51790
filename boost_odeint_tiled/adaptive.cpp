/*
 boost_odeint_tiled/adaptive.cpp

 `boost_odeint_tiled adaptive`: times an adaptive integration of BRUSS2D by the
 plugin's controlled stepper (error norm fused into the step) against odeint's
 controlled_runge_kutta on the same backend's stock algebra, and checks that both
 take the same number of accepted and rejected steps. See print_help().

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <cmath>
#include <cstdio>
#include <string>

#include "adaptive.hpp"
#include "commands.hpp"
#include "cuda_device.hpp"
#include "machine.hpp"
#include "memory.hpp"
#include "method_chains.hpp"
#include "options.hpp"

namespace bot_tool {

namespace {

const char* const adaptive_methods[] = {"dopri5", "cash-karp54", "bogacki-shampine32", "verner56", "fehlberg78"};

//! Final states may differ by more than rounding only through different step
//! sequences; beyond this the run is reported as a failed check.
constexpr double agreement_limit = 1e-6;


void print_help()
{
    std::printf(
        "usage: boost_odeint_tiled adaptive [options]\n"
        "\n"
        "Integrates BRUSS2D (bruss2d::with_size(n, d)) adaptively from t = 0 to t-end with\n"
        "odeint::integrate_adaptive, abs = rel = tol, by two controlled steppers on the\n"
        "same backend:\n"
        "  tiled  odeint::make_controlled(tol, tol, tiled::<method><State>()): the\n"
        "         plugin's controlled_explicit_rk, the error norm fused into the step\n"
        "  stock  odeint::controlled_runge_kutta around odeint's stepper for the method\n"
        "         on the backend's stock algebra (TBB: tiled::tbb_algebra with\n"
        "         tiled::as_odeint_system; CUDA: tiled::cuda_algebra and\n"
        "         tiled::cuda_operations), default_error_checker, default_step_adjuster\n"
        "Each runs one untimed integration, then --reps timed ones; prints the median\n"
        "total time, the time per accepted step, the accepted and rejected steps of\n"
        "each (they should be the same), the speedup and the largest relative\n"
        "difference of the final states.\n"
        "\n"
        "options:\n"
        "  --backend B   tbb | cuda                                      (default tbb)\n");
    if (!built_with_cuda)
        std::printf("                (cuda: this build has no CUDA backend; configure with\n"
                    "                -DBOOST_ODEINT_TILED_ENABLE_CUDA=ON)\n");
    std::printf(
        "  --method M    dopri5 | cash-karp54 | bogacki-shampine32 | verner56 |\n"
        "                fehlberg78                                     (default dopri5)\n"
        "                odeint has no stepper for bogacki-shampine32 and verner56: the\n"
        "                stock one is explicit_error_generic_rk with their coefficients\n"
        "  --n N         components, a multiple of d; suffixes Ki, Mi, Gi  (default 16Mi)\n"
        "  --d D         access distance, even, >= 2                      (default 32)\n"
        "  --t-end T     end of the integration                          (default 0.01)\n"
        "  --tol TOL     absolute and relative tolerance                 (default 1e-8)\n"
        "  --dt0 DT      first step size tried                           (default 1e-4)\n"
        "  --reps R      timed integrations, the median is shown          (default 3)\n"
        "  --reuse-last-derivative\n"
        "                FSAL methods (dopri5, bogacki-shampine32): the tiled controller\n"
        "                hands each step's last derivative on as the next F_0, as\n"
        "                odeint's does, instead of evaluating F_0 in the tile\n"
        "  -h, --help    this text\n"
        "\n"
        "exit status: 0 success; 1 a stepper failed, the two took different numbers of\n"
        "accepted or rejected steps, or their final states differ by more than %.0e\n"
        "relative; 2 a bad command line.\n",
        agreement_limit);
}

struct adaptive_options
{
    adaptive_job job;
    std::string backend = "tbb";
};

adaptive_options parse(int argc, char** argv, bool& help)
{
    adaptive_options o;
    arg_reader in(argc, argv, 1);
    while (!in.done()) {
        const std::string opt = in.next_option();
        if (opt == "--help") { in.no_value(); help = true; return o; }
        else if (opt == "--backend") {
            o.backend = in.value();
            if (o.backend != "tbb" && o.backend != "cuda")
                throw usage_error("--backend: '" + o.backend + "' (tbb, cuda)");
        } else if (opt == "--method") {
            o.job.method = in.value();
            bool known = false;
            for (const char* m : adaptive_methods) known = known || o.job.method == m;
            if (!known)
                throw usage_error("--method: unknown method '" + o.job.method +
                                  "' (dopri5, cash-karp54, bogacki-shampine32, verner56, fehlberg78)");
        } else if (opt == "--n") {
            o.job.n = parse_size(in.value(), "--n");
        } else if (opt == "--d") {
            o.job.d = parse_size(in.value(), "--d");
        } else if (opt == "--t-end") {
            o.job.t_end = parse_double(in.value(), "--t-end");
            if (!(o.job.t_end > 0 && std::isfinite(o.job.t_end))) throw usage_error("--t-end: must be a positive finite number");
        } else if (opt == "--tol") {
            o.job.tol = parse_double(in.value(), "--tol");
            if (!(o.job.tol > 0 && o.job.tol < 1)) throw usage_error("--tol: must be in (0, 1)");
        } else if (opt == "--dt0") {
            o.job.dt0 = parse_double(in.value(), "--dt0");
            if (!(o.job.dt0 > 0 && std::isfinite(o.job.dt0))) throw usage_error("--dt0: must be a positive finite number");
        } else if (opt == "--reuse-last-derivative") {
            in.no_value();
            o.job.reuse_last_derivative = true;
        } else if (opt == "--reps") {
            const std::size_t r = parse_size(in.value(), "--reps");
            if (r == 0 || r > 1000) throw usage_error("--reps: must be 1 .. 1000");
            o.job.reps = static_cast<int>(r);
        } else
            throw usage_error("unknown option '" + opt + "'");
    }
    if (o.job.d < 2 || o.job.d % 2 != 0) throw usage_error("--d: BRUSS2D needs an even access distance >= 2");
    if (o.job.n == 0 || o.job.n % o.job.d != 0)
        throw usage_error("--n: BRUSS2D needs a positive multiple of d components (n = " + std::to_string(o.job.n) +
                          ", d = " + std::to_string(o.job.d) + ")");
    if (o.backend == "cuda" && !built_with_cuda)
        throw usage_error("--backend cuda: this build of the tool has no CUDA backend; configure with "
                          "-DBOOST_ODEINT_TILED_ENABLE_CUDA=ON");
    return o;
}

void print_run(const adaptive_run& r)
{
    if (!r.ok) {
        std::printf("  %-32s failed: %s\n", r.name.c_str(), r.error.c_str());
        return;
    }
    const double per_step = r.accepted ? r.total_ms / double(r.accepted) : std::nan("");
    std::printf("  %-32s %8zu %8zu %12.3f %12.4f\n", r.name.c_str(), r.accepted, r.rejected, r.total_ms, per_step);
}

int run(const adaptive_options& o)
{
    const adaptive_job& job = o.job;
    std::printf("boost_odeint_tiled adaptive\n");
    std::printf("  host      %s, %s\n", host_name().c_str(), now_string().c_str());
    std::printf("  problem   BRUSS2D, n = %zu, d = %zu (%.1f MiB per state), t = 0 .. %g, first dt %g\n", job.n, job.d,
                double(job.n) * 8.0 / 1048576.0, job.t_end, job.dt0);
    std::printf("  method    %s, abs = rel = %g, %d timed integrations after one untimed\n", job.method.c_str(),
                job.tol, job.reps);
    std::fflush(stdout);

    adaptive_result r;
#if BOOST_ODEINT_TILED_TOOL_HAS_CUDA
    if (o.backend == "cuda")
        r = run_adaptive_cuda(job);
    else
#endif
        r = run_adaptive_tbb(job);

    std::printf("  device    %s\n", r.device.c_str());
    if (r.tiled.ok) std::printf("  tiled     %s\n", r.tiled.stepper.c_str());
    if (r.stock.ok) std::printf("  stock     %s\n", r.stock.stepper.c_str());
    if (!r.stock.note.empty()) std::printf("            (%s)\n", r.stock.note.c_str());
    std::printf("\n  %-32s %8s %8s %12s %12s\n", "controller", "accepted", "rejected", "total ms", "ms/accepted");
    print_run(r.tiled);
    print_run(r.stock);
    std::printf("\n");
    bool failed = !r.tiled.ok || !r.stock.ok;
    if (!failed) {
        std::printf("  speedup (stock / tiled, total time): %.3fx   (best runs: %.3fx)\n", r.stock.total_ms / r.tiled.total_ms,
                    r.stock.min_total_ms / r.tiled.min_total_ms);
        std::printf("  max rel diff of the final states:    %.3g\n", r.max_rel_diff);
        const bool same_steps = r.tiled.accepted == r.stock.accepted && r.tiled.rejected == r.stock.rejected;
        std::printf("  same accepted/rejected steps:        %s\n", same_steps ? "yes" : "NO");
        if (!r.tiled.reproducible || !r.stock.reproducible)
            std::printf("  warning: a controller did not take the same steps in every integration\n");
        if (!same_steps) failed = true;
        if (!(r.max_rel_diff <= agreement_limit)) {
            std::printf("  the final states differ by more than %.0e\n", agreement_limit);
            failed = true;
        }
    }
    return failed ? 1 : 0;
}

} // namespace

int adaptive_main(int argc, char** argv)
{
    bool help = false;
    const adaptive_options o = parse(argc, argv, help);
    if (help) {
        print_help();
        return 0;
    }
    std::size_t links = 1;
    for (const method_entry& m : method_table())
        if (o.job.method == m.name) links = chain_of(m).links;
    const memory_needs need = runner_memory(o.job.n, sizeof(double), "double", links, o.backend == "cuda");
    return with_memory_report(need.host, need.gpu, cuda_memory_bytes, [&] { return run(o); });
}

} // namespace bot_tool
