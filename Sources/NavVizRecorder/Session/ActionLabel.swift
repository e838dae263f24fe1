/// A TCA action's name for a record's label, from its case names only (`Mirror`): labels
/// are not redacted, so no payload value is shown.
///
/// - Case names outermost first, joined with `.`: `.destination(.presented(.sendTapped))`
///   is `destination.presented.sendTapped`.
/// - A `StackElementID` in a payload is `[#n]` after the case (``NavigationSession``'s
///   number); `element` is dropped after one: `.path(.element(id:, action: .product(…)))`
///   is `path[#1].product…`, `.path(.popFrom(id:))` is `path.popFrom[#2]`.
/// - It goes into the payload's enum value (the last one of a tuple), and stops at anything
///   else (a `BindingAction` struct ends the label at `binding`).
enum ActionLabel {
    static let maxDepth = 12

    static func name(of action: Any, session: NavigationSession) -> String {
        var parts: [String] = []
        var current: Any? = action
        var depth = 0
        while let value = current, depth < maxDepth {
            depth += 1
            current = nil
            let mirror = Mirror(reflecting: value)
            guard mirror.displayStyle == .enum else { break }
            guard let child = mirror.children.first, let caseName = child.label else {
                parts.append(ValueDescription.caseName(of: value, mirror))
                break
            }
            var ids: [String] = []
            let payload = Mirror(reflecting: child.value)
            if payload.displayStyle == .tuple {
                for item in payload.children {
                    if let id = stackID(item.value, session) {
                        ids.append(id)
                    } else if isEnum(item.value) {
                        current = item.value
                    }
                }
            } else if let id = stackID(child.value, session) {
                ids.append(id)
            } else if isEnum(child.value) {
                current = child.value
            }
            let suffix = ids.map { "[\($0)]" }.joined()
            if caseName == "element", !suffix.isEmpty, let last = parts.popLast() {
                parts.append(last + suffix)
            } else {
                parts.append(caseName + suffix)
            }
        }
        return parts.joined(separator: ".")
    }

    /// The value's name when it is a stack element id: one the session has numbered, or a
    /// value of a type named `StackElementID`.
    private static func stackID(_ value: Any, _ session: NavigationSession) -> String? {
        guard let id = value as? AnyHashable else { return nil }
        if session.hasNumber(id) || String(reflecting: type(of: value)).hasSuffix("StackElementID") {
            return session.stackElementName(id)
        }
        return nil
    }

    private static func isEnum(_ value: Any) -> Bool {
        Mirror(reflecting: value).displayStyle == .enum
    }
}
