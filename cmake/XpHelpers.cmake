# Helpers for xp's own targets (tests, examples, benchmarks); not installed.

# xp_sanitize(target): applies XP_SANITIZE (e.g. "address,undefined") to host code.
function(xp_sanitize target)
  if(XP_SANITIZE)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=${XP_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all>)
    target_link_options(${target} PRIVATE -fsanitize=${XP_SANITIZE})
  endif()
endfunction()

# xp_warnings(target): the warning level xp's own code is held to. C++ sources get -Wall -Wextra
# -Wpedantic; CUDA sources pass -Wall -Wextra to the host compiler (-Wpedantic would flag the line
# markers in nvcc's generated host code) and ask nvcc for its own warnings about the device code.
# With XP_WARNINGS_AS_ERRORS every warning fails the build (-Werror; nvcc: -Werror all-warnings,
# which covers its own and, through -Xcompiler=-Werror, the host compiler's).
function(xp_warnings target)
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic>
                                           $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall,-Wextra>)
  if(XP_WARNINGS_AS_ERRORS)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Werror>
                                             $<$<COMPILE_LANGUAGE:CUDA>:-Werror=all-warnings -Xcompiler=-Werror>)
  endif()
endfunction()
