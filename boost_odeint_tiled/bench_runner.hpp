/*
 boost_odeint_tiled/bench_runner.hpp

 The measurement code of `bench` and `verify`, templated on the method's tableau.
 Include it only from methods/<method>.cpp: each of those instantiates
 run_method<Tableau> once, for the three reference problems and the three stepper
 types (tiled::explicit_rk, stock odeint on range_algebra, stock odeint on
 tiled::tbb_algebra), BRUSS2D also in the other forms of bench --form (form_kind).
 The tiled entries (none, trapezoidal, hexagonal, automatic and
 verify's explicit tilings) share one type: the tiling is a run-time value. For
 verify, the first step of every stepper of an embedded method can also compute the
 error estimate (bench_job::check_error).

 Every run is instantiated for double states, and for float states where
 float_built(problem) (bench_job::precision). The CUDA backend (bench_runner_cuda.hpp)
 uses the stock-stepper selection, measure(), max_rel_diff(), with_problem() and
 with_precision() from here.

 Stock steppers: odeint's named stepper where odeint has the method (euler,
 runge_kutta4, runge_kutta_cash_karp54, runge_kutta_dopri5, runge_kutta_fehlberg78);
 otherwise odeint's explicit_generic_rk (explicit_error_generic_rk for embedded
 methods) with the tiled tableau's coefficients (propagating the same solution b,
 error weights b - b_hat), reported with a note.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_BENCH_RUNNER_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_BENCH_RUNNER_HPP_INCLUDED

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/array.hpp>
#include <boost/fusion/container/vector.hpp>
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include "bench.hpp"
#include "memory.hpp"
#include "odeint_error_sums.hpp"
#include "problem_forms.hpp"
#include "timer.hpp"


namespace bot_tool {
namespace runner {

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;

// ---- stock odeint steppers ------------------------------------------------------

template <class V, class Tableau, std::size_t I>
boost::array<V, I + 1> generic_a_row()
{
    boost::array<V, I + 1> r;
    for (std::size_t k = 0; k <= I; ++k) r[k] = Tableau::a[I + 1][k].template as<V>();
    return r;
}

/*! odeint::explicit_generic_rk with the coefficients of Tableau (propagated solution b);
    for an embedded tableau odeint::explicit_error_generic_rk, whose error estimate
    weights b2 are b - b_hat (its plain step is the same generic algorithm). */
template <class Tableau, class Algebra, class Value, class State, class Operations,
          bool Embedded = tiled::is_embedded_tableau<Tableau>::value>
struct generic_stock
{
    static constexpr std::size_t S = Tableau::stages;
    using type = std::conditional_t<Embedded,
        odeint::explicit_error_generic_rk<S, Tableau::order, Tableau::stepper_order, Tableau::error_order, State,
                                          Value, State, Value, Algebra, Operations>,
        odeint::explicit_generic_rk<S, Tableau::stepper_order, State, Value, State, Value, Algebra, Operations>>;
    static constexpr bool named = false;
    static constexpr const char* note = Embedded ? "odeint explicit_error_generic_rk (no named odeint stepper)"
                                                 : "odeint explicit_generic_rk (no named odeint stepper)";

    template <std::size_t... I>
    static type make_impl(std::index_sequence<I...>)
    {
        const typename type::coef_a_type a(generic_a_row<Value, Tableau, I>()...);
        boost::array<Value, S> b, c, e;
        for (std::size_t k = 0; k < S; ++k) {
            b[k] = Tableau::b[k].template as<Value>();
            c[k] = Tableau::c[k].template as<Value>();
            e[k] = tiled::tableau_coefficients<Tableau, Value>::e[k];
        }
        if constexpr (Embedded) return type(a, b, e, c);
        else return type(a, b, c);
    }
    static type make() { return make_impl(std::make_index_sequence<S - 1>()); }
};

template <class T>
struct named_stock
{
    using type = T;
    static constexpr bool named = true;
    static constexpr const char* note = "";
    static type make() { return type(); }
};

//! The stock odeint stepper of Tableau on states of type State (values and time Value).
template <class Tableau, class Algebra, class Value = double, class State = std::vector<Value>,
          class Operations = odeint::default_operations>
struct stock_stepper : generic_stock<Tableau, Algebra, Value, State, Operations> {};

#define BOT_TOOL_NAMED_STOCK(NAME)                                                                                  \
    template <class Algebra, class Value, class State, class Operations>                                          \
    struct stock_stepper<tiled::NAME##_tableau, Algebra, Value, State, Operations>                                 \
        : named_stock<odeint::NAME<State, Value, State, Value, Algebra, Operations>> {};
BOT_TOOL_NAMED_STOCK(euler)
BOT_TOOL_NAMED_STOCK(runge_kutta4)
BOT_TOOL_NAMED_STOCK(runge_kutta_cash_karp54)
BOT_TOOL_NAMED_STOCK(runge_kutta_dopri5)
BOT_TOOL_NAMED_STOCK(runge_kutta_fehlberg78)
#undef BOT_TOOL_NAMED_STOCK

//! A LimitedAccessSystem as a whole-vector odeint system, evaluated serially (for
//! stock-serial; tiled::as_odeint_system evaluates on TBB).
template <class Sys>
struct serial_system
{
    Sys sys;
    template <class X, class D, class T>
    void operator()(const X& x, D& dxdt, T t) const
    {
        const std::size_t n = x.size();
        for (std::size_t j = 0; j < n; ++j) dxdt[j] = sys(j, x, t);
    }
};

// ---- measurement ----------------------------------------------------------------

//! measure()'s hook before each reading of the stopwatch: nothing on the host, where
//! a step is done when do_step returns (the CUDA backend waits for the GPU).
struct host_sync
{
    void operator()() const {}
};

//! Runs warmup + reps·steps steps from (x, t); returns the median ms per step and
//! adds the steps made to `made`. When `steps` is 0 it is set from the last warm-up
//! step (and shared by later steppers).
template <class Stepper, class Sys, class State, class Time, class Sync = host_sync>
double measure(Stepper& st, Sys sys, State& x, Time& t, const Time dt, const bench_job& job, std::size_t& steps,
               std::size_t& made, progress& prog, Sync sync = Sync())
{
    double last_warm = 0.0;
    const int warmup = std::max(job.warmup, steps == 0 ? 1 : 0);
    sync();
    for (int w = 0; w < warmup; ++w) {
        stopwatch sw;
        st.do_step(sys, x, t, dt);
        t += dt;
        sync();
        last_warm = sw.seconds();
    }
    if (steps == 0) {
        const double want = job.target_seconds / std::max(last_warm, 1e-7);
        steps = static_cast<std::size_t>(std::min(100000.0, std::max(3.0, std::ceil(want))));
    }
    std::vector<double> per_step;
    for (int r = 0; r < job.reps; ++r) {
        stopwatch sw;
        for (std::size_t s = 0; s < steps; ++s) {
            st.do_step(sys, x, t, dt);
            t += dt;
            prog.update(r + 1, job.reps, static_cast<long>(s + 1), static_cast<long>(steps));
        }
        sync();
        per_step.push_back(sw.seconds() / static_cast<double>(steps));
    }
    made += static_cast<std::size_t>(warmup) + steps * static_cast<std::size_t>(job.reps);
    return 1e3 * median(per_step);
}

//! max_j |a_j - b_j| / max_j |a_j|, a the reference: for error estimates, whose
//! components may be tiny where the solution is smooth.
template <class V>
double max_scaled_diff(const std::vector<V>& a, const std::vector<V>& b)
{
    if (a.size() != b.size()) return std::numeric_limits<double>::infinity();
    double scale = 0.0, m = 0.0;
    for (std::size_t j = 0; j < a.size(); ++j) {
        scale = std::max(scale, std::abs(double(a[j])));
        const double diff = std::abs(double(a[j]) - double(b[j]));
        if (!(diff <= m)) m = diff;  // NaN propagates
    }
    return scale > 0.0 ? m / scale : m;
}

//! max_j |a_j - b_j| / max(|a_j|, 1e-300), a the reference.
template <class V>
double max_rel_diff(const std::vector<V>& a, const std::vector<V>& b)
{
    if (a.size() != b.size()) return std::numeric_limits<double>::infinity();
    double m = 0.0;
    for (std::size_t j = 0; j < a.size(); ++j) {
        const double diff = std::abs(double(a[j]) - double(b[j]));
        const double r = diff / std::max(std::abs(double(a[j])), 1e-300);
        if (!(r <= m)) m = r;  // NaN propagates
    }
    return m;
}

template <class Tableau>
tiled::tiling tiling_for(stepper_kind k, const bench_job& job, std::size_t d)
{
    return default_tiling(k, d, tiled::make_link_chain<Tableau, false>().links, job.width, job.height);
}

//! For `tuned`: where automatic() got its tiling, " (tuning cache)" or " (model: no cache entry)".
template <class Tableau, class Value = double>
std::string tuned_origin(const tiled::tiling& used, std::size_t n, std::size_t d)
{
    const auto cached = tiled::find_tuned_tiling("tbb", tiled::tbb_device_name, tiled::make_link_chain<Tableau, false>(),
                                                 n, d, sizeof(Value));
    return cached && *cached == used ? " (tuning cache)" : " (model: no cache entry)";
}

/*! The distance the steppers plan with: a periodic system's cyclic_access_distance()
    (ring plans), else its access_distance(); default tilings and verify's explicit
    ones are sized by it. */
template <class Sys>
std::size_t planning_distance(const Sys& sys)
{
    if constexpr (tiled::detail::has_cyclic_access_distance<Sys>::value)
        return static_cast<std::size_t>(sys.cyclic_access_distance());
    else
        return static_cast<std::size_t>(sys.access_distance());
}

inline stepper_kind kind_of(const tiled::tiling& t)
{
    switch (t.kind()) {
    case tiled::tiling::scheme::none: return stepper_kind::none;
    case tiled::tiling::scheme::trapezoidal: return stepper_kind::trapezoidal;
    case tiled::tiling::scheme::hexagonal: return stepper_kind::hexagonal;
    case tiled::tiling::scheme::overlapped: return stepper_kind::overlapped;
    default: return stepper_kind::automatic;
    }
}

/*! Every stepper of the job on system `sys`, from `problem`'s initial state (the
    reference form of the same problem: the forms share their state, and a form that
    is only a per-component operator() has no initial state of its own). */
template <class Tableau, class Value, class Sys, class Problem>
std::vector<bench_result> run_problem(const bench_job& job, const Sys& sys, const Problem& problem, double dt_requested)
{
    constexpr bool embedded = tiled::is_embedded_tableau<Tableau>::value;
    using state_type = std::vector<Value>;
    using stock_serial_t = stock_stepper<Tableau, odeint::range_algebra, Value>;
    using stock_tbb_t = stock_stepper<Tableau, tiled::tbb_algebra, Value>;
    const Value dt = static_cast<Value>(dt_requested);  // time is Value too
    const std::size_t n = problem.size();
    const std::size_t d = planning_distance(sys);
    state_type x0(n);
    problem.initial_state(x0);

    std::vector<tiled::tiling> explicit_tilings;
    if (job.tilings) {
        tiling_context ctx;
        ctx.n = n;
        ctx.d = d;
        ctx.links = tiled::make_link_chain<Tableau, false>().links;
        ctx.error_links = embedded ? tiled::make_link_chain<Tableau, embedded>().links : 0;
        ctx.ring = tiled::detail::has_cyclic_access_distance<Sys>::value;
        explicit_tilings = job.tilings(ctx);
    }
    // verify's error check runs in double only: not instantiating it for float keeps the
    // methods/<method>.cpp compiles short (dopri5.cpp: 46 -> 32 s of CPU)
    constexpr bool error_check = embedded && std::is_same<Value, double>::value;
    const bool with_error = error_check && job.check_error;

    std::vector<bench_result> out;
    state_type reference, reference_err;
    std::string reference_name;
    // check_error: the error estimate every stepper's first step is compared with is
    // odeint's explicit_error_generic_rk with the tableau's own b - b_hat. Not the named
    // odeint steppers': they round their error weights their own way, which the
    // cancelling sum magnifies far beyond the rounding of the state (2e-9 relative for
    // cash_karp54 on bruss2d at d = 2).
    if constexpr (error_check) {
        if (with_error) {
            using generic_t = generic_stock<Tableau, odeint::range_algebra, Value, state_type, odeint::default_operations, true>;
            auto st = generic_t::make();
            state_type x = x0;
            reference_err.assign(n, Value(0));
            st.do_step(serial_system<Sys>{sys}, x, Value(0), dt, reference_err);
        }
    }
    std::size_t steps = job.steps;
    for (std::size_t i = 0; i < job.steppers.size() + explicit_tilings.size(); ++i) {
        const tiled::tiling* requested = i < job.steppers.size() ? nullptr : &explicit_tilings[i - job.steppers.size()];
        const stepper_kind k = requested ? kind_of(*requested) : job.steppers[i];
        bench_result r;
        r.stepper = k;
        r.dt = dt;
        if (requested) {
            r.requested = requested->to_string();
            // none()'s width (its pass chunk) is not part of its printed form
            if (k == stepper_kind::none && requested->width()) r.requested += " width=" + std::to_string(requested->width());
        }
        progress prog(job.label + " " + (requested ? r.requested : std::string(stepper_name(k))));
        try {
            state_type x = x0, err;
            Value t = 0;
            std::size_t made = 0;
            // check_error: the first warm-up step computes the error estimate too
            auto run = [&](auto& st, const auto& system) {
                if constexpr (error_check) {
                    if (with_error) {
                        err.assign(n, 0.0);
                        st.do_step(system, x, t, dt, err);
                        t += dt;
                        ++made;
                        bench_job rest = job;
                        rest.warmup = std::max(0, job.warmup - 1);
                        return measure(st, system, x, t, dt, rest, steps, made, prog);
                    }
                }
                return measure(st, system, x, t, dt, job, steps, made, prog);
            };
            if (k == stepper_kind::stock_serial) {
                auto st = stock_serial_t::make();
                r.ms_per_step = run(st, serial_system<Sys>{sys});
                r.note = stock_serial_t::note;
            } else if (k == stepper_kind::stock_tbb) {
                auto st = stock_tbb_t::make();
                r.ms_per_step = run(st, tiled::as_odeint_system(sys));
                r.note = stock_tbb_t::note;
            } else {
                tiled::explicit_rk<Tableau, state_type, Value> st(requested ? *requested : tiling_for<Tableau>(k, job, d));
                r.ms_per_step = run(st, sys);
                r.tiling = st.tiling().to_string();
                r.tiling_text = tiled::format_tiling_text(st.tiling());
                r.tuning_device = tiled::tbb_device_name();
                if (!requested && k == stepper_kind::tuned) r.tiling += tuned_origin<Tableau, Value>(st.tiling(), n, d);
                if (st.plan()) r.memory_volume = st.plan()->memory_volume();
            }
            r.ok = true;
            r.steps = steps;
            r.total_steps = made;
            const bool finite = std::all_of(x.begin(), x.end(), [](double v) { return std::isfinite(v); });
            if (reference_name.empty() && is_stock(k)) {
                if (!finite)
                    throw std::runtime_error("the state is not finite after " + std::to_string(r.total_steps) +
                                             " steps: dt = " + std::to_string(dt) + " is unstable here (try --dt)");
                reference = std::move(x);
                reference_name = stepper_name(k);
                r.max_rel_diff = 0.0;
                r.reference = reference_name;
            } else if (!reference_name.empty()) {
                r.max_rel_diff = max_rel_diff(reference, x);
                r.reference = reference_name;
            }
            if (with_error) r.max_err_diff = max_scaled_diff(reference_err, err);
        } catch (const std::exception& e) {
            rethrow_if_out_of_memory(e);
            r.ok = false;
            r.error = e.what();
        }
        out.push_back(std::move(r));
    }
    return out;
}

//! Only BRUSS2D has forms other than its reference form (bench --form).
inline void check_form_of(const bench_job& job)
{
    if (job.problem != problem_kind::bruss2d && job.form != form_kind::reference)
        throw std::invalid_argument(std::string("bench: only bruss2d has forms other than reference, not form ") +
                                    form_name(job.form));
}

/*! f(sys, sys, dt) for the job's periodic problem (lorenz96), as with_problem. The
    CUDA backend instantiates it in translation units of its own
    (methods_cuda/periodic/<method>.cu), beside the other problems' (with_problem with
    Periodic = false), so that nvcc compiles the two in parallel. */
template <class F>
std::vector<bench_result> with_periodic_problem(const bench_job& job, F&& f)
{
    if (job.problem != problem_kind::lorenz96)
        throw std::logic_error("bench: the periodic runner was given a problem that is not periodic");
    check_form_of(job);
    const tiled::problems::lorenz96 sys(job.n);
    return f(sys, sys, job.dt > 0 ? job.dt : sys.suggested_dt());
}

/*! f(sys, problem, dt) for the job's reference problem in the job's form (`sys`),
    its reference form (`problem`: size and initial state) and step (job.dt, else the
    problem's hint); shared by both backends. AllForms = false builds BRUSS2D's
    reference form only, and asking for another throws; Periodic = false leaves out
    lorenz96 (the CUDA backend runs it through with_periodic_problem instead). */
template <bool AllForms = true, bool Periodic = true, class F>
std::vector<bench_result> with_problem(const bench_job& job, F&& f)
{
    namespace pb = tiled::problems;
    check_form_of(job);
    switch (job.problem) {
    case problem_kind::bruss2d: {
        const pb::bruss2d reference = pb::bruss2d::with_size(job.n, job.d);
        const double dt = job.dt > 0 ? job.dt : reference.suggested_dt();
        if constexpr (AllForms) {
            switch (job.form) {
            case form_kind::reference: break;
            case form_kind::grid: return f(pb::grid_bruss2d::with_size(job.n, job.d), reference, dt);
            case form_kind::component:
                return f(component_form<pb::grid_bruss2d>{pb::grid_bruss2d::with_size(job.n, job.d)}, reference, dt);
            case form_kind::plain: return f(pb::plain_bruss2d::with_size(job.n, job.d), reference, dt);
            }
        } else if (job.form != form_kind::reference) {
            throw std::invalid_argument(std::string("bench: this method is built with the reference form only, not ") +
                                        form_name(job.form));
        }
        return f(reference, reference, dt);
    }
    case problem_kind::heat: {
        const pb::heat1d sys(job.n, 1.0);
        return f(sys, sys, job.dt > 0 ? job.dt : sys.suggested_dt());
    }
    case problem_kind::phase_chain: {
        const pb::phase_chain sys(job.n);
        return f(sys, sys, job.dt > 0 ? job.dt : 0.01);  // no hint: |df/dy| <= 4
    }
    case problem_kind::lorenz96: {
        if constexpr (Periodic) return with_periodic_problem(job, f);
        else throw std::logic_error("bench: this runner is not built for the periodic problem (lorenz96)");
    }
    }
    throw std::logic_error("bench: unknown problem");
}

//! The systems run in float (float_built() and form_built_in() in bench.hpp): BRUSS2D's reference form.
template <class Sys> constexpr bool runs_in_float() { return std::is_same<Sys, tiled::problems::bruss2d>::value; }

//! f(Value()) with Value the job's precision; float is instantiated only for the
//! systems runs_in_float() names, and asked for elsewhere it throws.
template <class Sys, class F>
std::vector<bench_result> with_precision(const bench_job& job, F&& f)
{
    if (job.precision == precision_kind::fp32) {
        if constexpr (runs_in_float<Sys>()) return f(float());
        else throw std::invalid_argument("bench: this build runs float for the reference form of bruss2d only");
    }
    return f(double());
}

//! The job on the TBB backend; AllForms: see with_problem.
template <class Tableau, bool AllForms = true>
std::vector<bench_result> run_method(const bench_job& job)
{
    return with_problem<AllForms>(job, [&](const auto& sys, const auto& problem, double dt) {
        using sys_type = std::decay_t<decltype(sys)>;
        return with_precision<sys_type>(job, [&](auto value) {
            return run_problem<Tableau, decltype(value), sys_type>(job, sys, problem, dt);
        });
    });
}

} // namespace runner
} // namespace bot_tool

//! Defines bot_tool::bench_<FN>(job) as run_method<tiled::<TABLEAU>>.
#define BOT_TOOL_DEFINE_METHOD(FN, TABLEAU)                                                                         \
    std::vector<bot_tool::bench_result> bot_tool::bench_##FN(const bot_tool::bench_job& job)                     \
    {                                                                                                              \
        return bot_tool::runner::run_method<boost::numeric::odeint::tiled::TABLEAU>(job);                          \
    }

#endif // BOOST_ODEINT_TILED_TOOL_BENCH_RUNNER_HPP_INCLUDED
