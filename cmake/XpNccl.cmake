# xp_find_nccl(): looks for NCCL (nccl.h and libnccl) in the CUDA toolkit's directories, then in
# CMAKE_PREFIX_PATH and the system's (a pip wheel such as nvidia-nccl-cu13 unpacked into a prefix
# works too), and when both are there defines the imported target xp::nccl. Used by xp's build and
# again by xpConfig.cmake, so that the exported targets name no absolute path of the building
# machine. Without NCCL, xp::dist's communicator throws xp::value_error naming the missing library.
function(xp_find_nccl)
  if(TARGET xp::nccl)
    return()
  endif()
  find_path(XP_NCCL_INCLUDE_DIR nccl.h HINTS ${CUDAToolkit_INCLUDE_DIRS} PATH_SUFFIXES nvidia/nccl/include
            DOC "The directory that holds nccl.h (xp::dist)")
  find_library(XP_NCCL_LIBRARY NAMES nccl libnccl.so.2 HINTS ${CUDAToolkit_LIBRARY_DIR}
               PATH_SUFFIXES nvidia/nccl/lib DOC "libnccl (xp::dist)")
  if(XP_NCCL_INCLUDE_DIR AND XP_NCCL_LIBRARY)
    add_library(xp::nccl UNKNOWN IMPORTED GLOBAL)
    set_target_properties(xp::nccl PROPERTIES IMPORTED_LOCATION "${XP_NCCL_LIBRARY}"
                                              INTERFACE_INCLUDE_DIRECTORIES "${XP_NCCL_INCLUDE_DIR}")
  endif()
endfunction()
