import Foundation
import NavVizCore
import NavVizFiles
import NavVizRender

/// An error navviz reports: its message lines (`FILE: error: …`, as a command prints them on
/// stderr) and the sysexits(3) status a command exits with.
///
/// Every call of this module throws it for what a user can cause (a bad document, an output
/// that cannot be written, a picture too large to draw); its lines already name the file
/// and where in it, so a caller prints them as they are.
public struct NavVizError: Error, Sendable {
    public var lines: [String]
    public var status: Int32

    /// sysexits(3) statuses navviz uses.
    public enum Status {
        /// A failed check, an unreachable destination, a failing script step.
        public static let checkFailed: Int32 = 1
        public static let usage: Int32 = 64
        public static let dataError: Int32 = 65
        public static let noInput: Int32 = 66
        public static let unavailable: Int32 = 69
        public static let software: Int32 = 70
        /// EX_CANTCREAT: navviz will not replace the destination (it did not write it).
        public static let cannotReplace: Int32 = 73
        public static let cannotCreate: Int32 = 74
    }

    public init(_ lines: [String], status: Int32) {
        self.lines = lines
        self.status = status
    }

    /// A rendering failure, as `FILE: error: …` (`error: …` without a file), with the status
    /// of its cause: 65 a diagram too large to draw, 69 a Graphviz that cannot be used (not
    /// installed, or another release than navviz was built against), 70 anything else (a
    /// crash inside Graphviz included).
    public init(_ error: RenderError, file: String? = nil) {
        self.init([(file.map { "\(displayName($0)): " } ?? "") + "error: \(error)"], status: Self.status(error))
    }

    private static func status(_ error: RenderError) -> Int32 {
        switch error {
        case .tooLarge, .tooLargeForBitmap: Status.dataError
        case .unavailable, .mismatchedLibrary: Status.unavailable
        case .missingPlugin, .invalidDOT, .failed, .crashed: Status.software
        case .frame(_, let error): status(error)
        }
    }

    /// A document that could not be read (66) or is not valid (65).
    public init(_ error: DocumentFile.LoadError) {
        switch error {
        case .unreadable: self.init(error.lines, status: Status.noInput)
        case .invalid: self.init(error.lines, status: Status.dataError)
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
/// (``DocumentFile/displayName(_:)``).
public func displayName(_ file: String) -> String {
    DocumentFile.displayName(file)
}
