/*
 test/adaptive/adaptive_common.hpp

 Shared by the tests in test/adaptive: a controlled stepper wrapper that logs every
 try_step (time, step size, result), odeint's controlled steppers on the same
 problems, comparison helpers, and the component ranges of the fused error norm with
 odeint's norm over a range (also used by test/cuda/adaptive.cu).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_ADAPTIVE_COMMON_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_ADAPTIVE_COMMON_HPP_INCLUDED

#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace adaptive {

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
namespace problems = boost::numeric::odeint::tiled::problems;

using state = std::vector<double>;

struct try_record
{
    double t, dt;  // after the try
    bool accepted;
};

//! A ControlledStepper that forwards to *ctl and logs each try.
//! A ControlledStepper of Ctl's state type (host or device) that forwards to *ctl and
//! logs each try.
template <class Ctl>
struct logging_controlled
{
    using stepper_category = odeint::controlled_stepper_tag;
    using state_type = typename Ctl::state_type;
    using deriv_type = typename Ctl::deriv_type;
    using value_type = double;
    using time_type = double;

    Ctl* ctl;
    std::vector<try_record>* log;

    template <class System, class State>
    odeint::controlled_step_result try_step(System sys, State& x, double& t, double& dt)
    {
        const odeint::controlled_step_result r = ctl->try_step(sys, x, t, dt);
        log->push_back({t, dt, r == odeint::success});
        return r;
    }
};

template <class Ctl>
logging_controlled<Ctl> logging(Ctl& c, std::vector<try_record>& log)
{
    return logging_controlled<Ctl>{&c, &log};
}

inline std::size_t rejected(const std::vector<try_record>& log)
{
    return std::size_t(std::count_if(log.begin(), log.end(), [](const try_record& r) { return !r.accepted; }));
}

inline double max_rel_diff(const state& a, const state& b)
{
    BOOST_REQUIRE_EQUAL(a.size(), b.size());
    double m = 0.0;
    for (std::size_t j = 0; j < a.size(); ++j)
        m = std::max(m, std::abs(a[j] - b[j]) / std::max(std::abs(b[j]), 1e-300));
    return m;
}

inline double rel(double a, double b) { return std::abs(a - b) / std::max(std::abs(b), 1e-300); }

//! Same accept/reject pattern; times and step sizes equal to `tol` relative to the
//! time scale max(|t|, |dt|) (a step clamped to an observation time may be tiny, and
//! its relative difference large, while both runs are as close as elsewhere).
inline void require_same_sequence(const std::vector<try_record>& a, const std::vector<try_record>& b, double tol)
{
    BOOST_REQUIRE_EQUAL(a.size(), b.size());
    for (std::size_t i = 0; i < a.size(); ++i)
    {
        const double scale = std::max({std::abs(b[i].t), std::abs(b[i].dt), 1e-300});
        BOOST_REQUIRE_MESSAGE(a[i].accepted == b[i].accepted, "try " << i << " accepted " << a[i].accepted << " vs " << b[i].accepted);
        BOOST_REQUIRE_MESSAGE(std::abs(a[i].t - b[i].t) <= tol * scale, "try " << i << ": t " << a[i].t << " vs " << b[i].t);
        BOOST_REQUIRE_MESSAGE(std::abs(a[i].dt - b[i].dt) <= tol * scale, "try " << i << ": dt " << a[i].dt << " vs " << b[i].dt);
    }
}

template <class Problem>
state initial_state(const Problem& p)
{
    state x(p.size());
    p.initial_state(x);
    return x;
}

//! Calls f(name, problem, t_end) for the reference problems, small sizes.
template <class F>
void for_each_problem(F&& f)
{
    {
        const problems::heat1d p(400, 1.0);
        f("heat1d n=400", p, 2.0);
    }
    {
        const problems::bruss2d p(8, 6);  // n = 96, d = 16
        f("bruss2d 8x6", p, 1.0);
    }
    {
        const problems::phase_chain p(300);
        f("phase_chain n=300", p, 5.0);
    }
}

//! A component range of the fused error norm (error_norm_params::norm_first/last): [first, last).
struct norm_range
{
    std::size_t first, last;
};

//! Whole state (default and explicit), a head, a tail, a middle part, one component,
//! empty ranges (inside the state and past its end), and one that runs past the end.
inline std::vector<norm_range> norm_ranges(std::size_t n)
{
    const std::size_t k = n / 3, m = n - n / 4, one = std::min(m, n - 1);
    return {{0, std::size_t(-1)}, {0, n}, {0, k}, {k, n}, {k, m}, {one, one + 1}, {k, k}, {n, n + 5}, {k, n + 50}};
}

/*! odeint's error norm (fused_error_checker::error) of the error vector `err` over the
    components [first, last) of the state, and the flags the fused norm sets over them. */
inline tiled::error_norm_block<double> norm_over(const tiled::fused_error_checker<double>& checker, const state& x,
                                                 const state& dxdt, const state& err, double dt, norm_range r)
{
    const std::size_t last = std::min(r.last, x.size()), first = std::min(r.first, last);
    auto part = [&](const state& v) { return state(v.begin() + std::ptrdiff_t(first), v.begin() + std::ptrdiff_t(last)); };
    tiled::error_norm_block<double> b;
    b.max = checker.error(part(x), part(dxdt), part(err), dt);
    const tiled::error_norm_params<double> p = checker.params(dt);
    for (std::size_t j = first; j < last; ++j)
    {
        const double scaled = std::abs(err[j]) / (p.eps_abs + p.eps_rel * (p.a_x * std::abs(x[j]) + p.a_dxdt_dt * std::abs(dxdt[j])));
        b.non_finite = b.non_finite || !std::isfinite(scaled);
        b.state_non_finite = b.state_non_finite || !std::isfinite(x[j]);
    }
    return b;
}

} // namespace adaptive

#endif // BOOST_ODEINT_TILED_TEST_ADAPTIVE_COMMON_HPP_INCLUDED
