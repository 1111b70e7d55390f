#pragma once
// What both fuzz targets share: a broken invariant traps, so libFuzzer saves the input.
#include <cstdio>

namespace xp_fuzz {

[[noreturn]] inline void fail(const char* target, const char* what) {
  std::fprintf(stderr, "%s: invariant violated: %s\n", target, what);
  std::fflush(stderr);
  __builtin_trap();
}

}  // namespace xp_fuzz
