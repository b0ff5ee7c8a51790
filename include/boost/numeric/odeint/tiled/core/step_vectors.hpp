/*
 boost/numeric/odeint/tiled/core/step_vectors.hpp

 What every executor does before a step's kernels run, backend-neutral: bind the
 vectors the plan addresses by vector_ids (the input state, the output, the error
 estimate, the permanent vectors that carry stage data between kernels and, in an
 adaptive step of an FSAL method, the next step's first derivative), and route the
 output through the workspace's spare vector where the plan may not overwrite its
 input. The executor copies the spare back after the step (step_vectors::uses_spare).
 Also the pool of those vectors that each backend's workspace keeps per problem size,
 over an allocator of the backend's memory.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_CORE_STEP_VECTORS_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_CORE_STEP_VECTORS_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <stdexcept>
#include <vector>

#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

/*! The vector id of error_norm_params::next_dxdt: the last link's derivative, which
    the plan must keep in memory for the executor to write it there. (A plan without
    it is a bug of the caller.) */
template <class Tableau, class Plan>
int next_dxdt_vector(const Plan& plan)
{
    using chain = chain_traits<Tableau, true>;
    constexpr int v = chain::derivative(chain::links - 1);
    if (!chain::last_derivative_is_next_first)
        throw std::logic_error("tiled: internal error, only FSAL methods (the last stage derivative is f(x_new)) "
                               "hand their last derivative on");
    if (std::size_t(v) >= plan.in_memory.size() || !plan.in_memory[std::size_t(v)])
        throw std::logic_error("tiled: internal error, a step that hands its last derivative on needs a plan that keeps it");
    return v;
}

//! The vectors of one step, indexed by vector_ids (nullptr: not in memory in this plan).
template <class Value, std::size_t NV>
struct step_vectors
{
    Value* vectors[NV];
    Value* out;     //!< the caller's output state
    Value* result;  //!< where the kernels write the output: `out`, or the spare output
    //! Does the executor copy `result` to `out` after the step?
    bool uses_spare() const { return result != out; }
};

/*! Binds the vectors of one step of chain_traits<Tableau, WithError> under `plan`:
    y as the input state (only ever read), `out` as the output or, where out == y and
    the plan is not in_place_safe, the workspace's spare output; `err` as the error
    estimate (nullptr where the step writes none); each permanent vector the plan keeps
    in memory from the workspace; and `next_dxdt`, when given, in place of the last
    link's derivative (next_dxdt_vector; error chains only).
    Workspace: permanent(v, n) and spare_output(n), as step_vector_pool has them. */
template <class Tableau, bool WithError, class Workspace, class Value>
step_vectors<Value, chain_traits<Tableau, WithError>::vector_count>
bind_step_vectors(const tiling_plan& plan, Workspace& ws, const Value* y, Value* out, Value* err,
                  Value* next_dxdt = nullptr)
{
    constexpr std::size_t NV = chain_traits<Tableau, WithError>::vector_count;
    const std::size_t n = plan.n;
    step_vectors<Value, NV> s;
    s.out = out;
    s.result = (out == y) && !plan.in_place_safe ? ws.spare_output(n) : out;
    s.vectors[vector_ids::state_in] = const_cast<Value*>(y);
    s.vectors[vector_ids::state_out] = s.result;
    s.vectors[vector_ids::error_out] = err;
    for (std::size_t v = vector_ids::first_derivative; v < NV; ++v)
        s.vectors[v] = plan.in_memory[v] != 0 ? ws.permanent(v, n) : nullptr;
    if constexpr (WithError)  // only the error chain of an adaptive step hands a derivative on
        if (next_dxdt != nullptr) s.vectors[next_dxdt_vector<Tableau>(plan)] = next_dxdt;
    return s;
}

/*! The per-problem-size vectors of a backend's workspace: the permanent vectors (each
    allocated on first use and never initialised, so pages of vectors that only ever
    receive edge strips are mostly never touched) and the spare output. A new size
    releases both. Allocator: the type `buffer`, an owning pointer (get() gives the
    memory, empty when default-constructed), and static allocate_vector(values) and
    allocate_spare(values) that return one (two, so that an error can say which). */
template <class Value, class Allocator>
class step_vector_pool
{
public:
    using buffer = typename Allocator::buffer;

    //! Permanent vector v of length n (contents unspecified until written).
    Value* permanent(std::size_t v, std::size_t n)
    {
        if (m_n != n) release_for(n);
        if (m_permanent.size() <= v) m_permanent.resize(v + 1);
        if (!m_permanent[v]) m_permanent[v] = Allocator::allocate_vector(n);
        return static_cast<Value*>(m_permanent[v].get());
    }
    //! Permanent vector v if it exists (a step has used it since the last size change), else nullptr.
    const Value* existing(std::size_t v) const
    {
        return v < m_permanent.size() ? static_cast<const Value*>(m_permanent[v].get()) : nullptr;
    }
    //! An output vector for plans whose output may not overwrite their input.
    Value* spare_output(std::size_t n)
    {
        if (m_n != n) release_for(n);
        if (!m_spare) m_spare = Allocator::allocate_spare(n);
        return static_cast<Value*>(m_spare.get());
    }

private:
    void release_for(std::size_t n)
    {
        m_permanent.clear();
        m_spare.reset();
        m_n = n;
    }

    std::size_t m_n = 0;
    std::vector<buffer> m_permanent;
    buffer m_spare;
};

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_CORE_STEP_VECTORS_HPP_INCLUDED
