// Must NOT compile: np.linalg.norm is xp::linalg::norm, whose second argument is NumPy's ord.
// A top-level xp::norm(m, 1) used to read the 1 as an axis (the row norms, not the 1-norm).
// expect: norm.* is not a member of .*xp|no member named .*norm.* in namespace .*xp
#include <xp/xp.hpp>

int main() {
  const auto m = xp::arange<double>(12).reshape({3, 4});
  auto n = xp::norm(m, 1);
  (void)n;
}
