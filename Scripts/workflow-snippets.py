#!/usr/bin/env python3
"""Writes every GitHub Actions workflow snippet of README.md and docs/*.md into OUT_DIR, as a
workflow file actionlint can check (make workflows-lint).

A snippet is a fenced ```yaml block that holds `jobs:` (a whole workflow, written as it is)
or starts with a step (`- uses:` / `- run:`, indented: the steps of a job, wrapped in a
workflow of one job on ubuntu-latest). Other yaml blocks (a GitLab job, a navviz document)
are not GitHub workflows and are skipped. Each file is named after its source and line:
README.md-312.yml. Prints one line per snippet and fails when none is found (the README
always has one, so none found means this script no longer reads it).
"""
import pathlib
import re
import sys

ROOT = pathlib.Path(__file__).resolve().parent.parent


def blocks(text):
    """(line number of the opening fence, language, lines) for each fenced block."""
    out, current = [], None
    for number, line in enumerate(text.split("\n"), start=1):
        stripped = line.strip()
        if stripped.startswith("```"):
            if current is None:
                current = (number, stripped[3:].strip(), [])
            else:
                out.append(current)
                current = None
        elif current is not None:
            current[2].append(line)
    return out


def workflow(lines):
    """The snippet as a whole workflow, or None when it is not a GitHub workflow."""
    text = "\n".join(lines) + "\n"
    if re.search(r"^jobs:", text, re.M):
        return text
    first = next((l for l in lines if l.strip()), "")
    if re.match(r"^\s*- (uses|run|name):", first):
        indent = len(first) - len(first.lstrip())
        steps = "\n".join((" " * 6) + l[indent:] if l.strip() else "" for l in lines)
        return "name: snippet\non: push\njobs:\n  snippet:\n    runs-on: ubuntu-latest\n    steps:\n" + steps + "\n"
    return None


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: workflow-snippets.py OUT_DIR")
    out = pathlib.Path(sys.argv[1])
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("*.yml"):
        old.unlink()
    documents = [ROOT / "README.md"] + sorted((ROOT / "docs").glob("*.md"))
    count = 0
    for doc in documents:
        for number, language, lines in blocks(doc.read_text(encoding="utf-8")):
            if language not in ("yaml", "yml"):
                continue
            text = workflow(lines)
            if text is None:
                continue
            name = f"{doc.relative_to(ROOT).as_posix().replace('/', '_')}-{number}.yml"
            (out / name).write_text(text, encoding="utf-8")
            print(f"workflow-snippets: {doc.relative_to(ROOT)}:{number} -> {out / name}")
            count += 1
    if count == 0:
        sys.exit("workflow-snippets: error: no workflow snippet found in README.md or docs/")


if __name__ == "__main__":
    main()
