import NavVizArtifacts
import NavVizRender

/// The live player's page: the player `navviz animate` writes (``HTMLPlayer``), with no rows,
/// and ``script``, which opens the page's WebSocket and appends the session's rows as they
/// arrive (docs/watch.md lists the messages).
enum LivePage {
    static func html(title: String, theme: Theme) -> String {
        HTMLPlayer.livePage(title: title, theme: theme, live: script)
    }

    /// The page's part of `navviz watch`:
    ///
    /// - rows arrive in batches and are appended to the player's data (`window.navvizPlayer`);
    /// - the page follows the newest step while it shows the newest frame: step back and it
    ///   stays where you are, while the list and the slider grow ("Live" or End returns);
    ///   however many rows a batch brings, the page draws once per animation frame;
    /// - a new layout window, a line that could not be read, a save are said in the header;
    /// - when the connection drops it tries again every 1 to 5 s, and reloads once the server
    ///   answers (a restarted `navviz watch` sends its session from the start);
    /// - `window.navvizLive.stats()` says what arrived and what was painted when: for each state,
    ///   the time from its record (the log line's `time`) to the first paint that showed it or a
    ///   later state (the live tests and `make bench` read it);
    /// - it keeps the rows of its latest 2,048 frames (`?keep=N` for another number), and
    ///   the windows and tables they use; older ones are let go and brought back from the
    ///   server when shown: frames a block at a time (`GET /frames`; a block's first frame
    ///   lists its whole state, so a block is all it takes to show a frame in it), a window
    ///   with its tables (`GET /window`); what it holds for each step is a few numbers (the
    ///   labels once each) and it keeps the latest 10,000 latencies, so its memory stays flat.
    static let script = """
    (function () {
      "use strict";
      var player = window.navvizPlayer, data = player.data, header = document.querySelector("header");
      function button(text, title) {
        var b = document.createElement("button");
        b.textContent = text; b.title = title;
        header.appendChild(b);
        return b;
      }
      var liveButton = button("● Live", "Follow the newest step (L)");
      var saveButton = button("Save", "Save the session so far as an animation bundle (navviz animate's)");
      var status = document.createElement("span");
      status.id = "live-status"; status.style.color = "var(--muted)"; status.style.fontSize = "12px";
      header.appendChild(status);
      var problemsBox = document.createElement("details");
      problemsBox.id = "problems"; problemsBox.style.display = "none"; problemsBox.style.fontSize = "12px"; problemsBox.style.color = "var(--bad)";
      var problemsTitle = document.createElement("summary"), problemsList = document.createElement("ol");
      problemsBox.appendChild(problemsTitle); problemsBox.appendChild(problemsList);
      document.querySelector("aside").prepend(problemsBox);

      // What arrived and what was painted: states counted, the record time of each state not
      // yet painted, the latest latencies.
      var following = true, stateCount = 0, lastState = -1, newestState = -1, unpainted = new Map(), painted = -1, latencies = [];
      var problems = 0, windows = 0, tables = [];
      var drawScheduled = false, received = 0, lastWindow = -1, banner = null;
      function setFollowing(on) {
        following = on;
        liveButton.setAttribute("aria-pressed", String(on));
        document.body.dataset.live = String(on);
      }
      setFollowing(true);
      function say(text, bad) {
        status.textContent = text;
        status.style.color = bad ? "var(--bad)" : "var(--muted)";
      }
      function flash(text) {
        say(text);
        clearTimeout(banner);
        banner = setTimeout(function () { say(stateCount + " states"); }, 4000);
      }
      function draw() {
        drawScheduled = false;
        var n = player.count();
        if (!following || n === 0) { return; }
        document.getElementById("empty").textContent = "empty tree";
        player.show(n - 1);
        var w = data.frames[data.frames.length - 1].w;
        if (lastWindow >= 0 && w !== lastWindow) { flash("new layout window: the tree is laid out again from here"); }
        lastWindow = w;
        var s = newestState;
        // Painted once the browser has drawn this frame: the next animation frame's start.
        requestAnimationFrame(function () {
          var now = Date.now();
          for (var entry of unpainted) {
            if (entry[0] > s) { break; }
            latencies.push(now - entry[1]);
            unpainted.delete(entry[0]);
          }
          if (latencies.length > 2 * LATENCIES) { latencies.splice(0, latencies.length - LATENCIES); }
          if (s > painted) { painted = s; }
          document.body.dataset.paintedState = String(painted);
        });
      }
      var LATENCIES = 10000;
      function take(line) {
        var m = JSON.parse(line);
        switch (m.k) {
        case "hello":
          data.delay = m.delay;
          data.block = m.block || 0;
          break;
        case "window":
          data.windows.push(m.row);
          tables.push({ texts: [], nodeStyles: [], edgeStyles: [] });
          windows += 1;
          break;
        case "grow":
          grow(data.windows[data.windows.length - 1], m.row);
          break;
        case "tables":
          addTables(tables[tables.length - 1], m);
          break;
        case "frame":
          newestState = m.s;
          data.frames.push(m.row);
          if (m.s > lastState) {
            lastState = m.s;
            stateCount += 1;
            if (m.time) { var t = Date.parse(m.time); if (!isNaN(t)) { unpainted.set(m.s, t); } }
          }
          break;
        case "problem":
          problems += 1;
          var li = document.createElement("li");
          li.textContent = (m.file || "") + (m.line ? ":" + m.line : "") + ": " + (m.path ? m.path + ": " : "") + m.message;
          problemsList.appendChild(li);
          problemsTitle.textContent = problems + (problems === 1 ? " line" : " lines") + " could not be read";
          problemsBox.style.display = "block";
          break;
        case "saved":
          flash("saved: " + m.path);
          break;
        }
      }
      function receive(text) {
        var n = player.count();
        // Showing the newest frame is following it; stepping back stops following.
        if (n > 0 && following && !drawScheduled && player.index() !== n - 1) { setFollowing(false); }
        text.split("\\n").forEach(take);
        if (player.count() > n) {
          player.appended(n);
          release();
          if (n === 0) { setFollowing(true); }
          if (following && !drawScheduled) { drawScheduled = true; requestAnimationFrame(draw); }
        }
        received += 1;
        if (!banner) { say(stateCount + " states"); }
      }
      // A `grow` message's new nodes and edges added to its window (live, or fetched back).
      function grow(win, row) {
        Array.prototype.push.apply(win.nodes, row.nodes);
        Array.prototype.push.apply(win.edges, row.edges);
        win.box = row.box;
      }
      function addTables(t, m) {
        Array.prototype.push.apply(t.texts, m.texts);
        Array.prototype.push.apply(t.nodeStyles, m.nodeStyles);
        Array.prototype.push.apply(t.edgeStyles, m.edgeStyles);
      }

      // A long session: the page keeps the rows of its latest KEEP frames (whole blocks) and
      // the windows they are drawn on, and lets older ones go, so its memory stays flat however
      // long the session runs; showing an older frame brings its block of rows back from the
      // server (`GET /frames`), and its window (`GET /window`), keeping the last few of each.
      var params = new URLSearchParams(location.search), token = params.get("token");
      var KEEP = parseInt(params.get("keep"), 10) || 2048, released = 0, blocks = new Map(), fetched = [];
      function block() { return data.block || 256; }
      function fetchLines(path) {
        var request = new XMLHttpRequest();
        request.open("GET", path + (token ? "&token=" + encodeURIComponent(token) : ""), false);
        request.send();
        if (request.status !== 200) { return []; }
        return request.responseText.split("\\n").filter(function (line) { return line; }).map(function (line) { return JSON.parse(line); });
      }
      function release() {
        var n = player.count(), upTo = n - KEEP;
        upTo -= upTo % block();
        if (upTo <= released) { return; }
        player.dropFrames(upTo);
        released = upTo;
        letWindowsGo();
      }
      // Windows before the first kept frame's, but the one shown and the few brought back.
      function letWindowsGo() {
        var first = data.frames.length ? data.frames[0].w : data.windows.length - 1;
        for (var w = 0; w < first; w++) {
          if (data.windows[w] !== undefined && w !== player.shownWindow() && fetched.indexOf(w) < 0) {
            data.windows[w] = undefined;
            tables[w] = undefined;
            player.letGo(w);
          }
        }
      }
      player.setSource(function (k) {
        var size = block(), from = k - k % size, rows = blocks.get(from);
        if (rows) { blocks.delete(from); } else {
          rows = [];
          fetchLines("/frames?from=" + from + "&to=" + Math.min(from + size, released)).forEach(function (m) { rows[m.n - from] = m.row; });
        }
        blocks.set(from, rows);
        if (blocks.size > 8) { blocks.delete(blocks.keys().next().value); }
        return rows[k - from];
      });
      player.setWindowSource(function (w) {
        var win = null, t = { texts: [], nodeStyles: [], edgeStyles: [] };
        fetchLines("/window?w=" + w).forEach(function (m) {
          if (m.k === "window") { win = m.row; }
          else if (m.k === "grow" && win) { grow(win, m.row); }
          else if (m.k === "tables") { addTables(t, m); }
        });
        if (!win) { return; }
        data.windows[w] = win;
        tables[w] = t;
        fetched.push(w);
        if (fetched.length > 4) { fetched.shift(); letWindowsGo(); }
      }, function (w) { return tables[w]; });

      var socket = null, attempts = 0, opened = false;
      function connect() {
        var url = (location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws" + location.search;
        socket = new WebSocket(url);
        socket.onopen = function () {
          if (opened) { location.reload(); return; }
          opened = true; attempts = 0; say("connected");
        };
        socket.onmessage = function (e) { receive(e.data); };
        socket.onclose = function () {
          say("navviz watch is not answering; trying again…", true);
          attempts += 1;
          setTimeout(connect, Math.min(5000, 1000 * attempts));
        };
      }
      connect();

      liveButton.addEventListener("click", function () { setFollowing(true); player.play(false); draw(); });
      saveButton.addEventListener("click", function () {
        if (socket && socket.readyState === 1) { socket.send(JSON.stringify({ k: "save" })); say("saving…"); }
      });
      document.addEventListener("keydown", function (e) {
        if (e.target && e.target.tagName === "INPUT") { return; }
        if (e.key === "l" || e.key === "L") { setFollowing(true); draw(); e.preventDefault(); }
        else if (e.key === "End") { setFollowing(true); }
      });

      window.navvizLive = {
        stats: function () {
          return { states: stateCount, frames: player.count(), paintedStates: painted + 1, latencies: latencies.slice(),
                   problems: problems, windows: windows, messages: received, following: following };
        },
        // The time to show `n` frames spread over the session, at once (a jump in the list).
        jumpTimes: function (n) {
          var out = [], total = player.count(), was = following;
          setFollowing(false);
          for (var j = 0; j < n; j++) {
            var k = Math.floor((j * 7919) % total), t0 = performance.now();
            player.show(k, true);
            out.push(performance.now() - t0);
          }
          setFollowing(was);
          if (was) { draw(); }
          return out;
        }
      };
    })();
    """
}
