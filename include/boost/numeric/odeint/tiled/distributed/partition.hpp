/*
 boost/numeric/odeint/tiled/distributed/partition.hpp

 How a distributed state is split: partition gives each rank (a process, or a thread
 driving one GPU) one contiguous range of the global components, in rank order,
 uneven sizes allowed; window_layout is what one rank stores for a step: its owned
 range with a halo on each side that holds copies of its neighbours' components.

 A limited access distance d bounds how far a wrong value can travel: one stage moves
 it d components, one step of s stages s*d, k steps k*s*d. So a rank that holds a
 halo of H = k*s*d components on each side computes its owned components right for k
 steps without hearing from anybody, although the halo's own results go wrong from the
 outside in (the trapezoid of the core paper's tiles, each rank's window one tile;
 its halo work is done twice, by the rank and by its neighbour). The halo is
 exchanged once per k steps, never per stage.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_PARTITION_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_PARTITION_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace distributed {

//! "No rank" (a side of the state without a neighbour).
constexpr std::size_t no_rank = static_cast<std::size_t>(-1);

/*! Contiguous ranges of [0, n), one per rank, in rank order. Every range is a
    multiple of `unit` components (a grid's slab: the cells of one row of a 2D grid
    or one plane of a 3D grid, times its fields) and none is empty. */
class partition
{
public:
    partition() = default;

    //! n components over `ranks` ranks as evenly as whole units allow (the first
    //! n/unit % ranks ranks get one unit more).
    static partition even(std::size_t n, std::size_t ranks, std::size_t unit = 1)
    {
        check_unit(n, unit);
        if (ranks == 0) throw std::invalid_argument("tiled::distributed::partition: no ranks");
        const std::size_t units = n / unit;
        if (units < ranks)
            throw std::invalid_argument("tiled::distributed::partition: " + std::to_string(n) + " components in units of " +
                                        std::to_string(unit) + " cannot give each of " + std::to_string(ranks) +
                                        " ranks a part");
        std::vector<std::size_t> sizes(ranks);
        for (std::size_t r = 0; r < ranks; ++r) sizes[r] = (units / ranks + (r < units % ranks ? 1 : 0)) * unit;
        return from_sizes(sizes, unit);
    }

    //! Ranges of the given sizes (rank r owns sizes[r] components), each a nonzero
    //! multiple of `unit`.
    static partition from_sizes(const std::vector<std::size_t>& sizes, std::size_t unit = 1)
    {
        if (sizes.empty()) throw std::invalid_argument("tiled::distributed::partition: no ranks");
        if (unit == 0) throw std::invalid_argument("tiled::distributed::partition: the unit must be positive");
        partition p;
        p.m_unit = unit;
        p.m_first.assign(1, 0);
        for (std::size_t r = 0; r < sizes.size(); ++r)
        {
            if (sizes[r] == 0 || sizes[r] % unit != 0)
                throw std::invalid_argument("tiled::distributed::partition: rank " + std::to_string(r) + "'s part of " +
                                            std::to_string(sizes[r]) + " components is " +
                                            (sizes[r] == 0 ? std::string("empty") : "not a multiple of the unit " + std::to_string(unit)));
            p.m_first.push_back(p.m_first.back() + sizes[r]);
        }
        return p;
    }

    std::size_t size() const { return m_first.empty() ? 0 : m_first.back(); }  //!< n, the global component count
    std::size_t ranks() const { return m_first.empty() ? 0 : m_first.size() - 1; }
    std::size_t unit() const { return m_unit; }
    std::size_t first(std::size_t rank) const { return m_first.at(rank); }          //!< rank's first component
    std::size_t last(std::size_t rank) const { return m_first.at(rank + 1); }       //!< one past its last
    std::size_t count(std::size_t rank) const { return last(rank) - first(rank); }  //!< its component count

    //! The rank that owns component j.
    std::size_t owner(std::size_t j) const
    {
        if (j >= size()) throw std::out_of_range("tiled::distributed::partition::owner: component out of range");
        std::size_t lo = 0, hi = ranks();
        while (hi - lo > 1)
        {
            const std::size_t mid = (lo + hi) / 2;
            (m_first[mid] <= j ? lo : hi) = mid;
        }
        return lo;
    }

    friend bool operator==(const partition& a, const partition& b) { return a.m_first == b.m_first && a.m_unit == b.m_unit; }
    friend bool operator!=(const partition& a, const partition& b) { return !(a == b); }

private:
    static void check_unit(std::size_t n, std::size_t unit)
    {
        if (unit == 0) throw std::invalid_argument("tiled::distributed::partition: the unit must be positive");
        if (n % unit != 0)
            throw std::invalid_argument("tiled::distributed::partition: " + std::to_string(n) +
                                        " components are not a whole number of units of " + std::to_string(unit));
    }

    std::vector<std::size_t> m_first;  // rank r owns [m_first[r], m_first[r + 1])
    std::size_t m_unit = 1;
};

/*! What one rank stores for a step: `left` halo components, its `owned` ones, `right`
    halo components, contiguous. Without wrap-around the window is the global range
    [first, first + size()); on a ring (a grid periodic along its slowest dimension)
    rank 0's left halo is the end of the state and the last rank's right halo its
    start. The halos are clipped at the state's ends and empty without neighbours. */
struct window_layout
{
    std::size_t rank = 0;
    std::size_t first = 0;  //!< global component of window position 0 (modulo n on a ring)
    std::size_t left = 0, owned = 0, right = 0;
    std::size_t left_peer = no_rank, right_peer = no_rank;  //!< the ranks the halos come from
    std::size_t size() const { return left + owned + right; }

    friend bool operator==(const window_layout& a, const window_layout& b)
    {
        return a.rank == b.rank && a.first == b.first && a.left == b.left && a.owned == b.owned && a.right == b.right &&
               a.left_peer == b.left_peer && a.right_peer == b.right_peer;
    }
    friend bool operator!=(const window_layout& a, const window_layout& b) { return !(a == b); }
};

/*! The window of `rank` for a halo of `halo` components (ring: the state wraps around
    its ends). A halo wider than the part it comes from would need components of a
    rank further away: that is refused with the numbers that decide it (the
    distributed stepper's steps_per_exchange, the stages and d make the halo). */
inline window_layout make_window_layout(const partition& p, std::size_t rank, std::size_t halo, bool ring)
{
    window_layout w;
    const std::size_t ranks = p.ranks();
    w.rank = rank;
    w.owned = p.count(rank);
    if (ranks == 1)
    {
        w.first = p.first(rank);
        return w;  // the whole state: nothing to exchange, a ring included
    }
    const bool has_left = rank > 0 || ring, has_right = rank + 1 < ranks || ring;
    w.left_peer = has_left ? (rank + ranks - 1) % ranks : no_rank;
    w.right_peer = has_right ? (rank + 1) % ranks : no_rank;
    w.left = has_left ? (ring ? halo : std::min(halo, p.first(rank))) : 0;
    w.right = has_right ? (ring ? halo : std::min(halo, p.size() - p.last(rank))) : 0;
    const std::size_t need[2] = {w.left, w.right}, from[2] = {w.left_peer, w.right_peer};
    for (int side = 0; side < 2; ++side)
        if (from[side] != no_rank && need[side] > p.count(from[side]))
            throw std::invalid_argument(
                "tiled::distributed: rank " + std::to_string(rank) + " needs a halo of " + std::to_string(need[side]) +
                " components (steps per exchange x stages x access distance, in whole units of " +
                std::to_string(p.unit()) + "), more than rank " + std::to_string(from[side]) + "'s part of " +
                std::to_string(p.count(from[side])) + " components; use fewer ranks, larger parts or fewer steps per exchange");
    w.first = (p.first(rank) + (ring ? p.size() : 0) - w.left) % p.size();
    return w;
}

}}}}} // namespace boost::numeric::odeint::tiled::distributed

#endif // BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_PARTITION_HPP_INCLUDED
