#ifndef NAVVIZ_CLIBFUZZER_H
#define NAVVIZ_CLIBFUZZER_H
#include <stddef.h>
#include <stdint.h>

/// libFuzzer's entry for a program with its own main() (compiler-rt's FuzzerInterface.h):
/// parses the libFuzzer flags in argv and fuzzes `callback`.
int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*callback)(const uint8_t *data, size_t size));

#endif
