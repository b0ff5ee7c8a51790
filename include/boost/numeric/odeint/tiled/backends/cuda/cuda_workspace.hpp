/*
 boost/numeric/odeint/tiled/backends/cuda/cuda_workspace.hpp

 Device memory of the CUDA backend for one problem size, shared by the copies of a
 stepper: permanent vectors carrying stage data between kernels, a spare output
 vector, per-block scratch for tiles too large for shared memory (also the halo
 exchange areas of multi-block tiles) and their barrier counters, the uploaded
 flat plans, and the small struct an adaptive step's error norm is merged into.
 Frees everything it allocated when the last copy goes.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_WORKSPACE_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_WORKSPACE_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include <cuda_runtime_api.h>

#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/cuda_error_norm.hpp>
#include <boost/numeric/odeint/tiled/backends/cuda/device_plan.hpp>
#include <boost/numeric/odeint/tiled/core/step_vectors.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

namespace detail {

struct cuda_free
{
    void operator()(void* p) const { if (p) (void)cudaFree(p); }
};
using device_buffer = std::unique_ptr<void, cuda_free>;

inline device_buffer device_allocate(std::size_t bytes, const char* what)
{
    void* p = nullptr;
    cuda_check(cudaMalloc(&p, bytes ? bytes : 1), what);
    return device_buffer(p);
}

template <class T>
device_buffer upload(const std::vector<T>& v)
{
    device_buffer b = device_allocate(v.size() * sizeof(T), "allocating a device plan");
    if (!v.empty()) cuda_check(cudaMemcpy(b.get(), v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice), "uploading a device plan");
    return b;
}

//! Device memory of the workspace's step vectors (step_vector_pool).
template <class Value>
struct device_vector_allocator
{
    using buffer = device_buffer;
    static buffer allocate_vector(std::size_t n) { return device_allocate(n * sizeof(Value), "allocating a stage vector"); }
    static buffer allocate_spare(std::size_t n)
    {
        return device_allocate(n * sizeof(Value), "allocating a spare output vector");
    }
};

} // namespace detail

//! The device image of one flat kernel plan.
struct device_kernel_plan
{
    flat_kernel_plan host;
    detail::device_buffer intervals, buffer_first, scratch_offset, load_begin, store_begin, loads, stores;
    detail::device_buffer hull, strip_begin, strips, register_meta;

    explicit device_kernel_plan(flat_kernel_plan f)
        : host(std::move(f)), intervals(detail::upload(host.intervals)), buffer_first(detail::upload(host.buffer_first)),
          scratch_offset(detail::upload(host.scratch_offset)), load_begin(detail::upload(host.load_begin)),
          store_begin(detail::upload(host.store_begin)), loads(detail::upload(host.loads)), stores(detail::upload(host.stores)),
          hull(detail::upload(host.hull)), strip_begin(detail::upload(host.strip_begin)), strips(detail::upload(host.strips)),
          register_meta(detail::upload(host.register_meta))
    {
    }
};

//! permanent(v, n), existing(v) and spare_output(n) come from detail::step_vector_pool.
template <class Value>
class cuda_workspace : public detail::step_vector_pool<Value, detail::device_vector_allocator<Value>>
{
public:
    //! The device-side error norm of an adaptive step (cuda_error_norm.hpp).
    detail::cuda_norm_accumulator<Value>* norm_accumulator()
    {
        if (!m_norm) m_norm = detail::device_allocate(sizeof(detail::cuda_norm_accumulator<Value>), "allocating the error norm");
        return static_cast<detail::cuda_norm_accumulator<Value>*>(m_norm.get());
    }
    Value* global_scratch(std::size_t values)
    {
        if (m_scratch_values < values)
        {
            m_scratch.reset();
            m_scratch = detail::device_allocate(values * sizeof(Value), "allocating tile scratch");
            m_scratch_values = values;
        }
        return static_cast<Value*>(m_scratch.get());
    }
    //! `groups` arrival counters of the multi-block tiles' barrier (tile_group.hpp's
    //! l2_group), set to zero in stream order: each launch starts them from zero.
    unsigned* group_counters(std::size_t groups)
    {
        if (m_counter_count < groups)
        {
            m_counters.reset();
            m_counters = detail::device_allocate(groups * sizeof(unsigned), "allocating tile barrier counters");
            m_counter_count = groups;
        }
        cuda_check(cudaMemsetAsync(m_counters.get(), 0, groups * sizeof(unsigned)), "resetting tile barrier counters");
        return static_cast<unsigned*>(m_counters.get());
    }
    //! The uploaded kernels of a plan (identified by its address and shape).
    const std::vector<std::unique_ptr<device_kernel_plan>>& device_plan(const tiling_plan& plan)
    {
        const std::string key = std::to_string(reinterpret_cast<std::uintptr_t>(&plan)) + "/" + std::to_string(plan.n) + "/" +
                                std::to_string(plan.d) + (plan.topology == access_topology::ring ? "/ring/" : "/") +
                                std::to_string(plan.chain.links) + "/" + plan.config.to_string();
        for (auto& e : m_plans)
            if (e.first == key) return e.second;
        std::vector<std::unique_ptr<device_kernel_plan>> kernels;
        for (const kernel_plan& k : plan.kernels)
            kernels.push_back(std::make_unique<device_kernel_plan>(flatten_kernel(k, plan.chain.vector_count)));
        if (m_plans.size() >= 4) m_plans.erase(m_plans.begin());
        m_plans.emplace_back(key, std::move(kernels));
        return m_plans.back().second;
    }

private:
    detail::device_buffer m_scratch;
    std::size_t m_scratch_values = 0;
    detail::device_buffer m_norm;
    detail::device_buffer m_counters;
    std::size_t m_counter_count = 0;
    std::vector<std::pair<std::string, std::vector<std::unique_ptr<device_kernel_plan>>>> m_plans;
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_CUDA_CUDA_WORKSPACE_HPP_INCLUDED
