/*
 boost/numeric/odeint/tiled/reference_problems.hpp

 The reference problems shared by tests, examples and benchmarks, each a
 LimitedAccessSystem usable on the host and (compiled with nvcc) on the device:

   problems::bruss2d       BRUSS2D, the 2D Brusselator with diffusion, AoS
                           interleaved (u, v), row-major; d = 2 * x_max.
   problems::heat1d        1D diffusion chain with mirrored (Neumann) ends; d = 1.
   problems::grid_bruss2d, problems::grid_heat1d
                           the same two written with the grid helper (tiled::grid).
   problems::plain_bruss2d BRUSS2D as a new user writes it, one component per call.
   problems::wide_stencil  1D symmetric stencil of any width d (clamped ends), for
                           tests that need a chosen access distance, d = 0 included.
   problems::phase_chain   odeint's chain of phase oscillators; d = 1.
   problems::lorenz96      the periodic Lorenz-96 model: d = n - 1 along the state,
                           a cyclic access distance of 2 around the ring.

 One header per problem under problems/; this one includes them all. Formulas,
 initial values and step-size hints are documented at each class and in
 doc/reference_problems.md. Objects are small plain values (trivially copyable), so
 they can be passed to kernels by value. Constructors and factories are host-only
 and throw std::invalid_argument on bad sizes; operator() never throws.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_REFERENCE_PROBLEMS_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_REFERENCE_PROBLEMS_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/problems/bruss2d.hpp>
#include <boost/numeric/odeint/tiled/problems/grid_bruss2d.hpp>
#include <boost/numeric/odeint/tiled/problems/grid_heat1d.hpp>
#include <boost/numeric/odeint/tiled/problems/heat1d.hpp>
#include <boost/numeric/odeint/tiled/problems/lorenz96.hpp>
#include <boost/numeric/odeint/tiled/problems/phase_chain.hpp>
#include <boost/numeric/odeint/tiled/problems/plain_bruss2d.hpp>
#include <boost/numeric/odeint/tiled/problems/wide_stencil.hpp>

#endif // BOOST_NUMERIC_ODEINT_TILED_REFERENCE_PROBLEMS_HPP_INCLUDED
