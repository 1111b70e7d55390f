# A host-only consumer of an installed xp on a machine where the CUDA toolkit cannot be found:
# installs the build tree BUILD (a CUDA build or not) into WORK/prefix, then configures the
# README's project (tests/consumer/hello) with CUDAToolkit's lookup disabled, nvcc off the PATH
# and CUDAToolkit_ROOT pointing nowhere, under --trace-expand. find_package(xp) must look for
# neither CUDA nor NCCL: the trace names no find_package(CUDAToolkit) or NCCL lookup and the
# cache holds no CUDA or NCCL entry. The program then builds against xp::xp alone and must print
# expected_output.txt (the README shows both). Last, find_package(xp REQUIRED COMPONENTS cuda)
# must fail there, saying why.
#   cmake -DBUILD=.. -DWORK=.. -DSOURCE=<tests/consumer> -DGENERATOR=.. -DPREFIX_PATH=.. -P this
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${WORK}/prefix COMMAND_ERROR_IS_FATAL ANY
                OUTPUT_QUIET)
string(REPLACE ";" ":" _prefix "${WORK}/prefix;${PREFIX_PATH}")
set(ENV{CMAKE_PREFIX_PATH} "${_prefix}")
# no CUDA toolkit to be found: nvcc's directories off the PATH, no hint in the environment
string(REPLACE ":" ";" _path "$ENV{PATH}")
list(FILTER _path EXCLUDE REGEX "cuda")
string(REPLACE ";" ":" _path "${_path}")
set(ENV{PATH} "${_path}")
foreach(v CUDAToolkit_ROOT CUDA_PATH CUDA_HOME CUDACXX)
  unset(ENV{${v}})
endforeach()
set(_no_cuda -DCMAKE_DISABLE_FIND_PACKAGE_CUDAToolkit=ON -DCUDAToolkit_ROOT=/nonexistent)
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE}/hello -B ${WORK}/hello -G ${GENERATOR}
                        -DCMAKE_BUILD_TYPE=Release ${_no_cuda} --trace-expand --trace-redirect=${WORK}/trace.txt
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
if(NOT _rc EQUAL 0)
  message(FATAL_ERROR "a host consumer of xp without a CUDA toolkit does not configure:\n${_out}")
endif()
file(STRINGS ${WORK}/trace.txt _lookups REGEX "find_(package|dependency)\\( *CUDAToolkit|xp_find_nccl|XP_NCCL_")
if(_lookups)
  string(REPLACE ";" "\n" _lookups "${_lookups}")
  message(FATAL_ERROR "find_package(xp) without the cuda component looked for CUDA or NCCL:\n${_lookups}")
endif()
file(STRINGS ${WORK}/hello/CMakeCache.txt _entries REGEX "^(CUDAToolkit|CUDA_|XP_NCCL)")
list(FILTER _entries EXCLUDE REGEX "^CUDAToolkit_ROOT:")  # set above
if(_entries)
  string(REPLACE ";" "\n" _entries "${_entries}")
  message(FATAL_ERROR "find_package(xp) without the cuda component left CUDA or NCCL in the cache:\n${_entries}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/hello COMMAND_ERROR_IS_FATAL ANY OUTPUT_QUIET)
execute_process(COMMAND ${WORK}/hello/hello WORKING_DIRECTORY ${WORK} OUTPUT_VARIABLE _printed
                COMMAND_ERROR_IS_FATAL ANY)
file(READ ${SOURCE}/hello/expected_output.txt _expected)
if(NOT _printed STREQUAL _expected)
  message(FATAL_ERROR "the README's hello-world printed\n${_printed}\ninstead of (hello/expected_output.txt)\n${_expected}")
endif()
if(NOT EXISTS ${WORK}/a.npy)
  message(FATAL_ERROR "the README's hello-world wrote no a.npy")
endif()
# asking for xp::cuda where it cannot be had fails, and says why
file(WRITE ${WORK}/needs-cuda/CMakeLists.txt "cmake_minimum_required(VERSION 3.24)\nproject(needs_cuda LANGUAGES CXX)\n"
                                             "find_package(xp 0.1 REQUIRED COMPONENTS cuda)\n")
execute_process(COMMAND ${CMAKE_COMMAND} -S ${WORK}/needs-cuda -B ${WORK}/needs-cuda/build -G ${GENERATOR} ${_no_cuda}
                RESULT_VARIABLE _rc OUTPUT_VARIABLE _out ERROR_VARIABLE _out)
if(_rc EQUAL 0 OR NOT _out MATCHES "built without CUDA|needs the CUDA toolkit")
  message(FATAL_ERROR "find_package(xp REQUIRED COMPONENTS cuda) without a CUDA toolkit did not fail saying why:\n${_out}")
endif()
message(STATUS "a host consumer of xp configures without looking for CUDA or NCCL, builds and runs")
