/*
 boost/numeric/odeint/tiled/core/fused_operations.hpp

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
#ifndef BOOST_NUMERIC_ODEINT_TILED_CORE_FUSED_OPERATIONS_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_CORE_FUSED_OPERATIONS_HPP_INCLUDED

#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <utility>

#include <boost/numeric/odeint/tiled/config.hpp>
#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
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

/*! The constants of odeint's default_error_checker for one step: the error norm is
    max_i |err_i| / (eps_abs + eps_rel * (a_x |x_i| + a_dxdt_dt |dxdt_i|)), with
    a_dxdt_dt = a_dxdt * |dt| formed once per step, as odeint's rel_error does.

    And, for FSAL methods (chain_traits::last_derivative_is_next_first), where the step's
    dxdt comes from and goes to when the controller hands the last derivative on as
    odeint's does (controlled_explicit_rk::reuse_last_derivative): with given_dxdt set,
    F_0 = dxdt is read from those n values (backend memory) instead of evaluated, and
    with next_dxdt set the step writes its last stage derivative F_{L-1} =
    f(x_new, t + dt) there, all n values (the plan must keep that derivative,
    chain_options::keep_derivatives). nullptr: F_0 is evaluated, F_{L-1} not kept there.

    Only components j with norm_first <= j < norm_last (state component numbers, as the
    executors count them) enter the maximum and both flags; the step still forms and
    stores every component's results. The executors refuse norm_last < norm_first. */
template <class Value>
struct error_norm_params
{
    Value eps_abs;
    Value eps_rel;
    Value a_x;
    Value a_dxdt_dt;
    const Value* given_dxdt = nullptr;
    Value* next_dxdt = nullptr;
    //! first component of the norm: a distributed part steps a window whose halo
    //! components are wrong by design, and reduces over its owned components only
    std::size_t norm_first = 0;
    //! one past the last component of the norm (the default: to the end of the state)
    std::size_t norm_last = static_cast<std::size_t>(-1);

    //! Whether component j enters the norm: one compare on an unsigned difference.
    BOOST_ODEINT_TILED_HD bool counts(std::size_t j) const { return j - norm_first < norm_last - norm_first; }
    //! Whether every component enters the norm (the default range), so that a
    //! backend can skip the test.
    BOOST_ODEINT_TILED_HD bool counts_all() const
    {
        return norm_first == 0 && norm_last == static_cast<std::size_t>(-1);
    }
};

//! The error norm of one block (or, merged, of one step).
template <class Value>
struct error_norm_block
{
    Value max = Value(0);          //!< max of the scaled errors, as odeint's norm_inf forms it
    bool non_finite = false;       //!< some scaled error is NaN or infinite
    bool state_non_finite = false; //!< some component of the input state is NaN or infinite
};

//! Pointers for one block: p[v][k] is component (block start + k) of vector v.
template <class Value, std::size_t VectorCount>
struct block_pointers
{
    Value* p[VectorCount];
};

namespace detail {

template <bool NonZero, class Value>
BOOST_ODEINT_TILED_HD void add_weighted(Value& acc, Value c, Value f)
{
    if constexpr (NonZero) acc += c * f;
}

/*! acc + sum over m <= J of coef[m] * F[m][c], structurally zero terms skipped, in
    odeint's order: one component of a linear combination whose derivatives a GPU
    thread holds in registers (F[m][c]: link m, the thread's component c). */
template <class Row, std::size_t C, std::size_t L, class Value, std::size_t... M>
BOOST_ODEINT_TILED_HD Value weighted_sum_row(Value acc, const Value* coef, const Value (&f)[L][C], std::size_t c,
                                             std::index_sequence<M...>)
{
    (add_weighted<Row::nonzero(M)>(acc, coef[M], f[M][c]), ...);
    return acc;
}

/*! Does the step take F_0 as given (error_norm_params::given_dxdt)? Only FSAL methods'
    steps do (the executors build kernels that read it for those alone); one of another
    method is a bug of the caller. */
template <class Tableau, class Value>
bool first_derivative_given(const error_norm_params<Value>& params)
{
    if (params.given_dxdt == nullptr) return false;
    if (!chain_traits<Tableau, true>::last_derivative_is_next_first)
        throw std::logic_error("tiled: internal error, a given F_0 for a method that is not FSAL");
    return true;
}

//! Refuses a norm range that ends before it starts (error_norm_params::norm_first, norm_last).
template <class Value>
void check_norm_range(const error_norm_params<Value>& params)
{
    if (params.norm_last < params.norm_first)
        throw std::invalid_argument("tiled: error_norm_params::norm_last is before norm_first");
}

} // namespace detail

struct fused_operations
{
    //! LC_J on `len` components: every output the chain forms at link J.
    template <class Tableau, bool WithError, std::size_t J, class Value, std::size_t NV>
    BOOST_ODEINT_TILED_HD static void apply_link_lc(const block_pointers<Value, NV>& bp, std::size_t len,
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

    /*! LC_J of the error chain with the error estimate reduced on the fly: the stage
        argument and solution as apply_link_lc forms them, and instead of storing err_i
        (same arithmetic, so the same value) its scaled size, reduced into `r`. Reads y
        and F_0, which the fused-norm chain (chain_options::fused_error_norm) makes
        available at the error link. The TBB executor calls it on a block and merges
        `r` per block; a CUDA thread calls it per component and keeps `r` in registers
        (backends/cuda/cuda_error_norm.hpp). */
    template <class Tableau, std::size_t J, class Value, std::size_t NV>
    BOOST_ODEINT_TILED_HD static void apply_link_lc_error_norm(const block_pointers<Value, NV>& bp, std::size_t len,
                                         const link_coefficients<Tableau, Value>& k, const error_norm_params<Value>& p,
                                         error_norm_block<Value>& r)
    {
        using chain = chain_traits<Tableau, true>;
        static_assert(chain::lc_forms_error(J), "the error norm belongs to the error link");
        const Value* y = bp.p[vector_ids::state_in];
        if constexpr (chain::lc_forms_stage_argument(J))
            combine<Tableau, true, J, true>(bp.p[chain::stage_argument(J + 1)], y, bp, len, k.ha[J + 1],
                                            std::make_index_sequence<J + 1>{}, row_a<Tableau, J + 1>{});
        if constexpr (chain::lc_forms_solution(J))
            combine<Tableau, true, J, true>(bp.p[vector_ids::state_out], y, bp, len, k.hb,
                                            std::make_index_sequence<J + 1>{}, row_b<Tableau>{});
        combine_error_norm<Tableau, J>(y, bp.p[chain::derivative(0)], bp, len, k.he, p, r,
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
    //! acc += c * f[i] where the coefficient is structurally nonzero; f is not even
    //! read otherwise (the vector of a derivative no output uses may not exist).
    template <bool NonZero, class Value>
    BOOST_ODEINT_TILED_HD static void add_term(Value& acc, Value c, const Value* f, std::size_t i)
    {
        if constexpr (NonZero) acc += c * f[i];
    }

    template <class Tableau, std::size_t J, class Value, std::size_t NV, std::size_t... M, class Row>
    BOOST_ODEINT_TILED_VECTOR_LOOP
    BOOST_ODEINT_TILED_HD static void combine_error_norm(const Value* y, const Value* f0, const block_pointers<Value, NV>& bp, std::size_t len,
                                   const Value* coef, const error_norm_params<Value>& p, error_norm_block<Value>& r,
                                   std::index_sequence<M...>, Row)
    {
        using chain = chain_traits<Tableau, true>;
        using std::abs;
        const Value* f[J + 1] = {bp.p[chain::derivative(M)]...};
        const Value c[J + 1] = {coef[M]...};
        const Value big = std::numeric_limits<Value>::max();
        Value m = r.max;
        bool bad_err = false, bad_state = false;
        for (std::size_t i = 0; i < len; ++i)
        {
            Value acc = Value(0);
            (add_term<Row::nonzero(M)>(acc, c[M], f[M], i), ...);
            const Value ay = abs(y[i]);
            const Value e = abs(acc) / (p.eps_abs + p.eps_rel * (p.a_x * ay + p.a_dxdt_dt * abs(f0[i])));
            m = m < e ? e : m;  // odeint's norm_inf: init = max(init, |e|)
            bad_err |= !(e <= big);
            bad_state |= !(ay <= big);
        }
        r.max = m;
        r.non_finite = r.non_finite || bad_err;
        r.state_non_finite = r.state_non_finite || bad_state;
    }

    template <class Tableau, bool WithError, std::size_t J, bool AddState, class Value, std::size_t NV, std::size_t... M,
              class Row>
    BOOST_ODEINT_TILED_VECTOR_LOOP
    BOOST_ODEINT_TILED_HD static void combine(Value* out, const Value* y, const block_pointers<Value, NV>& bp,
                        std::size_t len, const Value* coef, std::index_sequence<M...>, Row)
    {
        using chain = chain_traits<Tableau, WithError>;
        const Value* f[J + 1] = {bp.p[chain::derivative(M)]...};
        const Value c[J + 1] = {coef[M]...};
        for (std::size_t i = 0; i < len; ++i)
        {
            Value acc = AddState ? y[i] : Value(0);
            (add_term<Row::nonzero(M)>(acc, c[M], f[M], i), ...);
            out[i] = acc;
        }
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_CORE_FUSED_OPERATIONS_HPP_INCLUDED
