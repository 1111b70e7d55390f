# Fails when an installed header leaves a macro defined that is not part of xp's public surface:
# every helper a header defines for itself (lists, generators of its own lines) is undefined at
# its end. Run as: cmake -DCXX=<compiler> -DHEADER=<header> "-DFLAGS=<-I...;-D...>" -P check_macros.cmake
cmake_minimum_required(VERSION 3.20)
# The macros xp defines on purpose, each with what it is for:
set(_public
    XP_HD XP_DEVICE_COMPILE XP_ON_DEVICE XP_UNROLL  # annotations for code that runs on both backends
    XP_MAX_KERNEL_RANK                              # the kernels' rank limit (a setting)
    XP_VIEW_CHECKS                                  # array_view's bounds checks (a user setting)
    XP_DTYPES XP_DTYPES_INNER XP_ONE_OF_THE_DTYPES  # the dtype list and its message
    XP_UNARY_FUNCTION XP_BINARY_FUNCTION XP_REDUCTION  # the generators of ops and reductions
    XP_EVALUATING_OVERLOAD                          # functions of arrays taking expressions
    XP_PRIMITIVE_NOT_VISIBLE                        # the body of a primitive's primary template
    XP_CUDA_CHECK XP_VENDOR_CHECK                   # the CUDA backend's status checks
    XP_BACKENDS_CUDA_PRECOMPILED_TRAIT)             # an include guard
file(WRITE ${CMAKE_CURRENT_BINARY_DIR}/check_macros.cpp "#include <${HEADER}>\n")
execute_process(COMMAND ${CXX} -std=c++20 -E -dM ${FLAGS} ${CMAKE_CURRENT_BINARY_DIR}/check_macros.cpp
                OUTPUT_VARIABLE _defines ERROR_VARIABLE _errors RESULT_VARIABLE _rc)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "could not preprocess <${HEADER}>:\n${_errors}")
endif()
string(REGEX MATCHALL "#define XP_[A-Za-z0-9_]+" _found "${_defines}")
set(_left 0)
foreach(d IN LISTS _found)
  string(REPLACE "#define " "" name "${d}")
  if(NOT name IN_LIST _public)
    message(SEND_ERROR "<${HEADER}> leaves ${name} defined; undefine it at the end of the header that defines it")
    math(EXPR _left "${_left} + 1")
  endif()
endforeach()
list(LENGTH _found _count)
if(_count EQUAL 0)
  message(FATAL_ERROR "no XP_ macro found after <${HEADER}>: the check did not see xp's headers")
endif()
if(_left GREATER 0)
  message(FATAL_ERROR "${_left} helper macro(s) left defined")
endif()
message(STATUS "<${HEADER}>: ${_count} XP_ macros defined, all public")
