# Helpers for xp's own targets (tests, examples, benchmarks); not installed.

# xp_sanitize(target): applies XP_SANITIZE (e.g. "address,undefined") to host code.
function(xp_sanitize target)
  if(XP_SANITIZE)
    target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-fsanitize=${XP_SANITIZE} -fno-omit-frame-pointer -fno-sanitize-recover=all>)
    target_link_options(${target} PRIVATE -fsanitize=${XP_SANITIZE})
  endif()
endfunction()

# xp_warnings(target): the warning level xp's own code is held to.
function(xp_warnings target)
  target_compile_options(${target} PRIVATE $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wpedantic>
                                           $<$<COMPILE_LANGUAGE:CUDA>:-Xcompiler=-Wall>)
endfunction()
