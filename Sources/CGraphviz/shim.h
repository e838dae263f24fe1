// Graphviz's public C API (libgvc and libcgraph), found through pkg-config `libgvc`.
#ifndef NAVVIZ_CGRAPHVIZ_SHIM_H
#define NAVVIZ_CGRAPHVIZ_SHIM_H
#include <gvc.h>
#include <cgraph.h>
#endif
