import Foundation
import NavVizShutdown
internal import CGraphviz

/// Runs `dot` layouts in a forked child of this process.
///
/// Graphviz 2.42/2.43's `dot` layout keeps an 8-bit static component mark (`Cmark` in
/// dotgen/decompose.c) that wraps every 255 calls; after a wrap it can collide with the marks
/// mincross leaves on nodes, and the next layout crashes the process (`install_in_rank`
/// assertion or a segfault). A forked child starts from the parent's memory, lays out and
/// renders once, writes the bytes to a pipe and exits, so the parent's mark never advances:
/// every layout sees the state of a fresh process, however many a process does. A crash in
/// the child becomes a ``RenderError`` instead of killing navviz.
///
/// The parent parses the DOT (parsing never reaches dotgen); the child runs only C calls on
/// that graph and on names prepared before the fork, which keeps it safe in a multithreaded
/// parent. Other engines (`nop2` for pinned frames) never reach dotgen and run in-process.
enum GraphvizIsolation {
    /// Engines run in a child.
    static let isolatedEngines: Set<String> = ["dot"]

    /// The message pipe of the current child (only ever set in a child).
    nonisolated(unsafe) static var messageFD: Int32 = -1
    nonisolated(unsafe) static var messageBudget = 16_384

    /// Lays `graph` out with `engine` and renders it to `device` in a forked child; the
    /// parent's graph is left as it was (not laid out) for the caller to close.
    static func render(_ gvc: OpaquePointer, graph: UnsafeMutablePointer<Agraph_t>, engine: String, device: String, name: String) throws(RenderError) -> [UInt8] {
        var dataPipe: [Int32] = [0, 0]
        var messagePipe: [Int32] = [0, 0]
        guard pipe(&dataPipe) == 0 else { throw .failed(stage: "layout", messages: ["cannot create a pipe"]) }
        guard pipe(&messagePipe) == 0 else {
            close(dataPipe[0]); close(dataPipe[1])
            throw .failed(stage: "layout", messages: ["cannot create a pipe"])
        }
        let cEngine = strdup(engine), cDevice = strdup(device)
        defer { free(cEngine); free(cDevice) }

        let pid = fork()
        if pid == 0 {
            // Dies of Ctrl-C with navviz's process group (the parent blocks those signals).
            Shutdown.unblockInChild()
            close(dataPipe[0])
            close(messagePipe[0])
            child(gvc, graph: graph, engine: cEngine, device: cDevice, data: dataPipe[1], messages: messagePipe[1])
        }
        close(dataPipe[1])
        close(messagePipe[1])
        // A signal that stops navviz ends the child too.
        let tracked = pid > 0 ? Shutdown.track(child: pid) : nil
        defer { tracked?.cancel() }
        guard pid > 0 else {
            close(dataPipe[0]); close(messagePipe[0])
            throw .failed(stage: "layout", messages: ["cannot fork: \(String(cString: strerror(errno)))"])
        }
        let data = readAll(dataPipe[0])
        let messageText = String(decoding: readAll(messagePipe[0]), as: UTF8.self)
        close(dataPipe[0])
        close(messagePipe[0])
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let messages = messageText.split(separator: "\n").map(String.init).filter { !$0.isEmpty }

        let signaled = (status & 0x7F) != 0 && (status & 0x7F) != 0x7F
        if signaled {
            throw .failed(stage: "\(name) rendering", messages: ["graphviz crashed (signal \(status & 0x7F))"] + messages)
        }
        switch (status >> 8) & 0xFF {
        case 0: return data
        case 11: throw .failed(stage: "layout", messages: messages)
        default:
            if messages.contains(where: { $0.contains("not recognized") }) {
                throw .missingPlugin(format: name, plugin: ImageFormat(rawValue: name)?.plugin ?? name)
            }
            throw .failed(stage: "\(name) rendering", messages: messages)
        }
    }

    /// The child: lay out, render, write, exit. Never returns.
    private static func child(_ gvc: OpaquePointer, graph: UnsafeMutablePointer<Agraph_t>, engine: UnsafeMutablePointer<CChar>?,
                              device: UnsafeMutablePointer<CChar>?, data: Int32, messages: Int32) -> Never {
        messageFD = messages
        _ = agseterr(AGWARN)
        _ = agseterrf { text in
            guard let text, GraphvizIsolation.messageFD >= 0 else { return 0 }
            let length = strlen(text)
            guard length < GraphvizIsolation.messageBudget else { return 0 }
            GraphvizIsolation.messageBudget -= length + 1
            _ = write(GraphvizIsolation.messageFD, text, length)
            _ = write(GraphvizIsolation.messageFD, "\n", 1)
            return 0
        }
        guard gvLayout(gvc, graph, engine) == 0 else { _exit(11) }
        var buffer: UnsafeMutablePointer<CChar>?
        var length = 0
        guard navviz_render_data(gvc, graph, device, &buffer, &length) == 0, let buffer else { _exit(12) }
        var offset = 0
        while offset < Int(length) {
            let n = write(data, buffer + offset, Int(length) - offset)
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { _exit(13) }
            offset += n
        }
        // Freed although the process ends, so a leak checker following the child sees only
        // what Graphviz itself loses.
        gvFreeRenderData(buffer)
        gvFreeLayout(gvc, graph)
        _exit(0)
    }

    private static func readAll(_ fd: Int32) -> [UInt8] {
        var out: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            guard n > 0 else { break }
            out.append(contentsOf: chunk[0..<n])
        }
        return out
    }
}
