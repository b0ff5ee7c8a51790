/*
 test/tableaux/order_conditions.cpp

 Butcher's order conditions for every predefined tableau, in exact arithmetic.
 All rooted trees up to order 9 are enumerated; a weight vector w has order p when
 Phi_w(t) = sum_i w_i Phi_i(t) = 1/gamma(t) for every tree t with |t| <= p, where the
 elementary weights are Phi_i(leaf) = 1 and Phi_i([t1..tm]) = prod_k sum_j a_ij Phi_j(tk).
 Each tableau's b must have exactly its stepper_order and b_hat exactly its embedded
 order (at least one condition of the next order fails), and the declared
 order / stepper_order / error_order must follow odeint's convention.

 Tree order 9 needs products of 9 coefficients such as Fehlberg's 4100ths, which do
 not fit tiled::rational (long long), so the check uses Boost.Multiprecision's
 arbitrary-precision cpp_rational.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#include <boost/test/unit_test.hpp>

#include <algorithm>
#include <cstddef>
#include <sstream>
#include <string>
#include <vector>

#include <boost/hana.hpp>
#include <boost/multiprecision/cpp_int.hpp>

#include <boost/numeric/odeint/tiled/tableaux/all.hpp>

namespace {

namespace hana = boost::hana;
namespace tiled = boost::numeric::odeint::tiled;
using exact = boost::multiprecision::cpp_rational;

//! One line per tableau: the type, the order of its embedded solution b_hat (0 for a
//! plain tableau), and whether b and b_hat are known to have *exactly* their orders.
template <class Tableau, unsigned EmbeddedOrder = 0, bool OrdersAreExact = true>
struct tableau_case
{
    using tableau = Tableau;
    static constexpr unsigned embedded_order = EmbeddedOrder;
    static constexpr bool orders_are_exact = OrdersAreExact;
};

// Adding a method: one line here.
constexpr auto all_tableaux = hana::make_tuple(
    hana::type_c<tableau_case<tiled::euler_tableau>>,
    hana::type_c<tableau_case<tiled::runge_kutta4_tableau>>,
    hana::type_c<tableau_case<tiled::runge_kutta38_tableau>>,
    hana::type_c<tableau_case<tiled::runge_kutta_heun_euler21_tableau, 1>>,
    hana::type_c<tableau_case<tiled::runge_kutta_bogacki_shampine32_tableau, 2>>,
    hana::type_c<tableau_case<tiled::runge_kutta_cash_karp54_tableau, 4>>,
    hana::type_c<tableau_case<tiled::runge_kutta_dopri5_tableau, 4>>,
    hana::type_c<tableau_case<tiled::runge_kutta_verner56_tableau, 6>>,
    hana::type_c<tableau_case<tiled::runge_kutta_fehlberg78_tableau, 7>>);

constexpr unsigned max_tree_order = 9; // one above the highest order claimed (Fehlberg's 8)

// ---------------------------------------------------------------------------------
// Rooted trees

struct rooted_tree
{
    unsigned order;                    // number of vertices
    std::vector<std::size_t> children; // indices into the forest, non-increasing
    exact gamma;                       // density gamma(t)
    exact sigma;                       // symmetry sigma(t)
};

//! Every rooted tree with at most max_order vertices, each exactly once, children
//! before parents. A tree of order n is a root over a multiset of smaller trees whose
//! orders sum to n - 1; a multiset is enumerated as a non-increasing index sequence.
std::vector<rooted_tree> make_forest(unsigned max_order)
{
    std::vector<rooted_tree> forest;
    std::vector<std::size_t> current;
    auto add = [&](unsigned n) {
        rooted_tree t{n, current, exact(n), exact(1)};
        for (std::size_t k = 0; k < current.size();)
        {
            std::size_t m = 0;
            while (k + m < current.size() && current[k + m] == current[k]) ++m;
            const rooted_tree& child = forest[current[k]];
            for (std::size_t r = 1; r <= m; ++r)
            {
                t.gamma *= child.gamma;
                t.sigma *= child.sigma * exact(static_cast<long long>(r)); // sigma^m * m!
            }
            k += m;
        }
        return t;
    };
    for (unsigned n = 1; n <= max_order; ++n)
    {
        const std::size_t smaller = forest.size(); // trees of order < n
        std::vector<rooted_tree> of_order_n;
        // children sequences with orders summing to `remaining`, indices <= `max_index`
        auto generate = [&](auto& self, unsigned remaining, std::size_t max_index) -> void {
            if (remaining == 0)
            {
                of_order_n.push_back(add(n));
                return;
            }
            for (std::size_t i = max_index + 1; i-- > 0;)
            {
                if (forest[i].order > remaining) continue;
                current.push_back(i);
                self(self, remaining - forest[i].order, i);
                current.pop_back();
            }
        };
        if (n == 1)
            of_order_n.push_back(add(1));
        else
            generate(generate, n - 1, smaller - 1);
        forest.insert(forest.end(), of_order_n.begin(), of_order_n.end());
    }
    return forest;
}

const std::vector<rooted_tree>& forest()
{
    static const std::vector<rooted_tree> f = make_forest(max_tree_order);
    return f;
}

std::string to_string(std::size_t index)
{
    const rooted_tree& t = forest()[index];
    if (t.children.empty()) return "*";
    std::string s = "[";
    for (std::size_t k = 0; k < t.children.size(); ++k) s += (k ? "," : "") + to_string(t.children[k]);
    return s + "]";
}

// ---------------------------------------------------------------------------------
// Tableaux in exact arithmetic

struct exact_tableau
{
    std::string name;
    std::size_t stages;
    std::vector<std::vector<exact>> a;
    std::vector<exact> b, b_hat; // b_hat empty for a plain tableau
};

exact to_exact(tiled::rational q) { return exact(q.num) / exact(q.den); }

template <class Tableau>
exact_tableau make_exact_tableau()
{
    exact_tableau t{Tableau::name, Tableau::stages, {}, {}, {}};
    t.a.assign(t.stages, std::vector<exact>(t.stages));
    for (std::size_t i = 0; i < t.stages; ++i)
    {
        for (std::size_t j = 0; j < t.stages; ++j) t.a[i][j] = to_exact(Tableau::a[i][j]);
        t.b.push_back(to_exact(Tableau::b[i]));
    }
    if constexpr (tiled::is_embedded_tableau<Tableau>::value)
        for (std::size_t i = 0; i < t.stages; ++i) t.b_hat.push_back(to_exact(Tableau::b_hat[i]));
    return t;
}

//! Phi_i(t) for every tree t of the forest and every stage i.
std::vector<std::vector<exact>> elementary_weights(const exact_tableau& tab)
{
    const std::size_t s = tab.stages;
    const auto& f = forest();
    std::vector<std::vector<exact>> phi(f.size()), a_phi(f.size());
    for (std::size_t t = 0; t < f.size(); ++t)
    {
        phi[t].assign(s, exact(1));
        for (std::size_t child : f[t].children)
            for (std::size_t i = 0; i < s; ++i) phi[t][i] *= a_phi[child][i];
        a_phi[t].assign(s, exact(0));
        for (std::size_t i = 0; i < s; ++i)
            for (std::size_t j = 0; j < i; ++j) a_phi[t][i] += tab.a[i][j] * phi[t][j];
    }
    return phi;
}

struct order_report
{
    unsigned order;                      // highest p with all conditions up to p met (<= max_tree_order)
    std::vector<std::size_t> failing;    // trees of order `order + 1` whose condition fails
};

order_report weights_order(const std::vector<std::vector<exact>>& phi, const std::vector<exact>& w)
{
    const auto& f = forest();
    order_report r{max_tree_order, {}};
    for (std::size_t t = 0; t < f.size(); ++t)
    {
        if (!r.failing.empty() && f[t].order > r.order + 1) break; // all of order r.order + 1 seen
        exact sum = 0;
        for (std::size_t i = 0; i < w.size(); ++i) sum += w[i] * phi[t][i];
        if (sum != 1 / f[t].gamma)
        {
            r.order = f[t].order - 1;
            r.failing.push_back(t);
        }
    }
    return r;
}

std::string describe(const order_report& r)
{
    std::ostringstream os;
    os << "order " << r.order;
    if (!r.failing.empty())
    {
        os << "; " << r.failing.size() << " condition(s) of order " << r.order + 1 << " fail, e.g. t = "
           << to_string(r.failing.front());
    }
    return os.str();
}

} // namespace

BOOST_AUTO_TEST_SUITE(tableaux)
BOOST_AUTO_TEST_SUITE(order_conditions)

BOOST_AUTO_TEST_CASE(rooted_tree_counts_up_to_order_9_are_1_1_2_4_9_20_48_115_286)
{
    const unsigned expected[max_tree_order + 1] = {0, 1, 1, 2, 4, 9, 20, 48, 115, 286};
    unsigned count[max_tree_order + 1] = {};
    for (const rooted_tree& t : forest()) ++count[t.order];
    for (unsigned n = 1; n <= max_tree_order; ++n)
    {
        BOOST_TEST_CONTEXT("order " << n) { BOOST_TEST(count[n] == expected[n]); }
    }
    BOOST_TEST(forest().size() == 486u);
    unsigned up_to_8 = 0;
    for (unsigned n = 1; n <= 8; ++n) up_to_8 += count[n];
    BOOST_TEST(up_to_8 == 200u);
}

BOOST_AUTO_TEST_CASE(tree_densities_and_symmetries_satisfy_the_labelled_tree_identities)
{
    // sum over trees of order n of alpha(t) = n!/(gamma sigma) is (n-1)! (the number of
    // monotonically labelled trees), and of n!/sigma(t) it is n^(n-1) (Cayley). Both fail
    // if gamma or sigma is wrong or a tree is missing or repeated.
    for (unsigned n = 1; n <= max_tree_order; ++n)
    {
        exact factorial = 1, alpha_sum = 0, labelled_sum = 0, cayley = 1;
        for (unsigned k = 2; k <= n; ++k) factorial *= k;
        for (unsigned k = 1; k < n; ++k) cayley *= n;
        for (const rooted_tree& t : forest())
        {
            if (t.order != n) continue;
            alpha_sum += factorial / (t.gamma * t.sigma);
            labelled_sum += factorial / t.sigma;
        }
        BOOST_TEST_CONTEXT("order " << n)
        {
            BOOST_TEST(alpha_sum == factorial / n);
            BOOST_TEST(labelled_sum == cayley);
        }
    }
}

BOOST_AUTO_TEST_CASE(every_tableau_propagates_a_solution_of_exactly_its_stepper_order)
{
    hana::for_each(all_tableaux, [](auto c) {
        using test_case = typename decltype(c)::type;
        using T = typename test_case::tableau;
        const exact_tableau tab = make_exact_tableau<T>();
        const order_report r = weights_order(elementary_weights(tab), tab.b);
        BOOST_TEST_CONTEXT(T::name << ": b has " << describe(r))
        {
            BOOST_TEST(r.order >= T::stepper_order); // all conditions up to stepper_order hold
            if (test_case::orders_are_exact) BOOST_TEST(r.order == T::stepper_order);
        }
    });
}

BOOST_AUTO_TEST_CASE(every_embedded_tableau_has_b_hat_of_exactly_its_embedded_order)
{
    hana::for_each(all_tableaux, [](auto c) {
        using test_case = typename decltype(c)::type;
        using T = typename test_case::tableau;
        BOOST_TEST_CONTEXT(T::name)
        {
            BOOST_TEST(tiled::is_embedded_tableau<T>::value == (test_case::embedded_order > 0));
        }
        if constexpr (tiled::is_embedded_tableau<T>::value)
        {
            const exact_tableau tab = make_exact_tableau<T>();
            const order_report r = weights_order(elementary_weights(tab), tab.b_hat);
            BOOST_TEST_CONTEXT(T::name << ": b_hat has " << describe(r))
            {
                BOOST_TEST(r.order >= test_case::embedded_order);
                if (test_case::orders_are_exact) BOOST_TEST(r.order == test_case::embedded_order);
            }
        }
    });
}

BOOST_AUTO_TEST_CASE(declared_orders_follow_odeints_convention)
{
    // odeint: order_value is the method's order, stepper_order_value the order of the
    // propagated solution, error_order_value the order of the error estimate b - b_hat,
    // i.e. the lower of the two solutions' orders (dopri5: 5, 5, 4).
    hana::for_each(all_tableaux, [](auto c) {
        using test_case = typename decltype(c)::type;
        using T = typename test_case::tableau;
        BOOST_TEST_CONTEXT(T::name)
        {
            if (test_case::embedded_order == 0)
            {
                BOOST_TEST(T::order == T::stepper_order);
                BOOST_TEST(T::error_order == 0);
            }
            else
            {
                BOOST_TEST(T::order == std::max<unsigned>(T::stepper_order, test_case::embedded_order));
                BOOST_TEST(T::error_order == std::min<unsigned>(T::stepper_order, test_case::embedded_order));
                BOOST_TEST(T::error_order > 0);
            }
        }
    });
}

BOOST_AUTO_TEST_CASE(dopri5_weights_satisfy_all_order_conditions_to_order_5_and_b_hat_to_order_4)
{
    const exact_tableau tab = make_exact_tableau<tiled::runge_kutta_dopri5_tableau>();
    const auto phi = elementary_weights(tab);
    BOOST_TEST(weights_order(phi, tab.b).order == 5u);
    BOOST_TEST(weights_order(phi, tab.b_hat).order == 4u);
}

BOOST_AUTO_TEST_CASE(verner56_propagates_order_5_and_embeds_order_6)
{
    const exact_tableau tab = make_exact_tableau<tiled::runge_kutta_verner56_tableau>();
    const auto phi = elementary_weights(tab);
    BOOST_TEST(weights_order(phi, tab.b).order == 5u);
    BOOST_TEST(weights_order(phi, tab.b_hat).order == 6u);
}

BOOST_AUTO_TEST_CASE(fehlberg78_weights_satisfy_all_200_order_conditions_to_order_8)
{
    const exact_tableau tab = make_exact_tableau<tiled::runge_kutta_fehlberg78_tableau>();
    const auto phi = elementary_weights(tab);
    BOOST_TEST(weights_order(phi, tab.b).order == 8u);
    BOOST_TEST(weights_order(phi, tab.b_hat).order == 7u);
}

BOOST_AUTO_TEST_CASE(verner56_with_the_misprinted_a82_of_minus_4_9_is_detected)
{
    // The printed a82 = -4/9 of Werner's thesis, §13.7 (a misprint for -9/4)
    // must break the 6th-order weights at order 2: the check is not vacuous.
    exact_tableau tab = make_exact_tableau<tiled::runge_kutta_verner56_tableau>();
    BOOST_TEST(tab.a[7][1] == exact(-9) / 4);
    tab.a[7][1] = exact(-4) / 9;
    const auto phi = elementary_weights(tab);
    BOOST_TEST(weights_order(phi, tab.b_hat).order == 1u);
    BOOST_TEST(weights_order(phi, tab.b).order == 5u); // b_8 = 0: row 8 does not enter b
}

BOOST_AUTO_TEST_CASE(runge_kutta38_with_the_misprinted_a21_of_one_half_is_detected)
{
    exact_tableau tab = make_exact_tableau<tiled::runge_kutta38_tableau>();
    tab.a[1][0] = exact(1) / 2;
    BOOST_TEST(weights_order(elementary_weights(tab), tab.b).order < 4u);
}

BOOST_AUTO_TEST_CASE(fsal_tableaux_have_a_last_row_equal_to_b_and_a_last_node_of_one)
{
    auto is_fsal = [](auto c) {
        using T = typename decltype(c)::type;
        constexpr std::size_t s = T::stages;
        if (!(T::c[s - 1] == tiled::rational(1))) return false;
        for (std::size_t j = 0; j < s; ++j)
            if (T::a[s - 1][j] != T::b[j]) return false;
        return true;
    };
    BOOST_TEST(is_fsal(hana::type_c<tiled::runge_kutta_dopri5_tableau>));
    BOOST_TEST(is_fsal(hana::type_c<tiled::runge_kutta_bogacki_shampine32_tableau>));
    BOOST_TEST(!is_fsal(hana::type_c<tiled::runge_kutta4_tableau>));
    BOOST_TEST(!is_fsal(hana::type_c<tiled::runge_kutta_cash_karp54_tableau>));
    BOOST_TEST(!is_fsal(hana::type_c<tiled::runge_kutta_verner56_tableau>));
    BOOST_TEST(!is_fsal(hana::type_c<tiled::runge_kutta_fehlberg78_tableau>));
}

BOOST_AUTO_TEST_SUITE_END()
BOOST_AUTO_TEST_SUITE_END()
