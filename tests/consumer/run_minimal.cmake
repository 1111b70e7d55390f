# xp on a machine without OpenMP, OpenBLAS and matplotlib (their lookups switched off or hidden):
# builds xp from ROOT into WORK, runs a plotting tutorial (it must pass, write its data files and
# say how to get the figures), then installs and builds the consumer against that install, whose
# xpConfig must not ask for OpenMP or OpenBLAS.
#   cmake -DROOT=.. -DWORK=.. -DSOURCE=<consumer dir> -DGENERATOR=.. -DPREFIX_PATH=.. -P this
file(REMOVE_RECURSE ${WORK})
string(REPLACE ";" ":" _prefix "${PREFIX_PATH}")
set(ENV{CMAKE_PREFIX_PATH} "${_prefix}")
# unoptimised (Debug): what is checked is the configuration and the install, not speed, and an
# optimised libxp was CI's slowest test (106 s on 2 cores)
execute_process(COMMAND ${CMAKE_COMMAND} -S ${ROOT} -B ${WORK}/xp -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Debug
                        -DXP_ENABLE_CUDA=OFF -DXP_ENABLE_BLAS=OFF -DCMAKE_DISABLE_FIND_PACKAGE_OpenMP=ON
                        -DXP_BUILD_TESTS=OFF -DXP_BUILD_BENCH=OFF -DXP_BUILD_EXAMPLES=ON
                COMMAND_ERROR_IS_FATAL ANY OUTPUT_QUIET)
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/xp --target xp 04_reductions COMMAND_ERROR_IS_FATAL ANY
                OUTPUT_QUIET)
# a matplotlib package that fails to import stands in for a machine without python3-matplotlib
file(WRITE ${WORK}/no-matplotlib/matplotlib/__init__.py "raise ImportError('hidden by run_minimal.cmake')\n")
set(ENV{PYTHONPATH} "${WORK}/no-matplotlib")
set(ENV{XP_TUTORIAL_OUT} "${WORK}/tutorial-out")
unset(ENV{XP_TUTORIAL_PLOT})
execute_process(COMMAND ${WORK}/xp/examples/04_reductions --backend=host --small WORKING_DIRECTORY ${WORK}
                OUTPUT_VARIABLE _out COMMAND_ERROR_IS_FATAL ANY)
unset(ENV{PYTHONPATH})
unset(ENV{XP_TUTORIAL_OUT})
if(NOT _out MATCHES "figures: apt-get install python3-matplotlib, then python3 ")
  message(FATAL_ERROR "04_reductions without matplotlib did not say how to get its figures:\n${_out}")
endif()
file(GLOB_RECURSE _data ${WORK}/tutorial-out/*.npy ${WORK}/tutorial-out/*.csv)
if(NOT _data)
  message(FATAL_ERROR "04_reductions wrote no .npy or .csv file under XP_TUTORIAL_OUT=${WORK}/tutorial-out:\n${_out}")
endif()
execute_process(COMMAND ${CMAKE_COMMAND} --install ${WORK}/xp --prefix ${WORK}/prefix COMMAND_ERROR_IS_FATAL ANY
                OUTPUT_QUIET)
# the exported targets name neither, and the consumer configures with OpenMP's lookup disabled
file(GLOB _targets ${WORK}/prefix/lib/cmake/xp/xpTargets*.cmake)
foreach(f IN LISTS _targets)
  file(READ ${f} _t)
  if(_t MATCHES "OpenMP|openblas|fopenmp")
    message(FATAL_ERROR "${f} of an xp built without OpenMP/OpenBLAS still names them")
  endif()
endforeach()
set(ENV{CMAKE_PREFIX_PATH} "${WORK}/prefix:${_prefix}")
execute_process(COMMAND ${CMAKE_COMMAND} -S ${SOURCE} -B ${WORK}/consumer -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Debug
                        -DCMAKE_DISABLE_FIND_PACKAGE_OpenMP=ON COMMAND_ERROR_IS_FATAL ANY OUTPUT_QUIET)
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/consumer COMMAND_ERROR_IS_FATAL ANY OUTPUT_QUIET)
execute_process(COMMAND ${WORK}/consumer/consumer COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${WORK}/consumer/device_query COMMAND_ERROR_IS_FATAL ANY)
message(STATUS "xp builds, runs its tutorials and installs without OpenMP, OpenBLAS and matplotlib")
