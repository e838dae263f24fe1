import Foundation
internal import CGraphviz

/// navviz's own Graphviz output device, `navviz-bgra:cairo`, installed in-process with
/// `gvAddLibrary`: Graphviz's cairo renderer draws a page into an ARGB32 image surface (a
/// ``CairoCanvas`` kept from page to page, or else one of cairo's own), and the device lends
/// the surface's rows to Swift instead of writing a file format.
///
/// It takes the place of the gdk plugin's `bmp:cairo:gdk`, which copied the surface into a
/// pixbuf, wrote it out as a BMP and had navviz read the BMP back: three full-size copies of
/// every frame, each in freshly mapped memory. The device's features are the gdk plugin's
/// (96 dpi, no margin), so frames come out the same size and with the same pixels as through
/// gdk. Its plugin tables are built in C (`navviz_raster_device_install` in `shim.h`), against
/// the Graphviz headers navviz is compiled with, so their layout is always the installed one.
///
/// Only used under ``Graphviz``'s lock. The C structures Graphviz keeps pointers to are owned
/// here and freed in `deinit`; the owner (``Graphviz``) keeps the device as long as the
/// context it is installed in, and with it the canvas (a frame's pixels: tens of megabytes
/// for a large animation). C pointers stay in the Graphviz folder: a page is handed on as a
/// ``RasterPage``, the canvas's own raster or a copy of the page cairo drew on a surface of
/// its own.
final class GraphvizRasterDevice {
    /// The device name to render with.
    static let device = NAVVIZ_RASTER_DEVICE

    /// The plugin's tables, built in C against the installed headers (`shim.h`) and freed
    /// in `deinit`.
    private var tables: UnsafeMutablePointer<navviz_raster_device>?

    /// The canvas pages are drawn on, kept from page to page (nil without libcairo).
    private let canvas = CairoCanvas.load()

    /// The scene of the page last lent from the canvas, its size, the canvas's generation
    /// it was drawn on and its number: what the next page's damage is measured against
    /// (``GraphvizDamage``). Nil after a page that was not tracked or not drawn.
    private var lastPage: (scene: GraphvizDamage.Scene, width: Int, height: Int, generation: Int)?
    /// How many pages the canvas has lent.
    private var pagesLent = 0
    /// This device's canvas among the process's (for ``RasterPage/History``).
    private let canvasNumber = GraphvizRasterDevice.nextCanvasNumber()
    nonisolated(unsafe) private static var canvases = 0
    /// Numbers canvases under ``Graphviz``'s lock, the only place devices are made.
    private static func nextCanvasNumber() -> Int {
        canvases += 1
        return canvases
    }

    /// Who receives the page being drawn; set only while ``draw(_:_:into:)`` runs.
    private var receiver: Receiver?

    /// What is done with a page Graphviz drew: only its size read (it was drawn on the
    /// canvas, which is lent as it is), or a copy of it handed on.
    private enum Receiver {
        case size((_ width: Int, _ height: Int) -> Void)
        case page((RasterPage) -> Void)
    }

    private init() {}

    deinit {
        if let tables { navviz_raster_device_free(tables) }
    }

    /// Builds the plugin's tables and installs the device into `gvc`; nil when memory runs
    /// out. The tables reach back to the device through an unretained pointer, which the
    /// owner keeps valid by keeping the device as long as the context.
    static func install(into gvc: OpaquePointer) -> GraphvizRasterDevice? {
        let device = GraphvizRasterDevice()
        device.tables = navviz_raster_device_install(gvc, { context, pixels, width, height in
            guard let context, let pixels else { return }
            let device = Unmanaged<GraphvizRasterDevice>.fromOpaque(context).takeUnretainedValue()
            // An ARGB32 surface's rows are 4-byte aligned, so they are exactly 4 × width bytes apart.
            let (width, height) = (Int(width), Int(height))
            switch device.receiver {
            case .size(let receive):
                receive(width, height)
            case .page(let receive):
                guard let raster = Raster(width: width, height: height, stride: 4 * width,
                                          copying: UnsafeRawBufferPointer(start: pixels, count: 4 * width * height)),
                      let page = RasterPage(raster, width: width, height: height) else { return }
                receive(page)
            case nil:
                break
            }
        }, Unmanaged.passUnretained(device).toOpaque())
        return device.tables == nil ? nil : device
    }

    /// Renders a laid-out graph through the device, lending its page to `receive`. Returns
    /// false when Graphviz rendered nothing to lend (the cairo renderer is missing, or the
    /// page was empty); Graphviz's messages are left for the caller.
    ///
    /// With a ``CairoCanvas``, Graphviz draws on the canvas (`gvRenderContext`), which is kept
    /// from one page to the next and lent as its top-left page-sized part: Graphviz clips its
    /// drawing to the page, so a page drawn on a larger canvas has the pixels it has on a
    /// canvas of its own size. When the page turns out larger than the canvas, the canvas
    /// grows and the page is drawn again (so an animation draws its first frame twice, the
    /// first time on a canvas of one pixel, where cairo clips nearly all the drawing away,
    /// and then only a frame larger than all before it). Otherwise cairo draws on a surface
    /// of its own (`gvRenderData`).
    ///
    /// On the canvas, a page whose scene (``GraphvizDamage``) differs from the page drawn
    /// before it only in some objects is drawn only where they were and are: only the objects
    /// reaching those rectangles are drawn, only those rectangles are copied onto the canvas
    /// (``CairoCanvas/draw(damage:_:)``), and the page lent says which rows changed
    /// (``RasterPage/History``). A page of another size than the one
    /// before is then drawn again whole; a page that draws what the one before drew is not
    /// drawn at all.
    func draw(_ gvc: OpaquePointer, _ graph: UnsafeMutablePointer<Agraph_t>, into receive: (RasterPage) -> Void) -> Bool {
        if let canvas {
            if canvas.width == 0 { _ = canvas.reserve(width: 1, height: 1) }
            let drawing = GraphvizDamage.scene(graph)
            let before = lastPage
            lastPage = nil
            var damage: [GraphvizDamage.Rect]?
            if let drawing, let before, before.generation == canvas.generation {
                damage = GraphvizDamage.damage(from: before.scene, to: drawing.scene, width: before.width, height: before.height)
            }
            for _ in 0..<3 {
                var page: (width: Int, height: Int)?
                if let damage, damage.isEmpty, let before {
                    // The same drawing as the page before, which the canvas still holds.
                    page = (before.width, before.height)
                } else {
                    // Only what reaches the damage is drawn (and the page's background).
                    let restore = damage.flatMap { damage in drawing.map { GraphvizDamage.hide($0, outside: damage, in: graph) } }
                    // Only the page's size is read here: its pixels are the canvas's.
                    let status = withReceiver(.size { page = ($0, $1) }) {
                        canvas.draw(damage: damage) { context in gvRenderContext(gvc, graph, Self.device, UnsafeMutableRawPointer(context)) }
                    }
                    restore?()
                    guard status == 0 else { break }
                }
                guard let page else { break }
                if damage != nil, let before, page != (before.width, before.height) {
                    // Damage drawn on a page that turned out another size: draw it whole.
                    damage = nil
                    continue
                }
                if var drawn = canvas.page(width: page.width, height: page.height) {
                    pagesLent += 1
                    drawn.history = RasterPage.History(canvas: canvasNumber, number: pagesLent,
                                                       changedRows: damage.map { Self.rows($0, height: page.height) })
                    if let drawing { lastPage = (drawing.scene, page.width, page.height, canvas.generation) }
                    receive(drawn)
                    return true
                }
                guard canvas.reserve(width: page.width, height: page.height) else { break }
                damage = nil
            }
        }
        var lent = false
        let status: Int32 = withoutActuallyEscaping(receive) { receive in withReceiver(.page { lent = true; receive($0) }) {
            var buffer: UnsafeMutablePointer<CChar>?
            var length = 0
            let status = navviz_render_data(gvc, graph, Self.device, &buffer, &length)
            if let buffer { gvFreeRenderData(buffer) }
            return status
        } }
        return status == 0 && lent
    }

    /// The rows `rects` cover, as sorted ranges that do not touch, inside `0..<height`.
    static func rows(_ rects: [GraphvizDamage.Rect], height: Int) -> [Range<Int>] {
        var out: [Range<Int>] = []
        let inside = rects.compactMap { r -> Range<Int>? in
            let (y0, y1) = (max(0, r.y0), min(height, r.y1))
            return y0 < y1 ? y0..<y1 : nil
        }
        for r in inside.sorted(by: { $0.lowerBound < $1.lowerBound }) {
            if let last = out.last, r.lowerBound <= last.upperBound {
                out[out.count - 1] = last.lowerBound..<max(last.upperBound, r.upperBound)
            } else {
                out.append(r)
            }
        }
        return out
    }

    /// Runs `body` with `receiver` receiving the pages Graphviz draws.
    private func withReceiver<T>(_ receiver: Receiver, _ body: () -> T) -> T {
        self.receiver = receiver
        defer { self.receiver = nil }
        return body()
    }
}
