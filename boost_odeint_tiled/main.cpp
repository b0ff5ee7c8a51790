/*
 boost_odeint_tiled/main.cpp

 The command-line tool `boost_odeint_tiled <command> [options]`: dispatches to the
 subcommands (bench.cpp, verify.cpp, tune.cpp, adaptive.cpp). Exit codes: 0 success, 1 a failed check (e.g. a
 result that disagrees with stock odeint), 2 a bad command line.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <cstdio>
#include <cstring>
#include <exception>
#include <iostream>
#include <string>

#include <boost/numeric/odeint/tiled/config.hpp>

#include "commands.hpp"
#include "options.hpp"
#include "timer.hpp"

namespace {

struct command
{
    const char* name;
    int (*run)(int, char**);
    const char* summary;
};

const command commands[] = {
    {"bench", bot_tool::bench_main,
     "time tiled steppers against stock odeint and the copy floor (TBB or CUDA)"},
    {"verify", bot_tool::verify_main,
     "check every method under many tilings against stock odeint"},
    {"tune", bot_tool::tune_main,
     "measure tilings on this machine and store the fastest in the tuning cache"},
    {"adaptive", bot_tool::adaptive_main,
     "time the fused-norm controlled stepper against odeint's controlled_runge_kutta"},
};

void print_usage(std::FILE* f)
{
    std::fprintf(f,
                 "usage: boost_odeint_tiled <command> [options]\n"
                 "       boost_odeint_tiled <command> --help\n"
                 "\n"
                 "Tiled and fused explicit Runge-Kutta steppers for Boost.Odeint: tools.\n"
                 "\n"
                 "commands:\n");
    for (const command& c : commands) std::fprintf(f, "  %-8s %s\n", c.name, c.summary);
    std::fprintf(f,
                 "\n"
                 "options:\n"
                 "  -h, --help  this text\n"
                 "\n"
                 "exit status: 0 success, 1 a check failed (e.g. a result disagrees with\n"
                 "stock odeint) or the problem does not fit in memory (the message names the\n"
                 "memory, the size and an --n that fits), 2 a bad command line.\n");
}

} // namespace

int main(int argc, char** argv)
{
    if (argc < 2) {
        std::fprintf(stderr, "boost_odeint_tiled: error: no command given\n\n");
        print_usage(stderr);
        return 2;
    }
    const std::string name = argv[1];
    if (name == "--help" || name == "-h" || name == "help") {
        print_usage(stdout);
        return 0;
    }
    for (const command& c : commands) {
        if (name != c.name) continue;
        try {
            return c.run(argc - 1, argv + 1);
        } catch (const bot_tool::usage_error& e) {
            bot_tool::progress_line::instance().finish();
            std::fprintf(stderr, "boost_odeint_tiled %s: error: %s\nTry 'boost_odeint_tiled %s --help'.\n", c.name,
                         e.what(), c.name);
            return 2;
        } catch (const std::exception& e) {
            bot_tool::progress_line::instance().finish();
            std::fprintf(stderr, "boost_odeint_tiled %s: error: %s\n", c.name, e.what());
            return 1;
        }
    }
    std::fprintf(stderr, "boost_odeint_tiled: error: unknown command '%s'\nTry 'boost_odeint_tiled --help'.\n",
                 name.c_str());
    return 2;
}
