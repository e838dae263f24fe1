import Foundation

/// Headless Chromium for the browser tests (Debian's `chromium`; the player's and the live
/// page's tests both look for it here).
public enum Chromium {
    /// The first Chromium installed, or nil.
    public static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]
        .first { FileManager.default.isExecutableFile(atPath: $0) }
}
