/*
 boost/numeric/odeint/tiled/distributed/thread_team.hpp

 thread_team: ranks that are threads of one process. Each rank runs the same
 function, as MPI processes run the same program:

     tiled::distributed::thread_team::run(4, [&](std::shared_ptr<tiled::distributed::communicator> comm) {
         tiled::distributed::distributed_state<std::vector<double>> x(comm, part);
         ...
         odeint::integrate_const(stepper, sys, x, 0.0, 1.0, 1e-3);
     });

 Halos are copied between the ranks' windows in shared memory (each rank pulls its
 halos from its neighbours' owned ends between two barriers), reductions read every
 rank's slot after one barrier. run() returns when every rank has; if ranks threw, it
 rethrows the first error that is not another rank's rank_failure. A rank that leaves
 by an exception wakes every rank waiting at a barrier, which throws rank_failure.

 Uses: tests of the distributed steppers without MPI, and the host side of gpu_team
 (nccl_communicator.hpp), whose ranks are threads that drive one GPU each.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_THREAD_TEAM_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_THREAD_TEAM_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <cstring>
#include <exception>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <boost/numeric/odeint/tiled/distributed/communicator.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace distributed {

namespace detail {

//! What the ranks of a thread team share: a barrier that a failure opens, and one
//! slot per rank for what a collective publishes (two sets, alternating per collective,
//! so a rank may publish the next collective's while a slower one still reads this one's).
class team_hub
{
public:
    static constexpr std::size_t max_values = communicator::max_agree_values;
    struct slot
    {
        bool ok = true;
        double values[max_values] = {};
        const void* data = nullptr;
        halo_exchange halo;
    };

    explicit team_hub(std::size_t ranks) : m_ranks(ranks)
    {
        m_slots[0].resize(ranks);
        m_slots[1].resize(ranks);
    }

    std::size_t ranks() const { return m_ranks; }
    slot& at(std::size_t phase, std::size_t rank) { return m_slots[phase % 2][rank]; }

    //! Waits for every rank; false where a rank failed before all had arrived.
    bool arrive_and_wait()
    {
        std::unique_lock<std::mutex> lock(m_mutex);
        if (m_failed) return false;
        if (++m_arrived == m_ranks)
        {
            m_arrived = 0;
            ++m_generation;
            m_wake.notify_all();
            return true;
        }
        const unsigned long long generation = m_generation;
        m_wake.wait(lock, [&] { return m_generation != generation || m_failed; });
        return m_generation != generation;
    }

    void fail(std::size_t rank, const std::string& what)
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        if (!m_failed)
        {
            m_failed = true;
            m_failure = "rank " + std::to_string(rank) + " failed: " + what;
        }
        m_wake.notify_all();
    }

    std::string failure()
    {
        std::lock_guard<std::mutex> lock(m_mutex);
        return m_failure;
    }

private:
    std::size_t m_ranks;
    std::vector<slot> m_slots[2];
    std::mutex m_mutex;
    std::condition_variable m_wake;
    std::size_t m_arrived = 0;
    unsigned long long m_generation = 0;
    bool m_failed = false;
    std::string m_failure;
};

} // namespace detail

//! One rank of a thread_team: host memory, collectives through the team's hub.
class thread_team_communicator : public communicator
{
public:
    thread_team_communicator(std::shared_ptr<detail::team_hub> hub, std::size_t rank) : m_hub(std::move(hub)), m_rank(rank) {}

    std::size_t rank() const override { return m_rank; }
    std::size_t size() const override { return m_hub->ranks(); }
    memory_kind memory() const override { return memory_kind::host; }
    std::string name() const override { return "thread_team"; }

    bool agree(bool ok, double* values = nullptr, std::size_t count = 0) override
    {
        check_not_broken();
        if (count > max_agree_values) throw std::logic_error("tiled::distributed::thread_team: too many values to agree on");
        if (!ok) m_hub->fail(m_rank, "its step threw (its own exception says why)");
        auto& mine = m_hub->at(m_phase, m_rank);
        mine.ok = ok;
        if (count != 0) std::copy(values, values + count, mine.values);
        if (!ok || !wait())
        {
            mark_broken(m_hub->failure());
            ++m_phase;
            return false;
        }
        for (std::size_t r = 0; r < size(); ++r)
        {
            const auto& theirs = m_hub->at(m_phase, r);
            if (!theirs.ok)
            {
                mark_broken("rank " + std::to_string(r) + " failed");
                ++m_phase;
                return false;
            }
            for (std::size_t i = 0; i < count; ++i) values[i] = std::max(values[i], theirs.values[i]);
        }
        ++m_phase;
        return true;
    }

    void exchange(const halo_exchange& x) override
    {
        check_not_broken();
        m_hub->at(m_phase, m_rank).halo = x;
        barrier();  // every window published, no rank steps before the pulls below end
        char* window = static_cast<char*>(x.window);
        const std::size_t vs = x.value_size;
        const window_layout& me = x.layout;
        if (me.left != 0)
        {
            const halo_exchange& peer = m_hub->at(m_phase, me.left_peer).halo;
            if (peer.send_right != me.left) throw std::logic_error("tiled::distributed::thread_team: halo sizes disagree");
            const char* from = static_cast<const char*>(peer.window) + (peer.layout.left + peer.layout.owned - me.left) * vs;
            std::memcpy(window, from, me.left * vs);
        }
        if (me.right != 0)
        {
            const halo_exchange& peer = m_hub->at(m_phase, me.right_peer).halo;
            if (peer.send_left != me.right) throw std::logic_error("tiled::distributed::thread_team: halo sizes disagree");
            const char* from = static_cast<const char*>(peer.window) + peer.layout.left * vs;
            std::memcpy(window + (me.left + me.owned) * vs, from, me.right * vs);
        }
        ++m_phase;
        barrier();  // nobody writes its owned components while a neighbour still reads them
        ++m_phase;
    }

    void gather(const void* mine, const std::vector<std::size_t>& bytes, void* all, std::size_t root) override
    {
        check_not_broken();
        m_hub->at(m_phase, m_rank).data = mine;
        barrier();
        if (m_rank == root)
        {
            char* out = static_cast<char*>(all);
            for (std::size_t r = 0; r < size(); ++r)
            {
                if (bytes[r] != 0) std::memcpy(out, m_hub->at(m_phase, r).data, bytes[r]);
                out += bytes[r];
            }
        }
        ++m_phase;
        barrier();  // the ranks' data stays in place until the root has copied it
        ++m_phase;
    }

    void abandon() override
    {
        if (broken()) return;
        m_hub->fail(m_rank, "it left by an exception outside a step");
        mark_broken(m_hub->failure());
    }

private:
    bool wait() { return m_hub->arrive_and_wait(); }
    void barrier()
    {
        if (!wait())
        {
            mark_broken(m_hub->failure());
            check_not_broken();
        }
    }

    std::shared_ptr<detail::team_hub> m_hub;
    std::size_t m_rank;
    std::size_t m_phase = 0;
};

struct thread_team
{
    /*! Runs fn(comm) on `ranks` threads (rank 0 on the calling thread), comm a
        std::shared_ptr<communicator> of each rank, and returns when all have. Where
        ranks threw, rethrows the first rank's error that is not a rank_failure (the
        cause), else the first. `on_rank(rank)` runs first on each thread (gpu_team
        picks the rank's device there). */
    template <class Fn>
    static void run(std::size_t ranks, Fn&& fn)
    {
        run_with(ranks, fn, [](std::size_t, const std::shared_ptr<detail::team_hub>& hub, std::size_t rank) {
            return std::make_shared<thread_team_communicator>(hub, rank);
        });
    }

    //! run() whose communicators come from make(rank, hub, rank).
    template <class Fn, class Make>
    static void run_with(std::size_t ranks, Fn& fn, Make make)
    {
        if (ranks == 0) throw std::invalid_argument("tiled::distributed::thread_team::run: no ranks");
        auto hub = std::make_shared<detail::team_hub>(ranks);
        std::vector<std::exception_ptr> errors(ranks);
        auto body = [&](std::size_t rank) {
            try
            {
                auto comm = make(rank, hub, rank);
                fn(comm);
            }
            catch (const std::exception& e)
            {
                errors[rank] = std::current_exception();
                hub->fail(rank, e.what());
            }
            catch (...)
            {
                errors[rank] = std::current_exception();
                hub->fail(rank, "an exception not derived from std::exception");
            }
        };
        std::vector<std::thread> threads;
        threads.reserve(ranks - 1);
        try
        {
            for (std::size_t r = 1; r < ranks; ++r) threads.emplace_back(body, r);
        }
        catch (...)
        {
            hub->fail(0, "thread_team could not start its threads");
            for (auto& t : threads) t.join();
            throw;
        }
        body(0);
        for (auto& t : threads) t.join();
        std::exception_ptr first, cause;
        for (const auto& e : errors)
        {
            if (!e) continue;
            if (!first) first = e;
            if (!cause)
            {
                try { std::rethrow_exception(e); }
                catch (const rank_failure&) {}
                catch (...) { cause = e; }
            }
        }
        if (cause) std::rethrow_exception(cause);
        if (first) std::rethrow_exception(first);
    }
};

}}}}} // namespace boost::numeric::odeint::tiled::distributed

#endif // BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_THREAD_TEAM_HPP_INCLUDED
