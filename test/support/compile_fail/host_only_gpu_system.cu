/*
 test/support/compile_fail/host_only_gpu_system.cu

 Must NOT compile (ctest build_host_only_gpu_system_message builds it with nvcc and
 expects the error): a system whose operator() is host-only (no BOOST_ODEINT_TILED_HD)
 stepped on a thrust::device_vector. nvcc by itself only warns (#20011) where the
 library's __host__ __device__ code calls it, and the kernels then compute NaN;
 config.hpp's BOOST_ODEINT_TILED_DEVICE_CALLS_BEGIN makes that call an error.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>

#include <cstddef>

#include <thrust/device_vector.h>

namespace {

struct host_only_chain
{
    std::size_t n;
    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return 1; }
    template <class Y, class Time>
    double operator()(std::size_t j, const Y& y, Time) const  // no BOOST_ODEINT_TILED_HD
    {
        const double left = j > 0 ? y[j - 1] : y[j];
        const double right = j + 1 < n ? y[j + 1] : y[j];
        return left - 2.0 * y[j] + right;
    }
};

} // namespace

int main()
{
    namespace odeint = boost::numeric::odeint;
    namespace tiled = boost::numeric::odeint::tiled;
    thrust::device_vector<double> x(1000, 1.0);
    tiled::runge_kutta4<thrust::device_vector<double>> rk4;
    odeint::integrate_const(rk4, host_only_chain{1000}, x, 0.0, 1.0, 0.01);
}
