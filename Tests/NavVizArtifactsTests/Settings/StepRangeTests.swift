import NavVizArtifacts
import Testing

/// `--steps A..B` as text: `A..B`, `A..`, `..B` and `N` read, anything else does not
/// (the command line then refuses it with exit status 64).
struct StepRangeTests {
    @Test func formsThatRead() {
        #expect(StepRange(argument: "..2") == StepRange(lower: 0, upper: 2))
        #expect(StepRange(argument: "8..") == StepRange(lower: 8, upper: nil))
        #expect(StepRange(argument: "9") == StepRange(lower: 9, upper: 9))
        #expect(StepRange(argument: "7..100") == StepRange(lower: 7, upper: 100))
        #expect(StepRange(argument: "10..")?.description == "10..")
    }

    @Test(arguments: ["5..2", "a..b", "-1..3", "1...3"])
    func formsThatDoNot(_ text: String) {
        #expect(StepRange(argument: text) == nil)
    }
}
