import NavVizCore
import NavVizFiles
import NavVizRender

/// The errors of the stages before this one as `NavVizError`s: what this module's calls
/// throw for everything a user can cause.
extension NavVizError {
    /// A rendering failure about `file` (the input drawn; nil: none), of the kind its cause
    /// is: a diagram too large to draw is invalid input, a Graphviz that cannot be used
    /// (not installed, or another release than navviz was built against) is unavailable,
    /// anything else (a crash inside Graphviz included) an internal error.
    public init(_ error: RenderError, file: String? = nil) {
        self.init(Self.kind(error), file: file.map(displayName), "\(error)")
    }

    private static func kind(_ error: RenderError) -> Kind {
        switch error {
        case .tooLarge, .tooLargeForBitmap: .invalidInput
        case .unavailable, .mismatchedLibrary: .unavailable
        case .missingPlugin, .invalidDOT, .failed, .crashed: .internalError
        case .frame(_, let error): kind(error)
        }
    }

    /// A document that could not be read (unreadable input) or is not valid (invalid input).
    public init(_ error: DocumentFile.LoadError) {
        switch error {
        case .unreadable: self.init(.unreadableInput, error.diagnostics)
        case .invalid: self.init(.invalidInput, error.diagnostics)
        }
    }

    /// `error` as a NavVizError when it is one or a document's ``DocumentFile/LoadError``
    /// (which the readers of NavVizFiles throw); nil for any other error.
    public init?(converting error: any Error) {
        switch error {
        case let failure as NavVizError: self = failure
        case let load as DocumentFile.LoadError: self.init(load)
        default: return nil
        }
    }
}

/// The name messages use for an input: the path, or `<stdin>` for `-`
/// (`Diagnostic/displayName(_:)`).
func displayName(_ file: String) -> String {
    Diagnostic.displayName(file)
}
