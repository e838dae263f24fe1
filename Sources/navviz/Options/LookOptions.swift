import ArgumentParser
import NavVizRender

/// `--theme` and `--legend`, shared by every command that draws.
struct LookOptions: ParsableArguments {
    @Option(help: "Colour theme: light or dark.")
    var theme: ThemeChoice = .light

    @Flag(help: "Add a legend that explains colours and shapes.")
    var legend = false
}

enum ThemeChoice: String, ExpressibleByArgument, CaseIterable {
    case light, dark
    var value: Theme { self == .light ? .light : .dark }
}
