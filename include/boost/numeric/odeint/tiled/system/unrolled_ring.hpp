/*
 boost/numeric/odeint/tiled/system/unrolled_ring.hpp

 A periodic system (one with cyclic_access_distance() c, concepts.md "Periodic
 systems: the ring") stepped as the line of its unrolled ring: the n components of the
 ring with a halo of H components on either side, n + 2H in all, where line component
 e is the system's component (e - H) mod n. With H = s c (s stages), one step on that
 line gives the ring's values on the middle n components exactly, whatever it gives
 at the line's ends: the same argument as a distributed rank's halo (the core paper's
 trapezoids, each tile's halo computed twice). So a backend whose kernels tile lines
 but not rings steps a periodic system with d = c on the line, reading the state and
 writing the middle n components modulo n (its executor's unrolls_rings,
 core/backend.hpp; the CUDA backend's streaming kernel).

 - unrolled_ring: n and H.
 - detail::unrolled_ring_system<System>: the system as the line sees it. Its access
   distance along the line is c; a read of component i by component g lands at line
   component e + delta, delta the ring difference i - g, in 32-bit arithmetic
   (ring_difference_view.hpp: so the line must be shorter than 2^31 components).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_SYSTEM_UNROLLED_RING_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_SYSTEM_UNROLLED_RING_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

#include <boost/numeric/odeint/tiled/system/ring_difference_view.hpp>

BOOST_ODEINT_TILED_DEVICE_CALLS_BEGIN

namespace boost { namespace numeric { namespace odeint { namespace tiled {

//! A ring of n components unrolled into a line of n + 2 * halo (see the file comment).
struct unrolled_ring
{
    std::size_t n = 0;
    std::size_t halo = 0;
    BOOST_ODEINT_TILED_HD std::size_t size() const { return n + 2 * halo; }

    //! The line's length limit of unrolled_ring_system's 32-bit index arithmetic.
    static constexpr std::size_t max_size = detail::ring_difference_limit;

    /*! The halo one step of `stages` stages needs with cyclic distance c, or 0 where the
        ring cannot be unrolled: a ring of no more than 2 halos (the mapping needs n > 2c,
        and a halo longer than the ring would wrap twice) or a line too long for 32-bit
        indices. */
    static std::size_t halo_for(std::size_t n, std::size_t c, std::size_t stages)
    {
        const std::size_t h = stages * c;
        if (h == 0 || n <= 2 * h || n + 2 * h > max_size) return 0;
        return h;
    }
};

namespace detail {

template <class System>
class unrolled_ring_system
{
public:
    unrolled_ring_system(const System& sys, const unrolled_ring& ring)
        : m_sys(sys), m_n(unsigned(ring.n)), m_halo(unsigned(ring.halo)), m_c(unsigned(sys.cyclic_access_distance()))
    {
    }

    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return m_c; }

    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD auto operator()(std::size_t j, const Y& y, Time t) const
    {
        const unsigned e = unsigned(j);
        int g = int(e) - int(m_halo);
        if (g < 0) g += int(m_n);
        else if (g >= int(m_n)) g -= int(m_n);
        return m_sys(std::size_t(g), ring_difference_view<Y, false>{&y, unsigned(g), e, m_n, int(m_n / 2), 0}, t);
    }

private:
    System m_sys;
    unsigned m_n, m_halo, m_c;
};

} // namespace detail

}}}} // namespace boost::numeric::odeint::tiled

BOOST_ODEINT_TILED_DEVICE_CALLS_END

#endif // BOOST_NUMERIC_ODEINT_TILED_SYSTEM_UNROLLED_RING_HPP_INCLUDED
