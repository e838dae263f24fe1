#!/usr/bin/env python3
"""Lists the public (and open) declarations of the library modules that have no doc comment:
the API a library user reads must say what it is. Exit status 1 when there is one.

A declaration counts as documented when the lines right above it (skipping attributes such
as @inlinable and blank lines) are a `///` comment. An enum case needs none of its own
when it is not public by itself (cases take their enum's access). Usage:
    Scripts/undocumented-public.py [Sources/NavVizCore ...]
"""
import os, re, sys

DECL = re.compile(r'^\s*(@[\w()]+\s+)*(public|open)\s+(?!(import|extension)\b)')
roots = sys.argv[1:] or [f'Sources/{m}' for m in ('NavVizCore', 'NavVizFiles', 'NavVizRender', 'NavVizArtifacts', 'NavVizRecorder')]
missing = []
for root in roots:
    for dirpath, _, names in os.walk(root):
        for name in sorted(names):
            if not name.endswith('.swift'):
                continue
            path = os.path.join(dirpath, name)
            lines = open(path, encoding='utf-8').read().split('\n')
            for i, line in enumerate(lines):
                if not DECL.match(line) or line.lstrip().startswith('//'):
                    continue
                if re.search(r'\b(init|description|hash|==)\b', line) and re.search(r'public (static func ==|var description|func hash|init\(from decoder)', line):
                    continue  # protocol requirements documented by their protocol
                j = i - 1
                while j >= 0 and (lines[j].strip() == '' or lines[j].strip().startswith('@')):
                    j -= 1
                if j < 0 or not lines[j].strip().startswith('///'):
                    missing.append(f'{path}:{i + 1}: {line.strip()}')
for m in missing:
    print(m)
print(f'{len(missing)} public declarations without a doc comment', file=sys.stderr)
sys.exit(1 if missing else 0)
