// Declarations only (include/FuzzDriver.h): libFuzzer itself defines LLVMFuzzerRunDriver.
#include "FuzzDriver.h"
