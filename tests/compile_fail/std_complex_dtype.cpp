// Must NOT compile: xp's complex dtypes are xp::complex<T> (std::complex's layout, but xp's own
// operations); an array of std::complex<double> is refused with a message that names them.
// expect: std::complex<T>.*xp::complex64 and xp::complex128
#include <complex>
#include <xp/core.hpp>

int main() {
  xp::ndarray<std::complex<double>> a;
  (void)a;
}
