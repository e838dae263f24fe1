#!/usr/bin/env python3
"""How steady an animation's PNG (and GIF) frames are: the share of consecutive frame pairs
in which a node drawn in both moved.

    Scripts/frame-steadiness.py DIR [--stride N] [--dot DOT] [--list]

DIR is what `navviz animate FILE -o DIR --png --dot-only` writes: frames/NNNN.png.dot, the
Graphviz source each PNG frame is drawn from. The script draws them all as SVG with the
Graphviz CLI (DOT, default `dot`: one process for every file, engine nop2, as navviz's
workers draw PNG frames) and reads where each node is in the picture: the centre of its
drawing's bounding box, in pixels at Graphviz's 96 dpi (where the PNG has it; a GIF puts
every frame at its top left, so there too). Nodes are told apart by their `id` (navviz's
`node-ID`), so a node keeps its identity across layout windows.

A pair (frame i, frame i + N) counts as moved when a node drawn in both has its centre
more than half a pixel away from where it was. `--stride N` compares every Nth frame, as a
GIF that keeps every Nth frame shows them (default 1). Prints `pairs: P`, `moved: M`,
`moved_share: M/P` and, with `--list`, each moved pair and its node that moved farthest.

Used by `make bench` (Scripts/bench.py, the 300-transition session) and by
FrameSteadinessTests (a smaller session). Issue #29's goal: at most 10% of pairs.
"""
import html
import os
import re
import subprocess
import sys
import tempfile

NUMBER = r"-?\d+(?:\.\d+)?(?:e-?\d+)?"
TRANSFORM = re.compile(r'transform="scale\((%s) (%s)\) rotate\(0\) translate\((%s) (%s)\)"' % ((NUMBER,) * 4))
NODE = re.compile(r'<g id="node(?:-|&#45;)([^"]*)" class="node')
POINTS = re.compile(r'points="([^"]*)"')
PATH = re.compile(r' d="([^"]*)"')
ELLIPSE = re.compile(r'cx="(%s)" cy="(%s)" rx="(%s)" ry="(%s)"' % ((NUMBER,) * 4))
PAIR = re.compile(r"(%s),(%s)" % (NUMBER, NUMBER))
PATH_PAIR = re.compile(r"(%s)[ ,](%s)" % (NUMBER, NUMBER))
PIXELS_PER_POINT = 96.0 / 72.0


def centres(svg):
    """Each node's centre in pixels, by its id, in an SVG Graphviz wrote."""
    transform = TRANSFORM.search(svg)
    if not transform:
        raise ValueError("no graph transform")
    sx, sy, tx, ty = (float(v) for v in transform.groups())
    out = {}
    node, depth, box = None, 0, None
    for line in svg.splitlines():
        if node is None:
            found = NODE.match(line)
            if found:
                node, depth, box = html.unescape(found.group(1)), 0, [float("inf"), float("inf"), float("-inf"), float("-inf")]
            else:
                continue
        depth += line.count("<g ") + line.count("<g>") - line.count("</g>")
        points = []
        for match in POINTS.finditer(line):
            points += [(float(x), float(y)) for x, y in PAIR.findall(match.group(1))]
        for match in PATH.finditer(line):
            points += [(float(x), float(y)) for x, y in PATH_PAIR.findall(re.sub(r"[MCLZmclz]", " ", match.group(1)))]
        for cx, cy, rx, ry in ELLIPSE.findall(line):
            cx, cy, rx, ry = float(cx), float(cy), float(rx), float(ry)
            points += [(cx - rx, cy - ry), (cx + rx, cy + ry)]
        for x, y in points:
            box = [min(box[0], x), min(box[1], y), max(box[2], x), max(box[3], y)]
        if depth <= 0:
            if box[0] <= box[2]:
                x, y = (box[0] + box[2]) / 2, (box[1] + box[3]) / 2
                out[node] = (sx * (x + tx) * PIXELS_PER_POINT, sy * (y + ty) * PIXELS_PER_POINT)
            node = None
    return out


def draw(dot, files):
    """Each file's SVG, drawn by one Graphviz process per few hundred files."""
    out = {}
    with tempfile.TemporaryDirectory() as work:
        for start in range(0, len(files), 400):
            batch = files[start:start + 400]
            links = []
            for k, f in enumerate(batch):
                link = os.path.join(work, "%06d.dot" % (start + k))
                os.symlink(os.path.abspath(f), link)
                links.append(link)
            subprocess.run([dot, "-Knop2", "-Tsvg", "-O"] + links, check=True)
            for f, link in zip(batch, links):
                with open(link + ".svg", encoding="utf-8") as svg:
                    out[f] = svg.read()
    return out


def main(argv):
    args = list(argv)
    stride, dot, listing = 1, "dot", False
    if "--list" in args:
        args.remove("--list")
        listing = True
    for flag in ("--stride", "--dot"):
        if flag in args:
            i = args.index(flag)
            value = args[i + 1]
            del args[i:i + 2]
            if flag == "--stride":
                stride = int(value)
            else:
                dot = value
    if len(args) != 1 or stride < 1:
        sys.exit("usage: Scripts/frame-steadiness.py DIR [--stride N] [--dot DOT] [--list]")
    frames = os.path.join(args[0], "frames")
    files = sorted(os.path.join(frames, f) for f in os.listdir(frames) if f.endswith(".png.dot"))
    if len(files) < 2:
        sys.exit("frame-steadiness: %s has fewer than two frames/NNNN.png.dot (animate --png --dot-only writes them)" % frames)
    svgs = draw(dot, files)
    kept = files[::stride]
    if kept[-1] != files[-1]:
        kept.append(files[-1])
    placed = [centres(svgs[f]) for f in kept]
    pairs = moved = 0
    for k in range(1, len(kept)):
        a, b = placed[k - 1], placed[k]
        common = set(a) & set(b)
        pairs += 1
        shifts = [(max(abs(a[n][0] - b[n][0]), abs(a[n][1] - b[n][1])), n) for n in common]
        farthest = max(shifts) if shifts else (0.0, None)
        if farthest[0] > 0.5:
            moved += 1
            if listing:
                print("%s -> %s: %s moved %.1f px (%d nodes in both)" % (
                    os.path.basename(kept[k - 1]), os.path.basename(kept[k]), farthest[1], farthest[0], len(common)))
    print("pairs: %d" % pairs)
    print("moved: %d" % moved)
    print("moved_share: %.3f" % (moved / pairs))


if __name__ == "__main__":
    main(sys.argv[1:])
