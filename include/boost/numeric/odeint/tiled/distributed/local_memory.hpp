/*
 boost/numeric/odeint/tiled/distributed/local_memory.hpp

 How a distributed state moves the values of its local container (a rank's window):
 local_memory<Local> sizes it, copies ranges inside its memory and to and from host
 memory. The primary template serves host containers (std::vector); the CUDA backend
 specialises it for thrust::device_vector (backends/cuda/distributed_memory.hpp).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_LOCAL_MEMORY_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_LOCAL_MEMORY_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <algorithm>
#include <cstddef>

#include <boost/numeric/odeint/tiled/core/state_access.hpp>
#include <boost/numeric/odeint/tiled/distributed/communicator.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled { namespace distributed {

template <class Local, class Enable = void>
struct local_memory
{
    using value_type = typename Local::value_type;
    static constexpr memory_kind memory = memory_kind::host;

    static void resize(Local& l, std::size_t n) { l.resize(n); }
    //! to[to_offset + i] = from[from_offset + i] for i < count (distinct containers)
    static void copy(const Local& from, std::size_t from_offset, Local& to, std::size_t to_offset, std::size_t count)
    {
        std::copy_n(tiled::detail::state_data(from) + from_offset, count, tiled::detail::state_data(to) + to_offset);
    }
    static void to_host(const Local& from, std::size_t offset, std::size_t count, value_type* out)
    {
        std::copy_n(tiled::detail::state_data(from) + offset, count, out);
    }
    static void from_host(const value_type* in, std::size_t count, Local& to, std::size_t offset)
    {
        std::copy_n(in, count, tiled::detail::state_data(to) + offset);
    }
};

}}}}} // namespace boost::numeric::odeint::tiled::distributed

#endif // BOOST_NUMERIC_ODEINT_TILED_DISTRIBUTED_LOCAL_MEMORY_HPP_INCLUDED
