/*
 bench/clock_probe.cpp

 The core clock, from chains of dependent register adds (1 cycle each) and imuls
 (3 cycles each), on 1 and on 16 threads at once. Not add-immediate: recent Intel
 cores execute part of such a chain in the renamer, and it read as 8.9 "GHz" on the
 16-core Xeon VM. An experiment, not library code.

 Build: g++ -O2 bench/clock_probe.cpp -pthread -o clock_probe
*/
#include <chrono>
#include <cstdio>
#include <thread>
#include <vector>

//! GHz from `iterations` x 10 dependent adds (or imuls) on one thread.
static double clock_from_chain(long iterations, bool multiply)
{
    long x = 3;
    const long one = 1;
    const auto t0 = std::chrono::steady_clock::now();
    if (multiply)
        for (long i = 0; i < iterations; ++i)
            asm volatile("imul %1,%0\n\timul %1,%0\n\timul %1,%0\n\timul %1,%0\n\timul %1,%0\n\t"
                         "imul %1,%0\n\timul %1,%0\n\timul %1,%0\n\timul %1,%0\n\timul %1,%0"
                         : "+r"(x) : "r"(one));
    else
        for (long i = 0; i < iterations; ++i)
            asm volatile("add %1,%0\n\tadd %1,%0\n\tadd %1,%0\n\tadd %1,%0\n\tadd %1,%0\n\t"
                         "add %1,%0\n\tadd %1,%0\n\tadd %1,%0\n\tadd %1,%0\n\tadd %1,%0"
                         : "+r"(x) : "r"(one));
    const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
    return (multiply ? 30.0 : 10.0) * double(iterations) / s / 1e9;
}

int main()
{
    for (int threads : {1, 16})
    {
        const std::size_t count = static_cast<std::size_t>(threads);
        std::vector<double> from_add(count), from_imul(count);
        std::vector<std::thread> workers;
        for (int t = 0; t < threads; ++t)
            workers.emplace_back([&, t] {
                clock_from_chain(20000000, false);  // warm-up: let the clock settle
                from_add[std::size_t(t)] = clock_from_chain(100000000, false);
                from_imul[std::size_t(t)] = clock_from_chain(30000000, true);
            });
        for (auto& w : workers) w.join();
        double add = 0, imul = 0;
        for (int t = 0; t < threads; ++t) { add += from_add[std::size_t(t)]; imul += from_imul[std::size_t(t)]; }
        std::printf("threads %2d: clock from add chain %.2f GHz, from imul chain %.2f GHz (mean per thread)\n", threads,
                    add / threads, imul / threads);
    }
}
