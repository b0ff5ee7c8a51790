/*
 boost_odeint_tiled/adaptive_runner.hpp

 The measurement of `boost_odeint_tiled adaptive`, templated on a backend (its state
 type, stock algebra, copies to and from the host, and how to wait for it). Include
 it only from adaptive_tbb.cpp and adaptive_cuda.cu: each instantiates run_adaptive
 once for its backend.

 For the chosen method, BRUSS2D (bruss2d::with_size(n, d)) is integrated from t = 0
 to t_end with integrate_adaptive by two controllers with abs = rel = tol:

   tiled   odeint::make_controlled(tol, tol, tiled::<method><State>()): the plugin's
           controlled_explicit_rk, error norm fused into the step
   stock   odeint::controlled_runge_kutta around odeint's stepper for the method on
           the backend's stock algebra (odeint's named stepper where odeint has one,
           else explicit_error_generic_rk with the tableau's coefficients),
           default_error_checker and default_step_adjuster

 Each runs one untimed integration (plans, buffers, threads, kernels), then `reps`
 timed ones from the same initial state; the median wall time is reported, with
 the accepted and rejected tries (the same in every integration) and, at the end,
 the largest relative difference of the two final states.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_ADAPTIVE_RUNNER_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_ADAPTIVE_RUNNER_HPP_INCLUDED

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <exception>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include <boost/array.hpp>
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include "adaptive.hpp"
#include "memory.hpp"
#include "odeint_error_sums.hpp"
#include "timer.hpp"

// odeint_error_sums.hpp gives odeint's explicit_error_generic_rk the error sums of 7
// and 8 stages it lacks, so the generic stock Verner 5(6) can estimate its error too.

namespace bot_tool {
namespace adaptive_bench {

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
using host_state = std::vector<double>;

//! A ControlledStepper that forwards to *ctl and counts its tries; cheap to copy, as
//! odeint's integrate functions take steppers by value (a stock controller's copy
//! would copy its state-sized buffers).
template <class Ctl>
struct counting_controller
{
    using stepper_category = odeint::controlled_stepper_tag;
    using state_type = typename Ctl::state_type;
    using deriv_type = typename Ctl::deriv_type;
    using value_type = typename Ctl::value_type;
    using time_type = typename Ctl::time_type;

    Ctl* ctl;
    std::size_t* accepted;
    std::size_t* rejected;

    template <class System, class State>
    odeint::controlled_step_result try_step(System sys, State& x, time_type& t, time_type& dt)
    {
        const odeint::controlled_step_result r = ctl->try_step(sys, x, t, dt);
        ++*(r == odeint::success ? accepted : rejected);
        return r;
    }
};

//! odeint's FSAL controller keeps the last derivative: reset() before a new integration.
template <class T, class = void>
struct has_reset : std::false_type {};
template <class T>
struct has_reset<T, std::void_t<decltype(std::declval<T&>().reset())>> : std::true_type {};

/*! One warm-up and job.reps timed integrate_adaptive runs of `ctl` from x0 over
    [0, job.t_end]; the final state of the last run goes to `final_state`. */
template <class Backend, class Ctl, class System>
void time_integrations(Ctl& ctl, const System& sys, const adaptive_job& job, const host_state& x0, adaptive_run& run,
                       host_state& final_state)
{
    using state_type = typename Backend::state_type;
    std::vector<double> ms;
    for (int r = 0; r <= job.reps; ++r)
    {
        state_type x = Backend::from_host(x0);
        std::size_t accepted = 0, rejected = 0;
        if constexpr (has_reset<Ctl>::value) ctl.reset();
        Backend::synchronize();
        stopwatch sw;
        odeint::integrate_adaptive(counting_controller<Ctl>{&ctl, &accepted, &rejected}, sys, x, 0.0, job.t_end, job.dt0);
        Backend::synchronize();
        const double elapsed = 1e3 * sw.seconds();
        if (r == 0)
        {
            run.accepted = accepted;
            run.rejected = rejected;
        }
        else
        {
            ms.push_back(elapsed);
            run.reproducible = run.reproducible && accepted == run.accepted && rejected == run.rejected;
        }
        if (r == job.reps) final_state = Backend::to_host(x);
    }
    run.total_ms = median(ms);
    run.min_total_ms = *std::min_element(ms.begin(), ms.end());
    run.ok = true;
}

template <class V, class Tableau, std::size_t I>
boost::array<V, I + 1> generic_a_row()
{
    boost::array<V, I + 1> r;
    for (std::size_t k = 0; k <= I; ++k) r[k] = Tableau::a[I + 1][k].template as<V>();
    return r;
}

//! odeint::explicit_error_generic_rk with the coefficients of Tableau (solution b, error weights b - b_hat).
template <class Tableau, class State, class Algebra, class Operations>
struct generic_error_stock
{
    static constexpr std::size_t S = Tableau::stages;
    using type = odeint::explicit_error_generic_rk<S, Tableau::order, Tableau::stepper_order, Tableau::error_order, State,
                                                   double, State, double, Algebra, Operations>;
    static constexpr bool named = false;
    static constexpr const char* note = "odeint has no stepper for the method: explicit_error_generic_rk with its "
                                        "coefficients (no FSAL reuse)";

    template <std::size_t... I>
    static type make_impl(std::index_sequence<I...>)
    {
        const typename type::coef_a_type a(generic_a_row<double, Tableau, I>()...);
        boost::array<double, S> b, c, e;
        for (std::size_t k = 0; k < S; ++k)
        {
            b[k] = Tableau::b[k].template as<double>();
            c[k] = Tableau::c[k].template as<double>();
            e[k] = tiled::tableau_coefficients<Tableau, double>::e[k];
        }
        return type(a, b, e, c);
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

//! odeint's error stepper for Tableau on the backend's stock algebra.
template <class Tableau, class State, class Algebra, class Operations>
struct stock_for : generic_error_stock<Tableau, State, Algebra, Operations> {};
template <class State, class Algebra, class Operations>
struct stock_for<tiled::runge_kutta_dopri5_tableau, State, Algebra, Operations>
    : named_stock<odeint::runge_kutta_dopri5<State, double, State, double, Algebra, Operations>> {};
template <class State, class Algebra, class Operations>
struct stock_for<tiled::runge_kutta_cash_karp54_tableau, State, Algebra, Operations>
    : named_stock<odeint::runge_kutta_cash_karp54<State, double, State, double, Algebra, Operations>> {};
template <class State, class Algebra, class Operations>
struct stock_for<tiled::runge_kutta_fehlberg78_tableau, State, Algebra, Operations>
    : named_stock<odeint::runge_kutta_fehlberg78<State, double, State, double, Algebra, Operations>> {};

inline double max_rel_diff(const host_state& a, const host_state& ref)
{
    double m = 0.0;
    for (std::size_t j = 0; j < a.size() && j < ref.size(); ++j)
        m = std::max(m, std::abs(a[j] - ref[j]) / std::max(std::abs(ref[j]), 1e-300));
    return a.size() == ref.size() ? m : std::numeric_limits<double>::infinity();
}

/*! The tiled and the stock controller for one tableau on one backend. Backend
    provides state_type, algebra_type, operations_type, from_host, to_host,
    synchronize, stock_system(problem) (odeint's whole-vector form of the problem),
    stock_algebra() (what the stock stepper runs on, in words) and device(). */
template <class Backend, class Tableau>
adaptive_result run_tableau(const adaptive_job& job)
{
    using state_type = typename Backend::state_type;
    using algebra_type = typename Backend::algebra_type;
    using operations_type = typename Backend::operations_type;
    const auto p = tiled::problems::bruss2d::with_size(job.n, job.d);
    host_state x0(p.size());
    p.initial_state(x0);

    adaptive_result res;
    res.device = Backend::device();
    host_state tiled_final, stock_final;
    res.tiled.name = "tiled::controlled_explicit_rk";
    res.tiled.note = "error norm fused into the step";
    try
    {
        tiled::explicit_rk<Tableau, state_type> stepper;
        auto ctl = odeint::make_controlled(job.tol, job.tol, stepper);
        ctl.reuse_last_derivative(job.reuse_last_derivative);
        time_integrations<Backend>(ctl, p, job, x0, res.tiled, tiled_final);
        res.tiled.stepper = std::string("tiled::") + Tableau::name + ", " + ctl.stepper().tiling().to_string() +
                            (ctl.reuses_last_derivative() ? ", reusing the last derivative" : "");
    }
    catch (const std::exception& e)
    {
        rethrow_if_out_of_memory(e);
        res.tiled.error = e.what();
    }

    using stock = stock_for<Tableau, state_type, algebra_type, operations_type>;
    using stock_stepper = typename stock::type;
    res.stock.name = "odeint::controlled_runge_kutta";
    res.stock.note = stock::note;
    try
    {
        using checker = odeint::default_error_checker<double, algebra_type, operations_type>;
        odeint::controlled_runge_kutta<stock_stepper, checker> ctl(checker(job.tol, job.tol),
                                                                   odeint::default_step_adjuster<double, double>(),
                                                                   stock::make());
        time_integrations<Backend>(ctl, Backend::stock_system(p), job, x0, res.stock, stock_final);
        res.stock.stepper = (stock::named ? std::string("odeint::") + Tableau::name
                                          : std::string("odeint::explicit_error_generic_rk (") + Tableau::name + ")") +
                            ", " + Backend::stock_algebra();
    }
    catch (const std::exception& e)
    {
        rethrow_if_out_of_memory(e);
        res.stock.error = e.what();
    }
    if (res.tiled.ok && res.stock.ok) res.max_rel_diff = max_rel_diff(tiled_final, stock_final);
    return res;
}

//! The methods `adaptive` knows, by command-line name.
template <class Backend>
adaptive_result run_adaptive(const adaptive_job& job)
{
    if (job.method == "dopri5") return run_tableau<Backend, tiled::runge_kutta_dopri5_tableau>(job);
    if (job.method == "cash-karp54") return run_tableau<Backend, tiled::runge_kutta_cash_karp54_tableau>(job);
    if (job.method == "bogacki-shampine32") return run_tableau<Backend, tiled::runge_kutta_bogacki_shampine32_tableau>(job);
    if (job.method == "verner56") return run_tableau<Backend, tiled::runge_kutta_verner56_tableau>(job);
    if (job.method == "fehlberg78") return run_tableau<Backend, tiled::runge_kutta_fehlberg78_tableau>(job);
    throw std::invalid_argument("unknown method '" + job.method + "'");
}

} // namespace adaptive_bench
} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_ADAPTIVE_RUNNER_HPP_INCLUDED
