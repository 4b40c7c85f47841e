#!/usr/bin/env python3
"""Checks that keep the READMEs true to the code, run by scripts/test-scripts.

- The README's walkthrough block ("Two machines, conflicts and the trash") is, line for line, the
  body of Examples/walkthrough.sh (everything after its header), which scripts/walkthrough runs.
- Every ```swift block of every README.md in the repository appears in a Swift file of a package
  under Examples/ (its lines in a row, leading spaces aside), where test-all builds and tests it.
- Every README speaks of the project only: no issue numbers, no files outside the repository.

One "PASS  ..." or "FAIL  ..." line per check (with the reason under a failure); exit 1 on a
failure. usage: scripts/lib/readme_checks.py [ROOT]
"""

from __future__ import annotations

import difflib
import os
import re
import sys

SKIPPED = {".build", ".swiftpm", ".git"}
# What points out of the project: issue numbers, and the notes that live beside the repository.
OUTSIDE = re.compile(
    r"\bissues? #?\d+|(?<![\w&])#\d+\b|\.\./shared|\bDESIGN(\.md| §)|LINUX-NOTES|NETWORK-NOTES|/work/"
)


def files(root: str, name: str | None = None, suffix: str | None = None) -> list[str]:
    found = []
    for folder, folders, names in os.walk(root):
        folders[:] = sorted(entry for entry in folders if entry not in SKIPPED)
        for entry in sorted(names):
            if (name is None or entry == name) and (suffix is None or entry.endswith(suffix)):
                found.append(os.path.join(folder, entry))
    return found


def blocks(text: str, language: str) -> list[tuple[int, list[str]]]:
    """Each fenced block of `language`: the line number of its first line, and its lines."""
    found = []
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        if lines[index].strip() == f"```{language}":
            start = index + 1
            end = start
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            found.append((start + 1, lines[start:end]))
            index = end
        index += 1
    return found


def normalized(lines: list[str]) -> list[str]:
    return [line.strip() for line in lines]


def contains(haystack: list[str], needle: list[str]) -> bool:
    if not needle:
        return True
    first = needle[0]
    for index, line in enumerate(haystack):
        if line == first and haystack[index : index + len(needle)] == needle:
            return True
    return False


def main() -> int:
    root = os.path.realpath(sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(__file__), "..", ".."))
    failures = 0

    def report(ok: bool, name: str, detail: str = "") -> None:
        nonlocal failures
        failures += 0 if ok else 1
        print(f"{'PASS' if ok else 'FAIL'}  {name}" + ("" if ok or not detail else "\n" + detail))

    readme = os.path.join(root, "README.md")
    with open(readme, encoding="utf-8") as handle:
        text = handle.read()

    # The walkthrough: README block == script body.
    script = os.path.join(root, "Examples", "walkthrough.sh")
    with open(script, encoding="utf-8") as handle:
        body = handle.read().split("\n\n", 1)[1].rstrip("\n").split("\n")
    mention = text.find("`Examples/walkthrough.sh`")
    candidates = [lines for number, lines in blocks(text[mention:], "sh")] if mention >= 0 else []
    shown = candidates[0] if candidates else []
    diff = list(difflib.unified_diff(body, shown, "Examples/walkthrough.sh", "README.md", lineterm="", n=0))
    report(
        mention >= 0 and shown == body,
        "README's walkthrough block is Examples/walkthrough.sh",
        "      " + "\n      ".join(diff[:20] or ["README.md has no sh block after `Examples/walkthrough.sh`"]),
    )

    # Every Swift sample is in a compiled file of Examples/.
    sources = {
        path: normalized(open(path, encoding="utf-8").read().split("\n"))
        for path in files(os.path.join(root, "Examples"), suffix=".swift")
    }
    for path in files(root, name="README.md"):
        relative = os.path.relpath(path, root)
        with open(path, encoding="utf-8") as handle:
            content = handle.read()
        for number, lines in blocks(content, "swift"):
            needle = normalized(lines)
            where = [os.path.relpath(source, root) for source, lines in sources.items() if contains(lines, needle)]
            report(
                bool(where),
                f"{relative}:{number}: Swift sample compiled in {where[0] if where else 'Examples/ (not found)'}",
                f"      its first line: {lines[0].strip() if lines else ''}",
            )
        outside = [
            f"      {relative}:{line_number}: {line.strip()[:100]}"
            for line_number, line in enumerate(content.split("\n"), 1)
            if OUTSIDE.search(line)
        ]
        report(not outside, f"{relative} speaks of the project only", "\n".join(outside[:10]))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
