/*
 boost/numeric/odeint/tiled/problems/heat1d.hpp

 problems::heat1d: a 1D diffusion chain with mirrored (Neumann) ends; d = 1.
 Written with the grid helper (a 1D grid of one field, radius 1, reflecting
 boundaries): its per-component and block forms are tiled::grid::system's.
 Usable on the host and (compiled with nvcc) on the device; a small plain value
 (trivially copyable), so it can be passed to kernels by value. The constructor is
 host-only and throws std::invalid_argument on bad sizes; operator() never throws.
 All reference problems: <boost/numeric/odeint/tiled/reference_problems.hpp>.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_HEAT1D_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_HEAT1D_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cmath>
#include <cstddef>
#include <stdexcept>

#include <boost/numeric/odeint/tiled/grid.hpp>

namespace boost {
namespace numeric {
namespace odeint {
namespace tiled {
namespace problems {

//! heat1d's cell update: k times the second difference of the one field.
struct heat1d_cell
{
    double k;

    template <class Cell, class Out, class Time>
    BOOST_ODEINT_TILED_HD void operator()(const Cell& c, Out& out, Time) const
    {
        out[0] = k * (c(0, -1) - 2.0 * c(0) + c(0, 1));
    }
};

/*
 1D diffusion chain with n components: f_j = k·(y_{j−1} − 2y_j + y_{j+1}), Neumann
 ends by mirroring (y_{−1} = y_1, y_n = y_{n−2}; a single component has f = 0): the
 grid helper's boundary::reflecting(), which reads a chain of one cell as the cell
 itself. d = 1. The eigenvalues lie in [−4k, 0]; suggested_dt() = 0.5 · 2.5 / (4k)
 for RK4. initial_state: y_j = 1 + sin(2π·j/n) + 0.25·cos(0.37·j).
*/
class heat1d : public grid::system<1, heat1d_cell, 1>
{
    using base = grid::system<1, heat1d_cell, 1>;

public:
    heat1d(std::size_t n, double k) : base(shape_of(n), heat1d_cell{k}) {}

    BOOST_ODEINT_TILED_HD std::size_t size() const { return base::size(); }
    BOOST_ODEINT_TILED_HD double k() const { return update().k; }
    //! 1 for every n: the grid's own d is 0 for a single component, which reads only
    //! itself; heat1d keeps the d it documents (declaring more is always allowed).
    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return 1; }
    double suggested_dt() const { return 0.5 * 2.5 / (4.0 * k()); }

    template <class State>
    void initial_state(State& y) const
    {
        const std::size_t n = size();
        for (std::size_t j = 0; j < n; ++j)
            y[j] = smooth_profile(j, n);
    }

    // 1 + sin(2π·j/n) + 0.25·cos(0.37·j): smooth, and different at every component.
    static double smooth_profile(std::size_t j, std::size_t n)
    {
        const double x = static_cast<double>(j);
        return 1.0 + std::sin(6.283185307179586 * x / static_cast<double>(n)) + 0.25 * std::cos(0.37 * x);
    }

private:
    static grid::shape<1> shape_of(std::size_t n)
    {
        if (n == 0)
            throw std::invalid_argument("heat1d: needs n >= 1 components, got n = 0");
        return grid::extents(n).radius(1).star().boundary(grid::boundary::reflecting());
    }
};

} // namespace problems
} // namespace tiled
} // namespace odeint
} // namespace numeric
} // namespace boost

#endif // BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_HEAT1D_HPP_INCLUDED
