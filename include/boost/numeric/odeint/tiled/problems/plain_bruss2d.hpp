/*
 boost/numeric/odeint/tiled/problems/plain_bruss2d.hpp

 problems::plain_bruss2d: BRUSS2D (the grid, constants and layout of problems::bruss2d)
 written as a new user writes it from doc/concepts.md's per-component form: 64-bit
 index arithmetic with a division and a remainder per call, the boundary as branches,
 one component per call. Kept as written on purpose: the benchmark runs it next to
 the grid helper's form (problems::grid_bruss2d) and the hand-vectorised one
 (problems::bruss2d) so that the docs can show what each form buys.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_PLAIN_BRUSS2D_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_PLAIN_BRUSS2D_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace problems {

struct plain_bruss2d
{
    std::size_t nx, ny;  //!< x_max, y_max
    double diffusion;    //!< alpha (nx - 1)^2

    plain_bruss2d(std::size_t x_max, std::size_t y_max, double alpha = 2e-3)
        : nx(x_max), ny(y_max),
          diffusion(x_max > 1 ? alpha * static_cast<double>(x_max - 1) * static_cast<double>(x_max - 1) : alpha)
    {
        if (x_max == 0 || y_max == 0)
            throw std::invalid_argument("plain_bruss2d: the grid needs x_max >= 1 and y_max >= 1, got x_max = " +
                                        std::to_string(x_max) + ", y_max = " + std::to_string(y_max));
    }
    static plain_bruss2d with_size(std::size_t n_components, std::size_t d, double alpha = 2e-3)
    {
        if (d < 2 || d % 2 != 0 || n_components == 0 || n_components % d != 0)
            throw std::invalid_argument("plain_bruss2d::with_size: needs an even d >= 2 and n a positive multiple of "
                                        "d, got n = " + std::to_string(n_components) + ", d = " + std::to_string(d));
        return plain_bruss2d(d / 2, n_components / d, alpha);
    }

    std::size_t size() const { return 2 * nx * ny; }
    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return 2 * nx; }
    double suggested_dt() const { return 0.5 * 2.5 / (8.0 * diffusion + 50.0); }

    BOOST_ODEINT_TILED_NO_EXEC_CHECK
    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t j, const Y& y, Time) const
    {
        const std::size_t cell = j / 2, species = j % 2;
        const std::size_t x = cell % nx, row = cell / nx;
        const std::size_t u_j = 2 * cell, v_j = u_j + 1;
        // neighbours of the same species, mirrored at the edges
        std::size_t w = x > 0 ? j - 2 : j + 2, e = x + 1 < nx ? j + 2 : j - 2;
        std::size_t s = row > 0 ? j - 2 * nx : j + 2 * nx, n = row + 1 < ny ? j + 2 * nx : j - 2 * nx;
        if (nx == 1) w = e = j;
        if (ny == 1) s = n = j;
        const double u = y[u_j], v = y[v_j];
        const double lap = (y[w] + y[e]) + (y[s] + y[n]) - 4.0 * y[j];
        if (species == 0) return (1.0 + u * u * v - 4.4 * u) + diffusion * lap;
        return (3.4 * u - u * u * v) + diffusion * lap;
    }

    template <class State>
    void initial_state(State& s) const
    {
        for (std::size_t i = 0; i < ny; ++i)
            for (std::size_t j = 0; j < nx; ++j)
            {
                s[2 * (i * nx + j)] = 0.5 + (nx > 1 ? static_cast<double>(j) / static_cast<double>(nx - 1) : 0.0);
                s[2 * (i * nx + j) + 1] = 1.0 + (ny > 1 ? 5.0 * static_cast<double>(i) / static_cast<double>(ny - 1) : 0.0);
            }
    }
};

}}}}} // namespace boost::numeric::odeint::tiled::problems

#endif // BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_PLAIN_BRUSS2D_HPP_INCLUDED
