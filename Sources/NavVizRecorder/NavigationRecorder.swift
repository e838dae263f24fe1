import Foundation

/// Keeps the last states of an app's navigation and writes them as a navviz log (NDJSON, one
/// snapshot per line: docs/format.md), for `navviz animate`, `diff` and `check`.
///
/// ```swift
/// #if DEBUG
/// let recorder = NavigationRecorder(secretKeys: ["token"])
/// recorder.record(router.navigationTree, label: "open chat")   // on every change
/// try recorder.write(to: logURL)                                // from a debug menu, a failed test
/// #endif
/// ```
///
/// - It keeps the last ``capacity`` records (500 by default) in a ring buffer, each with its
///   label and time, already encoded: a record costs one walk of the tree.
/// - Context keys named in `secretKeys` (compared without case) are removed, or hidden
///   behind a mask (``Redaction``), before anything is stored.
/// - ``write(to:)`` writes the buffer on demand; ``startWriting(to:)`` writes it and then
///   every new record as it comes, one whole line per write, so an app that crashes leaves at
///   most its last line cut (which navviz reads with a warning).
/// - Every method may be called from any thread; records keep the order in which their
///   calls took the recorder's lock.
///
/// `@unchecked Sendable`: the mutable state (`ring`, `next`, `output`, `outputError`) is read
/// and written only with `lock` held; everything else is a `let` of Sendable values.
public final class NavigationRecorder: @unchecked Sendable {
    /// What happens to the value of a secret context key.
    public enum Redaction: Sendable, Equatable {
        /// The key is left out.
        case remove
        /// The key is kept with this text instead of its value.
        case hide(String)
    }

    /// One recorded state.
    public struct Record: Sendable {
        /// What the app said the change was (`record(_:label:)`).
        public var label: String?
        /// When it was recorded.
        public var time: Date
        /// The log line, newline included.
        public var line: [UInt8]
        /// The record's number: 1 for the recorder's first, then 2, 3, … (a stream names the
        /// lines it sends by it, so none is read twice).
        public var number: Int = 0
    }

    /// How many records are kept: the oldest go first.
    public let capacity: Int
    private let secret: Set<String>
    private let redaction: Redaction
    private let clock: @Sendable () -> Date

    private let lock = NSLock()
    private var ring: [Record] = []
    private var next = 0
    private var output: FileHandle?
    private var outputError: Error?
    /// Records made so far (the last one's ``Record/number``).
    private var made = 0
    /// Called after each record, outside the lock (a ``NavigationStream`` sending it).
    private var listener: (@Sendable () -> Void)?

    /// A recorder that keeps `capacity` records, removing (or hiding) the context keys in
    /// `secretKeys`. `clock` gives each record its time.
    public init(capacity: Int = 500, secretKeys: Set<String> = [], redaction: Redaction = .remove,
                clock: @escaping @Sendable () -> Date = { Date() }) {
        self.capacity = max(1, capacity)
        secret = Set(secretKeys.map { $0.lowercased() })
        self.redaction = redaction
        self.clock = clock
        ring.reserveCapacity(self.capacity)
    }

    deinit {
        try? output?.close()
    }

    /// Records the current state of `tree` (a tree whose node is nil: nothing shown).
    public func record(_ tree: some NavigationRecordable, label: String? = nil) {
        let time = clock()
        let line = NavigationLine.encode(tree.navigationNode(), label: label, time: time, redaction: redaction, secret: secret)
        var record = Record(label: label, time: time, line: line)
        lock.lock()
        defer {
            let listener = self.listener
            lock.unlock()
            listener?()
        }
        made += 1
        record.number = made
        if ring.count < capacity {
            ring.append(record)
        } else {
            ring[next] = record
        }
        next = (next + 1) % capacity
        if let output {
            do {
                try output.write(contentsOf: line)
            } catch {
                outputError = error
                try? output.close()
                self.output = nil
            }
        }
    }

    /// The records kept, oldest first.
    public var records: [Record] {
        lock.lock()
        defer { lock.unlock() }
        return ordered()
    }

    /// The kept records as a navviz log.
    public func ndjson() -> Data {
        let records = self.records
        var data = Data(capacity: records.reduce(0) { $0 + $1.line.count })
        for r in records { data.append(contentsOf: r.line) }
        return data
    }

    /// Writes the kept records to `url` as a navviz log, replacing the file atomically.
    public func write(to url: URL) throws {
        try ndjson().write(to: url, options: .atomic)
    }

    /// Writes the kept records to `url` (created, or emptied first), then each new record as
    /// it is made, one whole line per write. A failed write stops the writing; ``stopWriting()``
    /// reports it.
    public func startWriting(to url: URL) throws {
        guard FileManager.default.createFile(atPath: url.path, contents: nil),
              let handle = try? FileHandle(forWritingTo: url) else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: url.path])
        }
        lock.lock()
        defer { lock.unlock() }
        try? output?.close()
        var data = Data()
        for r in ordered() { data.append(contentsOf: r.line) }
        try handle.write(contentsOf: data)
        output = handle
        outputError = nil
    }

    /// Stops writing continuously and closes the file; throws the error that stopped an
    /// earlier write, if one did.
    public func stopWriting() throws {
        lock.lock()
        defer { lock.unlock() }
        try? output?.close()
        output = nil
        if let error = outputError {
            outputError = nil
            throw error
        }
    }

    /// The kept records numbered after `number`, oldest first, at most `limit` of them.
    func records(after number: Int, limit: Int) -> [Record] {
        lock.lock()
        defer { lock.unlock() }
        return Array(ordered().lazy.filter { $0.number > number }.prefix(limit))
    }

    /// Sets what is called after each record (one listener: a recorder streams to one
    /// `navviz watch`).
    func setListener(_ listener: (@Sendable () -> Void)?) {
        lock.lock()
        defer { lock.unlock() }
        self.listener = listener
    }

    /// Forgets every kept record (a file being written keeps what it has).
    public func clear() {
        lock.lock()
        defer { lock.unlock() }
        ring.removeAll(keepingCapacity: true)
        next = 0
    }

    /// Oldest first; call with the lock held.
    private func ordered() -> [Record] {
        ring.count < capacity ? ring : Array(ring[next...] + ring[..<next])
    }
}
