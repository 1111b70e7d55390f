#pragma once
/// @file linalg/einsum.hpp
/// @brief np.einsum with a contraction planner, and np.einsum_path. Written over views, xp::sum
/// and xp::matmul, so it runs on every backend with no kernel of its own.
///
///     auto C = xp::einsum("ij,jk->ik", A, B);           // np.einsum('ij,jk->ik', A, B)
///     auto t = xp::einsum("ii", M);                     // the trace
///     auto v = xp::einsum("ij,jk->...k", A, B);         // sum over i first, then a vector-matrix product
///     xp::einsum("bij,bjk->bik", X, Y, xp::out(Z));     // out=
///     std::puts(xp::einsum_path("ij,jk,kl->il", A, B, C).to_string().c_str());
///
/// The planner (opt_einsum's idea): a label repeated within one operand takes the diagonal as a
/// strided view; labels private to one operand (in no other operand and not in the output) are
/// summed out of it first (xp::sum); then pairs of operands are contracted, in the order of fewest
/// FLOPs (exhaustive search up to 4 operands, greedy beyond), each through xp::matmul on batched
/// views (batch labels, contracted labels, each side's kept labels), or an elementwise product
/// when nothing is contracted. Plans are cached by subscripts and operand shapes.

#include <algorithm>
#include <bitset>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <string_view>
#include <tuple>
#include <type_traits>
#include <utility>
#include <vector>

#include "xp/core/ndarray.hpp"
#include "xp/core/plan_cache.hpp"
#include "xp/expr/elementwise.hpp"
#include "xp/expr/kernel.hpp"
#include "xp/expr/reduction.hpp"
#include "xp/linalg/matmul.hpp"

namespace xp {

/// @brief One step of an einsum plan (a row of np.einsum_path's table).
struct einsum_step {
  /// Positions in the current list of operands (NumPy's path tuple): one for a sum over labels
  /// private to that operand, two for a pairwise contraction. They leave the list and the
  /// step's result is appended at its end.
  std::vector<std::size_t> operands;
  /// The step's own einsum, e.g. "jk,j->k" (NumPy's "current" column).
  std::string subscript;
  /// The operands left after the step, then "->" and the output (NumPy's "remaining" column).
  std::string remaining;
  /// NumPy's FLOP estimate: the product of the step's extents, times 2 when it sums a label.
  double flops = 0;
  /// The number of distinct labels of the step (NumPy's "scaling").
  std::size_t scaling = 0;
  /// The elements of the step's result.
  index_t intermediate_size = 0;
};

/// @brief What np.einsum_path returns: the plan of an einsum, its cost, and its printout.
struct einsum_path_info {
  /// The whole contraction with explicit output and ellipses written as letters ("ij,jk->k").
  std::string contraction;
  /// "optimal" (exhaustive search, up to 4 operands) or "greedy".
  std::string optimize;
  std::vector<einsum_step> steps;
  /// The cost of evaluating the expression as written, in one loop nest (NumPy's naive count).
  double naive_flops = 0;
  /// The sum of the steps' FLOPs.
  double optimized_flops = 0;
  /// The distinct labels of the whole contraction, and the most of any step.
  std::size_t naive_scaling = 0, optimized_scaling = 0;
  /// The largest step result, in elements.
  index_t largest_intermediate = 0;

  /// @brief The path as NumPy's list of tuples: each step's operand positions.
  std::vector<std::vector<std::size_t>> path() const {
    std::vector<std::vector<std::size_t>> p;
    for (const auto& s : steps) p.push_back(s.operands);
    return p;
  }
  /// @brief The table np.einsum_path prints (its second result).
  std::string to_string() const {
    constexpr std::size_t line_size = 512;  // one table row; the columns are 74 characters
    char line[line_size];
    std::string s;
    auto add = [&](const char* format, auto... args) {
      std::snprintf(line, line_size, format, args...);
      s += line;
    };
    add("  Complete contraction:  %s\n", contraction.c_str());
    add("         Naive scaling:  %zu\n", naive_scaling);
    add("     Optimized scaling:  %zu\n", optimized_scaling);
    add("      Naive FLOP count:  %.3e\n", naive_flops);
    add("  Optimized FLOP count:  %.3e\n", optimized_flops);
    add("   Theoretical speedup:  %3.3f\n", optimized_flops > 0 ? naive_flops / optimized_flops : 1.0);
    add("  Largest intermediate:  %.3e elements\n", static_cast<double>(largest_intermediate));
    const std::string rule(74, '-');
    s += rule + "\n";
    add("%6s %24s %40s\n", "scaling", "current", "remaining");
    s += rule;
    for (const auto& step : steps)
      add("\n%4zu    %24s %40s", step.scaling, step.subscript.c_str(), step.remaining.c_str());
    return s;
  }
};

namespace detail {

// Labels are small integers: the letters in ASCII order (A-Z 0..25, a-z 26..51), so that sorting
// ids sorts like NumPy's implicit output; then one id per broadcast ('...') dimension.
inline constexpr int einsum_letters = 52;
// Label sets are bitsets: 52 letters and up to 76 broadcast dimensions.
inline constexpr std::size_t einsum_max_labels = 128;
// The exhaustive search's limit (its cost grows as n! (n-1)! / 2^(n-1)); greedy beyond.
inline constexpr std::size_t einsum_optimal_operands = 4;
// Plans held (the LRU bound): a program uses few distinct einsums; a plan is a few hundred bytes.
inline constexpr std::size_t einsum_plan_cache_size = 64;

using einsum_labels = std::bitset<einsum_max_labels>;

inline int einsum_letter_id(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return 26 + (c - 'a');
  return -1;
}

// The operands as the pairwise steps see them: distinct labels and their extents.
struct einsum_pair_plan {
  bool elementwise = false;  // nothing contracted: a broadcast product
  // matmul: left's axes in (batch, left-kept, contracted) order, right's in (batch, contracted,
  // right-kept) order; elementwise: for each result label, the operand's axis or -1
  std::vector<index_t> left_order, right_order;
  shape_type left_shape, right_shape;  // matmul: (batch..., M, K) and (batch..., K, N)
  shape_type result_shape;             // batch..., left-kept..., right-kept...
};

struct einsum_exec_step {
  std::vector<std::size_t> positions;  // 1: sum; 2: a pair
  std::vector<index_t> summed_axes;    // a sum's axes
  einsum_pair_plan pair;
};

struct einsum_plan {
  std::vector<std::vector<int>> axis_labels;  // per operand and axis, with repeats
  std::vector<std::vector<int>> labels;       // per operand: its distinct labels, the view's axes
  std::vector<index_t> extents;               // per label, broadcast
  std::vector<einsum_exec_step> steps;
  std::vector<index_t> final_order;  // the last operand's axes in output order
  shape_type output_shape;
  einsum_path_info info;
};

[[noreturn]] inline void einsum_fail(std::string_view subscripts, const std::string& what) {
  throw value_error("xp::einsum: " + what + " (subscripts '" + std::string(subscripts) + "')");
}

// A label's name in messages.
inline std::string einsum_label_name(int id, int broadcast_dims) {
  if (id < einsum_letters) return "'" + std::string(1, id < 26 ? char('A' + id) : char('a' + id - 26)) + "'";
  return "'...' dimension " + std::to_string(id - einsum_letters - broadcast_dims) + " (from the end)";
}

struct einsum_term {
  std::vector<int> letters;
  int ellipsis_at = -1;  // index into letters where '...' stands, or -1
};

// One term of the subscripts: letters and at most one '...'.
inline einsum_term einsum_parse_term(std::string_view subscripts, std::string_view term, const std::string& what) {
  einsum_term t;
  for (std::size_t i = 0; i < term.size(); ++i) {
    const char c = term[i];
    if (c == ' ') continue;
    if (c == '.') {
      if (term.substr(i, 3) != "...") einsum_fail(subscripts, "in " + what + ", a '.' that is not part of '...'");
      if (t.ellipsis_at >= 0) einsum_fail(subscripts, what + " has more than one '...'");
      t.ellipsis_at = static_cast<int>(t.letters.size());
      i += 2;
      continue;
    }
    const int id = einsum_letter_id(c);
    if (id < 0) einsum_fail(subscripts, "invalid character '" + std::string(1, c) + "' in " + what);
    t.letters.push_back(id);
  }
  return t;
}

inline double einsum_size(const einsum_labels& set, const std::vector<index_t>& extents) {
  double n = 1;
  for (std::size_t l = 0; l < extents.size(); ++l)
    if (set.test(l)) n *= static_cast<double>(extents[l]);
  return n;
}

// NumPy's FLOP count (numpy/core/einsumfunc.py _flop_count): the product of the extents, times
// the terms less one (at least one), plus one when a label is summed.
inline double einsum_flops(const einsum_labels& set, bool sums, std::size_t terms,
                           const std::vector<index_t>& extents) {
  const double factor = static_cast<double>(std::max<std::size_t>(1, terms - 1) + (sums ? 1 : 0));
  return einsum_size(set, extents) * factor;
}

struct einsum_search_state {
  double flops = 0, largest = 0;
  std::vector<std::pair<std::size_t, std::size_t>> path;
};

// Exhaustive: every order of pairwise contractions, NumPy's enumeration order, the first of the
// fewest FLOPs (then of the smallest largest intermediate).
inline void einsum_search(const std::vector<einsum_labels>& ops, const einsum_labels& output,
                          const std::vector<index_t>& extents, einsum_search_state& current, einsum_search_state& best,
                          bool& found) {
  if (ops.size() <= 1) {
    if (!found || current.flops < best.flops || (current.flops == best.flops && current.largest < best.largest)) {
      best = current;
      found = true;
    }
    return;
  }
  if (found && current.flops > best.flops) return;  // no cheaper completion
  for (std::size_t i = 0; i < ops.size(); ++i)
    for (std::size_t j = i + 1; j < ops.size(); ++j) {
      einsum_labels needed = output;
      for (std::size_t o = 0; o < ops.size(); ++o)
        if (o != i && o != j) needed |= ops[o];
      const einsum_labels all = ops[i] | ops[j];
      const einsum_labels result = all & needed;
      std::vector<einsum_labels> next;
      for (std::size_t o = 0; o < ops.size(); ++o)
        if (o != i && o != j) next.push_back(ops[o]);
      next.push_back(result);
      const einsum_search_state saved = current;
      current.flops += einsum_flops(all, (all & ~needed).any(), 2, extents);
      current.largest = std::max(current.largest, einsum_size(result, extents));
      current.path.emplace_back(i, j);
      einsum_search(next, output, extents, current, best, found);
      current = saved;
    }
}

// Greedy: the pair of fewest FLOPs at each step (then of the smallest result).
inline std::vector<std::pair<std::size_t, std::size_t>> einsum_greedy(std::vector<einsum_labels> ops,
                                                                      const einsum_labels& output,
                                                                      const std::vector<index_t>& extents) {
  std::vector<std::pair<std::size_t, std::size_t>> path;
  while (ops.size() > 1) {
    double best_flops = 0, best_size = 0;
    std::pair<std::size_t, std::size_t> best{0, 1};
    einsum_labels best_result;
    bool found = false;
    for (std::size_t i = 0; i < ops.size(); ++i)
      for (std::size_t j = i + 1; j < ops.size(); ++j) {
        einsum_labels needed = output;
        for (std::size_t o = 0; o < ops.size(); ++o)
          if (o != i && o != j) needed |= ops[o];
        const einsum_labels all = ops[i] | ops[j], result = all & needed;
        const double f = einsum_flops(all, (all & ~needed).any(), 2, extents), size = einsum_size(result, extents);
        if (!found || f < best_flops || (f == best_flops && size < best_size)) {
          best_flops = f, best_size = size, best = {i, j}, best_result = result, found = true;
        }
      }
    ops.erase(ops.begin() + static_cast<std::ptrdiff_t>(best.second));
    ops.erase(ops.begin() + static_cast<std::ptrdiff_t>(best.first));
    ops.push_back(best_result);
    path.push_back(best);
  }
  return path;
}

// Parses `subscripts` for operands of these shapes, checks them, and plans the evaluation.
inline std::shared_ptr<einsum_plan> einsum_make_plan(std::string_view subscripts,
                                                     const std::vector<const shape_type*>& shapes) {
  const std::size_t count = shapes.size();
  // ---- parse
  const std::size_t arrow = subscripts.find("->");
  if (arrow != std::string_view::npos && subscripts.find("->", arrow + 2) != std::string_view::npos)
    einsum_fail(subscripts, "more than one '->'");
  const std::string_view lhs = subscripts.substr(0, arrow);
  for (std::size_t i = 0; i < subscripts.size(); ++i) {
    const char c = subscripts[i];
    if ((c == '-' || c == '>') && !(arrow != std::string_view::npos && (i == arrow || i == arrow + 1)))
      einsum_fail(subscripts, "a '" + std::string(1, c) + "' that is not part of '->'");
  }
  std::vector<std::string_view> terms;
  for (std::size_t start = 0;;) {
    const std::size_t comma = lhs.find(',', start);
    terms.push_back(lhs.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start));
    if (comma == std::string_view::npos) break;
    start = comma + 1;
  }
  if (terms.size() != count)
    einsum_fail(subscripts, "the subscripts name " + std::to_string(terms.size()) + " operand" +
                                (terms.size() == 1 ? "" : "s") + ", " + std::to_string(count) + " given");
  auto plan = std::make_shared<einsum_plan>();
  std::vector<einsum_term> parsed;
  int broadcast_dims = 0;
  for (std::size_t k = 0; k < count; ++k) {
    parsed.push_back(einsum_parse_term(subscripts, terms[k], "operand " + std::to_string(k)));
    const auto& t = parsed.back();
    const auto ndim = static_cast<int>(shapes[k]->size()), named = static_cast<int>(t.letters.size());
    if (t.ellipsis_at < 0 ? ndim != named : ndim < named)
      throw shape_error("xp::einsum: operand " + std::to_string(k) + " has shape " + to_string(*shapes[k]) + " (" +
                        std::to_string(ndim) + " dimensions) but its subscript '" + std::string(terms[k]) + "' names " +
                        std::to_string(named) + (t.ellipsis_at < 0 ? "" : " and '...'") + " (subscripts '" +
                        std::string(subscripts) + "')");
    if (t.ellipsis_at >= 0) broadcast_dims = std::max(broadcast_dims, ndim - named);
  }
  if (einsum_letters + broadcast_dims > static_cast<int>(einsum_max_labels))
    einsum_fail(subscripts, "too many dimensions under '...'");
  // '...' dimension d of an operand with e of them is label einsum_letters + broadcast_dims - e + d
  // (right-aligned, as broadcasting)
  std::vector<int> occurrences(einsum_letters + broadcast_dims, 0);
  for (std::size_t k = 0; k < count; ++k) {
    const auto& t = parsed[k];
    std::vector<int> axes;
    const int own = static_cast<int>(shapes[k]->size()) - static_cast<int>(t.letters.size());
    for (int i = 0; i <= static_cast<int>(t.letters.size()); ++i) {
      if (i == t.ellipsis_at)
        for (int d = 0; d < own; ++d) axes.push_back(einsum_letters + broadcast_dims - own + d);
      if (i < static_cast<int>(t.letters.size())) axes.push_back(t.letters[i]);
    }
    for (int l : axes) ++occurrences[l];
    plan->axis_labels.push_back(std::move(axes));
  }
  std::vector<int> output;
  if (arrow == std::string_view::npos) {  // implicit: '...' then the letters seen once, sorted
    for (int d = 0; d < broadcast_dims; ++d) output.push_back(einsum_letters + d);
    for (int l = 0; l < einsum_letters; ++l)
      if (occurrences[l] == 1) output.push_back(l);
  } else {
    const einsum_term t = einsum_parse_term(subscripts, subscripts.substr(arrow + 2), "the output");
    einsum_labels seen;
    for (int l : t.letters) {
      const std::string name = einsum_label_name(l, broadcast_dims);
      if (seen.test(l)) einsum_fail(subscripts, "output label " + name + " appears more than once");
      if (occurrences[l] == 0) einsum_fail(subscripts, "output label " + name + " is not in any operand");
      seen.set(l);
    }
    if (t.ellipsis_at < 0 && broadcast_dims > 0)
      einsum_fail(subscripts, "the operands have " + std::to_string(broadcast_dims) +
                                  " dimensions under '...' but the output has no '...' to broadcast them to");
    for (int i = 0; i <= static_cast<int>(t.letters.size()); ++i) {
      if (i == t.ellipsis_at)
        for (int d = 0; d < broadcast_dims; ++d) output.push_back(einsum_letters + d);
      if (i < static_cast<int>(t.letters.size())) output.push_back(t.letters[i]);
    }
  }
  // ---- extents: equal within an operand; across operands equal or 1 (broadcast)
  const std::size_t label_count = static_cast<std::size_t>(einsum_letters + broadcast_dims);
  plan->extents.assign(label_count, 1);
  std::vector<int> bound_by(label_count, -1);  // the operand that set a label's extent (other than 1)
  for (std::size_t k = 0; k < count; ++k) {
    const auto& axes = plan->axis_labels[k];
    std::vector<int> distinct;
    for (std::size_t ax = 0; ax < axes.size(); ++ax) {
      const int l = axes[ax];
      const index_t e = (*shapes[k])[ax];
      const auto first = std::find(axes.begin(), axes.begin() + static_cast<std::ptrdiff_t>(ax), l);
      if (first != axes.begin() + static_cast<std::ptrdiff_t>(ax)) {
        const index_t e0 = (*shapes[k])[static_cast<std::size_t>(first - axes.begin())];
        if (e0 != e)
          throw shape_error("xp::einsum: label " + einsum_label_name(l, broadcast_dims) + " repeats in operand " +
                            std::to_string(k) + " (shape " + to_string(*shapes[k]) + ") with extents " +
                            std::to_string(e0) + " and " + std::to_string(e) + " (subscripts '" +
                            std::string(subscripts) + "')");
        continue;
      }
      distinct.push_back(l);
      if (e == 1) continue;
      if (bound_by[l] >= 0 && plan->extents[l] != e)
        throw shape_error("xp::einsum: label " + einsum_label_name(l, broadcast_dims) + " is " +
                          std::to_string(plan->extents[l]) + " in operand " + std::to_string(bound_by[l]) + " (shape " +
                          to_string(*shapes[bound_by[l]]) + ") and " + std::to_string(e) + " in operand " +
                          std::to_string(k) + " (shape " + to_string(*shapes[k]) + ") (subscripts '" +
                          std::string(subscripts) + "')");
      plan->extents[l] = e;
      bound_by[l] = static_cast<int>(k);
    }
    plan->labels.push_back(std::move(distinct));
  }
  // ---- letters for the printout: the subscripts' own, unused ones for '...' dimensions
  std::vector<char> symbol(label_count, '?');
  {
    std::string unused;
    for (char c = 'a'; c <= 'z'; ++c)
      if (occurrences[static_cast<std::size_t>(einsum_letter_id(c))] == 0) unused.push_back(c);
    for (char c = 'A'; c <= 'Z'; ++c)
      if (occurrences[static_cast<std::size_t>(einsum_letter_id(c))] == 0) unused.push_back(c);
    for (std::size_t l = 0; l < label_count; ++l)
      if (l < static_cast<std::size_t>(einsum_letters)) symbol[l] = l < 26 ? char('A' + l) : char('a' + l - 26);
      else if (l - einsum_letters < unused.size()) symbol[l] = unused[l - einsum_letters];
  }
  auto spell = [&](const std::vector<int>& ls) {
    std::string s;
    for (int l : ls) s.push_back(symbol[static_cast<std::size_t>(l)]);
    return s;
  };
  const std::string output_text = spell(output);
  auto& info = plan->info;
  {
    std::string lhs_text;
    for (std::size_t k = 0; k < count; ++k) lhs_text += (k ? "," : "") + spell(plan->axis_labels[k]);
    info.contraction = lhs_text + "->" + output_text;
  }
  einsum_labels output_set, all_labels;
  for (int l : output) output_set.set(l);
  std::size_t distinct_total = 0;
  std::vector<einsum_labels> sets;
  for (const auto& ls : plan->labels) {
    einsum_labels s;
    for (int l : ls) s.set(l);
    sets.push_back(s);
    all_labels |= s;
    distinct_total += ls.size();
  }
  info.naive_scaling = all_labels.count();
  info.naive_flops = einsum_flops(all_labels, distinct_total > all_labels.count(), count, plan->extents);

  // ---- the steps, simulated on the list of operands (labels in axis order)
  std::vector<std::vector<int>> current = plan->labels;
  std::vector<std::string> texts;  // each operand's spelling for the printout
  std::vector<int> origin;         // each operand's index in the call, -1 for an intermediate
  for (std::size_t k = 0; k < count; ++k) {
    texts.push_back(spell(plan->axis_labels[k]));
    origin.push_back(static_cast<int>(k));
  }
  auto remaining_text = [&] {
    std::string s;
    for (std::size_t k = 0; k < current.size(); ++k) s += (k ? "," : "") + texts[k];
    return s + "->" + output_text;
  };
  auto record = [&](einsum_exec_step exec, einsum_step step, const std::vector<int>& result_labels) {
    einsum_labels set;
    for (int l : result_labels) set.set(l);
    step.intermediate_size = static_cast<index_t>(einsum_size(set, plan->extents));
    for (auto p = exec.positions.rbegin(); p != exec.positions.rend(); ++p) {
      current.erase(current.begin() + static_cast<std::ptrdiff_t>(*p));
      texts.erase(texts.begin() + static_cast<std::ptrdiff_t>(*p));
      origin.erase(origin.begin() + static_cast<std::ptrdiff_t>(*p));
    }
    origin.push_back(-1);
    current.push_back(result_labels);
    texts.push_back(spell(result_labels));
    step.remaining = remaining_text();
    step.operands = exec.positions;
    info.optimized_flops += step.flops;
    info.optimized_scaling = std::max(info.optimized_scaling, step.scaling);
    info.largest_intermediate = std::max(info.largest_intermediate, step.intermediate_size);
    plan->steps.push_back(std::move(exec));
    info.steps.push_back(std::move(step));
  };
  // (1) labels private to one operand are summed out of it first (operands in order; each summed
  // one moves to the end of the list, as in NumPy's paths)
  for (std::size_t k = 0; k < count; ++k) {
    einsum_labels others = output_set;
    for (std::size_t o = 0; o < count; ++o)
      if (o != k) others |= sets[o];
    if ((sets[k] & ~others).none()) continue;
    const auto at =
        static_cast<std::size_t>(std::find(origin.begin(), origin.end(), static_cast<int>(k)) - origin.begin());
    einsum_exec_step exec;
    exec.positions = {at};
    std::vector<int> kept;
    for (std::size_t ax = 0; ax < plan->labels[k].size(); ++ax) {
      const int l = plan->labels[k][ax];
      if (others.test(l)) kept.push_back(l);
      else exec.summed_axes.push_back(static_cast<index_t>(ax));
    }
    einsum_step step;
    step.subscript = texts[at] + "->" + spell(kept);
    step.flops = einsum_flops(sets[k], true, 1, plan->extents);
    step.scaling = sets[k].count();
    sets[k] &= others;
    record(std::move(exec), std::move(step), kept);
  }
  // (2) pairs, in the order of fewest FLOPs
  std::vector<einsum_labels> list;
  for (const auto& ls : current) {
    einsum_labels s;
    for (int l : ls) s.set(l);
    list.push_back(s);
  }
  std::vector<std::pair<std::size_t, std::size_t>> order;
  if (list.size() <= einsum_optimal_operands) {
    info.optimize = "optimal";
    einsum_search_state state, best;
    bool found = false;
    einsum_search(list, output_set, plan->extents, state, best, found);
    order = best.path;
  } else {
    info.optimize = "greedy";
    order = einsum_greedy(list, output_set, plan->extents);
  }
  for (const auto& [i, j] : order) {
    einsum_labels needed = output_set;
    for (std::size_t o = 0; o < current.size(); ++o)
      if (o != i && o != j) {
        for (int l : current[o]) needed.set(l);
      }
    const auto& left = current[i];
    const auto& right = current[j];
    einsum_labels in_left, in_right;
    for (int l : left) in_left.set(l);
    for (int l : right) in_right.set(l);
    std::vector<int> batch, contracted, left_kept, right_kept;
    for (int l : left) {
      if (!in_right.test(l)) left_kept.push_back(l);
      else (needed.test(l) ? batch : contracted).push_back(l);
    }
    for (int l : right)
      if (!in_left.test(l)) right_kept.push_back(l);
    std::vector<int> result = batch;
    result.insert(result.end(), left_kept.begin(), left_kept.end());
    result.insert(result.end(), right_kept.begin(), right_kept.end());
    einsum_exec_step exec;
    exec.positions = {i, j};
    auto& pair = exec.pair;
    auto axis_of = [](const std::vector<int>& ls, int l) {
      return static_cast<index_t>(std::find(ls.begin(), ls.end(), l) - ls.begin());
    };
    for (int l : result) pair.result_shape.push_back(plan->extents[static_cast<std::size_t>(l)]);
    pair.elementwise = contracted.empty();
    if (pair.elementwise) {
      for (int l : result) {
        pair.left_order.push_back(in_left.test(l) ? axis_of(left, l) : -1);
        pair.right_order.push_back(in_right.test(l) ? axis_of(right, l) : -1);
      }
    } else {
      auto extent_product = [&](const std::vector<int>& ls) {
        index_t n = 1;
        for (int l : ls) n *= plan->extents[static_cast<std::size_t>(l)];
        return n;
      };
      for (int l : batch) {
        pair.left_order.push_back(axis_of(left, l));
        pair.right_order.push_back(axis_of(right, l));
        pair.left_shape.push_back(plan->extents[static_cast<std::size_t>(l)]);
      }
      pair.right_shape = pair.left_shape;
      for (int l : left_kept) pair.left_order.push_back(axis_of(left, l));
      for (int l : contracted) {
        pair.left_order.push_back(axis_of(left, l));
        pair.right_order.push_back(axis_of(right, l));
      }
      for (int l : right_kept) pair.right_order.push_back(axis_of(right, l));
      const index_t m = extent_product(left_kept), k = extent_product(contracted), n = extent_product(right_kept);
      pair.left_shape.insert(pair.left_shape.end(), {m, k});
      pair.right_shape.insert(pair.right_shape.end(), {k, n});
    }
    einsum_labels all = in_left | in_right;
    einsum_step step;
    step.subscript = texts[i] + "," + texts[j] + "->" + spell(result);
    step.flops = einsum_flops(all, !contracted.empty(), 2, plan->extents);
    step.scaling = all.count();
    record(std::move(exec), std::move(step), result);
  }
  // (3) the last operand's axes in output order
  const auto& last = current.back();
  for (int l : output) {
    plan->final_order.push_back(static_cast<index_t>(std::find(last.begin(), last.end(), l) - last.begin()));
    plan->output_shape.push_back(plan->extents[static_cast<std::size_t>(l)]);
  }
  return plan;
}

// The cache of plans, keyed by the subscripts and the operands' shapes (a plan does not depend on
// strides or dtypes: its views are made from each call's operands). Its own LRU container rather
// than a backend's shared cache: the plans are host-side bookkeeping of every backend, and many
// einsums must not evict the vendor plans (cuFFT, cuSOLVER) that hold device workspace there.
inline lru_plan_cache<std::string, einsum_plan>& einsum_plans() {
  static lru_plan_cache<std::string, einsum_plan> cache(einsum_plan_cache_size);
  return cache;
}

inline std::shared_ptr<einsum_plan> einsum_find_plan(std::string_view subscripts,
                                                     const std::vector<const shape_type*>& shapes) {
  std::string key(subscripts);
  for (const shape_type* s : shapes) {
    key.push_back('\0');  // a separator no subscript contains
    key.push_back(static_cast<char>(s->size()));
    key.append(reinterpret_cast<const char*>(s->data()), s->size() * sizeof(index_t));
  }
  return einsum_plans().get_or_make(key, [&] {
    return std::pair{einsum_make_plan(subscripts, shapes), std::size_t{0}};
  });
}

// The type einsum computes in: floats and complex as themselves; integers and bool in int64
// (sums and products modulo 2^64 reduce to every narrower integer's wrap-around; bool as counts).
template <class R>
using einsum_compute_t = std::conditional_t<is_inexact_v<R>, R, std::int64_t>;

// A view of `a` with these axes, extents and strides.
template <class W, class B>
ndarray<W, B> einsum_view(const ndarray<W, B>& a, shape_type shape, shape_type strides) {
  return ndarray<W, B>(a.buffer(), a.data(), std::move(shape), std::move(strides), false);
}

// matmul's operands must have a unit stride or a positive leading one; a broadcast (stride 0)
// axis is materialised first.
template <class W, class B>
ndarray<W, B> einsum_gemm_operand(const ndarray<W, B>& a) {
  const std::size_t r = a.ndim();
  for (std::size_t d = r - 2; d < r; ++d)
    if (a.strides()[d] == 0 && a.shape()[d] > 1) return a.copy();
  return a;
}

// Evaluates the plan on operands of the compute type W; the result is a new array.
template <class W, class B>
ndarray<W, B> einsum_run(const einsum_plan& plan, const std::vector<ndarray<W, B>>& operands) {
  std::vector<ndarray<W, B>> list;
  std::vector<bool> owned;  // whether an entry is an intermediate (not a view of an operand)
  list.reserve(operands.size());
  // (1) each operand as a view over its distinct labels: a repeated label's axes become one axis
  // whose stride is the sum of theirs (the diagonal); an extent 1 broadcast gets stride 0
  for (std::size_t k = 0; k < operands.size(); ++k) {
    const auto& a = operands[k];
    const auto& labels = plan.labels[k];
    const auto& axes = plan.axis_labels[k];
    shape_type shape(labels.size()), strides(labels.size(), 0);
    for (std::size_t p = 0; p < labels.size(); ++p) {
      const auto l = static_cast<std::size_t>(labels[p]);
      shape[p] = plan.extents[l];
      for (std::size_t ax = 0; ax < axes.size(); ++ax)
        if (axes[ax] == labels[p] && a.shape()[ax] == shape[p]) strides[p] += a.strides()[ax];
    }
    list.push_back(einsum_view(a, std::move(shape), std::move(strides)));
    owned.push_back(false);
  }
  for (const auto& step : plan.steps) {
    ndarray<W, B> result;
    if (step.positions.size() == 1) {
      const auto summed = sum(list[step.positions[0]], axes_t(step.summed_axes));
      static_assert(std::is_same_v<typename decltype(summed)::value_type, W>, "einsum sums in its compute type");
      result = summed;
    } else {
      const auto& x = list[step.positions[0]];
      const auto& y = list[step.positions[1]];
      const auto& pair = step.pair;
      if (pair.elementwise) {
        const std::size_t r = pair.result_shape.size();
        shape_type xs(r, 1), xt(r, 0), ys(r, 1), yt(r, 0);
        for (std::size_t d = 0; d < r; ++d) {
          if (pair.left_order[d] >= 0) {
            xs[d] = x.shape()[static_cast<std::size_t>(pair.left_order[d])];
            xt[d] = x.strides()[static_cast<std::size_t>(pair.left_order[d])];
          }
          if (pair.right_order[d] >= 0) {
            ys[d] = y.shape()[static_cast<std::size_t>(pair.right_order[d])];
            yt[d] = y.strides()[static_cast<std::size_t>(pair.right_order[d])];
          }
        }
        result =
            ndarray<W, B>(einsum_view(x, std::move(xs), std::move(xt)) * einsum_view(y, std::move(ys), std::move(yt)));
      } else {
        // batched views; reshape copies only where the kept or contracted axes do not merge
        const auto xv = einsum_gemm_operand(transpose(x, pair.left_order).reshape(pair.left_shape));
        const auto yv = einsum_gemm_operand(transpose(y, pair.right_order).reshape(pair.right_shape));
        result = matmul(xv, yv).reshape(pair.result_shape);
      }
    }
    for (auto p = step.positions.rbegin(); p != step.positions.rend(); ++p) {
      list.erase(list.begin() + static_cast<std::ptrdiff_t>(*p));
      owned.erase(owned.begin() + static_cast<std::ptrdiff_t>(*p));
    }
    list.push_back(std::move(result));
    owned.push_back(true);
  }
  const auto last = transpose(list.back(), plan.final_order);
  bool in_order = owned.back();
  for (std::size_t d = 0; d < plan.final_order.size(); ++d) in_order = in_order && plan.final_order[d] == index_t(d);
  return in_order ? last : last.copy();
}

// The result dtype R from the compute type's array (a new array).
template <class R, class W, class B>
ndarray<R, B> einsum_result(const ndarray<W, B>& c) {
  if constexpr (std::is_same_v<R, W>) return c;
  else if constexpr (std::is_same_v<R, bool>) return ndarray<bool, B>(c != W{0});
  else return c.template astype<R>();  // integers: the int64 sums wrap to R's width
}

template <class R, class B, class... T>
ndarray<R, B> einsum_arrays(std::string_view subscripts, const ndarray<T, B>&... operands) {
  using W = einsum_compute_t<R>;
  const auto plan = einsum_find_plan(subscripts, {&operands.shape()...});
  return einsum_result<R>(einsum_run(*plan, std::vector<ndarray<W, B>>{as_compute<W>(operands)...}));
}

template <class... A>
struct einsum_ends_with_out : std::false_type {};
template <class... A>
requires(sizeof...(A) > 0) struct einsum_ends_with_out<A...> {
  static constexpr bool value = !is_ndarray_v<std::tuple_element_t<sizeof...(A) - 1, std::tuple<A...>>>;
};

template <class X>
struct einsum_out_array {};
template <class O, class B>
struct einsum_out_array<out_t<ndarray<O, B>>> {
  using type = ndarray<O, B>;
};

template <class Args, std::size_t... I>
auto einsum_into(std::string_view subscripts, const Args& args, std::index_sequence<I...>) {
  using out_type = std::decay_t<std::tuple_element_t<sizeof...(I), Args>>;
  using O = typename einsum_out_array<out_type>::type;  // xp::out of one array
  const O& o = std::get<0>(std::get<sizeof...(I)>(args).arrays);
  check_writeable(o);
  // the result is complete before `o` is written, so operands that overlap it are read first
  const auto result = einsum(subscripts, std::get<I>(args)...);
  if (o.shape() != result.shape())
    throw shape_error("xp::einsum: out has shape " + to_string(o.shape()) + ", the result of '" +
                      std::string(subscripts) + "' has " + to_string(result.shape()));
  assign(o, result);
  return o;
}

}  // namespace detail

/// @brief np.einsum(subscripts, *operands): the Einstein summation of any number of arrays.
/// `"ij,jk->ik"` names each operand's axes and the output's; without `->` the output is the
/// labels seen once, in ASCII order (`"ij,jk"` is `"ik"`, `"ii"` the trace). A label repeated in
/// one operand takes its diagonal (`"ii->i"`); a label missing from the output is summed;
/// `...` stands for broadcast axes, in the operands and the output (an output `...` with none in
/// the operands is empty). Extents 1 broadcast, as NumPy's. The result dtype is NumPy's
/// (result_type of the operands); integers wrap, bool gives bool (a logical sum of products).
/// The evaluation is planned (see the file comment; xp::einsum_path shows the plan) and the
/// plan cached; the result is a new C-contiguous array (NumPy returns a view when no arithmetic
/// is needed, e.g. "ii->i"; xp copies).
/// The last argument may be xp::out(o) (np.einsum(..., out=o)): o must have the result's shape;
/// its dtype may differ (the result is converted); o may overlap the operands. Returns o.
/// @throws xp::value_error for malformed subscripts (a character that is not a letter, ',', '.',
/// '->' or a space; more than one '->'; a '.' outside '...'; two '...' in one term; an output
/// label repeated or not in any operand; '...' in the operands but not in an explicit output)
/// or a count of terms other than the operands'; xp::shape_error when an operand's ndim is not
/// its subscript's length, when a label repeated in one operand has two extents, or when a label
/// is bound to two extents (neither 1) in two operands (naming the label, both operands and both
/// extents), or for an out of another shape; xp::value_error for a read-only out.
template <class First, class... Rest>
requires is_ndarray_v<First>
auto einsum(std::string_view subscripts, const First& first, const Rest&... rest) {
  using B = typename First::backend_type;
  detail::op_range<B> range("xp::einsum");
  if constexpr (detail::einsum_ends_with_out<Rest...>::value) {
    return detail::einsum_into(subscripts, std::forward_as_tuple(first, rest...),
                               std::make_index_sequence<sizeof...(Rest)>{});
  } else {
    static_assert((is_ndarray_v<Rest> && ...), "xp::einsum: the operands are xp::ndarray (then, optionally, xp::out)");
    static_assert((std::is_same_v<typename Rest::backend_type, B> && ...),
                  "xp::einsum: the operands must be on one backend (move them with xp::to_device / asarray)");
    using R = result_type_t<typename First::value_type, typename Rest::value_type...>;
    return detail::einsum_arrays<R, B>(subscripts, first, rest...);
  }
}

/// @brief np.einsum(subscripts, *operands) for a list of arrays of one dtype. @see einsum
/// @throws as einsum.
template <class T, class B>
ndarray<T, B> einsum(std::string_view subscripts, const std::vector<ndarray<T, B>>& operands) {
  detail::op_range<B> range("xp::einsum");
  using W = detail::einsum_compute_t<T>;
  std::vector<const shape_type*> shapes;
  std::vector<ndarray<W, B>> compute;
  for (const auto& a : operands) {
    shapes.push_back(&a.shape());
    compute.push_back(detail::as_compute<W>(a));
  }
  const auto plan = detail::einsum_find_plan(subscripts, shapes);
  return detail::einsum_result<T>(detail::einsum_run(*plan, compute));
}

/// @brief np.einsum_path(subscripts, *operands, optimize='optimal' up to 4 operands, 'greedy'
/// beyond): the plan einsum runs for operands of these shapes: its steps (the operands each
/// takes, its own subscript, FLOPs and result size), the naive and optimised FLOP counts, the
/// largest intermediate, and to_string(), NumPy's printout. Unlike NumPy's, the plan first sums
/// the labels private to one operand (a one-operand step); the pairwise steps are chosen with
/// NumPy's cost model but without its memory limit.
/// @throws as einsum.
template <class First, class... Rest>
requires(is_ndarray_v<First> && (is_ndarray_v<Rest> && ...)) einsum_path_info
    einsum_path(std::string_view subscripts, const First& first, const Rest&... rest) {
  return detail::einsum_find_plan(subscripts, {&first.shape(), &rest.shape()...})->info;
}

/// @brief np.einsum_path for a list of arrays. @see einsum_path
template <class T, class B>
einsum_path_info einsum_path(std::string_view subscripts, const std::vector<ndarray<T, B>>& operands) {
  std::vector<const shape_type*> shapes;
  for (const auto& a : operands) shapes.push_back(&a.shape());
  return detail::einsum_find_plan(subscripts, shapes)->info;
}

}  // namespace xp
