# test/tool/run_tool.cmake
#
# One run of the command-line tool, checked by ctest (see test/tool/CMakeLists.txt):
#
#   cmake -DTOOL=<binary> -DARGS="verify|--n|4Ki" -DEXPECT_RC=0 [-DOUT_DIR=<dir>]
#         [-DNONEMPTY="a.csv|b.json"] [-DSVG=plot.svg] [-DSTDOUT_REGEX=...]
#         [-DSTDERR_REGEX=...] [-DSTDOUT_NOT_REGEX=...] [-DSETUP_FILE=<name>
#         -DSETUP_TEXT=<text>] [-DVIRTUAL_MEMORY_KIB=<limit>] -P run_tool.cmake
#
# ARGS and NONEMPTY separate their items with '|' (a ';' would split the ctest
# command line). The exit status must be EXPECT_RC exactly: a crash or exit 1 where 2
# is expected fails. OUT_DIR is emptied first and is the working directory, so the
# files a run writes are its own; NONEMPTY files must exist there and not be empty;
# SVG must also contain an <svg> element and at least one <polyline>.
# STDOUT_NOT_REGEX must not match stdout (e.g. output that only work the run should
# have skipped prints). SETUP_FILE is written into OUT_DIR with SETUP_TEXT before the
# run (a file for the tool to find). VIRTUAL_MEMORY_KIB runs the tool under
# `ulimit -v` (through sh), so that a large allocation fails at once instead of
# touching memory.
#
# Copyright 2026 the boost_odeint_tiled developers
# Distributed under the Boost Software License, Version 1.0.
cmake_minimum_required(VERSION 3.25)

foreach(_v TOOL ARGS EXPECT_RC)
  if(NOT DEFINED ${_v})
    message(FATAL_ERROR "run_tool.cmake: -D${_v}=... is required")
  endif()
endforeach()
string(REPLACE "|" ";" _args "${ARGS}")
if(NOT DEFINED OUT_DIR)
  set(OUT_DIR "${CMAKE_CURRENT_BINARY_DIR}")
else()
  file(REMOVE_RECURSE "${OUT_DIR}")
  file(MAKE_DIRECTORY "${OUT_DIR}")
endif()

if(DEFINED SETUP_FILE)
  file(WRITE "${OUT_DIR}/${SETUP_FILE}" "${SETUP_TEXT}")
endif()

string(REPLACE ";" " " _shown "${_args}")
set(_command "${TOOL}" ${_args})
if(DEFINED VIRTUAL_MEMORY_KIB)
  set(_command sh -c "ulimit -v ${VIRTUAL_MEMORY_KIB} && exec \"$0\" \"$@\"" ${_command})
  set(_shown "${_shown} (under ulimit -v ${VIRTUAL_MEMORY_KIB})")
endif()
message(STATUS "running: boost_odeint_tiled ${_shown}")
execute_process(COMMAND ${_command}
                WORKING_DIRECTORY "${OUT_DIR}"
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
message("---- stdout ----\n${_out}---- stderr ----\n${_err}----------------")

set(_failed "")
if(NOT "${_rc}" STREQUAL "${EXPECT_RC}")
  string(APPEND _failed "exit status '${_rc}', expected ${EXPECT_RC}\n")
endif()
if(DEFINED STDOUT_REGEX AND NOT _out MATCHES "${STDOUT_REGEX}")
  string(APPEND _failed "stdout does not match '${STDOUT_REGEX}'\n")
endif()
if(DEFINED STDERR_REGEX AND NOT _err MATCHES "${STDERR_REGEX}")
  string(APPEND _failed "stderr does not match '${STDERR_REGEX}'\n")
endif()
if(DEFINED STDOUT_NOT_REGEX AND _out MATCHES "${STDOUT_NOT_REGEX}")
  string(APPEND _failed "stdout matches '${STDOUT_NOT_REGEX}', which it must not\n")
endif()
if(DEFINED NONEMPTY)
  string(REPLACE "|" ";" _files "${NONEMPTY}")
  foreach(_f IN LISTS _files)
    if(NOT EXISTS "${OUT_DIR}/${_f}")
      string(APPEND _failed "${_f} was not written\n")
    else()
      file(SIZE "${OUT_DIR}/${_f}" _size)
      if(_size EQUAL 0)
        string(APPEND _failed "${_f} is empty\n")
      endif()
    endif()
  endforeach()
endif()
if(DEFINED SVG)
  if(NOT EXISTS "${OUT_DIR}/${SVG}")
    string(APPEND _failed "${SVG} was not written\n")
  else()
    file(READ "${OUT_DIR}/${SVG}" _svg)
    if(NOT _svg MATCHES "<svg[ >]")
      string(APPEND _failed "${SVG} has no <svg> element\n")
    endif()
    if(NOT _svg MATCHES "<polyline points=\"[0-9]")
      string(APPEND _failed "${SVG} has no <polyline> with points\n")
    endif()
    if(NOT _svg MATCHES "</svg>[ \n]*$")
      string(APPEND _failed "${SVG} does not end with </svg>\n")
    endif()
  endif()
endif()
if(NOT _failed STREQUAL "")
  message(FATAL_ERROR "boost_odeint_tiled ${_shown}:\n${_failed}")
endif()
