// Must NOT compile: the array API leaves complex numbers unordered, so xp::max refuses them.
// expect: do not order complex dtypes
#include <xp/core.hpp>

int main() {
  auto z = xp::zeros<xp::complex64>({4});
  auto m = xp::max(z);
  (void)m;
}
