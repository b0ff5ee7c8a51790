/*
 boost/numeric/odeint/tiled/core/tiling.hpp

 tiled::tiling, the user's choice of how a step is fused and tiled:
 automatic() (default), none(), trapezoidal(width, height), hexagonal(width, height),
 overlapped(width, height), plus backend knobs (threads per tile on the CPU; blocks per tile etc. on the GPU).
 A value type: comparable and printable; the scheme registry (tiling_schemes) names
 the schemes for printing, the tuning cache's text form and the tool. stepper.tiling() returns the concrete one
 actually used (automatic resolved: from the tuning cache when it has an entry for
 the problem, else from the backend's model).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_CORE_TILING_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_CORE_TILING_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <ostream>
#include <sstream>
#include <stdexcept>
#include <string>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

class tiling
{
public:
    enum class scheme { automatic, none, trapezoidal, hexagonal, overlapped };

    //! Let the backend choose scheme, width, height and threads from n, d, the
    //! method and the machine.
    static tiling automatic() { return tiling(scheme::automatic, 0, 0); }

    //! One pass per stage: each RHS fused with every linear combination that uses it,
    //! never LC->RHS. Works for every access distance.
    static tiling none() { return tiling(scheme::none, 0, 1); }

    //! Rows of trapezoids `height` links high; each trapezoid is at most `width`
    //! components wide. Needs width >= (2*height - 1) * d.
    static tiling trapezoidal(std::size_t width, std::size_t height)
    {
        if (width == 0) throw std::invalid_argument("tiled::tiling::trapezoidal: the width must be positive");
        if (height == 0) throw std::invalid_argument("tiled::tiling::trapezoidal: the height must be positive");
        return tiling(scheme::trapezoidal, width, height);
    }

    //! Hexagons `height` links high (even) and at most `width` components wide.
    //! Needs width >= (height - 1) * d.
    static tiling hexagonal(std::size_t width, std::size_t height)
    {
        if (width == 0) throw std::invalid_argument("tiled::tiling::hexagonal: the width must be positive");
        if (height < 2 || height % 2 != 0)
            throw std::invalid_argument("tiled::tiling::hexagonal: the height must be even and at least 2, got " +
                                        std::to_string(height));
        return tiling(scheme::hexagonal, width, height);
    }

    /*! Overlapped tiles (ghost-zone tiling; Rocha et al., TOAST, §2): rows of `height`
        links in which every tile computes its links on up to `width` components and
        writes the middle width - 2*(height-1)*d of them. A tile recomputes the margins
        its neighbours own instead of waiting for them, so a row is one kernel with no
        dependency between its tiles and no edge strips in memory: one pass over the
        state per row, at the price of the margins' extra arithmetic (the trapezoidal and
        hexagonal schemes compute every component once but need two kernels per row).
        Results are the same bits as with the other schemes. Needs width > 2*(height-1)*d. */
    static tiling overlapped(std::size_t width, std::size_t height)
    {
        if (width == 0) throw std::invalid_argument("tiled::tiling::overlapped: the width must be positive");
        if (height == 0) throw std::invalid_argument("tiled::tiling::overlapped: the height must be positive");
        return tiling(scheme::overlapped, width, height);
    }

    scheme kind() const { return m_scheme; }
    std::size_t width() const { return m_width; }   //!< 0: backend default (none) or not chosen yet (automatic)
    std::size_t height() const { return m_height; }

    // ---- CPU (TBB) knobs ----
    //! Threads that share one tile and meet at a barrier after every link; 0 lets the backend choose.
    tiling& threads_per_tile(std::size_t t) { m_threads_per_tile = t; return *this; }
    std::size_t threads_per_tile() const { return m_threads_per_tile; }
    //! Components per inner block: a link's RHS and LC are fused at this granularity. 0: backend default.
    tiling& block_size(std::size_t b) { m_block_size = b; return *this; }
    std::size_t block_size() const { return m_block_size; }

    // ---- GPU (CUDA) knobs; 0 lets the backend choose ----
    tiling& blocks_per_tile(std::size_t b) { m_blocks_per_tile = b; return *this; }
    std::size_t blocks_per_tile() const { return m_blocks_per_tile; }
    tiling& threads_per_block(std::size_t t) { m_threads_per_block = t; return *this; }
    std::size_t threads_per_block() const { return m_threads_per_block; }
    tiling& components_per_thread(std::size_t c) { m_components_per_thread = c; return *this; }
    std::size_t components_per_thread() const { return m_components_per_thread; }
    tiling& mapping_stride(std::size_t s) { m_mapping_stride = s; return *this; }
    std::size_t mapping_stride() const { return m_mapping_stride; }
    //! GPU: tiles made of a thread-block cluster exchanging stage data in distributed shared memory.
    tiling& use_clusters(bool c) { m_use_clusters = c; return *this; }
    bool use_clusters() const { return m_use_clusters; }

    //! width/height of none() are its pass-chunk size (parallel grain) and 1.
    tiling& width(std::size_t w) { m_width = w; return *this; }

    // ---- automatic() only ----
    /*! Whether automatic() looks in the tuning cache first (default: yes). The cache
        (tuning/tuning_cache.hpp) holds the tilings `boost_odeint_tiled tune` measured
        fastest on this machine; on a miss, or with use_tuning_cache(false), the
        backend's model alone decides. The choice never changes results beyond rounding.
        Example: tiling::automatic().use_tuning_cache(false) is what `bench` calls
        `automatic`, tiling::automatic() what it calls `tuned`. */
    tiling& use_tuning_cache(bool u) { m_use_tuning_cache = u; return *this; }
    bool use_tuning_cache() const { return m_use_tuning_cache; }

    /*! CPU: how many processes of this machine step at the same time and share its
        last-level cache (default 1). automatic() sizes the TBB tiles that live in the
        last-level cache for this process's share of it, 1/processes, and skips the
        tuning cache, whose entries were measured by one process alone. The distributed
        steppers set it from their communicator (MPI ranks on one node); set it by hand
        where other processes run tiled steps beside this one.
        Example: tiling::automatic().processes_sharing_cache(2) for two MPI ranks of
        8 threads each on a 16-core machine. */
    tiling& processes_sharing_cache(std::size_t p)
    {
        if (p == 0) throw std::invalid_argument("tiled::tiling::processes_sharing_cache: at least 1 process");
        m_processes_sharing_cache = p;
        return *this;
    }
    std::size_t processes_sharing_cache() const { return m_processes_sharing_cache; }

    friend bool operator==(const tiling& a, const tiling& b)
    {
        return a.m_scheme == b.m_scheme && a.m_width == b.m_width && a.m_height == b.m_height &&
               a.m_threads_per_tile == b.m_threads_per_tile && a.m_block_size == b.m_block_size &&
               a.m_blocks_per_tile == b.m_blocks_per_tile && a.m_threads_per_block == b.m_threads_per_block &&
               a.m_components_per_thread == b.m_components_per_thread && a.m_mapping_stride == b.m_mapping_stride &&
               a.m_use_clusters == b.m_use_clusters && a.m_use_tuning_cache == b.m_use_tuning_cache &&
               a.m_processes_sharing_cache == b.m_processes_sharing_cache;
    }
    friend bool operator!=(const tiling& a, const tiling& b) { return !(a == b); }

    friend std::ostream& operator<<(std::ostream& os, const tiling& t);
    std::string to_string() const;

private:
    tiling(scheme s, std::size_t w, std::size_t h) : m_scheme(s), m_width(w), m_height(h) {}

    scheme m_scheme;
    std::size_t m_width;
    std::size_t m_height;
    std::size_t m_threads_per_tile = 0;
    std::size_t m_block_size = 0;
    std::size_t m_blocks_per_tile = 0;
    std::size_t m_threads_per_block = 0;
    std::size_t m_components_per_thread = 0;
    std::size_t m_mapping_stride = 0;
    bool m_use_clusters = false;
    bool m_use_tuning_cache = true;
    std::size_t m_processes_sharing_cache = 1;
};

/*! The scheme registry: each tiling scheme's name as operator<< prints it, as the
    tuning cache's text form (tuning/tiling_text.hpp) writes and parses it, and as the
    tool names the steppers that use it. A new scheme adds its row here. */
struct tiling_scheme_entry
{
    tiling::scheme scheme;
    const char* name;
    bool shaped;  //!< has a width and a height: printed "name(width, height)"
    //! The tiling from the text form's width and height; nullptr for automatic(), which
    //! is never stored (only the tilings it resolves to are).
    tiling (*make)(std::size_t width, std::size_t height);
};

namespace detail {
//! none() with the pass-chunk width the text form stores (its height is always 1).
inline tiling none_of_width(std::size_t width, std::size_t) { return tiling::none().width(width); }
} // namespace detail

inline constexpr tiling_scheme_entry tiling_schemes[] = {
    {tiling::scheme::automatic, "automatic", false, nullptr},
    {tiling::scheme::none, "none", false, &detail::none_of_width},
    {tiling::scheme::trapezoidal, "trapezoidal", true, &tiling::trapezoidal},
    {tiling::scheme::hexagonal, "hexagonal", true, &tiling::hexagonal},
    {tiling::scheme::overlapped, "overlapped", true, &tiling::overlapped},
};

//! The registry's row of scheme s.
inline const tiling_scheme_entry& tiling_scheme(tiling::scheme s)
{
    for (const tiling_scheme_entry& e : tiling_schemes)
        if (e.scheme == s) return e;
    throw std::logic_error("tiled::tiling_scheme: a scheme without a row in tiling_schemes");
}

//! The registry's row named `name`, or nullptr.
inline const tiling_scheme_entry* find_tiling_scheme(const std::string& name)
{
    for (const tiling_scheme_entry& e : tiling_schemes)
        if (name == e.name) return &e;
    return nullptr;
}

inline std::ostream& operator<<(std::ostream& os, const tiling& t)
{
    const tiling_scheme_entry& e = tiling_scheme(t.kind());
    os << e.name;
    if (t.kind() == tiling::scheme::automatic && !t.use_tuning_cache()) os << ", no tuning cache";
    if (t.processes_sharing_cache() > 1) os << ", cache shared by " << t.processes_sharing_cache() << " processes";
    if (e.shaped) os << "(" << t.width() << ", " << t.height() << ")";
    if (t.threads_per_tile()) os << " threads_per_tile=" << t.threads_per_tile();
    if (t.block_size()) os << " block_size=" << t.block_size();
    if (t.blocks_per_tile()) os << " blocks_per_tile=" << t.blocks_per_tile();
    if (t.threads_per_block()) os << " threads_per_block=" << t.threads_per_block();
    if (t.components_per_thread()) os << " components_per_thread=" << t.components_per_thread();
    if (t.mapping_stride()) os << " mapping_stride=" << t.mapping_stride();
    if (t.use_clusters()) os << " clusters";
    return os;
}

inline std::string tiling::to_string() const
{
    std::ostringstream os;
    os << *this;
    return os.str();
}

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_CORE_TILING_HPP_INCLUDED
