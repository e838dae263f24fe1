#!/usr/bin/env python3
"""Writes a navviz sequence for timing `navviz animate`.

    Scripts/gen-sequence.py FRAMES OUT.json [--nodes N] [--seed S]

The sequence is an app session: a tab bar of five stacks, screens with embedded views and
page containers, about N nodes (default 150). Each transition is what an app does: a push,
a pop, a tab switch, a modal presented or dismissed, a page switched, a stack replaced, or
now and then nothing (a log that repeats its state). Ids name destinations the way apps do
(the tab, the depth in the stack and the screen's type: `tab2.d4.chat`), so a screen pushed
again where it was before has its old id and a long session keeps a bounded set of ids. The sequence has as many snapshots as
it takes for `navviz animate` to draw exactly FRAMES frames: the initial frame, then a
pending and an applied frame per transition with operations and one applied frame per
transition without.
"""
import copy
import json
import random
import sys


class Session:
    """The app's navigation state as nested dicts, edited in place."""

    def __init__(self, nodes, rng):
        self.rng = rng
        self.target = nodes
        tabs = [self.stack("tab%d" % i, "Tab %d" % (i + 1)) for i in range(5)]
        self.root = {"id": "tabBar", "type": "UITabBarController", "kind": "tabs",
                     "active": "tab0", "children": tabs}
        while self.count() < nodes:
            self.push(rng.choice(tabs))

    def stack(self, ident, label):
        return {"id": ident, "label": label, "kind": "stack", "children": []}

    @staticmethod
    def deeper(under, what):
        """`tab2.d4.what` for a node pushed on `tab2.d3.chat` (or on the tab `tab2`)."""
        parts = under["id"].split(".")
        depth = int(parts[1][1:]) + 1 if len(parts) > 1 and parts[1].startswith("d") else 1
        return "%s.d%d.%s" % (parts[0], depth, what)

    def screen(self, under):
        """A screen pushed on `under`."""
        kind = self.rng.random()
        if kind < 0.15:
            ident = self.deeper(under, "pager")
            branch, depth = ident.split(".")[:2]
            # Each page starts a branch of its own (`tab2x1`), so screens pushed on different
            # pages at the same depth keep distinct ids.
            pages = [{"id": "%sx%d.d%d.page" % (branch, i, int(depth[1:]) + 1), "type": "PageViewController",
                      "label": "Page %d" % i} for i in range(4)]
            return {"id": ident, "type": "PagerViewController", "kind": "page",
                    "active": pages[0]["id"], "children": pages}
        kind = self.rng.choice(["List", "Detail", "Chat", "Profile"])
        ident = self.deeper(under, kind.lower())
        node = {"id": ident, "type": kind + "ViewController", "children": []}
        if self.rng.random() < 0.5:
            node["context"] = {"itemId": self.rng.randrange(1000)}
        for i in range(self.rng.randint(0, 2)):
            node["children"].append({"id": "%s.v%d" % (ident, i), "type": "EmbeddedView", "kind": "view"})
        return node

    def count(self, node=None):
        node = node or self.root
        return 1 + sum(self.count(c) for c in node.get("children", []))

    def top(self, node):
        """The visible screen of a stack chain (the node itself when empty): `active` down."""
        while node.get("active"):
            node = next(c for c in node["children"] if c["id"] == node["active"])
        return node

    def push(self, stack):
        top = self.top(stack)
        new = self.screen(top)
        top.setdefault("children", []).append(new)
        top["active"] = new["id"]

    def pop(self, stack):
        """Removes the visible screen, unless it is the stack's root or a pager's page."""
        parent, node = None, stack
        while node.get("active"):
            parent, node = node, next(c for c in node["children"] if c["id"] == node["active"])
        if parent is not None and parent.get("kind") == "page":
            # The visible screen is a page: pop the pager that holds it.
            node, parent = parent, self.parent_of(stack, parent)
        if parent is None:
            return False
        parent["children"] = [c for c in parent["children"] if c["id"] != node["id"]]
        parent.pop("active")
        return True

    def parent_of(self, start, target):
        """The parent of `target` on the active path from `start`."""
        node = start
        while node.get("active"):
            child = next(c for c in node["children"] if c["id"] == node["active"])
            if child is target:
                return node
            node = child
        return None

    def tab(self, ident):
        return next(c for c in self.root["children"] if c["id"] == ident)

    def step(self):
        """One app event on the visible tab; returns its label."""
        active = self.tab(self.root["active"])
        r = self.rng.random()
        size = self.count()
        if r < 0.05:
            return "nothing changed"
        if r < 0.25:
            ident = self.rng.choice([c["id"] for c in self.root["children"] if c["id"] != active["id"]])
            self.root["active"] = ident
            return "switch to %s" % ident
        if r < 0.45 and size < self.target + 20:
            self.push(active)
            return "push on %s" % active["id"]
        if r < 0.6 and size > self.target - 20 and self.pop(active):
            return "pop on %s" % active["id"]
        if r < 0.7:
            node = active
            while node.get("active"):
                if node.get("kind") == "page":
                    others = [c["id"] for c in node["children"] if c["id"] != node["active"]]
                    node["active"] = self.rng.choice(others)
                    return "page %s" % node["active"]
                node = next(c for c in node["children"] if c["id"] == node["active"])
        if r < 0.85 and size < self.target + 20:
            top = self.top(active)
            modal = {"id": self.deeper(top, "modal"), "type": "ComposeViewController", "kind": "modal", "children": []}
            top.setdefault("children", []).append(modal)
            top["active"] = modal["id"]
            self.push(modal)
            return "present %s" % modal["id"]
        if size > self.target - 20 and self.pop(active):
            return "dismiss or pop on %s" % active["id"]
        if size < self.target:
            self.push(active)
            return "push on %s" % active["id"]
        ident = self.rng.choice([c["id"] for c in self.root["children"] if c["id"] != active["id"]])
        self.root["active"] = ident
        return "switch to %s" % ident


def main():
    args = sys.argv[1:]
    frames, path = int(args[0]), args[1]
    nodes = int(args[args.index("--nodes") + 1]) if "--nodes" in args else 150
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 7
    session = Session(nodes, random.Random(seed))
    snapshots = [{"label": "launch", "tree": copy.deepcopy(session.root)}]
    drawn = 1
    while drawn < frames:
        label = session.step()
        quiet = label == "nothing changed"
        if not quiet and drawn + 2 > frames:
            continue
        snapshots.append({"label": label, "tree": copy.deepcopy(session.root)})
        drawn += 1 if quiet else 2
    document = {"navviz": 1, "title": "benchmark session (%d frames, about %d nodes)" % (frames, nodes),
                "frames": snapshots}
    with open(path, "w") as f:
        json.dump(document, f, separators=(",", ":"))
        f.write("\n")


if __name__ == "__main__":
    main()
