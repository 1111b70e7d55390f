// Must NOT compile: a braced list of arrays of two dtypes deduces no dtype; the message names
// the std::tuple spelling, which promotes as NumPy's np.vstack does.
// expect: xp::vstack: a braced list of arrays of different dtypes .*xp::vstack.std::tuple.a, b..
#include <xp/core.hpp>

int main() {
  const auto a = xp::zeros<float>({2}), b = xp::zeros<double>({2});
  auto v = xp::vstack({a, b});
  (void)v;
}
