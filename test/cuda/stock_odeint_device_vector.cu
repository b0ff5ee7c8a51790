/*
 test/cuda/stock_odeint_device_vector.cu

 The CUDA backend's odeint traits (backends/cuda/): every stock explicit Runge-Kutta
 stepper of odeint runs on thrust::device_vector<double> with tiled::cuda_algebra
 and tiled::cuda_operations (picked by odeint's dispatchers, without odeint's
 external/thrust headers) and agrees with the same stepper on std::vector<double>
 (range_algebra, default_operations); plain, controlled and dense-output steppers;
 rel_error, norm_inf, resize, same_size and copy on known inputs; a LimitedAccessSystem
 through tiled::as_odeint_system on device vectors.

 Without a CUDA device the program exits with 77 before any test runs (ctest:
 skipped).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <boost/mpl/list.hpp>
#include <boost/numeric/odeint.hpp>
// Only the stock-stepper part of the CUDA backend (cuda.hpp also brings the tiled executor).
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_algebra.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_operations.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/device_vector_traits.hpp>
// and tiled::as_odeint_system on device vectors (a LimitedAccessSystem for stock steppers)
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_whole_vector_rhs.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>

#include <thrust/device_vector.h>
#include <thrust/for_each.h>
#include <thrust/host_vector.h>
#include <thrust/iterator/counting_iterator.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <limits>
#include <stdexcept>
#include <type_traits>
#include <vector>

#include "support/require_gpu.hpp"

using boost_odeint_tiled_test::require_gpu;
BOOST_TEST_GLOBAL_FIXTURE(require_gpu);

namespace odeint = boost::numeric::odeint;
namespace tiled = boost::numeric::odeint::tiled;

namespace {

using dvec = thrust::device_vector<double>;
using hvec = std::vector<double>;

static_assert(std::is_same<odeint::algebra_dispatcher<dvec>::algebra_type, tiled::cuda_algebra>::value,
              "device_vector must dispatch to cuda_algebra");
static_assert(std::is_same<odeint::operations_dispatcher<dvec>::operations_type, tiled::cuda_operations>::value,
              "device_vector must dispatch to cuda_operations");
static_assert(odeint::is_resizeable<dvec>::value, "device_vector must be resizeable");
static_assert(odeint::is_resizeable<thrust::host_vector<double>>::value, "host_vector must be resizeable");
static_assert(std::is_same<odeint::runge_kutta4<dvec>::algebra_type, tiled::cuda_algebra>::value,
              "stock steppers on device_vector must pick cuda_algebra");

// The right-hand side: a nonlinear chain with reflecting ends,
//   dxdt[j] = k (x[j-1] - 2 x[j] + x[j+1]) - c x[j]^3 + s cos(t),
// one function for host and device so both sides compute the same expression.
constexpr double chain_k = 0.5, chain_c = 0.1, chain_s = 0.01;

__host__ __device__ inline double chain_rhs(std::size_t j, std::size_t n, const double* x, double t)
{
    const double l = j > 0 ? x[j - 1] : x[j + 1];
    const double r = j + 1 < n ? x[j + 1] : x[j - 1];
    return chain_k * (l - 2.0 * x[j] + r) - chain_c * x[j] * x[j] * x[j] + chain_s * cos(t);
}

struct chain_rhs_op {
    std::size_t n;
    const double* x;
    double* dxdt;
    double t;
    __device__ void operator()(std::size_t j) const { dxdt[j] = chain_rhs(j, n, x, t); }
};

struct chain_device {
    void operator()(const dvec& x, dvec& dxdt, double t) const
    {
        const std::size_t n = x.size();
        thrust::for_each(thrust::counting_iterator<std::size_t>(0), thrust::counting_iterator<std::size_t>(n),
                         chain_rhs_op{n, thrust::raw_pointer_cast(x.data()), thrust::raw_pointer_cast(dxdt.data()), t});
    }
};

struct chain_host {
    void operator()(const hvec& x, hvec& dxdt, double t) const
    {
        for (std::size_t j = 0; j < x.size(); ++j)
            dxdt[j] = chain_rhs(j, x.size(), x.data(), t);
    }
};

// 1237 elements: not a multiple of the block size.
constexpr std::size_t n_chain = 1237;

hvec initial_state()
{
    hvec x(n_chain);
    for (std::size_t j = 0; j < n_chain; ++j)
        x[j] = 1.0 + 0.5 * std::sin(0.05 * double(j)) + (j % 7 == 0 ? 0.25 : 0.0);
    return x;
}

hvec to_host(const dvec& x)
{
    hvec h(x.size());
    thrust::copy(x.begin(), x.end(), h.begin());
    return h;
}

// max_j |a[j] - b[j]| / max(|b[j]|, floor)
double max_rel_diff(const hvec& a, const hvec& b, double floor = 1.0)
{
    BOOST_REQUIRE_EQUAL(a.size(), b.size());
    double m = 0.0;
    for (std::size_t j = 0; j < a.size(); ++j) {
        const double d = std::abs(a[j] - b[j]) / std::max(std::abs(b[j]), floor);
        m = (d != d || d > m) ? d : m;
    }
    return m;
}

// ---- the stock steppers under test ----------------------------------------------

struct euler_family { template <class S> using type = odeint::euler<S>; static constexpr bool embedded = false; };
struct rk4_family { template <class S> using type = odeint::runge_kutta4<S>; static constexpr bool embedded = false; };
struct rk4_classic_family { template <class S> using type = odeint::runge_kutta4_classic<S>; static constexpr bool embedded = false; };
struct cash_karp54_family { template <class S> using type = odeint::runge_kutta_cash_karp54<S>; static constexpr bool embedded = true; };
struct dopri5_family { template <class S> using type = odeint::runge_kutta_dopri5<S>; static constexpr bool embedded = true; };
struct fehlberg78_family { template <class S> using type = odeint::runge_kutta_fehlberg78<S>; static constexpr bool embedded = true; };

using stepper_families = boost::mpl::list<euler_family, rk4_family, rk4_classic_family, cash_karp54_family,
                                          dopri5_family, fehlberg78_family>;

constexpr int n_steps = 100;
constexpr double step_dt = 0.01;

// 100 steps of do_step(sys, x, t, dt); embedded steppers also return the error estimate.
template <class Family, class State, class System>
void run_steps(const System& sys, State& x, State& xerr, std::true_type /*embedded*/)
{
    typename Family::template type<State> stepper;
    double t = 0.0;
    for (int i = 0; i < n_steps; ++i, t += step_dt)
        stepper.do_step(sys, x, t, step_dt, xerr);
}

template <class Family, class State, class System>
void run_steps(const System& sys, State& x, State&, std::false_type /*embedded*/)
{
    typename Family::template type<State> stepper;
    double t = 0.0;
    for (int i = 0; i < n_steps; ++i, t += step_dt)
        stepper.do_step(sys, x, t, step_dt);
}

} // namespace

BOOST_AUTO_TEST_SUITE(stock_odeint_on_device_vector)

BOOST_AUTO_TEST_CASE_TEMPLATE(stepper_agrees_with_range_algebra, Family, stepper_families)
{
    using embedded = std::integral_constant<bool, Family::embedded>;
    const hvec x0 = initial_state();

    hvec xh = x0, xerr_h(n_chain, 0.0);
    run_steps<Family>(chain_host{}, xh, xerr_h, embedded{});

    dvec xd(x0.begin(), x0.end()), xerr_d(n_chain, 0.0);
    run_steps<Family>(chain_device{}, xd, xerr_d, embedded{});
    BOOST_REQUIRE_EQUAL(cudaDeviceSynchronize(), cudaSuccess);

    const hvec xd_h = to_host(xd);
    BOOST_TEST(max_rel_diff(xd_h, x0) > 1e-3); // the state did move
    BOOST_TEST(max_rel_diff(xd_h, xh) <= 1e-12);
    if (Family::embedded) {
        // the estimates are small differences: compare them on the scale of the state
        const hvec e = to_host(xerr_d);
        double scale = 0.0, d = 0.0;
        for (std::size_t j = 0; j < n_chain; ++j) {
            scale = std::max(scale, std::abs(xh[j]));
            d = std::max(d, std::abs(e[j] - xerr_h[j]));
        }
        BOOST_TEST(d <= 1e-12 * scale);
    }
}

BOOST_AUTO_TEST_CASE(controlled_dopri5_integrate_adaptive)
{
    const hvec x0 = initial_state();
    const double eps = 1e-10;

    hvec xh = x0;
    auto ctl_h = odeint::make_controlled(eps, eps, odeint::runge_kutta_dopri5<hvec>());
    const std::size_t steps_h = odeint::integrate_adaptive(ctl_h, chain_host{}, xh, 0.0, 1.0, 0.01);

    dvec xd(x0.begin(), x0.end());
    auto ctl_d = odeint::make_controlled(eps, eps, odeint::runge_kutta_dopri5<dvec>());
    static_assert(std::is_same<decltype(ctl_d)::algebra_type, tiled::cuda_algebra>::value, "");
    const std::size_t steps_d = odeint::integrate_adaptive(ctl_d, chain_device{}, xd, 0.0, 1.0, 0.01);

    BOOST_TEST(steps_h > 5u);
    BOOST_TEST(steps_d == steps_h);
    BOOST_TEST(max_rel_diff(to_host(xd), xh) <= 1e-11);
}

BOOST_AUTO_TEST_CASE(controlled_cash_karp54_integrate_adaptive)
{
    const hvec x0 = initial_state();
    const double eps = 1e-10;

    hvec xh = x0;
    const std::size_t steps_h = odeint::integrate_adaptive(
        odeint::make_controlled(eps, eps, odeint::runge_kutta_cash_karp54<hvec>()), chain_host{}, xh, 0.0, 1.0, 0.01);
    dvec xd(x0.begin(), x0.end());
    const std::size_t steps_d = odeint::integrate_adaptive(
        odeint::make_controlled(eps, eps, odeint::runge_kutta_cash_karp54<dvec>()), chain_device{}, xd, 0.0, 1.0, 0.01);

    BOOST_TEST(steps_d == steps_h);
    BOOST_TEST(max_rel_diff(to_host(xd), xh) <= 1e-11);
}

BOOST_AUTO_TEST_CASE(dense_output_dopri5_integrate_const)
{
    const hvec x0 = initial_state();
    const double eps = 1e-10;

    std::vector<hvec> obs_h, obs_d;
    std::vector<double> times_h, times_d;

    hvec xh = x0;
    auto dense_h = odeint::make_dense_output(eps, eps, odeint::runge_kutta_dopri5<hvec>());
    const std::size_t steps_h = odeint::integrate_const(dense_h, chain_host{}, xh, 0.0, 1.0, 0.1,
                                                        [&](const hvec& x, double t) {
                                                            obs_h.push_back(x);
                                                            times_h.push_back(t);
                                                        });

    dvec xd(x0.begin(), x0.end());
    auto dense_d = odeint::make_dense_output(eps, eps, odeint::runge_kutta_dopri5<dvec>());
    const std::size_t steps_d = odeint::integrate_const(dense_d, chain_device{}, xd, 0.0, 1.0, 0.1,
                                                        [&](const dvec& x, double t) {
                                                            obs_d.push_back(to_host(x));
                                                            times_d.push_back(t);
                                                        });

    BOOST_TEST(steps_d == steps_h);
    BOOST_REQUIRE_EQUAL(obs_d.size(), obs_h.size());
    BOOST_TEST(obs_h.size() == 11u);
    for (std::size_t i = 0; i < obs_h.size(); ++i) {
        BOOST_TEST(times_d[i] == times_h[i]);
        BOOST_TEST(max_rel_diff(obs_d[i], obs_h[i]) <= 1e-11);
    }
    BOOST_TEST(max_rel_diff(to_host(xd), xh) <= 1e-11);
}

BOOST_AUTO_TEST_CASE(integrate_const_rk4)
{
    const hvec x0 = initial_state();
    hvec xh = x0;
    odeint::integrate_const(odeint::runge_kutta4<hvec>(), chain_host{}, xh, 0.0, 1.0, 0.01);
    dvec xd(x0.begin(), x0.end());
    odeint::integrate_const(odeint::runge_kutta4<dvec>(), chain_device{}, xd, 0.0, 1.0, 0.01);
    BOOST_TEST(max_rel_diff(to_host(xd), xh) <= 1e-12);
}

// ---- operations and algebra on known inputs --------------------------------------

BOOST_AUTO_TEST_CASE(rel_error_formula)
{
    // odeint's default_operations::rel_error: |err| / (eps_abs + eps_rel (a_x |x| + a_dxdt |dxdt|)).
    // err = 1, x_old = -1, dxdt_old = 0.5, eps_abs = eps_rel = 1e-6, a_x = a_dxdt = 1 -> 1 / 2.5e-6 = 400000
    // (odeint's thrust_operations::rel_error gives 666667 here).
    const tiled::cuda_operations::rel_error<double> op(1e-6, 1e-6, 1.0, 1.0);
    double err = 1.0;
    op(err, -1.0, 0.5); // on the host
    BOOST_TEST(err == 400000.0, boost::test_tools::tolerance(1e-14));

    const std::vector<double> e0 = {1.0, -2.0, 0.0, 3e-7, -1e-3};
    const std::vector<double> xo = {-1.0, 2.0, 5.0, 0.0, -4.0};
    const std::vector<double> dx = {0.5, -0.25, 1.0, 0.0, 2.0};
    dvec e(e0.begin(), e0.end()), x(xo.begin(), xo.end()), d(dx.begin(), dx.end());
    const double eps_abs = 1e-6, eps_rel = 1e-3, a_x = 1.0, a_dxdt = 0.5;
    tiled::cuda_algebra::for_each3(e, x, d, tiled::cuda_operations::rel_error<double>(eps_abs, eps_rel, a_x, a_dxdt));
    const hvec eh = to_host(e);

    hvec ref = e0;
    odeint::range_algebra::for_each3(ref, xo, dx, odeint::default_operations::rel_error<double>(eps_abs, eps_rel, a_x, a_dxdt));
    BOOST_TEST(eh[0] == 1.0 / (1e-6 + 1e-3 * (1.0 + 0.25)), boost::test_tools::tolerance(1e-14));
    for (std::size_t j = 0; j < e0.size(); ++j)
        BOOST_TEST(eh[j] == ref[j], boost::test_tools::tolerance(1e-14));
}

BOOST_AUTO_TEST_CASE(norm_inf_values)
{
    const std::vector<double> v = {1.0, -7.5, 3.0, 0.0, 7.25};
    dvec d(v.begin(), v.end());
    BOOST_TEST(tiled::cuda_algebra::norm_inf(d) == 7.5);
    const dvec& cd = d;
    BOOST_TEST(tiled::cuda_algebra::norm_inf(cd) == 7.5);
    BOOST_TEST(tiled::cuda_algebra::norm_inf(dvec()) == 0.0);

    dvec big(100003, -0.5);
    big[77777] = -2.0;
    BOOST_TEST(tiled::cuda_algebra::norm_inf(big) == 2.0);
    big[5] = std::numeric_limits<double>::quiet_NaN();
    BOOST_TEST(std::isnan(tiled::cuda_algebra::norm_inf(big)));
}

BOOST_AUTO_TEST_CASE(for_each_scale_sum14_and_sizes)
{
    const std::size_t n = 70001;
    std::vector<dvec> s;
    for (int k = 0; k < 14; ++k)
        s.emplace_back(n, double(k + 1));
    dvec out(n, -1.0);
    // out = sum_k (k+1) * (k+1) = sum of squares 1..14 = 1015
    tiled::cuda_algebra::for_each15(out, s[0], s[1], s[2], s[3], s[4], s[5], s[6], s[7], s[8], s[9], s[10], s[11],
                                    s[12], s[13],
                                    tiled::cuda_operations::scale_sum14<>(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14));
    const hvec h = to_host(out);
    BOOST_TEST(std::all_of(h.begin(), h.end(), [](double v) { return v == 1015.0; }));

    dvec a(10, 1.0), b(3, 2.0);
    BOOST_CHECK_THROW(tiled::cuda_algebra::for_each2(a, b, tiled::cuda_operations::scale_sum1<>(1.0)),
                      std::invalid_argument);
    dvec empty1, empty2;
    tiled::cuda_algebra::for_each2(empty1, empty2, tiled::cuda_operations::scale_sum1<>(1.0)); // no launch
    BOOST_REQUIRE_EQUAL(cudaDeviceSynchronize(), cudaSuccess);
}

BOOST_AUTO_TEST_CASE(resize_same_size_copy)
{
    dvec a(10, 3.0), b(3, 1.0);
    BOOST_TEST(!odeint::same_size(a, b));
    odeint::resize(b, a);
    BOOST_TEST(b.size() == 10u);
    BOOST_TEST(odeint::same_size(a, b));

    thrust::host_vector<double> ha(4, 2.0), hb;
    BOOST_TEST(!odeint::same_size(ha, hb));
    odeint::resize(hb, ha);
    BOOST_TEST(odeint::same_size(ha, hb));

    const std::vector<double> src = {1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0};
    odeint::copy(src, a);          // std::vector -> device
    odeint::copy(a, b);            // device -> device
    hvec back(10, 0.0);
    odeint::copy(b, back);         // device -> std::vector
    BOOST_TEST(back == src, boost::test_tools::per_element());

    thrust::host_vector<double> h10(10, 0.0);
    odeint::copy(b, h10);          // device -> host_vector
    BOOST_TEST(h10[9] == 10.0);
    h10[0] = -1.0;
    odeint::copy(h10, a);          // host_vector -> device
    BOOST_TEST(double(a[0]) == -1.0);
    BOOST_TEST(double(a[9]) == 10.0);

    dvec small(3);
    BOOST_CHECK_THROW(odeint::copy(a, small), std::invalid_argument); // nothing written out of bounds
}

BOOST_AUTO_TEST_CASE(as_odeint_system_runs_a_limited_access_system_on_device_vectors)
{
    // BRUSS2D (n = 1280, d = 32): stock RK4 on the device through as_odeint_system's
    // kernel against the same stepper on the host through its TBB/serial path
    const auto sys = tiled::problems::bruss2d(16, 40);
    hvec x0(sys.size());
    sys.initial_state(x0);
    const double dt = sys.suggested_dt();

    hvec xh = x0;
    odeint::integrate_n_steps(odeint::runge_kutta4<hvec>(), tiled::as_odeint_system(sys), xh, 0.0, dt, 50);
    dvec xd(x0.begin(), x0.end());
    odeint::integrate_n_steps(odeint::runge_kutta4<dvec>(), tiled::as_odeint_system(sys), xd, 0.0, dt, 50);
    BOOST_REQUIRE_EQUAL(cudaDeviceSynchronize(), cudaSuccess);

    const hvec xd_h = to_host(xd);
    BOOST_TEST(max_rel_diff(xd_h, x0) > 1e-3);  // the state did move
    BOOST_TEST(max_rel_diff(xd_h, xh) <= 1e-12);

    // one call: dxdt = f(x) as the host evaluates it (up to contractions into FMAs, which
    // nvcc makes and the host compiler may not), and a size mismatch throws
    dvec dxdt(sys.size());
    const auto adaptor = tiled::as_odeint_system(sys);
    adaptor(dvec(x0.begin(), x0.end()), dxdt, 0.0);
    hvec dxdt_h(sys.size());
    adaptor(x0, dxdt_h, 0.0);
    BOOST_TEST(max_rel_diff(to_host(dxdt), dxdt_h) <= 1e-13);
    dvec wrong(sys.size() - 1);
    BOOST_CHECK_THROW(adaptor(dvec(x0.begin(), x0.end()), wrong, 0.0), std::invalid_argument);
}

BOOST_AUTO_TEST_SUITE_END()
