/*
 boost_odeint_tiled/timer.hpp

 Wall-clock timing for the tool: a steady-clock stopwatch, the median, and the
 progress line of a run on stderr (items done of all, the one running; only when
 stderr is a terminal and the run takes more than about a second).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_TIMER_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_TIMER_HPP_INCLUDED

#include <algorithm>
#include <chrono>
#include <cstddef>
#include <cstdio>
#include <string>
#include <vector>

#include <sys/ioctl.h>
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

/*! The one progress line of a run, on stderr:

        [########............]  12/54  d=32 rk4 trapezoidal: repetition 2/3  7 s, ~5 s left

    A run announces how many items it will measure (start), then brackets each with a
    `progress` (below). The line appears only when stderr is a terminal and the run has
    gone on for half a second and looks like it will take more than a second in all;
    it is redrawn at most ten times a second, never reaches stdout (CSV, JSON and the
    tables stay clean), and is wiped by clear() before the run prints to the terminal
    and by finish() at the end. One instance per process (the methods/<method>.cpp
    translation units share it). */
class progress_line
{
public:
    static progress_line& instance()
    {
        static progress_line line;
        return line;
    }
    progress_line(const progress_line&) = delete;
    progress_line& operator=(const progress_line&) = delete;

    //! A new run of `total` items; the clock starts now.
    void start(std::size_t total)
    {
        clear();
        m_total = total;
        m_done = 0;
        m_label.clear();
        m_detail.clear();
        m_watch.restart();
        m_last = m_last_detail = -1.0;
        m_running = true;
    }

    void begin_item(const std::string& label)
    {
        m_label = label;
        m_detail.clear();
        update();
    }

    void end_item()
    {
        if (m_done < m_total) ++m_done;
        m_detail.clear();
        update();
    }

    //! Progress inside the current item; cheap when nothing is drawn.
    void detail(int rep, int reps, long step, long steps)
    {
        if (!m_running || !m_tty) return;
        const double t = m_watch.seconds();
        if (t < 0.5 || t - m_last_detail < 0.1) return;  // a clock read per step, no more
        m_last_detail = t;
        char buf[96];
        std::snprintf(buf, sizeof buf, "repetition %d/%d, step %ld/%ld", rep, reps, step, steps);
        m_detail = buf;
        update();
    }

    //! Wipes the line (before other output goes to the terminal); the next update redraws it.
    void clear()
    {
        if (m_width > 0) {
            std::fprintf(stderr, "\r%*s\r", m_width, "");
            std::fflush(stderr);
            m_width = 0;
        }
    }

    //! Wipes the line for good: the run is over.
    void finish()
    {
        clear();
        m_running = false;
    }

private:
    progress_line() : m_tty(isatty(2) != 0) {}

    static int columns()
    {
        winsize ws{};
        if (ioctl(2, TIOCGWINSZ, &ws) == 0 && ws.ws_col >= 20) return ws.ws_col;
        return 80;
    }

    void update()
    {
        if (!m_running || !m_tty) return;
        const double t = m_watch.seconds();
        if (m_width > 0 && t - m_last < 0.1) return;
        // expected total time from the items done so far; unknown before the first
        const double expected = m_done > 0 ? t * double(m_total) / double(m_done) : 0.0;
        if (t < 0.5 || (m_done > 0 && expected <= 1.0)) return;
        m_last = t;

        constexpr int bar = 20;
        const int filled = m_total ? int(double(bar) * double(m_done) / double(m_total)) : 0;
        std::string line = "[" + std::string(std::size_t(filled), '#') + std::string(std::size_t(bar - filled), '.') + "] ";
        char buf[64];
        std::snprintf(buf, sizeof buf, "%zu/%zu  ", m_done, m_total);
        line += buf;
        std::string label = m_label;
        if (!m_detail.empty()) label += ": " + m_detail;
        if (m_done > 0 && m_done < m_total)
            std::snprintf(buf, sizeof buf, "  %.0f s, ~%.0f s left", t, expected - t);
        else
            std::snprintf(buf, sizeof buf, "  %.0f s", t);
        const std::string tail = buf;
        // one terminal line: the label gives way first
        const std::size_t cols = std::size_t(columns() - 1);
        if (line.size() + label.size() + tail.size() > cols) {
            const std::size_t room = cols > line.size() + tail.size() + 3 ? cols - line.size() - tail.size() - 3 : 0;
            label = label.substr(0, room) + "...";
        }
        line += label + tail;
        if (line.size() > cols) line.resize(cols);
        const int len = int(line.size());
        std::fprintf(stderr, "\r%s%*s", line.c_str(), std::max(0, m_width - len), "");
        std::fflush(stderr);
        m_width = std::max(m_width, len);
    }

    bool m_tty;
    bool m_running = false;
    std::size_t m_total = 0, m_done = 0;
    std::string m_label, m_detail;
    stopwatch m_watch;
    double m_last = -1.0, m_last_detail = -1.0;  // seconds since start of the last draw / detail
    int m_width = 0;  // columns the line may cover now
};

//! One item of the run's progress line: begun on construction, counted done on destruction.
class progress
{
public:
    explicit progress(const std::string& label) { progress_line::instance().begin_item(label); }
    progress(const progress&) = delete;
    progress& operator=(const progress&) = delete;
    ~progress() { progress_line::instance().end_item(); }

    //! Inside a measurement: repetition rep of reps, step of steps.
    void update(int rep, int reps, long step, long steps) { progress_line::instance().detail(rep, reps, step, steps); }
};

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_TIMER_HPP_INCLUDED
