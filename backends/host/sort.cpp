/// @file backends/host/sort.cpp
/// @brief The host's sort primitive for every type of XP_SORT_TYPES: each row's keys
/// (detail::sort_key) sorted stably with their positions, then the elements written in that order.

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#define XP_INSTANTIATE_HOST_SORT  // the type list stays defined, and no extern declarations
#include "xp/array/sort_primitive.hpp"

namespace xp::backends::host {

namespace {

// complex numbers: the components' keys, real first (NumPy's lexicographic order)
template <class T>
struct row_key {
  using type = typename detail::sort_key<T>::type;
  static type of(T x) { return detail::sort_key<T>::encode(x); }
};
template <class R>
struct row_key<complex<R>> {
  using part = typename detail::sort_key<R>::type;
  struct type {
    part re, im;
    bool operator<(const type& o) const { return re < o.re || (re == o.re && im < o.im); }
  };
  static type of(complex<R> x) { return {detail::sort_key<R>::encode(x.real()), detail::sort_key<R>::encode(x.imag())}; }
};

template <class T>
void sort_row(T* data, std::int64_t* positions, index_t length, bool descending) {
  using K = row_key<T>;
  std::vector<typename K::type> keys(static_cast<std::size_t>(length));
  std::vector<std::int64_t> order(static_cast<std::size_t>(length));
  for (index_t i = 0; i < length; ++i) keys[static_cast<std::size_t>(i)] = K::of(data[i]);
  std::iota(order.begin(), order.end(), std::int64_t{0});
  if (descending)
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
      return keys[static_cast<std::size_t>(b)] < keys[static_cast<std::size_t>(a)];
    });
  else
    std::stable_sort(order.begin(), order.end(), [&](std::int64_t a, std::int64_t b) {
      return keys[static_cast<std::size_t>(a)] < keys[static_cast<std::size_t>(b)];
    });
  std::vector<T> sorted(static_cast<std::size_t>(length));
  for (index_t i = 0; i < length; ++i) sorted[static_cast<std::size_t>(i)] = data[order[static_cast<std::size_t>(i)]];
  std::copy(sorted.begin(), sorted.end(), data);
  if (positions) std::copy(order.begin(), order.end(), positions);
}

}  // namespace

template <class T>
void sort_rows(const detail::sort_problem<T>& p) {
#pragma omp parallel for schedule(dynamic) if (p.rows > 1)
  for (index_t r = 0; r < p.rows; ++r)
    sort_row(p.data + r * p.length, p.positions ? p.positions + r * p.length : nullptr, p.length, p.descending);
}

#define XP_HOST_SORT_INSTANCE(T) template void sort_rows<T>(const detail::sort_problem<T>&);
XP_SORT_TYPES(XP_HOST_SORT_INSTANCE)
#undef XP_HOST_SORT_INSTANCE
#undef XP_SORT_TYPES

}  // namespace xp::backends::host
