# Installs the build tree into WORK/prefix, then configures, builds and runs the consumer.
file(REMOVE_RECURSE ${WORK})
execute_process(COMMAND ${CMAKE_COMMAND} --install ${BUILD} --prefix ${WORK}/prefix COMMAND_ERROR_IS_FATAL ANY
                OUTPUT_QUIET)
# the prefix path goes through the environment: a ';' list would split into arguments here
string(REPLACE ";" ":" _prefix "${WORK}/prefix;${PREFIX_PATH}")
set(ENV{CMAKE_PREFIX_PATH} "${_prefix}")
set(_args -S ${SOURCE} -B ${WORK}/build -G ${GENERATOR} -DCMAKE_BUILD_TYPE=Release)
execute_process(COMMAND ${CMAKE_COMMAND} ${_args} COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${CMAKE_COMMAND} --build ${WORK}/build COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${WORK}/build/consumer COMMAND_ERROR_IS_FATAL ANY)
execute_process(COMMAND ${WORK}/build/device_query COMMAND_ERROR_IS_FATAL ANY)
