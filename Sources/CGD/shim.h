// libgd's public C API, found through pkg-config `gdlib`; used to encode animated GIFs.
#ifndef NAVVIZ_CGD_SHIM_H
#define NAVVIZ_CGD_SHIM_H
#include <gd.h>
#endif
