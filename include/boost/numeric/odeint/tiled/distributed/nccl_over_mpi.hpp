/*
 boost/numeric/odeint/tiled/distributed/nccl_over_mpi.hpp

 One MPI process per GPU: nccl_over_mpi(mpi, device) makes the rank's
 nccl_communicator, its NCCL communicator bootstrapped through MPI (rank 0's
 ncclUniqueId broadcast) and its agreements taken by the mpi_communicator.

     MPI_Init(&argc, &argv);
     auto mpi = std::make_shared<tiled::distributed::mpi_communicator>(MPI_COMM_WORLD);
     auto comm = tiled::distributed::nccl_over_mpi(mpi, local_rank % gpus_per_node);
     tiled::distributed::distributed_state<thrust::device_vector<double>> x(comm, part);

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_NCCL_OVER_MPI_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_NCCL_OVER_MPI_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <memory>

#include <boost/numeric/odeint/tiled/distributed/mpi_communicator.hpp>
#include <boost/numeric/odeint/tiled/distributed/nccl_communicator.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace distributed {

//! Collective over `mpi`: this rank's GPU communicator on `device` (made current).
inline std::shared_ptr<nccl_communicator> nccl_over_mpi(const std::shared_ptr<mpi_communicator>& mpi, int device)
{
    cuda_check(cudaSetDevice(device), "selecting the rank's GPU");
    ncclUniqueId id;
    if (mpi->rank() == 0) nccl_check(ncclGetUniqueId(&id), "making the NCCL id");
    mpi_check(MPI_Bcast(&id, int(sizeof(id)), MPI_BYTE, 0, mpi->native()), "broadcasting the NCCL id");
    ncclComm_t comm;
    nccl_check(ncclCommInitRank(&comm, int(mpi->size()), id, int(mpi->rank())), "creating the communicator");
    forget_nccl_cuda_errors();
    return std::make_shared<nccl_communicator>(mpi, comm, device, true);
}

}}}}} // namespace boost::numeric::odeint::tiled::distributed

#endif // BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_NCCL_OVER_MPI_HPP_INCLUDED
