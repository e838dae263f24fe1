import NavVizCore

/// A single self-contained HTML file that plays an animation offline: every frame's SVG
/// inline in a `<template>`, play/pause, previous/next, a slider, keyboard (←/→, space,
/// Home/End), the step's label and operations beside the picture with the operations'
/// nodes highlighted on it, light and dark. `index.html#3` opens frame 3.
///
/// Nothing from a document is ever markup here: labels and operations travel as JSON inside
/// a `<script type="application/json">` with `<`, `>` and `&` escaped, and are put on the page
/// with `textContent`; the SVGs are Graphviz's output of navviz's own DOT, where every user
/// string is escaped text. The page loads nothing from the network.
public enum HTMLPlayer {
    /// One frame of the player.
    public struct Frame: Sendable {
        public var label: String
        /// File name of the frame's SVG in the bundle (`frames/0001.svg`), for links.
        public var file: String
        public var operations: [Step]
        /// The frame is "pending" (operations not yet applied) or "applied".
        public var phase: String
        public init(label: String, file: String, operations: [Step], phase: String) {
            self.label = label
            self.file = file
            self.operations = operations
            self.phase = phase
        }
    }

    /// One operation as the player lists it.
    public struct Step: Sendable {
        public var number: Int
        public var op: String
        public var text: String
        /// Node ids to highlight on the picture.
        public var nodes: [String]
        public init(number: Int, op: String, text: String, nodes: [String]) {
            self.number = number
            self.op = op
            self.text = text
            self.nodes = nodes
        }
    }

    /// A JSON string literal that is also safe inside an HTML `<script>` element: the JSON
    /// encoder's literal, with `<`, `>` and `&` as escapes (they can only come from the text).
    static func json(_ s: String) -> String {
        let quoted = DocumentEncoder.quote(s)
        // Most texts have none of the three (and Foundation's search is slow).
        guard quoted.utf8.contains(where: { $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") }) else {
            return quoted
        }
        return quoted.replacingOccurrences(of: "&", with: "\\u0026")
            .replacingOccurrences(of: "<", with: "\\u003c").replacingOccurrences(of: ">", with: "\\u003e")
    }

    /// Text for HTML element content.
    static func html(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    static func head(title: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
        <title>\(html(title)) · navviz</title>
        <style>
        :root { --bg: #ffffff; --fg: #1f2328; --muted: #656d76; --panel: #f6f8fa; --line: #d0d7de; --accent: #0969da; --hl: #bf8700; }
        :root.dark { --bg: #0d1117; --fg: #e6edf3; --muted: #8b949e; --panel: #161b22; --line: #30363d; --accent: #58a6ff; --hl: #f0883e; }
        @media (prefers-color-scheme: dark) { :root:not(.light) { --bg: #0d1117; --fg: #e6edf3; --muted: #8b949e; --panel: #161b22; --line: #30363d; --accent: #58a6ff; --hl: #f0883e; } }
        * { box-sizing: border-box; }
        body { margin: 0; font: 14px/1.45 -apple-system, "Segoe UI", "DejaVu Sans", sans-serif; background: var(--bg); color: var(--fg); }
        header { display: flex; align-items: center; gap: 12px; padding: 10px 16px; border-bottom: 1px solid var(--line); flex-wrap: wrap; }
        header h1 { font-size: 16px; margin: 0 12px 0 0; }
        button { font: inherit; color: var(--fg); background: var(--panel); border: 1px solid var(--line); border-radius: 6px; padding: 4px 10px; cursor: pointer; }
        button:focus-visible, input:focus-visible { outline: 2px solid var(--accent); outline-offset: 1px; }
        input[type=range] { width: min(40vw, 360px); }
        #counter { font-variant-numeric: tabular-nums; color: var(--muted); }
        main { display: flex; gap: 16px; padding: 16px; align-items: flex-start; }
        #stage { flex: 1 1 auto; overflow: auto; background: var(--panel); border: 1px solid var(--line); border-radius: 8px; padding: 8px; min-height: 200px; }
        #stage svg { max-width: 100%; height: auto; display: block; margin: 0 auto; }
        aside { flex: 0 0 320px; }
        #label { font-weight: 600; margin: 0 0 4px; }
        #phase { color: var(--muted); margin: 0 0 12px; font-size: 12px; text-transform: uppercase; letter-spacing: .04em; }
        ol { padding-left: 24px; margin: 0; }
        li { margin: 2px 0; padding: 2px 4px; border-radius: 4px; cursor: default; }
        li.current, li:hover { background: color-mix(in srgb, var(--hl) 20%, transparent); }
        .none { color: var(--muted); }
        #stage g.node.navviz-highlight { filter: drop-shadow(0 0 3px var(--hl)) drop-shadow(0 0 2px var(--hl)); }
        footer { padding: 0 16px 16px; color: var(--muted); font-size: 12px; }
        @media (max-width: 800px) { main { flex-direction: column; } aside { flex-basis: auto; width: 100%; } }
        </style>
        </head>

        """
    }

    static func body(title: String, count: Int) -> String {
        """
        <body>
        <header>
        <h1>\(html(title))</h1>
        <button id="prev" title="Previous (←)" aria-label="Previous frame">◀</button>
        <button id="play" title="Play or pause (space)" aria-label="Play">▶ Play</button>
        <button id="next" title="Next (→)" aria-label="Next frame">▶</button>
        <input id="slider" type="range" min="1" max="\(count)" value="1" aria-label="Frame">
        <span id="counter">1 / \(count)</span>
        <button id="theme" title="Light or dark" aria-label="Toggle theme">◐</button>
        </header>
        <main>
        <div id="stage" role="img" aria-live="polite"></div>
        <aside>
        <p id="label"></p>
        <p id="phase"></p>
        <ol id="operations"></ol>
        </aside>
        </main>
        <footer>Keys: ← → step, space play/pause, Home/End first/last. Link to a frame with #N. Made by navviz.</footer>

        """
    }

    static let script = """
    (function () {
      "use strict";
      var data = JSON.parse(document.getElementById("navviz-data").textContent);
      var frames = data.frames, count = frames.length, index = 0, timer = null;
      var stage = document.getElementById("stage"), list = document.getElementById("operations");
      var slider = document.getElementById("slider"), counter = document.getElementById("counter");
      var playButton = document.getElementById("play");
      function nodeGroup(id) {
        var groups = stage.querySelectorAll("g.node");
        for (var i = 0; i < groups.length; i++) { if (groups[i].id === "node-" + id) { return groups[i]; } }
        return null;
      }
      function highlight(ids, on) {
        ids.forEach(function (id) { var g = nodeGroup(id); if (g) { g.classList.toggle("navviz-highlight", on); } });
      }
      function show(i) {
        index = Math.max(0, Math.min(count - 1, i));
        var frame = frames[index];
        var template = document.getElementById("frame-" + (index + 1));
        stage.replaceChildren(template.content.cloneNode(true));
        document.getElementById("label").textContent = frame.label;
        document.getElementById("phase").textContent = frame.phase;
        list.replaceChildren();
        if (frame.operations.length === 0) {
          var none = document.createElement("li");
          none.className = "none";
          none.textContent = "no operations";
          list.appendChild(none);
        }
        frame.operations.forEach(function (step) {
          var li = document.createElement("li");
          li.value = step.number;
          li.textContent = step.text;
          li.dataset.op = step.op;
          li.addEventListener("mouseenter", function () { highlight(step.nodes, true); });
          li.addEventListener("mouseleave", function () { highlight(step.nodes, false); show(index); });
          list.appendChild(li);
          highlight(step.nodes, true);
        });
        slider.value = String(index + 1);
        counter.textContent = (index + 1) + " / " + count;
        document.body.dataset.frame = String(index + 1);
        if (history.replaceState) { history.replaceState(null, "", "#" + (index + 1)); }
      }
      function play(on) {
        if (timer) { clearInterval(timer); timer = null; }
        if (on) {
          if (index >= count - 1) { show(0); }
          timer = setInterval(function () { if (index >= count - 1) { play(false); } else { show(index + 1); } }, data.delay);
        }
        playButton.textContent = timer ? "❚❚ Pause" : "▶ Play";
        playButton.setAttribute("aria-label", timer ? "Pause" : "Play");
      }
      document.getElementById("prev").addEventListener("click", function () { play(false); show(index - 1); });
      document.getElementById("next").addEventListener("click", function () { play(false); show(index + 1); });
      playButton.addEventListener("click", function () { play(!timer); });
      slider.addEventListener("input", function () { play(false); show(parseInt(slider.value, 10) - 1); });
      document.getElementById("theme").addEventListener("click", function () {
        var root = document.documentElement;
        var dark = root.classList.contains("dark") || (!root.classList.contains("light") && matchMedia("(prefers-color-scheme: dark)").matches);
        root.classList.toggle("dark", !dark);
        root.classList.toggle("light", dark);
      });
      document.addEventListener("keydown", function (e) {
        if (e.target && e.target.tagName === "INPUT" && e.key !== " ") { return; }
        if (e.key === "ArrowRight") { play(false); show(index + 1); e.preventDefault(); }
        else if (e.key === "ArrowLeft") { play(false); show(index - 1); e.preventDefault(); }
        else if (e.key === " ") { play(!timer); e.preventDefault(); }
        else if (e.key === "Home") { play(false); show(0); e.preventDefault(); }
        else if (e.key === "End") { play(false); show(count - 1); e.preventDefault(); }
      });
      function fromHash() {
        var n = parseInt((location.hash || "#1").slice(1), 10);
        return isNaN(n) ? 0 : n - 1;
      }
      window.addEventListener("hashchange", function () { if (fromHash() !== index) { show(fromHash()); } });
      show(fromHash());
      if (/[?&]selftest\\b/.test(location.search)) {
        var seen = [document.body.dataset.frame];
        ["ArrowRight", "ArrowRight", "ArrowLeft", "End"].forEach(function (key) {
          document.dispatchEvent(new KeyboardEvent("keydown", { key: key, bubbles: true }));
          seen.push(document.body.dataset.frame + ":" + document.getElementById("label").textContent);
        });
        document.body.dataset.selftest = seen.join("|");
      }
    })();
    """
}
