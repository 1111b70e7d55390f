#pragma once
/// @file core.hpp
/// @brief What most programs need, and no more: `xp::ndarray` on the host backend, creation
/// (empty, zeros, ones, full, arange, linspace, eye, array; meshgrid, tril, triu, geomspace, logspace, diag,
/// identity_matrix), manipulation (concat, stack, split, flip, roll, repeat, tile, pad, ...), sorting (sort, argsort,
/// partition, topk, lexsort), elementwise expressions
/// and math functions, user kernels (elementwise_kernel), reductions (sum, mean, min, argmax, ...), cumulative sums and
/// products, slicing and views, dtype information (finfo, iinfo, can_cast, isdtype), host/device transfers and printing
/// like NumPy. Compiles with a plain C++20 compiler; never includes a CUDA header.
///
/// The rest of the library comes in its own headers, each of which includes this one:
/// <xp/linalg.hpp> (matmul, dot), <xp/signal.hpp> (lombscargle), <xp/pde.hpp> (diffusion),
/// <xp/random.hpp> (uniform, normal), <xp/io.hpp> (.npy, .npz and text files), <xp/xtensor.hpp> (xtensor
/// interop); <xp/xp.hpp> gathers all but the last; <xp/cuda.hpp> adds the device backend.

#include "xp/backends/host/backend.hpp"
// the core layer: arrays, dtypes, shapes, views, creation, printing
#include "xp/core/backend.hpp"
#include "xp/core/creation.hpp"
#include "xp/core/dtype.hpp"
#include "xp/core/dtype_info.hpp"
#include "xp/core/engine.hpp"
#include "xp/core/error.hpp"
#include "xp/core/host_instances.hpp"
#include "xp/core/ndarray.hpp"
#include "xp/core/print.hpp"
#include "xp/core/shape.hpp"
#include "xp/core/slicing.hpp"
// the CUDA backend's API, declarations only: device queries work in a host program too
#include "xp/cuda/api.hpp"
// the expression layer: elementwise ops, user kernels, reductions, scans
#include "xp/expr/elementwise.hpp"
#include "xp/expr/kernel.hpp"
#include "xp/expr/power.hpp"
#include "xp/expr/reduction.hpp"
#include "xp/expr/scan.hpp"
// the array layer: NumPy's functions built on views, copies and expressions
#include "xp/array/grids_and_matrices.hpp"
#include "xp/array/histogram.hpp"
#include "xp/array/indexing.hpp"
#include "xp/array/manipulation.hpp"
#include "xp/array/order_statistics.hpp"
#include "xp/array/searchsorted.hpp"
#include "xp/array/set_functions.hpp"
#include "xp/array/sorting.hpp"
#include "xp/array/transfer.hpp"
