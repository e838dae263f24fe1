import NavVizRender

/// The live player's page (for now a minimal one; the player's live mode comes with the
/// player's JavaScript).
enum LivePage {
    static func html(title: String, theme: Theme) -> String {
        "<!doctype html><html><head><meta charset=\"utf-8\"><title>navviz watch</title></head><body></body></html>"
    }
}
