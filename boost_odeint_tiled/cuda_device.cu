/*
 boost_odeint_tiled/cuda_device.cu

 The CUDA side of cuda_device.hpp: device count, device description and the
 device copy floor, with the CUDA runtime API only.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include "cuda_device.hpp"

#include <algorithm>
#include <cstdio>
#include <limits>
#include <string>

#include <cuda_runtime_api.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>

#include "memory.hpp"
#include "timer.hpp"

namespace bot_tool {

namespace {

using boost::numeric::odeint::tiled::cuda_check;

//! cudaMalloc'ed bytes, freed on scope exit (also when a later CUDA call throws).
struct device_buffer
{
    void* p = nullptr;
    explicit device_buffer(std::size_t bytes)
    {
        const cudaError_t e = cudaMalloc(&p, bytes ? bytes : 1);
        if (e == cudaErrorMemoryAllocation) {
            (void)cudaGetLastError();
            throw out_of_memory(memory_kind::gpu, std::string("copy floor: cudaMalloc: ") + cudaGetErrorName(e));
        }
        cuda_check(e, "copy floor: cudaMalloc");
    }
    ~device_buffer() { cudaFree(p); }
    device_buffer(const device_buffer&) = delete;
    device_buffer& operator=(const device_buffer&) = delete;
};

struct event_pair
{
    cudaEvent_t start = nullptr, stop = nullptr;
    event_pair()
    {
        cuda_check(cudaEventCreate(&start), "copy floor: cudaEventCreate");
        if (cudaEventCreate(&stop) != cudaSuccess) {
            cudaEventDestroy(start);
            cuda_check(cudaGetLastError(), "copy floor: cudaEventCreate");
        }
    }
    ~event_pair()
    {
        cudaEventDestroy(start);
        cudaEventDestroy(stop);
    }
    event_pair(const event_pair&) = delete;
    event_pair& operator=(const event_pair&) = delete;
};

std::string version_string(int v) { return std::to_string(v / 1000) + "." + std::to_string((v % 1000) / 10); }

} // namespace

int cuda_device_count(std::string* why)
{
    int count = 0;
    const cudaError_t e = cudaGetDeviceCount(&count);
    if (e != cudaSuccess) {
        (void)cudaGetLastError();
        if (why) *why = std::string("cudaGetDeviceCount: ") + cudaGetErrorName(e) + ": " + cudaGetErrorString(e);
        return 0;
    }
    if (count == 0 && why) *why = "cudaGetDeviceCount found no device";
    return count;
}

std::string cuda_device_description()
{
    int device = 0;
    cuda_check(cudaGetDevice(&device), "cudaGetDevice");
    cudaDeviceProp p{};
    cuda_check(cudaGetDeviceProperties(&p, device), "cudaGetDeviceProperties");
    int runtime = 0, driver = 0;
    cudaRuntimeGetVersion(&runtime);
    cudaDriverGetVersion(&driver);
    char buf[512];
    std::snprintf(buf, sizeof buf,
                  "%s (device %d: %d SMs, %.1f GiB, compute capability %d.%d), CUDA runtime %s, driver %s", p.name,
                  device, p.multiProcessorCount, double(p.totalGlobalMem) / (1024.0 * 1024.0 * 1024.0), p.major,
                  p.minor, version_string(runtime).c_str(), version_string(driver).c_str());
    return buf;
}

double cuda_memory_bytes()
{
    int device = 0;
    cudaDeviceProp p{};
    if (cudaGetDevice(&device) != cudaSuccess || cudaGetDeviceProperties(&p, device) != cudaSuccess) {
        (void)cudaGetLastError();
        return 0.0;
    }
    return double(p.totalGlobalMem);
}

double cuda_copy_floor_seconds(std::size_t bytes, int& samples)
{
    device_buffer src(bytes), dst(bytes);
    cuda_check(cudaMemset(src.p, 0, bytes), "copy floor: cudaMemset");
    cuda_check(cudaMemset(dst.p, 0, bytes), "copy floor: cudaMemset");
    event_pair ev;
    auto copy = [&] {
        cuda_check(cudaMemcpyAsync(dst.p, src.p, bytes, cudaMemcpyDeviceToDevice, 0), "copy floor: cudaMemcpy");
    };
    copy();  // warm-up: first touch, clocks up
    copy();
    cuda_check(cudaDeviceSynchronize(), "copy floor: warm-up");
    double best = std::numeric_limits<double>::infinity();
    int n = 0;
    stopwatch total;
    while (n < 10 || (total.seconds() < 0.25 && n < 1000)) {
        cuda_check(cudaEventRecord(ev.start, 0), "copy floor: cudaEventRecord");
        copy();
        cuda_check(cudaEventRecord(ev.stop, 0), "copy floor: cudaEventRecord");
        cuda_check(cudaEventSynchronize(ev.stop), "copy floor: cudaEventSynchronize");
        float ms = 0.0f;
        cuda_check(cudaEventElapsedTime(&ms, ev.start, ev.stop), "copy floor: cudaEventElapsedTime");
        best = std::min(best, 1e-3 * double(ms));
        ++n;
    }
    samples = n;
    return best;
}

} // namespace bot_tool
