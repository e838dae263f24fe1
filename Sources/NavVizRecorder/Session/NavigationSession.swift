import Foundation

/// One run of an app recorded through an adapter (the SwiftUI modifier, the TCA reducer):
/// it records a tree only when it differs from the last one it recorded, and numbers TCA's
/// `StackElementID`s in the order it first sees them, so ids do not depend on how often
/// SwiftUI built a `NavigationLink`, and the same scenario gives the same ids in every run.
///
/// ```swift
/// let session = NavigationSession(recorder: NavigationRecorder(secretKeys: ["email"]))
/// session.record(appNavigation, label: "open product")   // recorded
/// session.record(appNavigation, label: "typed a letter")  // the same tree: skipped
/// ```
///
/// `@unchecked Sendable`: `last`, `numbers` and `nextNumber` are read and written only with
/// `lock` held; it calls the recorder with its lock held (the recorder never calls back), so
/// records keep the order of the calls that made them.
public final class NavigationSession: @unchecked Sendable {
    /// How stack element ids are written.
    public enum StackIDs: Sendable {
        /// `#0`, `#1`, … in order of first appearance in this session (the default).
        case numbered
        /// As TCA prints them (`#7`): for debugging TCA itself.
        case raw
    }

    /// Where the records go.
    public let recorder: NavigationRecorder
    /// How stack element ids are written.
    public let stackIDs: StackIDs

    private let lock = NSLock()
    private var last: NavigationNode??
    private var numbers: [AnyHashable: Int] = [:]
    private var nextNumber = 0

    /// A session recording into `recorder`.
    public init(recorder: NavigationRecorder, stackIDs: StackIDs = .numbered) {
        self.recorder = recorder
        self.stackIDs = stackIDs
    }

    /// Records `navigation` unless its tree is the one this session recorded last (a
    /// re-render, an action that changed no navigation). Returns whether it recorded.
    @discardableResult
    public func record(_ navigation: some NavigationRecordable, label: String? = nil) -> Bool {
        let node = navigation.navigationNode()
        lock.lock()
        defer { lock.unlock() }
        if let last, last == node { return false }
        last = .some(node)
        recorder.record(node, label: label)
        return true
    }

    /// A `StackElementID`'s name in ids and labels: `#n`, its number in this session (or
    /// as it prints, with ``StackIDs/raw``).
    public func stackElementName(_ id: AnyHashable) -> String {
        if stackIDs == .raw { return String(describing: id.base) }
        lock.lock()
        defer { lock.unlock() }
        if let n = numbers[id] { return "#\(n)" }
        numbers[id] = nextNumber
        nextNumber += 1
        return "#\(nextNumber - 1)"
    }

    /// Whether `id` has a number in this session already.
    func hasNumber(_ id: AnyHashable) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return numbers[id] != nil
    }

    /// A TCA action as a record's label: its case names, outermost first, a stack element id
    /// as `[#n]`, no payload value (labels are not redacted):
    /// `.path(.element(id: #1, action: .product(.addTapped)))` is `path[#1].product.addTapped`.
    public func label(for action: Any) -> String {
        ActionLabel.name(of: action, session: self)
    }
}
