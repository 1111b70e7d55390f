// The first program a NumPy user writes from habit (issue 35): square brackets, a file loaded
// without naming its dtype, a mask selection kept in `auto`, compound writes through selections.
// Run on each backend, it must print what NumPy 2 prints for the same lines
// (tests/golden/make_golden_first_program.py -> tests/golden/first_program/printed.txt).
#include <fstream>
#include <sstream>

#include <xp/fft.hpp>

#include "support.hpp"

using namespace xp_test;

namespace {

std::string golden_text(const std::string& name) {
  std::ifstream in(std::string(XP_GOLDEN_DIR) + "/first_program/" + name);
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

// the program, as a user writes it (B: the backend under test)
std::string first_program(const std::string& path) {
  std::ostringstream out;
  const auto show = [&](const char* label, const auto& value) { out << label << ": " << value << "\n"; };

  const auto loaded = xp::load(path);  // np.load: whatever dtype the file holds (an xp::any_array)
  show("dtype", loaded.dtype());
  show("shape", xp::to_string(loaded.shape()));
  show("loaded.sum()", loaded.sum());  // computed without naming the dtype
  show("loaded * 2 - 1", loaded * 2 - 1);
  auto a = xp::asarray<B>(loaded.as<double>());  // the typed array: float64, as the file said
  show("a", a);
  auto sel = a[a > 5.0];  // a selection kept in a variable: a copy
  show("sel", sel);
  show("sel.shape", xp::to_string(sel.shape()));
  show("sel.sum()", sel.sum());
  show("sel * 2 + 1", sel * 2 + 1);
  a[a > 9.0] = 0.0;  // written through; sel keeps its values
  show("after a[a > 9] = 0", a);
  show("sel.max()", sel.max());
  show("a[3]", a[3]);
  show("a[1][2]", a[1][2]);
  const auto idx = xp::asarray<B>(xp::array<std::int64_t>({2, 0, 2}));
  show("a[idx]", a[idx]);
  a[idx] += 1;  // a repeated index adds once
  a[a < 1.0] *= 10;
  show("after compound", a);
  show("a[a > 5].sum()", a[a > 5.0].sum());
  show("a.mean(axis=0)", a.mean({0}));
  show("a[:, 1]", a(xp::all, 1));
  return out.str();
}

}  // namespace

TEST_CASE("the first program prints what NumPy prints") {
  const std::string printed = first_program(std::string(XP_GOLDEN_DIR) + "/first_program/a.npy");
  CHECK(printed == golden_text("printed.txt"));
}

TEST_CASE("a selection or an expression passes where a function takes an array") {
  using A = xp::ndarray<double, B>;
  const A a = xp::arange<double, B>(16).reshape({4, 4}) + xp::eye<double, B>(4) * 5.0;
  const auto rows = xp::asarray<B>(xp::array<std::int64_t>({3, 1, 0, 2}));
  auto m = a[rows];     // a selection (rows of a, reordered)
  auto v = a[a > 9.0];  // a mask selection
  const A m_array = m, v_array = v;
  const auto same = [](const auto& got, const auto& want) {
    CHECK(got.shape() == want.shape());
    CHECK(values(xp::ndarray<double, B>(xp::abs(got - want) <= 1e-12 * (1.0 + xp::abs(want)))) ==
          std::vector<double>(static_cast<std::size_t>(want.size()), 1.0));
  };
  same(xp::unique(v).values, xp::unique(v_array).values);
  same(xp::tril(m), xp::tril(m_array));
  same(xp::kron(m, a * 2.0), xp::kron(m_array, A(a * 2.0)));
  same(xp::linalg::inv(m), xp::linalg::inv(m_array));
  same(xp::linalg::solve(a, m(xp::all, 0)), xp::linalg::solve(a, A(m_array(xp::all, 0))));
  same(xp::real(xp::fft::fft(v)), xp::real(xp::fft::fft(v_array)));
  same(xp::sort(v * -1.0), xp::sort(A(v_array * -1.0)));
}
