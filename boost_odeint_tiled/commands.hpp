/*
 boost_odeint_tiled/commands.hpp

 The subcommands of the boost_odeint_tiled tool. Each is `int NAME_main(argc, argv)`
 with argv[0] the subcommand's name, in its own source file; main.cpp dispatches.
 They throw usage_error (options.hpp) for a bad command line.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_COMMANDS_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_COMMANDS_HPP_INCLUDED

namespace bot_tool {

int bench_main(int argc, char** argv);   // bench.cpp
int verify_main(int argc, char** argv);  // verify.cpp
int tune_main(int argc, char** argv);    // tune.cpp
int adaptive_main(int argc, char** argv);  // adaptive.cpp

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_COMMANDS_HPP_INCLUDED
