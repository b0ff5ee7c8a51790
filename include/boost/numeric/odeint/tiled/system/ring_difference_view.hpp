/*
 boost/numeric/odeint/tiled/system/ring_difference_view.hpp

 What a component of a periodic system (cyclic_access_distance() c, concepts.md
 "Periodic systems: the ring") reads when it is stepped on a line of its ring: the
 line of the unrolled ring on one device (unrolled_ring.hpp) and a rank's window
 (distributed/ring_window_system.hpp). Both place the ring's component g at line
 position e and map a read of ring component i to e + delta, delta the ring
 difference i - g reduced to |delta| <= n/2: it lies in [-c, c], by one n less or more
 than i - g where the read crosses the ring's seam (as g - 2 mod n does at g = 0);
 n > 2c makes that unambiguous.

 The arithmetic is 32-bit (ring and line shorter than 2^31): only the low 32 bits of a
 read's index are used, so the compiler drops the high halves of the system's own
 index arithmetic too (64-bit ring indices, a few instructions each on the GPU, cost
 much of what the tiles gain: doc/results/gpu_h200.md, "Periodic systems on the line
 of their unrolled ring", and gpu_2x_h200.md).

 Clamped: positions outside [0, last] read the nearer end, for lines held in memory
 (a window), whose end components make such reads (their results are not used). The
 nearer end, not any position inside: a kernel that holds a tile's part of the line
 in shared memory then reads only that part (a read of the far end would race with
 the threads that hold it). The unrolled ring's kernel reads its line modulo n and
 needs no clamp.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_SYSTEM_RING_DIFFERENCE_VIEW_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_SYSTEM_RING_DIFFERENCE_VIEW_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

BOOST_ODEINT_TILED_DEVICE_CALLS_BEGIN

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

//! The largest ring and line the 32-bit mapping serves.
constexpr std::size_t ring_difference_limit = (std::size_t(1) << 31) - 1;

//! The reads of ring component g at line position e (see the file comment).
template <class Y, bool Clamped>
struct ring_difference_view
{
    const Y* y;
    unsigned g, e;
    unsigned n;     //!< the ring's length
    int half;       //!< n / 2
    unsigned last;  //!< the line's last position (Clamped)

    BOOST_ODEINT_TILED_HD decltype(auto) operator[](std::size_t i) const
    {
        int delta = int(unsigned(i) - g);
        if (delta > half) delta -= int(n);
        else if (delta < -half) delta += int(n);
        if constexpr (Clamped)
        {
            const int p = int(e) + delta;
            return (*y)[std::size_t(p < 0 ? 0u : (unsigned(p) < last ? unsigned(p) : last))];
        }
        else
        {
            return (*y)[std::size_t(e + unsigned(delta))];
        }
    }
};

}}}}} // namespace boost::numeric::odeint::tiled::detail

BOOST_ODEINT_TILED_DEVICE_CALLS_END

#endif // BOOST_NUMERIC_ODEINT_TILED_SYSTEM_RING_DIFFERENCE_VIEW_HPP_INCLUDED
