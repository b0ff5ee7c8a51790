/*
 example/phase_oscillator_chain.cpp

 odeint's chain of phase oscillators (examples/phase_oscillator_chain.cpp and
 examples/thrust/phase_oscillator_chain.cu in odeint, after Cohen, Holmes & Rand):

     dphi_j/dt = omega_j + sin(phi_{j+1} - phi_j) + sin(phi_j - phi_{j-1})

 integrated twice from the same start: with odeint's own runge_kutta4 on the
 whole-vector form of the system (tiled::as_odeint_system, evaluated in parallel on
 tiled::tbb_algebra) and with the tiled runge_kutta4. Prints a few phases of both
 results and their largest difference (both compute the same sums in the same
 order, so they agree to rounding, usually bit for bit).

     phase_oscillator_chain [N [T_END]]     (defaults: N = 10000, T_END = 5)

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

//[phase_chain_system
// The frequencies omega_j = (n - j) * epsilon, as in odeint's example (there they are
// an array; here a function of j). A term reaching past an end of the chain is dropped.
struct phase_chain
{
    std::size_t n;
    double epsilon;

    std::size_t access_distance() const { return 1; }

    template <class Y>
    double operator()(std::size_t j, const Y& phi, double /*t*/) const
    {
        const double omega = double(n - j) * epsilon;
        const double right = j + 1 < n ? std::sin(phi[j + 1] - phi[j]) : 0.0;
        const double left = j > 0 ? std::sin(phi[j] - phi[j - 1]) : 0.0;
        return omega + right + left;
    }
};
//]

int main(int argc, char* argv[])
try
{
    const std::size_t n = argc > 1 ? std::stoul(argv[1]) : 10000;
    const double t_end = argc > 2 ? std::stod(argv[2]) : 5.0;
    const double dt = 0.01;
    const phase_chain sys{n, 6.0 / (double(n) * double(n))};

    state_type phi0(n);
    for (std::size_t j = 0; j < n; ++j) {   // deterministic "random" phases in [0, 2 pi)
        const double f = double(j) * 0.6180339887498949;
        phi0[j] = 6.283185307179586 * (f - std::floor(f));
    }

    //[stock_and_tiled
    // Stock odeint: the whole-vector system x -> dxdt, parallel on TBB.
    state_type x_stock = phi0;
    odeint::runge_kutta4<state_type, double, state_type, double, tiled::tbb_algebra> stock;
    odeint::integrate_const(stock, tiled::as_odeint_system(sys), x_stock, 0.0, t_end, dt);

    // The tiled stepper on the same system, same steps.
    state_type x_tiled = phi0;
    tiled::runge_kutta4<state_type> rk4;
    odeint::integrate_const(rk4, sys, x_tiled, 0.0, t_end, dt);
    //]

    double diff = 0, scale = 0;
    for (std::size_t j = 0; j < n; ++j) {
        diff = std::max(diff, std::abs(x_stock[j] - x_tiled[j]));
        scale = std::max(scale, std::abs(x_stock[j]));
    }
    std::printf("phase oscillator chain: n = %zu, t = 0 .. %g, dt = %g, tiling %s\n", n, t_end, dt,
                rk4.tiling().to_string().c_str());
    std::printf("%8s %22s %22s\n", "j", "stock odeint rk4", "tiled rk4");
    for (std::size_t j : {std::size_t(0), std::size_t(1), n / 2, n - 2, n - 1})
        std::printf("%8zu %22.15f %22.15f\n", j, x_stock[j], x_tiled[j]);
    std::printf("max |stock - tiled| = %.3g (max |phi| = %.3g, relative %.2e)\n", diff, scale, diff / scale);
    return diff <= 1e-10 * std::max(1.0, scale) ? 0 : 1;
}
catch (const std::exception& e)
{
    std::fprintf(stderr, "phase_oscillator_chain: %s\n", e.what());
    return 1;
}
