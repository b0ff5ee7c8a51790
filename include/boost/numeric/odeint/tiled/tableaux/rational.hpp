/*
 boost/numeric/odeint/tiled/tableaux/rational.hpp

 An exact rational number usable in constant expressions: Butcher tableaux are
 written with it so that their consistency conditions can be checked exactly at
 compile time, and converted to float or double only where a kernel needs them.

 Copyright 2026 the boost_odeint_tiled developers
 Distributed under the Boost Software License, Version 1.0.
*/
#ifndef BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RATIONAL_HPP_INCLUDED
#define BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RATIONAL_HPP_INCLUDED

#include <boost/numeric/odeint/tiled/config.hpp>

namespace boost { namespace numeric { namespace odeint { namespace tiled {

//! num/den with den > 0. Arithmetic reduces by the gcd so that the sums and
//! products met in tableau checks stay far from overflow.
struct rational
{
    long long num;
    long long den;

    constexpr rational(long long n = 0, long long d = 1) : num(d < 0 ? -n : n), den(d < 0 ? -d : d) { reduce(); }

    template <class Value>
    BOOST_ODEINT_TILED_HD constexpr Value as() const { return static_cast<Value>(num) / static_cast<Value>(den); }

    constexpr bool is_zero() const { return num == 0; }

    friend constexpr rational operator+(rational x, rational y) { return rational(x.num * (y.den / gcd(x.den, y.den)) + y.num * (x.den / gcd(x.den, y.den)), x.den / gcd(x.den, y.den) * y.den); }
    friend constexpr rational operator-(rational x, rational y) { return x + rational(-y.num, y.den); }
    friend constexpr rational operator*(rational x, rational y)
    {
        const long long g1 = gcd(x.num, y.den), g2 = gcd(y.num, x.den);
        return rational((x.num / g1) * (y.num / g2), (x.den / g2) * (y.den / g1));
    }
    friend constexpr rational operator/(rational x, rational y) { return x * rational(y.den, y.num); }
    friend constexpr bool operator==(rational x, rational y) { return x.num == y.num && x.den == y.den; }
    friend constexpr bool operator!=(rational x, rational y) { return !(x == y); }

    static constexpr long long gcd(long long x, long long y)
    {
        x = x < 0 ? -x : x;
        y = y < 0 ? -y : y;
        while (y != 0) { const long long t = x % y; x = y; y = t; }
        return x == 0 ? 1 : x;
    }

private:
    constexpr void reduce()
    {
        const long long g = gcd(num, den);
        num /= g;
        den /= g;
    }
};

}}}} // namespace boost::numeric::odeint::tiled

#endif // BOOST_NUMERIC_ODEINT_TILED_TABLEAUX_RATIONAL_HPP_INCLUDED
