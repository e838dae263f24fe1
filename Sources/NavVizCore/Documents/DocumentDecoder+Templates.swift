extension DocumentDecoder {
    /// Decodes a templates file for `navviz route --templates`: either a document with a
    /// `templates` field (a route request or action script; its other fields are not read),
    /// or an object whose every field maps an id to its template node. A top-level object
    /// with a `templates` field is always read the first way.
    package static func decodeTemplates(_ json: JSONValueTree) throws(DocumentError) -> Templates {
        var d = DocumentDecoder(json: json)
        let root = json.root
        let templates: Templates
        if json.kind(root) == .object, let t = json.member("templates", of: root) {
            d.version(root)
            templates = d.templateMap(t, path: "templates")
        } else {
            templates = d.templateMap(root, path: "")
        }
        if !d.problems.isEmpty { throw .invalid(d.problems) }
        return templates
    }

    /// An object mapping ids to template nodes; each node's id must equal its key.
    mutating func templateMap(_ t: Int, path base: String) -> Templates {
        guard json.kind(t) == .object else {
            problem(base, "\(base.isEmpty ? "templates " : "")must be an object mapping ids to nodes, found \(json.kind(t).phrase)")
            return [:]
        }
        var out: Templates = [:]
        for (key, value) in json.fields(t) {
            let path = join(base, key)
            let node = tree(value, path: path, allowNull: false)
            guard let root = node.root else { continue }
            if node.id(root) != key {
                problem(path, "template id '\(node.id(root))' does not match its key '\(key)'")
                continue
            }
            out[key] = node
        }
        return out
    }
}
