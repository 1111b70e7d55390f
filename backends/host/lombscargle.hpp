#pragma once
/// @file backends/host/lombscargle.hpp
/// @brief The host's Lomb-Scargle primitive: OpenMP over frequencies, xsimd batches
/// over samples (vectorised sincos); on a frequency_grid, runs of detail::grid_run frequencies
/// share one exact sincos per sample and advance by rotation.

#include <xsimd/xsimd.hpp>

#include <algorithm>
#include <cmath>
#include <type_traits>
#include <vector>

#include "xp/signal/lombscargle_primitive.hpp"

namespace xp::backends::host {

// The periodogram of p (OpenMP over frequencies, xsimd over samples); no check of the frequencies.
struct lombscargle_engine {
  template <class R>
  static void compute(const signal::detail::lombscargle_problem<R>& p) {
    using batch = xsimd::batch<R>;
    constexpr index_t L = static_cast<index_t>(batch::size);
    const index_t n = p.n, tail = n - n % L;
    if (p.freqs) {
#pragma omp parallel for schedule(static)
      for (index_t i = 0; i < p.nf; ++i) {
        const R f = p.freqs[i];
        batch xc(R(0)), xs(R(0)), cc(R(0)), ss(R(0)), cs(R(0));
        for (index_t j = 0; j < tail; j += L) {
          const auto [s, c] = xsimd::sincos(batch(f) * xsimd::load_unaligned(p.x + j));
          const batch yv = xsimd::load_unaligned(p.y + j);
          xc = xsimd::fma(yv, c, xc);
          xs = xsimd::fma(yv, s, xs);
          cc = xsimd::fma(c, c, cc);
          ss = xsimd::fma(s, s, ss);
          cs = xsimd::fma(c, s, cs);
        }
        R sxc = xsimd::hadd(xc), sxs = xsimd::hadd(xs), scc = xsimd::hadd(cc), sss = xsimd::hadd(ss),
          scs = xsimd::hadd(cs);
        for (index_t j = tail; j < n; ++j) {
          const R c = std::cos(f * p.x[j]), s = std::sin(f * p.x[j]);
          sxc += p.y[j] * c;
          sxs += p.y[j] * s;
          scc += c * c;
          sss += s * s;
          scs += c * s;
        }
        p.out[i] = signal::detail::lombscargle_finish(f, sxc, sxs, scc, sss, scs);
      }
      return;
    }
    // frequency grid: per sample the step rotation (cos, sin)(df x), computed once
    constexpr int run = signal::detail::grid_run;
    std::vector<R> step_c(n), step_s(n);
    for (index_t j = 0; j < n; ++j) {
      step_c[j] = static_cast<R>(std::cos(p.grid.df * p.x[j]));
      step_s[j] = static_cast<R>(std::sin(p.grid.df * p.x[j]));
    }
    const index_t runs = (p.nf + run - 1) / run;
#pragma omp parallel for schedule(static)
    for (index_t r = 0; r < runs; ++r) {
      const index_t i0 = r * run;
      const int m = static_cast<int>(std::min<index_t>(run, p.nf - i0));
      const R f0 = static_cast<R>(p.grid.at(i0));
      batch xc[run], xs[run], cc[run], ss[run], cs[run];  // [run]: one accumulator set per frequency
      for (int k = 0; k < run; ++k) xc[k] = xs[k] = cc[k] = ss[k] = cs[k] = batch(R(0));
      auto accumulate = [&](auto c, auto s, auto yv, auto sc, auto sn, auto& axc, auto& axs, auto& acc, auto& ass,
                            auto& acs) {
        for (int k = 0; k < m; ++k) {
          axc[k] = axc[k] + yv * c;
          axs[k] = axs[k] + yv * s;
          acc[k] = acc[k] + c * c;
          ass[k] = ass[k] + s * s;
          acs[k] = acs[k] + c * s;
          const auto c_next = c * sc - s * sn;  // rotate by df x: angle-addition formulas
          s = s * sc + c * sn;
          c = c_next;
        }
      };
      for (index_t j = 0; j < tail; j += L) {
        auto [s, c] = xsimd::sincos(batch(f0) * xsimd::load_unaligned(p.x + j));
        accumulate(c, s, xsimd::load_unaligned(p.y + j), xsimd::load_unaligned(step_c.data() + j),
                   xsimd::load_unaligned(step_s.data() + j), xc, xs, cc, ss, cs);
      }
      R sxc[run], sxs[run], scc[run], sss[run], scs[run];
      for (int k = 0; k < m; ++k) {
        sxc[k] = xsimd::hadd(xc[k]);
        sxs[k] = xsimd::hadd(xs[k]);
        scc[k] = xsimd::hadd(cc[k]);
        sss[k] = xsimd::hadd(ss[k]);
        scs[k] = xsimd::hadd(cs[k]);
      }
      for (index_t j = tail; j < n; ++j) {
        const R arg = f0 * p.x[j];
        accumulate(std::cos(arg), std::sin(arg), p.y[j], step_c[j], step_s[j], sxc, sxs, scc, sss, scs);
      }
      for (int k = 0; k < m; ++k)
        p.out[i0 + k] = signal::detail::lombscargle_finish(static_cast<R>(p.grid.at(i0 + k)), sxc[k], sxs[k], scc[k],
                                                           sss[k], scs[k]);
    }
  }
};

}  // namespace xp::backends::host

namespace xp {
/// @brief The host's periodogram: returns true (and computes nothing) when a listed frequency is
/// 0; listed float frequencies are computed in double.
template <>
struct primitive::lombscargle<host> {
  template <class R>
  static bool run(const signal::detail::lombscargle_problem<R>& p) {
    using backends::host::lombscargle_engine;
    if (p.freqs && std::find(p.freqs, p.freqs + p.nf, R(0)) != p.freqs + p.nf) return true;
    if constexpr (std::is_same_v<R, float>) {
      if (p.freqs) {
        // xsimd's float sincos leaves its fast range reduction for arguments beyond a few
        // thousand radians (f x reaches that in periodograms): double is 2x faster here, and exact
        // in its inputs. The sums go to float at the end.
        std::vector<double> x(p.x, p.x + p.n), y(p.y, p.y + p.n), f(p.freqs, p.freqs + p.nf), out(p.nf);
        lombscargle_engine::compute<double>({x.data(), y.data(), p.n, f.data(), p.grid, p.nf, out.data(), false});
        std::copy(out.begin(), out.end(), p.out);
        return false;
      }
    }
    lombscargle_engine::compute<R>(p);
    return false;
  }
};
}  // namespace xp
