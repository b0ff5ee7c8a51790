/*
 test/problems/reference_problems.cpp

 The reference problems: their access distances are what they report, BRUSS2D
 agrees with a plain ghost-cell implementation of Werner's thesis, §5.2, and
 the factories and initial values are right. BRUSS2D's range form gives
 operator()'s values bitwise, however the range is split, on every vector path (built
 also for AVX2 and AVX-512 where the machine has them: test/CMakeLists.txt).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint/tiled/reference_problems.hpp>
#include <boost/numeric/odeint/tiled/system/access_check.hpp>
#include <boost/numeric/odeint/tiled/system/limited_access_system.hpp>
#include <boost/numeric/odeint/tiled/system/stage_view.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <initializer_list>
#include <random>
#include <stdexcept>
#include <type_traits>
#include <utility>
#include <vector>

namespace tiled = boost::numeric::odeint::tiled;
namespace problems = boost::numeric::odeint::tiled::problems;

namespace {

// A view that records the lowest and highest index read.
struct recording_view {
    const std::vector<double>* y;
    mutable std::size_t lo, hi;
    double operator[](std::size_t i) const
    {
        lo = std::min(lo, i);
        hi = std::max(hi, i);
        return (*y)[i];
    }
};

std::vector<double> random_state(std::size_t n, std::mt19937& gen)
{
    std::uniform_real_distribution<double> dist(0.5, 2.0);
    std::vector<double> y(n);
    for (double& v : y)
        v = dist(gen);
    return y;
}

// Every f_j reads only y[j-d .. j+d] inside [0, n), and perturbing any component
// farther than d from j leaves f_j unchanged.
template <class System>
void check_access_distance(const System& sys, std::size_t n, std::mt19937& gen)
{
    const std::size_t d = sys.access_distance();
    std::vector<double> y = random_state(n, gen);
    std::uniform_int_distribution<std::size_t> pick(0, n - 1);
    for (int trial = 0; trial < 40; ++trial) {
        const std::size_t j = trial < 2 ? (trial == 0 ? 0 : n - 1) : pick(gen);
        recording_view view{&y, n, 0};
        const double f = sys(j, view, 0.0);
        BOOST_REQUIRE(view.hi < n);
        BOOST_REQUIRE_MESSAGE(view.lo + d >= j && view.hi <= j + d,
                              "f_" << j << " reads [" << view.lo << ", " << view.hi << "] with d = " << d);
        std::vector<double> z = y;
        for (std::size_t i = 0; i < n; ++i)
            if (i + d < j || i > j + d)
                z[i] += 1.0 + static_cast<double>(i % 7);
        BOOST_REQUIRE_EQUAL(sys(j, z, 0.0), sys(j, y, 0.0)); // same call path: exact
        BOOST_REQUIRE(std::abs(f - sys(j, y, 0.0)) <= 1e-13 * (1.0 + std::abs(f)));
    }
}

// BRUSS2D written plainly: 2D arrays with a ring of mirror ghost cells, Werner's thesis,
// §5.2, equations (5.10)-(5.12), with the constants of bruss2d-mix.c.
std::vector<double> bruss2d_by_ghost_cells(const std::vector<double>& y, std::size_t nx, std::size_t ny,
                                           double alpha)
{
    const std::size_t gx = nx + 2, gy = ny + 2;
    std::vector<double> u(gx * gy), v(gx * gy);
    auto at = [gx](std::size_t x, std::size_t yy) { return yy * gx + x; }; // ghost-grid index, 1-based cells
    for (std::size_t yy = 1; yy <= ny; ++yy)
        for (std::size_t x = 1; x <= nx; ++x) {
            u[at(x, yy)] = y[2 * ((yy - 1) * nx + (x - 1))];
            v[at(x, yy)] = y[2 * ((yy - 1) * nx + (x - 1)) + 1];
        }
    // u_{0,y} = u_{2,y}, u_{xmax+1,y} = u_{xmax-1,y}, the same in y; extent 1: the cell itself.
    for (std::size_t yy = 1; yy <= ny; ++yy) {
        const std::size_t w = nx > 1 ? 2 : 1, e = nx > 1 ? nx - 1 : nx;
        u[at(0, yy)] = u[at(w, yy)];
        v[at(0, yy)] = v[at(w, yy)];
        u[at(nx + 1, yy)] = u[at(e, yy)];
        v[at(nx + 1, yy)] = v[at(e, yy)];
    }
    for (std::size_t x = 1; x <= nx; ++x) {
        const std::size_t s = ny > 1 ? 2 : 1, n = ny > 1 ? ny - 1 : ny;
        u[at(x, 0)] = u[at(x, s)];
        v[at(x, 0)] = v[at(x, s)];
        u[at(x, ny + 1)] = u[at(x, n)];
        v[at(x, ny + 1)] = v[at(x, n)];
    }
    const double D = nx > 1 ? alpha * double(nx - 1) * double(nx - 1) : alpha;
    std::vector<double> f(y.size());
    for (std::size_t yy = 1; yy <= ny; ++yy)
        for (std::size_t x = 1; x <= nx; ++x) {
            const double uc = u[at(x, yy)], vc = v[at(x, yy)];
            const double lu = u[at(x - 1, yy)] + u[at(x + 1, yy)] + u[at(x, yy - 1)] + u[at(x, yy + 1)] - 4 * uc;
            const double lv = v[at(x - 1, yy)] + v[at(x + 1, yy)] + v[at(x, yy - 1)] + v[at(x, yy + 1)] - 4 * vc;
            const std::size_t c = 2 * ((yy - 1) * nx + (x - 1));
            f[c] = 1.0 + uc * uc * vc - 4.4 * uc + D * lu;
            f[c + 1] = 3.4 * uc - uc * uc * vc + D * lv;
        }
    return f;
}

// sys.evaluate_range over y, cut into pieces of each given length and of the whole
// state, gives `per` (operator()'s values) bitwise.
template <class System>
void check_block_form_on_every_split(const System& sys, const std::vector<double>& y, const std::vector<double>& per,
                                     std::initializer_list<std::size_t> pieces)
{
    const std::size_t n = y.size();
    std::vector<std::size_t> lengths(pieces);
    lengths.push_back(n);
    for (std::size_t piece : lengths)
        for (std::size_t first = 0; first < n; first += piece) {
            const std::size_t last = std::min(n, first + piece);
            std::vector<double> block(last - first);
            sys.evaluate_range(first, last, y, block.data(), 0.0);
            BOOST_TEST(std::memcmp(block.data(), per.data() + first, block.size() * sizeof(double)) == 0,
                       "n = " << n << ", [" << first << ", " << last << ")");
        }
}

} // namespace

BOOST_AUTO_TEST_CASE(reference_problems_are_trivially_copyable_limited_access_systems)
{
    static_assert(tiled::is_limited_access_system<problems::bruss2d>::value, "");
    static_assert(tiled::is_limited_access_system<problems::heat1d>::value, "");
    static_assert(tiled::is_limited_access_system<problems::wide_stencil>::value, "");
    static_assert(tiled::is_limited_access_system<problems::phase_chain>::value, "");
    static_assert(tiled::is_limited_access_system<problems::lorenz96>::value, "");
    static_assert(tiled::detail::has_cyclic_access_distance<problems::lorenz96>::value, "");
    static_assert(std::is_trivially_copyable<problems::bruss2d>::value, "");
    static_assert(std::is_trivially_copyable<problems::heat1d>::value, "");
    static_assert(std::is_trivially_copyable<problems::wide_stencil>::value, "");
    static_assert(std::is_trivially_copyable<problems::phase_chain>::value, "");
    static_assert(std::is_trivially_copyable<problems::lorenz96>::value, "");
    BOOST_TEST(true);
}

BOOST_AUTO_TEST_CASE(components_read_nothing_beyond_the_reported_access_distance)
{
    std::mt19937 gen(20260101);
    for (auto g : {std::make_pair(5, 4), std::make_pair(4, 5), std::make_pair(1, 6), std::make_pair(7, 1),
                   std::make_pair(1, 1), std::make_pair(2, 2), std::make_pair(16, 9)}) {
        const problems::bruss2d sys(g.first, g.second);
        BOOST_TEST(sys.access_distance() == 2u * g.first);
        check_access_distance(sys, sys.size(), gen);
    }
    for (std::size_t n : {1, 2, 3, 50})
        check_access_distance(problems::heat1d(n, 0.7), n, gen);
    for (std::size_t n : {1, 2, 50})
        check_access_distance(problems::phase_chain(n), n, gen);
    for (std::size_t n : {1, 2, 7, 50})
        for (std::size_t d : {std::size_t(0), std::size_t(1), std::size_t(3), n / 2, n - 1, n, n + 5}) {
            const problems::wide_stencil sys(n, d, 0.3);
            BOOST_TEST(sys.access_distance() == d);
            check_access_distance(sys, n, gen);
        }
}

BOOST_AUTO_TEST_CASE(components_at_exactly_the_access_distance_are_read)
{
    std::mt19937 gen(7);
    {
        const problems::bruss2d sys(5, 4);
        const std::size_t d = sys.access_distance(); // 10
        const std::vector<double> y = random_state(sys.size(), gen);
        for (std::size_t j : {std::size_t(2 * (1 * 5 + 2)), std::size_t(2 * (2 * 5 + 1) + 1)}) { // interior u, v
            for (std::size_t i : {j - d, j + d}) {
                std::vector<double> z = y;
                z[i] += 0.5;
                BOOST_TEST(sys(j, z, 0.0) != sys(j, y, 0.0), "j = " << j << ", i = " << i);
            }
        }
    }
    {
        const std::size_t n = 40, d = 6;
        const problems::wide_stencil sys(n, d, 0.3);
        const std::vector<double> y = random_state(n, gen);
        for (std::size_t i : {20 - d, 20 + d}) {
            std::vector<double> z = y;
            z[i] += 0.5;
            BOOST_TEST(sys(20, z, 0.0) != sys(20, y, 0.0));
        }
    }
}

BOOST_AUTO_TEST_CASE(bruss2d_matches_a_plain_ghost_cell_implementation_on_every_component)
{
    std::mt19937 gen(42);
    for (auto g : {std::make_pair(5, 4), std::make_pair(4, 5), std::make_pair(3, 3), std::make_pair(1, 4),
                   std::make_pair(4, 1), std::make_pair(2, 2)}) {
        for (double alpha : {2e-3, 0.05}) {
            const problems::bruss2d sys(g.first, g.second, alpha);
            std::vector<double> y = random_state(sys.size(), gen);
            const std::vector<double> ref = bruss2d_by_ghost_cells(y, g.first, g.second, alpha);
            for (std::size_t j = 0; j < sys.size(); ++j)
                BOOST_TEST(sys(j, y, 0.0) == ref[j], boost::test_tools::tolerance(1e-13));
            // Also from the problem's own initial state.
            sys.initial_state(y);
            const std::vector<double> ref0 = bruss2d_by_ghost_cells(y, g.first, g.second, alpha);
            for (std::size_t j = 0; j < sys.size(); ++j)
                BOOST_TEST(sys(j, y, 0.0) == ref0[j], boost::test_tools::tolerance(1e-13));
        }
    }
}

namespace {
// evaluate_range(first, last) through a stage_view on a copy of only the window
// [first - d, last + d) it may read (as in a tile-local buffer) into f[first, last).
void evaluate_range_on_its_window(const problems::bruss2d& sys, const std::vector<double>& y, std::size_t first,
                                  std::size_t last, double* f)
{
    const std::size_t n = sys.size(), d = sys.access_distance();
    const std::size_t lo = first > d ? first - d : 0, hi = std::min(n, last + d);
    const std::vector<double> window(y.begin() + std::ptrdiff_t(lo), y.begin() + std::ptrdiff_t(hi));
    const tiled::stage_view<double> view{window.data(), static_cast<long long>(lo)};
    sys.evaluate_range(first, last, view, f, 0.0);
}
} // namespace

// evaluate_range compared bitwise with operator(): the tiled steppers' results must not
// depend on where blocks and tiles begin. Over [0, n) in pieces of `piece` components,
// and over ranges from every start in the first two rows, of lengths that end inside
// a row, at its end and rows later. The grids have rows shorter than, as long as and
// up to ten times any SIMD vector (the 4- and 8-lane paths roll vectors through
// registers on rows longer than one vector), multiples of it and not, and rows of 1
// and 2. CMake also builds this file for x86-64-v3 and -v4 where the machine has AVX2
// and AVX-512 (problems_reference_problems_avx2 / _avx512, defining
// BOOST_ODEINT_TILED_TEST_EXPECTED_LANES), since the tests' usual flags reach the
// 2-lane path only.
BOOST_AUTO_TEST_CASE(bruss2d_evaluate_range_gives_operators_values_bitwise_on_every_split)
{
    std::mt19937 gen(11);
    std::vector<std::pair<std::size_t, std::size_t>> grids = {{16, 9}, {3, 7}, {4, 6}, {5, 5}, {6, 5}, {12, 6},
                                                              {50, 4}, {2, 5}, {1, 6}, {7, 1}, {9, 2}};
    for (std::size_t x_max = 1; x_max <= 40; x_max += (x_max < 12 ? 1 : 7))
        for (std::size_t y_max : {std::size_t(3), std::size_t(5)}) grids.emplace_back(x_max, y_max);
    for (const auto& g : grids) {
        const problems::bruss2d sys(g.first, g.second);
        const std::size_t n = sys.size(), d = sys.access_distance();
        const std::vector<double> y = random_state(n, gen);
        std::vector<double> ref(n);
        for (std::size_t j = 0; j < n; ++j) ref[j] = sys(j, y, 0.0);
        for (std::size_t piece : {std::size_t(1), std::size_t(2), std::size_t(3), std::size_t(7), std::size_t(8),
                                  std::size_t(13), std::size_t(64), n}) {
            std::vector<double> f(n, -1.0);
            for (std::size_t first = 0; first < n; first += piece)
                evaluate_range_on_its_window(sys, y, first, std::min(n, first + piece), f.data() + first);
            BOOST_TEST(std::memcmp(f.data(), ref.data(), n * sizeof(double)) == 0,
                       "grid " << g.first << " x " << g.second << ", pieces of " << piece);
        }
        for (std::size_t first = 0; first < std::min(n, 2 * d); ++first)
            for (std::size_t length : {std::size_t(1), std::size_t(5), std::size_t(8), std::size_t(17), d, d + 3, 3 * d}) {
                const std::size_t last = std::min(n, first + length);
                std::vector<double> f(last - first, -1.0);
                evaluate_range_on_its_window(sys, y, first, last, f.data());
                BOOST_TEST(std::memcmp(f.data(), ref.data() + first, f.size() * sizeof(double)) == 0,
                           "grid " << g.first << " x " << g.second << ", [" << first << ", " << last << ")");
            }
    }
}

#if defined(BOOST_ODEINT_TILED_BRUSS2D_SIMD)
BOOST_AUTO_TEST_CASE(bruss2d_simd_lanes_are_those_of_the_isa_this_test_is_built_for)
{
    BOOST_TEST_MESSAGE("bruss2d_simd lanes: " << problems::detail::bruss2d_simd::lanes);
#if defined(BOOST_ODEINT_TILED_TEST_EXPECTED_LANES)
    BOOST_TEST(problems::detail::bruss2d_simd::lanes == std::size_t(BOOST_ODEINT_TILED_TEST_EXPECTED_LANES));
#else
    BOOST_TEST(problems::detail::bruss2d_simd::lanes >= 2u);
#endif
}
#endif

BOOST_AUTO_TEST_CASE(bruss2d_uses_the_thesis_constants_and_diffusion_scale)
{
    const problems::bruss2d sys(5, 4);
    BOOST_TEST(sys.alpha() == 2e-3);
    BOOST_TEST(sys.diffusion_scale() == 2e-3 * 16.0);
    BOOST_TEST(problems::bruss2d(1, 4).diffusion_scale() == 2e-3);
    BOOST_TEST(sys.size() == 40u);
    // A uniform state has no diffusion: only the reaction terms remain.
    const std::vector<double> y = {0.7, 1.3, 0.7, 1.3, 0.7, 1.3, 0.7, 1.3, 0.7, 1.3, 0.7, 1.3, 0.7, 1.3,
                                   0.7, 1.3, 0.7, 1.3, 0.7, 1.3, 0.7, 1.3, 0.7, 1.3, 0.7, 1.3, 0.7, 1.3,
                                   0.7, 1.3, 0.7, 1.3, 0.7, 1.3, 0.7, 1.3, 0.7, 1.3, 0.7, 1.3};
    for (std::size_t j = 0; j < 40; j += 2) {
        BOOST_TEST(sys(j, y, 0.0) == 1.0 + 0.49 * 1.3 - 4.4 * 0.7, boost::test_tools::tolerance(1e-14));
        BOOST_TEST(sys(j + 1, y, 0.0) == 3.4 * 0.7 - 0.49 * 1.3, boost::test_tools::tolerance(1e-14));
    }
    BOOST_TEST(sys.suggested_dt() == 0.5 * 2.5 / (8.0 * 2e-3 * 16.0 + 50.0));
}

BOOST_AUTO_TEST_CASE(bruss2d_initial_state_follows_the_reference_code)
{
    const problems::bruss2d sys(5, 4);
    std::vector<double> y(sys.size());
    sys.initial_state(y);
    for (std::size_t i = 0; i < 4; ++i)
        for (std::size_t j = 0; j < 5; ++j) {
            BOOST_TEST(y[2 * (i * 5 + j)] == 0.5 + double(j) / 4.0);
            BOOST_TEST(y[2 * (i * 5 + j) + 1] == 1.0 + 5.0 * double(i) / 3.0);
        }
    std::vector<double> one(2);
    problems::bruss2d(1, 1).initial_state(one);
    BOOST_TEST(one[0] == 0.5);
    BOOST_TEST(one[1] == 1.0);
}

BOOST_AUTO_TEST_CASE(bruss2d_with_size_picks_x_max_from_d_and_y_max_from_n)
{
    const auto a = problems::bruss2d::with_size(16, 4);
    BOOST_TEST(a.x_max() == 2u);
    BOOST_TEST(a.y_max() == 4u);
    BOOST_TEST(a.size() == 16u);
    BOOST_TEST(a.access_distance() == 4u);
    const auto b = problems::bruss2d::with_size(std::size_t(16) << 20, 32);
    BOOST_TEST(b.x_max() == 16u);
    BOOST_TEST(b.y_max() == (std::size_t(1) << 19));
    BOOST_TEST(b.size() == (std::size_t(16) << 20));
    BOOST_TEST(b.access_distance() == 32u);
    const auto c = problems::bruss2d::with_size(2, 2);
    BOOST_TEST(c.x_max() == 1u);
    BOOST_TEST(c.y_max() == 1u);

    BOOST_CHECK_THROW(problems::bruss2d::with_size(16, 3), std::invalid_argument);  // d odd
    BOOST_CHECK_THROW(problems::bruss2d::with_size(16, 0), std::invalid_argument);  // d < 2
    BOOST_CHECK_THROW(problems::bruss2d::with_size(18, 4), std::invalid_argument);  // n not a multiple of d
    BOOST_CHECK_THROW(problems::bruss2d::with_size(0, 4), std::invalid_argument);   // no components
    BOOST_CHECK_THROW(problems::bruss2d(0, 4), std::invalid_argument);
    BOOST_CHECK_THROW(problems::bruss2d(4, 0), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(heat1d_is_the_mirrored_second_difference)
{
    const std::size_t n = 6;
    const problems::heat1d sys(n, 0.5);
    std::vector<double> y(n);
    sys.initial_state(y);
    BOOST_TEST(y[0] != y[1]);
    BOOST_TEST(sys(0, y, 0.0) == 0.5 * (2 * y[1] - 2 * y[0]), boost::test_tools::tolerance(1e-14));
    BOOST_TEST(sys(3, y, 0.0) == 0.5 * (y[2] - 2 * y[3] + y[4]), boost::test_tools::tolerance(1e-14));
    BOOST_TEST(sys(5, y, 0.0) == 0.5 * (2 * y[4] - 2 * y[5]), boost::test_tools::tolerance(1e-14));
    const std::vector<double> single = {3.0};
    BOOST_TEST(problems::heat1d(1, 0.5)(0, single, 0.0) == 0.0);
    BOOST_CHECK_THROW(problems::heat1d(0, 1.0), std::invalid_argument);
}

// heat1d: its operator() is the documented formula to the bit, and
// its block form gives operator()'s values on every split.
BOOST_AUTO_TEST_CASE(heat1d_block_form_gives_the_formula_bitwise_on_every_split)
{
    std::mt19937 gen(23);
    for (std::size_t n : {1, 2, 3, 4, 37}) {
        const problems::heat1d sys(n, 0.7);
        BOOST_TEST(sys.access_distance() == 1u);
        const std::vector<double> y = random_state(n, gen);
        std::vector<double> formula(n), per(n);
        for (std::size_t j = 0; j < n; ++j) {
            const double left = j > 0 ? y[j - 1] : y[n > 1 ? 1 : 0];
            const double right = j + 1 < n ? y[j + 1] : y[n > 1 ? n - 2 : 0];
            formula[j] = 0.7 * (left - 2.0 * y[j] + right);
            per[j] = sys(j, y, 0.0);
        }
        BOOST_TEST(std::memcmp(per.data(), formula.data(), n * sizeof(double)) == 0, "n = " << n);
        check_block_form_on_every_split(sys, y, per, {1, 2, 5});
    }
}

// lorenz96: its operator() is the textbook formula (indices modulo n) to the bit, its
// block form gives operator()'s values on every split, and it reads within 2 around
// the ring.
BOOST_AUTO_TEST_CASE(lorenz96_is_the_periodic_textbook_model_in_both_forms)
{
    std::mt19937 gen(96);
    for (std::size_t n : {4, 5, 6, 41}) {
        const problems::lorenz96 sys(n, 8.5);
        BOOST_TEST(sys.access_distance() == n - 1);
        BOOST_TEST(sys.cyclic_access_distance() == 2u);
        const std::vector<double> y = random_state(n, gen);
        std::vector<double> formula(n), per(n);
        for (std::size_t i = 0; i < n; ++i) {
            formula[i] = (y[(i + 1) % n] - y[(i + n - 2) % n]) * y[(i + n - 1) % n] - y[i] + 8.5;
            per[i] = sys(i, y, 0.0);
        }
        BOOST_TEST(std::memcmp(per.data(), formula.data(), n * sizeof(double)) == 0, "n = " << n);
        check_block_form_on_every_split(sys, y, per, {1, 2, 3, 5});
        const tiled::access_report r = tiled::check_access_distance(sys, y);
        BOOST_TEST(bool(r), r.message());
        BOOST_TEST(r.farthest_around == 2u, "n = " << n);
        std::vector<double> x(n);
        sys.initial_state(x);
        BOOST_TEST(x[0] != x[1]);
        BOOST_TEST(x[1] != x[2]);
    }
    BOOST_CHECK_THROW(problems::lorenz96(3), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(wide_stencil_sums_clamped_differences_weighted_by_inverse_squares)
{
    const std::size_t n = 9;
    std::vector<double> y(n);
    problems::wide_stencil(n, 0, 1.0).initial_state(y);
    for (std::size_t d : {0, 1, 2, 4, 8, 20}) {
        const problems::wide_stencil sys(n, d, 0.3);
        for (std::size_t j = 0; j < n; ++j) {
            double expected = -0.3 * y[j];
            if (d > 0) {
                double s = 0.0;
                for (std::size_t m = 1; m <= d; ++m) {
                    const std::size_t l = j >= m ? j - m : 0, r = std::min(j + m, n - 1);
                    s += (y[l] + y[r] - 2 * y[j]) / double(m * m);
                }
                expected = 0.3 * s;
            }
            BOOST_TEST(sys(j, y, 0.0) == expected, boost::test_tools::tolerance(1e-14));
        }
    }
}

BOOST_AUTO_TEST_CASE(phase_chain_is_odeints_chain_with_the_end_terms_dropped)
{
    const std::size_t n = 5;
    const problems::phase_chain sys(n);
    std::vector<double> p(n);
    sys.initial_state(p);
    for (double v : p) {
        BOOST_TEST(v >= 0.0);
        BOOST_TEST(v < 6.283185307179586);
    }
    const double eps = 6.0 / 25.0;
    BOOST_TEST(sys.omega(0) == 5 * eps);
    BOOST_TEST(sys(0, p, 0.0) == 5 * eps + std::sin(p[1] - p[0]));
    BOOST_TEST(sys(2, p, 0.0) == 3 * eps + std::sin(p[3] - p[2]) + std::sin(p[2] - p[1]));
    BOOST_TEST(sys(4, p, 0.0) == 1 * eps + std::sin(p[4] - p[3]));
    BOOST_CHECK_THROW(problems::phase_chain(0), std::invalid_argument);
}

// BRUSS2D's RHS divides by x_max with a multiply-high (no integer divider on GPUs):
// it must equal the integer quotient for every 32-bit dividend and divisor.
BOOST_AUTO_TEST_CASE(u32_divider_equals_integer_division)
{
    std::mt19937_64 random(7);
    const unsigned special[] = {1u, 2u, 3u, 5u, 7u, 8u, 15u, 16u, 17u, 1000u, 65535u, 65536u, 65537u, 262144u,
                                0x7fffffffu, 0x80000000u, 0x80000001u, 0xfffffffeu, 0xffffffffu};
    std::vector<unsigned> divisors(std::begin(special), std::end(special));
    for (int k = 0; k < 2000; ++k) divisors.push_back(k % 2 ? unsigned(random() % 5000) + 1 : unsigned(random()) | 1u);
    std::size_t wrong = 0;
    for (unsigned d : divisors)
    {
        const problems::detail::u32_divider divider(d);
        for (unsigned k = 0; k < 600; ++k)
        {
            // the smallest and largest dividends, the neighbourhood of multiples of d, random ones
            const unsigned n = k < 100   ? k
                               : k < 200 ? 0xffffffffu - (k - 100)
                               : k < 400 ? unsigned((unsigned long long)(k - 200) * d + (k % 3) - 1)
                                         : unsigned(random());
            wrong += divider.divide(n) != n / d;
        }
    }
    BOOST_TEST(wrong == 0u);
}
