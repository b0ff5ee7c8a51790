/*
 boost/numeric/odeint/tiled/backends/tbb/tbb_workspace.hpp

 Memory of the TBB backend for one problem size, shared by all copies of a
 stepper (odeint's integrate functions copy steppers): the permanent vectors that
 carry stage data between kernels (allocated on first use and never initialised,
 so pages of vectors that only ever receive edge strips are mostly never touched),
 a spare output vector for plans that cannot write in place, and one scratch area
 per concurrently running tile.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_WORKSPACE_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_WORKSPACE_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

#include <cstddef>
#include <memory>
#include <new>
#include <vector>

#include <boost/numeric/odeint/tiled/core/step_vectors.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

namespace detail {

//! Host memory of the TBB workspace: 64-byte aligned (a cache line), not initialised.
template <class Value>
struct aligned_host_allocator
{
    struct aligned_delete
    {
        void operator()(Value* p) const { ::operator delete[](p, std::align_val_t(64)); }
    };
    using buffer = std::unique_ptr<Value[], aligned_delete>;

    static buffer allocate(std::size_t n)
    {
        return buffer(static_cast<Value*>(::operator new[]((n ? n : 1) * sizeof(Value), std::align_val_t(64))));
    }
    static buffer allocate_vector(std::size_t n) { return allocate(n); }
    static buffer allocate_spare(std::size_t n) { return allocate(n); }
};

} // namespace detail

//! permanent(v, n), existing(v) and spare_output(n) come from detail::step_vector_pool.
template <class Value>
class tbb_workspace : public detail::step_vector_pool<Value, detail::aligned_host_allocator<Value>>
{
public:
    //! `slots` scratch areas of at least `size` values each; slot i at scratch(i).
    void reserve_scratch(std::size_t slots, std::size_t size)
    {
        if (m_scratch.size() < slots) m_scratch.resize(slots);
        if (m_scratch_size < size) { for (auto& s : m_scratch) s.reset(); m_scratch_size = size; }
        for (auto& s : m_scratch)
            if (!s) s = allocator::allocate(m_scratch_size);
    }
    Value* scratch(std::size_t slot) { return m_scratch[slot].get(); }

private:
    using allocator = detail::aligned_host_allocator<Value>;
    std::vector<typename allocator::buffer> m_scratch;
    std::size_t m_scratch_size = 0;
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_WORKSPACE_HPP_INCLUDED
