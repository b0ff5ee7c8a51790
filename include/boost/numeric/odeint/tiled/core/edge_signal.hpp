/*
 boost/numeric/odeint/tiled/core/edge_signal.hpp

 A request, for the next step launched on this host thread, that the device say when
 the step's values at both ends of the state are final, before the rest of the step
 is. A distributed stepper on GPU ranks asks for it so that the next halo exchange,
 which needs only those ends, can start on the device while the step's interior is
 still running (nccl_communicator posts the exchange behind the signal).

 A backend whose kernel can run the end tiles first (the CUDA grid tile kernel, and
 the streaming kernel of overlapped tiles that per-component systems run on) takes
 the request: it orders those tiles first in its one launch, counts them done in
 `counter`, and the block that finishes the last of them writes `epoch` to `flag`.
 Any other step leaves the request untaken, and the exchange then runs before the
 next step as it does without the request. The core knows no device: flag and
 counter are the requester's device memory, passed through as addresses.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_CORE_EDGE_SIGNAL_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_CORE_EDGE_SIGNAL_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace detail {

struct edge_signal_request
{
    std::size_t leading = 0;   //!< the step's output components [0, leading) ...
    std::size_t trailing = 0;  //!< ... and its last `trailing` must be final at the signal
    void* flag = nullptr;      //!< device memory: a 32-bit word set to epoch at the signal
    void* counter = nullptr;   //!< device memory: a 32-bit word, zero between launches
    unsigned epoch = 0;
    bool taken = false;        //!< set by the backend that launched the signalling step
};

//! The request pending on this host thread, or nullptr.
inline edge_signal_request*& pending_edge_signal()
{
    thread_local edge_signal_request* request = nullptr;
    return request;
}

/*! The request taken by the one kernel launch that may signal, or nullptr: a step
    that launches several kernels must not take it (its later kernels would run after
    the signal). */
inline edge_signal_request* take_edge_signal()
{
    edge_signal_request* r = pending_edge_signal();
    if (r == nullptr || r->taken) return nullptr;
    return r;
}

//! Makes `request` pending for the steps launched on this thread in its lifetime.
class edge_signal_scope
{
public:
    explicit edge_signal_scope(edge_signal_request& request) : m_previous(pending_edge_signal())
    {
        pending_edge_signal() = &request;
    }
    edge_signal_scope(const edge_signal_scope&) = delete;
    edge_signal_scope& operator=(const edge_signal_scope&) = delete;
    ~edge_signal_scope() { pending_edge_signal() = m_previous; }

private:
    edge_signal_request* m_previous;
};

}}}}} // namespace boost::numeric::odeint::tiled::detail

#endif // BOOST_NUMERIC_ODEINT_TILED_CORE_EDGE_SIGNAL_HPP_INCLUDED
