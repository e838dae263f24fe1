import Foundation

/// A flag set once, read from any thread (`Mutex` needs macOS 15; navviz runs on 13).
final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false

    func set() { lock.withLock { value = true } }
    var isSet: Bool { lock.withLock { value } }
}
