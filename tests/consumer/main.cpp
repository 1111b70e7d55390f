// Built by g++ alone against the installed xp; uses the device when xp::cuda is there and a
// GPU is present (xp's built-in operations are precompiled in libxp_cuda).
#ifdef CONSUMER_WITH_CUDA
#include <xp/cuda.hpp>
#else
#include <xp/xp.hpp>
#endif
#include <iostream>

int main() {
  auto a = xp::linspace<double>(0, 1, 5);
  double total = 0;
  for (xp::index_t i = 0; i < a.size(); ++i) total += a.at(i);
#ifdef CONSUMER_WITH_CUDA
  if (xp::cuda::available()) {
    auto d = xp::to_device(a);
    auto back = xp::to_host(d(xp::range(xp::none, xp::none, -1)));
    if (back.at(0) != 1.0) return 1;
  }
#endif
  std::cout << "consumer: sum " << total << "\n";
  return total == 2.5 ? 0 : 1;
}
