#pragma once
/// @file random/generator.hpp
/// @brief xp::random::Generator and default_rng: NumPy's numpy.random.Generator API on Philox
/// 4x32-10 streams, the same numbers on xp::host and xp::cuda (docs/random.md).

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <numeric>
#include <sstream>
#include <string>
#include <type_traits>
#include <unordered_map>
#include <utility>
#include <vector>

#include "xp/array/transfer.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/random/random_fill_primitive.hpp"

namespace xp::random {

namespace detail {
template <class T>
concept real_dtype = std::is_same_v<T, float> || std::is_same_v<T, double>;
template <class T>
concept integer_dtype = std::is_integral_v<T> && !std::is_same_v<T, bool>;

template <class... A>
[[noreturn]] inline void bad_value(const char* fn, const A&... parts) {
  std::ostringstream os;
  os.precision(17);
  os << "xp::random::Generator::" << fn << ": ";
  (os << ... << parts);
  throw value_error(os.str());
}
}  // namespace detail

/// @brief NumPy's numpy.random.Generator on Philox 4x32-10 (key = the seed), for arrays of
/// backend B. Each call draws from a stream of its own (the generator counts its calls), so
/// two calls give different numbers, and a generator made again with the same seed repeats
/// them all. Values depend only on (seed, call number, flat index): xp::host and xp::cuda
/// give the same arrays (bit for bit for random, uniform, integers, choice, permutation,
/// shuffle and float32 normal/exponential; see docs/random.md for the rest).
template <class B = host>
class Generator {
 public:
  /// @brief A generator with key `seed` (np.random.default_rng(seed); NumPy's own stream differs).
  explicit Generator(std::uint64_t seed = 0) : m_seed(seed) {}

  /// @brief The seed (the Philox key).
  std::uint64_t seed() const noexcept { return m_seed; }
  /// @brief Calls drawn so far (each call takes the next stream).
  std::uint32_t calls() const noexcept { return m_calls; }

  /// @brief Floats in [0, 1) (Generator.random(size, dtype)): 24 random bits for float32, 53
  /// for float64.
  template <detail::real_dtype T = double>
  ndarray<T, B> random(const shape_type& size) {
    xp::detail::op_range<B> range("xp::random::Generator::random");
    return fill(size, detail::uniform_sampler<T>{next(), T(0), T(1), T(1)});
  }

  /// @brief Samples of U[low, high) (Generator.uniform(low, high, size)); high < low gives
  /// (high, low] as in NumPy.
  /// @throws xp::value_error when high - low is not finite.
  template <detail::real_dtype T = double>
  ndarray<T, B> uniform(double low, double high, const shape_type& size) {
    xp::detail::op_range<B> range("xp::random::Generator::uniform");
    const T lo = static_cast<T>(low), hi = static_cast<T>(high);
    if (!std::isfinite(static_cast<T>(hi - lo)))
      detail::bad_value("uniform", "high - low must be finite (low=", low, ", high=", high, ")");
    return fill(size, detail::uniform_sampler<T>{next(), lo, static_cast<T>(hi - lo), hi});
  }

  /// @brief Samples of N(loc, scale^2) (Generator.normal(loc, scale, size)), Box-Muller.
  /// @throws xp::value_error for scale < 0 or NaN.
  template <detail::real_dtype T = double>
  ndarray<T, B> normal(double loc, double scale, const shape_type& size) {
    xp::detail::op_range<B> range("xp::random::Generator::normal");
    if (!(scale >= 0)) detail::bad_value("normal", "scale must be non-negative, got ", scale);
    return fill(size, detail::normal_sampler<T>{next(), static_cast<T>(loc), static_cast<T>(scale)});
  }

  /// @brief Samples of N(0, 1) (Generator.standard_normal(size, dtype)).
  template <detail::real_dtype T = double>
  ndarray<T, B> standard_normal(const shape_type& size) {
    xp::detail::op_range<B> range("xp::random::Generator::standard_normal");
    return fill(size, detail::normal_sampler<T>{next(), T(0), T(1)});
  }

  /// @brief Samples of the exponential distribution of mean `scale` (Generator.exponential).
  /// @throws xp::value_error for scale < 0 or NaN.
  template <detail::real_dtype T = double>
  ndarray<T, B> exponential(double scale, const shape_type& size) {
    xp::detail::op_range<B> range("xp::random::Generator::exponential");
    if (!(scale >= 0)) detail::bad_value("exponential", "scale must be non-negative, got ", scale);
    return fill(size, detail::exponential_sampler<T>{next(), static_cast<T>(scale)});
  }

  /// @brief Samples of Gamma(shape, scale) (Generator.gamma(shape, scale, size)):
  /// Marsaglia-Tsang per element.
  /// @throws xp::value_error for shape < 0 or scale < 0 (or NaN).
  template <detail::real_dtype T = double>
  ndarray<T, B> gamma(double shape, double scale, const shape_type& size) {
    xp::detail::op_range<B> range("xp::random::Generator::gamma");
    if (!(shape >= 0)) detail::bad_value("gamma", "shape must be non-negative, got ", shape);
    if (!(scale >= 0)) detail::bad_value("gamma", "scale must be non-negative, got ", scale);
    return fill(size, detail::gamma_sampler<T>{next(), shape, scale});
  }

  /// @brief Integers in [low, high), or [low, high] with endpoint (Generator.integers), unbiased
  /// (Lemire's method); int64 by default, any integer dtype T.
  /// @throws xp::value_error when the interval is empty or does not fit T.
  template <detail::integer_dtype T = std::int64_t>
  ndarray<T, B> integers(std::int64_t low, std::int64_t high, const shape_type& size, bool endpoint = false) {
    xp::detail::op_range<B> range("xp::random::Generator::integers");
    if (endpoint ? low > high : low >= high)
      detail::bad_value("integers", endpoint ? "low > high" : "low >= high", " (low=", low, ", high=", high, ")");
    const std::int64_t top = endpoint ? high : high - 1;  // the largest value drawn
    if (!std::in_range<T>(low) || !std::in_range<T>(top))
      detail::bad_value("integers", "[", low, ", ", top, "] does not fit the dtype");
    const auto count = static_cast<std::uint64_t>(top) - static_cast<std::uint64_t>(low) + 1;  // 0: 2^64
    const auto ulow = static_cast<std::uint64_t>(low);
    if (count != 0 && count <= (std::uint64_t{1} << 32))
      return fill(size, detail::integers_sampler<T, false>{next(), count & 0xffffffffu, ulow});
    return fill(size, detail::integers_sampler<T, true>{next(), count, ulow});
  }

  /// @brief Samples of Poisson(lam) as int64 (Generator.poisson).
  /// @throws xp::value_error for lam < 0, NaN or above NumPy's limit (about 9.2e18).
  ndarray<std::int64_t, B> poisson(double lam, const shape_type& size) {
    xp::detail::op_range<B> range("xp::random::Generator::poisson");
    if (!(lam >= 0) || lam > 9.223372006484771e18)
      detail::bad_value("poisson", "lam must be in [0, 9.2e18], got ", lam);
    detail::poisson_sampler d{next(), lam, std::exp(-lam), 0, 0, 0, 0, 0, 0, 0};
    if (lam >= 10) {
      d.slam = std::sqrt(lam);
      d.loglam = std::log(lam);
      d.b = 0.931 + 2.53 * d.slam;
      d.a = -0.059 + 0.02483 * d.b;
      d.inv_alpha = 1.1239 + 1.1328 / (d.b - 3.4);
      d.v_r = 0.9277 - 3.6224 / (d.b - 2);
      d.log_ia = std::log(d.inv_alpha);
    }
    return fill(size, d);
  }

  /// @brief Samples of Binomial(n, p) as int64 (Generator.binomial).
  /// @throws xp::value_error for n < 0 or p outside [0, 1].
  ndarray<std::int64_t, B> binomial(std::int64_t n, double p, const shape_type& size) {
    xp::detail::op_range<B> range("xp::random::Generator::binomial");
    if (n < 0) detail::bad_value("binomial", "n must be non-negative, got ", n);
    if (!(p >= 0 && p <= 1)) detail::bad_value("binomial", "p must be in [0, 1], got ", p);
    return fill(size, detail::binomial_sampler{next(), n, p});
  }

  /// @brief `size` indices of range(n) as int64 (Generator.choice(n, size, replace, p)): with
  /// replacement uniformly or by the weights p; without replacement distinct, in the order of
  /// successive draws (weighted: Efraimidis-Spirakis keys, the same law as NumPy's).
  /// Without replacement and weights, a few values of a large n cost memory for those values
  /// only (never a table of n).
  /// @throws xp::value_error for n < 0, p of another length than n, a negative or NaN weight,
  /// weights not summing to 1 (within sqrt(float64 eps), NumPy's tolerance), n = 0 with a
  /// non-empty size, without replacement more values than n (than non-zero weights), or a size
  /// too big to hold ("array is too big", as NumPy).
  ndarray<std::int64_t, B> choice(std::int64_t n, const shape_type& size, bool replace = true,
                                  const std::vector<double>& p = {}) {
    xp::detail::op_range<B> range("xp::random::Generator::choice");
    const index_t k = checked_size(size, sizeof(std::int64_t));
    if (n < 0) detail::bad_value("choice", "n must be non-negative, got ", n);
    if (n == 0 && k > 0) detail::bad_value("choice", "cannot take ", k, " samples from an empty population");
    if (!p.empty() || (!replace && k > 0)) check_weights(n, p);
    if (replace) {
      if (p.empty()) return integers<std::int64_t>(0, std::max<std::int64_t>(n, 1), size);
      std::vector<double> cdf(p.size());
      std::partial_sum(p.begin(), p.end(), cdf.begin());
      for (double& c : cdf) c /= cdf.back();
      cdf.back() = 1.0;
      const auto table = xp::asarray<B>(host_array(std::move(cdf)));
      return fill(size, detail::cdf_sampler{next(), table.data(), n});
    }
    std::int64_t available = n;
    if (!p.empty()) available = std::count_if(p.begin(), p.end(), [](double w) { return w > 0; });
    if (k > available)
      detail::bad_value("choice", "cannot take ", k, " samples without replacement from ", available,
                        p.empty() ? " values" : " values of non-zero weight");
    const ndarray<std::int64_t, host> picked =
        p.empty() ? partial_shuffle(n, k) : host_array(weighted_without_replacement(p, k));
    return xp::asarray<B>(picked).reshape(size);
  }

  /// @brief `size` elements of a along axis 0, as choice(a.shape[0], ...) picks them
  /// (Generator.choice(a, size, replace, p)); the result has shape size + a.shape[1:]. Runs on
  /// the host: a device array is copied there and back.
  /// @throws xp::value_error as choice(n, ...), and for a 0-d a.
  template <class T>
  ndarray<T, B> choice(const ndarray<T, B>& a, const shape_type& size, bool replace = true,
                       const std::vector<double>& p = {}) {
    if (a.ndim() == 0) detail::bad_value("choice", "a must be at least 1-dimensional");
    const auto idx = xp::asarray<host>(choice(a.shape(0), size, replace, p));
    return take_rows(a, idx.data(), idx.size(), size);
  }

  /// @brief A random permutation of range(n) as int64 (Generator.permutation(n)), Fisher-Yates
  /// on the host (the device gets the same array).
  /// @throws xp::value_error for n < 0 or n too big to hold ("array is too big", as NumPy);
  ///         xp::out_of_memory when the n values do not fit in memory.
  ndarray<std::int64_t, B> permutation(std::int64_t n) {
    xp::detail::op_range<B> range("xp::random::Generator::permutation");
    if (n < 0) detail::bad_value("permutation", "n must be non-negative, got ", n);
    return xp::asarray<B>(partial_shuffle(n, n));
  }

  /// @brief A copy of a with its axis-0 slices permuted (Generator.permutation(a)).
  /// @throws xp::value_error for a 0-d a.
  template <class T>
  ndarray<T, B> permutation(const ndarray<T, B>& a) {
    if (a.ndim() == 0) detail::bad_value("permutation", "a must be at least 1-dimensional");
    const auto order = partial_shuffle(a.shape(0), a.shape(0));
    return take_rows(a, order.data(), a.shape(0), {a.shape(0)});
  }

  /// @brief Permutes a's axis-0 slices in place (Generator.shuffle), as permutation(a) would.
  /// @throws xp::value_error for a 0-d or read-only a.
  template <class T>
  void shuffle(const ndarray<T, B>& a) {
    if (a.ndim() == 0) detail::bad_value("shuffle", "a must be at least 1-dimensional");
    if (!a.writeable()) detail::bad_value("shuffle", "a is read-only");
    auto shuffled = permutation(a);
    ndarray<T, B> target = a;
    std::move(target) = shuffled;
  }

 private:
  std::uint64_t m_seed;
  std::uint32_t m_calls = 0;

  detail::stream next() { return {m_seed, m_calls++}; }

  template <class D>
  static ndarray<typename D::value_type, B> fill(const shape_type& size, const D& d) {
    ndarray<typename D::value_type, B> out(size);
    if (out.size() > 0) primitive::random_fill<B>::run(out.data(), out.size(), d);
    return out;
  }

  template <class T>
  static ndarray<T, host> host_array(std::vector<T> v) {
    ndarray<T, host> h({static_cast<index_t>(v.size())});
    std::copy(v.begin(), v.end(), h.data());
    return h;
  }

  static void check_weights(std::int64_t n, const std::vector<double>& p) {
    if (p.empty()) return;
    if (static_cast<std::int64_t>(p.size()) != n)
      detail::bad_value("choice", "p has ", p.size(), " weights for a population of ", n);
    double sum = 0;
    for (std::size_t i = 0; i < p.size(); ++i) {
      if (!(p[i] >= 0) || !std::isfinite(p[i]))
        detail::bad_value("choice", "p[", i, "] = ", p[i], " is not a probability");
      sum += p[i];
    }
    if (!(std::abs(sum - 1.0) <= std::sqrt(std::numeric_limits<double>::epsilon())))
      detail::bad_value("choice", "probabilities p sum to ", sum, ", not 1");
  }

  // A draw of at most n / sparse_shuffle_ratio values of range(n) keeps the positions it moved
  // in a map instead of a table of all n (the same values either way).
  static constexpr std::int64_t sparse_shuffle_ratio = 16;

  // The first k of a Fisher-Yates shuffle of range(n), drawn on the host from this call's stream:
  // step t swaps position t with t + an unbiased integer below n - t (Lemire, word t's
  // substream supplying rejections). Arrays, not std::vector, hold the values, so a size too big
  // is xp's error (checked_size's "array is too big", or xp::out_of_memory).
  ndarray<std::int64_t, host> partial_shuffle(std::int64_t n, std::int64_t k) {
    const detail::stream s = next();
    const auto partner = [&s, n](std::int64_t t) {  // the position step t swaps with t
      const auto range = static_cast<std::uint64_t>(n - t);
      const detail::integers_sampler<std::int64_t, true> pick{s, range, 0};
      const philox4x32 w = s.bits(static_cast<std::uint64_t>(t), 0);
      return t + pick.wide(static_cast<std::uint64_t>(t), 0, (static_cast<std::uint64_t>(w.v[0]) << 32) | w.v[1]);
    };
    ndarray<std::int64_t, host> out({k});
    std::int64_t* first = out.data();
    if (k > n / sparse_shuffle_ratio) {
      ndarray<std::int64_t, host> table = k == n ? out : ndarray<std::int64_t, host>({n});
      std::int64_t* v = table.data();
      std::iota(v, v + n, std::int64_t{0});
      for (std::int64_t t = 0; t < k && t + 1 < n; ++t) std::swap(v[t], v[partner(t)]);
      if (k < n) std::copy_n(v, k, first);
      return out;
    }
    // here k < n, so every step swaps; position t is final once step t has run
    std::unordered_map<std::int64_t, std::int64_t> moved;  // position -> value, where not its own index
    const auto value_at = [&moved](std::int64_t i) {
      const auto it = moved.find(i);
      return it == moved.end() ? i : it->second;
    };
    for (std::int64_t t = 0; t < k; ++t) {
      const std::int64_t j = partner(t);
      const std::int64_t held = value_at(t);
      first[t] = value_at(j);
      moved[j] = held;
    }
    return out;
  }

  // Efraimidis-Spirakis: key_i = ln(U_i) / w_i; the k largest keys, largest first, are k
  // successive draws without replacement with probabilities proportional to w.
  std::vector<std::int64_t> weighted_without_replacement(const std::vector<double>& p, std::int64_t k) {
    const auto n = static_cast<std::int64_t>(p.size());
    const detail::stream s = next();
    std::vector<std::pair<double, std::int64_t>> keys;
    keys.reserve(p.size());
    for (std::int64_t i = 0; i < n; ++i) {
      if (!(p[static_cast<std::size_t>(i)] > 0)) continue;
      const philox4x32 w = s.bits(static_cast<std::uint64_t>(i), 0);
      keys.emplace_back(std::log(detail::open_unit_d(w.v[0], w.v[1])) / p[static_cast<std::size_t>(i)], i);
    }
    std::partial_sort(keys.begin(), keys.begin() + k, keys.end(), std::greater<>());
    std::vector<std::int64_t> out(static_cast<std::size_t>(k));
    for (std::int64_t i = 0; i < k; ++i) out[static_cast<std::size_t>(i)] = keys[static_cast<std::size_t>(i)].second;
    return out;
  }

  // Rows idx[0..m) of a (axis 0) into an array of shape lead + a.shape[1:], on the host.
  template <class T>
  static ndarray<T, B> take_rows(const ndarray<T, B>& a, const std::int64_t* idx, index_t m, const shape_type& lead) {
    const auto h = xp::asarray<host>(a).copy();  // contiguous
    shape_type shape = lead;
    shape.insert(shape.end(), a.shape().begin() + 1, a.shape().end());
    ndarray<T, host> out(shape);
    const index_t row = a.shape(0) > 0 ? h.size() / a.shape(0) : 0;
    for (index_t r = 0; r < m; ++r) std::copy_n(h.data() + idx[r] * row, row, out.data() + r * row);
    return xp::asarray<B>(out);
  }
};

/// @brief A Generator<B> with key `seed` (np.random.default_rng(seed)).
template <class B = host>
Generator<B> default_rng(std::uint64_t seed = 0) {
  return Generator<B>(seed);
}

}  // namespace xp::random
