// bench/fused_limit_probe.cu: hand-made limits for the issue-23 goals that the anchor
// (../shared/anchors/fused_rk4_anchor.cu, RK4 on a hand-written BRUSS2D update) does
// not measure: how fast the simplest fused kernel runs a whole step of
//   - the per-component BRUSS2D a new user writes (problems::plain_bruss2d, 64-bit index
//     arithmetic and boundary branches) and the hand-written per-component one
//     (problems::bruss2d), with RK4 and DOPRI5;
//   - a lean per-cell BRUSS2D update (x_max a compile-time power of two, both fields of a
//     cell from one 16-byte read per neighbour), with RK4 and DOPRI5, and on 2D tiles an
//     adaptive step's try: DOPRI5 with its error estimate and the error norm.
// The kernels know nothing but the tableau: tiles of whole rows (a contiguous range of
// components or cells; limit_step_kernel, d = 32 and 256) or 2D tiles of cells
// (limit_2d_kernel, the lean update, d = 256 .. 131072) with a halo of one row per stage
// on each side, loaded once into shared memory; every thread holds C units (components
// or cells) T apart, their y0, pending stage sums and solution in registers; each stage
// reads its argument from one shared buffer and writes the next stage's into the other
// (one barrier per stage); a persistent grid walks the tiles. No boundary
// classification, no ghost refresh: on whole rows the updates mirror their own reads,
// as the systems do; on 2D tiles the cells beyond the grid are loaded from their
// mirrors and computed like the others.
//
// Checks every kernel and configuration on a smaller grid against a host step over
// plain_bruss2d's operator() (bench/host_rk_step.hpp), then times them at n = 16 Mi
// doubles for d = 32, 256, 1024 and 131072 against the device copy floor.
//   nvcc -std=c++17 -O3 -DNDEBUG -arch=sm_90 --expt-relaxed-constexpr -Iinclude \
//        bench/fused_limit_probe.cu -o fused_limit_probe
//   ./fused_limit_probe          (`check`: the checks alone)
#include <boost/numeric/odeint/tiled/backends/cuda/grid_tile_kernel.hpp>
#include <boost/numeric/odeint/tiled/problems/bruss2d.hpp>
#include <boost/numeric/odeint/tiled/problems/plain_bruss2d.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta4.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta_dopri5.hpp>

#include "event_median_ms.hpp"
#include "host_rk_step.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace tiled = boost::numeric::odeint::tiled;

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); std::exit(2); } } while (0)

// The tolerances of the error norm (issue 23's adaptive line: 1e-8, absolute and relative).
constexpr double limit_eps = 1e-8;

// y of a per-component system inside the kernel: the tile's box in shared memory,
// component j at j - base (32-bit arithmetic)
struct box_view
{
    const double* p;
    unsigned base;
    __device__ const double& operator[](std::size_t j) const { return p[unsigned(j) - base]; }
};

// A per-component system as the kernel's update: one component per unit.
template <class System>
struct component_update
{
    static constexpr int fields = 1;
    System sys;
    __device__ void operator()(int unit, unsigned base, const double* box, double (&f)[1], double t) const
    {
        f[0] = sys(std::size_t(unit), box_view{box, base}, t);
    }
};

// BRUSS2D's rates of one cell (u, v) from it and its west, east, south and north
// neighbours: plain_bruss2d's arithmetic, in its order.
__device__ __forceinline__ void bruss2d_cell_rates(double2 me, double2 w, double2 e, double2 s, double2 n,
                                                   double diffusion, double (&f)[2])
{
    const double u = me.x, v = me.y;
    const double lap_u = (w.x + e.x) + (s.x + n.x) - 4.0 * u;
    const double lap_v = (w.y + e.y) + (s.y + n.y) - 4.0 * v;
    f[0] = (1.0 + u * u * v - 4.4 * u) + diffusion * lap_u;
    f[1] = (3.4 * u - u * u * v) + diffusion * lap_v;
}

// BRUSS2D per cell, x_max = XM (a power of two) known to the compiler: the row and the
// column are a shift and a mask, each neighbour's two fields one 16-byte read, the
// boundary (reflecting) a select per direction.
template <int XM>
struct lean_cell_update
{
    static constexpr int fields = 2;
    int y_max;
    double diffusion;
    __device__ void operator()(int cell, unsigned base, const double* box, double (&f)[2], double) const
    {
        const double2* c = reinterpret_cast<const double2*>(box) + (unsigned(cell) - base);
        const int x = cell & (XM - 1), row = cell / XM;
        const int w = x > 0 ? -1 : 1, e = x + 1 < XM ? 1 : -1;
        const int s = row > 0 ? -XM : XM, n = row + 1 < y_max ? XM : -XM;
        bruss2d_cell_rates(c[0], c[w], c[e], c[s], c[n], diffusion, f);
    }
};

/* Stage k's derivative fk of a thread's unit i, entered into the pending stage sums and
   the solution in fused_operations' order (y0 first, then + h a_mj F_j for j = 0, 1,
   ...), structurally zero terms skipped (grid_step_traits); and the next stage's
   argument of that unit (y0 where that stage's row of a is zero). */
template <class Traits, int K, int S, int C, int F, class Coef>
__device__ __forceinline__ void enter_stage(const Coef& coef, const double (&fk)[F], const double (&y0)[C][F],
                                            double (&sums)[S][C][F], double (&sol)[C][F], int i)
{
    tiled::detail::grid_static_for<S>([&](auto mc) {
        constexpr int m = decltype(mc)::value;
        if constexpr (m > K && Traits::a_nonzero(m, K))
        {
            constexpr bool opens = Traits::first_nonzero_a(m) == K;
#pragma unroll
            for (int f = 0; f < F; ++f) sums[m][i][f] = (opens ? y0[i][f] : sums[m][i][f]) + coef.ha[m][K] * fk[f];
        }
    });
    if constexpr (Traits::b_nonzero(K))
    {
        constexpr bool opens = Traits::first_nonzero_b() == K;
#pragma unroll
        for (int f = 0; f < F; ++f) sol[i][f] = (opens ? y0[i][f] : sol[i][f]) + coef.hb[K] * fk[f];
    }
}
template <class Traits, int K, int S, int C, int F>
__device__ __forceinline__ double next_argument(const double (&y0)[C][F], const double (&sums)[S][C][F], int i, int f)
{
    return Traits::first_nonzero_a(K + 1) > K ? y0[i][f] : sums[K + 1][i][f];
}

// Blocks of a persistent grid of `threads`-thread blocks with `smem` bytes of dynamic
// shared memory over `tiles` tiles: as many as the SMs hold at once, at most one a tile.
template <class Kernel>
int persistent_blocks(Kernel kernel, int threads, int smem, long long tiles)
{
    CHECK(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize, smem));
    int per_sm = 0, sms = 0, dev = 0;
    CHECK(cudaGetDevice(&dev));
    CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
    CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, smem));
    return int(std::min<long long>(tiles, (long long)std::max(1, per_sm) * sms));
}

template <class Tableau, class Update, int T, int C, int MinBlocks>
__global__ void __launch_bounds__(T, MinBlocks)
    limit_step_kernel(const Update up, const double* __restrict__ y, double* __restrict__ out, int units, int reach,
                      int owned, const tiled::link_coefficients<Tableau, double> coef)
{
    constexpr int F = Update::fields;
    using traits = tiled::detail::grid_step_traits<Tableau, false>;
    constexpr int S = traits::stages;
    extern __shared__ __align__(16) double limit_shared[];
    double* const buf[2] = {limit_shared, limit_shared + T * C * F};
    const int tiles = (units + owned - 1) / owned;
    const int tid = int(threadIdx.x);
    for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x)
    {
        const int o0 = tile * owned, o1 = min(units, o0 + owned);
        const int b0 = max(0, o0 - S * reach), b1 = min(units, o1 + S * reach);
        const unsigned base = unsigned(b0 * F);
        double y0r[C][F];
#pragma unroll
        for (int i = 0; i < C; ++i)
        {
            const int u = b0 + tid + i * T;
            if (u >= b1) continue;
            if constexpr (F == 2)
            {
                const double2 v = __ldg(reinterpret_cast<const double2*>(y) + u);
                y0r[i][0] = v.x;
                y0r[i][1] = v.y;
                reinterpret_cast<double2*>(buf[0])[u - b0] = v;
            }
            else
            {
                y0r[i][0] = __ldg(y + u);
                buf[0][u - b0] = y0r[i][0];
            }
        }
        __syncthreads();
        double sums[S][C][F], sol[C][F];
        tiled::detail::grid_static_for<S>([&](auto kc) {
            constexpr int k = decltype(kc)::value;
            const double* in = buf[k % 2];
            double* nxt = buf[(k + 1) % 2];
            const int lo = max(b0, o0 - (S - 1 - k) * reach), hi = min(b1, o1 + (S - 1 - k) * reach);
#pragma unroll
            for (int i = 0; i < C; ++i)
            {
                const int u = b0 + tid + i * T;
                if (u < lo || u >= hi) continue;
                double fk[F];
                up(u, base / F, in, fk, coef.stage_time[k]);
                enter_stage<traits, k>(coef, fk, y0r, sums, sol, i);
                if constexpr (k + 1 < S)
                {
                    if constexpr (F == 2)
                        reinterpret_cast<double2*>(nxt)[u - b0] = make_double2(next_argument<traits, k>(y0r, sums, i, 0),
                                                                               next_argument<traits, k>(y0r, sums, i, 1));
                    else nxt[u - b0] = next_argument<traits, k>(y0r, sums, i, 0);
                }
            }
            __syncthreads();
        });
#pragma unroll
        for (int i = 0; i < C; ++i)
        {
            const int u = b0 + tid + i * T;
            if (u < o0 || u >= o1) continue;
            if constexpr (F == 2) reinterpret_cast<double2*>(out)[u] = make_double2(sol[i][0], sol[i][1]);
            else out[u] = sol[i][0];
        }
    }
}

/* The same step on 2D tiles of TX x TY owned cells (BRUSS2D, one cell per unit), for
   rows longer than a whole-row tile holds with its halo: the box grows the tile by S
   cells on every side; at the grid's edge its cells beyond the grid are loaded from
   the cells they mirror (reflection about the edge cell, as the per-component form
   reads) and then computed like the others: the stencil is symmetric, so they keep
   holding their mirrors' values at every stage, and no read or update has boundary
   code. Each thread holds C = ceil(box / T) cells T apart. WithError: the embedded
   error estimate too (the stages it needs), and the step's error norm as odeint's
   default checker forms it (max |err| / (eps_abs + eps_rel (|y0| + h |F_0|))) into
   *norm (the bits of a non-negative double, merged with atomicMax), as an adaptive
   step's try needs it. */
template <class Tableau, bool WithError, int TX, int TY, int T, int MinBlocks>
__global__ void __launch_bounds__(T, MinBlocks)
    limit_2d_kernel(const double* __restrict__ y, double* __restrict__ out, int x_max, int y_max, double diffusion,
                    const tiled::link_coefficients<Tableau, double> coef, unsigned long long* norm, double eps_abs,
                    double eps_rel, double h)
{
    using traits = tiled::detail::grid_step_traits<Tableau, WithError>;
    constexpr int S = traits::stages;
    constexpr int BX = TX + 2 * S, BY = TY + 2 * S, NB = BX * BY, C = (NB + T - 1) / T;
    extern __shared__ __align__(16) double limit_shared[];
    double2* const buf[2] = {reinterpret_cast<double2*>(limit_shared), reinterpret_cast<double2*>(limit_shared) + NB};
    const int tiles_x = (x_max + TX - 1) / TX, tiles = tiles_x * ((y_max + TY - 1) / TY);
    const int tid = int(threadIdx.x);
    const double2* const y2 = reinterpret_cast<const double2*>(y);
    auto mirror = [](int g, int n) { return g < 0 ? -g : (g >= n ? 2 * (n - 1) - g : g); };
    double largest = 0;  // WithError: this thread's largest scaled error
    for (int tile = blockIdx.x; tile < tiles; tile += gridDim.x)
    {
        const int x0 = (tile % tiles_x) * TX - S, y0 = (tile / tiles_x) * TY - S;  // the box's first cell
        double y0r[C][2];
#pragma unroll
        for (int i = 0; i < C; ++i)
        {
            const int b = tid + i * T;
            if (b >= NB) continue;
            const int gx = mirror(x0 + b % BX, x_max), gy = mirror(y0 + b / BX, y_max);
            const double2 v = __ldg(y2 + (long long)gy * x_max + gx);
            y0r[i][0] = v.x;
            y0r[i][1] = v.y;
            buf[0][b] = v;
        }
        __syncthreads();
        double sums[S][C][2], sol[C][2], err[C][2], first[C][2];
        tiled::detail::grid_static_for<S>([&](auto kc) {
            constexpr int k = decltype(kc)::value;
            const double2* in = buf[k % 2];
            double2* nxt = buf[(k + 1) % 2];
            constexpr int lo = k + 1, hi_x = BX - 1 - k, hi_y = BY - 1 - k;  // ring S - 1 - k around the owned box
#pragma unroll
            for (int i = 0; i < C; ++i)
            {
                const int b = tid + i * T, bx = b % BX, by = b / BX;
                if (b >= NB || bx < lo || bx >= hi_x || by < lo || by >= hi_y) continue;
                double fk[2];
                bruss2d_cell_rates(in[b], in[b - 1], in[b + 1], in[b - BX], in[b + BX], diffusion, fk);
                enter_stage<traits, k>(coef, fk, y0r, sums, sol, i);
                if constexpr (WithError && traits::e_nonzero(k))
                {
                    constexpr bool opens = traits::first_nonzero_e() == k;
#pragma unroll
                    for (int f = 0; f < 2; ++f) err[i][f] = (opens ? 0.0 : err[i][f]) + coef.he[k] * fk[f];
                }
                if constexpr (WithError && k == 0)
                {
#pragma unroll
                    for (int f = 0; f < 2; ++f) first[i][f] = fk[f];
                }
                if constexpr (k + 1 < S)
                    nxt[b] = make_double2(next_argument<traits, k>(y0r, sums, i, 0), next_argument<traits, k>(y0r, sums, i, 1));
            }
            __syncthreads();
        });
#pragma unroll
        for (int i = 0; i < C; ++i)
        {
            const int b = tid + i * T, bx = b % BX, by = b / BX, gx = x0 + bx, gy = y0 + by;
            if (b >= NB || bx < S || bx >= S + TX || by < S || by >= S + TY || gx >= x_max || gy >= y_max) continue;
            reinterpret_cast<double2*>(out)[(long long)gy * x_max + gx] = make_double2(sol[i][0], sol[i][1]);
            if constexpr (WithError)
            {
#pragma unroll
                for (int f = 0; f < 2; ++f)
                    largest = fmax(largest, fabs(err[i][f]) / (eps_abs + eps_rel * (fabs(y0r[i][f]) + h * fabs(first[i][f]))));
            }
        }
    }
    if constexpr (WithError)
    {
        for (int o = 16; o > 0; o /= 2) largest = fmax(largest, __shfl_xor_sync(0xffffffffu, largest, o));
        if ((tid & 31) == 0) atomicMax(norm, (unsigned long long)__double_as_longlong(largest));
    }
}

template <class Tableau, bool WithError, int TX, int TY, int T, int MinBlocks>
struct limit_2d_config
{
    static constexpr int S = tiled::detail::grid_step_traits<Tableau, WithError>::stages;
    static constexpr int NB = (TX + 2 * S) * (TY + 2 * S);
    static std::string name()
    {
        return std::to_string(TX) + "x" + std::to_string(TY) + "/" + std::to_string(T) +
               (MinBlocks > 1 ? "/" + std::to_string(MinBlocks) : "");
    }
    //! norm: WithError, where the error norm goes (zeroed by the caller)
    static bool run(std::size_t x_max, std::size_t y_max, double diffusion, const double* y, double* out, double t,
                    double h, unsigned long long* norm)
    {
        if (x_max < std::size_t(S) + 1 || y_max < std::size_t(S) + 1) return false;  // one reflection reaches the box
        auto kernel = limit_2d_kernel<Tableau, WithError, TX, TY, T, MinBlocks>;
        const int smem = int(2 * NB * 2 * sizeof(double));
        const long long tiles = (long long)((x_max + TX - 1) / TX) * ((y_max + TY - 1) / TY);
        kernel<<<persistent_blocks(kernel, T, smem, tiles), T, smem>>>(y, out, int(x_max), int(y_max), diffusion, tiled::link_coefficients<Tableau, double>(t, h),
                                    norm, limit_eps, limit_eps, h);
        return cudaGetLastError() == cudaSuccess;
    }
};

// One configuration of the kernel: T threads of C units, MinBlocks blocks per SM.
template <class Tableau, class Update, int T, int C, int MinBlocks>
struct limit_config
{
    static constexpr int F = Update::fields;
    static std::string name()
    {
        return std::to_string(T) + "x" + std::to_string(C) + (MinBlocks > 1 ? "/" + std::to_string(MinBlocks) : "");
    }
    // the tile's owned units, or 0 where the box holds no owned row beside its halo
    static int owned(int reach)
    {
        constexpr int S = tiled::detail::grid_step_traits<Tableau, false>::stages;
        const int rows = (T * C) / reach - 2 * S;
        return rows > 0 ? rows * reach : 0;
    }
    static bool run(const Update& up, const double* y, double* out, int units, int reach, double t, double h)
    {
        const int own = owned(reach);
        if (own == 0) return false;
        auto kernel = limit_step_kernel<Tableau, Update, T, C, MinBlocks>;
        const int smem = int(2 * T * C * F * sizeof(double));
        kernel<<<persistent_blocks(kernel, T, smem, (units + own - 1) / own), T, smem>>>(up, y, out, units, reach, own, tiled::link_coefficients<Tableau, double>(t, h));
        return cudaGetLastError() == cudaSuccess;
    }
};

// One device step (launch(y, out, t, h, norm): false where it ran nothing; norm, zeroed,
// for the error norm's bits) against the host step over plain_bruss2d(x_max, y_max) from
// a perturbed initial state: the largest relative difference of the solution, or -1
// where the launch ran nothing; with norm_difference, also the error norm's relative
// difference from the host's.
template <class Tableau, class Launch>
double device_step_difference(std::size_t x_max, std::size_t y_max, Launch&& launch, double* norm_difference = nullptr)
{
    const auto ref = tiled::problems::plain_bruss2d(x_max, y_max);
    const std::size_t n = ref.size();
    std::vector<double> y0(n), y1, e1, got(n);
    ref.initial_state(y0);
    for (std::size_t j = 0; j < n; ++j) y0[j] += 0.1 * std::sin(0.37 * double(j));
    const double h = 0.5 * ref.suggested_dt();
    host_step<Tableau>(ref, y0, 0.25, h, y1, e1);
    double *dy, *dout;
    unsigned long long* dnorm;
    CHECK(cudaMalloc(&dy, n * sizeof(double)));
    CHECK(cudaMalloc(&dout, n * sizeof(double)));
    CHECK(cudaMalloc(&dnorm, sizeof(unsigned long long)));
    CHECK(cudaMemcpy(dy, y0.data(), n * sizeof(double), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dout, 0xff, n * sizeof(double)));
    CHECK(cudaMemset(dnorm, 0, sizeof(unsigned long long)));
    const bool ran = launch(dy, dout, 0.25, h, dnorm);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(got.data(), dout, n * sizeof(double), cudaMemcpyDeviceToHost));
    double norm = 0;
    CHECK(cudaMemcpy(&norm, dnorm, sizeof norm, cudaMemcpyDeviceToHost));
    cudaFree(dy);
    cudaFree(dout);
    cudaFree(dnorm);
    if (norm_difference != nullptr)
    {
        double host = 0;
        for (std::size_t j = 0; j < n; ++j)
            host = std::max(host, std::abs(e1[j]) / (limit_eps + limit_eps * (std::abs(y0[j]) + h * std::abs(ref(j, y0, 0.25)))));
        *norm_difference = std::abs(norm - host) / host;
    }
    return ran ? rel_diff(got, y1) : -1.0;
}

struct probe_state
{
    std::size_t n;        // components at the timed size
    std::size_t d;
    const double* y;      // the timed state (device)
    double* out;
    double floor_ms;      // one device copy of the state
    double h;
    bool timing;
    int failures;
    unsigned long long* norm;  // the error norm's bits (device)
};

// One kernel configuration on one form: checked on a grid of a few tiles against the
// host step over plain_bruss2d, then timed at the full size. make(x_max, y_max) gives
// the form's update.
template <class Tableau, int T, int C, int MinBlocks, class Make>
void probe(const char* method, const char* form, probe_state& ps, Make make)
{
    using Update = decltype(make(std::size_t(1), std::size_t(1)));
    using Config = limit_config<Tableau, Update, T, C, MinBlocks>;
    constexpr int F = Update::fields;
    const std::size_t x_max = ps.d / 2;
    const int reach = int(F == 2 ? x_max : 2 * x_max);
    const int own = Config::owned(reach);
    if (own == 0)
    {
        std::printf("%-6zu %-7s %-6s %-9s (no tile of %d units holds a row beside the halo)\n", ps.d, method, form,
                    Config::name().c_str(), T * C);
        return;
    }
    if (!ps.timing)
    {
        const std::size_t y_max = 3 * std::size_t(own * F) / ps.d + 5;  // three tiles and a part
        const int units = int(2 * x_max * y_max) / F;
        const double diff = device_step_difference<Tableau>(
            x_max, y_max, [&](const double* y, double* out, double t, double h, unsigned long long*) {
                return Config::run(make(x_max, y_max), y, out, units, reach, t, h);
            });
        const bool ok = diff >= 0 && diff <= 1e-12;
        ps.failures += ok ? 0 : 1;
        std::printf("check  %-6zu %-7s %-6s %-9s grid %zu x %zu: max rel diff %.2e  %s\n", ps.d, method, form,
                    Config::name().c_str(), x_max, y_max, diff, ok ? "ok" : "FAIL");
        return;
    }
    const Update up = make(x_max, ps.n / ps.d);
    const double ms = time_ms([&] { Config::run(up, ps.y, ps.out, int(ps.n) / F, reach, 0.0, ps.h); });
    CHECK(cudaDeviceSynchronize());
    std::printf("%-6zu %-7s %-6s %-9s %8.4f ms  %5.2fx floor  tiles of %d owned units in %d\n", ps.d, method, form,
                Config::name().c_str(), ms, ms / ps.floor_ms, own, T * C);
}

template <int XM>
void probe_d(probe_state& ps)
{
    using tiled::runge_kutta4_tableau;
    using tiled::runge_kutta_dopri5_tableau;
    auto plain = [](std::size_t x, std::size_t y) {
        return component_update<tiled::problems::plain_bruss2d>{tiled::problems::plain_bruss2d(x, y)};
    };
    auto hand = [](std::size_t x, std::size_t y) {
        return component_update<tiled::problems::bruss2d>{tiled::problems::bruss2d(x, y)};
    };
    auto lean = [](std::size_t x, std::size_t y) {
        return lean_cell_update<XM>{int(y), tiled::problems::plain_bruss2d(x, y).diffusion};
    };
    probe<runge_kutta4_tableau, 512, 8, 1>("rk4", "plain", ps, plain);
    probe<runge_kutta4_tableau, 256, 16, 1>("rk4", "plain", ps, plain);
    probe<runge_kutta4_tableau, 512, 16, 1>("rk4", "plain", ps, plain);
    probe<runge_kutta4_tableau, 512, 8, 1>("rk4", "hand", ps, hand);
    probe<runge_kutta4_tableau, 512, 16, 1>("rk4", "hand", ps, hand);
    probe<runge_kutta4_tableau, 256, 8, 1>("rk4", "lean", ps, lean);
    probe<runge_kutta4_tableau, 256, 8, 2>("rk4", "lean", ps, lean);
    probe<runge_kutta4_tableau, 512, 8, 1>("rk4", "lean", ps, lean);
    probe<runge_kutta_dopri5_tableau, 512, 4, 1>("dopri5", "plain", ps, plain);
    probe<runge_kutta_dopri5_tableau, 512, 8, 1>("dopri5", "plain", ps, plain);
    probe<runge_kutta_dopri5_tableau, 256, 4, 1>("dopri5", "lean", ps, lean);
    probe<runge_kutta_dopri5_tableau, 512, 4, 1>("dopri5", "lean", ps, lean);
    probe<runge_kutta_dopri5_tableau, 256, 8, 1>("dopri5", "lean", ps, lean);
}

// A 2D-tile configuration: checked on a grid of a few tiles each way, then timed.
template <class Tableau, bool WithError, int TX, int TY, int T, int MinBlocks>
void probe_2d(const char* method, probe_state& ps)
{
    using Config = limit_2d_config<Tableau, WithError, TX, TY, T, MinBlocks>;
    const std::size_t x_max = ps.d / 2;
    if (!ps.timing)
    {
        const std::size_t cx = std::min<std::size_t>(x_max, 2 * TX + 5), cy = 2 * TY + 7;  // edges and inner tiles
        const double diffusion = tiled::problems::plain_bruss2d(cx, cy).diffusion;
        double norm_diff = 0;
        const double diff = device_step_difference<Tableau>(
            cx, cy,
            [&](const double* y, double* out, double t, double h, unsigned long long* norm) {
                return Config::run(cx, cy, diffusion, y, out, t, h, norm);
            },
            WithError ? &norm_diff : nullptr);
        const bool ok = diff >= 0 && diff <= 1e-12 && norm_diff <= 1e-9;
        ps.failures += ok ? 0 : 1;
        std::printf("check  %-6zu %-7s %-6s %-12s grid %zu x %zu: max rel diff %.2e, error norm %.2e  %s\n", ps.d, method,
                    "lean2d", Config::name().c_str(), cx, cy, diff, norm_diff, ok ? "ok" : "FAIL");
        return;
    }
    const double diffusion = tiled::problems::plain_bruss2d(x_max, ps.n / ps.d).diffusion;
    // (with the error norm: its reset and the kernel, as a try of an adaptive step runs them)
    const double ms = time_ms([&] {
        if (WithError) CHECK(cudaMemsetAsync(ps.norm, 0, sizeof(unsigned long long)));
        Config::run(x_max, ps.n / ps.d, diffusion, ps.y, ps.out, 0.0, ps.h, ps.norm);
    });
    CHECK(cudaDeviceSynchronize());
    std::printf("%-6zu %-7s %-6s %-12s %8.4f ms  %5.2fx floor  box of %d cells for %d owned\n", ps.d, method, "lean2d",
                Config::name().c_str(), ms, ms / ps.floor_ms, Config::NB, TX * TY);
}

void probe_2d_all(probe_state& ps)
{
    using tiled::runge_kutta4_tableau;
    using tiled::runge_kutta_dopri5_tableau;
    probe_2d<runge_kutta4_tableau, false, 64, 24, 512, 1>("rk4", ps);
    probe_2d<runge_kutta4_tableau, false, 32, 24, 256, 2>("rk4", ps);
    probe_2d<runge_kutta_dopri5_tableau, false, 32, 32, 512, 1>("dopri5", ps);
    probe_2d<runge_kutta_dopri5_tableau, false, 48, 24, 512, 1>("dopri5", ps);
    probe_2d<runge_kutta_dopri5_tableau, false, 24, 20, 256, 2>("dopri5", ps);
    probe_2d<runge_kutta_dopri5_tableau, false, 32, 20, 512, 1>("dopri5", ps);
    // DOPRI5 with its error estimate and norm: an adaptive step's try
    probe_2d<runge_kutta_dopri5_tableau, true, 16, 20, 512, 1>("dopri5e", ps);
    probe_2d<runge_kutta_dopri5_tableau, true, 24, 24, 512, 1>("dopri5e", ps);
    probe_2d<runge_kutta_dopri5_tableau, true, 28, 28, 512, 1>("dopri5e", ps);
    probe_2d<runge_kutta_dopri5_tableau, true, 32, 32, 512, 1>("dopri5e", ps);
}

int main(int argc, char** argv)
{
    const bool check_only = argc > 1 && std::string(argv[1]) == "check";
    const std::size_t n = std::size_t(1) << 24;
    int failures = 0;
    for (std::size_t d : {std::size_t(32), std::size_t(256), std::size_t(1024), std::size_t(131072)})
    {
        const auto p = tiled::problems::plain_bruss2d::with_size(n, d);
        std::vector<double> x(n);
        p.initial_state(x);
        double *y, *out;
        unsigned long long* norm;
        CHECK(cudaMalloc(&norm, sizeof(unsigned long long)));
        CHECK(cudaMalloc(&y, n * sizeof(double)));
        CHECK(cudaMalloc(&out, n * sizeof(double)));
        CHECK(cudaMemcpy(y, x.data(), n * sizeof(double), cudaMemcpyHostToDevice));
        const double floor_ms = time_ms([&] { CHECK(cudaMemcpy(out, y, n * sizeof(double), cudaMemcpyDeviceToDevice)); });
        std::printf("d = %zu: copy floor %.4f ms\n", d, floor_ms);
        for (bool timing : {false, true})
        {
            if (timing && check_only) break;
            probe_state ps{n, d, y, out, floor_ms, p.suggested_dt(), timing, 0, norm};
            if (d == 32) probe_d<16>(ps);
            else if (d == 256) probe_d<128>(ps);
            if (d >= 256) probe_2d_all(ps);
            failures += ps.failures;
        }
        cudaFree(y);
        cudaFree(out);
        cudaFree(norm);
    }
    std::printf("%s\n", failures == 0 ? "all checks passed" : "CHECKS FAILED");
    return failures == 0 ? 0 : 1;
}
