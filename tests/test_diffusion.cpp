// xp/pde/diffusion.hpp: the Laplacian and diffusion against a float64 reference at odd sizes and
// step counts, the physics (non-negative fields stay so, the total never grows), views, errors.
#include <algorithm>
#include <cmath>
#include <limits>

#include "support.hpp"

using namespace xp_test;

namespace {

// steps of f <- f - c lap(f) in double with zero outside the grid; returns the field and the
// Laplacian of the last step's input
std::pair<std::vector<double>, std::vector<double>> diffusion_reference(std::vector<double> f, xp::index_t rows,
                                                                        xp::index_t cols, double c, int steps) {
  std::vector<double> next(f.size()), lap(f.size());
  auto at = [&](const std::vector<double>& g, xp::index_t i, xp::index_t j) {
    return i < 0 || j < 0 || i >= rows || j >= cols ? 0.0 : g[i * cols + j];
  };
  auto laplace = [&](const std::vector<double>& g) {
    for (xp::index_t i = 0; i < rows; ++i)
      for (xp::index_t j = 0; j < cols; ++j)
        lap[i * cols + j] = 4 * at(g, i, j) - at(g, i - 1, j) - at(g, i + 1, j) - at(g, i, j - 1) - at(g, i, j + 1);
  };
  if (steps == 0) laplace(f);
  for (int s = 0; s < steps; ++s) {
    laplace(f);
    for (std::size_t k = 0; k < f.size(); ++k) next[k] = f[k] - c * lap[k];
    f.swap(next);
  }
  return {f, lap};
}

// Each step mixes a cell with weights summing to at most 1 in magnitude (c <= 1/4), so rounding
// does not grow: a few eps of max|f0| per step bounds the difference to the exact result.
template <class T, class Bk>
void check_field(const xp::ndarray<T, Bk>& got, const std::vector<double>& want, double scale, int steps) {
  const auto g = values(got);
  REQUIRE(g.size() == want.size());
  const double tol = 8.0 * (steps + 1) * std::numeric_limits<T>::epsilon() * scale;
  double worst = 0;
  for (std::size_t k = 0; k < g.size(); ++k) worst = std::max(worst, std::abs(double(g[k]) - want[k]));
  CHECK(worst <= tol);
}

template <class T>
xp::ndarray<T, B> random_field(xp::index_t rows, xp::index_t cols, unsigned seed) {
  return xp::random::uniform<T, B>({rows, cols}, T(0), T(1), seed);
}

}  // namespace

TEST_CASE_TEMPLATE("pde: diffuse and laplacian against a float64 reference", P, XP_FLOAT_DTYPES) {
  using T = typename P::type;
  const std::vector<std::pair<xp::index_t, xp::index_t>> shapes{{1, 1}, {1, 17}, {9, 1}, {7, 13}, {64, 80}};
  for (const auto& [rows, cols] : shapes)
    for (int steps : {0, 1, 2, 17}) {
      INFO(backend_name() << " " << rows << "x" << cols << " steps " << steps);
      const auto f = random_field<T>(rows, cols, 3);
      const auto h = f.template astype<double>().copy_to_host();
      const auto [want, want_lap] =
          diffusion_reference(std::vector<double>(h.data(), h.data() + h.size()), rows, cols, 0.2, steps);
      auto g = f.copy();
      xp::ndarray<T, B> lap;
      xp::pde::diffuse(g, 0.2, steps, {.laplacian = &lap});
      check_field(g, want, 1.0, steps);
      check_field(lap, want_lap, 8.0, steps);
      if (steps == 0) check_same(g, f.copy_to_host());  // untouched
    }
  // laplacian of a strided view
  const auto big = random_field<T>(20, 30, 4);
  const auto v = big(xp::range(1, 20, 2), xp::range(29, xp::none, -3));
  const auto vh = v.template astype<double>().copy_to_host();
  const auto [unused, want_lap] =
      diffusion_reference(std::vector<double>(vh.data(), vh.data() + vh.size()), v.shape(0), v.shape(1), 0.25, 0);
  check_field(xp::pde::laplacian(v), want_lap, 8.0, 0);
}

TEST_CASE_TEMPLATE("pde: a large field, a step at a time and many at once, and views in place", P, XP_FLOAT_DTYPES) {
  using T = typename P::type;
  const auto f = random_field<T>(2000, 2000, 5);
  const auto h = f.template astype<double>().copy_to_host();
  const auto want = diffusion_reference(std::vector<double>(h.data(), h.data() + h.size()), 2000, 2000, 0.25, 3).first;
  auto one = f.copy();
  for (int s = 0; s < 3; ++s) xp::pde::diffusion_step(one, 0.25);
  check_field(one, want, 1.0, 3);
  auto many = f.copy();
  xp::pde::diffuse(many, 0.25, 3);
  check_same(many, one.copy_to_host());
  // in place through a view: only the view's elements change
  auto m = xp::zeros<T, B>({6, 8});
  m(xp::range(1, 5), xp::range(2, 6)) = T(1);
  auto inner = m(xp::range(1, 5), xp::range(2, 6));
  xp::pde::diffuse(inner, 0.25, 1);
  const auto mh = m.copy_to_host();
  CHECK(mh.at(0, 0) == T(0));
  CHECK(mh.at(1, 2) == T(0.5));  // corner of the view: 1 - 0.25 * (4 - 2)
}

TEST_CASE_TEMPLATE("pde: non-negative fields stay non-negative and their total never grows", P, XP_FLOAT_DTYPES) {
  using T = typename P::type;
  auto f = xp::eval(xp::where(random_field<T>(33, 47, 6) > T(0.8), T(1), T(0)));
  double total = xp::sum(f).item();
  for (int s = 0; s < 40; ++s) {
    xp::pde::diffuse(f, 0.25, 1);
    const double t = xp::sum(f).item();
    CHECK(t <= total * (1 + 1e-6));
    CHECK(xp::min(f).item() >= T(0));
    total = t;
  }
}

TEST_CASE("pde: bad input throws clear errors") {
  auto f = xp::ones<float, B>({4, 4});
  CHECK_THROWS_AS(xp::pde::diffuse(xp::ones<float, B>({4}), 0.1, 1), xp::shape_error);
  CHECK_THROWS_AS(xp::pde::laplacian(xp::ones<double, B>({2, 2, 2})), xp::shape_error);
  CHECK_THROWS_AS(xp::pde::diffuse(f, 0.3, 1), xp::value_error);
  CHECK_THROWS_AS(xp::pde::diffuse(f, 0.0, 1), xp::value_error);
  CHECK_THROWS_AS(xp::pde::diffuse(f, -0.1, 1), xp::value_error);
  CHECK_THROWS_AS(xp::pde::diffuse(f, 0.1, -1), xp::value_error);
  CHECK_THROWS_AS(xp::pde::diffusion_step(f, std::nan("")), xp::value_error);
  check_same(f, xp::ones<float, xp::host>({4, 4}));  // nothing changed by the failed calls
}

#ifdef XP_TEST_CUDA
// The host is the oracle: every compiled tile shape (steps per launch) and several block heights,
// on a field that spans many tiles in both directions and with step counts that end mid-launch.
TEST_CASE_TEMPLATE("pde: cuda tile shapes agree with the host", P, XP_FLOAT_DTYPES) {
  using T = typename P::type;
  const auto f = xp::random::uniform<T, xp::host>({300, 517}, T(0), T(1), 7);
  const std::vector<int> halos = std::is_same_v<T, float> ? std::vector<int>{4, 8, 12, 16} : std::vector<int>{4, 8};
  for (int steps : {0, 1, 5, 37}) {
    auto want = f.copy();
    xp::ndarray<T, xp::host> want_lap;
    xp::pde::diffuse(want, 0.2, steps, {.laplacian = &want_lap});
    const auto wh = want.template astype<double>(), lh = want_lap.template astype<double>();
    for (int halo : halos)
      for (int warps : {0, 1, 3, 16}) {
        INFO("steps " << steps << " halo " << halo << " warps " << warps);
        // the primitive with this tile shape, on two device buffers (what diffuse hands it)
        auto g = xp::to_device(f), scratch = xp::empty<T, xp::cuda>(f.shape());
        auto lap = xp::empty<T, xp::cuda>(f.shape());
        T* result = xp::backends::cuda::stencil_steps_with(
            xp::pde::detail::stencil_problem<T>{g.data(), scratch.data(), lap.data(), f.shape(0), f.shape(1), T(0.2),
                                                steps},
            {halo, warps});
        if (result != g.data()) g = scratch;
        check_field(g, std::vector<double>(wh.data(), wh.data() + wh.size()), 2.0, steps);
        check_field(lap, std::vector<double>(lh.data(), lh.data() + lh.size()), 16.0, steps);
      }
  }
}
#endif
