/*
 test/support/device_agreement.hpp

 For GPU tests (*.cu): how a tiled stepper on thrust::device_vector is compared with
 the same tableau on the TBB backend, shared by test/cuda/tiled_steppers.cu and
 test/cuda/multi_block_tiles.cu.

   - max_relative_difference(a, b): max_i |a_i - b_i| / |a_i|
   - to_host(state): a device or host state's values on the host
   - agreement_after_steps<Tableau>(sys, tiling, steps): the max relative difference
     of the two backends' states after `steps` steps from the initial state
   - error_estimate_agreement<Tableau>(sys, tiling): one step with the error estimate
     on both backends from the system's initial state; the error vectors' largest
     difference and the bound it must meet, and the states' relative difference.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TEST_SUPPORT_DEVICE_AGREEMENT_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TEST_SUPPORT_DEVICE_AGREEMENT_HPP_INCLUDED

#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>

#include <thrust/copy.h>
#include <thrust/device_vector.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

namespace boost_odeint_tiled_test {

using host_state = std::vector<double>;
using device_state = thrust::device_vector<double>;

inline double max_relative_difference(const host_state& a, const host_state& b)
{
    double m = 0;
    for (std::size_t i = 0; i < a.size(); ++i)
        m = std::max(m, std::abs(a[i] - b[i]) / std::max(std::abs(a[i]), 1e-300));
    return m;
}

//! The host values of a state: a copy from the device, or of a host state as it is
//! (for code written once for both backends).
inline host_state to_host(const host_state& h) { return h; }
inline host_state to_host(const device_state& d)
{
    host_state h(d.size());
    thrust::copy(d.begin(), d.end(), h.begin());
    return h;
}

/*! `steps` steps of Tableau from the system's initial state with dt = suggested_dt / 2,
    on the GPU with `config` and on the TBB backend with none(): the max relative
    difference of the results, and the tiling the GPU stepper used. */
struct state_comparison
{
    double difference;                           //!< max relative difference of the states
    boost::numeric::odeint::tiled::tiling used;  //!< the GPU stepper's tiling (automatic resolved)
};

template <class Tableau, class System>
state_comparison agreement_after_steps(const System& sys, const boost::numeric::odeint::tiled::tiling& config, int steps)
{
    namespace tiled = boost::numeric::odeint::tiled;
    const std::size_t n = sys.size();
    host_state x0(n);
    sys.initial_state(x0);
    const double dt = 0.5 * sys.suggested_dt();
    host_state ref = x0;
    tiled::explicit_rk<Tableau, host_state> cpu(tiled::tiling::none());
    for (int s = 0; s < steps; ++s) cpu.do_step(sys, ref, s * dt, dt);
    device_state x(x0.begin(), x0.end());
    tiled::explicit_rk<Tableau, device_state> gpu(config);
    for (int s = 0; s < steps; ++s) gpu.do_step(sys, x, s * dt, dt);
    return {max_relative_difference(ref, to_host(x)), gpu.tiling()};
}

struct error_estimate_comparison
{
    double error_difference;  //!< max_i |err_gpu_i - err_host_i|
    double error_bound;       //!< what that difference may be
    double state_difference;  //!< max relative difference of the solutions
    boost::numeric::odeint::tiled::tiling used;  //!< the GPU stepper's tiling (automatic resolved)
};

/*! One embedded step of Tableau on the GPU with `config` and on the TBB backend with
    none(). The estimate is a sum of large terms that cancel (on BRUSS2D ~1e-18, the
    terms ~1e-2): the bound is 1e-10 of its size plus rounding of the terms (the GPU
    fuses multiply-adds differently), measured against the state's size. */
template <class Tableau, class System>
error_estimate_comparison error_estimate_agreement(const System& sys, const boost::numeric::odeint::tiled::tiling& config)
{
    namespace tiled = boost::numeric::odeint::tiled;
    const std::size_t n = sys.size();
    host_state x0(n), err_ref(n);
    sys.initial_state(x0);
    const double dt = 0.5 * sys.suggested_dt();
    host_state ref = x0;
    tiled::explicit_rk<Tableau, host_state> cpu(tiled::tiling::none());
    cpu.do_step(sys, ref, 0.0, dt, err_ref);
    device_state x(x0.begin(), x0.end()), err(n);
    tiled::explicit_rk<Tableau, device_state> gpu(config);
    gpu.do_step(sys, x, 0.0, dt, err);
    const host_state e = to_host(err);
    double scale = 0, m = 0, state = 0;
    for (std::size_t i = 0; i < n; ++i)
    {
        scale = std::max(scale, std::abs(err_ref[i]));
        m = std::max(m, std::abs(e[i] - err_ref[i]));
        state = std::max(state, std::abs(x0[i]));
    }
    return {m, 1e-10 * scale + 1e-15 * state, max_relative_difference(ref, to_host(x)), gpu.tiling()};
}

} // namespace boost_odeint_tiled_test

#endif // BOOST_ODEINT_TILED_TEST_SUPPORT_DEVICE_AGREEMENT_HPP_INCLUDED
