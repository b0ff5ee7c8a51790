/*
 boost/numeric/odeint/tiled/system/access_check.hpp

 Catching a system that reads further than its access_distance() says. Such a
 system is the one mistake the LimitedAccessSystem concept invites, and a tiled
 step cannot notice it by itself: a tile hands the system a window of the stage
 argument, and a read past the window returns another tile's data or stale data,
 which differs from run to run.

 Two tools:

 - check_access_distance(sys, x, t) / check_access_distance(sys, n, t) evaluates
   every component on the host through a recording view and returns what it read:
   the farthest offset, the component that read it, and the declared d. Use it in
   a test or once at start-up; it works in release builds.

 - The checked mode. With BOOST_ODEINT_TILED_CHECK_ACCESS set to 1 (the default in
   builds without NDEBUG, i.e. debug builds), every tiled step hands the system
   views that check each read: a read of y[i] with |i - j| > d, or i outside the
   state, is recorded (the first one of a step), answered with y[j] instead of
   memory outside the window, and after the step the stepper throws
   access_distance_error naming the component, the index read and the declared d.
   It works on both backends: on the GPU the record lives in mapped host memory,
   the kernel carries on, and the host throws once the step has finished. Define
   BOOST_ODEINT_TILED_CHECK_ACCESS to 0 to turn it off in a debug build, to 1 to
   turn it on in a release build. The values of a step that found a violation are
   not to be used; without a violation the checked mode gives the same bits.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_SYSTEM_ACCESS_CHECK_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_SYSTEM_ACCESS_CHECK_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#if defined(_MSC_VER) && !defined(__clang__)
#include <intrin.h>
#endif

#include <boost/numeric/odeint/tiled/core/interval.hpp>
#include <boost/numeric/odeint/tiled/system/limited_access_system.hpp>
#include <boost/numeric/odeint/tiled/system/range_rhs.hpp>

#ifndef BOOST_ODEINT_TILED_CHECK_ACCESS
#ifdef NDEBUG
#define BOOST_ODEINT_TILED_CHECK_ACCESS 0
#else
#define BOOST_ODEINT_TILED_CHECK_ACCESS 1
#endif
#endif

BOOST_ODEINT_TILED_DEVICE_CALLS_BEGIN

namespace boost { namespace numeric { namespace odeint { namespace tiled {

//! True where the steppers check every read of the system (see the file comment).
constexpr bool access_checking_enabled = BOOST_ODEINT_TILED_CHECK_ACCESS != 0;

/*! The first read outside the allowed window seen in one step. Plain data, written
    from TBB workers or GPU threads: `found` is claimed with an atomic
    compare-and-swap, the other fields are written by the claimant alone and read
    after the step. Components `first .. last-1` were being evaluated (one component,
    or the range of an evaluate_range call) and read y[index]. */
struct access_violation
{
    int found;
    long long first;
    long long last;
    long long index;
};

/*! A system read further than its access distance: thrown by a checked step, and by
    require_access_distance(). */
class access_distance_error : public std::out_of_range
{
public:
    access_distance_error(const std::string& what, std::size_t component, long long index, std::size_t declared)
        : std::out_of_range(what), m_component(component), m_index(index), m_declared(declared)
    {
    }
    //! The component (the first of the range, for evaluate_range) whose evaluation made the read.
    std::size_t component() const { return m_component; }
    //! The index read; negative where the system computed j - k below zero.
    long long index() const { return m_index; }
    std::size_t declared_access_distance() const { return m_declared; }

private:
    std::size_t m_component;
    long long m_index;
    std::size_t m_declared;
};

namespace detail {

//! Records v (first writer of a step wins); callable from host threads and GPU threads.
BOOST_ODEINT_TILED_HD inline void record_access_violation(access_violation* record, long long first, long long last,
                                                          long long index)
{
#if defined(__CUDA_ARCH__)
    if (atomicCAS(&record->found, 0, 1) != 0) return;
#elif defined(_MSC_VER) && !defined(__clang__)
    static_assert(sizeof(long) == sizeof(int), "the record's flag is claimed as a long");
    if (_InterlockedCompareExchange(reinterpret_cast<volatile long*>(&record->found), 1, 0) != 0) return;
#else
    int expected = 0;
    if (!__atomic_compare_exchange_n(&record->found, &expected, 1, false, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE)) return;
#endif
    record->first = first;
    record->last = last;
    record->index = index;
}

/*! The view a checked step hands the system: reads of y[lo .. hi] go through to
    the backend's view, anything else is answered with y[safe] (a component the
    window always holds) and noted in *bad, a variable of the caller's, which records
    it once the system's call has returned. Keeping the shared record's atomic out of
    the reads keeps every read's code a select, and nvcc 13 crashes (cicc) on some
    long-chain kernels where each inlined read carries the record's stores. On a
    ring (ring_n = n) the window runs past the state's ends and wraps around them:
    y[k] is inside where k, k + n or k - n lies in [lo, hi]; on a line ring_n is 0. */
template <class Y>
struct checked_view
{
    const Y& y;
    long long lo;
    long long hi;
    long long safe;
    long long* bad;
    long long ring_n = 0;

    BOOST_ODEINT_TILED_HD decltype(auto) operator[](std::size_t i) const
    {
        // k's offset into the window, taken around the ring (a window no longer than
        // the ring: lo > -n, hi < 2n - 1); one compare, so that every read stays a select
        const long long k = static_cast<long long>(i);
        long long offset = k - lo;
        offset += (ring_n != 0 && offset < 0) ? ring_n : 0;
        offset -= (ring_n != 0 && offset >= ring_n) ? ring_n : 0;
        const bool inside = static_cast<unsigned long long>(offset) <= static_cast<unsigned long long>(hi - lo) &&
                            (ring_n == 0 || static_cast<unsigned long long>(k) < static_cast<unsigned long long>(ring_n));
        if (!inside) *bad = k;
        return y[static_cast<std::size_t>(inside ? k : safe)];
    }
};

inline std::string describe_access_violation(const access_violation& v, std::size_t d, std::size_t n,
                                             access_topology topology = access_topology::line)
{
    std::string who = v.last - v.first <= 1 ? "component " + std::to_string(v.first)
                                            : "evaluate_range for components " + std::to_string(v.first) + " .. " +
                                                  std::to_string(v.last - 1);
    std::string what = who + " read y[" + std::to_string(v.index) + "]";
    if (v.index < 0 || v.index >= (long long)n)
        what += ", outside the state's " + std::to_string(n) + " components";
    else
    {
        long long far = v.index < v.first ? v.first - v.index : v.index - (v.last - 1);
        if (topology == access_topology::ring)  // the short way round
        {
            const long long other = v.index < v.first ? v.index + (long long)n - (v.last - 1)
                                                      : v.first + (long long)n - v.index;
            if (other < far) far = other;
            return what + ", " + std::to_string(far) + " away around the ring, but the system's cyclic_access_distance() is " +
                   std::to_string(d);
        }
        what += ", " + std::to_string(far) + " away";
    }
    return what + ", but the system's access_distance() is " + std::to_string(d);
}

} // namespace detail

/*! `System` seen through checked views: what a checked step runs instead of the
    user's system. Systems that GPU kernels take by value are held by value; others
    (host only, possibly not copyable) by reference. Has evaluate_range where the
    system has it for the checked view. */
template <class System>
class access_checked_system
{
    // (a class whose copy constructor is deleted may still count as trivially
    // copyable, through its copy assignment: held by reference)
    using held_type = std::conditional_t<std::is_trivially_copyable<System>::value &&
                                             std::is_copy_constructible<System>::value,
                                         System, const System&>;

public:
    /*! Reads are checked against d: along the state, or (topology ring) around its
        ring, d being the system's cyclic_access_distance(). */
    access_checked_system(const System& sys, std::size_t n, std::size_t d, access_violation* record,
                          access_topology topology = access_topology::line)
        : m_sys(sys), m_n((long long)n), m_d((long long)d), m_ring(topology == access_topology::ring),
          m_declared(static_cast<std::size_t>(sys.access_distance())), m_record(record)
    {
    }

    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return m_declared; }

    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD auto operator()(std::size_t j, const Y& y, Time t) const
    {
        const long long jj = static_cast<long long>(j);
        long long bad = no_violation;
        const detail::checked_view<Y> view{y, window_lo(jj), window_hi(jj), jj, &bad, m_ring ? m_n : 0};
        const auto f = m_sys(j, view, t);
        if (bad != no_violation) detail::record_access_violation(m_record, jj, jj + 1, bad);
        return f;
    }

    template <class Y, class Out, class Time, class S = System,
              class = decltype(std::declval<const S&>().evaluate_range(
                  std::size_t(), std::size_t(), std::declval<const detail::checked_view<Y>&>(), std::declval<Out*>(),
                  std::declval<Time>()))>
    void evaluate_range(std::size_t first, std::size_t last, const Y& y, Out* dydt, Time t) const
    {
        const long long a = static_cast<long long>(first), b = static_cast<long long>(last);
        long long bad = no_violation;
        const detail::checked_view<Y> view{y, window_lo(a), window_hi(b - 1), a, &bad, m_ring ? m_n : 0};
        m_sys.evaluate_range(first, last, view, dydt, t);
        if (bad != no_violation) detail::record_access_violation(m_record, a, b, bad);
    }

    const System& system() const { return m_sys; }

private:
    //! No index a view can be asked for: size_t indices are at most 2^64 - 1, read as -1.
    static constexpr long long no_violation = (long long)(~0ULL >> 1);

    BOOST_ODEINT_TILED_HD long long window_lo(long long j) const { return j - m_d < 0 && !m_ring ? 0 : j - m_d; }
    BOOST_ODEINT_TILED_HD long long window_hi(long long j) const
    {
        return j + m_d >= m_n && !m_ring ? m_n - 1 : j + m_d;
    }

    held_type m_sys;
    long long m_n;
    long long m_d;
    bool m_ring;
    std::size_t m_declared;
    access_violation* m_record;
};

/*! Where a host backend keeps a step's violation record: plain memory. A backend whose
    threads cannot write host memory brings its own (the CUDA backend: mapped host
    memory) with the same two members. */
class host_access_record
{
public:
    //! The record a step's checked system writes to.
    access_violation* get() { return &m_record; }
    //! The record of the step that just ran (the step has returned), cleared for the next.
    access_violation take()
    {
        const access_violation v = m_record;
        m_record = access_violation{0, 0, 0, 0};
        return v;
    }

private:
    access_violation m_record{0, 0, 0, 0};
};

/*! What check_access_distance found. `farthest` is the largest |i - j| of a read
    y[i] by component j inside the state; `component` and `index` name that read.
    A read outside the state (i < 0 or i >= n) counts as beyond any d: `outside` is
    set and `component`/`index` name the first one. */
struct access_report
{
    std::size_t declared = 0;     //!< the system's access_distance()
    std::size_t farthest = 0;     //!< the largest offset actually read
    std::size_t component = 0;    //!< the component that read farthest (or outside)
    long long index = 0;          //!< the index it read
    bool outside = false;         //!< some component read outside [0, n)
    std::size_t n = 0;
    //! Periodic systems (a cyclic_access_distance()): the same around the ring, where
    //! the distance of i from j is the shorter of |i - j| and n - |i - j|.
    bool cyclic = false;
    std::size_t cyclic_declared = 0;     //!< the system's cyclic_access_distance()
    std::size_t farthest_around = 0;     //!< the largest offset read, around the ring
    std::size_t component_around = 0;    //!< the component that read it
    long long index_around = 0;          //!< the index it read

    //! The system keeps to its declared access distance (and around the ring to its
    //! cyclic one).
    bool ok() const { return !outside && farthest <= declared && (!cyclic || farthest_around <= cyclic_declared); }
    explicit operator bool() const { return ok(); }

    std::string message() const
    {
        if (ok())
            return "the system reads at most " + std::to_string(farthest) + " components away; its access_distance() is " +
                   std::to_string(declared) +
                   (cyclic ? "; around the ring at most " + std::to_string(farthest_around) +
                                 ", its cyclic_access_distance() is " + std::to_string(cyclic_declared)
                           : std::string());
        if (outside || farthest > declared)
        {
            access_violation v{1, (long long)component, (long long)component + 1, index};
            return detail::describe_access_violation(v, declared, n);
        }
        access_violation v{1, (long long)component_around, (long long)component_around + 1, index_around};
        return detail::describe_access_violation(v, cyclic_declared, n, access_topology::ring);
    }
};

namespace detail {

template <class Value>
struct recording_view
{
    const Value* values;
    long long n;
    long long j;
    access_report* report;

    const Value& operator[](std::size_t i) const
    {
        static const Value zero = Value();
        const long long k = static_cast<long long>(i);
        if (k < 0 || k >= n)
        {
            if (!report->outside)
            {
                report->outside = true;
                report->component = static_cast<std::size_t>(j);
                report->index = k;
            }
            return zero;
        }
        const std::size_t far = static_cast<std::size_t>(k < j ? j - k : k - j);
        if (far > report->farthest && !report->outside)
        {
            report->farthest = far;
            report->component = static_cast<std::size_t>(j);
            report->index = k;
        }
        const std::size_t around = std::min(far, static_cast<std::size_t>(n) - far);
        if (around > report->farthest_around)
        {
            report->farthest_around = around;
            report->component_around = static_cast<std::size_t>(j);
            report->index_around = k;
        }
        return values[k];
    }
};

} // namespace detail

/*! Evaluates every component of `sys` at state `x` and time t through a recording view
    and reports the farthest read (with the component that made it) against the
    declared access distance, and for a periodic system (one with a
    cyclic_access_distance()) the farthest around the ring against that. Reads depending on the values are seen for these values
    only: pass a state like the ones integrated. Host code; x is a host container
    (copy a device state to a std::vector first).
    Example: `auto r = tiled::check_access_distance(sys, x0, 0.0); if (!r) std::cerr << r.message();` */
template <class System, class State, class Time = double>
access_report check_access_distance(const System& sys, const State& x, Time t = Time())
{
    using value_type = std::decay_t<decltype(x[0])>;
    static_assert(detail::check_limited_access_system<System, value_type, Time>(), "");
    access_report report;
    report.declared = static_cast<std::size_t>(sys.access_distance());
    if constexpr (detail::has_cyclic_access_distance<System>::value)
    {
        report.cyclic = true;
        report.cyclic_declared = static_cast<std::size_t>(sys.cyclic_access_distance());
    }
    report.n = static_cast<std::size_t>(x.size());
    const value_type* values = report.n ? &x[0] : nullptr;
    for (std::size_t j = 0; j < report.n; ++j)
    {
        const detail::recording_view<value_type> view{values, (long long)report.n, (long long)j, &report};
        (void)sys(j, view, t);
    }
    return report;
}

/*! check_access_distance on a state of n components with values 1 + j / (2n) (finite,
    distinct, none zero). */
template <class System, class Time = double>
access_report check_access_distance(const System& sys, std::size_t n, Time t = Time())
{
    std::vector<double> x(n);
    for (std::size_t j = 0; j < n; ++j) x[j] = 1.0 + double(j) / double(2 * n);
    return check_access_distance(sys, x, t);
}

//! check_access_distance that throws access_distance_error where the system reads too far.
template <class System, class State, class Time = double>
void require_access_distance(const System& sys, const State& x, Time t = Time())
{
    const access_report r = check_access_distance(sys, x, t);
    if (r) return;
    const bool along = r.outside || r.farthest > r.declared;
    throw access_distance_error("tiled::require_access_distance: " + r.message(), along ? r.component : r.component_around,
                                along ? r.index : r.index_around, along ? r.declared : r.cyclic_declared);
}

namespace detail {

/*! Runs `run(system)` with sys itself, or in the checked mode with sys seen through
    access_checked_system (reads within d of their component, along the state or
    around its ring: the distance and topology of the step's plan), and then throws
    access_distance_error if the step read too far. `Record` is the backend's record
    holder (host_access_record or its like). */
template <class Record, class System, class Run>
decltype(auto) run_access_checked(std::unique_ptr<Record>& record, const char* stepper_name, const System& sys,
                                  std::size_t n, std::size_t d, access_topology topology, Run&& run)
{
    if constexpr (!access_checking_enabled)
    {
        (void)record;
        (void)stepper_name;
        (void)n;
        (void)d;
        (void)topology;
        return run(sys);
    }
    else
    {
        if (!record) record = std::make_unique<Record>();
        const access_checked_system<System> checked(sys, n, d, record->get(), topology);
        auto throw_if_violated = [&] {
            const access_violation v = record->take();
            if (v.found)
                throw access_distance_error(std::string("tiled::") + stepper_name + " (checked mode): " +
                                                describe_access_violation(v, d, n, topology),
                                            std::size_t(v.first), v.index, d);
        };
        if constexpr (std::is_void<decltype(run(checked))>::value)
        {
            run(checked);
            throw_if_violated();
        }
        else
        {
            auto result = run(checked);
            throw_if_violated();
            return result;
        }
    }
}

} // namespace detail

}}}} // namespace boost::numeric::odeint::tiled

BOOST_ODEINT_TILED_DEVICE_CALLS_END

#endif // BOOST_NUMERIC_ODEINT_TILED_SYSTEM_ACCESS_CHECK_HPP_INCLUDED
