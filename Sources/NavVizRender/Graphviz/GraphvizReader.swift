import Foundation
internal import CGraphviz

/// Parses DOT text into a cgraph graph whose named objects get IDs in the order the text
/// creates them, so Graphviz walks subgraphs, and so draws clusters, in the order the DOT
/// lists them.
///
/// `agmemread` uses cgraph's default ID discipline, where a name's ID is the address of its
/// interned string: the order of clusters then followed the heap's history, and the same
/// frame drawn by two processes (`animate --jobs`) could list its change boxes in two
/// orders. Only ``Graphviz`` calls this, under its lock; C pointers stay in this file and
/// the graph it returns, which ``Graphviz`` closes.
enum GraphvizReader {
    /// The parsed graph, or nil on a syntax error (reported through `agerr`).
    static func read(_ dot: String) -> UnsafeMutablePointer<Agraph_t>? {
        var text = Array(dot.utf8)
        return text.withUnsafeMutableBufferPointer { buffer in
            var source = Source(bytes: UnsafeBufferPointer(buffer), position: 0)
            return withUnsafeMutablePointer(to: &source) { chan in
                navviz_read(chan, &ids, &io)
            }
        }
    }

    /// The text being read and how far.
    struct Source {
        var bytes: UnsafeBufferPointer<UInt8>
        var position: Int
    }

    /// Reads a line at a time, as `agmemread` does.
    ///
    /// `var` only because cgraph takes its disciplines as non-const pointers (`&io`); nothing
    /// writes it, neither navviz nor cgraph, which only calls its functions, and it is passed
    /// only under ``Graphviz``'s lock: unsynchronised access is never a race.
    nonisolated(unsafe) static var io = Agiodisc_t(
        afread: { chan, buffer, size in
            guard let chan, let buffer, size > 0 else { return 0 }
            let source = chan.assumingMemoryBound(to: Source.self)
            var count = 0
            while source.pointee.position < source.pointee.bytes.count, count < Int(size) {
                let byte = source.pointee.bytes[source.pointee.position]
                buffer[count] = CChar(bitPattern: byte)
                source.pointee.position += 1
                count += 1
                if byte == UInt8(ascii: "\n") { break }
            }
            return Int32(count)
        },
        putstr: navviz_default_io_disc().putstr,
        flush: navviz_default_io_disc().flush)

    /// Named objects get even IDs 2, 4, 6, … in creation order; anonymous ones odd IDs, as
    /// in cgraph's default discipline.
    ///
    /// `var` for the same reason as ``io``: passed as `&ids`, never written, used only under
    /// ``Graphviz``'s lock. Each graph's state is its own ``Names``, made by `open`.
    nonisolated(unsafe) static var ids = navviz_id_disc(
        { _, _ in Unmanaged.passRetained(Names()).toOpaque() },
        { state, _, name, id, create in
            guard let state, let id else { return 0 }
            let names = Unmanaged<Names>.fromOpaque(state).takeUnretainedValue()
            id.pointee = names.id(for: name, create: create != 0)
            return 1
        },
        { _, _, _ in },
        { state, _, id in
            guard let state else { return nil }
            return Unmanaged<Names>.fromOpaque(state).takeUnretainedValue().names[id]
        },
        { state in
            guard let state else { return }
            Unmanaged<Names>.fromOpaque(state).release()
        },
        { _, _, _ in })

    /// One graph's names and IDs; the C strings live until the graph is closed.
    final class Names {
        var ids: [String: IDTYPE] = [:]
        var names: [IDTYPE: UnsafeMutablePointer<CChar>] = [:]
        var nextNamed: IDTYPE = 2
        var nextAnonymous: IDTYPE = 1

        func id(for name: UnsafeMutablePointer<CChar>?, create: Bool) -> IDTYPE {
            guard let name else {
                defer { nextAnonymous += 2 }
                return nextAnonymous
            }
            let key = String(cString: name)
            if let known = ids[key] { return known }
            // Like the default discipline, looking up an unknown name yields 0 (no object).
            guard create, let copy = strdup(name) else { return 0 }
            let id = nextNamed
            nextNamed += 2
            ids[key] = id
            names[id] = copy
            return id
        }

        deinit { names.values.forEach { free($0) } }
    }
}
