// The UIKit side of the launch hook. watchOS: `canImport(UIKit)` is true there, but it has no
// UIViewController. Nothing on Linux compiles this file: docs/platforms.md says how it was
// reviewed and what only a Mac can confirm.
#if canImport(UIKit) && !os(watchOS)
import ObjectiveC
import UIKit

extension NavigationWatcher {
    /// Records the app's UIKit navigation on every change, from one call at launch:
    ///
    /// ```swift
    /// #if DEBUG
    /// let recorder = NavigationRecorder(secretKeys: ["token"])
    /// NavigationWatcher.recordUIKitNavigation(into: recorder)
    /// #endif
    /// ```
    ///
    /// How it hooks in: `UIViewController.viewDidAppear(_:)` and `viewDidDisappear(_:)` are
    /// given an implementation that calls UIKit's own first, then ``changed()``. Every
    /// navigation change in UIKit ends in one of them, whoever made it: a push or pop (by
    /// code, the back button or the swipe), a tab switch, a presentation and a dismissal (a
    /// sheet's presenter gets no `viewDidAppear` when the sheet goes, but the sheet gets
    /// `viewDidDisappear`), containment changes. The app's delegates are left alone (a
    /// delegate proxy would be replaced by the app's own `delegate =`), and nothing runs
    /// while nothing changes (as a timer or run-loop observer reading the hierarchy would).
    /// The hierarchy is read ``debounce`` seconds after the last change, from the key window
    /// of the foreground scene.
    ///
    /// Safe to call more than once: the methods are hooked once, and the last watcher is the
    /// one notified. When UIKit's methods cannot be found the hook is not installed
    /// (``hooked`` is false) and the app runs as it would without it. A `viewDidAppear`
    /// called off the main thread (an app bug UIKit tolerates) is passed on to the main
    /// queue. When protected data becomes available again (the device unlocked), the
    /// recorder's file gets the lines it refused while locked (``NavigationRecorder/flush()``).
    @discardableResult
    public static func recordUIKitNavigation(into recorder: NavigationRecorder, debounce: TimeInterval = 0.3) -> NavigationWatcher {
        let watcher = NavigationWatcher(recorder: recorder, debounce: debounce, root: { () -> (any ViewControllerNode)? in keyRootViewController() })
        UIKitNavigationHook.current = watcher
        UIKitNavigationHook.install()
        watcher.changed()
        return watcher
    }

    /// Whether `viewDidAppear(_:)` and `viewDidDisappear(_:)` are hooked.
    public static var hooked: Bool { UIKitNavigationHook.installed }

    /// The root view controller of the key window of the foreground scene (else of any
    /// scene's key window).
    static func keyRootViewController() -> UIViewController? {
        let scenes = UIApplication.shared.connectedScenes.compactMap { $0 as? UIWindowScene }
        let active = scenes.filter { $0.activationState == .foregroundActive } + scenes
        for scene in active {
            if let root = scene.keyWindow?.rootViewController { return root }
        }
        return scenes.lazy.flatMap(\.windows).first { $0.rootViewController != nil }?.rootViewController
    }
}

/// The hooked methods and the watcher they notify.
@MainActor
enum UIKitNavigationHook {
    static var current: NavigationWatcher?
    static var installed = false
    private static var observer: NSObjectProtocol?

    /// Hooks `viewDidAppear(_:)` and `viewDidDisappear(_:)` once.
    static func install() {
        guard !installed else { return }
        let appear = hook(#selector(UIViewController.viewDidAppear(_:)))
        let disappear = hook(#selector(UIViewController.viewDidDisappear(_:)))
        installed = appear || disappear
        observer = NotificationCenter.default.addObserver(forName: UIApplication.protectedDataDidBecomeAvailableNotification,
                                                          object: nil, queue: .main) { _ in
            MainActor.assumeIsolated { UIKitNavigationHook.current?.recorder.flush() }
        }
    }

    /// Gives UIViewController's `selector` (`(BOOL)animated -> void`) an implementation that
    /// calls the one it had, then notifies the watcher; false when the method is not found.
    /// Nonisolated, so the block is not a main-actor closure, which Swift 6 would check (and
    /// stop the app) when UIKit calls it off the main thread.
    nonisolated private static func hook(_ selector: Selector) -> Bool {
        guard let method = class_getInstanceMethod(UIViewController.self, selector) else { return false }
        typealias Implementation = @convention(c) (AnyObject, Selector, Bool) -> Void
        let original = unsafeBitCast(method_getImplementation(method), to: Implementation.self)
        let replacement: @convention(block) (AnyObject, Bool) -> Void = { object, animated in
            original(object, selector, animated)
            if Thread.isMainThread {
                MainActor.assumeIsolated { UIKitNavigationHook.current?.changed() }
            } else {
                DispatchQueue.main.async { MainActor.assumeIsolated { UIKitNavigationHook.current?.changed() } }
            }
        }
        method_setImplementation(method, imp_implementationWithBlock(replacement))
        return true
    }
}
#endif
