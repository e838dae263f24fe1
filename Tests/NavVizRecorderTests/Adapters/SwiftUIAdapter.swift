import Foundation
import NavVizRecorder

// The library's SwiftUI adapter (Sources/NavVizRecorder/SwiftUI/View+RecordNavigation.swift,
// compiled only where SwiftUI is), compiled here as the same text against the look-alikes
// (SwiftUIAdapterTests checks that it is the same).
// SwiftUI adapter
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension View {
    /// Records `navigation` when the view appears and whenever it changes, through
    /// `session` (which skips a tree it recorded last). Compute `navigation` in `body` from
    /// the state the view binds (tab selection, paths, presented items), so any change to
    /// them is recorded.
    public func recordNavigation(_ session: NavigationSession, _ navigation: AppNavigation, label: String? = nil) -> some View {
        modifier(NavigationRecordingModifier(session: session, navigation: navigation, label: label))
    }
}

/// Records on appear and on change: `onChange(of:initial:)` where it exists (iOS 17,
/// macOS 14), else `onAppear` and the one-parameter `onChange(of:perform:)`.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
struct NavigationRecordingModifier: ViewModifier {
    let session: NavigationSession
    let navigation: AppNavigation
    let label: String?

    func body(content: Content) -> some View {
        if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
            content.onChange(of: navigation, initial: true) { _, new in
                session.record(new, label: label)
            }
        } else {
            content
                .onAppear { session.record(navigation, label: label) }
                .onChange(of: navigation) { new in session.record(new, label: label) }
        }
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, *)
extension NavigationPath: NavigationPathRepresentable {
    /// The path's `codable` representation encoded with `JSONEncoder`, as state
    /// restoration saves it; nil when an element is not Codable.
    public var codableRepresentationJSON: Data? {
        codable.flatMap { try? JSONEncoder().encode($0) }
    }
}
// end
