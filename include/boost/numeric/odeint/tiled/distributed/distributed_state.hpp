/*
 boost/numeric/odeint/tiled/distributed/distributed_state.hpp

 distributed_state<Local>: one rank's share of a state split over ranks (partition),
 stored in a Local container (std::vector for host ranks, thrust::device_vector for
 GPU ranks) as a window: the owned components with a halo on each side (window_layout)
 that the tiled steppers fill from the neighbours once per step, or once per k steps.

     auto part = tiled::distributed::partition::even(n, comm->size());
     tiled::distributed::distributed_state<std::vector<double>> x(comm, part);
     x.assign([&](std::size_t j) { return initial(j); });     // owned components, by global index
     tiled::runge_kutta4<decltype(x)> rk4;
     odeint::integrate_const(rk4, sys, x, 0.0, 1.0, 1e-3, observer);
     std::vector<double> all = x.gather(0);                   // collective: the whole state on rank 0

 An observer gets the rank's state: owned_values(), or owned_data() on host ranks,
 hold the rank's components; whole-state views are explicit (gather), because they
 move the whole state through one rank. Writing through window() or owned_data()
 is allowed between steps; the next step then exchanges halos again.

 odeint's traits (resize, same_size, copy) are specialised, so odeint's integrate
 functions and the tiled adaptive steppers make their temporaries like the state.
 A default-constructed state has no communicator: only resizing one from another gives
 it one.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_DISTRIBUTED_STATE_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_DISTRIBUTED_STATE_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <exception>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <boost/numeric/odeint/util/copy.hpp>
#include <boost/numeric/odeint/util/is_resizeable.hpp>
#include <boost/numeric/odeint/util/resize.hpp>
#include <boost/numeric/odeint/util/same_size.hpp>

#include <boost/numeric/odeint/tiled/core/backend.hpp>
#include <boost/numeric/odeint/tiled/core/state_access.hpp>
#include <boost/numeric/odeint/tiled/distributed/communicator.hpp>
#include <boost/numeric/odeint/tiled/distributed/local_memory.hpp>
#include <boost/numeric/odeint/tiled/distributed/partition.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace distributed {

template <class Local>
class distributed_state
{
    using memory_ops = local_memory<Local>;

public:
    using local_type = Local;
    using value_type = typename local_memory<Local>::value_type;

    distributed_state() = default;

    distributed_state(std::shared_ptr<communicator> comm, const partition& parts)
        : m_comm(std::move(comm)), m_parts(parts)
    {
        if (!m_comm) throw std::invalid_argument("tiled::distributed::distributed_state: no communicator");
        if (m_parts.ranks() != m_comm->size())
            throw std::invalid_argument("tiled::distributed::distributed_state: the partition has " +
                                        std::to_string(m_parts.ranks()) + " parts for " + std::to_string(m_comm->size()) +
                                        " ranks of " + m_comm->name());
        if (m_comm->memory() != memory_ops::memory)
            throw std::invalid_argument(std::string("tiled::distributed::distributed_state: ") + m_comm->name() +
                                        " exchanges halos in " + to_string(m_comm->memory()) +
                                        " memory, the state's container lives in " + to_string(memory_ops::memory) +
                                        " memory");
        m_layout = make_window_layout(m_parts, m_comm->rank(), 0, false);
        memory_ops::resize(m_window, m_layout.size());
    }

    distributed_state(const distributed_state&) = default;
    distributed_state(distributed_state&&) = default;
    distributed_state& operator=(const distributed_state&) = default;
    distributed_state& operator=(distributed_state&&) = default;

    //! Leaving by an exception: peers that would wait for this rank fail instead.
    ~distributed_state()
    {
        if (m_comm && std::uncaught_exceptions() > m_uncaught) m_comm->abandon();
    }

    bool has_communicator() const { return static_cast<bool>(m_comm); }
    communicator& comm() const
    {
        if (!m_comm) throw std::logic_error("tiled::distributed::distributed_state: the state has no communicator");
        return *m_comm;
    }
    const std::shared_ptr<communicator>& comm_ptr() const { return m_comm; }
    const partition& parts() const { return m_parts; }
    std::size_t rank() const { return m_layout.rank; }
    std::size_t size() const { return m_parts.size(); }  //!< global component count
    std::size_t owned_first() const { return m_comm ? m_parts.first(rank()) : 0; }
    std::size_t owned_count() const { return m_layout.owned; }
    //! The window the last step used: halos, owned components, where they come from.
    const window_layout& layout() const { return m_layout; }

    //! The window's container: owned components at [layout().left, layout().left + owned_count()).
    Local& window()
    {
        m_age = stale;
        return m_window;
    }
    const Local& window() const { return m_window; }

    //! Host ranks: the owned components (writing them is allowed between steps).
    value_type* owned_data()
    {
        static_assert(memory_ops::memory == memory_kind::host, "owned_data() is for host states; use owned_values()");
        m_age = stale;
        return tiled::detail::state_data(m_window) + m_layout.left;
    }
    const value_type* owned_data() const
    {
        static_assert(memory_ops::memory == memory_kind::host, "owned_data() is for host states; use owned_values()");
        return tiled::detail::state_data(m_window) + m_layout.left;
    }

    //! The owned components, copied to host memory.
    std::vector<value_type> owned_values() const
    {
        std::vector<value_type> v(m_layout.owned);
        if (!v.empty()) memory_ops::to_host(m_window, m_layout.left, v.size(), v.data());
        return v;
    }
    //! Owned component j (global number) = f(j).
    template <class F>
    void assign(F f)
    {
        std::vector<value_type> v(m_layout.owned);
        const std::size_t first = owned_first();
        for (std::size_t i = 0; i < v.size(); ++i) v[i] = static_cast<value_type>(f(first + i));
        assign_owned(v);
    }
    //! The owned components from host memory (owned_count() values).
    void assign_owned(const std::vector<value_type>& v)
    {
        if (v.size() != m_layout.owned)
            throw std::invalid_argument("tiled::distributed::distributed_state::assign_owned: " + std::to_string(v.size()) +
                                        " values for " + std::to_string(m_layout.owned) + " owned components");
        if (!v.empty()) memory_ops::from_host(v.data(), v.size(), m_window, m_layout.left);
        m_age = stale;
    }
    //! Every rank holds the whole state `all`: each keeps its owned part.
    void assign_global(const std::vector<value_type>& all)
    {
        if (all.size() != size())
            throw std::invalid_argument("tiled::distributed::distributed_state::assign_global: " + std::to_string(all.size()) +
                                        " values for a state of " + std::to_string(size()));
        const std::size_t first = owned_first();
        assign_owned(std::vector<value_type>(all.begin() + first, all.begin() + first + m_layout.owned));
    }
    /*! Collective: the whole state in rank `root`'s result (the others get an empty
        vector). Moves the whole state through one rank: for results, not for every step. */
    std::vector<value_type> gather(std::size_t root = 0) const
    {
        const std::vector<value_type> mine = owned_values();
        std::vector<std::size_t> bytes(m_parts.ranks());
        for (std::size_t r = 0; r < bytes.size(); ++r) bytes[r] = m_parts.count(r) * sizeof(value_type);
        std::vector<value_type> all(rank() == root ? size() : 0);
        comm().gather(mine.data(), bytes, rank() == root ? all.data() : nullptr, root);
        return all;
    }

    void swap(distributed_state& other)
    {
        using std::swap;
        swap(m_comm, other.m_comm);
        swap(m_parts, other.m_parts);
        swap(m_layout, other.m_layout);
        swap(m_window, other.m_window);
        swap(m_age, other.m_age);
        swap(m_halo, other.m_halo);
        swap(m_ring, other.m_ring);
    }
    friend void swap(distributed_state& a, distributed_state& b) { a.swap(b); }

    // ---- for the distributed steppers ----

    //! Steps since the halos were last exchanged; `stale` when they must be.
    static constexpr std::size_t stale = static_cast<std::size_t>(-1);
    std::size_t age() const { return m_age; }
    void set_age(std::size_t a) const { m_age = a; }

    //! Gives the window halos of `halo` components (ring: wrapped); keeps the owned values.
    void set_halo(std::size_t halo, bool ring) const
    {
        const window_layout w = make_window_layout(m_parts, rank(), halo, ring);
        m_halo = halo;
        m_ring = ring;
        if (w == m_layout) return;
        Local fresh;
        memory_ops::resize(fresh, w.size());
        if (w.owned != 0) memory_ops::copy(m_window, m_layout.left, fresh, w.left, w.owned);
        m_window = std::move(fresh);
        m_layout = w;
        m_age = stale;
    }
    //! The window as the stepper writes it (not marked stale: the stepper keeps the age).
    Local& step_window() const { return m_window; }

    //! The exchange that fills this window's halos (and the neighbours' from its owned ends).
    halo_exchange exchange_request() const
    {
        halo_exchange h;
        h.window = static_cast<void*>(tiled::detail::state_data(m_window));
        h.value_size = sizeof(value_type);
        h.layout = m_layout;
        if (m_layout.left_peer != no_rank)
            h.send_left = make_window_layout(m_parts, m_layout.left_peer, m_halo, m_ring).right;
        if (m_layout.right_peer != no_rank)
            h.send_right = make_window_layout(m_parts, m_layout.right_peer, m_halo, m_ring).left;
        return h;
    }
    //! Gives this state `other`'s communicator, partition and window layout (values unspecified).
    void adopt_layout(const distributed_state& other)
    {
        m_comm = other.m_comm;
        m_parts = other.m_parts;
        m_layout = other.m_layout;
        m_halo = other.m_halo;
        m_ring = other.m_ring;
        memory_ops::resize(m_window, m_layout.size());
        m_age = stale;
    }
    bool same_layout(const distributed_state& other) const
    {
        return m_comm == other.m_comm && m_parts == other.m_parts && m_layout == other.m_layout;
    }

private:
    std::shared_ptr<communicator> m_comm;
    partition m_parts;
    // the halos are a cache of the neighbours' values: refreshing them (a const state
    // stepped out of place) does not change the state's value
    mutable window_layout m_layout;
    mutable Local m_window;
    mutable std::size_t m_age = stale;
    mutable std::size_t m_halo = 0;  // of the window layout
    mutable bool m_ring = false;
    int m_uncaught = std::uncaught_exceptions();
};

template <class T>
struct is_distributed_state : std::false_type {};
template <class Local>
struct is_distributed_state<distributed_state<Local>> : std::true_type {};

} // namespace distributed

//! A distributed state's raw data is its window's (identity only: the distributed
//! steppers never hand it to an executor); its size is the global one, the same on
//! every rank, so that decisions taken on it agree.
template <class Local>
struct state_access<distributed::distributed_state<Local>>
{
    static auto data(distributed::distributed_state<Local>& s) { return detail::state_data(s.step_window()); }
    static auto data(const distributed::distributed_state<Local>& s) { return detail::state_data(s.step_window()); }
    static std::size_t size(const distributed::distributed_state<Local>& s) { return s.size(); }
};

template <class Local>
struct state_swaps_buffers<distributed::distributed_state<Local>> : std::true_type {};

//! A distributed state runs on its local container's backend.
template <class Local>
struct backend_dispatcher_sfinae<distributed::distributed_state<Local>> : backend_dispatcher<Local> {};

}}}} // namespace boost::numeric::odeint::tiled

namespace boost { namespace numeric { namespace odeint {

template <class Local>
struct is_resizeable<tiled::distributed::distributed_state<Local>>
{
    typedef boost::true_type type;
    static const bool value = type::value;
};

template <class Local>
struct same_size_impl<tiled::distributed::distributed_state<Local>, tiled::distributed::distributed_state<Local>>
{
    static bool same_size(const tiled::distributed::distributed_state<Local>& a,
                          const tiled::distributed::distributed_state<Local>& b)
    {
        return a.same_layout(b);
    }
};

template <class Local>
struct resize_impl<tiled::distributed::distributed_state<Local>, tiled::distributed::distributed_state<Local>>
{
    static void resize(tiled::distributed::distributed_state<Local>& a, const tiled::distributed::distributed_state<Local>& b)
    {
        a.adopt_layout(b);
    }
};

template <class Local>
struct copy_impl<tiled::distributed::distributed_state<Local>, tiled::distributed::distributed_state<Local>>
{
    static void copy(const tiled::distributed::distributed_state<Local>& from, tiled::distributed::distributed_state<Local>& to)
    {
        to = from;
    }
};

}}} // namespace boost::numeric::odeint

#endif // BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_DISTRIBUTED_STATE_HPP_INCLUDED
