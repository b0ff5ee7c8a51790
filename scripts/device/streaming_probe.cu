/*
 scripts/device/streaming_probe.cu

 An experiment, not library code: a "streaming wavefront" kernel for the plain step
 of any tableau, timed against the library's automatic() tiling on BRUSS2D
 (n = 16 Mi, double). Question: is the register-tile kernel's time (about 140 issued
 instructions per component and stage, H100, RK4, d = 32) set by per-tile work
 (strips, metadata, a barrier per link over a tile a few hundred components wide,
 idle lanes in a trapezoid's upper links) or by the per-component work itself?

 The kernel: each block owns a segment of Q chunks of c = T*C components and walks
 it left to right. At step k link J works on chunk q = k - (L-1) - 2J: link J at
 chunk q needs stage argument Y_J on chunks q-1 .. q+1 (c >= d), which link J-1
 formed at steps before k, so one barrier per step covers all L links, every lane
 has work in every link (no trapezoid), and nothing but the state and the solution
 touches memory. Stage arguments live in shared rings of 4 chunks (the input
 state's ring is longer: the linear combinations read it until the last link), the
 derivatives the linear combinations read later in rings sized to their lifetime.
 A segment computes (L-1-J) chunks more than it owns on each side at link J
 (overlapped margins at the segment's ends only).

     nvcc -std=c++17 -O3 -arch=sm_90 --expt-relaxed-constexpr -Iinclude \
          scripts/device/streaming_probe.cu -o streaming_probe -ltbb
     streaming_probe D STEPS

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda_pipeline.h>
#include <cuda_runtime_api.h>

#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>
#include <thrust/device_vector.h>

namespace tiled = boost::numeric::odeint::tiled;
using dvec = thrust::device_vector<double>;

namespace probe {

template <class Tableau>
struct rings
{
    using chain = tiled::chain_traits<Tableau, false>;
    static constexpr int L = int(chain::links);
    //! last link whose LC reads F_m (m itself when none later does)
    static constexpr int last_reader(int m)
    {
        int last = m;
        for (int j = m + 1; j < L; ++j)
            if (chain::lc_reads_derivative(std::size_t(j), std::size_t(m))) last = j;
        return last;
    }
    static constexpr int pow2_at_least(int v)
    {
        int r = 1;
        while (r < v) r *= 2;
        return r;
    }
    //! chunks F_m stays in shared memory: from its step to its last reader's (a power of
    //! two, so that a chunk's slot is an and)
    static constexpr int f_ring(int m) { return last_reader(m) > m ? pow2_at_least(2 * (last_reader(m) - m) + 1) : 0; }
    //! the input state: loaded a step before link 0 reads it as right halo, read by the LCs until link L-1
    static constexpr int y_ring()
    {
        int r = 1;
        while (r < 2 * L + 2) r *= 2;
        return r;
    }
    static constexpr int y_ring_chunks() { return y_ring(); }
    static constexpr int f_offset(int m)  // in chunks, after the y ring and the L-1 stage rings of 4
    {
        int o = y_ring() + 4 * (L - 1);
        for (int k = 0; k < m; ++k) o += f_ring(k);
        return o;
    }
    static constexpr int total() { return f_offset(L); }

    // register FIFOs instead of the y ring's long tail and the F rings: entry s holds the
    // value of s + 1 steps ago; link J reads F_m of 2(J - m) steps ago, y of 2J
    static constexpr int f_fifo(int m) { return last_reader(m) > m ? 2 * (last_reader(m) - m) : 0; }
    static constexpr int y_fifo() { return 2 * (L - 1); }
    static constexpr int fifo_total() { return y_ring_fifo() + 4 * (L - 1); }  // chunks of shared memory
    static constexpr int y_ring_fifo() { return 4; }  // link 0's window q-1 .. q+1 and the prefetched q+2
};

struct ring_view
{
    const double* base;  // the ring's first value
    unsigned origin;     // the segment's first component (chunk 0 at ring position 0)
    unsigned mask;       // ring length in values - 1 (a power of two)
    __device__ const double& operator[](std::size_t i) const { return base[(unsigned(i) - origin) & mask]; }
};

//! y + sum of the link's weights times F_m, in odeint's order (as weighted_sum_row): the
//! next stage argument, or with Solution the solution.
template <bool Solution, int J, class Tableau, class Value>
__device__ __forceinline__ Value lc_sum(Value y, const Value* f, const tiled::link_coefficients<Tableau, Value>& coef)
{
    Value acc = y;
    tiled::detail::for_each_index<std::size_t(J + 1)>([&](auto MC) {
        constexpr int m = int(decltype(MC)::value);
        if constexpr (Solution)
        {
            if constexpr (!Tableau::b[m].is_zero()) acc += coef.hb[m] * f[m];
        }
        else if constexpr (!Tableau::a[J + 1][m].is_zero())
            acc += coef.ha[J + 1][m] * f[m];
    });
    return acc;
}

/*! The kernel. Each step first evaluates every link's RHS and linear combinations (all
    reads: shared rings written in earlier steps, so nothing in a step depends on
    another part of it), then stores the results, so the compiler may interleave the
    links' loads and arithmetic; component indices are 32-bit offsets from the segment. */
template <class Tableau, class System, int T, int C>
__global__ void __launch_bounds__(T) streaming_kernel(const double* __restrict__ y_in, double* __restrict__ y_out,
                                                       long long n, int Q, int segments, System sys,
                                                       tiled::link_coefficients<Tableau, double> coef)
{
    using R = rings<Tableau>;
    using chain = typename R::chain;
    constexpr int L = R::L;
    constexpr int c = T * C;
    extern __shared__ double sm[];
    double* const yr = sm;
    const int t = threadIdx.x;
    for (int seg = blockIdx.x; seg < segments; seg += gridDim.x)
    {
        const long long S = (long long)seg * Q * c;
        const int Qs = int(std::min<long long>(Q, (n - S + c - 1) / c));
        // offsets r from S with 0 <= S + r < n (the segment's reach is (Qs + L) chunks each way)
        const int r_lo = int(std::max<long long>(-S, -(long long)(L + 2) * c));
        const int r_hi = int(std::min<long long>(n - S, (long long)(Qs + L + 2) * c));
        const double* const y_seg = y_in + S;
        double* const out_seg = y_out + S;
        auto load_y = [&](int q) {  // chunk q of the input state into its ring slot (asynchronously)
            double* slot = yr + (unsigned(q) & unsigned(R::y_ring() - 1)) * c;
#pragma unroll
            for (int cc = 0; cc < C; ++cc)
            {
                const int p = cc * T + t;
                const int r = q * c + p;
                if (r >= r_lo && r < r_hi) __pipeline_memcpy_async(slot + p, y_seg + r, sizeof(double));
            }
            __pipeline_commit();
        };
        // link 0 at step 0 works on chunk -(L-1) and reads chunks -L .. -(L-2)
        for (int q = -L; q <= -(L - 2); ++q) load_y(q);
        __pipeline_wait_prior(0);
        __syncthreads();
        const int steps = Qs + 3 * (L - 1);
        for (int k = 0; k < steps; ++k)
        {
            load_y(k - (L - 1) + 2);  // link 0's right halo of the next step
            double next_value[L][C], solution_value[C], derivative[L][C];
            bool active[L][C];
            // phase 1: every link's loads and arithmetic
            tiled::detail::for_each_index<std::size_t(L)>([&](auto JC) {
                constexpr int J = int(decltype(JC)::value);
                const int q = k - (L - 1) - 2 * J;
                const bool link_active = q >= -(L - 1 - J) && q <= Qs - 1 + (L - 1 - J);
                const double* in = J == 0 ? yr : sm + (R::y_ring() + 4 * (J - 1)) * c;
                const unsigned in_mask = (J == 0 ? R::y_ring() : 4) * c - 1;
                const ring_view view{in, unsigned(S), in_mask};
                const double* ychunk = yr + (unsigned(q) & unsigned(R::y_ring() - 1)) * c;
                const double tj = coef.stage_time[J];
#pragma unroll
                for (int cc = 0; cc < C; ++cc)
                {
                    const int p = cc * T + t;
                    const int r = q * c + p;
                    active[J][cc] = link_active && r >= r_lo && r < r_hi;
                    if (!active[J][cc]) continue;
                    double f[J + 1];
                    tiled::detail::for_each_index<std::size_t(J)>([&](auto MC) {
                        constexpr int m = int(decltype(MC)::value);
                        if constexpr (R::f_ring(m) > 0)
                            if (chain::lc_reads_derivative(std::size_t(J), std::size_t(m)))
                                f[m] = sm[(R::f_offset(m) + (unsigned(q) & unsigned(R::f_ring(m) - 1))) * c + p];
                    });
                    f[J] = sys(std::size_t(S + r), view, tj);
                    derivative[J][cc] = f[J];
                    const double y = ychunk[p];
                    if constexpr (chain::lc_forms_stage_argument(std::size_t(J))) next_value[J][cc] = lc_sum<false, J>(y, f, coef);
                    if constexpr (chain::lc_forms_solution(std::size_t(J))) solution_value[cc] = lc_sum<true, J>(y, f, coef);
                }
            });
            // phase 2: the stores
            tiled::detail::for_each_index<std::size_t(L)>([&](auto JC) {
                constexpr int J = int(decltype(JC)::value);
                const int q = k - (L - 1) - 2 * J;
                double* next = J + 1 < L ? sm + (R::y_ring() + 4 * J) * c + (unsigned(q) & 3u) * c : nullptr;
#pragma unroll
                for (int cc = 0; cc < C; ++cc)
                {
                    if (!active[J][cc]) continue;
                    const int p = cc * T + t;
                    if constexpr (chain::lc_forms_stage_argument(std::size_t(J))) next[p] = next_value[J][cc];
                    if constexpr (chain::lc_forms_solution(std::size_t(J)))
                        if (q >= 0 && q < Qs) out_seg[q * c + p] = solution_value[cc];
                    if constexpr (R::f_ring(J) > 0)
                        sm[(R::f_offset(J) + (unsigned(q) & unsigned(R::f_ring(J) - 1))) * c + p] = derivative[J][cc];
                }
            });
            __pipeline_wait_prior(0);
            __syncthreads();
        }
    }
}

/*! The same wavefront with the linear combinations' inputs in registers: each
    thread keeps F_m and y of its component in FIFOs shifted once per step (register
    moves instead of shared-memory stores and loads, the kernel's scarcest resource:
    128 bytes per clock and SM). Shared memory holds only the stage arguments. */
template <class Tableau, class System, int T, bool YFifo = true, bool FFifo = true>
__global__ void __launch_bounds__(T) streaming_fifo_kernel(const double* __restrict__ y_in, double* __restrict__ y_out,
                                                            long long n, int Q, int segments, System sys,
                                                            tiled::link_coefficients<Tableau, double> coef)
{
    using R = rings<Tableau>;
    using chain = typename R::chain;
    constexpr int L = R::L;
    constexpr int c = T;
    constexpr int YR = YFifo ? R::y_ring_fifo() : R::y_ring();
    // without FFifo the F values go through shared rings behind the stage rings
    extern __shared__ double sm[];
    double* const yr = sm;
    const int t = threadIdx.x;
    constexpr int FF = R::f_fifo(0) > 0 ? R::f_fifo(0) : 1;  // the longest F FIFO (F_0's)
    constexpr int YF = R::y_fifo() > 0 ? R::y_fifo() : 1;
    for (int seg = blockIdx.x; seg < segments; seg += gridDim.x)
    {
        const long long S = (long long)seg * Q * c;
        const int Qs = int(std::min<long long>(Q, (n - S + c - 1) / c));
        const int r_lo = int(std::max<long long>(-S, -(long long)(L + 2) * c));
        const int r_hi = int(std::min<long long>(n - S, (long long)(Qs + L + 2) * c));
        const double* const y_seg = y_in + S;
        double* const out_seg = y_out + S;
        auto load_y = [&](int q) {
            const int r = q * c + t;
            if (r >= r_lo && r < r_hi) __pipeline_memcpy_async(yr + (unsigned(q) & unsigned(YR - 1)) * c + t, y_seg + r, sizeof(double));
            __pipeline_commit();
        };
        for (int q = -L; q <= -(L - 2); ++q) load_y(q);
        __pipeline_wait_prior(0);
        __syncthreads();
        // initialised: the first steps shift in values of links that had no chunk yet,
        // and reading an uninitialised register array is undefined behaviour the
        // compiler may exploit (it did: DOPRI5's results were wrong without this)
        double f_fifo[L][FF] = {};
        double y_fifo[YF] = {};
        const int steps = Qs + 3 * (L - 1);
        for (int k = 0; k < steps; ++k)
        {
            load_y(k - (L - 1) + 2);
            double next_value[L] = {}, solution_value = 0, derivative[L] = {};
            bool active[L];
            double y_now = 0;
            tiled::detail::for_each_index<std::size_t(L)>([&](auto JC) {
                constexpr int J = int(decltype(JC)::value);
                const int q = k - (L - 1) - 2 * J;
                const int r = q * c + t;
                active[J] = q >= -(L - 1 - J) && q <= Qs - 1 + (L - 1 - J) && r >= r_lo && r < r_hi;
                if (!active[J]) return;
                const double* in = J == 0 ? yr : sm + (YR + 4 * (J - 1)) * c;
                const unsigned in_mask = (J == 0 ? YR : 4) * c - 1;
                const ring_view view{in, unsigned(S), in_mask};
                double f[J + 1];
                tiled::detail::for_each_index<std::size_t(J)>([&](auto MC) {
                    constexpr int m = int(decltype(MC)::value);
                    if constexpr (R::f_fifo(m) > 0)
                        if constexpr (chain::lc_reads_derivative(std::size_t(J), std::size_t(m)))
                        {
                            if constexpr (FFifo) f[m] = f_fifo[m][2 * (J - m) - 1];
                            else f[m] = sm[(YR + 4 * (L - 1) + R::f_offset(m) - R::f_offset(0) + (unsigned(q) & unsigned(R::f_ring(m) - 1))) * c + t];
                        }
                });
                f[J] = sys(std::size_t(S + r), view, coef.stage_time[J]);
                derivative[J] = f[J];
                double y;
                if constexpr (J == 0 || !YFifo) { y = yr[(unsigned(q) & unsigned(YR - 1)) * c + t]; y_now = y; }
                else y = y_fifo[2 * J - 1];
                if constexpr (chain::lc_forms_stage_argument(std::size_t(J))) next_value[J] = lc_sum<false, J>(y, f, coef);
                if constexpr (chain::lc_forms_solution(std::size_t(J))) solution_value = lc_sum<true, J>(y, f, coef);
            });
            tiled::detail::for_each_index<std::size_t(L)>([&](auto JC) {
                constexpr int J = int(decltype(JC)::value);
                if (!active[J]) return;
                const int q = k - (L - 1) - 2 * J;
                if constexpr (chain::lc_forms_stage_argument(std::size_t(J)))
                    sm[(YR + 4 * J) * c + (unsigned(q) & 3u) * c + t] = next_value[J];
                if constexpr (chain::lc_forms_solution(std::size_t(J)))
                    if (q >= 0 && q < Qs) out_seg[q * c + t] = solution_value;
                if constexpr (!FFifo && R::f_ring(J) > 0)
                    sm[(YR + 4 * (L - 1) + R::f_offset(J) - R::f_offset(0) + (unsigned(q) & unsigned(R::f_ring(J) - 1))) * c + t] = derivative[J];
            });
            // shift the FIFOs (fully unrolled: register moves)
            tiled::detail::for_each_index<std::size_t(L)>([&](auto MC) {
                constexpr int m = int(decltype(MC)::value);
                if constexpr (R::f_fifo(m) > 0)
                {
#pragma unroll
                    for (int s2 = R::f_fifo(m) - 1; s2 > 0; --s2) f_fifo[m][s2] = f_fifo[m][s2 - 1];
                    f_fifo[m][0] = derivative[m];
                }
            });
            if constexpr (R::y_fifo() > 0)
            {
#pragma unroll
                for (int s2 = R::y_fifo() - 1; s2 > 0; --s2) y_fifo[s2] = y_fifo[s2 - 1];
                y_fifo[0] = y_now;
            }
            __pipeline_wait_prior(0);
            __syncthreads();
        }
    }
}

//! How a probe kernel ran: blocks per SM, chunks per segment, segments.
struct segmented_launch
{
    int per_sm = 0;
    int Q = 0;
    int segments = 0;
};

/*! Times `kernel` (T threads, `shared` bytes, chunks of c components) on persistent
    segments of the state over `steps` steps after two warm-up steps, from y0 into out:
    ms per step, or -2 where no block fits an SM. blocks_per_sm_wanted > 0 caps the
    resident blocks per SM. */
template <class Kernel, class Tableau, class Sys>
double time_segmented(Kernel kernel, int T, int c, std::size_t shared, int blocks_per_sm_wanted, const Sys& sys,
                      const dvec& y0, dvec& out, int steps, segmented_launch& how)
{
    const long long n = (long long)y0.size();
    cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, int(shared));
    int per_sm = 0, sms = 0;
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, T, shared);
    cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
    if (per_sm == 0) return -2;
    if (blocks_per_sm_wanted > 0) per_sm = std::min(per_sm, blocks_per_sm_wanted);
    const long long resident = (long long)per_sm * sms;
    const int Q = int((n + resident * c - 1) / (resident * c));
    const int segments = int((n + (long long)Q * c - 1) / ((long long)Q * c));
    const double dt = sys.suggested_dt();
    dvec a = y0, b(y0.size());
    auto step = [&](const dvec& in, dvec& o) {
        tiled::link_coefficients<Tableau, double> coef(0.0, dt);
        kernel<<<unsigned(std::min<long long>(segments, resident)), T, shared>>>(
            thrust::raw_pointer_cast(in.data()), thrust::raw_pointer_cast(o.data()), n, Q, segments, sys, coef);
    };
    for (int i = 0; i < 2; ++i) { step(a, b); a.swap(b); }
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    cudaEventRecord(e0);
    for (int i = 0; i < steps; ++i) { step(a, b); a.swap(b); }
    cudaEventRecord(e1);
    cudaEventSynchronize(e1);
    const cudaError_t err = cudaGetLastError();
    if (err != cudaSuccess) throw std::runtime_error(cudaGetErrorString(err));
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    out = a;
    how = segmented_launch{per_sm, Q, segments};
    return ms / steps;
}

template <class Tableau, int T, class Sys, bool YFifo = true, bool FFifo = true>
double run_fifo(const Sys& sys, const dvec& y0, dvec& out, int steps)
{
    using R = rings<Tableau>;
    constexpr int c = T;
    if ((long long)sys.access_distance() > c) return -1;
    const int chunks = (YFifo ? R::y_ring_fifo() : R::y_ring()) + 4 * (R::L - 1) + (FFifo ? 0 : R::f_offset(R::L) - R::f_offset(0));
    const std::size_t shared = std::size_t(chunks) * c * sizeof(double);
    segmented_launch how;
    const double ms = time_segmented<decltype(&streaming_fifo_kernel<Tableau, Sys, T, YFifo, FFifo>), Tableau>(
        &streaming_fifo_kernel<Tableau, Sys, T, YFifo, FFifo>, T, c, shared, 0, sys, y0, out, steps, how);
    if (ms >= 0)
        std::printf("   (fifo T=%d: %d blocks/SM, Q=%d chunks, %d segments, %zu B shared)\n", T, how.per_sm, how.Q,
                    how.segments, shared);
    return ms;
}

template <class Tableau, int T, int C, class Sys>
double run_streaming(const Sys& sys, const dvec& y0, dvec& out, int steps, int blocks_per_sm_wanted)
{
    using R = rings<Tableau>;
    constexpr int c = T * C;
    if ((long long)sys.access_distance() > c) return -1;
    const std::size_t shared = std::size_t(R::total()) * c * sizeof(double);
    segmented_launch how;
    const double ms = time_segmented<decltype(&streaming_kernel<Tableau, Sys, T, C>), Tableau>(
        &streaming_kernel<Tableau, Sys, T, C>, T, c, shared, blocks_per_sm_wanted, sys, y0, out, steps, how);
    if (ms >= 0)
        std::printf("   (T=%d C=%d: %d blocks/SM, Q=%d chunks of %d, %d segments, %zu B shared, %d total steps)\n", T, C,
                    how.per_sm, how.Q, c, how.segments, shared, steps + 2);
    return ms;
}

template <class Stepper, class Sys>
double run_library(const Sys& sys, const dvec& y0, dvec& out, int steps, const std::string& text)
{
    Stepper st(text == "auto" ? tiled::tiling::automatic().use_tuning_cache(false) : tiled::parse_tiling_text(text));
    dvec a = y0, b(y0.size());
    const double dt = sys.suggested_dt();
    for (int i = 0; i < 2; ++i) { st.do_step(sys, a, 0.0, b, dt); a.swap(b); }
    cudaEvent_t e0, e1;
    cudaEventCreate(&e0);
    cudaEventCreate(&e1);
    cudaEventRecord(e0);
    for (int i = 0; i < steps; ++i) { st.do_step(sys, a, 0.0, b, dt); a.swap(b); }
    cudaEventRecord(e1);
    cudaEventSynchronize(e1);
    float ms = 0;
    cudaEventElapsedTime(&ms, e0, e1);
    out = a;
    std::printf("   library %s\n", st.tiling().to_string().c_str());
    return ms / steps;
}

double max_rel(const dvec& a, const dvec& b)
{
    std::vector<double> x(a.size()), y(b.size());
    thrust::copy(a.begin(), a.end(), x.begin());
    thrust::copy(b.begin(), b.end(), y.begin());
    double m = 0;
    std::size_t bad = 0, first = 0;
    for (std::size_t i = 0; i < x.size(); ++i)
    {
        const double r = std::abs(x[i] - y[i]) / std::max(1e-300, std::abs(y[i]));
        if (r > 1e-12 && bad++ == 0) first = i;
        m = std::max(m, r);
    }
    if (bad) std::printf("   %zu components differ, the first at %zu (%g, expected %g)\n", bad, first, x[first], y[first]);
    return m;
}

template <class Tableau, class Stepper, class Sys>
void compare(const char* name, const Sys& sys, const dvec& y0, int steps)
{
    dvec ref, out;
    const double lib = run_library<Stepper>(sys, y0, ref, steps, "auto");
    std::printf("%-8s d=%-4zu library automatic        %8.4f ms/step\n", name, sys.access_distance(), lib);
    auto report = [&](const char* shape, double ms) {
        if (ms < 0) { std::printf("%-8s d=%-4zu streaming %-14s not run (%s)\n", name, sys.access_distance(), shape, ms == -1 ? "d > chunk" : "no fit"); return; }
        std::printf("%-8s d=%-4zu streaming %-14s %8.4f ms/step  x%.2f  diff=%.2e\n", name, sys.access_distance(), shape, ms,
                    lib / ms, max_rel(out, ref));
    };
    report("128x1", run_streaming<Tableau, 128, 1>(sys, y0, out, steps, 0));
    report("256x1", run_streaming<Tableau, 256, 1>(sys, y0, out, steps, 0));
    if (sys.access_distance() <= 64) report("fifo 64", run_fifo<Tableau, 64>(sys, y0, out, steps));
    report("fifo128 yring", run_fifo<Tableau, 128, Sys, false, true>(sys, y0, out, steps));
    report("fifo128 fring", run_fifo<Tableau, 128, Sys, true, false>(sys, y0, out, steps));
    report("fifo128 rings", run_fifo<Tableau, 128, Sys, false, false>(sys, y0, out, steps));
    report("fifo 128", run_fifo<Tableau, 128>(sys, y0, out, steps));
    report("fifo 256", run_fifo<Tableau, 256>(sys, y0, out, steps));
    report("fifo 512", run_fifo<Tableau, 512>(sys, y0, out, steps));
    std::fflush(stdout);
}

//! A cheap right-hand side with BRUSS2D's size and access distance (it reads y[j-2 ..
//! j+2] only): what the kernel costs besides the system.
struct cheap_system
{
    std::size_t n, d;
    BOOST_ODEINT_TILED_HD std::size_t size() const { return n; }
    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return d; }
    double suggested_dt() const { return 0.01; }
    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t j, const Y& y, Time) const
    {
        const double l = j >= 2 ? y[j - 2] : y[j + 2], r = j + 2 < n ? y[j + 2] : y[j - 2];
        return 1e-3 * (l + r - 2.0 * y[j]);
    }
};

} // namespace probe

int main(int argc, char** argv)
try
{
    if (argc < 3) { std::fprintf(stderr, "usage: %s D STEPS [methods...]\n", argv[0]); return 2; }
    const std::size_t n = std::size_t(1) << 24, d = std::stoul(argv[1]);
    const int steps = std::stoi(argv[2]);
    const auto sys = tiled::problems::bruss2d::with_size(n, d);
    std::vector<double> h(n);
    sys.initial_state(h);
    const dvec y0(h.begin(), h.end());
    std::vector<std::string> methods;
    for (int i = 3; i < argc; ++i) methods.push_back(argv[i]);
    if (methods.empty()) methods = {"rk4", "bs32", "dopri5"};
    const probe::cheap_system cheap{n, d};
    for (const std::string& m : methods)
    {
        if (m == "cheap-rk4") { probe::compare<tiled::runge_kutta4_tableau, tiled::runge_kutta4<dvec>>("cheap-rk4", cheap, y0, steps); continue; }
        if (m == "rk4") probe::compare<tiled::runge_kutta4_tableau, tiled::runge_kutta4<dvec>>("rk4", sys, y0, steps);
        else if (m == "bs32")
            probe::compare<tiled::runge_kutta_bogacki_shampine32_tableau, tiled::runge_kutta_bogacki_shampine32<dvec>>("bs32", sys, y0, steps);
        else if (m == "dopri5")
            probe::compare<tiled::runge_kutta_dopri5_tableau, tiled::runge_kutta_dopri5<dvec>>("dopri5", sys, y0, steps);
        else throw std::invalid_argument("unknown method " + m);
    }
    return 0;
}
catch (const std::exception& e)
{
    std::fprintf(stderr, "streaming_probe: %s\n", e.what());
    return 1;
}
