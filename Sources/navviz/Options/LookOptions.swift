import ArgumentParser
import NavVizArtifacts
import NavVizRender

/// `--theme` and `--legend`, shared by every command that draws.
struct LookOptions: ParsableArguments {
    @Option(help: "Colour theme: light or dark.")
    var theme: Theme = .light

    @Flag(help: "Add a legend that explains colours and shapes.")
    var legend = false

    var value: NavViz.Look { NavViz.Look(theme: theme, legend: legend) }
}

extension Theme: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(named: argument)
    }

    public var defaultValueDescription: String { name }

    public static var allValueStrings: [String] { all.map(\.name) }
}
