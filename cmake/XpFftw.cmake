# xp_find_fftw(): looks for FFTW 3 (fftw3.h and the libraries fftw3, fftw3f, fftw3_omp and
# fftw3f_omp: double and float, each with its OpenMP threads; Debian's libfftw3-dev) and, when all
# are there, defines the imported target xp::fftw that xp links for its host FFTs. Used by xp's own
# build and again by xpConfig.cmake (with the libraries found on the consuming machine), so the
# exported targets name no absolute path. Without FFTW, xp::fft on the host throws xp::value_error.
function(xp_find_fftw)
  if(TARGET xp::fftw)
    return()
  endif()
  find_path(XP_FFTW_INCLUDE_DIR fftw3.h DOC "The directory that holds fftw3.h (xp::fft on the host)")
  set(_xp_fftw_libraries)
  foreach(_lib fftw3_omp fftw3f_omp fftw3 fftw3f)
    string(TOUPPER ${_lib} _var)
    find_library(XP_${_var}_LIBRARY NAMES ${_lib} DOC "lib${_lib} (xp::fft on the host)")
    if(NOT XP_${_var}_LIBRARY)
      return()
    endif()
    list(APPEND _xp_fftw_libraries ${XP_${_var}_LIBRARY})
  endforeach()
  if(NOT XP_FFTW_INCLUDE_DIR)
    return()
  endif()
  # the _omp libraries first: they call into fftw3 and fftw3f (static link order)
  list(GET _xp_fftw_libraries 0 _first)
  list(REMOVE_AT _xp_fftw_libraries 0)
  add_library(xp::fftw UNKNOWN IMPORTED GLOBAL)
  set_target_properties(xp::fftw PROPERTIES IMPORTED_LOCATION "${_first}"
                                            INTERFACE_LINK_LIBRARIES "${_xp_fftw_libraries}"
                                            INTERFACE_INCLUDE_DIRECTORIES "${XP_FFTW_INCLUDE_DIR}"
                                            INTERFACE_SYSTEM_INCLUDE_DIRECTORIES "${XP_FFTW_INCLUDE_DIR}")
endfunction()
