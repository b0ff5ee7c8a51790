/*
 boost/numeric/odeint/tiled/core/interval.hpp

 Half-open component intervals [first, last) and small sorted sets of them: the
 vocabulary of the tiling plan (which components an operation computes, reads
 from memory and writes to memory).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_CORE_INTERVAL_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_CORE_INTERVAL_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cstddef>
#include <ostream>
#include <vector>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

//! Components first, first+1, ..., last-1. Empty when last <= first.
//! Signed, so that geometry may step outside [0, n) before it is clamped.
struct interval
{
    long long first = 0;
    long long last = 0;

    constexpr bool empty() const { return last <= first; }
    constexpr long long size() const { return empty() ? 0 : last - first; }
    constexpr bool contains(long long i) const { return first <= i && i < last; }
    constexpr bool contains(interval o) const { return o.empty() || (first <= o.first && o.last <= last); }

    //! Widened by h on both sides (the input of an RHS with access distance h).
    constexpr interval widened(long long h) const { return empty() ? *this : interval{first - h, last + h}; }
    constexpr interval clamped(long long n) const
    {
        interval r{std::max(first, 0LL), std::min(last, n)};
        return r.empty() ? interval{} : r;
    }

    friend constexpr interval intersect(interval a, interval b)
    {
        interval r{std::max(a.first, b.first), std::min(a.last, b.last)};
        return r.empty() ? interval{} : r;
    }
    friend constexpr bool operator==(interval a, interval b)
    {
        return (a.empty() && b.empty()) || (a.first == b.first && a.last == b.last);
    }
    friend constexpr bool operator!=(interval a, interval b) { return !(a == b); }
    friend std::ostream& operator<<(std::ostream& os, interval a) { return os << '[' << a.first << ',' << a.last << ')'; }
};

//! A union of disjoint, non-adjacent intervals kept sorted. Tiles read and write a
//! handful of edge strips, so a flat vector is the right container.
class interval_set
{
public:
    interval_set() = default;
    explicit interval_set(interval a) { add(a); }

    void add(interval a)
    {
        if (a.empty()) return;
        std::vector<interval> merged;
        merged.reserve(m_parts.size() + 1);
        bool placed = false;
        for (const interval& p : m_parts)
        {
            if (p.last < a.first) merged.push_back(p);
            else if (a.last < p.first)
            {
                if (!placed) { merged.push_back(a); placed = true; }
                merged.push_back(p);
            }
            else a = interval{std::min(a.first, p.first), std::max(a.last, p.last)};
        }
        if (!placed) merged.push_back(a);
        m_parts.swap(merged);
    }
    void add(const interval_set& s) { for (const interval& p : s.m_parts) add(p); }

    //! This set minus the interval a.
    interval_set minus(interval a) const
    {
        interval_set r;
        for (const interval& p : m_parts)
        {
            r.add(interval{p.first, std::min(p.last, a.first)});
            r.add(interval{std::max(p.first, a.last), p.last});
        }
        return r;
    }

    bool empty() const { return m_parts.empty(); }
    long long size() const
    {
        long long s = 0;
        for (const interval& p : m_parts) s += p.size();
        return s;
    }
    //! The smallest interval holding the whole set.
    interval hull() const { return empty() ? interval{} : interval{m_parts.front().first, m_parts.back().last}; }
    bool contains(interval a) const
    {
        if (a.empty()) return true;
        for (const interval& p : m_parts)
            if (p.contains(a)) return true;
        return false;
    }
    bool contains(const interval_set& s) const
    {
        for (const interval& p : s.m_parts)
            if (!contains(p)) return false;
        return true;
    }
    const std::vector<interval>& parts() const { return m_parts; }

    friend bool operator==(const interval_set& a, const interval_set& b) { return a.m_parts == b.m_parts; }
    friend bool operator!=(const interval_set& a, const interval_set& b) { return !(a == b); }
    friend std::ostream& operator<<(std::ostream& os, const interval_set& s)
    {
        os << '{';
        for (std::size_t i = 0; i < s.m_parts.size(); ++i) os << (i ? " " : "") << s.m_parts[i];
        return os << '}';
    }

private:
    std::vector<interval> m_parts;
};

/*! How a system's access distance d is measured on the components [0, n):
    - line: component j reads y[j - d .. j + d] inside [0, n) (the LimitedAccessSystem
      concept's access_distance());
    - ring: component j reads y[(j - d) mod n .. (j + d) mod n], the state's ends
      being neighbours (periodic systems; cyclic_access_distance(), doc/concepts.md). */
enum class access_topology
{
    line,
    ring
};

/*! What an RHS on the components a reads past the ends of [0, n), where it lands:
    nothing on a line; on a ring, a widened by d beyond 0 and beyond n, wrapped. */
inline interval_set reach_across_ends(interval a, long long d, long long n, access_topology topology)
{
    interval_set r;
    const interval w = a.widened(d);
    if (topology == access_topology::line || w.empty()) return r;
    if (w.first < 0) r.add(interval{std::max(w.first + n, 0LL), n});
    if (w.last > n) r.add(interval{0, std::min(w.last - n, n)});
    return r;
}

/*! What an RHS on the components a reads of its stage argument: a widened by d,
    clamped to [0, n), and on a ring what it reads across the ends. */
inline interval_set rhs_reach(interval a, long long d, long long n, access_topology topology)
{
    interval_set r(a.widened(d).clamped(n));
    r.add(reach_across_ends(a, d, n, topology));
    return r;
}

//! The union of arbitrary intervals as a sorted list of disjoint ones: for sets of
//! thousands of strips, where interval_set::add would be quadratic.
inline std::vector<interval> sorted_union(std::vector<interval> v)
{
    std::sort(v.begin(), v.end(), [](const interval& a, const interval& b) { return a.first < b.first; });
    std::vector<interval> merged;
    for (const interval& r : v)
    {
        if (r.empty()) continue;
        if (!merged.empty() && r.first <= merged.back().last) merged.back().last = std::max(merged.back().last, r.last);
        else merged.push_back(r);
    }
    return merged;
}

//! Iterator to the first interval of a sorted_union result that may intersect w.
inline std::vector<interval>::const_iterator first_overlap(const std::vector<interval>& sorted, interval w)
{
    return std::upper_bound(sorted.begin(), sorted.end(), w.first,
                            [](long long x, const interval& r) { return x < r.last; });
}

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_CORE_INTERVAL_HPP_INCLUDED
