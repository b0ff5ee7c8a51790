/*
 boost/numeric/odeint/tiled/core/backend.hpp

 How a tiled stepper finds the backend that runs its plans, and what a backend
 must bring (the Backend concept; doc/backends.md has the long form).

 Registration, as odeint's external/thrust specialises algebra_dispatcher: the core
 declares the traits below and knows no backend; each backends/<name>/ header
 specialises them for its own tag and state types.

   backend_dispatcher<State>        which backend tag a state selects (algebra_type)
                                    and the stage combinations (operations_type).
                                    Extension hook: backend_dispatcher_sfinae.
   default_backend<MemorySpace>     the backend of states that no backend claims by
                                    type: states whose data() is a raw pointer
                                    (host_memory) get the one a host backend
                                    registered (backends/tbb/tbb_backend.hpp).
                                    The core cannot name the TBB tag itself
                                    without including the TBB backend, so the
                                    default is a trait the TBB backend fills in.
   tiled_backend<Tag>               what the backend brings (below); the primary
                                    template is empty, which is "not a backend".

 Backend concept: tiled_backend<Tag> for a backend tag Tag has
   template <class Value> using workspace_type = W<Value>;   default constructible;
                                    one per stepper and its copies, its buffers
                                    follow the problem size
   using executor_type = E;         static members, all on the backend's memory:
     E::run<Tableau, WithError, Operations>(plan, ws, sys, y, out, err, t, h)
                                    one step: the plan's kernels in order, each
                                    tile's links over the plan's intervals
     E::run_error_norm<Tableau, Operations>(plan, ws, sys, y, out, t, h, params)
                                    -> error_norm_block<Value>: the error chain
                                    with the norm reduced in the error link
     E::vector_of(ws, v)            -> const Value*: permanent vector v or nullptr
     E::copy_values(from, to, n)    to[0, n) = from[0, n)
     E::scale_sum(out, x, c, k, n)  out = 1 x + sum c_m k_m, in odeint's order
   static tiling resolve_automatic(requested, chain, n, d, value_size)
                                    the tiling automatic() means here
   using access_record_type = R;    where a checked step records a read beyond the
                                    access distance: R::get(), R::take()
                                    (system/access_check.hpp; host_access_record
                                    for backends whose threads write host memory)
 A backend whose states are not contiguous host containers also specialises
 state_access and, where swap() exchanges buffers, state_swaps_buffers
 (core/state_access.hpp).

 check_backend<State, Tag>() gives one static_assert naming what is missing: the
 stepper stops there, not in pages of template errors (it also runs no code then).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_CORE_BACKEND_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_CORE_BACKEND_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/tiled/core/fused_operations.hpp>
#include <boost/numeric/odeint/tiled/core/link_chain.hpp>
#include <boost/numeric/odeint/tiled/core/tiling.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

//! The backend tag of states that no backend has claimed.
struct no_backend {};

//! Memory spaces of states: host_memory where data() is a raw pointer; other_memory
//! otherwise (device memory behind a fancy pointer, containers without data()).
struct host_memory {};
struct other_memory {};

template <class State, class Enable = void>
struct state_memory_space
{
    using type = other_memory;
};
template <class State>
struct state_memory_space<State, std::enable_if_t<std::is_pointer<decltype(std::declval<State&>().data())>::value>>
{
    using type = host_memory;
};

//! The backend of the states of one memory space that no backend claims by type;
//! none until a backend registers itself (backends/tbb/tbb_backend.hpp for host_memory).
template <class MemorySpace>
struct default_backend
{
    using algebra_type = no_backend;
    using operations_type = fused_operations;
};

//! Extension hook: specialise for your own state types (algebra_type: your backend's
//! tag; operations_type: fused_operations).
template <class State, class Enable = void>
struct backend_dispatcher_sfinae : default_backend<typename state_memory_space<State>::type> {};

template <class State>
struct backend_dispatcher : backend_dispatcher_sfinae<State> {};

//! What a backend brings to a tiled stepper (the Backend concept above); specialised
//! per backend tag. The empty primary template means "no backend".
template <class Tag>
struct tiled_backend {};

namespace detail {

/*! Optional: does the backend's executor run grid systems (tiled::grid) on tiles of
    cells, with static run_grid and run_grid_error_norm? An executor says so with
    `static constexpr bool runs_grid_systems = true;` (backends/cuda/cuda_executor.hpp). */
template <class Executor, class = void>
struct executor_runs_grid_systems : std::false_type {};
template <class Executor>
struct executor_runs_grid_systems<Executor, std::enable_if_t<Executor::runs_grid_systems>> : std::true_type {};

/*! Optional: does the executor run ring plans (make_tiling_plan with
    access_topology::ring), whose tiles may read across the state's ends, so that a
    periodic system with a cyclic_access_distance() is tiled around its ring? An
    executor says so with `static constexpr bool runs_ring_plans = true;`
    (backends/tbb/tbb_executor.hpp; the CUDA executor runs them but says false, its
    general kernel being slower on them than its stage kernels on the plan along the
    state). */
template <class Executor, class = void>
struct executor_runs_ring_plans : std::false_type {};
template <class Executor>
struct executor_runs_ring_plans<Executor, std::enable_if_t<Executor::runs_ring_plans>> : std::true_type {};

/*! Optional: does the executor step a periodic system on the line of its unrolled ring
    (system/unrolled_ring.hpp)? An executor says so with
    `static constexpr bool unrolls_rings = true;` and has static run_unrolled(plan,
    workspace, sys, ring, y, out, err, t, dt) and run_unrolled_error_norm(plan, workspace,
    sys, ring, y, out, t, dt, params, result), which run the line's plan reading and
    writing the state modulo n, or return false, running nothing, where its kernels
    cannot take the plan (backends/cuda/cuda_executor.hpp). The steppers ask for it on
    fixed steps and on the adaptive steppers' steps. */
template <class Executor, class = void>
struct executor_unrolls_rings : std::false_type {};
template <class Executor>
struct executor_unrolls_rings<Executor, std::enable_if_t<Executor::unrolls_rings>> : std::true_type {};

} // namespace detail

namespace detail {

template <class B, class = void>
struct has_backend_workspace : std::false_type {};
template <class B>
struct has_backend_workspace<B, std::void_t<typename B::template workspace_type<double>>>
    : std::is_default_constructible<typename B::template workspace_type<double>> {};

template <class B, class = void>
struct has_backend_executor : std::false_type {};
template <class B>
struct has_backend_executor<
    B, std::void_t<decltype(B::executor_type::vector_of(std::declval<const typename B::template workspace_type<double>&>(),
                                                        std::size_t())),
                   decltype(B::executor_type::copy_values(std::declval<const double*>(), std::declval<double*>(),
                                                          std::size_t()))>> : std::true_type {};

template <class B, class = void>
struct has_backend_resolve_automatic : std::false_type {};
template <class B>
struct has_backend_resolve_automatic<
    B, std::void_t<decltype(B::resolve_automatic(std::declval<const tiling&>(), std::declval<const link_chain&>(),
                                                 std::size_t(), std::size_t(), std::size_t()))>>
    : std::is_convertible<decltype(B::resolve_automatic(std::declval<const tiling&>(), std::declval<const link_chain&>(),
                                                        std::size_t(), std::size_t(), std::size_t())),
                          tiling> {};

template <class B, class = void>
struct has_backend_access_record : std::false_type {};
template <class B>
struct has_backend_access_record<B, std::void_t<decltype(std::declval<typename B::access_record_type&>().get()),
                                                decltype(std::declval<typename B::access_record_type&>().take())>>
    : std::true_type {};

} // namespace detail

//! tiled_backend<Tag> models the Backend concept (as far as types can tell).
template <class Tag>
struct is_tiled_backend
    : std::integral_constant<bool, detail::has_backend_workspace<tiled_backend<Tag>>::value &&
                                       detail::has_backend_executor<tiled_backend<Tag>>::value &&
                                       detail::has_backend_resolve_automatic<tiled_backend<Tag>>::value &&
                                       detail::has_backend_access_record<tiled_backend<Tag>>::value> {};

namespace detail {

template <class T>
struct dependent_false : std::false_type {};

/*! For a stepper on State whose Algebra (backend tag) is Tag: true, or the one
    static_assert of the first requirement that Tag's backend misses. */
template <class State, class Tag>
constexpr bool check_backend()
{
    using B = tiled_backend<Tag>;
    if constexpr (is_tiled_backend<Tag>::value)
        return true;
    else if constexpr (std::is_same<Tag, no_backend>::value &&
                       std::is_same<typename state_memory_space<State>::type, host_memory>::value)
    {
        static_assert(dependent_false<State>::value,
                      "tiled: no host backend is registered: include <boost/numeric/odeint/tiled.hpp> "
                      "(or <boost/numeric/odeint/tiled/backends/tbb/tbb_backend.hpp>)");
        return true;
    }
    else if constexpr (std::is_same<Tag, no_backend>::value)
    {
        static_assert(dependent_false<State>::value,
                      "tiled: no backend is registered for this state type; a thrust::device_vector state needs "
                      "<boost/numeric/odeint/tiled/backends/cuda/cuda.hpp> in code compiled by nvcc; other containers: "
                      "doc/backends.md");
        return true;
    }
    else if constexpr (!has_backend_workspace<B>::value)
    {
        static_assert(dependent_false<State>::value,
                      "tiled: the Algebra template argument names no backend: tiled_backend<Algebra> has no "
                      "default-constructible workspace_type<Value> (doc/backends.md)");
        return true;
    }
    else if constexpr (!has_backend_executor<B>::value)
    {
        static_assert(dependent_false<State>::value,
                      "tiled: tiled_backend<Algebra>::executor_type lacks vector_of(workspace, v) or "
                      "copy_values(from, to, n) (doc/backends.md)");
        return true;
    }
    else if constexpr (!has_backend_resolve_automatic<B>::value)
    {
        static_assert(dependent_false<State>::value,
                      "tiled: tiled_backend<Algebra> lacks static tiling resolve_automatic(requested, chain, n, d, "
                      "value_size) (doc/backends.md)");
        return true;
    }
    else
    {
        static_assert(dependent_false<State>::value,
                      "tiled: tiled_backend<Algebra>::access_record_type lacks get() and take() "
                      "(system/access_check.hpp, doc/backends.md)");
        return true;
    }
}

/*! Stands in for a backend that check_backend rejected, so that the stepper's class
    still forms and check_backend's message is the only error. */
struct rejected_backend
{
    template <class Value>
    struct workspace_type {};
    struct access_record_type {};
};

template <class Tag>
using checked_backend_t = std::conditional_t<is_tiled_backend<Tag>::value, tiled_backend<Tag>, rejected_backend>;

} // namespace detail

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_CORE_BACKEND_HPP_INCLUDED
