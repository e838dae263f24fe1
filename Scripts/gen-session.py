#!/usr/bin/env python3
"""Writes a navviz log (NDJSON) of a recorded session of a four-tab app.

    Scripts/gen-session.py TRANSITIONS OUT.ndjson [--seed S] [--stats]

OUT `-` writes to standard output. The log has TRANSITIONS + 1 lines, one snapshot a line
(`{"navviz": 1, "label": "...", "tree": Node}`), the first labelled `launch`; each line after
it differs from the one before (every transition has operations). The same TRANSITIONS and
seed (default 13) write the same bytes. `--stats` prints to standard error how many
distinct screens the session visits, the most nodes one snapshot has, the deepest stack and
the most nested modals.

The app is a tab bar of four stacks (home, search, chats, account), each a chain of screens
up to 9 deep, as KatanaRouter and Portus nest them. What happens is what a user and an app
do: pushes and pops, tab switches, pop to root, modals presented on the visible screen and
dismissed (up to three nested, each a chain of its own), deep links that dismiss the modals,
switch tabs and replace a whole stack with several screens at once, and now and then the
same screen pushed twice (a product opened from itself). Screens carry the item they show
as context (`chat?chatId=123`, `product?productId=4711`), and new items keep appearing as in
a real app, so the set of distinct screens grows with the session: about 155 over 300
transitions, about 5,500 over 10,000 (seed 13), while one snapshot holds at most 24 nodes.

`make bench` uses it for its session section (Scripts/bench.py).
"""
import json
import random
import sys

MAX_NODES = 24
MAX_DEPTH = 9
MAX_MODALS = 3

# Per tab: its stack's id, its root screen and the screens a user pushes there, each
# (id, type, context key or None).
TABS = [
    ("homeStack", ("home", "HomeViewController"), [
        ("post", "PostViewController", "postId"), ("product", "ProductViewController", "productId"),
        ("comments", "CommentsViewController", "postId"), ("user", "UserViewController", "userId")]),
    ("searchStack", ("search", "SearchViewController"), [
        ("results", "ResultsViewController", "q"), ("product", "ProductViewController", "productId"),
        ("seller", "SellerViewController", "sellerId"), ("reviews", "ReviewsViewController", "productId")]),
    ("chatsStack", ("chats", "ChatListViewController"), [
        ("chat", "ChatViewController", "chatId"), ("user", "UserViewController", "userId"),
        ("media", "MediaViewController", "mediaId")]),
    ("accountStack", ("account", "AccountViewController"), [
        ("orders", "OrdersViewController", None), ("order", "OrderViewController", "orderId"),
        ("settings", "SettingsViewController", None), ("notifications", "NotificationsViewController", None),
        ("product", "ProductViewController", "productId")]),
]
MODALS = [("compose", "ComposeViewController", None), ("checkout", "CheckoutViewController", "cartId"),
          ("share", "ShareViewController", "postId"), ("login", "LoginViewController", None),
          ("imagePicker", "ImagePickerViewController", None)]
# What is pushed inside a modal's own stack.
MODAL_SCREENS = [("address", "AddressViewController", "addressId"), ("payment", "PaymentViewController", None),
                 ("album", "AlbumViewController", "albumId"), ("contact", "ContactViewController", "userId")]
WORDS = ["shoes", "lamp", "desk", "tent", "kettle", "bike", "camera", "sofa", "watch", "drill"]


class App:
    """The app's navigation state: a chain of screens per tab and the modals over the
    visible tab, each modal a chain of its own. A screen is (id, type, context)."""

    def __init__(self, rng):
        self.rng = rng
        self.stacks = [[(root, kind, {})] for _, (root, kind), _ in TABS]
        self.tab = 0
        self.modals = []
        # Items seen so far per context key; new ones get growing numbers.
        self.items = {}
        self.next_item = {}

    def item(self, key):
        """An item for a screen: a new one nine times in ten, else one seen recently."""
        seen = self.items.setdefault(key, [])
        if seen and self.rng.random() < 0.1:
            return self.rng.choice(seen[-12:])
        if key == "q":
            value = "%s %d" % (self.rng.choice(WORDS), len(seen) + 1)
        else:
            start = {"productId": 4700, "chatId": 120, "orderId": 90310}.get(key, 10)
            value = self.next_item.get(key, start) + self.rng.randint(1, 9)
            self.next_item[key] = value
        seen.append(value)
        return value

    def screen(self, catalog):
        ident, kind, key = self.rng.choice(catalog)
        return (ident, kind, {key: self.item(key)} if key else {})

    def size(self):
        return 1 + sum(1 + len(s) for s in self.stacks) + sum(len(m) for m in self.modals)

    def visible(self):
        """The chain pushes and pops act on: the top modal's, else the visible tab's."""
        return self.modals[-1] if self.modals else self.stacks[self.tab]

    @staticmethod
    def name(screen):
        ident, _, context = screen
        return ident + "".join("?%s=%s" % (k, v) for k, v in context.items())

    def step(self):
        """One event; returns its label, or None when it cannot happen now."""
        r = self.rng.random()
        chain = self.visible()
        room = MAX_NODES - self.size()
        if r < 0.34:
            if room < 1 or len(chain) >= MAX_DEPTH:
                return None
            screen = self.screen(MODAL_SCREENS if self.modals else TABS[self.tab][2])
            chain.append(screen)
            return "push %s" % self.name(screen)
        if r < 0.36:
            if room < 1 or len(chain) >= MAX_DEPTH or len(chain) < 2:
                return None
            chain.append(chain[-1])
            return "push %s again" % self.name(chain[-1])
        if r < 0.58:
            if len(chain) < 2:
                return None
            gone = chain.pop()
            return "pop %s" % self.name(gone)
        if r < 0.61:
            if len(chain) < 3:
                return None
            del chain[1:]
            return "pop to root %s" % self.name(chain[0])
        if r < 0.76:
            if self.modals:
                return None
            self.tab = self.rng.choice([i for i in range(len(TABS)) if i != self.tab])
            return "switch to %s" % TABS[self.tab][0]
        if r < 0.85:
            if room < 1 or len(self.modals) >= MAX_MODALS:
                return None
            self.modals.append([self.screen(MODALS)])
            return "present %s" % self.name(self.modals[-1][0])
        if r < 0.93:
            if not self.modals:
                return None
            gone = self.modals.pop()
            return "dismiss %s" % self.name(gone[0])
        # A deep link: dismiss every modal, switch tabs, replace the stack with 2 to 4 screens.
        tab = self.rng.randrange(len(TABS))
        depth = self.rng.randint(2, 4)
        old = self.stacks[tab]
        room = MAX_NODES - (self.size() - sum(len(m) for m in self.modals) - len(old) + 1)
        depth = min(depth, room)
        if depth < 1:
            return None
        chain = [old[0]] + [self.screen(TABS[tab][2]) for _ in range(depth)]
        if chain == old and tab == self.tab and not self.modals:
            return None
        self.modals = []
        self.tab = tab
        self.stacks[tab] = chain
        return "deep link %s" % "/".join(self.name(s) for s in chain)

    def tree(self):
        """The snapshot: the tab bar, each stack a chain, the modals over the visible tab."""
        def node(screen, extra=None):
            ident, kind, context = screen
            out = {"id": ident, "type": kind}
            if extra:
                out.update(extra)
            if context:
                out["context"] = dict(context)
            return out

        def chain(screens, top_children):
            # Built from the top down: each screen is the child of the one under it.
            below = top_children
            for screen in reversed(screens):
                n = node(screen)
                if below:
                    n["children"] = [below]
                    n["active"] = {"id": below["id"], "context": below["context"]} if below.get("context") else below["id"]
                below = n
            return below

        modal = None
        for m in reversed(self.modals):
            inner = chain(m, modal)
            inner["kind"] = "modal"
            modal = inner
        tabs = []
        for i, (stack_id, _, _) in enumerate(TABS):
            root = chain(self.stacks[i], modal if i == self.tab else None)
            tabs.append({"id": stack_id, "kind": "stack", "label": stack_id[:-5].capitalize(),
                         "active": root["id"], "children": [root]})
        return {"id": "tabBar", "type": "UITabBarController", "kind": "tabs",
                "active": TABS[self.tab][0], "children": tabs}


def screens(tree, into):
    """Adds every (id, context) in the tree to `into`; returns (nodes, deepest chain of screens
    under a stack, modals on the active path)."""
    def walk(n, depth, modals):
        into.add((n["id"], json.dumps(n.get("context", {}), sort_keys=True)))
        count, deepest, nested = 1, depth, modals
        for c in n.get("children", []):
            m = modals + (1 if c.get("kind") == "modal" else 0)
            d = 1 if c.get("kind") == "modal" or n.get("kind") == "stack" else depth + 1
            k, dd, mm = walk(c, d, m)
            count, deepest, nested = count + k, max(deepest, dd), max(nested, mm)
        return count, deepest, nested
    return walk(tree, 0, 0)


def main():
    args = sys.argv[1:]
    if len(args) < 2 or not args[0].isdigit():
        sys.exit(__doc__)
    transitions, path = int(args[0]), args[1]
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 13
    app = App(random.Random(seed))
    lines = [json.dumps({"navviz": 1, "label": "launch", "tree": app.tree()}, separators=(",", ":"))]
    seen, most, deepest, nested = set(), 0, 0, 0
    count, d, m = screens(app.tree(), seen)
    most, deepest, nested = count, d, m
    previous = lines[0]
    while len(lines) <= transitions:
        label = app.step()
        if label is None:
            continue
        tree = app.tree()
        line = json.dumps({"navviz": 1, "label": label, "tree": tree}, separators=(",", ":"))
        if json.loads(line)["tree"] == json.loads(previous)["tree"]:
            continue
        lines.append(line)
        previous = line
        count, d, m = screens(tree, seen)
        most, deepest, nested = max(most, count), max(deepest, d), max(nested, m)
    out = sys.stdout if path == "-" else open(path, "w")
    out.write("\n".join(lines) + "\n")
    if out is not sys.stdout:
        out.close()
    if "--stats" in args:
        print("transitions: %d\ndistinct screens: %d\nmost nodes at once: %d\ndeepest stack: %d\nmost nested modals: %d"
              % (transitions, len(seen), most, deepest, nested), file=sys.stderr)


if __name__ == "__main__":
    main()
