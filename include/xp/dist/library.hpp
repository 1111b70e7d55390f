#pragma once
/// @file dist/library.hpp
/// @brief xp's library functions on sharded arrays, written once over both communicators:
/// matmul split by rows, the Lomb-Scargle periodogram split over frequencies, and 2-D diffusion
/// split by rows with a halo exchange every `halo` steps.
///
///     auto c = xp::dist::matmul(a, b);                       // a sharded by rows, b replicated
///     auto p = xp::dist::lombscargle(comm, t, y, grid);      // each rank its slice of the grid
///     xp::dist::diffuse(f, 0.25, 1000, {.halo = 4});          // halos swapped every 4 steps

#include <algorithm>
#include <string>
#include <vector>

#include "xp/dist/sharded.hpp"
#include "xp/linalg/matmul.hpp"
#include "xp/pde/diffusion.hpp"
#include "xp/signal/lombscargle.hpp"

namespace xp::dist {

/// @brief np.matmul(a, b) with `a` split by rows: rank r multiplies its rows by its copy of b,
/// so the result is split as `a` is. No communication.
/// @throws xp::value_error for a 1-D `a` (its axis 0 is the contracted one), a `b` of more than
///         2 dimensions, or operands on different ranks; as xp::matmul for shapes that do not match.
template <class T, class U, class B>
auto matmul(const sharded<T, B>& a, const replicated<U, B>& b) {
  if (a.ndim() < 2)
    throw value_error("xp::dist::matmul: a sharded left operand needs 2 or more dimensions; got shape " +
                      to_string(a.shape()));
  if (b.shape().size() > 2)
    throw value_error(
        "xp::dist::matmul: the replicated right operand must be 1-D or 2-D (it multiplies every row "
        "or batch of the sharded one); got shape " +
        to_string(b.shape()));
  detail::check_same_ranks(a.comm(), b.comm(), "matmul");
  return detail::sharded_from(
      a, [&](int r) { return ::xp::matmul(a.shard(r), b[r]); }, "matmul");
}

/// @brief matmul(a, replicate(a.comm(), b)): `b` (host or any device) copied to every rank first.
template <class T, class U, class B, class A>
auto matmul(const sharded<T, B>& a, const ndarray<U, A>& b) {
  return matmul(a, replicate(a.comm(), b));
}

/// @brief xp::signal::lombscargle on the grid f0 + i df, i < n, its frequencies split over the
/// ranks (np.array_split of the grid; each rank computes its slice from its own copy of x and y).
/// The result is sharded like the grid.
/// @throws as xp::signal::lombscargle.
template <class C, class T, class U, class A>
auto lombscargle(const C& comm, const ndarray<T, A>& x, const ndarray<U, A>& y, const signal::frequency_grid& grid,
                 const signal::lombscargle_options& options = {}) {
  using B = typename C::backend_type;
  using R = signal::detail::lombscargle_t<T, U>;
  signal::detail::check_samples(x, y);
  if (grid.n < 0) throw value_error("xp::dist::lombscargle: frequency_grid.n is negative");
  const auto xs = replicate(comm, x);
  const auto ys = replicate(comm, y);
  const std::vector<index_t> rows = detail::split_rows(grid.n, comm.size());
  std::vector<ndarray<R, B>> parts;
  index_t first = 0;
  for (int r = 0; r < comm.size(); ++r) {
    rank_scope<B> on(comm, r);
    const signal::frequency_grid slice{grid.f0 + static_cast<double>(first) * grid.df, grid.df,
                                       rows[static_cast<std::size_t>(r)]};
    parts.push_back(signal::lombscargle(xs[r], ys[r], slice, options));
    first += slice.n;
  }
  return sharded<R, B>(comm, std::move(parts));
}

/// @brief Options of xp::dist::diffuse: `.halo` rows of each neighbour are copied every `.halo`
/// steps (temporal blocking: fewer, larger exchanges for a few rows computed twice).
struct diffuse_options {
  index_t halo = 1;
};

/// @brief xp::pde::diffuse on a field split by rows: each rank steps its rows with `halo` rows
/// of each neighbour around them, exchanged every `halo` steps (NCCL send/recv between GPUs).
/// The result equals one device's diffuse up to the rounding of the stencil's kernels. A halo
/// deeper than the shortest non-empty shard is cut to it.
/// @throws xp::shape_error when f is not 2-D; xp::value_error for coeff outside (0, 0.25],
///         steps < 0, halo < 1 or a read-only shard.
template <class T, class B>
void diffuse(const sharded<T, B>& f, double coeff, index_t steps, const diffuse_options& options = {}) {
  if (f.ndim() != 2) throw shape_error("xp::dist::diffuse: the field must be 2-D; got shape " + to_string(f.shape()));
  pde::detail::check_coeff(coeff, "diffuse");
  if (steps < 0) throw value_error("xp::dist::diffuse: steps must be >= 0; got " + std::to_string(steps));
  if (options.halo < 1) throw value_error("xp::dist::diffuse: halo must be >= 1; got " + std::to_string(options.halo));
  for (const auto& s : f.shards()) ::xp::detail::check_writeable(s);
  if (steps == 0 || f.size() == 0) return;

  // the ranks with rows, in order (array_split puts them first; an adopted split may not)
  std::vector<int> owners;
  for (int r = 0; r < f.num_shards(); ++r)
    if (f.shard(r).shape(0) > 0) owners.push_back(r);
  if (owners.size() == 1) {  // one rank holds every row: no halo, and the stencil's own temporal blocking
    rank_scope<B> on(f.comm(), owners[0]);
    pde::diffuse(f.shard(owners[0]), coeff, steps);
    return;
  }
  index_t shortest = f.shape(0);
  for (int r : owners) shortest = std::min(shortest, f.shard(r).shape(0));
  const index_t k = std::min({options.halo, shortest, steps});
  const index_t cols = f.shape(1);
  const std::size_t active = owners.size();

  // each owner's rows with k halo rows above (unless first) and below (unless last): the
  // stencil's zero outside the grid is the global boundary's, and wrong values from a halo's
  // outer edge travel one row per step, so k steps leave the rank's own rows exact
  struct block {
    int rank;
    index_t top, rows;
    ndarray<T, B> ext;
  };
  std::vector<block> blocks;
  for (std::size_t i = 0; i < active; ++i) {
    const int r = owners[i];
    rank_scope<B> on(f.comm(), r);
    const index_t rows = f.shard(r).shape(0), top = i > 0 ? k : 0, bottom = i + 1 < active ? k : 0;
    auto ext = empty<T, B>({top + rows + bottom, cols});
    ::xp::detail::assign(ext(range(top, top + rows)), f.shard(r));
    blocks.push_back({r, top, rows, std::move(ext)});
  }
  for (index_t done = 0; done < steps;) {
    const index_t s = std::min(k, steps - done);
    std::vector<message<T, B>> halos;
    for (std::size_t i = 0; i + 1 < active; ++i) {
      const block& up = blocks[i];
      const block& down = blocks[i + 1];
      const index_t up_end = up.top + up.rows;  // one past the upper rank's last own row
      halos.push_back({up.rank, up.ext(range(up_end - k, up_end)), down.rank, down.ext(range(0, k))});
      halos.push_back({down.rank, down.ext(range(down.top, down.top + k)), up.rank, up.ext(range(up_end, up_end + k))});
    }
    f.comm().exchange(halos);
    for (const block& b : blocks) {
      rank_scope<B> on(f.comm(), b.rank);
      pde::diffuse(b.ext, coeff, s);
    }
    done += s;
  }
  for (const block& b : blocks) {
    rank_scope<B> on(f.comm(), b.rank);
    ::xp::detail::assign(f.shard(b.rank), b.ext(range(b.top, b.top + b.rows)));
  }
}

}  // namespace xp::dist
