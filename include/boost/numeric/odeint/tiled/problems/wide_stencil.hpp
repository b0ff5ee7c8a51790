/*
 boost/numeric/odeint/tiled/problems/wide_stencil.hpp

 problems::wide_stencil: a 1D symmetric stencil of any width d (clamped ends), for
 tests that need a chosen access distance, d = 0 included.
 Usable on the host and (compiled with nvcc) on the device; a small plain value
 (trivially copyable), so it can be passed to kernels by value. The constructor is
 host-only and throws std::invalid_argument on bad sizes; operator() never throws.
 All reference problems: <boost/numeric/odeint/tiled/reference_problems.hpp>.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_WIDE_STENCIL_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_WIDE_STENCIL_HPP_INCLUDED

#include <cstddef>
#include <stdexcept>

#include <boost/numeric/odeint/tiled/config.hpp>
#include <boost/numeric/odeint/tiled/problems/heat1d.hpp>

namespace boost {
namespace numeric {
namespace odeint {
namespace tiled {
namespace problems {

/*
 A symmetric 1D stencil of width d, to produce any access distance in tests:
   f_j = k · Σ_{m=1..d} (y_{c(j−m)} + y_{c(j+m)} − 2y_j) / m²    for d >= 1,
   f_j = −k · y_j                                               for d = 0,
 where c clamps the index to [0, n−1] (clamped, not mirrored, so every index stays
 valid for any d, including d >= n). Reads exactly y_{j−d} .. y_{j+d} where they
 exist. Eigenvalues lie in [−4k·Σ 1/m², 0] ⊂ [−6.58k, 0] (or −k for d = 0).
 initial_state: the same smooth profile as heat1d.
*/
class wide_stencil
{
public:
    wide_stencil(std::size_t n, std::size_t d, double k) : m_n(n), m_d(d), m_k(k)
    {
        if (n == 0)
            throw std::invalid_argument("wide_stencil: needs n >= 1 components, got n = 0");
    }

    BOOST_ODEINT_TILED_HD std::size_t size() const { return m_n; }
    BOOST_ODEINT_TILED_HD double k() const { return m_k; }
    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return m_d; }
    double suggested_dt() const { return 0.5 * 2.5 / (6.58 * m_k); }

    BOOST_ODEINT_TILED_NO_EXEC_CHECK
    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t j, const Y& y, Time) const
    {
        const double c = y[j];
        if (m_d == 0)
            return -m_k * c;
        double sum = 0.0;
        for (std::size_t m = 1; m <= m_d; ++m) {
            const std::size_t jl = j >= m ? j - m : 0;
            const std::size_t jr = m < m_n - j ? j + m : m_n - 1;
            const double w = 1.0 / (static_cast<double>(m) * static_cast<double>(m));
            sum += w * (y[jl] + y[jr] - 2.0 * c);
        }
        return m_k * sum;
    }

    template <class State>
    void initial_state(State& y) const
    {
        for (std::size_t j = 0; j < m_n; ++j)
            y[j] = heat1d::smooth_profile(j, m_n);
    }

private:
    std::size_t m_n;
    std::size_t m_d;
    double m_k;
};

} // namespace problems
} // namespace tiled
} // namespace odeint
} // namespace numeric
} // namespace boost

#endif // BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_WIDE_STENCIL_HPP_INCLUDED
