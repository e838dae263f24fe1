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
///   most its last line cut (which navviz reads with a warning). A line the file refuses
///   (Data Protection "Complete" while the device is locked, a full disk) waits and is
///   written first when writes work again (``writeStatus``, ``flush()``).
/// - Every method may be called from any thread; records keep the order in which their
///   calls took the recorder's lock, and their times never go backwards: each is stamped
///   and encoded with the lock held.
///
/// `@unchecked Sendable`: the mutable state (`ring`, `next`, `output`, `finished`) is read
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

    /// What became of the lines ``startWriting(to:)``'s file was sent: written, waiting for
    /// the file to take writes again, or lost.
    public struct WriteStatus: Sendable, Equatable {
        /// Lines written whole.
        public var written = 0
        /// Lines waiting to be written (the file refused a write and has not taken one since).
        public var waiting = 0
        /// Lines never written: more waited than the recorder keeps, or the file was closed
        /// while they waited.
        public var lost = 0
        /// Writes the file refused.
        public var failures = 0
        /// Why the last refused write failed, in `strerror`'s words (`operation not permitted`
        /// while Data Protection locks the file).
        public var lastError: String?

        /// Nothing written yet, nothing failed.
        public init() {}
    }

    /// How many records are kept: the oldest go first.
    public let capacity: Int
    private let secret: Set<String>
    private let redaction: Redaction
    private let clock: @Sendable () -> Date

    private let lock = NSLock()
    private var ring: [Record] = []
    private var next = 0
    private var output: LogFile?
    /// The last stopped file's status, until writing starts again.
    private var finished = WriteStatus()
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
        output?.close()
    }

    /// Records the current state of `tree` (a tree whose node is nil: nothing shown).
    ///
    /// The tree is taken (the app's `navigationNode()`) before the lock; the time is read
    /// and the line encoded with the lock held, so records are in the order of their times
    /// whichever threads record.
    public func record(_ tree: some NavigationRecordable, label: String? = nil) {
        let node = tree.navigationNode()
        lock.lock()
        defer {
            let listener = self.listener
            lock.unlock()
            listener?()
        }
        let time = clock()
        let line = NavigationLine.encode(node, label: label, time: time, redaction: redaction, secret: secret)
        made += 1
        let record = Record(label: label, time: time, line: line, number: made)
        if ring.count < capacity {
            ring.append(record)
        } else {
            ring[next] = record
        }
        next = (next + 1) % capacity
        output?.append(line)
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
    /// it is made, one whole line per write. A file being written already is closed first.
    /// Throws only when the file cannot be opened. A line the file refuses waits and is
    /// written, in order, by the next record or ``flush()`` once the file takes writes again
    /// (on iOS, a file under Data Protection "Complete" refuses every write while the device
    /// is locked); ``writeStatus`` counts them, and ``stopWriting()`` reports lines lost.
    public func startWriting(to url: URL) throws {
        try startWriting(to: url, write: { Foundation.write($0, $1, $2) })
    }

    /// ``startWriting(to:)`` with `write(2)` replaced (tests).
    func startWriting(to url: URL, write: @escaping LogFile.Write) throws {
        let file = try LogFile(url: url, capacity: capacity, write: write)
        lock.lock()
        defer { lock.unlock() }
        output?.close()
        output = file
        finished = WriteStatus()
        for r in ordered() { file.append(r.line) }
    }

    /// Writes the lines that wait for the file (after it refused a write): for example when
    /// protected data becomes available again (the UIKit hook calls it then).
    public func flush() {
        lock.lock()
        defer { lock.unlock() }
        output?.flush()
    }

    /// What became of the lines sent to the file being written (or the last one written,
    /// after ``stopWriting()``).
    public var writeStatus: WriteStatus {
        lock.lock()
        defer { lock.unlock() }
        return output?.status ?? finished
    }

    /// Stops writing continuously and closes the file, after a last try at the lines that
    /// wait; throws a ``LogWriteError`` when a line was never written (the first refused
    /// write's reason).
    public func stopWriting() throws {
        lock.lock()
        defer { lock.unlock() }
        guard let output else { return }
        output.flush()
        output.close()
        finished = output.status
        self.output = nil
        if output.status.lost > 0 { throw output.firstError ?? LogWriteError(code: EIO) }
    }

    /// The kept records numbered after `number`, oldest first, at most `limit` of them.
    /// Records are numbered one after another in the ring, so the first wanted is found by
    /// its number and only `limit` records are copied (a stream asks after every batch: copying
    /// the whole ring each time cost the app's process half a core with 100,000 kept).
    func records(after number: Int, limit: Int) -> [Record] {
        lock.lock()
        defer { lock.unlock() }
        guard !ring.isEmpty, limit > 0 else { return [] }
        let oldest = ring.count < capacity ? 0 : next
        let skip = max(0, number - ring[oldest].number + 1)
        guard skip < ring.count else { return [] }
        return (0..<min(limit, ring.count - skip)).map { ring[(oldest + skip + $0) % ring.count] }
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
