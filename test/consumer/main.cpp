// A consumer of the installed package: includes the umbrella header, prints the version.
#include <boost/numeric/odeint/tiled.hpp>

#include <cstdio>

int main()
{
    std::printf("boost_odeint_tiled %d.%d.%d\n", BOOST_ODEINT_TILED_VERSION_MAJOR,
                BOOST_ODEINT_TILED_VERSION_MINOR, BOOST_ODEINT_TILED_VERSION_PATCH);
    return 0;
}
