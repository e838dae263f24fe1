import Foundation
import FuzzDriver
import NavVizCore
import NavVizFiles
import NavVizRecorder

/// One input through what `navviz import` does, and through the recorder's log lines:
///
/// 1. read as `navviz import -` reads it (the format its content shows), and forced as a UIKit
///    `_printHierarchy` paste (`--input-format uikit`) and as each kind of saved SwiftUI path
///    (`--input-format navigationpath`, `typedpath`): an error must come as `FILE: error: …`
///    lines;
/// 2. a snapshot or sequence read is written as `import` writes it (JSON, then YAML), and each
///    written text must read back to the same document: written again, the same JSON;
/// 3. each tree it holds is recorded by a `NavigationRecorder` (secret context keys removed or
///    hidden), and the recorder's NDJSON must read back, as `navviz` reads a log, to the same
///    trees less the secret keys.
///
/// A crash, a hang, a sanitizer report, an error without a proper message or a round trip that
/// changes a document is a finding.
func fuzz(_ input: UnsafeBufferPointer<UInt8>) {
    let bytes = Array(input)
    let sniffed = InputFormat.sniff(bytes)
    importAndCheck(bytes, sniffed, hide: bytes.count % 2 == 0)
    if sniffed != .uikit { importAndCheck(bytes, .uikit, hide: bytes.count % 2 == 1) }
    for path in [InputFormat.navigationPath, .typedPath] where sniffed != path {
        importAndCheck(bytes, path, hide: bytes.count % 2 == 0)
    }
}

/// The context keys the recorder is told are secret (compared without case).
private let secretKeys: Set<String> = ["token", "password"]

private func importAndCheck(_ bytes: [UInt8], _ format: InputFormat, hide: Bool) {
    let document: Document
    do {
        document = try DocumentFile.load(bytes: bytes, name: "fuzz", format: format).document
    } catch {
        FuzzDriver.expectErrorLines(error.diagnostics.flatMap(\.lines), file: "fuzz", "reading the input as \(format)")
        return
    }
    let json: String
    let trees: [Tree]
    switch document {
    case .snapshot(let tree):
        json = DocumentEncoder.snapshot(tree)
        trees = [tree]
    case .sequence(let sequence):
        json = DocumentEncoder.sequence(sequence)
        trees = sequence.snapshots.map(\.tree)
    case .script, .route:
        return // `import` refuses these
    }
    // What `import` writes reads back to the same document.
    expectSame(json, reading: Array(json.utf8), as: .json, "the imported JSON")
    do {
        let yaml = try YAMLWriter.yaml(json: json)
        expectSame(json, reading: Array(yaml.utf8), as: .yaml, "the imported YAML")
    } catch YAMLWriter.WriteError.tooDeep {
        // Refused with a message naming JSON as the way out: expected for deep trees.
    } catch {
        fatalError("import --format yaml failed on a document navviz read: \(error)\n\(json.prefix(2000))")
    }
    for tree in trees { recordAndCheck(tree, hide: hide) }
}

/// Reads `bytes` as `format` and fails unless the document written again is `json`.
private func expectSame(_ json: String, reading bytes: [UInt8], as format: InputFormat, _ what: String) {
    let again: Document
    do {
        again = try DocumentFile.load(bytes: bytes, name: "import", format: format).document
    } catch {
        fatalError("\(what) does not read back: \(error.diagnostics)\n\(String(decoding: bytes.prefix(2000), as: UTF8.self))")
    }
    let written: String
    switch again {
    case .snapshot(let tree): written = DocumentEncoder.snapshot(tree)
    case .sequence(let sequence): written = DocumentEncoder.sequence(sequence)
    case .script, .route: fatalError("\(what) reads back as a \(again.kindName)")
    }
    if written != json {
        fatalError("\(what) reads back as another document:\n\(json.prefix(2000))\n--- read back and written again:\n\(written.prefix(2000))")
    }
}

/// Records `tree` and reads the recorder's log back: the same tree less the secret keys.
private func recordAndCheck(_ tree: Tree, hide: Bool) {
    let redaction: NavigationRecorder.Redaction = hide ? .hide("•••") : .remove
    let recorder = NavigationRecorder(capacity: 2, secretKeys: secretKeys, redaction: redaction,
                                      clock: { Date(timeIntervalSince1970: 1_800_000_000) })
    let node = navigationNode(tree)
    recorder.record(node, label: "fuzz")
    let expected = node.map { redacted($0, redaction) }
    let log = Array(recorder.ndjson())
    let read: Document
    do {
        read = try DocumentFile.load(bytes: log, name: "recorded.ndjson", format: .log).document
    } catch {
        // Removing or hiding a secret value can leave two siblings with the same id and
        // context, which no document may hold: the only refusal allowed.
        if let expected, hasTwinSiblings(expected) { return }
        fatalError("the recorder's log does not read back: \(error.diagnostics)\n\(String(decoding: log.prefix(2000), as: UTF8.self))")
    }
    guard case .sequence(let sequence) = read, sequence.snapshots.count == 1 else {
        fatalError("the recorder's log reads back as a \(read.kindName) of another length")
    }
    let frame = sequence.snapshots[0]
    if frame.label != "fuzz" || frame.time != "2027-01-15T08:00:00.000Z" {
        fatalError("the recorder's label or time read back as \(String(describing: frame.label)), \(String(describing: frame.time))")
    }
    let back = navigationNode(frame.tree)
    if back != expected {
        fatalError("the recorder's log reads back as another tree:\n\(String(decoding: log.prefix(2000), as: UTF8.self))")
    }
}

/// The tree as an app hands it to the recorder (the fields `NavigationNode` has), built from
/// the leaves up without recursion.
private func navigationNode(_ tree: Tree) -> NavigationNode? {
    guard let root = tree.root else { return nil }
    var order: [Tree.Slot] = []
    var stack = [root]
    while let slot = stack.popLast() {
        order.append(slot)
        stack.append(contentsOf: tree.children(slot))
    }
    var built: [Tree.Slot: NavigationNode] = [:]
    for slot in order.reversed() {
        let n = tree.node(slot)
        let children = tree.children(slot)
        built[slot] = NavigationNode(id: n.id, type: n.type, label: n.label, kind: n.kind, switch: n.switchFlag,
                                     context: n.context, children: children.map { built.removeValue(forKey: $0)! },
                                     activeIndex: tree.activeChild(slot).flatMap { children.firstIndex(of: $0) })
    }
    return built[root]
}

/// `node` with the secret context keys removed or hidden, as the recorder stores it.
private func redacted(_ node: NavigationNode, _ redaction: NavigationRecorder.Redaction) -> NavigationNode {
    var node = node
    var context: [String: String] = [:]
    for (key, value) in node.context {
        if !secretKeys.contains(key.lowercased()) {
            context[key] = value
        } else if case .hide(let mask) = redaction {
            context[key] = mask
        }
    }
    node.context = context
    node.children = node.children.map { redacted($0, redaction) }
    return node
}

/// Whether two children of one node anywhere share their id and context.
private func hasTwinSiblings(_ node: NavigationNode) -> Bool {
    var stack = [node]
    while let n = stack.popLast() {
        for (i, a) in n.children.enumerated() {
            if n.children[(i + 1)...].contains(where: { $0.id == a.id && $0.context == a.context }) { return true }
        }
        stack.append(contentsOf: n.children)
    }
    return false
}

/// The program's entry (see Package.swift): libFuzzer's driver with ``fuzz(_:)``.
@_cdecl("fuzz_importers_main")
public func fuzzMain(_ argc: CInt, _ argv: FuzzDriver.Arguments) -> CInt { FuzzDriver.run(argc, argv, fuzz) }
