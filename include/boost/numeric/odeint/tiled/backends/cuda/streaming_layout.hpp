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

#include <algorithm>
#include <cstddef>
#include <vector>

#include <boost/numeric/odeint/tiled/plan/link_chain.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

/*! What the streaming kernel keeps in registers for one chain: FIFOs for the values a
    linear combination reads of its own component (its shared rings, 4 chunks per
    stage argument, are cuda_tuning::streaming_ring_bytes). */
template <class Tableau, bool WithError, bool FusedNorm>
struct streaming_layout
{
    using chain = chain_traits<Tableau, WithError>;
    static constexpr int links = int(chain::links);

    //! Does the LC of link J read F_m? The fused norm's scale also reads F_0.
    static constexpr bool reads_derivative(int j, int m)
    {
        return chain::lc_reads_derivative(std::size_t(j), std::size_t(m)) ||
               (FusedNorm && m == 0 && chain::lc_forms_error(std::size_t(j)));
    }
    static constexpr bool reads_state(int j)
    {
        return chain::lc_reads_state(std::size_t(j)) || (FusedNorm && chain::lc_forms_error(std::size_t(j)));
    }
    static constexpr int last_reader(int m)
    {
        int last = m;
        for (int j = m + 1; j < links; ++j)
            if (reads_derivative(j, m)) last = j;
        return last;
    }
    //! FIFO entries of F_m: link J reads the entry 2(J - m) - 1 (shifted in 2(J - m) steps before)
    static constexpr int derivative_fifo(int m) { return 2 * (last_reader(m) - m); }
    static constexpr int state_fifo()
    {
        int last = 0;
        for (int j = 0; j < links; ++j)
            if (reads_state(j)) last = j;
        return 2 * last;
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
        int v = state_fifo();
        for (int m = 0; m < links; ++m) v += derivative_fifo(m);
        return v;
    }
};

} // namespace detail

/*! The values one thread of the streaming kernel keeps in FIFOs for `chain` (its
    run-time form; equal to streaming_layout<...>::fifo_values() for the chain of a
    tableau): for the state and each derivative, twice the distance from the link
    that forms it (0 for the state) to the last link whose linear combinations read it. */
inline int streaming_fifo_values(const link_chain& chain)
{
    const int links = int(chain.links);
    // the last link after `after` whose linear combinations read vector v, else `none`
    auto last_reading_link = [&](int v, int after, int none) {
        int last = none;
        for (int j = after; j < links; ++j)
        {
            const std::vector<int>& in = chain.lc_inputs[std::size_t(j)];
            if (std::find(in.begin(), in.end(), v) != in.end()) last = j;
        }
        return last;
    };
    int values = 2 * last_reading_link(vector_ids::state_in, 0, 0);
    for (int m = 0; m < links; ++m) values += 2 * (last_reading_link(chain.rhs_output[std::size_t(m)], m + 1, m) - m);
    return values;
}

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_STREAMING_LAYOUT_HPP_INCLUDED
