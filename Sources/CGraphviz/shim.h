// Graphviz's public C API (libgvc and libcgraph), found through pkg-config `libgvc`, and
// navviz's version-independent boundary to it.
//
// Graphviz changed some of its API between the releases navviz supports (2.42 through
// 14.x). Every call whose C signature or structure differs between them goes through a
// small function here, chosen at compile time from the installed headers, so the Swift code
// sees one signature whatever Graphviz it is built against:
//
//   Graphviz     what changed                                     signal in the headers
//   9.0          Agmemdisc_t and Agdisc_t.mem removed;            AGHEADPOINTER no longer
//                gvPluginList lost its 4th argument               defined (cgraph.h)
//   13.0         Agiddisc_t.alloc removed; gvRenderData's         agnew no longer defined
//                length is a size_t *; GVJ_t.imagedata is         (cgraph.h); GVPLUGIN_VERSION 8
//                unsigned char *; plugin API version 6 -> 8
//   14.0         graphviz_version.h defines GRAPHVIZ_VERSION_MAJOR  (only used to cross-check)
//
// (The signals are the macros each release removed together with the API it changed,
// checked in the release tags 2.42.2, 8.1.0, 9.0.0, 12.2.1, 13.0.0 and 14.1.3.) Swift
// cross-checks the result at run time: navviz_graphviz_api() must agree with the version
// the headers name (PACKAGE_VERSION) and with the libgvc actually loaded (gvcVersion); see
// GraphvizVersion.swift.
#ifndef NAVVIZ_CGRAPHVIZ_SHIM_H
#define NAVVIZ_CGRAPHVIZ_SHIM_H
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <graphviz_version.h>
#include <gvc.h>
#include <cgraph.h>
/* The device plugin interface, for navviz's in-process raster device. */
#include <gvplugin_device.h>
/* The text layout plugin interface, for navviz's text layout cache. */
#include <gvplugin_textlayout.h>

/* Which generation of the API the headers describe: 2 (2.42 through 8.x), 9 (9.0 through
   12.x) or 13 (13.0 and later). */
#if (defined(GRAPHVIZ_VERSION_MAJOR) && GRAPHVIZ_VERSION_MAJOR >= 13) || GVPLUGIN_VERSION >= 8 || !defined(agnew)
#define NAVVIZ_GRAPHVIZ_API 13
#elif !defined(AGHEADPOINTER)
#define NAVVIZ_GRAPHVIZ_API 9
#else
#define NAVVIZ_GRAPHVIZ_API 2
#endif

/* The API generation the headers were found to describe (2, 9 or 13). */
static inline int navviz_graphviz_api(void) { return NAVVIZ_GRAPHVIZ_API; }

/* The Graphviz version the headers belong to (PACKAGE_VERSION, e.g. "2.43.0" or "14.1.3"). */
static inline const char *navviz_graphviz_headers_version(void) { return PACKAGE_VERSION; }

/* The names of the installed plugins of one kind ("device", "render", …); free each name and
   the array. (gvPluginList took a fourth, unused argument before 9.0.) */
static inline char **navviz_plugin_list(GVC_t *gvc, const char *kind, int *count) {
#if NAVVIZ_GRAPHVIZ_API >= 9
    return gvPluginList(gvc, kind, count);
#else
    return gvPluginList(gvc, kind, count, NULL);
#endif
}

/* gvRenderData with a size_t length (an unsigned int before 13.0). */
static inline int navviz_render_data(GVC_t *gvc, Agraph_t *graph, const char *format, char **result, size_t *length) {
#if NAVVIZ_GRAPHVIZ_API >= 13
    return gvRenderData(gvc, graph, format, result, length);
#else
    unsigned int short_length = 0;
    int status = gvRenderData(gvc, graph, format, result, &short_length);
    *length = short_length;
    return status;
#endif
}

/* An ID discipline's callbacks, with the signatures every supported release shares. */
typedef void *(*navviz_id_open_fn)(Agraph_t *graph, Agdisc_t *disc);
typedef long (*navviz_id_map_fn)(void *state, int objtype, char *name, IDTYPE *id, int create);
typedef void (*navviz_id_free_fn)(void *state, int objtype, IDTYPE id);
typedef char *(*navviz_id_print_fn)(void *state, int objtype, IDTYPE id);
typedef void (*navviz_id_close_fn)(void *state);
typedef void (*navviz_id_register_fn)(void *state, int objtype, void *object);

#if NAVVIZ_GRAPHVIZ_API < 13
/* Agiddisc_t.alloc (before 13.0): claims a given ID; every ID navviz's discipline is asked
   for is free (cgraph calls it only for objects created by ID, which navviz never does). */
static inline long navviz_id_alloc(void *state, int objtype, IDTYPE id) {
    (void)state; (void)objtype; (void)id;
    return 1;
}
#endif

/* An ID discipline from its callbacks (the structure had an `alloc` member before 13.0). */
static inline Agiddisc_t navviz_id_disc(navviz_id_open_fn open, navviz_id_map_fn map, navviz_id_free_fn free_id,
                                        navviz_id_print_fn print, navviz_id_close_fn close, navviz_id_register_fn idregister) {
    Agiddisc_t disc;
    disc.open = open;
    disc.map = map;
#if NAVVIZ_GRAPHVIZ_API < 13
    disc.alloc = navviz_id_alloc;
#endif
    disc.free = free_id;
    disc.print = print;
    disc.close = close;
    disc.idregister = idregister;
    return disc;
}

/* cgraph's default I/O discipline, whose putstr and flush a reader keeps. (Swift 6 cannot
   read this C global directly: it is shared mutable state to it.) */
static inline Agiodisc_t navviz_default_io_disc(void) { return AgIoDisc; }

/* agread with the given ID and I/O disciplines (before 9.0 a discipline also named its
   memory allocator: cgraph's default one). */
static inline Agraph_t *navviz_read(void *channel, Agiddisc_t *id, Agiodisc_t *io) {
    Agdisc_t disc;
#if NAVVIZ_GRAPHVIZ_API < 9
    disc.mem = &AgMemDisc;
#endif
    disc.id = id;
    disc.io = io;
    return agread(channel, &disc);
}

/* An edge's head (cgraph's AGHEAD, a macro Swift cannot call). */
static inline Agnode_t *navviz_edge_head(Agedge_t *edge) { return AGHEAD(edge); }

/* ---- a laid-out graph's geometry, for the damage a frame does to the one before ---------
   Read after a layout, in points (graph units): what GraphvizDamage compares from frame to
   frame. Boxes are out[0..3] = centre x, centre y, width, height. */

/* A node's centre and size (its outer periphery included, as Graphviz sizes it). */
static inline void navviz_node_box(Agnode_t *n, double *out) {
    out[0] = ND_coord(n).x; out[1] = ND_coord(n).y; out[2] = ND_width(n) * 72; out[3] = ND_height(n) * 72;
}

/* A label's box (the larger of its text's size and the space it is aligned in); 0 when
   there is no label, or it is an external label Graphviz did not place. */
static inline int navviz_label_box(const textlabel_t *label, int placed_only, double *out) {
    if (!label || (placed_only && !label->set)) return 0;
    out[0] = label->pos.x; out[1] = label->pos.y;
    out[2] = label->dimen.x > label->space.x ? label->dimen.x : label->space.x;
    out[3] = label->dimen.y > label->space.y ? label->dimen.y : label->space.y;
    return 1;
}

static inline const textlabel_t *navviz_node_label(Agnode_t *n) { return ND_label(n); }
static inline const textlabel_t *navviz_node_xlabel(Agnode_t *n) { return ND_xlabel(n); }
/* An edge's labels: 0 its label, 1 its xlabel, 2 its head label, 3 its tail label. */
static inline const textlabel_t *navviz_edge_label(Agedge_t *e, int which) {
    switch (which) {
    case 0: return ED_label(e);
    case 1: return ED_xlabel(e);
    case 2: return ED_head_label(e);
    default: return ED_tail_label(e);
    }
}
static inline const textlabel_t *navviz_graph_label(Agraph_t *g) { return GD_label(g); }

/* The clusters Graphviz draws inside `g` (a laid-out graph or one of its clusters): how many,
   and the i-th (from 0). Only these subgraphs carry a layout record (GD_*): a subgraph that
   is not a cluster has none to read. */
static inline int navviz_cluster_count(Agraph_t *g) { return GD_n_cluster(g); }
static inline Agraph_t *navviz_cluster(Agraph_t *g, int i) { return GD_clust(g)[i + 1]; }

/* A graph's (or cluster's) bounding box: out[0..3] = LL.x, LL.y, UR.x, UR.y. */
static inline void navviz_graph_bb(Agraph_t *g, double *out) {
    out[0] = GD_bb(g).LL.x; out[1] = GD_bb(g).LL.y; out[2] = GD_bb(g).UR.x; out[3] = GD_bb(g).UR.y;
}

/* How many Bezier pieces an edge is drawn with (0 when it has no spline). */
static inline size_t navviz_edge_pieces(Agedge_t *e) { return ED_spl(e) ? (size_t)ED_spl(e)->size : 0; }

/* Piece `i` of an edge: its control points (returned, `count` of them) and the points its
   arrowheads reach (`ends`: start x, y, end x, y; flags[0..1] nonzero where there is one). */
static inline const pointf *navviz_edge_piece(Agedge_t *e, size_t i, size_t *count, int *flags, double *ends) {
    const bezier *b = &ED_spl(e)->list[i];
    *count = (size_t)b->size;
    flags[0] = b->sflag != 0; flags[1] = b->eflag != 0;
    ends[0] = b->sp.x; ends[1] = b->sp.y; ends[2] = b->ep.x; ends[3] = b->ep.y;
    return b->list;
}

/* ---- navviz's raster device, `navviz-bgra:cairo` ----------------------------------------
   A device plugin for Graphviz's cairo renderer that writes no file format: when a page is
   drawn, it lends the image surface's pixels (cairo's ARGB32 rows, 4 × width bytes apart) to
   `page`. Its tables are built here, against the installed headers, and installed with
   gvAddLibrary; they must outlive the context they are installed in. */

/* Receives a drawn page: `context` as given at installation, then the pixels. */
typedef void (*navviz_raster_page_fn)(void *context, const unsigned char *pixels, unsigned int width, unsigned int height);

/* The device's name (its type), as passed to gvRenderContext / gvRenderData. */
#define NAVVIZ_RASTER_DEVICE "navviz-bgra:cairo"

typedef struct navviz_raster_device {
    /* Graphviz hands the features back in every job (job->device.features), which is how
       the device finds its page callback without a global. */
    gvdevice_features_t features;
    gvdevice_engine_t engine;
    gvplugin_installed_t types[2];
    gvplugin_api_t apis[2];
    gvplugin_library_t library;
    navviz_raster_page_fn page;
    void *context;
} navviz_raster_device;

/* The device's `format` callback: the page is drawn and job->imagedata is the surface's. */
static inline void navviz_raster_format(GVJ_t *job) {
    const navviz_raster_device *device =
        (const navviz_raster_device *)(const void *)((const char *)job->device.features - offsetof(navviz_raster_device, features));
    if (job->imagedata == NULL || device->page == NULL || job->width == 0 || job->height == 0) return;
    device->page(device->context, (const unsigned char *)job->imagedata, job->width, job->height);
}

/* The device's `initialize` callback does nothing, so Graphviz opens no output file for a
   device that writes none. */
static inline void navviz_raster_initialize(GVJ_t *job) { (void)job; }

/* Builds the device's tables and installs them into `gvc`; NULL when memory runs out. The
   device's features are the gdk plugin's `bmp:cairo:gdk` (96 dpi, no margin, truecolour).
   Its id is never read: a device with an engine draws with its renderer's own id (the cairo
   renderer's FORMAT_CAIRO; gvrender_select in lib/gvc/gvrender.c, 2.42 through 14.x). */
static inline navviz_raster_device *navviz_raster_device_install(GVC_t *gvc, navviz_raster_page_fn page, void *context) {
    navviz_raster_device *device = (navviz_raster_device *)calloc(1, sizeof(navviz_raster_device));
    if (device == NULL) return NULL;
    device->features.flags = GVDEVICE_BINARY_FORMAT | GVDEVICE_DOES_TRUECOLOR;
    device->features.default_dpi.x = 96;
    device->features.default_dpi.y = 96;
    device->engine.initialize = navviz_raster_initialize;
    device->engine.format = navviz_raster_format;
    device->types[0].id = 0;
    device->types[0].type = NAVVIZ_RASTER_DEVICE;
    device->types[0].quality = 0;
    device->types[0].engine = &device->engine;
    device->types[0].features = &device->features;
    device->apis[0].api = API_device;
    device->apis[0].types = device->types;
    device->library.packagename = (char *)"navviz";
    device->library.apis = device->apis;
    device->page = page;
    device->context = context;
    gvAddLibrary(gvc, &device->library);
    return device;
}

/* Frees a device's tables, once the context it was installed in is freed. */
static inline void navviz_raster_device_free(navviz_raster_device *device) { free(device); }

/* ---- navviz's text layout cache -----------------------------------------------------------
   A `textlayout` plugin that Graphviz measures every text span with (it is installed as a
   builtin of the context, with a quality above any other, so gvconfig's gvtextlayout_select
   picks it) and that hands each span to the pango plugin's own textlayout, remembering the
   answer: Swift keeps the cache (GraphvizTextLayouts.swift). The tables are built here,
   against the installed headers, and must outlive the context. */

/* A textlayout function, as the installed headers declare it (its answer is a `boolean`
   before Graphviz 2.50 or so and a `bool` after), and its answer's type. */
typedef __typeof__(((gvtextlayout_engine_t *)0)->textlayout) navviz_textlayout_fn;
typedef __typeof__(((gvtextlayout_engine_t *)0)->textlayout(NULL, NULL)) navviz_textlayout_answer;

/* The answers a textlayout function gives: the span was measured, or it was not. */
static inline navviz_textlayout_answer navviz_textlayout_measured(int measured) { return measured ? 1 : 0; }

/* Calls a textlayout function; 1 when it measured the span. */
static inline int navviz_textlayout_call(navviz_textlayout_fn layout, textspan_t *span, char **fontpath) {
    return layout(span, fontpath) ? 1 : 0;
}

/* A span's font flags (HTML_BF, HTML_IF, …: a bit field Swift does not read). */
static inline unsigned int navviz_textfont_flags(const textfont_t *font) { return font->flags; }
static inline void navviz_textfont_set_flags(textfont_t *font, unsigned int flags) { font->flags = flags; }

/* The `textlayout` function of a plugin library (a `gvplugin_…_LTX_library` symbol); NULL
   when the library has none. */
static inline navviz_textlayout_fn navviz_library_textlayout(const void *library) {
    const gvplugin_library_t *lib = (const gvplugin_library_t *)library;
    if (lib == NULL || lib->apis == NULL) return NULL;
    for (const gvplugin_api_t *api = lib->apis; api->types != NULL; api++) {
        if (api->api != API_textlayout) continue;
        for (const gvplugin_installed_t *type = api->types; type->type != NULL; type++) {
            if (strcmp(type->type, "textlayout") == 0 && type->engine != NULL)
                return ((const gvtextlayout_engine_t *)type->engine)->textlayout;
        }
    }
    return NULL;
}

typedef struct navviz_text_layout {
    gvtextlayout_engine_t engine;
    gvplugin_installed_t types[2];
    gvplugin_api_t apis[2];
    gvplugin_library_t library;
    /* The builtins list gvContextPlugins takes: this library, then the end. */
    lt_symlist_t builtins[2];
} navviz_text_layout;

/* Builds the plugin's tables around `layout`; NULL when memory runs out. Pass
   navviz_text_layout_builtins to gvContextPlugins. */
static inline navviz_text_layout *navviz_text_layout_make(navviz_textlayout_fn layout) {
    navviz_text_layout *plugin = (navviz_text_layout *)calloc(1, sizeof(navviz_text_layout));
    if (plugin == NULL) return NULL;
    plugin->engine.textlayout = layout;
    plugin->types[0].id = 0;
    plugin->types[0].type = "textlayout";
    /* Above the pango plugin's 10 and gd's: gvplugin_load takes the best of a type. */
    plugin->types[0].quality = 1000;
    plugin->types[0].engine = &plugin->engine;
    plugin->apis[0].api = API_textlayout;
    plugin->apis[0].types = plugin->types;
    plugin->library.packagename = (char *)"navviz";
    plugin->library.apis = plugin->apis;
    /* gvconfig installs a builtin whose name starts with `g` and contains `_LTX_library`. */
    plugin->builtins[0].name = "gvplugin_navviz_text_LTX_library";
    plugin->builtins[0].address = &plugin->library;
    return plugin;
}

static inline const lt_symlist_t *navviz_text_layout_builtins(const navviz_text_layout *plugin) { return plugin->builtins; }

/* The engine navviz's plugin measures with (for tests: a span measured as Graphviz would). */
static inline navviz_textlayout_fn navviz_text_layout_function(const navviz_text_layout *plugin) { return plugin->engine.textlayout; }
#endif
