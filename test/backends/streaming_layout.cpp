/*
 test/backends/streaming_layout.cpp

 The CUDA streaming kernel's register FIFOs, counted two ways (host only, no GPU): at
 compile time from a tableau (streaming_layout, what the kernel allocates) and at run
 time from a link_chain (streaming_fifo_values, what the automatic() model and `tune`
 use to decide whether the kernel applies). They agree for every method, for the plain
 step, the step with error estimate and the fused-norm step, and have the values worked
 out by hand for RK4 and DOPRI5; the threshold admits the chains the model relies on.
 Forwarding (the last link's sums begun one link earlier) applies where it saves FIFO
 values, the same in both counts.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_launch_policy.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/streaming_layout.hpp>
#include <boost/numeric/odeint/tiled/tableaux/all.hpp>

#include <string>

namespace tiled = boost::numeric::odeint::tiled;

namespace {

template <class Tableau>
void check_both_counts()
{
    BOOST_TEST_CONTEXT(Tableau::name)
    {
        const int plain = tiled::detail::streaming_layout<Tableau, false, false>::fifo_values();
        BOOST_TEST(plain == tiled::streaming_fifo_values(tiled::make_link_chain<Tableau, false>()));
        BOOST_TEST((tiled::detail::streaming_layout<Tableau, false, false>::forwards ==
                    tiled::streaming_forwards(tiled::make_link_chain<Tableau, false>())));
        if constexpr (tiled::is_embedded_tableau<Tableau>::value)
        {
            const int with_error = tiled::detail::streaming_layout<Tableau, true, false>::fifo_values();
            BOOST_TEST(with_error == tiled::streaming_fifo_values(tiled::make_link_chain<Tableau, true>()));
            const int fused = tiled::detail::streaming_layout<Tableau, true, true>::fifo_values();
            BOOST_TEST(fused == tiled::streaming_fifo_values(
                                    tiled::make_link_chain<Tableau, true>(tiled::chain_options{true, 0})));
            BOOST_TEST(fused >= with_error);  // the fused norm also reads y and F_0 (or forwards its scale)
            BOOST_TEST((tiled::detail::streaming_layout<Tableau, true, true>::forwards ==
                        tiled::streaming_forwards(tiled::make_link_chain<Tableau, true>(tiled::chain_options{true, 0}))));
            BOOST_TEST((tiled::detail::streaming_layout<Tableau, true, false>::forwards ==
                        tiled::streaming_forwards(tiled::make_link_chain<Tableau, true>())));
        }
    }
}

} // namespace

BOOST_AUTO_TEST_SUITE(backends_streaming_layout)

BOOST_AUTO_TEST_CASE(compile_time_and_run_time_counts_agree_for_every_method)
{
    check_both_counts<tiled::euler_tableau>();
    check_both_counts<tiled::runge_kutta4_tableau>();
    check_both_counts<tiled::runge_kutta38_tableau>();
    check_both_counts<tiled::runge_kutta_heun_euler21_tableau>();
    check_both_counts<tiled::runge_kutta_bogacki_shampine32_tableau>();
    check_both_counts<tiled::runge_kutta_cash_karp54_tableau>();
    check_both_counts<tiled::runge_kutta_dopri5_tableau>();
    check_both_counts<tiled::runge_kutta_verner56_tableau>();
    check_both_counts<tiled::runge_kutta_fehlberg78_tableau>();
}

BOOST_AUTO_TEST_CASE(rk4_and_dopri5_keep_what_their_linear_combinations_read)
{
    // RK4: the solution at link 3 reads y, F_0, F_1, F_2, F_3. Link 2 forms y + sum of its
    // first three terms and forwards it (2 entries): y and F_0 are last read at link 2
    // (FIFOs of 4), F_1 too (2), F_2 by its own link (0); 12 values instead of 18
    using rk4 = tiled::detail::streaming_layout<tiled::runge_kutta4_tableau, false, false>;
    BOOST_TEST(rk4::forwards);
    BOOST_TEST(rk4::forwards_solution);
    BOOST_TEST(!rk4::forwards_error);
    BOOST_TEST(rk4::forward_link == 2);
    BOOST_TEST(rk4::state_fifo() == 4);
    BOOST_TEST(rk4::derivative_fifo(0) == 4);
    BOOST_TEST(rk4::derivative_fifo(1) == 2);
    BOOST_TEST(rk4::derivative_fifo(2) == 0);
    BOOST_TEST(rk4::derivative_fifo(3) == 0);
    BOOST_TEST(rk4::reads_derivative(3, 3));
    BOOST_TEST(!rk4::reads_derivative(3, 0));
    BOOST_TEST(!rk4::reads_state(3));
    BOOST_TEST(rk4::fifo_values() == 12);
    // 4 links, a ring of 4 chunks each: 16 chunks of 64 doubles for a 64-thread block
    BOOST_TEST(tiled::cuda_launch_policy::streaming_ring_bytes(4, 64, 8) == 16u * 64u * 8u);
    // DOPRI5's plain step (6 links, b_1 = 0): F_1 is last read by Y_5 at link 4; the
    // solution forwarded from link 4: 30 values instead of 38
    using dopri5 = tiled::detail::streaming_layout<tiled::runge_kutta_dopri5_tableau, false, false>;
    BOOST_TEST(dopri5::derivative_fifo(1) == 6);
    BOOST_TEST(dopri5::fifo_values() == 30);
    // Heun's method (2 links): the last link reads y and F_0 and would forward the
    // solution and the error: no fewer values, no forwarding
    BOOST_TEST(!(tiled::detail::streaming_layout<tiled::runge_kutta_heun_euler21_tableau, true, false>::forwards));
}

BOOST_AUTO_TEST_CASE(fsal_pairs_forward_their_error_to_the_last_link)
{
    // DOPRI5's adaptive step: 7 links, the solution at link 5 and the error alone at link 6.
    // Link 5 forms the partial error over F_0 .. F_5 and the norm's scale, so y and F_0 leave
    // their FIFOs at link 5 (10 entries, not 12), F_2 .. F_5 one link earlier too, and link 6
    // reads only its own F_6 and the two forwarded values (2 entries each): 42 values, not 50.
    using fused = tiled::detail::streaming_layout<tiled::runge_kutta_dopri5_tableau, true, true>;
    BOOST_TEST(fused::forwards_error);
    BOOST_TEST(!fused::forwards_solution);  // formed at link 5, Y_6 of the FSAL pair
    BOOST_TEST(fused::forward_link == 5);
    BOOST_TEST(fused::forwarded_values == 2);
    BOOST_TEST(fused::state_fifo() == 10);
    BOOST_TEST(fused::derivative_fifo(0) == 10);
    BOOST_TEST(fused::derivative_fifo(2) == 6);
    BOOST_TEST(fused::derivative_fifo(5) == 0);
    BOOST_TEST(!fused::reads_state(6));
    BOOST_TEST(fused::reads_derivative(6, 6));  // b_7 = 0, b_hat_7 = 1/40
    BOOST_TEST(!fused::reads_derivative(6, 0));
    BOOST_TEST(fused::fifo_values() == 42);
    // the stored error (no fused norm) forwards one value and needs no y
    using stored = tiled::detail::streaming_layout<tiled::runge_kutta_dopri5_tableau, true, false>;
    BOOST_TEST(stored::forwarded_values == 1);
    BOOST_TEST(stored::fifo_values() == 40);
    // Bogacki-Shampine (FSAL too): 14 values instead of 18
    BOOST_TEST((tiled::detail::streaming_layout<tiled::runge_kutta_bogacki_shampine32_tableau, true, true>::fifo_values() == 14));
    // Cash-Karp forms the solution and the error at its last link: both forwarded (and
    // the scale), 34 values instead of 38
    using ck54 = tiled::detail::streaming_layout<tiled::runge_kutta_cash_karp54_tableau, true, true>;
    BOOST_TEST(ck54::forwards_solution);
    BOOST_TEST(ck54::forwards_error);
    BOOST_TEST(ck54::forwarded_values == 3);
    BOOST_TEST(ck54::fifo_values() == 34);
}

BOOST_AUTO_TEST_CASE(the_register_budget_admits_verner56_with_its_fused_norm_and_not_fehlberg78)
{
    using tiled::cuda_launch_policy;
    const int limit = cuda_launch_policy::streaming_max_fifo_values;
    BOOST_TEST((tiled::detail::streaming_layout<tiled::runge_kutta_dopri5_tableau, true, true>::fifo_values() <= limit));
    BOOST_TEST((tiled::detail::streaming_layout<tiled::runge_kutta4_tableau, false, false>::fifo_values() <= limit));
    BOOST_TEST((tiled::detail::streaming_layout<tiled::runge_kutta_fehlberg78_tableau, false, false>::fifo_values() > limit));
    // automatic() streams every chain the kernel is built for: the plain steps but
    // Fehlberg 7(8)'s, the adaptive steps up to Verner 5(6)'s (58 values)
    const int automatic = cuda_launch_policy::streaming_max_fifo_values;
    BOOST_TEST((tiled::detail::streaming_layout<tiled::runge_kutta_verner56_tableau, false, false>::fifo_values() <= automatic));
    BOOST_TEST((tiled::detail::streaming_layout<tiled::runge_kutta_dopri5_tableau, true, true>::fifo_values() <= automatic));
    using verner56_adaptive = tiled::detail::streaming_layout<tiled::runge_kutta_verner56_tableau, true, true>;
    BOOST_TEST(verner56_adaptive::fifo_values() == 58);
    BOOST_TEST(verner56_adaptive::fifo_values() <= automatic);
    // ... but not at reach 2 (87 values)
    BOOST_TEST((tiled::detail::streaming_layout<tiled::runge_kutta_verner56_tableau, true, true, 2>::fifo_values() > limit));
    // beyond what 128 registers hold, chunks up to 256 threads run 256 threads per SM
    // (255 registers each); 512-thread chunks cannot, and chains that fit keep 512
    const int dopri5_adaptive = tiled::detail::streaming_layout<tiled::runge_kutta_dopri5_tableau, true, true>::fifo_values();
    BOOST_TEST(dopri5_adaptive <= cuda_launch_policy::streaming_register_fifo_values);
    BOOST_TEST(cuda_launch_policy::streaming_threads_per_sm_for(dopri5_adaptive, 64) == 512u);
    BOOST_TEST(cuda_launch_policy::streaming_threads_per_sm_for(verner56_adaptive::fifo_values(), 64) == 256u);
    BOOST_TEST(cuda_launch_policy::streaming_threads_per_sm_for(verner56_adaptive::fifo_values(), 256) == 256u);
    BOOST_TEST(cuda_launch_policy::streaming_threads_per_sm_for(verner56_adaptive::fifo_values(), 512) == 512u);
    BOOST_TEST(cuda_launch_policy::streaming_threads_per_sm_for(cuda_launch_policy::streaming_register_fifo_values, 64) == 512u);
    BOOST_TEST(cuda_launch_policy::streaming_threads_per_sm_for(cuda_launch_policy::streaming_register_fifo_values + 1, 64) == 256u);
    // the chunk: a power of two >= d, from 64 to 512 threads; 0 beyond
    BOOST_TEST(tiled::cuda_launch_policy::streaming_threads_for(0) == 64u);
    BOOST_TEST(tiled::cuda_launch_policy::streaming_threads_for(64) == 64u);
    BOOST_TEST(tiled::cuda_launch_policy::streaming_threads_for(65) == 128u);
    BOOST_TEST(tiled::cuda_launch_policy::streaming_threads_for(512) == 512u);
    // beyond 512, chunks of 512 reaching two chunks either side, up to d = 1024
    BOOST_TEST(tiled::cuda_launch_policy::streaming_threads_for(513) == 512u);
    BOOST_TEST(tiled::cuda_launch_policy::streaming_threads_for(1024) == 512u);
    BOOST_TEST(tiled::cuda_launch_policy::streaming_threads_for(1025) == 0u);
    BOOST_TEST(tiled::cuda_launch_policy::streaming_reach(512, 512) == 1u);
    BOOST_TEST(tiled::cuda_launch_policy::streaming_reach(513, 512) == 2u);
    BOOST_TEST(tiled::cuda_launch_policy::streaming_reach(0, 64) == 1u);
    BOOST_TEST(tiled::cuda_launch_policy::streaming_reach(0, 0) == 0u);
}

BOOST_AUTO_TEST_CASE(a_reach_of_two_chunks_skews_the_links_by_three_steps)
{
    // a link reading two chunks either side starts 3 steps after the link before it:
    // every FIFO is 3/2 as long, rings hold 6 chunks, rounded up to 8
    using rk4 = tiled::detail::streaming_layout<tiled::runge_kutta4_tableau, false, false, 2>;
    BOOST_TEST(rk4::skew == 3);
    BOOST_TEST(rk4::ring_chunks == 8);
    BOOST_TEST(rk4::state_fifo() == 6);
    BOOST_TEST(rk4::fifo_values() == 18);
    BOOST_TEST(rk4::fifo_values() == tiled::streaming_fifo_values(tiled::make_link_chain<tiled::runge_kutta4_tableau, false>(), 2));
    using dopri5 = tiled::detail::streaming_layout<tiled::runge_kutta_dopri5_tableau, true, true, 2>;
    BOOST_TEST(dopri5::fifo_values() ==
               tiled::streaming_fifo_values(
                   tiled::make_link_chain<tiled::runge_kutta_dopri5_tableau, true>(tiled::chain_options{true, 0}), 2));
    BOOST_TEST(dopri5::fifo_values() == 63);  // beyond 128 registers: spills, streamed all the same
    BOOST_TEST(dopri5::fifo_values() <= tiled::cuda_launch_policy::streaming_max_fifo_values);
    // DOPRI5's plain step at reach 2: 45 values, within what automatic() streams
    using dopri5_plain = tiled::detail::streaming_layout<tiled::runge_kutta_dopri5_tableau, false, false, 2>;
    BOOST_TEST(dopri5_plain::fifo_values() == 45);
    BOOST_TEST(dopri5_plain::fifo_values() <= tiled::cuda_launch_policy::streaming_max_fifo_values);
    BOOST_TEST(tiled::cuda_launch_policy::streaming_ring_chunks(1) == 4u);
    BOOST_TEST(tiled::cuda_launch_policy::streaming_ring_chunks(2) == 8u);
    BOOST_TEST(tiled::cuda_launch_policy::streaming_ring_chunks(4) == 16u);
    // the kernel is built for reach 1 with chunks of 64 .. 512 and reach 2 with 512
    BOOST_TEST(tiled::cuda_launch_policy::streaming_is_built(64, 1));
    BOOST_TEST(tiled::cuda_launch_policy::streaming_is_built(512, 1));
    BOOST_TEST(tiled::cuda_launch_policy::streaming_is_built(512, 2));
    BOOST_TEST(!tiled::cuda_launch_policy::streaming_is_built(256, 2));
    BOOST_TEST(!tiled::cuda_launch_policy::streaming_is_built(96, 1));
    BOOST_TEST(!tiled::cuda_launch_policy::streaming_is_built(32, 1));
    BOOST_TEST(!tiled::cuda_launch_policy::streaming_is_built(1024, 1));
    BOOST_TEST(!tiled::cuda_launch_policy::streaming_is_built(512, 3));
    BOOST_TEST(!tiled::cuda_launch_policy::streaming_is_built(0, 0));
    BOOST_TEST(tiled::cuda_launch_policy::streaming_ring_bytes(4, 512, 8, 2) == 8u * 4u * 512u * 8u);
    BOOST_TEST((tiled::detail::streaming_layout<tiled::runge_kutta4_tableau, false, false, 2>::ring_chunks ==
                int(tiled::cuda_launch_policy::streaming_ring_chunks(2))));
}

BOOST_AUTO_TEST_CASE(automatic_streams_one_wave_of_tiles)
{
    using tiled::cuda_launch_policy;
    // 512 resident threads per SM: 8 blocks of 64, 1 of 512
    BOOST_TEST(cuda_launch_policy::streaming_tiles_per_wave(132, 64) == 1056u);
    BOOST_TEST(cuda_launch_policy::streaming_tiles_per_wave(132, 256) == 264u);
    BOOST_TEST(cuda_launch_policy::streaming_tiles_per_wave(132, 512) == 132u);
    BOOST_TEST(cuda_launch_policy::streaming_tiles_per_wave(0, 64) == 8u);  // an unknown SM count counts as one
    // kernels built for 256 threads per SM (long chains): half as many
    BOOST_TEST(cuda_launch_policy::streaming_tiles_per_wave(132, 64, 256) == 528u);
    BOOST_TEST(cuda_launch_policy::streaming_tiles_per_wave(132, 256, 256) == 132u);
    // RK4 (4 links) at d = 32 on 132 SMs: 16 Mi / 1056 components each, 249 chunks of 64,
    // plus margins of 2 * 3 * 32
    const std::size_t n = std::size_t(1) << 24;
    BOOST_TEST(cuda_launch_policy::streaming_tile_width(n, 32, 4, 64, cuda_launch_policy::streaming_tiles_per_wave(132, 64)) ==
               249u * 64u + 192u);
    // per chain: DOPRI5's adaptive step one wave of 8 blocks of 64 per SM, Verner 5(6)'s
    // (58 values, 256 threads per SM) 4; none where the kernel does not run the chain
    tiled::chain_options fused;
    fused.fused_error_norm = true;
    const auto dopri5 = tiled::make_link_chain<tiled::runge_kutta_dopri5_tableau, true>(fused);
    const auto verner56 = tiled::make_link_chain<tiled::runge_kutta_verner56_tableau, true>(fused);
    BOOST_TEST(tiled::streaming_wave_tiles(dopri5, 32, 64, 8, 132) == 1056u);
    BOOST_TEST(tiled::streaming_wave_tiles(verner56, 32, 64, 8, 132) == 528u);
    BOOST_TEST(tiled::streaming_wave_tiles(dopri5, 1024, 512, 8, 132) == 132u);   // reach 2, 224 KiB of rings
    BOOST_TEST(tiled::streaming_wave_tiles(verner56, 1024, 512, 8, 132) == 0u);   // 87 FIFO values
    BOOST_TEST(tiled::streaming_wave_tiles(dopri5, 2048, 512, 8, 132) == 0u);     // reach 4: not built
    BOOST_TEST(tiled::streaming_wave_tiles(dopri5, 32, 96, 8, 132) == 0u);        // not a power of two
    BOOST_TEST((tiled::streaming_wave_tiles(tiled::make_link_chain<tiled::runge_kutta_fehlberg78_tableau, false>(), 32,
                                            64, 8, 132) == 0u));
    // a small problem still gives each tile 8 chunks
    BOOST_TEST(cuda_launch_policy::streaming_tile_width(1000, 32, 4, 64, 1056) == 8u * 64u + 192u);
}

BOOST_AUTO_TEST_SUITE_END()
