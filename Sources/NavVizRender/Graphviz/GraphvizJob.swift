import NavVizCore

/// One piece of Graphviz work for a worker process (`GraphvizPool`), and its wire format.
///
/// A job travels as a length-prefixed binary message over the worker's socket, its answer
/// likewise: a status byte, then either the rendered payloads or the ``RenderError`` the
/// worker met. Lengths are little-endian; a message that does not parse is a protocol error,
/// never a guess.
struct GraphvizJob: Equatable, Sendable {
    enum Kind: UInt8, Sendable {
        /// Lay out and render to one format (`svg`, `png`, `pdf`, or `dot` for the laid-out
        /// graph as DOT): one payload.
        case render = 1
        /// Lay out once and draw an animation frame as SVG and/or PNG (the PNG through the
        /// worker's kept canvas and band-reusing encoder): two payloads, empty when not asked.
        case frame = 2
        /// Lay out and read back where every node and edge went (``Graphviz/Geometry``, as
        /// ``Graphviz/Geometry/encoded()`` writes it): one payload. The process that asked
        /// never parses a layout, nor loads Graphviz's plugins, itself.
        case geometry = 3
    }

    var kind: Kind
    var engine: String
    /// The format of a ``Kind/render`` job.
    var format = ""
    /// What a ``Kind/frame`` job draws.
    var svg = false
    var png = false
    var dot: String

    static func render(dot: String, format: String, engine: String) -> GraphvizJob {
        GraphvizJob(kind: .render, engine: engine, format: format, dot: dot)
    }

    static func geometry(dot: String, engine: String) -> GraphvizJob {
        GraphvizJob(kind: .geometry, engine: engine, dot: dot)
    }

    static func frame(dot: String, engine: String, svg: Bool, png: Bool) -> GraphvizJob {
        GraphvizJob(kind: .frame, engine: engine, svg: svg, png: png, dot: dot)
    }

    /// Whether the job runs the `dot` layout (which Graphviz before 4.0 limits per process).
    var usesDotLayout: Bool { engine == "dot" }

    /// At most how many component passes (`decompose()` in Graphviz's lib/dotgen/decomp.c,
    /// each advancing its mark `Cmark`) the job's layout runs: none but for `dot`. A `dot`
    /// layout ranks the graph and each of its clusters once (`dot1_rank`: one pass, a second
    /// when the graph has `rank=min`, `max`, `source` or `sink` sets), then runs one pass in
    /// mincross: at most 3 + 2 × clusters. Graphviz 2.42/2.43 takes a subgraph for a cluster
    /// when its name starts with `cluster` in any case, or when it has `cluster=true`; so the
    /// word is counted wherever it appears (a label too), and where it is set as an
    /// attribute (a default for every subgraph, maybe) every `{` counts as a cluster: never
    /// fewer than there are. `pack` and `aspect` (which navviz never writes) lay a graph out
    /// again per component or per try: such a layout counts ``unboundedPasses``, so it runs
    /// in a fresh worker.
    var markPasses: Int {
        guard usesDotLayout else { return 0 }
        return Self.markPasses(dot: dot)
    }

    /// What ``markPasses`` counts for a layout whose passes it cannot bound.
    static let unboundedPasses = Int.max / 2

    static func markPasses(dot: String) -> Int {
        var dot = dot
        // Read in place: a window's DOT is some hundred kilobytes.
        return dot.withUTF8 { bytes in
            /// Whether `word` (lowercase ASCII) is at `i`, in any case.
            func word(_ word: StaticString, at i: Int) -> Bool {
                let n = word.utf8CodeUnitCount
                guard i + n <= bytes.count else { return false }
                let w = word.utf8Start
                for k in 0..<n where bytes[i + k] | 0x20 != w[k] { return false }
                return true
            }
            /// Whether `=` follows offset `i`, after a closing quote and blanks: an attribute.
            func assigned(after i: Int) -> Bool {
                var j = i
                while j < bytes.count {
                    switch bytes[j] {
                    case UInt8(ascii: "\""), 0x20, 0x09, 0x0A, 0x0D: j += 1
                    default: return bytes[j] == UInt8(ascii: "=")
                    }
                }
                return false
            }
            var clusters = 0, braces = 0
            var clusterAttribute = false, relayouts = false
            for i in bytes.indices {
                switch bytes[i] | 0x20 {
                case UInt8(ascii: "c") where word("cluster", at: i):
                    clusters += 1
                    if assigned(after: i + 7) { clusterAttribute = true }
                case UInt8(ascii: "p") where word("pack", at: i):
                    if assigned(after: i + 4) || word("packmode", at: i) && assigned(after: i + 8) { relayouts = true }
                case UInt8(ascii: "a") where word("aspect", at: i):
                    if assigned(after: i + 6) { relayouts = true }
                default:
                    if bytes[i] == UInt8(ascii: "{") { braces += 1 }
                }
            }
            if relayouts { return unboundedPasses }
            return 3 + 2 * (clusters + (clusterAttribute ? braces : 0))
        }
    }

    // MARK: Wire format

    /// Longest string or payload a message may carry (a 5,000-node graph's DOT or PNG is far
    /// smaller); anything longer is a corrupt message.
    static let maxLength = 1 << 30

    func encoded() -> [UInt8] {
        var out = Wire()
        out.byte(kind.rawValue)
        out.byte((svg ? 1 : 0) | (png ? 2 : 0))
        out.string(engine)
        out.string(format)
        out.string(dot)
        return out.bytes
    }

    /// Reads a job from `read`, which returns exactly the bytes asked for, or nil at the end
    /// of the stream. Nil when the stream ends cleanly before a job; throws on a corrupt one.
    static func read(_ read: @escaping (Int) -> [UInt8]?) throws(Wire.Corrupt) -> GraphvizJob? {
        guard let head = read(2) else { return nil }
        guard let kind = Kind(rawValue: head[0]), head[1] & ~3 == 0 else { throw Wire.Corrupt() }
        var reader = Wire.Reader(read: read)
        let engine = try reader.string(), format = try reader.string(), dot = try reader.string()
        return GraphvizJob(kind: kind, engine: engine, format: format, svg: head[1] & 1 != 0, png: head[1] & 2 != 0, dot: dot)
    }

    /// What a worker answers: the job's payloads, or why it failed.
    static func encode(_ result: Result<[[UInt8]], RenderError>) -> [UInt8] {
        var out = Wire()
        switch result {
        case .success(let payloads):
            out.byte(0)
            out.count(payloads.count)
            for payload in payloads { out.blob(payload) }
        case .failure(let error):
            let (tag, strings) = error.wire
            out.byte(tag)
            out.count(strings.count)
            for string in strings { out.string(string) }
        }
        return out.bytes
    }

    /// Reads an answer; throws ``Wire/Corrupt`` when it is cut short or does not parse.
    static func readAnswer(_ read: @escaping (Int) -> [UInt8]?) throws(Wire.Corrupt) -> Result<[[UInt8]], RenderError> {
        guard let tag = read(1)?.first else { throw Wire.Corrupt() }
        var reader = Wire.Reader(read: read)
        let count = try reader.count()
        guard count <= 256 else { throw Wire.Corrupt() }
        if tag == 0 {
            var payloads: [[UInt8]] = []
            for _ in 0..<count { payloads.append(try reader.blob()) }
            return .success(payloads)
        }
        var strings: [String] = []
        for _ in 0..<count { strings.append(try reader.string()) }
        guard let error = RenderError(wire: tag, strings) else { throw Wire.Corrupt() }
        return .failure(error)
    }
}

/// Little-endian length-prefixed fields.
struct Wire {
    /// A message that is cut short or does not parse.
    struct Corrupt: Error {}

    var bytes: [UInt8] = []

    mutating func byte(_ value: UInt8) { bytes.append(value) }

    mutating func count(_ value: Int) { word(UInt64(value)) }

    /// 8 bytes, little-endian: how counts and numbers are written.
    private mutating func word(_ value: UInt64) {
        var v = value
        for _ in 0..<8 {
            bytes.append(UInt8(truncatingIfNeeded: v))
            v >>= 8
        }
    }

    /// The value of 8 little-endian bytes (``word(_:)``).
    static func word(_ bytes: some BidirectionalCollection<UInt8>) -> UInt64 {
        bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
    }

    /// A count read back: at most ``GraphvizJob/maxLength``, else the message is corrupt.
    static func count(_ word: UInt64) throws(Corrupt) -> Int {
        guard word <= UInt64(GraphvizJob.maxLength) else { throw Corrupt() }
        return Int(word)
    }

    mutating func blob(_ value: [UInt8]) {
        count(value.count)
        bytes += value
    }

    mutating func string(_ value: String) { blob(Array(value.utf8)) }

    /// A number as its 8 bytes (IEEE 754, little-endian): exact, and read back without
    /// parsing text.
    mutating func double(_ value: Double) { word(value.bitPattern) }

    /// Reads a message held whole in memory, in place (``Reader`` reads one from a socket,
    /// a read at a time).
    struct Cursor {
        let bytes: [UInt8]
        private(set) var offset = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { offset == bytes.count }

        private mutating func word() throws(Corrupt) -> UInt64 {
            guard offset + 8 <= bytes.count else { throw Corrupt() }
            defer { offset += 8 }
            return Wire.word(bytes[offset..<(offset + 8)])
        }

        mutating func count() throws(Corrupt) -> Int { try Wire.count(try word()) }

        mutating func double() throws(Corrupt) -> Double {
            Double(bitPattern: try word())
        }

        mutating func string() throws(Corrupt) -> String {
            let n = try count()
            guard offset + n <= bytes.count, let s = String(validatingUTF8Bytes: bytes[offset..<(offset + n)]) else { throw Corrupt() }
            offset += n
            return s
        }
    }

    struct Reader {
        let read: (Int) -> [UInt8]?

        mutating func count() throws(Corrupt) -> Int {
            guard let b = read(8) else { throw Corrupt() }
            return try Wire.count(Wire.word(b))
        }

        mutating func blob() throws(Corrupt) -> [UInt8] {
            let n = try count()
            if n == 0 { return [] }
            guard let b = read(n) else { throw Corrupt() }
            return b
        }

        mutating func string() throws(Corrupt) -> String {
            let b = try blob()
            guard let s = String(validatingUTF8Bytes: b) else { throw Corrupt() }
            return s
        }
    }
}

extension RenderError {
    /// The error as a tag and strings, for a worker's answer.
    var wire: (UInt8, [String]) {
        switch self {
        case .unavailable(let why): (1, [why])
        case .mismatchedLibrary(let built, let loaded): (2, [built, loaded])
        case .missingPlugin(let format, let plugin): (3, [format, plugin])
        case .invalidDOT(let messages): (4, messages)
        case .failed(let stage, let messages): (5, [stage] + messages)
        case .tooLarge(let nodes, let limit): (6, [String(nodes), String(limit)])
        case .crashed(let how): (7, [how])
        case .tooLargeForBitmap(let scale): (8, [String(scale)])
        // A worker draws one frame a job and never names it; the caller does.
        case .frame(_, let error): error.wire
        }
    }

    init?(wire tag: UInt8, _ s: [String]) {
        switch (tag, s.count) {
        case (1, 1): self = .unavailable(s[0])
        case (2, 2): self = .mismatchedLibrary(built: s[0], loaded: s[1])
        case (3, 2): self = .missingPlugin(format: s[0], plugin: s[1])
        case (4, _): self = .invalidDOT(s)
        case (5, 1...): self = .failed(stage: s[0], messages: Array(s.dropFirst()))
        case (6, 2):
            guard let nodes = Int(s[0]), let limit = Int(s[1]) else { return nil }
            self = .tooLarge(nodes: nodes, limit: limit)
        case (7, 1): self = .crashed(s[0])
        case (8, 1):
            guard let scale = Double(s[0]) else { return nil }
            self = .tooLargeForBitmap(scale: scale)
        default: return nil
        }
    }
}
