/*
 test/cuda/access_check.cu

 The checked mode on the GPU (forced on here): a system that reads further than
 its access_distance() says, by one and by many, or outside the state, makes every
 tiled step on thrust::device_vector stop with access_distance_error naming the
 component, the index read and the declared d, whichever kernel family the tiling
 selects (stage kernels, register tiles, the streaming kernel, the general tiles),
 in fixed, embedded and adaptive steps. The kernels carry on with a safe value, so
 the CUDA context stays usable: the same stepper then steps a correct system, and
 a correct system's checked steps agree with the TBB backend.

 Without a CUDA device the program exits with 77 before any test runs (ctest: skipped).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#define BOOST_ODEINT_TILED_CHECK_ACCESS 1

#include "support/cuda_test.hpp"
#include "support/access_check_support.hpp"

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

using boost_odeint_tiled_test::expect_access_error;
using boost_odeint_tiled_test::reaching_chain;
using boost_odeint_tiled_test::unclipped_chain;
using boost_odeint_tiled_test::access_check_state;

namespace {

//! Tilings that select each kernel family of the CUDA executor.
const std::vector<tiled::tiling>& tilings()
{
    static const std::vector<tiled::tiling> t = {
        tiled::tiling::automatic(),
        tiled::tiling::none(),
        tiled::tiling::trapezoidal(512, 4),
        tiled::tiling::hexagonal(384, 4).components_per_thread(2),
        tiled::tiling::overlapped(1024, 4),
        tiled::tiling::trapezoidal(2048, 2).blocks_per_tile(2),
        tiled::tiling::overlapped(900, 2).threads_per_block(96)};
    return t;
}


} // namespace

BOOST_AUTO_TEST_SUITE(cuda_access_check)

BOOST_AUTO_TEST_CASE(checked_gpu_steps_stop_a_system_that_under_declares_by_one_or_by_many)
{
    const std::size_t n = 20000;
    for (const reaching_chain sys : {reaching_chain{n, 1, 2}, reaching_chain{n, 3, 60}})
        for (const tiled::tiling& config : tilings())
        {
            const std::string name = config.to_string() + ", d = " + std::to_string(sys.d);
            tiled::runge_kutta4<device_state> rk4(config);
            device_state x = access_check_state(n);
            expect_access_error([&] { rk4.do_step(sys, x, 0.0, 0.01); }, sys.d, n, "rk4 " + name);

            tiled::runge_kutta_dopri5<device_state> dopri(config);
            device_state y = access_check_state(n), out(n), err(n);
            expect_access_error([&] { dopri.do_step(sys, y, 0.0, out, 0.01, err); }, sys.d, n, "dopri5 " + name);
        }
}

BOOST_AUTO_TEST_CASE(checked_adaptive_gpu_steps_stop_too)
{
    const std::size_t n = 30000;
    const reaching_chain sys{n, 2, 3};
    auto stepper = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<device_state>());
    device_state x = access_check_state(n);
    expect_access_error([&] { odeint::integrate_adaptive(stepper, sys, x, 0.0, 0.1, 0.01); }, 2, n,
                        "controlled dopri5");
}

BOOST_AUTO_TEST_CASE(a_read_outside_the_state_is_named_and_the_context_stays_usable)
{
    const std::size_t n = 5000;
    tiled::runge_kutta4<device_state> st(tiled::tiling::trapezoidal(1000, 2));
    device_state x = access_check_state(n);
    try
    {
        st.do_step(unclipped_chain{}, x, 0.0, 0.01);
        BOOST_ERROR("no access_distance_error");
    }
    catch (const tiled::access_distance_error& e)
    {
        BOOST_TEST(e.component() == 0u);
        BOOST_TEST(e.index() == -1);
        BOOST_TEST(std::string(e.what()).find("outside the state") != std::string::npos);
    }
    // the same stepper, a correct system: no error, and the GPU still works
    const reaching_chain good{n, 2, 2};
    device_state y = access_check_state(n);
    BOOST_CHECK_NO_THROW(st.do_step(good, y, 0.0, 0.01));
    BOOST_TEST(cudaDeviceSynchronize() == cudaSuccess);
}

BOOST_AUTO_TEST_CASE(checked_gpu_steps_of_a_correct_system_agree_with_the_tbb_backend)
{
    const std::size_t n = 12345;
    const reaching_chain sys{n, 4, 4};
    for (const tiled::tiling& config : tilings())
    {
        tiled::runge_kutta4<device_state> gpu(config);
        tiled::runge_kutta4<host_state> cpu(tiled::tiling::none());
        device_state x = access_check_state(n);
        host_state ref = access_check_state(n);
        for (int s = 0; s < 50; ++s)
        {
            gpu.do_step(sys, x, 0.01 * s, 0.01);
            cpu.do_step(sys, ref, 0.01 * s, 0.01);
        }
        BOOST_TEST_INFO(config);
        BOOST_TEST(boost_odeint_tiled_test::max_relative_difference(to_host(x), ref) <= 1e-12);
    }
}

BOOST_AUTO_TEST_SUITE_END()
