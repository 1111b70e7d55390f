// xp_nvtx_injection_works: proves the recorder (nvtx_recorder.cpp) without xp and without a GPU.
// This program calls NVTX itself, with NVTX_INJECTION64_PATH naming the recorder (CTest sets it),
// and checks that exactly the ranges it pushed come back, in every form xp's ranges or a tool's
// test could use: RangePushA, RangePushEx, a domain's RangePushEx with ASCII and registered text.

#define NVTX_AS_SYSTEM_HEADER
#include <nvtx3/nvToolsExt.h>

#include <cstdio>
#include <exception>
#include <string>
#include <vector>

#include "recorder_client.hpp"

namespace {

int failures = 0;
void expect(bool ok, const std::string& what) {
  if (!ok) {
    ++failures;
    std::fprintf(stderr, "FAILED: %s\n", what.c_str());
  }
}

std::string text_of(const std::vector<xp_nvtx_test::event>& events) {
  std::string s;
  for (const auto& e : events) s += (e.push ? "push " : "pop ") + e.domain + (e.push ? " " + e.message : "") + "; ";
  return s;
}

nvtxEventAttributes_t ascii(const char* message) {
  nvtxEventAttributes_t a{};
  a.version = NVTX_VERSION;
  a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  a.messageType = NVTX_MESSAGE_TYPE_ASCII;
  a.message.ascii = message;
  return a;
}

void run() {
  const xp_nvtx_test::recorder recorder;
  expect(recorder.initializations() == 0, "the recorder is initialised before the first NVTX call");
  expect(recorder.events().empty(), "events before the first NVTX call");

  nvtxRangePushA("outer");  // the first NVTX call: loads and initialises the recorder
  nvtxRangePushA("inner");
  nvtxRangePop();
  const nvtxEventAttributes_t ex = ascii("with attributes");
  nvtxRangePushEx(&ex);
  nvtxRangePop();
  nvtxRangePop();
  nvtxMarkA("a mark, not a range");  // not recorded: the recorder leaves MarkA a no-op
  const nvtxDomainHandle_t domain = nvtxDomainCreateA("probe");
  const nvtxEventAttributes_t in_domain = ascii("in the domain");
  nvtxDomainRangePushEx(domain, &in_domain);
  nvtxEventAttributes_t registered = ascii(nullptr);
  registered.messageType = NVTX_MESSAGE_TYPE_REGISTERED;
  registered.message.registered = nvtxDomainRegisterStringA(domain, "registered text");
  nvtxDomainRangePushEx(domain, &registered);
  nvtxDomainRangePop(domain);
  nvtxDomainRangePop(domain);

  expect(recorder.initializations() == 1,
         "one initialisation by this program, got " + std::to_string(recorder.initializations()));
  const auto events = recorder.events();
  const std::vector<xp_nvtx_test::event> want = {{true, "", "outer"},
                                                 {true, "", "inner"},
                                                 {false, "", ""},
                                                 {true, "", "with attributes"},
                                                 {false, "", ""},
                                                 {false, "", ""},
                                                 {true, "probe", "in the domain"},
                                                 {true, "probe", "registered text"},
                                                 {false, "probe", ""},
                                                 {false, "probe", ""}};
  expect(text_of(events) == text_of(want), "events: got " + text_of(events) + " want " + text_of(want));

  bool balanced = false;
  const auto plain = xp_nvtx_test::ranges_of(events, "", &balanced);
  expect(balanced, "the default domain's pushes and pops balance");
  expect(xp_nvtx_test::describe(plain) == "outer{inner, with attributes}",
         "the default domain's ranges: " + xp_nvtx_test::describe(plain));
  const auto probe = xp_nvtx_test::ranges_of(events, "probe", &balanced);
  expect(balanced, "the probe domain's pushes and pops balance");
  expect(xp_nvtx_test::describe(probe) == "in the domain{registered text}",
         "the probe domain's ranges: " + xp_nvtx_test::describe(probe));

  recorder.clear();
  expect(recorder.events().empty(), "clear() forgets the events");
  nvtxRangePushA("after clear");
  nvtxRangePop();
  expect(text_of(recorder.events()) == "push  after clear; pop ; ", "after clear: " + text_of(recorder.events()));
}

}  // namespace

int main() {
  try {
    run();
  } catch (const std::exception& e) {
    std::fprintf(stderr, "FAILED: %s\n", e.what());
    return 1;
  }
  if (failures == 0) std::puts("xp_nvtx_injection_works: the recorder saw exactly the ranges pushed");
  return failures == 0 ? 0 : 1;
}
