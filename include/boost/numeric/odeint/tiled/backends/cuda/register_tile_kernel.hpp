/*
 boost/numeric/odeint/tiled/backends/cuda/register_tile_kernel.hpp

 The fast path of the CUDA executor: single-block tiles whose stage data stays in
 registers (reference paper §4, digest 001_C §10.1-10.3). Thread t of a block of T
 threads owns components hull.first + c*T + t, c < C, of its tile for every link
 ("all same" mapping, coalesced), so the derivatives F_m of its components live in
 registers from the link that makes them to the last linear combination that reads
 them. Only the LC->RHS coupling goes through shared memory: each link's new stage
 argument is written to a shared buffer (two, alternating) covering the tile plus
 a halo of d, whose edges are filled from the strips earlier kernels wrote. Memory
 sees the input state, the output, and the plan's edge strips.

 Used when every tile's components fit C*T (the executor checks it; otherwise the
 general kernel of cuda_executor.hpp runs the plan).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_REGISTER_TILE_KERNEL_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_REGISTER_TILE_KERNEL_HPP_INCLUDED

#include <cstddef>
#include <utility>

#include <boost/numeric/odeint/tiled/backends/cuda/device_plan.hpp>
#include <boost/numeric/odeint/tiled/detail/link_dispatch.hpp>
#include <boost/numeric/odeint/tiled/plan/link_chain.hpp>
#include <boost/numeric/odeint/tiled/steppers/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/system/stage_view.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

//! Launch arguments of the register-tile kernel, passed by value.
template <class Value, std::size_t NV>
struct register_tile_args
{
    Value* vectors[NV];               //!< permanent vectors and the user's state (nullptr: unused)
    const long long* intervals;       //!< [tile][link] -> first, last
    const long long* hull;            //!< [tile] -> first, last of the union of its intervals
    const unsigned* strip_begin;      //!< [tile * NV + v] .. [tile * NV + v + 1): loads of v, then stores of v
    const device_strip* strips;
    unsigned tiles;
    unsigned link_begin;
    unsigned link_count;
    long long d;
    long long n;
    unsigned buffer_values;           //!< per shared buffer: C*T + 2d
};

template <bool NonZero, class Value>
BOOST_ODEINT_TILED_HD void add_weighted(Value& acc, Value c, Value f)
{
    if constexpr (NonZero) acc += c * f;
}

//! sum over m <= J of coef[m] * F[m][c] with structurally zero terms skipped, in odeint's order.
template <class Row, std::size_t C, std::size_t L, class Value, std::size_t... M>
BOOST_ODEINT_TILED_HD Value weighted_sum_row(Value acc, const Value* coef, const Value (&f)[L][C], std::size_t c,
                                             std::index_sequence<M...>)
{
    (add_weighted<Row::nonzero(M)>(acc, coef[M], f[M][c]), ...);
    return acc;
}

//! Is component i in one of the strips [b, e) of the strip list?
BOOST_ODEINT_TILED_HD inline bool in_strips(const device_strip* s, unsigned b, unsigned e, long long i)
{
    for (unsigned k = b; k < e; ++k)
        if (s[k].first <= i && i < s[k].last) return true;
    return false;
}

template <class Tableau, bool WithError, class System, class Value, std::size_t C>
__global__ void register_tile_kernel(register_tile_args<Value, chain_traits<Tableau, WithError>::vector_count> args,
                                     System sys, link_coefficients<Tableau, Value> coef)
{
    using chain = chain_traits<Tableau, WithError>;
    using ops = fused_operations;
    constexpr std::size_t NV = chain::vector_count;
    constexpr std::size_t L = chain::links;
    extern __shared__ unsigned char shared_raw[];
    Value* const buffers[2] = {reinterpret_cast<Value*>(shared_raw),
                               reinterpret_cast<Value*>(shared_raw) + args.buffer_values};
    const long long T = blockDim.x;

    for (unsigned tile = blockIdx.x; tile < args.tiles; tile += gridDim.x)
    {
        const long long h0 = args.hull[2 * tile];
        const long long buffer_first = h0 - args.d;  // component held by buffers[.][0]
        const unsigned* sb = args.strip_begin + std::size_t(tile) * NV * 2;
        auto interval_at = [&](unsigned jj, long long& a, long long& b) {
            a = args.intervals[(std::size_t(tile) * args.link_count + jj) * 2];
            b = args.intervals[(std::size_t(tile) * args.link_count + jj) * 2 + 1];
        };
        Value f[L][C];
        Value y[C];
        const Value* y_in = args.vectors[vector_ids::state_in];
#pragma unroll
        for (std::size_t c = 0; c < C; ++c)
        {
            const long long i = h0 + (long long)c * T + threadIdx.x;
            y[c] = i < args.n ? y_in[i] : Value(0);
        }
        for (unsigned jj = 0; jj < args.link_count; ++jj)
        {
            long long a, b;
            interval_at(jj, a, b);
            const unsigned j = args.link_begin + jj;
            Value* const in_buffer = buffers[jj & 1];
            Value* const out_buffer = buffers[(jj + 1) & 1];
            dispatch_link<L>(j, [&](auto JC) {
                constexpr std::size_t J = decltype(JC)::value;
                constexpr int in = chain::stage_argument(J);
                // stage argument J: this tile's part is in in_buffer (previous link), the
                // strips other tiles made come from memory
                if constexpr (in != vector_ids::state_in)
                {
                    for (unsigned s = sb[2 * in]; s < sb[2 * in + 1]; ++s)
                    {
                        const device_strip st = args.strips[s];
                        for (long long i = st.first + threadIdx.x; i < st.last; i += T)
                            in_buffer[i - buffer_first] = args.vectors[in][i];
                    }
                    __syncthreads();
                }
                const stage_view<Value> view = in == vector_ids::state_in
                                                   ? stage_view<Value>{y_in, 0}
                                                   : stage_view<Value>{in_buffer, buffer_first};
                const Value tj = coef.stage_time[J];
#pragma unroll
                for (std::size_t c = 0; c < C; ++c)
                {
                    const long long i = h0 + (long long)c * T + threadIdx.x;
                    if (i < a || i >= b) continue;
                    constexpr int fv = chain::derivative(J);
                    f[J][c] = static_cast<Value>(sys(std::size_t(i), view, tj));
                    if (in_strips(args.strips, sb[2 * fv + 1], sb[2 * fv + 2], i)) args.vectors[fv][i] = f[J][c];
                    // derivatives of earlier links this tile did not compute at i come from memory
                    for_each_index<J>([&](auto MC) {
                        constexpr std::size_t m = decltype(MC)::value;
                        if constexpr (chain::lc_reads_derivative(J, m))
                        {
                            long long am = 0, bm = 0;
                            if (m >= args.link_begin) interval_at(unsigned(m - args.link_begin), am, bm);
                            if (i < am || i >= bm) f[m][c] = args.vectors[chain::derivative(m)][i];
                        }
                    });
                    if constexpr (chain::lc_forms_stage_argument(J))
                    {
                        constexpr int yv = chain::stage_argument(J + 1);
                        const Value v = weighted_sum_row<ops::row_a<Tableau, J + 1>, C>(
                            y[c], coef.ha[J + 1], f, c, std::make_index_sequence<J + 1>{});
                        out_buffer[i - buffer_first] = v;
                        if (in_strips(args.strips, sb[2 * yv + 1], sb[2 * yv + 2], i)) args.vectors[yv][i] = v;
                    }
                    if constexpr (chain::lc_forms_solution(J))
                    {
                        const Value v = weighted_sum_row<ops::row_b<Tableau>, C>(y[c], coef.hb, f, c,
                                                                                 std::make_index_sequence<J + 1>{});
                        args.vectors[vector_ids::state_out][i] = v;
                        if constexpr (chain::fsal_alias) out_buffer[i - buffer_first] = v;
                    }
                    if constexpr (chain::lc_forms_error(J))
                        args.vectors[vector_ids::error_out][i] = weighted_sum_row<ops::row_e<Tableau>, C>(
                            Value(0), coef.he, f, c, std::make_index_sequence<J + 1>{});
                }
            });
            __syncthreads();
        }
    }
}

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_REGISTER_TILE_KERNEL_HPP_INCLUDED
