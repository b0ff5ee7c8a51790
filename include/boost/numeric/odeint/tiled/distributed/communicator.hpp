/*
 boost/numeric/odeint/tiled/distributed/communicator.hpp

 What a distributed state needs from the machines it runs on: the Communicator
 interface, one object per rank. Engines implement it:

   thread_team          ranks are threads of one process, host states (thread_team.hpp)
   mpi_communicator     one rank per MPI process, host states, TBB inside each
                        (mpi_communicator.hpp; needs MPI, not Boost.MPI)
   nccl_communicator    device states, halos through NCCL; its ranks are threads of
                        one process that drives several GPUs (gpu_team) or MPI
                        processes, one GPU each (nccl_communicator.hpp; nvcc)

 Every member below is collective (all ranks call it in the same order) except
 rank(), size(), memory(), name(), processes_on_node() and broken(). Collectives move few bytes except exchange(),
 which moves the halos of one step: each rank receives its window's halos from the
 owned ends of its neighbours (window_layout) and sends its own owned ends.

 Failure: a rank whose step throws tells the others through agree(false) before it
 rethrows; they get false, throw rank_failure and nobody waits for a message that will
 not come. After a failed agreement the communicator is broken: every collective
 throws rank_failure at once.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_COMMUNICATOR_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_COMMUNICATOR_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/numeric/odeint/tiled/core/edge_signal.hpp>
#include <boost/numeric/odeint/tiled/distributed/partition.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace distributed {

//! Where a communicator's halos live: host memory (std::vector states) or device
//! memory (thrust::device_vector states).
enum class memory_kind
{
    host,
    device
};

inline const char* to_string(memory_kind m) { return m == memory_kind::host ? "host" : "device"; }

//! Thrown on every rank whose peer failed (the failing rank rethrows its own error).
class rank_failure : public std::runtime_error
{
public:
    explicit rank_failure(const std::string& what) : std::runtime_error(what) {}
};

//! One rank's halo exchange: its window (window_layout, value_size bytes per component)
//! and how many of its owned components go to its left and right neighbours.
struct halo_exchange
{
    void* window = nullptr;
    std::size_t value_size = 0;
    window_layout layout;
    std::size_t send_left = 0;   //!< its first send_left owned components go to layout.left_peer
    std::size_t send_right = 0;  //!< its last send_right owned components go to layout.right_peer
};

class communicator
{
public:
    virtual ~communicator() = default;

    virtual std::size_t rank() const = 0;
    virtual std::size_t size() const = 0;
    virtual memory_kind memory() const = 0;
    //! A human-readable name of the engine, for messages.
    virtual std::string name() const = 0;
    /*! How many of the ranks are separate processes on this rank's machine, this one
        included: they share its caches and memory bandwidth, so the distributed steppers
        size a host rank's TBB tiles for its share (tiling::processes_sharing_cache).
        1 where ranks are threads of one process, which share one TBB thread pool. */
    virtual std::size_t processes_on_node() const { return 1; }

    /*! Collective: true when every rank passed ok = true, and then values[i] (count of
        them, at most max_agree_values, host memory) is the maximum over the ranks of
        their values[i]: the error norm and its flags, whether some rank wants the halos
        exchanged. Otherwise false on every rank (the communicator is broken from then
        on; values are unspecified) and failure() names the first rank that passed false. */
    virtual bool agree(bool ok, double* values = nullptr, std::size_t count = 0) = 0;
    static constexpr std::size_t max_agree_values = 8;
    //! Collective: the halos of one step (device memory for device communicators; the
    //! exchange is ordered with the work the rank has launched on its default stream).
    virtual void exchange(const halo_exchange& x) = 0;

    /*! Whether exchange_after_signal starts the exchange on the device behind a step's
        edge signal (core/edge_signal.hpp), so that it overlaps the rest of the step. */
    virtual bool overlaps_exchange() const { return false; }
    //! Gives r the device flag, counter and epoch of the step about to be launched
    //! (where overlaps_exchange()).
    virtual void prepare_edge_signal(tiled::detail::edge_signal_request& r) { (void)r; }
    /*! Collective: exchange(x), started on the device once the step that took r has
        signalled; the rank's later work on its default stream waits for it. Engines
        that do not overlap exchange at once (their steps have ended by then). */
    virtual void exchange_after_signal(const halo_exchange& x, const tiled::detail::edge_signal_request& r)
    {
        (void)r;
        exchange(x);
    }
    /*! Collective, host memory: rank `root` receives every rank's `bytes[r]` bytes into
        `all`, in rank order (other ranks pass nullptr). */
    virtual void gather(const void* mine, const std::vector<std::size_t>& bytes, void* all, std::size_t root) = 0;

    /*! This rank leaves while unwinding an error outside a step (a destructor calls
        it): peers still waiting for it, or that meet it in their next agreement, fail
        instead of waiting. No-op once broken. */
    virtual void abandon() = 0;

    bool broken() const { return m_broken; }
    //! What the failed agreement learnt ("rank 2 failed: ..."), empty before.
    const std::string& failure() const { return m_failure; }

    //! Throws rank_failure where a peer failed (for the engines' collectives).
    void check_not_broken() const
    {
        if (m_broken) throw rank_failure("tiled::distributed (" + name() + ", rank " + std::to_string(rank()) + "): " + m_failure);
    }

protected:
    void mark_broken(const std::string& failure)
    {
        m_broken = true;
        if (m_failure.empty()) m_failure = failure;
    }

private:
    bool m_broken = false;
    std::string m_failure;
};

}}}}} // namespace boost::numeric::odeint::tiled::distributed

#endif // BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_COMMUNICATOR_HPP_INCLUDED
