/*
 test/support/serial_backend.hpp

 A minimal backend in one file: the Backend concept of core/backend.hpp with plain
 loops and no threads, registered for a test-only state type. It runs a plan
 exactly as the plan says: kernels in order, tiles of a kernel one after the other,
 each tile's links one after the other over the tile's interval for that link.
 A vector the plan stages in a tile lives in a tile-local buffer that holds only
 the tile's footprint; the tile reads its `reads` strips into it before its first
 link and writes its `writes` strips back after its last, so a plan that claimed
 too little of either would give other values than the TBB backend. Every RHS is
 the per-component operator()(j, y, t): a system's block form must agree with it.

     boost_odeint_tiled_test::serial_state x(n);              // wraps std::vector<double>
     tiled::runge_kutta4<serial_state> rk4(tiling);            // runs on serial_backend

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_SUPPORT_SERIAL_BACKEND_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_SUPPORT_SERIAL_BACKEND_HPP_INCLUDED

#include <algorithm>
#include <cstddef>
#include <type_traits>
#include <vector>

#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resize.hpp>
#include <boost/numeric/odeint/util/same_size.hpp>

#include <boost/numeric/odeint/tiled/core/backend.hpp>
#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/core/link_dispatch.hpp>
#include <boost/numeric/odeint/tiled/core/state_access.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/system/access_check.hpp>
#include <boost/numeric/odeint/tiled/system/stage_view.hpp>

namespace boost_odeint_tiled_test {

namespace tiled_ns = boost::numeric::odeint::tiled;

//! The state type that selects the serial backend: a std::vector<double> in a struct,
//! so that no other backend claims it.
struct serial_state
{
    std::vector<double> values;

    serial_state() = default;
    explicit serial_state(std::size_t n, double v = 0.0) : values(n, v) {}
    explicit serial_state(std::vector<double> v) : values(std::move(v)) {}

    double* data() { return values.data(); }
    const double* data() const { return values.data(); }
    std::size_t size() const { return values.size(); }
    void resize(std::size_t n) { values.resize(n); }
    double& operator[](std::size_t i) { return values[i]; }
    const double& operator[](std::size_t i) const { return values[i]; }
    void swap(serial_state& o) { values.swap(o.values); }
};

//! The serial backend's tag (the steppers' Algebra argument).
struct serial_backend {};

//! Buffers that outlive a step: the permanent vectors of the plan and the spare output.
template <class Value>
struct serial_workspace
{
    std::size_t n = 0;
    std::vector<std::vector<Value>> permanent;
    std::vector<Value> spare;

    Value* vector(std::size_t v, std::size_t size)
    {
        if (n != size) { permanent.clear(); spare.clear(); n = size; }
        if (permanent.size() <= v) permanent.resize(v + 1);
        if (permanent[v].size() != size) permanent[v].assign(size, Value(0));
        return permanent[v].data();
    }
};

struct serial_executor
{
    template <class Tableau, bool WithError, class Operations, class System, class Value, class Time>
    static void run(const tiled_ns::tiling_plan& plan, serial_workspace<Value>& ws, const System& sys, const Value* y,
                    Value* out, Value* err, Time t, Time h)
    {
        run_plan<Tableau, WithError, Operations, false>(plan, ws, sys, y, out, err, t, h,
                                                        static_cast<const tiled_ns::error_norm_params<Value>*>(nullptr),
                                                        static_cast<tiled_ns::error_norm_block<Value>*>(nullptr));
    }

    template <class Tableau, class Operations, class System, class Value, class Time>
    static tiled_ns::error_norm_block<Value> run_error_norm(const tiled_ns::tiling_plan& plan, serial_workspace<Value>& ws,
                                                            const System& sys, const Value* y, Value* out, Time t,
                                                            Time h, const tiled_ns::error_norm_params<Value>& params)
    {
        tiled_ns::error_norm_block<Value> norm;
        (void)tiled_ns::detail::first_derivative_given<Tableau>(params);  // rejects a given F_0 of a non-FSAL method
        run_plan<Tableau, true, Operations, true>(plan, ws, sys, y, out, static_cast<Value*>(nullptr), t, h, &params,
                                                  &norm);
        return norm;
    }

    template <class Value>
    static const Value* vector_of(const serial_workspace<Value>& ws, std::size_t v)
    {
        return v < ws.permanent.size() && !ws.permanent[v].empty() ? ws.permanent[v].data() : nullptr;
    }

    template <class Value>
    static void copy_values(const Value* from, Value* to, std::size_t n)
    {
        if (from != to) std::copy(from, from + n, to);
    }

    template <class Value, std::size_t K>
    static void scale_sum(Value* out, const Value* x, const Value (&c)[K], const Value* const (&k)[K], std::size_t n)
    {
        for (std::size_t i = 0; i < n; ++i)
        {
            Value acc = Value(1) * x[i];
            for (std::size_t m = 0; m < K; ++m) acc += c[m] * k[m][i];
            out[i] = acc;
        }
    }

private:
    template <class Tableau, bool WithError, class Operations, bool FusedNorm, class System, class Value, class Time>
    static void run_plan(const tiled_ns::tiling_plan& plan, serial_workspace<Value>& ws, const System& sys,
                         const Value* y, Value* out, Value* err, Time t, Time h,
                         const tiled_ns::error_norm_params<Value>* params, tiled_ns::error_norm_block<Value>* norm)
    {
        using chain = tiled_ns::chain_traits<Tableau, WithError>;
        constexpr std::size_t NV = chain::vector_count;
        namespace ids = tiled_ns::vector_ids;
        const std::size_t n = plan.n;
        // a plan that may not write over its input writes elsewhere and is copied back
        const bool spare = out == y && !plan.in_place_safe;
        if (spare) ws.spare.assign(n, Value(0));
        Value* result = spare ? ws.spare.data() : out;

        Value* memory[NV] = {};
        memory[ids::state_in] = const_cast<Value*>(y);  // only ever read
        memory[ids::state_out] = result;
        memory[ids::error_out] = err;
        for (std::size_t v = ids::first_derivative; v < NV; ++v)
            if (plan.in_memory[v]) memory[v] = ws.vector(v, n);
        if constexpr (FusedNorm)
            if (params->next_dxdt) memory[tiled_ns::detail::next_dxdt_vector<Tableau>(plan)] = params->next_dxdt;

        const tiled_ns::link_coefficients<Tableau, Value> coef(t, h);
        for (const tiled_ns::kernel_plan& kernel : plan.kernels)
            for (const tiled_ns::tile_plan& tile : kernel.tiles)
            {
                // where the tile sees vector v: component i at base[v][i - offset[v]]
                std::vector<Value> local[NV];
                Value* base[NV];
                long long offset[NV];
                for (std::size_t v = 0; v < NV; ++v)
                {
                    base[v] = memory[v];
                    offset[v] = 0;
                    if (!tile.is_staged(int(v))) continue;
                    local[v].assign(std::size_t(tile.footprint[v].size()), Value(0));
                    base[v] = local[v].data();
                    offset[v] = tile.footprint[v].first;
                    for (const tiled_ns::interval& s : tile.reads[v].parts())
                        std::copy(memory[v] + s.first, memory[v] + s.last, base[v] + (s.first - offset[v]));
                }
                for (std::size_t j = tile.link_begin; j < tile.link_end(); ++j)
                    tiled_ns::detail::dispatch_link<chain::links>(j, [&](auto J) {
                        run_link<Tableau, WithError, Operations, FusedNorm, decltype(J)::value>(
                            tile.at_link(j), base, offset, sys, coef, params, norm);
                    });
                for (std::size_t v = 0; v < NV; ++v)
                    if (tile.is_staged(int(v)))
                        for (const tiled_ns::interval& s : tile.writes[v].parts())
                            std::copy(base[v] + (s.first - offset[v]), base[v] + (s.last - offset[v]), memory[v] + s.first);
            }
        if (spare) std::copy(result, result + n, out);
    }

    //! Link J on the interval a: F_J = f(stage argument) component by component, then LC_J.
    template <class Tableau, bool WithError, class Operations, bool FusedNorm, std::size_t J, class System, class Value,
              std::size_t NV>
    static void run_link(const tiled_ns::interval& a, Value* const (&base)[NV], const long long (&offset)[NV],
                         const System& sys, const tiled_ns::link_coefficients<Tableau, Value>& coef,
                         const tiled_ns::error_norm_params<Value>* params, tiled_ns::error_norm_block<Value>* norm)
    {
        using chain = tiled_ns::chain_traits<Tableau, WithError>;
        if (a.empty()) return;
        constexpr int in = chain::stage_argument(J);
        constexpr int f = chain::derivative(J);
        const tiled_ns::stage_view<Value> arg{base[in], offset[in]};
        Value* fj = base[f] + (a.first - offset[f]);
        bool given = false;
        if constexpr (FusedNorm && J == 0) given = params->given_dxdt != nullptr;
        if (given)
            std::copy(params->given_dxdt + a.first, params->given_dxdt + a.last, fj);
        else
            for (long long i = a.first; i < a.last; ++i)
                fj[i - a.first] = static_cast<Value>(sys(std::size_t(i), arg, coef.stage_time[J]));
        tiled_ns::block_pointers<Value, NV> bp;
        for (std::size_t v = 0; v < NV; ++v) bp.p[v] = base[v] ? base[v] + (a.first - offset[v]) : nullptr;
        if constexpr (FusedNorm && J == chain::error_link)
        {
            tiled_ns::error_norm_block<Value> r;
            Operations::template apply_link_lc_error_norm<Tableau, J>(bp, std::size_t(a.size()), coef, *params, r);
            norm->max = norm->max < r.max ? r.max : norm->max;
            norm->non_finite = norm->non_finite || r.non_finite;
            norm->state_non_finite = norm->state_non_finite || r.state_non_finite;
        }
        else
            Operations::template apply_link_lc<Tableau, WithError, J>(bp, std::size_t(a.size()), coef);
    }
};

} // namespace boost_odeint_tiled_test

namespace boost { namespace numeric { namespace odeint {

// odeint resizes the controlled and dense-output steppers' states through these
template <>
struct is_resizeable<boost_odeint_tiled_test::serial_state> : std::true_type {};

template <>
struct same_size_impl<boost_odeint_tiled_test::serial_state, boost_odeint_tiled_test::serial_state>
{
    static bool same_size(const boost_odeint_tiled_test::serial_state& a, const boost_odeint_tiled_test::serial_state& b)
    {
        return a.size() == b.size();
    }
};

template <>
struct resize_impl<boost_odeint_tiled_test::serial_state, boost_odeint_tiled_test::serial_state>
{
    static void resize(boost_odeint_tiled_test::serial_state& a, const boost_odeint_tiled_test::serial_state& b)
    {
        a.resize(b.size());
    }
};

namespace tiled {

// the registration: serial_state selects serial_backend, which models the Backend concept
template <>
struct backend_dispatcher_sfinae<boost_odeint_tiled_test::serial_state>
{
    using algebra_type = boost_odeint_tiled_test::serial_backend;
    using operations_type = fused_operations;
};

template <>
struct state_swaps_buffers<boost_odeint_tiled_test::serial_state> : std::true_type {};

template <>
struct tiled_backend<boost_odeint_tiled_test::serial_backend>
{
    template <class Value>
    using workspace_type = boost_odeint_tiled_test::serial_workspace<Value>;
    using executor_type = boost_odeint_tiled_test::serial_executor;
    using access_record_type = host_access_record;

    //! automatic() means none() here: the serial backend has no caches to tile for.
    static tiling resolve_automatic(const tiling&, const link_chain&, std::size_t, std::size_t, std::size_t)
    {
        return tiling::none();
    }
};

static_assert(is_tiled_backend<boost_odeint_tiled_test::serial_backend>::value,
              "the serial backend models the Backend concept");

} // namespace tiled

}}} // namespace boost::numeric::odeint

#endif // BOOST_ODEINT_TILED_TEST_SUPPORT_SERIAL_BACKEND_HPP_INCLUDED
