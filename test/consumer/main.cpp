// A consumer of the installed package (scripts/test_install.sh builds and runs it):
// prints the version and whether the build is optimised, integrates a heat chain for
// one RK4 step and prints the tiling that automatic() resolved to.
#include <boost/numeric/odeint.hpp>
#include <boost/numeric/odeint/tiled.hpp>
#include <boost/numeric/odeint/tiled/reference_problems.hpp>   // tiled::problems::heat1d

#include <cmath>
#include <cstdio>
#include <iostream>
#include <vector>

namespace tiled = boost::numeric::odeint::tiled;

int main()
{
    std::printf("boost_odeint_tiled %d.%d.%d\n", BOOST_ODEINT_TILED_VERSION_MAJOR,
                BOOST_ODEINT_TILED_VERSION_MINOR, BOOST_ODEINT_TILED_VERSION_PATCH);
#if defined(__OPTIMIZE__)
    std::printf("build: optimised\n");
#elif defined(__GNUC__)
    std::printf("build: not optimised (-O0)\n");
#endif

    const std::size_t n = 100000;
    tiled::problems::heat1d sys(n, 1.0);
    std::vector<double> x(n, 1.0);
    x[n / 2] = 2.0;

    //[print_tiling
    tiled::runge_kutta4<std::vector<double>> rk4;            // tiling::automatic()
    std::cout << "requested: " << rk4.tiling() << '\n';
    rk4.do_step(sys, x, 0.0, sys.suggested_dt());
    std::cout << "resolved:  " << rk4.tiling() << '\n';      // what the steps now run
    //]

    // one step moves heat between a few components around the bump and creates none
    double sum = 0;
    for (double v : x) sum += v;
    if (!std::isfinite(sum) || std::abs(sum - (double(n) + 1.0)) > 1e-6) {
        std::printf("error: the sum after one step is %.17g, expected about %g\n", sum, double(n) + 1.0);
        return 1;
    }
    return 0;
}
