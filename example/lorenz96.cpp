/*
 example/lorenz96.cpp

 The Lorenz-96 model, a chaotic chain used in weather-forecast research:

     dx_i/dt = (x_{i+1} - x_{i-2}) x_{i-1} - x_i + F

 The model is periodic (x_{-1} = x_{N-1}, x_{-2} = x_{N-2}, x_N = x_0): component i
 reads x_{i-2} .. x_{i+1} around a ring. Measured along the state, as the
 LimitedAccessSystem concept's access_distance() is, component 0 reads component
 N-1, so that distance is N-1. Around the ring it is 2, and a system says so with
 cyclic_access_distance(): the TBB backend then tiles the ring, its first and last
 tiles being neighbours, as it tiles a chain with d = 2 (on a backend without ring
 plans the stepper falls back to access_distance(), one pass per stage).

 Integrates from a slightly perturbed rest state with the tiled runge_kutta4 on
 the automatic tiling and on explicit trapezoids and hexagons, and with odeint's
 runge_kutta4, and prints the mean and the standard deviation of x (its "climate"),
 the times and how far the runs differ.

     lorenz96 [N [T_END]]      (defaults: N = 20000, T_END = 20, F = 8)

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
using state_type = std::vector<double>;

//[lorenz96_system
// The periodic Lorenz-96: reads wrap around the ends of the state, so the access
// distance along it is n - 1; around the ring it is 2.
struct lorenz96
{
    std::size_t n;
    double forcing;

    std::size_t access_distance() const { return n - 1; }
    std::size_t cyclic_access_distance() const { return 2; }

    template <class Y>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t i, const Y& x, double /*t*/) const
    {
        const double xm2 = x[i >= 2 ? i - 2 : i + n - 2];   // (n >= 2)
        const double xm1 = x[i >= 1 ? i - 1 : n - 1];
        const double xp1 = x[i + 1 < n ? i + 1 : 0];
        return (xp1 - xm2) * xm1 - x[i] + forcing;
    }
};
//]

int main(int argc, char* argv[])
try
{
    const std::size_t n = argc > 1 ? std::stoul(argv[1]) : 20000;
    const double t_end = argc > 2 ? std::stod(argv[2]) : 20.0;
    const double forcing = 8.0, dt = 0.01;
    if (n < 4) throw std::invalid_argument("Lorenz-96 needs N >= 4 components");
    const lorenz96 sys{n, forcing};

    state_type x0(n, forcing);
    for (std::size_t i = 0; i < n; i += 97) x0[i] += 0.01;   // small kicks start the chaos

    using clock = std::chrono::steady_clock;
    auto seconds_since = [](clock::time_point t0) { return std::chrono::duration<double>(clock::now() - t0).count(); };
    auto run = [&](const tiled::tiling& config, state_type& x, bool* around_ring = nullptr) {
        tiled::runge_kutta4<state_type> rk4(config);
        x = x0;
        odeint::integrate_const(rk4, sys, x, 0.0, t_end, dt);
        if (around_ring) *around_ring = rk4.plan() && rk4.plan()->topology == tiled::access_topology::ring;
        return rk4.tiling();
    };

    state_type a, b, c, stock = x0;
    bool ring = false;
    clock::time_point t0 = clock::now();
    const tiled::tiling used = run(tiled::tiling::automatic(), a, &ring);
    const double tiled_seconds = seconds_since(t0);
    run(tiled::tiling::trapezoidal(4096, 4), b);
    run(tiled::tiling::hexagonal(4096, 4), c);  // on a ring: trapezoids of that width
    t0 = clock::now();
    odeint::integrate_const(odeint::runge_kutta4<state_type>(), tiled::as_odeint_system(sys), stock, 0.0, t_end, dt);
    const double stock_seconds = seconds_since(t0);

    double mean = 0, var = 0, diff = 0;
    for (double v : a) mean += v;
    mean /= double(n);
    for (std::size_t i = 0; i < n; ++i) {
        var += (a[i] - mean) * (a[i] - mean);
        diff = std::max({diff, std::abs(a[i] - b[i]), std::abs(a[i] - c[i]), std::abs(a[i] - stock[i])});
    }
    std::printf("Lorenz-96 (periodic): n = %zu, d = %zu along the state, %zu around the ring, F = %g, t = 0 .. %g, "
                "dt = %g\n", n, sys.access_distance(), sys.cyclic_access_distance(), forcing, t_end, dt);
    std::printf("automatic tiling: %s, %s\n", used.to_string().c_str(),
                ring ? "around the ring" : "along the state (no ring plan here)");
    std::printf("mean x = %.4f, standard deviation %.4f (rest state: %g, 0)\n", mean, std::sqrt(var / double(n)),
                forcing);
    std::printf("x[n/2 .. n/2+4] = %.6f %.6f %.6f %.6f %.6f\n", a[n / 2], a[n / 2 + 1], a[n / 2 + 2], a[n / 2 + 3],
                a[n / 2 + 4]);
    std::printf("time: tiled rk4 %.3f s, odeint's rk4 %.3f s\n", tiled_seconds, stock_seconds);
    // The system is chaotic: any rounding difference would grow to O(1) by t = 20.
    // Every tiling computes each component with the same operations in the same order
    // as odeint's runge_kutta4, so the runs agree bit for bit.
    std::printf("max |difference| of automatic vs trapezoidal(4096, 4), hexagonal(4096, 4) and odeint: %.3g\n", diff);
    return diff == 0.0 ? 0 : 1;
}
catch (const std::exception& e)
{
    std::fprintf(stderr, "lorenz96: %s\n", e.what());
    return 1;
}
