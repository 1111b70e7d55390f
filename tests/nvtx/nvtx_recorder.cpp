// An NVTX injection library for the tests (docs/profiling.md): loaded by the NVTX3 headers of the
// program under test when NVTX_INJECTION64_PATH names it, as a profiler's would be, it records
// every range pushed and popped, in any domain, and lets the program read the record back
// (recorder_client.hpp opens this same library with dlopen and calls the functions at the end).
//
// The protocol (nvtxDetail/nvtxInit.h and nvtxTypes.h of the NVTX3 headers): at its first NVTX
// call a module dlopens the library and calls InitializeInjectionNvtx2 with its export-table
// getter; the NVTX_ETID_CALLBACKS table gives, per callback module (CORE, CORE2 for domains, ...),
// an array of pointers to the module's function pointers, which the tool overwrites with its own.
// Entries it leaves alone become no-ops.

#define NVTX_AS_SYSTEM_HEADER
#include <nvtx3/nvToolsExt.h>

#include <cstddef>
#include <cstring>
#include <deque>
#include <mutex>
#include <string>
#include <vector>

namespace {

struct event {
  bool push;
  std::string domain;   // "" for NVTX's default domain
  std::string message;  // empty for a pop
};

std::mutex mutex;  // guards everything below
std::vector<event> events;
std::deque<std::string> domains;  // a domain handle points to its name here (deque: addresses stay valid)
std::deque<std::string> strings;  // a registered string's handle points to its text here
int initializations = 0;
thread_local int depth = 0;  // what RangePush returns: the level of the range it starts

const std::string& domain_name(nvtxDomainHandle_t domain) {
  static const std::string default_domain;
  return domain ? *reinterpret_cast<const std::string*>(domain) : default_domain;
}

std::string message_of(const nvtxEventAttributes_t* a) {
  if (!a) return "<no attributes>";
  switch (a->messageType) {
    case NVTX_MESSAGE_TYPE_ASCII:
      return a->message.ascii ? a->message.ascii : "";
    case NVTX_MESSAGE_TYPE_REGISTERED:
      return a->message.registered ? *reinterpret_cast<const std::string*>(a->message.registered) : "";
    case NVTX_MESSAGE_TYPE_UNICODE: {
      std::string s;  // the tests push ASCII text only; keep what is ASCII of a wide message
      for (const wchar_t* c = a->message.unicode; c && *c; ++c) s += *c < 128 ? static_cast<char>(*c) : '?';
      return s;
    }
    default:
      return "<unknown message type>";
  }
}

int record_push(nvtxDomainHandle_t domain, std::string message) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    events.push_back({true, domain_name(domain), std::move(message)});
  }
  return depth++;
}
int record_pop(nvtxDomainHandle_t domain) {
  {
    std::lock_guard<std::mutex> lock(mutex);
    events.push_back({false, domain_name(domain), {}});
  }
  return depth > 0 ? --depth : -1;
}

// ---- the callbacks ------------------------------------------------------------------------
int NVTX_API range_push_a(const char* message) { return record_push(nullptr, message ? message : ""); }
int NVTX_API range_push_ex(const nvtxEventAttributes_t* a) { return record_push(nullptr, message_of(a)); }
int NVTX_API range_pop() { return record_pop(nullptr); }
int NVTX_API domain_range_push_ex(nvtxDomainHandle_t domain, const nvtxEventAttributes_t* a) {
  return record_push(domain, message_of(a));
}
int NVTX_API domain_range_pop(nvtxDomainHandle_t domain) { return record_pop(domain); }
nvtxDomainHandle_t NVTX_API domain_create_a(const char* name) {
  std::lock_guard<std::mutex> lock(mutex);
  domains.emplace_back(name ? name : "");
  return reinterpret_cast<nvtxDomainHandle_t>(&domains.back());
}
void NVTX_API domain_destroy(nvtxDomainHandle_t) {}  // names stay: recorded events refer to them by value anyway
nvtxStringHandle_t NVTX_API domain_register_string_a(nvtxDomainHandle_t, const char* text) {
  std::lock_guard<std::mutex> lock(mutex);
  strings.emplace_back(text ? text : "");
  return reinterpret_cast<nvtxStringHandle_t>(&strings.back());
}

template <class F>
void install(NvtxFunctionTable table, unsigned size, unsigned id, F* callback) {
  if (id < size && table[id]) *table[id] = reinterpret_cast<NvtxFunctionPointer>(callback);
}

}  // namespace

extern "C" {

/// The entry point NVTX looks up in an injection library: installs the callbacks above into the
/// calling module's tables. Returns 1 on success, 0 when the tables are not as expected (NVTX then
/// unloads the library and makes every call a no-op).
__attribute__((visibility("default"))) int NVTX_API InitializeInjectionNvtx2(NvtxGetExportTableFunc_t get_table) {
  if (!get_table) return 0;
  const auto* callbacks = static_cast<const NvtxExportTableCallbacks*>(get_table(NVTX_ETID_CALLBACKS));
  if (!callbacks || callbacks->struct_size < sizeof(NvtxExportTableCallbacks) || !callbacks->GetModuleFunctionTable)
    return 0;
  NvtxFunctionTable core = nullptr, core2 = nullptr;
  unsigned core_size = 0, core2_size = 0;
  if (!callbacks->GetModuleFunctionTable(NVTX_CB_MODULE_CORE, &core, &core_size) || !core) return 0;
  if (!callbacks->GetModuleFunctionTable(NVTX_CB_MODULE_CORE2, &core2, &core2_size) || !core2) return 0;
  install(core, core_size, NVTX_CBID_CORE_RangePushA, &range_push_a);
  install(core, core_size, NVTX_CBID_CORE_RangePushEx, &range_push_ex);
  install(core, core_size, NVTX_CBID_CORE_RangePop, &range_pop);
  install(core2, core2_size, NVTX_CBID_CORE2_DomainRangePushEx, &domain_range_push_ex);
  install(core2, core2_size, NVTX_CBID_CORE2_DomainRangePop, &domain_range_pop);
  install(core2, core2_size, NVTX_CBID_CORE2_DomainCreateA, &domain_create_a);
  install(core2, core2_size, NVTX_CBID_CORE2_DomainDestroy, &domain_destroy);
  install(core2, core2_size, NVTX_CBID_CORE2_DomainRegisterStringA, &domain_register_string_a);
  const auto* version = static_cast<const NvtxExportTableVersionInfo*>(get_table(NVTX_ETID_VERSIONINFO));
  if (version && version->struct_size >= sizeof(NvtxExportTableVersionInfo) && version->SetInjectionNvtxVersion)
    version->SetInjectionNvtxVersion(NVTX_VERSION);
  std::lock_guard<std::mutex> lock(mutex);
  ++initializations;
  return 1;
}

/// The events recorded since the last clear, as text: one line per event, "push\t<domain>\t<message>"
/// or "pop\t<domain>" (domain empty for NVTX's default domain). Writes at most `capacity` - 1
/// bytes and a NUL into `buffer` (like snprintf) and returns the whole text's length.
__attribute__((visibility("default"))) std::size_t xp_nvtx_recorder_events(char* buffer, std::size_t capacity) {
  std::string text;
  {
    std::lock_guard<std::mutex> lock(mutex);
    for (const event& e : events)
      text += e.push ? "push\t" + e.domain + "\t" + e.message + "\n" : "pop\t" + e.domain + "\n";
  }
  if (buffer && capacity > 0) {
    const std::size_t n = text.size() < capacity ? text.size() : capacity - 1;
    std::memcpy(buffer, text.data(), n);
    buffer[n] = '\0';
  }
  return text.size();
}

/// Forgets the events recorded so far.
__attribute__((visibility("default"))) void xp_nvtx_recorder_clear() {
  std::lock_guard<std::mutex> lock(mutex);
  events.clear();
}

/// How many modules have initialised NVTX with this library (one per executable or shared
/// library that made an NVTX call).
__attribute__((visibility("default"))) int xp_nvtx_recorder_initializations() {
  std::lock_guard<std::mutex> lock(mutex);
  return initializations;
}

}  // extern "C"
