extension Theme {
    /// The colour of a route's destination path (amber, apart from the active blue and the
    /// leave, switch and enter colours).
    ///
    /// A computed property so the route diagram adds no stored field to ``Theme``; a theme
    /// other than `dark` gets the light value.
    public var destination: String {
        name == "dark" ? "#e3b341" : "#9a6700"
    }
}
