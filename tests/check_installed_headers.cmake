# No installed header includes a vendor library's header: those belong to libxp's and
# libxp_cuda's compiled sources (and the private headers only they include, which CMakeLists.txt
# leaves out of the install), so that a program that includes xp's headers never parses, nor
# needs, cuBLAS, NCCL, Thrust, CUB, CBLAS, ...
#   cmake -DBUILD=<build dir> -DWORK=<scratch dir> -P this
# Installs the headers (component xp_headers) into WORK/prefix and scans every file there.
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${WORK}/prefix --component xp_headers
                COMMAND_ERROR_IS_FATAL ANY OUTPUT_QUIET)
set(_vendor_headers
    "cblas\\.h" "lapacke\\.h" "lapack\\.h" "fftw3\\.h" "cublas[A-Za-z0-9_]*\\.h" "cublasLt\\.h" "cusolver[A-Za-z0-9_]*\\.h"
    "cufft[A-Za-z0-9_]*\\.h" "cusparse[A-Za-z0-9_]*\\.h" "curand[A-Za-z0-9_]*\\.h" "nccl\\.h" "mpi\\.h" "thrust/" "cub/" "nvtx3/")
list(JOIN _vendor_headers "|" _alternatives)
set(_include_line "^[ \t]*#[ \t]*include[ \t]*[<\"](${_alternatives})")
# xp/dist/mpi.hpp adapts the user's own MPI communicator: it is included only by programs that use
# MPI themselves, and libxp does not link MPI. The one exception.
set(_allowed "include/xp/dist/mpi\\.hpp$")
file(GLOB_RECURSE _installed ${WORK}/prefix/include/*)
set(_found "")
foreach(f IN LISTS _installed)
  if(f MATCHES "${_allowed}")
    continue()
  endif()
  file(STRINGS ${f} _lines REGEX "${_include_line}")
  foreach(l IN LISTS _lines)
    string(REPLACE "${WORK}/prefix/" "" _name ${f})
    list(APPEND _found "${_name}: ${l}")
  endforeach()
endforeach()
list(LENGTH _installed n)
if(_found)
  list(JOIN _found "\n  " _report)
  message(FATAL_ERROR "installed headers that include a vendor library's header:\n  ${_report}")
endif()
message(STATUS "${n} installed headers include no vendor library's header")
