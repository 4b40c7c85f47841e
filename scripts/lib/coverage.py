#!/usr/bin/env python3
"""Line and region coverage of one package's own sources, from `swift test --enable-code-coverage`.

usage: coverage.py PACKAGE_DIR CODECOV_JSON [--uncovered]
Prints one tab-separated row: package, covered lines, lines, covered regions, regions. Only the
package's own `Sources/` count (for the root package, `Apps/*/Sources/`): its dependencies and
its tests are measured in their own packages. Swift's coverage counts regions (the bodies of
branches, closures and statements after an early exit), not branch outcomes, so regions stand
in for branch coverage. With --uncovered it prints each uncovered line range instead
(file:first-last), for the list of reasons kept beside the table.
"""

from __future__ import annotations

import json
import os
import sys


def own(filename: str, package: str) -> bool:
    if "/.build/" in filename:
        return False
    relative = os.path.relpath(filename, package)
    if relative.startswith(".."):
        return False
    parts = relative.split(os.sep)
    if package_is_root(package):
        return len(parts) > 3 and parts[0] == "Apps" and parts[2] == "Sources"
    return parts[0] == "Sources"


def package_is_root(package: str) -> bool:
    return os.path.isdir(os.path.join(package, "Apps"))


def uncovered_ranges(entry: dict) -> list[tuple[int, int]]:
    """Line ranges no test ran. llvm-cov's segments (line, column, count, has_count, is_entry, ...)
    each start a stretch with that count, lasting to the next segment; a line is run when the
    stretch it starts in (unless a segment starts at its first column), or one starting on it, has
    a count above 0."""
    segments = [segment for segment in entry.get("segments", []) if segment[3]]
    missed: list[int] = []
    wrapped = None
    index = 0
    if not segments:
        return []
    for line in range(segments[0][0], segments[-1][0] + 1):
        starts_line = index < len(segments) and segments[index][0] == line and segments[index][1] == 1
        counts = [] if wrapped is None or starts_line else [wrapped]
        while index < len(segments) and segments[index][0] == line:
            counts.append(segments[index][2])
            wrapped = segments[index][2]
            index += 1
        if counts and max(counts) == 0:
            missed.append(line)
    ranges: list[tuple[int, int]] = []
    for line in missed:
        if ranges and line == ranges[-1][1] + 1:
            ranges[-1] = (ranges[-1][0], line)
        else:
            ranges.append((line, line))
    return ranges


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    package, path = os.path.realpath(sys.argv[1]), sys.argv[2]
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)["data"][0]["files"]
    files = [entry for entry in data if own(entry["filename"], package)]
    if "--uncovered" in sys.argv[3:]:
        for entry in files:
            for first, last in uncovered_ranges(entry):
                print(f"{os.path.relpath(entry['filename'], package)}:{first}-{last}")
        return 0
    lines = sum(entry["summary"]["lines"]["count"] for entry in files)
    covered = sum(entry["summary"]["lines"]["covered"] for entry in files)
    regions = sum(entry["summary"]["regions"]["count"] for entry in files)
    regions_covered = sum(entry["summary"]["regions"]["covered"] for entry in files)
    name = "(root)" if package_is_root(package) else os.path.basename(package)
    print(f"{name}\t{covered}\t{lines}\t{regions_covered}\t{regions}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
