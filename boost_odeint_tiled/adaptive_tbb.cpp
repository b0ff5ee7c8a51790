/*
 boost_odeint_tiled/adaptive_tbb.cpp

 `boost_odeint_tiled adaptive --backend tbb`: the measurement of adaptive_runner.hpp
 on std::vector<double> states. The tiled controller runs on the TBB backend; the
 stock one is odeint's controlled_runge_kutta on tiled::tbb_algebra with odeint's
 default_operations, the RHS evaluated in parallel by tiled::as_odeint_system.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <string>
#include <vector>

#include <tbb/task_arena.h>

#include "adaptive_runner.hpp"
#include "machine.hpp"

namespace bot_tool {

namespace {

struct tbb_backend
{
    using state_type = std::vector<double>;
    using algebra_type = boost::numeric::odeint::tiled::tbb_algebra;
    using operations_type = boost::numeric::odeint::default_operations;

    static state_type from_host(const std::vector<double>& x) { return x; }
    static std::vector<double> to_host(const state_type& x) { return x; }
    static void synchronize() {}
    template <class Problem>
    static auto stock_system(const Problem& p)
    {
        return boost::numeric::odeint::tiled::as_odeint_system(p);
    }
    static std::string stock_algebra() { return "tiled::tbb_algebra, default_operations, tiled::as_odeint_system"; }
    static std::string device()
    {
        return cpu_model() + ", TBB backend, " + std::to_string(tbb::this_task_arena::max_concurrency()) + " threads";
    }
};

} // namespace

adaptive_result run_adaptive_tbb(const adaptive_job& job)
{
    return adaptive_bench::run_adaptive<tbb_backend>(job);
}

} // namespace bot_tool
