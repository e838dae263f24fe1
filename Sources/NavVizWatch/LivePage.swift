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
    /// - it keeps the rows of its latest 10,000 frames, and brings older ones back from the
    ///   server in blocks of 256 when they are shown (a checkpoint every 256 frames, so a frame
    ///   let go is at most one or two blocks away), so its memory stays flat.
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

      var following = true, states = new Set(), stateTime = [], stateOfFrame = [], painted = -1, latencies = [], problems = 0, windows = 0;
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
        banner = setTimeout(function () { say(states.size + " states"); }, 4000);
      }
      function draw() {
        drawScheduled = false;
        var n = player.count();
        if (!following || n === 0) { return; }
        document.getElementById("empty").textContent = "empty tree";
        player.show(n - 1);
        var w = data.frames[n - 1].w;
        if (lastWindow >= 0 && w !== lastWindow) { flash("new layout window: the tree is laid out again from here"); }
        lastWindow = w;
        var s = stateOfFrame[n - 1];
        // Painted once the browser has drawn this frame: the next animation frame's start.
        requestAnimationFrame(function () {
          var now = Date.now();
          for (var t = painted + 1; t <= s; t++) {
            if (stateTime[t] !== undefined) { latencies.push(now - stateTime[t]); }
          }
          if (s > painted) { painted = s; }
          document.body.dataset.paintedState = String(painted);
        });
      }
      function take(line) {
        var m = JSON.parse(line);
        switch (m.k) {
        case "hello":
          data.delay = m.delay;
          break;
        case "window":
          data.windows.push(m.row);
          windows += 1;
          break;
        case "grow":
          var win = data.windows[data.windows.length - 1];
          Array.prototype.push.apply(win.nodes, m.row.nodes);
          Array.prototype.push.apply(win.edges, m.row.edges);
          win.box = m.row.box;
          break;
        case "tables":
          Array.prototype.push.apply(data.texts, m.texts);
          Array.prototype.push.apply(data.nodeStyles, m.nodeStyles);
          Array.prototype.push.apply(data.edgeStyles, m.edgeStyles);
          break;
        case "frame":
          stateOfFrame[m.n] = m.s;
          data.frames.push(m.row);
          if (!states.has(m.s)) {
            states.add(m.s);
            if (m.time) { var t = Date.parse(m.time); if (!isNaN(t)) { stateTime[m.s] = t; } }
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
        if (!banner) { say(states.size + " states"); }
      }

      // A long session: the page keeps the rows of its latest KEEP frames and lets older ones
      // go, so its memory stays flat however long the session runs; showing an older frame brings
      // its block of BLOCK rows back from the server (`GET /frames`), keeping the last few blocks.
      var KEEP = 10000, BLOCK = 256, released = 0, blocks = [];
      var token = new URLSearchParams(location.search).get("token");
      function release() {
        var upTo = player.count() - KEEP;
        if (upTo <= released) { return; }
        // Checkpoints first, so a frame let go is at most BLOCK frames' replay away.
        player.stateAt(upTo);
        for (var k = released; k < upTo; k++) {
          if (!blocks.some(function (b) { return k >= b && k < b + BLOCK; })) { data.frames[k] = undefined; }
        }
        released = upTo;
        player.prune(upTo);
      }
      player.setSource(function (k) {
        var from = k - k % BLOCK, to = Math.min(from + BLOCK, released), request = new XMLHttpRequest();
        request.open("GET", "/frames?from=" + from + "&to=" + to + (token ? "&token=" + encodeURIComponent(token) : ""), false);
        request.send();
        if (request.status !== 200) { return undefined; }
        request.responseText.split("\\n").forEach(function (line) {
          if (line) { var m = JSON.parse(line); data.frames[m.n] = m.row; }
        });
        blocks.push(from);
        if (blocks.length > 8) {
          var old = blocks.shift();
          for (var j = old; j < old + BLOCK && j < released; j++) {
            if (!blocks.some(function (b) { return j >= b && j < b + BLOCK; })) { data.frames[j] = undefined; }
          }
        }
        return data.frames[k];
      });

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
          return { states: states.size, frames: player.count(), paintedStates: painted + 1, latencies: latencies.slice(),
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
