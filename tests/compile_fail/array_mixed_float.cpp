// Must NOT compile: a list mixing int and float (C++'s 2.5f) has no dtype xp can know from the
// types alone (NumPy's np.array([1, np.float32(2.5)]) depends on the values' kinds); the message
// names the spelling that works.
// expect: xp::array: a list of values of different C.. types gives float64 .*xp::array<float>..1, 2.5f..
#include <xp/core.hpp>

int main() {
  auto a = xp::array({1, 2.5f});
  (void)a;
}
