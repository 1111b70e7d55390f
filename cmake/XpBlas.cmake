# xp_define_blas_target(library include_dir): the imported target xp::openblas that xp links
# for its host CBLAS matmul. Used by xp's own build and again by xpConfig.cmake (with the
# library found on the consuming machine), so exported targets name no absolute path.
function(xp_define_blas_target library include_dir)
  if(NOT TARGET xp::openblas)
    add_library(xp::openblas UNKNOWN IMPORTED GLOBAL)
    set_target_properties(xp::openblas PROPERTIES IMPORTED_LOCATION "${library}"
                                                  INTERFACE_INCLUDE_DIRECTORIES "${include_dir}"
                                                  INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${include_dir}")
  endif()
endfunction()
