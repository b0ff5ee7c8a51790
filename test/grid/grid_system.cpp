/*
 test/grid/grid_system.cpp

 tiled::grid::system over random grids (fixed seeds): 1D, 2D and 3D, 1 to 4 fields,
 every boundary policy (mixed per dimension too), both layouts, both neighbour_fields
 settings, star and box stencils of radius 1 to 3, sizes that are multiples of
 nothing, one-row and one-column grids and extents smaller than the radius.
   - The block form (evaluate_range over the whole state and over random sub-ranges,
     which start and end in the middle of cells and of field planes) gives the
     per-component operator()'s values bitwise, reading nothing outside the window
     range_rhs.hpp promises (the rest of the state is NaN).
   - The per-cell form (evaluate_cell, every field of one cell from one update, what
     stock odeint's whole-vector system runs on the GPU) gives them bitwise too.
   - Both equal a brute-force reference written here: the update run on a cell that
     maps every read through the boundary rules documented in grid_shape.hpp.
   - check_access_distance finds no read beyond access_distance(), and the bound is
     tight: the farthest read is exactly d.
   - Bad shapes throw std::invalid_argument with a message that names the problem.
   - Tiled steppers (TBB backend) on grid systems agree with stock odeint steppers of
     the same tableau (with a serial step of the tableau where odeint lacks it) to
     1e-12 after 100 steps under several tilings; grid_bruss2d and plain_bruss2d give
     bruss2d's values bitwise.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/grid.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>
#include <boost/numeric/odeint/tiled/system/access_check.hpp>

#include "support/serial_rk_step.hpp"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <functional>
#include <limits>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <vector>

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
namespace grid = boost::numeric::odeint::tiled::grid;
namespace problems = boost::numeric::odeint::tiled::problems;

namespace {

using state = std::vector<double>;

//! The index of the first component where a and b differ in their bits, or a.size().
std::size_t first_difference(const state& a, const state& b)
{
    for (std::size_t j = 0; j < a.size(); ++j)
        if (std::memcmp(&a[j], &b[j], sizeof(double)) != 0) return j;
    return a.size();
}

state random_state(std::size_t n, std::mt19937& gen)
{
    std::uniform_real_distribution<double> dist(0.5, 2.0);
    state y(n);
    for (double& v : y) v = dist(gen);
    return y;
}

template <std::size_t Dim>
std::string describe(const grid::shape<Dim>& s, std::size_t fields)
{
    std::ostringstream o;
    o << Dim << "D grid";
    for (std::size_t k = 0; k < Dim; ++k) o << (k ? " x " : " ") << s.extent[k];
    o << ", " << fields << " field(s), " << (s.field_layout == grid::layout::interleaved ? "interleaved" : "planar")
      << ", " << (s.neighbours == grid::neighbour_fields::same_field ? "same_field" : "any_field") << ", "
      << (s.stencil_kind == grid::stencil::star ? "star" : "box") << " r = " << s.stencil_radius << ", boundaries";
    for (std::size_t k = 0; k < Dim; ++k) o << ' ' << grid::to_string(s.bc[k]);
    return o.str();
}

//! c(field, o[0], .., o[Dim-1])
template <std::size_t Dim, class Cell>
double read_at(const Cell& c, std::size_t field, const int (&o)[Dim])
{
    if constexpr (Dim == 1) return c(field, o[0]);
    else if constexpr (Dim == 2) return c(field, o[0], o[1]);
    else return c(field, o[0], o[1], o[2]);
}

/*! A cell update that reads every offset of its stencil (star or box of radius r),
    every field there (or, under same_field, its own field at neighbours and every
    field at the cell), its coordinates and the time, each with its own weight, so a
    read of a wrong component or a wrong boundary value changes the result. */
template <std::size_t Dim, std::size_t Fields>
struct mixing_update
{
    int radius;
    bool box;
    bool same_field;

    static double weight(std::size_t f, std::size_t g, int offset_index)
    {
        return 1.0 / double(3 + 2 * int(f) + 5 * int(g) + 7 * offset_index);
    }

    template <class Cell, class Out, class Time>
    void operator()(const Cell& c, Out& out, Time t) const
    {
        for (std::size_t f = 0; f < Fields; ++f)
        {
            double acc = 0.25 * double(f + 1) + 0.125 * double(t) + c(f) * c((f + 1) % Fields);
            for (std::size_t k = 0; k < Dim; ++k) acc += 1e-3 * double(k + 1) * double(c.coord(k));
            out[f] = acc;
        }
        int o[Dim];
        for (std::size_t k = 0; k < Dim; ++k) o[k] = -radius;
        for (int offset_index = 0;; ++offset_index)
        {
            int moved = 0;
            for (std::size_t k = 0; k < Dim; ++k) moved += o[k] != 0;
            if (moved > 0 && (box || moved == 1))
                for (std::size_t f = 0; f < Fields; ++f)
                    for (std::size_t g = 0; g < Fields; ++g)
                        if (!same_field || g == f) out[f] += weight(f, g, offset_index) * read_at<Dim>(c, g, o);
            std::size_t k = 0;
            for (; k < Dim; ++k)
            {
                if (++o[k] <= radius) break;
                o[k] = -radius;
            }
            if (k == Dim) break;
        }
    }
};

//! A boundary function that depends on the field, every ghost coordinate and the time.
template <std::size_t Dim>
struct ghost_value
{
    template <class Coord, class Time>
    double operator()(std::size_t f, const Coord& ghost, Time t) const
    {
        double v = 0.5 + 0.1 * double(f) + 0.01 * double(t);
        for (std::size_t k = 0; k < Dim; ++k) v += 0.03 * double(k + 1) * double(ghost[k]);
        return v;
    }
};

/*! The reference: a Cell that finds every read from the documented rules, one read
    at a time. A coordinate that leaves the grid through a constant or function
    boundary gives that boundary's value (the first such dimension decides; the
    function sees the ghost coordinates, periodic ones wrapped); otherwise periodic dimensions wrap
    and reflecting ones mirror about the edge cell (-k reads k, n-1+k reads n-1-k; a
    mirror image still outside reads the edge cell nearest to it). */
template <std::size_t Dim, std::size_t Fields, class BoundaryFunction>
struct reference_cell
{
    const state* y;
    const grid::shape<Dim>* s;
    const std::array<double, Fields>* constants;
    const BoundaryFunction* function;
    double t;
    long long x[Dim];

    std::size_t component(std::size_t f, const long long (&at)[Dim]) const
    {
        std::size_t cell = 0, cells = 1;
        for (std::size_t k = 0; k < Dim; ++k)
        {
            cell += static_cast<std::size_t>(at[k]) * cells;
            cells *= s->extent[k];
        }
        return s->field_layout == grid::layout::interleaved ? cell * Fields + f : f * cells + cell;
    }

    static long long wrapped(long long g, long long n)
    {
        while (g < 0) g += n;
        while (g >= n) g -= n;
        return g;
    }
    static long long mirrored(long long g, long long n)
    {
        if (g < 0) g = -g;
        else if (g > n - 1) g = 2 * (n - 1) - g;
        if (g < 0) return 0;
        if (g > n - 1) return n - 1;
        return g;
    }

    double operator()(std::size_t f) const { return (*y)[component(f, x)]; }

    template <class... O>
    double operator()(std::size_t f, O... o) const
    {
        static_assert(sizeof...(O) == Dim, "");
        const long long offset[Dim] = {static_cast<long long>(o)...};
        long long ghost[Dim];
        for (std::size_t k = 0; k < Dim; ++k) ghost[k] = x[k] + offset[k];
        for (std::size_t k = 0; k < Dim; ++k)
        {
            const long long n = static_cast<long long>(s->extent[k]);
            if (ghost[k] >= 0 && ghost[k] < n) continue;
            if (s->bc[k] == grid::boundary::constant()) return (*constants)[f];
            if (s->bc[k] == grid::boundary::function())
            {
                long long seen[Dim];  // periodic dimensions wrapped into the grid
                for (std::size_t j = 0; j < Dim; ++j)
                    seen[j] = s->bc[j] == grid::boundary::periodic() ? wrapped(ghost[j], static_cast<long long>(s->extent[j])) : ghost[j];
                return (*function)(f, seen, t);
            }
        }
        long long at[Dim];
        for (std::size_t k = 0; k < Dim; ++k)
        {
            const long long n = static_cast<long long>(s->extent[k]);
            at[k] = s->bc[k] == grid::boundary::periodic() ? wrapped(ghost[k], n) : mirrored(ghost[k], n);
        }
        return (*y)[component(f, at)];
    }

    long long coord(std::size_t k) const { return x[k]; }
};

//! f(t, y) of every component, cell by cell through reference_cell.
template <std::size_t Dim, std::size_t Fields, class Update, class BoundaryFunction>
state reference_rhs(const grid::shape<Dim>& s, const Update& update, const std::array<double, Fields>& constants,
                    const BoundaryFunction& function, const state& y, double t)
{
    state f_of_y(y.size());
    reference_cell<Dim, Fields, BoundaryFunction> c{&y, &s, &constants, &function, t, {}};
    const std::size_t cells = s.cells();
    for (std::size_t cell = 0; cell < cells; ++cell)
    {
        std::size_t rest = cell;
        for (std::size_t k = 0; k < Dim; ++k)
        {
            c.x[k] = static_cast<long long>(rest % s.extent[k]);
            rest /= s.extent[k];
        }
        double out[Fields];
        update(c, out, t);
        for (std::size_t f = 0; f < Fields; ++f) f_of_y[c.component(f, c.x)] = out[f];
    }
    return f_of_y;
}

/*! evaluate_range(first, last) on a state whose components outside the window
    [first - d, last - 1 + d] are NaN (a read there shows in the result), into a buffer
    with a guard value on either side (a write outside [first, last) shows there). */
template <class System>
void check_block(const System& sys, const state& y, const state& expected, std::size_t first, std::size_t last,
                 double t)
{
    const std::size_t n = y.size(), d = sys.access_distance();
    state windowed(n, std::numeric_limits<double>::quiet_NaN());
    for (std::size_t i = first > d ? first - d : 0; i < std::min(n, last + d); ++i) windowed[i] = y[i];
    const double guard = -12345.0;
    state out(last - first + 2, guard);
    sys.evaluate_range(first, last, windowed, out.data() + 1, t);
    BOOST_TEST(out.front() == guard);
    BOOST_TEST(out.back() == guard);
    const state block(out.begin() + 1, out.end() - 1);
    const state want(expected.begin() + std::ptrdiff_t(first), expected.begin() + std::ptrdiff_t(last));
    const std::size_t j = first_difference(block, want);
    BOOST_TEST(j == block.size(), "evaluate_range(" << first << ", " << last << ") differs from operator() at component "
                                                    << first + j << ": "
                                                    << (j < block.size() ? block[j] : 0.0) << " vs "
                                                    << (j < block.size() ? want[j] : 0.0));
}

//! Checks a, b and c of the file comment on one grid.
template <std::size_t Dim, std::size_t Fields>
void check_grid(const grid::shape<Dim>& s, std::mt19937& gen)
{
    using update_type = mixing_update<Dim, Fields>;
    using system_type = grid::system<Fields, update_type, Dim, double, ghost_value<Dim>>;
    const update_type update{int(s.stencil_radius), s.stencil_kind == grid::stencil::box,
                             s.neighbours == grid::neighbour_fields::same_field};
    std::array<double, Fields> constants;
    for (std::size_t f = 0; f < Fields; ++f) constants[f] = -0.75 + 0.5 * double(f);
    const system_type sys(s, update, ghost_value<Dim>{}, constants);
    const std::size_t n = sys.size();
    BOOST_TEST_CONTEXT(describe(s, Fields) << ", n = " << n << ", d = " << sys.access_distance())
    {
        BOOST_REQUIRE_EQUAL(n, s.cells() * Fields);
        const double t = 0.375;
        const state y = random_state(n, gen);

        // b: the per-component form against the reference
        const state reference = reference_rhs<Dim, Fields>(s, update, constants, ghost_value<Dim>{}, y, t);
        state per_component(n);
        for (std::size_t j = 0; j < n; ++j) per_component[j] = sys(j, y, t);
        const std::size_t j = first_difference(per_component, reference);
        BOOST_TEST(j == n, "operator() differs from the reference at component "
                               << j << ": " << (j < n ? per_component[j] : 0.0) << " vs " << (j < n ? reference[j] : 0.0));

        // a: the block form against the per-component form
        check_block(sys, y, per_component, 0, n, t);
        std::uniform_int_distribution<std::size_t> pick(0, n);
        for (int trial = 0; trial < 10; ++trial)
        {
            std::size_t first = pick(gen), last = pick(gen);
            if (first > last) std::swap(first, last);
            if (first == last) last = std::min(n, first + 1 + trial);
            if (first < last) check_block(sys, y, per_component, first, last, t);
        }
        for (std::size_t one : {std::size_t(0), n / 2, n - 1}) check_block(sys, y, per_component, one, one + 1, t);

        // the per-cell form (every field of a cell from one update) against it too
        state per_cell(n, std::numeric_limits<double>::quiet_NaN());
        for (std::size_t c = 0; c < s.cells(); ++c) sys.evaluate_cell(c, y, per_cell.data(), t);
        const std::size_t jc = first_difference(per_cell, per_component);
        BOOST_TEST(jc == n, "evaluate_cell differs from operator() at component "
                                << jc << ": " << (jc < n ? per_cell[jc] : 0.0) << " vs "
                                << (jc < n ? per_component[jc] : 0.0));

        // c: no read beyond d, and one read at exactly d
        const tiled::access_report r = tiled::check_access_distance(sys, y, t);
        BOOST_TEST(r.ok(), r.message());
        BOOST_TEST(r.farthest == sys.access_distance(), "the farthest read is " << r.farthest << " away, d = "
                                                                                 << sys.access_distance());
    }
}

template <std::size_t Dim>
grid::shape<Dim> random_shape(std::mt19937& gen)
{
    std::uniform_int_distribution<int> radius_of(1, 3), coin(0, 1), kind_of(0, 3), percent(0, 99);
    const std::size_t longest = Dim == 1 ? 41 : Dim == 2 ? 13 : 7;
    std::uniform_int_distribution<std::size_t> extent_of(2, longest);
    grid::shape<Dim> s;
    s.radius(std::size_t(radius_of(gen)));
    for (std::size_t k = 0; k < Dim; ++k)
    {
        const int p = percent(gen);
        // one-row and one-column grids, extents below the radius, and the rest
        s.extent[k] = p < 12 ? 1 : p < 25 ? std::max<std::size_t>(1, s.stencil_radius - 1) + std::size_t(coin(gen))
                                          : extent_of(gen);
        const grid::boundary kinds[] = {grid::boundary::reflecting(), grid::boundary::periodic(),
                                        grid::boundary::constant(), grid::boundary::function()};
        s.boundary(k, kinds[kind_of(gen)]);
    }
    if (coin(gen)) s.box();
    else s.star();
    s.layout(coin(gen) ? grid::layout::planar : grid::layout::interleaved);
    s.neighbour_fields(coin(gen) ? grid::neighbour_fields::same_field : grid::neighbour_fields::any_field);
    return s;
}

template <std::size_t Dim, std::size_t Fields>
void check_random_grids(unsigned seed, int count)
{
    std::mt19937 gen(seed);
    for (int i = 0; i < count; ++i) check_grid<Dim, Fields>(random_shape<Dim>(gen), gen);
}

//! Calls f(shape) with every combination of layout, neighbour fields, stencil and a
//! uniform boundary, radius 1 to 3, on the extents given.
template <class F, std::size_t Dim>
void for_each_setting(const grid::shape<Dim>& extents_only, F&& f)
{
    for (grid::layout l : {grid::layout::interleaved, grid::layout::planar})
        for (grid::neighbour_fields nf : {grid::neighbour_fields::any_field, grid::neighbour_fields::same_field})
            for (bool box : {false, true})
                for (grid::boundary b : {grid::boundary::reflecting(), grid::boundary::periodic(),
                                         grid::boundary::constant(), grid::boundary::function()})
                    for (std::size_t r : {1, 2, 3})
                    {
                        grid::shape<Dim> s = extents_only;
                        s.layout(l).neighbour_fields(nf).boundary(b).radius(r);
                        if (box) s.box();
                        f(s);
                    }
}

template <class Fn>
void expect_invalid_argument(Fn&& fn, const std::string& words)
{
    try
    {
        fn();
        BOOST_ERROR("no std::invalid_argument; expected one saying \"" << words << "\"");
    }
    catch (const std::invalid_argument& e)
    {
        BOOST_TEST(std::string(e.what()).find(words) != std::string::npos,
                   "message \"" << e.what() << "\" does not say \"" << words << "\"");
    }
}

// --- systems for the steppers -----------------------------------------------------

//! A 3D Brusselator with a 7-point Laplacian, for a planar, periodic grid.
struct brusselator_3d_cell
{
    double diffusion;
    template <class Cell, class Out, class Time>
    void operator()(const Cell& c, Out& out, Time) const
    {
        const double u = c(0), v = c(1), uuv = u * u * v;
        const double lu = (c(0, -1, 0, 0) + c(0, 1, 0, 0)) + (c(0, 0, -1, 0) + c(0, 0, 1, 0)) +
                          (c(0, 0, 0, -1) + c(0, 0, 0, 1)) - 6.0 * u;
        const double lv = (c(1, -1, 0, 0) + c(1, 1, 0, 0)) + (c(1, 0, -1, 0) + c(1, 0, 1, 0)) +
                          (c(1, 0, 0, -1) + c(1, 0, 0, 1)) - 6.0 * v;
        out[0] = (1.0 + uuv - 4.4 * u) + diffusion * lu;
        out[1] = (3.4 * u - uuv) + diffusion * lv;
    }
};

//! Three fields coupled through a 27-point box: each field relaxes towards the
//! next field's neighbours (any_field), with constant values at the z ends.
struct coupled_box_cell
{
    double rate;
    template <class Cell, class Out, class Time>
    void operator()(const Cell& c, Out& out, Time) const
    {
        for (std::size_t f = 0; f < 3; ++f)
        {
            const std::size_t g = (f + 1) % 3;
            double sum = 0.0;
            for (int dz = -1; dz <= 1; ++dz)
                for (int dy = -1; dy <= 1; ++dy)
                    for (int dx = -1; dx <= 1; ++dx) sum += c(g, dx, dy, dz);
            out[f] = rate * (sum - 27.0 * c(f)) - 0.1 * double(f) * c(f);
        }
    }
};

double max_rel_diff(const state& a, const state& b)
{
    BOOST_REQUIRE_EQUAL(a.size(), b.size());
    double m = 0.0;
    for (std::size_t j = 0; j < a.size(); ++j) m = std::max(m, std::abs(a[j] - b[j]) / std::max(std::abs(b[j]), 1e-300));
    return m;
}

constexpr int steps = 100;

//! A stock odeint stepper on the whole-vector form of the system.
template <class OdeintStepper>
struct odeint_reference
{
    OdeintStepper stepper;
    template <class System>
    void do_step(const System& sys, state& x, double t, double dt)
    {
        stepper.do_step(tiled::as_odeint_system(sys), x, t, dt);
    }
};

//! A serial step of the tableau (support/serial_rk_step.hpp), where odeint lacks the method.
template <class Tableau>
struct serial_reference
{
    template <class System>
    void do_step(const System& sys, state& x, double t, double dt)
    {
        boost_odeint_tiled_test::serial_rk_step<Tableau>(sys, x, t, dt);
    }
};

template <class Tiled, class Reference, class System>
void check_stepper(const std::string& name, const System& sys, const state& x0, double dt)
{
    state reference = x0;
    {
        Reference r;
        double t = 0.0;
        for (int i = 0; i < steps; ++i, t += dt) r.do_step(sys, reference, t, dt);
    }
    const std::size_t d = sys.access_distance();
    for (const tiled::tiling& tiling : {tiled::tiling::none(), tiled::tiling::trapezoidal(3 * d + 61, 2),
                                        tiled::tiling::hexagonal(3 * d + 97, 4), tiled::tiling::automatic()})
        BOOST_TEST_CONTEXT(Tiled::tableau_type::name << " on " << name << " (n = " << x0.size() << ", d = " << d
                                                     << ") with " << tiling)
        {
            Tiled stepper(tiling);
            state x = x0;
            double t = 0.0;
            for (int i = 0; i < steps; ++i, t += dt) stepper.do_step(sys, x, t, dt);
            const double diff = max_rel_diff(x, reference);
            BOOST_TEST(diff <= 1e-12, "max relative difference " << diff << " after " << steps << " steps");
        }
}

template <class System>
void check_every_stepper(const std::string& name, const System& sys, const state& x0, double dt)
{
    check_stepper<tiled::euler<state>, odeint_reference<odeint::euler<state>>>(name, sys, x0, dt);
    check_stepper<tiled::runge_kutta4<state>, odeint_reference<odeint::runge_kutta4<state>>>(name, sys, x0, dt);
    check_stepper<tiled::runge_kutta_dopri5<state>, odeint_reference<odeint::runge_kutta_dopri5<state>>>(name, sys, x0,
                                                                                                        dt);
    check_stepper<tiled::runge_kutta_cash_karp54<state>, odeint_reference<odeint::runge_kutta_cash_karp54<state>>>(
        name, sys, x0, dt);
    check_stepper<tiled::runge_kutta_verner56<state>, serial_reference<tiled::runge_kutta_verner56_tableau>>(name, sys,
                                                                                                            x0, dt);
}

} // namespace

BOOST_AUTO_TEST_SUITE(grid_grid_system)

BOOST_AUTO_TEST_CASE(random_1d_grids_agree_with_the_reference_in_both_forms_and_keep_to_a_tight_d)
{
    check_random_grids<1, 1>(101, 60);
    check_random_grids<1, 2>(102, 40);
    check_random_grids<1, 3>(103, 30);
    check_random_grids<1, 4>(104, 30);
}

BOOST_AUTO_TEST_CASE(random_2d_grids_agree_with_the_reference_in_both_forms_and_keep_to_a_tight_d)
{
    check_random_grids<2, 1>(201, 50);
    check_random_grids<2, 2>(202, 50);
    check_random_grids<2, 3>(203, 30);
    check_random_grids<2, 4>(204, 30);
}

BOOST_AUTO_TEST_CASE(random_3d_grids_agree_with_the_reference_in_both_forms_and_keep_to_a_tight_d)
{
    check_random_grids<3, 1>(301, 30);
    check_random_grids<3, 2>(302, 30);
    check_random_grids<3, 3>(303, 20);
    check_random_grids<3, 4>(304, 20);
}

// Every setting at least once, on grids chosen for their edges: one row, one column,
// one cell, extents below the radius, sizes that divide nothing.
BOOST_AUTO_TEST_CASE(every_setting_on_thin_and_odd_grids)
{
    std::mt19937 gen(7);
    for (std::size_t n : {1, 2, 5, 23})
        for_each_setting(grid::extents(n), [&](const grid::shape<1>& s) { check_grid<1, 2>(s, gen); });
    for (auto e : {std::array<std::size_t, 2>{17, 1}, std::array<std::size_t, 2>{1, 13}, std::array<std::size_t, 2>{2, 3},
                   std::array<std::size_t, 2>{9, 7}})
        for_each_setting(grid::extents(e[0], e[1]), [&](const grid::shape<2>& s) { check_grid<2, 3>(s, gen); });
    for (auto e : {std::array<std::size_t, 3>{5, 1, 3}, std::array<std::size_t, 3>{1, 1, 6},
                   std::array<std::size_t, 3>{4, 3, 5}})
        for_each_setting(grid::extents(e[0], e[1], e[2]), [&](const grid::shape<3>& s) { check_grid<3, 2>(s, gen); });
}

BOOST_AUTO_TEST_CASE(boundaries_mixed_per_dimension)
{
    std::mt19937 gen(11);
    const grid::boundary all[] = {grid::boundary::reflecting(), grid::boundary::periodic(), grid::boundary::constant(),
                                  grid::boundary::function()};
    for (grid::boundary bx : all)
        for (grid::boundary by : all)
            for (grid::boundary bz : {grid::boundary::periodic(), grid::boundary::constant()})
                for (bool box : {false, true})
                {
                    grid::shape<2> s2 = grid::extents(6, 5).radius(2).boundary(0, bx).boundary(1, by);
                    grid::shape<3> s3 = grid::extents(4, 5, 3).radius(1).boundary(0, bx).boundary(1, by).boundary(2, bz);
                    if (box)
                    {
                        s2.box();
                        s3.box();
                    }
                    check_grid<2, 2>(s2, gen);
                    check_grid<3, 2>(s3.layout(grid::layout::planar), gen);
                }
}

BOOST_AUTO_TEST_CASE(make_system_passes_constant_values_and_the_boundary_function)
{
    std::mt19937 gen(13);
    using update_type = mixing_update<2, 2>;
    const update_type update{1, false, false};
    const state y = random_state(2 * 6 * 4, gen);
    const std::array<double, 2> constants = {0.25, -4.0};
    {
        const grid::shape<2> s = grid::extents(6, 4).boundary(grid::boundary::constant());
        const auto sys = grid::make_system<2>(s, update, constants);
        const state ref = reference_rhs<2, 2>(s, update, constants, grid::no_boundary_function{}, y, 0.5);
        for (std::size_t j = 0; j < y.size(); ++j) BOOST_TEST(sys(j, y, 0.5) == ref[j]);
    }
    {
        const grid::shape<2> s = grid::extents(6, 4).boundary(grid::boundary::function());
        const auto sys = grid::make_system<2>(s, update, ghost_value<2>{});
        const state ref = reference_rhs<2, 2>(s, update, std::array<double, 2>{}, ghost_value<2>{}, y, 0.5);
        for (std::size_t j = 0; j < y.size(); ++j) BOOST_TEST(sys(j, y, 0.5) == ref[j]);
    }
    {
        const grid::shape<2> s = grid::extents(6, 4).boundary(grid::boundary::periodic());
        const auto sys = grid::make_system<2>(s, update);
        const state ref = reference_rhs<2, 2>(s, update, std::array<double, 2>{}, grid::no_boundary_function{}, y, 0.5);
        for (std::size_t j = 0; j < y.size(); ++j) BOOST_TEST(sys(j, y, 0.5) == ref[j]);
        BOOST_TEST(sys.component(1, 5, 3) == 2u * (3u * 6u + 5u) + 1u);
    }
    {
        // a function along x and constants along y, both given
        const grid::shape<2> s = grid::extents(6, 4)
                                     .boundary(0, grid::boundary::function())
                                     .boundary(1, grid::boundary::constant());
        const auto sys = grid::make_system<2>(s, update, ghost_value<2>{}, constants);
        const state ref = reference_rhs<2, 2>(s, update, constants, ghost_value<2>{}, y, 0.5);
        for (std::size_t j = 0; j < y.size(); ++j) BOOST_TEST(sys(j, y, 0.5) == ref[j]);
    }
    {
        // make_system<Fields, Value>: the value type named, every overload
        const grid::shape<2> s = grid::extents(6, 4)
                                     .boundary(0, grid::boundary::function())
                                     .boundary(1, grid::boundary::constant());
        const std::array<float, 2> float_constants = {0.25f, -4.0f};
        const auto with_both = grid::make_system<2, float>(s, update, ghost_value<2>{}, float_constants);
        const auto with_function = grid::make_system<2, float>(s, update, ghost_value<2>{});
        const auto with_constants = grid::make_system<2, float>(grid::extents(6, 4).boundary(grid::boundary::constant()),
                                                                update, float_constants);
        const auto plain = grid::make_system<2, float>(grid::extents(6, 4), update);
        static_assert(std::is_same<decltype(with_both)::value_type, float>::value, "");
        static_assert(std::is_same<decltype(with_function)::value_type, float>::value, "");
        static_assert(std::is_same<decltype(with_constants)::value_type, float>::value, "");
        static_assert(std::is_same<decltype(plain)::value_type, float>::value, "");
        BOOST_TEST(with_both.constant_values()[1] == -4.0f);
        BOOST_TEST(with_function.constant_values()[1] == 0.0f);
        BOOST_TEST(with_constants.constant_values()[0] == 0.25f);
        BOOST_TEST(plain.size() == 48u);
    }
}

/*! A float state: the tiled steppers compute in the state's element type (their Value
    defaults to it, as core/state_access.hpp's state_value says), and agree with odeint's
    steppers on float to float rounding, fixed and adaptive. */
BOOST_AUTO_TEST_CASE(float_states_step_in_float_and_agree_with_odeint)
{
    using fstate = std::vector<float>;
    static_assert(std::is_same<tiled::runge_kutta4<fstate>::value_type, float>::value, "");
    static_assert(std::is_same<tiled::runge_kutta4<fstate>::time_type, float>::value, "");
    static_assert(std::is_same<tiled::runge_kutta_dopri5<state>::value_type, double>::value, "");
    const grid::shape<2> s = grid::extents(37, 23)
                                 .boundary(0, grid::boundary::reflecting())
                                 .boundary(1, grid::boundary::constant())
                                 .neighbour_fields(grid::neighbour_fields::same_field);
    const auto sys = grid::make_system<2, float>(s, problems::bruss2d_cell{0.05}, std::array<float, 2>{1.0f, 3.0f});
    std::mt19937 gen(29);
    const state y0d = random_state(sys.size(), gen);
    const fstate y0(y0d.begin(), y0d.end());
    auto max_relative_difference = [](const fstate& a, const fstate& b) {
        double m = 0.0;
        for (std::size_t j = 0; j < a.size(); ++j)
            m = std::max(m, double(std::fabs(a[j] - b[j])) / std::max(1.0, double(std::fabs(b[j]))));
        return m;
    };
    {
        fstate x = y0, r = y0;
        tiled::runge_kutta4<fstate> rk4;
        odeint::integrate_n_steps(rk4, sys, x, 0.0f, 0.01f, 50);
        odeint::runge_kutta4<fstate, float> stock;
        odeint::integrate_n_steps(stock, tiled::as_odeint_system(sys), r, 0.0f, 0.01f, 50);
        BOOST_TEST(max_relative_difference(x, r) <= 1e-5, "rk4 on float: " << max_relative_difference(x, r));
    }
    {
        fstate x = y0, r = y0;
        auto controlled = odeint::make_controlled(1e-4f, 1e-4f, tiled::runge_kutta_dopri5<fstate>());
        const std::size_t steps = odeint::integrate_adaptive(controlled, sys, x, 0.0f, 0.5f, 0.01f);
        auto stock = odeint::make_controlled(1e-4f, 1e-4f, odeint::runge_kutta_dopri5<fstate, float>());
        const std::size_t stock_steps = odeint::integrate_adaptive(stock, tiled::as_odeint_system(sys), r, 0.0f, 0.5f, 0.01f);
        BOOST_TEST(steps == stock_steps);
        BOOST_TEST(max_relative_difference(x, r) <= 1e-5, "adaptive dopri5 on float: " << max_relative_difference(x, r));
    }
}

BOOST_AUTO_TEST_CASE(bad_shapes_throw_invalid_argument_with_a_clear_message)
{
    const mixing_update<1, 1> u1{1, false, false};
    const mixing_update<2, 1> u2{1, false, false};
    const mixing_update<3, 1> u3{1, false, false};
    expect_invalid_argument([&] { grid::make_system<1>(grid::extents(0), u1); }, "extent 0 of the grid is 0");
    expect_invalid_argument([&] { grid::make_system<1>(grid::extents(5, 0), u2); }, "extent 1 of the grid is 0");
    expect_invalid_argument([&] { grid::make_system<1>(grid::extents(5, 4, 0), u3); }, "extent 2 of the grid is 0");
    expect_invalid_argument([&] { grid::make_system<1>(grid::extents(5, 4).radius(0), u2); }, "stencil radius is 0");
    expect_invalid_argument(
        [&] { grid::make_system<1>(grid::extents(5, 4).boundary(1, grid::boundary::function()), u2); },
        "dimension 1 has boundary::function() but the system was made without a boundary function");
    expect_invalid_argument([&] { grid::extents(5, 4).boundary(2, grid::boundary::periodic()); },
                            "a 2D grid has no dimension 2");
    expect_invalid_argument([&] { grid::extents(5).boundary(1, grid::boundary::periodic()); },
                            "a 1D grid has no dimension 1");
    // with a boundary function, boundary::function() is fine
    BOOST_CHECK_NO_THROW(
        grid::make_system<1>(grid::extents(5, 4).boundary(1, grid::boundary::function()), u2, ghost_value<2>{}));
}

BOOST_AUTO_TEST_CASE(grid_bruss2d_and_plain_bruss2d_give_bruss2d_values_bitwise)
{
    std::mt19937 gen(17);
    for (auto g : {std::array<std::size_t, 2>{16, 9}, std::array<std::size_t, 2>{7, 5}, std::array<std::size_t, 2>{1, 6},
                   std::array<std::size_t, 2>{6, 1}, std::array<std::size_t, 2>{1, 1}, std::array<std::size_t, 2>{2, 2},
                   std::array<std::size_t, 2>{13, 11}})
        BOOST_TEST_CONTEXT("grid " << g[0] << " x " << g[1])
        {
            const problems::bruss2d hand(g[0], g[1]);
            const problems::grid_bruss2d helper(g[0], g[1]);
            const problems::plain_bruss2d plain(g[0], g[1]);
            BOOST_TEST(helper.size() == hand.size());
            // one row: no neighbour rows to read, so the helper's d is the tight 2 (or 1
            // for a single cell), below bruss2d's 2 x_max
            if (g[1] > 1) BOOST_TEST(helper.access_distance() == hand.access_distance());
            else BOOST_TEST(helper.access_distance() == (g[0] > 1 ? 2u : 1u));
            BOOST_TEST(plain.access_distance() == hand.access_distance());
            state x0(hand.size()), x1(hand.size());
            hand.initial_state(x0);
            helper.initial_state(x1);
            BOOST_TEST(first_difference(x0, x1) == x0.size());
            const state y = random_state(hand.size(), gen);
            state f_hand(y.size()), f_helper(y.size()), f_plain(y.size()), f_block(y.size());
            for (std::size_t j = 0; j < y.size(); ++j)
            {
                f_hand[j] = hand(j, y, 0.0);
                f_helper[j] = helper(j, y, 0.0);
                f_plain[j] = plain(j, y, 0.0);
            }
            helper.evaluate_range(0, y.size(), y, f_block.data(), 0.0);
            BOOST_TEST(first_difference(f_helper, f_hand) == y.size());
            BOOST_TEST(first_difference(f_plain, f_hand) == y.size());
            BOOST_TEST(first_difference(f_block, f_hand) == y.size());
            const tiled::access_report r = tiled::check_access_distance(helper, y);
            BOOST_TEST(r.ok(), r.message());
        }
}

BOOST_AUTO_TEST_CASE(grid_heat1d_gives_heat1d_values_bitwise)
{
    std::mt19937 gen(23);
    for (std::size_t n : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(17), std::size_t(1000)})
        BOOST_TEST_CONTEXT("n = " << n)
        {
            const problems::heat1d hand(n, 0.7);
            const problems::grid_heat1d helper(n, 0.7);
            BOOST_TEST(helper.size() == hand.size());
            BOOST_TEST(helper.access_distance() == (n > 1 ? 1u : 0u));
            BOOST_TEST(helper.suggested_dt() == hand.suggested_dt());
            state x0(n), x1(n);
            hand.initial_state(x0);
            helper.initial_state(x1);
            BOOST_TEST(first_difference(x0, x1) == n);
            const state y = random_state(n, gen);
            state f_hand(n), f_helper(n), f_block(n);
            for (std::size_t j = 0; j < n; ++j)
            {
                f_hand[j] = hand(j, y, 0.0);
                f_helper[j] = helper(j, y, 0.0);
            }
            helper.evaluate_range(0, n, y, f_block.data(), 0.0);
            BOOST_TEST(first_difference(f_helper, f_hand) == n);
            BOOST_TEST(first_difference(f_block, f_hand) == n);
            const tiled::access_report r = tiled::check_access_distance(helper, y);
            BOOST_TEST(r.ok(), r.message());
        }
    BOOST_CHECK_THROW(problems::grid_heat1d(0, 1.0), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(tiled_steppers_on_grid_systems_agree_with_odeint)
{
    {
        const problems::grid_bruss2d sys(23, 17);
        state x0(sys.size());
        sys.initial_state(x0);
        check_every_stepper("grid_bruss2d 23x17", sys, x0, sys.suggested_dt());
    }
    std::mt19937 gen(19);
    {
        const auto sys = grid::make_system<2>(grid::extents(7, 6, 5)
                                                  .boundary(grid::boundary::periodic())
                                                  .layout(grid::layout::planar)
                                                  .neighbour_fields(grid::neighbour_fields::same_field),
                                              brusselator_3d_cell{0.05});
        check_every_stepper("3D planar periodic Brusselator 7x6x5", sys, random_state(sys.size(), gen), 0.01);
    }
    {
        const auto sys = grid::make_system<3>(grid::extents(9, 5, 4)
                                                  .box()
                                                  .boundary(0, grid::boundary::periodic())
                                                  .boundary(1, grid::boundary::reflecting())
                                                  .boundary(2, grid::boundary::constant()),
                                              coupled_box_cell{0.05}, std::array<double, 3>{1.0, 0.5, -0.5});
        check_every_stepper("3D interleaved box, mixed boundaries 9x5x4", sys, random_state(sys.size(), gen), 0.01);
    }
}

BOOST_AUTO_TEST_SUITE_END()
