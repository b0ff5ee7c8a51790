/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_access_record.hpp

 Where a checked step on the GPU records a read beyond the system's access
 distance (system/access_check.hpp): one access_violation in mapped (zero-copy)
 host memory. A kernel thread that finds a bad read claims the record with
 atomicCAS, writes it and carries on with a safe value, so the context stays
 usable; take() waits for the step and reads the record on the host, where the
 stepper turns it into an access_distance_error.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_ACCESS_RECORD_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_ACCESS_RECORD_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cuda_runtime_api.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/system/access_check.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

class cuda_access_record
{
public:
    cuda_access_record()
    {
        void* host = nullptr;
        cuda_check(cudaHostAlloc(&host, sizeof(access_violation), cudaHostAllocMapped),
                   "allocating the checked mode's access record");
        m_host = static_cast<access_violation*>(host);
        *m_host = access_violation{0, 0, 0, 0};
        void* device = nullptr;
        const cudaError_t e = cudaHostGetDevicePointer(&device, host, 0);
        if (e != cudaSuccess) cudaFreeHost(host);
        cuda_check(e, "mapping the checked mode's access record");
        m_device = static_cast<access_violation*>(device);
    }
    cuda_access_record(const cuda_access_record&) = delete;
    cuda_access_record& operator=(const cuda_access_record&) = delete;
    ~cuda_access_record() { cudaFreeHost(m_host); }

    //! The record as the kernels address it.
    access_violation* get() { return m_device; }
    //! Waits for the step's kernels, then returns the record and clears it.
    access_violation take()
    {
        cuda_check(cudaDeviceSynchronize(), "a checked step");
        const access_violation v = *m_host;
        *m_host = access_violation{0, 0, 0, 0};
        return v;
    }

private:
    access_violation* m_host = nullptr;
    access_violation* m_device = nullptr;
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_ACCESS_RECORD_HPP_INCLUDED
