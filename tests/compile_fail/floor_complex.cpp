// Must NOT compile: np.floor of a complex array is a TypeError in NumPy.
// expect: xp::floor is not defined for complex
#include <xp/core.hpp>

int main() {
  auto z = xp::zeros<xp::complex64>({4});
  auto e = xp::eval(xp::floor(z));
  (void)e;
}
