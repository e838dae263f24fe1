/// The screens whose navigation Nav/ records; the package exists to run navviz's plugin.
public enum Screen: String, CaseIterable {
    case inbox, message, settings
}
