/*
 boost_odeint_tiled/adaptive_cuda.cu

 `boost_odeint_tiled adaptive --backend cuda`: the measurement of adaptive_runner.hpp
 on thrust::device_vector<double> states. The tiled controller runs on the CUDA
 backend (error norm fused into the step, one small read-back per try); the stock
 one is odeint's controlled_runge_kutta on tiled::cuda_algebra and
 tiled::cuda_operations (the stock odeint support of the CUDA backend), the RHS
 evaluated by one thrust::for_each over the components. Compiled only into builds
 of the tool with CUDA (BOOST_ODEINT_TILED_TOOL_HAS_CUDA, see cuda_device.hpp).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include <thrust/copy.h>
#include <thrust/device_vector.h>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>

#include "adaptive_runner.hpp"
#include "cuda_device.hpp"

namespace bot_tool {

namespace {

using device_state = thrust::device_vector<double>;

//! dxdt[j] = p(j, x, t) for one component j, on the device.
struct cuda_backend
{
    using state_type = device_state;
    using algebra_type = boost::numeric::odeint::tiled::cuda_algebra;
    using operations_type = boost::numeric::odeint::tiled::cuda_operations;

    static state_type from_host(const std::vector<double>& x) { return state_type(x.begin(), x.end()); }
    static std::vector<double> to_host(const state_type& x)
    {
        std::vector<double> h(x.size());
        thrust::copy(x.begin(), x.end(), h.begin());
        return h;
    }
    static void synchronize()
    {
        boost::numeric::odeint::tiled::cuda_check(cudaDeviceSynchronize(), "waiting for the GPU");
    }
    template <class Problem>
    static auto stock_system(const Problem& p)
    {
        return boost::numeric::odeint::tiled::as_odeint_system(p);
    }
    static std::string stock_algebra() { return "tiled::cuda_algebra, tiled::cuda_operations, tiled::as_odeint_system"; }
    static std::string device() { return cuda_device_description() + ", CUDA backend"; }
};

} // namespace

adaptive_result run_adaptive_cuda(const adaptive_job& job)
{
    std::string why;
    if (cuda_device_count(&why) == 0) throw std::runtime_error("--backend cuda: no usable CUDA device (" + why + ")");
    return adaptive_bench::run_adaptive<cuda_backend>(job);
}

} // namespace bot_tool
