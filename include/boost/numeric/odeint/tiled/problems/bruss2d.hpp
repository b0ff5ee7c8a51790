/*
 boost/numeric/odeint/tiled/problems/bruss2d.hpp

 problems::bruss2d: BRUSS2D, the 2D Brusselator with diffusion (Werner's thesis,
 §5.2), AoS interleaved (u, v), row-major; d = 2 * x_max. A LimitedAccessSystem with
 a block form (evaluate_range, vectorised on the host) that gives the same bits.
 Usable on the host and (compiled with nvcc) on the device; a small plain value
 (trivially copyable), so it can be passed to kernels by value. Constructors and
 factories are host-only and throws std::invalid_argument on bad sizes; operator() never throws.
 All reference problems: <boost/numeric/odeint/tiled/reference_problems.hpp>.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_BRUSS2D_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_BRUSS2D_HPP_INCLUDED

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <cstring>
#include <stdexcept>
#include <string>
#include <type_traits>
#include <utility>

#include <boost/numeric/odeint/tiled/config.hpp>
#include <boost/numeric/odeint/tiled/grid/fast_divider.hpp>

namespace boost {
namespace numeric {
namespace odeint {
namespace tiled {
namespace problems {

/*
 BRUSS2D exactly as Werner's thesis, §5.2, defines it (constants and initial values from
 the Bayreuth reference code, bruss2d-mix.c), on an x_max × y_max grid:

   du/dt = 1 + u²v − 4.4u + D·(u_W + u_E + u_S + u_N − 4u)
   dv/dt = 3.4u − u²v     + D·(v_W + v_E + v_S + v_N − 4v)

 with D = alpha·(x_max − 1)² (the thesis keeps one grid spacing for rectangular grids
 without saying which; this takes the x direction's. D = alpha
 when x_max == 1) and alpha = 2e-3 by default. Neumann boundaries by mirror ghost
 cells: a boundary cell counts its single inner neighbour twice in that direction
 (both directions at corners); a direction of extent 1 contributes nothing.

 Layout: AoS interleaved and row-major, cell (x, y) (0-based, x the column) has
 u at component 2·(y·x_max + x) and v at the next one; n = 2·x_max·y_max and the
 access distance is d = 2·x_max (the ±y neighbours).

 Initial values (row i = y, column j = x): u = 0.5 + j/(x_max − 1),
 v = 1 + 5·i/(y_max − 1); a term whose denominator would be 0 is dropped.

 Stability: the diffusion eigenvalues reach |λ| ≈ 8·D; the reaction part adds
 eigenvalues up to about 2uv + u² ≈ 50 in size along the solutions (u ≲ 4, v ≲ 6),
 which dominates when the grid is narrow. Classic RK4 is stable on the negative
 real axis for h·|λ| ≲ 2.78. suggested_dt() returns 0.5 · 2.5 / (8·D + 50): a safe
 fixed step for RK4 and inside the real stability intervals of Euler (2) and of the
 other explicit methods (DOPRI5 about 3.3). For n = 16 Mi, d = 32 (x_max = 16)
 D = 0.45 and the step is about 0.023 (the reaction term's 4.4 alone, as an earlier
 version used, let every method diverge at d <= 32); for x_max = 4224, D ≈ 3.6e4
 and it is about 4e-6.
*/
namespace detail {

// the divider moved to grid/fast_divider.hpp, where the grid helpers use it too
using tiled::detail::u32_divider;


#if (defined(__clang__) || (defined(__GNUC__) && __GNUC__ >= 12)) && !defined(__CUDACC__)
#define BOOST_ODEINT_TILED_BRUSS2D_SIMD 1
/*! bruss2d::evaluate_range's vectors, in GCC's and Clang's vector extensions (which
    the compiler maps to SSE2, AVX, AVX-512, NEON, ...): W consecutive components,
    u and v of W/2 cells interleaved, whose west and east neighbours are the
    vectors 2 components to either side, and whose cells' u and v are shuffles
    within the vector. From plain loops GCC de-interleaves u and v with cross-lane
    permutations, or (bruss2d::interior_cells) loads each value up to three times;
    these vectors load each value once and handle the edge cells in the vector (numbers:
    doc/results/cpu_2_cores.md, "Measurements behind the defaults"). The arithmetic is
    bruss2d::component()'s, operation for operation, so a compiler contracts it to
    the same FMAs, and the values equal the scalar paths' bitwise. Needs
    __builtin_shufflevector (GCC 12, Clang); nvcc compiles the plain paths. */
struct bruss2d_simd
{
#if defined(__AVX512F__)
    static constexpr std::size_t lanes = 8;
#elif defined(__AVX__)
    static constexpr std::size_t lanes = 4;
#else
    static constexpr std::size_t lanes = 2;
#endif
    typedef double vec __attribute__((vector_size(sizeof(double) * lanes)));
    using index = std::make_index_sequence<lanes>;

    static vec load(const double* p)
    {
        vec v;
        std::memcpy(&v, p, sizeof v);
        return v;
    }
    static void store(double* p, const vec& v) { std::memcpy(p, &v, sizeof v); }

    // lane i takes lane i & ~1 (u of its cell) or i | 1 (v of its cell)
    template <std::size_t... I>
    static vec cell_u(const vec& x, std::index_sequence<I...>)
    {
        return __builtin_shufflevector(x, x, (I & ~std::size_t(1))...);
    }
    template <std::size_t... I>
    static vec cell_v(const vec& x, std::index_sequence<I...>)
    {
        return __builtin_shufflevector(x, x, (I | 1)...);
    }
    // the first two lanes of b, the rest of a / the last two lanes of b, the rest of a
    template <std::size_t... I>
    static vec first_pair_of(const vec& a, const vec& b, std::index_sequence<I...>)
    {
        return __builtin_shufflevector(a, b, (I < 2 ? I + lanes : I)...);
    }
    template <std::size_t... I>
    static vec last_pair_of(const vec& a, const vec& b, std::index_sequence<I...>)
    {
        return __builtin_shufflevector(a, b, (I + 2 >= lanes ? I + lanes : I)...);
    }

    //! The per-lane constants of bruss2d's reaction (lanes alternate u and v) and D.
    struct species
    {
        vec a, c, s, diff;

        //! Components p[0 .. lanes) of a row `row` components long; a Left vector starts
        //! the row (its first cell mirrors its west neighbour), a Right one ends it.
        template <bool Left, bool Right>
        vec components(const double* p, std::ptrdiff_t row) const
        {
            const vec x = load(p);
            vec w = load(p - 2), e = load(p + 2);
            const vec west = w;
            if constexpr (Left) w = first_pair_of(w, e, index{});
            if constexpr (Right) e = last_pair_of(e, west, index{});
            return from(x, w, e, load(p - row), load(p + row));
        }

        //! The arithmetic of every vector path, on values already in registers: x, its
        //! west and east neighbours w and e, and the rows south and north of it.
        vec from(const vec& x, const vec& w, const vec& e, const vec& south, const vec& north) const
        {
            const vec u = cell_u(x, index{});
            const vec uuv = u * u * cell_v(x, index{});
            const vec react = a * u + (c + s * uuv);
            return react + diff * ((w + e) + (south + north) - 4.0 * x);
        }
    };

    // x's east neighbours [x2 .. x(W-1), next0, next1] / the next vector's west
    // neighbours [x(W-2), x(W-1), next0 .. next(W-3)]: from registers, not from loads
    // that straddle two vectors
    template <std::size_t... I>
    static vec east_of(const vec& x, const vec& next, std::index_sequence<I...>)
    {
        return __builtin_shufflevector(x, next, (I + 2)...);
    }
    template <std::size_t... I>
    static vec west_of_next(const vec& x, const vec& next, std::index_sequence<I...>)
    {
        return __builtin_shufflevector(x, next, (I + lanes - 2)...);
    }
    // a row's first vector's west neighbours (the first cell mirrors the second) and
    // its last vector's east neighbours (the last cell mirrors the one before it);
    // lanes >= 4, so the mirrored cell is in x
    template <std::size_t... I>
    static vec mirrored_west(const vec& x, std::index_sequence<I...>)
    {
        return __builtin_shufflevector(x, x, (I < 2 ? I + 2 : I - 2)...);
    }
    template <std::size_t... I>
    static vec mirrored_east(const vec& x, std::index_sequence<I...>)
    {
        return __builtin_shufflevector(x, x, (I + 2 < lanes ? I + 2 : I >= 2 ? I - 2 : I)...);  // (I: lanes 2, unused)
    }

    template <class Reaction>
    static species species_of(const Reaction& k, double diff)
    {
        species r;
        for (std::size_t i = 0; i < lanes; ++i)
        {
            r.a[i] = k.a[i & 1];
            r.c[i] = k.c[i & 1];
            r.s[i] = k.s[i & 1];
            r.diff[i] = diff;
        }
        return r;
    }
};
#endif

} // namespace detail

class bruss2d
{
public:
    bruss2d(std::size_t x_max, std::size_t y_max, double alpha = 2e-3)
        : m_x_max(x_max), m_y_max(y_max), m_alpha(alpha),
          m_diffusion(x_max > 1 ? alpha * static_cast<double>(x_max - 1) * static_cast<double>(x_max - 1)
                                : alpha),
          m_x_divider(x_max >= 1 && x_max <= 0xffffffffu ? static_cast<unsigned>(x_max) : 1u),  // x_max = 0 throws below
          m_x_inverse(x_max >= 1 ? 1.0 / static_cast<double>(x_max) : 1.0)
    {
        if (x_max == 0 || y_max == 0)
            throw std::invalid_argument("bruss2d: the grid needs x_max >= 1 and y_max >= 1, got x_max = " +
                                        std::to_string(x_max) + ", y_max = " + std::to_string(y_max));
    }

    // The BRUSS2D instance with n_components components and access distance d:
    // x_max = d/2 and y_max = n/d. Needs d even, d >= 2 and n a positive multiple of d.
    static bruss2d with_size(std::size_t n_components, std::size_t d, double alpha = 2e-3)
    {
        if (d < 2 || d % 2 != 0 || n_components == 0 || n_components % d != 0)
            throw std::invalid_argument(
                "bruss2d::with_size: needs an even access distance d >= 2 and a number of components n "
                "that is a positive multiple of d, got n = " +
                std::to_string(n_components) + ", d = " + std::to_string(d));
        return bruss2d(d / 2, n_components / d, alpha);
    }

    BOOST_ODEINT_TILED_HD std::size_t x_max() const { return m_x_max; }
    BOOST_ODEINT_TILED_HD std::size_t y_max() const { return m_y_max; }
    BOOST_ODEINT_TILED_HD double alpha() const { return m_alpha; }
    BOOST_ODEINT_TILED_HD double diffusion_scale() const { return m_diffusion; }
    BOOST_ODEINT_TILED_HD std::size_t size() const { return 2 * m_x_max * m_y_max; }
    BOOST_ODEINT_TILED_HD std::size_t access_distance() const { return 2 * m_x_max; }

    // A safe fixed step for classic RK4 (see the class comment).
    double suggested_dt() const { return 0.5 * 2.5 / (8.0 * m_diffusion + 50.0); }

    // Written branch-light for vectorised loops over j: the boundary handling is a
    // choice between two indices, and both species share one expression path.
    BOOST_ODEINT_TILED_NO_EXEC_CHECK
    template <class Y, class Time>
    BOOST_ODEINT_TILED_HD double operator()(std::size_t j, const Y& y, Time) const
    {
        // 32-bit index arithmetic where the grid allows (the branch is the same for
        // every j of a system): GPUs do 64-bit integer arithmetic in two or more
        // instructions, and have no integer divider at all (see u32_divider)
        if (2 * m_x_max * m_y_max <= 0xffffffffu) return evaluate(static_cast<unsigned>(j), y);
        return evaluate(j, y);
    }

private:
    BOOST_ODEINT_TILED_NO_EXEC_CHECK
    template <class Index, class Y>
    BOOST_ODEINT_TILED_HD double evaluate(Index j, const Y& y) const
    {
        const Index cell = j >> 1;
        const bool is_v = (j & 1) != 0;
        const Index x_max = static_cast<Index>(m_x_max);
        Index yy, x;
        if constexpr (sizeof(Index) == sizeof(unsigned))
        {
            // the row by a shift where x_max is a power of two (grids of 2^k columns),
            // cheaper in a tile kernel than the multiply-high division
            const unsigned shift = m_x_divider.power_of_two_shift();
            if (shift < 32) { yy = cell >> shift; x = cell & (x_max - 1); }
            else { yy = m_x_divider.divide(cell); x = cell - yy * x_max; }
        }
        else
            divide_wide(cell, yy, x);
        const Index row = 2 * x_max;
        // Mirror step at a boundary; 0 in a direction of extent 1.
        const Index mx = m_x_max > 1 ? 2 : 0;
        const Index my = m_y_max > 1 ? row : 0;
        const Index jw = x > 0 ? j - 2 : j + mx;
        const Index je = x + 1 < x_max ? j + 2 : j - mx;
        const Index js = yy > 0 ? j - row : j + my;
        const Index jn = yy + 1 < static_cast<Index>(m_y_max) ? j + row : j - my;

        const double u = y[std::size_t(2 * cell)];
        const double v = y[std::size_t(2 * cell + 1)];
        const double c = y[std::size_t(j)];
        const double lap = (y[std::size_t(jw)] + y[std::size_t(je)]) + (y[std::size_t(js)] + y[std::size_t(jn)]) - 4.0 * c;
        const double uuv = u * u * v;
#if defined(__CUDA_ARCH__)
        const double du = 1.0 + uuv - m_b_plus_one * u;
        const double dv = m_b * u - uuv;
#else
        // literals on the host: GCC contracts this expression to the same FMAs as
        // evaluate_range's only in this form (with members the last bits differed)
        const double du = 1.0 + uuv - 4.4 * u;
        const double dv = 3.4 * u - uuv;
#endif
        return (is_v ? dv : du) + m_diffusion * lap;
    }

    /* cell / x_max and cell % x_max for grids of 2^32 components or more. A GPU has no
       64-bit divider: its 64-bit division is a long instruction sequence, inlined at
       every call of operator() in a tile kernel even where this branch never runs,
       and costs time even there (doc/results/gpu_h100.md, "Measurements behind the
       defaults"). So on the GPU: a
       double estimate of the quotient (relative error a few 2^-53: off by one at most
       for cells below 2^50) corrected by one step. */
    BOOST_ODEINT_TILED_HD void divide_wide(std::size_t cell, std::size_t& yy, std::size_t& x) const
    {
#if defined(__CUDA_ARCH__)
        yy = static_cast<std::size_t>(static_cast<double>(cell) * m_x_inverse);
        long long r = static_cast<long long>(cell - yy * m_x_max);
        if (r < 0) { --yy; r += static_cast<long long>(m_x_max); }
        else if (r >= static_cast<long long>(m_x_max)) { ++yy; r -= static_cast<long long>(m_x_max); }
        x = static_cast<std::size_t>(r);
#else
        yy = cell / m_x_max;
        x = cell - yy * m_x_max;
#endif
    }

public:

    // The optional range form (LimitedAccessSystem's evaluate_range): f_first ..
    // f_{last-1} into dydt[0 .. last-first). Same expressions as operator(), so the
    // same values (bitwise, with GCC and Clang, FMA or not), but fast on CPUs: cells
    // away from the top and bottom rows run vectorised (middle_cells), the rest one
    // by one. Every path forms a component with the same expression (component()),
    // so the values do not depend on how [first, last) is split into ranges either.
    template <class Y, class Out, class Time>
    void evaluate_range(std::size_t first, std::size_t last, const Y& y, Out* dydt, Time) const
    {
        const reaction k = reaction::load();
        std::size_t j = first;
        if (j < last && (j & 1) != 0) { dydt[0] = static_cast<Out>(single_component(j, y, k)); ++j; }
        const std::size_t cell_begin = j >> 1, cell_end = last >> 1;
        if (cell_begin < cell_end)
        {
            // middle rows: neither the first nor the last row of the grid
            const std::size_t mid_begin = std::min(std::max(cell_begin, m_x_max), cell_end);
            const std::size_t mid_end = std::max(std::min(cell_end, (m_y_max - 1) * m_x_max), mid_begin);
            if (m_x_max < 3 || mid_begin == mid_end) cells_by_rows(cell_begin, cell_end, first, y, dydt, k);
            else
            {
                cells_by_rows(cell_begin, mid_begin, first, y, dydt, k);
                middle_cells(&y[2 * mid_begin], mid_begin, mid_end, dydt + (2 * mid_begin - first), k);
                cells_by_rows(mid_end, cell_end, first, y, dydt, k);
            }
        }
        if (j < 2 * cell_end) j = 2 * cell_end;
        if (j < last) dydt[j - first] = static_cast<Out>(single_component(j, y, k));
    }

    // u(i, j) = 0.5 + j/(x_max − 1), v(i, j) = 1 + 5·i/(y_max − 1) at row i, column j.
    template <class State>
    void initial_state(State& y) const
    {
        for (std::size_t i = 0; i < m_y_max; ++i)
            for (std::size_t j = 0; j < m_x_max; ++j) {
                const std::size_t c = 2 * (i * m_x_max + j);
                y[c] = 0.5 + (m_x_max > 1 ? static_cast<double>(j) / static_cast<double>(m_x_max - 1) : 0.0);
                y[c + 1] = 1.0 + (m_y_max > 1 ? 5.0 * static_cast<double>(i) / static_cast<double>(m_y_max - 1)
                                              : 0.0);
            }
    }

private:
    /* The reaction terms of both species in one form, a·u + (c + s·u²v): u gets
       (1 + u²v) − 4.4u, v gets 3.4u − u²v, with the same roundings, fused or not
       (multiplying by ±1 and adding −0 are exact). One form lets compilers run the u
       and v components of cells side by side in a vector (lanes u0 v0 u1 v1 ...)
       instead of de-interleaving them with cross-lane permutations. The constants
       are read through volatile: folded to literals, s = ±1 and c = −0 would vanish,
       the two species' code would differ again, and which products a compiler
       contracts to FMAs (so the last bit of the result) would depend on the path. */
    struct reaction
    {
        double a[2], c[2], s[2];

        static reaction load()
        {
            static const volatile double constants[3][2] = {{-4.4, 3.4}, {1.0, -0.0}, {1.0, -1.0}};
            reaction r;
            for (int q = 0; q < 2; ++q)
            {
                r.a[q] = constants[0][q];
                r.c[q] = constants[1][q];
                r.s[q] = constants[2][q];
            }
            return r;
        }
    };

    // Species q (0: u, 1: v) of a cell with values u, u²v, the component's own value c
    // and its west, east, south and north neighbours: every path of evaluate_range.
    static double component(const reaction& k, int q, double u, double uuv, double c, double w, double e, double s,
                            double n, double diff)
    {
        const double react = k.a[q] * u + (k.c[q] + k.s[q] * uuv);
        return react + diff * ((w + e) + (s + n) - 4.0 * c);
    }

    /* Cells [c0, c1) of rows that have rows above and below, from p = &y[2 c0] to o.
       On explicit vectors where the compiler has them (simd_cells). Otherwise one
       long plain loop treats every cell as interior and the edge cells are then
       recomputed with their mirrored neighbours: rows are short when d is small (16
       cells for d = 32), so plain loops row by row would spend their time in loop
       heads and tails. */
    template <class T, class Out>
    void middle_cells(const T* p, std::size_t c0, std::size_t c1, Out* o, const reaction& k) const
    {
#if defined(BOOST_ODEINT_TILED_BRUSS2D_SIMD)
        if constexpr (std::is_same<T, double>::value && std::is_same<Out, double>::value)
            if (2 * m_x_max >= detail::bruss2d_simd::lanes) return simd_cells(p, c0, c1, o, k);
#endif
        plain_middle_cells(p, c0, c1, o, k);
    }

    // middle_cells without explicit vectors (see there).
    template <class T, class Out>
    void plain_middle_cells(const T* p, std::size_t c0, std::size_t c1, Out* o, const reaction& k) const
    {
        if (c0 >= c1) return;
        const std::ptrdiff_t row = std::ptrdiff_t(2 * m_x_max);
        interior_cells(p, row, o, std::ptrdiff_t(c1 - c0), k);
        const std::size_t first_left = (c0 + m_x_max - 1) / m_x_max * m_x_max;
        for (std::size_t c = first_left; c < c1; c += m_x_max)
            edge_cell<2>(p + 2 * (c - c0), row, o + 2 * (c - c0), k);
        const std::size_t first_right = c0 / m_x_max * m_x_max + m_x_max - 1;
        for (std::size_t c = first_right; c < c1; c += m_x_max)
            if (c >= c0) edge_cell<-2>(p + 2 * (c - c0), row, o + 2 * (c - c0), k);
    }

#if defined(BOOST_ODEINT_TILED_BRUSS2D_SIMD)
    // middle_cells on vectors: the range row by row, each part of a row as one segment.
    void simd_cells(const double* p, std::size_t c0, std::size_t c1, double* o, const reaction& k) const
    {
        const detail::bruss2d_simd::species s = detail::bruss2d_simd::species_of(k, m_diffusion);
        const std::ptrdiff_t row = std::ptrdiff_t(2 * m_x_max);
        std::ptrdiff_t at = std::ptrdiff_t(2 * (c0 % m_x_max));  // position in the row
        for (std::ptrdiff_t i = 0, n = std::ptrdiff_t(2 * (c1 - c0)); i < n;)
        {
            const std::ptrdiff_t len = std::min(row - at, n - i);
            simd_segment(p + i, at, len, row, o + i, s, k);
            i += len;
            at = 0;
        }
    }

    /* Components [at, at + len) of one row (row components long) from p to o, W =
       lanes components (W/2 cells) per vector. Only a vector at the start of the row
       holds a left edge cell, which takes its west neighbour from the east; only one
       that ends the row holds a right edge cell. The last vector ends the segment
       and may overlap the one before, computing some components twice to the same
       values. Segments shorter than a vector run plain. */
    void simd_segment(const double* p, std::ptrdiff_t at, std::ptrdiff_t len, std::ptrdiff_t row, double* o,
                      const detail::bruss2d_simd::species& s, const reaction& k) const
    {
        using simd = detail::bruss2d_simd;
        constexpr std::ptrdiff_t W = std::ptrdiff_t(simd::lanes);
        if (len < W)
        {
            const std::size_t c0 = std::size_t(at / 2);
            return plain_middle_cells(p, c0, c0 + std::size_t(len / 2), o, k);
        }
        const bool left = at == 0, right = at + len == row;
        if (len == W)
        {
            // the whole segment in one vector, which may hold both edges (rows of W)
            if (left && right) simd::store(o, s.components<true, true>(p, row));
            else if (left) simd::store(o, s.components<true, false>(p, row));
            else if (right) simd::store(o, s.components<false, true>(p, row));
            else simd::store(o, s.components<false, false>(p, row));
            return;
        }
        if constexpr (W >= 4)
            simd_segment_rolling(p, len, row, o, s, left, right);
        else
        {
            // two lanes: a vector is one cell, whose mirrored neighbour is in the next vector
            simd::store(o, left ? s.components<true, false>(p, row) : s.components<false, false>(p, row));
            for (std::ptrdiff_t i = W; i < len - W; i += W) simd::store(o + i, s.components<false, false>(p + i, row));
            const std::ptrdiff_t e = len - W;
            simd::store(o + e, right ? s.components<false, true>(p + e, row) : s.components<false, false>(p + e, row));
        }
    }

    /* simd_segment for len > W (W >= 4): each vector of the segment is loaded once, and
       its west and east neighbours are shuffled from it and the vectors beside it, where
       components() loads them (two loads that straddle vectors) and GCC loads x again
       for each use. Same values, same arithmetic, so the same bits. Fewer loads matter
       where loads are the bottleneck, as on a Zen 4 core, whose 512-bit loads take two of
       its load slots (numbers: doc/results/cpu_2_cores.md, "Measurements behind the
       defaults"). */
    void simd_segment_rolling(const double* p, std::ptrdiff_t len, std::ptrdiff_t row, double* o,
                              const detail::bruss2d_simd::species& s, bool left, bool right) const
    {
        using simd = detail::bruss2d_simd;
        using index = simd::index;
        constexpr std::ptrdiff_t W = std::ptrdiff_t(simd::lanes);
        const std::ptrdiff_t last = len - W;  // the last vector's start (it may overlap the one before)
        simd::vec x = simd::load(p);
        simd::vec w = left ? simd::mirrored_west(x, index{}) : simd::load(p - 2);
        std::ptrdiff_t i = 0;
        for (; i + W <= last; i += W)
        {
            const simd::vec next = simd::load(p + i + W);
            simd::store(o + i, s.from(x, w, simd::east_of(x, next, index{}), simd::load(p + i - row), simd::load(p + i + row)));
            w = simd::west_of_next(x, next, index{});
            x = next;
        }
        if (i == last)
        {
            const simd::vec e = right ? simd::mirrored_east(x, index{}) : simd::load(p + i + 2);
            simd::store(o + i, s.from(x, w, e, simd::load(p + i - row), simd::load(p + i + row)));
            return;
        }
        simd::store(o + i, s.from(x, w, simd::load(p + i + 2), simd::load(p + i - row), simd::load(p + i + row)));
        simd::store(o + last, right ? s.components<false, true>(p + last, row) : s.components<false, false>(p + last, row));
    }
#endif

    /* count cells from p (both components, to o) as if every one were interior: west
       and east neighbours 2 components away, south and north a row away (the edge
       cells among them are recomputed afterwards). __restrict: dydt never
       overlaps y, and without the promise GCC versions the loop for aliasing and
       vectorises it by de-interleaving u and v (cross-lane permutations) again. */
    template <class T, class Out>
    void interior_cells(const T* __restrict p, std::ptrdiff_t row, Out* __restrict o, std::ptrdiff_t count,
                        const reaction& k) const
    {
        const double diff = m_diffusion;
        const T* ps = p - row;
        const T* pn = p + row;
        for (std::ptrdiff_t i = 0; i < 2 * count; i += 2)
        {
            const double u = p[i];
            const double uuv = u * u * p[i + 1];
            for (int q = 0; q < 2; ++q)
                o[i + q] = static_cast<Out>(
                    component(k, q, u, uuv, p[i + q], p[i + q - 2], p[i + q + 2], ps[i + q], pn[i + q], diff));
        }
    }

    /* Both components of a left (Mirror = 2) or right (Mirror = −2) edge cell at p in
       a row with rows on both sides: its one horizontal neighbour counts twice. */
    template <int Mirror, class T, class Out>
    void edge_cell(const T* p, std::ptrdiff_t row, Out* o, const reaction& k) const
    {
        const double u = p[0];
        const double uuv = u * u * p[1];
        for (int q = 0; q < 2; ++q)
            o[q] = static_cast<Out>(
                component(k, q, u, uuv, p[q], p[q + Mirror], p[q + Mirror], p[q - row], p[q + row], m_diffusion));
    }

    // Species q of cell c at column cx and row cy, neighbours mirrored as in operator().
    template <class Y>
    double cell_component(std::size_t c, std::size_t cx, std::size_t cy, int q, const Y& y, const reaction& k) const
    {
        const std::size_t row = 2 * m_x_max, mx = m_x_max > 1 ? 2 : 0, my = m_y_max > 1 ? row : 0;
        const std::size_t j = 2 * c + std::size_t(q);
        const std::size_t jw = cx > 0 ? j - 2 : j + mx;
        const std::size_t je = cx + 1 < m_x_max ? j + 2 : j - mx;
        const std::size_t js = cy > 0 ? j - row : j + my;
        const std::size_t jn = cy + 1 < m_y_max ? j + row : j - my;
        const double u = y[2 * c];
        const double uuv = u * u * y[2 * c + 1];
        return component(k, q, u, uuv, y[j], y[jw], y[je], y[js], y[jn], m_diffusion);
    }

    // Component j alone (the odd ends of a range).
    template <class Y>
    double single_component(std::size_t j, const Y& y, const reaction& k) const
    {
        const std::size_t c = j >> 1;
        return cell_component(c, c % m_x_max, c / m_x_max, int(j & 1), y, k);
    }

    // Cells [c0, c1) one by one, for rows at the top and bottom of the grid.
    template <class Y, class Out>
    void cells_by_rows(std::size_t c0, std::size_t c1, std::size_t first, const Y& y, Out* dydt,
                       const reaction& k) const
    {
        if (c0 >= c1) return;
        std::size_t cx = c0 % m_x_max, cy = c0 / m_x_max;
        for (std::size_t c = c0; c < c1; ++c)
        {
            for (int q = 0; q < 2; ++q)
                dydt[2 * c + std::size_t(q) - first] = static_cast<Out>(cell_component(c, cx, cy, q, y, k));
            if (++cx == m_x_max) { cx = 0; ++cy; }
        }
    }

    std::size_t m_x_max;
    std::size_t m_y_max;
    double m_alpha;
    double m_diffusion; // D = alpha·(x_max − 1)², or alpha when x_max == 1
    detail::u32_divider m_x_divider;  // cell / x_max in operator() (cells and x_max < 2^32)
    double m_x_inverse;                // 1 / x_max: divide_wide's estimate on the GPU
    // The reaction's B + 1 and B for the GPU, as members rather than literals: a GPU has
    // no 64-bit immediate operands, so a double literal costs two moves at every use,
    // where a member of a kernel argument is an operand from the constant bank. Host
    // code reads the literals instead (see evaluate), hence maybe_unused: members on
    // both sides keep the layout host and device share.
    [[maybe_unused]] double m_b_plus_one = 4.4;
    [[maybe_unused]] double m_b = 3.4;
};

} // namespace problems
} // namespace tiled
} // namespace odeint
} // namespace numeric
} // namespace boost

#endif // BOOST_NUMERIC_ODEINT_TILED_PROBLEMS_BRUSS2D_HPP_INCLUDED
