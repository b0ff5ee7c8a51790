/*
 boost/numeric/odeint/tiled/tuning/tiling_text.hpp

 A concrete tiling as one line of text, the form the tuning cache stores: the
 scheme, then name=value for the width, the height and every knob that is set,
 e.g. "trapezoidal width=16384 height=4 threads_per_tile=1 block_size=1024".
 Unlike operator<< (made for people) it keeps every field, so that parsing the
 text gives back a tiling equal to the one written.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TUNING_TILING_TEXT_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TUNING_TILING_TEXT_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <sstream>
#include <stdexcept>
#include <string>

#include <boost/numeric/odeint/tiled/core/tiling.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

/*! The text form of a concrete tiling (none, trapezoidal, hexagonal or overlapped).
    @throws std::invalid_argument for automatic(): only resolved tilings are stored. */
inline std::string format_tiling_text(const tiling& t)
{
    if (t.kind() == tiling::scheme::automatic)
        throw std::invalid_argument("tiled::format_tiling_text: automatic() is not a concrete tiling");
    const tiling_scheme_entry& scheme = tiling_scheme(t.kind());
    std::ostringstream os;
    os << scheme.name;
    auto field = [&](const char* name, std::size_t v) {
        if (v) os << ' ' << name << '=' << v;
    };
    field("width", t.width());
    if (scheme.shaped) field("height", t.height());
    field("threads_per_tile", t.threads_per_tile());
    field("block_size", t.block_size());
    field("blocks_per_tile", t.blocks_per_tile());
    field("threads_per_block", t.threads_per_block());
    field("components_per_thread", t.components_per_thread());
    field("mapping_stride", t.mapping_stride());
    if (t.use_clusters()) os << " clusters=1";
    return os.str();
}

namespace detail {

//! A decimal std::size_t, digits only and at most 19 of them (so it cannot overflow):
//! the numbers of the tuning cache's text, its keys' and its tilings'.
inline bool parse_decimal_size(const std::string& text, std::size_t& v)
{
    if (text.empty() || text.size() > 19 || text.find_first_not_of("0123456789") != std::string::npos) return false;
    v = static_cast<std::size_t>(std::stoull(text));
    return true;
}

inline std::size_t parse_tiling_number(const std::string& text, const std::string& whole)
{
    std::size_t v = 0;
    if (!parse_decimal_size(text, v))
        throw std::invalid_argument("tiled::parse_tiling_text: '" + text + "' is not a number in '" + whole + "'");
    return v;
}

} // namespace detail

/*! Reads format_tiling_text's form back.
    @throws std::invalid_argument for anything else: an unknown scheme or field, a
    repeated field, a malformed number, a shape the tiling factories reject. */
inline tiling parse_tiling_text(const std::string& text)
{
    std::istringstream in(text);
    std::string scheme_name;
    if (!(in >> scheme_name)) throw std::invalid_argument("tiled::parse_tiling_text: empty tiling");
    const tiling_scheme_entry* scheme = find_tiling_scheme(scheme_name);
    if (!scheme || !scheme->make)
        throw std::invalid_argument("tiled::parse_tiling_text: unknown scheme '" + scheme_name + "' in '" + text + "'");

    static const char* const names[] = {"width",           "height",         "threads_per_tile",
                                        "block_size",      "blocks_per_tile", "threads_per_block",
                                        "components_per_thread", "mapping_stride", "clusters"};
    constexpr std::size_t field_count = sizeof(names) / sizeof(names[0]);
    std::size_t values[field_count] = {};
    bool seen[field_count] = {};
    std::string token;
    while (in >> token)
    {
        const std::size_t eq = token.find('=');
        if (eq == std::string::npos)
            throw std::invalid_argument("tiled::parse_tiling_text: '" + token + "' is not name=value in '" + text + "'");
        const std::string name = token.substr(0, eq);
        std::size_t i = 0;
        while (i < field_count && name != names[i]) ++i;
        if (i == field_count)
            throw std::invalid_argument("tiled::parse_tiling_text: unknown field '" + name + "' in '" + text + "'");
        if (seen[i]) throw std::invalid_argument("tiled::parse_tiling_text: '" + name + "' twice in '" + text + "'");
        seen[i] = true;
        values[i] = detail::parse_tiling_number(token.substr(eq + 1), text);
    }
    if (values[8] > 1) throw std::invalid_argument("tiled::parse_tiling_text: clusters must be 0 or 1 in '" + text + "'");

    if (!scheme->shaped && seen[1])
        throw std::invalid_argument("tiled::parse_tiling_text: " + scheme_name + "() has no height, in '" + text + "'");
    tiling t = scheme->make(values[0], values[1]);  // the factories throw for a zero width or height
    t.threads_per_tile(values[2]).block_size(values[3]).blocks_per_tile(values[4]).threads_per_block(values[5]);
    t.components_per_thread(values[6]).mapping_stride(values[7]).use_clusters(values[8] != 0);
    return t;
}

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TUNING_TILING_TEXT_HPP_INCLUDED
