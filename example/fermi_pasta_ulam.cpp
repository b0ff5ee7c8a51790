/*
 example/fermi_pasta_ulam.cpp

 The Fermi-Pasta-Ulam(-Tsingou) alpha chain: N masses between two fixed walls,
 coupled by springs with the force r + alpha r^2, written as a first-order system
 with positions and momenta interleaved (q_0, p_0, q_1, p_1, ...), so that the
 right-hand side has a small access distance (d = 3), and integrated with the tiled
 runge_kutta4. Starting with all the energy in the lowest normal mode, it prints
 the energy of the first normal modes (watch it spread and come back) and checks
 that the total energy is conserved up to the method's small error.

     fermi_pasta_ulam [N [T_END]]     (defaults: N = 32 masses, T_END = 3000)

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
using state_type = std::vector<double>;

//[fpu_system
// State y = (q_0, p_0, q_1, p_1, ..., q_{N-1}, p_{N-1}); the walls are q_{-1} = q_N = 0.
//   dq_i/dt = p_i                                  component 2i   reads y[2i+1]
//   dp_i/dt = V'(q_{i+1} - q_i) - V'(q_i - q_{i-1}) component 2i+1 reads y[2i-2], y[2i], y[2i+2]
// with V'(r) = r + alpha r^2. The farthest read is 3 components away: d = 3.
struct fpu_chain
{
    std::size_t masses;
    double alpha;

    std::size_t access_distance() const { return 3; }

    template <class Y>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t j, const Y& y, double /*t*/) const
    {
        if (j % 2 == 0) return y[j + 1];                             // dq_i/dt = p_i
        const std::size_t i = j / 2;
        const double q = y[j - 1];
        const double q_left = i > 0 ? y[j - 3] : 0.0;               // walls: q = 0
        const double q_right = i + 1 < masses ? y[j + 1] : 0.0;
        const double r_right = q_right - q, r_left = q - q_left;
        return (r_right + alpha * r_right * r_right) - (r_left + alpha * r_left * r_left);
    }
};
//]

const double pi = 3.141592653589793;

// H = sum p_i^2/2 + sum over the N+1 springs of V(r) = r^2/2 + alpha r^3/3.
double energy(const state_type& y, double alpha)
{
    const std::size_t N = y.size() / 2;
    double e = 0, q_prev = 0;
    for (std::size_t i = 0; i <= N; ++i) {
        const double q = i < N ? y[2 * i] : 0.0;
        const double r = q - q_prev;
        e += 0.5 * r * r + alpha * r * r * r / 3.0;
        if (i < N) e += 0.5 * y[2 * i + 1] * y[2 * i + 1];
        q_prev = q;
    }
    return e;
}

// Harmonic energy of normal mode k (1-based) of the linear chain.
double mode_energy(const state_type& y, std::size_t k)
{
    const std::size_t N = y.size() / 2;
    double Q = 0, P = 0;
    for (std::size_t i = 0; i < N; ++i) {
        const double s = std::sin(pi * double(k) * double(i + 1) / double(N + 1));
        Q += y[2 * i] * s;
        P += y[2 * i + 1] * s;
    }
    const double norm = std::sqrt(2.0 / double(N + 1));
    Q *= norm;
    P *= norm;
    const double omega = 2.0 * std::sin(pi * double(k) / (2.0 * double(N + 1)));
    return 0.5 * (P * P + omega * omega * Q * Q);
}

int main(int argc, char* argv[])
try
{
    const std::size_t N = argc > 1 ? std::stoul(argv[1]) : 32;
    const double t_end = argc > 2 ? std::stod(argv[2]) : 3000.0;
    const double alpha = 0.25, dt = 0.1;

    //[fpu_integrate
    const fpu_chain sys{N, alpha};
    state_type y(2 * N, 0.0);
    for (std::size_t i = 0; i < N; ++i)                   // lowest normal mode, at rest
        y[2 * i] = std::sin(pi * double(i + 1) / double(N + 1));

    const double e0 = energy(y, alpha);
    double worst_drift = 0;
    tiled::runge_kutta4<state_type> rk4;
    const std::size_t print_every = static_cast<std::size_t>(t_end / dt / 10 + 0.5);
    std::size_t calls = 0;
    odeint::integrate_const(rk4, sys, y, 0.0, t_end, dt, [&](const state_type& x, double t) {
        worst_drift = std::max(worst_drift, std::abs(energy(x, alpha) / e0 - 1.0));
        if (print_every == 0 || calls++ % print_every != 0) return;
        std::printf("t = %7.1f  E1..E4 = %.4f %.4f %.4f %.4f  total energy %.10f\n", t, mode_energy(x, 1),
                    mode_energy(x, 2), mode_energy(x, 3), mode_energy(x, 4), energy(x, alpha));
    });
    //]

    std::printf("FPU alpha chain: N = %zu masses, n = %zu, d = %zu, alpha = %g, dt = %g, tiling %s\n", N, 2 * N,
                sys.access_distance(), alpha, dt, rk4.tiling().to_string().c_str());
    std::printf("largest relative energy change: %.2e (%s)\n", worst_drift,
                worst_drift < 1e-5 ? "conserved, ok" : "NOT conserved");
    return worst_drift < 1e-5 ? 0 : 1;
}
catch (const std::exception& e)
{
    std::fprintf(stderr, "fermi_pasta_ulam: %s\n", e.what());
    return 1;
}
