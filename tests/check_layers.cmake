# Fails when a header includes a folder above its own layer (docs/architecture.md, "Layers").
# Run as: cmake -DINCLUDE_ROOT=<dir holding xp/> -DBACKENDS_ROOT=<dir holding host/ and cuda/> -P check_layers.cmake
#
# Each folder may include the folders listed for it (and itself). The public layers, bottom up:
# core (arrays, dtypes, views, creation, printing), expr (elementwise expressions, reductions,
# scans), array (NumPy's functions built on both), io (file formats), then the library areas
# (linalg, signal, pde, random, fft, sparse), which may use the layers below them and their own backends but
# not one another. backends/<b> implement the primitives that those layers declare, so they may
# include the layers' problem headers, never io, the CUDA API (cuda/), dist/ or an entry header.
# cuda/api.hpp declares the xp::cuda tag's API (on the core alone), which the CUDA backend
# implements; the rest of cuda/ is the CUDA API over everything but dist/; dist/ and the entry headers (xp/*.hpp) may use
# anything.
cmake_minimum_required(VERSION 3.20)
set(_areas linalg signal pde random fft sparse)
set(_allowed_core core)
set(_allowed_expr core expr backends/host backends/cuda)
set(_allowed_array core expr array backends/host backends/cuda)
set(_allowed_io core expr array io)
foreach(_area IN LISTS _areas)
  set(_allowed_${_area} core expr array ${_area} backends/host backends/cuda)
endforeach()
# sparse: its solvers use linalg's products, xp::sparse::random draws with random's Generator, and it
# reads and writes SciPy's .npz
list(APPEND _allowed_sparse linalg io random)
set(_allowed_backends/host core expr array ${_areas} backends/host)
set(_allowed_backends/cuda core expr array ${_areas} backends/cuda cuda_api)
set(_allowed_cuda_api core)
set(_allowed_cuda core expr array io ${_areas} cuda cuda_api backends/host backends/cuda entry:core.hpp entry:linalg.hpp
    entry:xp.hpp)

# The layer of a header, or of an included path ("xp/..."): its folder under xp/ (backends/<b>
# for a backend), or entry:<name> for an entry header.
function(_layer_of path out)
  string(REGEX REPLACE "^xp/" "" path "${path}")
  if(path STREQUAL "cuda/api.hpp")
    set(${out} "cuda_api" PARENT_SCOPE)
  elseif(path MATCHES "^backends/([a-z]+)/")
    set(${out} "backends/${CMAKE_MATCH_1}" PARENT_SCOPE)
  elseif(path MATCHES "^([a-z_]+)/")
    set(${out} "${CMAKE_MATCH_1}" PARENT_SCOPE)
  else()
    set(${out} "entry:${path}" PARENT_SCOPE)
  endif()
endfunction()

file(GLOB_RECURSE _public RELATIVE ${INCLUDE_ROOT} ${INCLUDE_ROOT}/xp/*.hpp)
file(GLOB_RECURSE _backend RELATIVE ${BACKENDS_ROOT} ${BACKENDS_ROOT}/*.hpp ${BACKENDS_ROOT}/*.cuh)
set(_headers)
foreach(h IN LISTS _public)
  list(APPEND _headers "${INCLUDE_ROOT}/${h}|${h}")
endforeach()
foreach(h IN LISTS _backend)
  list(APPEND _headers "${BACKENDS_ROOT}/${h}|xp/backends/${h}")
endforeach()

set(_violations 0)
set(_checked 0)
foreach(entry IN LISTS _headers)
  string(REPLACE "|" ";" entry "${entry}")
  list(GET entry 0 file)
  list(GET entry 1 name)
  _layer_of("${name}" from)
  if(from MATCHES "^entry:" OR from STREQUAL "dist")
    continue()
  endif()
  if(NOT DEFINED _allowed_${from})
    message(SEND_ERROR "${name}: the folder '${from}' has no place in the layers; add it to ${CMAKE_CURRENT_LIST_FILE}")
    math(EXPR _violations "${_violations} + 1")
    continue()
  endif()
  math(EXPR _checked "${_checked} + 1")
  file(STRINGS "${file}" _includes REGEX "^[ \t]*#[ \t]*include[ \t]*[<\"]xp/")
  foreach(line IN LISTS _includes)
    string(REGEX REPLACE "^[ \t]*#[ \t]*include[ \t]*[<\"]([^>\"]+)[>\"].*$" "\\1" target "${line}")
    _layer_of("${target}" to)
    if(NOT to STREQUAL from AND NOT to IN_LIST _allowed_${from})
      message(SEND_ERROR "${name} (layer ${from}) includes ${target} (layer ${to}), which is above it")
      math(EXPR _violations "${_violations} + 1")
    endif()
  endforeach()
endforeach()

if(_checked EQUAL 0)
  message(FATAL_ERROR "no header found under ${INCLUDE_ROOT}/xp or ${BACKENDS_ROOT}")
endif()
if(_violations GREATER 0)
  message(FATAL_ERROR "${_violations} include(s) go up a layer")
endif()
message(STATUS "${_checked} headers checked: every include stays in its layer or below")
