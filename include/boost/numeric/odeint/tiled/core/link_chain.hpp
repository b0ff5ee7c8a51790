/*
 boost/numeric/odeint/tiled/core/link_chain.hpp

 The dependency chain of one explicit RK step (Werner's thesis, §6.6; see
 doc/how_it_works.md, "References"): link j
 is RHS_j (F_j = f(t + c_j h, Y_j)) followed by LC_j, the linear combinations that
 can be formed once F_0..F_j exist: the next stage argument Y_{j+1}, the solution
 (at the last link with a nonzero weight b) and the error estimate. Only LC_j -> RHS_{j+1}
 couples neighbouring components (halo d); everything inside a link is component-wise.

 chain_traits<Tableau, WithError> is the compile-time form (kernels unroll over it);
 link_chain is the run-time form the plan is built from.

 Vectors are numbered: 0 the input state y, 1 the output state, 2 the error, then
 F_0..F_{L-1}, then Y_1..Y_{L-1} (Y_0 is y). When a stage argument equals the
 solution exactly (FSAL: a row of A equals b), it *is* the output vector.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_CORE_LINK_CHAIN_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_CORE_LINK_CHAIN_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

namespace vector_ids {
constexpr int state_in = 0;
constexpr int state_out = 1;
constexpr int error_out = 2;
constexpr int first_derivative = 3;
} // namespace vector_ids

//! Compile-time shape of the chain for one tableau. With WithError the chain runs
//! until the error estimate is complete (for FSAL methods: one more RHS, on the solution).
template <class Tableau, bool WithError>
struct chain_traits
{
    static_assert(check_butcher_tableau<Tableau>(), "");
    static_assert(!WithError || is_embedded_tableau<Tableau>::value,
                  "an error estimate needs a tableau with embedded weights b_hat");
    static constexpr std::size_t stages = Tableau::stages;

private:
    static constexpr std::size_t last_nonzero_b()
    {
        std::size_t last = 0;
        for (std::size_t i = 0; i < stages; ++i)
            if (!Tableau::b[i].is_zero()) last = i;
        return last;
    }
    static constexpr std::size_t last_nonzero_e()
    {
        std::size_t last = 0;
        if constexpr (is_embedded_tableau<Tableau>::value)
            for (std::size_t i = 0; i < stages; ++i)
                if (Tableau::b[i] != Tableau::b_hat[i]) last = i;
        return last;
    }
    static constexpr bool row_equals_b(std::size_t j)
    {
        for (std::size_t m = 0; m < stages; ++m)
            if (Tableau::a[j][m] != Tableau::b[m]) return false;
        return true;
    }

public:
    static constexpr std::size_t solution_link = last_nonzero_b();
    static constexpr bool has_error = WithError;
    static constexpr std::size_t error_link = WithError ? last_nonzero_e() : std::size_t(-1);
    static constexpr std::size_t links =
        (WithError && error_link > solution_link ? error_link : solution_link) + 1;
    //! Stage argument Y_{solution_link+1} equals the solution (FSAL): it is not stored twice.
    static constexpr bool fsal_alias = solution_link + 1 < links && row_equals_b(solution_link + 1);
    //! The last link's derivative is f(x_new, t + h) (its stage argument is the solution,
    //! c = 1): the next step's F_0, which an FSAL controller reuses instead of evaluating.
    static constexpr bool last_derivative_is_next_first = fsal_alias && links == solution_link + 2;

    //! Vector id of stage argument Y_j (j = 0 is the input state).
    static constexpr int stage_argument(std::size_t j)
    {
        return j == 0 ? vector_ids::state_in
                      : (fsal_alias && j == solution_link + 1) ? vector_ids::state_out
                                                               : int(vector_ids::first_derivative + links + j - 1);
    }
    static constexpr int derivative(std::size_t j) { return int(vector_ids::first_derivative + j); }
    static constexpr std::size_t vector_count = vector_ids::first_derivative + 2 * links - 1;

    //! Does LC_j form stage argument Y_{j+1} as a vector of its own?
    static constexpr bool lc_forms_stage_argument(std::size_t j)
    {
        return j + 1 < links && !(fsal_alias && j == solution_link);
    }
    static constexpr bool lc_forms_solution(std::size_t j) { return j == solution_link; }
    static constexpr bool lc_forms_error(std::size_t j) { return WithError && j == error_link; }

    //! Does LC_j read derivative F_m (a nonzero weight in one of its outputs)?
    static constexpr bool lc_reads_derivative(std::size_t j, std::size_t m)
    {
        if (m > j) return false;
        if (lc_forms_stage_argument(j) && !Tableau::a[j + 1][m].is_zero()) return true;
        if (lc_forms_solution(j) && !Tableau::b[m].is_zero()) return true;
        if constexpr (is_embedded_tableau<Tableau>::value)
            if (lc_forms_error(j) && Tableau::b[m] != Tableau::b_hat[m]) return true;
        return false;
    }
    static constexpr bool lc_reads_state(std::size_t j) { return lc_forms_stage_argument(j) || lc_forms_solution(j); }
};

/*! Variants of the error chain for adaptive steppers (steppers/controlled_explicit_rk.hpp).
    Default-constructed options give the plain chain, unchanged.
    - fused_error_norm: the error LC does not store the error vector; it reduces it at
      once to odeint's error norm, for which it also reads y and F_0 (x_old and dxdt of
      odeint's default_error_checker) at the error link. error_out is then no output.
    - keep_derivatives: bit j set = derivative F_j is written to memory in full (as the
      output state is), for dense output; otherwise F_j only travels where tiles need it. */
struct chain_options
{
    bool fused_error_norm = false;
    unsigned long long keep_derivatives = 0;
    bool operator==(const chain_options& o) const
    {
        return fused_error_norm == o.fused_error_norm && keep_derivatives == o.keep_derivatives;
    }
    bool operator!=(const chain_options& o) const { return !(*this == o); }
    bool is_default() const { return !fused_error_norm && keep_derivatives == 0; }
};

//! Run-time description of the chain, what the plan and its checker work on.
struct link_chain
{
    std::size_t links = 0;
    std::size_t vector_count = 0;
    std::size_t solution_link = 0;
    std::size_t error_link = std::size_t(-1);
    std::vector<int> rhs_input;                 //!< per link: vector id of Y_j
    std::vector<int> rhs_output;                //!< per link: vector id of F_j
    std::vector<std::vector<int>> lc_outputs;   //!< per link: ids formed by LC_j
    std::vector<std::vector<int>> lc_inputs;    //!< per link: ids LC_j reads component-wise
    bool error_norm_fused = false;              //!< the error is reduced in the LC, never stored
    std::vector<int> kept;                      //!< vectors written to memory in full (besides the outputs)
    //! Tableau::name; with the variant above, the chain's key in the tuning cache
    //! (chain_identity in tuning/tuning_key.hpp). Empty for chains made by hand: never looked up.
    std::string name;

    //! The link that produces vector v (every vector but the input state has one).
    std::size_t producer(int v) const
    {
        for (std::size_t j = 0; j < links; ++j)
        {
            if (rhs_output[j] == v) return j;
            for (int o : lc_outputs[j])
                if (o == v) return j;
        }
        return std::size_t(-1);
    }
    bool operator==(const link_chain& o) const
    {
        return links == o.links && vector_count == o.vector_count && solution_link == o.solution_link &&
               error_link == o.error_link && rhs_input == o.rhs_input && lc_outputs == o.lc_outputs &&
               lc_inputs == o.lc_inputs && error_norm_fused == o.error_norm_fused && kept == o.kept;
    }
};

template <class Tableau, bool WithError>
link_chain make_link_chain(const chain_options& options = chain_options())
{
    using chain = chain_traits<Tableau, WithError>;
    link_chain c;
    c.links = chain::links;
    c.vector_count = chain::vector_count;
    c.solution_link = chain::solution_link;
    c.error_link = chain::error_link;
    for (std::size_t j = 0; j < chain::links; ++j)
    {
        c.rhs_input.push_back(chain::stage_argument(j));
        c.rhs_output.push_back(chain::derivative(j));
        std::vector<int> outs, ins;
        if (chain::lc_forms_stage_argument(j)) outs.push_back(chain::stage_argument(j + 1));
        if (chain::lc_forms_solution(j)) outs.push_back(vector_ids::state_out);
        if (chain::lc_forms_error(j)) outs.push_back(vector_ids::error_out);
        if (chain::lc_reads_state(j)) ins.push_back(vector_ids::state_in);
        for (std::size_t m = 0; m <= j; ++m)
            if (chain::lc_reads_derivative(j, m)) ins.push_back(chain::derivative(m));
        if (WithError && options.fused_error_norm && chain::lc_forms_error(j))
        {
            outs.erase(std::remove(outs.begin(), outs.end(), vector_ids::error_out), outs.end());
            for (int v : {vector_ids::state_in, chain::derivative(0)})
                if (std::find(ins.begin(), ins.end(), v) == ins.end()) ins.push_back(v);
        }
        c.lc_outputs.push_back(outs);
        c.lc_inputs.push_back(ins);
        if (options.keep_derivatives & (1ULL << j)) c.kept.push_back(chain::derivative(j));
    }
    c.error_norm_fused = WithError && options.fused_error_norm;
    c.name = Tableau::name;
    return c;
}

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_CORE_LINK_CHAIN_HPP_INCLUDED
