import Foundation
@_spi(Internals) import NavVizRender
import NavVizArtifacts
import NavVizCore

/// A running app's navigation as it arrives: each line a recorder writes (one snapshot, as a
/// navviz log holds it) becomes a step of the player, within a few milliseconds of arriving.
///
/// The pipeline is `navviz animate`'s, one state at a time: the line is read and validated
/// (``DocumentReader``), diffed against the state before in the session's dialect
/// (``SequenceStepper``), planned into its pending and applied frames (``AnimationPlan``),
/// placed without moving what is already shown (``LiveLayout``) and turned into the player's
/// rows (``PlayerModel``). What the player needs is kept as messages, one JSON object a line
/// (``LiveMessage``), appended to a history file, so a browser that connects later gets the
/// whole session, and memory does not grow with it. A page that let old rows go asks for them
/// again: frames by number, a block (``Options/block`` frames) at a time (the first frame of each block lists
/// its whole state, so the block is all a page needs to show any frame in it), and a window by
/// number (its nodes, edges and tables, which are its own: a window let go takes its rows
/// with it; ``window(_:)``). The lines themselves are kept as a log
/// (``logPath``), which ``save(into:)`` animates into the bundle `navviz animate` writes.
///
/// A line that is not a valid snapshot becomes an error message for the page, and the session
/// goes on. All work runs on one serial queue, in the order lines arrive; subscribers are
/// called on it.
package final class LiveSession: @unchecked Sendable {
    /// The words of the nodes the steps draw, made once per distinct node.
    private let words = SceneWords()
    /// What a session is asked for (`navviz watch`'s options).
    package struct Options: Sendable {
        package var dialect: DiffDialect = .navviz
        package var redact = false
        package var granularity: FrameGranularity = .transition
        package var theme: Theme = .light
        package var title = "navviz watch"
        /// Milliseconds a frame is shown when the page plays the history.
        package var delay = 1200
        /// The most nodes a layout window holds (``LiveLayout/maxNodes``).
        package var windowNodes = 1_500
        /// Frames in a block: the first of each lists its whole state (a page jumps into a
        /// block without the frames before it); the page reads the number from `hello`.
        package var block = 64
        package init() {}
    }

    /// Where a line came from, for its error messages.
    package enum Source: Sendable, Equatable {
        case file(String)
        case standardInput
        case recorder(String)

        /// The name messages use.
        package var name: String {
            switch self {
            case .file(let path): path
            case .standardInput: Diagnostic.stdinName
            case .recorder(let name): "recorder \(name)"
            }
        }
    }

    /// A subscriber's handle, to unsubscribe with.
    package struct Subscription: Hashable, Sendable {
        let id: UUID
    }

    package let options: Options
    /// The directory the session keeps its files in (its log and its history).
    package let directory: URL
    /// The session's lines as a navviz log: the valid ones, in the order they arrived.
    package var logPath: String { directory.appendingPathComponent("session.ndjson").path }

    private let queue = DispatchQueue(label: "navviz.watch.session")
    /// Set by ``close()``: lines still waiting on the queue are dropped.
    private let closed = Flag()
    private var stepper: SequenceStepper
    private var layout = LiveLayout()
    private var player = PlayerModel(tablesPerWindow: true)
    private var tables = PlayerModel.TableCounts()
    private var history: FileHandle
    private var log: FileHandle
    /// Windows that ended: each one's messages (window, grows, tables) one after another.
    private var windowArchive: FileHandle
    /// Where each ended window's messages are in the archive (offset, length), by window number.
    private var windowIndex: [(offset: UInt64, length: Int)] = []
    /// The current window's messages.
    private var windowMessages: [String] = []
    private var subscribers: [UUID: @Sendable ([String]) -> Void] = [:]
    /// States read, frames made, messages kept.
    private(set) var stateCount = 0
    private(set) var frameCount = 0
    private(set) var messageCount = 0
    private let countsLock = NSLock()
    private var publishedCounts = (states: 0, frames: 0, messages: 0)
    /// Where each block's first frame message is in the history file, by block number; and
    /// how many frames the history holds.
    private var blockOffsets: [UInt64] = []
    private var framesKept = 0
    /// Rows a window's tables may hold before the next step starts a new window (the probe's
    /// windows fill their 1,500 nodes first, with some 600 rows).
    var maxTableRows = 20_000
    /// Lines read from each source, to number them in messages.
    private var lineNumbers: [String: Int] = [:]

    /// A session keeping its files in a new directory inside `parent` (removed by
    /// ``close()``).
    package init(options: Options, parent: URL = FileManager.default.temporaryDirectory) throws {
        self.options = options
        directory = parent.appendingPathComponent("navviz-watch-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let historyPath = directory.appendingPathComponent("history.ndjson").path
        _ = FileManager.default.createFile(atPath: historyPath, contents: nil)
        _ = FileManager.default.createFile(atPath: directory.appendingPathComponent("session.ndjson").path, contents: nil)
        history = try FileHandle(forUpdating: URL(fileURLWithPath: historyPath))
        let archivePath = directory.appendingPathComponent("windows.ndjson").path
        _ = FileManager.default.createFile(atPath: archivePath, contents: nil)
        windowArchive = try FileHandle(forUpdating: URL(fileURLWithPath: archivePath))
        log = try FileHandle(forWritingTo: URL(fileURLWithPath: directory.appendingPathComponent("session.ndjson").path))
        stepper = SequenceStepper(dialect: options.dialect)
        layout.maxNodes = options.windowNodes
        keep([LiveMessage.hello(options, block: options.block)])
    }

    /// Stops reading (lines still waiting are dropped) and removes the session's directory.
    package func close() {
        closed.set()
        queue.sync {
            try? history.close()
            try? log.close()
            try? windowArchive.close()
            try? FileManager.default.removeItem(at: directory)
        }
    }

    /// Reads `lines` from `source` (each one snapshot, as a navviz log line), in order, after
    /// every line given before, and returns when they are read: a source never gets ahead of
    /// the session, so lines arriving faster than they can be drawn wait in their source (a
    /// recorder's ring buffer, the log file) and navviz's memory stays flat. Called from a
    /// source's own thread (a followed file, standard input), never from the session's queue.
    package func ingest(_ lines: [String], from source: Source) {
        queue.sync { self.read(lines, from: source) }
    }

    /// ``ingest(_:from:)`` for a request handler: suspends, without holding a thread, until the
    /// lines are read (a recorder's next batch waits for this one).
    package func ingest(_ lines: [String], from source: Source) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            queue.async {
                self.read(lines, from: source)
                done.resume()
            }
        }
    }

    /// Waits until every line given so far is read (tests; saving).
    package func drain() { queue.sync {} }

    /// Calls `deliver` with the whole history (the messages so far), then with each batch of
    /// new messages as lines are read, on the session's queue, until ``unsubscribe(_:)``.
    package func subscribe(_ deliver: @escaping @Sendable ([String]) -> Void) -> Subscription {
        let id = UUID()
        queue.sync {
            deliver(readHistory())
            subscribers[id] = deliver
        }
        return Subscription(id: id)
    }

    /// Stops calling a subscriber.
    package func unsubscribe(_ subscription: Subscription) {
        queue.async { self.subscribers[subscription.id] = nil }
    }

    /// What the session holds: states, frames, messages (as of the last batch read; answered
    /// at once, even while a batch is being read).
    package var counts: (states: Int, frames: Int, messages: Int) {
        countsLock.lock()
        defer { countsLock.unlock() }
        return publishedCounts
    }

    /// Writes the session so far as the bundle `navviz animate` writes, into a new directory
    /// inside `parent` named after the time; returns its player's path. Lines that arrive
    /// meanwhile wait.
    package func save(into parent: String, diagnostics: Diagnostics = .silent) throws(NavVizError) -> String {
        let log = queue.sync { () -> String? in
            try? self.log.synchronize()
            return stateCount > 0 ? logPath : nil
        }
        guard let log else { throw NavVizError(.usage, file: nil, "nothing to save yet: no state has arrived") }
        let stamp = ISO8601DateFormatter.string(from: Date(), timeZone: .current, formatOptions: [.withFullDate, .withTime])
        var name = "navviz-watch-\(stamp)"
        var n = 1
        while FileManager.default.fileExists(atPath: (parent as NSString).appendingPathComponent(name)) {
            n += 1
            name = "navviz-watch-\(stamp)-\(n)"
        }
        var animation = Animation.Options()
        animation.timeline = TimelineSettings(dialect: options.dialect, redact: options.redact)
        animation.granularity = options.granularity
        animation.theme = options.theme
        animation.title = options.title
        animation.delay = options.delay
        return try Self.write(log, to: (parent as NSString).appendingPathComponent(name), options: animation, diagnostics: diagnostics)
    }

    private static func write(_ log: String, to output: String, options: Animation.Options, diagnostics: Diagnostics) throws(NavVizError) -> String {
        do {
            return try Animation.write(log, to: output, options: options, diagnostics: diagnostics).main
        } catch {
            throw NavVizError(converting: error) ?? NavVizError(.internalError, file: output, "\(error)")
        }
    }

    // MARK: On the queue

    private func read(_ lines: [String], from source: Source) {
        guard !closed.isSet else { return }
        var out: [String] = []
        for line in lines {
            let number = lineNumbers[source.name, default: 0] + 1
            lineNumbers[source.name] = number
            guard line.utf8.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D }) else { continue }
            do throws(DocumentError) {
                let snapshot = try DocumentReader.logLine(Array(line.utf8), line: number)
                log.write(Data((line + "\n").utf8))
                out += step(snapshot, source: source, line: number)
            } catch {
                out += error.diagnostics(file: source.name).map(LiveMessage.problem)
            }
        }
        keep(out)
    }

    /// The messages of one more state.
    private func step(_ snapshot: Snapshot, source: Source, line: Int) -> [String] {
        var step = stepper.step(snapshot)
        if options.redact { step = Redaction.redact(step) }
        stateCount += 1
        let frames = AnimationPlan.frames(for: step, granularity: options.granularity, dialect: options.dialect, theme: options.theme, words: words)
        let scenes = frames.map(\.scene)
        var out: [String] = []
        do throws(RenderError) {
            switch try layout.place(scenes) {
            case .fits: break
            case .grew(let nodes, let edges, let box):
                out.append(LiveMessage.grow(player.grow(nodes: nodes, edges: edges, box: box)))
                windowMessages.append(out[out.count - 1])
            case .newWindow(let geometry):
                archiveWindow()
                tables = .init()
                out.append(LiveMessage.window(player.beginWindow(geometry)))
                windowMessages = [out[out.count - 1]]
            }
        } catch {
            return [LiveMessage.problem(.error("\(error)", file: source.name, at: .init(line: line)))]
        }
        var rows: [JSONOutput.Written] = []
        for (j, (frame, scene)) in zip(frames, scenes).enumerated() {
            rows.append(player.add(frame.info, scene: scene, file: "", full: (frameCount + j) % options.block == 0))
        }
        let new = player.tableRows(since: tables)
        tables = new.counts
        if !new.texts.isEmpty || !new.nodeStyles.isEmpty || !new.edgeStyles.isEmpty {
            out.append(LiveMessage.tables(texts: new.texts, nodeStyles: new.nodeStyles, edgeStyles: new.edgeStyles))
            windowMessages.append(out[out.count - 1])
        }
        if player.tableRowCount > maxTableRows { layout.endWindow = true }
        for row in rows {
            out.append(LiveMessage.frame(row, number: frameCount, state: step.index, time: snapshot.time))
            frameCount += 1
        }
        return out
    }

    /// Appends messages to the history and hands them to every subscriber.
    private func keep(_ messages: [String]) {
        guard !messages.isEmpty else { return }
        var offset = history.seekToEndOfFile()
        for m in messages {
            if m.hasPrefix(#"{"k":"frame""#) {
                if framesKept % options.block == 0 { blockOffsets.append(offset) }
                framesKept += 1
            }
            offset += UInt64(m.utf8.count + 1)
        }
        history.write(Data(messages.map { $0 + "\n" }.joined().utf8))
        messageCount += messages.count
        countsLock.lock()
        publishedCounts = (stateCount, frameCount, messageCount)
        countsLock.unlock()
        for deliver in subscribers.values { deliver(messages) }
    }

    /// The frame messages `range` (by frame number) as kept, for a page that let their rows go:
    /// read from the history, from the start of the block of the first to the end of the last's.
    package func frames(_ range: Range<Int>) -> [String] {
        queue.sync {
            let range = range.clamped(to: 0..<framesKept)
            guard let first = range.first, let last = range.last else { return [] }
            let firstBlock = first / options.block, lastBlock = last / options.block
            let start = blockOffsets[firstBlock]
            let end = lastBlock + 1 < blockOffsets.count ? blockOffsets[lastBlock + 1] : history.seekToEndOfFile()
            history.seek(toFileOffset: start)
            let data = history.readData(ofLength: Int(end - start))
            let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix(#"{"k":"frame""#) }
            // Frames are kept in order: the block's frames are numbered on from its first.
            return lines.enumerated().compactMap { i, line in range.contains(firstBlock * options.block + i) ? String(line) : nil }
        }
    }

    /// The messages that make window `number` (its `window`, `grow` and `tables` messages, in
    /// order), for a page that let it go; none for a window not begun.
    package func window(_ number: Int) -> [String] {
        queue.sync {
            if number == windowIndex.count { return windowMessages }
            guard number >= 0, number < windowIndex.count else { return [] }
            windowArchive.seek(toFileOffset: windowIndex[number].offset)
            let data = windowArchive.readData(ofLength: windowIndex[number].length)
            return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        }
    }

    /// Moves the current window's messages to the archive (a new window begins).
    private func archiveWindow() {
        guard !windowMessages.isEmpty else { return }
        let data = Data(windowMessages.map { $0 + "\n" }.joined().utf8)
        let offset = windowArchive.seekToEndOfFile()
        windowArchive.write(data)
        windowIndex.append((offset, data.count))
        windowMessages = []
    }

    /// Every message kept so far.
    private func readHistory() -> [String] {
        history.seek(toFileOffset: 0)
        let data = history.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    }
}
