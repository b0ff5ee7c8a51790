/*
 test/backends/tbb_tuning.cpp

 What the TBB backend's model picks for automatic(): large problems get trapezoids
 sized for the private caches; a problem whose vectors fit in the last-level cache
 gets one-thread tiles only where they are at least twice their scheme's least
 width, else none() in chunks that keep every worker busy; every choice is a plan
 make_tiling_plan accepts.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint/tiled.hpp>

#include <algorithm>
#include <cstddef>
#include <stdexcept>

namespace tiled = boost::numeric::odeint::tiled;

namespace {

tiled::cpu_caches xeon()
{
    tiled::cpu_caches c;
    c.l2_per_core = std::size_t(2) << 20;
    c.last_level = std::size_t(300) << 20;
    return c;
}

tiled::cpu_caches small_machine()
{
    tiled::cpu_caches c;
    c.l2_per_core = std::size_t(1) << 20;
    c.last_level = std::size_t(32) << 20;
    return c;
}

std::size_t least_width(const tiled::tiling& t, std::size_t d)
{
    return t.kind() == tiled::tiling::scheme::trapezoidal ? (2 * t.height() - 1) * d : (t.height() - 1) * d;
}

} // namespace

BOOST_AUTO_TEST_SUITE(backends_tbb_tuning)

BOOST_AUTO_TEST_CASE(a_large_problem_gets_trapezoids_a_whole_step_high)
{
    const auto chain = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    const tiled::tiling t = tiled::choose_tbb_tiling(chain, std::size_t(16) << 20, 32, sizeof(double), 16, xeon());
    BOOST_TEST_INFO(t);
    BOOST_TEST((t.kind() == tiled::tiling::scheme::trapezoidal));
    BOOST_TEST(t.height() == 4u);
    BOOST_CHECK_NO_THROW(tiled::make_tiling_plan(chain, std::size_t(16) << 20, 32, t));
}

BOOST_AUTO_TEST_CASE(a_problem_in_cache_is_tiled_only_with_tiles_at_least_twice_their_least_width)
{
    const auto rk4 = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    const auto dopri5 = tiled::make_link_chain<tiled::runge_kutta_dopri5_tableau, true>();
    for (const tiled::link_chain* chain : {&rk4, &dopri5})
        for (std::size_t workers : {2, 16})
            for (std::size_t d : {1, 32, 200, 1000, 5000})
            {
                const std::size_t n = 40000;
                const tiled::tiling t = tiled::choose_tbb_tiling(*chain, n, d, sizeof(double), workers, small_machine());
                BOOST_TEST_INFO("links " << chain->links << ", workers " << workers << ", d " << d << ": " << t);
                BOOST_CHECK_NO_THROW(tiled::make_tiling_plan(*chain, n, d, t));
                if (t.kind() == tiled::tiling::scheme::none)
                {
                    // every worker gets several chunks
                    BOOST_TEST(t.width() > 0u);
                    BOOST_TEST(n / t.width() >= workers);
                }
                else
                    BOOST_TEST(t.width() >= tiled::tbb_launch_policy::in_cache_width_factor * least_width(t, d));
            }
}

BOOST_AUTO_TEST_CASE(a_wide_access_distance_in_cache_runs_untiled_and_a_narrow_one_tiled)
{
    const auto chain = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    const tiled::tiling wide = tiled::choose_tbb_tiling(chain, 40000, 1000, sizeof(double), 16, small_machine());
    BOOST_TEST_INFO(wide);
    BOOST_TEST((wide.kind() == tiled::tiling::scheme::none));
    const tiled::tiling narrow = tiled::choose_tbb_tiling(chain, 40000, 1, sizeof(double), 2, small_machine());
    BOOST_TEST_INFO(narrow);
    BOOST_TEST((narrow.kind() != tiled::tiling::scheme::none));
}

BOOST_AUTO_TEST_CASE(the_tiles_in_flight_fit_the_cache_share_of_a_process)
{
    const tiled::cpu_caches half = xeon().shared_by(2);
    BOOST_TEST(half.last_level == xeon().last_level / 2);
    BOOST_TEST(half.l2_per_core == xeon().l2_per_core);
    BOOST_TEST(xeon().shared_by(1).last_level == xeon().last_level);
    const auto chain = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    const std::size_t n = std::size_t(64) << 20, workers = 16, live_vectors = 2 * chain.links + 1;
    for (std::size_t processes : {1, 8})
        for (std::size_t d : {32, 1024, 8192, 32768})
        {
            const tiled::cpu_caches share = xeon().shared_by(processes);
            const tiled::tiling t = tiled::choose_tbb_tiling(chain, n, d, sizeof(double), workers, share);
            BOOST_TEST_INFO(processes << " processes, d " << d << ": " << t);
            BOOST_CHECK_NO_THROW(tiled::make_tiling_plan(chain, n, d, t));
            if (t.kind() == tiled::tiling::scheme::none) continue;
            // the tiles all workers run at once, in the private caches or this process's share of the shared one
            const std::size_t team = std::max<std::size_t>(1, t.threads_per_tile());
            const double in_flight = double(workers / team) * double(t.width()) * double(live_vectors * sizeof(double));
            BOOST_TEST(in_flight <= double(std::max(workers * share.l2_per_core, share.last_level)));
        }
    // a process beside seven others no longer takes the one-thread tiles sized for the whole cache
    const tiled::tiling alone = tiled::choose_tbb_tiling(chain, n, 8192, sizeof(double), workers, xeon());
    const tiled::tiling shared = tiled::choose_tbb_tiling(chain, n, 8192, sizeof(double), workers, xeon().shared_by(8));
    BOOST_TEST_INFO("alone " << alone << ", shared by 8 " << shared);
    BOOST_TEST((alone != shared));
}

BOOST_AUTO_TEST_CASE(the_cache_share_is_a_knob_of_automatic)
{
    const tiled::tiling t = tiled::tiling::automatic().processes_sharing_cache(2);
    BOOST_TEST(t.processes_sharing_cache() == 2u);
    BOOST_TEST(tiled::tiling::automatic().processes_sharing_cache() == 1u);
    BOOST_TEST((t != tiled::tiling::automatic()));
    BOOST_TEST(t.to_string() == "automatic, cache shared by 2 processes");
    BOOST_CHECK_THROW(tiled::tiling::automatic().processes_sharing_cache(0), std::invalid_argument);
    // resolved without the tuning cache, whose entries were measured by one process alone
    const auto chain = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    const tiled::tiling resolved = tiled::tiled_backend<tiled::tbb_algebra>::resolve_automatic(t, chain, 100000, 16, sizeof(double));
    BOOST_TEST((resolved.kind() != tiled::tiling::scheme::automatic));
    BOOST_CHECK_NO_THROW(tiled::make_tiling_plan(chain, 100000, 16, resolved));
}

BOOST_AUTO_TEST_SUITE_END()
