/// A value kept in one reference-counted box and copied on write, as an `Array` keeps its
/// elements: a copy of a ``SceneNode`` or ``SceneEdge`` (a frame's scene, the union, the
/// composer's and the player's looks all hold the same ones) is one retain rather than one
/// per text field, and two copies compare equal without reading the value.
struct SharedFields<Value: Sendable & Hashable>: Sendable, Hashable {
    /// Written only while uniquely referenced (``value``'s `_modify`), so shared across
    /// threads as an array's storage is; no other reference can watch a write, hence no
    /// access checks.
    private final class Box: @unchecked Sendable {
        @exclusivity(unchecked) var value: Value
        init(_ value: Value) { self.value = value }
    }

    private var box: Box

    init(_ value: Value) {
        box = Box(value)
    }

    /// The value, read in place; written in place once the box is this copy's own.
    var value: Value {
        _read { yield box.value }
        _modify {
            if !isKnownUniquelyReferenced(&box) { box = Box(box.value) }
            yield &box.value
        }
    }

    /// Whether `other` is a copy of this one (the same box): equal, found without reading.
    func isCopy(of other: SharedFields) -> Bool {
        box === other.box
    }

    /// The box's identity: the same for every copy, and for no other value while one of
    /// them is kept.
    var identity: ObjectIdentifier { ObjectIdentifier(box) }

    static func == (a: SharedFields, b: SharedFields) -> Bool {
        a.box === b.box || a.box.value == b.box.value
    }

    func hash(into hasher: inout Hasher) {
        box.value.hash(into: &hasher)
    }
}
