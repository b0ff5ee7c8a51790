/*
 test/support/compile_fail/plain_evaluate_range.cpp

 Must NOT compile (ctest build_plain_evaluate_range_message builds it and expects
 the error): a system whose range form takes the user's state type instead of a
 template parameter would be stepped without it (the backends pass views of their
 buffers), silently slower; check_limited_access_system stops it with one
 static_assert that gives the signature to write, and nothing else.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>

#include <cstddef>
#include <vector>

namespace {

struct decay_with_a_plain_range_form
{
    std::size_t access_distance() const { return 0; }
    template <class Y>
    double operator()(std::size_t j, const Y& y, double) const { return -y[j]; }
    void evaluate_range(std::size_t first, std::size_t last, const std::vector<double>& y, double* dydt, double) const
    {
        for (std::size_t j = first; j < last; ++j) dydt[j - first] = -y[j];
    }
};

} // namespace

int main()
{
    namespace odeint = boost::numeric::odeint;
    namespace tiled = boost::numeric::odeint::tiled;
    std::vector<double> x(16, 1.0);
    tiled::runge_kutta4<std::vector<double>> rk4;
    odeint::integrate_const(rk4, decay_with_a_plain_range_form{}, x, 0.0, 1.0, 0.1);
}
