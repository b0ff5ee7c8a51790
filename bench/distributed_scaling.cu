// bench/distributed_scaling.cu: BRUSS2D (grid helper, d = 1024, n doubles) stepped on
// 1, 2, 4 ... GPUs of one host with the distributed tiled steppers (gpu_team: a thread
// per GPU, halos through NCCL), against the same stepper on one GPU's
// thrust::device_vector:
//   weak    RK4, n = 16 Mi per GPU;      strong  RK4, n = 64 Mi in all;
//   adaptive DOPRI5 (tolerance 1e-8, t = 0 .. T), n = 64 Mi in all, ms per accepted step.
// Each RK4 row gives ms per step (wall clock over 20 steps after 3, all GPUs
// synchronised, median of 5), split into the halo exchange alone (20 exchanges timed the
// same way) and the rest; k = steps per exchange, 1 or 4, the exchange overlapped with
// the interior of the step before it is due (the default: "overlapped", "k_overlap") or
// run before the step that needs it ("before", "k_before"). One table row per line.
// With "ring" as the third argument the three tables step the periodic Lorenz-96
// (problems::lorenz96, cyclic distance 2: the GPUs form a ring) instead, the adaptive one
// to T = 0.5 where T_adaptive is 0.
//   nvcc -std=c++17 -O3 -DNDEBUG -arch=sm_90 --expt-relaxed-constexpr --extended-lambda \
//        -Xcudafe --diag_suppress=20012 -Iinclude bench/distributed_scaling.cu -lnccl -ltbb -o distributed_scaling
//   NCCL_NVLS_ENABLE=0 ./distributed_scaling [max_gpus] [T_adaptive] [weak|ring]   (weak: that table only)
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp>
#include <boost/numeric/odeint/tiled/distributed.hpp>
#include <boost/numeric/odeint/tiled/distributed/nccl_communicator.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>
#include <thrust/device_vector.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <vector>

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;
namespace dist = boost::numeric::odeint::tiled::distributed;
namespace problems = boost::numeric::odeint::tiled::problems;
using state = thrust::device_vector<double>;
using dstate = dist::distributed_state<state>;

namespace {

double now_ms()
{
    return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

//! ms per call of f: the median of 5 repetitions of `per` calls after 3, each timed
//! between two calls of sync (which waits for the device, and for the ranks).
template <class F, class Sync>
double median_ms(F&& f, Sync&& sync, int per = 20)
{
    for (int i = 0; i < 3; ++i) f();
    std::vector<double> ms;
    for (int r = 0; r < 5; ++r)
    {
        sync();
        const double t0 = now_ms();
        for (int i = 0; i < per; ++i) f();
        sync();
        ms.push_back((now_ms() - t0) / per);
    }
    std::sort(ms.begin(), ms.end());
    return ms[2];
}

//! ms per call of f on every rank, every GPU and rank synchronised: the slowest rank's.
template <class F>
double team_ms(dist::communicator& comm, F&& f)
{
    double m[1] = {median_ms(f, [&] {
        cudaDeviceSynchronize();
        comm.agree(true);
    })};
    comm.agree(true, m, 1);
    return m[0];
}

template <class Sys>
std::vector<double> initial_state(const Sys& sys)
{
    std::vector<double> h(sys.size());
    sys.initial_state(h);
    return h;
}

//! GPUs 0 .. gpus-1.
std::vector<int> first_gpus(int gpus)
{
    std::vector<int> devices(gpus);
    for (int g = 0; g < gpus; ++g) devices[g] = g;
    return devices;
}

//! A grid's parts are whole slabs.
template <class Sys>
dist::partition parts_for(const Sys& sys, std::size_t ranks)
{
    if constexpr (tiled::is_grid_system<Sys>::value)
        return dist::partition::even(sys.size(), ranks, dist::grid_slab_size(sys));
    else
        return dist::partition::even(sys.size(), ranks);
}

template <class Sys>
double one_gpu_ms(const Sys& sys)
{
    cudaSetDevice(0);
    const std::vector<double> h = initial_state(sys);
    state x(h.begin(), h.end());
    tiled::runge_kutta4<state> rk4;
    const double dt = sys.suggested_dt();
    return median_ms([&] { rk4.do_step(sys, x, 0.0, dt); }, [] { cudaDeviceSynchronize(); });
}

struct team_result
{
    double step_ms = 0, exchange_ms = 0;
};

//! Steps per exchange, and whether the exchange overlaps the steps (k = 1).
struct exchange_mode
{
    std::size_t k;
    bool overlap;
    const char* name;
};
const exchange_mode exchange_modes[] = {
    {1, true, "overlapped"}, {1, false, "before"}, {4, true, "k_overlap"}, {4, false, "k_before"}};

template <class Sys>
team_result distributed_rk4_ms(const Sys& sys, int gpus, const exchange_mode& mode)
{
    const std::size_t k = mode.k;
    team_result out;
    dist::gpu_team::run(first_gpus(gpus), [&](std::shared_ptr<dist::communicator> comm) {
        dstate x(comm, parts_for(sys, comm->size()));
        x.assign_global(initial_state(sys));
        tiled::runge_kutta4<dstate> rk4;
        rk4.steps_per_exchange(k);
        rk4.overlap_exchange(mode.overlap);
        const double dt = sys.suggested_dt();
        double t = 0;
        const double step = team_ms(*comm, [&] { rk4.do_step(sys, x, t, dt); t += dt; });
        // the exchange alone, on the window the steps used
        const dist::halo_exchange hx = x.exchange_request();
        const double exchange = comm->size() > 1 ? team_ms(*comm, [&] { comm->exchange(hx); }) : 0.0;
        if (comm->rank() == 0)
        {
            out.step_ms = step;
            out.exchange_ms = exchange;
        }
    });
    return out;
}

struct adaptive_result
{
    double ms_per_step = 0;
    std::size_t steps = 0;
};

template <class Sys>
adaptive_result adaptive_ms(const Sys& sys, int gpus, double t_end)
{
    adaptive_result out;
    if (gpus == 0)
    {
        cudaSetDevice(0);
        const std::vector<double> h = initial_state(sys);
        state x(h.begin(), h.end());
        auto ctl = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<state>());
        odeint::integrate_adaptive(ctl, sys, x, 0.0, t_end / 10, t_end / 10);  // warm-up
        thrust::copy(h.begin(), h.end(), x.begin());
        cudaDeviceSynchronize();
        const double t0 = now_ms();
        out.steps = odeint::integrate_adaptive(ctl, sys, x, 0.0, t_end, t_end);
        cudaDeviceSynchronize();
        out.ms_per_step = (now_ms() - t0) / double(out.steps);
        return out;
    }
    dist::gpu_team::run(first_gpus(gpus), [&](std::shared_ptr<dist::communicator> comm) {
        dstate x(comm, parts_for(sys, comm->size()));
        const std::vector<double> h = initial_state(sys);
        x.assign_global(h);
        auto ctl = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<dstate>());
        odeint::integrate_adaptive(ctl, sys, x, 0.0, t_end / 10, t_end / 10);
        x.assign_global(h);
        cudaDeviceSynchronize();
        comm->agree(true);
        const double t0 = now_ms();
        const std::size_t steps = odeint::integrate_adaptive(ctl, sys, x, 0.0, t_end, t_end);
        cudaDeviceSynchronize();
        comm->agree(true);
        const double ms = (now_ms() - t0) / double(steps);
        if (comm->rank() == 0)
        {
            out.ms_per_step = ms;
            out.steps = steps;
        }
    });
    return out;
}

//! The weak (16 Mi per GPU) and, unless weak_only, strong (64 Mi in all) RK4 tables of
//! the system make(n) returns.
template <class Make>
void rk4_tables(const std::vector<int>& counts, Make make, bool weak_only)
{
    const std::size_t mi = std::size_t(1) << 20;
    const double one16 = one_gpu_ms(make(16 * mi));
    std::printf("%-9s %5d %5zu %11s %3s %9.4f %9s %9s %9s\n", "one_gpu", 1, std::size_t(16), "device_vector", "-", one16,
                "-", "-", "-");
    for (int g : counts)
        for (const exchange_mode& mode : exchange_modes)
        {
            if (g == 1 && (mode.k != 1 || !mode.overlap)) continue;  // one GPU: no halo, one row
            const team_result r = distributed_rk4_ms(make(16 * mi * std::size_t(g)), g, mode);
            std::printf("%-9s %5d %5zu %11s %3zu %9.4f %9.4f %9s %9.3f\n", "weak_rk4", g, std::size_t(16 * g),
                        mode.name, mode.k, r.step_ms, r.exchange_ms, "-", one16 / r.step_ms);
        }
    if (weak_only) return;
    const auto strong = make(64 * mi);
    const double one64 = one_gpu_ms(strong);
    std::printf("%-9s %5d %5zu %11s %3s %9.4f %9s %9s %9s\n", "one_gpu", 1, std::size_t(64), "device_vector", "-", one64,
                "-", "-", "-");
    for (int g : counts)
        for (const exchange_mode& mode : exchange_modes)
        {
            if (g == 1 && (mode.k != 1 || !mode.overlap)) continue;  // one GPU: no halo, one row
            const team_result r = distributed_rk4_ms(strong, g, mode);
            std::printf("%-9s %5d %5zu %11s %3zu %9.4f %9.4f %9.3f %9.3f\n", "strong_rk4", g, std::size_t(64),
                        mode.name, mode.k, r.step_ms, r.exchange_ms, one64 / r.step_ms, one64 / r.step_ms / g);
        }
}

//! Adaptive DOPRI5 (tolerance 1e-8, t = 0 .. t_end), ms per accepted step, on one GPU's
//! device_vector and distributed over each count of GPUs.
template <class Sys>
void adaptive_table(const std::vector<int>& counts, const Sys& strong, double t_end)
{
    const adaptive_result a1 = adaptive_ms(strong, 0, t_end);
    std::printf("%-9s %5d %5zu %11s %3s %9.4f %9s %9s %9s  %zu steps\n", "one_gpu", 1, std::size_t(64), "dopri5_adapt", "-",
                a1.ms_per_step, "-", "-", "-", a1.steps);
    for (int g : counts)
    {
        const adaptive_result a = adaptive_ms(strong, g, t_end);
        std::printf("%-9s %5d %5zu %11s %3s %9.4f %9s %9.3f %9.3f  %zu steps\n", "adapt_dp5", g, std::size_t(64),
                    "distributed", "-", a.ms_per_step, "-", a1.ms_per_step / a.ms_per_step,
                    a1.ms_per_step / a.ms_per_step / g, a.steps);
    }
}

} // namespace

int main(int argc, char** argv)
{
    int available = 0;
    cudaGetDeviceCount(&available);
    const int max_gpus = std::min(available, argc > 1 ? std::atoi(argv[1]) : 8);
    const double t_end = argc > 2 ? std::atof(argv[2]) : 0.002;
    const std::size_t d = 1024, mi = std::size_t(1) << 20;
    const bool ring = argc > 3 && std::strcmp(argv[3], "ring") == 0;
    const bool weak_only = argc > 3 && std::strcmp(argv[3], "weak") == 0;
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    if (ring)
        std::printf("# %d x %s; periodic Lorenz-96 (a ring of GPUs); ms per step (wall clock, all GPUs synchronised)\n",
                    max_gpus, p.name);
    else
        std::printf("# %d x %s; BRUSS2D grid helper, d = %zu; ms per step (wall clock, all GPUs synchronised)\n",
                    max_gpus, p.name, d);
    std::printf("%-9s %5s %5s %11s %3s %9s %9s %9s %9s\n", "case", "gpus", "n/Mi", "", "k", "ms", "exchange", "x_1gpu",
                "eff");
    std::vector<int> counts;
    for (int g = 1; g <= max_gpus; g *= 2) counts.push_back(g);
    if (std::find(counts.begin(), counts.end(), max_gpus) == counts.end()) counts.push_back(max_gpus);

    if (ring)
    {
        rk4_tables(counts, [](std::size_t n) { return problems::lorenz96(n); }, false);
        adaptive_table(counts, problems::lorenz96(64 * mi), argc > 2 && t_end > 0 ? t_end : 0.5);
        return 0;
    }
    rk4_tables(counts, [&](std::size_t n) { return problems::grid_bruss2d::with_size(n, d); }, weak_only);
    if (weak_only) return 0;
    adaptive_table(counts, problems::grid_bruss2d::with_size(64 * mi, d), t_end);
    return 0;
}
