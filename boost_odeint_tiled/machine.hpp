/*
 boost_odeint_tiled/machine.hpp

 What the tool prints about the machine: CPU model, host name, date.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_MACHINE_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_MACHINE_HPP_INCLUDED

#include <ctime>
#include <fstream>
#include <string>
#include <thread>

#include <unistd.h>

namespace bot_tool {

//! The "model name" of the first CPU in /proc/cpuinfo, or "unknown CPU".
inline std::string cpu_model()
{
    std::ifstream in("/proc/cpuinfo");
    std::string line;
    while (std::getline(in, line)) {
        if (line.compare(0, 10, "model name") == 0) {
            const std::size_t colon = line.find(':');
            if (colon != std::string::npos) {
                std::size_t b = line.find_first_not_of(" \t", colon + 1);
                return b == std::string::npos ? "unknown CPU" : line.substr(b);
            }
        }
    }
    return "unknown CPU";
}

inline std::string host_name()
{
    char buf[256] = {};
    if (gethostname(buf, sizeof buf - 1) != 0) return "unknown";
    return buf;
}

//! Local time as "2026-01-31 14:05:09 +0100".
inline std::string now_string()
{
    const std::time_t t = std::time(nullptr);
    std::tm tm{};
    localtime_r(&t, &tm);
    char buf[64];
    std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M:%S %z", &tm);
    return buf;
}

inline unsigned hardware_threads() { return std::thread::hardware_concurrency(); }

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_MACHINE_HPP_INCLUDED
