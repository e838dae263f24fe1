import Foundation
import Testing
import _NavVizTestSupport

/// Big documents through the binary: a route request on a stack ``Scale/deep`` screens deep
/// (100,000 in `make size`, 20,000 in every `swift test`), and a 1,000,000-node tree through validate, diff, route and text,
/// with images refused by a clear limit (`make size`, or `NAVVIZ_SIZE_TESTS=1`: about a
/// minute in a release build, several in a debug one).
struct SizeCommandTests {
    static let large = ProcessInfo.processInfo.environment["NAVVIZ_SIZE_TESTS"] != nil

    static func temporary(_ name: String, _ text: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-size-\(UUID().uuidString)-\(name)")
        try Data(text.utf8).write(to: url)
        return url
    }

    static func chain(_ depth: Int) -> String {
        var s = ""
        s.reserveCapacity(depth * 48)
        for i in 0..<depth { s += #"{"id": "s\#(i)", "active": "s\#(i + 1)", "children": ["# }
        s += #"{"id": "s\#(depth)"}"# + String(repeating: "]}", count: depth)
        return s
    }

    @Test func routeRequestOnADeepChain() throws {
        let depth = Scale.deep
        let to = (0...depth).map { "\"s\($0)\"" }.joined(separator: ", ") + ", \"top\""
        let file = try Self.temporary("route.json", "{\"navviz\": 1, \"tree\": \(Self.chain(depth)), \"to\": [\(to)]}")
        defer { try? FileManager.default.removeItem(at: file) }
        let r = try NavVizBinary.run(["route", file.path], input: nil, timeout: 300)
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("1. enter top under s\(depth)\n\nfinal active path: s0/s1/"))
        #expect(r.stdout.hasSuffix("/s\(depth)/top\n"))
        let image = try NavVizBinary.run(["route", file.path, "-o", "/tmp/navviz-never-written.svg"], input: nil, timeout: 300)
        #expect(image.status == 65)
        #expect(image.stderr.contains("limited to 5,000"), "\(image.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/navviz-never-written.svg"))
    }

    /// A tree of `n` nodes, bushy like an app: node i hangs under one of the 50 before it.
    static func wide(_ n: Int, edit: Bool) -> String {
        var kids = [[Int]](repeating: [], count: n)
        var random = DocumentFuzzer.Random(seed: 7)
        for i in 1..<n { kids[Int(random.next() % UInt64(min(i, 50))) + max(0, i - 50)].append(i) }
        // Iteratively: a node opens, its children follow with commas between, then it closes.
        var out = ""
        out.reserveCapacity(n * 40)
        var stack: [(node: Int, text: String?)] = [(0, nil)]
        while let (i, text) = stack.popLast() {
            if let text { out += text; continue }
            func name(_ j: Int) -> String { edit && j % 1000 == 999 ? "e\(j)" : "n\(j)" }
            out += "{\"id\": \"\(name(i))\""
            if let last = kids[i].last { out += ", \"active\": \"\(name(last))\"" }
            out += ", \"children\": ["
            stack.append((0, "]}"))
            for (k, c) in kids[i].enumerated().reversed() {
                stack.append((c, nil))
                if k > 0 { stack.append((0, ", ")) }
            }
        }
        return out
    }

    @Test(.enabled(if: large)) func aMillionNodeTree() throws {
        let n = 1_000_000
        let before = try Self.temporary("before.json", Self.wide(n, edit: false))
        let after = try Self.temporary("after.json", Self.wide(n, edit: true))
        defer {
            try? FileManager.default.removeItem(at: before)
            try? FileManager.default.removeItem(at: after)
        }
        let validate = try NavVizBinary.run(["validate", before.path, after.path], input: nil, timeout: 900)
        #expect(validate.status == 0, "\(validate.stderr.prefix(400))")
        #expect(validate.stdout.contains("ok (snapshot, \(n) nodes)"))
        let text = try NavVizBinary.run(["render", before.path, "--format", "text"], input: nil, timeout: 900)
        #expect(text.status == 0)
        #expect(text.stdout.split(separator: "\n").count == n)
        let diff = try NavVizBinary.run(["diff", before.path, after.path], input: nil, timeout: 900)
        #expect(diff.status == 0, "\(diff.stderr.prefix(400))")
        #expect(diff.stdout.contains("push e999"), "\(diff.stdout.prefix(400))")
        let route = try NavVizBinary.run(["route", before.path, "--to", "n0/n1/added"], input: nil, timeout: 900)
        #expect([0, 1].contains(route.status), "\(route.stderr.prefix(400))")
        #expect(!route.stdout.isEmpty || route.stderr.contains("not reachable"))
        let image = try NavVizBinary.run(["render", before.path, "-o", "/tmp/navviz-never-written.png"], input: nil, timeout: 900)
        #expect(image.status == 65)
        #expect(image.stderr.contains("limited to 5,000"), "\(image.stderr)")
    }
}
