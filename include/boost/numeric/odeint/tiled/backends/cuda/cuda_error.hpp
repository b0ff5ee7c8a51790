/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp

 CUDA error checking of the CUDA backend: every failing runtime call or kernel
 launch becomes a std::runtime_error that carries CUDA's own message.

     tiled::cuda_check(cudaGetLastError(), "for_each kernel launch");

 Define BOOST_ODEINT_TILED_CUDA_SYNC_CHECK to also synchronise after every kernel
 launch of the backend, so that errors raised while a kernel runs (bad addresses,
 ...) are reported by the call that launched it (debugging aid; slow).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_ERROR_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_ERROR_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <stdexcept>
#include <string>

#include <cuda_runtime_api.h>

namespace boost {
namespace numeric {
namespace odeint {
namespace tiled {

//! Throws std::runtime_error("boost_odeint_tiled: <what>: <CUDA message>") when
//! e is not cudaSuccess. Clears CUDA's last-error state first, so that a caught
//! error is not reported again by the next check.
inline void cuda_check(cudaError_t e, const char* what)
{
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        throw std::runtime_error(std::string("boost_odeint_tiled: ") + what + ": "
                                 + cudaGetErrorName(e) + ": " + cudaGetErrorString(e));
    }
}

//! Checks the launch of the kernel just started (cudaGetLastError) and, with
//! BOOST_ODEINT_TILED_CUDA_SYNC_CHECK, its execution (cudaDeviceSynchronize).
inline void cuda_check_launch(const char* what)
{
    cuda_check(cudaGetLastError(), what);
#if defined(BOOST_ODEINT_TILED_CUDA_SYNC_CHECK)
    cuda_check(cudaDeviceSynchronize(), what);
#endif
}

} // namespace tiled
} // namespace odeint
} // namespace numeric
} // namespace boost

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_ERROR_HPP_INCLUDED
