// Must NOT compile: < between complex arrays (unordered, as in the array API).
// expect: < does not order complex dtypes
#include <xp/core.hpp>

int main() {
  auto z = xp::zeros<xp::complex128>({4});
  auto e = xp::eval(z < z);
  (void)e;
}
