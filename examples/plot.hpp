#pragma once
// A small PNG line plot for the tutorials (stb_image_write): log-log or linear axes, one
// colour per series, a frame and grid lines at powers of ten. No text: the CSV beside each
// PNG carries the numbers and the tutorial prints the legend.

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <vector>

#include <cstdio>

// PNG output needs Debian's libstb-dev; without it (XP_TUTORIALS_PNG 0) the tutorials still
// build, run and check themselves, and say that they wrote no image.
#if XP_TUTORIALS_PNG
#define STB_IMAGE_WRITE_IMPLEMENTATION
#include <stb/stb_image_write.h>
#endif

namespace tutorial {

struct series {
  std::vector<double> x, y;
  std::uint8_t r, g, b;
};

class canvas {
 public:
  canvas(int w, int h) : m_w(w), m_h(h), m_px(static_cast<std::size_t>(w) * h * 3, 255) {}
  void set(int x, int y, std::uint8_t r, std::uint8_t g, std::uint8_t b) {
    if (x < 0 || y < 0 || x >= m_w || y >= m_h) return;
    auto* p = &m_px[(static_cast<std::size_t>(y) * m_w + x) * 3];
    p[0] = r;
    p[1] = g;
    p[2] = b;
  }
  void line(int x0, int y0, int x1, int y1, std::uint8_t r, std::uint8_t g, std::uint8_t b, int thick = 1) {
    const int steps = std::max(std::abs(x1 - x0), std::abs(y1 - y0)) + 1;
    for (int s = 0; s <= steps; ++s) {
      const int x = x0 + (x1 - x0) * s / steps, y = y0 + (y1 - y0) * s / steps;
      for (int dx = -thick / 2; dx <= thick / 2; ++dx)
        for (int dy = -thick / 2; dy <= thick / 2; ++dy) set(x + dx, y + dy, r, g, b);
    }
  }
  bool save(const std::string& path) const {
#if XP_TUTORIALS_PNG
    return stbi_write_png(path.c_str(), m_w, m_h, 3, m_px.data(), m_w * 3) != 0;
#else
    std::printf("  (no %s: the tutorials were built without libstb-dev)\n", path.c_str());
    return false;
#endif
  }
  int width() const { return m_w; }
  int height() const { return m_h; }

 private:
  int m_w, m_h;
  std::vector<std::uint8_t> m_px;
};

/// Log-log plot of the series into a PNG; returns false when it cannot be written.
inline bool loglog_png(const std::string& path, const std::vector<series>& all) {
  canvas c(800, 500);
  const int l = 60, r = 780, t = 20, b = 470;
  double x0 = 1e300, x1 = 0, y0 = 1e300, y1 = 0;
  for (const auto& s : all)
    for (std::size_t i = 0; i < s.x.size(); ++i) {
      x0 = std::min(x0, s.x[i]), x1 = std::max(x1, s.x[i]);
      y0 = std::min(y0, s.y[i]), y1 = std::max(y1, s.y[i]);
    }
  const double lx0 = std::floor(std::log10(x0)), lx1 = std::ceil(std::log10(x1));
  const double ly0 = std::floor(std::log10(y0)), ly1 = std::ceil(std::log10(y1 * 1.0001));
  auto px = [&](double x) { return l + static_cast<int>((std::log10(x) - lx0) / (lx1 - lx0) * (r - l)); };
  auto py = [&](double y) { return b - static_cast<int>((std::log10(y) - ly0) / (ly1 - ly0) * (b - t)); };
  for (double e = lx0; e <= lx1; ++e) c.line(px(std::pow(10, e)), t, px(std::pow(10, e)), b, 225, 225, 225);
  for (double e = ly0; e <= ly1; ++e) c.line(l, py(std::pow(10, e)), r, py(std::pow(10, e)), 225, 225, 225);
  c.line(l, t, l, b, 0, 0, 0);
  c.line(l, b, r, b, 0, 0, 0);
  for (const auto& s : all)
    for (std::size_t i = 1; i < s.x.size(); ++i)
      c.line(px(s.x[i - 1]), py(s.y[i - 1]), px(s.x[i]), py(s.y[i]), s.r, s.g, s.b, 3);
  return c.save(path);
}

/// Linear plot of one series with a vertical marker at x = mark (e.g. a peak); false when the
/// PNG cannot be written.
inline bool linear_png(const std::string& path, const series& s, double mark) {
  canvas c(800, 500);
  const int l = 60, r = 780, t = 20, b = 470;
  const auto [xmin, xmax] = std::minmax_element(s.x.begin(), s.x.end());
  const double y1 = *std::max_element(s.y.begin(), s.y.end()) * 1.05;
  const double x0 = *xmin, x1 = *xmax;
  auto px = [&](double x) { return l + static_cast<int>((x - x0) / (x1 - x0) * (r - l)); };
  auto py = [&](double y) { return b - static_cast<int>(std::max(0.0, y) / y1 * (b - t)); };
  for (int k = 1; k < 10; ++k) c.line(l + (r - l) * k / 10, t, l + (r - l) * k / 10, b, 225, 225, 225);
  c.line(l, t, l, b, 0, 0, 0);
  c.line(l, b, r, b, 0, 0, 0);
  c.line(px(mark), t, px(mark), b, 220, 40, 40, 3);
  for (std::size_t i = 1; i < s.x.size(); ++i)
    c.line(px(s.x[i - 1]), py(s.y[i - 1]), px(s.x[i]), py(s.y[i]), s.r, s.g, s.b);
  return c.save(path);
}

/// A 2-D field as a PNG image, one pixel per cell (rows down). `diverging`: blue below 0, white
/// at 0, red above, scaled by the largest |value|; otherwise dark blue -> green -> yellow from the
/// smallest to the largest value.
inline bool field_png(const std::string& path, const double* v, int rows, int cols, bool diverging) {
  canvas c(cols, rows);
  double lo = v[0], hi = v[0];
  for (long k = 0; k < static_cast<long>(rows) * cols; ++k) lo = std::min(lo, v[k]), hi = std::max(hi, v[k]);
  const double amp = std::max(std::abs(lo), std::abs(hi)) + 1e-300;
  auto mix = [](double a, double b, double t) { return static_cast<std::uint8_t>(a + (b - a) * t); };
  for (int i = 0; i < rows; ++i)
    for (int j = 0; j < cols; ++j) {
      const double x = v[static_cast<long>(i) * cols + j];
      if (diverging) {
        const double t = std::min(1.0, std::abs(x) / amp);
        if (x < 0) c.set(j, i, mix(255, 30, t), mix(255, 60, t), 255);
        else c.set(j, i, 255, mix(255, 40, t), mix(255, 30, t));
      } else {
        const double t = hi > lo ? (x - lo) / (hi - lo) : 0.0;
        if (t < 0.5) c.set(j, i, mix(40, 30, 2 * t), mix(20, 160, 2 * t), mix(90, 120, 2 * t));
        else c.set(j, i, mix(30, 250, 2 * t - 1), mix(160, 230, 2 * t - 1), mix(120, 30, 2 * t - 1));
      }
    }
  return c.save(path);
}

}  // namespace tutorial
