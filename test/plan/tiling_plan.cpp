/*
 test/plan/tiling_plan.cpp

 Property tests of make_tiling_plan and check_plan: for thousands of random
 (n, d, width, height) drawn with a fixed seed, awkward cases included (n = 1,
 d = 0, d >= n/2, width > n, n not a multiple of the width), and for the chains of
 euler, rk4, dopri5 (plain and with error), verner56 and fehlberg78, every valid
 none / trapezoidal / hexagonal / overlapped plan passes the checker, and every width
 below the rule throws std::invalid_argument naming the rule. Hand-broken plans are rejected;
 the memory-traffic model and the in-place flag have the values worked out by hand.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/core/plan_checker.hpp>
#include <boost/numeric/odeint/tiled/core/tiling.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/tableaux/all.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <random>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "support/sanitized.hpp"

namespace tiled = boost::numeric::odeint::tiled;

namespace {

// Random draws per chain and tiling shape; the counts each kind of case must reach
// scale with them.
constexpr int draws_per_chain = boost_odeint_tiled_test::unless_sanitized(400, 100);

std::size_t at_least(std::size_t count_at_400_draws)
{
    return count_at_400_draws * std::size_t(draws_per_chain) / 400;
}

struct named_chain
{
    std::string name;
    tiled::link_chain chain;
};

std::vector<named_chain> all_chains()
{
    return {
        {"euler", tiled::make_link_chain<tiled::euler_tableau, false>()},
        {"rk4", tiled::make_link_chain<tiled::runge_kutta4_tableau, false>()},
        {"dopri5", tiled::make_link_chain<tiled::runge_kutta_dopri5_tableau, false>()},
        {"dopri5+error", tiled::make_link_chain<tiled::runge_kutta_dopri5_tableau, true>()},
        {"verner56", tiled::make_link_chain<tiled::runge_kutta_verner56_tableau, false>()},
        {"verner56+error", tiled::make_link_chain<tiled::runge_kutta_verner56_tableau, true>()},
        {"fehlberg78", tiled::make_link_chain<tiled::runge_kutta_fehlberg78_tableau, false>()},
    };
}

struct random_case
{
    std::size_t n, d, width, height;
};

// n, d, width and height biased towards the awkward corners.
random_case draw(std::mt19937& rng, std::size_t max_height)
{
    auto uni = [&](std::size_t lo, std::size_t hi) { return std::uniform_int_distribution<std::size_t>(lo, hi)(rng); };
    random_case c{};
    switch (uni(0, 5))
    {
    case 0: c.n = 1; break;
    case 1: c.n = uni(2, 8); break;
    case 2: c.n = uni(9, 100); break;
    default: c.n = uni(100, 1500); break;
    }
    switch (uni(0, 5))
    {
    case 0: c.d = 0; break;
    case 1: c.d = 1; break;
    case 2: c.d = std::max<std::size_t>(c.n / 2, 0) + uni(0, c.n - c.n / 2); break;  // d >= n/2, d <= n
    default: c.d = uni(0, std::min<std::size_t>(c.n, 12)); break;
    }
    c.height = uni(1, max_height);
    return c;
}

// A width around the rule's minimum (minimum >= 0), sometimes below it, sometimes wider than n.
std::size_t draw_width(std::mt19937& rng, std::size_t minimum, std::size_t n)
{
    auto uni = [&](std::size_t lo, std::size_t hi) { return std::uniform_int_distribution<std::size_t>(lo, hi)(rng); };
    switch (uni(0, 5))
    {
    case 0: return minimum > 1 ? uni(1, minimum - 1) : 1;  // too narrow when minimum > 1
    case 1: return std::max<std::size_t>(1, minimum);      // exactly at the rule
    case 2: return n + uni(1, 50);                         // wider than the problem
    default: return std::max<std::size_t>(1, minimum) + uni(0, 3 * n / 4 + 3);
    }
}

std::string describe(const named_chain& c, const random_case& r, const tiled::tiling& t)
{
    return c.name + " n=" + std::to_string(r.n) + " d=" + std::to_string(r.d) + " " + t.to_string();
}

// Every component of every link computed by exactly one tile (independently of check_plan).
bool covers_each_link_exactly_once(const tiled::tiling_plan& p)
{
    for (std::size_t j = 0; j < p.chain.links; ++j)
    {
        std::vector<int> hits(p.n, 0);
        for (const auto& k : p.kernels)
            for (const auto& t : k.tiles)
                if (t.link_begin <= j && j < t.link_end())
                    for (long long i = t.at_link(j).first; i < t.at_link(j).last; ++i)
                    {
                        if (i < 0 || i >= (long long)p.n) return false;
                        ++hits[std::size_t(i)];
                    }
        for (int h : hits)
            if (h != 1) return false;
    }
    return true;
}

// Overlapped plans, independently of check_plan: every link computed at least once
// (each tile's link j is its owned piece widened by the links left in its row), every
// component of every vector written at most once, the output exactly once.
bool overlapped_plan_is_sound(const tiled::tiling_plan& p, std::string& why)
{
    const std::size_t nv = p.chain.vector_count;
    for (std::size_t j = 0; j < p.chain.links; ++j)
    {
        std::vector<int> hits(p.n, 0);
        for (const auto& k : p.kernels)
            for (const auto& t : k.tiles)
                if (t.link_begin <= j && j < t.link_end())
                {
                    const tiled::interval expected =
                        t.owned.widened((long long)(k.link_end - 1 - j) * (long long)p.d).clamped((long long)p.n);
                    if (!(t.at_link(j) == expected)) { why = "link " + std::to_string(j) + " is not the owned piece widened"; return false; }
                    for (long long i = t.at_link(j).first; i < t.at_link(j).last; ++i) ++hits[std::size_t(i)];
                }
        for (int h : hits)
            if (h < 1) { why = "link " + std::to_string(j) + " not covered"; return false; }
    }
    for (std::size_t v = 0; v < nv; ++v)
    {
        std::vector<int> written(p.n, 0);
        for (const auto& k : p.kernels)
            for (const auto& t : k.tiles)
                for (const auto& w : t.writes[v].parts())
                    for (long long i = w.first; i < w.last; ++i)
                    {
                        if (!t.owned.contains(i)) { why = "a tile writes outside what it owns"; return false; }
                        ++written[std::size_t(i)];
                    }
        for (int h : written)
            if (h > 1) { why = "vector " + std::to_string(v) + " written twice"; return false; }
        if (int(v) == tiled::vector_ids::state_out)
            for (int h : written)
                if (h != 1) { why = "output not written exactly once"; return false; }
    }
    return true;
}

// A valid trapezoidal plan of rk4 with several tiles in each kernel, to break by hand.
tiled::tiling_plan healthy_rk4_plan()
{
    const auto chain = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    tiled::tiling_plan p = tiled::make_tiling_plan(chain, 200, 2, tiled::tiling::trapezoidal(30, 4));
    BOOST_REQUIRE(tiled::check_plan(p));
    BOOST_REQUIRE_GE(p.kernels.size(), 2u);
    BOOST_REQUIRE_GE(p.kernels[0].tiles.size(), 3u);
    BOOST_REQUIRE_GE(p.kernels[1].tiles.size(), 2u);
    return p;
}

// d >= n: any tiling, however narrow, degenerates to none() and passes the checker.
void expect_degenerate(const tiled::link_chain& chain, std::size_t n, std::size_t d, const tiled::tiling& t)
{
    const tiled::tiling_plan p = tiled::make_tiling_plan(chain, n, d, t);
    const tiled::plan_check_result ok = tiled::check_plan(p);
    BOOST_TEST(ok.ok, ok.error);
    BOOST_TEST((p.config.kind() == tiled::tiling::scheme::none));
    BOOST_TEST(p.d == d);
}

// A tiling narrower than its scheme's minimum must throw std::invalid_argument that
// names the width and the bound (`bound`, e.g. "(2h-1)*d"); `accepted` is the
// failure message should it not throw.
void expect_too_narrow(const tiled::link_chain& chain, std::size_t n, std::size_t d, const tiled::tiling& t,
                       const char* bound, const char* accepted)
{
    try
    {
        (void)tiled::make_tiling_plan(chain, n, d, t);
        BOOST_ERROR(accepted);
    }
    catch (const std::invalid_argument& e)
    {
        const std::string what = e.what();
        BOOST_TEST(what.find("width") != std::string::npos, what);
        BOOST_TEST(what.find(bound) != std::string::npos, what);
    }
}

} // namespace

BOOST_AUTO_TEST_SUITE(plan_tiling_plan)

BOOST_AUTO_TEST_CASE(every_valid_random_trapezoidal_plan_passes_the_checker_and_every_too_narrow_one_throws)
{
    std::mt19937 rng(20260101u);
    std::size_t valid = 0, invalid = 0, degenerate = 0;
    for (const named_chain& c : all_chains())
        for (int iter = 0; iter < draws_per_chain; ++iter)
        {
            random_case r = draw(rng, c.chain.links + 1);
            const std::size_t h_eff = std::min(r.height, c.chain.links);  // the first row's height
            const std::size_t minimum = (2 * h_eff - 1) * r.d;
            r.width = draw_width(rng, minimum, r.n);
            const tiled::tiling t = tiled::tiling::trapezoidal(r.width, r.height);
            BOOST_TEST_CONTEXT(describe(c, r, t))
            {
                if (r.d >= r.n)
                {
                    ++degenerate;
                    expect_degenerate(c.chain, r.n, r.d, t);
                }
                else if (r.width >= minimum)
                {
                    ++valid;
                    const tiled::tiling_plan p = tiled::make_tiling_plan(c.chain, r.n, r.d, t);
                    const tiled::plan_check_result ok = tiled::check_plan(p);
                    BOOST_TEST(ok.ok, ok.error);
                    BOOST_TEST(covers_each_link_exactly_once(p));
                    BOOST_TEST(p.n == r.n);
                    BOOST_TEST(p.d == r.d);
                    BOOST_TEST((p.config == t));
                }
                else
                {
                    ++invalid;
                    expect_too_narrow(c.chain, r.n, r.d, t, "(2h-1)*d", "a trapezoid narrower than (2h-1)*d was accepted");
                }
            }
        }
    BOOST_TEST(valid > at_least(1500));
    BOOST_TEST(invalid > at_least(100));
    BOOST_TEST(degenerate > at_least(50));
}

BOOST_AUTO_TEST_CASE(every_valid_random_hexagonal_plan_passes_the_checker_and_every_too_narrow_one_throws)
{
    std::mt19937 rng(777u);
    std::size_t valid = 0, invalid = 0, degenerate = 0;
    for (const named_chain& c : all_chains())
        for (int iter = 0; iter < draws_per_chain; ++iter)
        {
            random_case r = draw(rng, c.chain.links + 2);
            r.height = 2 * ((r.height + 1) / 2);  // even, >= 2
            const std::size_t minimum = (r.height - 1) * r.d;
            r.width = draw_width(rng, minimum, r.n);
            const tiled::tiling t = tiled::tiling::hexagonal(r.width, r.height);
            BOOST_TEST_CONTEXT(describe(c, r, t))
            {
                if (r.d >= r.n)
                {
                    ++degenerate;
                    expect_degenerate(c.chain, r.n, r.d, t);
                }
                else if (r.width >= minimum)
                {
                    ++valid;
                    const tiled::tiling_plan p = tiled::make_tiling_plan(c.chain, r.n, r.d, t);
                    const tiled::plan_check_result ok = tiled::check_plan(p);
                    BOOST_TEST(ok.ok, ok.error);
                    BOOST_TEST(covers_each_link_exactly_once(p));
                }
                else
                {
                    ++invalid;
                    expect_too_narrow(c.chain, r.n, r.d, t, "(h-1)*d", "a hexagon narrower than (h-1)*d was accepted");
                }
            }
        }
    BOOST_TEST(valid > at_least(1500));
    BOOST_TEST(invalid > at_least(100));
    BOOST_TEST(degenerate > at_least(50));
}

BOOST_AUTO_TEST_CASE(every_valid_random_overlapped_plan_passes_the_checker_and_every_too_narrow_one_throws)
{
    std::mt19937 rng(31337u);
    std::size_t valid = 0, invalid = 0, degenerate = 0;
    for (const named_chain& c : all_chains())
        for (int iter = 0; iter < draws_per_chain; ++iter)
        {
            random_case r = draw(rng, c.chain.links + 1);
            const std::size_t h_eff = std::min(r.height, c.chain.links);
            const std::size_t minimum = 2 * (h_eff - 1) * r.d + 1;  // width > 2(h-1)d
            r.width = draw_width(rng, minimum, r.n);
            const tiled::tiling t = tiled::tiling::overlapped(r.width, r.height);
            BOOST_TEST_CONTEXT(describe(c, r, t))
            {
                if (r.d >= r.n)
                {
                    ++degenerate;
                    expect_degenerate(c.chain, r.n, r.d, t);
                }
                else if (r.width >= minimum)
                {
                    ++valid;
                    const tiled::tiling_plan p = tiled::make_tiling_plan(c.chain, r.n, r.d, t);
                    const tiled::plan_check_result ok = tiled::check_plan(p);
                    BOOST_TEST(ok.ok, ok.error);
                    std::string why;
                    BOOST_TEST(overlapped_plan_is_sound(p, why), why);
                    // one kernel per row of links
                    BOOST_TEST(p.kernels.size() == (c.chain.links + r.height - 1) / r.height);
                    // nothing but the input state and the rows' hand-over travel through memory
                    if (r.height >= c.chain.links)
                        for (const auto& k : p.kernels)
                            for (const auto& tp : k.tiles)
                                for (std::size_t v = 1; v < c.chain.vector_count; ++v) BOOST_TEST(tp.reads[v].empty());
                }
                else
                {
                    ++invalid;
                    expect_too_narrow(c.chain, r.n, r.d, t, "2*(h-1)*d", "an overlapped tile not wider than 2*(h-1)*d was accepted");
                }
            }
        }
    BOOST_TEST(valid > at_least(1500));
    BOOST_TEST(invalid > at_least(100));
    BOOST_TEST(degenerate > at_least(50));
    BOOST_CHECK_THROW(tiled::tiling::overlapped(0, 2), std::invalid_argument);
    BOOST_CHECK_THROW(tiled::tiling::overlapped(10, 0), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(overlapped_tiles_of_the_worked_example_own_four_components_and_compute_a_margin)
{
    // tiling_plan.hpp: n = 20, d = 1, w = 6, h = 2 (a two-link chain: heun-euler's plain step)
    const auto heun = tiled::make_link_chain<tiled::runge_kutta_heun_euler21_tableau, false>();
    BOOST_REQUIRE_EQUAL(heun.links, 2u);
    const tiled::tiling_plan p = tiled::make_tiling_plan(heun, 20, 1, tiled::tiling::overlapped(6, 2));
    BOOST_TEST(tiled::check_plan(p).ok);
    BOOST_REQUIRE_EQUAL(p.kernels.size(), 1u);
    const auto& tiles = p.kernels[0].tiles;
    BOOST_REQUIRE_EQUAL(tiles.size(), 5u);
    BOOST_TEST((tiles[0].owned == tiled::interval{0, 4}));
    BOOST_TEST((tiles[0].links[0] == tiled::interval{0, 5}));
    BOOST_TEST((tiles[0].links[1] == tiled::interval{0, 4}));
    BOOST_TEST((tiles[1].links[0] == tiled::interval{3, 9}));
    BOOST_TEST((tiles[1].links[1] == tiled::interval{4, 8}));
    BOOST_TEST((tiles[4].owned == tiled::interval{16, 20}));
    BOOST_TEST((tiles[4].links[0] == tiled::interval{15, 20}));
    // one read of the state (with the halos of width d + margin) and one write of the output
    for (const auto& t : tiles)
    {
        BOOST_TEST((t.reads[tiled::vector_ids::state_in] == tiled::interval_set(t.links[0].widened(1).clamped(20))));
        BOOST_TEST((t.writes[tiled::vector_ids::state_out] == tiled::interval_set(t.owned)));
        for (std::size_t v = tiled::vector_ids::first_derivative; v < heun.vector_count; ++v)
            BOOST_TEST(t.writes[v].empty());
    }
    // neighbours read the input where a tile writes its output, in the same kernel
    BOOST_TEST(!p.in_place_safe);
}

BOOST_AUTO_TEST_CASE(an_overlapped_tile_that_writes_a_margin_is_rejected)
{
    const auto rk4 = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    tiled::tiling_plan p = tiled::make_tiling_plan(rk4, 300, 2, tiled::tiling::overlapped(40, 4));
    BOOST_REQUIRE(tiled::check_plan(p));
    BOOST_REQUIRE_GE(p.kernels[0].tiles.size(), 3u);
    // tile 1 also writes the output on its neighbour's piece: two tiles write the same components
    tiled::tile_plan& t = p.kernels[0].tiles[1];
    const tiled::interval wider{t.owned.first - 1, t.owned.last};
    t.computed[tiled::vector_ids::state_out] = wider;
    t.writes[tiled::vector_ids::state_out] = tiled::interval_set(wider);
    const tiled::plan_check_result r = tiled::check_plan(p);
    BOOST_TEST(!r.ok);
    BOOST_TEST(r.error.find("two tiles write") != std::string::npos, r.error);
}

BOOST_AUTO_TEST_CASE(an_overlapped_tile_whose_margin_is_too_narrow_is_rejected)
{
    const auto rk4 = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    tiled::tiling_plan p = tiled::make_tiling_plan(rk4, 300, 2, tiled::tiling::overlapped(40, 4));
    BOOST_REQUIRE(tiled::check_plan(p));
    // link 1 of tile 1 narrowed, its memory traffic derived from that geometry: link 2's
    // RHS there now needs a component of Y_2 that only a concurrent tile computes
    tiled::tile_plan& t = p.kernels[0].tiles[1];
    t.links[1].first += 1;
    tiled::detail::derive_memory_traffic(p);
    const tiled::plan_check_result r = tiled::check_plan(p);
    BOOST_TEST(!r.ok);
    BOOST_TEST(r.error.find("before an earlier kernel wrote it") != std::string::npos, r.error);
}

BOOST_AUTO_TEST_CASE(a_single_row_of_wide_overlapped_tiles_reads_the_state_once_plus_its_margins)
{
    const auto rk4 = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    // own 9992 of 10000 each, the state read on 10000 + 2 = 10002 per tile
    const tiled::tiling_plan p = tiled::make_tiling_plan(rk4, 99920, 1, tiled::tiling::overlapped(9998, 4));
    BOOST_TEST(tiled::check_plan(p).ok);
    BOOST_TEST(p.kernels.size() == 1u);
    BOOST_TEST(std::abs(p.memory_volume() - 2.0) <= 0.01, "memory volume " << p.memory_volume());
    // two rows: the first reads y and writes Y_2, F_0, F_1 (4 vectors); the second reads
    // Y_2, y, F_0, F_1 and writes the output (5)
    const tiled::tiling_plan q = tiled::make_tiling_plan(rk4, 99920, 1, tiled::tiling::overlapped(9998, 2));
    BOOST_TEST(tiled::check_plan(q).ok);
    BOOST_TEST(q.kernels.size() == 2u);
    BOOST_TEST(std::abs(q.memory_volume() - 9.0) <= 0.01, "memory volume " << q.memory_volume());
}

BOOST_AUTO_TEST_CASE(every_random_none_plan_passes_the_checker_for_any_chunk_and_access_distance)
{
    std::mt19937 rng(4242u);
    for (const named_chain& c : all_chains())
        for (int iter = 0; iter < draws_per_chain / 2; ++iter)
        {
            random_case r = draw(rng, 1);
            tiled::tiling t = tiled::tiling::none();
            if (iter % 3 != 0) t.width(std::uniform_int_distribution<std::size_t>(1, r.n + 10)(rng));  // else the default chunk
            BOOST_TEST_CONTEXT(describe(c, r, t))
            {
                const tiled::tiling_plan p = tiled::make_tiling_plan(c.chain, r.n, r.d, t);
                const tiled::plan_check_result ok = tiled::check_plan(p);
                BOOST_TEST(ok.ok, ok.error);
                BOOST_TEST(covers_each_link_exactly_once(p));
                BOOST_TEST(p.kernels.size() == c.chain.links);  // one pass per link
            }
        }
}

BOOST_AUTO_TEST_CASE(a_hexagon_of_odd_height_is_rejected_when_the_tiling_is_made)
{
    for (std::size_t h : {1u, 3u, 5u, 7u})
    {
        try
        {
            (void)tiled::tiling::hexagonal(100, h);
            BOOST_ERROR("hexagonal(100, " << h << ") was accepted");
        }
        catch (const std::invalid_argument& e)
        {
            BOOST_TEST(std::string(e.what()).find("even") != std::string::npos, e.what());
        }
    }
    BOOST_CHECK_THROW(tiled::tiling::hexagonal(100, 0), std::invalid_argument);
    BOOST_CHECK_THROW(tiled::tiling::hexagonal(0, 2), std::invalid_argument);
    BOOST_CHECK_THROW(tiled::tiling::trapezoidal(0, 2), std::invalid_argument);
    BOOST_CHECK_THROW(tiled::tiling::trapezoidal(10, 0), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(an_empty_state_has_its_own_message)
{
    const auto chain = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    for (const tiled::tiling& t : {tiled::tiling::none(), tiled::tiling::trapezoidal(10, 2)})
    {
        try
        {
            (void)tiled::make_tiling_plan(chain, 0, 1, t);
            BOOST_ERROR("an empty state was planned");
        }
        catch (const std::invalid_argument& e)
        {
            BOOST_TEST(std::string(e.what()).find("the state is empty") != std::string::npos, e.what());
        }
    }
}

BOOST_AUTO_TEST_CASE(an_automatic_tiling_must_be_resolved_before_planning)
{
    const auto chain = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    BOOST_CHECK_THROW(tiled::make_tiling_plan(chain, 100, 1, tiled::tiling::automatic()), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(a_plan_with_a_tile_removed_is_rejected)
{
    tiled::tiling_plan p = healthy_rk4_plan();
    p.kernels[0].tiles.erase(p.kernels[0].tiles.begin() + 1);
    const tiled::plan_check_result r = tiled::check_plan(p);
    BOOST_TEST(!r.ok);
    BOOST_TEST(!r.error.empty());
}

BOOST_AUTO_TEST_CASE(a_plan_with_a_shrunk_tile_interval_is_rejected)
{
    tiled::tiling_plan p = healthy_rk4_plan();
    tiled::tile_plan& t = p.kernels[0].tiles[1];
    t.links[0].last -= 1;  // one component of link 0 is computed by nobody
    const tiled::plan_check_result r = tiled::check_plan(p);
    BOOST_TEST(!r.ok);
    BOOST_TEST(!r.error.empty());
}

BOOST_AUTO_TEST_CASE(a_plan_with_a_tile_moved_to_an_earlier_kernel_is_rejected)
{
    tiled::tiling_plan p = healthy_rk4_plan();
    // a growing tile reads the edge strips the shrinking tiles of kernel 0 write: in kernel 0 it would race them
    tiled::tile_plan moved = p.kernels[1].tiles[0];
    p.kernels[1].tiles.erase(p.kernels[1].tiles.begin());
    p.kernels[0].tiles.push_back(moved);
    const tiled::plan_check_result r = tiled::check_plan(p);
    BOOST_TEST(!r.ok);
    BOOST_TEST(!r.error.empty());
}

BOOST_AUTO_TEST_CASE(a_plan_whose_tile_forgets_a_memory_read_is_rejected)
{
    tiled::tiling_plan p = healthy_rk4_plan();
    tiled::tile_plan& t = p.kernels[1].tiles[0];
    bool dropped = false;
    for (std::size_t v = 0; v < t.reads.size() && !dropped; ++v)
        if (!t.reads[v].empty() && int(v) != tiled::vector_ids::state_in)
        {
            t.reads[v] = tiled::interval_set{};
            dropped = true;
        }
    BOOST_REQUIRE(dropped);
    const tiled::plan_check_result r = tiled::check_plan(p);
    BOOST_TEST(!r.ok);
    BOOST_TEST(!r.error.empty());
}

BOOST_AUTO_TEST_CASE(a_plan_that_does_not_write_the_whole_output_is_rejected)
{
    tiled::tiling_plan p = healthy_rk4_plan();
    for (auto& k : p.kernels)
        for (auto& t : k.tiles) t.writes[tiled::vector_ids::state_out] = tiled::interval_set{};
    const tiled::plan_check_result r = tiled::check_plan(p);
    BOOST_TEST(!r.ok);
    BOOST_TEST(!r.error.empty());
}

BOOST_AUTO_TEST_CASE(a_single_row_of_wide_trapezoids_moves_the_state_through_memory_about_once)
{
    const auto rk4 = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    const tiled::tiling_plan p = tiled::make_tiling_plan(rk4, 100000, 1, tiled::tiling::trapezoidal(10000, 4));
    BOOST_TEST(tiled::check_plan(p).ok);
    BOOST_TEST(std::abs(p.memory_volume() - 2.0) <= 0.2, "memory volume " << p.memory_volume());

    const auto dopri = tiled::make_link_chain<tiled::runge_kutta_dopri5_tableau, true>();
    const tiled::tiling_plan q = tiled::make_tiling_plan(dopri, 100000, 2, tiled::tiling::trapezoidal(20000, dopri.links));
    BOOST_TEST(tiled::check_plan(q).ok);
    // input, output and error: about three vectors
    BOOST_TEST(std::abs(q.memory_volume() - 3.0) <= 0.3, "memory volume " << q.memory_volume());
}

BOOST_AUTO_TEST_CASE(an_untiled_rk4_step_moves_seventeen_vectors)
{
    // link 0: read y, write F0 and Y1 (3); links 1, 2: read Y_j and y, write F_j and Y_{j+1} (4 each);
    // link 3: read Y3, y, F0, F1, F2 and write the output (6): 17 in all.
    const auto rk4 = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    const tiled::tiling_plan p = tiled::make_tiling_plan(rk4, 10000, 1, tiled::tiling::none());
    BOOST_TEST(p.memory_volume() == 17.0);
    const tiled::tiling_plan p0 = tiled::make_tiling_plan(rk4, 100000, 0, tiled::tiling::none().width(1000));
    BOOST_TEST(p0.memory_volume() == 17.0);
}

BOOST_AUTO_TEST_CASE(an_untiled_euler_step_with_a_halo_may_not_write_over_its_input)
{
    const auto euler = tiled::make_link_chain<tiled::euler_tableau, false>();
    for (std::size_t d : {1u, 3u})
        BOOST_TEST(!tiled::make_tiling_plan(euler, 1000, d, tiled::tiling::none()).in_place_safe, "d = " << d);
}

BOOST_AUTO_TEST_CASE(a_trapezoidal_rk4_step_may_write_over_its_input)
{
    const auto rk4 = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    BOOST_TEST(tiled::make_tiling_plan(rk4, 1000, 2, tiled::tiling::trapezoidal(64, 4)).in_place_safe);
    BOOST_TEST(tiled::make_tiling_plan(rk4, 1000, 1, tiled::tiling::trapezoidal(100, 4)).in_place_safe);
}

BOOST_AUTO_TEST_CASE(plans_are_values_that_compare_equal_when_built_from_equal_inputs)
{
    const auto rk4 = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    const auto a = tiled::make_tiling_plan(rk4, 500, 3, tiled::tiling::hexagonal(64, 4));
    const auto b = tiled::make_tiling_plan(rk4, 500, 3, tiled::tiling::hexagonal(64, 4));
    const auto c = tiled::make_tiling_plan(rk4, 500, 3, tiled::tiling::hexagonal(66, 4));
    BOOST_TEST((a == b));
    BOOST_TEST(!(a == c));
}

// --- ring plans (periodic systems: reads wrap around the state's ends) ---------------

BOOST_AUTO_TEST_CASE(every_valid_random_ring_plan_passes_the_checker_and_every_too_narrow_one_throws)
{
    const auto ring = tiled::access_topology::ring;
    std::mt19937 rng(20261129u);
    std::size_t valid = 0, invalid = 0, degenerate = 0, too_short = 0, converted = 0;
    for (const named_chain& c : all_chains())
        for (int iter = 0; iter < draws_per_chain; ++iter)
        {
            random_case r = draw(rng, c.chain.links + 1);
            const std::size_t h_eff = std::min(r.height, c.chain.links);
            const std::size_t minimum = (2 * h_eff - 1) * r.d;
            r.width = draw_width(rng, minimum, r.n);
            tiled::tiling t = tiled::tiling::trapezoidal(r.width, r.height);
            if (iter % 5 == 3 && r.height % 2 == 0) t = tiled::tiling::hexagonal(std::max(r.width, r.d), r.height);
            if (iter % 5 == 4) t = tiled::tiling::none().width(std::uniform_int_distribution<std::size_t>(1, r.n + 10)(rng));
            BOOST_TEST_CONTEXT(describe(c, r, t) << " on a ring")
            {
                const bool trapezoid = t.kind() == tiled::tiling::scheme::trapezoidal;
                if (trapezoid && r.d < r.n && r.width < minimum)
                {
                    ++invalid;
                    try
                    {
                        (void)tiled::make_tiling_plan(c.chain, r.n, r.d, t, ring);
                        BOOST_ERROR("a trapezoid narrower than (2h-1)*d was accepted on a ring");
                    }
                    catch (const std::invalid_argument& e)
                    {
                        BOOST_TEST(std::string(e.what()).find("(2h-1)*d") != std::string::npos, e.what());
                    }
                    continue;
                }
                const tiled::tiling_plan p = tiled::make_tiling_plan(c.chain, r.n, r.d, t, ring);
                const tiled::plan_check_result ok = tiled::check_plan(p);
                BOOST_TEST(ok.ok, ok.error);
                BOOST_TEST(covers_each_link_exactly_once(p));
                BOOST_TEST((p.topology == ring));
                if (r.d >= r.n) ++degenerate;
                else if (t.kind() == tiled::tiling::scheme::hexagonal)
                {
                    ++converted;  // hexagons run as trapezoids of their width on a ring
                    BOOST_TEST((p.config.kind() == tiled::tiling::scheme::trapezoidal ||
                                p.config.kind() == tiled::tiling::scheme::none));
                    BOOST_TEST((p.config.kind() == tiled::tiling::scheme::none || p.config.width() == t.width()));
                }
                else if (trapezoid && p.config.kind() == tiled::tiling::scheme::none)
                    ++too_short;  // no trapezoid of the row's height fits the ring
                else if (trapezoid)
                {
                    ++valid;
                    BOOST_TEST((p.config == t));
                }
            }
        }
    BOOST_TEST(valid > at_least(600));
    BOOST_TEST(invalid > at_least(50));
    BOOST_TEST(degenerate > at_least(50));
    BOOST_TEST(too_short > at_least(20));
    BOOST_TEST(converted > at_least(50));
}

BOOST_AUTO_TEST_CASE(the_ring_worked_example_wraps_its_last_growing_tile_in_kernels_of_one_link)
{
    // a chain of two links; tiled::make_link_chain's Euler has one, so take RK4's first row
    const auto rk4 = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    const tiled::tiling_plan p =
        tiled::make_tiling_plan(rk4, 20, 1, tiled::tiling::trapezoidal(6, 2), tiled::access_topology::ring);
    BOOST_REQUIRE(tiled::check_plan(p));
    using iv = tiled::interval;
    // row 0: shrinking, growing, then the wrap tile's links 0 and 1
    BOOST_REQUIRE_GE(p.kernels.size(), 4u);
    const auto& shrinking = p.kernels[0].tiles;
    BOOST_REQUIRE_EQUAL(shrinking.size(), 2u);
    BOOST_TEST((shrinking[0].links == std::vector<iv>{iv{0, 6}, iv{1, 5}}));
    BOOST_TEST((shrinking[1].links == std::vector<iv>{iv{10, 16}, iv{11, 15}}));
    const auto& growing = p.kernels[1].tiles;
    BOOST_REQUIRE_EQUAL(growing.size(), 1u);
    BOOST_TEST((growing[0].links == std::vector<iv>{iv{6, 10}, iv{5, 11}}));
    BOOST_REQUIRE_EQUAL(p.kernels[2].tiles.size(), 1u);
    BOOST_TEST(p.kernels[2].link_begin == 0u);
    BOOST_TEST((p.kernels[2].tiles[0].links == std::vector<iv>{iv{16, 20}}));
    BOOST_REQUIRE_EQUAL(p.kernels[3].tiles.size(), 2u);
    BOOST_TEST(p.kernels[3].link_begin == 1u);
    BOOST_TEST((p.kernels[3].tiles[0].links == std::vector<iv>{iv{15, 20}}));
    BOOST_TEST((p.kernels[3].tiles[1].links == std::vector<iv>{iv{0, 1}}));
    // the shrinking tile at 0 reads the state across the ends at its first link
    BOOST_TEST(shrinking[0].reads[tiled::vector_ids::state_in].contains(iv{19, 20}));
}

BOOST_AUTO_TEST_CASE(a_line_plan_checked_as_a_ring_is_rejected)
{
    tiled::tiling_plan p = healthy_rk4_plan();
    p.topology = tiled::access_topology::ring;
    tiled::detail::derive_memory_traffic(p);  // the reads of the ends now wrap
    const tiled::plan_check_result r = tiled::check_plan(p);
    BOOST_TEST(!r.ok);
    BOOST_TEST(r.error.find("before an earlier kernel wrote it") != std::string::npos, r.error);
}

BOOST_AUTO_TEST_CASE(a_tile_that_reads_its_own_earlier_links_across_the_ends_of_a_ring_is_rejected)
{
    // one tile computing the whole ring link after link: its links would run in the
    // order of the components, and link 1 at component 0 needs link 0 at n - 1
    const auto rk4 = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    tiled::tiling_plan p;
    p.n = 100;
    p.d = 2;
    p.topology = tiled::access_topology::ring;
    p.config = tiled::tiling::trapezoidal(100, 4);
    p.chain = rk4;
    tiled::kernel_plan k;
    k.link_begin = 0;
    k.link_end = rk4.links;
    tiled::tile_plan t;
    t.link_begin = 0;
    t.links.assign(rk4.links, tiled::interval{0, 100});
    k.tiles.push_back(t);
    p.kernels.push_back(k);
    tiled::detail::derive_memory_traffic(p);
    const tiled::plan_check_result r = tiled::check_plan(p);
    BOOST_TEST(!r.ok);
    BOOST_TEST(r.error.find("across the ends of the ring") != std::string::npos, r.error);
    // the same tile on a line is a valid plan
    p.topology = tiled::access_topology::line;
    tiled::detail::derive_memory_traffic(p);
    BOOST_TEST(tiled::check_plan(p).ok, tiled::check_plan(p).error);
}

BOOST_AUTO_TEST_CASE(an_in_place_euler_step_on_a_ring_knows_that_it_may_not_overwrite_its_input)
{
    const auto euler = tiled::make_link_chain<tiled::euler_tableau, false>();
    const auto p = tiled::make_tiling_plan(euler, 1000, 3, tiled::tiling::trapezoidal(64, 1), tiled::access_topology::ring);
    BOOST_REQUIRE(tiled::check_plan(p));
    BOOST_TEST(!p.in_place_safe);  // the growing tiles read the state where shrinking ones wrote
    const auto rk4 = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    const auto q = tiled::make_tiling_plan(rk4, 1000, 3, tiled::tiling::trapezoidal(64, 4), tiled::access_topology::ring);
    BOOST_REQUIRE(tiled::check_plan(q));
    const auto line = tiled::make_tiling_plan(rk4, 1000, 3, tiled::tiling::trapezoidal(64, 4));
    BOOST_TEST(q.in_place_safe == line.in_place_safe);
}

BOOST_AUTO_TEST_CASE(ring_and_line_plans_of_the_same_inputs_differ)
{
    const auto rk4 = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    const auto a = tiled::make_tiling_plan(rk4, 500, 3, tiled::tiling::trapezoidal(64, 4));
    const auto b = tiled::make_tiling_plan(rk4, 500, 3, tiled::tiling::trapezoidal(64, 4), tiled::access_topology::ring);
    BOOST_TEST(!(a == b));
}

BOOST_AUTO_TEST_SUITE_END()
