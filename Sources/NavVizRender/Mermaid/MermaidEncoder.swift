import NavVizCore

/// Writes a ``Scene`` as a Mermaid flowchart, which GitHub renders inline in issues, pull
/// requests and `$GITHUB_STEP_SUMMARY`. The same scene as the DOT diagram: titles, badges
/// (as `[1]` prefixes), colours, dashed and thick strokes, boxes as subgraphs.
public enum MermaidEncoder {
    /// The scene as a fenced `mermaid` code block, ready for Markdown.
    public static func fenced(_ scene: Scene) -> String {
        "```mermaid\n" + encode(scene) + "```\n"
    }

    /// The flowchart text, deterministic for a given scene.
    public static func encode(_ scene: Scene) -> String {
        var names: [String: String] = [:]
        var byID: [String: SceneNode] = [:]
        for (i, n) in scene.nodes.enumerated() {
            names[n.id] = "n\(i)"
            byID[n.id] = n
        }
        var out = "flowchart TD\n"
        if let title = scene.title { out += "  %% \(comment(title))\n" }
        var boxed = Set<String>()
        for (i, box) in scene.boxes.enumerated() {
            let members = box.nodeIDs.compactMap { names[$0] }
            guard !members.isEmpty else { continue }
            out += "  subgraph box\(i)[\"\(text(box.label))\"]\n"
            for id in box.nodeIDs {
                guard let name = names[id], let n = byID[id] else { continue }
                out += "    \(name)\(shape(n))\n"
                boxed.insert(id)
            }
            out += "  end\n"
            out += "  style box\(i) fill:none,stroke:\(box.color),stroke-dasharray:4 3\n"
        }
        for n in scene.nodes where !boxed.contains(n.id) {
            out += "  \(names[n.id]!)\(shape(n))\n"
        }
        var linkStyles: [String] = []
        var index = 0
        for e in scene.edges {
            guard let a = names[e.from], let b = names[e.to] else { continue }
            let dashed = e.styles.contains("dashed") || e.styles.contains("dotted")
            let arrow = dashed ? "-.->" : (e.penWidth >= 2 ? "==>" : "-->")
            if let label = e.label {
                out += "  \(a) \(arrow)|\"\(text(label))\"| \(b)\n"
            } else {
                out += "  \(a) \(arrow) \(b)\n"
            }
            linkStyles.append("  linkStyle \(index) stroke:\(e.color),stroke-width:\(e.penWidth >= 2 ? 2 : 1)px")
            index += 1
        }
        for n in scene.nodes {
            let dashed = n.styles.contains("dashed") || n.styles.contains("dotted")
            out += "  style \(names[n.id]!) fill:\(n.fill),stroke:\(n.stroke),color:\(n.fontColor),stroke-width:\(n.penWidth >= 2 ? 2 : 1)px\(dashed ? ",stroke-dasharray:5 4" : "")\n"
        }
        out += linkStyles.map { $0 + "\n" }.joined()
        return out
    }

    /// `["[1] title<br/>subtitle"]` in a shape close to the DOT one.
    static func shape(_ n: SceneNode) -> String {
        var label = n.badges.map { "[\($0.text)] " }.joined() + text(n.title)
        if let sub = n.subtitle { label += "<br/><small>\(text(sub))</small>" }
        switch n.shape {
        case "ellipse": return "([\"\(label)\"])"
        case "box3d", "tab", "folder", "component": return "[[\"\(label)\"]]"
        default: return n.styles.contains("rounded") ? "(\"\(label)\")" : "[\"\(label)\"]"
        }
    }

    /// Text inside a quoted Mermaid label: markup and Mermaid's own syntax as entity codes.
    static func text(_ s: String) -> String {
        var out = ""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "#quot;"
            case "<": out += "#lt;"
            case ">": out += "#gt;"
            case "&": out += "#amp;"
            case "#": out += "#35;"
            case "`": out += "#96;"
            case "|": out += "#124;"
            case "[", "]", "{", "}", "(", ")": out += "#\(u.value);"
            case _ where PlainText.isUnsafe(u): out += " "
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Text for a `%%` comment line: one line, and nothing Mermaid reads inside comments.
    /// Mermaid finds `%%{init: …}%%` directives anywhere in the text, so `%`, `{` and `}`
    /// become spaces, as do backticks (which could end the Markdown fence) and controls.
    static func comment(_ s: String) -> String {
        String(s.unicodeScalars.map { u -> Character in
            switch u {
            case "%", "{", "}", "`": return " "
            case _ where PlainText.isUnsafe(u): return " "
            default: return Character(u)
            }
        })
    }
}
