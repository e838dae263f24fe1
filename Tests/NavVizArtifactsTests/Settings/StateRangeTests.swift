import NavVizArtifacts
import Testing

/// `--states A..B` as text: `A..B`, `A..`, `..B` and `N` read, anything else does not
/// (the command line then refuses it with exit status 64).
struct StepRangeTests {
    @Test func formsThatRead() {
        #expect(StateRange(argument: "..2") == StateRange(lower: 0, upper: 2))
        #expect(StateRange(argument: "8..") == StateRange(lower: 8, upper: nil))
        #expect(StateRange(argument: "9") == StateRange(lower: 9, upper: 9))
        #expect(StateRange(argument: "7..100") == StateRange(lower: 7, upper: 100))
        #expect(StateRange(argument: "10..")?.description == "10..")
    }

    @Test(arguments: ["5..2", "a..b", "-1..3", "1...3"])
    func formsThatDoNot(_ text: String) {
        #expect(StateRange(argument: text) == nil)
    }
}
