/*
 boost/numeric/odeint/tiled/problems/lorenz96.hpp

 problems::lorenz96: the periodic Lorenz-96 model, the reference problem for periodic
 systems (concepts.md, "Periodic systems: the ring"): d = n - 1 along the state, a
 cyclic access distance of 2 around the ring. Usable on the host and (compiled with
 nvcc) on the device; a small plain value (trivially copyable). The constructor is
 host-only and throws std::invalid_argument on bad sizes; operator() never throws.
 All reference problems: <boost/numeric/odeint/tiled/reference_problems.hpp>.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_LORENZ96_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_LORENZ96_HPP_INCLUDED

#include <cstddef>
#include <stdexcept>
#include <string>

#include <boost/numeric/odeint/tiled/config.hpp>

namespace boost {
namespace numeric {
namespace odeint {
namespace tiled {
namespace problems {

/*
 Lorenz-96 (E. N. Lorenz, "Predictability: a problem partly solved", 1996) on n >= 4
 components: f_i = (x_{i+1} − x_{i−2})·x_{i−1} − x_i + F, indices modulo n. Chaotic
 for F = 8 (the default). suggested_dt() = 0.01.
 initial_state: x_i = F − 0.1 + 0.01·((7919·i) mod 23): near the fixed point x = F,
 different at neighbouring components.
*/
class lorenz96
{
public:
    explicit lorenz96(std::size_t n, double forcing = 8.0) : m_n(n), m_forcing(forcing)
    {
        if (n < 4)
            throw std::invalid_argument("lorenz96: needs n >= 4 components, got n = " + std::to_string(n));
    }

    BOOST_ODEINT_TILED_HD std::size_t size() const { return m_n; }
    BOOST_ODEINT_TILED_HD double forcing() const { return m_forcing; }
    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return m_n - 1; }
    BOOST_ODEINT_TILED_HD std::size_t cyclic_access_distance() const { return 2; }
    double suggested_dt() const { return 0.01; }

    BOOST_ODEINT_TILED_NO_EXEC_CHECK
    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t i, const Y& x, Time) const
    {
        const double xm2 = x[i >= 2 ? i - 2 : i + m_n - 2];
        const double xm1 = x[i >= 1 ? i - 1 : m_n - 1];
        const double xp1 = x[i + 1 < m_n ? i + 1 : 0];
        return (xp1 - xm2) * xm1 - x[i] + m_forcing;
    }

    // The optional range form: the components whose reads do not wrap, in one plain,
    // vectorisable loop; the three next to the ends one by one.
    template <class Y, class Out, class Time>
    void evaluate_range(std::size_t first, std::size_t last, const Y& y, Out* dydt, Time t) const
    {
        std::size_t j = first;
        for (; j < last && j < 2; ++j) dydt[j - first] = static_cast<Out>((*this)(j, y, t));
        const std::size_t interior_end = last < m_n - 1 ? last : m_n - 1;
        if (j < interior_end)
        {
            const auto* p = &y[j];
            Out* o = dydt + (j - first);
            const std::ptrdiff_t count = std::ptrdiff_t(interior_end - j);
            for (std::ptrdiff_t k = 0; k < count; ++k)
                o[k] = static_cast<Out>((p[k + 1] - p[k - 2]) * p[k - 1] - p[k] + m_forcing);
            j = interior_end;
        }
        for (; j < last; ++j) dydt[j - first] = static_cast<Out>((*this)(j, y, t));
    }

    template <class State>
    void initial_state(State& x) const
    {
        for (std::size_t i = 0; i < m_n; ++i) x[i] = initial_value(i);
    }

    double initial_value(std::size_t i) const { return m_forcing - 0.1 + 0.01 * double((i * 7919) % 23); }

private:
    std::size_t m_n;
    double m_forcing;
};

} // namespace problems
} // namespace tiled
} // namespace odeint
} // namespace numeric
} // namespace boost

#endif // BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_LORENZ96_HPP_INCLUDED
