/*
 boost_odeint_tiled/cuda_device.hpp

 What bench.cpp needs to know about the GPU, behind a plain C++ interface so that
 bench.cpp stays free of CUDA headers and compiles with any C++ compiler: whether
 the tool was built with its CUDA backend, how many devices the runtime sees, a
 one-line description of the device, and the device's copy floor. Implemented in
 cuda_device.cu when the tool is built with CUDA (CMake defines
 BOOST_ODEINT_TILED_TOOL_HAS_CUDA=1); without it the inline stand-ins below say
 "no CUDA".

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_CUDA_DEVICE_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_CUDA_DEVICE_HPP_INCLUDED

#include <cstddef>
#include <stdexcept>
#include <string>

#if !defined(BOOST_ODEINT_TILED_TOOL_HAS_CUDA)
#define BOOST_ODEINT_TILED_TOOL_HAS_CUDA 0
#endif

namespace bot_tool {

//! True when the tool was built with the CUDA backend (methods_cuda/*.cu).
constexpr bool built_with_cuda = BOOST_ODEINT_TILED_TOOL_HAS_CUDA != 0;

#if BOOST_ODEINT_TILED_TOOL_HAS_CUDA

//! cudaGetDeviceCount; 0 when it fails (no driver, no device), with CUDA's reason
//! in *why when why is given.
int cuda_device_count(std::string* why = nullptr);

//! The current device, e.g. "NVIDIA H200 (device 0: 132 SMs, 139.8 GiB, compute
//! capability 9.0), CUDA runtime 13.0, driver 13.0". Throws std::runtime_error on a
//! CUDA error.
std::string cuda_device_description();

//! The current device's global memory in bytes; 0 when there is no usable device.
double cuda_memory_bytes();

//! Seconds of one device-to-device cudaMemcpy of `bytes` bytes: the best of at least
//! 10 copies (more while under ~0.25 s in all), each timed by its own pair of CUDA
//! events; `samples` gets the number of copies timed. Throws out_of_memory (memory.hpp)
//! when the two buffers do not fit the GPU, std::runtime_error on another CUDA error.
double cuda_copy_floor_seconds(std::size_t bytes, int& samples);

#else

inline int cuda_device_count(std::string* why = nullptr)
{
    if (why) *why = "this build has no CUDA backend";
    return 0;
}

inline std::string cuda_device_description() { throw std::logic_error("this build has no CUDA backend"); }

inline double cuda_memory_bytes() { return 0.0; }

inline double cuda_copy_floor_seconds(std::size_t, int&) { throw std::logic_error("this build has no CUDA backend"); }

#endif

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_CUDA_DEVICE_HPP_INCLUDED
