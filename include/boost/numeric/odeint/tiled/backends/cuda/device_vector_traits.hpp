/*
 boost/numeric/odeint/tiled/backends/cuda/device_vector_traits.hpp

 odeint traits for Thrust vectors, so that every stock odeint stepper (and its
 controlled and dense-output versions) takes a thrust::device_vector state:

   thrust::device_vector<T, A>   is_resizeable, resize_impl, same_size_impl,
                                 copy_impl (thrust::copy, also to and from
                                 thrust::host_vector and std::vector),
                                 algebra_dispatcher -> tiled::cuda_algebra,
                                 operations_dispatcher -> tiled::cuda_operations
   thrust::host_vector<T, A>     is_resizeable, resize_impl, same_size_impl
                                 (its algebra stays odeint's range_algebra)

 All specialisations are partial specialisations of odeint's primary templates on
 the class templates thrust::device_vector / thrust::host_vector, nothing else.
 This replaces odeint's boost/numeric/odeint/external/thrust headers, which must not
 be used with it: in Boost <= 1.84 they also specialise the same traits for
 thrust::cuda::vector, thrust::cpp::vector, ..., which Thrust >= 1.10 (every CUDA
 13 / CCCL 3) declares as aliases of one template, thrust::detail::vector_base, so
 the specialisations collide ("has already been defined", boostorg/odeint#45).
 To keep the two apart, this header defines the include guards of odeint's
 thrust_algebra_dispatcher.hpp, thrust_operations_dispatcher.hpp and
 thrust_resize.hpp: a later #include <boost/numeric/odeint/external/thrust/thrust.hpp>
 then only adds odeint's thrust_algebra and thrust_operations classes (usable
 explicitly as a baseline) and these traits stay the only ones. Including it in the
 other order is an error (#error below).

 Needs nvcc.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_DEVICE_VECTOR_TRAITS_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_DEVICE_VECTOR_TRAITS_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#if !defined(__CUDACC__)
#error "boost/numeric/odeint/tiled/backends/cuda/device_vector_traits.hpp must be compiled by nvcc (a .cu file)"
#endif

#if defined(BOOST_NUMERIC_ODEINT_EXTERNAL_THRUST_THRUST_ALGEBRA_DISPATCHER_HPP_DEFINED)        \
    || defined(BOOST_NUMERIC_ODEINT_EXTERNAL_THRUST_THRUST_OPERATIONS_DISPATCHER_HPP_DEFINED) \
    || defined(BOOST_NUMERIC_ODEINT_EXTERNAL_THRUST_THRUST_RESIZE_HPP_INCLUDED)
#error "boost_odeint_tiled's CUDA backend replaces odeint's external/thrust traits: include <boost/numeric/odeint/tiled/backends/cuda/cuda.hpp> before (or instead of) <boost/numeric/odeint/external/thrust/thrust.hpp>"
#endif
// Turn odeint's conflicting thrust trait headers into no-ops (see above).
#define BOOST_NUMERIC_ODEINT_EXTERNAL_THRUST_THRUST_ALGEBRA_DISPATCHER_HPP_DEFINED
#define BOOST_NUMERIC_ODEINT_EXTERNAL_THRUST_THRUST_OPERATIONS_DISPATCHER_HPP_DEFINED
#define BOOST_NUMERIC_ODEINT_EXTERNAL_THRUST_THRUST_RESIZE_HPP_INCLUDED

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/type_traits/integral_constant.hpp>

#include <thrust/copy.h>
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/tuple.h> // CCCL >= 3.3 no longer brings it in transitively

#include <boost/numeric/odeint/algebra/algebra_dispatcher.hpp>
#include <boost/numeric/odeint/algebra/operations_dispatcher.hpp>
#include <boost/numeric/odeint/util/copy.hpp>
#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resize.hpp>
#include <boost/numeric/odeint/util/same_size.hpp>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_algebra.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_operations.hpp>

namespace boost {
namespace numeric {
namespace odeint {

// ---- thrust::device_vector ------------------------------------------------------

template <class T, class A>
struct is_resizeable<thrust::device_vector<T, A>> : boost::true_type {};

template <class T, class A, class T2, class A2>
struct resize_impl<thrust::device_vector<T, A>, thrust::device_vector<T2, A2>>
{
    static void resize(thrust::device_vector<T, A>& x1, const thrust::device_vector<T2, A2>& x2)
    {
        x1.resize(x2.size());
    }
};

template <class T, class A, class T2, class A2>
struct same_size_impl<thrust::device_vector<T, A>, thrust::device_vector<T2, A2>>
{
    static bool same_size(const thrust::device_vector<T, A>& x1, const thrust::device_vector<T2, A2>& x2)
    {
        return x1.size() == x2.size();
    }
};

template <class T, class A>
struct algebra_dispatcher<thrust::device_vector<T, A>>
{
    typedef tiled::cuda_algebra algebra_type;
};

template <class T, class A>
struct operations_dispatcher<thrust::device_vector<T, A>>
{
    typedef tiled::cuda_operations operations_type;
};

// ---- thrust::host_vector (host memory: odeint's range_algebra) ------------------

template <class T, class A>
struct is_resizeable<thrust::host_vector<T, A>> : boost::true_type {};

template <class T, class A, class T2, class A2>
struct resize_impl<thrust::host_vector<T, A>, thrust::host_vector<T2, A2>>
{
    static void resize(thrust::host_vector<T, A>& x1, const thrust::host_vector<T2, A2>& x2)
    {
        x1.resize(x2.size());
    }
};

template <class T, class A, class T2, class A2>
struct same_size_impl<thrust::host_vector<T, A>, thrust::host_vector<T2, A2>>
{
    static bool same_size(const thrust::host_vector<T, A>& x1, const thrust::host_vector<T2, A2>& x2)
    {
        return x1.size() == x2.size();
    }
};

// ---- copy (odeint::copy(from, to); `to` must already be at least as long as `from`,
//      else std::invalid_argument) ---------------------------------------------------

namespace tiled {
namespace detail {
template <class From, class To>
struct thrust_copy_impl
{
    static void copy(const From& from, To& to)
    {
        if (to.size() < from.size())
            throw std::invalid_argument("boost_odeint_tiled: odeint::copy to a Thrust/std vector of "
                                        + std::to_string(to.size()) + " elements from one of "
                                        + std::to_string(from.size()));
        thrust::copy(from.begin(), from.end(), to.begin());
    }
};
} // namespace detail
} // namespace tiled

template <class T, class A, class T2, class A2>
struct copy_impl<thrust::device_vector<T, A>, thrust::device_vector<T2, A2>>
    : tiled::detail::thrust_copy_impl<thrust::device_vector<T, A>, thrust::device_vector<T2, A2>> {};

template <class T, class A, class T2, class A2>
struct copy_impl<thrust::host_vector<T, A>, thrust::device_vector<T2, A2>>
    : tiled::detail::thrust_copy_impl<thrust::host_vector<T, A>, thrust::device_vector<T2, A2>> {};

template <class T, class A, class T2, class A2>
struct copy_impl<thrust::device_vector<T, A>, thrust::host_vector<T2, A2>>
    : tiled::detail::thrust_copy_impl<thrust::device_vector<T, A>, thrust::host_vector<T2, A2>> {};

template <class T, class A, class T2, class A2>
struct copy_impl<thrust::host_vector<T, A>, thrust::host_vector<T2, A2>>
    : tiled::detail::thrust_copy_impl<thrust::host_vector<T, A>, thrust::host_vector<T2, A2>> {};

template <class T, class A, class T2, class A2>
struct copy_impl<std::vector<T, A>, thrust::device_vector<T2, A2>>
    : tiled::detail::thrust_copy_impl<std::vector<T, A>, thrust::device_vector<T2, A2>> {};

template <class T, class A, class T2, class A2>
struct copy_impl<thrust::device_vector<T, A>, std::vector<T2, A2>>
    : tiled::detail::thrust_copy_impl<thrust::device_vector<T, A>, std::vector<T2, A2>> {};

} // namespace odeint
} // namespace numeric
} // namespace boost

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_DEVICE_VECTOR_TRAITS_HPP_INCLUDED
