// Must NOT compile: a host array and a device array in one expression.
#include <xp/cuda.hpp>

int main() {
  auto h = xp::zeros<float>({4});
  auto d = xp::zeros<float, xp::cuda>({4});
  auto e = h + d;
  (void)e;
}
