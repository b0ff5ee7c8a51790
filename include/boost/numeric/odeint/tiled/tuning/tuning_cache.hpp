/*
 boost/numeric/odeint/tiled/tuning/tuning_cache.hpp

 The tuning cache: a text file of tilings that `boost_odeint_tiled tune` measured
 fastest, one per (backend, device, chain, n, d, value size), which
 tiling::automatic() consults before the backend's model (tuning/tuned_automatic.hpp).

 Location: $BOOST_ODEINT_TILED_TUNING_CACHE if set (empty or "off": no cache),
 else $XDG_CACHE_HOME/boost_odeint_tiled/tuning.txt, else
 $HOME/.cache/boost_odeint_tiled/tuning.txt.

 Format: the first line is the header below (another first line: a foreign file,
 ignored); then one entry per line, fields separated by tabs:
     backend  device  method  n  d  value_size  tiling  [note]
 with the tiling in tuning/tiling_text.hpp's form. Blank lines and lines starting
 with '#' are comments. A line that does not parse is ignored; the first problem
 with a file is reported once per process on stderr, never thrown.

 Concurrency: readers never lock and never see half a file, because writers
 replace the file with rename(). Writers serialise on flock() of "<file>.lock",
 re-read the file, merge their entry and rename a temporary file from the same
 directory over it, so concurrent writers (threads or processes) lose no entry.
 Lookups are kept in memory per process and re-read only when the file changes
 (device, inode, size or modification time). A process that measures for the cache
 (`boost_odeint_tiled tune`) also holds flock() of "<file>.tune.lock" while it
 measures (tuning_measure_lock), so that a second one can tell that its timings would
 compete with the first one's for the same cores.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TUNING_TUNING_CACHE_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TUNING_TUNING_CACHE_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cerrno>
#include <cstddef>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#if defined(__unix__) || defined(__APPLE__)
#define BOOST_ODEINT_TILED_TUNING_CACHE_POSIX 1
#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#endif

#include <boost/numeric/odeint/tiled/core/tiling.hpp>
#include <boost/numeric/odeint/tiled/tuning/tiling_text.hpp>
#include <boost/numeric/odeint/tiled/tuning/tuning_key.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

struct tuning_entry
{
    tuning_key key;
    tiling config = tiling::none();  //!< concrete: none, trapezoidal or hexagonal
    std::string note;                //!< free text for people (e.g. the time measured); not read back by automatic()
};

//! What reading a cache file found.
struct tuning_file_contents
{
    bool exists = false;                //!< the file was there and could be read
    bool foreign = false;               //!< its first line is not the header: nothing in it is used
    std::vector<tuning_entry> entries;  //!< the good lines, in file order (a later duplicate key wins)
    std::vector<std::string> problems;  //!< "line 7: ..." for every line ignored, or why the file is foreign
};

namespace detail {

inline const char* tuning_cache_header() { return "# boost_odeint_tiled tuning cache, format 1"; }

//! Parses a whole cache file's text (never throws for bad content).
inline tuning_file_contents parse_tuning_text(const std::string& text)
{
    tuning_file_contents c;
    c.exists = true;
    if (text.empty()) return c;  // an empty file is an empty cache
    std::istringstream in(text);
    std::string line;
    std::size_t number = 0;
    while (std::getline(in, line))
    {
        ++number;
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (number == 1)
        {
            if (line != tuning_cache_header())
            {
                c.foreign = true;
                c.problems.push_back("its first line is not \"" + std::string(tuning_cache_header()) +
                                     "\": not a tuning cache of this version");
                return c;
            }
            continue;
        }
        if (line.empty() || line[0] == '#') continue;
        std::vector<std::string> f;
        std::size_t pos = 0;
        for (;;)
        {
            const std::size_t tab = line.find('\t', pos);
            f.push_back(line.substr(pos, tab == std::string::npos ? std::string::npos : tab - pos));
            if (tab == std::string::npos) break;
            pos = tab + 1;
        }
        const std::string where = "line " + std::to_string(number) + ": ";
        if (f.size() != 7 && f.size() != 8)
        {
            c.problems.push_back(where + std::to_string(f.size()) + " tab-separated fields, expected 7 or 8");
            continue;
        }
        tuning_entry e;
        e.key.backend = f[0];
        e.key.device = f[1];
        e.key.method = f[2];
        if (e.key.backend.empty() || e.key.device.empty() || e.key.method.empty())
        {
            c.problems.push_back(where + "an empty backend, device or method");
            continue;
        }
        if (!parse_decimal_size(f[3], e.key.n) || !parse_decimal_size(f[4], e.key.d) ||
            !parse_decimal_size(f[5], e.key.value_size) || e.key.value_size == 0)
        {
            c.problems.push_back(where + "n, d and value_size must be numbers (value_size positive)");
            continue;
        }
        try
        {
            e.config = parse_tiling_text(f[6]);
        }
        catch (const std::exception& ex)
        {
            c.problems.push_back(where + ex.what());
            continue;
        }
        if (f.size() == 8) e.note = f[7];
        e.key = normalized(e.key);
        c.entries.push_back(std::move(e));
    }
    return c;
}

//! The file's text for these entries, sorted by key.
inline std::string format_tuning_text(const std::map<tuning_key, tuning_entry>& entries)
{
    std::string s = std::string(tuning_cache_header()) + "\n";
    s += "# Written by `boost_odeint_tiled tune`; read by tiled::tiling::automatic(). One entry a line,\n"
         "# fields separated by tabs: backend, device, method, n, d, value_size, tiling, note.\n";
    for (const auto& kv : entries)
    {
        const tuning_entry& e = kv.second;
        s += e.key.backend + '\t' + e.key.device + '\t' + e.key.method + '\t' + std::to_string(e.key.n) + '\t' +
             std::to_string(e.key.d) + '\t' + std::to_string(e.key.value_size) + '\t' + format_tiling_text(e.config);
        const std::string note = tuning_field(e.note);
        if (!note.empty()) s += '\t' + note;
        s += '\n';
    }
    return s;
}

//! Reports a problem with a cache file once per file and process (stderr via std::cerr).
inline void tuning_cache_warning(const std::string& path, const std::string& what)
{
    static std::mutex m;
    static std::set<std::string> warned;
    std::lock_guard<std::mutex> lock(m);
    if (!warned.insert(path).second) return;
    std::cerr << "boost_odeint_tiled: warning: tuning cache " << path << ": " << what
              << " (ignored; the automatic tiling falls back to its model where needed)" << std::endl;
}

inline std::string tuning_problems_summary(const tuning_file_contents& c)
{
    if (c.foreign) return c.problems.front();
    std::string s = std::to_string(c.problems.size()) + " line(s) ignored, the first: " + c.problems.front();
    return s;
}

#if BOOST_ODEINT_TILED_TUNING_CACHE_POSIX

//! Identity of a version of a file: a rename() or any write changes it.
struct tuning_file_stamp
{
    unsigned long long dev = 0, ino = 0, size = 0;
    long long mtime_s = 0, mtime_ns = 0;
    bool operator==(const tuning_file_stamp& o) const
    {
        return dev == o.dev && ino == o.ino && size == o.size && mtime_s == o.mtime_s && mtime_ns == o.mtime_ns;
    }
    static tuning_file_stamp of(const struct stat& st)
    {
        tuning_file_stamp s;
        s.dev = static_cast<unsigned long long>(st.st_dev);
        s.ino = static_cast<unsigned long long>(st.st_ino);
        s.size = static_cast<unsigned long long>(st.st_size);
        s.mtime_s = static_cast<long long>(st.st_mtime);
#if defined(__APPLE__)
        s.mtime_ns = static_cast<long long>(st.st_mtimespec.tv_nsec);
#else
        s.mtime_ns = static_cast<long long>(st.st_mtim.tv_nsec);
#endif
        return s;
    }
};

//! Closes a descriptor (and so releases its flock) on every path out.
struct tuning_fd
{
    int fd = -1;
    explicit tuning_fd(int f) : fd(f) {}
    tuning_fd(const tuning_fd&) = delete;
    tuning_fd& operator=(const tuning_fd&) = delete;
    ~tuning_fd()
    {
        if (fd >= 0) ::close(fd);
    }
};

//! Reads the whole file; false when it cannot be opened (errno tells why).
inline bool read_tuning_file(const std::string& path, std::string& text, tuning_file_stamp* stamp)
{
    const tuning_fd f(::open(path.c_str(), O_RDONLY | O_CLOEXEC));
    if (f.fd < 0) return false;
    struct stat st;
    if (::fstat(f.fd, &st) != 0) return false;
    if (stamp) *stamp = tuning_file_stamp::of(st);
    text.clear();
    char buf[65536];
    for (;;)
    {
        const ssize_t got = ::read(f.fd, buf, sizeof buf);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return false;
        if (got == 0) break;
        text.append(buf, static_cast<std::size_t>(got));
    }
    return true;
}

//! mkdir -p of the directory that holds path.
inline void make_tuning_directories(const std::string& path)
{
    const std::size_t slash = path.find_last_of('/');
    if (slash == std::string::npos || slash == 0) return;
    const std::string dir = path.substr(0, slash);
    for (std::size_t i = 1; i <= dir.size(); ++i)
    {
        if (i != dir.size() && dir[i] != '/') continue;
        const std::string prefix = dir.substr(0, i);
        if (::mkdir(prefix.c_str(), 0777) != 0 && errno != EEXIST)
            throw std::runtime_error("tiled::tuning_cache: cannot create the directory " + prefix + ": " +
                                     std::strerror(errno));
    }
}

inline void write_tuning_text(int fd, const std::string& text, const std::string& path)
{
    std::size_t done = 0;
    while (done < text.size())
    {
        const ssize_t put = ::write(fd, text.data() + done, text.size() - done);
        if (put < 0 && errno == EINTR) continue;
        if (put <= 0) throw std::runtime_error("tiled::tuning_cache: cannot write " + path + ": " + std::strerror(errno));
        done += static_cast<std::size_t>(put);
    }
}

//! The per-process memory of parsed cache files, keyed by path.
struct tuning_memory
{
    struct file
    {
        tuning_file_stamp stamp;
        std::map<tuning_key, tiling> entries;
    };
    std::mutex mutex;
    std::map<std::string, file> files;

    static tuning_memory& instance()
    {
        static tuning_memory m;
        return m;
    }
};

#endif // BOOST_ODEINT_TILED_TUNING_CACHE_POSIX

} // namespace detail

/*! A tuning-cache file. Cheap to make; all state shared between instances (the
    in-memory copy of the file) is process-wide and guarded by a mutex.
    Example:
        tuning_cache cache = tuning_cache::from_environment();
        if (auto t = cache.find(key)) stepper = tiled::runge_kutta4<state>(*t); */
class tuning_cache
{
public:
    //! The environment variable that overrides the location ("" or "off": no cache).
    static constexpr const char* environment_variable = "BOOST_ODEINT_TILED_TUNING_CACHE";

    /*! The location automatic() reads: $BOOST_ODEINT_TILED_TUNING_CACHE if set (empty
        or "off": none, returned as ""), else $XDG_CACHE_HOME/boost_odeint_tiled/tuning.txt
        (when XDG_CACHE_HOME is an absolute path), else $HOME/.cache/boost_odeint_tiled/tuning.txt;
        "" where neither is set. */
    static std::string default_path()
    {
        if (const char* p = std::getenv(environment_variable))
        {
            const std::string s = p;
            return s == "off" ? std::string() : s;
        }
        const char* xdg = std::getenv("XDG_CACHE_HOME");
        if (xdg && xdg[0] == '/') return std::string(xdg) + "/boost_odeint_tiled/tuning.txt";
        const char* home = std::getenv("HOME");
        if (home && home[0]) return std::string(home) + "/.cache/boost_odeint_tiled/tuning.txt";
        return std::string();
    }

    //! The cache at default_path(); disabled when that is "".
    static tuning_cache from_environment() { return tuning_cache(default_path()); }

    //! The cache in file `path` ("" : a disabled cache, which finds nothing and stores nothing).
    explicit tuning_cache(std::string path) : m_path(std::move(path)) {}

    bool enabled() const
    {
#if BOOST_ODEINT_TILED_TUNING_CACHE_POSIX
        return !m_path.empty();
#else
        return false;  // no atomic replace and file locks implemented here
#endif
    }
    const std::string& path() const { return m_path; }

    /*! The tiling stored for `key`, if any. Reads the file only when it changed since
        this process last read it. Never throws: a missing file is a miss, a foreign or
        corrupt one is a warning on stderr (once per file and process) and its bad
        lines are misses. */
    std::optional<tiling> find(const tuning_key& key) const noexcept
    {
#if BOOST_ODEINT_TILED_TUNING_CACHE_POSIX
        if (!enabled()) return std::nullopt;
        try
        {
            struct stat st;
            if (::stat(m_path.c_str(), &st) != 0) return std::nullopt;  // no cache yet
            detail::tuning_memory& mem = detail::tuning_memory::instance();
            std::lock_guard<std::mutex> lock(mem.mutex);
            auto it = mem.files.find(m_path);
            if (it == mem.files.end() || !(it->second.stamp == detail::tuning_file_stamp::of(st)))
            {
                detail::tuning_memory::file f;
                std::string text;
                if (!detail::read_tuning_file(m_path, text, &f.stamp))
                {
                    detail::tuning_cache_warning(m_path, std::string("cannot read it: ") + std::strerror(errno));
                    return std::nullopt;
                }
                const tuning_file_contents c = detail::parse_tuning_text(text);
                if (!c.problems.empty()) detail::tuning_cache_warning(m_path, detail::tuning_problems_summary(c));
                for (const tuning_entry& e : c.entries) f.entries.insert_or_assign(e.key, e.config);
                it = mem.files.insert_or_assign(m_path, std::move(f)).first;
            }
            const auto hit = it->second.entries.find(normalized(key));
            if (hit == it->second.entries.end()) return std::nullopt;
            return hit->second;
        }
        catch (...)
        {
            return std::nullopt;  // e.g. out of memory: the model decides
        }
#else
        (void)key;
        return std::nullopt;
#endif
    }

    //! Reads the file now (no warnings, nothing remembered): for tools that list it.
    tuning_file_contents read() const
    {
        tuning_file_contents c;
#if BOOST_ODEINT_TILED_TUNING_CACHE_POSIX
        std::string text;
        if (enabled() && detail::read_tuning_file(m_path, text, nullptr)) c = detail::parse_tuning_text(text);
#endif
        return c;
    }

    /*! Checks that store() could write the file, for tools that measure before they
        store: the cache is enabled, the file's directory exists (it is created if
        not) and takes new files, the lock file can be opened, and the file, if there,
        can be read and is a tuning cache. Returns what the file holds now; its
        `problems` are the lines store() would drop.
        @throws std::runtime_error saying what is wrong, with the words store() would
        use for the same problem. */
    tuning_file_contents check_writable() const
    {
        if (!enabled()) throw std::runtime_error("tiled::tuning_cache: the tuning cache is disabled");
        tuning_file_contents c;
#if BOOST_ODEINT_TILED_TUNING_CACHE_POSIX
        detail::make_tuning_directories(m_path);
        std::string text;
        if (detail::read_tuning_file(m_path, text, nullptr))
        {
            c = detail::parse_tuning_text(text);
            if (c.foreign)
                throw std::runtime_error("tiled::tuning_cache: " + m_path + " is not a tuning cache (" +
                                         c.problems.front() + "); it is left alone: remove it or choose another file");
        }
        else if (errno != ENOENT)
            throw std::runtime_error("tiled::tuning_cache: cannot read " + m_path + ": " + std::strerror(errno));
        // store() writes a temporary file in the same directory and renames it over the
        // file, so the directory, not the file, must be writable
        std::string tmp = m_path + ".tmp.XXXXXX";
        {
            const detail::tuning_fd probe(::mkstemp(&tmp[0]));
            if (probe.fd < 0)
                throw std::runtime_error("tiled::tuning_cache: cannot create a temporary file next to " + m_path + ": " +
                                         std::strerror(errno));
            ::unlink(tmp.c_str());
        }
        const std::string lock_path = m_path + ".lock";
        const detail::tuning_fd lock(::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666));
        if (lock.fd < 0)
            throw std::runtime_error("tiled::tuning_cache: cannot open " + lock_path + ": " + std::strerror(errno));
#endif
        return c;
    }

    /*! Adds or replaces the entry for e.key, safely against concurrent writers:
        takes flock(<file>.lock), re-reads the file, merges, writes a temporary file
        next to it and renames it over the file. Creates the directory if needed.
        Lines of the old file that do not parse are dropped.
        @throws std::invalid_argument for an entry with empty key strings or an
        automatic() tiling; std::runtime_error when the cache is disabled, the file
        is foreign (it is never overwritten) or cannot be written. */
    void store(const tuning_entry& e) const
    {
        tuning_entry entry = e;
        entry.key = normalized(entry.key);
        if (entry.key.backend.empty() || entry.key.device.empty() || entry.key.method.empty())
            throw std::invalid_argument("tiled::tuning_cache::store: the key needs a backend, a device and a method");
        if (entry.key.value_size == 0)
            throw std::invalid_argument("tiled::tuning_cache::store: the key needs a value size");
        format_tiling_text(entry.config);  // throws for automatic()
        if (!enabled()) throw std::runtime_error("tiled::tuning_cache::store: the tuning cache is disabled");
#if BOOST_ODEINT_TILED_TUNING_CACHE_POSIX
        detail::make_tuning_directories(m_path);
        const std::string lock_path = m_path + ".lock";
        const detail::tuning_fd lock(::open(lock_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666));
        if (lock.fd < 0)
            throw std::runtime_error("tiled::tuning_cache: cannot open " + lock_path + ": " + std::strerror(errno));
        while (::flock(lock.fd, LOCK_EX) != 0)
            if (errno != EINTR)
                throw std::runtime_error("tiled::tuning_cache: cannot lock " + lock_path + ": " + std::strerror(errno));

        std::map<tuning_key, tuning_entry> merged;
        std::string text;
        if (detail::read_tuning_file(m_path, text, nullptr))
        {
            const tuning_file_contents old = detail::parse_tuning_text(text);
            if (old.foreign)
                throw std::runtime_error("tiled::tuning_cache: " + m_path + " is not a tuning cache (" +
                                         old.problems.front() + "); it is left alone: remove it or choose another file");
            for (const tuning_entry& o : old.entries) merged[o.key] = o;
        }
        else if (errno != ENOENT)
            throw std::runtime_error("tiled::tuning_cache: cannot read " + m_path + ": " + std::strerror(errno));
        merged[entry.key] = entry;

        std::string tmp = m_path + ".tmp.XXXXXX";
        const detail::tuning_fd out(::mkstemp(&tmp[0]));
        if (out.fd < 0)
            throw std::runtime_error("tiled::tuning_cache: cannot create a temporary file next to " + m_path + ": " +
                                     std::strerror(errno));
        try
        {
            ::fchmod(out.fd, 0644);
            detail::write_tuning_text(out.fd, detail::format_tuning_text(merged), tmp);
            if (::fsync(out.fd) != 0)
                throw std::runtime_error("tiled::tuning_cache: cannot write " + tmp + ": " + std::strerror(errno));
            if (::rename(tmp.c_str(), m_path.c_str()) != 0)
                throw std::runtime_error("tiled::tuning_cache: cannot replace " + m_path + ": " + std::strerror(errno));
        }
        catch (...)
        {
            ::unlink(tmp.c_str());
            throw;
        }
#endif
    }

private:
    std::string m_path;
};

/*! flock() of "<file>.tune.lock", held by a process while it measures tilings for the
    cache in <file> (`boost_odeint_tiled tune`), so that another one can tell that it
    would measure while the first competes for the same cores. Apart from store()'s
    "<file>.lock", which is held only for the moment of a write. Released by the
    destructor, or by the system when the process ends, so a crash leaves no stale
    lock. Without POSIX file locks (or for a disabled cache) it is always free. */
class tuning_measure_lock
{
public:
    //! Opens (creates) the lock file; the cache's directory must exist (check_writable()).
    //! @throws std::runtime_error when the lock file cannot be opened.
    explicit tuning_measure_lock(const tuning_cache& cache)
        : m_path(cache.enabled() ? cache.path() + ".tune.lock" : std::string())
    {
#if BOOST_ODEINT_TILED_TUNING_CACHE_POSIX
        if (m_path.empty()) return;
        m_fd = ::open(m_path.c_str(), O_RDWR | O_CREAT | O_CLOEXEC, 0666);
        if (m_fd < 0)
            throw std::runtime_error("tiled::tuning_cache: cannot open " + m_path + ": " + std::strerror(errno));
#endif
    }
    ~tuning_measure_lock()
    {
#if BOOST_ODEINT_TILED_TUNING_CACHE_POSIX
        if (m_fd >= 0) ::close(m_fd);
#endif
    }
    tuning_measure_lock(const tuning_measure_lock&) = delete;
    tuning_measure_lock& operator=(const tuning_measure_lock&) = delete;

    //! Takes the lock if it is free: false when another process holds it.
    bool try_lock()
    {
#if BOOST_ODEINT_TILED_TUNING_CACHE_POSIX
        if (m_fd < 0) return true;
        while (::flock(m_fd, LOCK_EX | LOCK_NB) != 0)
        {
            if (errno == EWOULDBLOCK) return false;
            if (errno != EINTR)
                throw std::runtime_error("tiled::tuning_cache: cannot lock " + m_path + ": " + std::strerror(errno));
        }
#endif
        return true;
    }

    //! Takes the lock, waiting for as long as another process holds it.
    void lock()
    {
#if BOOST_ODEINT_TILED_TUNING_CACHE_POSIX
        if (m_fd < 0) return;
        while (::flock(m_fd, LOCK_EX) != 0)
            if (errno != EINTR)
                throw std::runtime_error("tiled::tuning_cache: cannot lock " + m_path + ": " + std::strerror(errno));
#endif
    }

    //! "<file>.tune.lock" ("" for a disabled cache).
    const std::string& path() const { return m_path; }

private:
    std::string m_path;
    int m_fd = -1;
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TUNING_TUNING_CACHE_HPP_INCLUDED
