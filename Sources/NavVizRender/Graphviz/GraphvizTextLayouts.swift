import Foundation
internal import CGraphviz

/// What Graphviz's text measurement answered, kept for the next span with the same text,
/// font, size and flags: navviz's `textlayout` plugin (its tables in `shim.h`), which
/// Graphviz measures every text span with, hands a span it has not seen to the pango
/// plugin's own `textlayout` and keeps the answer; a span it has seen gets the answer again.
///
/// A worker lays out the same labels again and again: every PNG frame names every node of
/// the frame with its label, and the looks the composer has drawn for SVG are mostly the same
/// labels in other colours. pango measured each of them anew (a `PangoLayout` made, shaped
/// and measured: 7% of a worker's instructions drawing the PNG frames of the instruction
/// guard's session, 16% of the one drawing its SVG looks; issue #30).
///
/// A span's answer is its size, its two offsets and its `PangoLayout`, which the cairo
/// renderer draws the text with (the SVG renderer writes the text itself): the layout is
/// the cache's, lent to every span with that text (`free_layout` left nil, so Graphviz frees
/// none of them) and unreferenced when the cache is emptied. It is emptied only between two
/// calls into Graphviz (``trim()``, by ``Graphviz``'s `withContext`, when every graph of the
/// call has been closed and no span holds a layout), once it holds more than ``limit``
/// answers. The answers are pango's own, so what Graphviz draws is byte for byte what it drew
/// without the cache.
///
/// Installed only when the pango plugin's `textlayout` is found (the plugin file beside
/// libgvc, ``CairoCanvas/places(libgvc:files:)``); otherwise the context is made as before
/// and Graphviz measures with whatever its configuration picks. A span measured with
/// `fontpath` asked for (Graphviz's verbose mode) goes to pango every time.
///
/// Only used under ``Graphviz``'s lock (every Graphviz call is made with it held), so its
/// statics need no lock of their own.
enum GraphvizTextLayouts {
    /// Answers kept before ``trim()`` empties the cache: some 2 KB each (the layout), so
    /// about 2 MB at most.
    static let limit = 1024

    /// What a span is measured by.
    struct Key: Hashable {
        var text: String
        var font: String
        var size: UInt64
        var flags: UInt32
    }

    /// What pango answered for a span.
    struct Answer {
        var size: pointf
        var yoffsetLayout: Double
        var yoffsetCenterline: Double
        var layout: UnsafeMutableRawPointer?
        var free: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?
    }

    nonisolated(unsafe) private static var answers: [Key: Answer] = [:]
    /// The pango plugin's own `textlayout`.
    nonisolated(unsafe) private static var pango: navviz_textlayout_fn?
    /// The plugin's tables (built once, kept for the life of the process, as the context).
    nonisolated(unsafe) private static var plugin: UnsafeMutablePointer<navviz_text_layout>?
    /// Spans measured, and those answered from the cache (for tests).
    nonisolated(unsafe) private(set) static var measured = 0
    nonisolated(unsafe) private(set) static var reused = 0

    /// The builtins to make a Graphviz context with (`gvContextPlugins`): navviz's
    /// `textlayout` plugin, or nil when the pango plugin's `textlayout` cannot be found.
    static func builtins() -> UnsafePointer<lt_symlist_t>? {
        if plugin == nil {
            guard let found = pangoTextLayout() else { return nil }
            pango = found
            plugin = navviz_text_layout_make { span, fontpath in GraphvizTextLayouts.layout(span, fontpath) }
        }
        return plugin.map { navviz_text_layout_builtins($0) }
    }

    /// The pango plugin's `textlayout`: the plugin opened by its absolute path (the one
    /// Graphviz loads itself from its configuration: `dlopen` gives the same library), its
    /// library table read.
    private static func pangoTextLayout() -> navviz_textlayout_fn? {
        for case .plugin(let path) in CairoCanvas.places(libgvc: CairoCanvas.libgvcPath) where FileManager.default.fileExists(atPath: path) {
            guard let library = dlopen(path, RTLD_NOW | RTLD_LOCAL | RTLD_NODELETE) else { continue }
            defer { dlclose(library) }
            if let table = dlsym(library, "gvplugin_pango_LTX_library"), let layout = navviz_library_textlayout(table) { return layout }
        }
        return nil
    }

    /// Measures `span`: from the cache, or by pango (kept when pango measured it).
    private static func layout(_ span: UnsafeMutablePointer<textspan_t>?, _ fontpath: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> navviz_textlayout_answer {
        guard let span, let pango else { return navviz_textlayout_measured(0) }
        guard fontpath == nil, let text = span.pointee.str, let font = span.pointee.font, let name = font.pointee.name else {
            return navviz_textlayout_measured(navviz_textlayout_call(pango, span, fontpath))
        }
        let key = Key(text: String(cString: text), font: String(cString: name), size: font.pointee.size.bitPattern,
                      flags: navviz_textfont_flags(font))
        if let answer = answers[key] {
            reused += 1
            span.pointee.size = answer.size
            span.pointee.yoffset_layout = answer.yoffsetLayout
            span.pointee.yoffset_centerline = answer.yoffsetCenterline
            span.pointee.layout = answer.layout
            span.pointee.free_layout = nil
            return navviz_textlayout_measured(1)
        }
        measured += 1
        // Not measured (pango refused the font): Graphviz estimates the size itself, and the
        // span keeps its own layout, freed with it.
        guard navviz_textlayout_call(pango, span, fontpath) != 0 else { return navviz_textlayout_measured(0) }
        answers[key] = Answer(size: span.pointee.size, yoffsetLayout: span.pointee.yoffset_layout,
                              yoffsetCenterline: span.pointee.yoffset_centerline, layout: span.pointee.layout, free: span.pointee.free_layout)
        // The layout is the cache's from now on.
        span.pointee.free_layout = nil
        return navviz_textlayout_measured(1)
    }

    /// Empties the cache when it holds more than ``limit`` answers (or `always`), freeing
    /// their layouts. Only between calls into Graphviz: no span may hold one of them.
    static func trim(always: Bool = false) {
        guard always ? !answers.isEmpty : answers.count > limit else { return }
        for answer in answers.values {
            if let free = answer.free, let layout = answer.layout { free(layout) }
        }
        answers.removeAll()
    }

    /// Answers in the cache (for tests).
    static var count: Int { answers.count }

    /// What a span measured to (for tests).
    struct Measure: Equatable {
        var width: Double
        var height: Double
        var yoffsetLayout: Double
        var yoffsetCenterline: Double
        /// The span's layout, and whether Graphviz would free it with the span.
        var layout: UnsafeMutableRawPointer?
        var freedWithSpan: Bool
    }

    /// The font names ``measure(_:font:size:flags:direct:)`` has measured with.
    nonisolated(unsafe) private static var fontNames: [String: UnsafeMutablePointer<CChar>?] = [:]

    /// For tests: measures `text` in `font` at `size` points as Graphviz measures a span
    /// (through navviz's plugin: the cache), or with `direct` straight through pango (the
    /// layout it makes then freed); nil when the pango plugin is not found or does not
    /// measure it. Call with ``Graphviz``'s lock held (``Graphviz/serialized(_:)``).
    static func measure(_ text: String, font: String, size: Double, flags: UInt32 = 0, direct: Bool = false) -> Measure? {
        guard builtins() != nil, let plugin, let pango else { return nil }
        let str = strdup(text)
        defer { free(str) }
        // Kept for the life of the process, as Graphviz's font dictionary keeps its names: the
        // pango plugin remembers the last font by the pointer to its name, and a name freed and
        // another allocated in its place would be taken for the same font.
        let name = fontNames[font] ?? strdup(font)
        fontNames[font] = name
        var textFont = textfont_t()
        textFont.name = name
        textFont.size = size
        navviz_textfont_set_flags(&textFont, flags)
        return withUnsafeMutablePointer(to: &textFont) { fontPointer -> Measure? in
            var span = textspan_t()
            span.str = str
            span.font = fontPointer
            span.just = CChar(UInt8(ascii: "n"))
            return withUnsafeMutablePointer(to: &span) { spanPointer -> Measure? in
                let layout = direct ? pango : navviz_text_layout_function(plugin)!
                guard navviz_textlayout_call(layout, spanPointer, nil) != 0 else { return nil }
                let s = spanPointer.pointee
                let out = Measure(width: s.size.x, height: s.size.y, yoffsetLayout: s.yoffset_layout, yoffsetCenterline: s.yoffset_centerline,
                                  layout: s.layout, freedWithSpan: s.free_layout != nil)
                if let free = s.free_layout, let layout = s.layout { free(layout) }
                return out
            }
        }
    }
}
