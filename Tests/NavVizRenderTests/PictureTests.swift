import CZlib
import Foundation
import NavVizCore
import NavVizRender
import Testing
import _NavVizTestSupport

/// What the pictures look like, checked in the pixels Graphviz draws where the DOT text
/// cannot say it: the legend readable in the dark theme, dark PDFs dark to the edge, a
/// legend that tells the truth about double borders, badge digits centred, emoji in colour,
/// and a pending frame on the state before its operations.
@Suite struct PictureTests {
    /// An 8-bit RGB or RGBA PNG, decoded.
    struct Pixels {
        var width: Int
        var height: Int
        /// RGB, row by row.
        var rgb: [UInt8]

        func pixel(_ x: Int, _ y: Int) -> (r: Int, g: Int, b: Int) {
            let i = (y * width + x) * 3
            return (Int(rgb[i]), Int(rgb[i + 1]), Int(rgb[i + 2]))
        }

        init(png: [UInt8]) throws {
            func be32(_ i: Int) -> Int { png[i..<i + 4].reduce(0) { $0 << 8 | Int($1) } }
            var at = 8, idat: [UInt8] = [], channels = 0
            width = 0
            height = 0
            while at + 12 <= png.count {
                let length = be32(at)
                let type = String(decoding: png[at + 4..<at + 8], as: UTF8.self)
                if type == "IHDR" {
                    width = be32(at + 8)
                    height = be32(at + 12)
                    try #require(png[at + 16] == 8, "8-bit PNG")
                    channels = png[at + 17] == 6 ? 4 : 3
                }
                if type == "IDAT" { idat += png[at + 8..<at + 8 + length] }
                at += 12 + length
            }
            let rowBytes = width * channels
            var raw = [UInt8](repeating: 0, count: height * (rowBytes + 1))
            var size = UInt(raw.count)
            try #require(uncompress(&raw, &size, idat, UInt(idat.count)) == Z_OK)
            // Unfiltered and composited through raw buffers: a 288-dpi picture has millions of
            // bytes, and array subscripts in a debug build cost seconds over them.
            let (height, width, pixelBytes) = (self.height, self.width, channels)
            var rows = [UInt8](repeating: 0, count: height * rowBytes)
            rows.withUnsafeMutableBufferPointer { rows in
                raw.withUnsafeBufferPointer { raw in
                    for y in 0..<height {
                        let filter = raw[y * (rowBytes + 1)]
                        let line = y * rowBytes, source = y * (rowBytes + 1) + 1
                        for x in 0..<rowBytes {
                            let value = Int(raw[source + x])
                            let a = x >= pixelBytes ? Int(rows[line + x - pixelBytes]) : 0
                            let b = y > 0 ? Int(rows[line - rowBytes + x]) : 0
                            let c = x >= pixelBytes && y > 0 ? Int(rows[line - rowBytes + x - pixelBytes]) : 0
                            let predicted: Int
                            switch filter {
                            case 1: predicted = a
                            case 2: predicted = b
                            case 3: predicted = (a + b) / 2
                            case 4:
                                let p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                                predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                            default: predicted = 0
                            }
                            rows[line + x] = UInt8((value + predicted) & 0xFF)
                        }
                    }
                }
            }
            // Composite an alpha channel on white (Graphviz's cairo PNG is opaque anyway).
            var rgb = [UInt8](repeating: 0, count: width * height * 3)
            rgb.withUnsafeMutableBufferPointer { rgb in
                rows.withUnsafeBufferPointer { rows in
                    var i = 0, out = 0
                    while i < rows.count {
                        let alpha = pixelBytes == 4 ? Int(rows[i + 3]) : 255
                        let white = 255 * (255 - alpha)
                        rgb[out] = UInt8((Int(rows[i]) * alpha + white) / 255)
                        rgb[out + 1] = UInt8((Int(rows[i + 1]) * alpha + white) / 255)
                        rgb[out + 2] = UInt8((Int(rows[i + 2]) * alpha + white) / 255)
                        i += pixelBytes
                        out += 3
                    }
                }
            }
            self.rgb = rgb
        }
    }

    static func png(_ scene: Scene, dpi: Int = 96) throws -> Pixels {
        let dot = DOTEncoder.encode(scene).replacingOccurrences(of: "digraph navviz {\n", with: "digraph navviz {\n  graph [dpi=\(dpi)];\n")
        return try Pixels(png: try Graphviz.shared.render(dot: dot, format: .png))
    }

    static func hex(_ color: String) -> (r: Int, g: Int, b: Int) {
        let v = Int(color.dropFirst(), radix: 16)!
        return (v >> 16, (v >> 8) & 0xFF, v & 0xFF)
    }

    static func diffScene(theme: Theme, legend: Bool = true) throws -> Scene {
        let old = try Samples.tree(DiffSceneTests.before), new = try Samples.tree(DiffSceneTests.after)
        let ops = TreeDiff.operations(from: old, to: new, dialect: .navviz)
        return DiffScene.make(old: old, new: new, operations: ops, dialect: .navviz, theme: theme, legend: legend)
    }

    static func routeScene(theme: Theme) throws -> Scene {
        guard case .route(let request) = try Samples.load("portus-example-4.route.json") else { throw Samples.SampleError.notASnapshot }
        return RouteScene.make(Router.route(request), theme: theme, legend: true)
    }

    static func treeScene(theme: Theme) throws -> Scene {
        guard case .snapshot(let tree) = try Samples.load("nivelir-chat.yaml") else { throw Samples.SampleError.notASnapshot }
        return TreeScene.make(tree, theme: theme, legend: true)
    }

    /// Every text of the legend is drawn in the theme's text colour: on the dark background
    /// it was black.
    @Test(arguments: ["render", "diff", "route"])
    func darkLegendTextIsReadable(kind: String) throws {
        let scene = kind == "render" ? try Self.treeScene(theme: .dark) : kind == "diff" ? try Self.diffScene(theme: .dark) : try Self.routeScene(theme: .dark)
        let svg = String(decoding: try Graphviz.shared.render(dot: DOTEncoder.encode(scene), format: .svg), as: UTF8.self)
        let start = try #require(svg.range(of: "<g id=\"legend\""))
        let legend = svg[start.lowerBound...].prefix { _ in true }
        let group = legend[..<(legend.range(of: "</g>")?.upperBound ?? legend.endIndex)]
        let texts = group.components(separatedBy: "<text").dropFirst()
        #expect(texts.count >= 4)
        for text in texts {
            #expect(text.contains("fill=\"\(Theme.dark.text)\""), "a legend text is not in the theme's text colour: <text\(text.prefix(200))")
        }
    }

    /// A dark PDF's background fills its whole page (Graphviz's default PDF margin of 36
    /// points was left white).
    @Test func darkPDFIsDarkToTheEdge() throws {
        let pdf = try Graphviz.shared.render(dot: DOTEncoder.encode(try Self.treeScene(theme: .dark)), format: .pdf)
        let text = String(decoding: pdf, as: UTF8.self)
        let box = try #require(text.range(of: "/MediaBox [ ")).upperBound
        let media = text[box...].prefix { $0 != "]" }.split(separator: " ").compactMap { Double($0) }
        try #require(media.count == 4)
        // The first content stream: its first filled rectangle is the background.
        let bytes = Data(pdf)
        let streamStart = try #require(bytes.range(of: Data("stream\n".utf8)))
        let streamEnd = try #require(bytes.range(of: Data("\nendstream".utf8), in: streamStart.upperBound..<bytes.count))
        let compressed = Array(bytes[streamStart.upperBound..<streamEnd.lowerBound])
        var out = [UInt8](repeating: 0, count: 1 << 22)
        var size = UInt(out.count)
        try #require(uncompress(&out, &size, compressed, UInt(compressed.count)) == Z_OK)
        let content = String(decoding: out[..<Int(size)], as: UTF8.self)
        let rect = try #require(content.split(separator: "\n").first { $0.hasSuffix(" re f") })
        let numbers = rect.split(separator: " ").compactMap { Double($0) }
        // Within a point: the page size is rounded to whole points.
        #expect(numbers.count == 4 && zip(numbers, media).allSatisfy { abs($0 - $1) <= 1 }, "the background \(rect) does not cover the page \(media)")
    }

    /// Double borders mean what the legend says: square for a switch container (whatever its
    /// kind), rounded for a modal; the legend lists each only when the picture has one.
    @Test func theLegendTellsTheTruthAboutDoubleBorders() throws {
        let tree = try Samples.tree(#"{"id": "root", "switch": true, "active": "a", "children": [{"id": "a", "active": "m", "children": [{"id": "m", "kind": "modal"}]}, {"id": "b"}]}"#)
        let scene = TreeScene.make(tree, theme: .light, legend: true)
        let root = try #require(scene.nodes.first { $0.id == "root" })
        let modal = try #require(scene.nodes.first { $0.id == "m" })
        #expect(root.peripheries == 2 && !root.styles.contains("rounded"))
        #expect(modal.peripheries == 2 && modal.styles.contains("rounded"))
        #expect(scene.legend.map(\.text) == ["active path (visible screen: thicker)", "inactive",
                                             "⇄ switch container (tabs, pages, splits): double square border", "modal: double rounded border"])
        #expect(scene.legend.map(\.double) == [false, false, true, true])
        #expect(scene.legend.map(\.rounded) == [true, true, false, true])
        let plain = TreeScene.make(try Samples.tree(#"{"id": "a", "active": "b", "children": [{"id": "b"}]}"#), theme: .light, legend: true)
        #expect(plain.legend.count == 2, "a legend entry for a border the picture does not have")
        // Only the double entries draw a double swatch.
        let dot = DOTEncoder.encode(scene)
        #expect(dot.components(separatedBy: "CELLBORDER=\"1\" CELLSPACING=\"2\"").count - 1 == 2)
    }

    /// The digits of every operation badge sit in the middle of their coloured cell.
    @Test(arguments: [Theme.light, Theme.dark])
    func badgeDigitsAreCentred(theme: Theme) throws {
        let scene = try Self.diffScene(theme: theme, legend: false)
        let colours = Set(scene.nodes.flatMap(\.badges).map(\.color))
        #expect(colours.count >= 2)
        let image = try Self.png(scene, dpi: 288)
        let targets = colours.sorted().map { ($0, Self.hex($0)) }
        // The badge cells: the bounding box of each colour (each colour is one badge here),
        // found in one pass over the pixels. A pixel is near a colour when its channels differ
        // by less than 24 in all; the masks say, per channel value, which colours are within 24
        // of it, so most pixels are passed over with three lookups.
        var cells = [(minX: Int, maxX: Int, minY: Int, maxY: Int)](repeating: (Int.max, 0, Int.max, 0), count: targets.count)
        var masks = [[Int]](repeating: [Int](repeating: 0, count: 256), count: 3)
        for (k, (_, target)) in targets.enumerated() {
            for (channel, value) in [target.r, target.g, target.b].enumerated() {
                for v in max(0, value - 23)...min(255, value + 23) { masks[channel][v] |= 1 << k }
            }
        }
        image.rgb.withUnsafeBufferPointer { rgb in
            for y in 0..<image.height { for x in 0..<image.width {
                let i = (y * image.width + x) * 3
                let candidates = masks[0][Int(rgb[i])] & masks[1][Int(rgb[i + 1])] & masks[2][Int(rgb[i + 2])]
                guard candidates != 0 else { continue }
                let r = Int(rgb[i]), g = Int(rgb[i + 1]), b = Int(rgb[i + 2])
                for k in targets.indices where candidates & (1 << k) != 0 {
                    let target = targets[k].1
                    if abs(r - target.r) + abs(g - target.g) + abs(b - target.b) < 24 {
                        cells[k] = (min(cells[k].minX, x), max(cells[k].maxX, x), min(cells[k].minY, y), max(cells[k].maxY, y))
                    }
                }
            } }
        }
        for ((colour, target), cell) in zip(targets, cells) {
            let (minX, maxX, minY, maxY) = cell
            try #require(minX <= maxX, "badge \(colour) not found")
            // The digits: pixels inside the cell far from its colour.
            var dMinX = Int.max, dMaxX = 0, dMinY = Int.max, dMaxY = 0
            for y in minY...maxY { for x in minX...maxX {
                let p = image.pixel(x, y)
                if abs(p.r - target.r) + abs(p.g - target.g) + abs(p.b - target.b) > 200 {
                    dMinX = min(dMinX, x); dMaxX = max(dMaxX, x); dMinY = min(dMinY, y); dMaxY = max(dMaxY, y)
                }
            } }
            try #require(dMinX <= dMaxX, "badge \(colour): no digits")
            let top = dMinY - minY, bottom = maxY - dMaxY, left = dMinX - minX, right = maxX - dMaxX
            // 4 pixels at 288 dpi is one point.
            #expect(abs(top - bottom) <= 4, "badge \(colour): digits \(top) px from the top, \(bottom) px from the bottom")
            #expect(abs(left - right) <= 4, "badge \(colour): digits \(left) px from the left, \(right) px from the right")
        }
    }

    /// Emoji in a label are drawn in colour (an emoji font is installed by `make deps` and CI),
    /// not as empty boxes.
    @Test func emojiAreDrawnInColour() throws {
        let scene = TreeScene.make(try Samples.tree(#"{"id": "fruit", "label": "🍎🍎🍎 Apples"}"#), theme: .light)
        let image = try Self.png(scene)
        var red = 0
        for y in 0..<image.height { for x in 0..<image.width {
            let p = image.pixel(x, y)
            if p.r > 170 && p.g < 90 && p.b < 90 { red += 1 }
        } }
        #expect(red > 40, "no red apple pixels (\(red)): is a colour emoji font installed? (make deps installs fonts-noto-color-emoji)")
    }

    /// A pending frame shows the state before its operations: the OLD active path, with the
    /// operations' marks; the applied frame the new one.
    @Test func aPendingFrameIsTheStateBefore() throws {
        let timeline = TimelineBuilder.build(try Samples.load("tab-switch.sequence.json"))
        let frames = AnimationPlan.frames(timeline, theme: .light)
        let pending = try #require(frames.first { $0.phase == .pending })
        let applied = try #require(frames.first { $0.phase == .applied && $0.transition == pending.transition })
        let i = try #require(pending.transition)
        func ids(_ tree: Tree) -> Set<String> { Set(tree.activePath.map(tree.id)) }
        func active(_ scene: Scene) -> Set<String> { Set(scene.nodes.filter { $0.classes.contains("active") }.map(\.id)) }
        let before = timeline.states[i].tree, after = timeline.states[i + 1].tree
        #expect(ids(before) != ids(after))
        #expect(active(pending.scene) == ids(before))
        #expect(active(applied.scene) == ids(after))
        #expect(!pending.scene.nodes.flatMap(\.badges).isEmpty, "the pending marks are missing")
    }
}
