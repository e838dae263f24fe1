import NavVizCore

/// Strings a stranger's snapshot may carry, for the injection tests: each must come out of
/// every artifact as text, never as DOT, HTML, SVG, Markdown, Mermaid or terminal control.
public enum Hostile {
    /// One string per trick, named for test output.
    public static let strings: [(name: String, text: String)] = [
        ("dot attribute", #""]; image="/etc/passwd"; x=""#),
        ("dot attributes unquoted", "a, shapefile=/etc/passwd, fontpath=/, image=/etc/hostname"),
        ("dot braces", "} digraph x { a [image=\"/etc/passwd\"] }"),
        ("html label", "<TABLE><TR><TD><IMG SRC=\"/etc/passwd\"/></TD></TR></TABLE>"),
        ("html script", "<script>alert(1)</script><img src=x onerror=alert(1)>"),
        ("svg markup", "<svg onload=alert(1)><image href=\"file:///etc/passwd\"/></svg>"),
        ("entities", "&amp; &lt; &#0; &#x1; &foo; &#xD800; &#1114112; &#65534;"),
        ("graphviz escapes", #"\N \G \L \E \T \H \l \r \n \\ \"#),
        ("closing tags", "</template></script></style><!-- --> ]]> <![CDATA[x]]>"),
        ("markdown", "| a | b |\n# heading\n```\n[link](javascript:alert(1)) *em* _u_"),
        ("mermaid", "%%{init: {\"securityLevel\": \"loose\"}}%% click n0 call alert(1) \"];"),
        ("newlines", "line1\nline2\r\n\tline3\u{2028}line4"),
        ("controls", "\u{0}\u{1}\u{7}\u{8}\u{1B}[31mred\u{1B}]0;title\u{7}\u{7F}\u{85}\u{9B}2J"),
        ("bidi", "\u{202E}gnp.exe\u{202C} \u{2066}iso\u{2069} עברית العربية"),
        ("emoji", "😀 👩‍👩‍👧 🏳️‍🌈 e\u{301}"),
        ("non-characters", "a\u{FFFE}b\u{FFFF}c\u{FEFF}d"),
        ("quotes", #"'single' "double" `back` \"escaped\""#),
        ("long", String(repeating: "x", count: 10_000)),
        ("long markup", String(repeating: "&<>\"'\\]", count: 1_500)),
    ]

    /// `s` as a JSON string literal.
    public static func quote(_ s: String) -> String { DocumentEncoder.quote(s) }

    /// A snapshot whose root and its only child carry `text` in every field: the child's id
    /// is `text` itself, the root's is `root` + `text`.
    public static func snapshot(_ text: String) -> String {
        let q = DocumentEncoder.quote
        let fields = "\"label\": \(q(text)), \"type\": \(q(text)), \"kind\": \(q(text)), \"context\": {\(q(text)): \(q(text))}"
        return "{\"navviz\": 1, \"tree\": {\"id\": \(q("root" + text)), \(fields), \"active\": \(q(text)), \"children\": [{\"id\": \(q(text)), \(fields)}]}}"
    }

    /// A snapshot whose root carries every one of `texts` (space-separated) in its label, type
    /// and kind (its id is `root` + them), and each as a context key and value, and whose
    /// children (the first active) each carry one in every field, the child's id being the
    /// text itself.
    public static func snapshot(of texts: [String]) -> String {
        let q = DocumentEncoder.quote
        let all = q(texts.joined(separator: " "))
        let context = texts.map { "\(q($0)): \(q($0))" }.joined(separator: ", ")
        let children = texts.map { text in
            "{\"id\": \(q(text)), \"label\": \(q(text)), \"type\": \(q(text)), \"kind\": \(q(text)), \"context\": {\(q(text)): \(q(text))}}"
        }
        return "{\"navviz\": 1, \"tree\": {\"id\": \(q("root" + texts.joined(separator: " "))), \"label\": \(all), \"type\": \(all), \"kind\": \(all), \"context\": {\(context)}, \"active\": \(q(texts[0])), \"children\": [\(children.joined(separator: ", "))]}}"
    }

    /// A sequence titled with every one of `texts` (space-separated), whose state `i + 1` is
    /// labelled `texts[i]` and pushes a node with id `texts[i]` in place of the one before,
    /// so operations name each: one animation carries every string.
    public static func sequence(of texts: [String]) -> String {
        let q = DocumentEncoder.quote
        var frames = [#"{"label": "start", "tree": {"id": "tabs", "kind": "tabs", "active": "home", "children": [{"id": "home", "kind": "stack"}]}}"#]
        for text in texts {
            frames.append("""
              {"label": \(q(text)), "tree": {"id": "tabs", "kind": "tabs", "label": \(q(text)), "active": "home", "children": [{"id": "home", "kind": "stack", "active": \(q(text)), "children": [{"id": \(q(text)), "label": \(q(text)), "context": {\(q(text)): \(q(text))}}]}]}}
            """)
        }
        return "{\"navviz\": 1, \"title\": \(q(texts.joined(separator: " "))), \"frames\": [\n\(frames.joined(separator: ",\n"))\n]}"
    }

    /// A sequence titled `text` whose frames are labelled `text` and whose second frame
    /// pushes a node with id `text`, so operations name it.
    public static func sequence(_ text: String) -> String {
        let q = DocumentEncoder.quote
        return """
        {"navviz": 1, "title": \(q(text)), "frames": [
          {"label": \(q(text)), "tree": {"id": "tabs", "kind": "tabs", "label": \(q(text)), "active": "home", "children": [{"id": "home", "kind": "stack"}]}},
          {"label": \(q(text)), "tree": {"id": "tabs", "kind": "tabs", "label": \(q(text)), "active": "home", "children": [{"id": "home", "kind": "stack", "active": \(q(text)), "children": [{"id": \(q(text)), "label": \(q(text)), "context": {\(q(text)): \(q(text))}}]}]}}
        ]}
        """
    }
}
