# test/tool/tune_lock.cmake
#
# `tune` while another process measures for the same cache: that one's lock,
# <cache>.tune.lock, is held by flock(1) for HOLD seconds, and tune must warn that
# timings measured while another tune competes for the cores are unreliable, wait
# until the lock is free, then tune and store as usual (exit 0).
#
#   cmake -DTOOL=<binary> -DFLOCK=<flock(1)> -DOUT_DIR=<dir> [-DHOLD=4] -P tune_lock.cmake
#
# The two run as one pipeline: the holder prints a line once it has the lock, and
# tune starts only when that line arrives, so tune always finds the lock taken.
#
# Copyright 2026 the boost_odeint_tiled developers
# Distributed under the Boost Software License, Version 1.0.
cmake_minimum_required(VERSION 3.25)

foreach(_v TOOL FLOCK OUT_DIR)
  if(NOT DEFINED ${_v})
    message(FATAL_ERROR "tune_lock.cmake: -D${_v}=... is required")
  endif()
endforeach()
if(NOT DEFINED HOLD)
  set(HOLD 4)
endif()
file(REMOVE_RECURSE "${OUT_DIR}")
file(MAKE_DIRECTORY "${OUT_DIR}")

set(_cache "${OUT_DIR}/cache.txt")
execute_process(
  COMMAND "${FLOCK}" "${_cache}.tune.lock" sh -c "echo locked && sleep ${HOLD}"
  COMMAND sh -c "read line && exec \"$0\" \"$@\"" "${TOOL}" tune --n 16Ki --d 32 --methods rk4 --budget 0
          --reps 1 --cache "${_cache}"
  WORKING_DIRECTORY "${OUT_DIR}"
  RESULTS_VARIABLE _rcs OUTPUT_VARIABLE _out ERROR_VARIABLE _err)
message("---- stdout ----\n${_out}---- stderr ----\n${_err}----------------")

set(_failed "")
if(NOT "${_rcs}" STREQUAL "0;0")
  string(APPEND _failed "exit statuses (holder;tune) '${_rcs}', expected 0;0\n")
endif()
if(NOT _err MATCHES "warning: another tune is measuring for [^\n]*cache.txt[^\n]*competes for the same cores are unreliable, so this tune waits")
  string(APPEND _failed "stderr has no warning that another tune holds the lock\n")
endif()
if(NOT _err MATCHES "the other tune has finished; measuring now")
  string(APPEND _failed "stderr does not say that the wait is over\n")
endif()
if(NOT _out MATCHES "stored in [^\n]*cache.txt")
  string(APPEND _failed "tune did not store its winner after the wait\n")
endif()
if(NOT _failed STREQUAL "")
  message(FATAL_ERROR "tune against a held lock:\n${_failed}")
endif()
