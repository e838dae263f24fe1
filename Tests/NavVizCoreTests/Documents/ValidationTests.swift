import Testing
import NavVizCore
import _NavVizTestSupport

/// Every validation problem with its exact message.
struct ValidationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var json: String
        var messages: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "repeated id among siblings with equal context in a sequence frame", json: """
            {"navviz": 1, "frames": [{"tree": null}, {"tree": null},
              {"tree": {"id": "tabs", "children": [{"id": "chat"}, {"id": "list", "children": [
                {"id": "chat", "context": {"id": "1"}}, {"id": "chat"}, {"id": "chat", "context": {"id": 1}}]}]}}]}
            """, messages: ["frames[2].tree.children[1].children[2]: duplicate id 'chat' with equal context 'id=1' among the children of 'list' (the other is frames[2].tree.children[1].children[0])"]),
        Case(name: "duplicate sibling id", json: #"{"tree": {"id": "a", "children": [{"id": "b"}, {"id": "b"}]}}"#,
             messages: ["tree.children[1]: duplicate id 'b' with no context among the children of 'a' (the other is tree.children[0])"]),
        Case(name: "duplicate sibling id, context written empty", json: #"{"id": "a", "children": [{"id": "b", "context": {}}, {"id": "c"}, {"id": "b"}]}"#,
             messages: ["children[2]: duplicate id 'b' with no context among the children of 'a' (the other is children[0])"]),
        Case(name: "active names two children by id", json: #"{"id": "p", "active": "b", "children": [{"id": "b", "context": {"k": "1"}}, {"id": "b", "context": {"k": "2"}}]}"#,
             messages: [#"active 'b' names 2 children (contexts 'k=1', 'k=2'); name one as {"id": "b", "context": {…}}"#]),
        Case(name: "active by id and context names no child", json: #"{"id": "p", "active": {"id": "b", "context": {"k": "3"}}, "children": [{"id": "b", "context": {"k": "1"}}]}"#,
             messages: ["active 'b?k=3' names no child (children: 'b?k=1')"]),
        Case(name: "active object without id", json: #"{"id": "p", "active": {"context": {"k": "1"}, "x": 1}, "children": [{"id": "b"}]}"#,
             messages: ["unknown field 'x' in 'active' (allowed: id, context)", "'active' written as an object needs an 'id'"]),
        Case(name: "missing id", json: #"{"tree": {"id": "a", "children": [{"label": "x"}]}}"#,
             messages: ["tree.children[0]: missing required field 'id'"]),
        Case(name: "empty id", json: #"{"tree": {"id": ""}}"#, messages: ["tree: 'id' must not be empty"]),
        Case(name: "id of the wrong type", json: #"{"tree": {"id": 3}}"#, messages: ["tree: 'id' must be a string, found a number"]),
        Case(name: "active names no child", json: #"{"tree": {"id": "tabs", "active": "settings", "children": [{"id": "home"}, {"id": "chat"}]}}"#,
             messages: ["tree: active 'settings' names no child (children: 'home', 'chat')"]),
        Case(name: "active on a leaf", json: #"{"tree": {"id": "a", "active": "b"}}"#,
             messages: ["tree: active 'b' names no child (it has no children)"]),
        Case(name: "active names a grandchild", json: #"{"id": "a", "active": "c", "children": [{"id": "b", "children": [{"id": "c"}]}]}"#,
             messages: ["active 'c' names no child (children: 'b')"]),
        Case(name: "typo in children", json: #"{"tree": {"id": "a", "chilren": []}}"#,
             messages: ["tree: unknown field 'chilren' (did you mean 'children'?)"]),
        Case(name: "wrong case", json: #"{"tree": {"id": "a", "canleave": false}}"#,
             messages: ["tree: unknown field 'canleave' (did you mean 'canLeave'?)"]),
        Case(name: "unknown field without suggestion", json: #"{"tree": {"id": "a", "colour": "red"}}"#,
             messages: ["tree: unknown field 'colour'"]),
        Case(name: "unknown top-level field", json: #"{"navviz": 1, "tre": null, "tree": null}"#,
             messages: ["unknown field 'tre' (did you mean 'tree'?)"]),
        Case(name: "bool of the wrong type", json: #"{"tree": {"id": "a", "switch": "yes"}}"#,
             messages: ["tree: 'switch' must be a bool (true or false), found a string"]),
        Case(name: "children not an array", json: #"{"tree": {"id": "a", "children": {"id": "b"}}}"#,
             messages: ["tree: 'children' must be an array, found an object"]),
        Case(name: "child not an object", json: #"{"tree": {"id": "a", "children": ["b"]}}"#,
             messages: ["tree.children[0]: a node must be an object, found a string"]),
        Case(name: "unknown version", json: #"{"navviz": 2, "tree": null}"#,
             messages: ["navviz: unsupported format version 2 (this navviz reads version 1)"]),
        Case(name: "version as a string", json: #"{"navviz": "1", "tree": null}"#,
             messages: ["navviz: format version must be a number, found a string"]),
        Case(name: "bad context value", json: #"{"tree": {"id": "a", "context": {"hex": {"r": 1}, "ok": 1}}}"#,
             messages: ["tree: context value 'hex' must be a string, number or bool, found an object"]),
        Case(name: "context not an object", json: #"{"tree": {"id": "a", "context": "hex=1"}}"#,
             messages: ["tree: 'context' must be an object, found a string"]),
        Case(name: "not a document", json: #"{"navviz": 1}"#,
             messages: ["not a navviz document: expected 'tree', 'frames', 'steps', 'to', or a node with 'id'"]),
        Case(name: "array document", json: #"[1, 2]"#, messages: ["a document must be an object or null, found an array"]),
        Case(name: "frame without tree", json: #"{"frames": [{"label": "x"}]}"#, messages: ["frames[0]: missing required field 'tree'"]),
        Case(name: "several problems at once", json: #"{"tree": {"id": "a", "chilren": [], "active": "x", "kind": 1}}"#,
             messages: ["tree: unknown field 'chilren' (did you mean 'children'?)", "tree: 'kind' must be a string, found a number",
                        "tree: active 'x' names no child (it has no children)"]),
        Case(name: "template id mismatch", json: #"{"tree": {"id": "r"}, "templates": {"chat": {"id": "chats"}}, "to": ["r"]}"#,
             messages: ["templates.chat: template id 'chats' does not match its key 'chat'"]),
        Case(name: "empty destination", json: #"{"tree": {"id": "r"}, "to": []}"#,
             messages: ["to: the destination is empty; it starts with the root's id"]),
        Case(name: "empty route action", json: #"{"initial": {"id": "r"}, "steps": [{"actions": [{"route": []}]}]}"#,
             messages: ["steps[0].actions[0].route: the destination is empty; it starts with the root's id"]),
        Case(name: "empty path element", json: #"{"tree": {"id": "r"}, "to": ["r", ""]}"#,
             messages: ["to[1]: a path element id must not be empty"]),
        Case(name: "unknown action", json: #"{"initial": {"id": "r"}, "steps": [{"actions": [{"pussh": {"id": "x"}}]}]}"#,
             messages: ["steps[0].actions[0]: unknown action 'pussh' (did you mean 'push'?)"]),
        Case(name: "two verbs", json: #"{"initial": {"id": "r"}, "steps": [{"actions": [{"pop": "x", "leave": "y"}]}]}"#,
             messages: ["steps[0].actions[0]: an action has one verb, found 'pop' and 'leave'"]),
        Case(name: "bad stack pop", json: #"{"initial": {"id": "r"}, "steps": [{"actions": [{"stack": "r", "pop": "top"}]}]}"#,
             messages: ["steps[0].actions[0].pop: must be \"previous\", \"root\" or {\"to\": id}, found 'top'"]),
        Case(name: "pushed node without id", json: #"{"initial": {"id": "r"}, "steps": [{"actions": [{"push": {"label": "x"}}]}]}"#,
             messages: ["steps[0].actions[0].push: missing required field 'id'"]),
        Case(name: "duplicate key", json: #"{"tree": {"id": "a", "id": "b"}}"#, messages: ["tree: duplicate field 'id'"]),
    ]

    @Test(arguments: cases)
    func reportsExactMessages(_ c: Case) {
        #expect(Samples.problems(c.json) == c.messages)
    }

    @Test func messageLinesNameTheFile() throws {
        let error = DocumentError.invalid([.init(path: "frames[2].tree.children[0]", message: "duplicate id 'chat'")])
        #expect(error.diagnostics(file: "app.json").map(\.description) == ["app.json: error: frames[2].tree.children[0]: duplicate id 'chat'"])
        let syntax = DocumentError.syntax(line: 3, column: 14, message: "invalid JSON: expected ',' or '}', found '\"'")
        #expect(syntax.diagnostics(file: "app.json").map(\.description) == ["app.json:3:14: error: invalid JSON: expected ',' or '}', found '\"'"])
    }

    @Test func problemsAreCapped() throws {
        let children = (0..<300).map { _ in #"{"id": "x"}"# }.joined(separator: ",")
        #expect(Samples.problems(#"{"id": "r", "children": [\#(children)]}"#).count == DocumentDecoder.maxProblems)
    }
}
