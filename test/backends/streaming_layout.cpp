/*
 test/backends/streaming_layout.cpp

 The CUDA streaming kernel's register FIFOs, counted two ways (host only, no GPU): at
 compile time from a tableau (streaming_layout, what the kernel allocates) and at run
 time from a link_chain (streaming_fifo_values, what the automatic() model and `tune`
 use to decide whether the kernel applies). They agree for every method, for the plain
 step, the step with error estimate and the fused-norm step, and have the values worked
 out by hand for RK4 and DOPRI5; the threshold admits the chains the model relies on.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_tuning.hpp>
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
        if constexpr (tiled::is_embedded_tableau<Tableau>::value)
        {
            const int with_error = tiled::detail::streaming_layout<Tableau, true, false>::fifo_values();
            BOOST_TEST(with_error == tiled::streaming_fifo_values(tiled::make_link_chain<Tableau, true>()));
            const int fused = tiled::detail::streaming_layout<Tableau, true, true>::fifo_values();
            BOOST_TEST(fused == tiled::streaming_fifo_values(
                                    tiled::make_link_chain<Tableau, true>(tiled::chain_options{true, 0})));
            BOOST_TEST(fused >= with_error);  // the fused norm also reads y and F_0 at the error link
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
    // RK4: the solution at link 3 reads y, F_0, F_1, F_2: FIFOs of 6, 6, 4 and 2 entries
    using rk4 = tiled::detail::streaming_layout<tiled::runge_kutta4_tableau, false, false>;
    BOOST_TEST(rk4::state_fifo() == 6);
    BOOST_TEST(rk4::derivative_fifo(0) == 6);
    BOOST_TEST(rk4::derivative_fifo(1) == 4);
    BOOST_TEST(rk4::derivative_fifo(2) == 2);
    BOOST_TEST(rk4::derivative_fifo(3) == 0);
    BOOST_TEST(rk4::fifo_values() == 18);
    // 4 links, a ring of 4 chunks each: 16 chunks of 64 doubles for a 64-thread block
    BOOST_TEST(tiled::cuda_tuning::streaming_ring_bytes(4, 64, 8) == 16u * 64u * 8u);
    // DOPRI5's plain step (6 links, b_1 = 0): F_1 is last read by Y_5 at link 4
    using dopri5 = tiled::detail::streaming_layout<tiled::runge_kutta_dopri5_tableau, false, false>;
    BOOST_TEST(dopri5::derivative_fifo(1) == 6);
    BOOST_TEST(dopri5::fifo_values() == 38);
}

BOOST_AUTO_TEST_CASE(the_register_budget_admits_dopri5_with_its_fused_norm_and_not_fehlberg78)
{
    const int limit = tiled::cuda_tuning::streaming_max_fifo_values;
    BOOST_TEST((tiled::detail::streaming_layout<tiled::runge_kutta_dopri5_tableau, true, true>::fifo_values() <= limit));
    BOOST_TEST((tiled::detail::streaming_layout<tiled::runge_kutta4_tableau, false, false>::fifo_values() <= limit));
    BOOST_TEST((tiled::detail::streaming_layout<tiled::runge_kutta_fehlberg78_tableau, false, false>::fifo_values() > limit));
    // automatic() streams the plain steps up to Verner 5(6)'s, not DOPRI5's adaptive step
    const int automatic = tiled::cuda_tuning::streaming_automatic_max_fifo_values;
    BOOST_TEST((tiled::detail::streaming_layout<tiled::runge_kutta_verner56_tableau, false, false>::fifo_values() <= automatic));
    BOOST_TEST((tiled::detail::streaming_layout<tiled::runge_kutta_dopri5_tableau, true, true>::fifo_values() > automatic));
    // the chunk: a power of two >= d, from 64 to 512 threads; 0 beyond
    BOOST_TEST(tiled::cuda_tuning::streaming_threads_for(0) == 64u);
    BOOST_TEST(tiled::cuda_tuning::streaming_threads_for(64) == 64u);
    BOOST_TEST(tiled::cuda_tuning::streaming_threads_for(65) == 128u);
    BOOST_TEST(tiled::cuda_tuning::streaming_threads_for(512) == 512u);
    BOOST_TEST(tiled::cuda_tuning::streaming_threads_for(513) == 0u);
}

BOOST_AUTO_TEST_SUITE_END()
