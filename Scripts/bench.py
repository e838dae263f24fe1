#!/usr/bin/env python3
"""navviz against what a user would otherwise do, measured in one run on this machine.

    Scripts/bench.py [NAVVIZ]          (make bench builds the release binary and runs this)

Prints every figure as `name: value` (seconds, megabytes, ratios), then a short table.
Inputs are generated into .build/bench (kept between runs; delete it to regenerate).

1. Animation: a sequence that `navviz animate` draws as 200 frames of an app's tree of about
   150 nodes (pushes, pops, tab and page switches, modals; Scripts/gen-sequence.py).
   navviz: `navviz animate FILE -o DIR` (SVG frames, player, summary, manifest), and with
   `--png`. Baseline: the DOT of every frame (navviz's own, written beforehand and not timed)
   drawn by a shell loop that runs `dot -Tsvg` (or `-Tpng`) once per frame, as a user
   without navviz's animate would. Wall-clock time, median of BENCH_REPEAT runs (default 3)
   for navviz and for the SVG baseline (the machine's speed drifts between runs, so both
   sides of the ratio are medians), one run for the PNG baseline (about 100 s).
2. Diff: `navviz diff BEFORE AFTER` on trees of 10k, 100k and 1M nodes (Scripts/gen-tree.py),
   the growth factor between sizes, and the share of the time spent reading JSON (the time
   of `navviz validate BEFORE AFTER` over the time of the diff).
3. Memory: peak resident memory of `navviz animate` drawing 1,000 and 10,000 frames (the
   largest of navviz and its Graphviz worker processes), and of `navviz validate` on the
   same input (what holding the document alone costs).
4. Layouts: 300 `dot` layouts of small trees (a tab bar of 2 to 6 tabs, as the test suite's
   diff scenes), drawn by `navviz animate --layout per-frame` (SVG frames): navviz's pool of
   Graphviz worker processes (one per core, and one alone), against the fork-per-layout
   navviz had before the pool (commit FORK_COMMIT, built in release into
   .build/bench/fork-per-layout on the first run and kept; it forked its multithreaded
   process for every `dot` layout). Both sides lay out and write the same frames.
5. Recorder: microseconds per record of a 30-node tree by the NavVizRecorder library
   (navviz-recorder-bench beside NAVVIZ, 200,000 records): kept in the ring buffer; also
   written to a file line by line; and with the tree built anew each time, as an adapter
   does. And microseconds per navigation change of a 20-screen app (5,000 changes) through
   the SwiftUI adapter (the AppNavigation built from three tabs of typed paths and a sheet,
   each path element described through its JSON) and the TCA one (an 18-element StackState
   and a destination walked with Mirror, the action's label), and of a TCA action that
   changes no navigation (described, compared, skipped).

6. Session: a recorded session of a four-tab app (Scripts/gen-session.py, seed 13) of 300 and
   1,000 transitions (BENCH_SESSIONS, comma-separated; BENCH_LONG=1 adds 10,000, which takes
   long), drawn as a user would attach it: `navviz animate LOG -o DIR --png --gif`, run once
   under /usr/bin/time -v: wall-clock seconds, peak resident memory (navviz and the Graphviz
   workers it waits for), and the sizes of index.html, animation.gif (and its width and
   height), frames/ and summary.md (in characters). At 300 transitions, the baseline: navviz's
   DOT of the same frames (`--dot-only --layout per-frame`, not timed) drawn by a shell loop
   that runs `dot -Tpng` once per frame, and the ratio (above 1: navviz is faster); and how
   steady the GIF is: the share of its consecutive frames in which a node drawn in both
   moved (Scripts/frame-steadiness.py on the DOT of each PNG frame, `--png --dot-only`).

7. Player: the HTML player of a 10,000-transition session (gen-session.py, seed 13;
   BENCH_PLAYER sets the size), `navviz animate LOG -o DIR` (SVG frames): the size of
   index.html and, when Chromium is installed, the time to its first frame in headless
   Chromium: from the moment a harness page opens it in a 1400 × 900 frame to the frame's
   load event (which follows the player's script and its first frame), the page's own
   figure from its script's start (`data-first-paint-ms`), and the wall-clock time of the
   Chromium run (its start included).

7. Watch: `navviz watch` end to end (Scripts/watch-e2e.py: the real server, the
   navviz-recorder-probe process streaming to it and headless Chromium showing the page):
   latency from record() to the step painted over 1,000 steps at 10 a second (p50, p95); a
   burst of 1,000 steps (none lost, the time until the page shows the last); a restart of
   navviz watch mid-stream (shown, twice); and BENCH_WATCH_LONG steps (default 100,000, as fast
   as navviz draws them): navviz's and the page's memory at a tenth and at the end, and the time
   to jump to a step. Needs Chromium and Python's websockets.

Environment: BENCH_REPEAT (runs per navviz timing), BENCH_SKIP (comma-separated sections to
skip: animate, png, diff, memory, layouts, recorder, session, player, watch), BENCH_SESSIONS and
BENCH_LONG (the session section's sizes), BENCH_WATCH_LONG (the watch section's long session),
BENCH_WORK (the directory of the inputs and outputs, default .build/bench: on this machine's
ext4 without a journal, a file created within minutes of many deleted ones costs more, see
docs/performance.md, issue-30j),
BENCH_SWIFT_FLAGS (extra `swift build` flags for the
fork-per-layout build, e.g. a run path).
"""
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORK = os.environ.get("BENCH_WORK") or os.path.join(ROOT, ".build", "bench")
NAVVIZ = os.path.abspath(sys.argv[1]) if len(sys.argv) > 1 else os.path.join(ROOT, ".build", "release", "navviz")
REPEAT = int(os.environ.get("BENCH_REPEAT", "3"))
SKIP = set(filter(None, os.environ.get("BENCH_SKIP", "").split(",")))
# The last commit whose navviz forked a child per `dot` layout (GraphvizIsolation).
FORK_COMMIT = "62dd176"
results = []
# Outputs removed only when the bench ends: ext4 without a journal (this machine) does not
# reuse an inode deleted minutes ago, and scanning past thousands of them made the 1,202
# files of the next section's run cost about half a second of kernel time.
discarded = []


def discard(path):
    discarded.append(path)


def report(name, value, unit=""):
    text = ("%.3f" % value) if isinstance(value, float) else str(value)
    results.append((name, text, unit))
    print("%s: %s" % (name, text), flush=True)


def run(cmd, **kwargs):
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, **kwargs)


def timed(cmd, repeat=1, **kwargs):
    """Median wall-clock seconds of `repeat` runs."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        run(cmd, **kwargs)
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def peak_rss_mb(cmd):
    """Peak RSS of cmd and its descendants, measured from a fresh process (RUSAGE_CHILDREN
    keeps the largest child ever waited for)."""
    probe = ("import resource, subprocess, sys\n"
             "subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL)\n"
             "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)\n")
    out = subprocess.run([sys.executable, "-c", probe] + cmd, check=True, capture_output=True, text=True)
    return int(out.stdout.strip()) / 1024.0


def generate(script, args, outputs):
    if all(os.path.exists(o) for o in outputs):
        return
    run([sys.executable, os.path.join(ROOT, "Scripts", script)] + args)


def animation():
    seq = os.path.join(WORK, "session-200.json")
    generate("gen-sequence.py", ["200", seq], [seq])
    out = os.path.join(WORK, "out")
    dots = os.path.join(WORK, "baseline")
    shutil.rmtree(dots, ignore_errors=True)
    # The baseline's input: navviz's DOT of each frame, laid out by dot itself.
    run([NAVVIZ, "animate", seq, "-o", dots, "--layout", "per-frame", "--dot-only"])
    frames = sorted(f for f in os.listdir(os.path.join(dots, "frames")) if f.endswith(".dot"))
    report("animate_frames", len(frames))
    loop = 'for f in "$0"/frames/*.dot; do dot -T%s "$f" -o "${f%%.dot}.%s" || exit 1; done'
    if "animate" not in SKIP:
        navviz = timed([NAVVIZ, "animate", seq, "-o", out], REPEAT)
        baseline = timed(["bash", "-c", loop % ("svg", "svg"), dots], REPEAT)
        report("svg_navviz_seconds", navviz)
        report("svg_dot_cli_seconds", baseline)
        report("svg_speedup", baseline / navviz)
    if "png" not in SKIP:
        navviz = timed([NAVVIZ, "animate", seq, "-o", out, "--png"], max(1, REPEAT // 2))
        baseline = timed(["bash", "-c", loop % ("png", "png"), dots])
        report("png_navviz_seconds", navviz)
        report("png_dot_cli_seconds", baseline)
        report("png_speedup", baseline / navviz)


def diff():
    sizes = [("10k", 10_000), ("100k", 100_000), ("1m", 1_000_000)]
    seconds = {}
    for name, n in sizes:
        prefix = os.path.join(WORK, "tree-%s" % name)
        generate("gen-tree.py", [str(n), prefix], [prefix + ".before.json", prefix + ".after.json"])
        files = [prefix + ".before.json", prefix + ".after.json"]
        repeat = REPEAT  # every size a median, so the growth between sizes compares like with like
        seconds[name] = timed([NAVVIZ, "diff"] + files, repeat)
        reading = timed([NAVVIZ, "validate"] + files, repeat)
        report("diff_%s_seconds" % name, seconds[name])
        report("diff_%s_json_share" % name, reading / seconds[name])
    report("diff_growth_10k_to_100k", seconds["100k"] / seconds["10k"])
    report("diff_growth_100k_to_1m", seconds["1m"] / seconds["100k"])


def memory():
    peaks = {}
    for frames in (1000, 10000):
        seq = os.path.join(WORK, "session-%d.json" % frames)
        generate("gen-sequence.py", [str(frames), seq], [seq])
        out = os.path.join(WORK, "memory-%d" % frames)
        peaks[frames] = peak_rss_mb([NAVVIZ, "animate", seq, "-o", out])
        document = peak_rss_mb([NAVVIZ, "validate", seq])
        discard(out)
        report("peak_rss_%d_frames_mb" % frames, peaks[frames])
        report("peak_rss_%d_frames_document_mb" % frames, document)
    report("peak_rss_ratio_10000_to_1000", peaks[10000] / peaks[1000])


def small_sequence(path, frames):
    """A sequence of `frames` snapshots of a tab bar of 2 to 6 tabs, each with a screen; the
    active tab moves on every time (so --layout per-frame lays out `frames` small graphs)."""
    import json
    out = []
    for i in range(frames):
        tabs = [{"id": "t%d" % j, "kind": "stack", "active": "s%d" % j, "children": [{"id": "s%d" % j}]}
                for j in range(2 + i % 5)]
        out.append({"tree": {"id": "r", "kind": "tabs", "active": tabs[i % len(tabs)]["id"], "children": tabs}})
    with open(path, "w") as f:
        json.dump({"navviz": 1, "frames": out}, f)


def fork_baseline():
    """navviz as of FORK_COMMIT, built in release once (None when git or the build fails)."""
    base = os.path.join(WORK, "fork-per-layout")
    binary = os.path.join(base, "build", "release", "navviz")
    if os.path.exists(binary):
        return binary
    source = os.path.join(base, "src")
    shutil.rmtree(base, ignore_errors=True)
    os.makedirs(source)
    try:
        archive = subprocess.run(["git", "-C", ROOT, "archive", FORK_COMMIT], check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", source], input=archive, check=True)
        print("bench: building the fork-per-layout baseline (%s) in release, once" % FORK_COMMIT, flush=True)
        build = subprocess.run(["swift", "build", "-c", "release", "--product", "navviz", "--package-path", source,
                                "--scratch-path", os.path.join(base, "build")] + os.environ.get("BENCH_SWIFT_FLAGS", "").split(),
                               capture_output=True, text=True)
        if build.returncode != 0:
            print(build.stdout[-3000:] + build.stderr[-3000:], flush=True)
            raise OSError("swift build failed")
    except (subprocess.CalledProcessError, OSError) as error:
        print("bench: no fork-per-layout baseline: %s" % error, flush=True)
        return None
    return binary


def layouts():
    seq = os.path.join(WORK, "small-300.json")
    if not os.path.exists(seq):
        small_sequence(seq, 300)
    out = os.path.join(WORK, "layouts")
    args = ["animate", seq, "-o", out, "--layout", "per-frame"]
    report("layouts_dot", 300)
    pool = timed([NAVVIZ] + args, REPEAT)
    alone = timed([NAVVIZ] + args + ["--jobs", "1"], REPEAT)
    report("layouts_pool_seconds", pool)
    report("layouts_pool_1_worker_seconds", alone)
    old = fork_baseline()
    if old:
        fork = timed([old] + args, REPEAT)
        report("layouts_fork_seconds", fork)
        report("layouts_speedup", fork / pool)
        report("layouts_speedup_1_worker", fork / alone)


def recorder():
    bench = os.path.join(os.path.dirname(NAVVIZ), "navviz-recorder-bench")
    if not os.path.exists(bench):
        print("bench: %s not built (make bench builds it); recorder skipped" % bench)
        return
    out = subprocess.run([bench], check=True, capture_output=True, text=True).stdout
    for line in out.splitlines():
        name, value = line.split(": ")
        report(name, float(value) if "." in value else int(value))


def watch():
    probe = os.path.join(os.path.dirname(NAVVIZ), "navviz-recorder-probe")
    chromium = shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome")
    if not os.path.exists(probe) or not chromium:
        print("bench: %s or Chromium missing (make bench builds the probe; apt-get install chromium); watch skipped" % probe)
        return
    out = subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "watch-e2e.py"), "--navviz", NAVVIZ, "--probe", probe,
                          "--long", os.environ.get("BENCH_WATCH_LONG", "100000")], capture_output=True, text=True)
    for line in out.stdout.splitlines():
        name, value = line.split(": ", 1)
        report(name, value)
    if out.returncode != 0:
        print("bench: watch failed: %s" % out.stderr.strip())


def time_v(cmd):
    """Wall-clock seconds and peak RSS in MB of one run of cmd under /usr/bin/time -v (the
    peak of cmd and of the children it waited for)."""
    start = time.perf_counter()
    out = subprocess.run(["/usr/bin/time", "-v"] + cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    seconds = time.perf_counter() - start
    if out.returncode != 0:
        sys.exit("bench: %s failed:\n%s" % (" ".join(cmd), out.stderr[-2000:]))
    rss = next(int(line.split(":")[1]) for line in out.stderr.splitlines() if "Maximum resident set size" in line)
    return seconds, rss / 1024.0


def megabytes(path):
    if os.path.isdir(path):
        return sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(path) for f in fs) / 1e6
    return os.path.getsize(path) / 1e6 if os.path.exists(path) else 0.0


def gif_frames(path):
    """How many images a GIF holds (its image descriptors, walked block by block)."""
    with open(path, "rb") as f:
        data = f.read()
    i = 13
    if data[10] & 0x80:
        i += 3 << ((data[10] & 7) + 1)
    count = 0
    while i < len(data) and data[i] != 0x3B:
        if data[i] == 0x21:
            i += 2
        elif data[i] == 0x2C:
            count += 1
            flags = data[i + 9]
            i += 10
            if flags & 0x80:
                i += 3 << ((flags & 7) + 1)
            i += 1
        else:
            break
        while data[i] != 0:
            i += data[i] + 1
        i += 1
    return count


def session():
    sizes = [int(n) for n in os.environ.get("BENCH_SESSIONS", "300,1000").split(",") if n]
    if os.environ.get("BENCH_LONG") == "1" and 10000 not in sizes:
        sizes.append(10000)
    for n in sizes:
        log = os.path.join(WORK, "app-session-%d.ndjson" % n)
        stats = subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "gen-session.py"), str(n), log, "--stats"],
                               check=True, capture_output=True, text=True).stderr
        values = dict(line.split(": ") for line in stats.splitlines())
        report("session_%d_distinct_screens" % n, int(values["distinct screens"]))
        report("session_%d_most_nodes" % n, int(values["most nodes at once"]))
        out = os.path.join(WORK, "app-session-%d" % n)
        seconds, rss = time_v([NAVVIZ, "animate", log, "-o", out, "--png", "--gif"])
        frames = len([f for f in os.listdir(os.path.join(out, "frames")) if f.endswith(".svg")])
        report("session_%d_frames" % n, frames)
        report("session_%d_animate_png_gif_seconds" % n, seconds)
        report("session_%d_peak_rss_mb" % n, rss)
        report("session_%d_index_html_mb" % n, megabytes(os.path.join(out, "index.html")))
        gif = os.path.join(out, "animation.gif")
        report("session_%d_gif_mb" % n, megabytes(gif))
        with open(gif, "rb") as f:
            header = f.read(10)
        report("session_%d_gif_width" % n, int.from_bytes(header[6:8], "little"))
        report("session_%d_gif_height" % n, int.from_bytes(header[8:10], "little"))
        report("session_%d_frames_dir_mb" % n, megabytes(os.path.join(out, "frames")))
        with open(os.path.join(out, "summary.md"), encoding="utf-8") as f:
            report("session_%d_summary_chars" % n, len(f.read()))
        if n == 300:
            # How steady the GIF is: the share of its consecutive frames in which a node
            # drawn in both moved (Scripts/frame-steadiness.py, on the DOT each PNG frame is
            # drawn from; the GIF keeps every Nth frame).
            shown = gif_frames(gif)
            stride = max(1, round((frames - 1) / (shown - 1))) if shown > 1 else 1
            steady = os.path.join(WORK, "app-session-%d-png-dot" % n)
            shutil.rmtree(steady, ignore_errors=True)
            run([NAVVIZ, "animate", log, "-o", steady, "--png", "--dot-only"])
            measured = subprocess.run([sys.executable, os.path.join(ROOT, "Scripts", "frame-steadiness.py"), steady, "--stride", str(stride)],
                                      check=True, capture_output=True, text=True).stdout
            figures = dict(line.split(": ") for line in measured.splitlines())
            report("session_%d_gif_frames" % n, shown)
            report("session_%d_gif_pairs_moved" % n, int(figures["moved"]))
            report("session_%d_gif_moved_share" % n, float(figures["moved_share"]))
            discard(steady)
            dots = os.path.join(WORK, "app-session-%d-dot" % n)
            shutil.rmtree(dots, ignore_errors=True)
            run([NAVVIZ, "animate", log, "-o", dots, "--layout", "per-frame", "--dot-only"])
            count = len([f for f in os.listdir(os.path.join(dots, "frames")) if f.endswith(".dot")])
            report("session_%d_dot_frames" % n, count)
            loop = 'for f in "$0"/frames/*.dot; do dot -Tpng "$f" -o "${f%.dot}.png" || exit 1; done'
            baseline = timed(["bash", "-c", loop, dots])
            report("session_%d_dot_png_seconds" % n, baseline)
            report("session_%d_speedup" % n, baseline / seconds)
        discard(out)
    # #13's memory target: a session ten times longer takes at most 1.2x the memory.
    if 1000 in sizes and 10000 in sizes:
        values = {name: value for name, value, _ in results}
        report("session_peak_rss_ratio_10000_to_1000", float(values["session_10000_peak_rss_mb"]) / float(values["session_1000_peak_rss_mb"]))


def chromium():
    for path in ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"):
        if os.access(path, os.X_OK):
            return path
    return None


def player():
    n = int(os.environ.get("BENCH_PLAYER", "10000"))
    log = os.path.join(WORK, "app-session-%d.ndjson" % n)
    run([sys.executable, os.path.join(ROOT, "Scripts", "gen-session.py"), str(n), log])
    out = os.path.join(WORK, "player-%d" % n)
    seconds = timed([NAVVIZ, "animate", log, "-o", out])
    report("player_%d_animate_seconds" % n, seconds)
    index = os.path.join(out, "index.html")
    report("player_%d_index_html_mb" % n, megabytes(index))
    browser = chromium()
    if browser:
        import re
        import tempfile
        with tempfile.TemporaryDirectory() as work:
            # A harness page times the player from the moment its frame is made to the
            # frame's load event, which follows the player's script and its first frame.
            harness = os.path.join(work, "harness.html")
            with open(harness, "w") as f:
                f.write("<!DOCTYPE html><html><body><script>\n"
                        "var frame = document.createElement('iframe'), start = performance.now();\n"
                        "frame.width = 1400; frame.height = 900;\n"
                        "frame.onload = function () { document.body.dataset.loadMs = String(Math.round(performance.now() - start));\n"
                        "  document.body.dataset.paintMs = frame.contentDocument.body.dataset.firstPaintMs || ''; };\n"
                        "frame.src = %s; document.body.appendChild(frame);\n"
                        "</script></body></html>\n" % json.dumps("file://" + index + "#1"))
            start = time.perf_counter()
            dom = subprocess.run([browser, "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run",
                                  "--disable-extensions", "--user-data-dir=" + os.path.join(work, "profile"),
                                  "--allow-file-access-from-files", "--virtual-time-budget=30000",
                                  "--dump-dom", "file://" + harness], capture_output=True, text=True).stdout
            wall = time.perf_counter() - start
        load = re.search(r'data-load-ms="(\d+)"', dom)
        paint = re.search(r'data-paint-ms="(\d+)"', dom)
        report("player_%d_first_frame_ms" % n, int(load.group(1)) if load else "-")
        report("player_%d_script_to_first_frame_ms" % n, int(paint.group(1)) if paint else "-")
        report("player_%d_chromium_seconds" % n, wall)
    discard(out)


def table():
    values = {name: value for name, value, _ in results}

    def get(name):
        return values.get(name, "-")
    print()
    print("| what | navviz | baseline | ratio | target |")
    print("|---|---|---|---|---|")
    print("| animate %s frames to SVG | %s s | %s s (dot -Tsvg per frame) | %sx faster | 30x |" % (
        get("animate_frames"), get("svg_navviz_seconds"), get("svg_dot_cli_seconds"), get("svg_speedup")))
    print("| animate %s frames to PNG | %s s | %s s (dot -Tpng per frame) | %sx faster | 3x |" % (
        get("animate_frames"), get("png_navviz_seconds"), get("png_dot_cli_seconds"), get("png_speedup")))
    print("| 300 dot layouts (animate --layout per-frame, small trees) | %s s (pool; one worker: %s s) | %s s (fork per layout) | %sx faster (one worker: %sx) | 3x |" % (
        get("layouts_pool_seconds"), get("layouts_pool_1_worker_seconds"), get("layouts_fork_seconds"),
        get("layouts_speedup"), get("layouts_speedup_1_worker")))
    print("| diff 10k / 100k / 1M nodes | %s / %s / %s s | | growth %s, %s | 100k→1M ≤ 11x |" % (
        get("diff_10k_seconds"), get("diff_100k_seconds"), get("diff_1m_seconds"),
        get("diff_growth_10k_to_100k"), get("diff_growth_100k_to_1m")))
    print("| JSON share of diff 10k / 100k / 1M | %s / %s / %s | | | |" % (
        get("diff_10k_json_share"), get("diff_100k_json_share"), get("diff_1m_json_share")))
    print("| peak memory 1,000 / 10,000 frames | %s / %s MB | document alone %s / %s MB | %sx | ≤ 1.2x |" % (
        get("peak_rss_1000_frames_mb"), get("peak_rss_10000_frames_mb"), get("peak_rss_1000_frames_document_mb"),
        get("peak_rss_10000_frames_document_mb"), get("peak_rss_ratio_10000_to_1000")))
    print("| recorder: one record of 30 nodes | %s µs (CPU %s µs); written to a file %s µs (CPU %s µs); tree built too %s µs (CPU %s µs) | | | |" % (
        get("recorder_record_30_nodes_us"), get("recorder_record_30_nodes_us_cpu"),
        get("recorder_record_30_nodes_written_us"), get("recorder_record_30_nodes_written_us_cpu"),
        get("recorder_build_and_record_30_nodes_us"), get("recorder_build_and_record_30_nodes_us_cpu")))
    print("| recorder: one change of a 20-screen app | SwiftUI %s µs (CPU %s µs); TCA %s µs (CPU %s µs); TCA action without a navigation change %s µs (CPU %s µs) | | | |" % (
        get("recorder_swiftui_change_20_screens_us"), get("recorder_swiftui_change_20_screens_us_cpu"),
        get("recorder_tca_change_20_screens_us"), get("recorder_tca_change_20_screens_us_cpu"),
        get("recorder_tca_unchanged_20_screens_us"), get("recorder_tca_unchanged_20_screens_us_cpu")))
    for n in sorted({int(name.split("_")[1]) for name in values if name.startswith("session_") and name.split("_")[1].isdigit()}):
        def g(what):
            return get("session_%d_%s" % (n, what))
        print("| session of %d transitions (%s distinct screens, %s frames): animate --png --gif | %s s, peak %s MB; index.html %s MB, GIF %s MB (%s × %s px), frames/ %s MB, summary.md %s characters | %s | %s | %s; index.html ≤ %s MB; GIF ≤ 10 MB, ≤ 1280 px |" % (
            n, g("distinct_screens"), g("frames"), g("animate_png_gif_seconds"), g("peak_rss_mb"), g("index_html_mb"),
            g("gif_mb"), g("gif_width"), g("gif_height"), g("frames_dir_mb"), g("summary_chars"),
            ("%s s (dot -Tpng per frame, %s frames)" % (g("dot_png_seconds"), g("dot_frames"))) if n == 300 else "",
            ("%sx faster" % g("speedup")) if n == 300 else "", "10x" if n == 300 else "-", 20 if n >= 10000 else 2))
        if n == 300:
            print("| GIF of the session of %d transitions: consecutive frames in which a node drawn in both moved | %s of %s pairs | | %s | ≤ 0.10 |" % (
                n, g("gif_pairs_moved"), int(g("gif_frames")) - 1 if g("gif_frames") != "-" else "-", g("gif_moved_share")))
    for name in sorted(v for v in values if v.startswith("player_") and v.endswith("_index_html_mb")):
        n = name.split("_")[1]
        print("| player of %s transitions (animate, SVG) | index.html %s MB; first frame %s ms after the page is opened (%s ms after its script starts); the Chromium run %s s | | | < 20 MB, first frame < 3 s |" % (
            n, get(name), get("player_%s_first_frame_ms" % n), get("player_%s_script_to_first_frame_ms" % n), get("player_%s_chromium_seconds" % n)))
    if "watch_latency_p50_ms" in values:
        print("| watch: record() to the step painted, %s steps at 10/s | p50 %s ms, p95 %s ms, max %s ms | | | p95 ≤ 100 ms |" % (
            get("watch_latency_steps"), get("watch_latency_p50_ms"), get("watch_latency_p95_ms"), get("watch_latency_max_ms")))
        print("| watch: a burst of %s steps | %s shown, the last after %s s | | | none lost, ≤ 2 s |" % (
            get("watch_burst_steps"), get("watch_burst_states_shown"), get("watch_burst_caught_up_s")))
        print("| watch: navviz watch killed and restarted mid-stream | %s shown, %s twice | | | all, none twice |" % (
            get("watch_restart_states_shown"), get("watch_restart_duplicates")))
        long = get("watch_long_steps")
        tenth = int(long) // 10 if long != "-" else "-"
        print("| watch: %s steps streamed | navviz %s / %s MB, page %s / %s MB (at %s / %s); jump ≤ %s ms | | %sx, %sx | ≤ 1.2x; jump ≤ 100 ms |" % (
            long, get("watch_long_%s_navviz_rss_mb" % tenth), get("watch_long_%s_navviz_rss_mb" % long),
            get("watch_long_%s_page_heap_mb" % tenth), get("watch_long_%s_page_heap_mb" % long), tenth, long,
            get("watch_long_jump_max_ms"), get("watch_long_navviz_memory_ratio"), get("watch_long_page_memory_ratio")))
    if "session_peak_rss_ratio_10000_to_1000" in values:
        print("| session peak memory 1,000 / 10,000 transitions (animate --png --gif) | %s / %s MB | | %sx | ≤ 1.2x |" % (
            get("session_1000_peak_rss_mb"), get("session_10000_peak_rss_mb"), get("session_peak_rss_ratio_10000_to_1000")))


def main():
    os.makedirs(WORK, exist_ok=True)
    if not shutil.which("dot"):
        sys.exit("bench: the Graphviz CLI 'dot' is needed for the baseline (make deps)")
    version = subprocess.run([NAVVIZ, "--version"], capture_output=True, text=True).stdout.strip()
    dot = subprocess.run(["dot", "-V"], capture_output=True, text=True).stderr.strip()
    report("navviz_version", version)
    report("graphviz", dot.replace("dot - graphviz version ", ""))
    report("cores", os.cpu_count())
    if not {"animate", "png"} <= SKIP:
        animation()
    if "diff" not in SKIP:
        diff()
    if "memory" not in SKIP:
        memory()
    if "layouts" not in SKIP:
        layouts()
    if "recorder" not in SKIP:
        recorder()
    if "session" not in SKIP:
        session()
    if "player" not in SKIP:
        player()
    if "watch" not in SKIP:
        watch()
    table()
    for path in discarded:
        shutil.rmtree(path, ignore_errors=True)


if __name__ == "__main__":
    main()
