/*
 test/backends/streaming_end_tiles.cpp

 The end tiles the CUDA streaming kernel runs first and signals when a distributed
 step asks (host only, no GPU): on overlapped plans of the whole chain (RK4, DOPRI5
 with and without its error estimate) over many sizes, widths and window ends, the
 leading and trailing tiles hold every component of the requested ends and no tile
 between them writes one, the counts are the fewest, and the kernel's tile order
 (cuda_edge_signal::tile_at) runs each tile once, the end tiles first. A pending
 request is taken once; none pending, or ends of no component, give no signal.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint/tiled/backends/cuda/streaming_end_tiles.hpp>
#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/core/tiling.hpp>
#include <boost/numeric/odeint/tiled/core/tiling_plan.hpp>
#include <boost/numeric/odeint/tiled/tableaux/all.hpp>

#include <algorithm>
#include <cstddef>
#include <vector>

namespace tiled = boost::numeric::odeint::tiled;

namespace {

//! owner[j]: the tile whose own piece of the output holds component j (-1: none)
std::vector<long long> owners(const tiled::flat_kernel_plan& f, std::size_t n)
{
    std::vector<long long> owner(n, -1);
    for (std::size_t tile = 0; tile < f.tiles; ++tile)
    {
        const std::size_t v = 2 * f.vector_count * tile + 2 * tiled::vector_ids::state_out + 1;
        for (unsigned s = f.strip_begin[v]; s < f.strip_begin[v + 1]; ++s)
            for (long long j = f.strips[s].first; j < f.strips[s].last; ++j)
            {
                if (owner[std::size_t(j)] != -1) owner[std::size_t(j)] = -2;  // two owners: reported below
                else owner[std::size_t(j)] = (long long)tile;
            }
    }
    return owner;
}

template <class Tableau, bool WithError>
void check_plans()
{
    int checked = 0;
    const tiled::link_chain chain = tiled::make_link_chain<Tableau, WithError>();
    const std::size_t links = chain.links;
    for (std::size_t n : {1u, 37u, 1000u, 4099u, 20011u})
        for (std::size_t d : {1u, 2u, 7u})
            for (std::size_t width : {2 * (links - 1) * d + 1, std::size_t(64), std::size_t(1036), std::size_t(5000)})
            {
                if (width <= 2 * (links - 1) * d) continue;
                const tiled::tiling_plan plan =
                    tiled::make_tiling_plan(chain, n, d, tiled::tiling::overlapped(width, links));
                // the streaming kernel runs plans of one kernel of the whole chain only
                if (plan.kernels.size() != 1u || plan.kernels[0].link_end - plan.kernels[0].link_begin != links) continue;
                ++checked;
                const tiled::flat_kernel_plan f = tiled::flatten_kernel(plan.kernels[0], plan.chain.vector_count);
                const std::vector<long long> owner = owners(f, n);
                // one owner per component
                BOOST_TEST((std::count_if(owner.begin(), owner.end(), [](long long t) { return t < 0; }) == 0));
                const long long tiles = (long long)f.tiles;
                for (std::size_t lead : {std::size_t(0), std::size_t(1), 3 * d, 24 * d, n, 2 * n + 5})
                    for (std::size_t trail : {std::size_t(0), std::size_t(1), 5 * d, 24 * d, n + 1})
                        BOOST_TEST_CONTEXT(Tableau::name << (WithError ? " with error" : "") << ", n = " << n << ", d = "
                                                         << d << ", width " << width << ", ends " << lead << " and "
                                                         << trail)
                        {
                            const auto e = tiled::detail::streaming_end_tiles_of(f, (long long)n, (long long)lead,
                                                                                 (long long)trail);
                            BOOST_TEST(e.leading >= 0);
                            BOOST_TEST(e.trailing >= 0);
                            BOOST_TEST(e.leading + e.trailing <= tiles);
                            auto is_end_tile = [&](long long t) { return t < e.leading || t >= tiles - e.trailing; };
                            // every component of the ends is written by an end tile
                            std::size_t uncovered = 0;
                            for (std::size_t j = 0; j < n; ++j)
                                if ((j < lead || j + trail >= n) && !is_end_tile(owner[j])) ++uncovered;
                            BOOST_TEST(uncovered == 0u);
                            // the fewest: the last leading tile and the first trailing one
                            // write an end (unless all tiles lead because the ends meet)
                            const bool all = e.leading == tiles && e.trailing == 0;
                            auto writes_lead = [&](long long t) {
                                for (std::size_t j = 0; j < n && j < lead; ++j)
                                    if (owner[j] == t) return true;
                                return false;
                            };
                            auto writes_trail = [&](long long t) {
                                for (std::size_t j = n > trail ? n - trail : 0; j < n; ++j)
                                    if (owner[j] == t) return true;
                                return false;
                            };
                            if (!all && e.leading > 0) BOOST_TEST(writes_lead(e.leading - 1));
                            if (!all && e.trailing > 0) BOOST_TEST(writes_trail(tiles - e.trailing));
                            if (lead == 0 && trail == 0) BOOST_TEST(e.leading + e.trailing == 0);
                            // the kernel's order: each tile once, the end tiles first
                            tiled::detail::cuda_edge_signal s;
                            unsigned dummy = 0;
                            s.flag = &dummy;
                            s.leading_tiles = int(e.leading);
                            s.trailing_tiles = int(e.trailing);
                            std::vector<int> seen(std::size_t(tiles), 0);
                            int misplaced = 0;
                            for (int order = 0; order < int(tiles); ++order)
                            {
                                const int t = s.tile_at(order, int(tiles));
                                if (t < 0 || t >= int(tiles))
                                {
                                    ++misplaced;
                                    continue;
                                }
                                ++seen[std::size_t(t)];
                                if (is_end_tile(t) != (order < s.edge_tiles())) ++misplaced;
                            }
                            BOOST_TEST(misplaced == 0);
                            BOOST_TEST((std::count(seen.begin(), seen.end(), 1) == tiles));
                        }
            }
    BOOST_TEST(checked >= 40, Tableau::name << ": " << checked << " plans of one kernel checked");
}

} // namespace

BOOST_AUTO_TEST_SUITE(backends_streaming_end_tiles)

BOOST_AUTO_TEST_CASE(end_tiles_hold_the_ends_and_run_first)
{
    check_plans<tiled::runge_kutta4_tableau, false>();
    check_plans<tiled::runge_kutta_dopri5_tableau, false>();
    check_plans<tiled::runge_kutta_dopri5_tableau, true>();
}

BOOST_AUTO_TEST_CASE(a_pending_request_is_taken_once)
{
    const tiled::link_chain chain = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    const std::size_t n = 20011;
    const tiled::tiling_plan plan = tiled::make_tiling_plan(chain, n, 1, tiled::tiling::overlapped(1036, chain.links));
    const tiled::flat_kernel_plan f = tiled::flatten_kernel(plan.kernels[0], plan.chain.vector_count);
    unsigned words[2] = {0, 0};

    // none pending: no signal
    BOOST_TEST(tiled::detail::take_streaming_edge_signal(f, (long long)n).edge_tiles() == 0);

    tiled::detail::edge_signal_request r;
    r.leading = 24;
    r.trailing = 24;
    r.flag = &words[0];
    r.counter = &words[1];
    r.epoch = 7;
    {
        tiled::detail::edge_signal_scope scope(r);
        const tiled::detail::cuda_edge_signal s = tiled::detail::take_streaming_edge_signal(f, (long long)n);
        const auto e = tiled::detail::streaming_end_tiles_of(f, (long long)n, 24, 24);
        BOOST_TEST(r.taken);
        BOOST_TEST(s.flag == &words[0]);
        BOOST_TEST(s.counter == &words[1]);
        BOOST_TEST(s.epoch == 7u);
        BOOST_TEST(s.leading_tiles == int(e.leading));
        BOOST_TEST(s.trailing_tiles == int(e.trailing));
        BOOST_TEST(s.edge_tiles() == 2);  // tiles of about a thousand components, ends of 24
        // a step that launches again must not take it twice
        BOOST_TEST(tiled::detail::take_streaming_edge_signal(f, (long long)n).edge_tiles() == 0);
    }
    BOOST_TEST(tiled::detail::pending_edge_signal() == nullptr);

    // a request for no component of either end: not taken
    tiled::detail::edge_signal_request none;
    none.flag = &words[0];
    none.counter = &words[1];
    tiled::detail::edge_signal_scope scope(none);
    BOOST_TEST(tiled::detail::take_streaming_edge_signal(f, (long long)n).edge_tiles() == 0);
    BOOST_TEST(!none.taken);
}

BOOST_AUTO_TEST_SUITE_END()
