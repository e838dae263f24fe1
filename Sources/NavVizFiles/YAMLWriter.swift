import NavVizCore
import Yams

/// Writes a navviz JSON document as YAML (for `navviz import --format yaml`): the same
/// fields in the same order, strings that would read back as numbers, bools or null quoted.
public enum YAMLWriter {
    /// Why a document cannot be written as YAML.
    public enum WriteError: Error, CustomStringConvertible {
        /// Deeper than libyaml's nesting limit.
        case tooDeep
        /// libyaml refused it.
        case emitter(String)

        public var description: String {
            switch self {
            case .tooDeep: "the tree is nested deeper than YAML allows (about 490 nodes); write it as JSON"
            case .emitter(let message): "cannot write YAML: \(message)"
            }
        }
    }

    /// The YAML text of a JSON document.
    public static func yaml(json text: String) throws -> String {
        let json = try DocumentReader.parseJSON(Array(text.utf8))
        let node = try convert(json, json.root, depth: 0)
        do {
            return try Yams.serialize(node: node, indent: 2, width: -1, allowUnicode: true)
        } catch {
            throw WriteError.emitter("\(error)")
        }
    }

    /// Depth is bounded (``WriteError/tooDeep``), so recursion is safe here.
    private static func convert(_ json: JSONValueTree, _ v: Int, depth: Int) throws -> Yams.Node {
        guard depth < 900 else { throw WriteError.tooDeep }
        switch json.kind(v) {
        case .object:
            return .mapping(Yams.Node.Mapping(try json.fields(v).map { key, value in
                (Yams.Node(key), try convert(json, value, depth: depth + 1))
            }))
        case .array:
            return .sequence(Yams.Node.Sequence(try json.members(v).map { try convert(json, $0, depth: depth + 1) }))
        case .string:
            // Written plain, a string YAML resolves to another type (`123`, `0x1f`, `true`,
            // `~`, `1:20`, `.inf`, a date) would read back as that type: quote those. The
            // resolver is the one YAMLReader's Yams.compose resolves with.
            let text = json.text(v)
            let plain = Tag.Name(rawValue: Yams.Node(text).tag.rawValue) == .str
            return Yams.Node(text, Tag(.str), plain ? .any : .singleQuoted)
        case .number:
            return Yams.Node(json.text(v), Tag(json.text(v).contains(where: { $0 == "." || $0 == "e" || $0 == "E" }) ? .float : .int))
        case .bool:
            return Yams.Node(json.text(v), Tag(.bool))
        case .null:
            return Yams.Node("null", Tag(.null))
        }
    }
}
