/*
 test/support/compile_fail/odeint_system.cpp

 Must NOT compile (ctest build_odeint_system_message builds it and expects the
 error): an odeint system, sys(x, dxdt, t), handed to tiled steppers (plain,
 controlled, dense output) stops at the one static_assert of
 system/limited_access_system.hpp that says what a tiled stepper needs instead, and
 at nothing else.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>

#include <cstddef>
#include <vector>

namespace {

//! What an odeint user has before meeting the tiled steppers.
struct odeint_decay
{
    void operator()(const std::vector<double>& x, std::vector<double>& dxdt, double) const
    {
        for (std::size_t i = 0; i < x.size(); ++i) dxdt[i] = -x[i];
    }
};

} // namespace

int main()
{
    namespace odeint = boost::numeric::odeint;
    namespace tiled = boost::numeric::odeint::tiled;
    std::vector<double> x(16, 1.0);
    tiled::runge_kutta4<std::vector<double>> rk4;
    odeint::integrate_const(rk4, odeint_decay{}, x, 0.0, 1.0, 0.1);
    auto controlled = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<std::vector<double>>());
    odeint::integrate_adaptive(controlled, odeint_decay{}, x, 0.0, 1.0, 0.1);
    auto dense = odeint::make_dense_output(1e-8, 1e-8, tiled::runge_kutta_dopri5<std::vector<double>>());
    odeint::integrate_adaptive(dense, odeint_decay{}, x, 0.0, 1.0, 0.1);
}
