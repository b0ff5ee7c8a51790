// The block form's fast paths of tiled::grid::system (grid_system.hpp: interior runs
// that the compiler vectorises across cells, merged rows whose edge cells are redone,
// row-edge cells): evaluate_range must give operator()'s bits on every component, for
// rows of every length 1 .. 40 (vector bodies, remainders and rows shorter than a
// vector), 2D and 3D, both layouts, every boundary, and ranges split anywhere. Each
// range reads its state through a copy of only its window (range_rhs.hpp), so a read
// outside the window is a read outside an allocation (which sanitizer builds report).

#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint/tiled/grid.hpp>

#include <cmath>
#include <cstddef>
#include <cstring>
#include <random>
#include <stdexcept>
#include <vector>

namespace tiled = boost::numeric::odeint::tiled;
namespace grid = tiled::grid;

namespace {

// Reads every offset of a box of radius R (loops the compiler unrolls), mixes fields
// and uses the coordinates. Bitwise agreement holds without FMA contraction (the test
// builds' flags); with -ffp-contract=fast, GCC picks which product of a sum it fuses
// per inlined context, and an update like this one can then differ in the last bit
// between paths, before and after the vectorised paths alike.
template <std::size_t Fields, std::size_t Dim, int R>
struct box_update
{
    static constexpr int side = 2 * R + 1;
    double w[side * side * side];
    double coord_weight;

    template <class Cell>
    double read(const Cell& c, std::size_t f, int dx, int dy, int dz) const
    {
        if constexpr (Dim == 2) { (void)dz; return c(f, dx, dy); }
        else return c(f, dx, dy, dz);
    }
    template <class Cell, class Out, class Time>
    void operator()(const Cell& c, Out& out, Time t) const
    {
        const double where = static_cast<double>(c.coord(0) + 3 * c.coord(1));
        for (std::size_t f = 0; f < Fields; ++f)
        {
            double s = c(f) * c((f + 1) % Fields);
            for (int dz = (Dim == 3 ? -R : 0); dz <= (Dim == 3 ? R : 0); ++dz)
                for (int dy = -R; dy <= R; ++dy)
                    for (int dx = -R; dx <= R; ++dx)
                        s += w[((dz + R) * side + dy + R) * side + dx + R] * read(c, f, dx, dy, dz);
            out[f] = s + (coord_weight * where + t);
        }
    }
};

template <std::size_t Fields, std::size_t Dim, int R>
box_update<Fields, Dim, R> make_update()
{
    box_update<Fields, Dim, R> u{};
    for (std::size_t i = 0; i < sizeof(u.w) / sizeof(u.w[0]); ++i) u.w[i] = 0.0625 * double(int(i % 7) - 3) + 0.01;
    u.coord_weight = 0.125;
    return u;
}

struct ghost_function
{
    template <class Coord, class Time>
    double operator()(std::size_t f, const Coord& g, Time t) const
    {
        double s = 0.5 * double(f) + t;
        for (std::size_t k = 0; k < sizeof(Coord) / sizeof(g[0]); ++k) s += 0.01 * double(k + 1) * double(g[k]);
        return s;
    }
};

// y[i] for i in a window [lo, hi) of the state, from a copy of only that window
struct window_view
{
    const double* data;
    std::size_t lo;
    const double& operator[](std::size_t i) const { return data[i - lo]; }
};

template <class System>
void check_every_split(const System& sys, std::mt19937& rng, const char* what)
{
    const std::size_t n = sys.size(), d = sys.access_distance();
    std::vector<double> y(n);
    std::uniform_real_distribution<double> u(0.5, 1.5);
    for (auto& v : y) v = u(rng);
    const double t = 0.375;
    std::vector<double> ref(n);
    for (std::size_t j = 0; j < n; ++j) ref[j] = sys(j, y, t);

    // a periodic boundary reads across the grid, beyond the access distance the shape
    // reports (grid_shape.hpp): such systems get the whole state
    bool periodic = false;
    for (std::size_t k = 0; k < System::dimensions; ++k)
        periodic = periodic || sys.grid_shape().bc[k] == grid::boundary::periodic();
    auto check_range = [&](std::size_t first, std::size_t last) {
        const std::size_t lo = periodic ? 0 : first > d ? first - d : 0;
        const std::size_t hi = periodic ? n : last + d < n ? last + d : n;
        const std::vector<double> window(y.begin() + std::ptrdiff_t(lo), y.begin() + std::ptrdiff_t(hi));
        std::vector<double> out(last - first);
        sys.evaluate_range(first, last, window_view{window.data(), lo}, out.data(), t);
        std::size_t bad = 0, first_bad = 0;
        for (std::size_t j = first; j < last; ++j)
            if (std::memcmp(&out[j - first], &ref[j], sizeof(double)) != 0 && bad++ == 0) first_bad = j;
        BOOST_TEST(bad == 0u, what << ": [" << first << ", " << last << ") of " << n << ", " << bad
                                   << " differ, first at " << first_bad);
    };
    check_range(0, n);
    std::uniform_int_distribution<std::size_t> cut(1, n);
    for (int piece = 0; piece < 6; ++piece)
    {
        std::size_t a = cut(rng) - 1, b = cut(rng);
        if (a > b) std::swap(a, b);
        if (a < b) check_range(a, b);
    }
    for (std::size_t len : {std::size_t(1), std::size_t(7), std::size_t(33)})
        for (std::size_t a = 0; a < n; a += len) check_range(a, a + len < n ? a + len : n);
}

template <std::size_t Fields, int R, class Shape>
void check_shape(Shape s, std::mt19937& rng, const char* what)
{
    constexpr std::size_t Dim = Shape::dimensions;
    s.radius(R).box();
    try
    {
        s.validate(Fields);
    }
    catch (const std::invalid_argument&)
    {
        return;  // a grid this radius does not fit
    }
    const auto sys = grid::make_system<Fields>(s, make_update<Fields, Dim, R>(), ghost_function{});
    check_every_split(sys, rng, what);
}

const grid::boundary boundaries[] = {grid::boundary::reflecting(), grid::boundary::periodic(),
                                     grid::boundary::constant(), grid::boundary::function()};

} // namespace

BOOST_AUTO_TEST_CASE(grid_block_form_gives_operators_bits_on_2d_rows_of_every_length)
{
    std::mt19937 rng(12345);
    for (std::size_t nx = 1; nx <= 40; ++nx)
        for (const auto& b : boundaries)
            for (auto l : {grid::layout::interleaved, grid::layout::planar})
            {
                const auto shape = grid::extents(nx, 7).boundary(b).layout(l);
                check_shape<2, 1>(shape, rng, "2D, 2 fields, r = 1");
                check_shape<3, 2>(shape, rng, "2D, 3 fields, r = 2");
                check_shape<1, 1>(shape, rng, "2D, 1 field, r = 1");
            }
}

BOOST_AUTO_TEST_CASE(grid_block_form_gives_operators_bits_on_3d_grids)
{
    std::mt19937 rng(777);
    for (std::size_t nx : {std::size_t(1), std::size_t(3), std::size_t(5), std::size_t(8), std::size_t(13),
                           std::size_t(17), std::size_t(24)})
        for (const auto& b : boundaries)
            for (auto l : {grid::layout::interleaved, grid::layout::planar})
            {
                const auto shape = grid::extents(nx, 5, 4).boundary(b).layout(l);
                check_shape<2, 1>(shape, rng, "3D, 2 fields, r = 1");
            }
}

BOOST_AUTO_TEST_CASE(grid_block_form_mixed_boundaries_per_dimension)
{
    std::mt19937 rng(99);
    for (std::size_t nx = 2; nx <= 20; ++nx)
    {
        auto s = grid::extents(nx, 6).boundary(0, grid::boundary::constant()).boundary(1, grid::boundary::periodic());
        check_shape<2, 1>(s, rng, "2D, x constant, y periodic");
        auto s2 = grid::extents(nx, 6).boundary(0, grid::boundary::function()).boundary(1, grid::boundary::reflecting());
        check_shape<2, 1>(s2, rng, "2D, x function, y reflecting");
        // tables for the rows inside, mapped reads for the rows at the function's edge
        auto s3 = grid::extents(nx, 6).boundary(0, grid::boundary::reflecting()).boundary(1, grid::boundary::function());
        check_shape<2, 1>(s3, rng, "2D, x reflecting, y function");
        auto s4 = grid::extents(nx, 5, 4)
                      .boundary(0, grid::boundary::periodic())
                      .boundary(1, grid::boundary::constant())
                      .boundary(2, grid::boundary::reflecting());
        check_shape<2, 1>(s4, rng, "3D, x periodic, y constant, z reflecting");
    }
}

// Radii beyond the edge cells' read tables (grid::system::table_radius) map every
// read of an edge cell instead.
BOOST_AUTO_TEST_CASE(grid_block_form_radius_beyond_the_read_tables)
{
    std::mt19937 rng(4242);
    for (std::size_t nx : {std::size_t(9), std::size_t(19), std::size_t(23)})
        for (const auto& b : boundaries)
            for (auto l : {grid::layout::interleaved, grid::layout::planar})
            {
                const auto shape = grid::extents(nx, 21).boundary(b).layout(l);
                check_shape<2, 9>(shape, rng, "2D, 2 fields, r = 9");
            }
}
