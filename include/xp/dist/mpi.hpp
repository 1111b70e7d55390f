#pragma once
/// @file dist/mpi.hpp
/// @brief One GPU per MPI process (`mpirun -np 2 ./app`): the NCCL communicator of an MPI
/// communicator's ranks, NCCL's own recipe (rank 0 makes the unique id, MPI_Bcast hands it to
/// every rank, each joins with ncclCommInitRank). Needs <mpi.h> and an MPI library (Debian's
/// libopenmpi-dev); xp itself does not link MPI.
///
///     MPI_Init(&argc, &argv);
///     xp::dist::communicator comm = xp::dist::from_mpi(MPI_COMM_WORLD);
///     comm.all_reduce(std::vector{part});   // this process's one part

#include <mpi.h>

#include <string>

#include "xp/dist/communicator.hpp"

namespace xp::dist {

/// @brief This process's rank of `mpi` as an NCCL communicator of the same size and rank order,
/// on `device`, by default the process's rank among the processes of its host. Collective over
/// `mpi`: every rank calls it.
/// @throws xp::value_error when an MPI call fails or a host runs more processes than it has GPUs;
///         as the communicator's constructor otherwise
///         (a failure on rank 0 before the broadcast leaves the other ranks waiting in MPI_Bcast,
///         as with NCCL's recipe).
inline communicator from_mpi(MPI_Comm mpi, int device = -1) {
  auto check = [](int status, const char* call) {
    if (status != MPI_SUCCESS) throw value_error(std::string("xp::dist::from_mpi: ") + call + " failed");
  };
  int rank = 0, size = 0;
  check(MPI_Comm_rank(mpi, &rank), "MPI_Comm_rank");
  check(MPI_Comm_size(mpi, &size), "MPI_Comm_size");
  if (device < 0) {
    MPI_Comm host_comm;  // the ranks that share this host's memory, and so its GPUs
    check(MPI_Comm_split_type(mpi, MPI_COMM_TYPE_SHARED, rank, MPI_INFO_NULL, &host_comm), "MPI_Comm_split_type");
    int host_rank = 0, host_size = 0;
    check(MPI_Comm_rank(host_comm, &host_rank), "MPI_Comm_rank");
    check(MPI_Comm_size(host_comm, &host_size), "MPI_Comm_size");
    check(MPI_Comm_free(&host_comm), "MPI_Comm_free");
    const int gpus = cuda::device_count();
    if (host_size > gpus)  // NCCL takes one rank per GPU
      throw value_error("xp::dist::from_mpi: " + std::to_string(host_size) + " processes on rank " +
                        std::to_string(rank) + "'s host and " + std::to_string(gpus) +
                        " GPUs; start at most one process per GPU");
    device = host_rank;
  }
  unique_id id;
  if (rank == 0) id = unique_id::create();
  check(MPI_Bcast(id.data(), static_cast<int>(unique_id::bytes), MPI_BYTE, 0, mpi), "MPI_Bcast");
  return communicator(id, size, rank, device);
}

}  // namespace xp::dist
