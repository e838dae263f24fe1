/// Reads the frames of a sequence document or a log one at a time, from bytes that arrive in
/// chunks, so a recording of thousands of snapshots never has to be held whole.
///
/// A sequence (`{"navviz": 1, "title": …, "frames": [ … ]}`) is scanned at its top level
/// only: each element of `frames` is cut out by bracket counting and read by ``JSONReader``
/// and ``DocumentDecoder`` exactly as the whole-document reader reads it. A log is read line
/// by line, as ``DocumentReader/log(_:)`` reads it.
///
/// The stream checks nothing twice and explains nothing: whatever it does not expect (a
/// syntax error, a problem in a frame, a top-level field other than `navviz`, `title` and
/// `frames`, escapes in a key, a document that is not a sequence) ends it with
/// ``Irregular``, and the caller reads the document whole, which reports the problem with
/// its exact line, column and path. So a streamed document and a document read whole give
/// the same frames, and the same errors.
package struct SnapshotStream {
    /// The stream met something it leaves to the whole-document reader.
    package struct Irregular: Error, Sendable {
        /// What it met (for tests and debugging; users see the whole reader's message).
        package var reason: String
        package init(reason: String) { self.reason = reason }
    }

    /// What the stream reads.
    package enum Kind: Sendable {
        /// A JSON sequence document.
        case sequence
        /// A newline-delimited log, one snapshot per line.
        case log
    }

    package let kind: Kind
    /// The sequence's title, known once the last frame has been cut (``next()`` returns it,
    /// or ``nextPiece()`` cuts it: see ``isDone``).
    package private(set) var title: String?
    /// Whether the stream has cut its last frame and read the rest of the document.
    package var isDone: Bool { state == .done }
    /// What the stream tolerated (a log's cut last line), complete once ``next()`` has
    /// returned nil.
    package private(set) var warnings: [DocumentWarning] = []
    /// Whether a cut last line of a log ends the stream with ``Irregular`` (the whole reader
    /// then reports it as an error) instead of a warning.
    package var strict = false

    private var input: ChunkedBytes
    private var state = State.start
    /// Fields of the sequence's top level other than `frames`, as raw JSON, in order.
    private var otherFields: [(key: String, value: [UInt8])] = []
    private var frameIndex = 0
    private var lineNumber = 0

    private enum State { case start, fields, frames, done }

    /// A stream over the bytes `more` returns chunk by chunk (nil at the end; a read error
    /// is thrown as ``Irregular``, and the whole reader then reports it).
    package init(kind: Kind, strict: Bool = false, more: @escaping () throws(Irregular) -> [UInt8]?) {
        self.kind = kind
        self.strict = strict
        input = ChunkedBytes(more: more)
    }

    /// The next frame, or nil after the last (then ``title`` is set).
    package mutating func next() throws(Irregular) -> Snapshot? {
        guard let piece = try nextPiece() else { return nil }
        return try accept(piece, Self.decode(piece), more: false)
    }

    /// One frame's text, cut out of the stream (``nextPiece()``) but not yet read: what
    /// ``decode(_:)`` reads, on any thread, so that a caller may read several frames at once
    /// and take them back in order (``accept(_:_:more:)``).
    package struct Piece: Sendable {
        let kind: Kind
        let bytes: [UInt8]
        /// The frame's place in `frames` (a sequence) or its line (a log).
        let place: Int
        /// Its size in bytes.
        package var count: Int { bytes.count }
    }

    /// What ``decode(_:)`` made of a piece: its snapshot, or why the stream leaves it to the
    /// whole reader.
    package typealias Decoded = Result<Snapshot, Irregular>

    /// Cuts the next frame's text out of the stream: the next element of `frames`, or the
    /// next line of a log that is not blank; nil after the last. Reads nothing of the frame
    /// itself (``decode(_:)``), so a problem in it is met when the piece is accepted.
    package mutating func nextPiece() throws(Irregular) -> Piece? {
        guard state != .done else { return nil }
        switch kind {
        case .log: return try nextLogPiece()
        case .sequence: return try nextSequencePiece()
        }
    }

    /// The snapshot in a piece, as the whole-document reader reads it (or why the stream
    /// leaves it to that reader). Pure: safe on any thread.
    package static func decode(_ piece: Piece) -> Decoded {
        switch piece.kind {
        case .sequence:
            guard let json = try? JSONReader.parse(piece.bytes) else { return .failure(Irregular(reason: "frames[\(piece.place)]: invalid JSON")) }
            var problems: [DocumentError.Problem] = []
            guard let frame = DocumentDecoder.decodeSequenceFrame(json, index: piece.place, into: &problems), problems.isEmpty else {
                return .failure(Irregular(reason: problems.first?.description ?? "frames[\(piece.place)]"))
            }
            return .success(frame)
        case .log:
            var problems: [DocumentError.Problem] = []
            guard let frame = DocumentReader.logFrame(piece.bytes, line: piece.place, into: &problems), problems.isEmpty else {
                return .failure(Irregular(reason: "line \(piece.place): \(problems.first?.description ?? "not a snapshot")"))
            }
            return .success(frame)
        }
    }

    /// Takes back the pieces ``nextPiece()`` cut, in the same order, with what ``decode(_:)``
    /// made of them: the snapshot; nil when the piece ends the stream instead (a log's cut
    /// last line, with a warning: then nothing more is read). `more`: whether a piece was cut
    /// after this one (a log line that fails is its last line only if none was). Throws
    /// ``Irregular`` when the piece is something the stream leaves to the whole reader.
    package mutating func accept(_ piece: Piece, _ decoded: Decoded, more: Bool) throws(Irregular) -> Snapshot? {
        let irregular: Irregular
        switch decoded {
        case .success(let snapshot):
            if kind == .log { frameIndex += 1 }
            return snapshot
        case .failure(let failure):
            irregular = failure
        }
        guard kind == .log, !strict, !more, DocumentReader.isCut(piece.bytes), try restIsBlank() else { throw irregular }
        warnings.append(.cutLastLine(line: piece.place, complete: frameIndex))
        state = .done
        return nil
    }

    // MARK: Logs

    private mutating func nextLogPiece() throws(Irregular) -> Piece? {
        while let line = try input.line() {
            lineNumber += 1
            if DocumentReader.isBlank(line) { continue }
            return Piece(kind: .log, bytes: line, place: lineNumber)
        }
        state = .done
        return nil
    }

    /// Whether every line left is blank (reads them all).
    private mutating func restIsBlank() throws(Irregular) -> Bool {
        while let line = try input.line() {
            if !DocumentReader.isBlank(line) { return false }
        }
        return true
    }

    // MARK: Sequences

    private mutating func nextSequencePiece() throws(Irregular) -> Piece? {
        while true {
            switch state {
            case .done:
                return nil
            case .start:
                try input.skipByteOrderMark()
                try expect(UInt8(ascii: "{"))
                if try input.peek() == UInt8(ascii: "}") {
                    throw Irregular(reason: "an empty object is not a sequence")
                }
                state = .fields
            case .fields:
                let key = try fieldKey()
                try expect(UInt8(ascii: ":"))
                if key == "frames" {
                    guard !otherFields.contains(where: { $0.key == "frames" }), frameIndex == 0 else {
                        throw Irregular(reason: "duplicate field 'frames'")
                    }
                    try expect(UInt8(ascii: "["))
                    otherFields.append((key, Array("[]".utf8)))
                    if try input.peek() == UInt8(ascii: "]") {
                        input.advance()
                        try endOfField()
                    } else {
                        state = .frames
                    }
                } else {
                    guard FieldNames.sequence.contains(key) else { throw Irregular(reason: "field '\(key)'") }
                    otherFields.append((key, try value()))
                    try endOfField()
                }
            case .frames:
                let element = try value()
                let piece = Piece(kind: .sequence, bytes: element, place: frameIndex)
                frameIndex += 1
                switch try input.peek() {
                case UInt8(ascii: ","):
                    input.advance()
                case UInt8(ascii: "]"):
                    input.advance()
                    try endOfField()
                default:
                    throw Irregular(reason: "expected ',' or ']' after frames[\(frameIndex - 1)]")
                }
                return piece
            }
        }
    }

    /// After a field's value: `,` and another field, or `}` and the end of the document.
    private mutating func endOfField() throws(Irregular) {
        switch try input.peek() {
        case UInt8(ascii: ","):
            input.advance()
            state = .fields
        case UInt8(ascii: "}"):
            input.advance()
            guard try input.peek() == nil else { throw Irregular(reason: "text after the document") }
            try finish()
        default:
            throw Irregular(reason: "expected ',' or '}' after a field")
        }
    }

    /// Checks the top level (the fields besides `frames`) with the whole-document decoder.
    private mutating func finish() throws(Irregular) {
        guard otherFields.contains(where: { $0.key == "frames" }) else { throw Irregular(reason: "no 'frames'") }
        var shell: [UInt8] = Array("{".utf8)
        for (i, field) in otherFields.enumerated() {
            if i > 0 { shell.append(UInt8(ascii: ",")) }
            shell += Array(DocumentEncoder.quote(field.key).utf8) + [UInt8(ascii: ":")] + field.value
        }
        shell.append(UInt8(ascii: "}"))
        guard let json = try? JSONReader.parse(shell),
              case .sequence(let s) = try? DocumentDecoder.decode(json) else {
            throw Irregular(reason: "the top level is not a valid sequence")
        }
        title = s.title
        state = .done
    }

    // MARK: Tokens

    private mutating func expect(_ byte: UInt8) throws(Irregular) {
        guard try input.peek() == byte else { throw Irregular(reason: "expected '\(Character(Unicode.Scalar(byte)))'") }
        input.advance()
    }

    /// A key without escapes (an escaped key is left to the whole reader).
    private mutating func fieldKey() throws(Irregular) -> String {
        let raw = try value()
        guard raw.count >= 2, raw.first == UInt8(ascii: "\""), !raw.contains(UInt8(ascii: "\\")),
              let text = String(validatingUTF8Bytes: raw.dropFirst().dropLast()) else {
            throw Irregular(reason: "a key that is not a plain string")
        }
        return text
    }

    /// The bytes of the next value (not checked: ``JSONReader`` reads them afterwards).
    private mutating func value() throws(Irregular) -> [UInt8] {
        guard try input.peek() != nil, let bytes = try input.value() else { throw Irregular(reason: "unexpected end of input") }
        return bytes
    }
}

/// Bytes arriving in chunks, read forwards, holding only what has not been consumed.
struct ChunkedBytes {
    private var buffer: [UInt8] = []
    private var pos = 0
    private var ended = false
    private let more: () throws(SnapshotStream.Irregular) -> [UInt8]?

    init(more: @escaping () throws(SnapshotStream.Irregular) -> [UInt8]?) {
        self.more = more
    }

    /// Appends the next chunk, first dropping what lies before `keep`; false at the end.
    /// Returns how far indices moved down.
    private mutating func fill(keeping keep: Int) throws(SnapshotStream.Irregular) -> Int? {
        guard !ended else { return nil }
        guard let chunk = try more() else {
            ended = true
            return nil
        }
        var shift = 0
        if keep > 0, keep >= buffer.count / 2 {
            buffer.removeSubrange(0..<keep)
            shift = keep
            pos -= keep
        }
        buffer += chunk
        return shift
    }

    mutating func skipByteOrderMark() throws(SnapshotStream.Irregular) {
        while buffer.count - pos < 3, try fill(keeping: pos) != nil {}
        if buffer.count - pos >= 3, buffer[pos] == 0xEF, buffer[pos + 1] == 0xBB, buffer[pos + 2] == 0xBF { pos += 3 }
    }

    /// The next byte that is not JSON whitespace, without consuming it (nil at the end).
    mutating func peek() throws(SnapshotStream.Irregular) -> UInt8? {
        while true {
            while pos < buffer.count {
                switch buffer[pos] {
                case 0x20, 0x09, 0x0A, 0x0D: pos += 1
                default: return buffer[pos]
                }
            }
            guard try fill(keeping: pos) != nil else { return nil }
        }
    }

    mutating func advance() { pos += 1 }

    /// The bytes of the value starting at the current byte (after ``peek()``): a string, an
    /// object or array up to its matching bracket (strings inside skipped), or a scalar up to
    /// the next delimiter. Nil when the input ends first.
    mutating func value() throws(SnapshotStream.Irregular) -> [UInt8]? {
        var start = pos
        var i = pos
        let scalar = buffer[pos] != UInt8(ascii: "{") && buffer[pos] != UInt8(ascii: "[") && buffer[pos] != UInt8(ascii: "\"")
        var scan = Scan()
        while true {
            if i == buffer.count {
                guard let shift = try fill(keeping: start) else {
                    guard scalar, i > start else { return nil }
                    break
                }
                start -= shift
                i -= shift
                continue
            }
            if scalar {
                switch buffer[i] {
                case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), 0x20, 0x09, 0x0A, 0x0D: break
                default:
                    i += 1
                    continue
                }
                break
            }
            // The rest of the buffer in one pass (a frame's text is most of a megabyte
            // chunk, read here on the thread that hands the frames out).
            let from = i
            let end = buffer.withUnsafeBufferPointer { scan.end(in: $0, from: from) }
            if let end {
                pos = end
                return Array(buffer[start..<end])
            }
            i = buffer.count
        }
        pos = i
        return Array(buffer[start..<i])
    }

    /// Where a string, object or array ends, found across chunks: how deep the scan is,
    /// and whether it stands inside a string, just after a backslash.
    private struct Scan {
        private var depth = 0
        private var inString = false
        private var escaped = false

        /// The index just past the value's last byte in `bytes` from `from` on; nil when
        /// the bytes end first (the scan then goes on in the next chunk).
        mutating func end(in bytes: UnsafeBufferPointer<UInt8>, from: Int) -> Int? {
            var i = from
            let n = bytes.count
            while i < n {
                if inString {
                    if escaped {
                        escaped = false
                        i += 1
                        continue
                    }
                    // To the next quote or backslash.
                    while i < n, bytes[i] != UInt8(ascii: "\""), bytes[i] != UInt8(ascii: "\\") { i += 1 }
                    guard i < n else { return nil }
                    if bytes[i] == UInt8(ascii: "\\") {
                        escaped = true
                    } else {
                        inString = false
                        if depth == 0 { return i + 1 }
                    }
                    i += 1
                    continue
                }
                switch bytes[i] {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    if depth == 0 { return i + 1 }
                default: break
                }
                i += 1
            }
            return nil
        }
    }

    /// The next line without its `\n` (nil at the end of the input).
    mutating func line() throws(SnapshotStream.Irregular) -> [UInt8]? {
        var start = pos
        var i = pos
        while true {
            if i == buffer.count {
                guard let shift = try fill(keeping: start) else {
                    // The last line has no newline (or there is no last line).
                    pos = i
                    return i > start ? Array(buffer[start..<i]) : nil
                }
                start -= shift
                i -= shift
                continue
            }
            let from = i
            let newline = buffer.withUnsafeBufferPointer { bytes in
                var j = from
                while j < bytes.count, bytes[j] != 0x0A { j += 1 }
                return j
            }
            if newline < buffer.count {
                pos = newline + 1
                return Array(buffer[start..<newline])
            }
            i = buffer.count
        }
    }
}
