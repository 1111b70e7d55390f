// xp/sparse/npz.hpp: save_npz and load_npz against scipy.sparse's files (tests/golden/sparse_io/,
// written by tests/golden/make_golden_sparse_io.py): SciPy's csr, csc and coo files (compressed
// and stored, int32 and int64 indices, the four dtypes, empty shapes, duplicates) load as their
// dense arrays; xp's files are SciPy's bytes; round trips; npz_format_info; and every damaged
// file throws its typed error.
#include <cmath>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <type_traits>
#include <vector>

#include <unistd.h>

#include <xp/sparse.hpp>

#include "support.hpp"

using namespace xp_test;
using xp::sparse::csr_matrix;
using xp::sparse::index32;
using complex64 = xp::complex64;
using complex128 = xp::complex128;

namespace sparse_io_test {

namespace fs = std::filesystem;

std::string golden_file(const std::string& name) { return std::string(XP_GOLDEN_DIR) + "/sparse_io/" + name; }

/// A fresh directory for one test case, removed with everything in it afterwards.
struct scratch_dir {
  fs::path path;
  explicit scratch_dir(const std::string& tag) {
    path =
        fs::temp_directory_path() / ("xp_sparse_io_" + tag + "_" + backend_name() + "_" + std::to_string(::getpid()));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~scratch_dir() {
    std::error_code ignored;
    fs::remove_all(path, ignored);
  }
  scratch_dir(const scratch_dir&) = delete;
  scratch_dir& operator=(const scratch_dir&) = delete;
  std::string file(const std::string& name) const { return (path / name).string(); }
};

std::string read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  REQUIRE(in.good());
  return std::string(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

void write_bytes(const std::string& path, const std::string& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  REQUIRE(out.good());
}

bool mentions(const std::string& message, const std::string& part) { return message.find(part) != std::string::npos; }

/// The message of the E that f throws (a test failure for anything else, or nothing).
template <class E, class F>
std::string error_of(F&& f) {
  try {
    f();
  } catch (const E& e) {
    return e.what();
  } catch (const std::exception& e) {
    FAIL("another exception than expected: " << e.what());
    return "";
  }
  FAIL("no exception");
  return "";
}

/// The golden <name>.npz loads as T and equals <name>_dense.npy.
template <class T>
csr_matrix<T, B> check_golden(const std::string& name, std::array<xp::index_t, 2> shape) {
  INFO(name);
  const auto a = xp::sparse::load_npz<T, B>(golden_file(name + ".npz"));
  CHECK(a.shape() == shape);
  // compared in complex128: each stored value is SciPy's, or a sum of SciPy's in T
  const auto got = a.toarray().copy_to_host().template astype<complex128>();
  const auto want = xp::load_npy<T, xp::host>(golden_file(name + "_dense.npy")).template astype<complex128>();
  REQUIRE(got.shape() == want.shape());
  constexpr double tolerance = std::is_same_v<T, float> || std::is_same_v<T, complex64> ? 1e-6 : 1e-14;
  for (xp::index_t i = 0; i < got.size(); ++i) {
    const complex128 g = got.data()[i], w = want.data()[i];
    CHECK(std::abs(g.real() - w.real()) <= tolerance * (std::abs(w.real()) + 1));
    CHECK(std::abs(g.imag() - w.imag()) <= tolerance * (std::abs(w.imag()) + 1));
  }
  return a;
}

template <class T>
xp::ndarray<T, xp::host> host_array(std::initializer_list<T> values) {
  xp::ndarray<T, xp::host> a({static_cast<xp::index_t>(values.size())});
  std::copy(values.begin(), values.end(), a.data());
  return a;
}

}  // namespace sparse_io_test

using namespace sparse_io_test;

TEST_CASE("sparse npz: SciPy's csr, csc and coo files load as their dense arrays") {
  if (!xp::npz_compression_available()) {
    MESSAGE("xp was built without zlib: the compressed goldens are skipped");
  } else {
    check_golden<double>("csr_f64", {6, 5});
    check_golden<complex64>("csc_c64", {4, 7});
    check_golden<double>("csr_int64_indices", {4, 6});
    check_golden<double>("csr_0x5", {0, 5});
    check_golden<double>("csc_3x0", {3, 0});
    check_golden<float>("coo_empty_4x4", {4, 4});

    // csr as stored: unsorted columns and empty rows kept
    const auto u = check_golden<double>("csr_unsorted_empty_rows", {3, 3});
    check_same(u.indices(), host_array<index32>({2, 0, 1, 0}));
    check_same(u.indptr(), host_array<index32>({0, 2, 2, 4}));

    // coo: rows in order, columns ascending, duplicates summed, the explicit zero kept (tocsr)
    const auto c = check_golden<double>("coo_duplicates", {5, 5});
    check_same(c.indptr(), host_array<index32>({0, 1, 2, 4, 5, 5}));
    check_same(c.indices(), host_array<index32>({3, 0, 1, 4, 2}));
    check_same(c.data(), host_array<double>({-1.75, 0.0, 4.0, 7.0, 3.0}));

    // csc: transposed into CSR, each row's columns ascending
    const auto t = xp::sparse::load_npz<complex64, B>(golden_file("csc_c64.npz"));
    const auto columns = t.indices().copy_to_host();
    const auto rows = t.indptr().copy_to_host();
    for (xp::index_t r = 0; r < t.shape()[0]; ++r)
      for (index32 k = rows.data()[r] + 1; k < rows.data()[r + 1]; ++k)
        CHECK(columns.data()[k - 1] < columns.data()[k]);
  }
  check_golden<float>("csr_f32_stored", {6, 5});
  check_golden<complex128>("csc_c128_stored", {5, 3});
  check_golden<complex128>("coo_c128_stored", {4, 6});
  check_golden<double>("csr_str_format", {3, 4});  // format as str ('<U3'), not bytes
}

TEST_CASE_TEMPLATE("sparse npz: save_npz then load_npz gives the same matrix", T, float, double, complex64,
                   complex128) {
  scratch_dir dir("round_trip");
  const auto a = xp::sparse::random<T, B>(9, 7, 0.3, 5);
  for (const bool compressed : {false, true}) {
    if (compressed && !xp::npz_compression_available()) continue;
    const std::string path = dir.file(compressed ? "c.npz" : "s.npz");
    xp::sparse::save_npz(path, a, compressed);
    const auto b = xp::sparse::load_npz<T, B>(path);
    CHECK(b.shape() == a.shape());
    check_same(b.data(), a.data());
    check_same(b.indices(), a.indices());
    check_same(b.indptr(), a.indptr());
    // the members SciPy writes, as xp's dense reader sees them
    const xp::npz_file z = xp::load_npz(path);
    CHECK(z.files() == std::vector<std::string>{"indices", "indptr", "format", "shape", "data"});
    CHECK(z.get_string("format") == "csr");
    check_same(z.get<std::int64_t>("shape"), host_array<std::int64_t>({9, 7}));
    CHECK(z.dtype("indices") == "int32");
  }
  // empty matrices
  for (const auto& shape : {std::array<xp::index_t, 2>{0, 5}, std::array<xp::index_t, 2>{3, 0}}) {
    const csr_matrix<T, B> e(xp::zeros<T, B>({shape[0], shape[1]}));
    xp::sparse::save_npz(dir.file("e.npz"), e, false);
    const auto f = xp::sparse::load_npz<T, B>(dir.file("e.npz"));
    CHECK(f.shape() == shape);
    CHECK(f.nnz() == 0);
  }
}

TEST_CASE("sparse npz: save_npz writes scipy.sparse.save_npz's bytes") {
  scratch_dir dir("bytes");
  const xp::ndarray<double, xp::host> dense =
      xp::asarray<xp::host>(host_array<double>({1, 0, 2, 0, 0, 3})).reshape({2, 3});
  const csr_matrix<double, B> a(xp::asarray<B>(dense));
  xp::sparse::save_npz(dir.file("stored.npz"), a, false);
  CHECK(read_bytes(dir.file("stored.npz")) == read_bytes(golden_file("xp_expected_stored.npz")));
  if (xp::npz_compression_available()) {
    // np.savez_compressed's deflate with the same zlib (1.2.x): the same bytes
    xp::sparse::save_npz(dir.file("compressed.npz"), a);
    CHECK(read_bytes(dir.file("compressed.npz")) == read_bytes(golden_file("xp_expected_compressed.npz")));
  } else {
    CHECK(mentions(error_of<xp::io_error>([&] { xp::sparse::save_npz(dir.file("c.npz"), a); }), "zlib"));
  }
}

TEST_CASE("sparse npz: npz_format_info reads the format, dtype, shape and nnz") {
  auto info = xp::sparse::npz_format_info(golden_file("csr_f32_stored.npz"));
  CHECK(info.format == "csr");
  CHECK(info.dtype == "float32");
  CHECK(info.shape == std::array<xp::index_t, 2>{6, 5});
  CHECK(info.nnz == xp::sparse::load_npz<float>(golden_file("csr_f32_stored.npz")).nnz());
  CHECK(info.index_dtype == "int32");
  info = xp::sparse::npz_format_info(golden_file("coo_c128_stored.npz"));
  CHECK(info.format == "coo");
  CHECK(info.dtype == "complex128");
  CHECK(info.nnz == 7);  // the duplicates counted
  info = xp::sparse::npz_format_info(golden_file("bad_data_int.npz"));
  CHECK(info.dtype == "int64");  // reported, though no T loads it
  if (xp::npz_compression_available()) {
    CHECK(xp::sparse::npz_format_info(golden_file("csr_int64_indices.npz")).index_dtype == "int64");
    CHECK(xp::sparse::npz_format_info(golden_file("unsupported_dia.npz")).format == "dia");
  }
}

TEST_CASE("sparse npz: the stored dtype must be the requested one") {
  std::string m =
      error_of<xp::dtype_error>([] { (void)xp::sparse::load_npz<double, B>(golden_file("csr_f32_stored.npz")); });
  CHECK(mentions(m, "float32 values, not the requested float64"));
  CHECK(mentions(m, "csr_f32_stored.npz"));
  m = error_of<xp::dtype_error>([] { (void)xp::sparse::load_npz<complex64, B>(golden_file("coo_c128_stored.npz")); });
  CHECK(mentions(m, "complex128"));
  CHECK(mentions(m, "complex64"));
  m = error_of<xp::dtype_error>([] { (void)xp::sparse::load_npz<double, B>(golden_file("bad_data_int.npz")); });
  CHECK(mentions(m, "int64 values"));
  CHECK(mentions(m, "float32, float64, complex64 or complex128"));
}

TEST_CASE("sparse npz: damaged and unsupported files throw typed errors") {
  auto refused = [](const std::string& name, auto error, const std::string& part) {
    using E = decltype(error);
    INFO(name);
    const std::string m = error_of<E>([&] { (void)xp::sparse::load_npz<double, B>(golden_file(name + ".npz")); });
    CHECK(mentions(m, part));
    CHECK(mentions(m, name + ".npz"));
  };
  refused("bad_no_format", xp::value_error{""}, "no sparse matrix");
  refused("bad_no_indptr", xp::value_error{""}, "needs the member 'indptr'");
  refused("bad_no_data", xp::value_error{""}, "needs the member 'data'");
  refused("bad_format_unknown", xp::value_error{""}, "unknown sparse format 'xyz'");
  refused("bad_format_numeric", xp::dtype_error{""}, "not text");
  refused("bad_shape_three", xp::shape_error{""}, "'shape' must have shape (2,)");
  refused("bad_shape_float", xp::dtype_error{""}, "'shape' holds float64");
  refused("bad_shape_negative", xp::value_error{""}, "negative");
  refused("bad_shape_huge", xp::value_error{""}, "too large");
  refused("bad_indptr_short", xp::shape_error{""}, "indptr has 3 entries");
  refused("bad_indptr_decreasing", xp::value_error{""}, "must not decrease");
  refused("bad_indptr_end", xp::value_error{""}, "indptr ends at 2");
  refused("bad_indptr_start", xp::value_error{""}, "must start at 0");
  refused("bad_indptr_2d", xp::shape_error{""}, "'indptr' must be 1-D");
  refused("bad_indices_out_of_range", xp::value_error{""}, "column index 4 is out of range");
  refused("bad_indices_negative", xp::value_error{""}, "column index -1");
  refused("bad_indices_int64_too_large", xp::value_error{""}, "does not fit xp's int32 indices");
  refused("bad_indices_float", xp::dtype_error{""}, "'indices' holds float64");
  refused("bad_data_long", xp::shape_error{""}, "indices has 3 entries, data 4");
  refused("bad_coo_lengths", xp::shape_error{""}, "of one length, got 2, 3 and 3");
  refused("bad_coo_row_out_of_range", xp::value_error{""}, "'row'[1] = 3 is out of range for 3 rows");
  refused("bad_csc_indices_out_of_range", xp::value_error{""},
          "'csc' matrix (checked as the CSR matrix of its transpose");
  if (xp::npz_compression_available()) {
    refused("unsupported_bsr", xp::value_error{""},
            "format 'bsr', which xp does not read; xp reads 'csr', 'csc' and 'coo'");
    refused("unsupported_dia", xp::value_error{""}, "format 'dia'");
  }

  CHECK(mentions(error_of<xp::io_error>([] { (void)xp::sparse::load_npz<double, B>(golden_file("missing.npz")); }),
                 "missing.npz"));
  // a .npy file is not an archive
  CHECK(
      mentions(error_of<xp::io_error>([] { (void)xp::sparse::load_npz<double, B>(golden_file("csr_f64_dense.npy")); }),
               "not an .npz file"));
}

TEST_CASE("sparse npz: a damaged deflate stream or CRC is an io_error") {
  if (!xp::npz_compression_available()) return;
  scratch_dir dir("damaged");
  const std::string good = read_bytes(golden_file("csr_f64.npz"));
  constexpr std::size_t local_header_bytes = 30;
  // the first member's name and extra field lengths say where its deflated bytes start
  const std::size_t data_at =
      local_header_bytes + static_cast<unsigned char>(good[26]) + static_cast<unsigned char>(good[28]);
  for (std::size_t offset : {data_at, data_at + 5, data_at + 20}) {
    std::string damaged = good;
    damaged[offset] = static_cast<char>(damaged[offset] ^ 0x5a);
    write_bytes(dir.file("d.npz"), damaged);
    const std::string m = error_of<xp::io_error>([&] { (void)xp::sparse::load_npz<double, B>(dir.file("d.npz")); });
    CHECK(mentions(m, "damaged archive"));
  }
}
