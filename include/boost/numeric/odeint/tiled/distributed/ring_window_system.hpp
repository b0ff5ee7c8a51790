/*
 boost/numeric/odeint/tiled/distributed/ring_window_system.hpp

 The system a rank steps when the user's system is periodic (it has a
 cyclic_access_distance() c, concepts.md "Periodic systems: the ring") and is not a
 grid cut into slabs: the ranks form a ring, rank 0's left neighbour being the last
 rank, and each rank's window is a line of the ring (window_layout with ring = true):
 window position p is the system's component (first + p) mod n.

 Reads are mapped by their step around the ring from the component that makes them:
 a read of component g' by component g lands at window position p + delta, delta the
 ring difference g' - g taken in (-n/2, n/2], so the window is a line whose reads
 reach c, which is the access distance it reports (it has no ring of its own). The
 mapping needs 2c < n, which the distributed stepper checks. ring_window_system<System>
 does it in 32-bit arithmetic (system/ring_difference_view.hpp, the one the unrolled
 ring uses on one device: the system's own index arithmetic then narrows too), for
 rings and windows shorter than 2^31 components; ring_window_system<System, true> in
 64-bit, for longer ones. They are two types, not a branch per component: on the GPU
 such a branch, with the system's code inlined once for each width, slows the 32-bit
 path measurably (doc/results/gpu_2x_h200.md). A ring of two ranks can
 then hold one component twice in a window (both halos come from the same
 neighbour), and each copy is read by its own side. A read beyond a window end (only
 components within s*c of an end make them, and their results are wrong anyway)
 reads that end, as in window_system.

 The block form evaluate_range, where the system has one, gets the runs of window
 positions whose components and reads stay inside the window and inside one lap of
 the state (no read across its ends, which the block form makes with its own
 indices); the components next to a window end or a state end go one by one.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_RING_WINDOW_SYSTEM_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_RING_WINDOW_SYSTEM_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/tiled/distributed/window_system.hpp>
#include <boost/numeric/odeint/tiled/system/range_rhs.hpp>
#include <boost/numeric/odeint/tiled/system/ring_difference_view.hpp>

BOOST_ODEINT_TILED_DEVICE_CALLS_BEGIN

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace distributed {

namespace detail {

//! What component `global` (at window position `position`) reads: global numbers
//! mapped by their ring difference to it, clamped to the window, in 64-bit arithmetic
//! for rings and windows of 2^31 components or more (see the file comment).
template <class Y>
struct ring_window_view
{
    const Y* y;
    long long position, global;
    long long n, last;  //!< the ring's length; the window's last position

    BOOST_ODEINT_TILED_HD auto operator[](std::size_t g) const
    {
        long long delta = static_cast<long long>(g) - global;
        if (2 * delta > n) delta -= n;
        else if (2 * delta <= -n) delta += n;
        long long i = position + delta;
        i = i < 0 ? 0 : (i > last ? last : i);
        return (*y)[static_cast<std::size_t>(i)];
    }
};

} // namespace detail

template <class System, bool WideIndices = false>
class ring_window_system
{
public:
    //! Whether a window of `size` on a ring of `n` can take the 32-bit arithmetic.
    static bool fits_32_bits(std::size_t size, std::size_t n)
    {
        return n <= tiled::detail::ring_difference_limit && size <= tiled::detail::ring_difference_limit;
    }

    //! The window of `size` positions whose first is component `first` of the ring of `n`.
    ring_window_system(const System& sys, std::size_t first, std::size_t size, std::size_t n)
        : m_sys(sys), m_first(static_cast<long long>(first)), m_last(static_cast<long long>(size) - 1),
          m_n(static_cast<long long>(n)), m_c(static_cast<std::size_t>(sys.cyclic_access_distance()))
    {
        if (!WideIndices && !fits_32_bits(size, n))
            throw std::invalid_argument("tiled::distributed: a window of " + std::to_string(size) +
                                        " components on a ring of " + std::to_string(n) +
                                        " exceeds 32-bit indices; use ring_window_system<System, true>");
    }

    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return m_c; }

    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD auto operator()(std::size_t j, const Y& y, Time t) const
    {
        if constexpr (WideIndices)
        {
            const long long p = static_cast<long long>(j), g = global(p);
            return m_sys(static_cast<std::size_t>(g), detail::ring_window_view<Y>{&y, p, g, m_n, m_last}, t);
        }
        else
        {
            // first < n and j < size, both below 2^31: the sum fits, two laps at most
            const unsigned n = unsigned(m_n);
            unsigned g = unsigned(m_first) + unsigned(j);
            if (g >= n) g -= n;
            if (g >= n) g -= n;
            return m_sys(std::size_t(g),
                         tiled::detail::ring_difference_view<Y, true>{&y, g, unsigned(j), n, int(n / 2),
                                                                      unsigned(m_last)},
                         t);
        }
    }

    //! The block form where the system has one, on the runs described in the file comment.
    template <class Y, class Out, class Time, class S = System,
              class = std::enable_if_t<has_range_rhs<S, decltype(detail::shift_view(std::declval<const Y&>(), 0LL)),
                                                     Out, Time>::value>>
    void evaluate_range(std::size_t first, std::size_t last, const Y& y, Out* dydt, Time t) const
    {
        const long long c = static_cast<long long>(m_c);
        const long long a = static_cast<long long>(first), b = static_cast<long long>(last);
        const long long inner_end = m_last + 1 - c;  // positions whose reads stay inside the window
        for (long long i = a; i < b;)
        {
            const long long g = global(i);
            if (i < c || i >= inner_end || g < c || g >= m_n - c)
            {
                dydt[i - a] = static_cast<Out>((*this)(std::size_t(i), y, t));
                ++i;
                continue;
            }
            // up to the window's inner end, the range's end, or the lap's last component
            // whose reads stay inside the state
            long long e = i + (m_n - c - g);
            if (e > inner_end) e = inner_end;
            if (e > b) e = b;
            m_sys.evaluate_range(std::size_t(g), std::size_t(g + (e - i)), detail::shift_view(y, g - i), dydt + (i - a),
                                 t);
            i = e;
        }
    }

    const System& system() const { return m_sys; }

private:
    //! (a window of a two-rank ring may be longer than the ring, never twice as long)
    BOOST_ODEINT_TILED_HD long long global(long long p) const
    {
        long long g = m_first + p;
        if (g >= m_n) g -= m_n;
        if (g >= m_n) g -= m_n;
        return g;
    }

    System m_sys;
    long long m_first, m_last, m_n;
    std::size_t m_c;
};

}}}}} // namespace boost::numeric::odeint::tiled::distributed

BOOST_ODEINT_TILED_DEVICE_CALLS_END

#endif // BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_RING_WINDOW_SYSTEM_HPP_INCLUDED
