import Foundation
import Testing
import _NavVizTestSupport

/// One format rule for every command: `--format`, else the extension of `-o`, else the
/// command's default; both given and naming different formats is exit 64. JSON output is
/// JSON.
struct OutputFormatTests {
    /// `--format` and `-o`'s extension disagree: exit 64 saying so, nothing written.
    @Test(arguments: [
        (["render", "Samples/katana-tabs.json", "--format", "svg"], "x.png", "svg", "png"),
        (["render", "Samples/katana-tabs.json", "--format", "text"], "x.json", "text", "json"),
        (["diff", "Samples/katana-article.before.json", "Samples/katana-article.after.json", "--format", "png"], "d.svg", "png", "svg"),
        (["route", "Samples/portus-example-1.route.json", "--format", "json"], "r.txt", "json", "text"),
        (["timeline", "Samples/tab-switch.sequence.json", "--format", "text"], "t.json", "text", "json"),
        (["import", "Samples/katana-tabs.json", "--format", "json"], "x.yaml", "json", "yaml"),
        (["timeline", "Samples/tab-switch.sequence.json", "--format", "json"], "t.md", nil, nil),
    ] as [([String], String, String?, String?)])
    func formatAndExtensionMustAgree(arguments: [String], output: String, given: String?, named: String?) throws {
        let tmp = try Scratch.directory("formats")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let path = tmp.appendingPathComponent(output).path
        let r = try NavVizBinary.run(arguments + ["-o", path])
        guard let given, let named else {
            // An extension that names no format does not disagree with an explicit one.
            #expect(r.status == 0, "\(r.stderr)")
            #expect(FileManager.default.fileExists(atPath: path))
            return
        }
        let ext = (output as NSString).pathExtension
        #expect(r.status == 64, "\(r.stderr)")
        #expect(r.stderr == "\(path): error: --format \(given) disagrees with the extension '.\(ext)' of -o, which means \(named); drop one, or make them agree\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: tmp.path).isEmpty)
    }

    /// Without `--format`, the extension decides, for every command (aliases included).
    @Test func theExtensionPicksTheFormat() throws {
        let tmp = try Scratch.directory("formats")
        defer { try? FileManager.default.removeItem(at: tmp) }
        func run(_ arguments: [String], _ name: String) throws -> String {
            let path = tmp.appendingPathComponent(name).path
            let r = try NavVizBinary.run(arguments + ["-o", path])
            #expect(r.status == 0, "\(arguments) -o \(name): \(r.stderr)")
            return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }
        let timeline = try run(["timeline", "Samples/tab-switch.sequence.json"], "t.json")
        #expect((try? JSONSerialization.jsonObject(with: Data(timeline.utf8))) != nil, "timeline -o t.json is not JSON: \(timeline.prefix(80))")
        #expect(try run(["timeline", "Samples/tab-switch.sequence.json"], "t.txt").hasPrefix("tab switch plus a replaced stack\n\nframe 0"))
        #expect(try run(["render", "Samples/katana-tabs.json"], "tabs.mmd").hasPrefix("flowchart TD\n"))
        #expect(try run(["render", "Samples/katana-tabs.json"], "tabs.gv").hasPrefix("digraph"))
        #expect(try run(["diff", "Samples/katana-article.before.json", "Samples/katana-article.after.json"], "d.mmd").hasPrefix("flowchart TD\n"))
        #expect(try run(["route", "Samples/portus-example-1.route.json"], "r.json").hasPrefix("["))
        // Agreeing aliases are fine.
        #expect(try run(["render", "Samples/katana-tabs.json", "--format", "dot"], "tabs2.gv").hasPrefix("digraph"))
        #expect(try run(["render", "Samples/katana-tabs.json", "--format", "text"], "tabs.txt").hasPrefix("tabBar"))
    }

    @Test func renderWritesMermaid() throws {
        let r = try NavVizBinary.shared(["render", "Samples/nivelir-chat.yaml", "--format", "mermaid"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout.hasPrefix("flowchart TD\n"))
        #expect(r.stdout.contains("  n6(\"ChatViewController<br/><small>chat?chatId=42</small>\")\n"))
        #expect(r.stdout.contains("  n5 ==> n6\n"))  // the active path
    }

    /// Every command's JSON output, for every sample it takes, parses as JSON. The runs kept as
    /// golden files (`render`, `diff`, `route` and `timeline --format json` of every sample
    /// each takes) are checked where they run, in GoldenFileTests; the one kind it does not
    /// keep, a snapshot's timeline, is checked here.
    @Test func everyJSONOutputIsJSON() throws {
        let kept = GoldenFileTests.runs().filter { $0.file.hasSuffix(".json") && $0.arguments.suffix(2) == ["--format", "json"] }
        #expect(Set(kept.map { $0.arguments[0] }) == ["render", "diff", "route", "timeline"])
        var checked = kept.count
        for sample in PackagePaths.allSamples() {
            guard case .snapshot = try Samples.load(sample) else { continue }
            let run = GoldenFileTests.Run(file: "\(sample)/timeline.json", arguments: ["timeline", "Samples/" + sample, "--format", "json"])
            GoldenFileTests.expectJSON(run, try NavVizBinary.run(run.arguments))
            checked += 1
        }
        #expect(checked > 30)
    }
}
