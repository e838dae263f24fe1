/// Pixels in memory navviz owns: rows top to bottom, 4 bytes a pixel in memory order B, G,
/// R, A (cairo's premultiplied ARGB32 on a little-endian machine), `stride` bytes from the
/// start of one row to the next.
///
/// The Graphviz folder draws into a raster (its cairo canvas is made over the raster's
/// memory) or copies a page Graphviz drew into one; everything else reads pixels only
/// through a raster, so no pointer Graphviz or cairo owns leaves that folder. Not
/// thread-safe: one owner at a time (a worker's canvas, under ``Graphviz``'s lock).
package final class Raster {
    /// The raster's size in pixels.
    package let width: Int, height: Int
    /// Bytes from the start of one row to the next (at least 4 × width).
    package let stride: Int
    private let storage: UnsafeMutableRawBufferPointer

    /// A raster of transparent black pixels; nil for an empty size or a stride too small
    /// for the width.
    package init?(width: Int, height: Int, stride: Int) {
        guard width > 0, height > 0, stride >= 4 * width,
              case let (count, overflow) = stride.multipliedReportingOverflow(by: height), !overflow else { return nil }
        self.width = width
        self.height = height
        self.stride = stride
        storage = .allocate(byteCount: count, alignment: 16)
        storage.initializeMemory(as: UInt8.self, repeating: 0)
    }

    /// A copy of `pixels` (rows `stride` bytes apart, at least `stride × height` bytes).
    package convenience init?(width: Int, height: Int, stride: Int, copying pixels: UnsafeRawBufferPointer) {
        guard pixels.count >= stride * height else { return nil }
        self.init(width: width, height: height, stride: stride)
        storage.copyMemory(from: UnsafeRawBufferPointer(rebasing: pixels[0..<stride * height]))
    }

    deinit {
        storage.deallocate()
    }

    /// The first byte of the pixels, for a drawing surface made over them (the raster must
    /// outlive the surface).
    package var baseAddress: UnsafeMutableRawPointer { storage.baseAddress! }

    /// Runs `body` with the raster's bytes (`stride × height` of them).
    package func withUnsafeBytes<T>(_ body: (UnsafeRawBufferPointer) throws -> T) rethrows -> T {
        try body(UnsafeRawBufferPointer(storage))
    }

    /// Runs `body` with the raster's bytes to change them.
    package func withUnsafeMutableBytes<T>(_ body: (UnsafeMutableRawBufferPointer) throws -> T) rethrows -> T {
        try body(storage)
    }

    /// Sets every byte to 0 (transparent black), as a new raster is.
    package func clear() {
        storage.initializeMemory(as: UInt8.self, repeating: 0)
    }
}

/// The top-left `width` × `height` pixels of a ``Raster``: the page Graphviz drew, on a
/// raster that may be larger (a canvas kept from frame to frame grows to the largest page).
package struct RasterPage {
    package var raster: Raster
    package var width: Int
    package var height: Int
    /// Which page of its canvas this is, and what it shares with the one lent before it:
    /// nil when not known.
    package var history: History?

    /// A page's place in its canvas's sequence of pages.
    package struct History: Equatable, Sendable {
        /// The canvas (unique in the process) and the page's number on it.
        package var canvas: Int
        package var number: Int
        /// The rows that can differ from the canvas's page `number − 1` (every other row
        /// has its bytes); nil when any can.
        package var changedRows: [Range<Int>]?

        package init(canvas: Int, number: Int, changedRows: [Range<Int>]?) {
            (self.canvas, self.number, self.changedRows) = (canvas, number, changedRows)
        }
    }

    /// The page, or nil when it is empty or larger than the raster.
    package init?(_ raster: Raster, width: Int, height: Int) {
        guard width > 0, height > 0, width <= raster.width, height <= raster.height else { return nil }
        self.raster = raster
        self.width = width
        self.height = height
    }
}
