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
/// (96 dpi, no margin; its id is cairo's "image surface" format), so frames come out the same
/// size and with the same pixels as through gdk.
///
/// Only used under ``Graphviz``'s lock. The C structures Graphviz keeps pointers to are owned
/// here and freed in `deinit`; the owner (``Graphviz``) keeps the device as long as the
/// context it is installed in, and with it the canvas (a frame's pixels: tens of megabytes
/// for a large animation). C pointers stay in the Graphviz folder: a page's pixels are lent
/// as a ``BGRAImage`` for the duration of one call.
final class GraphvizRasterDevice {
    /// The device name to render with.
    static let device = "navviz-bgra:cairo"

    /// cairo's `FORMAT_CAIRO` (its renderer's format ids): draw into an image surface and hand
    /// its data to the device instead of writing a file format.
    private static let imageSurfaceFormat: Int32 = 0

    private let engine: UnsafeMutablePointer<gvdevice_engine_t>
    private let features: UnsafeMutablePointer<gvdevice_features_t>
    private let types: UnsafeMutablePointer<gvplugin_installed_t>
    private let apis: UnsafeMutablePointer<gvplugin_api_t>
    private let library: UnsafeMutablePointer<gvplugin_library_t>
    private let typeName: UnsafeMutablePointer<CChar>
    private let packageName: UnsafeMutablePointer<CChar>

    /// The canvas pages are drawn on, kept from page to page (nil without libcairo).
    private let canvas = CairoCanvas.load()

    /// Who receives the page being drawn; set only while ``draw(_:_:into:)`` runs.
    nonisolated(unsafe) private static var receiver: ((BGRAImage) -> Void)?

    /// Builds the plugin's tables and installs the device into `gvc`.
    init(installingInto gvc: OpaquePointer) {
        typeName = strdup(Self.device)
        packageName = strdup("navviz")
        engine = .allocate(capacity: 1)
        engine.initialize(to: gvdevice_engine_t(initialize: { _ in }, format: { job in GraphvizRasterDevice.format(job) }, finalize: nil))
        features = .allocate(capacity: 1)
        features.initialize(to: gvdevice_features_t(
            flags: GVDEVICE_BINARY_FORMAT | GVDEVICE_DOES_TRUECOLOR,
            default_margin: pointf(x: 0, y: 0), default_pagesize: pointf(x: 0, y: 0), default_dpi: pointf(x: 96, y: 96)))
        types = .allocate(capacity: 2)
        types.initialize(to: gvplugin_installed_t(id: Self.imageSurfaceFormat, type: typeName, quality: 0,
                                                  engine: UnsafeMutableRawPointer(engine), features: UnsafeMutableRawPointer(features)))
        (types + 1).initialize(to: gvplugin_installed_t(id: 0, type: nil, quality: 0, engine: nil, features: nil))
        apis = .allocate(capacity: 2)
        apis.initialize(to: gvplugin_api_t(api: API_device, types: types))
        (apis + 1).initialize(to: gvplugin_api_t(api: api_t(rawValue: 0), types: nil))
        library = .allocate(capacity: 1)
        library.initialize(to: gvplugin_library_t(packagename: packageName, apis: apis))
        gvAddLibrary(gvc, library)
    }

    deinit {
        library.deallocate()
        apis.deallocate()
        types.deallocate()
        features.deallocate()
        engine.deallocate()
        free(typeName)
        free(packageName)
    }

    /// Renders a laid-out graph through the device, lending its page to `receive`. Returns
    /// false when Graphviz rendered nothing to lend (the cairo renderer is missing, or the
    /// page was empty); Graphviz's messages are left for the caller.
    ///
    /// With a ``CairoCanvas``, Graphviz draws on the canvas (`gvRenderContext`), which is kept
    /// from one page to the next: when the page turns out to be another size, the canvas is
    /// resized and the page drawn again (so an animation draws its first frame twice; the
    /// first time on a canvas of one pixel, where cairo clips nearly all the drawing away).
    /// Otherwise cairo draws on a surface of its own (`gvRenderData`).
    func draw(_ gvc: OpaquePointer, _ graph: UnsafeMutablePointer<Agraph_t>, into receive: (BGRAImage) -> Void) -> Bool {
        if let canvas {
            if canvas.width == 0 { _ = canvas.resize(width: 1, height: 1) }
            for _ in 0..<2 {
                var page: (width: Int, height: Int)?
                // Only the page's size is read here: its pixels are the canvas's.
                let status = withReceiver({ page = ($0.width, $0.height) }) {
                    canvas.draw { context in gvRenderContext(gvc, graph, Self.device, UnsafeMutableRawPointer(context)) }
                }
                guard status == 0, let page else { break }
                if page == (canvas.width, canvas.height) {
                    _ = canvas.withImage(receive)
                    return true
                }
                guard canvas.resize(width: page.width, height: page.height) else { break }
            }
        }
        var lent = false
        let status: Int32 = withReceiver({ lent = true; receive($0) }) {
            var buffer: UnsafeMutablePointer<CChar>?
            var length: UInt32 = 0
            let status = gvRenderData(gvc, graph, Self.device, &buffer, &length)
            if let buffer { gvFreeRenderData(buffer) }
            return status
        }
        return status == 0 && lent
    }

    /// Runs `body` with `receiver` receiving the pages Graphviz draws.
    private func withReceiver<T>(_ receiver: (BGRAImage) -> Void, _ body: () -> T) -> T {
        withoutActuallyEscaping(receiver) { receiver in
            Self.receiver = receiver
            defer { Self.receiver = nil }
            return body()
        }
    }

    /// The device's `format` callback: the page is drawn and `imagedata` is the surface's.
    /// (The device's `initialize` does nothing, so that Graphviz opens no output file for a
    /// device that writes none.)
    private static func format(_ job: UnsafeMutablePointer<GVJ_t>?) {
        guard let job, let data = job.pointee.imagedata, let receiver else { return }
        let width = Int(job.pointee.width), height = Int(job.pointee.height)
        guard width > 0, height > 0 else { return }
        // An ARGB32 surface's rows are 4-byte aligned, so they are exactly 4 × width bytes apart.
        let stride = 4 * width
        receiver(BGRAImage(width: width, height: height, stride: stride,
                           bytes: UnsafeRawBufferPointer(start: data, count: stride * height)))
    }
}
