/*
 boost_odeint_tiled/table.hpp

 A small result table: printed aligned for people, written as CSV or JSON for
 scripts. A cell is a string or a number (numbers keep full precision in CSV/JSON
 and a chosen format on screen) or empty (null in JSON, "-" on screen).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_TABLE_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_TABLE_HPP_INCLUDED

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <ostream>
#include <string>
#include <vector>

namespace bot_tool {

struct cell
{
    enum class kind { empty, text, number };
    kind k = kind::empty;
    std::string shown;   // on screen
    double value = 0.0;  // kind::number

    static cell none() { return cell{}; }
    static cell str(std::string s) { cell c; c.k = kind::text; c.shown = std::move(s); return c; }
    //! A number shown with printf format fmt (e.g. "%.3f").
    static cell num(double v, const char* fmt = "%.4g")
    {
        cell c;
        if (!std::isfinite(v)) { c.k = kind::text; c.shown = std::isnan(v) ? "nan" : (v > 0 ? "inf" : "-inf"); return c; }
        c.k = kind::number;
        c.value = v;
        char buf[64];
        std::snprintf(buf, sizeof buf, fmt, v);
        c.shown = buf;
        return c;
    }
    static cell integer(long long v) { return num(static_cast<double>(v), "%.0f"); }
};

inline std::string json_escape(const std::string& s)
{
    std::string o;
    for (char ch : s) {
        switch (ch) {
        case '"': o += "\\\""; break;
        case '\\': o += "\\\\"; break;
        case '\n': o += "\\n"; break;
        case '\t': o += "\\t"; break;
        default:
            if (static_cast<unsigned char>(ch) < 0x20) {
                char b[8];
                std::snprintf(b, sizeof b, "\\u%04x", ch);
                o += b;
            } else
                o += ch;
        }
    }
    return o;
}

//! The shortest of %.15g/%.16g/%.17g that reads back as v.
inline std::string full_precision(double v)
{
    char buf[64];
    for (int digits = 15; digits <= 17; ++digits) {
        std::snprintf(buf, sizeof buf, "%.*g", digits, v);
        if (std::strtod(buf, nullptr) == v) break;
    }
    return buf;
}

class table
{
public:
    //! A column: its header, its key in CSV/JSON, and whether it is left-aligned on screen.
    struct column
    {
        std::string header;
        std::string key;
        bool left = false;
    };

    explicit table(std::vector<column> cols) : m_cols(std::move(cols)) {}

    void add_row(std::vector<cell> row)
    {
        row.resize(m_cols.size());
        m_rows.push_back(std::move(row));
    }
    const std::vector<std::vector<cell>>& rows() const { return m_rows; }
    const std::vector<column>& columns() const { return m_cols; }

    void print(std::ostream& os, const std::string& indent = "") const
    {
        std::vector<std::size_t> w(m_cols.size());
        for (std::size_t c = 0; c < m_cols.size(); ++c) {
            w[c] = m_cols[c].header.size();
            for (const auto& r : m_rows) w[c] = std::max(w[c], shown(r[c]).size());
        }
        auto line = [&](auto get) {
            std::string s = indent;
            for (std::size_t c = 0; c < m_cols.size(); ++c) {
                const std::string t = get(c);
                const std::string pad(w[c] - t.size(), ' ');
                const bool last = c + 1 == m_cols.size();
                if (m_cols[c].left) s += t + (last ? "" : pad);
                else s += pad + t;
                if (!last) s += "  ";
            }
            os << s << '\n';
        };
        line([&](std::size_t c) { return m_cols[c].header; });
        std::size_t total = 0;
        for (std::size_t c = 0; c < w.size(); ++c) total += w[c] + (c + 1 < w.size() ? 2 : 0);
        os << indent << std::string(total, '-') << '\n';
        for (const auto& r : m_rows) line([&](std::size_t c) { return shown(r[c]); });
    }

    //! CSV with a header line; `extra` columns (same value on every row) come first.
    void write_csv(std::ostream& os, const std::vector<std::pair<std::string, cell>>& extra = {}) const
    {
        bool first = true;
        auto sep = [&] { if (!first) os << ','; first = false; };
        for (const auto& e : extra) { sep(); os << e.first; }
        for (const auto& c : m_cols) { sep(); os << c.key; }
        os << '\n';
        for (const auto& r : m_rows) {
            first = true;
            for (const auto& e : extra) { sep(); os << csv(e.second); }
            for (const auto& c : r) { sep(); os << csv(c); }
            os << '\n';
        }
    }

    //! A JSON array of objects keyed by column key.
    void write_json_rows(std::ostream& os, const std::string& indent) const
    {
        os << "[";
        for (std::size_t i = 0; i < m_rows.size(); ++i) {
            os << (i ? ",\n" : "\n") << indent << "  {";
            for (std::size_t c = 0; c < m_cols.size(); ++c)
                os << (c ? ", " : "") << '"' << json_escape(m_cols[c].key) << "\": " << json(m_rows[i][c]);
            os << "}";
        }
        os << (m_rows.empty() ? "]" : "\n" + indent + "]");
    }

    static std::string json(const cell& c)
    {
        switch (c.k) {
        case cell::kind::empty: return "null";
        case cell::kind::number: return full_precision(c.value);
        default: return '"' + json_escape(c.shown) + '"';
        }
    }
    static std::string csv(const cell& c)
    {
        switch (c.k) {
        case cell::kind::empty: return "";
        case cell::kind::number: return full_precision(c.value);
        default:
            if (c.shown.find_first_of(",\"\n") == std::string::npos) return c.shown;
            std::string o = "\"";
            for (char ch : c.shown) o += ch == '"' ? std::string("\"\"") : std::string(1, ch);
            return o + '"';
        }
    }

private:
    static std::string shown(const cell& c) { return c.k == cell::kind::empty ? "-" : c.shown; }

    std::vector<column> m_cols;
    std::vector<std::vector<cell>> m_rows;
};

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_TABLE_HPP_INCLUDED
