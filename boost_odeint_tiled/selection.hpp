/*
 boost_odeint_tiled/selection.hpp

 What a subcommand runs on, shared by bench, verify and tune so that they read the
 same names and pick the same step sizes: the reference problem (--problem), the
 methods (--methods), the access distances bruss2d accepts (--d), and each
 problem's default step size.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_SELECTION_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_SELECTION_HPP_INCLUDED

#include <algorithm>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include "bench.hpp"
#include "options.hpp"

namespace bot_tool {

//! "bruss2d", "heat" (or "heat1d"), "phase-chain" (or "phase_chain"), "lorenz96" (or
//! "lorenz-96"); `name` gets the canonical spelling.
inline problem_kind parse_problem(const std::string& p, std::string& name)
{
    if (p == "bruss2d") { name = "bruss2d"; return problem_kind::bruss2d; }
    if (p == "heat" || p == "heat1d") { name = "heat"; return problem_kind::heat; }
    if (p == "phase-chain" || p == "phase_chain") { name = "phase-chain"; return problem_kind::phase_chain; }
    if (p == "lorenz96" || p == "lorenz-96") { name = "lorenz96"; return problem_kind::lorenz96; }
    throw usage_error("--problem: unknown problem '" + p + "' (bruss2d, heat, phase-chain, lorenz96)");
}

//! The forms of --form, in the order of bench --help.
constexpr form_kind all_forms[] = {form_kind::reference, form_kind::grid, form_kind::component, form_kind::plain};

//! A --form list ("reference", "grid", "component", "plain", or "all"); in the order
//! given, duplicates dropped.
inline std::vector<form_kind> parse_forms(const std::string& text)
{
    std::vector<form_kind> out;
    auto add = [&](form_kind f) {
        if (std::find(out.begin(), out.end(), f) == out.end()) out.push_back(f);
    };
    for (const std::string& s : split_list(text, "--form")) {
        bool found = false;
        for (form_kind f : all_forms)
            if (s == "all" || s == form_name(f)) {
                add(f);
                found = true;
            }
        if (!found) throw usage_error("--form: unknown form '" + s + "' (reference, grid, component, plain, all)");
    }
    return out;
}

//! Whether output names each result's form: not when bruss2d runs in its reference
//! form alone (every problem's only form), so that output reads as it did before forms.
inline bool names_forms(const std::vector<form_kind>& forms)
{
    return !(forms.size() == 1 && forms.front() == form_kind::reference);
}

/*! --form against the rest of the command line: forms are BRUSS2D's, the
    non-reference ones run in double only, and on the GPU only for the methods built
    with them (method_entry::cuda_forms). */
inline void check_forms(const std::vector<form_kind>& forms, bool form_given, problem_kind problem,
                        const std::string& problem_name, bool float_states, bool cuda,
                        const std::vector<const method_entry*>& methods)
{
    if (form_given && problem != problem_kind::bruss2d)
        throw usage_error("--form: only --problem bruss2d is written in several forms; " + problem_name +
                          " has one (leave out --form)");
    for (form_kind f : forms) {
        if (f == form_kind::reference) continue;
        if (!form_built_in(f, float_states))
            throw usage_error(std::string("--form ") + form_name(f) +
                              ": the non-reference forms are built for double states only (to keep the tool's compile "
                              "time down); use --precision double, or --form reference for float");
        if (!cuda) continue;
        for (const method_entry* m : methods)
            if (!m->cuda_forms) {
                std::string built;
                for (const method_entry& e : method_table())
                    if (e.cuda_forms) built += (built.empty() ? "" : ", ") + std::string(e.name);
                throw usage_error(std::string("--form ") + form_name(f) + " --backend cuda: the CUDA build has the " +
                                  "non-reference forms for " + built + " only (each form is another instantiation " +
                                  "of the CUDA kernels, which nvcc is slow to compile), not for " + m->name +
                                  "; use --form reference for it");
            }
    }
}

//! A --methods list: command-line names (rk4) or tiled names (runge_kutta4), or
//! "all"; in the order given, duplicates dropped.
inline std::vector<const method_entry*> parse_methods(const std::string& text)
{
    std::vector<const method_entry*> out;
    auto add = [&](const method_entry* m) {
        if (std::find(out.begin(), out.end(), m) == out.end()) out.push_back(m);
    };
    for (const std::string& s : split_list(text, "--methods")) {
        if (s == "all") {
            for (const method_entry& m : method_table()) add(&m);
            continue;
        }
        const method_entry* found = nullptr;
        for (const method_entry& m : method_table())
            if (s == m.name || s == m.tiled_name) found = &m;
        if (!found) {
            std::string names;
            for (const method_entry& m : method_table()) names += (names.empty() ? "" : ", ") + std::string(m.name);
            throw usage_error("--methods: unknown method '" + s + "' (" + names + ", all)");
        }
        add(found);
    }
    return out;
}

/*! The options bench, verify and tune share: --problem, --n, --d and --methods, read
    into the same-named fields of their option structs (problem, problem_name, n,
    d_list, d_given, methods). Returns false, reading nothing, for any other option. */
template <class Options>
bool parse_selection_option(const std::string& opt, arg_reader& in, Options& o, bool& methods_given)
{
    if (opt == "--problem") {
        o.problem = parse_problem(in.value(), o.problem_name);
    } else if (opt == "--n") {
        o.n = parse_size(in.value(), "--n");
        if (o.n == 0) throw usage_error("--n: needs at least one component");
    } else if (opt == "--d") {
        o.d_list.clear();
        for (const std::string& s : split_list(in.value(), "--d")) o.d_list.push_back(parse_size(s, "--d"));
        o.d_given = true;
    } else if (opt == "--methods") {
        methods_given = true;
        o.methods = parse_methods(in.value());
    } else {
        return false;
    }
    return true;
}

//! bruss2d::with_size(n, d) needs an even d >= 2 that divides n.
inline void check_bruss2d_sizes(std::size_t n, const std::vector<std::size_t>& d_list)
{
    for (std::size_t d : d_list)
        if (d < 2 || d % 2 != 0 || n % d != 0)
            throw usage_error("--d " + std::to_string(d) + ": bruss2d needs an even d >= 2 that divides n = " +
                              std::to_string(n));
}

//! bruss2d's suggested_dt() (h·8D <= 1.25) ignores the reaction term, which dominates
//! for small x_max: with it every method blows up within a few steps at d <= 32 (RK4
//! at d <= 8). Capped at 0.05, all nine methods are stable at every d.
constexpr double bruss2d_dt_cap = 0.05;

//! The fixed step size of a problem when --dt is not given; `how` says where it came from.
inline double default_step_size(problem_kind problem, std::size_t n, std::size_t d, std::string& how)
{
    namespace pb = boost::numeric::odeint::tiled::problems;
    switch (problem) {
    case problem_kind::bruss2d: {
        const double s = pb::bruss2d::with_size(n, d).suggested_dt();
        if (s <= bruss2d_dt_cap) { how = "bruss2d::suggested_dt()"; return s; }
        char buf[160];
        std::snprintf(buf, sizeof buf, "suggested_dt() = %.4g capped at %g for stability", s, bruss2d_dt_cap);
        how = buf;
        return bruss2d_dt_cap;
    }
    case problem_kind::heat: how = "heat1d(n, k = 1).suggested_dt()"; return pb::heat1d(n, 1.0).suggested_dt();
    case problem_kind::phase_chain: how = "fixed"; return 0.01;
    case problem_kind::lorenz96: how = "lorenz96::suggested_dt()"; return pb::lorenz96(n).suggested_dt();
    }
    return 0.01;
}

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_SELECTION_HPP_INCLUDED
