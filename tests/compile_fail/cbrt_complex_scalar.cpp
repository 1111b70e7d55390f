// Must NOT compile: np.cbrt of a complex scalar is a TypeError in NumPy; the scalar form of a
// function refuses what its array form refuses, with the same message.
// expect: xp::cbrt is not defined for complex
#include <xp/core.hpp>

int main() {
  const xp::complex128 z(1.0, 2.0);
  auto c = xp::cbrt(z);
  (void)c;
}
