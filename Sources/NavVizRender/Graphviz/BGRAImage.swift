import Foundation

/// A picture as cairo draws it: rows top to bottom, 4 bytes a pixel in memory order B, G, R,
/// A (cairo's ARGB32 on a little-endian machine). Borrowed: valid only during the call it is
/// passed to.
struct BGRAImage {
    var width: Int
    var height: Int
    /// Bytes from the start of one row to the next (at least 4 × width).
    var stride: Int
    /// At least `stride × height` bytes.
    var bytes: UnsafeRawBufferPointer
}
