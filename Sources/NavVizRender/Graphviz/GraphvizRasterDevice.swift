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
    func draw(_ gvc: OpaquePointer, _ graph: UnsafeMutablePointer<Agraph_t>, into receive: (RasterPage) -> Void) -> Bool {
        if let canvas {
            if canvas.width == 0 { _ = canvas.reserve(width: 1, height: 1) }
            for _ in 0..<2 {
                var page: (width: Int, height: Int)?
                // Only the page's size is read here: its pixels are the canvas's.
                let status = withReceiver(.size { page = ($0, $1) }) {
                    canvas.draw { context in gvRenderContext(gvc, graph, Self.device, UnsafeMutableRawPointer(context)) }
                }
                guard status == 0, let page else { break }
                if let drawn = canvas.page(width: page.width, height: page.height) {
                    receive(drawn)
                    return true
                }
                guard canvas.reserve(width: page.width, height: page.height) else { break }
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

    /// Runs `body` with `receiver` receiving the pages Graphviz draws.
    private func withReceiver<T>(_ receiver: Receiver, _ body: () -> T) -> T {
        self.receiver = receiver
        defer { self.receiver = nil }
        return body()
    }
}
