import NavVizRender
import NavVizCore

/// A single self-contained HTML file that plays an animation offline.
///
/// The page draws the session itself from a ``PlayerModel``: each node once, at its place in
/// its window's layout, and each frame as the changes from the one before, so a session of
/// 10,000 transitions is a page of a few megabytes. Nodes that appear fade in, nodes that
/// leave fade out, a node never moves while it stays in the tree, and the view follows the
/// nodes of the current frame. Beside the picture: the step's label, its operations (their
/// nodes highlighted), a list of every step with a filter box (a failed step marked), and
/// the details of a clicked node. Zoom and pan with the wheel, a drag, a pinch or the + - 0
/// keys; F shows only the active path, the changed nodes and their parents. Play/pause,
/// previous/next, a slider, ←/→, space, Home/End; `index.html#3` opens frame 3.
///
/// Nothing from a document is ever markup here: every string travels as JSON inside a
/// `<script type="application/json">` with `<`, `>` and `&` escaped, and reaches the page
/// through `textContent` and SVG text nodes. The page loads nothing from the network.
package enum HTMLPlayer {
    /// JSON text (``JSONOutput``'s) made safe inside an HTML `<script>` element: `<`, `>`
    /// and `&` as `\u` escapes. Outside its strings JSON has none of the three, so each is
    /// in a string, where the escape reads back as the same character.
    static func scriptSafe(_ json: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(json.utf8.count)
        for b in json.utf8 {
            switch b {
            case UInt8(ascii: "&"): out += Array("\\u0026".utf8)
            case UInt8(ascii: "<"): out += Array("\\u003c".utf8)
            case UInt8(ascii: ">"): out += Array("\\u003e".utf8)
            default: out.append(b)
            }
        }
        return out
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

    /// The page starts in the frames' theme when it is dark (the ◐ button switches).
    static func head(title: String, dark: Bool) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"\(dark ? " class=\"dark\"" : "")>
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
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
        #stage { flex: 1 1 auto; position: relative; border: 1px solid var(--line); border-radius: 8px; overflow: hidden; touch-action: none; cursor: grab; min-height: 300px; }
        #stage.dragging { cursor: grabbing; }
        #canvas { width: 100%; height: 100%; display: block; }
        #empty { position: absolute; inset: 0; display: none; align-items: center; justify-content: center; color: var(--muted); font-size: 18px; pointer-events: none; }
        #empty.shown { display: flex; }
        #zoom { position: absolute; right: 8px; bottom: 8px; display: flex; gap: 4px; }
        #frame-link { position: absolute; left: 8px; bottom: 8px; font-size: 12px; color: var(--muted); }
        a { color: var(--accent); }
        aside { flex: 0 0 340px; display: flex; flex-direction: column; gap: 8px; min-height: 0; }
        #label { font-weight: 600; margin: 0; overflow-wrap: anywhere; }
        #phase { color: var(--muted); margin: 0; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
        #phase.failed { color: var(--bad); }
        #caption { margin: 0; white-space: pre-wrap; font-size: 13px; }
        #caption:empty { display: none; }
        ol { padding-left: 24px; margin: 0; }
        #operations li { margin: 2px 0; padding: 2px 4px; border-radius: 4px; }
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
        svg .more { font-size: 10px; fill: var(--muted); }
        @media (prefers-reduced-motion: reduce) { svg .node, svg .edge, svg #nodes > g, svg #edges > g { transition: none; animation: none; } }
        footer { padding: 0 16px 8px; color: var(--muted); font-size: 12px; }
        @media (max-width: 800px) { main { flex-direction: column; } aside { flex-basis: auto; width: 100%; } #stage { min-height: 60vh; } }
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
        <span id="counter">1 / \(count)</span>
        <button id="focus" title="Show only the active path, the changed nodes and their parents (F)" aria-pressed="false">Focus</button>
        <button id="theme" title="Light or dark" aria-label="Toggle theme">◐</button>
        </header>
        <main>
        <div id="stage">
        <svg id="canvas" xmlns="http://www.w3.org/2000/svg" role="img" aria-label="navigation tree"><g id="edges"></g><g id="boxes"></g><g id="nodes"></g><g id="marks"></g></svg>
        <div id="empty">empty tree</div>
        <a id="frame-link">frame SVG</a>
        <div id="zoom"><button id="zoom-in" title="Zoom in (+)">+</button><button id="zoom-out" title="Zoom out (-)">−</button><button id="fit" title="Fit and follow the current frame (0)" aria-pressed="true">Fit</button></div>
        </div>
        <aside>
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
        <footer>Keys: ← → frame, space play/pause, Home/End first/last, + − zoom, 0 fit, F focus. Drag to pan, wheel or pinch to zoom, click a node for its details. Link to a frame with #N. Made by navviz.</footer>

        """
    }

    static let script = """
    (function () {
      "use strict";
      var started = performance.now();
      var data = JSON.parse(document.getElementById("navviz-data").textContent);
      var frames = data.frames, count = frames.length, windows = data.windows;
      var texts = data.texts, nodeStyles = data.nodeStyles, edgeStyles = data.edgeStyles;
      var NS = "http://www.w3.org/2000/svg";
      var svg = document.getElementById("canvas"), stage = document.getElementById("stage");
      var edgeLayer = document.getElementById("edges"), nodeLayer = document.getElementById("nodes");
      var boxLayer = document.getElementById("boxes"), markLayer = document.getElementById("marks");
      var slider = document.getElementById("slider"), counter = document.getElementById("counter");
      var playButton = document.getElementById("play"), focusButton = document.getElementById("focus"), fitButton = document.getElementById("fit");
      var index = -1, timer = null, focus = false, follow = true, selected = -1;
      var CHECKPOINT = 128;

      // Windows: where each starts; its state (text and style row of every node, style row of
      // every edge, -1 when absent) after the frame `at`, and checkpoints every CHECKPOINT frames.
      var starts = [];
      frames.forEach(function (f, i) { if (starts[f.w] === undefined) { starts[f.w] = i; } });
      function emptyState(w) {
        var n = windows[w].nodes.length, e = windows[w].edges.length;
        var s = { at: starts[w] - 1, nt: new Int32Array(n).fill(-1), ns: new Int32Array(n).fill(-1), es: new Int32Array(e).fill(-1) };
        return s;
      }
      function copy(s) { return { at: s.at, nt: s.nt.slice(), ns: s.ns.slice(), es: s.es.slice() }; }
      var checkpoints = windows.map(function () { return []; });
      var state = null, stateWindow = -1;
      function apply(s, f) {
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
      function stateAt(k) {
        var w = frames[k].w;
        if (stateWindow !== w || state.at > k) {
          var best = null, list = checkpoints[w];
          for (var c = 0; c < list.length; c++) { if (list[c].at <= k && (!best || list[c].at > best.at)) { best = list[c]; } }
          state = best ? copy(best) : emptyState(w);
          stateWindow = w;
        }
        for (var j = state.at + 1; j <= k; j++) {
          apply(state, frames[j]);
          state.at = j;
          if ((j - starts[w]) % CHECKPOINT === CHECKPOINT - 1 && !checkpoints[w].some(function (c) { return c.at === j; })) { checkpoints[w].push(copy(state)); }
        }
        return state;
      }

      // Steps: consecutive frames of one transition (the first state, each transition, a failure).
      var steps = [], stepOf = new Int32Array(count);
      frames.forEach(function (f, i) {
        var last = steps[steps.length - 1];
        if (!last || last.t !== f.t || f.p === "initial" || f.p === "failed" || last.failed) {
          steps.push({ first: i, t: f.t, label: f.l, failed: f.p === "failed",
                       number: f.p === "failed" ? "✕" : (f.t === null ? "start" : String(f.t + 1)) });
        }
        stepOf[i] = steps.length - 1;
      });

      // Drawing: a window's nodes and edges, made when first shown.
      var drawnWindow = -1, nodeEls = [], edgeEls = [], shownNT, shownNS, shownES;
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
        if (drawnWindow === w) { return; }
        drawnWindow = w;
        edgeLayer.replaceChildren(); nodeLayer.replaceChildren(); boxLayer.replaceChildren(); markLayer.replaceChildren();
        nodeEls = new Array(windows[w].nodes.length); edgeEls = new Array(windows[w].edges.length);
        shownNT = new Int32Array(nodeEls.length).fill(-1); shownNS = new Int32Array(nodeEls.length).fill(-1);
        shownES = new Int32Array(edgeEls.length).fill(-1);
        selected = -1;
      }
      function drawNode(i, t, s) {
        var n = windows[drawnWindow].nodes[i], g = nodeEls[i];
        if (!g) {
          g = nodeEls[i] = el("g", { transform: "translate(" + n[1] + " " + n[2] + ")" }, nodeLayer);
          g.dataset.index = i;
        }
        g.replaceChildren();
        var text = texts[t], style = nodeStyles[s], w = n[3], h = n[4];
        var styles = style[1].split(","), rounded = styles.indexOf("rounded") >= 0, dashed = styles.indexOf("dashed") >= 0;
        var shape = style[0], paint = { fill: style[4], stroke: style[3], "stroke-width": style[6], class: "shape" };
        if (dashed) { paint["stroke-dasharray"] = "5 3"; }
        function outline(inset, fill) {
          var a = Object.assign({}, paint, fill ? {} : { fill: "none", class: "" });
          if (shape === "ellipse") { return el("ellipse", Object.assign(a, { cx: 0, cy: 0, rx: w / 2 - inset, ry: h / 2 - inset }), g); }
          return el("rect", Object.assign(a, { x: -w / 2 + inset, y: -h / 2 + inset, width: w - 2 * inset, height: h - 2 * inset, rx: rounded ? 8 : 0 }), g);
        }
        outline(0, true);
        if (style[2] > 1) { outline(4, false); }
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
        textEl(g, text[0], bw / 2, y, 12, style[5]);
        if (text[1] !== null) { textEl(g, text[1], 0, y + 13, 9, style[5]); }
        el("title", {}, g).textContent = text[2];
        g.setAttribute("class", "node " + style[7] + (i === selected ? " selected" : ""));
      }
      function drawEdge(i, s) {
        var e = windows[drawnWindow].edges[i], g = edgeEls[i];
        if (!g) {
          g = edgeEls[i] = el("g", {}, edgeLayer);
        }
        g.replaceChildren();
        var style = edgeStyles[s], dashed = style[2].split(",").indexOf("dashed") >= 0;
        var a = { d: e[2], fill: "none", stroke: style[0], "stroke-width": style[1] };
        if (dashed) { a["stroke-dasharray"] = "5 3"; }
        el("path", a, g);
        var bx = e[3], by = e[4], tx = e[5], ty = e[6], dx = tx - bx, dy = ty - by, len = Math.sqrt(dx * dx + dy * dy);
        if (len > 0.1) {
          var px = -dy / len * len * 0.5, py = dx / len * len * 0.5;
          el("path", { d: "M" + tx + " " + ty + "L" + (bx + px) + " " + (by + py) + "L" + (bx - px) + " " + (by - py) + "Z", fill: style[0], stroke: style[0] }, g);
        }
        if (style[4] !== null) {
          var t = textEl(g, style[4], e[7] + 6, e[8] + 4, 10, style[5] || style[0], "bold");
          t.setAttribute("text-anchor", "start");
        }
        g.setAttribute("class", "edge " + style[3]);
      }
      function setGone(g, gone) {
        if (!g) { return; }
        if (gone) { g.classList.add("gone"); } else { g.classList.remove("gone"); }
      }

      // Which nodes a frame shows: all present, or in focus mode the active path, the changed
      // nodes and their parents (with the hidden children of a shown node counted).
      function parents(s) {
        var p = new Int32Array(s.nt.length).fill(-1), edges = windows[drawnWindow].edges;
        for (var i = 0; i < s.es.length; i++) { if (s.es[i] >= 0 && p[edges[i][1]] < 0) { p[edges[i][1]] = edges[i][0]; } }
        return p;
      }
      function visibleSet(s, f) {
        var n = s.nt.length, show = new Uint8Array(n);
        for (var i = 0; i < n; i++) { if (s.ns[i] >= 0) { show[i] = 1; } }
        if (!focus) { return { show: show, hidden: null }; }
        var keep = new Uint8Array(n), p = parents(s);
        function mark(i) { while (i >= 0 && !keep[i] && show[i]) { keep[i] = 1; i = p[i]; } }
        for (i = 0; i < n; i++) {
          if (!show[i]) { continue; }
          var st = nodeStyles[s.ns[i]], cls = " " + st[7] + " ";
          if (st[8].length > 0 || cls.indexOf(" active ") >= 0 || / (removed|added|moved|recreated|context-changed) /.test(cls)) { mark(i); }
        }
        f.o.forEach(function (op) { op[3].forEach(mark); });
        var hidden = new Int32Array(n);
        for (i = 0; i < n; i++) { if (show[i] && !keep[i] && p[i] >= 0 && keep[p[i]]) { hidden[p[i]] += 1; } }
        return { show: keep, hidden: hidden };
      }

      // The view: a viewBox that follows the current frame unless the user zoomed or panned.
      var view = null, animation = null;
      // Sizes are read on resize and scroll only: reading them while showing a frame would
      // make the browser lay out the page in the middle of every step.
      var stageSize = { w: stage.clientWidth || 800, h: stage.clientHeight || 600 };
      function setView(v) { view = v; svg.setAttribute("viewBox", v.x + " " + v.y + " " + v.w + " " + v.h); svg.dataset.scale = (stageSize.w / v.w).toFixed(3); }
      function animateView(to) {
        if (!view || matchMedia("(prefers-reduced-motion: reduce)").matches) { setView(to); return; }
        var from = view, t0 = performance.now();
        if (animation) { cancelAnimationFrame(animation); }
        function step(now) {
          // A frame's timestamp may precede t0: clamp, or the view would run backwards.
          var k = Math.max(0, Math.min(1, (now - t0) / 250)), e = k * (2 - k);
          setView({ x: from.x + (to.x - from.x) * e, y: from.y + (to.y - from.y) * e, w: from.w + (to.w - from.w) * e, h: from.h + (to.h - from.h) * e });
          animation = k < 1 ? requestAnimationFrame(step) : null;
        }
        animation = requestAnimationFrame(step);
      }
      function bounds(list) {
        var nodes = windows[drawnWindow].nodes, b = null;
        list.forEach(function (i) {
          var n = nodes[i], x0 = n[1] - n[3] / 2, x1 = n[1] + n[3] / 2, y0 = n[2] - n[4] / 2 - 6, y1 = n[2] + n[4] / 2;
          b = b ? { x0: Math.min(b.x0, x0), y0: Math.min(b.y0, y0), x1: Math.max(b.x1, x1), y1: Math.max(b.y1, y1) } : { x0: x0, y0: y0, x1: x1, y1: y1 };
        });
        return b;
      }
      // Frames the first of `choices` (lists of node indices, widest first) that fits with
      // labels readable (at least 11 px for 12-point text); when none does, centres the last
      // at that scale.
      function fitTo(choices) {
        // A stage not laid out yet (or hidden) counts as 800 × 600.
        var W = stageSize.w > 100 ? stageSize.w : 800, H = stageSize.h > 100 ? stageSize.h : 600, pad = 24, minScale = 11 / 12, b = null, scale = 1;
        for (var c = 0; c < choices.length; c++) {
          var box = bounds(choices[c]);
          if (!box) { continue; }
          b = box;
          scale = Math.min((W - 2 * pad) / Math.max(1, b.x1 - b.x0), (H - 2 * pad) / Math.max(1, b.y1 - b.y0), 1.25);
          if (scale >= minScale) { break; }
        }
        if (!b) { b = { x0: -100, y0: -100, x1: 100, y1: 100 }; scale = 1; }
        scale = Math.max(scale, minScale);
        var cx = (b.x0 + b.x1) / 2, cy = (b.y0 + b.y1) / 2, w = W / scale, h = H / scale;
        return { x: cx - w / 2, y: cy - h / 2, w: w, h: h };
      }
      var lastFit = null;
      function refit(animated) {
        if (!lastFit) { return; }
        var v = fitTo(lastFit);
        if (animated) { animateView(v); } else { setView(v); }
      }
      function zoom(factor, cx, cy) {
        if (!view) { return; }
        follow = false; fitButton.setAttribute("aria-pressed", "false");
        var r = svg.getBoundingClientRect(), px = cx === undefined ? 0.5 : (cx - r.left) / r.width, py = cy === undefined ? 0.5 : (cy - r.top) / r.height;
        var w = view.w / factor, h = view.h / factor;
        setView({ x: view.x + (view.w - w) * px, y: view.y + (view.h - h) * py, w: w, h: h });
      }
      function pan(dx, dy) {
        if (!view) { return; }
        follow = false; fitButton.setAttribute("aria-pressed", "false");
        var r = svg.getBoundingClientRect();
        setView({ x: view.x - dx * view.w / r.width, y: view.y - dy * view.h / r.height, w: view.w, h: view.h });
      }
      function fit() { follow = true; fitButton.setAttribute("aria-pressed", "true"); refit(true); }

      // Showing a frame.
      function show(k, instant) {
        k = Math.max(0, Math.min(count - 1, k));
        var f = frames[k], s = stateAt(k);
        useWindow(f.w);
        var vis = visibleSet(s, f), n = s.nt.length, list = [], changes = [], leaf = [];
        for (var i = 0; i < n; i++) {
          var present = vis.show[i] === 1;
          if (present && (s.nt[i] !== shownNT[i] || s.ns[i] !== shownNS[i])) { drawNode(i, s.nt[i], s.ns[i]); shownNT[i] = s.nt[i]; shownNS[i] = s.ns[i]; }
          if (nodeEls[i]) { setGone(nodeEls[i], !present); }
          if (present) {
            list.push(i);
            var cls = " " + nodeStyles[s.ns[i]][7] + " ";
            if (cls.indexOf(" visible ") >= 0) { leaf.push(i); }
            if (nodeStyles[s.ns[i]][8].length > 0) { changes.push(i); }
          }
        }
        f.o.forEach(function (op) { op[3].forEach(function (j) { if (vis.show[j]) { changes.push(j); } }); });
        var edges = windows[f.w].edges;
        for (i = 0; i < s.es.length; i++) {
          var on = s.es[i] >= 0 && vis.show[edges[i][0]] === 1 && vis.show[edges[i][1]] === 1;
          if (on && s.es[i] !== shownES[i]) { drawEdge(i, s.es[i]); shownES[i] = s.es[i]; }
          if (edgeEls[i]) { setGone(edgeEls[i], !on); }
        }
        drawBoxes(f, vis.show);
        drawHidden(vis);
        document.getElementById("empty").classList.toggle("shown", list.length === 0);
        index = k;
        // The whole frame; else its changes and the active path's end; else the changes;
        // else the active path's end.
        lastFit = [list, changes.concat(leaf), changes, leaf];
        if (follow) { refit(!instant); }
        describe(f);
        slider.value = String(k + 1);
        counter.textContent = (k + 1) + " / " + count;
        document.body.dataset.frame = String(k + 1);
        document.body.dataset.nodes = String(list.length);
        markStep();
        if (history.replaceState) { history.replaceState(null, "", "#" + (k + 1)); }
      }
      function drawBoxes(f, showSet) {
        boxLayer.replaceChildren();
        (f.b || []).forEach(function (box) {
          var members = box[2].filter(function (i) { return showSet[i]; }), b = bounds(members);
          if (!b) { return; }
          el("rect", { x: b.x0 - 8, y: b.y0 - 20, width: b.x1 - b.x0 + 16, height: b.y1 - b.y0 + 28, rx: 6, fill: "none", stroke: box[1], "stroke-width": 1.5, "stroke-dasharray": "5 3" }, boxLayer);
          var t = textEl(boxLayer, box[0], b.x0 - 2, b.y0 - 8, 10, box[1], "bold");
          t.setAttribute("text-anchor", "start");
        });
      }
      function drawHidden(vis) {
        markLayer.replaceChildren();
        if (!vis.hidden) { return; }
        var nodes = windows[drawnWindow].nodes;
        for (var i = 0; i < vis.hidden.length; i++) {
          if (vis.hidden[i] > 0) {
            var t = textEl(markLayer, "+" + vis.hidden[i] + " hidden", nodes[i][1], nodes[i][2] + nodes[i][4] / 2 + 12, 10, "currentColor");
            t.setAttribute("class", "more");
          }
        }
      }
      function describe(f) {
        document.getElementById("label").textContent = f.l;
        var phase = document.getElementById("phase"), st = steps[stepOf[index]];
        phase.textContent = st.failed ? "failed" : "step " + st.number + " of " + (steps.length - 1 - (steps[steps.length - 1].failed ? 1 : 0)) + " · " + f.p;
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
      var filtered = steps.map(function (_, i) { return i; });
      var listView = { top: 0, height: stepsBox.clientHeight || 300 };
      function renderRows() {
        var top = listView.top, height = listView.height;
        var first = Math.max(0, Math.floor(top / ROW) - 5), last = Math.min(filtered.length, Math.ceil((top + height) / ROW) + 5);
        stepsInner.style.height = (filtered.length * ROW) + "px";
        stepsInner.replaceChildren();
        var current = index >= 0 ? stepOf[index] : -1;
        for (var r = first; r < last; r++) {
          var st = steps[filtered[r]], row = document.createElement("div");
          row.className = "row" + (st.failed ? " failed" : "") + (filtered[r] === current ? " current" : "");
          row.style.top = (r * ROW) + "px";
          row.dataset.step = String(filtered[r]);
          row.setAttribute("role", "option");
          var num = document.createElement("span");
          num.className = "num"; num.textContent = st.number;
          row.appendChild(num);
          row.appendChild(document.createTextNode(st.label));
          row.title = st.label;
          stepsInner.appendChild(row);
        }
        document.getElementById("stepcount").textContent = filtered.length === steps.length
          ? steps.length + " steps" : filtered.length + " of " + steps.length + " steps";
      }
      function markStep() {
        var current = stepOf[index], r = filtered.indexOf(current);
        if (r >= 0) {
          var top = r * ROW, height = listView.height;
          if (top < listView.top || top + ROW > listView.top + height) { listView.top = Math.max(0, top - height / 2); }
        }
        renderRows();
        if (listView.applied !== listView.top) { stepsBox.scrollTop = listView.applied = listView.top; }
      }
      stepsBox.addEventListener("scroll", function () { listView.top = listView.applied = stepsBox.scrollTop; renderRows(); });
      stepsInner.addEventListener("click", function (e) {
        var row = e.target.closest ? e.target.closest(".row") : null;
        if (row) { play(false); show(steps[parseInt(row.dataset.step, 10)].first); }
      });
      var filterBox = document.getElementById("filter");
      filterBox.addEventListener("input", function () {
        var q = filterBox.value.trim().toLowerCase();
        filtered = [];
        steps.forEach(function (st, i) {
          if (!q || st.label.toLowerCase().indexOf(q) >= 0 || st.number === q || (q === "failed" && st.failed)) { filtered.push(i); }
        });
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
        for (var k = 0; k < count; k++) {
          var f = frames[k];
          if (f.w !== inWindow) { inWindow = f.w; was = -1; wasNT = -1; wasNS = -1; }
          var j = windowIndex(f.w, id), now = was, nt = wasNT, ns = wasNS, d = f.d, x = 0;
          if (j >= 0) {
            while (x < d.length) {
              if (d[x] < 0) { if (-d[x] - 1 === j) { now = -1; } x += 1; }
              else { if (d[x] === j) { now = 1; nt = d[x + 1]; ns = d[x + 2]; } x += 3; }
            }
          }
          if (now === 1) {
            var st = stepOf[k];
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
            a.textContent = steps[st].number;
            a.addEventListener("click", function () { play(false); show(steps[st].first); });
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

      // Zoom and pan: wheel, drag, pinch; clicks on nodes.
      var pointers = new Map(), moved = 0, pinch = null;
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
        if (follow) { refit(false); }
        renderRows();
      }
      if (window.ResizeObserver) { new ResizeObserver(resized).observe(stage); } else { window.addEventListener("resize", resized); }

      function play(on) {
        if (timer) { clearInterval(timer); timer = null; }
        if (on) {
          if (index >= count - 1) { show(0); }
          timer = setInterval(function () { if (index >= count - 1) { play(false); } else { show(index + 1); } }, data.delay);
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
        else if (key === "End") { play(false); show(count - 1); }
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
      show(fromHash(), true);
      document.body.dataset.firstPaintMs = String(Math.round(performance.now() - started));

      // ?selftest: drive the page as a user would and record what it showed, for tests.
      if (/[?&]selftest\\b/.test(location.search)) {
        var seen = [document.body.dataset.frame];
        function key(k) { document.dispatchEvent(new KeyboardEvent("keydown", { key: k, bubbles: true })); }
        ["ArrowRight", "ArrowRight", "ArrowLeft", "End"].forEach(function (k) {
          key(k);
          seen.push(document.body.dataset.frame + ":" + document.getElementById("label").textContent);
        });
        var b = document.body.dataset;
        b.selftest = seen.join("|");
        b.lastPhase = document.getElementById("phase").textContent;
        b.failedRows = String(steps.filter(function (s) { return s.failed; }).length);
        var slowest = 0;
        for (var j = 0; j < 20; j++) {
          var target = Math.floor((j * 7919) % count), t0 = performance.now();
          show(target, true);
          slowest = Math.max(slowest, performance.now() - t0);
        }
        b.jumpMs = slowest.toFixed(1);
        show(Math.floor(count / 2), true);
        var before = parseFloat(svg.dataset.scale);
        key("+");
        b.zoomedIn = String(parseFloat(svg.dataset.scale) > before);
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
