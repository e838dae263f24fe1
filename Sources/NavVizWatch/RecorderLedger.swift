/// The last line each recorder has delivered, by the recorder's session id, so a recorder
/// that reconnects (after a network drop, or to a `navviz watch` started again) sends only
/// what this server has not seen, and a line sent twice is read once.
///
/// A recorder numbers its lines 1, 2, 3, … for the life of its process (its session); it
/// asks for `last` when it connects, then posts batches that say the number of their first
/// line. Lines numbered `last` or below are dropped; a batch that starts past `last + 1`
/// (lines the recorder no longer held) is read from where it starts, and the gap is noted.
actor RecorderLedger {
    private var last: [String: Int] = [:]
    /// Sessions at most: an app relaunched many times makes a new one each time.
    private let capacity = 1_024

    /// The last line delivered by `session` (0: none).
    func lastLine(of session: String) -> Int { last[session] ?? 0 }

    /// Which of `count` lines, numbered from `first`, are new (their indices in the batch),
    /// how many lines were skipped before them (0 unless the recorder lost some), and the
    /// session's new last line.
    func accept(count: Int, first: Int, session: String) -> (new: Range<Int>, gap: Int, last: Int) {
        let seen = last[session] ?? 0
        let end = first + count - 1
        if last[session] == nil, last.count >= capacity, let any = last.keys.first { last[any] = nil }
        guard count > 0, end > seen else { return (0..<0, 0, seen) }
        let from = max(first, seen + 1)
        last[session] = end
        return ((from - first)..<count, max(0, first - seen - 1), end)
    }
}
