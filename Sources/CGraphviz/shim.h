// Graphviz's public C API (libgvc and libcgraph), found through pkg-config `libgvc`.
#ifndef NAVVIZ_CGRAPHVIZ_SHIM_H
#define NAVVIZ_CGRAPHVIZ_SHIM_H
#include <gvc.h>
#include <cgraph.h>
/* The device plugin interface, for navviz's in-process raster device (GraphvizRasterDevice). */
#include <gvplugin_device.h>

/* cgraph's default disciplines, for a reader that replaces only the ID discipline. Swift 6
   cannot touch these C globals directly (they are shared mutable state to it). */
static inline Agmemdisc_t *navviz_default_mem_disc(void) { return &AgMemDisc; }
static inline Agiodisc_t navviz_default_io_disc(void) { return AgIoDisc; }
#endif
