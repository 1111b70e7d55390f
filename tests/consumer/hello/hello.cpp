// The README's host hello-world, built against an installed xp and run by the CTest
// xp_install_host_consumer_without_cuda, which compares what it prints with expected_output.txt.
// example-begin hello
#include <xp/xp.hpp>

#include <iostream>

int main() {
  auto a = xp::arange<double>(6).reshape({2, 3});  // float64, like np.arange(6.0).reshape(2, 3)
  std::cout << a << "\n";                          // prints as NumPy does
  std::cout << a.sum({0}) << "\n";                 // a.sum(axis=0)
  std::cout << a(xp::all, 1) << "\n";              // a[:, 1], a view
  std::cout << a[a > 2.0] << "\n";                 // a[a > 2.0], a copy of the elements above 2
  auto b = xp::sqrt(a) * 2.0 + 1.0;                // lazy: one loop, run when used
  std::cout << b << "\n";                          // computed here
  std::cout << b.max() << "\n";                    // b.max().item() is a C++ double
  xp::save_npy("a.npy", a);                        // np.load("a.npy") reads it
}
// example-end hello
