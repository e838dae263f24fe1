import Foundation
import Testing
import NavVizCore
import NavVizFiles
import _NavVizTestSupport

/// Lines of problems and transitions, for CI annotations that point into a document.
struct DocumentLinesTests {
    static let sequence = """
        {"navviz": 1,
         "frames": [
          {"label": "a", "tree": {"id": "root"}},
          {"label": "b",
           "tree": {"id": "root", "children": [
             {"id": "x"},
             {"id": "x"}]}}
         ]}
        """

    @Test func problemPathsResolveToTheirLine() throws {
        let lines = DocumentLines(try DocumentReader.parseJSON(Array(Self.sequence.utf8)))
        #expect(lines.line(ofPath: "frames[1].tree.children[1]") == 7)
        #expect(lines.line(ofPath: "frames[1].tree.children[0]") == 6)
        #expect(lines.line(ofPath: "frames[1]") == 4)
        // A path that goes on past what exists points at the deepest value that does.
        #expect(lines.line(ofPath: "frames[1].tree.children[5].id") == 5)
        #expect(lines.line(ofPath: "frames[1].tree.…(12 levels)….children[0]") == 5)
        #expect(lines.line(ofPath: "nothing.here") == nil)
        #expect(lines.line(ofPath: "") == nil)
    }

    @Test func transitionsPointAtTheFrameTheyLeadTo() throws {
        let lines = DocumentLines(try DocumentReader.parseJSON(Array(Self.sequence.utf8)))
        #expect(lines.line(ofTransition: 0, source: .sequence) == 4)
        #expect(lines.line(ofTransition: 1, source: .sequence) == nil)
    }

    @Test func scriptStepsAndRouteDestinations() throws {
        let script = try #require(DocumentFile.lines(PackagePaths.sample("tempura-showhide.script.json")))
        #expect(script.line(ofTransition: 0, source: .script) == 6)
        #expect(script.line(ofTransition: 4, source: .script) == 10)
        #expect(script.line(ofPath: "steps[2].actions[0]") == 8)
        let route = try #require(DocumentFile.lines(PackagePaths.sample("portus-loop.route.json")))
        #expect(route.line(ofTransition: 0, source: .route) == 18)
    }

    @Test func logLinesSkipBlankLines() {
        let log = "{\"tree\": {\"id\": \"a\"}}\n\n  \n{\"tree\": {\"id\": \"b\"}}\n{\"tree\": null}\n"
        let lines = DocumentLines(log: Array(log.utf8))
        #expect(lines.line(ofTransition: 0, source: .log) == 4)
        #expect(lines.line(ofTransition: 1, source: .log) == 5)
        #expect(lines.line(ofTransition: 2, source: .log) == nil)
        #expect(lines.line(ofPath: "tree") == nil)
    }

    @Test func yamlValuesKeepTheirLines() throws {
        let yaml = "navviz: 1\nframes:\n  - label: a\n    tree: {id: root}\n  - label: b\n    tree:\n      id: root\n"
        let lines = DocumentLines(try DocumentFile.valueTree(Array(yaml.utf8), format: .yaml))
        #expect(lines.line(ofTransition: 0, source: .sequence) == 5)
        #expect(lines.line(ofPath: "frames[1].tree.id") == 7)
    }

    @Test func standardInputAndBrokenFilesHaveNoLines() {
        #expect(DocumentFile.lines("-") == nil)
        #expect(DocumentFile.lines("/nonexistent/navviz.json") == nil)
    }
}
