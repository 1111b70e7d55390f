// Must NOT compile: shifts of floats (np.left_shift(1.0, 1) is a TypeError).
// expect: << takes integer or bool arrays
#include <xp/core.hpp>

int main() {
  auto x = xp::zeros<double>({4});
  auto e = xp::eval(x << 1);
  (void)e;
}
