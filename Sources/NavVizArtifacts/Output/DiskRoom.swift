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
    static func free(_ path: String) -> Int? {
        var info = statvfs()
        guard statvfs(path, &info) == 0 else { return nil }
        return Int(info.f_bavail) * Int(info.f_frsize)
    }
}
