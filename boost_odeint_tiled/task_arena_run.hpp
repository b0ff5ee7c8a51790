/*
 boost_odeint_tiled/task_arena_run.hpp

 The subcommands' --threads T: run the command inside a tbb::task_arena of T
 workers, so every TBB loop of the library and of stock odeint's tbb_algebra uses
 at most T threads (the tuning cache keys its entries by that count too).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_ODEINT_TILED_TOOL_TASK_ARENA_RUN_HPP_INCLUDED
#define BOOST_ODEINT_TILED_TOOL_TASK_ARENA_RUN_HPP_INCLUDED

#include <tbb/task_arena.h>

namespace bot_tool {

//! f() in a task arena of `threads` workers; threads <= 0: in the calling thread's arena.
template <class F>
int run_with_threads(int threads, F&& f)
{
    if (threads <= 0) return f();
    tbb::task_arena arena(threads);
    return arena.execute([&] { return f(); });
}

} // namespace bot_tool

#endif // BOOST_ODEINT_TILED_TOOL_TASK_ARENA_RUN_HPP_INCLUDED
