/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_operations.hpp

 tiled::cuda_operations: odeint's Operations (the element functors that stock
 steppers hand to the algebra) with every operator() callable on the device. It
 mirrors odeint's default_operations member for member (scale, scale_sum1 ...
 scale_sum14, scale_sum_swap2, rel_error, default_rel_error, maximum,
 rel_error_max, rel_error_max2, rel_error_l2, rel_error_l2_2) and computes the same
 expressions, so a stepper gives the same results as with default_operations up to
 rounding (nvcc contracts a*b+c into FMAs by default).

 rel_error is odeint's default_operations formula (the error checker of controlled
 steppers, for_each3(x_err, x_old, dxdt_old, rel_error(...))):
     x_err = |x_err| / (eps_abs + eps_rel * (a_x * |x_old| + a_dxdt * |dxdt_old|))
 and not the one of odeint's external/thrust/thrust_operations.hpp, which misplaces
 an abs.

 Values are plain arithmetic types (float, double); Boost.Units quantities and
 complex numbers are not supported on the device. The header needs no CUDA: under
 a plain C++ compiler BOOST_ODEINT_TILED_HD is empty and the functors are ordinary
 host functors (used by the host tests of rel_error).

 Selected automatically for thrust::device_vector states (device_vector_traits.hpp),
 or explicitly as the Operations template parameter of a stock stepper.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_OPERATIONS_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_OPERATIONS_HPP_INCLUDED

#include <math.h>

#include <boost/numeric/odeint/tiled/config.hpp>

namespace boost {
namespace numeric {
namespace odeint {
namespace tiled {

namespace detail {

// |x| on host and device: fabs/fabsf for the floating-point types (so that -0.0
// gives +0.0 and NaN stays NaN), a comparison otherwise.
template <class T>
BOOST_ODEINT_TILED_HD inline T cuda_abs(const T& x)
{
    return x < T(0) ? -x : x;
}
BOOST_ODEINT_TILED_HD inline double cuda_abs(double x) { return ::fabs(x); }
BOOST_ODEINT_TILED_HD inline float cuda_abs(float x) { return ::fabsf(x); }

// max(a, b) that propagates a NaN in b (max(init, NaN) is NaN, as a NaN error must
// not be reported as small); a NaN in a stays as well.
template <class T>
BOOST_ODEINT_TILED_HD inline T cuda_max(const T& a, const T& b)
{
    return (a < b || b != b) ? b : a;
}

} // namespace detail

struct cuda_operations
{
    template <class Fac1 = double>
    struct scale
    {
        const Fac1 m_alpha1;

        BOOST_ODEINT_TILED_HD scale(Fac1 alpha1) : m_alpha1(alpha1) {}

        template <class T1>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1) const
        {
            t1 *= m_alpha1;
        }

        typedef void result_type;
    };

    template <class Fac1 = double>
    struct scale_sum1
    {
        const Fac1 m_alpha1;

        BOOST_ODEINT_TILED_HD scale_sum1(Fac1 alpha1)
            : m_alpha1(alpha1) {}

        template <class T1, class T2>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, const T2& t2) const
        {
            t1 = m_alpha1 * t2;
        }

        typedef void result_type;
    };

    template <class Fac1 = double, class Fac2 = Fac1>
    struct scale_sum2
    {
        const Fac1 m_alpha1;
        const Fac2 m_alpha2;

        BOOST_ODEINT_TILED_HD scale_sum2(Fac1 alpha1, Fac2 alpha2)
            : m_alpha1(alpha1), m_alpha2(alpha2) {}

        template <class T1, class T2, class T3>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, const T2& t2, const T3& t3) const
        {
            t1 = m_alpha1 * t2 + m_alpha2 * t3;
        }

        typedef void result_type;
    };

    template <class Fac1 = double, class Fac2 = Fac1, class Fac3 = Fac2>
    struct scale_sum3
    {
        const Fac1 m_alpha1;
        const Fac2 m_alpha2;
        const Fac3 m_alpha3;

        BOOST_ODEINT_TILED_HD scale_sum3(Fac1 alpha1, Fac2 alpha2, Fac3 alpha3)
            : m_alpha1(alpha1), m_alpha2(alpha2), m_alpha3(alpha3) {}

        template <class T1, class T2, class T3, class T4>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, const T2& t2, const T3& t3, const T4& t4) const
        {
            t1 = m_alpha1 * t2 + m_alpha2 * t3 + m_alpha3 * t4;
        }

        typedef void result_type;
    };

    template <class Fac1 = double, class Fac2 = Fac1, class Fac3 = Fac2, class Fac4 = Fac3>
    struct scale_sum4
    {
        const Fac1 m_alpha1;
        const Fac2 m_alpha2;
        const Fac3 m_alpha3;
        const Fac4 m_alpha4;

        BOOST_ODEINT_TILED_HD scale_sum4(Fac1 alpha1, Fac2 alpha2, Fac3 alpha3, Fac4 alpha4)
            : m_alpha1(alpha1), m_alpha2(alpha2), m_alpha3(alpha3), m_alpha4(alpha4) {}

        template <class T1, class T2, class T3, class T4, class T5>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, const T2& t2, const T3& t3, const T4& t4, const T5& t5) const
        {
            t1 = m_alpha1 * t2 + m_alpha2 * t3 + m_alpha3 * t4 + m_alpha4 * t5;
        }

        typedef void result_type;
    };

    template <class Fac1 = double, class Fac2 = Fac1, class Fac3 = Fac2, class Fac4 = Fac3, class Fac5 = Fac4>
    struct scale_sum5
    {
        const Fac1 m_alpha1;
        const Fac2 m_alpha2;
        const Fac3 m_alpha3;
        const Fac4 m_alpha4;
        const Fac5 m_alpha5;

        BOOST_ODEINT_TILED_HD scale_sum5(Fac1 alpha1, Fac2 alpha2, Fac3 alpha3, Fac4 alpha4, Fac5 alpha5)
            : m_alpha1(alpha1), m_alpha2(alpha2), m_alpha3(alpha3), m_alpha4(alpha4), m_alpha5(alpha5) {}

        template <class T1, class T2, class T3, class T4, class T5, class T6>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, const T2& t2, const T3& t3, const T4& t4, const T5& t5, const T6& t6) const
        {
            t1 = m_alpha1 * t2 + m_alpha2 * t3 + m_alpha3 * t4 + m_alpha4 * t5 + m_alpha5 * t6;
        }

        typedef void result_type;
    };

    template <class Fac1 = double, class Fac2 = Fac1, class Fac3 = Fac2, class Fac4 = Fac3, class Fac5 = Fac4, class Fac6 = Fac5>
    struct scale_sum6
    {
        const Fac1 m_alpha1;
        const Fac2 m_alpha2;
        const Fac3 m_alpha3;
        const Fac4 m_alpha4;
        const Fac5 m_alpha5;
        const Fac6 m_alpha6;

        BOOST_ODEINT_TILED_HD scale_sum6(Fac1 alpha1, Fac2 alpha2, Fac3 alpha3, Fac4 alpha4, Fac5 alpha5, Fac6 alpha6)
            : m_alpha1(alpha1), m_alpha2(alpha2), m_alpha3(alpha3), m_alpha4(alpha4), m_alpha5(alpha5), m_alpha6(alpha6) {}

        template <class T1, class T2, class T3, class T4, class T5, class T6, class T7>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, const T2& t2, const T3& t3, const T4& t4, const T5& t5, const T6& t6, const T7& t7) const
        {
            t1 = m_alpha1 * t2 + m_alpha2 * t3 + m_alpha3 * t4 + m_alpha4 * t5 + m_alpha5 * t6 + m_alpha6 * t7;
        }

        typedef void result_type;
    };

    template <class Fac1 = double, class Fac2 = Fac1, class Fac3 = Fac2, class Fac4 = Fac3, class Fac5 = Fac4, class Fac6 = Fac5, class Fac7 = Fac6>
    struct scale_sum7
    {
        const Fac1 m_alpha1;
        const Fac2 m_alpha2;
        const Fac3 m_alpha3;
        const Fac4 m_alpha4;
        const Fac5 m_alpha5;
        const Fac6 m_alpha6;
        const Fac7 m_alpha7;

        BOOST_ODEINT_TILED_HD scale_sum7(Fac1 alpha1, Fac2 alpha2, Fac3 alpha3, Fac4 alpha4, Fac5 alpha5, Fac6 alpha6, Fac7 alpha7)
            : m_alpha1(alpha1), m_alpha2(alpha2), m_alpha3(alpha3), m_alpha4(alpha4), m_alpha5(alpha5), m_alpha6(alpha6), m_alpha7(alpha7) {}

        template <class T1, class T2, class T3, class T4, class T5, class T6, class T7, class T8>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, const T2& t2, const T3& t3, const T4& t4, const T5& t5, const T6& t6, const T7& t7, const T8& t8) const
        {
            t1 = m_alpha1 * t2 + m_alpha2 * t3 + m_alpha3 * t4 + m_alpha4 * t5 + m_alpha5 * t6 + m_alpha6 * t7 + m_alpha7 * t8;
        }

        typedef void result_type;
    };

    template <class Fac1 = double, class Fac2 = Fac1, class Fac3 = Fac2, class Fac4 = Fac3, class Fac5 = Fac4, class Fac6 = Fac5, class Fac7 = Fac6, class Fac8 = Fac7>
    struct scale_sum8
    {
        const Fac1 m_alpha1;
        const Fac2 m_alpha2;
        const Fac3 m_alpha3;
        const Fac4 m_alpha4;
        const Fac5 m_alpha5;
        const Fac6 m_alpha6;
        const Fac7 m_alpha7;
        const Fac8 m_alpha8;

        BOOST_ODEINT_TILED_HD scale_sum8(Fac1 alpha1, Fac2 alpha2, Fac3 alpha3, Fac4 alpha4, Fac5 alpha5, Fac6 alpha6, Fac7 alpha7, Fac8 alpha8)
            : m_alpha1(alpha1), m_alpha2(alpha2), m_alpha3(alpha3), m_alpha4(alpha4), m_alpha5(alpha5), m_alpha6(alpha6), m_alpha7(alpha7), m_alpha8(alpha8) {}

        template <class T1, class T2, class T3, class T4, class T5, class T6, class T7, class T8, class T9>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, const T2& t2, const T3& t3, const T4& t4, const T5& t5, const T6& t6, const T7& t7, const T8& t8, const T9& t9) const
        {
            t1 = m_alpha1 * t2 + m_alpha2 * t3 + m_alpha3 * t4 + m_alpha4 * t5 + m_alpha5 * t6 + m_alpha6 * t7 + m_alpha7 * t8 + m_alpha8 * t9;
        }

        typedef void result_type;
    };

    template <class Fac1 = double, class Fac2 = Fac1, class Fac3 = Fac2, class Fac4 = Fac3, class Fac5 = Fac4, class Fac6 = Fac5, class Fac7 = Fac6, class Fac8 = Fac7, class Fac9 = Fac8>
    struct scale_sum9
    {
        const Fac1 m_alpha1;
        const Fac2 m_alpha2;
        const Fac3 m_alpha3;
        const Fac4 m_alpha4;
        const Fac5 m_alpha5;
        const Fac6 m_alpha6;
        const Fac7 m_alpha7;
        const Fac8 m_alpha8;
        const Fac9 m_alpha9;

        BOOST_ODEINT_TILED_HD scale_sum9(Fac1 alpha1, Fac2 alpha2, Fac3 alpha3, Fac4 alpha4, Fac5 alpha5, Fac6 alpha6, Fac7 alpha7, Fac8 alpha8, Fac9 alpha9)
            : m_alpha1(alpha1), m_alpha2(alpha2), m_alpha3(alpha3), m_alpha4(alpha4), m_alpha5(alpha5), m_alpha6(alpha6), m_alpha7(alpha7), m_alpha8(alpha8), m_alpha9(alpha9) {}

        template <class T1, class T2, class T3, class T4, class T5, class T6, class T7, class T8, class T9, class T10>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, const T2& t2, const T3& t3, const T4& t4, const T5& t5, const T6& t6, const T7& t7, const T8& t8, const T9& t9, const T10& t10) const
        {
            t1 = m_alpha1 * t2 + m_alpha2 * t3 + m_alpha3 * t4 + m_alpha4 * t5 + m_alpha5 * t6 + m_alpha6 * t7 + m_alpha7 * t8 + m_alpha8 * t9 + m_alpha9 * t10;
        }

        typedef void result_type;
    };

    template <class Fac1 = double, class Fac2 = Fac1, class Fac3 = Fac2, class Fac4 = Fac3, class Fac5 = Fac4, class Fac6 = Fac5, class Fac7 = Fac6, class Fac8 = Fac7, class Fac9 = Fac8, class Fac10 = Fac9>
    struct scale_sum10
    {
        const Fac1 m_alpha1;
        const Fac2 m_alpha2;
        const Fac3 m_alpha3;
        const Fac4 m_alpha4;
        const Fac5 m_alpha5;
        const Fac6 m_alpha6;
        const Fac7 m_alpha7;
        const Fac8 m_alpha8;
        const Fac9 m_alpha9;
        const Fac10 m_alpha10;

        BOOST_ODEINT_TILED_HD scale_sum10(Fac1 alpha1, Fac2 alpha2, Fac3 alpha3, Fac4 alpha4, Fac5 alpha5, Fac6 alpha6, Fac7 alpha7, Fac8 alpha8, Fac9 alpha9, Fac10 alpha10)
            : m_alpha1(alpha1), m_alpha2(alpha2), m_alpha3(alpha3), m_alpha4(alpha4), m_alpha5(alpha5), m_alpha6(alpha6), m_alpha7(alpha7), m_alpha8(alpha8), m_alpha9(alpha9), m_alpha10(alpha10) {}

        template <class T1, class T2, class T3, class T4, class T5, class T6, class T7, class T8, class T9, class T10, class T11>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, const T2& t2, const T3& t3, const T4& t4, const T5& t5, const T6& t6, const T7& t7, const T8& t8, const T9& t9, const T10& t10, const T11& t11) const
        {
            t1 = m_alpha1 * t2 + m_alpha2 * t3 + m_alpha3 * t4 + m_alpha4 * t5 + m_alpha5 * t6 + m_alpha6 * t7 + m_alpha7 * t8 + m_alpha8 * t9 + m_alpha9 * t10 + m_alpha10 * t11;
        }

        typedef void result_type;
    };

    template <class Fac1 = double, class Fac2 = Fac1, class Fac3 = Fac2, class Fac4 = Fac3, class Fac5 = Fac4, class Fac6 = Fac5, class Fac7 = Fac6, class Fac8 = Fac7, class Fac9 = Fac8, class Fac10 = Fac9, class Fac11 = Fac10>
    struct scale_sum11
    {
        const Fac1 m_alpha1;
        const Fac2 m_alpha2;
        const Fac3 m_alpha3;
        const Fac4 m_alpha4;
        const Fac5 m_alpha5;
        const Fac6 m_alpha6;
        const Fac7 m_alpha7;
        const Fac8 m_alpha8;
        const Fac9 m_alpha9;
        const Fac10 m_alpha10;
        const Fac11 m_alpha11;

        BOOST_ODEINT_TILED_HD scale_sum11(Fac1 alpha1, Fac2 alpha2, Fac3 alpha3, Fac4 alpha4, Fac5 alpha5, Fac6 alpha6, Fac7 alpha7, Fac8 alpha8, Fac9 alpha9, Fac10 alpha10, Fac11 alpha11)
            : m_alpha1(alpha1), m_alpha2(alpha2), m_alpha3(alpha3), m_alpha4(alpha4), m_alpha5(alpha5), m_alpha6(alpha6), m_alpha7(alpha7), m_alpha8(alpha8), m_alpha9(alpha9), m_alpha10(alpha10), m_alpha11(alpha11) {}

        template <class T1, class T2, class T3, class T4, class T5, class T6, class T7, class T8, class T9, class T10, class T11, class T12>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, const T2& t2, const T3& t3, const T4& t4, const T5& t5, const T6& t6, const T7& t7, const T8& t8, const T9& t9, const T10& t10, const T11& t11, const T12& t12) const
        {
            t1 = m_alpha1 * t2 + m_alpha2 * t3 + m_alpha3 * t4 + m_alpha4 * t5 + m_alpha5 * t6 + m_alpha6 * t7 + m_alpha7 * t8 + m_alpha8 * t9 + m_alpha9 * t10 + m_alpha10 * t11 + m_alpha11 * t12;
        }

        typedef void result_type;
    };

    template <class Fac1 = double, class Fac2 = Fac1, class Fac3 = Fac2, class Fac4 = Fac3, class Fac5 = Fac4, class Fac6 = Fac5, class Fac7 = Fac6, class Fac8 = Fac7, class Fac9 = Fac8, class Fac10 = Fac9, class Fac11 = Fac10, class Fac12 = Fac11>
    struct scale_sum12
    {
        const Fac1 m_alpha1;
        const Fac2 m_alpha2;
        const Fac3 m_alpha3;
        const Fac4 m_alpha4;
        const Fac5 m_alpha5;
        const Fac6 m_alpha6;
        const Fac7 m_alpha7;
        const Fac8 m_alpha8;
        const Fac9 m_alpha9;
        const Fac10 m_alpha10;
        const Fac11 m_alpha11;
        const Fac12 m_alpha12;

        BOOST_ODEINT_TILED_HD scale_sum12(Fac1 alpha1, Fac2 alpha2, Fac3 alpha3, Fac4 alpha4, Fac5 alpha5, Fac6 alpha6, Fac7 alpha7, Fac8 alpha8, Fac9 alpha9, Fac10 alpha10, Fac11 alpha11, Fac12 alpha12)
            : m_alpha1(alpha1), m_alpha2(alpha2), m_alpha3(alpha3), m_alpha4(alpha4), m_alpha5(alpha5), m_alpha6(alpha6), m_alpha7(alpha7), m_alpha8(alpha8), m_alpha9(alpha9), m_alpha10(alpha10), m_alpha11(alpha11), m_alpha12(alpha12) {}

        template <class T1, class T2, class T3, class T4, class T5, class T6, class T7, class T8, class T9, class T10, class T11, class T12, class T13>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, const T2& t2, const T3& t3, const T4& t4, const T5& t5, const T6& t6, const T7& t7, const T8& t8, const T9& t9, const T10& t10, const T11& t11, const T12& t12, const T13& t13) const
        {
            t1 = m_alpha1 * t2 + m_alpha2 * t3 + m_alpha3 * t4 + m_alpha4 * t5 + m_alpha5 * t6 + m_alpha6 * t7 + m_alpha7 * t8 + m_alpha8 * t9 + m_alpha9 * t10 + m_alpha10 * t11 + m_alpha11 * t12 + m_alpha12 * t13;
        }

        typedef void result_type;
    };

    template <class Fac1 = double, class Fac2 = Fac1, class Fac3 = Fac2, class Fac4 = Fac3, class Fac5 = Fac4, class Fac6 = Fac5, class Fac7 = Fac6, class Fac8 = Fac7, class Fac9 = Fac8, class Fac10 = Fac9, class Fac11 = Fac10, class Fac12 = Fac11, class Fac13 = Fac12>
    struct scale_sum13
    {
        const Fac1 m_alpha1;
        const Fac2 m_alpha2;
        const Fac3 m_alpha3;
        const Fac4 m_alpha4;
        const Fac5 m_alpha5;
        const Fac6 m_alpha6;
        const Fac7 m_alpha7;
        const Fac8 m_alpha8;
        const Fac9 m_alpha9;
        const Fac10 m_alpha10;
        const Fac11 m_alpha11;
        const Fac12 m_alpha12;
        const Fac13 m_alpha13;

        BOOST_ODEINT_TILED_HD scale_sum13(Fac1 alpha1, Fac2 alpha2, Fac3 alpha3, Fac4 alpha4, Fac5 alpha5, Fac6 alpha6, Fac7 alpha7, Fac8 alpha8, Fac9 alpha9, Fac10 alpha10, Fac11 alpha11, Fac12 alpha12, Fac13 alpha13)
            : m_alpha1(alpha1), m_alpha2(alpha2), m_alpha3(alpha3), m_alpha4(alpha4), m_alpha5(alpha5), m_alpha6(alpha6), m_alpha7(alpha7), m_alpha8(alpha8), m_alpha9(alpha9), m_alpha10(alpha10), m_alpha11(alpha11), m_alpha12(alpha12), m_alpha13(alpha13) {}

        template <class T1, class T2, class T3, class T4, class T5, class T6, class T7, class T8, class T9, class T10, class T11, class T12, class T13, class T14>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, const T2& t2, const T3& t3, const T4& t4, const T5& t5, const T6& t6, const T7& t7, const T8& t8, const T9& t9, const T10& t10, const T11& t11, const T12& t12, const T13& t13, const T14& t14) const
        {
            t1 = m_alpha1 * t2 + m_alpha2 * t3 + m_alpha3 * t4 + m_alpha4 * t5 + m_alpha5 * t6 + m_alpha6 * t7 + m_alpha7 * t8 + m_alpha8 * t9 + m_alpha9 * t10 + m_alpha10 * t11 + m_alpha11 * t12 + m_alpha12 * t13 + m_alpha13 * t14;
        }

        typedef void result_type;
    };

    template <class Fac1 = double, class Fac2 = Fac1, class Fac3 = Fac2, class Fac4 = Fac3, class Fac5 = Fac4, class Fac6 = Fac5, class Fac7 = Fac6, class Fac8 = Fac7, class Fac9 = Fac8, class Fac10 = Fac9, class Fac11 = Fac10, class Fac12 = Fac11, class Fac13 = Fac12, class Fac14 = Fac13>
    struct scale_sum14
    {
        const Fac1 m_alpha1;
        const Fac2 m_alpha2;
        const Fac3 m_alpha3;
        const Fac4 m_alpha4;
        const Fac5 m_alpha5;
        const Fac6 m_alpha6;
        const Fac7 m_alpha7;
        const Fac8 m_alpha8;
        const Fac9 m_alpha9;
        const Fac10 m_alpha10;
        const Fac11 m_alpha11;
        const Fac12 m_alpha12;
        const Fac13 m_alpha13;
        const Fac14 m_alpha14;

        BOOST_ODEINT_TILED_HD scale_sum14(Fac1 alpha1, Fac2 alpha2, Fac3 alpha3, Fac4 alpha4, Fac5 alpha5, Fac6 alpha6, Fac7 alpha7, Fac8 alpha8, Fac9 alpha9, Fac10 alpha10, Fac11 alpha11, Fac12 alpha12, Fac13 alpha13, Fac14 alpha14)
            : m_alpha1(alpha1), m_alpha2(alpha2), m_alpha3(alpha3), m_alpha4(alpha4), m_alpha5(alpha5), m_alpha6(alpha6), m_alpha7(alpha7), m_alpha8(alpha8), m_alpha9(alpha9), m_alpha10(alpha10), m_alpha11(alpha11), m_alpha12(alpha12), m_alpha13(alpha13), m_alpha14(alpha14) {}

        template <class T1, class T2, class T3, class T4, class T5, class T6, class T7, class T8, class T9, class T10, class T11, class T12, class T13, class T14, class T15>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, const T2& t2, const T3& t3, const T4& t4, const T5& t5, const T6& t6, const T7& t7, const T8& t8, const T9& t9, const T10& t10, const T11& t11, const T12& t12, const T13& t13, const T14& t14, const T15& t15) const
        {
            t1 = m_alpha1 * t2 + m_alpha2 * t3 + m_alpha3 * t4 + m_alpha4 * t5 + m_alpha5 * t6 + m_alpha6 * t7 + m_alpha7 * t8 + m_alpha8 * t9 + m_alpha9 * t10 + m_alpha10 * t11 + m_alpha11 * t12 + m_alpha12 * t13 + m_alpha13 * t14 + m_alpha14 * t15;
        }

        typedef void result_type;
    };

    template <class Fac1 = double, class Fac2 = Fac1>
    struct scale_sum_swap2
    {
        const Fac1 m_alpha1;
        const Fac2 m_alpha2;

        BOOST_ODEINT_TILED_HD scale_sum_swap2(Fac1 alpha1, Fac2 alpha2) : m_alpha1(alpha1), m_alpha2(alpha2) {}

        template <class T1, class T2, class T3>
        BOOST_ODEINT_TILED_HD void operator()(T1& t1, T2& t2, const T3& t3) const
        {
            const T1 tmp(t1);
            t1 = m_alpha1 * t2 + m_alpha2 * t3;
            t2 = tmp;
        }

        typedef void result_type;
    };

    // for_each3(x_err, x_old, dxdt_old, rel_error(eps_abs, eps_rel, a_x, a_dxdt * |dt|)):
    //   x_err = |x_err| / (eps_abs + eps_rel * (a_x * |x_old| + a_dxdt * |dxdt_old|))
    template <class Fac1 = double>
    struct rel_error
    {
        const Fac1 m_eps_abs, m_eps_rel, m_a_x, m_a_dxdt;

        BOOST_ODEINT_TILED_HD rel_error(Fac1 eps_abs, Fac1 eps_rel, Fac1 a_x, Fac1 a_dxdt)
            : m_eps_abs(eps_abs), m_eps_rel(eps_rel), m_a_x(a_x), m_a_dxdt(a_dxdt) {}

        template <class T1, class T2, class T3>
        BOOST_ODEINT_TILED_HD void operator()(T3& t3, const T1& t1, const T2& t2) const
        {
            using detail::cuda_abs;
            t3 = cuda_abs(t3) / (m_eps_abs + m_eps_rel * (m_a_x * cuda_abs(t1) + m_a_dxdt * cuda_abs(t2)));
        }

        typedef void result_type;
    };

    // for_each3 (rosenbrock4's controller): x_err = |x_err| / (eps_abs + eps_rel * max(|x|, |x_old|))
    template <class Fac1 = double>
    struct default_rel_error
    {
        const Fac1 m_eps_abs, m_eps_rel;

        BOOST_ODEINT_TILED_HD default_rel_error(Fac1 eps_abs, Fac1 eps_rel) : m_eps_abs(eps_abs), m_eps_rel(eps_rel) {}

        template <class T1, class T2, class T3>
        BOOST_ODEINT_TILED_HD void operator()(T3& t3, const T1& t1, const T2& t2) const
        {
            using detail::cuda_abs;
            const Fac1 x1 = cuda_abs(t1), x2 = cuda_abs(t2);
            t3 = cuda_abs(t3) / (m_eps_abs + m_eps_rel * (x1 < x2 ? x2 : x1));
        }

        typedef void result_type;
    };

    // max(|t1|, |t2|), for reductions
    template <class Value>
    struct maximum
    {
        template <class Fac1, class Fac2>
        BOOST_ODEINT_TILED_HD Value operator()(Fac1 t1, const Fac2 t2) const
        {
            using detail::cuda_abs;
            const Value a1 = cuda_abs(t1), a2 = cuda_abs(t2);
            return (a1 < a2) ? a2 : a1;
        }

        typedef Value result_type;
    };

    template <class Fac1 = double>
    struct rel_error_max
    {
        const Fac1 m_eps_abs, m_eps_rel;

        BOOST_ODEINT_TILED_HD rel_error_max(Fac1 eps_abs, Fac1 eps_rel) : m_eps_abs(eps_abs), m_eps_rel(eps_rel) {}

        template <class Res, class T1, class T2, class T3>
        BOOST_ODEINT_TILED_HD Res operator()(Res r, const T1& x_old, const T2& x, const T3& x_err) const
        {
            using detail::cuda_abs;
            const auto a = cuda_abs(x_old), b = cuda_abs(x);
            const Res tmp = cuda_abs(x_err) / (m_eps_abs + m_eps_rel * (a < b ? b : a));
            return r < tmp ? tmp : r;
        }
    };

    template <class Fac1 = double>
    struct rel_error_max2
    {
        const Fac1 m_eps_abs, m_eps_rel, m_a_x, m_a_dxdt;

        BOOST_ODEINT_TILED_HD rel_error_max2(Fac1 eps_abs, Fac1 eps_rel, Fac1 a_x, Fac1 a_dxdt)
            : m_eps_abs(eps_abs), m_eps_rel(eps_rel), m_a_x(a_x), m_a_dxdt(a_dxdt) {}

        template <class Res, class T1, class T2, class T3, class T4>
        BOOST_ODEINT_TILED_HD Res operator()(Res r, const T1& x_old, const T2& /*x*/, const T3& dxdt_old,
                                             const T4& x_err) const
        {
            using detail::cuda_abs;
            const Res tmp = cuda_abs(x_err)
                / (m_eps_abs + m_eps_rel * (m_a_x * cuda_abs(x_old) + m_a_dxdt * cuda_abs(dxdt_old)));
            return r < tmp ? tmp : r;
        }
    };

    template <class Fac1 = double>
    struct rel_error_l2
    {
        const Fac1 m_eps_abs, m_eps_rel;

        BOOST_ODEINT_TILED_HD rel_error_l2(Fac1 eps_abs, Fac1 eps_rel) : m_eps_abs(eps_abs), m_eps_rel(eps_rel) {}

        template <class Res, class T1, class T2, class T3>
        BOOST_ODEINT_TILED_HD Res operator()(Res r, const T1& x_old, const T2& x, const T3& x_err) const
        {
            using detail::cuda_abs;
            const auto a = cuda_abs(x_old), b = cuda_abs(x);
            const Res tmp = cuda_abs(x_err) / (m_eps_abs + m_eps_rel * (a < b ? b : a));
            return r + tmp * tmp;
        }
    };

    template <class Fac1 = double>
    struct rel_error_l2_2
    {
        const Fac1 m_eps_abs, m_eps_rel, m_a_x, m_a_dxdt;

        BOOST_ODEINT_TILED_HD rel_error_l2_2(Fac1 eps_abs, Fac1 eps_rel, Fac1 a_x, Fac1 a_dxdt)
            : m_eps_abs(eps_abs), m_eps_rel(eps_rel), m_a_x(a_x), m_a_dxdt(a_dxdt) {}

        template <class Res, class T1, class T2, class T3, class T4>
        BOOST_ODEINT_TILED_HD Res operator()(Res r, const T1& x_old, const T2& /*x*/, const T3& dxdt_old,
                                             const T4& x_err) const
        {
            using detail::cuda_abs;
            const Res tmp = cuda_abs(x_err)
                / (m_eps_abs + m_eps_rel * (m_a_x * cuda_abs(x_old) + m_a_dxdt * cuda_abs(dxdt_old)));
            return r + tmp * tmp;
        }
    };
};

} // namespace tiled
} // namespace odeint
} // namespace numeric
} // namespace boost

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_OPERATIONS_HPP_INCLUDED
