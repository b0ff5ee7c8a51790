/*
 boost/numeric/odeint/tiled/backends/cuda/streaming_layout.hpp

 Where the CUDA streaming kernel (streaming_tile_kernel.hpp) keeps the values of one
 chain: a shared ring of 4 chunks per stage argument, and register FIFOs for what a
 linear combination reads of its own component (the state and the derivatives F_m,
 formed 2(J - m) steps before link J reads them). CUDA-free, so that the automatic()
 model, the tool's `tune` and host tests see the same sizes: streaming_layout at
 compile time for a tableau, streaming_fifo_values at run time for a link_chain.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STREAMING_LAYOUT_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STREAMING_LAYOUT_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cstddef>
#include <vector>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_launch_policy.hpp>
#include <boost/numeric/odeint/tiled/core/link_chain.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

/*! What the streaming kernel keeps in registers for one chain: FIFOs for the values a
    linear combination reads of its own component (its shared rings, ring_chunks per
    stage argument, are cuda_launch_policy::streaming_ring_bytes). A link reads Reach chunks
    either side of its own, so it runs skew = Reach + 1 steps behind the link before it
    and a value waits skew steps per link of distance.

    Forwarding: the last link E = L - 1 forms the solution, the error or both (never a
    stage argument). Link E - 1 already holds every F_m with m < E; it forms their
    partial sums (y + sum b_m F_m, sum (b_m - b_hat_m) F_m, in odeint's order) and, for a
    fused norm, the norm's scale eps_abs + eps_rel (a_x |y| + a_dxdt dt |F_0|), and hands
    these one to three values to link E through FIFOs of skew entries; link E adds its
    own term. The state and F_0 .. F_{E-1} then leave their FIFOs skew steps earlier. The
    sums are the same operations in the same order, so the same bits. The kernel
    forwards where that keeps fewer values: RK4 12 instead of 18, DOPRI5's adaptive step
    42 instead of 50 (nvcc spilled the 50 at 128 registers; numbers for Reach 1). */
template <class Tableau, bool WithError, bool FusedNorm, int Reach = 1>
struct streaming_layout
{
    static_assert(Reach >= 1, "a link reads at least the chunks next to its own");
    using chain = chain_traits<Tableau, WithError>;
    static constexpr int links = int(chain::links);
    static constexpr int last_link = links - 1;
    //! Steps between a link's work on a chunk and the next link's: it reads Reach chunks
    //! either side of its own, which the link before must have formed.
    static constexpr int skew = Reach + 1;
    //! Chunks of a ring: the 2 Reach + 1 a link reads and the one the link before forms,
    //! rounded up to a power of two (masked addressing).
    static constexpr int ring_chunks = int(cuda_launch_policy::streaming_ring_chunks(std::size_t(Reach)));

    static constexpr bool error_weight(int m)
    {
        if constexpr (WithError && is_embedded_tableau<Tableau>::value)
            return Tableau::b[std::size_t(m)] != Tableau::b_hat[std::size_t(m)];
        else
            return false;
    }
    //! What the LCs of link J read without forwarding (the fused norm's scale also reads y and F_0).
    static constexpr bool chain_reads_derivative(int j, int m)
    {
        return chain::lc_reads_derivative(std::size_t(j), std::size_t(m)) ||
               (FusedNorm && m == 0 && m <= j && chain::lc_forms_error(std::size_t(j)));
    }
    static constexpr bool chain_reads_state(int j)
    {
        return chain::lc_reads_state(std::size_t(j)) || (FusedNorm && chain::lc_forms_error(std::size_t(j)));
    }
    //! Values the last link would forward: the solution, the error, the norm's scale.
    static constexpr int forwardable_values()
    {
        return int(chain::lc_forms_solution(std::size_t(last_link))) +
               (chain::lc_forms_error(std::size_t(last_link)) ? (FusedNorm ? 2 : 1) : 0);
    }
    //! Values the last link reads besides its own F: what forwarding moves one link earlier.
    static constexpr int last_link_reads()
    {
        int k = chain_reads_state(last_link) ? 1 : 0;
        for (int m = 0; m < last_link; ++m) k += chain_reads_derivative(last_link, m) ? 1 : 0;
        return k;
    }
    //! Forward where it saves FIFO entries: each value read at the last link loses skew,
    //! each forwarded value costs skew.
    static constexpr bool forwards = links >= 2 && last_link_reads() > forwardable_values();
    static constexpr bool forwards_solution = forwards && chain::lc_forms_solution(std::size_t(last_link));
    static constexpr bool forwards_error = forwards && chain::lc_forms_error(std::size_t(last_link));
    //! The link that forms the forwarded partial sums: E - 1 (-1: no forwarding).
    static constexpr int forward_link = forwards ? last_link - 1 : -1;
    static constexpr int forwarded_values = forwards ? forwardable_values() : 0;

    //! Does the LC of link J read F_m?
    static constexpr bool reads_derivative(int j, int m)
    {
        if (m > j) return false;
        if (forwards && j == last_link)
            return m == j && ((forwards_solution && !Tableau::b[std::size_t(m)].is_zero()) ||
                              (forwards_error && error_weight(m)));
        if (forwards && j == forward_link) return chain_reads_derivative(j, m) || chain_reads_derivative(last_link, m);
        return chain_reads_derivative(j, m);
    }
    static constexpr bool reads_state(int j)
    {
        if (forwards && j == last_link) return false;
        if (forwards && j == forward_link) return chain_reads_state(j) || chain_reads_state(last_link);
        return chain_reads_state(j);
    }
    static constexpr int last_reader(int m)
    {
        int last = m;
        for (int j = m + 1; j < links; ++j)
            if (reads_derivative(j, m)) last = j;
        return last;
    }
    //! FIFO entries of F_m: link J reads the entry skew (J - m) - 1 (shifted in skew (J - m) steps before)
    static constexpr int derivative_fifo(int m) { return skew * (last_reader(m) - m); }
    static constexpr int state_fifo()
    {
        int last = 0;
        for (int j = 0; j < links; ++j)
            if (reads_state(j)) last = j;
        return skew * last;
    }
    static constexpr int longest_fifo()
    {
        int l = state_fifo();
        for (int m = 0; m < links; ++m) l = derivative_fifo(m) > l ? derivative_fifo(m) : l;
        return l > 0 ? l : 1;
    }
    //! Values every thread keeps in FIFOs: the kernel's register cost beyond the RHS.
    static constexpr int fifo_values()
    {
        int v = state_fifo() + skew * forwarded_values;
        for (int m = 0; m < links; ++m) v += derivative_fifo(m);
        return v;
    }
};

//! Values the last link of `chain` would forward (streaming_layout::forwardable_values).
inline int streaming_forwardable_values(const link_chain& chain)
{
    const std::size_t e = chain.links - 1;
    return int(chain.solution_link == e) + (chain.error_link == e ? (chain.error_norm_fused ? 2 : 1) : 0);
}

//! What the last link of `chain` reads besides its own F (streaming_layout::last_link_reads).
inline std::vector<int> streaming_last_link_reads(const link_chain& chain)
{
    const std::size_t e = chain.links - 1;
    std::vector<int> moved;
    for (int v : chain.lc_inputs[e])
        if (v != chain.rhs_output[e]) moved.push_back(v);
    return moved;
}

} // namespace detail

/*! Does the streaming kernel forward the last link's sums from the link before it
    (streaming_layout::forwards, run-time form)? Where that keeps fewer FIFO values. */
inline bool streaming_forwards(const link_chain& chain)
{
    return chain.links >= 2 &&
           int(detail::streaming_last_link_reads(chain).size()) > detail::streaming_forwardable_values(chain);
}

/*! The values one thread of the streaming kernel keeps in FIFOs for `chain` (its
    run-time form; equal to streaming_layout<...>::fifo_values() for the chain of a
    tableau and reach): for the state and each derivative, reach + 1 times the distance
    from the link that forms it (0 for the state) to the last link whose linear
    combinations read it; where the kernel forwards the last link's sums, that link's
    reads move to the link before it, plus reach + 1 entries per forwarded value. */
inline int streaming_fifo_values(const link_chain& chain, int reach = 1)
{
    const int links = int(chain.links);
    std::vector<std::vector<int>> reads = chain.lc_inputs;
    int forwarded = 0;
    if (streaming_forwards(chain))
    {
        const std::size_t e = chain.links - 1;
        for (int v : detail::streaming_last_link_reads(chain))
            if (std::find(reads[e - 1].begin(), reads[e - 1].end(), v) == reads[e - 1].end()) reads[e - 1].push_back(v);
        reads[e].assign(1, chain.rhs_output[e]);  // its own F (or nothing: a vector no one reads costs nothing)
        forwarded = detail::streaming_forwardable_values(chain);
    }
    // the last link after `after` whose linear combinations read vector v, else `none`
    auto last_reading_link = [&](int v, int after, int none) {
        int last = none;
        for (int j = after; j < links; ++j)
        {
            const std::vector<int>& in = reads[std::size_t(j)];
            if (std::find(in.begin(), in.end(), v) != in.end()) last = j;
        }
        return last;
    };
    const int skew = reach + 1;  // FIFO entries per link of distance
    int values = skew * (last_reading_link(vector_ids::state_in, 0, 0) + forwarded);
    for (int m = 0; m < links; ++m)
        values += skew * (last_reading_link(chain.rhs_output[std::size_t(m)], m + 1, m) - m);
    return values;
}

/*! Tiles for one wave of the streaming kernel running `chain` in chunks of `threads` at
    access distance d on `sms` SMs (cuda_launch_policy::streaming_tiles_per_wave, of the threads
    per SM the kernel is built for with the chain's FIFO values), or 0 where it does not
    run it: not built for that chunk and reach, more FIFO values than
    cuda_launch_policy::streaming_max_fifo_values, or rings beyond
    cuda_launch_policy::streaming_max_ring_bytes. What automatic() and `tune` ask before they
    take overlapped tiles for the streaming kernel. */
inline std::size_t streaming_wave_tiles(const link_chain& chain, std::size_t d, std::size_t threads,
                                        std::size_t value_size, std::size_t sms)
{
    const unsigned reach = cuda_launch_policy::streaming_reach(d, threads);
    if (!cuda_launch_policy::streaming_is_built(threads, reach) ||
        cuda_launch_policy::streaming_ring_bytes(chain.links, threads, value_size, reach) > cuda_launch_policy::streaming_max_ring_bytes)
        return 0;
    const int fifo_values = streaming_fifo_values(chain, int(reach));
    if (fifo_values > cuda_launch_policy::streaming_max_fifo_values) return 0;
    return cuda_launch_policy::streaming_tiles_per_wave(sms, threads, cuda_launch_policy::streaming_threads_per_sm_for(fifo_values, threads));
}

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STREAMING_LAYOUT_HPP_INCLUDED
