/*
 test/tuning/tuning_cache.cpp

 The tuning cache (tuning/tuning_cache.hpp) and automatic()'s use of it: tilings
 survive the text form; entries round-trip through the file; a lookup with any key
 field different misses; corrupt lines and foreign files are ignored with one
 warning and never throw (and a foreign file is never overwritten); the location
 follows BOOST_ODEINT_TILED_TUNING_CACHE ("" and "off" disable), XDG_CACHE_HOME and
 HOME; concurrent writers (threads and processes) lose no entry; a changed file is
 re-read; automatic() picks the cached tiling, which gives the model's results up
 to rounding, and falls back to the model for a cached tiling that does not fit.

 Every test points the cache at files of its own under a fresh temporary directory:
 the user's cache is never read or written.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>
#include <boost/numeric/odeint/tiled/tuning/tiling_text.hpp>
#include <boost/numeric/odeint/tiled/tuning/tuning_cache.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include <sys/wait.h>
#include <unistd.h>

namespace tiled = boost::numeric::odeint::tiled;
namespace fs = std::filesystem;

namespace {

//! A fresh directory under the system's temporary directory, removed at the end.
struct temp_dir
{
    fs::path path;
    temp_dir()
    {
        std::string tmpl = (fs::temp_directory_path() / "bot_tuning_XXXXXX").string();
        if (!::mkdtemp(&tmpl[0])) throw std::runtime_error("mkdtemp failed");
        path = tmpl;
    }
    ~temp_dir()
    {
        std::error_code ec;
        fs::remove_all(path, ec);
    }
    std::string file(const std::string& name) const { return (path / name).string(); }
};

//! Sets an environment variable for one scope (nullptr: unset), then restores it.
struct scoped_env
{
    std::string name;
    std::optional<std::string> old;
    scoped_env(const char* n, const char* value) : name(n)
    {
        if (const char* o = std::getenv(n)) old = o;
        if (value) ::setenv(n, value, 1);
        else ::unsetenv(n);
    }
    ~scoped_env()
    {
        if (old) ::setenv(name.c_str(), old->c_str(), 1);
        else ::unsetenv(name.c_str());
    }
};

//! Captures what std::cerr receives in one scope.
struct capture_cerr
{
    std::ostringstream text;
    std::streambuf* old;
    capture_cerr() : old(std::cerr.rdbuf(text.rdbuf())) {}
    ~capture_cerr() { std::cerr.rdbuf(old); }
    std::string str() const { return text.str(); }
};

tiled::tuning_key key(std::size_t n = 1 << 20, std::size_t d = 32, const std::string& method = "runge_kutta4")
{
    tiled::tuning_key k;
    k.backend = "tbb";
    k.device = "Test CPU @ 1 GHz, 16 threads";
    k.method = method;
    k.n = n;
    k.d = d;
    k.value_size = 8;
    return k;
}

tiled::tuning_entry entry(const tiled::tuning_key& k, const tiled::tiling& t, const std::string& note = "")
{
    tiled::tuning_entry e;
    e.key = k;
    e.config = t;
    e.note = note;
    return e;
}

void write_file(const std::string& path, const std::string& text)
{
    std::ofstream f(path, std::ios::binary);
    f << text;
}

std::string read_whole(const std::string& path)
{
    std::ifstream f(path, std::ios::binary);
    std::ostringstream s;
    s << f.rdbuf();
    return s.str();
}

const std::string header = "# boost_odeint_tiled tuning cache, format 1\n";

} // namespace

BOOST_AUTO_TEST_SUITE(tuning_cache)

BOOST_AUTO_TEST_CASE(tiling_text_round_trip)
{
    const std::vector<tiled::tiling> tilings = {
        tiled::tiling::none(),
        tiled::tiling::none().width(65536).block_size(512),
        tiled::tiling::trapezoidal(16384, 4),
        tiled::tiling::trapezoidal(14336, 4).threads_per_tile(1).block_size(1024),
        tiled::tiling::hexagonal(87040, 6).threads_per_tile(4),
        tiled::tiling::hexagonal(8192, 2)
            .blocks_per_tile(2)
            .threads_per_block(256)
            .components_per_thread(8)
            .mapping_stride(3)
            .use_clusters(true),
    };
    for (const tiled::tiling& t : tilings)
    {
        const std::string text = tiled::format_tiling_text(t);
        BOOST_TEST_CONTEXT(text) { BOOST_TEST((tiled::parse_tiling_text(text) == t)); }
    }
    BOOST_TEST(tiled::format_tiling_text(tiled::tiling::trapezoidal(14336, 4).threads_per_tile(1).block_size(1024)) ==
               "trapezoidal width=14336 height=4 threads_per_tile=1 block_size=1024");
    BOOST_CHECK_THROW(tiled::format_tiling_text(tiled::tiling::automatic()), std::invalid_argument);
    for (const char* bad : {"", "automatic", "trapezoidal", "trapezoidal width=0 height=4", "hexagonal width=8 height=3",
                            "none height=2", "trapezoidal width=8 height=2 width=9", "trapezoidal width=8x height=2",
                            "trapezoidal width=8 height=2 fast=1", "none clusters=2", "none width=-1", "none 5"})
        BOOST_CHECK_THROW(tiled::parse_tiling_text(bad), std::invalid_argument);
}

BOOST_AUTO_TEST_CASE(chain_identity_names_the_variant)
{
    BOOST_TEST(tiled::chain_identity(tiled::make_link_chain<tiled::runge_kutta4_tableau, false>()) == "runge_kutta4");
    BOOST_TEST(tiled::chain_identity(tiled::make_link_chain<tiled::runge_kutta_dopri5_tableau, false>()) ==
               "runge_kutta_dopri5");
    BOOST_TEST(tiled::chain_identity(tiled::make_link_chain<tiled::runge_kutta_dopri5_tableau, true>()) ==
               "runge_kutta_dopri5+error");
    BOOST_TEST(tiled::chain_identity(tiled::make_link_chain<tiled::runge_kutta_dopri5_tableau, true>(
                   tiled::chain_options{true, 0})) == "runge_kutta_dopri5+error_norm");
    BOOST_TEST(tiled::chain_identity(tiled::make_link_chain<tiled::runge_kutta_dopri5_tableau, true>(
                   tiled::chain_options{true, 0b1000001})) == "runge_kutta_dopri5+error_norm+keep_0_6");
    BOOST_TEST(tiled::chain_identity(tiled::link_chain()).empty());  // made by hand: never cached
}

BOOST_AUTO_TEST_CASE(automatic_knob)
{
    BOOST_TEST(tiled::tiling::automatic().use_tuning_cache());
    BOOST_TEST(!tiled::tiling::automatic().use_tuning_cache(false).use_tuning_cache());
    BOOST_TEST((tiled::tiling::automatic() != tiled::tiling::automatic().use_tuning_cache(false)));
    BOOST_TEST(tiled::tiling::automatic().use_tuning_cache(false).to_string() == "automatic, no tuning cache");
}

BOOST_AUTO_TEST_CASE(entries_round_trip)
{
    temp_dir dir;
    const std::string path = dir.file("sub/dir/tuning.txt");  // directories are created
    const tiled::tuning_cache cache(path);
    BOOST_TEST(cache.enabled());
    BOOST_TEST(!cache.find(key()).has_value());  // no file yet: a miss, no throw

    const tiled::tiling a = tiled::tiling::trapezoidal(16384, 4).threads_per_tile(1).block_size(1024);
    const tiled::tiling b = tiled::tiling::hexagonal(87040, 6).threads_per_tile(2).block_size(1024);
    const tiled::tiling c = tiled::tiling::none().width(32768);
    cache.store(entry(key(), a, "1.23 ms/step"));
    cache.store(entry(key(1 << 20, 1024, "runge_kutta_verner56"), b));
    cache.store(entry(key(4096, 2), c));

    BOOST_TEST(read_whole(path).compare(0, header.size(), header) == 0);
    BOOST_TEST((cache.find(key()) == std::optional<tiled::tiling>(a)));
    BOOST_TEST((cache.find(key(1 << 20, 1024, "runge_kutta_verner56")) == std::optional<tiled::tiling>(b)));
    BOOST_TEST((cache.find(key(4096, 2)) == std::optional<tiled::tiling>(c)));

    const tiled::tuning_file_contents contents = cache.read();
    BOOST_TEST(contents.exists);
    BOOST_TEST(!contents.foreign);
    BOOST_TEST(contents.problems.empty());
    BOOST_TEST(contents.entries.size() == 3u);
    for (const tiled::tuning_entry& e : contents.entries)
        if (e.key == key()) BOOST_TEST(e.note == "1.23 ms/step");

    // replacing an entry keeps one line for the key; a new reader sees the new tiling
    const tiled::tiling a2 = tiled::tiling::trapezoidal(8192, 3).threads_per_tile(2);
    cache.store(entry(key(), a2));
    BOOST_TEST(cache.read().entries.size() == 3u);
    BOOST_TEST((cache.find(key()) == std::optional<tiled::tiling>(a2)));

    // a device string with a tab is stored (and found) with a space
    tiled::tuning_key odd = key();
    odd.device = "Odd\tCPU";
    cache.store(entry(odd, a));
    BOOST_TEST((cache.find(odd) == std::optional<tiled::tiling>(a)));
    BOOST_TEST(read_whole(path).find("Odd CPU") != std::string::npos);

    // what cannot be stored
    BOOST_CHECK_THROW(cache.store(entry(key(), tiled::tiling::automatic())), std::invalid_argument);
    tiled::tuning_key no_method = key();
    no_method.method = "";
    BOOST_CHECK_THROW(cache.store(entry(no_method, a)), std::invalid_argument);
    BOOST_CHECK_THROW(tiled::tuning_cache("").store(entry(key(), a)), std::runtime_error);
}

BOOST_AUTO_TEST_CASE(key_mismatch_is_a_miss)
{
    temp_dir dir;
    const tiled::tuning_cache cache(dir.file("tuning.txt"));
    const tiled::tiling t = tiled::tiling::trapezoidal(16384, 4);
    cache.store(entry(key(), t));
    BOOST_TEST(cache.find(key()).has_value());

    std::vector<tiled::tuning_key> others(6, key());
    others[0].backend = "cuda";
    others[1].device = "Test CPU @ 1 GHz, 8 threads";
    others[2].method = "runge_kutta4+error";
    others[3].n += 2;
    others[4].d = 64;
    others[5].value_size = 4;
    for (const tiled::tuning_key& k : others) BOOST_TEST(!cache.find(k).has_value());
}

BOOST_AUTO_TEST_CASE(corrupt_lines_are_ignored_with_one_warning)
{
    temp_dir dir;
    const std::string path = dir.file("tuning.txt");
    const std::string good = "tbb\tTest CPU @ 1 GHz, 16 threads\trunge_kutta4\t1048576\t32\t8\t"
                             "trapezoidal width=16384 height=4\tnote\n";
    write_file(path, header + "# a comment\n\n" +
                         "tbb\tTest CPU\trunge_kutta4\t1048576\n" +                                     // too few fields
                         "tbb\tTest CPU @ 1 GHz, 16 threads\trunge_kutta4\t1Mi\t32\t8\tnone\n" +           // bad n
                         "tbb\tTest CPU @ 1 GHz, 16 threads\trunge_kutta4\t4096\t32\t8\tsquares 5\n" +     // bad tiling
                         "\x01\xff\xfe garbage \x7f\n" + good);
    const tiled::tuning_cache cache(path);
    std::optional<tiled::tiling> found;
    std::string warning;
    {
        capture_cerr err;
        BOOST_CHECK_NO_THROW(found = cache.find(key()));
        BOOST_CHECK_NO_THROW(cache.find(key(4096)));  // the line with the bad tiling: a miss
        warning = err.str();
    }
    BOOST_TEST((found == std::optional<tiled::tiling>(tiled::tiling::trapezoidal(16384, 4))));
    BOOST_TEST(warning.find("warning") != std::string::npos);
    BOOST_TEST(warning.find(path) != std::string::npos);
    BOOST_TEST(warning.find("4 line(s) ignored") != std::string::npos);

    // once per process: a later change of the same file warns no more
    write_file(path, header + "junk\n" + good);
    {
        capture_cerr err;
        BOOST_TEST(cache.find(key()).has_value());
        BOOST_TEST(err.str().empty());
    }

    // a writer drops the corrupt lines and keeps the good ones
    cache.store(entry(key(8192), tiled::tiling::none()));
    const tiled::tuning_file_contents c = cache.read();
    BOOST_TEST(c.problems.empty());
    BOOST_TEST(c.entries.size() == 2u);
}

BOOST_AUTO_TEST_CASE(foreign_file_is_ignored_and_never_overwritten)
{
    temp_dir dir;
    for (const std::string& text : {std::string("some other program's settings\nx = 1\n"),
                                    std::string("# boost_odeint_tiled tuning cache, format 2\n"),
                                    std::string("\x89PNG\r\n\x1a\n\0\0\0\rIHDR", 16)})
    {
        const std::string path = dir.file("foreign" + std::to_string(text.size()) + ".txt");
        write_file(path, text);
        const tiled::tuning_cache cache(path);
        std::string warning;
        {
            capture_cerr err;
            std::optional<tiled::tiling> found = tiled::tiling::none();
            BOOST_CHECK_NO_THROW(found = cache.find(key()));
            BOOST_TEST(!found.has_value());
            warning = err.str();
        }
        BOOST_TEST(warning.find("not a tuning cache") != std::string::npos);
        BOOST_TEST(cache.read().foreign);
        BOOST_CHECK_THROW(cache.store(entry(key(), tiled::tiling::none())), std::runtime_error);
        BOOST_TEST(read_whole(path) == text);
    }
}

BOOST_AUTO_TEST_CASE(location_follows_the_environment)
{
    const char* var = tiled::tuning_cache::environment_variable;
    BOOST_TEST(std::string(var) == "BOOST_ODEINT_TILED_TUNING_CACHE");
    {
        scoped_env e(var, "/some/where/tuning.txt");
        BOOST_TEST(tiled::tuning_cache::default_path() == "/some/where/tuning.txt");
        BOOST_TEST(tiled::tuning_cache::from_environment().enabled());
    }
    for (const char* off : {"off", ""})
    {
        scoped_env e(var, off);
        scoped_env x("XDG_CACHE_HOME", "/xdg");
        BOOST_TEST(tiled::tuning_cache::default_path().empty());
        BOOST_TEST(!tiled::tuning_cache::from_environment().enabled());
        BOOST_TEST(!tiled::tuning_cache::from_environment().find(key()).has_value());
    }
    {
        scoped_env e(var, nullptr);
        scoped_env x("XDG_CACHE_HOME", "/xdg/cache");
        scoped_env h("HOME", "/home/someone");
        BOOST_TEST(tiled::tuning_cache::default_path() == "/xdg/cache/boost_odeint_tiled/tuning.txt");
    }
    {
        scoped_env e(var, nullptr);
        scoped_env x("XDG_CACHE_HOME", nullptr);
        scoped_env h("HOME", "/home/someone");
        BOOST_TEST(tiled::tuning_cache::default_path() == "/home/someone/.cache/boost_odeint_tiled/tuning.txt");
    }
    {
        scoped_env e(var, nullptr);
        scoped_env x("XDG_CACHE_HOME", "relative/is/ignored");
        scoped_env h("HOME", "/home/someone");
        BOOST_TEST(tiled::tuning_cache::default_path() == "/home/someone/.cache/boost_odeint_tiled/tuning.txt");
    }
}

BOOST_AUTO_TEST_CASE(concurrent_writers_lose_no_entry)
{
    temp_dir dir;
    const std::string path = dir.file("tuning.txt");
    constexpr std::size_t processes = 4, threads = 4, per_writer = 25;

    // writer w stores entries n = 1000 * (w + 1) + i; threads and processes at once
    auto write_entries = [&](std::size_t w) {
        const tiled::tuning_cache cache(path);
        for (std::size_t i = 0; i < per_writer; ++i)
            cache.store(entry(key(1000 * (w + 1) + i), tiled::tiling::trapezoidal(1024 * (i + 1), 1 + w % 4)));
    };
    std::vector<pid_t> children;
    for (std::size_t p = 0; p < processes; ++p)
    {
        const pid_t pid = ::fork();
        BOOST_REQUIRE(pid >= 0);
        if (pid == 0)
        {
            int rc = 0;
            try { write_entries(threads + p); }
            catch (...) { rc = 1; }
            ::_exit(rc);
        }
        children.push_back(pid);
    }
    std::vector<std::thread> pool;
    for (std::size_t t = 0; t < threads; ++t) pool.emplace_back(write_entries, t);
    for (std::thread& t : pool) t.join();
    for (pid_t pid : children)
    {
        int status = 0;
        BOOST_REQUIRE(::waitpid(pid, &status, 0) == pid);
        BOOST_TEST((WIFEXITED(status) && WEXITSTATUS(status) == 0));
    }

    const tiled::tuning_cache cache(path);
    const tiled::tuning_file_contents c = cache.read();
    BOOST_TEST(!c.foreign);
    BOOST_TEST(c.problems.empty());
    BOOST_TEST(c.entries.size() == (processes + threads) * per_writer);
    for (std::size_t w = 0; w < processes + threads; ++w)
        for (std::size_t i = 0; i < per_writer; ++i)
            BOOST_TEST((cache.find(key(1000 * (w + 1) + i)) ==
                        std::optional<tiled::tiling>(tiled::tiling::trapezoidal(1024 * (i + 1), 1 + w % 4))));
    // no temporary file is left behind
    std::size_t files = 0;
    for (const auto& f : fs::directory_iterator(dir.path)) files += f.path().string().find(".tmp.") != std::string::npos;
    BOOST_TEST(files == 0u);
}

BOOST_AUTO_TEST_CASE(a_changed_file_is_read_again)
{
    temp_dir dir;
    const std::string path = dir.file("tuning.txt");
    const tiled::tuning_cache cache(path);
    BOOST_TEST(!cache.find(key()).has_value());
    cache.store(entry(key(), tiled::tiling::trapezoidal(8192, 4)));
    BOOST_TEST((cache.find(key()) == std::optional<tiled::tiling>(tiled::tiling::trapezoidal(8192, 4))));
    // another program rewrites it in place, with the same size
    write_file(path, header + "tbb\tTest CPU @ 1 GHz, 16 threads\trunge_kutta4\t1048576\t32\t8\t"
                              "trapezoidal width=4096 height=4\n");
    BOOST_TEST((cache.find(key()) == std::optional<tiled::tiling>(tiled::tiling::trapezoidal(4096, 4))));
    fs::remove(path);
    BOOST_TEST(!cache.find(key()).has_value());
}

BOOST_AUTO_TEST_CASE(automatic_uses_the_cached_tiling)
{
    using state_type = std::vector<double>;
    temp_dir dir;
    const std::string path = dir.file("tuning.txt");
    scoped_env env(tiled::tuning_cache::environment_variable, path.c_str());

    const std::size_t n = 1 << 16, d = 32;
    const auto sys = tiled::problems::bruss2d::with_size(n, d);
    const tiled::link_chain chain = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    const tiled::tiling model = tiled::choose_tbb_tiling(chain, n, d, sizeof(double));
    const tiled::tiling cached = tiled::tiling::hexagonal(3072, 2).threads_per_tile(1).block_size(512);
    BOOST_REQUIRE((cached != model));

    tiled::tuning_key k;
    k.backend = "tbb";
    k.device = tiled::tbb_device_name();
    k.method = "runge_kutta4";
    k.n = n;
    k.d = d;
    k.value_size = sizeof(double);
    tiled::tuning_cache(path).store(entry(k, cached));

    state_type x0(n);
    sys.initial_state(x0);
    const double dt = 0.01;
    auto run = [&](const tiled::tiling& requested, tiled::tiling& used) {
        tiled::runge_kutta4<state_type> st(requested);
        state_type x = x0;
        for (int s = 0; s < 5; ++s) st.do_step(sys, x, s * dt, dt);
        used = st.tiling();
        return x;
    };
    tiled::tiling used_tuned = tiled::tiling::none(), used_model = tiled::tiling::none();
    const state_type tuned = run(tiled::tiling::automatic(), used_tuned);
    const state_type untuned = run(tiled::tiling::automatic().use_tuning_cache(false), used_model);
    BOOST_TEST((used_tuned == cached));
    BOOST_TEST((used_model == model));
    double max_rel = 0.0;
    for (std::size_t j = 0; j < n; ++j)
        max_rel = std::max(max_rel, std::abs(tuned[j] - untuned[j]) / std::max(std::abs(untuned[j]), 1e-300));
    BOOST_TEST(max_rel <= 1e-13);

    // another size, another thread count, or the cache switched off: the model
    {
        tiled::runge_kutta4<state_type> st;
        const auto small = tiled::problems::bruss2d::with_size(n / 2, d);
        state_type x(n / 2);
        small.initial_state(x);
        st.do_step(small, x, 0.0, dt);
        BOOST_TEST((st.tiling() == tiled::choose_tbb_tiling(chain, n / 2, d, sizeof(double))));
    }
    if (const std::size_t workers = tiled::detail::tbb_workers(); workers > 1)
    {
        // fewer threads than the entry was tuned for (an arena of more would still run
        // on no more threads than TBB allows: detail::tbb_workers)
        tbb::task_arena arena(int(workers) - 1);
        tiled::tiling used = tiled::tiling::none();
        arena.execute([&] { run(tiled::tiling::automatic(), used); });
        BOOST_TEST((used != cached));  // the device name counts the threads
    }
    {
        scoped_env off(tiled::tuning_cache::environment_variable, "off");
        tiled::tiling used = tiled::tiling::none();
        run(tiled::tiling::automatic(), used);
        BOOST_TEST((used == model));
    }
}

BOOST_AUTO_TEST_CASE(a_cached_tiling_that_does_not_fit_falls_back_to_the_model)
{
    using state_type = std::vector<double>;
    temp_dir dir;
    const std::string path = dir.file("tuning.txt");
    scoped_env env(tiled::tuning_cache::environment_variable, path.c_str());

    const std::size_t n = 1 << 14, d = 64;
    const auto sys = tiled::problems::bruss2d::with_size(n, d);
    tiled::tuning_key k;
    k.backend = "tbb";
    k.device = tiled::tbb_device_name();
    k.method = "runge_kutta4";
    k.n = n;
    k.d = d;
    k.value_size = sizeof(double);
    // RK4 trapezoids 4 links high need a width of at least 7 d = 448
    tiled::tuning_cache(path).store(entry(k, tiled::tiling::trapezoidal(256, 4)));

    state_type x(n);
    sys.initial_state(x);
    tiled::runge_kutta4<state_type> st;
    std::string warning;
    {
        capture_cerr err;
        BOOST_CHECK_NO_THROW(st.do_step(sys, x, 0.0, 0.01));
        warning = err.str();
    }
    const tiled::link_chain chain = tiled::make_link_chain<tiled::runge_kutta4_tableau, false>();
    BOOST_TEST((st.tiling() == tiled::choose_tbb_tiling(chain, n, d, sizeof(double))));
    BOOST_TEST(warning.find("does not fit") != std::string::npos);
    BOOST_TEST(std::all_of(x.begin(), x.end(), [](double v) { return std::isfinite(v); }));
}

BOOST_AUTO_TEST_SUITE_END()
