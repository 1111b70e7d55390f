// Must NOT compile: NumPy refuses bitwise operators on floats (np.bitwise_and(1.0, 2.0) is a TypeError).
// expect: bitwise & takes integer or bool arrays
#include <xp/core.hpp>

int main() {
  auto x = xp::zeros<float>({4});
  auto e = xp::eval(x & x);
  (void)e;
}
