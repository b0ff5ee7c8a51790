/*
 test/support/serial_rk_step.hpp

 The tests' oracle for one Runge-Kutta step: plain serial loops straight from
 tableau_coefficients<Tableau>, whole vector at a time, no plan and no backend.

     k_i = f(t + c_i h, y + sum_j (h a_ij) k_j);   y <- y + sum_i (h b_i) k_i;
     err = sum_i (h e_i) k_i   (e = b - b_hat)

 Sums run left to right from y, with the coefficients scaled by h first, as odeint's
 generic algorithm does, so a tiled stepper agrees with it to rounding. The system
 is a LimitedAccessSystem (sys(j, y, t)).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_SUPPORT_SERIAL_RK_STEP_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_SUPPORT_SERIAL_RK_STEP_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp>

#include <cmath>
#include <cstddef>
#include <vector>

namespace boost_odeint_tiled_test {

/*! One step of y in place. Optional outputs: err, the error estimate; err_terms,
    sum_i |h e_i k_i| (the size of the terms that cancel in err, the scale of its
    rounding error); k0, the first stage's derivative f(t, y). */
template <class Tableau, class Problem>
void serial_rk_step(const Problem& sys, std::vector<double>& y, double t, double h, std::vector<double>* err = nullptr,
                    std::vector<double>* err_terms = nullptr, std::vector<double>* k0 = nullptr)
{
    using state = std::vector<double>;
    using co = boost::numeric::odeint::tiled::tableau_coefficients<Tableau, double>;
    constexpr std::size_t s = Tableau::stages;
    const std::size_t n = y.size();
    std::vector<state> k(s, state(n));
    state arg(n);
    for (std::size_t i = 0; i < s; ++i)
    {
        for (std::size_t c = 0; c < n; ++c)
        {
            double acc = y[c];
            for (std::size_t j = 0; j < i; ++j)
                if (co::a(i, j) != 0.0) acc += (h * co::a(i, j)) * k[j][c];
            arg[c] = acc;
        }
        for (std::size_t c = 0; c < n; ++c) k[i][c] = sys(c, arg, t + co::c[i] * h);
    }
    for (std::size_t c = 0; c < n; ++c)
    {
        double acc = y[c], e = 0.0, terms = 0.0;
        for (std::size_t i = 0; i < s; ++i)
        {
            if (co::b[i] != 0.0) acc += (h * co::b[i]) * k[i][c];
            if (co::e[i] != 0.0) e += (h * co::e[i]) * k[i][c];
            terms += std::abs((h * co::e[i]) * k[i][c]);
        }
        y[c] = acc;
        if (err) (*err)[c] = e;
        if (err_terms) (*err_terms)[c] = terms;
    }
    if (k0) *k0 = k[0];
}

} // namespace boost_odeint_tiled_test

#endif // BOOST_ODEINT_TILED_TEST_SUPPORT_SERIAL_RK_STEP_HPP_INCLUDED
