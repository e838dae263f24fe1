import Foundation
import Testing
import _NavVizTestSupport

/// `make demo` writes each of its outputs once: the picture it announces is the one it drew
/// (out/portus-example-4.route.png was drawn as a route, then overwritten by a plain render
/// of the same sample).
struct MakeDemoTests {
    @Test func demoWritesEveryOutputOnce() throws {
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-demo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: tmp) }
        // A stand-in navviz that logs the command and the output it would write.
        let log = tmp.appendingPathComponent("log").path
        let fake = tmp.appendingPathComponent("navviz")
        try """
            #!/bin/sh
            out=""; prev=""
            for a in "$@"; do [ "$prev" = "-o" ] && out="$a"; prev="$a"; done
            echo "$1 $out" >> '\(log)'
            [ -n "$out" ] && case "$1" in animate) mkdir -p "$out";; *) : > "$out";; esac
            exit 0
            """.write(to: fake, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: fake.path)
        let out = tmp.appendingPathComponent("out").path
        let make = Process()
        make.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        make.arguments = ["make", "-s", "-C", PackagePaths.root.path, "demo-files", "NAVVIZ=\(fake.path)", "OUT=\(out)"]
        let stdout = Pipe()
        make.standardOutput = stdout
        try make.run()
        let printed = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        make.waitUntilExit()
        #expect(make.terminationStatus == 0)
        let writes = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").map { $0.split(separator: " ", maxSplits: 1) }
        let outputs = writes.compactMap { $0.count == 2 ? String($0[1]) : nil }
        #expect(Set(outputs).count == outputs.count, "written more than once: \(Dictionary(grouping: outputs, by: { $0 }).filter { $0.value.count > 1 }.keys.sorted())")
        #expect(outputs.count > 20)
        // What it announces is what the command that drew it wrote.
        let route = "\(out)/portus-example-4.route.png"
        #expect(printed.contains(route + "\n"))
        #expect(writes.filter { $0.count == 2 && $0[1] == route[...] }.map { String($0[0]) } == ["route"])
    }
}
