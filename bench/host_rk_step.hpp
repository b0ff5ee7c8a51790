// bench/host_rk_step.hpp: the GPU probes' oracle (grid_kernel_probe.cu,
// fused_limit_probe.cu): one explicit Runge-Kutta step on the host over a system's
// per-component operator(), and the largest relative difference of two states.
#ifndef BOOST_ODEINT_TILED_BENCH_HOST_RK_STEP_HPP_INCLUDED
#define BOOST_ODEINT_TILED_BENCH_HOST_RK_STEP_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <vector>

// One explicit RK step on the host over the system's per-component operator(), in
// fused_operations' order (y0 + h a_m0 F_0 + h a_m1 F_1 + ...), with the error estimate.
template <class Tableau, class System>
void host_step(const System& sys, const std::vector<double>& y0, double t, double h, std::vector<double>& y1,
               std::vector<double>& err)
{
    const boost::numeric::odeint::tiled::link_coefficients<Tableau, double> c(t, h);
    constexpr int s = int(Tableau::stages);
    const std::size_t n = y0.size();
    std::vector<std::vector<double>> F(s, std::vector<double>(n));
    std::vector<double> arg(n);
    for (int m = 0; m < s; ++m)
    {
        for (std::size_t j = 0; j < n; ++j)
        {
            double v = y0[j];
            for (int i = 0; i < m; ++i)
                if (c.ha[m][i] != 0) v = v + c.ha[m][i] * F[i][j];
            arg[j] = v;
        }
        for (std::size_t j = 0; j < n; ++j) F[m][j] = sys(j, arg, c.stage_time[m]);
    }
    y1.assign(n, 0);
    err.assign(n, 0);
    for (std::size_t j = 0; j < n; ++j)
    {
        double v = y0[j], e = 0;
        for (int i = 0; i < s; ++i)
        {
            if (c.hb[i] != 0) v = v + c.hb[i] * F[i][j];
            if (c.he[i] != 0) e = e + c.he[i] * F[i][j];
        }
        y1[j] = v;
        err[j] = e;
    }
}

inline double rel_diff(const std::vector<double>& a, const std::vector<double>& b)
{
    double m = 0;
    for (std::size_t i = 0; i < a.size(); ++i) m = std::max(m, std::abs(a[i] - b[i]) / std::max(1e-3, std::abs(b[i])));
    return m;
}

#endif // BOOST_ODEINT_TILED_BENCH_HOST_RK_STEP_HPP_INCLUDED
