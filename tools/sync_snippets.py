#!/usr/bin/env python3
"""Rewrites every ```cpp block of README.md and docs/*.md from the compiled region it names.

A block is preceded by `<!-- snippet: FILE NAME -->`; its text becomes the lines between
`// example-begin NAME` and `// example-end NAME` of FILE, dedented (what
tests/check_snippets.sh checks). Run after editing or formatting a region.
"""
import glob
import os
import re
import sys

root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..")
os.chdir(root)


def region(path, name):
    lines, inside = [], False
    for line in open(path).read().split("\n"):
        if re.search(r"// example-end " + re.escape(name) + "$", line):
            inside = False
        if inside:
            lines.append(line)
        if re.search(r"// example-begin " + re.escape(name) + "$", line):
            inside = True
    indent = min((len(l) - len(l.lstrip(" ")) for l in lines if l.strip()), default=0)
    return [l[indent:] for l in lines]


for md in ["README.md"] + sorted(glob.glob("docs/*.md")):
    text = open(md).read().split("\n")
    out, i, changed = [], 0, False
    while i < len(text):
        line = text[i]
        out.append(line)
        m = re.match(r"<!-- snippet: (\S+) (\S+) -->", line)
        if m and i + 1 < len(text) and text[i + 1].startswith("```cpp"):
            out.append(text[i + 1])
            j = i + 2
            while not text[j].startswith("```"):
                j += 1
            new = region(m.group(1), m.group(2))
            changed |= new != text[i + 2:j]
            out.extend(new)
            out.append(text[j])
            i = j + 1
            continue
        i += 1
    if changed:
        open(md, "w").write("\n".join(out))
        print("updated", md)
