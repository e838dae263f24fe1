import Foundation
import Testing

/// The machine's processes, for the tests that check a navviz run leaves no worker behind:
/// from `/proc` on Linux, from `ps` on macOS (which has no `/proc`; there the tests read it
/// the way a user would look). An empty table is an error, never "no worker left": a check
/// on a machine where neither source answers must fail, not pass vacuously.
struct ProcessTable {
    struct Entry: Equatable {
        var pid: Int32
        var parent: Int32
        /// `ps`'s STAT / `/proc/PID/stat`'s state: `Z` for a zombie (ended, not yet reaped).
        var state: String
        var command: String
        var isZombie: Bool { state.hasPrefix("Z") }
    }

    var entries: [Entry]

    /// The processes now.
    static func now() -> ProcessTable {
        #if os(Linux)
        return fromProc()
        #else
        return fromPS()
        #endif
    }

    /// Linux: `/proc/PID/stat` ("pid (comm) state ppid …": comm may hold spaces, so it is
    /// read after the last ')') and `/proc/PID/cmdline` (arguments separated by NUL).
    static func fromProc() -> ProcessTable {
        let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return ProcessTable(entries: pids.compactMap { name -> Entry? in
            guard let pid = Int32(name),
                  let stat = FileManager.default.contents(atPath: "/proc/\(name)/stat").map({ String(decoding: $0, as: UTF8.self) }),
                  let close = stat.range(of: ") ", options: .backwards) else { return nil }
            let fields = stat[close.upperBound...].split(separator: " ")
            guard fields.count > 1, let parent = Int32(fields[1]) else { return nil }
            let cmdline = FileManager.default.contents(atPath: "/proc/\(name)/cmdline") ?? Data()
            let command = String(decoding: cmdline.map { $0 == 0 ? 32 : $0 }, as: UTF8.self).trimmingCharacters(in: .whitespaces)
            return Entry(pid: pid, parent: parent, state: String(fields[0]), command: command)
        })
    }

    /// `ps -ww -A -o pid=,ppid=,stat=,command=` (BSD ps on macOS; procps takes the same options).
    static func fromPS() -> ProcessTable {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/ps")
        p.arguments = ["-ww", "-A", "-o", "pid=,ppid=,stat=,command="]   // -ww: whole command lines, never cut to a width
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return ProcessTable(entries: []) }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return parsePS(String(decoding: data, as: UTF8.self))
    }

    /// Lines of `ps -o pid=,ppid=,stat=,command=`: three columns, then the command line with
    /// its spaces.
    static func parsePS(_ text: String) -> ProcessTable {
        ProcessTable(entries: text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
            guard fields.count >= 3, let pid = Int32(fields[0]), let parent = Int32(fields[1]) else { return nil }
            return Entry(pid: pid, parent: parent, state: String(fields[2]), command: fields.count > 3 ? fields[3].trimmingCharacters(in: .whitespaces) : "")
        })
    }

    /// The processes whose command line mentions `text`, as `PID: COMMAND`.
    func mentioning(_ text: String) -> [String] {
        entries.filter { $0.command.contains(text) }.map { "\($0.pid): \($0.command)" }
    }

    /// The running (not zombie) children of `parent` whose command line mentions `text`.
    func children(of parent: Int32, mentioning text: String) -> [Int32] {
        entries.filter { $0.parent == parent && !$0.isZombie && $0.command.contains(text) }.map(\.pid)
    }

    /// Whether `pid` runs (a zombie has ended).
    func running(_ pid: Int32) -> Bool {
        entries.contains { $0.pid == pid && !$0.isZombie }
    }
}

struct ProcessTableTests {
    /// Both sources see this test process, with its parent and command line; `ps`'s text
    /// as macOS prints it parses the same (commands with spaces, a zombie).
    @Test func procAndPSAgree() throws {
        let me = ProcessInfo.processInfo.processIdentifier
        let table = ProcessTable.now()
        #expect(!table.entries.isEmpty)
        let mine = try #require(table.entries.first { $0.pid == me })
        #expect(mine.parent == getppid())
        #expect(table.running(me))
        #if os(Linux)
        if FileManager.default.isExecutableFile(atPath: "/bin/ps") {
            let ps = try #require(ProcessTable.fromPS().entries.first { $0.pid == me })
            #expect(ps.parent == mine.parent)
            #expect(ps.command == mine.command)
        }
        #endif
        let text = """
              1     0 Ss   /sbin/launchd
            812     1 S    /Users/me/navviz/.build/release/navviz animate long.json -o out
            813   812 S    /Users/me/navviz/.build/release/navviz graphviz-worker
            814   812 Z    (navviz)
            """
        let parsed = ProcessTable.parsePS(text)
        #expect(parsed.entries.count == 4)
        #expect(parsed.children(of: 812, mentioning: "graphviz-worker") == [813])
        #expect(parsed.running(813))
        #expect(!parsed.running(814))
        #expect(parsed.mentioning("animate") == ["812: /Users/me/navviz/.build/release/navviz animate long.json -o out"])
    }
}
