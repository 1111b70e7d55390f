// Built by g++ alone against the installed xp; uses the device when xp::cuda is there and a
// GPU is present (xp's built-in operations are precompiled in libxp_cuda).
#ifdef CONSUMER_WITH_CUDA
#include <xp/cuda.hpp>
#else
#include <xp/xp.hpp>
#endif
#ifdef CONSUMER_WITH_DLPACK
#include <xp/dlpack.hpp>
#endif
#include <cstdio>
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
  // the host product (OpenBLAS when xp was built with it) and the compiled .npy writer/reader
  auto m = xp::matmul(xp::eye<double>(3), xp::ones<double>({3, 2}));
  if (xp::sum(m).item() != 6.0) return 1;
  xp::save_npy("xp_consumer.npy", m);
  if (xp::sum(xp::load_npy<double>("xp_consumer.npy")).item() != 6.0) return 1;
  std::remove("xp_consumer.npy");
#ifdef CONSUMER_WITH_DLPACK
  // a DLPack round trip shares the memory
  auto r = xp::from_dlpack<double>(xp::to_dlpack(a));
  if (r.data() != a.data()) return 1;
#endif
  std::cout << "consumer: sum " << total << "\n";
  return total == 2.5 ? 0 : 1;
}
