/*
 boost_odeint_tiled/options.hpp

 Command-line helpers shared by the tool's subcommands: a usage_error (exit code 2),
 sizes with binary suffixes (4Mi, 256Ki), comma-separated lists, and a reader for
 "--name value" / "--name=value" arguments.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_OPTIONS_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_OPTIONS_HPP_INCLUDED

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <limits>
#include <stdexcept>
#include <string>
#include <vector>

namespace bot_tool {

//! A bad command line: main() prints it with a hint to --help and exits with 2.
struct usage_error : std::runtime_error
{
    using std::runtime_error::runtime_error;
};

//! Non-negative integer with an optional binary suffix Ki, Mi or Gi ("4Mi" = 4·2^20).
inline std::size_t parse_size(const std::string& text, const std::string& what)
{
    std::string s = text;
    std::uint64_t mult = 1;
    auto ends_with = [&](const char* suf) {
        const std::string x(suf);
        return s.size() > x.size() && s.compare(s.size() - x.size(), x.size(), x) == 0;
    };
    if (ends_with("Ki")) { mult = 1ull << 10; s.resize(s.size() - 2); }
    else if (ends_with("Mi")) { mult = 1ull << 20; s.resize(s.size() - 2); }
    else if (ends_with("Gi")) { mult = 1ull << 30; s.resize(s.size() - 2); }
    if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos)
        throw usage_error(what + ": '" + text + "' is not a non-negative integer (suffixes Ki, Mi, Gi allowed)");
    errno = 0;
    char* end = nullptr;
    const unsigned long long v = std::strtoull(s.c_str(), &end, 10);
    if (errno == ERANGE || v > std::numeric_limits<std::uint64_t>::max() / mult)
        throw usage_error(what + ": '" + text + "' is too large");
    return static_cast<std::size_t>(v * mult);
}

inline double parse_double(const std::string& text, const std::string& what)
{
    errno = 0;
    char* end = nullptr;
    const double v = std::strtod(text.c_str(), &end);
    if (text.empty() || end != text.c_str() + text.size() || errno == ERANGE || !(v == v))
        throw usage_error(what + ": '" + text + "' is not a number");
    return v;
}

//! "a,b,c" -> {a, b, c}. An empty item ("32,", ",32", "32,,64") is an error, not
//! skipped: a stray comma usually means a value was lost while editing the list.
inline std::vector<std::string> split_list(const std::string& text, const std::string& what)
{
    std::vector<std::string> out;
    std::size_t pos = 0;
    bool has_empty = false;
    for (;;) {
        const std::size_t comma = text.find(',', pos);
        const std::size_t end = comma == std::string::npos ? text.size() : comma;
        if (end > pos) out.push_back(text.substr(pos, end - pos));
        else has_empty = true;
        if (comma == std::string::npos) break;
        pos = comma + 1;
    }
    if (out.empty()) throw usage_error(what + ": the list is empty");
    if (has_empty) {
        std::string joined;
        for (const std::string& s : out) joined += (joined.empty() ? "" : ",") + s;
        const char* where = text.front() == ',' ? "starts with a comma"
                            : text.back() == ',' ? "ends with a comma"
                                                 : "has two commas in a row";
        throw usage_error(what + ": '" + text + "' " + where + " (an empty item); separate the items by single "
                          "commas, e.g. '" + joined + "'");
    }
    return out;
}

//! Walks argv: options "--name value" or "--name=value", flags "--name".
class arg_reader
{
public:
    arg_reader(int argc, char** argv, int first) : m_args(argv + first, argv + argc) {}

    bool done() const { return m_pos >= m_args.size(); }

    //! The next option's name ("--n" from "--n=4Mi"); positional arguments are errors.
    std::string next_option()
    {
        std::string a = m_args[m_pos++];
        m_inline_value.clear();
        m_has_inline = false;
        if (a.size() < 3 || a.compare(0, 2, "--") != 0) {
            if (a == "-h") return "--help";
            throw usage_error("unexpected argument '" + a + "'");
        }
        const std::size_t eq = a.find('=');
        if (eq != std::string::npos) {
            m_inline_value = a.substr(eq + 1);
            m_has_inline = true;
            a.resize(eq);
        }
        m_current = a;
        return a;
    }

    //! The value of the option just read.
    std::string value()
    {
        if (m_has_inline) { m_has_inline = false; return m_inline_value; }
        if (done()) throw usage_error("option " + m_current + " needs a value");
        return m_args[m_pos++];
    }

    //! For flags: an "=value" given to a flag is an error.
    void no_value() const
    {
        if (m_has_inline) throw usage_error("option " + m_current + " takes no value");
    }

private:
    std::vector<std::string> m_args;
    std::size_t m_pos = 0;
    std::string m_current;
    std::string m_inline_value;
    bool m_has_inline = false;
};

//! "4194304" -> "4Mi" when exact, else the plain number.
inline std::string format_size(std::size_t v)
{
    if (v != 0 && v % (1ull << 30) == 0) return std::to_string(v >> 30) + "Gi";
    if (v != 0 && v % (1ull << 20) == 0) return std::to_string(v >> 20) + "Mi";
    if (v != 0 && v % (1ull << 10) == 0) return std::to_string(v >> 10) + "Ki";
    return std::to_string(v);
}

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_OPTIONS_HPP_INCLUDED
