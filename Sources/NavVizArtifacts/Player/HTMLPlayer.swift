import NavVizRender
import NavVizCore

/// A single self-contained HTML file that plays an animation offline.
///
/// The page draws the session itself from a ``PlayerModel``: each node of a layout window
/// once, and each frame as the changes from the one before, so a session of 10,000
/// transitions is a page of a few megabytes. Every view of a frame shows the frame's context
/// (its changed nodes and its visible screen, with the path from the root to each) with
/// labels at least 11 px high: the page lays each frame out as a tidy tree and shows the whole
/// frame, else the context and its nodes' other children, else the context alone, whichever
/// first fits (docs/player.md). Nodes glide to their places, nodes that appear fade in, nodes
/// that leave fade out. Above the picture the active path, root to visible screen; beside it
/// the frame's whole tree in small, what the view shows outlined. Beside the picture: the
/// step's label, its operations (their nodes highlighted), a list of every step with a filter
/// box (a failed step marked), and the details of a clicked node. Zoom and pan with the
/// wheel, a drag, a pinch or the + - 0 keys; F shows only the context. Play/pause,
/// previous/next, a slider, ←/→, space, Home/End; `index.html#3` opens frame 3.
///
/// The script is in parts a live page can reuse: the model (rows, steps, replayed states,
/// `addFrames`), a frame's scene and context, the layout, the camera, drawing, the overview,
/// the side panel, `show(k)` for a frame, and `report()`, which measures what the view shows
/// (each label's height on screen and whether it is inside the picture) for `?walk` and tests.
///
/// Nothing from a document is ever markup here: every string travels as JSON inside a
/// `<script type="application/json">` with `<`, `>` and `&` escaped, and reaches the page
/// through `textContent` and SVG text nodes. The page loads nothing from the network.
package enum HTMLPlayer {
    /// JSON text (``JSONOutput``'s) made safe inside an HTML `<script>` element: `<`, `>`
    /// and `&` as `\u` escapes. Outside its strings JSON has none of the three, so each is
    /// in a string, where the escape reads back as the same character.
    static func scriptSafe(_ json: String) -> [UInt8] {
        var json = json
        // Read in place (the `utf8` view's iterator goes byte by byte), copied whole when
        // nothing needs escaping, as most of the player's rows.
        return json.withUTF8 { bytes in
            guard bytes.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else {
                return Array(bytes)
            }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + 64)
            for b in bytes {
                switch b {
                case UInt8(ascii: "&"): out += "\\u0026".utf8
                case UInt8(ascii: "<"): out += "\\u003c".utf8
                case UInt8(ascii: ">"): out += "\\u003e".utf8
                default: out.append(b)
                }
            }
            return out
        }
    }

    /// Writes the page for `model` to `sink`, in pieces: its `frameCount` frames and its
    /// windows are the lists of rows the model returned (``PlayerModel/list(count:row:)``).
    package static func write<E: Error>(title: String, model: PlayerModel, windows: JSONOutput, frames: JSONOutput, frameCount: Int,
                                       delayMilliseconds: Int, theme: Theme, to sink: ([UInt8]) throws(E) -> Void) throws(E) {
        try sink(Array((head(title: title, dark: theme == .dark) + body(title: title, count: frameCount)).utf8))
        try sink(Array("<script type=\"application/json\" id=\"navviz-data\">".utf8))
        try model.write(title: title, delayMilliseconds: delayMilliseconds, background: theme.background, windows: windows, frames: frames) { (json: String) throws(E) in
            try sink(scriptSafe(json))
        }
        try sink(Array("</script>\n<script>\n\(script)\n</script>\n</body>\n</html>\n".utf8))
    }

    /// The player's page for a live session (`navviz watch`): no rows yet, `live` (a script
    /// that receives them and appends them through `window.navvizPlayer`), and a
    /// Content-Security-Policy that lets the page open a WebSocket to the server that served it
    /// and nothing else.
    package static func livePage(title: String, theme: Theme, live: String) -> String {
        let empty = JSONOutput.object([
            ("title", .string(title)), ("delay", .int(1200)), ("background", .string(theme.background)), ("windows", .array([])),
            ("texts", .array([])), ("nodeStyles", .array([])), ("edgeStyles", .array([])), ("frames", .array([])),
        ], .compact).text
        return head(title: title, dark: theme == .dark, connect: true) + body(title: title, count: 0)
            + "<script type=\"application/json\" id=\"navviz-data\">" + String(decoding: scriptSafe(empty), as: UTF8.self) + "</script>\n"
            + "<script>\n\(script)\n</script>\n<script>\n\(live)\n</script>\n</body>\n</html>\n"
    }

    /// The page starts in the frames' theme when it is dark (the ◐ button switches). With
    /// `connect`, the page may open connections to the server it came from (a live page's
    /// WebSocket); a bundle's page connects nowhere.
    static func head(title: String, dark: Bool, connect: Bool = false) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"\(dark ? " class=\"dark\"" : "")>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\(connect ? "; connect-src 'self'" : "")">
        <title>\(MarkupText.content(title)) · navviz</title>
        <style>
        :root { --bg: #ffffff; --fg: #1f2328; --muted: #656d76; --panel: #f6f8fa; --line: #d0d7de; --accent: #0969da; --hl: #bf8700; --bad: #cf222e; }
        :root.dark { --bg: #0d1117; --fg: #e6edf3; --muted: #8b949e; --panel: #161b22; --line: #30363d; --accent: #58a6ff; --hl: #f0883e; --bad: #ff7b72; }
        @media (prefers-color-scheme: dark) { :root:not(.light) { --bg: #0d1117; --fg: #e6edf3; --muted: #8b949e; --panel: #161b22; --line: #30363d; --accent: #58a6ff; --hl: #f0883e; --bad: #ff7b72; } }
        * { box-sizing: border-box; }
        html, body { height: 100%; }
        body { margin: 0; font: 14px/1.45 -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; background: var(--bg); color: var(--fg); display: flex; flex-direction: column; }
        header { display: flex; align-items: center; gap: 8px; padding: 8px 16px; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
        header h1 { font-size: 16px; margin: 0 12px 0 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; max-width: 40vw; }
        button { font: inherit; color: var(--fg); background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 3px 10px; cursor: pointer; }
        button[aria-pressed=true] { background: color-mix(in srgb, var(--accent) 25%, var(--panel)); border-color: var(--accent); }
        button:focus-visible, input:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
        input[type=range] { width: min(22vw, 300px); }
        #counter { font-variant-numeric: tabular-nums; color: var(--muted); min-width: 8em; }
        main { flex: 1 1 auto; display: flex; gap: 12px; padding: 12px; min-height: 0; }
        #view { flex: 1 1 auto; display: flex; flex-direction: column; gap: 6px; min-width: 0; min-height: 0; }
        #crumbs { display: flex; align-items: baseline; gap: 2px; font-size: 13px; min-height: 22px; white-space: nowrap; overflow: hidden; }
        #crumbs .crumb { font: inherit; border: 0; background: none; padding: 0 3px; color: var(--fg); border-radius: 4px; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; min-width: 2.5em; flex: 0 1 auto; cursor: pointer; }
        #crumbs .crumb:last-of-type { flex-shrink: 0; }
        #crumbs .crumb.visible { font-weight: 600; }
        #crumbs .crumb.changed { color: var(--hl); }
        #crumbs .sep { color: var(--muted); flex: 0 0 auto; }
        #crumbs .coverage { margin-left: auto; padding-left: 12px; color: var(--muted); font-size: 12px; flex: 0 0 auto; }
        #stage { flex: 1 1 auto; position: relative; border: 1px solid var(--line); border-radius: 8px; overflow: hidden; touch-action: none; cursor: grab; min-height: 300px; }
        #stage.dragging { cursor: grabbing; }
        #canvas { width: 100%; height: 100%; display: block; }
        #empty { position: absolute; inset: 0; display: none; align-items: center; justify-content: center; color: var(--muted); font-size: 18px; pointer-events: none; }
        #empty.shown { display: flex; }
        #zoom { position: absolute; right: 8px; bottom: 8px; display: flex; gap: 4px; }
        #frame-link { position: absolute; left: 8px; bottom: 8px; font-size: 12px; color: var(--muted); }
        a { color: var(--accent); }
        #minimap { display: block; width: 100%; height: 112px; border: 1px solid var(--line); border-radius: 6px; background: var(--panel); flex: 0 0 auto; cursor: pointer; }
        #minimap .window { fill: none; stroke: var(--accent); stroke-width: 2; vector-effect: non-scaling-stroke; }
        aside { flex: 0 0 340px; width: 340px; min-width: 0; display: flex; flex-direction: column; gap: 8px; min-height: 0; }
        #label { font-weight: 600; margin: 0; overflow-wrap: anywhere; }
        #phase { color: var(--muted); margin: 0; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
        #phase.failed { color: var(--bad); }
        #caption { margin: 0; white-space: pre-wrap; font-size: 13px; }
        #caption:empty { display: none; }
        ol { padding-left: 24px; margin: 0; }
        #operations { max-height: 28vh; overflow-y: auto; flex: 0 0 auto; }
        #operations li { overflow-wrap: anywhere; margin: 2px 0; padding: 2px 4px; border-radius: 4px; }
        #operations li:hover { background: color-mix(in srgb, var(--hl) 20%, transparent); }
        .none { color: var(--muted); list-style: none; }
        #details { border: 1px solid var(--line); border-radius: 6px; padding: 6px 8px; font-size: 12px; display: none; }
        #details.shown { display: block; }
        #details pre { margin: 0 0 4px; white-space: pre-wrap; overflow-wrap: anywhere; font: 12px/1.4 ui-monospace, "DejaVu Sans Mono", monospace; }
        #details a { cursor: pointer; margin-right: 4px; }
        #filter { font: inherit; width: 100%; padding: 3px 6px; border: 1px solid var(--line); border-radius: 6px; background: var(--bg); color: var(--fg); }
        #steps { flex: 1 1 auto; overflow-y: auto; border: 1px solid var(--line); border-radius: 6px; position: relative; min-height: 120px; }
        #steps .row { position: absolute; left: 0; right: 0; height: 22px; line-height: 22px; padding: 0 6px; white-space: nowrap; overflow: hidden; text-overflow: ellipsis; cursor: pointer; font-size: 13px; }
        #steps .row:hover { background: color-mix(in srgb, var(--accent) 10%, transparent); }
        #steps .row.current { background: color-mix(in srgb, var(--accent) 22%, transparent); }
        #steps .row.failed { color: var(--bad); font-weight: 600; }
        #steps .num { display: inline-block; min-width: 3.5em; color: var(--muted); font-variant-numeric: tabular-nums; }
        #stepcount { font-size: 12px; color: var(--muted); }
        svg .node, svg .edge { transition: opacity .3s ease; }
        svg .gone { opacity: 0; pointer-events: none; }
        @keyframes navviz-appear { from { opacity: 0; } }
        svg #nodes > g, svg #edges > g { animation: navviz-appear .3s ease; }
        svg .node { cursor: pointer; }
        svg .node.navviz-highlight { filter: drop-shadow(0 0 3px var(--hl)) drop-shadow(0 0 2px var(--hl)); }
        svg .node.selected .shape { stroke-dasharray: 4 2; }
        svg .more text { font-size: 10px; fill: var(--muted); }
        svg .more rect { fill: none; stroke: var(--muted); stroke-dasharray: 3 2; }
        @media (prefers-reduced-motion: reduce) { svg .node, svg .edge, svg #nodes > g, svg #edges > g { transition: none; animation: none; } }
        footer { padding: 0 16px 8px; color: var(--muted); font-size: 12px; }
        @media (max-width: 800px) { main { flex-direction: column; } aside { flex-basis: auto; width: 100%; } #view { min-height: 60vh; } }
        </style>
        </head>

        """
    }

    static func body(title: String, count: Int) -> String {
        """
        <body>
        <header>
        <h1>\(MarkupText.content(title))</h1>
        <button id="prev" title="Previous frame (←)" aria-label="Previous frame">◀</button>
        <button id="play" title="Play or pause (space)" aria-label="Play">▶ Play</button>
        <button id="next" title="Next frame (→)" aria-label="Next frame">▶</button>
        <input id="slider" type="range" min="1" max="\(count)" value="1" aria-label="Frame">
        <span id="counter">frame 1 of \(count)</span>
        <button id="focus" title="Show only the active path, the changed nodes and their parents (F)" aria-pressed="false">Focus</button>
        <button id="theme" title="Light or dark" aria-label="Toggle theme">◐</button>
        </header>
        <main>
        <div id="view">
        <nav id="crumbs" aria-label="The active path, from the root to the visible screen"></nav>
        <div id="stage">
        <svg id="canvas" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="navigation tree"><g id="edges"></g><g id="boxes"></g><g id="nodes"></g><g id="marks"></g></svg>
        <div id="empty">empty tree</div>
        <a id="frame-link">frame SVG</a>
        <div id="zoom"><button id="zoom-in" title="Zoom in (+)">+</button><button id="zoom-out" title="Zoom out (-)">−</button><button id="fit" title="Fit and follow the current frame (0)" aria-pressed="true">Fit</button></div>
        </div>
        </div>
        <aside>
        <svg id="minimap" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="The whole tree of the frame; what the view shows is outlined"><g id="mini-nodes"></g><rect id="mini-window" class="window" x="0" y="0" width="0" height="0"></rect></svg>
        <p id="phase"></p>
        <p id="label"></p>
        <p id="caption"></p>
        <ol id="operations"></ol>
        <div id="details"></div>
        <input id="filter" type="search" placeholder="Filter steps (label, number, 'failed')" aria-label="Filter steps">
        <div id="stepcount"></div>
        <div id="steps" role="listbox" aria-label="Steps"><div id="steps-inner"></div></div>
        </aside>
        </main>
        <footer>Keys: ← → frame · space play · Home/End · + − zoom · 0 fit · F focus. Drag, wheel or pinch to move; click a node for its details. Above the picture: the active path; beside it: the whole tree. #N links frame N. Made by navviz.</footer>

        """
    }

    static let script = """
    (function () {
      "use strict";
      var started = performance.now();
      var NS = "http://www.w3.org/2000/svg";
      var data = JSON.parse(document.getElementById("navviz-data").textContent);

      // ---- The model: the session's rows, and what the page derives from them. -----------------
      // `frames` and `windows` are the PlayerModel's rows (docs/player.md); a frame's state is
      // replayed from its window's start (checkpoints every CHECKPOINT frames), and its step is
      // where a transition starts. A live page appends rows and calls addFrames(from).
      var frames = data.frames, windows = data.windows;
      var texts = data.texts, nodeStyles = data.nodeStyles, edgeStyles = data.edgeStyles;
      var CHECKPOINT = 128;
      // A live page keeps the frames from `frameBase` on (frames[k - frameBase]) and lets older
      // ones go; a frame whose row has `r` lists its whole state, and one starts every `block`
      // frames (data.block), so a frame let go is replayed from there.
      var frameBase = 0, keepFrom = 0;
      var starts = [], checkpoints = [];
      // The steps, a column each (a long session has hundreds of thousands): the frame each
      // starts at, its transition (-1: the start), its label (one copy of each label), failed.
      var stepCount = 0, stepFirst = new Int32Array(256), stepT = new Int32Array(256), stepLabel = new Int32Array(256), stepFailed = new Uint8Array(256);
      var labels = [], labelIds = new Map();
      function grown(a, n) { if (a.length >= n) { return a; } var b = new a.constructor(Math.max(n, a.length * 2)); b.set(a); return b; }
      function addStep(first, f) {
        var n = stepCount + 1;
        stepFirst = grown(stepFirst, n); stepT = grown(stepT, n); stepLabel = grown(stepLabel, n); stepFailed = grown(stepFailed, n);
        var id = labelIds.get(f.l);
        if (id === undefined) { id = labels.length; labels.push(f.l); labelIds.set(f.l, id); }
        stepFirst[stepCount] = first; stepT[stepCount] = f.t === null ? -1 : f.t; stepLabel[stepCount] = id; stepFailed[stepCount] = f.p === "failed" ? 1 : 0;
        stepCount = n;
      }
      // Step `i` as the list and the panel read it.
      function step(i) {
        var failed = stepFailed[i] === 1, t = stepT[i];
        return { first: stepFirst[i], t: t < 0 ? null : t, label: labels[stepLabel[i]], failed: failed,
                 number: failed ? "✕" : (t < 0 ? "start" : String(t + 1)) };
      }
      // The step frame `k` is in: the last that starts at or before it.
      function stepOf(k) {
        var lo = 0, hi = stepCount - 1;
        while (lo < hi) { var mid = (lo + hi + 1) >> 1; if (stepFirst[mid] <= k) { lo = mid; } else { hi = mid - 1; } }
        return lo;
      }
      function addFrames(from) {
        for (var i = from; i < count(); i++) {
          var f = frames[i - frameBase];
          if (starts[f.w] === undefined) { starts[f.w] = i; checkpoints[f.w] = []; }
          var last = stepCount - 1, lastT = last >= 0 ? stepT[last] : -2, t = f.t === null ? -1 : f.t;
          if (last < 0 || lastT !== t || f.p === "initial" || f.p === "failed" || stepFailed[last] === 1) {
            addStep(i, f);
            if (f.p === "failed" || f.t !== null) { afterStart += 1; }
          }
        }
      }
      var afterStart = 0;
      // A frame's row. A live page keeps only its latest rows and gives `source`, which brings
      // back (from the server) a row it let go.
      var source = null;
      function frame(k) { var f = k >= frameBase ? frames[k - frameBase] : undefined; return f !== undefined || !source ? f : source(k); }
      function count() { return frameBase + frames.length; }
      addFrames(0);
      // A live page's windows and tables: `windowSource(w)` brings back a window it let go, and
      // `tablesOf(w)` gives each window's tables (a bundle has one set for all).
      var windowSource = null, tablesOf = null;
      function needWindow(w) {
        if (windows[w] === undefined && windowSource) { windowSource(w); }
        if (tablesOf) { var t = tablesOf(w); texts = t.texts; nodeStyles = t.nodeStyles; edgeStyles = t.edgeStyles; }
      }
      // Steps after the start: each transition, and a failure (the step that could not run).
      function stepTotal() { return afterStart; }
      function stepNumber(st) { return st.failed ? stepTotal() : parseInt(st.number, 10); }

      // A window's state after frame `at`: each node's text and style row and each edge's style
      // row (-1 when absent).
      function emptyState(w, at) {
        var n = windows[w].nodes.length, e = windows[w].edges.length;
        return { at: at === undefined ? starts[w] - 1 : at, nt: new Int32Array(n).fill(-1), ns: new Int32Array(n).fill(-1), es: new Int32Array(e).fill(-1) };
      }
      function copy(s) { return { at: s.at, nt: s.nt.slice(), ns: s.ns.slice(), es: s.es.slice() }; }
      var state = null, stateWindow = -1;
      function apply(s, f) {
        if (f.r) { s.nt.fill(-1); s.ns.fill(-1); s.es.fill(-1); }
        var d = f.d, i = 0, v;
        while (i < d.length) {
          v = d[i];
          if (v < 0) { s.nt[-v - 1] = -1; s.ns[-v - 1] = -1; i += 1; } else { s.nt[v] = d[i + 1]; s.ns[v] = d[i + 2]; i += 3; }
        }
        var e = f.e; i = 0;
        while (i < e.length) {
          v = e[i];
          if (v < 0) { s.es[-v - 1] = -1; i += 1; } else { s.es[v] = e[i + 1]; i += 2; }
        }
      }
      // A live window grows (new screens): a state made before is widened to its nodes and edges.
      function widen(a, n) { if (a.length >= n) { return a; } var b = new Int32Array(n).fill(-1); b.set(a); return b; }
      function stateAt(k) {
        var w = frame(k).w;
        needWindow(w);
        // Where replaying is shortest: the state as it is, a checkpoint, or the frame listing
        // its whole state that starts k's block.
        var block = data.block ? k - k % data.block : -1;
        if (stateWindow !== w || state.at > k || (block > state.at && block > starts[w])) {
          var best = null, list = checkpoints[w];
          for (var c = 0; c < list.length; c++) { if (list[c].at <= k && (!best || list[c].at > best.at)) { best = list[c]; } }
          if (stateWindow === w && state.at <= k && (!best || state.at > best.at)) { best = state; }
          if (block > starts[w] && (!best || best.at < block - 1)) { best = null; state = emptyState(w, block - 1); }
          else { state = !best ? emptyState(w) : best === state ? state : copy(best); }
          stateWindow = w;
        }
        var nn = windows[w].nodes.length, ne = windows[w].edges.length;
        if (state.nt.length < nn || state.es.length < ne) { state.nt = widen(state.nt, nn); state.ns = widen(state.ns, nn); state.es = widen(state.es, ne); }
        for (var j = state.at + 1; j <= k; j++) {
          apply(state, frame(j));
          state.at = j;
          if (j >= keepFrom && (j - starts[w]) % CHECKPOINT === CHECKPOINT - 1 && !checkpoints[w].some(function (c) { return c.at === j; })) { checkpoints[w].push(copy(state)); }
        }
        return state;
      }

      // ---- A frame's scene: its nodes and their parents, its changes, and its context. ---------
      // The context is what every view of the frame shows: the changed nodes (operations,
      // badges, added or removed) and the visible screen, with the path from the root to each.
      var CHANGED = / (removed|added|moved|recreated|context-changed) /;
      function sceneOf(k) {
        var f = frame(k), s = stateAt(k), win = windows[f.w], n = win.nodes.length, i;
        var present = new Uint8Array(n), parent = new Int32Array(n).fill(-1);
        var changed = new Uint8Array(n), need = new Uint8Array(n), visible = [], total = 0;
        for (i = 0; i < n; i++) { if (s.ns[i] >= 0) { present[i] = 1; total += 1; } }
        // Each node's parent: the edge into it, one that is not a removed or moved node's mark
        // where there are two; cycles (a node drawn where it moved from and to) are cut.
        for (var pass = 0; pass < 2; pass++) {
          for (i = 0; i < s.es.length; i++) {
            var e = win.edges[i];
            if (s.es[i] < 0 || !present[e[0]] || !present[e[1]] || parent[e[1]] >= 0 || e[1] === e[0]) { continue; }
            if (pass === 0 && / (removed|moved) /.test(" " + edgeStyles[s.es[i]][3] + " ")) { continue; }
            parent[e[1]] = e[0];
          }
        }
        var seen = new Int32Array(n).fill(-1);
        for (i = 0; i < n; i++) {
          var j = i;
          while (j >= 0 && seen[j] < 0) { seen[j] = i; j = parent[j]; }
          if (j >= 0 && seen[j] === i) { parent[j] = -1; }
        }
        for (i = 0; i < n; i++) {
          if (!present[i]) { continue; }
          var st = nodeStyles[s.ns[i]], cls = " " + st[7] + " ";
          if (st[8].length > 0 || CHANGED.test(cls)) { changed[i] = 1; }
          if (cls.indexOf(" visible ") >= 0) { visible.push(i); }
        }
        f.o.forEach(function (op) { op[3].forEach(function (j) { if (present[j]) { changed[j] = 1; } }); });
        // A frame whose visible screen is not marked (a pending frame that removes it) ends its
        // active path at the deepest node on it.
        if (!visible.length) {
          var best = -1, bestDepth = -1;
          for (i = 0; i < n; i++) {
            if (!present[i] || (" " + nodeStyles[s.ns[i]][7] + " ").indexOf(" active ") < 0) { continue; }
            var d = 0, j = parent[i];
            while (j >= 0 && d <= n) { d += 1; j = parent[j]; }
            if (d > bestDepth) { best = i; bestDepth = d; }
          }
          if (best >= 0) { visible.push(best); }
        }
        function up(j) { var guard = n; while (j >= 0 && !need[j] && guard-- > 0) { need[j] = 1; j = parent[j]; } }
        for (i = 0; i < n; i++) { if (changed[i]) { up(i); } }
        visible.forEach(up);
        return { k: k, f: f, s: s, w: f.w, n: n, total: total, present: present, parent: parent, changed: changed, need: need, visible: visible };
      }
      // The nodes a view shows, widest first: the whole frame; its context and the other
      // children of the context's nodes (a tab bar's other tabs); the context alone.
      function levels(sc) {
        var n = sc.n, ring = new Uint8Array(n), i;
        for (i = 0; i < n; i++) { if (sc.present[i] && (sc.need[i] || (sc.parent[i] >= 0 && sc.need[sc.parent[i]]))) { ring[i] = 1; } }
        return [{ name: "whole", shown: sc.present }, { name: "context", shown: ring }, { name: "path", shown: sc.need }];
      }

      // ---- Layout: the shown nodes as a tidy tree, top down, children in the order the ---------
      // window's layout has them; hidden children of a shown node are one "+N" box under it.
      var GAP_X = 16, GAP_Y = 16, MORE_W = 30, MORE_H = 16;
      function height(t) { return texts[t][1] === null ? 28 : 40; }
      // How many ranks of nodes fit one above the other at a readable scale: a deeper tree has
      // its long chains folded into columns side by side (a stack nine screens deep under three
      // modals reads down one column and on at the top of the next).
      function ranksThatFit() {
        return Math.max(3, Math.floor(((room().h - 2 * PAD) / MIN_SCALE + GAP_Y) / (40 + GAP_Y)));
      }
      function layout(sc, shown) {
        var win = windows[sc.w], nodes = win.nodes, n = sc.n, s = sc.s, i;
        var kids = new Array(n), roots = [], hidden = new Int32Array(n), order = [], tp = new Int32Array(n).fill(-1);
        for (i = 0; i < n; i++) {
          if (!sc.present[i]) { continue; }
          var p = sc.parent[i];
          if (shown[i]) {
            if (p >= 0 && shown[p]) { (kids[p] || (kids[p] = [])).push(i); tp[i] = p; } else { roots.push(i); }
          } else if (p >= 0 && shown[p]) { hidden[p] += 1; }
        }
        function byX(a, b) { return nodes[a][1] - nodes[b][1] || a - b; }
        roots.sort(byX);
        for (i = 0; i < n; i++) { if (kids[i]) { kids[i].sort(byX); } }
        // Depths, without recursion (a stack may be thousands of screens deep).
        var depth = new Int32Array(n), maxDepth = 0, deepest = -1;
        function measure() {
          var todo = roots.slice();
          maxDepth = 0; deepest = -1;
          roots.forEach(function (r) { depth[r] = 0; });
          while (todo.length) {
            var v = todo.pop();
            if (depth[v] >= maxDepth) { maxDepth = depth[v]; deepest = v; }
            (kids[v] || []).forEach(function (c) { depth[c] = depth[v] + 1; todo.push(c); });
          }
        }
        measure();
        // Folding: the edge under the deepest path's node at the last rank that fits is cut where
        // the path is a chain (one shown child, nothing hidden), and the rest of the chain stands
        // beside the chain's top, at its depth.
        var ranks = ranksThatFit(), folds = 0;
        while (maxDepth + 1 > ranks && folds < 100) {
          var v = deepest, cut = -1;
          while (v >= 0 && depth[v] > ranks - 1) { v = tp[v]; }
          for (var u = v; u >= 0 && cut < 0; u = tp[u]) {
            if (tp[u] >= 0 && kids[tp[u]].length === 1 && !hidden[tp[u]] && depth[u] > 1) { cut = u; }
          }
          if (cut < 0) { break; }
          var top = tp[cut];
          while (tp[top] >= 0 && kids[tp[top]].length === 1 && !hidden[tp[top]]) { top = tp[top]; }
          var host = tp[top], from = tp[cut];
          kids[from] = [];
          tp[cut] = host;
          var list = host >= 0 ? kids[host] : roots;
          list.splice(list.indexOf(top) + 1, 0, cut);
          folds += 1;
          measure();
        }
        var stack = roots.slice().reverse().map(function (r) { return [r, 0]; });
        while (stack.length) {
          var entry = stack[stack.length - 1], w0 = entry[0];
          if (entry[1] === 0) {
            entry[1] = 1;
            var ks = kids[w0] || [];
            for (var c = ks.length - 1; c >= 0; c--) { stack.push([ks[c], 0]); }
          } else { stack.pop(); order.push(w0); }
        }
        // Rank heights, then each subtree's contour: [left, right] per level below its root.
        var rank = new Float64Array(maxDepth + 2), w = new Float64Array(n), h = new Float64Array(n);
        for (i = 0; i < order.length; i++) {
          var q = order[i];
          w[q] = nodes[q][3]; h[q] = height(s.nt[q]);
          rank[depth[q]] = Math.max(rank[depth[q]], h[q]);
          if (hidden[q]) { rank[depth[q] + 1] = Math.max(rank[depth[q] + 1], MORE_H); }
        }
        var contour = new Array(n), offset = new Float64Array(n), moreAt = new Float64Array(n);
        for (i = 0; i < order.length; i++) {
          var u = order[i], children = (kids[u] || []).map(function (c) { return { contour: contour[c], id: c }; });
          if (hidden[u]) { children.push({ contour: [[-MORE_W / 2, MORE_W / 2]], id: -1 }); }
          var acc = null, offs = [];
          children.forEach(function (child) {
            var off = 0;
            if (acc) {
              off = -Infinity;
              for (var d = 0; d < Math.min(acc.length, child.contour.length); d++) { off = Math.max(off, acc[d][1] - child.contour[d][0] + GAP_X); }
              for (d = 0; d < child.contour.length; d++) {
                if (d < acc.length) { acc[d] = [Math.min(acc[d][0], off + child.contour[d][0]), Math.max(acc[d][1], off + child.contour[d][1])]; }
                else { acc.push([off + child.contour[d][0], off + child.contour[d][1]]); }
              }
            } else { acc = child.contour.map(function (x) { return [x[0], x[1]]; }); }
            offs.push(off);
          });
          var mine = [[-w[u] / 2, w[u] / 2]];
          if (acc) {
            var centre = (offs[0] + offs[offs.length - 1]) / 2;
            children.forEach(function (child, j) { if (child.id >= 0) { offset[child.id] = offs[j] - centre; } else { moreAt[u] = offs[j] - centre; } });
            acc.forEach(function (x) { mine.push([x[0] - centre, x[1] - centre]); });
          }
          contour[u] = mine;
          children.forEach(function (child) { if (child.id >= 0) { contour[child.id] = null; } });
        }
        // Positions, roots side by side.
        var tops = new Float64Array(maxDepth + 2);
        for (var r = 1; r < tops.length; r++) { tops[r] = tops[r - 1] + rank[r - 1] + GAP_Y; }
        var x = new Float64Array(n), y = new Float64Array(n), next = 0, box = null, more = [];
        roots.forEach(function (root) {
          var left = Infinity, right = -Infinity;
          contour[root].forEach(function (c) { left = Math.min(left, c[0]); right = Math.max(right, c[1]); });
          x[root] = next - left;
          next = x[root] + right + GAP_X * 2;
        });
        for (i = order.length - 1; i >= 0; i--) {
          var a = order[i];
          var pa = tp[a];
          if (pa >= 0) { x[a] = x[pa] + offset[a]; }
          y[a] = tops[depth[a]] + rank[depth[a]] / 2;
          var b = { x0: x[a] - w[a] / 2, x1: x[a] + w[a] / 2, y0: y[a] - h[a] / 2, y1: y[a] + h[a] / 2 };
          if (hidden[a]) {
            var m = { of: a, count: hidden[a], x: x[a] + moreAt[a], y: tops[depth[a] + 1] + MORE_H / 2 };
            more.push(m);
            b.y1 = Math.max(b.y1, m.y + MORE_H / 2);
            b.x0 = Math.min(b.x0, m.x - MORE_W / 2); b.x1 = Math.max(b.x1, m.x + MORE_W / 2);
          }
          box = box ? { x0: Math.min(box.x0, b.x0), x1: Math.max(box.x1, b.x1), y0: Math.min(box.y0, b.y0), y1: Math.max(box.y1, b.y1) } : b;
        }
        return { shown: shown, x: x, y: y, w: w, h: h, more: more, box: box, count: order.length, folds: folds };
      }
      function boundsOf(lay, list) {
        var b = null;
        list.forEach(function (i) {
          var x0 = lay.x[i] - lay.w[i] / 2, x1 = lay.x[i] + lay.w[i] / 2, y0 = lay.y[i] - lay.h[i] / 2, y1 = lay.y[i] + lay.h[i] / 2;
          b = b ? { x0: Math.min(b.x0, x0), y0: Math.min(b.y0, y0), x1: Math.max(b.x1, x1), y1: Math.max(b.y1, y1) } : { x0: x0, y0: y0, x1: x1, y1: y1 };
        });
        return b;
      }

      // ---- The camera: the view box. Labels (12 units) are never under 11 px. -----------------
      var svg = document.getElementById("canvas"), stage = document.getElementById("stage");
      var MIN_SCALE = 11 / 12, MAX_SCALE = 1.25, PAD = 16;
      // Sizes are read on resize only: reading them while showing a frame would make the browser
      // lay out the page in the middle of every step.
      var stageSize = { w: stage.clientWidth || 800, h: stage.clientHeight || 600 };
      function room() { return { w: stageSize.w > 100 ? stageSize.w : 800, h: stageSize.h > 100 ? stageSize.h : 600 }; }
      function scaleFor(b) {
        var R = room();
        return Math.min((R.w - 2 * PAD) / Math.max(1, b.x1 - b.x0), (R.h - 2 * PAD) / Math.max(1, b.y1 - b.y0), MAX_SCALE);
      }
      function viewAround(b, scale) {
        var R = room(), s = Math.max(MIN_SCALE, Math.min(scale, MAX_SCALE)), w = R.w / s, h = R.h / s;
        return { x: (b.x0 + b.x1) / 2 - w / 2, y: (b.y0 + b.y1) / 2 - h / 2, w: w, h: h };
      }
      // The view that keeps `b` (the context) in `v` at v's scale, moved as little as it can; at
      // a readable scale, zoomed out only as far as the context needs.
      function keepInView(v, b) {
        var R = room(), s = R.w / v.w;
        if (s < MIN_SCALE || s > MAX_SCALE * 4 || b.x1 - b.x0 > v.w - 2 * PAD / s || b.y1 - b.y0 > v.h - 2 * PAD / s) {
          return viewAround(b, Math.min(Math.max(s, MIN_SCALE), scaleFor(b)));
        }
        var p = PAD / s, x = v.x, y = v.y;
        if (b.x0 - p < x) { x = b.x0 - p; } else if (b.x1 + p > x + v.w) { x = b.x1 + p - v.w; }
        if (b.y0 - p < y) { y = b.y0 - p; } else if (b.y1 + p > y + v.h) { y = b.y1 + p - v.h; }
        return { x: x, y: y, w: v.w, h: v.h };
      }

      // ---- Drawing: a window's nodes and edges, made when first shown, placed each frame. -------
      var edgeLayer = document.getElementById("edges"), nodeLayer = document.getElementById("nodes");
      var boxLayer = document.getElementById("boxes"), markLayer = document.getElementById("marks");
      var drawnWindow = -1, nodeEls = [], edgeEls = [], shownNT, shownNS, shownES, placed = null;
      var selected = -1;
      function el(name, attrs, parent) {
        var e = document.createElementNS(NS, name);
        for (var k in attrs) { e.setAttribute(k, attrs[k]); }
        if (parent) { parent.appendChild(e); }
        return e;
      }
      function textEl(parent, s, x, y, size, color, weight) {
        var t = el("text", { x: x, y: y, "text-anchor": "middle", "font-size": size, fill: color, "font-family": "DejaVu Sans, Helvetica, Arial, sans-serif" }, parent);
        if (weight) { t.setAttribute("font-weight", weight); }
        t.textContent = s;
        return t;
      }
      function useWindow(w) {
        if (drawnWindow === w) {
          var n = windows[w].nodes.length, e = windows[w].edges.length;
          if (shownNT.length < n) { shownNT = widen(shownNT, n); shownNS = widen(shownNS, n); nodeEls.length = n; }
          if (shownES.length < e) { shownES = widen(shownES, e); edgeEls.length = e; }
          return;
        }
        drawnWindow = w;
        edgeLayer.replaceChildren(); nodeLayer.replaceChildren(); boxLayer.replaceChildren(); markLayer.replaceChildren();
        nodeEls = new Array(windows[w].nodes.length); edgeEls = new Array(windows[w].edges.length);
        shownNT = new Int32Array(nodeEls.length).fill(-1); shownNS = new Int32Array(nodeEls.length).fill(-1);
        shownES = new Int32Array(edgeEls.length).fill(-1);
        placed = null; selected = -1; fading = [];
      }
      function drawNode(i, t, s) {
        var g = nodeEls[i];
        if (!g) { g = nodeEls[i] = el("g", {}, nodeLayer); g.dataset.index = i; appear(g); }
        g.replaceChildren();
        var text = texts[t], style = nodeStyles[s], w = windows[drawnWindow].nodes[i][3], h = height(t);
        var styles = style[1].split(","), rounded = styles.indexOf("rounded") >= 0, dashed = styles.indexOf("dashed") >= 0, dotted = styles.indexOf("dotted") >= 0;
        var shape = style[0], paint = { fill: style[4], stroke: style[3], "stroke-width": style[6], class: "shape" };
        if (dashed) { paint["stroke-dasharray"] = "5 3"; }
        if (dotted) { paint["stroke-dasharray"] = "1.5 3"; }
        function outline(inset, fill) {
          var a = Object.assign({}, paint, fill ? {} : { fill: "none", class: "" });
          if (shape === "ellipse") { return el("ellipse", Object.assign(a, { cx: 0, cy: 0, rx: w / 2 - inset, ry: h / 2 - inset }), g); }
          return el("rect", Object.assign(a, { x: -w / 2 + inset, y: -h / 2 + inset, width: w - 2 * inset, height: h - 2 * inset, rx: rounded ? 8 : 0 }), g);
        }
        outline(0, true);
        if (style[2] > 1) { outline(3, false); }
        var deco = { fill: "none", stroke: style[3], "stroke-width": 1 };
        if (shape === "box3d") { el("path", Object.assign({ d: "M" + (-w / 2 + 4) + " " + (-h / 2) + "v-4h" + (w - 4) + "v" + (h - 4) + "h-4" }, deco), g); }
        else if (shape === "tab" || shape === "folder") { el("path", Object.assign({ d: "M" + (-w / 2 + 4) + " " + (-h / 2) + "v-5h16v5" }, deco), g); }
        else if (shape === "component") { el("path", Object.assign({ d: "M" + (-w / 2 - 4) + " " + (-h / 4) + "h8v6h-8zM" + (-w / 2 - 4) + " " + (h / 4 - 6) + "h8v6h-8z" }, deco), g); }
        var badges = style[8], bw = 0;
        badges.forEach(function (b) { bw += 8 + 7 * b[0].length; });
        var x = -w / 2 + 6, y = text[1] === null ? 4 : -2;
        badges.forEach(function (b) {
          var bwid = 6 + 7 * b[0].length;
          el("rect", { x: x, y: y - 11, width: bwid, height: 14, rx: 3, fill: b[1] }, g);
          textEl(g, b[0], x + bwid / 2, y, 10, data.background, "bold");
          x += bwid + 2;
        });
        textEl(g, text[0], bw / 2, y, 12, style[5]).setAttribute("class", "title");
        if (text[1] !== null) { textEl(g, text[1], 0, y + 13, 9, style[5]); }
        el("title", {}, g).textContent = text[2];
        g.setAttribute("class", "node " + style[7] + (i === selected ? " selected" : ""));
      }
      function drawEdge(i, s) {
        var g = edgeEls[i];
        if (!g) { g = edgeEls[i] = el("g", {}, edgeLayer); appear(g); }
        g.replaceChildren();
        var style = edgeStyles[s], list = style[2].split(",");
        var a = { fill: "none", stroke: style[0], "stroke-width": style[1] };
        if (list.indexOf("dashed") >= 0) { a["stroke-dasharray"] = "5 3"; }
        if (list.indexOf("dotted") >= 0) { a["stroke-dasharray"] = "1.5 3"; }
        el("path", a, g);
        el("path", { fill: style[0], stroke: style[0], "stroke-width": 1 }, g);
        if (style[4] !== null) {
          var t = textEl(g, style[4], 0, 0, 10, style[5] || style[0], "bold");
          t.setAttribute("text-anchor", "start");
        }
        g.setAttribute("class", "edge " + style[3]);
      }
      // A node or edge no longer shown fades out, then leaves the document (kept, to come back
      // when shown again): the browser's style and layout, which a view's move redoes for every
      // element in the picture, then cost what the frame shows, not all a window ever showed.
      var fading = [], sweepTimer = null;
      function setGone(g, gone, layer) {
        if (!g) { return; }
        if (gone) {
          if (g.goneAt !== undefined || !g.parentNode) { return; }
          if (hurried) { g.remove(); return; }
          g.style.transition = "";
          g.classList.add("gone");
          g.goneAt = performance.now();
          fading.push(g);
          if (!sweepTimer) { sweepTimer = setTimeout(sweep, 400); }
        } else {
          if (g.goneAt !== undefined) { g.goneAt = undefined; g.style.transition = hurried ? "none" : ""; g.classList.remove("gone"); }
          if (!g.parentNode) { appear(g); layer.appendChild(g); }
        }
      }
      // A node or edge that comes into the picture fades in, unless steps are hurried.
      function appear(g) { g.style.animation = hurried ? "none" : ""; }
      function sweep() {
        var now = performance.now(), left = [];
        sweepTimer = null;
        fading.forEach(function (g) {
          if (g.goneAt === undefined) { return; }
          if (now - g.goneAt >= 350) { g.remove(); } else { left.push(g); }
        });
        fading = left;
        if (left.length) { sweepTimer = setTimeout(sweep, 400); }
      }
      // Places the nodes at `pos` (x, y by node) and routes the edges between them: from the
      // bottom of the parent to the top of the child.
      function place(pos, sc, shown) {
        var win = windows[drawnWindow];
        for (var i = 0; i < nodeEls.length; i++) {
          if (nodeEls[i] && shown[i]) { nodeEls[i].setAttribute("transform", "translate(" + pos.x[i].toFixed(1) + " " + pos.y[i].toFixed(1) + ")"); }
        }
        for (var j = 0; j < edgeEls.length; j++) {
          var g = edgeEls[j], e = win.edges[j];
          if (!g || !shown[e[0]] || !shown[e[1]] || sc.s.es[j] < 0) { continue; }
          var a = e[0], b = e[1], ax = pos.x[a], ay = pos.y[a] + pos.h[a] / 2, bx = pos.x[b], by = pos.y[b] - pos.h[b] / 2;
          var tip = by, base = by - 7, mid = (ay + by) / 2, sx = ax, cx1 = ax, c1 = mid, c2 = mid;
          // A folded chain goes on at the top of the next column: out of the side of the last
          // node of one column, up, and into the top of the next.
          if (by < ay + 4) {
            var right = bx >= ax, side = right ? 1 : -1;
            sx = ax + side * pos.w[a] / 2; ay = pos.y[a]; cx1 = sx + side * 60; c1 = ay; c2 = by - 60; mid = (ay + by) / 2;
          }
          g.childNodes[0].setAttribute("d", "M" + sx.toFixed(1) + " " + ay.toFixed(1) + "C" + cx1.toFixed(1) + " " + c1.toFixed(1) + " " + bx.toFixed(1) + " " + c2.toFixed(1) + " " + bx.toFixed(1) + " " + base.toFixed(1));
          g.childNodes[1].setAttribute("d", "M" + bx.toFixed(1) + " " + tip.toFixed(1) + "L" + (bx - 3.5).toFixed(1) + " " + base.toFixed(1) + "L" + (bx + 3.5).toFixed(1) + " " + base.toFixed(1) + "Z");
          if (g.childNodes[2]) { g.childNodes[2].setAttribute("x", ((sx + bx) / 2 + 6).toFixed(1)); g.childNodes[2].setAttribute("y", (mid + 4).toFixed(1)); }
        }
      }
      function drawMore(lay) {
        markLayer.replaceChildren();
        lay.more.forEach(function (m) {
          var g = el("g", { class: "more", transform: "translate(" + m.x.toFixed(1) + " " + m.y.toFixed(1) + ")" }, markLayer);
          el("rect", { x: -MORE_W / 2, y: -MORE_H / 2, width: MORE_W, height: MORE_H, rx: 4 }, g);
          textEl(g, "+" + m.count, 0, 4, 10, "currentColor");
          el("title", {}, g).textContent = m.count + " hidden below";
        });
      }
      function drawBoxes(f, lay) {
        boxLayer.replaceChildren();
        (f.b || []).forEach(function (box) {
          var members = box[2].filter(function (i) { return lay.shown[i]; }), b = boundsOf(lay, members);
          if (!b) { return; }
          el("rect", { x: b.x0 - 8, y: b.y0 - 20, width: b.x1 - b.x0 + 16, height: b.y1 - b.y0 + 28, rx: 6, fill: "none", stroke: box[1], "stroke-width": 1.5, "stroke-dasharray": "5 3" }, boxLayer);
          var t = textEl(boxLayer, box[0], b.x0 - 2, b.y0 - 8, 10, box[1], "bold");
          t.setAttribute("text-anchor", "start");
        });
      }

      // ---- The overview: the active path as a line of names, and the whole tree in small. -----
      var crumbs = document.getElementById("crumbs"), miniNodes = document.getElementById("mini-nodes"), miniWindow = document.getElementById("mini-window");
      var minimap = document.getElementById("minimap");
      function drawCrumbs(sc, lay) {
        crumbs.replaceChildren();
        var path = [], i = sc.visible.length ? sc.visible[0] : -1, guard = sc.n;
        while (i >= 0 && guard-- > 0) { path.unshift(i); i = sc.parent[i]; }
        path.forEach(function (j, n) {
          if (n > 0) { var sep = document.createElement("span"); sep.className = "sep"; sep.textContent = "›"; crumbs.appendChild(sep); }
          var b = document.createElement("button");
          b.className = "crumb" + (n === path.length - 1 ? " visible" : "") + (sc.changed[j] ? " changed" : "");
          b.textContent = texts[sc.s.nt[j]][0];
          b.title = texts[sc.s.nt[j]][2];
          b.dataset.index = j;
          crumbs.appendChild(b);
        });
        var c = document.createElement("span");
        c.className = "coverage";
        c.textContent = lay.count === sc.total ? "all " + sc.total + " nodes" : lay.count + " of " + sc.total + " nodes";
        crumbs.appendChild(c);
      }
      crumbs.addEventListener("click", function (e) {
        var b = e.target.closest ? e.target.closest(".crumb") : null;
        if (b) { details(parseInt(b.dataset.index, 10)); }
      });
      function drawMinimap(sc, whole, lay) {
        miniNodes.replaceChildren();
        if (!whole || !whole.box) { miniWindow.setAttribute("width", 0); return; }
        var b = whole.box, pad = 6;
        minimap.setAttribute("viewBox", (b.x0 - pad) + " " + (b.y0 - pad) + " " + (b.x1 - b.x0 + 2 * pad) + " " + (b.y1 - b.y0 + 2 * pad));
        minimap.setAttribute("preserveAspectRatio", "xMidYMid meet");
        var inView = [];
        for (var i = 0; i < sc.n; i++) {
          if (!sc.present[i]) { continue; }
          var st = nodeStyles[sc.s.ns[i]], on = lay.shown[i] === 1;
          if (on) { inView.push(i); }
          el("rect", { x: whole.x[i] - whole.w[i] / 2, y: whole.y[i] - whole.h[i] / 2, width: whole.w[i], height: whole.h[i], rx: 4,
                       fill: sc.changed[i] ? st[3] : st[4], stroke: st[3], "stroke-width": 2, "vector-effect": "non-scaling-stroke", opacity: on ? 1 : 0.35 }, miniNodes);
        }
        var v = boundsOf(whole, inView);
        if (!v || inView.length === sc.total) { miniWindow.setAttribute("width", 0); return; }
        miniWindow.setAttribute("x", v.x0 - 3); miniWindow.setAttribute("y", v.y0 - 3);
        miniWindow.setAttribute("width", v.x1 - v.x0 + 6); miniWindow.setAttribute("height", v.y1 - v.y0 + 6);
      }
      minimap.addEventListener("click", function () { if (focus) { setFocus(false); } else { fit(); } });

      // ---- The side panel: the step, its operations, a node's details, the step list. ---------
      var slider = document.getElementById("slider"), counter = document.getElementById("counter");
      function describe(f) {
        document.getElementById("label").textContent = f.l;
        var phase = document.getElementById("phase"), st = step(stepOf(index)), total = stepTotal();
        phase.textContent = st.number === "start"
          ? "start · before step 1 of " + total
          : "step " + stepNumber(st) + " of " + total + " · " + f.p;
        phase.className = f.p === "failed" ? "failed" : "";
        document.getElementById("caption").textContent = (f.c || []).join("\\n");
        var link = document.getElementById("frame-link");
        link.href = f.f; link.textContent = f.f;
        var list = document.getElementById("operations");
        list.replaceChildren();
        if (f.o.length === 0) {
          var none = document.createElement("li");
          none.className = "none";
          none.textContent = f.p === "applied" || f.p === "initial" ? "no pending operations" : "no operations";
          list.appendChild(none);
        }
        f.o.forEach(function (op) {
          var li = document.createElement("li");
          li.value = op[0];
          li.textContent = op[2];
          li.dataset.op = op[1];
          li.addEventListener("mouseenter", function () { highlight(op[3], true); });
          li.addEventListener("mouseleave", function () { highlight(op[3], false); });
          list.appendChild(li);
        });
      }
      function highlight(ids, on) { ids.forEach(function (i) { if (nodeEls[i]) { nodeEls[i].classList.toggle("navviz-highlight", on); } }); }

      // The step list: only the rows in view exist (a session may have 10,000 steps).
      var stepsBox = document.getElementById("steps"), stepsInner = document.getElementById("steps-inner"), ROW = 22;
      // The rows: every step, or with a query the steps that match it (`filtered`).
      var filtered = null, query = "", matched = stepTotal();
      function rowCount() { return filtered ? filtered.length : stepCount; }
      var listView = { top: 0, height: stepsBox.clientHeight || 300 }, stepCountBox = document.getElementById("stepcount");
      // A row is made once and kept while it is in view: following a live session, a step moves
      // the current mark and adds a row, and the rest stay as they are.
      var rowEls = new Map();
      function renderRows() {
        var top = listView.top, height = listView.height;
        var first = Math.max(0, Math.floor(top / ROW) - 5), last = Math.min(rowCount(), Math.ceil((top + height) / ROW) + 5);
        var tall = (rowCount() * ROW) + "px";
        if (stepsInner.style.height !== tall) { stepsInner.style.height = tall; }
        var current = index >= 0 ? stepOf(index) : -1, kept = new Map(), before = stepsInner.firstChild;
        for (var r = first; r < last; r++) {
          var i = filtered ? filtered[r] : r, st = step(i), row = rowEls.get(i);
          if (!row) {
            row = document.createElement("div");
            row.dataset.step = String(i);
            row.setAttribute("role", "option");
            var num = document.createElement("span");
            num.className = "num"; num.textContent = st.number;
            row.appendChild(num);
            row.appendChild(document.createTextNode(st.label));
            row.title = st.label;
          }
          var cls = "row" + (st.failed ? " failed" : "") + (i === current ? " current" : ""), at = (r * ROW) + "px";
          if (row.className !== cls) { row.className = cls; }
          if (row.style.top !== at) { row.style.top = at; }
          if (row !== before) { stepsInner.insertBefore(row, before); } else { before = row.nextSibling; }
          kept.set(i, row);
        }
        rowEls.forEach(function (row, i) { if (!kept.has(i)) { row.remove(); } });
        rowEls = kept;
        var words = query === "" ? stepTotal() + " steps after the start" : matched + " of " + stepTotal() + " steps";
        if (stepCountBox.textContent !== words) { stepCountBox.textContent = words; }
      }
      function markStep() {
        var current = stepOf(index), r = filtered ? filtered.indexOf(current) : current;
        if (r >= 0) {
          var top = r * ROW, height = listView.height;
          if (top < listView.top || top + ROW > listView.top + height) { listView.top = Math.max(0, Math.min(top - height / 2, rowCount() * ROW - height)); }
        }
        renderRows();
        if (listView.applied !== listView.top && !listView.scrolling) { listView.scrolling = setTimeout(scrollList, 0); }
      }
      // The list scrolls after the step is drawn: a scroll made while the page has changes not
      // yet laid out makes the browser lay it out at once, in the middle of the step, and then
      // again to draw it. The scroll made here is known, so its event does not read it back.
      function scrollList() {
        listView.scrolling = null;
        if (listView.applied !== listView.top) { listView.own = true; stepsBox.scrollTop = listView.applied = listView.top; }
      }
      stepsBox.addEventListener("scroll", function () {
        if (listView.own) { listView.own = false; return; }
        listView.top = listView.applied = stepsBox.scrollTop;
        renderRows();
      });
      stepsInner.addEventListener("click", function (e) {
        var row = e.target.closest ? e.target.closest(".row") : null;
        if (row) { play(false); show(stepFirst[parseInt(row.dataset.step, 10)]); }
      });
      var filterBox = document.getElementById("filter");
      function matches(st) { return st.label.toLowerCase().indexOf(query) >= 0 || st.number === query || (query === "failed" && st.failed); }
      filterBox.addEventListener("input", function () {
        query = filterBox.value.trim().toLowerCase();
        filtered = query ? [] : null;
        matched = 0;
        for (var i = 0; i < stepCount; i++) {
          var st = step(i);
          if (!query || matches(st)) {
            if (filtered) { filtered.push(i); }
            if (st.number !== "start") { matched += 1; }
          }
        }
        stepsBox.scrollTop = listView.top = listView.applied = 0;
        renderRows();
      });

      // A clicked node: its fields and the steps where it is shown or changes.
      function details(i) {
        var box = document.getElementById("details"), w = drawnWindow, id = windows[w].nodes[i][0], s = stateAt(index);
        selected = i;
        box.replaceChildren();
        var pre = document.createElement("pre");
        pre.textContent = texts[s.nt[i]] ? texts[s.nt[i]][2] : "id: " + id;
        box.appendChild(pre);
        var present = [], changed = [], was = -1, wasNT = -1, wasNS = -1, inWindow = -1;
        for (var k = frameBase; k < count(); k++) {
          var f = frames[k - frameBase];
          // A live page's rows it let go are left out (their steps are not listed).
          if (f === undefined) { inWindow = -1; continue; }
          if (f.w !== inWindow) { inWindow = f.w; was = -1; wasNT = -1; wasNS = -1; }
          var j = windowIndex(f.w, id), now = was, nt = wasNT, ns = wasNS, d = f.d, x = 0;
          if (j >= 0) {
            while (x < d.length) {
              if (d[x] < 0) { if (-d[x] - 1 === j) { now = -1; } x += 1; }
              else { if (d[x] === j) { now = 1; nt = d[x + 1]; ns = d[x + 2]; } x += 3; }
            }
          }
          if (now === 1) {
            var st = stepOf(k);
            if (present[present.length - 1] !== st) { present.push(st); }
            var touched = f.o.some(function (op) { return op[3].indexOf(j) >= 0; });
            if ((was === 1 && (nt !== wasNT || ns !== wasNS)) || touched || was !== 1) { if (changed[changed.length - 1] !== st) { changed.push(st); } }
          }
          was = now; wasNT = nt; wasNS = ns;
        }
        function line(title, list) {
          var p = document.createElement("div");
          p.appendChild(document.createTextNode(title + " (" + list.length + "): "));
          list.slice(0, 40).forEach(function (st) {
            var a = document.createElement("a");
            a.textContent = step(st).number;
            a.addEventListener("click", function () { play(false); show(stepFirst[st]); });
            p.appendChild(a);
          });
          if (list.length > 40) { p.appendChild(document.createTextNode("…")); }
          box.appendChild(p);
        }
        line("shown in steps", present);
        line("appears or changes in steps", changed);
        box.classList.add("shown");
        box.dataset.node = id;
        nodeEls.forEach(function (g, n) { if (g) { g.classList.toggle("selected", n === i); } });
      }
      var windowIds = [];
      function windowIndex(w, id) {
        if (!windowIds[w]) { windowIds[w] = new Map(); windows[w].nodes.forEach(function (n, i) { windowIds[w].set(n[0], i); }); }
        var i = windowIds[w].get(id);
        return i === undefined ? -1 : i;
      }

      // ---- Showing a frame: its scene, the nodes the view can show readably, laid out and -------
      // framed, the overview and the side panel. `instant` skips the glide (a jump, a test).
      var index = -1, timer = null, focus = false, follow = true, view = null, current = null, animation = null;
      var fitButton = document.getElementById("fit"), focusButton = document.getElementById("focus"), playButton = document.getElementById("play");
      function choose(sc) {
        var options = levels(sc), whole = null, chosen = null;
        for (var c = focus ? 2 : 0; c < options.length; c++) {
          if (c === 0 && sc.total > 600) { continue; }
          var lay = layout(sc, options[c].shown);
          lay.level = options[c].name;
          if (c === 0) { whole = lay; }
          chosen = lay;
          if (!lay.box || scaleFor(lay.box) >= MIN_SCALE) { break; }
        }
        if (!whole && sc.total <= 2000) { whole = layout(sc, sc.present); }
        return { lay: chosen, whole: whole };
      }
      // Steps that come faster than their motion (a live session's stream, a held arrow key) are
      // drawn still: each glide and fade would be cut short by the next, and the page would spend
      // its time redrawing them.
      var hurried = false, lastShown = -Infinity;
      function show(k, instant) {
        k = Math.max(0, Math.min(count() - 1, k));
        var now = performance.now();
        hurried = now - lastShown < 300;
        lastShown = now;
        instant = instant || hurried;
        var sc = sceneOf(k), f = sc.f, s = sc.s;
        useWindow(f.w);
        var picked = choose(sc), lay = picked.lay;
        for (var i = 0; i < sc.n; i++) {
          var on = lay.shown[i] === 1 && sc.present[i] === 1;
          if (on && (s.nt[i] !== shownNT[i] || s.ns[i] !== shownNS[i])) { drawNode(i, s.nt[i], s.ns[i]); shownNT[i] = s.nt[i]; shownNS[i] = s.ns[i]; }
          if (nodeEls[i]) { setGone(nodeEls[i], !on, nodeLayer); }
        }
        var edges = windows[f.w].edges;
        for (i = 0; i < s.es.length; i++) {
          var shownEdge = s.es[i] >= 0 && lay.shown[edges[i][0]] === 1 && lay.shown[edges[i][1]] === 1 && sc.present[edges[i][0]] && sc.present[edges[i][1]];
          if (shownEdge && s.es[i] !== shownES[i]) { drawEdge(i, s.es[i]); shownES[i] = s.es[i]; }
          if (edgeEls[i]) { setGone(edgeEls[i], !shownEdge, edgeLayer); }
        }
        drawBoxes(f, lay);
        drawMore(lay);
        document.getElementById("empty").classList.toggle("shown", lay.count === 0);
        index = k;
        current = { sc: sc, lay: lay };
        var need = [];
        for (i = 0; i < sc.n; i++) { if (sc.need[i] && lay.shown[i]) { need.push(i); } }
        var target = !lay.box ? { x: -400, y: -300, w: 800, h: 600 }
          : follow || !view ? viewAround(lay.box, scaleFor(lay.box)) : keepInView(view, boundsOf(lay, need) || lay.box);
        glide(lay, target, instant);
        drawCrumbs(sc, lay);
        drawMinimap(sc, picked.whole, lay);
        describe(f);
        slider.value = String(k + 1);
        counter.textContent = "frame " + (k + 1) + " of " + count();
        var b = document.body.dataset;
        b.frame = String(k + 1);
        b.nodes = String(lay.count);
        b.view = lay.level;
        markStep();
        // The address follows the frame once stepping pauses (browsers throttle a page that
        // rewrites it on every frame of a fast play or a walk).
        clearTimeout(hashTimer);
        hashTimer = setTimeout(function () { if (history.replaceState) { history.replaceState(null, "", "#" + (index + 1)); } }, 200);
      }
      var hashTimer = null;
      // Moves the nodes from where they are drawn to the layout and the view to `to`, over 250 ms
      // (at once when `instant`, when the user asks for less motion, or for the first frame).
      function setView(v) { view = v; svg.setAttribute("viewBox", v.x + " " + v.y + " " + v.w + " " + v.h); svg.dataset.scale = (room().w / v.w).toFixed(3); }
      // Ends a glide at once, where it was going (for a measure taken right after a step).
      var settled = null;
      function settle() { if (animation && settled) { cancelAnimationFrame(animation); animation = null; settled(); } }
      function glide(lay, to, instant) {
        if (animation) { cancelAnimationFrame(animation); animation = null; }
        var from = placed, fromView = view;
        var target = { x: lay.x, y: lay.y, w: lay.w, h: lay.h };
        var still = instant || !from || !fromView || matchMedia("(prefers-reduced-motion: reduce)").matches;
        if (still) { place(target, current.sc, lay.shown); setView(to); placed = target; return; }
        var n = lay.x.length, t0 = performance.now(), pos = { x: new Float64Array(n), y: new Float64Array(n), w: lay.w, h: lay.h };
        var had = new Uint8Array(n);
        for (var i = 0; i < n; i++) { had[i] = from.x.length === n && (from.x[i] !== 0 || from.y[i] !== 0) ? 1 : 0; }
        function step(now) {
          // A frame's timestamp may precede t0: clamp, or the view would run backwards.
          var k = Math.max(0, Math.min(1, (now - t0) / 250)), e = k * (2 - k);
          for (var j = 0; j < n; j++) {
            if (!lay.shown[j]) { continue; }
            pos.x[j] = had[j] ? from.x[j] + (target.x[j] - from.x[j]) * e : target.x[j];
            pos.y[j] = had[j] ? from.y[j] + (target.y[j] - from.y[j]) * e : target.y[j];
          }
          place(pos, current.sc, lay.shown);
          setView({ x: fromView.x + (to.x - fromView.x) * e, y: fromView.y + (to.y - fromView.y) * e, w: fromView.w + (to.w - fromView.w) * e, h: fromView.h + (to.h - fromView.h) * e });
          if (k < 1) { animation = requestAnimationFrame(step); } else { animation = null; placed = target; }
        }
        placed = target;
        settled = function () { place(target, current.sc, lay.shown); setView(to); };
        animation = requestAnimationFrame(step);
      }

      // ---- Zoom and pan: wheel, drag, pinch; clicks on nodes. ---------------------------------
      var pointers = new Map(), moved = 0, pinch = null;
      function manual() { follow = false; fitButton.setAttribute("aria-pressed", "false"); }
      function zoom(factor, cx, cy) {
        if (!view) { return; }
        manual();
        var r = svg.getBoundingClientRect(), px = cx === undefined ? 0.5 : (cx - r.left) / r.width, py = cy === undefined ? 0.5 : (cy - r.top) / r.height;
        var w = view.w / factor, h = view.h / factor;
        setView({ x: view.x + (view.w - w) * px, y: view.y + (view.h - h) * py, w: w, h: h });
      }
      function pan(dx, dy) {
        if (!view) { return; }
        manual();
        var r = svg.getBoundingClientRect();
        setView({ x: view.x - dx * view.w / r.width, y: view.y - dy * view.h / r.height, w: view.w, h: view.h });
      }
      function fit() { follow = true; fitButton.setAttribute("aria-pressed", "true"); show(index); }
      svg.addEventListener("wheel", function (e) { e.preventDefault(); zoom(Math.exp(-e.deltaY * (e.ctrlKey ? 0.01 : 0.0015)), e.clientX, e.clientY); }, { passive: false });
      svg.addEventListener("pointerdown", function (e) {
        pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
        moved = 0;
        if (pointers.size === 2) { var p = Array.from(pointers.values()); pinch = Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y); }
        stage.classList.add("dragging");
        if (svg.setPointerCapture) { try { svg.setPointerCapture(e.pointerId); } catch (x) { } }
      });
      svg.addEventListener("pointermove", function (e) {
        var last = pointers.get(e.pointerId);
        if (!last) { return; }
        var dx = e.clientX - last.x, dy = e.clientY - last.y;
        pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
        moved += Math.abs(dx) + Math.abs(dy);
        if (pointers.size === 2 && pinch) {
          var p = Array.from(pointers.values()), d = Math.hypot(p[0].x - p[1].x, p[0].y - p[1].y);
          zoom(d / pinch, (p[0].x + p[1].x) / 2, (p[0].y + p[1].y) / 2);
          pinch = d;
        } else if (moved > 3) { pan(dx, dy); }
      });
      function release(e) { pointers.delete(e.pointerId); if (pointers.size < 2) { pinch = null; } if (pointers.size === 0) { stage.classList.remove("dragging"); } }
      svg.addEventListener("pointerup", release);
      svg.addEventListener("pointercancel", release);
      svg.addEventListener("click", function (e) {
        if (moved > 3) { return; }
        var g = e.target.closest ? e.target.closest("g.node") : null;
        if (g) { details(parseInt(g.dataset.index, 10)); }
      });
      function resized() {
        stageSize = { w: stage.clientWidth || 800, h: stage.clientHeight || 600 };
        listView.height = stepsBox.clientHeight || 300;
        if (index >= 0) { show(index, true); }
        renderRows();
      }
      if (window.ResizeObserver) { new ResizeObserver(resized).observe(stage); } else { window.addEventListener("resize", resized); }

      // ---- Controls. ----------------------------------------------------------------------------
      function play(on) {
        if (timer) { clearInterval(timer); timer = null; }
        if (on) {
          if (index >= count() - 1) { show(0); }
          timer = setInterval(function () { if (index >= count() - 1) { play(false); } else { show(index + 1); } }, data.delay);
        }
        playButton.textContent = timer ? "❚❚ Pause" : "▶ Play";
        playButton.setAttribute("aria-label", timer ? "Pause" : "Play");
      }
      function setFocus(on) { focus = on; focusButton.setAttribute("aria-pressed", String(on)); document.body.dataset.focus = String(on); show(index); }
      document.getElementById("prev").addEventListener("click", function () { play(false); show(index - 1); });
      document.getElementById("next").addEventListener("click", function () { play(false); show(index + 1); });
      playButton.addEventListener("click", function () { play(!timer); });
      slider.addEventListener("input", function () { play(false); show(parseInt(slider.value, 10) - 1); });
      focusButton.addEventListener("click", function () { setFocus(!focus); });
      fitButton.addEventListener("click", fit);
      document.getElementById("zoom-in").addEventListener("click", function () { zoom(1.25); });
      document.getElementById("zoom-out").addEventListener("click", function () { zoom(0.8); });
      document.getElementById("theme").addEventListener("click", function () {
        var root = document.documentElement;
        var dark = root.classList.contains("dark") || (!root.classList.contains("light") && matchMedia("(prefers-color-scheme: dark)").matches);
        root.classList.toggle("dark", !dark);
        root.classList.toggle("light", dark);
      });
      document.addEventListener("keydown", function (e) {
        if (e.target && e.target.tagName === "INPUT" && (e.target.type === "search" || e.key !== " ")) { return; }
        var key = e.key;
        if (key === "ArrowRight") { play(false); show(index + 1); }
        else if (key === "ArrowLeft") { play(false); show(index - 1); }
        else if (key === " ") { play(!timer); }
        else if (key === "Home") { play(false); show(0); }
        else if (key === "End") { play(false); show(count() - 1); }
        else if (key === "+" || key === "=") { zoom(1.25); }
        else if (key === "-") { zoom(0.8); }
        else if (key === "0") { fit(); }
        else if (key === "f" || key === "F") { setFocus(!focus); }
        else { return; }
        e.preventDefault();
      });
      function fromHash() {
        var n = parseInt((location.hash || "#1").slice(1), 10);
        return isNaN(n) ? 0 : n - 1;
      }
      window.addEventListener("hashchange", function () { if (fromHash() !== index) { show(fromHash()); } });
      // A live page appends rows to `data` and calls appended(from): the steps, the list and the
      // slider take them in; the frame shown stays until the page shows another.
      function appended(from) {
        var had = stepCount;
        addFrames(from);
        for (var i = had; i < stepCount; i++) {
          var st = step(i);
          if (!query || matches(st)) {
            if (filtered) { filtered.push(i); }
            if (st.number !== "start") { matched += 1; }
          }
        }
        slider.max = String(Math.max(1, count()));
        if (index >= 0) { counter.textContent = "frame " + (index + 1) + " of " + count(); }
        renderRows();
      }
      if (count() > 0) { show(fromHash(), true); } else {
        document.getElementById("empty").textContent = "waiting for the first state…";
        document.getElementById("empty").classList.add("shown");
      }
      document.body.dataset.firstPaintMs = String(Math.round(performance.now() - started));

      // ---- What the view shows, measured: each shown node's label, its size on screen (CSS px)
      // and whether it is inside the view; and whether it is context (changed, or on the path to
      // a change or to the visible screen). `?selftest` and `?walk` use it; so can a test.
      function report() {
        var r = stage.getBoundingClientRect(), sc = current.sc, out = [];
        for (var i = 0; i < sc.n; i++) {
          if (!sc.present[i] || !(current.lay.shown[i] || sc.need[i])) { continue; }
          var g = nodeEls[i], t = g && current.lay.shown[i] ? g.querySelector("text.title") : null, px = 0, inside = false;
          if (t) {
            var b = t.getBoundingClientRect(), m = t.getScreenCTM();
            px = m ? 12 * Math.sqrt(m.a * m.a + m.b * m.b) : 0;
            inside = b.width > 0 && b.left >= r.left - 0.5 && b.right <= r.right + 0.5 && b.top >= r.top - 0.5 && b.bottom <= r.bottom + 0.5;
          }
          out.push({ id: windows[sc.w].nodes[i][0], label: texts[sc.s.nt[i]][0], px: Math.round(px * 10) / 10, inView: inside, context: sc.need[i] === 1, changed: sc.changed[i] === 1 });
        }
        return { frame: index + 1, view: current.lay.level, nodes: sc.total, shown: current.lay.count, crumbs: crumbs.querySelectorAll(".crumb").length, labels: out };
      }
      // A live page lets the rows of frames before `upTo` go: their checkpoints too (a frame
      // let go is replayed from the frame that starts its block, which lists its whole state).
      function dropFrames(upTo) {
        if (upTo <= frameBase) { return; }
        frames.splice(0, Math.min(frames.length, upTo - frameBase));
        frameBase = upTo;
        keepFrom = upTo;
        checkpoints.forEach(function (list, w) { checkpoints[w] = list.filter(function (c) { return c.at >= upTo; }); });
      }
      // A live page let window `w` go (its rows come back through windowSource when shown).
      function letGo(w) {
        windowIds[w] = undefined;
        checkpoints[w] = [];
        if (stateWindow === w) { state = null; stateWindow = -1; }
      }
      window.navvizPlayer = { show: show, settle: settle, report: report, count: count, addFrames: addFrames, appended: appended,
                              data: data, index: function () { return index; }, play: play, stateAt: stateAt,
                              dropFrames: dropFrames, letGo: letGo, shownWindow: function () { return drawnWindow; },
                              setSource: function (f) { source = f; },
                              setWindowSource: function (get, tables) { windowSource = get; tablesOf = tables; } };

      // ?walk: every frame shown at once and measured, with Fit and again with Focus; what it
      // found is left on <body> (data-walk-…, and data-walk-focus-… for the second pass).
      function walk(prefix) {
        var rows = [], good = 0, minContext = Infinity, minAny = Infinity, failures = [], levelsSeen = {}, out = document.body.dataset;
        for (var k = 0; k < count(); k++) {
          show(k, true);
          var rep = report(), ctx = rep.labels.filter(function (l) { return l.context; }), ok = 0, low = Infinity;
          ctx.forEach(function (l) { if (l.inView && l.px >= 11) { ok += 1; } low = Math.min(low, l.px); });
          rep.labels.forEach(function (l) { if (l.inView) { minAny = Math.min(minAny, l.px); } });
          minContext = Math.min(minContext, low);
          levelsSeen[rep.view] = (levelsSeen[rep.view] || 0) + 1;
          if (ok === ctx.length && rep.crumbs > 0) { good += 1; } else {
            if (!failures.length) { out[prefix + "FirstFailure"] = JSON.stringify(rep).slice(0, 3000); }
            if (failures.length < 20) { failures.push(rep.frame + ":" + ok + "/" + ctx.length + (rep.crumbs ? "" : ":no-path")); }
          }
          rows.push(rep.frame + ":" + rep.view[0] + ":" + ok + "/" + ctx.length + ":" + (low === Infinity ? "-" : low.toFixed(1)));
        }
        out[prefix + "Frames"] = String(count());
        out[prefix + "ContextFrames"] = String(good);
        out[prefix + "MinContextPx"] = minContext === Infinity ? "" : minContext.toFixed(1);
        out[prefix + "MinLabelPx"] = minAny === Infinity ? "" : minAny.toFixed(1);
        out[prefix + "Failures"] = failures.join(" ");
        out[prefix + "Views"] = Object.keys(levelsSeen).sort().map(function (l) { return l + "=" + levelsSeen[l]; }).join(" ");
        out[prefix + "Rows"] = rows.join(" ");
      }
      if (/[?&]walk\\b/.test(location.search)) {
        stageSize = { w: stage.clientWidth || 800, h: stage.clientHeight || 600 };
        document.body.dataset.walkStage = Math.round(stageSize.w) + "x" + Math.round(stageSize.h);
        walk("walk");
        focus = true;
        walk("walkFocus");
        focus = false;
        show(fromHash(), true);
      }

      // ?selftest: drive the page as a user would and record what it showed, for tests.
      if (/[?&]selftest\\b/.test(location.search)) {
        var seen = [document.body.dataset.frame];
        function key(k) { document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true })); }
        var b = document.body.dataset;
        b.counts = [counter.textContent, document.getElementById("phase").textContent, document.getElementById("stepcount").textContent].join("|");
        ["ArrowRight", "ArrowRight", "ArrowLeft", "End"].forEach(function (k) {
          key(k);
          seen.push(document.body.dataset.frame + ":" + document.getElementById("label").textContent);
        });
        b.selftest = seen.join("|");
        b.lastPhase = document.getElementById("phase").textContent;
        var failedRows = 0;
        for (var fr = 0; fr < stepCount; fr++) { failedRows += stepFailed[fr]; }
        b.failedRows = String(failedRows);
        var slowest = 0;
        for (var j = 0; j < 20; j++) {
          var target = Math.floor((j * 7919) % count()), t0 = performance.now();
          show(target, true);
          slowest = Math.max(slowest, performance.now() - t0);
        }
        b.jumpMs = slowest.toFixed(1);
        show(Math.floor(count() / 2), true);
        var before = parseFloat(svg.dataset.scale);
        key("+");
        b.zoomedIn = String(parseFloat(svg.dataset.scale) > before);
        // Zoomed in and panned far away, a step still brings its context into view, readable.
        key("+"); key("+"); key("+");
        pan(-100000, 0);
        key("ArrowRight");
        settle();
        var moved = report(), context = moved.labels.filter(function (l) { return l.context; });
        b.manualContext = context.filter(function (l) { return l.inView && l.px >= 11; }).length + "/" + context.length;
        key("0");
        var all = parseInt(b.nodes, 10);
        key("f");
        b.focusNodes = b.nodes + "/" + all + "/" + markLayer.childNodes.length;
        key("f");
        var g = nodeLayer.querySelector("g.node:not(.gone)");
        if (g) { g.dispatchEvent(new MouseEvent("click", { bubbles: true })); }
        b.details = document.getElementById("details").textContent.slice(0, 200);
        filterBox.value = "failed";
        filterBox.dispatchEvent(new Event("input"));
        b.filtered = document.getElementById("stepcount").textContent;
        var row = stepsInner.querySelector(".row");
        if (row) { row.dispatchEvent(new MouseEvent("click", { bubbles: true })); }
        b.afterFilterClick = document.body.dataset.frame;
      }
    })();
    """
}
