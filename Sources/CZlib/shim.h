// zlib's public C API, found through pkg-config `zlib`; used to write PNG frames quickly.
#ifndef NAVVIZ_CZLIB_SHIM_H
#define NAVVIZ_CZLIB_SHIM_H
#include <zlib.h>
#endif
