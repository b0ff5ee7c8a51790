// The translation unit that makes the host tests' precompiled header
// (precompiled_headers.hpp, test/CMakeLists.txt): nothing of its own.
