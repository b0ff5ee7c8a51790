# test/build/needs_cxx17.cmake
#
# The library needs C++17, and a pre-C++17 build must say so in one readable message
# (config.hpp's #error, then its fatal stop) rather than fail with errors from inside
# the library. Checked by ctest (build_needs_cxx17) with a GCC- or Clang-like compiler:
#   - a one-line program including <boost/numeric/odeint/tiled.hpp>, compiled with
#     -std=c++14, fails, and its first error is "... needs C++17 ...";
#   - so does every header under INCLUDE_DIR on its own (each includes config.hpp
#     before anything else), with no other error than the check's own two lines;
#   - config.hpp compiles with -std=c++17 and -std=c++20 (the check lets them through).
#
#   cmake -DCXX=<compiler> -DINCLUDE_DIR=<repo>/include -DWORK_DIR=<dir>
#         [-DEXTRA_INCLUDES=<dir;dir>] -P needs_cxx17.cmake
#
# Copyright 2026 the boost_odeint_tiled developers
# Distributed under the Boost Software License, Version 1.0.
cmake_minimum_required(VERSION 3.25)

foreach(_v CXX INCLUDE_DIR WORK_DIR)
  if(NOT DEFINED ${_v})
    message(FATAL_ERROR "needs_cxx17.cmake: -D${_v}=... is required")
  endif()
endforeach()
file(MAKE_DIRECTORY "${WORK_DIR}")

set(_includes "-I${INCLUDE_DIR}")
foreach(_dir IN LISTS EXTRA_INCLUDES)
  list(APPEND _includes "-I${_dir}")
endforeach()

set(_failed "")
# compile(<standard> <header> <out var: rc> <out var: output>)
function(compile std header rc_var out_var)
  string(MAKE_C_IDENTIFIER "${header}" _id)
  set(_src "${WORK_DIR}/${_id}.cpp")
  file(WRITE "${_src}" "#include <${header}>\n")
  execute_process(COMMAND "${CXX}" -std=${std} -fsyntax-only ${_includes} "${_src}"
                  RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
  set(${rc_var} "${_rc}" PARENT_SCOPE)
  set(${out_var} "${_out}${_err}" PARENT_SCOPE)
endfunction()

# expect_stopped(<header>): C++14 stops at config.hpp's check, and nowhere else
function(expect_stopped header)
  compile(c++14 "${header}" _rc _out)
  # GCC and Clang: "<file>:<line>:<column>: error: ..." or "...: fatal error: ..."
  string(REGEX MATCHALL "[^\n]*: (fatal )?error: [^\n]*" _errors "${_out}")
  list(LENGTH _errors _count)
  set(_why "")
  if(_rc EQUAL 0)
    set(_why "compiled with -std=c++14")
  elseif(_count EQUAL 0)
    set(_why "failed without an error message")
  else()
    list(GET _errors 0 _first)
    if(NOT _first MATCHES "boost_odeint_tiled needs C\\+\\+17")
      set(_why "first error is not the C++17 check: ${_first}")
    elseif(_count GREATER 2)
      set(_why "${_count} errors, more than the check's own")
    endif()
  endif()
  if(_why STREQUAL "")
    message(STATUS "ok    -std=c++14 stops at the check: ${header}")
  else()
    message(STATUS "FAIL  ${header}: ${_why}\n${_out}")
    set(_failed "${_failed}  ${header}: ${_why}\n" PARENT_SCOPE)
  endif()
endfunction()

expect_stopped(boost/numeric/odeint/tiled.hpp)

file(GLOB_RECURSE _headers RELATIVE "${INCLUDE_DIR}" "${INCLUDE_DIR}/*.hpp")
list(SORT _headers)
list(LENGTH _headers _n)
if(_n LESS 10)
  message(FATAL_ERROR "needs_cxx17.cmake: only ${_n} headers under ${INCLUDE_DIR}")
endif()
foreach(_h IN LISTS _headers)
  expect_stopped("${_h}")
endforeach()

foreach(_std c++17 c++20)
  compile(${_std} boost/numeric/odeint/tiled/config.hpp _rc _out)
  if(_rc EQUAL 0)
    message(STATUS "ok    -std=${_std} passes the check")
  else()
    set(_failed "${_failed}  config.hpp does not compile with -std=${_std}:\n${_out}\n")
  endif()
endforeach()

if(NOT _failed STREQUAL "")
  message(FATAL_ERROR "the C++17 check went wrong:\n${_failed}")
endif()
message(STATUS "C++17 check: the umbrella and ${_n} headers stop with one message under -std=c++14")
