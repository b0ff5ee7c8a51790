/*
 boost/numeric/odeint/tiled/distributed.hpp

 The distributed states and steppers (doc/distributed.md): a state split into
 contiguous parts over ranks, each rank stepping its part with a halo exchanged once
 per step (or once per k fixed steps). This header brings the host engine
 (thread_team); the MPI engine is <boost/numeric/odeint/tiled/distributed/mpi_communicator.hpp>
 (needs MPI), the GPU engine <boost/numeric/odeint/tiled/distributed/nccl_communicator.hpp>
 (needs nvcc and NCCL).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_HPP_INCLUDED

#include <boost/numeric/odeint/tiled.hpp>

#include <boost/numeric/odeint/tiled/distributed/communicator.hpp>
#include <boost/numeric/odeint/tiled/distributed/distributed_state.hpp>
#include <boost/numeric/odeint/tiled/distributed/distributed_stepper.hpp>
#include <boost/numeric/odeint/tiled/distributed/partition.hpp>
#include <boost/numeric/odeint/tiled/distributed/ring_window_system.hpp>
#include <boost/numeric/odeint/tiled/distributed/thread_team.hpp>
#include <boost/numeric/odeint/tiled/distributed/window_system.hpp>

#endif // BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_HPP_INCLUDED
