/*
 boost/numeric/odeint/tiled/distributed/window_system.hpp

 The system a rank steps: the user's system seen through the rank's window
 (window_layout), numbered from the window's first component. Two forms:

 - window_system<System>, for any LimitedAccessSystem: component j of the window is
   the system's component first + j, and its reads map back into the window. A read
   that falls beyond the window's ends (only components within s*d of a cut end make
   them, and their results are wrong anyway) reads the nearest end instead: it stays
   in memory the executors provide and the halo absorbs the error. The block form
   evaluate_range is handed on for blocks whose reads stay inside the window.
 - for tiled::grid systems cut along their slowest dimension (the partition in whole
   slabs: rows of a 2D grid, planes of a 3D one), the window is again a grid system:
   the same update on fewer slabs, so every backend runs its grid kernels on it. Its
   cells report their global coordinates (coord()), wrapped around on a ring (a grid
   periodic along that dimension, whose first and last ranks are neighbours); at the
   cut ends the slowest dimension reflects (any boundary that reads inside the window
   would do: those cells belong to the halo).

 A grid's halo counts slabs: a wrong value moves by at most the stencil radius r
 slabs per stage, so k steps of s stages need k*s*r slabs, whatever the access
 distance of the linear order (which counts the wrap-around of periodic dimensions).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_WINDOW_SYSTEM_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_WINDOW_SYSTEM_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <array>
#include <cstddef>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/tiled/grid/grid_system.hpp>
#include <boost/numeric/odeint/tiled/system/range_rhs.hpp>
#include <boost/numeric/odeint/tiled/system/stage_view.hpp>

BOOST_ODEINT_TILED_DEVICE_CALLS_BEGIN

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace distributed {

namespace detail {

//! A window's values read with global component numbers; reads beyond the window's
//! ends read its nearest end (see the file comment).
template <class Y>
struct clamped_window_view
{
    const Y* y;
    long long first;  //!< global component of window position 0
    long long last;   //!< the window's last position

    BOOST_ODEINT_TILED_HD auto operator[](std::size_t g) const
    {
        long long i = static_cast<long long>(g) - first;
        i = i < 0 ? 0 : (i > last ? last : i);
        return (*y)[static_cast<std::size_t>(i)];
    }
};

//! A window's values read with global component numbers, as references (the block
//! form takes &y[i] as a pointer); only for blocks whose reads stay inside.
template <class Y>
struct shifted_view
{
    const Y* y;
    long long first;
    BOOST_ODEINT_TILED_HD decltype(auto) operator[](std::size_t g) const
    {
        return (*y)[static_cast<std::size_t>(static_cast<long long>(g) - first)];
    }
};

template <class Y>
shifted_view<Y> shift_view(const Y& y, long long first) { return shifted_view<Y>{&y, first}; }
template <class Value>
stage_view<Value> shift_view(const stage_view<Value>& y, long long first)
{
    return stage_view<Value>{y.base, y.offset + first};  // the executors' view stays one (systems may specialise on it)
}

} // namespace detail

template <class System>
class window_system
{
public:
    window_system(const System& sys, std::size_t first, std::size_t size)
        : m_sys(sys), m_first(static_cast<long long>(first)), m_last(static_cast<long long>(size) - 1),
          m_d(static_cast<std::size_t>(sys.access_distance()))
    {
    }

    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return m_d; }

    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD auto operator()(std::size_t j, const Y& y, Time t) const
    {
        return m_sys(static_cast<std::size_t>(static_cast<long long>(j) + m_first),
                     detail::clamped_window_view<Y>{&y, m_first, m_last}, t);
    }

    //! The block form where the system has one: blocks whose reads stay inside the
    //! window go to it whole, the few components within d of a window end one by one.
    template <class Y, class Out, class Time, class S = System,
              class = std::enable_if_t<has_range_rhs<S, decltype(detail::shift_view(std::declval<const Y&>(), 0LL)),
                                                     Out, Time>::value>>
    void evaluate_range(std::size_t first, std::size_t last, const Y& y, Out* dydt, Time t) const
    {
        const long long d = static_cast<long long>(m_d);
        long long a = static_cast<long long>(first), b = static_cast<long long>(last);
        const long long inner_a = d, inner_b = m_last + 1 - d;  // components whose reads stay inside
        long long i = a;
        for (; i < b && i < inner_a; ++i) dydt[i - a] = static_cast<Out>((*this)(std::size_t(i), y, t));
        const long long run_end = b < inner_b ? b : inner_b;
        if (i < run_end)
        {
            m_sys.evaluate_range(std::size_t(i + m_first), std::size_t(run_end + m_first), detail::shift_view(y, m_first),
                                 dydt + (i - a), t);
            i = run_end;
        }
        for (; i < b; ++i) dydt[i - a] = static_cast<Out>((*this)(std::size_t(i), y, t));
    }

    const System& system() const { return m_sys; }

private:
    System m_sys;
    long long m_first, m_last;
    std::size_t m_d;
};

// ---- grid systems cut into slabs ----

namespace detail {

//! Global coordinate of a window's slab coordinate x along the slowest dimension.
BOOST_ODEINT_TILED_HD inline long long global_slab(long long x, long long origin, long long extent, bool ring)
{
    x += origin;
    if (ring)
    {
        x %= extent;
        if (x < 0) x += extent;
    }
    return x;
}

//! A cell of a window, reporting global coordinates; reads go to the window's cell.
template <class Cell, std::size_t Dim>
struct shifted_cell
{
    const Cell& cell;
    long long origin, extent;
    bool ring;

    template <class... A>
    BOOST_ODEINT_TILED_HD decltype(auto) operator()(A... a) const
    {
        return cell(a...);
    }
    BOOST_ODEINT_TILED_HD long long coord(std::size_t k) const
    {
        const long long x = cell.coord(k);
        return k + 1 == Dim ? global_slab(x, origin, extent, ring) : x;
    }
};

template <class Update, std::size_t Dim>
struct shifted_update
{
    Update update;
    long long origin, extent;
    bool ring;

    template <class Cell, class Out, class Time>
    BOOST_ODEINT_TILED_HD void operator()(const Cell& c, Out& out, Time t) const
    {
        update(shifted_cell<Cell, Dim>{c, origin, extent, ring}, out, t);
    }
};

template <class Function, std::size_t Dim>
struct shifted_boundary_function
{
    Function function;
    long long origin, extent;
    bool ring;

    template <class Coord, class Time>
    BOOST_ODEINT_TILED_HD auto operator()(std::size_t f, const Coord& ghost, Time t) const
    {
        long long g[Dim];
        for (std::size_t k = 0; k < Dim; ++k) g[k] = static_cast<long long>(ghost[k]);
        // a ghost beyond the grid's global ends keeps its coordinate; one at a cut end is
        // a real cell (its value lands in the halo only)
        g[Dim - 1] = global_slab(g[Dim - 1], origin, extent, ring);
        return function(f, g, t);
    }
};

template <class Function, std::size_t Dim>
using window_boundary_function_t =
    std::conditional_t<std::is_same<Function, grid::no_boundary_function>::value, grid::no_boundary_function,
                       shifted_boundary_function<Function, Dim>>;

template <class Function, std::size_t Dim>
window_boundary_function_t<Function, Dim> window_boundary_function(const Function& f, long long origin, long long extent,
                                                                   bool ring)
{
    if constexpr (std::is_same<Function, grid::no_boundary_function>::value) return f;
    else return shifted_boundary_function<Function, Dim>{f, origin, extent, ring};
}

} // namespace detail

//! Whether a grid system can be cut into slab windows: its fields interleaved (or one
//! field), so that a slab is a contiguous range of components.
template <class System>
bool grid_cuts_into_slabs(const System& sys)
{
    if constexpr (!tiled::is_grid_system<System>::value) return false;
    else return System::fields == 1 || sys.grid_shape().field_layout == grid::layout::interleaved;
}

//! Components of one slab (the cells of one index of the slowest dimension, all fields).
template <class System>
std::size_t grid_slab_size(const System& sys)
{
    const auto& s = sys.grid_shape();
    return s.cells() / s.extent[System::dimensions - 1] * System::fields;
}

//! The grid system of a window of `slabs` slabs whose first is global slab `first_slab`
//! (ring: wrapped around the state's ends).
template <std::size_t Fields, class Update, std::size_t Dim, class Value, class Function>
auto grid_window(const grid::system<Fields, Update, Dim, Value, Function>& sys, std::size_t first_slab,
                 std::size_t slabs, bool ring)
{
    grid::shape<Dim> s = sys.grid_shape();
    const long long extent = static_cast<long long>(s.extent[Dim - 1]);
    s.extent[Dim - 1] = slabs;
    if (s.bc[Dim - 1] == grid::boundary::periodic()) s.bc[Dim - 1] = grid::boundary::reflecting();
    std::array<Value, Fields> constants{};
    for (std::size_t f = 0; f < Fields; ++f) constants[f] = sys.constant_values()[f];
    const long long origin = static_cast<long long>(first_slab);
    using update_type = detail::shifted_update<Update, Dim>;
    using function_type = detail::window_boundary_function_t<Function, Dim>;
    return grid::system<Fields, update_type, Dim, Value, function_type>(
        s, update_type{sys.update(), origin, extent, ring},
        detail::window_boundary_function<Function, Dim>(sys.boundary_function(), origin, extent, ring), constants);
}

}}}}} // namespace boost::numeric::odeint::tiled::distributed

BOOST_ODEINT_TILED_DEVICE_CALLS_END

#endif // BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_WINDOW_SYSTEM_HPP_INCLUDED
