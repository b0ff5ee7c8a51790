/*
 test/problems/bruss2d_simd_paths.cpp

 BRUSS2D's vectorised range form (bruss2d_simd: 2, 4 or 8 lanes, by the ISA this file
 is compiled for) gives operator()'s values bitwise on grids and ranges that reach
 every branch of it: rows shorter than a vector, of one vector, of a few vectors and
 of many (the register-rolling path of 4 and 8 lanes), rows that are not a multiple of
 the vector, and ranges that begin and end inside rows. CMake builds this file a
 second and third time with -march=x86-64-v3 and -march=x86-64-v4 where the build
 machine has AVX2 and AVX-512 (problems_bruss2d_simd_paths_avx2 / _avx512, defining
 BOOST_ODEINT_TILED_TEST_EXPECTED_LANES), so the 4- and 8-lane paths are tested
 whether or not the main build uses -march=native.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint/tiled/reference_problems.hpp>
#include <boost/numeric/odeint/tiled/system/stage_view.hpp>

#include <algorithm>
#include <cstddef>
#include <cstring>
#include <random>
#include <vector>

namespace tiled = boost::numeric::odeint::tiled;
namespace problems = boost::numeric::odeint::tiled::problems;

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

BOOST_AUTO_TEST_CASE(bruss2d_range_form_gives_operators_values_bitwise_on_every_row_length_and_split)
{
    std::mt19937 gen(23);
    std::uniform_real_distribution<double> value(0.1, 4.0);
    // 2 x_max components per row: 2 .. 80, i.e. shorter than, equal to and up to ten
    // times an 8-lane vector, multiples of it and not
    for (std::size_t x_max = 1; x_max <= 40; x_max += (x_max < 12 ? 1 : 7))
        for (std::size_t y_max : {std::size_t(3), std::size_t(5)})
        {
            const problems::bruss2d sys(x_max, y_max);
            const std::size_t n = sys.size(), d = sys.access_distance();
            std::vector<double> y(n);
            for (double& v : y) v = value(gen);
            std::vector<double> ref(n);
            for (std::size_t j = 0; j < n; ++j) ref[j] = sys(j, y, 0.0);
            // ranges [first, last) from every start in the first two rows, of lengths that
            // end inside a row, at its end and rows later; each read through a view of
            // only the window it may read (as a tile's buffer)
            for (std::size_t first = 0; first < std::min(n, 2 * d); ++first)
                for (std::size_t length : {std::size_t(1), std::size_t(5), std::size_t(8), std::size_t(17), d, d + 3, 3 * d})
                {
                    const std::size_t last = std::min(n, first + length);
                    const std::size_t lo = first > d ? first - d : 0, hi = std::min(n, last + d);
                    const std::vector<double> window(y.begin() + std::ptrdiff_t(lo), y.begin() + std::ptrdiff_t(hi));
                    const tiled::stage_view<double> view{window.data(), static_cast<long long>(lo)};
                    std::vector<double> f(last - first, -1.0);
                    sys.evaluate_range(first, last, view, f.data(), 0.0);
                    BOOST_TEST(std::memcmp(f.data(), ref.data() + first, f.size() * sizeof(double)) == 0,
                               "x_max " << x_max << ", y_max " << y_max << ", [" << first << ", " << last << ")");
                }
        }
}
