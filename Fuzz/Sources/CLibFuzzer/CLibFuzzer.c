// Declarations only (include/CLibFuzzer.h): libFuzzer itself defines LLVMFuzzerRunDriver.
#include "CLibFuzzer.h"
