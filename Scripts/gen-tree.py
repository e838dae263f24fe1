#!/usr/bin/env python3
"""Writes a pair of navviz snapshots for timing `navviz diff`.

    Scripts/gen-tree.py N OUT_PREFIX [--shape wide|deep] [--seed S]

writes OUT_PREFIX.before.json (N nodes) and OUT_PREFIX.after.json: the same tree with about
1% of it edited (subtrees replaced, nodes added, contexts changed, active children switched).
`wide`: every node gets 0-8 children (a bushy app); `deep`: one stack N screens deep with a
few side branches. Iterative throughout, so a 1,000,000-node tree is written in seconds.
"""
import json
import random
import sys


def build(n, shape, rng):
    parent = [-1]
    kids = [[]]
    for i in range(1, n):
        if shape == "deep":
            p = i - 1 if rng.random() < 0.98 else rng.randrange(i)
        else:
            # Attach to one of the recent nodes: bushy, a few levels per thousand nodes.
            p = rng.randrange(max(0, i - 50), i) if rng.random() < 0.9 else rng.randrange(i)
        parent.append(p)
        kids.append([])
        kids[p].append(i)
    active = [rng.choice(k) if k else -1 for k in kids]
    ctx = [None] * n
    return parent, kids, active, ctx


def edit(kids, active, ctx, rng, n):
    kids = [list(k) for k in kids]
    active = list(active)
    ctx = list(ctx)
    names = {}
    fresh = n
    removed = set()
    for _ in range(max(1, n // 100)):
        s = rng.randrange(n)
        what = rng.random()
        if what < 0.3 and kids[s]:
            victim = rng.choice(kids[s])
            kids[s].remove(victim)
            removed.add(victim)
            kids.append([])
            active.append(-1)
            ctx.append(None)
            kids[s].append(fresh)
            if active[s] == victim or active[s] == -1:
                active[s] = fresh
            fresh += 1
        elif what < 0.6:
            kids.append([])
            active.append(-1)
            ctx.append(None)
            kids[s].append(fresh)
            fresh += 1
        elif what < 0.8:
            ctx[s] = {"v": str(rng.randrange(100))}
        elif kids[s]:
            active[s] = rng.choice(kids[s])
    return kids, active, ctx, removed


def write(path, kids, active, ctx, skip=frozenset()):
    # Iterative writer: a stack of (node, child index).
    out = ['{"navviz": 1, "tree": ']
    stack = [(0, -1)]
    while stack:
        s, i = stack.pop()
        if i == -1:
            out.append('{"id": "n%d"' % s)
            if ctx[s]:
                out.append(', "context": ' + json.dumps(ctx[s]))
            if active[s] != -1:
                out.append(', "active": "n%d"' % active[s])
            live = [c for c in kids[s] if c not in skip]
            kids[s] = live
            if live:
                out.append(', "children": [')
                stack.append((s, 0))
            else:
                out.append('}')
            continue
        if i < len(kids[s]):
            if i > 0:
                out.append(', ')
            stack.append((s, i + 1))
            stack.append((kids[s][i], -1))
        else:
            out.append(']}')
    out.append('}\n')
    with open(path, "w") as f:
        f.write("".join(out))


def main():
    args = sys.argv[1:]
    n, prefix = int(args[0]), args[1]
    shape = args[args.index("--shape") + 1] if "--shape" in args else "wide"
    seed = int(args[args.index("--seed") + 1]) if "--seed" in args else 1
    rng = random.Random(seed)
    parent, kids, active, ctx = build(n, shape, rng)
    write(prefix + ".before.json", [list(k) for k in kids], active, ctx)
    kids2, active2, ctx2, removed = edit(kids, active, ctx, rng, n)
    write(prefix + ".after.json", kids2, active2, ctx2, removed)


if __name__ == "__main__":
    main()
