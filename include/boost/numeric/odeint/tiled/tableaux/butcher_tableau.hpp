/*
 boost/numeric/odeint/tiled/tableaux/butcher_tableau.hpp

 The ButcherTableau concept: an explicit Runge-Kutta method as compile-time data,
 and tableau_coefficients<Tableau, Value>, the same coefficients as plain constexpr
 arrays of Value that host loops and CUDA kernels read (nvcc cannot run Hana in
 device code, so kernels only ever see these arrays).

 A ButcherTableau is a struct with

     static constexpr std::size_t    stages;                    // s
     static constexpr unsigned short order;                     // odeint's order_value
     static constexpr unsigned short stepper_order;             // order of the propagated solution
     static constexpr unsigned short error_order;               // 0 without an embedded estimate
     static constexpr tiled::rational a[stages][stages];        // strictly lower triangular
     static constexpr tiled::rational b[stages];                // weights of the propagated solution
     static constexpr tiled::rational c[stages];                // nodes, c_i = sum_j a_ij
     static constexpr tiled::rational b_hat[stages];            // embedded only: the second solution;
                                                                // error = h * sum_i (b_i - b_hat_i) F_i
     static constexpr const char* name;                         // for messages and benchmarks

 check_butcher_tableau<Tableau>() asserts the conditions every explicit tableau
 must meet (exactly, in rational arithmetic, at compile time).

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_BUTCHER_TABLEAU_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_BUTCHER_TABLEAU_HPP_INCLUDED

#include <cstddef>
#include <type_traits>

#include <boost/numeric/odeint/tiled/config.hpp>
#include <boost/numeric/odeint/tiled/tableaux/rational.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

//! True when Tableau carries embedded weights b_hat (an ErrorStepper can be built on it).
template <class Tableau, class = void>
struct is_embedded_tableau : std::false_type {};
template <class Tableau>
struct is_embedded_tableau<Tableau, std::void_t<decltype(Tableau::b_hat)>> : std::true_type {};

namespace detail {

template <class Tableau>
constexpr bool tableau_is_strictly_lower_triangular()
{
    for (std::size_t i = 0; i < Tableau::stages; ++i)
        for (std::size_t j = i; j < Tableau::stages; ++j)
            if (!Tableau::a[i][j].is_zero()) return false;
    return true;
}

template <class Tableau>
constexpr bool tableau_nodes_are_row_sums()
{
    for (std::size_t i = 0; i < Tableau::stages; ++i)
    {
        rational sum = 0;
        for (std::size_t j = 0; j < Tableau::stages; ++j) sum = sum + Tableau::a[i][j];
        if (sum != Tableau::c[i]) return false;
    }
    return true;
}

template <class Tableau>
constexpr bool tableau_weights_sum_to_one()
{
    rational sum = 0;
    for (std::size_t i = 0; i < Tableau::stages; ++i) sum = sum + Tableau::b[i];
    if (sum != rational(1)) return false;
    if constexpr (is_embedded_tableau<Tableau>::value)
    {
        rational sum_hat = 0;
        for (std::size_t i = 0; i < Tableau::stages; ++i) sum_hat = sum_hat + Tableau::b_hat[i];
        if (sum_hat != rational(1)) return false;
    }
    return true;
}

} // namespace detail

//! Compile-time checks every explicit tableau must pass; call it where a tableau is used.
template <class Tableau>
constexpr bool check_butcher_tableau()
{
    static_assert(Tableau::stages >= 1, "a Butcher tableau needs at least one stage");
    static_assert(detail::tableau_is_strictly_lower_triangular<Tableau>(),
                  "Butcher tableau: A must be strictly lower triangular (an explicit method)");
    static_assert(detail::tableau_nodes_are_row_sums<Tableau>(),
                  "Butcher tableau: every node c_i must equal the row sum of A");
    static_assert(detail::tableau_weights_sum_to_one<Tableau>(),
                  "Butcher tableau: the weights b (and b_hat) must sum to one (consistency)");
    static_assert(is_embedded_tableau<Tableau>::value == (Tableau::error_order > 0),
                  "Butcher tableau: give b_hat exactly when error_order > 0");
    return true;
}

//! A small constexpr array usable in device code (std::array's members are not __device__).
template <class Value, std::size_t N>
struct coefficient_array
{
    Value v[N];
    BOOST_ODEINT_TILED_HD constexpr Value operator[](std::size_t i) const { return v[i]; }
};

//! The tableau's coefficients converted to Value, as constant expressions.
//! e[i] = b[i] - b_hat[i] (computed exactly, then rounded); zero for plain tableaux.
template <class Tableau, class Value = double>
struct tableau_coefficients
{
    static_assert(check_butcher_tableau<Tableau>(), "");
    static constexpr std::size_t stages = Tableau::stages;

private:
    static constexpr coefficient_array<Value, stages * stages> make_a()
    {
        coefficient_array<Value, stages * stages> r{};
        for (std::size_t i = 0; i < stages; ++i)
            for (std::size_t j = 0; j < stages; ++j) r.v[i * stages + j] = Tableau::a[i][j].template as<Value>();
        return r;
    }
    static constexpr coefficient_array<Value, stages> make_b()
    {
        coefficient_array<Value, stages> r{};
        for (std::size_t i = 0; i < stages; ++i) r.v[i] = Tableau::b[i].template as<Value>();
        return r;
    }
    static constexpr coefficient_array<Value, stages> make_c()
    {
        coefficient_array<Value, stages> r{};
        for (std::size_t i = 0; i < stages; ++i) r.v[i] = Tableau::c[i].template as<Value>();
        return r;
    }
    static constexpr coefficient_array<Value, stages> make_e()
    {
        coefficient_array<Value, stages> r{};
        if constexpr (is_embedded_tableau<Tableau>::value)
            for (std::size_t i = 0; i < stages; ++i) r.v[i] = (Tableau::b[i] - Tableau::b_hat[i]).template as<Value>();
        return r;
    }

public:
    static constexpr coefficient_array<Value, stages * stages> a_flat = make_a(); //!< a_flat[i*stages+j] = a_ij
    static constexpr coefficient_array<Value, stages> b = make_b();
    static constexpr coefficient_array<Value, stages> c = make_c();
    static constexpr coefficient_array<Value, stages> e = make_e();

    static constexpr Value a(std::size_t i, std::size_t j) { return a_flat[i * stages + j]; }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_BUTCHER_TABLEAU_HPP_INCLUDED
