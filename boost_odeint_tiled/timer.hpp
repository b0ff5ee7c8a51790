/*
 boost_odeint_tiled/timer.hpp

 Wall-clock timing for the tool: a steady-clock stopwatch, the median, and a progress
 line on stderr (only when stderr is a terminal and a measurement runs longer than
 about a second).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_TIMER_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_TIMER_HPP_INCLUDED

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

#include <unistd.h>

namespace bot_tool {

using steady = std::chrono::steady_clock;

inline double seconds_since(steady::time_point t0)
{
    return std::chrono::duration<double>(steady::now() - t0).count();
}

class stopwatch
{
public:
    stopwatch() : m_start(steady::now()) {}
    void restart() { m_start = steady::now(); }
    double seconds() const { return seconds_since(m_start); }

private:
    steady::time_point m_start;
};

//! Median of a non-empty sample (the mean of the two middle values for even sizes).
inline double median(std::vector<double> v)
{
    if (v.empty()) return 0.0;
    std::sort(v.begin(), v.end());
    const std::size_t m = v.size() / 2;
    return v.size() % 2 ? v[m] : 0.5 * (v[m - 1] + v[m]);
}

//! "\r label: rep 2/3, step 40/100" on stderr, once a measurement passes ~1 s; the
//! line is wiped when the measurement ends. Silent when stderr is not a terminal.
class progress
{
public:
    explicit progress(std::string label) : m_label(std::move(label)), m_tty(isatty(2) != 0) {}
    progress(const progress&) = delete;
    progress& operator=(const progress&) = delete;
    ~progress() { clear(); }

    void update(int rep, int reps, long step, long steps)
    {
        if (!m_tty) return;
        const double t = m_watch.seconds();
        if (t < 1.0 || t - m_last < 0.25) return;
        m_last = t;
        const int len = std::fprintf(stderr, "\r  %s: repetition %d/%d, step %ld/%ld (%.0f s)  ", m_label.c_str(),
                                     rep, reps, step, steps, t);
        std::fflush(stderr);
        m_width = std::max(m_width, len);
    }

    void clear()
    {
        if (m_width > 0) {
            std::fprintf(stderr, "\r%*s\r", m_width, "");
            std::fflush(stderr);
            m_width = 0;
        }
    }

private:
    std::string m_label;
    bool m_tty;
    stopwatch m_watch;
    double m_last = 0.0;
    int m_width = 0;
};

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_TIMER_HPP_INCLUDED
