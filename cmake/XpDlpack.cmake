# xp_find_dlpack(): looks for DLPack's header (dlpack/dlpack.h) and, when it is there, defines the
# imported target xp::dlpack that carries its include directory (XP_DLPACK_INCLUDE_DIR, a cache
# variable: ...-NOTFOUND without it). DLPack's own CMake package comes first (Debian's
# libdlpack-dev installs dlpackConfig.cmake with the target dlpack::dlpack), then the header alone
# in CMAKE_PREFIX_PATH's include/ directories and the system's: a prefix holding only
# include/dlpack/dlpack.h is enough, and so is one whose copied dlpackConfig.cmake computes a wrong
# include directory. Used by xp's build and again by xpConfig.cmake, so that the exported targets
# name no absolute path of the building machine. DLPack is a single header: nothing is linked.
function(xp_find_dlpack)
  if(TARGET xp::dlpack)
    return()
  endif()
  set(_hints "")
  find_package(dlpack CONFIG QUIET)
  if(TARGET dlpack::dlpack)
    get_target_property(_hints dlpack::dlpack INTERFACE_INCLUDE_DIRECTORIES)
    if(NOT _hints)
      set(_hints "")
    endif()
  endif()
  find_path(XP_DLPACK_INCLUDE_DIR dlpack/dlpack.h HINTS ${_hints}
            DOC "The directory that holds dlpack/dlpack.h (for <xp/dlpack.hpp>)")
  if(XP_DLPACK_INCLUDE_DIR)
    add_library(xp::dlpack INTERFACE IMPORTED GLOBAL)
    set_target_properties(xp::dlpack PROPERTIES INTERFACE_INCLUDE_DIRECTORIES "${XP_DLPACK_INCLUDE_DIR}")
  endif()
endfunction()
