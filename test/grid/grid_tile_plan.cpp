// The tiles of the CUDA grid kernel (grid/grid_tile_plan.hpp): make_grid_tile_plan's
// plans prove correct under check_grid_tile_plan on random 1D/2D/3D grids (every
// boundary, radius 1..3, 1..8 stages, capacities small and large, with and without the
// kernel's column layout), respect their capacity and column budget, and the checker
// finds plans that are wrong: a halo too thin, a missing ghost, a tile too short.
// end_tiles_of (grid/end_tiles.hpp) names exactly the tiles that own the first and last
// slabs, the tiles a distributed step runs first.

#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint/tiled/grid.hpp>
#include <boost/numeric/odeint/tiled/grid/end_tiles.hpp>
#include <boost/numeric/odeint/tiled/grid/grid_tile_plan.hpp>

#include <algorithm>
#include <cstddef>
#include <random>
#include <stdexcept>
#include <string>

#include "support/sanitized.hpp"

namespace tiled = boost::numeric::odeint::tiled;
namespace grid = tiled::grid;

namespace {

// Random grids per test: a third under sanitizers.
int random_count(int count) { return boost_odeint_tiled_test::unless_sanitized(count, count / 3); }

grid::boundary random_boundary(std::mt19937& gen)
{
    switch (std::uniform_int_distribution<int>(0, 3)(gen))
    {
    case 0: return grid::boundary::reflecting();
    case 1: return grid::boundary::periodic();
    case 2: return grid::boundary::constant();
    default: return grid::boundary::function();
    }
}

template <std::size_t Dim>
grid::shape<Dim> random_shape(std::mt19937& gen, int max_extent)
{
    std::uniform_int_distribution<int> extent(1, max_extent);
    grid::shape<Dim> s;
    if constexpr (Dim == 1) s = grid::extents(extent(gen));
    else if constexpr (Dim == 2) s = grid::extents(extent(gen), extent(gen));
    else s = grid::extents(extent(gen), extent(gen), extent(gen));
    s.radius(std::uniform_int_distribution<int>(1, 3)(gen));
    if (gen() % 2) s.box();
    for (std::size_t k = 0; k < Dim; ++k) s.boundary(k, random_boundary(gen));
    return s;
}

template <std::size_t Dim>
std::string describe(const grid::shape<Dim>& s, int stages, int capacity, int k, int threads)
{
    std::string d = "extents";
    for (std::size_t i = 0; i < Dim; ++i) d += " " + std::to_string(s.extent[i]) + "(" + std::to_string(int(s.bc[i].what)) + ")";
    return d + ", radius " + std::to_string(s.stencil_radius) + ", stages " + std::to_string(stages) + ", capacity " +
           std::to_string(capacity) + ", " + std::to_string(k) + " cells x " + std::to_string(threads) + " threads";
}

//! A random grid, stage count and tile capacity for make_grid_tile_plan.
template <std::size_t Dim>
struct random_plan_input
{
    grid::shape<Dim> s;
    int stages;
    int capacity;

    random_plan_input(std::mt19937& gen, int max_extent)
        : s(random_shape<Dim>(gen, max_extent)), stages(std::uniform_int_distribution<int>(1, 8)(gen)),
          capacity(std::uniform_int_distribution<int>(16, 3000)(gen))
    {
    }
};

template <std::size_t Dim>
void check_random_plans(int count, int max_extent, unsigned seed)
{
    count = random_count(count);
    std::mt19937 gen(seed);
    int planned = 0;
    for (int i = 0; i < count; ++i)
    {
        const random_plan_input<Dim> in(gen, max_extent);
        const grid::shape<Dim>& s = in.s;
        const int stages = in.stages, capacity = in.capacity;
        const bool columns = gen() % 2;
        const int k = columns ? std::uniform_int_distribution<int>(1, 6)(gen) : 0;
        const int threads = columns ? (k >= 4 ? 256 : 512) : 0;
        BOOST_TEST_CONTEXT(describe(s, stages, capacity, k, threads))
        {
            grid::tile_plan<Dim> p;
            try
            {
                p = grid::make_grid_tile_plan(s, stages, capacity, 16, k, threads);
            }
            catch (const std::invalid_argument&)
            {
                // no shape at all: then not even the grid taken whole fits
                long long whole = 1;
                for (std::size_t j = 0; j < Dim; ++j) whole *= (long long)(s.extent[j] + 2 * s.stencil_radius);
                const long long last = (long long)(s.extent[Dim - 1] + 2 * s.stencil_radius);
                const bool columns_fit = k <= 0 || Dim < 2 || (whole / last) * ((last + k - 1) / k) <= threads;
                BOOST_TEST(!(whole <= capacity && columns_fit));
                continue;
            }
            ++planned;
            BOOST_TEST(p.box_cells() <= capacity);
            if (k > 0 && Dim >= 2)
            {
                const long long cols = p.box_cells() / p.box[Dim - 1];
                BOOST_TEST(cols * ((p.box[Dim - 1] + k - 1) / k) <= threads);
            }
            BOOST_TEST(grid::check_grid_tile_plan(p, s) == std::string());
        }
    }
    BOOST_TEST(planned > count / 3);
}

} // namespace

BOOST_AUTO_TEST_CASE(random_1d_plans_prove_correct) { check_random_plans<1>(150, 400, 11); }
BOOST_AUTO_TEST_CASE(random_2d_plans_prove_correct) { check_random_plans<2>(150, 90, 12); }
BOOST_AUTO_TEST_CASE(random_3d_plans_prove_correct) { check_random_plans<3>(80, 24, 13); }

BOOST_AUTO_TEST_CASE(bruss2d_shapes_take_whole_rows_or_boxes)
{
    // short rows are taken whole (with a ghost column each side), long ones cut into boxes
    const grid::shape<2> short_rows = grid::extents(16, 1 << 20);
    const auto a = grid::make_grid_tile_plan(short_rows, 4, 2048, 16, 6, 256);
    BOOST_TEST(a.whole[0]);
    BOOST_TEST(a.ghost[0] == 1);
    BOOST_TEST(a.box[0] == 18);
    BOOST_TEST(!a.whole[1]);
    BOOST_TEST(a.halo[1] == 4);
    const grid::shape<2> long_rows = grid::extents(4096, 4096);
    const auto b = grid::make_grid_tile_plan(long_rows, 4, 2048, 16, 6, 256);
    BOOST_TEST(!b.whole[0]);
    BOOST_TEST(!b.whole[1]);
    BOOST_TEST(b.redundancy() < 2.0);
    BOOST_TEST(grid::check_grid_tile_plan(b, grid::shape<2>(grid::extents(300, 200))) != std::string());  // other grid
}

BOOST_AUTO_TEST_CASE(the_checker_finds_wrong_plans)
{
    const grid::shape<2> s = grid::extents(40, 30);
    const auto good = grid::make_grid_tile_plan(s, 3, 400);
    BOOST_TEST(grid::check_grid_tile_plan(good, s) == std::string());

    auto thin = good;  // a halo one cell short of the stages' reach
    for (std::size_t k = 0; k < 2; ++k)
        if (!thin.whole[k])
        {
            thin.halo[k] -= 1;
            thin.owned[k] += 2;
            thin.tiles[k] = (thin.extent[k] + thin.owned[k] - 1) / thin.owned[k];
        }
    BOOST_TEST(grid::check_grid_tile_plan(thin, s) != std::string());

    const grid::shape<1> row = grid::extents(25);
    auto whole = grid::make_grid_tile_plan(row, 2, 64);
    BOOST_TEST(whole.whole[0]);
    BOOST_TEST(grid::check_grid_tile_plan(whole, row) == std::string());
    whole.ghost[0] = 0;  // no ghost cells: the edge cells' reads leave the box
    whole.box[0] = whole.region[0];
    BOOST_TEST(grid::check_grid_tile_plan(whole, row) != std::string());

    auto few = good;  // tiles that do not cover the grid
    few.tiles[0] -= 1;
    BOOST_TEST(grid::check_grid_tile_plan(few, s) != std::string());
}

namespace {

//! end_tiles_of against the tiles' owned rows, tile by tile, on random plans.
template <std::size_t Dim>
void check_end_tiles(int count, int max_extent, unsigned seed)
{
    count = random_count(count);
    std::mt19937 gen(seed);
    int checked = 0;
    for (int i = 0; i < count; ++i)
    {
        const random_plan_input<Dim> in(gen, max_extent);
        const grid::shape<Dim>& s = in.s;
        const int stages = in.stages, capacity = in.capacity;
        grid::tile_plan<Dim> p;
        try
        {
            p = grid::make_grid_tile_plan(s, stages, capacity);
        }
        catch (const std::invalid_argument&)
        {
            continue;
        }
        const long long rows = p.extent[Dim - 1];
        std::uniform_int_distribution<long long> slabs(0, rows + 2);
        const long long lead = slabs(gen), trail = slabs(gen);
        BOOST_TEST_CONTEXT(describe(s, stages, capacity, 0, 0) << ", leading " << lead << ", trailing " << trail)
        {
            const grid::end_tiles e = grid::end_tiles_of(p, std::size_t(lead), std::size_t(trail));
            const long long tiles = p.tile_count(), per_row = tiles / p.tiles[Dim - 1];
            BOOST_TEST(e.leading >= 0);
            BOOST_TEST(e.trailing >= 0);
            BOOST_TEST(e.leading + e.trailing <= tiles);
            BOOST_TEST(e.leading % per_row == 0);
            BOOST_TEST(e.trailing % per_row == 0);
            bool all_needed_chosen = true, all_chosen_needed = true;
            for (long long t = 0; t < tiles; ++t)
            {
                const long long row = t / per_row;  // the tile's index along the slowest dimension
                const long long first = row * p.owned[Dim - 1];
                const long long last = std::min(first + p.owned[Dim - 1], rows);
                const bool needed = first < std::min(lead, rows) || last > rows - std::min(trail, rows);
                const bool chosen = t < e.leading || t >= tiles - e.trailing;
                all_needed_chosen = all_needed_chosen && (!needed || chosen);
                // every tile is chosen where the two ends' tile rows meet
                all_chosen_needed = all_chosen_needed && (!chosen || needed || e.leading == tiles);
            }
            BOOST_TEST(all_needed_chosen);
            BOOST_TEST(all_chosen_needed);
            ++checked;
        }
    }
    BOOST_TEST(checked > count / 3);
}

} // namespace

BOOST_AUTO_TEST_CASE(end_tiles_are_the_tiles_of_the_first_and_last_slabs)
{
    check_end_tiles<1>(150, 400, 21);
    check_end_tiles<2>(150, 90, 22);
    check_end_tiles<3>(80, 24, 23);
}
