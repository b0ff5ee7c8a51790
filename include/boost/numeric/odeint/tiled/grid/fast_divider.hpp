/*
 boost/numeric/odeint/tiled/grid/fast_divider.hpp

 detail::u32_divider: division by a divisor fixed at run time, for the index
 arithmetic of grid systems on GPUs, which have no integer divider.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_GRID_FAST_DIVIDER_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_GRID_FAST_DIVIDER_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

/*! Division of 32-bit unsigned numbers by a run-time divisor fixed at construction,
    as a multiply-high, an add and two shifts (Granlund and Montgomery, "Division by
    invariant integers using multiplication", 1994, figure 4.1): exact for every
    32-bit dividend. A GPU has no integer divider; its generic 32-bit division is
    a sequence of about twenty instructions, which showed in BRUSS2D's RHS. */
class u32_divider
{
public:
    u32_divider() = default;
    explicit u32_divider(unsigned divisor)
    {
        unsigned l = 0;  // ceil(log2(divisor))
        while (l < 32 && (1ull << l) < divisor) ++l;
        m_multiplier = static_cast<unsigned>(((1ull << 32) * ((1ull << l) - divisor)) / divisor + 1);
        m_shift1 = l < 1 ? l : 1;
        m_shift2 = l > 1 ? l - 1 : 0;
        m_power_of_two_shift = (1ull << l) == divisor ? l : 32;
    }
    //! log2(divisor) where the divisor is a power of two, else 32: a caller that can
    //! branch on it once (bruss2d) divides by a shift instead of divide()'s four steps
    BOOST_ODEINT_TILED_HD unsigned power_of_two_shift() const { return m_power_of_two_shift; }
    BOOST_ODEINT_TILED_HD unsigned divide(unsigned n) const
    {
#if defined(__CUDA_ARCH__)
        const unsigned t = __umulhi(m_multiplier, n);
#else
        const unsigned t = static_cast<unsigned>((static_cast<unsigned long long>(m_multiplier) * n) >> 32);
#endif
        return (t + ((n - t) >> m_shift1)) >> m_shift2;
    }

private:
    unsigned m_multiplier = 1;
    unsigned m_shift1 = 0;
    unsigned m_shift2 = 0;
    unsigned m_power_of_two_shift = 0;
};

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_GRID_FAST_DIVIDER_HPP_INCLUDED
