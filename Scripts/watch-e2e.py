#!/usr/bin/env python3
"""`navviz watch` end to end: the real server, a real recorder process streaming to it, and
headless Chromium showing the live page, driven over the DevTools protocol.

    Scripts/watch-e2e.py --navviz BIN --probe BIN [--chromium PATH] [--scenario NAME ...]
                         [--steps N] [--rate R] [--json OUT]

Scenarios (all by default):
  latency   N steps at R a second (default 1,000 at 10/s): every step painted; the latency
            from record() (the recorder's timestamp) to the page painting the step: p50, p95
  burst     N steps recorded at once (default 1,000): none lost; the time until the page shows
            the last one
  restart   N steps at R/s; navviz watch is killed a third of the way and started again on the
            same port: every step the recorder's buffer held is shown once, none twice
  long      N steps (default 100,000) as fast as the recorder makes them, the page connected:
            navviz's and the page's memory at N/10 and at N, and the time to jump to a step
  travel    N steps (default 3,000) as fast as the recorder makes them, to two pages: one that
            keeps every frame and one that keeps 512 (?keep=512) and lets older frames and
            windows go; 20 frames across the session shown on both must show the same (nodes,
            labels, context, step): what the second brings back from the server is right
  origin    a page of another origin tries the WebSocket: refused

Prints `name: value` lines (and writes them as JSON to --json); exits 1 when a check fails.
Needs Python's `websockets` (pip install websockets).
"""
import argparse, asyncio, json, os, re, shutil, signal, socket, statistics, subprocess, sys, tempfile, time, urllib.request

import websockets

class Page:
    """One Chromium tab over the DevTools protocol."""
    def __init__(self, ws):
        self.ws, self.next_id, self.events = ws, 0, []

    async def call(self, method, **params):
        self.next_id += 1
        my = self.next_id
        await self.ws.send(json.dumps({"id": my, "method": method, "params": params}))
        while True:
            message = json.loads(await self.ws.recv())
            if message.get("id") == my:
                if "error" in message:
                    raise RuntimeError(f"{method}: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    async def eval(self, expression):
        result = await self.call("Runtime.evaluate", expression=expression, returnByValue=True, awaitPromise=True)
        if "exceptionDetails" in result:
            raise RuntimeError(f"{expression}: {result['exceptionDetails']}")
        return result["result"].get("value")

class Browser:
    def __init__(self, chromium):
        self.profile = tempfile.mkdtemp(prefix="navviz-e2e-chromium-")
        self.process = subprocess.Popen([chromium, "--headless=new", "--no-sandbox", "--disable-gpu", "--remote-debugging-port=0",
                                         f"--user-data-dir={self.profile}", "--window-size=1400,900", "about:blank"],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        port_file = os.path.join(self.profile, "DevToolsActivePort")
        for _ in range(300):
            if os.path.exists(port_file) and open(port_file).read().count("\n") >= 1:
                break
            time.sleep(0.05)
        self.port = int(open(port_file).read().split("\n")[0])

    async def open(self, url):
        request = urllib.request.Request(f"http://127.0.0.1:{self.port}/json/new?{url}", method="PUT")
        target = json.loads(urllib.request.urlopen(request).read())
        ws = await websockets.connect(target["webSocketDebuggerUrl"], max_size=None)
        page = Page(ws)
        await page.call("Runtime.enable")
        await page.call("Performance.enable")
        return page

    def close(self):
        self.process.terminate()
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()
        shutil.rmtree(self.profile, ignore_errors=True)

def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]

class Watch:
    def __init__(self, navviz, port):
        self.process = subprocess.Popen([navviz, "watch", "--port", str(port)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.url = self.process.stdout.readline().strip()
        if not self.url.startswith("http"):
            raise RuntimeError(f"navviz watch did not start: {self.process.stderr.read()}")

    def health(self):
        return json.loads(urllib.request.urlopen(self.url + "health").read())

    def rss_mb(self):
        with open(f"/proc/{self.process.pid}/status") as f:
            return int(re.search(r"VmRSS:\s+(\d+)", f.read()).group(1)) / 1024

    def stop(self, sig=signal.SIGTERM):
        self.process.send_signal(sig)
        try:
            self.process.wait(5)
        except subprocess.TimeoutExpired:
            self.process.kill()

def probe(binary, url, steps, rate, linger=30, capacity=None):
    args = [binary, url, "--steps", str(steps), "--rate", str(rate), "--linger", str(linger)]
    if capacity:
        args += ["--capacity", str(capacity)]
    return subprocess.Popen(args, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

async def until(condition, timeout, interval=0.05):
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = await condition()
        if value:
            return value
        await asyncio.sleep(interval)
    return await condition()

LIVE = "window.navvizLive"

async def live_stats(page):
    return await page.eval(f"{LIVE} ? {LIVE}.stats() : null")

def percentile(values, p):
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]

async def scenario_latency(args, browser, figures, failures):
    watch = Watch(args.navviz, free_port())
    try:
        page = await browser.open(watch.url)
        await until(lambda: live_stats(page), 10)
        recorder = probe(args.probe, watch.url, args.steps, args.rate)
        recorder.wait()
        stats = await until(lambda: _painted(page, args.steps), 20)
        stats = await live_stats(page)
        latencies = stats["latencies"]
        figures["latency_steps"] = args.steps
        figures["latency_painted_states"] = stats["paintedStates"]
        figures["latency_p50_ms"] = percentile(latencies, 50)
        figures["latency_p95_ms"] = percentile(latencies, 95)
        figures["latency_max_ms"] = max(latencies) if latencies else None
        if stats["paintedStates"] != args.steps:
            failures.append(f"latency: {stats['paintedStates']} of {args.steps} states painted")
    finally:
        watch.stop()

async def _painted(page, states):
    stats = await live_stats(page)
    return stats if stats and stats["paintedStates"] >= states else None

async def scenario_burst(args, browser, figures, failures):
    watch = Watch(args.navviz, free_port())
    try:
        page = await browser.open(watch.url)
        await until(lambda: live_stats(page), 10)
        start = time.time()
        recorder = probe(args.probe, watch.url, args.burst, 0, capacity=max(500, args.burst))
        await until(lambda: _painted(page, args.burst), 30)
        caught_up = time.time() - start
        recorder.wait()
        stats = await live_stats(page)
        figures["burst_steps"] = args.burst
        figures["burst_caught_up_s"] = round(caught_up, 3)
        figures["burst_states_shown"] = stats["states"]
        if stats["states"] != args.burst:
            failures.append(f"burst: {stats['states']} of {args.burst} states shown")
    finally:
        watch.stop()

async def scenario_restart(args, browser, figures, failures):
    port = free_port()
    watch = Watch(args.navviz, port)
    steps = min(args.steps, 300)
    recorder = probe(args.probe, watch.url, steps, max(args.rate, 30), linger=60, capacity=max(500, steps))
    time.sleep(steps / max(args.rate, 30) / 3)
    watch.stop(signal.SIGKILL)
    time.sleep(1)
    watch = Watch(args.navviz, port)
    try:
        page = await browser.open(watch.url)
        recorder.wait()
        await until(lambda: _painted(page, steps), 30)
        health = watch.health()
        log = urllib.request.urlopen(watch.url + "session.ndjson").read().decode().splitlines()
        figures["restart_states_shown"] = health["states"]
        figures["restart_duplicates"] = len(log) - len(set(log))
        if health["states"] != steps or len(log) != len(set(log)):
            failures.append(f"restart: {health['states']} of {steps} states, {len(log) - len(set(log))} twice")
    finally:
        watch.stop()

async def scenario_long(args, browser, figures, failures):
    watch = Watch(args.navviz, free_port())
    try:
        page = await browser.open(watch.url)
        await until(lambda: live_stats(page), 10)
        checkpoints = [args.long // 10, args.long]
        recorder = probe(args.probe, watch.url, args.long, 0, linger=max(600, args.long // 20), capacity=max(500, args.long))
        for n in checkpoints:
            await until(lambda: _shown(page, n), max(900, args.long // 20), interval=0.5)
            await page.call("HeapProfiler.collectGarbage")
            heap = (await page.call("Runtime.getHeapUsage"))["usedSize"] / 1e6
            figures[f"long_{n}_navviz_rss_mb"] = round(watch.rss_mb(), 1)
            figures[f"long_{n}_page_heap_mb"] = round(heap, 1)
        recorder.wait()
        shown = (await live_stats(page))["states"]
        if shown != args.long:
            failures.append(f"long: {shown} of {args.long} states shown")
        # Jumps across the whole session: most land on frames the page let go, which come back
        # from the server (GET /frames).
        jumps = await page.eval(f"{LIVE}.jumpTimes(20)")
        figures["long_steps"] = args.long
        figures["long_jump_max_ms"] = max(jumps)
        a, b = checkpoints
        figures["long_navviz_memory_ratio"] = round(figures[f"long_{b}_navviz_rss_mb"] / figures[f"long_{a}_navviz_rss_mb"], 3)
        figures["long_page_memory_ratio"] = round(figures[f"long_{b}_page_heap_mb"] / figures[f"long_{a}_page_heap_mb"], 3)
    finally:
        watch.stop()

async def _shown(page, states):
    stats = await live_stats(page)
    return stats if stats and stats["states"] >= states else None

SHOWN = """(function (k) {
  var p = window.navvizPlayer, r;
  p.show(k, true);
  r = p.report();
  return JSON.stringify({ frame: r.frame, nodes: r.nodes, shown: r.shown, view: r.view,
    labels: r.labels.map(function (l) { return [l.id, l.label, l.context, l.changed]; }),
    label: document.getElementById("label").textContent, phase: document.getElementById("phase").textContent,
    operations: document.getElementById("operations").textContent, crumbs: document.getElementById("crumbs").textContent });
})"""

async def scenario_travel(args, browser, figures, failures):
    watch = Watch(args.navviz, free_port())
    try:
        whole = await browser.open(watch.url)
        kept = await browser.open(watch.url + "?keep=512")
        for page in (whole, kept):
            await until(lambda: live_stats(page), 10)
        recorder = probe(args.probe, watch.url, args.travel, 0, linger=120, capacity=max(500, args.travel))
        for page in (whole, kept):
            await until(lambda: _shown(page, args.travel), 120, interval=0.2)
        recorder.wait()
        frames = (await live_stats(whole))["frames"]
        let_go = await kept.eval("window.navvizPlayer.data.windows.filter(function (w) { return w === undefined; }).length")
        differing = []
        for j in range(20):
            k = (j * 7919) % frames
            a, b = await whole.eval(f"{SHOWN}({k})"), await kept.eval(f"{SHOWN}({k})")
            if a != b:
                differing.append(k)
        figures["travel_steps"] = args.travel
        figures["travel_frames_checked"] = 20
        figures["travel_frames_differing"] = len(differing)
        figures["travel_windows_let_go"] = let_go
        if differing:
            failures.append(f"travel: frames {differing} differ on the page that let them go")
        if let_go == 0:
            failures.append("travel: the page kept every window (nothing was brought back)")
    finally:
        watch.stop()

async def scenario_origin(args, browser, figures, failures):
    watch = Watch(args.navviz, free_port())
    try:
        port = int(watch.url.rstrip("/").rsplit(":", 1)[1])
        try:
            async with websockets.connect(f"ws://127.0.0.1:{port}/ws", origin="http://127.0.0.1:1"):
                failures.append("origin: a page of another origin opened the WebSocket")
        except websockets.exceptions.InvalidStatus as e:
            figures["origin_refused_status"] = e.response.status_code
    finally:
        watch.stop()

async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--navviz", required=True)
    parser.add_argument("--probe", required=True)
    parser.add_argument("--chromium", default=shutil.which("chromium") or shutil.which("chromium-browser") or shutil.which("google-chrome"))
    parser.add_argument("--scenario", action="append")
    parser.add_argument("--steps", type=int, default=1000)
    parser.add_argument("--rate", type=float, default=10)
    parser.add_argument("--burst", type=int, default=1000)
    parser.add_argument("--long", type=int, default=100_000)
    parser.add_argument("--travel", type=int, default=3000)
    parser.add_argument("--json")
    args = parser.parse_args()
    scenarios = args.scenario or ["origin", "latency", "burst", "restart", "travel", "long"]
    figures, failures = {}, []
    browser = Browser(args.chromium)
    try:
        for name in scenarios:
            started = time.time()
            await globals()[f"scenario_{name}"](args, browser, figures, failures)
            figures[f"{name}_seconds"] = round(time.time() - started, 1)
    finally:
        browser.close()
    for k, v in figures.items():
        print(f"watch_{k}: {v}")
    for f in failures:
        print(f"FAILED: {f}", file=sys.stderr)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"figures": figures, "failures": failures}, f, indent=1)
    sys.exit(1 if failures else 0)

asyncio.run(main())
