/*
 boost/numeric/odeint/tiled/steppers/fused_operations.hpp

 The operations of a tiled stepper: the linear combinations LC_j of every link,
 generated at compile time from the tableau (zero coefficients cost nothing),
 over a block of components. Backend independent: the TBB executor calls
 apply_link_lc on a block, a CUDA kernel on one component.

 Coefficients are multiplied by the step size once per step (link_coefficients),
 as odeint's generic algorithm does with scale_sum, so that the rounding matches
 odeint's: out = 1*y + (h b_0) F_0 + (h b_1) F_1 + ...

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_STEPPERS_FUSED_OPERATIONS_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_STEPPERS_FUSED_OPERATIONS_HPP_INCLUDED

#include <cstddef>
#include <utility>

#include <boost/numeric/odeint/tiled/config.hpp>
#include <boost/numeric/odeint/tiled/plan/link_chain.hpp>
#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

//! The step-size-scaled coefficients of one step: h*a_ij, h*b_i, h*(b_i - b_hat_i), t + c_i h.
template <class Tableau, class Value>
struct link_coefficients
{
    static constexpr std::size_t s = Tableau::stages;
    Value ha[s][s];
    Value hb[s];
    Value he[s];
    Value stage_time[s];

    template <class Time>
    link_coefficients(Time t, Time h)
    {
        using coef = tableau_coefficients<Tableau, Value>;
        const Value hv = static_cast<Value>(h);
        for (std::size_t i = 0; i < s; ++i)
        {
            for (std::size_t j = 0; j < s; ++j) ha[i][j] = hv * coef::a(i, j);
            hb[i] = hv * coef::b[i];
            he[i] = hv * coef::e[i];
            stage_time[i] = static_cast<Value>(t + static_cast<Time>(tableau_coefficients<Tableau, Time>::c[i]) * h);
        }
    }
};

//! Pointers for one block: p[v][k] is component (block start + k) of vector v.
template <class Value, std::size_t VectorCount>
struct block_pointers
{
    Value* p[VectorCount];
};

struct fused_operations
{
    //! LC_J on `len` components: every output the chain forms at link J.
    template <class Tableau, bool WithError, std::size_t J, class Value, std::size_t NV>
    static void apply_link_lc(const block_pointers<Value, NV>& bp, std::size_t len,
                              const link_coefficients<Tableau, Value>& k)
    {
        using chain = chain_traits<Tableau, WithError>;
        const Value* y = bp.p[vector_ids::state_in];
        if constexpr (chain::lc_forms_stage_argument(J))
            combine<Tableau, WithError, J, true>(bp.p[chain::stage_argument(J + 1)], y, bp, len, k.ha[J + 1],
                                                 std::make_index_sequence<J + 1>{}, row_a<Tableau, J + 1>{});
        if constexpr (chain::lc_forms_solution(J))
            combine<Tableau, WithError, J, true>(bp.p[vector_ids::state_out], y, bp, len, k.hb,
                                                 std::make_index_sequence<J + 1>{}, row_b<Tableau>{});
        if constexpr (chain::lc_forms_error(J))
            combine<Tableau, WithError, J, false>(bp.p[vector_ids::error_out], y, bp, len, k.he,
                                                  std::make_index_sequence<J + 1>{}, row_e<Tableau>{});
    }

    // which coefficients are structurally nonzero, as compile-time predicates
    template <class Tableau, std::size_t Row>
    struct row_a { static constexpr bool nonzero(std::size_t m) { return !Tableau::a[Row][m].is_zero(); } };
    template <class Tableau>
    struct row_b { static constexpr bool nonzero(std::size_t m) { return !Tableau::b[m].is_zero(); } };
    template <class Tableau>
    struct row_e
    {
        static constexpr bool nonzero(std::size_t m)
        {
            if constexpr (is_embedded_tableau<Tableau>::value) return Tableau::b[m] != Tableau::b_hat[m];
            else return false;
        }
    };

private:
    template <class Tableau, bool WithError, std::size_t J, bool AddState, class Value, std::size_t NV, std::size_t... M,
              class Row>
    static void combine(Value* out, const Value* y, const block_pointers<Value, NV>& bp,
                        std::size_t len, const Value* coef, std::index_sequence<M...>, Row)
    {
        using chain = chain_traits<Tableau, WithError>;
        const Value* f[J + 1] = {bp.p[chain::derivative(M)]...};
        const Value c[J + 1] = {coef[M]...};
        for (std::size_t i = 0; i < len; ++i)
        {
            Value acc = AddState ? y[i] : Value(0);
            ((Row::nonzero(M) ? (void)(acc += c[M] * f[M][i]) : (void)0), ...);
            out[i] = acc;
        }
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_STEPPERS_FUSED_OPERATIONS_HPP_INCLUDED
