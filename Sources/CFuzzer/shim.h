// libFuzzer's entry point for programs that have their own main (SwiftPM always writes one for an executable).
// Defined by libclang_rt.fuzzer, which -sanitize=fuzzer links in; only referenced when built with -DFUZZING.
#include <stddef.h>
#include <stdint.h>

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*UserCb)(const uint8_t *Data, size_t Size));
