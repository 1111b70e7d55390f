# Installs the build tree into WORK/prefix, then configures, builds and runs the consumer.
#   cmake -DBUILD=.. -DWORK=.. -DSOURCE=<tests/consumer> -DGENERATOR=.. -DPREFIX_PATH=.. -DWITH_CUDA=ON|OFF -P this
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${WORK}/prefix COMMAND_ERROR_IS_FATAL ANY
                OUTPUT_QUIET)
# the prefix path goes through the environment: a ';' list would split into arguments here
string(REPLACE ";" ":" _prefix "${WORK}/prefix;${PREFIX_PATH}")
set(ENV{CMAKE_PREFIX_PATH} "${_prefix}")
# an xp built with CUDA is asked for its component cuda as required (COMPONENTS cuda), one built
# without it as optional (OPTIONAL_COMPONENTS cuda): tests/consumer/CMakeLists.txt shows both
if(NOT DEFINED WITH_CUDA OR WITH_CUDA STREQUAL "")
  set(WITH_CUDA OFF)
endif()
set(_args -S ${SOURCE} -B ${WORK}/build -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release -DCONSUMER_NEEDS_CUDA=${WITH_CUDA})
execute_process(COMMAND ${CMAKE_COMMAND} ${_args} COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/build COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${WORK}/build/consumer COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${WORK}/build/device_query COMMAND_ERROR_IS_FATAL ANY)
