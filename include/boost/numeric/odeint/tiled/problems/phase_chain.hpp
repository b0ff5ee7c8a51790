/*
 boost/numeric/odeint/tiled/problems/phase_chain.hpp

 problems::phase_chain: odeint's chain of phase oscillators; d = 1.
 Usable on the host and (compiled with nvcc) on the device; a small plain value
 (trivially copyable), so it can be passed to kernels by value. The constructor is
 host-only and throws std::invalid_argument on bad sizes; operator() never throws.
 All reference problems: <boost/numeric/odeint/tiled/reference_problems.hpp>.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_PHASE_CHAIN_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_PHASE_CHAIN_HPP_INCLUDED

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
 odeint's chain of phase oscillators (examples/thrust/phase_oscillator_chain.cu,
 after Cohen, Holmes & Rand 1982):
   dφ_j/dt = ω_j + sin(φ_{j+1} − φ_j) + sin(φ_j − φ_{j−1}),
 with the terms reaching past the ends dropped. d = 1. The frequencies are a
 function of j, as in odeint's example, so no array is stored:
   ω_j = (n − j)·ε,  ε = 6/n² by default (phase locking needs ε < 8/n²).
 initial_state: φ_j = 2π·frac(j·(√5 − 1)/2), a deterministic stand-in for the
 example's uniformly random phases.
*/
class phase_chain
{
public:
    explicit phase_chain(std::size_t n) : phase_chain(n, 6.0 / (static_cast<double>(n) * static_cast<double>(n))) {}
    phase_chain(std::size_t n, double epsilon) : m_n(n), m_epsilon(epsilon)
    {
        if (n == 0)
            throw std::invalid_argument("phase_chain: needs n >= 1 oscillators, got n = 0");
    }

    BOOST_ODEINT_TILED_HD std::size_t size() const { return m_n; }
    BOOST_ODEINT_TILED_HD double epsilon() const { return m_epsilon; }
    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return 1; }
    BOOST_ODEINT_TILED_HD double omega(std::size_t j) const { return static_cast<double>(m_n - j) * m_epsilon; }

    BOOST_ODEINT_TILED_NO_EXEC_CHECK
    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t j, const Y& y, Time) const
    {
        using std::sin;
        // At an end the missing neighbour is the oscillator itself: sin(0) = 0.
        const std::size_t jl = j > 0 ? j - 1 : j;
        const std::size_t jr = j + 1 < m_n ? j + 1 : j;
        const double p = y[j];
        return omega(j) + sin(y[jr] - p) + sin(p - y[jl]);
    }

    template <class State>
    void initial_state(State& y) const
    {
        const double golden = 0.6180339887498949;
        for (std::size_t j = 0; j < m_n; ++j) {
            const double f = static_cast<double>(j) * golden;
            y[j] = 6.283185307179586 * (f - std::floor(f));
        }
    }

private:
    std::size_t m_n;
    double m_epsilon;
};

} // namespace problems
} // namespace tiled
} // namespace odeint
} // namespace numeric
} // namespace boost

#endif // BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_PHASE_CHAIN_HPP_INCLUDED
