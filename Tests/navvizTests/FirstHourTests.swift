import Foundation
import Testing
import _NavVizTestSupport

/// What a new user meets in their first hour (issue #29's list), each as the user met it:
/// the command they typed, what it printed and did, and its exit status.
struct FirstHourTests {
    // MARK: check --record

    /// README's `check A B --expect DIR --record` works on a fresh checkout: the directory is
    /// made; `--expect DIR/` means a directory for one file too; a name without `.json` for
    /// one file is refused rather than written as a file, and nothing is written.
    @Test func recordMakesTheDirectoryOfExpectations() throws {
        let tmp = try Scratch.directory("record")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let a = "Samples/tab-switch.sequence.json", b = "Samples/katana-tabs.script.json"
        let several = tmp.appendingPathComponent("expected").path
        let r = try NavVizBinary.run(["check", a, b, "--expect", several, "--record"])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == "recorded 2 transitions in \(several)/tab-switch.sequence.expected.json\nrecorded 4 transitions in \(several)/katana-tabs.script.expected.json\n")
        #expect(try NavVizBinary.run(["check", a, b, "--expect", several]).status == 0)

        let slash = tmp.appendingPathComponent("one").path + "/"
        let one = try NavVizBinary.run(["check", a, "--expect", slash, "--record"])
        #expect(one.status == 0, "\(one.stderr)")
        #expect(Scratch.tree(tmp.appendingPathComponent("one")) == ["tab-switch.sequence.expected.json"])

        let bare = tmp.appendingPathComponent("expectation").path
        let refused = try NavVizBinary.run(["check", a, "--expect", bare, "--record"])
        #expect(refused.status == 64)
        #expect(refused.stderr.contains("names no .json file") && refused.stderr.contains("'\(bare)/'"), "\(refused.stderr)")
        #expect(!FileManager.default.fileExists(atPath: bare))

        // Only the directory itself is made, as mkdir makes one: not a missing parent.
        let deeper = tmp.appendingPathComponent("no/such/dir").path + "/"
        let missing = try NavVizBinary.run(["check", a, "--expect", deeper, "--record"])
        #expect(missing.status == 74)
        #expect(!FileManager.default.fileExists(atPath: tmp.appendingPathComponent("no").path))

        // A bad document among several writes no expectation (and makes no directory).
        let bad = try Scratch.directory("record-bad")
        defer { try? FileManager.default.removeItem(at: bad) }
        let broken = bad.appendingPathComponent("broken.json")
        try "{".write(to: broken, atomically: true, encoding: .utf8)
        let partial = try NavVizBinary.run(["check", a, broken.path, "--expect", bad.appendingPathComponent("out").path, "--record"])
        #expect(partial.status == 65)
        #expect(Scratch.tree(bad) == ["broken.json"])
    }

    /// A missing expectation says how to make one.
    @Test func aMissingExpectationSuggestsRecord() throws {
        let r = try NavVizBinary.run(["check", "Samples/tab-switch.sequence.json", "--expect", "missing.json"])
        #expect(r.status == 66)
        #expect(r.stderr == "missing.json: error: cannot read: no such file\n  no expectation is recorded there yet: record it with --record (navviz check FILE --expect missing.json --record), review it and commit it\n")
    }

    // MARK: animate

    /// `-o NAME.gif` and `--gif-only` write one GIF file and nothing else; a bundle run prints
    /// every path it wrote, the player first.
    @Test func animateWritesJustTheGIFAndSaysWhatItWrote() throws {
        let tmp = try Scratch.directory("gif")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let sample = "Samples/tempura-showhide.script.json"
        let gif = tmp.appendingPathComponent("showhide.gif").path
        let r = try NavVizBinary.run(["animate", sample, "-o", gif])
        #expect(r.status == 0, "\(r.stderr)")
        #expect(r.stdout == gif + "\n")
        #expect(Scratch.tree(tmp) == ["showhide.gif"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: gif)).prefix(6) == Data("GIF89a".utf8))

        let named = tmp.appendingPathComponent("movie").path
        let only = try NavVizBinary.run(["animate", sample, "-o", named, "--gif-only"])
        #expect(only.status == 0, "\(only.stderr)")
        #expect(Scratch.tree(tmp) == ["movie", "showhide.gif"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: named)).prefix(6) == Data("GIF89a".utf8))

        let png = try NavVizBinary.run(["animate", sample, "-o", gif, "--png"])
        #expect(png.status == 64, "--png needs a bundle")

        let bundle = tmp.appendingPathComponent("bundle").path
        let full = try NavVizBinary.run(["animate", sample, "-o", bundle, "--gif"])
        #expect(full.status == 0, "\(full.stderr)")
        #expect(full.stdout == ["index.html", "summary.md", "animation.gif", "frames/"].map { "\(bundle)/\($0)\n" }.joined())
        for path in full.stdout.split(separator: "\n") {
            #expect(FileManager.default.fileExists(atPath: String(path)), "printed \(path), which is not there")
        }
    }

    // MARK: standard input

    /// A command given no file, with a terminal on standard input, says it waits for a
    /// document there; an empty document then says it is empty. util-linux's `script` gives
    /// navviz a pseudo-terminal and passes on what the test types.
    #if os(Linux)
    @Test(.enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aTerminalOnStandardInputIsToldItIsWaitedFor() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", "'\(NavVizBinary.url.path)' render", "/dev/null"]
        process.currentDirectoryURL = PackagePaths.root
        process.environment = ProcessInfo.processInfo.environment.merging(["NO_COLOR": "1"]) { $1 }
        let out = Pipe(), input = Pipe()
        process.standardInput = input
        process.standardOutput = out
        process.standardError = Pipe()
        try process.run()
        // A guard against a navviz that would wait silently (the bug): never a measure.
        let pid = process.processIdentifier
        DispatchQueue.global().asyncAfter(deadline: .now() + 120) { kill(pid, SIGKILL) }
        var seen = ""
        while !seen.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            seen += String(decoding: chunk, as: UTF8.self)
        }
        #expect(seen.hasPrefix("<stdin>: note: waiting for a document on standard input (the terminal)"), "\(seen)")
        // Ctrl-D at the start of a line: the end of the input.
        input.fileHandleForWriting.write(Data([4]))
        let rest = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        try? input.fileHandleForWriting.close()
        process.waitUntilExit()
        #expect(process.terminationStatus == 65)
        #expect(rest.contains("<stdin>: error: standard input is empty"), "\(rest)")
    }
    #endif

    /// Nothing on standard input is no document, whatever format navviz would guess.
    @Test(arguments: [["import"], ["render"], ["import", "--input-format", "uikit"], ["validate", "-"]])
    func emptyStandardInputSaysItIsEmpty(_ arguments: [String]) throws {
        let r = try NavVizBinary.run(arguments, stdin: "\n")
        #expect(r.status == 65)
        #expect(r.stderr == "<stdin>: error: standard input is empty: expected a navviz document (JSON or YAML), a log (one snapshot a line) or a UIKit paste from the debugger\n")
    }

    // MARK: help and mistyped commands

    @Test(arguments: [
        (["help", "nope"], "error: no help for 'nope': it is not a command\n"),
        (["animte", "x"], "error: 'animte' is not a command; did you mean 'animate'?\n"),
        (["help", "rnder"], "error: no help for 'rnder': it is not a command; did you mean 'render'?\n"),
        (["samples/x.json"], "error: 'samples/x.json' is not a command\n"),
    ])
    func unknownCommandsAreUsageErrorsWithASuggestion(_ arguments: [String], _ first: String) throws {
        let r = try NavVizBinary.run(arguments)
        #expect(r.status == 64)
        #expect(r.stdout.isEmpty)
        #expect(r.stderr == first + "  commands: render, validate, diff, route, timeline, animate, check, import, watch (navviz help COMMAND describes one)\n")
    }

    @Test func helpOfACommandStillWorks() throws {
        let r = try NavVizBinary.shared(["help", "timeline"])
        #expect(r.status == 0)
        #expect(r.stdout.contains("Examples:"))
    }

    // MARK: README

    /// The README's synopsis names every option of every command (the input options every
    /// command shares are named once, below it).
    @Test func readmeSynopsisIsComplete() throws {
        let readme = try String(contentsOf: PackagePaths.root.appendingPathComponent("README.md"), encoding: .utf8)
        let commands = try #require(readme.range(of: "\n## Commands\n"), "README has no Commands section")
        let synopsis = readme[commands.upperBound...].split(separator: "\n")
        let shared = ["--input-format", "--strict", "--uikit-addresses", "--version", "--help"]
        for command in ["render", "validate", "diff", "route", "timeline", "animate", "check", "import", "watch"] {
            let line = try #require(synopsis.first { $0.hasPrefix("navviz \(command) ") }, "no synopsis line for \(command)")
            let help = try NavVizBinary.shared(["help", command]).stdout
            let options = Set(help.split(separator: "\n").compactMap { row -> String? in
                let text = row.drop { $0 == " " }
                guard row.hasPrefix("  "), text.hasPrefix("--") || text.hasPrefix("-o") else { return nil }
                let word = text.split(separator: " ").first.map(String.init) ?? ""
                if word == "-o," { return "-o" }
                return word.hasSuffix(",") ? String(text.split(separator: " ")[1]) : word
            })
            for option in options.subtracting(shared) where !option.isEmpty {
                #expect(line.contains(option), "README's synopsis of \(command) lacks \(option)")
            }
        }
    }
}
