import Foundation
import Testing
import _NavVizTestSupport

/// The GIF of a recorded session is steady: Scripts/frame-steadiness.py (what `make bench`
/// reports for the 300-transition session) measures, on the DOT each PNG frame of a
/// 300-transition session is drawn from, the share of consecutive frames in which a node
/// drawn in both moved: issue #29 asks for at most 10%.
struct FrameSteadinessTests {
    @Test func fewConsecutiveFramesMoveANode() throws {
        let tmp = try Scratch.directory("steady")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let log = tmp.appendingPathComponent("session.ndjson")
        try SessionLog.ndjson(transitions: 300, seed: 13).write(to: log, atomically: true, encoding: .utf8)
        let out = tmp.appendingPathComponent("bundle")
        let animated = try NavVizBinary.run(["animate", log.path, "-o", out.path, "--png", "--dot-only"])
        #expect(animated.status == 0, "\(animated.stderr)")
        let script = PackagePaths.root.appendingPathComponent("Scripts/frame-steadiness.py")
        let measured = try NavVizBinary.run(executable: URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, out.path], in: tmp)
        #expect(measured.status == 0, "\(measured.stderr)")
        let figures = Dictionary(measured.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
            let parts = line.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            return parts.count == 2 ? (parts[0], parts[1]) : nil
        }, uniquingKeysWith: { a, _ in a })
        let pairs = try #require(figures["pairs"].flatMap { Int($0) }), share = try #require(figures["moved_share"].flatMap { Double($0) })
        #expect(pairs >= 500)
        #expect(share <= 0.10, "\(measured.stdout)")
    }
}
