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

namespace boost { namespace numeric { namespace odeint { namespace tiled {

template <class Value>
class tbb_workspace
{
public:
    //! Permanent vector v of length n (contents unspecified until written).
    Value* permanent(std::size_t v, std::size_t n)
    {
        if (m_n != n) release_for(n);
        if (m_permanent.size() <= v) m_permanent.resize(v + 1);
        if (!m_permanent[v]) m_permanent[v] = allocate(n);
        return m_permanent[v].get();
    }
    //! Permanent vector v if it exists (a step has used it since the last size change), else nullptr.
    const Value* existing(std::size_t v) const { return v < m_permanent.size() ? m_permanent[v].get() : nullptr; }
    //! An output vector for plans whose output may not overwrite their input.
    Value* spare_output(std::size_t n)
    {
        if (m_n != n) release_for(n);
        if (!m_spare) m_spare = allocate(n);
        return m_spare.get();
    }
    //! `slots` scratch areas of at least `size` values each; slot i at scratch(i).
    void reserve_scratch(std::size_t slots, std::size_t size)
    {
        if (m_scratch.size() < slots) m_scratch.resize(slots);
        if (m_scratch_size < size) { for (auto& s : m_scratch) s.reset(); m_scratch_size = size; }
        for (auto& s : m_scratch)
            if (!s) s = allocate(m_scratch_size);
    }
    Value* scratch(std::size_t slot) { return m_scratch[slot].get(); }

private:
    struct aligned_delete
    {
        void operator()(Value* p) const { ::operator delete[](p, std::align_val_t(64)); }
    };
    using buffer = std::unique_ptr<Value[], aligned_delete>;

    static buffer allocate(std::size_t n)
    {
        return buffer(static_cast<Value*>(::operator new[]((n ? n : 1) * sizeof(Value), std::align_val_t(64))));
    }
    void release_for(std::size_t n)
    {
        m_permanent.clear();
        m_spare.reset();
        m_n = n;
    }

    std::size_t m_n = 0;
    std::vector<buffer> m_permanent;
    buffer m_spare;
    std::vector<buffer> m_scratch;
    std::size_t m_scratch_size = 0;
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_BACKENDS_TBB_TBB_WORKSPACE_HPP_INCLUDED
