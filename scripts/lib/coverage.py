#!/usr/bin/env python3
"""Line and region coverage of one package's own sources, from `swift test --enable-code-coverage`.

usage: coverage.py PACKAGE_DIR CODECOV_JSON [--uncovered | --unexplained REASONS_FILE [--root DIR]]
Prints one tab-separated row: package, covered lines, lines, covered regions, regions. Only the
package's own `Sources/` count (for the root package, `Apps/*/Sources/`): its dependencies and
its tests are measured in their own packages. Swift's coverage counts regions (the bodies of
branches, closures and statements after an early exit), not branch outcomes, so regions stand
in for branch coverage. With --uncovered it prints the line ranges no test ran instead
(file:first-last), to look for the tests missing.

With --unexplained it prints each uncovered range that no entry of REASONS_FILE (the reviewed
list, scripts/coverage-reasons.txt) explains, each entry no range uses any more (its line is
covered now, changed or gone: "stale"), and one closing line "NAME: N uncovered ranges, M without a
reviewed reason" (", S stale reasons" added when there are some). An entry is
    <file from DIR> :: <the range's first line, trimmed> :: <why no test runs it>
(`#` starts a comment line); DIR is the repository (default: the one holding this script). Lines
are compared trimmed, so an entry survives edits elsewhere in the file; a line text uncovered in
two ranges of one file needs two entries.
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


def uncovered_lines(entry: dict) -> list[int]:
    """The lines no test ran, as llvm-cov counts them. Its segments (line, column, count,
    has_count, is_region_entry, is_gap_region) each start a stretch lasting to the next one. A
    line is counted when the stretch it starts in has a count, or a region starts on it (and it
    does not start a skipped region); it was run when that stretch's count or the count of a
    region starting on it is above 0. This reads the file's merged segments; llvm-cov's own line
    totals (the table's figures) can be a little higher, as it counts some lines of generic code
    once per instantiation."""
    segments = entry.get("segments", [])
    missed: list[int] = []
    wrapped = None
    index = 0
    if not segments:
        return missed
    for line in range(segments[0][0], segments[-1][0] + 1):
        on_line = []
        while index < len(segments) and segments[index][0] == line:
            on_line.append(segments[index])
            index += 1
        starts = [s for s in on_line if s[3] and s[4] and not s[5]]
        skipped = bool(on_line) and not on_line[0][3] and on_line[0][4]
        mapped = not skipped and ((wrapped is not None and wrapped[3]) or bool(starts))
        if mapped:
            count = max([wrapped[2] if wrapped is not None else 0] + [s[2] for s in starts])
            if count == 0:
                missed.append(line)
        if on_line:
            wrapped = on_line[-1]
    return missed


def uncovered_ranges(entry: dict) -> list[tuple[int, int]]:
    """uncovered_lines as runs of consecutive lines."""
    ranges: list[tuple[int, int]] = []
    for line in uncovered_lines(entry):
        if ranges and line == ranges[-1][1] + 1:
            ranges[-1] = (ranges[-1][0], line)
        else:
            ranges.append((line, line))
    return ranges


def read_reasons(path: str) -> list[tuple[str, str, str]]:
    """The entries of a reasons file, in order: (file, line text, reason)."""
    entries: list[tuple[str, str, str]] = []
    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle.read().splitlines(), 1):
            if not raw.strip() or raw.lstrip().startswith("#"):
                continue
            fields = [f.strip() for f in raw.split(" :: ", 2)]
            if len(fields) != 3 or not all(fields):
                raise ValueError(f"{path}:{number}: expected `file :: first uncovered line :: reason`")
            entries.append((fields[0], fields[1], fields[2]))
    return entries


def unexplained(files: list[dict], package: str, root: str, reasons_path: str) -> int:
    """Prints the ranges without a reason, the stale reasons and the closing count line."""
    try:
        entries = read_reasons(reasons_path)
    except (OSError, ValueError) as error:
        print(f"coverage: {error}", file=sys.stderr)
        return 2
    unused = list(entries)
    ranges = 0
    missing: list[str] = []
    for entry in files:
        name = os.path.relpath(entry["filename"], root)
        try:
            with open(entry["filename"], encoding="utf-8") as handle:
                lines = handle.read().split("\n")
        except OSError:
            lines = []
        for first, last in uncovered_ranges(entry):
            ranges += 1
            text = lines[first - 1].strip() if first <= len(lines) else ""
            match = next((e for e in unused if e[0] == name and e[1] == text), None)
            if match is None:
                missing.append(f"no reason: {name}:{first}-{last}: {text}")
            else:
                unused.remove(match)
    for line in missing:
        print(line)
    prefix = os.path.relpath(package, root) + os.sep
    stale = [e for e in unused if e[0].startswith(prefix)]
    for file, text, _ in stale:
        print(f"stale reason (covered now, or the line changed): {file} :: {text}")
    name = "(root)" if package_is_root(package) else os.path.basename(package)
    extra = f", {len(stale)} stale reasons" if stale else ""
    print(f"{name}: {ranges} uncovered ranges, {len(missing)} without a reviewed reason{extra}")
    return 0


def option(name: str) -> str | None:
    """The value after `name` on the command line, if given."""
    arguments = sys.argv[3:]
    if name in arguments and arguments.index(name) + 1 < len(arguments):
        return arguments[arguments.index(name) + 1]
    return None


def main() -> int:
    if len(sys.argv) < 3:
        print(__doc__, file=sys.stderr)
        return 2
    package, path = os.path.realpath(sys.argv[1]), sys.argv[2]
    with open(path, encoding="utf-8") as handle:
        data = json.load(handle)["data"][0]["files"]
    files = [entry for entry in data if own(entry["filename"], package)]
    reasons = option("--unexplained")
    if reasons is not None:
        default_root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.realpath(__file__))))
        return unexplained(files, package, os.path.realpath(option("--root") or default_root), reasons)
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
