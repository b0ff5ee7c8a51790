/*
 boost_odeint_tiled/bench_runner.hpp

 The measurement code of `bench`, templated on the method's tableau. Include it only
 from methods/<method>.cpp: each of those instantiates run_method<Tableau> once, for
 the three reference problems and the three stepper types (tiled::explicit_rk, stock
 odeint on range_algebra, stock odeint on tiled::tbb_algebra). The four tiled entries
 (none, trapezoidal, hexagonal, automatic) share one type: the tiling is a run-time
 value.

 Stock steppers: odeint's named stepper where odeint has the method (euler,
 runge_kutta4, runge_kutta_cash_karp54, runge_kutta_dopri5, runge_kutta_fehlberg78);
 otherwise odeint's explicit_generic_rk with the tiled tableau's coefficients
 (propagating the same solution b), reported with a note.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_BENCH_RUNNER_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_BENCH_RUNNER_HPP_INCLUDED

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <boost/array.hpp>
#include <boost/fusion/container/vector.hpp>
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include "bench.hpp"
#include "timer.hpp"

namespace bot_tool {
namespace runner {

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
using state_type = std::vector<double>;

// ---- stock odeint steppers ------------------------------------------------------

template <class V, class Tableau, std::size_t I>
boost::array<V, I + 1> generic_a_row()
{
    boost::array<V, I + 1> r;
    for (std::size_t k = 0; k <= I; ++k) r[k] = Tableau::a[I + 1][k].template as<V>();
    return r;
}

//! odeint::explicit_generic_rk with the coefficients of Tableau (propagated solution b).
template <class Tableau, class Algebra>
struct generic_stock
{
    static constexpr std::size_t S = Tableau::stages;
    using type = odeint::explicit_generic_rk<S, Tableau::stepper_order, state_type, double, state_type, double, Algebra>;
    static constexpr bool named = false;

    template <std::size_t... I>
    static type make_impl(std::index_sequence<I...>)
    {
        const typename type::coef_a_type a(generic_a_row<double, Tableau, I>()...);
        boost::array<double, S> b, c;
        for (std::size_t k = 0; k < S; ++k) {
            b[k] = Tableau::b[k].template as<double>();
            c[k] = Tableau::c[k].template as<double>();
        }
        return type(a, b, c);
    }
    static type make() { return make_impl(std::make_index_sequence<S - 1>()); }
};

template <class T>
struct named_stock
{
    using type = T;
    static constexpr bool named = true;
    static type make() { return type(); }
};

template <class Tableau, class Algebra>
struct stock_stepper : generic_stock<Tableau, Algebra> {};

#define BOT_TOOL_NAMED_STOCK(NAME)                                                                                  \
    template <class Algebra>                                                                                       \
    struct stock_stepper<tiled::NAME##_tableau, Algebra>                                                           \
        : named_stock<odeint::NAME<state_type, double, state_type, double, Algebra>> {};
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

//! Runs warmup + reps·steps steps from x (t from 0); returns the median ms per step.
//! When job_steps is 0 it is set from the last warm-up step (shared by later steppers).
template <class Stepper, class Sys>
double measure(Stepper& st, Sys sys, state_type& x, double dt, const bench_job& job, std::size_t& steps,
               const std::string& label)
{
    double t = 0.0;
    progress prog(label);
    double last_warm = 0.0;
    for (int w = 0; w < std::max(job.warmup, 1); ++w) {
        stopwatch sw;
        st.do_step(sys, x, t, dt);
        t += dt;
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
        per_step.push_back(sw.seconds() / static_cast<double>(steps));
    }
    return 1e3 * median(per_step);
}

//! max_j |a_j - b_j| / max(|a_j|, 1e-300), a the reference.
inline double max_rel_diff(const state_type& a, const state_type& b)
{
    if (a.size() != b.size()) return std::numeric_limits<double>::infinity();
    double m = 0.0;
    for (std::size_t j = 0; j < a.size(); ++j) {
        const double diff = std::abs(a[j] - b[j]);
        const double r = diff / std::max(std::abs(a[j]), 1e-300);
        if (!(r <= m)) m = r;  // NaN propagates
    }
    return m;
}

template <class Tableau>
tiled::tiling tiling_for(stepper_kind k, const bench_job& job, std::size_t d)
{
    const std::size_t links = tiled::make_link_chain<Tableau, false>().links;
    auto round_up = [](std::size_t v, std::size_t q) { return (v + q - 1) / q * q; };
    switch (k) {
    case stepper_kind::none: return tiled::tiling::none();
    case stepper_kind::trapezoidal: {
        const std::size_t h = job.height ? job.height : std::max<std::size_t>(links, 1);
        const std::size_t w = job.width ? job.width : std::max<std::size_t>(8192, round_up((2 * h - 1) * d, 1024));
        return tiled::tiling::trapezoidal(w, h);
    }
    case stepper_kind::hexagonal: {
        const std::size_t h = job.height ? job.height : (links >= 4 ? 4 : 2);
        const std::size_t w = job.width ? job.width : std::max<std::size_t>(8192, (h - 1) * d);
        return tiled::tiling::hexagonal(w, h);
    }
    default: return tiled::tiling::automatic();
    }
}

template <class Tableau, class Sys>
std::vector<bench_result> run_problem(const bench_job& job, const Sys& sys, double dt)
{
    using stock_serial_t = stock_stepper<Tableau, odeint::range_algebra>;
    using stock_tbb_t = stock_stepper<Tableau, tiled::tbb_algebra>;
    const std::size_t n = sys.size();
    const std::size_t d = sys.access_distance();
    state_type x0(n);
    sys.initial_state(x0);

    std::vector<bench_result> out;
    state_type reference;
    std::string reference_name;
    std::size_t steps = job.steps;
    for (stepper_kind k : job.steppers) {
        bench_result r;
        r.stepper = k;
        r.dt = dt;
        const std::string label = job.label + " " + stepper_name(k);
        try {
            state_type x = x0;
            if (k == stepper_kind::stock_serial) {
                auto st = stock_serial_t::make();
                r.ms_per_step = measure(st, serial_system<Sys>{sys}, x, dt, job, steps, label);
                if (!stock_serial_t::named) r.note = "odeint explicit_generic_rk (no named odeint stepper)";
            } else if (k == stepper_kind::stock_tbb) {
                auto st = stock_tbb_t::make();
                r.ms_per_step = measure(st, tiled::as_odeint_system(sys), x, dt, job, steps, label);
                if (!stock_tbb_t::named) r.note = "odeint explicit_generic_rk (no named odeint stepper)";
            } else {
                tiled::explicit_rk<Tableau, state_type> st(tiling_for<Tableau>(k, job, d));
                r.ms_per_step = measure(st, sys, x, dt, job, steps, label);
                r.tiling = st.tiling().to_string();
                if (st.plan()) r.memory_volume = st.plan()->memory_volume();
            }
            r.ok = true;
            r.steps = steps;
            r.total_steps = static_cast<std::size_t>(std::max(job.warmup, 1)) + steps * static_cast<std::size_t>(job.reps);
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
        } catch (const std::exception& e) {
            r.ok = false;
            r.error = e.what();
        }
        out.push_back(std::move(r));
    }
    return out;
}

template <class Tableau>
std::vector<bench_result> run_method(const bench_job& job)
{
    namespace pb = tiled::problems;
    switch (job.problem) {
    case problem_kind::bruss2d: {
        const pb::bruss2d sys = pb::bruss2d::with_size(job.n, job.d);
        return run_problem<Tableau>(job, sys, job.dt > 0 ? job.dt : sys.suggested_dt());
    }
    case problem_kind::heat: {
        const pb::heat1d sys(job.n, 1.0);
        return run_problem<Tableau>(job, sys, job.dt > 0 ? job.dt : sys.suggested_dt());
    }
    case problem_kind::phase_chain: {
        const pb::phase_chain sys(job.n);
        return run_problem<Tableau>(job, sys, job.dt > 0 ? job.dt : 0.01);  // no hint: |df/dy| <= 4
    }
    }
    throw std::logic_error("bench: unknown problem");
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
