// bench/grid_kernel_probe.cu: the grid tile kernel alone (grid_step_launch.hpp), without
// the stepper and the other kernel families, so that it builds in a fraction of the
// time: checks one step of RK4, DOPRI5 and Verner 5(6) (with the error estimate) on
// problems::grid_bruss2d and on grids of every other shape the kernel treats apart
// (test/support/grid_test_systems.hpp) against a host step over the system's
// operator(), and times RK4 (and the error-estimating methods) at n = 16 Mi
// doubles for each d given, against the device copy floor (cudaMemcpy of the state),
// and RK4 and DOPRI5 on the same grid with Dirichlet boundaries (boundary values).
//   nvcc -std=c++17 -O3 -DNDEBUG -arch=sm_90 --expt-relaxed-constexpr --extended-lambda \
//        -Xcudafe --diag_suppress=20012 -Iinclude -Itest bench/grid_kernel_probe.cu -o grid_kernel_probe
//   ./grid_kernel_probe [d ...]     (`check`: the checks alone; `nocheck d ...`: the
//                                    timings alone, as for a profiler)
// -DGRID_KERNEL_PROBE_RK4_ONLY: RK4 alone.
#include <boost/numeric/odeint/tiled/backends/cuda/grid_step_launch.hpp>
#include <boost/numeric/odeint/tiled/problems/grid_bruss2d.hpp>
#include <boost/numeric/odeint/tiled/problems/grid_heat1d.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta4.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta_dopri5.hpp>
#include <boost/numeric/odeint/tiled/tableaux/runge_kutta_verner56.hpp>
#include "support/grid_test_systems.hpp"
#include <array>
#include "event_median_ms.hpp"
#include "host_rk_step.hpp"
#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace tiled = boost::numeric::odeint::tiled;
using tiled::problems::grid_bruss2d;

#define CHECK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { std::printf("CUDA error %s at %s:%d\n", cudaGetErrorString(e_), __FILE__, __LINE__); std::exit(2); } } while (0)

template <class Tableau, bool WithError, class System>
bool device_step(const System& sys, const double* y, double* out, double* err, double t, double h,
                 tiled::grid::tile_plan<System::dimensions>* plan = nullptr)
{
    const tiled::link_coefficients<Tableau, double> coef(t, h);
    return tiled::detail::launch_grid_step<Tableau, WithError, false>(
        sys, y, out, err, coef, tiled::error_norm_params<double>{},
        static_cast<tiled::detail::cuda_norm_accumulator<double>*>(nullptr), plan);
}

template <class Tableau, bool WithError, class System>
bool check(const char* name, const char* sys_name, const System& sys, double h)
{
    constexpr std::size_t Dim = System::dimensions;
    const std::size_t n = sys.size();
    std::vector<double> y0(n), y1, e1, got(n), gote(n);
    for (std::size_t j = 0; j < n; ++j) y0[j] = 1.0 + 0.5 * std::sin(0.37 * double(j)) + 0.1 * std::cos(0.011 * double(j));
    host_step<Tableau>(sys, y0, 0.25, h, y1, e1);
    double *dy, *dout, *derr;
    CHECK(cudaMalloc(&dy, n * sizeof(double)));
    CHECK(cudaMalloc(&dout, n * sizeof(double)));
    CHECK(cudaMalloc(&derr, n * sizeof(double)));
    CHECK(cudaMemcpy(dy, y0.data(), n * sizeof(double), cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dout, 0xff, n * sizeof(double)));
    CHECK(cudaMemset(derr, 0xff, n * sizeof(double)));
    tiled::grid::tile_plan<Dim> plan{};
    const bool ran = device_step<Tableau, WithError>(sys, dy, dout, WithError ? derr : nullptr, 0.25, h, &plan);
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(got.data(), dout, n * sizeof(double), cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(gote.data(), derr, n * sizeof(double), cudaMemcpyDeviceToHost));
    cudaFree(dy);
    cudaFree(dout);
    cudaFree(derr);
    const double dsol = rel_diff(got, y1);
    const double derr_ = WithError ? rel_diff(gote, e1) : 0.0;
    const bool ok = ran && dsol <= 1e-12 && derr_ <= 1e-9;
    std::string shape, box;
    for (std::size_t k = 0; k < Dim; ++k)
    {
        shape += (k ? "x" : "") + std::to_string(sys.grid_shape().extent[k]);
        box += (k ? "x" : "") + std::to_string(plan.owned[k]) + (plan.whole[k] ? "w" : "+" + std::to_string(plan.halo[k]));
    }
    std::printf("check %-8s %-22s %-14s ran=%d tiles=%-6lld owned %-16s sol %.2e err %.2e  %s\n", name, sys_name, shape.c_str(),
                int(ran), ran ? (long long)plan.tile_count() : 0LL, box.c_str(), dsol, derr_, ok ? "ok" : "FAIL");
    return ok;
}

template <class Tableau, bool WithError, class System>
void time_method(const char* name, const System& sys, double* y, double* out, double* err, double floor_ms,
                 double h)
{
    constexpr std::size_t Dim = System::dimensions;
    bool ran = true;
    tiled::grid::tile_plan<Dim> plan{};
    device_step<Tableau, WithError>(sys, y, out, err, 0.0, h, &plan);
    const double ms = time_ms([&] {
        ran = ran && device_step<Tableau, WithError>(sys, y, out, err, 0.0, h);
        std::swap(y, out);
    });
    CHECK(cudaGetLastError());
    const int owned1 = Dim > 1 ? plan.owned[Dim - 1] : 1, halo1 = Dim > 1 ? plan.halo[Dim - 1] : 0;
    std::printf("time  %-8s d=%-7zu %9.4f ms  x_floor %5.2f  tiles %lld of %dx%d (+%d,%d)%s\n", name, sys.access_distance(), ms,
                ms / floor_ms, (long long)plan.tile_count(), plan.owned[0], owned1, plan.halo[0], halo1,
                ran ? "" : "  NOT RUN");
}

int main(int argc, char** argv)
{
    cudaDeviceProp p;
    CHECK(cudaGetDeviceProperties(&p, 0));
    std::printf("# %s, grid tile kernel alone\n", p.name);
    bool ok = true;
    const bool checks = !(argc > 1 && std::string(argv[1]) == "nocheck");
    if (!checks) { --argc; ++argv; }
    // BRUSS2D: short rows (whole-row tiles), square, long rows, one row, one column
    std::vector<grid_bruss2d> bruss;
    for (std::size_t d : {4, 32, 256, 2048, 65536})
        bruss.push_back(grid_bruss2d::with_size(std::max<std::size_t>(d * 64, std::size_t(1) << 18), d));
    bruss.emplace_back(1, 50);
    bruss.emplace_back(37, 1);
    bruss.emplace_back(3, 3);
    bruss.emplace_back(200, 150);
    for (const grid_bruss2d& sys : bruss)
    {
        if (!checks) break;
        const double h = sys.suggested_dt();
        ok = check<tiled::runge_kutta4_tableau, false>("rk4", "bruss2d", sys, h) && ok;
#if !defined(GRID_KERNEL_PROBE_RK4_ONLY)
        ok = check<tiled::runge_kutta_dopri5_tableau, true>("dopri5", "bruss2d", sys, h) && ok;
        ok = check<tiled::runge_kutta_verner56_tableau, true>("verner56", "bruss2d", sys, h) && ok;
#endif
    }
    if (checks)
    {
        namespace grid = tiled::grid;
        using namespace boost_odeint_tiled_test;
        ok = check<tiled::runge_kutta4_tableau, false>("rk4", "3d box mixed planar", mixed_box_3d(13, 9, 7), 0.01) && ok;
        const auto s1 = grid::extents(3001).radius(2).boundary(grid::boundary::function());
        const auto wide = grid::make_system<1>(s1, wide_advection{}, ramp_boundary{});
        ok = check<tiled::runge_kutta4_tableau, false>("rk4", "1d r2 function", wide, 0.02) && ok;
        const tiled::problems::grid_heat1d heat(5001, 1.0);
        ok = check<tiled::runge_kutta4_tableau, false>("rk4", "heat chain", heat, heat.suggested_dt()) && ok;
#if !defined(GRID_KERNEL_PROBE_RK4_ONLY)
        ok = check<tiled::runge_kutta_dopri5_tableau, true>("dopri5", "heat chain", heat, heat.suggested_dt()) && ok;
#endif
        const auto four = grid::make_system<4>(grid::extents(150, 70).boundary(grid::boundary::periodic()), coupled_four{});
        ok = check<tiled::runge_kutta4_tableau, false>("rk4", "4 fields periodic", four, 0.02) && ok;
        auto sm = grid::extents(40, 30);
        sm.boundary(0, grid::boundary::periodic()).boundary(1, grid::boundary::function());
        const auto mixed = grid::make_system<4>(sm, coupled_four{}, ramp_boundary{});
        ok = check<tiled::runge_kutta4_tableau, false>("rk4", "periodic x function", mixed, 0.02) && ok;
        auto sc = grid::extents(300, 200).layout(grid::layout::planar);
        sc.boundary(0, grid::boundary::constant()).boundary(1, grid::boundary::periodic());
        const auto cons = grid::make_system<4>(sc, coupled_four{}, std::array<double, 4>{0.5, 1.0, 1.5, 2.0});
        ok = check<tiled::runge_kutta4_tableau, false>("rk4", "constant x periodic", cons, 0.02) && ok;
#if !defined(GRID_KERNEL_PROBE_RK4_ONLY)
        // (two cells per thread: a 3D grid whose box with ghosts one tile holds)
        ok = check<tiled::runge_kutta_dopri5_tableau, true>("dopri5", "3d box mixed planar", mixed_box_3d(11, 7, 5), 0.01) && ok;
        ok = check<tiled::runge_kutta_dopri5_tableau, true>("dopri5", "1d r2 function", wide, 0.02) && ok;
        ok = check<tiled::runge_kutta_dopri5_tableau, true>("dopri5", "periodic x function", mixed, 0.02) && ok;
#endif
    }
    const std::size_t n = std::size_t(16) << 20;
    std::vector<std::size_t> ds{32, 256, 1024, 4096, 16384, 131072};
    if (argc > 1) { ds.clear(); for (int i = 1; i < argc; ++i) ds.push_back(std::strtoull(argv[i], nullptr, 10)); }
    if (argc > 1 && std::string(argv[1]) == "check") ds.clear();
    double *y, *out, *err;
    CHECK(cudaMalloc(&y, n * sizeof(double)));
    CHECK(cudaMalloc(&out, n * sizeof(double)));
    CHECK(cudaMalloc(&err, n * sizeof(double)));
    const double floor_ms = time_ms([&] { CHECK(cudaMemcpyAsync(out, y, n * sizeof(double), cudaMemcpyDeviceToDevice)); });
    std::printf("floor n=%zu %.4f ms\n", n, floor_ms);
    for (std::size_t d : ds)
    {
        const grid_bruss2d sys = grid_bruss2d::with_size(n, d);
        const double h = sys.suggested_dt() * 0.1;
        std::vector<double> x0(n);
        sys.initial_state(x0);
        CHECK(cudaMemcpy(y, x0.data(), n * sizeof(double), cudaMemcpyHostToDevice));
        time_method<tiled::runge_kutta4_tableau, false>("rk4", sys, y, out, nullptr, floor_ms, h);
#if !defined(GRID_KERNEL_PROBE_RK4_ONLY)
        time_method<tiled::runge_kutta_dopri5_tableau, true>("dopri5", sys, y, out, err, floor_ms, h);
        time_method<tiled::runge_kutta_verner56_tableau, true>("verner56", sys, y, out, err, floor_ms, h);
#endif
        // the same update with Dirichlet boundaries (boundary::constant(): ghosts that
        // hold boundary values, not mirrors), from the same state
        const auto dirichlet = tiled::grid::make_system<2>(
            tiled::grid::extents(sys.x_max(), sys.y_max()).radius(1).star().boundary(tiled::grid::boundary::constant())
                .neighbour_fields(tiled::grid::neighbour_fields::same_field),
            sys.update(), std::array<double, 2>{1.0, 3.0});
        std::printf("dirichlet:\n");
        time_method<tiled::runge_kutta4_tableau, false>("rk4", dirichlet, y, out, nullptr, floor_ms, h);
#if !defined(GRID_KERNEL_PROBE_RK4_ONLY)
        time_method<tiled::runge_kutta_dopri5_tableau, true>("dopri5", dirichlet, y, out, err, floor_ms, h);
#endif
    }
    if (!ds.empty())
    {
        // the heat chain (problems::grid_heat1d, a 1D grid, one field): the cheapest
        // update, so its time is the kernel's own
        const tiled::problems::grid_heat1d heat(n, 1.0);
        const double h = heat.suggested_dt() * 0.1;
        std::vector<double> x0(n);
        heat.initial_state(x0);
        CHECK(cudaMemcpy(y, x0.data(), n * sizeof(double), cudaMemcpyHostToDevice));
        std::printf("heat chain n=%zu:\n", n);
        time_method<tiled::runge_kutta4_tableau, false>("rk4", heat, y, out, nullptr, floor_ms, h);
#if !defined(GRID_KERNEL_PROBE_RK4_ONLY)
        time_method<tiled::runge_kutta_dopri5_tableau, true>("dopri5", heat, y, out, err, floor_ms, h);
#endif
    }
    std::printf("%s\n", ok ? "ALL CHECKS PASSED" : "SOME CHECK FAILED");
    return ok ? 0 : 1;
}
