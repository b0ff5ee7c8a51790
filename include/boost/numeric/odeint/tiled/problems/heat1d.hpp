/*
 boost/numeric/odeint/tiled/problems/heat1d.hpp

 problems::heat1d: a 1D diffusion chain with mirrored (Neumann) ends; d = 1.
 Usable on the host and (compiled with nvcc) on the device; a small plain value
 (trivially copyable), so it can be passed to kernels by value. The constructor is
 host-only and throws std::invalid_argument on bad sizes; operator() never throws.
 All reference problems: <boost/numeric/odeint/tiled/reference_problems.hpp>.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_HEAT1D_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_HEAT1D_HPP_INCLUDED

#include <cmath>
#include <cstddef>
#include <stdexcept>

#include <boost/numeric/odeint/tiled/config.hpp>

namespace boost {
namespace numeric {
namespace odeint {
namespace tiled {
namespace problems {

/*
 1D diffusion chain with n components: f_j = k·(y_{j−1} − 2y_j + y_{j+1}), Neumann
 ends by mirroring (y_{−1} = y_1, y_n = y_{n−2}; a single component has f = 0).
 d = 1. The eigenvalues lie in [−4k, 0]; suggested_dt() = 0.5 · 2.5 / (4k) for RK4.
 initial_state: y_j = 1 + sin(2π·j/n) + 0.25·cos(0.37·j).
*/
class heat1d
{
public:
    heat1d(std::size_t n, double k) : m_n(n), m_k(k)
    {
        if (n == 0)
            throw std::invalid_argument("heat1d: needs n >= 1 components, got n = 0");
    }

    BOOST_ODEINT_TILED_HD std::size_t size() const { return m_n; }
    BOOST_ODEINT_TILED_HD double k() const { return m_k; }
    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return 1; }
    double suggested_dt() const { return 0.5 * 2.5 / (4.0 * m_k); }

    BOOST_ODEINT_TILED_NO_EXEC_CHECK
    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t j, const Y& y, Time) const
    {
        const std::size_t m = m_n > 1 ? 1 : 0; // mirror step; 0 for a single component
        const std::size_t jl = j > 0 ? j - 1 : j + m;
        const std::size_t jr = j + 1 < m_n ? j + 1 : j - m;
        return m_k * (y[jl] - 2.0 * y[j] + y[jr]);
    }

    // The optional range form: interior components in one plain, vectorisable loop.
    template <class Y, class Out, class Time>
    void evaluate_range(std::size_t first, std::size_t last, const Y& y, Out* dydt, Time t) const
    {
        std::size_t j = first;
        if (j < last && j == 0) { dydt[0] = static_cast<Out>((*this)(j, y, t)); ++j; }
        const std::size_t interior_end = last < m_n ? last : m_n - 1;
        if (j < interior_end)
        {
            const auto* p = &y[j];
            Out* o = dydt + (j - first);
            const std::ptrdiff_t count = std::ptrdiff_t(interior_end - j);
            for (std::ptrdiff_t k = 0; k < count; ++k)
                o[k] = static_cast<Out>(m_k * (p[k - 1] - 2.0 * p[k] + p[k + 1]));
            j = interior_end;
        }
        for (; j < last; ++j) dydt[j - first] = static_cast<Out>((*this)(j, y, t));
    }

    template <class State>
    void initial_state(State& y) const
    {
        for (std::size_t j = 0; j < m_n; ++j)
            y[j] = smooth_profile(j, m_n);
    }

    // 1 + sin(2π·j/n) + 0.25·cos(0.37·j): smooth, and different at every component.
    static double smooth_profile(std::size_t j, std::size_t n)
    {
        const double x = static_cast<double>(j);
        return 1.0 + std::sin(6.283185307179586 * x / static_cast<double>(n)) + 0.25 * std::cos(0.37 * x);
    }

private:
    std::size_t m_n;
    double m_k;
};

} // namespace problems
} // namespace tiled
} // namespace odeint
} // namespace numeric
} // namespace boost

#endif // BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_HEAT1D_HPP_INCLUDED
