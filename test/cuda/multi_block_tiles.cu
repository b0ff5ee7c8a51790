/*
 test/cuda/multi_block_tiles.cu

 Register tiles spread over several thread blocks (tile_group.hpp): as clusters that
 read halos from each other's shared memory, and as blocks of a cooperative grid
 that meet at an atomic barrier and exchange halos through L2. Every method, plain
 and with the error estimate, agrees with the TBB backend (1e-12 after 100 steps;
 on wide stencils the bound grows with d, see tolerance()), over awkward shapes:
 halos wider than a block (d > C*T, so a halo spans several blocks), tiles
 narrower than their group, n not a multiple of anything, clusters beyond the
 portable size of 8, and the fused error norm of adaptive steps. Each case also
 checks that the multi-block path is the one that ran, and that a tile wider than a
 block uses several only when the tiling asks (blocks_per_tile or use_clusters).

 The barrier stress test runs thousands of launches over random tile configurations
 (n, d, width, height, threads, components per thread, blocks per tile, cluster or
 L2) and compares every one with the host: a hang shows as the test's timeout, a
 race as a wrong result.

 Without a CUDA device the program exits with 77 before any test runs (ctest: skipped).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include "support/cuda_test.hpp"

#include <algorithm>
#include <cmath>
#include <random>
#include <sstream>
#include <vector>

using tiled::cuda_kernel_path;

namespace {

bool cluster_capable()
{
    int device = 0, major = 0;
    cudaGetDevice(&device);
    cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device);
    return major >= 9;
}

//! Did the step of a multi-block tiling take the path it must on this device? Tiles
//! of at most 16 blocks run as asked (clusters on sm_90 where use_clusters(), else
//! through L2); with more blocks, or an unknown count, a cluster request may fall back to L2.
//! A chain of `links` links longer than the 4-component kernel is built for runs a
//! tiling with 4 components per thread in the general kernel.
bool took_expected_path(const tiled::tiling& t, cuda_kernel_path path, std::size_t links)
{
    if (t.components_per_thread() == 4 && links > tiled::cuda_launch_policy::most_links_four_per_thread)
        return path == cuda_kernel_path::general_tiles;
    if (!t.use_clusters() || !cluster_capable()) return path == cuda_kernel_path::l2_tiles;
    if (t.blocks_per_tile() != 0 && t.blocks_per_tile() <= 16) return path == cuda_kernel_path::cluster_tiles;
    return path == cuda_kernel_path::cluster_tiles || path == cuda_kernel_path::l2_tiles;
}

/*! The agreement bound: 1e-12, as for every tiling, widened in proportion to d beyond
    32 for wide_stencil. Its component is a sum of 2d + 1 terms, which nvcc fuses into
    multiply-adds and the host (-ffp-contract=off) does not; measured on an H100: 1.08e-12
    at d = 90, 1.39e-12 at d = 109, the same bits from clusters and from L2 groups
    (rounding, not a race: a race moves the error from run to run and path to path). */
double tolerance(std::size_t d) { return 1e-12 * std::max(1.0, double(d) / 32.0); }

template <class Tableau, class System>
double run_and_compare(const System& sys, const tiled::tiling& config, int steps, cuda_kernel_path& path)
{
    const auto c = boost_odeint_tiled_test::agreement_after_steps<Tableau>(sys, config, steps);
    path = tiled::cuda_executor::last_path();  // of the GPU's steps: the comparison launches no tiled step
    return c.difference;
}

template <class Tableau, class System>
void check_agreement(const System& sys, const tiled::tiling& config, int steps = 100)
{
    cuda_kernel_path path{};
    const double diff = run_and_compare<Tableau>(sys, config, steps, path);
    BOOST_TEST_INFO(Tableau::name << " " << config << " n=" << sys.size() << " d=" << sys.access_distance()
                                  << " ran " << tiled::kernel_path_name(path));
    BOOST_TEST(diff <= tolerance(sys.access_distance()));
    BOOST_TEST(took_expected_path(config, path, tiled::chain_traits<Tableau, false>::links));
}

template <class Tableau, class System>
void check_error_estimate(const System& sys, const tiled::tiling& config)
{
    const auto c = boost_odeint_tiled_test::error_estimate_agreement<Tableau>(sys, config);
    const cuda_kernel_path path = tiled::cuda_executor::last_path();
    BOOST_TEST_INFO(Tableau::name << " " << config << " ran " << tiled::kernel_path_name(path));
    BOOST_TEST(c.error_difference <= c.error_bound);
    BOOST_TEST(c.state_difference <= 1e-12);
    BOOST_TEST(took_expected_path(config, path, tiled::chain_traits<Tableau, true>::links));
}

//! Tilings whose tiles need several blocks on BRUSS2D 16 x 40 (n = 1280, d = 32).
std::vector<tiled::tiling> group_tilings()
{
    std::vector<tiled::tiling> t;
    for (bool clusters : {false, true})
    {
        // 4 blocks of 64 x 4 = 256 components for 1024-wide trapezoids
        t.push_back(tiled::tiling::trapezoidal(1024, 4).threads_per_block(64).components_per_thread(4).blocks_per_tile(4)
                        .use_clusters(clusters));
        // hexagons (two kernels, the second one partial) on 3 blocks of 96 x 2
        t.push_back(tiled::tiling::hexagonal(520, 4).threads_per_block(96).components_per_thread(2).blocks_per_tile(4)
                        .use_clusters(clusters));
        // blocks of 32 x 2 = 64 components: d = 32 is half a block; more blocks than needed
        t.push_back(tiled::tiling::trapezoidal(700, 3).threads_per_block(32).components_per_thread(2).blocks_per_tile(12)
                        .use_clusters(clusters));
        // overlapped tiles of the whole chain on 10 blocks of 64 x 2, and in rows of 4 links on 4 of 64 x 4
        t.push_back(tiled::tiling::overlapped(1280, 64).threads_per_block(64).components_per_thread(2).blocks_per_tile(10)
                        .use_clusters(clusters));
        t.push_back(tiled::tiling::overlapped(1024, 4).threads_per_block(64).components_per_thread(4).blocks_per_tile(4)
                        .use_clusters(clusters));
    }
    // 16 blocks: beyond the portable cluster size
    t.push_back(tiled::tiling::trapezoidal(1024, 4).threads_per_block(32).components_per_thread(2).blocks_per_tile(16)
                    .use_clusters(true));
    return t;
}

} // namespace

BOOST_AUTO_TEST_CASE(every_method_on_multi_block_tiles_agrees_with_the_tbb_backend)
{
    const auto sys = tiled::problems::bruss2d(16, 40);
    for (const auto& t : group_tilings())
    {
        check_agreement<tiled::euler_tableau>(sys, t);
        check_agreement<tiled::runge_kutta4_tableau>(sys, t);
        check_agreement<tiled::runge_kutta38_tableau>(sys, t);
        check_agreement<tiled::runge_kutta_heun_euler21_tableau>(sys, t);
        check_agreement<tiled::runge_kutta_bogacki_shampine32_tableau>(sys, t);
        check_agreement<tiled::runge_kutta_cash_karp54_tableau>(sys, t);
        check_agreement<tiled::runge_kutta_dopri5_tableau>(sys, t);
        check_agreement<tiled::runge_kutta_verner56_tableau>(sys, t);
        check_agreement<tiled::runge_kutta_fehlberg78_tableau>(sys, t);
    }
}

BOOST_AUTO_TEST_CASE(error_estimates_on_multi_block_tiles_agree_with_the_tbb_backend)
{
    const auto sys = tiled::problems::bruss2d(16, 40);
    for (const auto& t : group_tilings())
    {
        check_error_estimate<tiled::runge_kutta_bogacki_shampine32_tableau>(sys, t);
        check_error_estimate<tiled::runge_kutta_dopri5_tableau>(sys, t);
        check_error_estimate<tiled::runge_kutta_verner56_tableau>(sys, t);
        check_error_estimate<tiled::runge_kutta_fehlberg78_tableau>(sys, t);
    }
}

BOOST_AUTO_TEST_CASE(halos_wider_than_a_block_and_awkward_sizes)
{
    struct shape { std::size_t n, d, w, h; bool hex; unsigned threads, per_thread, blocks; };
    // blocks of 64 components with d up to 150: a halo spans up to three blocks
    const shape shapes[] = {{3001, 100, 900, 4, false, 32, 2, 0},  {3001, 150, 1100, 4, true, 32, 2, 0},
                            {999, 7, 2000, 4, false, 32, 2, 16},   {5000, 0, 700, 4, false, 64, 2, 0},
                            {700, 90, 650, 4, false, 32, 2, 0},     {4097, 1, 1000, 4, true, 64, 4, 0},
                            {12345, 200, 1500, 3, false, 32, 2, 0}, {20, 3, 64, 2, false, 32, 2, 4}};
    for (const shape& s : shapes)
        for (bool clusters : {false, true})
        {
            const auto sys = tiled::problems::wide_stencil(s.n, s.d, 0.5);
            auto t = s.hex ? tiled::tiling::hexagonal(s.w, s.h) : tiled::tiling::trapezoidal(s.w, s.h);
            t.threads_per_block(s.threads).components_per_thread(s.per_thread).use_clusters(clusters);
            // enough blocks for the widest tile (a hexagon's is wider than its width)
            const std::size_t block_width = std::size_t(s.threads) * s.per_thread;
            t.blocks_per_tile(s.blocks ? s.blocks : (std::min(s.w, s.n) + 2 * s.h * s.d) / block_width + 1);
            check_agreement<tiled::runge_kutta4_tableau>(sys, t, 20);
            check_agreement<tiled::runge_kutta_dopri5_tableau>(sys, t, 20);
        }
    // overlapped tiles whose margins span several 64-component blocks
    const shape overlapped_shapes[] = {{3001, 100, 1300, 4, false, 32, 2, 21}, {12345, 150, 1800, 2, false, 32, 2, 0},
                                       {700, 90, 2000, 64, false, 32, 2, 12}, {20, 3, 64, 3, false, 32, 2, 4}};
    for (const shape& s : overlapped_shapes)
        for (bool clusters : {false, true})
        {
            const auto sys = tiled::problems::wide_stencil(s.n, s.d, 0.5);
            auto t = tiled::tiling::overlapped(s.w, s.h);
            t.threads_per_block(s.threads).components_per_thread(s.per_thread).use_clusters(clusters);
            t.blocks_per_tile(s.blocks ? s.blocks : (std::min(s.w, s.n) + 63) / 64);
            check_agreement<tiled::runge_kutta4_tableau>(sys, t, 20);
        }
}

BOOST_AUTO_TEST_CASE(tiles_wider_than_a_block_use_several_only_when_the_tiling_asks)
{
    const auto sys = tiled::problems::bruss2d(16, 40);
    const auto wide = tiled::tiling::trapezoidal(1024, 4).threads_per_block(64).components_per_thread(4);
    cuda_kernel_path path{};
    BOOST_TEST(run_and_compare<tiled::runge_kutta4_tableau>(sys, wide, 10, path) <= 1e-12);
    BOOST_TEST((path == cuda_kernel_path::general_tiles));
    auto grouped = wide;
    grouped.blocks_per_tile(4);
    BOOST_TEST(run_and_compare<tiled::runge_kutta4_tableau>(sys, grouped, 10, path) <= 1e-12);
    BOOST_TEST((path == cuda_kernel_path::l2_tiles));
    auto narrow = tiled::tiling::trapezoidal(256, 4).threads_per_block(64).components_per_thread(4);
    BOOST_TEST(run_and_compare<tiled::runge_kutta4_tableau>(sys, narrow, 10, path) <= 1e-12);
    BOOST_TEST((path == cuda_kernel_path::register_tiles));
}

BOOST_AUTO_TEST_CASE(adaptive_steps_on_multi_block_tiles_follow_the_host_controller)
{
    // the fused error norm (run_error_norm) through multi-block tiles: the same
    // accepted and rejected steps as the TBB backend's controlled stepper
    const auto sys = tiled::problems::bruss2d(16, 40);
    host_state x0(sys.size());
    sys.initial_state(x0);
    for (bool clusters : {false, true})
    {
        const auto t = tiled::tiling::trapezoidal(1024, 4).threads_per_block(64).components_per_thread(4).blocks_per_tile(4)
                           .use_clusters(clusters);
        host_state ref = x0;
        auto cpu = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<host_state>(tiled::tiling::none()));
        const std::size_t cpu_steps = odeint::integrate_adaptive(cpu, sys, ref, 0.0, 0.05, 1e-3);
        device_state x(x0.begin(), x0.end());
        auto gpu = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<device_state>(t));
        const std::size_t gpu_steps = odeint::integrate_adaptive(gpu, sys, x, 0.0, 0.05, 1e-3);
        BOOST_TEST_INFO(t << " ran " << tiled::kernel_path_name(tiled::cuda_executor::last_path()));
        BOOST_TEST(gpu_steps == cpu_steps);
        BOOST_TEST(max_relative_difference(ref, to_host(x)) <= 1e-9);
        BOOST_TEST(took_expected_path(t, tiled::cuda_executor::last_path(), tiled::chain_traits<tiled::runge_kutta_dopri5_tableau, true>::links));
    }
}

BOOST_AUTO_TEST_CASE(barrier_stress_random_tile_groups_never_hang_or_race)
{
    // thousands of launches: each configuration takes several steps of two kernels
    // (trapezoids up, then down) or of hexagons' two kernels; a race or a missed
    // barrier shows as a result off the host's, a deadlock as the test's timeout
    std::mt19937 rng(20261125);
    auto pick = [&](std::size_t lo, std::size_t hi) { return std::uniform_int_distribution<std::size_t>(lo, hi)(rng); };
    std::size_t launches = 0, cluster_runs = 0, l2_runs = 0;
    for (int round = 0; round < 240; ++round)
    {
        const unsigned threads = unsigned(32 * pick(1, 4));
        const unsigned per_thread = pick(0, 1) ? 4u : 2u;
        const std::size_t block_width = threads * per_thread;
        const std::size_t d = pick(0, 3) == 0 ? pick(0, 2) : pick(1, 2 * block_width);
        const std::size_t shape = pick(0, 3);  // 0: hexagons, 1: overlapped tiles, else trapezoids
        const bool hex = shape == 0, overlapped = shape == 1;
        const std::size_t h = hex ? 2 * pick(1, 2) : pick(1, 4);
        const std::size_t min_width = hex ? (h - 1) * d : overlapped ? 2 * (h - 1) * d + 1 : (2 * h - 1) * d;
        const std::size_t blocks = pick(2, 12);
        const std::size_t width = std::max<std::size_t>({min_width, 1, pick(block_width, blocks * block_width) * 3 / 4});
        const std::size_t n = pick(1, 6 * width + 17);
        const bool clusters = pick(0, 1) == 1;
        auto t = hex ? tiled::tiling::hexagonal(width, h)
                 : overlapped ? tiled::tiling::overlapped(width, h) : tiled::tiling::trapezoidal(width, h);
        t.threads_per_block(threads).components_per_thread(per_thread).use_clusters(clusters);
        // at least as many blocks as the widest tile needs (a hexagon's hull is wider than its width)
        if (pick(0, 1)) t.blocks_per_tile(std::max<std::size_t>(2, (width + 2 * h * d) / block_width + 1));
        const auto sys = tiled::problems::wide_stencil(n, std::min(d, n), 0.5);
        const int steps = int(pick(3, 8));
        cuda_kernel_path path{};
        const double diff = round % 3 == 0 ? run_and_compare<tiled::runge_kutta_dopri5_tableau>(sys, t, steps, path)
                                           : run_and_compare<tiled::runge_kutta4_tableau>(sys, t, steps, path);
        BOOST_TEST_INFO("round " << round << ": " << t << " n=" << n << " d=" << std::min(d, n) << " ran "
                                 << tiled::kernel_path_name(path));
        BOOST_TEST(diff <= tolerance(std::min(d, n)));
        launches += 2 * std::size_t(steps);
        cluster_runs += path == cuda_kernel_path::cluster_tiles;
        l2_runs += path == cuda_kernel_path::l2_tiles;
    }
    BOOST_TEST_MESSAGE("barrier stress: about " << launches << " launches, " << cluster_runs << " runs in clusters, "
                                                << l2_runs << " through L2");
    BOOST_TEST(launches >= 1000);
    BOOST_TEST(l2_runs >= 20);
    if (cluster_capable()) BOOST_TEST(cluster_runs >= 20);
}
