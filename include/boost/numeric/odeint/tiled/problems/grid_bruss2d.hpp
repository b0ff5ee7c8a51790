/*
 boost/numeric/odeint/tiled/problems/grid_bruss2d.hpp

 problems::grid_bruss2d: BRUSS2D (Werner's thesis, §5.2; the same grid, constants,
 layout, boundaries and initial values as problems::bruss2d) written with the grid
 helper: one per-cell update, from which tiled::grid::system makes the per-component
 form, the block form and the geometry the CUDA backend tiles in 2D. This is how the
 docs teach a user to write it; problems::bruss2d is the hand-vectorised version it is
 measured against, problems::plain_bruss2d the per-component one a new user writes.

 Neumann boundaries by mirroring (boundary::reflecting()); the reaction reads the
 other species only at the cell itself (neighbour_fields::same_field), so d = 2 x_max
 as in problems::bruss2d wherever y_max > 1 (a single row reads no row above or below:
 d = 2, or 1 for a single cell, which the helper computes exactly). Its values equal
 problems::bruss2d's bit for bit where the compiler does not contract into FMAs
 differently (test/grid/grid_system.cpp checks it with -ffp-contract=off).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_GRID_BRUSS2D_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_GRID_BRUSS2D_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>

#include <boost/numeric/odeint/tiled/grid.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace problems {

//! BRUSS2D's cell update: u and v of one cell from its four neighbours.
struct bruss2d_cell
{
    double diffusion;      //!< D = alpha (x_max - 1)^2
    // the reaction's constants as members: on a GPU a member of a kernel argument is
    // an operand from the constant bank, a double literal two moves at every use
    double a = 1.0;        //!< A
    double b = 3.4;        //!< B
    double b_plus_one = 4.4;

    template <class Cell, class Out, class Time>
    BOOST_ODEINT_TILED_HD void operator()(const Cell& c, Out& out, Time) const
    {
        const double u = c(0), v = c(1);
        const double uuv = u * u * v;
        const double lu = (c(0, -1, 0) + c(0, 1, 0)) + (c(0, 0, -1) + c(0, 0, 1)) - 4.0 * u;
        const double lv = (c(1, -1, 0) + c(1, 1, 0)) + (c(1, 0, -1) + c(1, 0, 1)) - 4.0 * v;
        out[0] = (a + uuv - b_plus_one * u) + diffusion * lu;
        out[1] = (b * u - uuv) + diffusion * lv;
    }
};

class grid_bruss2d : public grid::system<2, bruss2d_cell, 2>
{
    using base = grid::system<2, bruss2d_cell, 2>;

public:
    grid_bruss2d(std::size_t x_max, std::size_t y_max, double alpha = 2e-3)
        : base(shape_of(x_max, y_max), bruss2d_cell{diffusion_of(x_max, alpha)}), m_alpha(alpha)
    {
    }

    //! The instance with n components and access distance d: x_max = d/2, y_max = n/d
    //! (d even, d >= 2, n a positive multiple of d), as bruss2d::with_size.
    static grid_bruss2d with_size(std::size_t n_components, std::size_t d, double alpha = 2e-3)
    {
        if (d < 2 || d % 2 != 0 || n_components == 0 || n_components % d != 0)
            throw std::invalid_argument(
                "grid_bruss2d::with_size: needs an even access distance d >= 2 and a number of components n "
                "that is a positive multiple of d, got n = " +
                std::to_string(n_components) + ", d = " + std::to_string(d));
        return grid_bruss2d(d / 2, n_components / d, alpha);
    }

    std::size_t x_max() const { return grid_shape().extent[0]; }
    std::size_t y_max() const { return grid_shape().extent[1]; }
    double alpha() const { return m_alpha; }
    double diffusion_scale() const { return update().diffusion; }
    //! A safe fixed step for classic RK4 (problems::bruss2d's).
    double suggested_dt() const { return 0.5 * 2.5 / (8.0 * update().diffusion + 50.0); }

    //! u = 0.5 + x/(x_max - 1), v = 1 + 5 y/(y_max - 1), as problems::bruss2d.
    template <class State>
    void initial_state(State& s) const
    {
        const std::size_t nx = x_max(), ny = y_max();
        for (std::size_t i = 0; i < ny; ++i)
            for (std::size_t j = 0; j < nx; ++j)
            {
                s[component(0, j, i)] = 0.5 + (nx > 1 ? static_cast<double>(j) / static_cast<double>(nx - 1) : 0.0);
                s[component(1, j, i)] =
                    1.0 + (ny > 1 ? 5.0 * static_cast<double>(i) / static_cast<double>(ny - 1) : 0.0);
            }
    }

private:
    static grid::shape<2> shape_of(std::size_t x_max, std::size_t y_max)
    {
        if (x_max == 0 || y_max == 0)
            throw std::invalid_argument("grid_bruss2d: the grid needs x_max >= 1 and y_max >= 1, got x_max = " +
                                        std::to_string(x_max) + ", y_max = " + std::to_string(y_max));
        return grid::extents(x_max, y_max)
            .radius(1)
            .star()
            .boundary(grid::boundary::reflecting())
            .neighbour_fields(grid::neighbour_fields::same_field);
    }
    static double diffusion_of(std::size_t x_max, double alpha)
    {
        return x_max > 1 ? alpha * static_cast<double>(x_max - 1) * static_cast<double>(x_max - 1) : alpha;
    }

    double m_alpha;
};

}}}}} // namespace boost::numeric::odeint::tiled::problems

#endif // BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_GRID_BRUSS2D_HPP_INCLUDED
