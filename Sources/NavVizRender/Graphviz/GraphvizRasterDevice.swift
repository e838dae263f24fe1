import Foundation
internal import CGraphviz

/// navviz's own Graphviz output device, `navviz-bgra:cairo`, installed in-process with
/// `gvAddLibrary`: Graphviz's cairo renderer draws a page into its ARGB32 image surface, and
/// this device lends the surface's rows to Swift while Graphviz still owns them.
///
/// It takes the place of the gdk plugin's `bmp:cairo:gdk`, which copied the surface into a
/// pixbuf, wrote it out as a BMP and had navviz read the BMP back: three full-size copies of
/// every frame, each in freshly mapped memory. The device's features are the gdk plugin's
/// (96 dpi, no margin; its id is cairo's "image surface" format), so frames come out the same
/// size and with the same pixels as through gdk.
///
/// Only used under ``Graphviz``'s lock. The C structures Graphviz keeps pointers to are owned
/// here and freed in `deinit`; the owner (``Graphviz``) keeps the device as long as the
/// context it is installed in. C pointers never leave this file: a page is lent as a
/// ``BGRAImage`` for the duration of one call.
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

    /// Who receives the page being drawn; set only while ``draw(_:_:into:)`` runs.
    nonisolated(unsafe) private static var receiver: ((BGRAImage) -> Void)?

    /// Builds the plugin's tables and installs the device into `gvc`.
    init(installingInto gvc: OpaquePointer) {
        typeName = strdup(Self.device)
        packageName = strdup("navviz")
        engine = .allocate(capacity: 1)
        engine.initialize(to: gvdevice_engine_t(initialize: nil, format: { job in GraphvizRasterDevice.format(job) }, finalize: nil))
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
    func draw(_ gvc: OpaquePointer, _ graph: UnsafeMutablePointer<Agraph_t>, into receive: (BGRAImage) -> Void) -> Bool {
        var lent = false
        withoutActuallyEscaping(receive) { receive in
            Self.receiver = { image in
                lent = true
                receive(image)
            }
            defer { Self.receiver = nil }
            var buffer: UnsafeMutablePointer<CChar>?
            var length: UInt32 = 0
            let status = gvRenderData(gvc, graph, Self.device, &buffer, &length)
            if let buffer { gvFreeRenderData(buffer) }
            if status != 0 { lent = false }
        }
        return lent
    }

    /// The device's `format` callback: the page is drawn and `imagedata` is the surface's.
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
