// Must NOT compile: asarray takes the dtype first, then the backend, as xp::zeros<U, B>.
// expect: xp::asarray: the dtype comes first, then the backend: xp::asarray<float, xp::cuda>.a.
#include <xp/core.hpp>

int main() {
  const auto a = xp::zeros<double>({2});
  auto b = xp::asarray<xp::host, float>(a);
  (void)b;
}
