import Foundation
import NavVizCore

/// Whether an animation fits on the disk it is written to, estimated from its first frames
/// before the rest are drawn: a long recording should not fill a disk silently and fail
/// near the end.
enum DiskRoom {
    /// Throws when `count` frames, at the size of the `drawn` frames drawn first
    /// (`frameBytes` for their files, `playerBytes` of it again for the player, which holds
    /// every SVG frame), would need more than the space free for `directory`.
    static func check(frameBytes: Int, playerBytes: Int, drawn: Int, of count: Int, in directory: String, output: String) throws {
        guard drawn > 0, let free = free(directory) else { return }
        let perFrame = Double(frameBytes + playerBytes) / Double(drawn)
        let needed = perFrame * Double(count)
        guard needed > Double(free) else { return }
        throw NavVizError(.cannotWrite, file: output, """
            cannot write: \(PlainText.count(count)) frames need about \(PlainText.bytes(needed)) (\(PlainText.bytes(perFrame)) a frame, from the first \(drawn)), \
            and its disk has \(PlainText.bytes(free)) free; draw part of the recording with --states A..B
            """)
    }

    /// Bytes an unprivileged process may still write on the file system of `path`.
    ///
    /// On Linux, `statvfs`: blocks free to unprivileged users times the fragment size. On
    /// macOS and iOS, `statvfs` counts blocks in 32 bits and leaves out the purgeable space
    /// APFS frees on demand (caches, local snapshots), so a write that would fit could be
    /// refused: there the volume's capacity for important usage is asked first (Foundation's
    /// `volumeAvailableCapacityForImportantUsage`, which counts that space), and else
    /// `statfs`, whose counts are 64-bit.
    static func free(_ path: String) -> Int? {
        #if canImport(Darwin)
        if let values = try? URL(fileURLWithPath: path).resourceValues(forKeys: [.volumeAvailableCapacityForImportantUsageKey]),
           let important = values.volumeAvailableCapacityForImportantUsage, important > 0 {
            return Int(clamping: important)
        }
        var info = statfs()
        guard statfs(path, &info) == 0 else { return nil }
        let (bytes, overflow) = UInt64(info.f_bavail).multipliedReportingOverflow(by: UInt64(info.f_bsize))
        return overflow ? Int.max : Int(clamping: bytes)
        #else
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int(info.f_bavail) * Int(info.f_frsize)
        #endif
    }
}
