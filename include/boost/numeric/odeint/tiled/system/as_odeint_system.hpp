/*
 boost/numeric/odeint/tiled/system/as_odeint_system.hpp

 tiled::as_odeint_system(sys): wraps a LimitedAccessSystem into the whole-vector
 system form of stock odeint steppers, sys(x, dxdt, t), evaluating
 dxdt[j] = sys(j, x, t) for every j on TBB (serially inline for small states).

   odeint::runge_kutta4<std::vector<double>, double, std::vector<double>, double,
                        tiled::tbb_algebra> stepper;
   odeint::integrate_const(stepper, tiled::as_odeint_system(chain{n, 0.5}),
                           x, 0.0, 1.0, 1e-3);

 The state is handed to the system as its view Y directly, so State needs size()
 and operator[] (std::vector and friends). With the CUDA backend included
 (backends/cuda/cuda.hpp, nvcc), thrust::device_vector states are evaluated by one
 grid-stride kernel per call instead (backends/cuda/cuda_whole_vector_rhs.hpp),
 with a const pointer to the state as the view:

   odeint::runge_kutta4<thrust::device_vector<double>> stepper;   // cuda_algebra
   odeint::integrate_const(stepper, tiled::as_odeint_system(sys), x_device, 0.0, 1.0, 1e-3);

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_SYSTEM_AS_ODEINT_SYSTEM_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_SYSTEM_AS_ODEINT_SYSTEM_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cassert>
#include <cstddef>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/tiled/system/limited_access_system.hpp>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>

#include <boost/numeric/odeint/tiled/system/range_rhs.hpp>

namespace boost {
namespace numeric {
namespace odeint {
namespace tiled {

/*! How odeint_system_adaptor evaluates a whole state of type State: on the host
    (TBB) unless a backend specialises this with `static constexpr bool on_host =
    false` and `static void evaluate(const System&, const State& x, State& dxdt, Time t)`
    (the CUDA backend does for thrust::device_vector). */
template <class State, class Enable = void>
struct whole_vector_rhs
{
    static constexpr bool on_host = true;
};

// The whole-vector odeint system made from a LimitedAccessSystem; made by
// as_odeint_system. Holds a copy of the system; cheap to copy when the system is.
template <class System>
class odeint_system_adaptor
{
public:
    // Components per TBB chunk; states up to this length are evaluated inline.
    static constexpr std::size_t grain_size = 8192;

    explicit odeint_system_adaptor(System sys) : m_sys(std::move(sys)) {}

    template <class State, class Deriv, class Time>
    void operator()(const State& x, Deriv& dxdt, Time t) const
    {
        if constexpr (!whole_vector_rhs<State>::on_host)
            whole_vector_rhs<State>::evaluate(m_sys, x, dxdt, t);
        else
            evaluate_on_host(x, dxdt, t);
    }

    std::size_t access_distance() const { return static_cast<std::size_t>(m_sys.access_distance()); }
    const System& system() const { return m_sys; }

private:
    template <class State, class Deriv, class Time>
    void evaluate_on_host(const State& x, Deriv& dxdt, Time t) const
    {
        using value_type = std::decay_t<decltype(dxdt[0])>;
        static_assert(detail::check_limited_access_system<System, value_type, Time>(), "");
        const std::size_t n = static_cast<std::size_t>(x.size());
        assert(static_cast<std::size_t>(dxdt.size()) == n);
        if (n <= grain_size) {
            evaluate(x, dxdt, t, 0, n);
            return;
        }
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, grain_size),
                          [this, &x, &dxdt, t](const tbb::blocked_range<std::size_t>& r) {
                              evaluate(x, dxdt, t, r.begin(), r.end());
                          });
    }

    template <class State, class Deriv, class Time>
    void evaluate(const State& x, Deriv& dxdt, Time t, std::size_t lo, std::size_t hi) const
    {
        using value_type = std::decay_t<decltype(dxdt[0])>;
        if constexpr (has_range_rhs<System, State, value_type, Time>::value)
            m_sys.evaluate_range(lo, hi, x, &dxdt[lo], t);
        else
            for (std::size_t j = lo; j < hi; ++j)
                dxdt[j] = m_sys(j, x, t);
    }

    System m_sys;
};

// Wraps a LimitedAccessSystem for stock odeint steppers: the result is callable as
// (const State& x, Deriv& dxdt, Time t).
template <class System>
odeint_system_adaptor<std::decay_t<System>> as_odeint_system(System&& sys)
{
    static_assert(detail::has_access_distance<std::decay_t<System>>::value,
                  "a LimitedAccessSystem needs `std::size_t access_distance() const`");
    return odeint_system_adaptor<std::decay_t<System>>(std::forward<System>(sys));
}

} // namespace tiled
} // namespace odeint
} // namespace numeric
} // namespace boost

#endif // BOOST_NUMERIC_ODEINT_TILED_SYSTEM_AS_ODEINT_SYSTEM_HPP_INCLUDED
