import Foundation

/// How a layout window's PNG (and GIF) frames are framed, so that a GIF is steady: frames
/// come in shots, runs of consecutive frames in which every node keeps its place in the
/// picture, the picture keeps its size and scale, and only what changes moves.
///
/// A shot starts with a tidy tree of the nodes of its first frames (``ShotPlacement``: as
/// many of the next frames as fit in a picture at full size), scaled down only as far as
/// it must to fit `maxPixels` and never below 12-point labels 11 pixels high. A node that
/// appears later is put beside its parent where it overlaps nothing of its frame and stays
/// in the picture (where no edge passes through a node, if such a spot is free), and so is
/// one given another parent it no longer hangs below (with the nodes under it), and one
/// coming back into view, or given another parent, whose edge would now pass through a node;
/// when one cannot be, the next shot starts there, its nodes placed anew.
/// A frame too large for a picture even at the smallest scale is shown in part, around its
/// changes (else its visible screen), and the view moves only when they would leave it, as
/// little as it can. The caption says when the nodes are placed anew or the view moved, and
/// what a frame shown in part leaves out.
///
/// Frames are drawn with Graphviz's `viewport` (the picture's size, scale and centre), the
/// caption above the nodes, left-aligned, in a band of ``captionLines`` lines whatever it
/// says (padded with empty lines; a longer one is cut), so every picture of a shot has the
/// same size. A frame's DOT depends on the frames of its window framed before it, so
/// frames are framed once each, in order (``dots(_:captions:firstNumber:maxPixels:)``); the
/// lock only keeps it safe to share.
package final class PNGFraming: @unchecked Sendable {
    private let lock = NSLock()
    private let layout: StableLayout
    private var shot: Shot?

    /// Frames a shot's first placement looks ahead at.
    static let lookahead = 8
    /// The smallest scale: 12-point labels 11 pixels high at 96 dpi.
    static let minScale = 11.0 / 16.0
    /// Room around the nodes, in points; and how much larger than its first nodes a shot's
    /// picture is made (right and below, where pushed screens go), within the bound.
    static let margin = 24.0, slack = 0.25
    /// Caption lines a picture has room for above the nodes; more are cut.
    static let captionLines = 4
    /// The caption band's height in points: Graphviz's 14-point lines, 15 points apart, and
    /// some room.
    static let captionBand = Double(15 * captionLines + 14)
    /// A caption character's width, in points, taken generously (DejaVu Sans at 14 points
    /// averages under 7): a picture is made wide enough for its first frames' captions, and
    /// a longer line is cut to fit.
    static let captionCharacter = 8.0
    /// The captions' new lines.
    static let placedAnew = "the nodes are placed anew to make room for the changes"
    static let newWindow = "a new layout window: the nodes are placed anew"
    static let viewMoved = "the view moved to follow the changes"
    /// How far right of the picture the right anchor is, so that no caption is wider than the
    /// graph (a wider graph label would widen the graph on both sides and move the nodes).
    static let anchorReach = 20_000.0

    /// One shot: where its nodes are, what part of them the picture shows and at what scale.
    struct Shot {
        var placement: ShotPlacement
        var scale: Double
        /// The part of the placement the pictures show below their caption band, in points
        /// (y up).
        var view: Box
        /// The picture's size, its caption band included.
        var pixels: (width: Int, height: Int)
        /// False when the view shows part of its frames and follows their changes.
        var whole: Bool
        /// The bound the shot was made for.
        var maxPixels: Int
    }

    package init(layout: StableLayout) {
        self.layout = layout
    }

    /// The DOT of each pinned frame's PNG, in order: the next frames of the window after those
    /// framed before. `captions` go below each; frame `scenes[i]` is number `firstNumber + i`
    /// of the animation. Each picture is at most `maxPixels` wide and high.
    package func dots(_ scenes: [Scene], captions: [[String]], firstNumber: Int, maxPixels: Int) -> [String] {
        lock.lock()
        defer { lock.unlock() }
        var out: [String] = []
        out.reserveCapacity(scenes.count)
        for i in scenes.indices {
            var notes: [String] = []
            let starts = shot == nil
            if shot == nil || shot!.maxPixels != maxPixels
                || !shot!.placement.extend(to: scenes[i], within: shot!.whole ? shot!.view : nil) {
                let ahead = i..<min(scenes.count, i + Self.lookahead)
                let widest = ahead.map { k in k < captions.count ? captions[k].map(\.count).max() ?? 0 : 0 }.max() ?? 0
                shot = Self.start(scenes[ahead], captionWidth: Double(widest + 2) * Self.captionCharacter, layout: layout, maxPixels: maxPixels)
                if firstNumber + i > 1 { notes.append(starts ? Self.newWindow : Self.placedAnew) }
            } else if !shot!.whole, Self.follow(&shot!, scenes[i]) {
                notes.append(Self.viewMoved)
            }
            out.append(dot(scenes[i], caption: (i < captions.count ? captions[i] : []) + notes, maxPixels: maxPixels))
        }
        return out
    }

    /// A shot starting with `scenes[0]`, placed for as many of the following `scenes` as fit
    /// in a picture at full size, at least `captionWidth` points wide where it may be.
    static func start(_ scenes: ArraySlice<Scene>, captionWidth: Double, layout: StableLayout, maxPixels: Int) -> Shot {
        let first = scenes.startIndex
        let maxWidth = Double(maxPixels) * 0.75, maxHeight = Double(maxPixels) * 0.75 - captionBand
        func extent(_ p: ShotPlacement, _ s: ArraySlice<Scene>) -> Box? { p.bounds(s.lazy.flatMap { $0.nodes.lazy.map(\.id) }) }
        var placement = ShotPlacement(scenes[first...first], layout: layout)
        var nodes = extent(placement, scenes[first...first])
        for end in scenes.indices.dropFirst() {
            let trial = ShotPlacement(scenes[first...end], layout: layout)
            guard let box = extent(trial, scenes[first...end]),
                  box.width + 2 * margin <= maxWidth, box.height + 2 * margin <= maxHeight else { break }
            (placement, nodes) = (trial, box)
        }
        let box = nodes ?? Box(low: Point(x: 0, y: 0), high: Point(x: 0, y: 0))
        let (w, h) = (box.width + 2 * margin, box.height + 2 * margin)
        let fit = min(1, maxWidth / w, maxHeight / h)
        let scale = max(minScale, fit)
        let whole = fit >= minScale
        // The picture: the nodes with some room to grow (and for the caption), within the
        // bound; in whole pixels (a hair's breadth of rounding spared), the caption band above.
        let width = min(max(w * (1 + slack), captionWidth), maxWidth / scale), height = min(h * (1 + slack), maxHeight / scale)
        func pixels(_ points: Double) -> Int { max(1, Int((points * scale * 4 / 3 + 1e-6).rounded(.down))) }
        let picture = (width: pixels(width), height: pixels(height + captionBand))
        let view = (Double(picture.width) * 0.75 / scale, Double(picture.height) * 0.75 / scale - captionBand)
        var shown = Box(low: Point(x: box.low.x - margin, y: box.high.y + margin - view.1), high: Point(x: box.low.x - margin + view.0, y: box.high.y + margin))
        if !whole, let focus = focus(scenes[first], placement) {
            shown = clamped(centred(shown, on: focus), within: box)
        }
        return Shot(placement: placement, scale: scale, view: shown, pixels: picture, whole: whole, maxPixels: maxPixels)
    }

    /// What a frame shown in part keeps in view: its changes (nodes with badges), else its
    /// visible screen, else all its nodes.
    static func focus(_ scene: Scene, _ placement: ShotPlacement) -> Box? {
        placement.bounds(scene.nodes.lazy.filter { !$0.badges.isEmpty }.map(\.id))
            ?? placement.bounds(scene.nodes.lazy.filter { $0.classes.contains("visible") }.map(\.id))
            ?? placement.bounds(scene.nodes.lazy.map(\.id))
    }

    static func centred(_ view: Box, on focus: Box) -> Box {
        view.moved(x: (focus.low.x + focus.high.x) / 2 - (view.low.x + view.high.x) / 2, y: (focus.low.y + focus.high.y) / 2 - (view.low.y + view.high.y) / 2)
    }

    /// `view` moved as little as it can to lie within `nodes` and their margin (centred on
    /// them where it is the larger), so it shows no more empty space than it must.
    static func clamped(_ view: Box, within nodes: Box) -> Box {
        func shift(_ low: Double, _ high: Double, _ a: Double, _ b: Double) -> Double {
            if high - low >= b - a { return (a + b) / 2 - (low + high) / 2 }
            if low < a { return a - low }
            if high > b { return b - high }
            return 0
        }
        return view.moved(x: shift(view.low.x, view.high.x, nodes.low.x - margin, nodes.high.x + margin),
                          y: shift(view.low.y, view.high.y, nodes.low.y - margin, nodes.high.y + margin))
    }

    /// Moves a partial view as little as it can to keep the frame's focus in it; true when it
    /// moved.
    static func follow(_ shot: inout Shot, _ scene: Scene) -> Bool {
        guard let focus = focus(scene, shot.placement), let nodes = shot.placement.bounds(scene.nodes.lazy.map(\.id)) else { return false }
        let view = shot.view
        // A focus larger than the view is not chased: the view stays where it shows part of it.
        func shift(_ low: Double, _ high: Double, _ a: Double, _ b: Double) -> Double {
            if b - a > high - low { return a > high || b < low ? (a + b) / 2 - (low + high) / 2 : 0 }
            if a < low { return a - low }
            if b > high { return b - high }
            return 0
        }
        let moved = clamped(view.moved(x: shift(view.low.x, view.high.x, focus.low.x - margin, focus.high.x + margin),
                                       y: shift(view.low.y, view.high.y, focus.low.y - margin, focus.high.y + margin)), within: nodes)
        guard moved != view else { return false }
        shot.view = moved
        return true
    }

    /// The DOT of one framed frame on the current shot.
    private func dot(_ pinned: Scene, caption: [String], maxPixels: Int) -> String {
        guard let shot else { return "" }
        var scene = pinned
        let placement = shot.placement
        var lines = caption
        if !shot.whole {
            // Only the nodes wholly in view: one cut by the edge would widen the graph.
            let total = scene.nodes.count
            scene.nodes.removeAll { node in placement.positions[node.id].map { !shot.view.contains(placement.box(node.id, at: $0)) } ?? true }
            if scene.nodes.count < total {
                let marked = pinned.nodes.contains { !$0.badges.isEmpty }
                lines.append("showing \(scene.nodes.count) of \(total) nodes, around \(marked ? "the changes" : "the visible screen") (the SVG frame has them all)")
            }
        }
        let ids = Set(scene.nodes.map(\.id))
        scene.edges.removeAll { !ids.contains($0.from) || !ids.contains($0.to) }
        for i in scene.nodes.indices { scene.nodes[i].position = placement.positions[scene.nodes[i].id] }
        for i in scene.edges.indices {
            scene.edges[i].route = nil
            scene.edges[i].labelPosition = nil
        }
        for i in scene.boxes.indices {
            scene.boxes[i].nodeIDs.removeAll { !ids.contains($0) }
            scene.boxes[i].bounds = placement.bounds(scene.boxes[i].nodeIDs).map { b in
                (Point(x: b.low.x - 8, y: b.low.y - 8), Point(x: b.high.x + 8, y: b.high.y + 22))
            }
        }
        // The title and the failure's explanation come first, then the frame's caption: as
        // many lines as there is room for, each as long as the picture is wide, and empty
        // lines after them, so the band is always as high.
        let page = (width: Double(shot.pixels.width) * 0.75, height: Double(shot.pixels.height) * 0.75)
        let characters = max(8, Int(page.width / shot.scale / Self.captionCharacter) - 2)
        var all = ((scene.title.map { [$0] } ?? []) + scene.caption + lines).map { $0.count > characters ? String($0.prefix(characters - 1)) + "…" : $0 }
        if all.count > Self.captionLines {
            all = Array(all.prefix(Self.captionLines))
            all[all.count - 1] += " …"
        }
        all += Array(repeating: "", count: Self.captionLines - all.count)
        let titled = scene.title != nil
        scene.caption = Array(all.dropFirst(titled ? 1 : 0))
        if titled { scene.title = all.first }
        let view = shot.view
        var options = DOTEncoder.Options(pinned: true, names: layout.names)
        options.straightEdges = true
        options.corners = (Point(x: view.low.x, y: view.low.y), Point(x: view.low.x + Self.anchorReach, y: view.high.y))
        let top = view.high.y + Self.captionBand
        options.viewport = DOTEncoder.Viewport(width: page.width, height: page.height, zoom: shot.scale,
                                               center: Point(x: view.low.x + page.width / shot.scale / 2, y: top - page.height / shot.scale / 2))
        return DOTEncoder.encode(scene, options: options)
    }
}
