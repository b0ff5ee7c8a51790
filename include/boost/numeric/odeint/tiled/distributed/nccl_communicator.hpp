/*
 boost/numeric/odeint/tiled/distributed/nccl_communicator.hpp

 GPU ranks: nccl_communicator moves a distributed_state<thrust::device_vector<T>>'s
 halos between GPUs with NCCL (NVLink or PCIe inside a host, InfiniBand between hosts)
 and takes its agreements through a host communicator (control). Two ways to get one:

   gpu_team::run(devices, fn)   one process drives several GPUs: a thread per GPU,
                                one NCCL communicator for all (ncclCommInitAll), the
                                threads' agreements through a thread_team;
   nccl_over_mpi(mpi, device)   one MPI process per GPU (nccl_over_mpi.hpp).

     tiled::distributed::gpu_team::run({0, 1, 2, 3}, [&](std::shared_ptr<tiled::distributed::communicator> comm) {
         tiled::distributed::distributed_state<thrust::device_vector<double>> x(comm, part);
         ...                                   // this thread's GPU is current
     });

 The halo messages are NCCL point-to-point operations, in order with the steps'
 kernels on the default stream: the host does not wait for them, so a GPU's steps and
 exchanges queue up while the host goes on (adaptive steps wait once per try, for the
 error norm). Behind a step that signals its end tiles (core/edge_signal.hpp: the grid
 kernel's fixed steps), the next exchange runs on a stream of its own: the stream waits
 for the kernel's flag (cuStreamWaitValue32), sends and receives while the step's
 interior tiles run, and the default stream's next work waits for it by an event.
 NVLink SHARP / multicast is not used (NCCL_NVLS_ENABLE=0 is what these operations
 need).

 Needs nvcc and NCCL (the CUDA toolkit's or libnccl-dev).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_NCCL_COMMUNICATOR_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_NCCL_COMMUNICATOR_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include <cuda.h>
#include <cuda_runtime.h>
#include <nccl.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/distributed_memory.hpp>
#include <boost/numeric/odeint/tiled/distributed/communicator.hpp>
#include <boost/numeric/odeint/tiled/distributed/thread_team.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace distributed {

//! Throws std::runtime_error with NCCL's message where an NCCL call did not succeed.
inline void nccl_check(ncclResult_t r, const char* what)
{
    if (r != ncclSuccess)
        throw std::runtime_error(std::string("tiled::distributed::nccl_communicator: ") + what + ": " + ncclGetErrorString(r));
}

/*! NCCL reports its errors in its return values, but leaves CUDA's last error of the
    thread set by calls it expects to fail (enabling peer access that is enabled, looking
    for kernels of other architectures): cleared after NCCL's calls, so that the next
    kernel launch's check does not take them for its own. */
inline void forget_nccl_cuda_errors() { (void)cudaGetLastError(); }

namespace detail {

//! The driver's cuStreamWaitValue32, found through the runtime (no link to libcuda);
//! nullptr where the driver has none.
inline auto stream_wait_value_32()
{
    using function = CUresult (*)(CUstream, CUdeviceptr, cuuint32_t, unsigned int);
    static const function f = [] {
        void* p = nullptr;
#if CUDART_VERSION >= 12050
        cudaDriverEntryPointQueryResult found{};
        const bool ok = cudaGetDriverEntryPointByVersion("cuStreamWaitValue32", &p, 12000, cudaEnableDefault, &found) ==
                            cudaSuccess &&
                        found == cudaDriverEntryPointSuccess;
#elif CUDART_VERSION >= 12000
        cudaDriverEntryPointQueryResult found{};
        const bool ok = cudaGetDriverEntryPoint("cuStreamWaitValue32", &p, cudaEnableDefault, &found) == cudaSuccess &&
                        found == cudaDriverEntryPointSuccess;
#else
        const bool ok = cudaGetDriverEntryPoint("cuStreamWaitValue32", &p, cudaEnableDefault) == cudaSuccess;
#endif
        if (!ok)
        {
            (void)cudaGetLastError();
            p = nullptr;
        }
        return reinterpret_cast<function>(p);
    }();
    return f;
}

} // namespace detail

class nccl_communicator : public communicator
{
public:
    /*! A rank whose halos travel on `comm` (its rank and size those of `control`) from
        GPU `device`; owns_comm: destroy comm with this object. */
    nccl_communicator(std::shared_ptr<communicator> control, ncclComm_t comm, int device, bool owns_comm)
        : m_control(std::move(control)), m_comm(comm), m_device(device), m_owns(owns_comm)
    {
        if (!m_control || m_control->memory() != memory_kind::host)
            throw std::invalid_argument("tiled::distributed::nccl_communicator: needs a host communicator for its agreements");
        int nccl_rank = 0, nccl_size = 0;
        nccl_check(ncclCommUserRank(m_comm, &nccl_rank), "reading the rank");
        nccl_check(ncclCommCount(m_comm, &nccl_size), "reading the size");
        if (std::size_t(nccl_rank) != m_control->rank() || std::size_t(nccl_size) != m_control->size())
            throw std::invalid_argument("tiled::distributed::nccl_communicator: the NCCL communicator's ranks are not "
                                        "the host communicator's");
    }
    nccl_communicator(const nccl_communicator&) = delete;
    nccl_communicator& operator=(const nccl_communicator&) = delete;
    ~nccl_communicator() override
    {
        if (m_exchange_stream != nullptr)
        {
            // a posted exchange completes (its step was launched, its peers posted their
            // halves in the same agreement); a broken rank's is aborted with the communicator
            if (!broken()) (void)cudaStreamSynchronize(m_exchange_stream);
        }
        if (m_owns)
        {
            if (broken()) ncclCommAbort(m_comm);  // a peer may never post its half of a message
            else ncclCommDestroy(m_comm);
        }
        if (m_exchange_stream != nullptr)
        {
            (void)cudaEventDestroy(m_exchanged);
            (void)cudaStreamDestroy(m_exchange_stream);
            (void)cudaFree(m_signal);
            (void)cudaGetLastError();
        }
    }

    std::size_t rank() const override { return m_control->rank(); }
    std::size_t size() const override { return m_control->size(); }
    memory_kind memory() const override { return memory_kind::device; }
    std::string name() const override { return "nccl_communicator over " + m_control->name(); }
    std::size_t processes_on_node() const override { return m_control->processes_on_node(); }
    int device() const { return m_device; }
    ncclComm_t native() const { return m_comm; }

    bool agree(bool ok, double* values = nullptr, std::size_t count = 0) override
    {
        check_not_broken();
        if (m_control->agree(ok, values, count)) return true;
        mark_broken(m_control->failure());
        return false;
    }

    void exchange(const halo_exchange& x) override
    {
        check_not_broken();
        post(x, 0);  // the steps' stream
    }

    bool overlaps_exchange() const override { return detail::stream_wait_value_32() != nullptr; }

    void prepare_edge_signal(tiled::detail::edge_signal_request& r) override
    {
        check_not_broken();
        if (!overlaps_exchange()) return;
        if (m_exchange_stream == nullptr) make_exchange_stream();
        r.flag = m_signal;
        r.counter = m_signal + 1;
        r.epoch = ++m_epoch;
        r.taken = false;
    }

    void exchange_after_signal(const halo_exchange& x, const tiled::detail::edge_signal_request& r) override
    {
        check_not_broken();
        if (!r.taken || r.flag != m_signal)
        {
            exchange(x);
            return;
        }
        // the default stream's work before the step is done when the flag is set: the
        // exchange stream needs no event for it
        const CUresult waited = detail::stream_wait_value_32()(reinterpret_cast<CUstream>(m_exchange_stream),
                                                               reinterpret_cast<CUdeviceptr>(m_signal), r.epoch, 0);
        if (waited != CUDA_SUCCESS)
            throw std::runtime_error("tiled::distributed::nccl_communicator: cuStreamWaitValue32 failed (CUresult " +
                                     std::to_string(int(waited)) + ")");
        post(x, m_exchange_stream);
        cuda_check(cudaEventRecord(m_exchanged, m_exchange_stream), "recording the halo exchange");
        cuda_check(cudaStreamWaitEvent(0, m_exchanged, 0), "ordering the next step after the halo exchange");
    }

    void gather(const void* mine, const std::vector<std::size_t>& bytes, void* all, std::size_t root) override
    {
        check_not_broken();
        m_control->gather(mine, bytes, all, root);  // host memory: distributed_state::gather copies to the host first
    }

    void abandon() override
    {
        if (broken()) return;
        m_control->abandon();
        mark_broken("this rank left by an exception outside a step");
    }

private:
    //! The NCCL operations of exchange x on `stream`.
    void post(const halo_exchange& x, cudaStream_t stream)
    {
        char* window = static_cast<char*>(x.window);
        const std::size_t vs = x.value_size;
        const window_layout& w = x.layout;
        // On two ranks of a ring both messages between the pair go each way; NCCL pairs
        // them in the order posted: first the sender's first components (the receiver's
        // right halo), then its last (the receiver's left halo).
        nccl_check(ncclGroupStart(), "starting the halo exchange");
        if (w.right != 0)
            nccl_check(ncclRecv(window + (w.left + w.owned) * vs, w.right * vs, ncclUint8, int(w.right_peer), m_comm, stream),
                       "receiving a halo");
        if (w.left != 0) nccl_check(ncclRecv(window, w.left * vs, ncclUint8, int(w.left_peer), m_comm, stream), "receiving a halo");
        if (x.send_left != 0)
            nccl_check(ncclSend(window + w.left * vs, x.send_left * vs, ncclUint8, int(w.left_peer), m_comm, stream),
                       "sending a halo");
        if (x.send_right != 0)
            nccl_check(ncclSend(window + (w.left + w.owned - x.send_right) * vs, x.send_right * vs, ncclUint8,
                                int(w.right_peer), m_comm, stream),
                       "sending a halo");
        nccl_check(ncclGroupEnd(), "posting the halo exchange");
        forget_nccl_cuda_errors();
    }

    //! The exchange stream (high priority, not ordered with the default stream), its
    //! event, and the signal's flag and counter (zero), on this rank's device.
    void make_exchange_stream()
    {
        int least = 0, greatest = 0;
        cuda_check(cudaDeviceGetStreamPriorityRange(&least, &greatest), "reading the stream priorities");
        cuda_check(cudaStreamCreateWithPriority(&m_exchange_stream, cudaStreamNonBlocking, greatest),
                   "creating the halo exchange's stream");
        cuda_check(cudaEventCreateWithFlags(&m_exchanged, cudaEventDisableTiming), "creating the halo exchange's event");
        cuda_check(cudaMalloc(reinterpret_cast<void**>(&m_signal), 2 * sizeof(unsigned)), "allocating the step's signal");
        cuda_check(cudaMemset(m_signal, 0, 2 * sizeof(unsigned)), "clearing the step's signal");
    }

    std::shared_ptr<communicator> m_control;
    ncclComm_t m_comm;
    int m_device;
    bool m_owns;
    cudaStream_t m_exchange_stream = nullptr;
    cudaEvent_t m_exchanged = nullptr;
    unsigned* m_signal = nullptr;  //!< [0] the flag, [1] the counter of end tiles done
    unsigned m_epoch = 0;
};

//! One process, several GPUs: a thread per GPU (see the file comment).
struct gpu_team
{
    /*! Runs fn(comm) on one thread per device in `devices` (rank r on devices[r], which
        is the thread's current device), and returns when all have; errors as
        thread_team::run. */
    template <class Fn>
    static void run(const std::vector<int>& devices, Fn&& fn)
    {
        if (devices.empty()) throw std::invalid_argument("tiled::distributed::gpu_team::run: no devices");
        const int ranks = static_cast<int>(devices.size());
        std::vector<ncclComm_t> comms(devices.size());
        nccl_check(ncclCommInitAll(comms.data(), ranks, devices.data()), "creating the communicators");
        forget_nccl_cuda_errors();
        std::vector<char> taken(devices.size(), 0);  // one element per thread (no bit packing)
        try
        {
            thread_team::run_with(devices.size(), fn,
                                  [&](std::size_t r, const std::shared_ptr<detail::team_hub>& hub, std::size_t) {
                                      cuda_check(cudaSetDevice(devices[r]), "selecting a rank's GPU");
                                      auto control = std::make_shared<thread_team_communicator>(hub, r);
                                      forget_nccl_cuda_errors();
                                      auto comm = std::make_shared<nccl_communicator>(control, comms[r], devices[r], true);
                                      taken[r] = 1;
                                      return comm;
                                  });
        }
        catch (...)
        {
            for (std::size_t r = 0; r < comms.size(); ++r)
                if (!taken[r]) ncclCommAbort(comms[r]);
            throw;
        }
    }

    //! Every GPU of this process (cudaGetDeviceCount).
    static std::vector<int> all_devices()
    {
        int count = 0;
        cuda_check(cudaGetDeviceCount(&count), "counting GPUs");
        std::vector<int> d(static_cast<std::size_t>(count));
        for (int i = 0; i < count; ++i) d[std::size_t(i)] = i;
        return d;
    }
};

}}}}} // namespace boost::numeric::odeint::tiled::distributed

#endif // BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_NCCL_COMMUNICATOR_HPP_INCLUDED
