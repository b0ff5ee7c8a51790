/*
 boost/numeric/odeint/tiled/backends/tbb/tbb_algebra.hpp

 tiled::tbb_algebra: an odeint Algebra (for_each1 ... for_each15, norm_inf) that
 runs the element loops of stock odeint steppers on TBB. Ranges whose iterators are
 random access (std::vector, std::array, boost::array, iterator ranges over them,
 ...) are split by index with tbb::parallel_for / tbb::parallel_reduce; other
 ranges fall back to a serial walk with range_algebra's semantics. Ranges shorter
 than the grain size run inline on the calling thread, without touching TBB.

 Each element sees exactly the operation range_algebra would apply to it, so the
 results of a stepper are bitwise identical to the same stepper with range_algebra;
 norm_inf is a max and therefore independent of the reduction order.

 Usage: pass it as the Algebra template parameter of any stock odeint stepper,
   odeint::runge_kutta4<std::vector<double>, double, std::vector<double>, double,
                        tiled::tbb_algebra>

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_ALGEBRA_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_ALGEBRA_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cassert>
#include <cmath>
#include <cstddef>
#include <iterator>
#include <tuple>
#include <type_traits>
#include <utility>

#include <boost/range/begin.hpp>
#include <boost/range/end.hpp>
#include <boost/range/iterator.hpp>

#include <boost/numeric/odeint/algebra/norm_result_type.hpp>
#include <boost/numeric/odeint/algebra/range_algebra.hpp>

#include <tbb/blocked_range.h>
#include <tbb/parallel_for.h>
#include <tbb/parallel_reduce.h>

namespace boost {
namespace numeric {
namespace odeint {
namespace tiled {

namespace detail {

// True when boost::begin(S&) yields a random-access iterator, i.e. element k can be
// reached in O(1) as *(begin + k). S may be const-qualified.
template <class S, class = void>
struct is_random_access_range : std::false_type {};

template <class S>
struct is_random_access_range<
    S, std::enable_if_t<std::is_base_of<
           std::random_access_iterator_tag,
           typename std::iterator_traits<typename boost::range_iterator<S>::type>::
               iterator_category>::value>> : std::true_type {};

template <class... S>
struct all_random_access
    : std::integral_constant<bool, (is_random_access_range<std::remove_reference_t<S>>::value && ...)> {};

} // namespace detail

struct tbb_algebra
{
    // Elements per TBB chunk; ranges up to this length run serially inline.
    // 16 Ki doubles = 128 KiB per range: large enough that the scheduling overhead
    // (a few microseconds) is small against the memory traffic of one chunk.
    static constexpr std::size_t grain_size = 16384;

    // The one implementation behind for_each1 ... for_each15: applies
    // op(s1[k], s2[k], ...) for every index k of s1 (all ranges have s1's length).
    template <class Op, class... S>
    static void for_each_n(Op op, S&&... s)
    {
        for_each_dispatch(detail::all_random_access<S...>{}, op, s...);
    }

    // odeint calls the algebra by these names, with the operation last.
#define BOOST_ODEINT_TILED_TBB_FOR_EACH(N)                                                       \
    template <class... A>                                                                         \
    static void for_each##N(A&&... a)                                                             \
    {                                                                                             \
        static_assert(sizeof...(A) == N + 1, "for_each" #N " takes " #N " ranges and an operation"); \
        call_op_last(std::forward_as_tuple(a...), std::make_index_sequence<N>{});                 \
    }
    BOOST_ODEINT_TILED_TBB_FOR_EACH(1)
    BOOST_ODEINT_TILED_TBB_FOR_EACH(2)
    BOOST_ODEINT_TILED_TBB_FOR_EACH(3)
    BOOST_ODEINT_TILED_TBB_FOR_EACH(4)
    BOOST_ODEINT_TILED_TBB_FOR_EACH(5)
    BOOST_ODEINT_TILED_TBB_FOR_EACH(6)
    BOOST_ODEINT_TILED_TBB_FOR_EACH(7)
    BOOST_ODEINT_TILED_TBB_FOR_EACH(8)
    BOOST_ODEINT_TILED_TBB_FOR_EACH(9)
    BOOST_ODEINT_TILED_TBB_FOR_EACH(10)
    BOOST_ODEINT_TILED_TBB_FOR_EACH(11)
    BOOST_ODEINT_TILED_TBB_FOR_EACH(12)
    BOOST_ODEINT_TILED_TBB_FOR_EACH(13)
    BOOST_ODEINT_TILED_TBB_FOR_EACH(14)
    BOOST_ODEINT_TILED_TBB_FOR_EACH(15)
#undef BOOST_ODEINT_TILED_TBB_FOR_EACH

    // max_k |s[k]|, as odeint's range_algebra::norm_inf.
    template <class S>
    static typename norm_result_type<S>::type norm_inf(const S& s)
    {
        using result_type = typename norm_result_type<S>::type;
        if constexpr (detail::is_random_access_range<const S>::value) {
            const auto first = boost::begin(s);
            const std::size_t n = static_cast<std::size_t>(boost::end(s) - first);
            const auto chunk = [first](std::size_t lo, std::size_t hi, result_type init) {
                using std::abs;
                using std::max;
                for (std::size_t k = lo; k < hi; ++k)
                    init = max(init, static_cast<result_type>(abs(*(first + k))));
                return init;
            };
            const result_type zero = static_cast<result_type>(0);
            if (n <= grain_size)
                return chunk(0, n, zero);
            return tbb::parallel_reduce(
                tbb::blocked_range<std::size_t>(0, n, grain_size), zero,
                [&chunk](const tbb::blocked_range<std::size_t>& r, result_type init) {
                    return chunk(r.begin(), r.end(), init);
                },
                [](result_type a, result_type b) {
                    using std::max;
                    return max(a, b);
                });
        } else {
            return range_algebra::norm_inf(s);
        }
    }

private:
    // for_eachN(s1, ..., sN, op) -> for_each_n(op, s1, ..., sN)
    template <class Tuple, std::size_t... I>
    static void call_op_last(Tuple&& t, std::index_sequence<I...>)
    {
        for_each_n(std::get<sizeof...(I)>(t), std::get<I>(t)...);
    }

    template <class Op, class... S>
    static void for_each_dispatch(std::true_type, Op& op, S&... s)
    {
        using first_range = std::tuple_element_t<0, std::tuple<S...>>;
        first_range& s1 = std::get<0>(std::forward_as_tuple(s...));
        const std::size_t n = static_cast<std::size_t>(boost::end(s1) - boost::begin(s1));
        assert(((static_cast<std::size_t>(boost::end(s) - boost::begin(s)) >= n) && ...));
        const auto first = std::make_tuple(boost::begin(s)...);
        if (n <= grain_size) {
            apply_chunk(op, first, 0, n, std::index_sequence_for<S...>{});
            return;
        }
        tbb::parallel_for(tbb::blocked_range<std::size_t>(0, n, grain_size),
                          [&op, &first](const tbb::blocked_range<std::size_t>& r) {
                              Op local = op; // odeint's range_algebra also works on a copy
                              apply_chunk(local, first, r.begin(), r.end(),
                                          std::index_sequence_for<S...>{});
                          });
    }

    template <class Op, class... S>
    static void for_each_dispatch(std::false_type, Op& op, S&... s)
    {
        serial_fallback(op, s...);
    }

    template <class Op, class Iters, std::size_t... I>
    static void apply_chunk(Op& op, const Iters& first, std::size_t lo, std::size_t hi,
                            std::index_sequence<I...>)
    {
        for (std::size_t k = lo; k < hi; ++k)
            op(*(std::get<I>(first) + static_cast<std::ptrdiff_t>(k))...);
    }

    // Non-random-access ranges: one serial forward walk over all ranges, with the
    // semantics of odeint's range_algebra (op(*it1, *it2, ...), then ++ each).
    template <class Op, class... S>
    static void serial_fallback(Op& op, S&... s)
    {
        auto its = std::make_tuple(boost::begin(s)...);
        const auto last = boost::end(std::get<0>(std::forward_as_tuple(s...)));
        walk(op, its, last, std::index_sequence_for<S...>{});
    }
    template <class Op, class Iters, class Last, std::size_t... I>
    static void walk(Op& op, Iters& its, const Last& last, std::index_sequence<I...>)
    {
        while (std::get<0>(its) != last) {
            op(*std::get<I>(its)...);
            (++std::get<I>(its), ...);
        }
    }
};

} // namespace tiled
} // namespace odeint
} // namespace numeric
} // namespace boost

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_ALGEBRA_HPP_INCLUDED
