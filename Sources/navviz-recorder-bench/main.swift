import Foundation
import NavVizRecorder

/// `make bench`'s measure of the recorder: the cost of one record of a 30-node tree (an app
/// with four tabs, each a stack six screens deep, and a modal), kept in the ring buffer, then also written to a
/// file line by line, then with the tree built each time as an adapter would; and the cost
/// of one navigation change of a 20-screen SwiftUI or TCA app through their adapters
/// (AppNavigationBench, RECORDS / 40 changes).
///
///     navviz-recorder-bench [RECORDS]     (default 200000)
///
/// Prints `name: value` lines, microseconds per record (wall clock, and `_cpu`: this
/// thread's CPU time).

func tree(_ step: Int) -> NavigationNode {
    var tabs: [NavigationNode] = []
    for t in 0..<4 {
        var screen = NavigationNode(id: "detail\(t)", type: "DetailViewController", context: ["itemId": String(step), "token": "secret"])
        for depth in (0..<5).reversed() {
            screen = NavigationNode(id: "screen\(t)-\(depth)", type: "ListViewController", kind: "screen", context: ["page": String(depth)],
                                    children: [screen], activeIndex: 0)
        }
        tabs.append(NavigationNode(id: "tab\(t)", type: "UINavigationController", label: "Tab \(t)", kind: "stack", children: [screen], activeIndex: 0))
    }
    let modal = NavigationNode(id: "compose", type: "ComposeViewController", kind: "modal")
    return NavigationNode(id: "root", type: "UITabBarController", kind: "tabs", children: tabs + [modal], activeIndex: 4)
}

let records = CommandLine.arguments.dropFirst().first.flatMap { Int($0) } ?? 200_000
let node = tree(0)
precondition(node.count == 30, "the benchmark tree has \(node.count) nodes")

/// This thread's CPU time in seconds (wall-clock time on a busy machine counts other work).
func cpuSeconds() -> Double {
    var t = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
    return Double(t.tv_sec) + Double(t.tv_nsec) / 1e9
}

/// Prints the wall-clock and the CPU microseconds per record.
func measure(_ name: String, _ recorder: NavigationRecorder, build: Bool) {
    for i in 0..<2_000 { recorder.record(build ? tree(i) : node, label: "warm-up") }
    let start = DispatchTime.now().uptimeNanoseconds
    let cpu = cpuSeconds()
    for i in 0..<records { recorder.record(build ? tree(i) : node, label: "step") }
    let cpuUsed = cpuSeconds() - cpu
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    print(String(format: "%@: %.3f", name, seconds / Double(records) * 1e6))
    print(String(format: "%@_cpu: %.3f", name, cpuUsed / Double(records) * 1e6))
}

measure("recorder_record_30_nodes_us", NavigationRecorder(secretKeys: ["token"]), build: false)
let file = FileManager.default.temporaryDirectory.appendingPathComponent("navviz-recorder-bench-\(getpid()).ndjson")
let writing = NavigationRecorder(secretKeys: ["token"])
try writing.startWriting(to: file)
measure("recorder_record_30_nodes_written_us", writing, build: false)
try writing.stopWriting()
let bytes = (try? FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
try? FileManager.default.removeItem(at: file)
print(String(format: "recorder_line_bytes: %d", bytes / (records + 2_000)))
measure("recorder_build_and_record_30_nodes_us", NavigationRecorder(secretKeys: ["token"]), build: true)
AppNavigationBench.run(changes: max(2, records / 40 / 2 * 2))
