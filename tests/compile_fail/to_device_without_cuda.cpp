// Must NOT compile: a.to_device(i) copies to a GPU, which a host-only program has not included.
// expect: needs #include <xp/cuda.hpp> and xp::cuda
#include <xp/core.hpp>

int main() {
  auto x = xp::zeros<float>({4});
  auto d = x.to_device(0);
  (void)d;
}
