/*
 boost_odeint_tiled/memory.hpp

 Out of memory, said so that a user can act on it: which memory ran out (host or
 GPU), the problem size asked for, roughly how much memory it needs, how much the
 machine has and a --n that fits. The subcommands run their work through
 with_memory_report(), which first refuses a size that cannot fit the machine's
 memory (before anything is allocated: an allocation that the system grants
 lazily could otherwise end in the kernel's out-of-memory killer instead of an
 error) and turns a std::bad_alloc, or a GPU allocation failure that a CUDA runner
 reports as out_of_memory, into that message.

 Plain C++: the CUDA runners include it too.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_MEMORY_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_MEMORY_HPP_INCLUDED

#include <cstddef>
#include <cstdio>
#include <exception>
#include <new>
#include <stdexcept>
#include <string>

#if defined(__unix__) || defined(__APPLE__)
#include <unistd.h>
#endif

#if defined(__CUDACC__)
#include <cuda_runtime_api.h>
#include <thrust/system/cuda/error.h>
#include <thrust/system/detail/bad_alloc.h>
#include <thrust/system/system_error.h>
#endif

#include "options.hpp"

namespace bot_tool {

enum class memory_kind { host, gpu };

inline const char* memory_name(memory_kind k) { return k == memory_kind::gpu ? "GPU" : "host"; }

//! An allocation that failed where the code knew which memory it asked for: the CUDA
//! runners turn thrust's and CUDA's out-of-memory errors into this (a thrust
//! bad_alloc is a std::bad_alloc, which would otherwise read as host memory).
struct out_of_memory : std::runtime_error
{
    memory_kind where;
    out_of_memory(memory_kind w, const std::string& what) : std::runtime_error(what), where(w) {}
};

#if defined(__CUDACC__)
//! A GPU allocation that failed: thrust's bad_alloc (a device_vector), a thrust
//! system_error for cudaErrorMemoryAllocation, or the library's cuda_check error for it
//! (which names the CUDA error in its message).
inline bool is_gpu_out_of_memory(const std::exception& e)
{
    if (dynamic_cast<const thrust::system::detail::bad_alloc*>(&e)) return true;
    if (const auto* se = dynamic_cast<const thrust::system_error*>(&e))
        if (se->code().category() == thrust::cuda_category() && se->code().value() == cudaErrorMemoryAllocation)
            return true;
    return std::string(e.what()).find("cudaErrorMemoryAllocation") != std::string::npos;
}
#endif

/*! For the catch blocks that record a failure and go on (a stepper of a table row, a
    candidate of tune): rethrows `e`, which must be the exception being handled, when it
    is out of memory (std::bad_alloc, out_of_memory; in CUDA code also a GPU allocation
    failure, rethrown as out_of_memory(gpu)), so that the run stops with
    with_memory_report's message instead of a row of "std::bad_alloc"; returns otherwise. */
inline void rethrow_if_out_of_memory(const std::exception& e)
{
    if (dynamic_cast<const out_of_memory*>(&e)) throw;
#if defined(__CUDACC__)
    if (is_gpu_out_of_memory(e)) throw out_of_memory(memory_kind::gpu, e.what());
#endif
    if (dynamic_cast<const std::bad_alloc*>(&e)) throw;
}

/*! What a run asks of one memory, roughly: `vectors` vectors of n values at once (the
    initial, current and reference states and the stepper's stage vectors). 0 vectors:
    nothing of this memory. */
struct memory_need
{
    std::size_t n = 0;
    std::size_t value_bytes = 8;
    std::size_t vectors = 0;
    const char* value_name = "double";
    double bytes() const { return double(n) * double(value_bytes) * double(vectors); }
};

/*! The vectors of n values a run of a method with `links` links holds at once, roughly:
    on the host the initial, current and reference states, and the stepper's (about
    one per link, two more for odeint's stock steppers). */
inline std::size_t vectors_for_links(std::size_t links) { return links + 5; }

//! What bench's runners (bench, verify, tune) and adaptive ask of each memory.
struct memory_needs
{
    memory_need host, gpu;
};

/*! A run on n values of `value_bytes` (`value_name`) of a method whose plain step has
    `links` links: on the host everything (vectors_for_links), or with the states on
    the GPU the stepper there and the initial state, the reference and a copy of the
    final state on the host. */
inline memory_needs runner_memory(std::size_t n, std::size_t value_bytes, const char* value_name, std::size_t links,
                                  bool on_gpu)
{
    memory_needs m;
    m.host = {n, value_bytes, on_gpu ? std::size_t(3) : vectors_for_links(links), value_name};
    m.gpu = {n, value_bytes, on_gpu ? vectors_for_links(links) - 1 : std::size_t(0), value_name};
    return m;
}

//! "512 MiB", "8 PiB", "1.5 GiB".
inline std::string format_bytes(double bytes)
{
    static const char* const units[] = {"bytes", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    std::size_t u = 0;
    while (bytes >= 1024.0 && u + 1 < sizeof(units) / sizeof(units[0])) {
        bytes /= 1024.0;
        ++u;
    }
    char buf[48];
    std::snprintf(buf, sizeof buf, bytes < 10.0 && u > 0 ? "%.1f %s" : "%.0f %s", bytes, units[u]);
    return buf;
}

//! The machine's physical memory in bytes; 0 when the system does not say.
inline double physical_memory_bytes()
{
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGE_SIZE)
    const long pages = ::sysconf(_SC_PHYS_PAGES);
    const long page = ::sysconf(_SC_PAGE_SIZE);
    if (pages > 0 && page > 0) return double(pages) * double(page);
#endif
    return 0.0;
}

/*! The message: which memory ran out, the size asked for, roughly what it needs, what
    there is (`available` bytes, 0: unknown) and a --n that would fit (a power of two,
    which every --d of bruss2d up to it divides). `cause`: what failed, e.g.
    "std::bad_alloc"; empty when the need was refused before anything was allocated. */
inline std::string out_of_memory_message(memory_kind where, const memory_need& need, double available,
                                         const std::string& cause)
{
    const double per_vector = double(need.n) * double(need.value_bytes);
    std::string s = cause.empty() ? std::string("not enough ") + memory_name(where) + " memory, so nothing was run"
                                  : std::string("out of ") + memory_name(where) + " memory (" + cause + ")";
    s += ": n = " + format_size(need.n) + " components of " + need.value_name + " need roughly " +
         format_bytes(need.bytes()) + " of " + memory_name(where) + " memory (" + std::to_string(need.vectors) +
         " vectors of " + format_bytes(per_vector) + ": the states and the stepper's stage vectors)";
    // an allocation that failed although the whole need fits: less was free than there is
    const bool less_was_free = !cause.empty() && available > 0.0 && need.bytes() <= available;
    if (available > 0.0)
        s += std::string("; ") + (where == memory_kind::gpu ? "the GPU has " : "this machine has ") +
             format_bytes(available);
    if (less_was_free) {
        s += where == memory_kind::gpu ? ", but less was free (other processes on the GPU)"
                                       : ", but less was free for this process (other processes, or a limit such as "
                                         "ulimit -v or a container's)";
        return s + ". Try a smaller --n than " + format_size(need.n) + ".";
    }
    s += ". Try a smaller --n";
    if (available > 0.0 && need.vectors > 0) {
        // leave a quarter for everything else in the process and the system
        const double fits = 0.75 * available / (double(need.value_bytes) * double(need.vectors));
        std::size_t n = 1;
        while (double(n) * 2.0 <= fits && n < (std::size_t(1) << 62)) n *= 2;
        if (fits >= 1.0) s += " (about " + format_size(n) + " or less fits here)";
    }
    return s + ".";
}

//! Total memory of the GPU the run uses; 0 when unknown or not used.
using gpu_memory_query = double (*)();

/*! Refuses, before anything is allocated, a need above the memory the machine has
    (std::runtime_error with out_of_memory_message's text, exit status 1). Memory whose
    size the system does not tell is not checked. `gpu_total`: the GPU's memory, or
    nullptr where the run uses none. */
inline void check_memory_fits(const memory_need& host, const memory_need& gpu, gpu_memory_query gpu_total)
{
    const double host_total = physical_memory_bytes();
    const double device_total = gpu_total && gpu.vectors ? gpu_total() : 0.0;
    if (host_total > 0.0 && host.bytes() > host_total)
        throw std::runtime_error(out_of_memory_message(memory_kind::host, host, host_total, std::string()));
    if (device_total > 0.0 && gpu.bytes() > device_total)
        throw std::runtime_error(out_of_memory_message(memory_kind::gpu, gpu, device_total, std::string()));
}

/*! f(), with out-of-memory turned into out_of_memory_message's readable error
    (std::runtime_error, exit status 1): check_memory_fits first, then a std::bad_alloc
    (host memory) or out_of_memory (the memory it names) from f is reported. */
template <class F>
int with_memory_report(const memory_need& host, const memory_need& gpu, gpu_memory_query gpu_total, F&& f)
{
    check_memory_fits(host, gpu, gpu_total);
    const double host_total = physical_memory_bytes();
    const double device_total = gpu_total && gpu.vectors ? gpu_total() : 0.0;
    try {
        return f();
    } catch (const out_of_memory& e) {
        const bool on_gpu = e.where == memory_kind::gpu;
        throw std::runtime_error(
            out_of_memory_message(e.where, on_gpu ? gpu : host, on_gpu ? device_total : host_total, e.what()));
    } catch (const std::bad_alloc& e) {
        throw std::runtime_error(out_of_memory_message(memory_kind::host, host, host_total, e.what()));
    }
}

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_MEMORY_HPP_INCLUDED
