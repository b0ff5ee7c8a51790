/*
 test/support/compile_fail/no_backend.cpp

 Must NOT compile (ctest build_no_backend_message builds it and expects the error):
 a tiled stepper on a state that no backend claims, here a container whose data()
 is a fancy pointer as thrust::device_vector's is, stops at the one static_assert of
 core/backend.hpp, which names the CUDA backend's header, and at nothing else.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>

#include <cstddef>
#include <vector>

#include "decay_system.hpp"

namespace {

template <class T>
struct fancy_pointer
{
    T* raw;
};

//! Shaped like thrust::device_vector for the dispatcher: data() is not a raw pointer.
struct device_like_state
{
    using value_type = double;
    std::vector<double> values;
    fancy_pointer<double> data() { return {values.data()}; }
    fancy_pointer<const double> data() const { return {values.data()}; }
    std::size_t size() const { return values.size(); }
    double& operator[](std::size_t i) { return values[i]; }
    const double& operator[](std::size_t i) const { return values[i]; }
};

} // namespace

int main()
{
    namespace odeint = boost::numeric::odeint;
    namespace tiled = boost::numeric::odeint::tiled;
    using boost_odeint_tiled_test::decay;
    device_like_state x{std::vector<double>(16, 1.0)};
    tiled::runge_kutta4<device_like_state> rk4;
    rk4.do_step(decay{}, x, 0.0, 0.1);
    auto controlled = odeint::make_controlled(1e-8, 1e-8, tiled::runge_kutta_dopri5<device_like_state>());
    double t = 0.0, dt = 0.1;
    controlled.try_step(decay{}, x, t, dt);
}
