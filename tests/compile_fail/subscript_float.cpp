// Must NOT compile: a floating-point subscript (NumPy: IndexError, "only integers, slices ...
// are valid indices"); the message names the subscripts xp takes.
// expect: a\[i\] takes an integer, xp::range
#include <xp/core.hpp>

int main() {
  auto x = xp::zeros<double>({4});
  auto e = x[1.5];
  (void)e;
}
