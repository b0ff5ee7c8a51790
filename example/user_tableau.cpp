/*
 example/user_tableau.cpp

 A tiled stepper for a method the library does not ship: Ralston's 3rd-order
 Runge-Kutta method, given as a Butcher tableau of exact fractions and handed to
 the generic tiled::explicit_rk. The program integrates a diffusion chain whose
 exact solution is known (a cosine mode of the mirrored chain decays as
 exp(lambda t)) with step sizes dt, dt/2, dt/4 and prints the errors of Ralston 3
 and of tiled::runge_kutta4 with the observed orders of convergence (about 3 and 4).

     user_tableau [N]          (default N = 100001 components)

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
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
using state_type = std::vector<double>;

//[ralston3_tableau
// Ralston's 3rd-order method (minimum error bound among 3-stage 3rd-order methods):
//     0   |
//    1/2  | 1/2
//    3/4  | 0    3/4
//   ------+---------------
//         | 2/9  1/3  4/9
struct ralston3_tableau
{
    static constexpr std::size_t stages = 3;
    static constexpr unsigned short order = 3;           // odeint's order_value
    static constexpr unsigned short stepper_order = 3;   // order of the weights b
    static constexpr unsigned short error_order = 0;     // no embedded b_hat
    static constexpr tiled::rational a[stages][stages] = {
        {},
        {tiled::rational(1, 2)},
        {0, tiled::rational(3, 4)},                       // entries left out are 0
    };
    static constexpr tiled::rational b[stages] = {tiled::rational(2, 9), tiled::rational(1, 3),
                                                  tiled::rational(4, 9)};
    static constexpr tiled::rational c[stages] = {0, tiled::rational(1, 2), tiled::rational(3, 4)};
    static constexpr const char* name = "ralston3";
};
static_assert(tiled::check_butcher_tableau<ralston3_tableau>(), "");

// The stepper: odeint's Stepper concept, tiled like the predefined ones.
using ralston3 = tiled::explicit_rk<ralston3_tableau, state_type>;
//]

// Largest error at t_end of `Stepper` with n_steps steps, against the exact mode.
template <class Stepper>
double error_at_end(const tiled::problems::heat1d& sys, std::size_t mode, double t_end, std::size_t n_steps)
{
    const std::size_t n = sys.size();
    const double pi = 3.141592653589793;
    const double theta = pi * double(mode) / double(n - 1);
    const double lambda = sys.k() * (2.0 * std::cos(theta) - 2.0);   // eigenvalue of the mirrored chain
    state_type y(n);
    for (std::size_t j = 0; j < n; ++j) y[j] = std::cos(theta * double(j));

    Stepper stepper;
    odeint::integrate_n_steps(stepper, sys, y, 0.0, t_end / double(n_steps), n_steps);

    double err = 0;
    const double decay = std::exp(lambda * t_end);
    for (std::size_t j = 0; j < n; ++j) err = std::max(err, std::abs(y[j] - decay * std::cos(theta * double(j))));
    return err;
}

int main(int argc, char* argv[])
try
{
    const std::size_t n = argc > 1 ? std::stoul(argv[1]) : 100001;
    const tiled::problems::heat1d sys(n, 1.0);
    const std::size_t mode = (n - 1) / 3;      // lambda = -3 k: stiff enough to show the orders
    const double t_end = 1.0;

    std::printf("diffusion chain n = %zu, mode %zu, t_end = %g; max error against the exact solution\n", n, mode,
                t_end);
    std::printf("%8s %14s %8s %14s %8s\n", "steps", "ralston3", "order", "runge_kutta4", "order");
    double prev3 = 0, prev4 = 0;
    bool ok = true;
    for (std::size_t steps : {10, 20, 40, 80}) {
        const double e3 = error_at_end<ralston3>(sys, mode, t_end, steps);
        const double e4 = error_at_end<tiled::runge_kutta4<state_type>>(sys, mode, t_end, steps);
        if (prev3 > 0) {
            const double p3 = std::log2(prev3 / e3), p4 = std::log2(prev4 / e4);
            std::printf("%8zu %14.3e %8.2f %14.3e %8.2f\n", steps, e3, p3, e4, p4);
            ok = ok && std::abs(p3 - 3.0) < 0.3 && std::abs(p4 - 4.0) < 0.3;
        } else
            std::printf("%8zu %14.3e %8s %14.3e %8s\n", steps, e3, "", e4, "");
        prev3 = e3;
        prev4 = e4;
    }
    std::printf("observed orders %s\n", ok ? "as expected (3 and 4)" : "NOT as expected");
    return ok ? 0 : 1;
}
catch (const std::exception& e)
{
    std::fprintf(stderr, "user_tableau: %s\n", e.what());
    return 1;
}
