// The NVTX side of the device's operation ranges (backends/cuda/trace.hpp): the flag, its start
// value from the build and the environment, and the push and pop calls. The only file of xp that
// includes the NVTX3 headers (header-only, from the CUDA toolkit; they load a tool's injection
// library, e.g. Nsight Systems', at the first NVTX call, and are no-ops without one).

#define NVTX_AS_SYSTEM_HEADER
#include <nvtx3/nvToolsExt.h>

#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

#include "xp/backends/cuda/runtime.hpp"
#include "xp/backends/cuda/trace.hpp"
#include "xp/cuda/api.hpp"

#ifndef XP_NVTX_RANGES_DEFAULT
#define XP_NVTX_RANGES_DEFAULT 0  // the CMake option XP_NVTX_RANGES sets it to 1
#endif

namespace xp {

namespace backends::cuda {

// Constant-initialised to the build's default, so an operation run by another file's static
// initialiser before the environment is read sees a defined value.
constinit bool nvtx_ranges_on = XP_NVTX_RANGES_DEFAULT != 0;

namespace {

// XP_NVTX's value as a switch: 1/on/true/yes or 0/off/false/no (any case); nothing for other text.
std::optional<bool> parse_switch(const char* text) {
  std::string v;
  for (const char* c = text; *c; ++c) v += static_cast<char>(std::tolower(static_cast<unsigned char>(*c)));
  if (v == "1" || v == "on" || v == "true" || v == "yes") return true;
  if (v == "0" || v == "off" || v == "false" || v == "no") return false;
  return std::nullopt;
}

// Reads XP_NVTX once, during static initialisation (before main for a static link).
struct environment_switch {
  environment_switch() {
    const char* text = std::getenv("XP_NVTX");
    if (!text || !*text) return;
    if (const auto on = parse_switch(text)) {
      nvtx_ranges_on = *on;
    } else {
      std::fprintf(stderr, "xp: XP_NVTX=%s is not 1/on/true or 0/off/false; NVTX ranges stay %s\n", text,
                   nvtx_ranges_on ? "on" : "off");
    }
  }
};
const environment_switch read_environment_at_start;

// The "xp" domain, created at the first range (that first NVTX call loads a tool's injection).
nvtxDomainHandle_t xp_domain() {
  static const nvtxDomainHandle_t domain = nvtxDomainCreateA("xp");
  return domain;
}

}  // namespace

void nvtx_push(const char* name) noexcept {
  nvtxEventAttributes_t attributes{};
  attributes.version = NVTX_VERSION;
  attributes.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  attributes.messageType = NVTX_MESSAGE_TYPE_ASCII;
  attributes.message.ascii = name;
  nvtxDomainRangePushEx(xp_domain(), &attributes);
}

void nvtx_pop() noexcept { nvtxDomainRangePop(xp_domain()); }

}  // namespace backends::cuda

void backends::cuda::set_nvtx_ranges_body(bool on) noexcept { backends::cuda::nvtx_ranges_on = on; }

bool backends::cuda::nvtx_ranges_body() noexcept { return backends::cuda::nvtx_ranges_on; }

}  // namespace xp
