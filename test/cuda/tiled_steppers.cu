/*
 test/cuda/tiled_steppers.cu

 The tiled steppers on thrust::device_vector (the CUDA executor of the tiling plan)
 agree with the same steppers on the TBB backend: every method, plain and with the
 error estimate, over tilings none / trapezoidal / hexagonal / overlapped / automatic and
 awkward sizes (n not a multiple of the tile, d = 0, d >= n/2, tiles wider than n,
 one component), after 100 steps within 1e-12 relative. Out-of-place steps leave
 the input untouched; bad input throws and leaves the state as it was; many
 steppers of many sizes leak no device memory.

 Without a CUDA device the program exits with 77 before any test runs (ctest: skipped).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include "support/cuda_test.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <vector>

namespace {

/*! The agreement bound: 1e-12, widened in proportion to d beyond 32 for wide stencils,
    whose component is a sum of 2d + 1 terms that nvcc fuses into multiply-adds and the
    host does not (as in multi_block_tiles.cu: 2.1e-12 at d = 200 on an H200, the same
    for every GPU kernel). */
double tolerance(std::size_t d) { return 1e-12 * std::max(1.0, double(d) / 32.0); }

template <class Tableau, class System>
void check_agreement(const System& sys, const tiled::tiling& config, int steps = 100)
{
    const auto c = boost_odeint_tiled_test::agreement_after_steps<Tableau>(sys, config, steps);
    BOOST_TEST_INFO(Tableau::name << " " << c.used << " n=" << sys.size() << " d=" << sys.access_distance());
    BOOST_TEST(c.difference <= tolerance(sys.access_distance()));
}

template <class Tableau, class System>
void check_error_estimate(const System& sys, const tiled::tiling& config)
{
    const auto c = boost_odeint_tiled_test::error_estimate_agreement<Tableau>(sys, config);
    BOOST_TEST_INFO(Tableau::name << " " << c.used);
    BOOST_TEST(c.error_difference <= c.error_bound);
    BOOST_TEST(c.state_difference <= 1e-12);
}

const std::vector<tiled::tiling>& tilings()
{
    // none() runs the stage kernels (stage_kernel.hpp): with a block of 96 threads, a
    // grid of several blocks covers the 1280 components with a ragged last block
    static const std::vector<tiled::tiling> t = {tiled::tiling::none(), tiled::tiling::none().threads_per_block(96),
                                                 tiled::tiling::automatic(),
                                                 tiled::tiling::trapezoidal(512, 4), tiled::tiling::hexagonal(384, 4),
                                                 tiled::tiling::trapezoidal(2048, 2).threads_per_block(128),
                                                 // register tiles of 2 components per thread, and odd block sizes
                                                 tiled::tiling::trapezoidal(512, 4).components_per_thread(2),
                                                 tiled::tiling::hexagonal(300, 2).components_per_thread(2).threads_per_block(160),
                                                 // overlapped tiles: one row of the whole chain on one register
                                                 // block, rows of four links, and the general kernel (a 900-wide
                                                 // tile on 320-component blocks)
                                                 tiled::tiling::overlapped(1024, 64), tiled::tiling::overlapped(1024, 4),
                                                 tiled::tiling::overlapped(900, 3).threads_per_block(160).components_per_thread(2)};
    return t;
}

} // namespace

BOOST_AUTO_TEST_CASE(every_method_on_device_vectors_agrees_with_the_tbb_backend_on_bruss2d)
{
    const auto sys = tiled::problems::bruss2d(16, 40);  // n = 1280, d = 32
    for (const auto& t : tilings())
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

BOOST_AUTO_TEST_CASE(error_estimates_on_device_vectors_agree_with_the_tbb_backend)
{
    const auto sys = tiled::problems::bruss2d(12, 30);
    for (const auto& t : tilings())
    {
        check_error_estimate<tiled::runge_kutta_heun_euler21_tableau>(sys, t);
        check_error_estimate<tiled::runge_kutta_bogacki_shampine32_tableau>(sys, t);
        check_error_estimate<tiled::runge_kutta_cash_karp54_tableau>(sys, t);
        check_error_estimate<tiled::runge_kutta_dopri5_tableau>(sys, t);
        check_error_estimate<tiled::runge_kutta_verner56_tableau>(sys, t);
        check_error_estimate<tiled::runge_kutta_fehlberg78_tableau>(sys, t);
    }
}

BOOST_AUTO_TEST_CASE(awkward_sizes_agree_with_the_tbb_backend)
{
    struct shape { std::size_t n, d, w, h; bool hex; };
    const shape shapes[] = {{1, 0, 8, 2, false}, {1, 1, 8, 2, false}, {7, 0, 3, 2, true}, {100, 50, 64, 1, false},
                            {1000, 3, 77, 3, false}, {1000, 3, 30, 4, true}, {999, 7, 2000, 4, false},
                            {4097, 1, 256, 4, true}, {5000, 0, 100, 4, false}};
    for (const shape& s : shapes)
    {
        const auto sys = tiled::problems::wide_stencil(s.n, s.d, 0.5);
        const auto t = s.hex ? tiled::tiling::hexagonal(s.w, s.h) : tiled::tiling::trapezoidal(s.w, s.h);
        check_agreement<tiled::runge_kutta4_tableau>(sys, t, 20);
        check_agreement<tiled::runge_kutta_dopri5_tableau>(sys, t, 20);
        check_agreement<tiled::runge_kutta4_tableau>(sys, tiled::tiling::automatic(), 20);
    }
    // overlapped tiles: one component, d = 0, margins wider than n, n not a multiple of anything
    const shape overlapped_shapes[] = {{1, 0, 8, 2, false},    {1, 1, 12, 64, false}, {100, 50, 101, 1, false},
                                       {1000, 3, 77, 3, false}, {999, 7, 2000, 64, false}, {4097, 1, 256, 64, false},
                                       {5000, 0, 100, 4, false}};
    for (const shape& s : overlapped_shapes)
    {
        const auto sys = tiled::problems::wide_stencil(s.n, s.d, 0.5);
        check_agreement<tiled::runge_kutta4_tableau>(sys, tiled::tiling::overlapped(s.w, s.h), 20);
        check_agreement<tiled::runge_kutta_dopri5_tableau>(sys, tiled::tiling::overlapped(s.w, s.h), 20);
    }
}

BOOST_AUTO_TEST_CASE(overlapped_tiles_of_the_whole_chain_run_the_streaming_kernel_and_agree)
{
    using tiled::cuda_kernel_path;
    // every chain the kernel is built for, on chunks of 64 .. 256 components; tiles that
    // own a few chunks (1024, 900 wide), less than one (400: 16 components for DOPRI5's
    // error step), and one wider than the problem (5000)
    const auto sys = tiled::problems::bruss2d(16, 40);  // n = 1280, d = 32
    for (const auto& t : {tiled::tiling::overlapped(1024, 64), tiled::tiling::overlapped(400, 64).threads_per_block(128),
                          tiled::tiling::overlapped(5000, 64).threads_per_block(256), tiled::tiling::overlapped(900, 64)})
    {
        check_agreement<tiled::euler_tableau>(sys, t);
        BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
        check_agreement<tiled::runge_kutta4_tableau>(sys, t);
        BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
        check_agreement<tiled::runge_kutta38_tableau>(sys, t);
        check_agreement<tiled::runge_kutta_heun_euler21_tableau>(sys, t);
        check_agreement<tiled::runge_kutta_bogacki_shampine32_tableau>(sys, t);
        check_agreement<tiled::runge_kutta_cash_karp54_tableau>(sys, t);
        check_agreement<tiled::runge_kutta_dopri5_tableau>(sys, t);
        BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
        check_error_estimate<tiled::runge_kutta_bogacki_shampine32_tableau>(sys, t);
        check_error_estimate<tiled::runge_kutta_dopri5_tableau>(sys, t);
        BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
        // Verner 5(6)'s error step: 56 FIFO values, a kernel built for 256 threads per SM
        // and up to 255 registers (where the width holds its 8 links: w > 2 * 7 * d)
        if (t.width() > 2 * 7 * 32)
        {
            check_error_estimate<tiled::runge_kutta_verner56_tableau>(sys, t);
            BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
        }
        // a chain too long for the FIFOs runs an other kernel, with the same result (where
        // the width holds its 13 links: w > 2 * 12 * d)
        if (t.width() > 2 * 12 * 32)
        {
            check_agreement<tiled::runge_kutta_fehlberg78_tableau>(sys, t);
            BOOST_TEST((tiled::cuda_executor::last_path() != cuda_kernel_path::streaming_tiles));
        }
    }
    // chunks narrower than d, or not a power of two: not the streaming kernel, still right
    for (const auto& t : {tiled::tiling::overlapped(1024, 64).threads_per_block(32),
                          tiled::tiling::overlapped(1024, 64).threads_per_block(96)})
    {
        check_agreement<tiled::runge_kutta4_tableau>(sys, t);
        BOOST_TEST((tiled::cuda_executor::last_path() != cuda_kernel_path::streaming_tiles));
    }
}

BOOST_AUTO_TEST_CASE(streaming_tiles_of_awkward_sizes_agree)
{
    using tiled::cuda_kernel_path;
    // one component, d = 0, n not a multiple of the chunk, d = the chunk, tiles narrower
    // than a chunk and wider than n
    struct shape { std::size_t n, d, w; unsigned threads; };
    const shape shapes[] = {{1, 0, 8, 64}, {2, 1, 16, 64}, {1000, 3, 77, 64}, {999, 7, 2000, 64}, {4097, 1, 256, 128},
                            {5000, 0, 100, 64}, {3001, 64, 1500, 64}, {20011, 200, 9000, 256}};
    for (const shape& s : shapes)
    {
        const auto w = tiled::problems::wide_stencil(s.n, s.d, 0.5);
        const auto t = tiled::tiling::overlapped(s.w, 64).threads_per_block(s.threads);
        check_agreement<tiled::runge_kutta4_tableau>(w, t, 20);
        BOOST_TEST_INFO("n=" << s.n << " d=" << s.d << " " << t);
        BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
        check_agreement<tiled::runge_kutta_dopri5_tableau>(w, t, 20);
    }
}

BOOST_AUTO_TEST_CASE(streaming_tiles_with_and_without_unchecked_steps_agree)
{
    using tiled::cuda_kernel_path;
    // The streaming kernel runs the steps of a tile in which every chunk lies inside what
    // is computed, loaded and stored of it without range checks. Widths from tiles that
    // have no such step (narrower than their margins and the wavefront's ends) to tiles
    // with many, around the chunk sizes, so that a tile's own piece starts and ends
    // anywhere in a chunk; 64- and 128-thread chunks.
    const auto w = tiled::problems::wide_stencil(3001, 5, 0.5);
    for (const unsigned threads : {64u, 128u})
        for (const std::size_t width : {64, 100, 127, 128, 129, 200, 256, 300, 450, 513, 777, 1100})
        {
            const auto t = tiled::tiling::overlapped(width, 64).threads_per_block(threads);
            BOOST_TEST_CONTEXT(t)
            {
                check_agreement<tiled::runge_kutta4_tableau>(w, t, 20);
                BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
                check_agreement<tiled::runge_kutta_bogacki_shampine32_tableau>(w, t, 20);
                check_error_estimate<tiled::runge_kutta_dopri5_tableau>(w, t);
                BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
            }
        }
}

BOOST_AUTO_TEST_CASE(streaming_tiles_reaching_two_chunks_agree)
{
    using tiled::cuda_kernel_path;
    // 512-component chunks for 512 < d <= 1024: each link reads two chunks either side
    // of its own (reach 2). d just above a chunk, d = 2 chunks, n below a tile, and n
    // not a multiple of anything
    struct shape { std::size_t n, d, w; };
    const shape shapes[] = {{20011, 513, 9000}, {9000, 700, 20000}, {30000, 1024, 16384}, {2500, 1000, 12000}};
    for (const shape& s : shapes)
    {
        const auto w = tiled::problems::wide_stencil(s.n, s.d, 0.5);
        const auto t = tiled::tiling::overlapped(s.w, 64).threads_per_block(512);
        BOOST_TEST_CONTEXT("n=" << s.n << " d=" << s.d << " " << t)
        {
            check_agreement<tiled::runge_kutta4_tableau>(w, t, 20);
            BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
            check_agreement<tiled::runge_kutta_bogacki_shampine32_tableau>(w, t, 20);
            BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
            check_agreement<tiled::runge_kutta_dopri5_tableau>(w, t, 20);
            BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
            check_error_estimate<tiled::runge_kutta_bogacki_shampine32_tableau>(w, t);
            BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
        }
    }
    // chunks narrower than half of d are not built: the general kernel, still right
    const auto w = tiled::problems::wide_stencil(9000, 600, 0.5);
    check_agreement<tiled::runge_kutta4_tableau>(w, tiled::tiling::overlapped(9000, 64).threads_per_block(256), 20);
    BOOST_TEST((tiled::cuda_executor::last_path() != cuda_kernel_path::streaming_tiles));
}

BOOST_AUTO_TEST_CASE(automatic_streams_overlapped_tiles_where_the_kernel_applies)
{
    using tiled::cuda_kernel_path;
    const auto sys = tiled::problems::bruss2d(64, 256);  // n = 32768, d = 128
    device_state x(sys.size(), 1.0);
    tiled::runge_kutta4<device_state> rk4;
    rk4.do_step(sys, x, 0.0, 1e-4);
    BOOST_TEST((rk4.tiling().kind() == tiled::tiling::scheme::overlapped), rk4.tiling());
    BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
    tiled::runge_kutta_fehlberg78<device_state> rk78;  // its FIFOs do not fit: not overlapped
    rk78.do_step(sys, x, 0.0, 1e-4);
    BOOST_TEST((rk78.tiling().kind() != tiled::tiling::scheme::overlapped), rk78.tiling());
    // d = 1024: 512-component chunks reaching two chunks either side
    const auto wide = tiled::problems::bruss2d(512, 64);  // n = 65536, d = 1024
    device_state z(wide.size(), 1.0);
    tiled::runge_kutta4<device_state> rk4_wide;
    rk4_wide.do_step(wide, z, 0.0, 1e-6);
    BOOST_TEST((rk4_wide.tiling().kind() == tiled::tiling::scheme::overlapped), rk4_wide.tiling());
    BOOST_TEST((tiled::cuda_executor::last_path() == cuda_kernel_path::streaming_tiles));
}

BOOST_AUTO_TEST_CASE(an_out_of_place_step_leaves_its_input_untouched_and_matches_the_in_place_step)
{
    const auto sys = tiled::problems::heat1d(3000, 0.5);
    host_state x0(sys.size());
    sys.initial_state(x0);
    device_state in(x0.begin(), x0.end()), out(x0.size()), inplace(x0.begin(), x0.end());
    tiled::runge_kutta4<device_state> st(tiled::tiling::trapezoidal(256, 4));
    st.do_step(sys, in, 0.0, out, 0.01);
    st.do_step(sys, inplace, 0.0, 0.01);
    BOOST_TEST(to_host(in) == x0);
    BOOST_TEST(to_host(out) == to_host(inplace));
    // overlapped tiles read the input where neighbours write the output: an in-place step
    // runs into the stepper's spare state and swaps buffers with x (no copy back)
    tiled::runge_kutta4<device_state> ov(tiled::tiling::overlapped(700, 4));
    device_state x(x0.begin(), x0.end()), y(x0.size());
    const double* before = thrust::raw_pointer_cast(x.data());
    ov.do_step(sys, x, 0.0, 0.01);
    BOOST_TEST(thrust::raw_pointer_cast(x.data()) != before);
    ov.do_step(sys, in, 0.0, y, 0.01);
    BOOST_TEST(to_host(x) == to_host(y));
    BOOST_TEST(to_host(x) == to_host(out));
}

BOOST_AUTO_TEST_CASE(bad_input_throws_and_leaves_the_device_state_as_it_was)
{
    const auto sys = tiled::problems::wide_stencil(1000, 5, 0.5);
    host_state x0(sys.size());
    sys.initial_state(x0);
    device_state x(x0.begin(), x0.end()), short_out(10);
    tiled::runge_kutta4<device_state> narrow(tiled::tiling::trapezoidal(10, 4));
    BOOST_CHECK_THROW(narrow.do_step(sys, x, 0.0, 0.01), std::invalid_argument);
    tiled::runge_kutta4<device_state> st;
    BOOST_CHECK_THROW(st.do_step(sys, x, 0.0, 0.0), std::invalid_argument);
    BOOST_CHECK_THROW(st.do_step(sys, x, 0.0, std::nan("")), std::invalid_argument);
    BOOST_CHECK_THROW(st.do_step(sys, x, 0.0, short_out, 0.01), std::invalid_argument);
    BOOST_TEST(to_host(x) == x0);
}

BOOST_AUTO_TEST_CASE(many_steppers_of_many_sizes_leak_no_device_memory)
{
    cudaDeviceSynchronize();
    std::size_t free_before = 0, total = 0;
    cudaMemGetInfo(&free_before, &total);
    for (int round = 0; round < 20; ++round)
    {
        const auto sys = tiled::problems::bruss2d(16, 64 + 8 * round);
        device_state x(sys.size(), 1.0);
        tiled::runge_kutta_dopri5<device_state> st(round % 2 ? tiled::tiling::automatic() : tiled::tiling::none());
        st.do_step(sys, x, 0.0, 1e-3);
        tiled::runge_kutta_dopri5<device_state> copy = st;
        copy.do_step(sys, x, 0.0, 1e-3);
    }
    cudaDeviceSynchronize();
    std::size_t free_after = 0;
    cudaMemGetInfo(&free_after, &total);
    BOOST_TEST(free_after + (std::size_t(4) << 20) >= free_before);
}
