/*
 boost/numeric/odeint/tiled/distributed/mpi_communicator.hpp

 mpi_communicator: one rank per MPI process, host states (std::vector; TBB runs each
 rank's tiles on its cores). Plain MPI (the C API: Open MPI, MPICH), no Boost.MPI.

     MPI_Init(&argc, &argv);
     {
         auto comm = std::make_shared<tiled::distributed::mpi_communicator>(MPI_COMM_WORLD);
         tiled::distributed::distributed_state<std::vector<double>> x(comm, part);
         ...
     }   // before MPI_Finalize: the communicator frees its duplicate of MPI_COMM_WORLD
     MPI_Finalize();

 It works on its own duplicate of the given communicator, so its messages never meet
 the program's. Halos: four nonblocking point-to-point messages per exchange (tags
 tell a left halo from a right one: on two ranks of a ring both neighbours are the
 same rank). Agreements: one nonblocking allreduce (MAX) of a fixed-size buffer,
 waited for at once, so that a rank that leaves by an exception (abandon(): the same
 allreduce, which it does not join the step for) matches whatever agreement its peers
 are in.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_MPI_COMMUNICATOR_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_MPI_COMMUNICATOR_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <mpi.h>

#include <algorithm>
#include <climits>
#include <cstdio>
#include <cstddef>
#include <stdexcept>
#include <string>
#include <vector>

#include <boost/numeric/odeint/tiled/distributed/communicator.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace distributed {

//! Throws std::runtime_error with MPI's message where an MPI call did not succeed
//! (only where the communicator's error handler returns errors).
inline void mpi_check(int rc, const char* what)
{
    if (rc == MPI_SUCCESS) return;
    char text[MPI_MAX_ERROR_STRING];
    int len = 0;
    MPI_Error_string(rc, text, &len);
    throw std::runtime_error(std::string("tiled::distributed::mpi_communicator: ") + what + ": " + std::string(text, len));
}

class mpi_communicator : public communicator
{
public:
    explicit mpi_communicator(MPI_Comm comm = MPI_COMM_WORLD)
    {
        int initialized = 0;
        MPI_Initialized(&initialized);
        if (!initialized) throw std::logic_error("tiled::distributed::mpi_communicator: call MPI_Init first");
        mpi_check(MPI_Comm_dup(comm, &m_comm), "duplicating the communicator");
        MPI_Comm_set_errhandler(m_comm, MPI_ERRORS_RETURN);
        int r = 0, s = 0;
        MPI_Comm_rank(m_comm, &r);
        MPI_Comm_size(m_comm, &s);
        m_rank = static_cast<std::size_t>(r);
        m_size = static_cast<std::size_t>(s);
        // the ranks that can share memory with this one: those of its machine
        MPI_Comm node = MPI_COMM_NULL;
        if (MPI_Comm_split_type(m_comm, MPI_COMM_TYPE_SHARED, r, MPI_INFO_NULL, &node) == MPI_SUCCESS &&
            node != MPI_COMM_NULL)
        {
            int local = 1;
            MPI_Comm_size(node, &local);
            m_processes_on_node = static_cast<std::size_t>(std::max(local, 1));
            MPI_Comm_free(&node);
        }
    }
    mpi_communicator(const mpi_communicator&) = delete;
    mpi_communicator& operator=(const mpi_communicator&) = delete;
    ~mpi_communicator() override
    {
        int finalized = 0;
        MPI_Finalized(&finalized);
        if (finalized) return;
        MPI_Comm_free(&m_comm);
    }

    std::size_t rank() const override { return m_rank; }
    std::size_t size() const override { return m_size; }
    memory_kind memory() const override { return memory_kind::host; }
    std::string name() const override { return "mpi_communicator"; }
    //! The ranks on this rank's machine (MPI_Comm_split_type, MPI_COMM_TYPE_SHARED).
    std::size_t processes_on_node() const override { return m_processes_on_node; }
    //! The duplicate communicator the halos travel on.
    MPI_Comm native() const { return m_comm; }

    bool agree(bool ok, double* values = nullptr, std::size_t count = 0) override
    {
        check_not_broken();
        if (count > max_agree_values) throw std::logic_error("tiled::distributed::mpi_communicator: too many values to agree on");
        double buffer[1 + max_agree_values] = {};
        buffer[0] = ok ? 0.0 : failing_code();
        std::copy(values, values + count, buffer + 1);
        // nonblocking, as abandon()'s: MPI never matches a blocking collective with a nonblocking one
        MPI_Request request;
        mpi_check(MPI_Iallreduce(MPI_IN_PLACE, buffer, 1 + int(max_agree_values), MPI_DOUBLE, MPI_MAX, m_comm, &request),
                  "agreeing on a step");
        mpi_check(MPI_Wait(&request, MPI_STATUS_IGNORE), "agreeing on a step");
        if (buffer[0] != 0.0)
        {
            mark_broken("rank " + std::to_string(m_size - static_cast<std::size_t>(buffer[0])) + " failed");
            return false;
        }
        std::copy(buffer + 1, buffer + 1 + count, values);
        return true;
    }

    void exchange(const halo_exchange& x) override
    {
        check_not_broken();
        enum { fills_left_halo = 11, fills_right_halo = 12 };
        char* window = static_cast<char*>(x.window);
        const std::size_t vs = x.value_size;
        const window_layout& w = x.layout;
        MPI_Request requests[4];
        int n = 0;
        if (w.left != 0)
            mpi_check(MPI_Irecv(window, bytes(w.left * vs), MPI_BYTE, int(w.left_peer), fills_left_halo, m_comm, &requests[n++]),
                      "receiving a halo");
        if (w.right != 0)
            mpi_check(MPI_Irecv(window + (w.left + w.owned) * vs, bytes(w.right * vs), MPI_BYTE, int(w.right_peer),
                                fills_right_halo, m_comm, &requests[n++]),
                      "receiving a halo");
        if (x.send_left != 0)
            mpi_check(MPI_Isend(window + w.left * vs, bytes(x.send_left * vs), MPI_BYTE, int(w.left_peer), fills_right_halo,
                                m_comm, &requests[n++]),
                      "sending a halo");
        if (x.send_right != 0)
            mpi_check(MPI_Isend(window + (w.left + w.owned - x.send_right) * vs, bytes(x.send_right * vs), MPI_BYTE,
                                int(w.right_peer), fills_left_halo, m_comm, &requests[n++]),
                      "sending a halo");
        mpi_check(MPI_Waitall(n, requests, MPI_STATUSES_IGNORE), "exchanging halos");
    }

    void gather(const void* mine, const std::vector<std::size_t>& all_bytes, void* all, std::size_t root) override
    {
        check_not_broken();
        std::vector<int> counts(m_size), displs(m_size);
        std::size_t offset = 0;
        for (std::size_t r = 0; r < m_size; ++r)
        {
            counts[r] = bytes(all_bytes[r]);
            displs[r] = bytes(offset);
            offset += all_bytes[r];
        }
        mpi_check(MPI_Gatherv(mine, counts[m_rank], MPI_BYTE, all, counts.data(), displs.data(), MPI_BYTE, int(root), m_comm),
                  "gathering the state");
    }

    /*! Joins the peers' next agreement with a failure, so that they throw rank_failure,
        and waits for it (while this rank unwinds) at most abandon_timeout_seconds: if
        the peers reach no further agreement by then (they had finished stepping), the
        job is aborted with a message rather than left waiting. */
    void abandon() override
    {
        if (broken()) return;
        m_abandon_buffer[0] = failing_code();
        mark_broken("this rank left by an exception outside a step");
        if (MPI_Iallreduce(MPI_IN_PLACE, m_abandon_buffer, 1 + int(max_agree_values), MPI_DOUBLE, MPI_MAX, m_comm,
                           &m_abandon_request) != MPI_SUCCESS)
            return;
        const double deadline = MPI_Wtime() + abandon_timeout_seconds;
        int done = 0;
        while (!done && MPI_Wtime() < deadline) MPI_Test(&m_abandon_request, &done, MPI_STATUS_IGNORE);
        if (!done)
        {
            std::fprintf(stderr,
                         "tiled::distributed::mpi_communicator: rank %zu left by an exception and its peers reached no "
                         "further step within %g s: aborting the job\n",
                         m_rank, abandon_timeout_seconds);
            MPI_Abort(m_comm, 1);
        }
    }

    //! How long abandon() waits for the peers' next agreement.
    static constexpr double abandon_timeout_seconds = 30.0;

private:
    //! Nonzero, and largest for the smallest rank, so that MAX names the first failing rank.
    double failing_code() const { return static_cast<double>(m_size - m_rank); }

    static int bytes(std::size_t b)
    {
        if (b > static_cast<std::size_t>(INT_MAX))
            throw std::length_error("tiled::distributed::mpi_communicator: a message of more than INT_MAX bytes");
        return static_cast<int>(b);
    }

    MPI_Comm m_comm = MPI_COMM_NULL;
    std::size_t m_rank = 0, m_size = 0;
    std::size_t m_processes_on_node = 1;
    double m_abandon_buffer[1 + max_agree_values] = {};
    MPI_Request m_abandon_request = MPI_REQUEST_NULL;
};

}}}}} // namespace boost::numeric::odeint::tiled::distributed

#endif // BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_MPI_COMMUNICATOR_HPP_INCLUDED
