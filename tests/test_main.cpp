// doctest's main for both test executables. The CUDA executable exits with 77 when no CUDA
// device is usable; CTest reports that as "skipped" (SKIP_RETURN_CODE), never as passed.
#define DOCTEST_CONFIG_IMPLEMENT
#include <doctest/doctest.h>

#include <cstdio>

#ifdef XP_TEST_CUDA
#include <xp/cuda.hpp>
#endif

int main(int argc, char** argv) {
#ifdef XP_TEST_CUDA
  if (!xp::cuda::available()) {
    std::puts("xp_tests_cuda: no CUDA device available: skipped");
    return 77;
  }
#endif
  doctest::Context context(argc, argv);
  return context.run();
}
