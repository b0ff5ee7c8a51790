// bench/event_median_ms.hpp: the timing of the GPU probes (grid_step_probe.cu,
// grid_kernel_probe.cu): ms per call of `step`, the median of 7 repetitions of `per`
// calls timed with CUDA events on the default stream, after 3 warm-up calls.
#ifndef BOOST_ODEINT_TILED_BENCH_EVENT_MEDIAN_MS_HPP_INCLUDED
#define BOOST_ODEINT_TILED_BENCH_EVENT_MEDIAN_MS_HPP_INCLUDED

#include <cuda_runtime_api.h>

#include <algorithm>
#include <vector>

template <class F>
double time_ms(F&& step, int per = 10)
{
    cudaEvent_t a, b;
    cudaEventCreate(&a);
    cudaEventCreate(&b);
    for (int i = 0; i < 3; ++i) step();
    std::vector<float> ms;
    for (int r = 0; r < 7; ++r)
    {
        cudaEventRecord(a);
        for (int i = 0; i < per; ++i) step();
        cudaEventRecord(b);
        cudaEventSynchronize(b);
        float t;
        cudaEventElapsedTime(&t, a, b);
        ms.push_back(t / per);
    }
    cudaEventDestroy(a);
    cudaEventDestroy(b);
    std::sort(ms.begin(), ms.end());
    return ms[3];
}

#endif // BOOST_ODEINT_TILED_BENCH_EVENT_MEDIAN_MS_HPP_INCLUDED
