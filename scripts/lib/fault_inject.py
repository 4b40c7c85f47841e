#!/usr/bin/env python3
"""Faults at every mutating system call of a real synccli process (DESIGN.md section 5, crash
safety; issue 9).

A reference two-machine scenario (README "Two machines, conflicts and the trash": two machines
with their own XDG folders and one shared container) is prepared, then three sync runs follow:

    step 1  laptop sync    uploads its edits (new, edited, deleted, renamed files, new folders, a
                           mode change)
    step 2  desktop sync   downloads them, uploads its own (a big file edited, a deletion, new
                           folders) and meets a conflict on plan.txt
    step 3  laptop sync    downloads desktop's side, the conflict copy included

A *point* is one step run once under `strace -f -e inject=<call>:error=<errno>:when=N` (or
`:signal=KILL:when=N`), the scenario being built anew up to that step for each point (a copied
tree would have new inode numbers, which the archives would see as changes). After it, a recovery
(plain syncs of laptop, desktop, laptop, desktop) must leave:

  - the injected run's exit code one of synccli's documented codes (0-5), or a KILL we sent;
  - both machines' folders and the container's pair folder equal (paths, kinds, bytes);
  - every file version that existed before the injected run somewhere: at a path, as a conflict
    copy or under .synccli-trash/ (content hashes before, a subset of the hashes after);
  - no .synccli-tmp-* file anywhere; the last two recovery runs exiting 0.

strace counts `when=N` per system call and per thread, so the candidate N of each call run from 1
to the largest number of such calls one thread of the plain run made (for openat: only the N at
which some thread opened a file for writing). Which thread's call is hit can vary between runs;
what must hold afterwards does not.

usage: fault_inject.py BINARY [--point STEP:CALL:N:FAULT]
Environment: FAULT_POINTS (default 1200; "all" for every point, openat for reading included),
FAULT_JOBS (default 2), FAULT_BUDGET (seconds after which no new point starts, default 540,
none with FAULT_POINTS=all),
FAULT_SEED (which points a limit picks, default 1).
Prints one line per failed point with the command that reproduces it, then "N passed, N failed".
"""

from __future__ import annotations

import concurrent.futures
import hashlib
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass

MUTATING_CALLS = [
    "openat", "write", "pwrite64", "rename", "renameat", "renameat2", "unlink", "unlinkat",
    "rmdir", "mkdir", "mkdirat", "fsync", "fdatasync", "syncfs", "ftruncate", "fallocate",
    "copy_file_range", "fchmod", "fchmodat", "utimensat", "linkat", "symlinkat",
]
FAULTS = ["ENOSPC", "EIO", "EACCES", "EDQUOT", "EROFS", "KILL"]
STEPS = {1: "laptop", 2: "desktop", 3: "laptop"}
RECOVERY = ["laptop", "desktop", "laptop", "desktop"]
DOCUMENTED_EXIT_CODES = {0, 1, 2, 3, 4, 5}
RUN_TIMEOUT = 120  # seconds; only a process that hangs comes near it
WRITE_FLAGS = re.compile(r"O_WRONLY|O_RDWR|O_CREAT|O_TMPFILE")


@dataclass(frozen=True)
class Point:
    step: int
    call: str
    n: int
    fault: str

    @property
    def name(self) -> str:
        return f"{self.step}:{self.call}:{self.n}:{self.fault}"

    @staticmethod
    def parse(text: str) -> Point:
        step, call, n, fault = text.split(":")
        return Point(int(step), call, int(n), fault)

    def inject_expression(self) -> str:
        effect = "signal=KILL" if self.fault == "KILL" else f"error={self.fault}"
        return f"inject={self.call}:{effect}:when={self.n}"


# MARK: - The scenario


class ScenarioFailure(Exception):
    """A plain run of the scenario, with no fault injected, failed."""


class Scenario:
    """One folder holding a container and two machines."""

    def __init__(self, binary: str, folder: str) -> None:
        self.binary = binary
        self.folder = folder
        self.live = os.path.join(folder, "live")

    def docs(self, machine: str) -> str:
        return os.path.join(self.live, machine, "docs")

    @property
    def container(self) -> str:
        return os.path.join(self.live, "container")

    def command(self, machine: str) -> list[str]:
        return [self.binary, "sync", self.docs(machine), "--container", self.container]

    def environment(self, machine: str) -> dict[str, str]:
        home = os.path.join(self.live, machine)
        env = {key: value for key, value in os.environ.items() if not key.startswith(("XDG_", "SYNCCLI_"))}
        env.update(HOME=home, XDG_STATE_HOME=f"{home}/state", XDG_CONFIG_HOME=f"{home}/config",
                   XDG_DATA_HOME=f"{home}/data", SYNCCLI_MACHINE=machine, SWIFT_BACKTRACE="enable=no")
        return env

    def run(self, machine: str, prefix: list[str] | None = None) -> tuple[int | str, str]:
        """Runs one sync; returns its exit code (negative: a signal) or "hung", and its output."""
        try:
            result = subprocess.run((prefix or []) + self.command(machine), env=self.environment(machine),
                                    capture_output=True, text=True, errors="replace", timeout=RUN_TIMEOUT)
        except subprocess.TimeoutExpired:
            return "hung", ""
        return result.returncode, (result.stdout + result.stderr).strip()

    def prepare(self, step: int) -> None:
        """Builds the scenario from nothing up to the state before `step`."""
        shutil.rmtree(self.live, ignore_errors=True)
        os.makedirs(self.container)
        laptop, desktop = self.docs("laptop"), self.docs("desktop")
        os.makedirs(desktop)
        write_files(laptop, {
            "plan.txt": b"v1\n", "notes/a.md": b"a\n", "notes/b.md": b"b\n", "empty.txt": b"",
            "big.bin": random.Random(7).randbytes(300_000), "todelete.txt": b"delete me\n",
            "torename.txt": b"rename me\n", "photos/p1.jpg": random.Random(8).randbytes(20_000),
        })
        for machine in ("laptop", "desktop"):
            self.expect_success(machine)
        write_files(laptop, {"plan.txt": b"laptop's edit\n", "laptop-new.txt": b"new\n", "newdir/x.txt": b"x\n",
                             "newdir/sub/y.txt": b"y\n"})
        os.remove(os.path.join(laptop, "todelete.txt"))
        os.rename(os.path.join(laptop, "torename.txt"), os.path.join(laptop, "renamed.txt"))
        os.chmod(os.path.join(laptop, "photos/p1.jpg"), 0o755)
        write_files(desktop, {"plan.txt": b"desktop's edit\n", "notes/a.md": b"a2\n", "desktop-new.txt": b"dn\n",
                              "big.bin": random.Random(9).randbytes(300_000), "desk/deep/z.txt": b"z\n"})
        os.remove(os.path.join(desktop, "notes/b.md"))
        for earlier in range(1, step):
            self.expect_success(STEPS[earlier])

    def expect_success(self, machine: str) -> None:
        status, output = self.run(machine)
        if status != 0:
            raise ScenarioFailure(f"the scenario fails with no fault: {machine} sync {describe_status(status)}: "
                                  f"{last_lines(output)}")

    def sides(self) -> list[str]:
        return [self.docs("laptop"), self.docs("desktop"), os.path.join(self.container, "docs")]


def write_files(root: str, files: dict[str, bytes]) -> None:
    for path, data in files.items():
        full = os.path.join(root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "wb") as handle:
            handle.write(data)


# MARK: - What a tree holds


def user_entries(root: str) -> dict[str, str]:
    """Paths (files and folders) below root that are the user's, each with its kind and digest."""
    entries = {}
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = [name for name in subfolders if not name.startswith(".synccli")]
        relative = os.path.relpath(folder, root)
        for name in subfolders:
            entries[os.path.normpath(os.path.join(relative, name))] = "folder"
        for name in files:
            if name.startswith(".synccli"):
                continue
            path = os.path.join(folder, name)
            entries[os.path.normpath(os.path.join(relative, name))] = "file " + digest(path)
    return entries


def all_versions(root: str) -> set[str]:
    """The digests of every file below root, the trash included, the tool's own files excepted."""
    versions = set()
    for folder, _, files in os.walk(root):
        for name in files:
            if not name.startswith(".synccli"):
                versions.add(digest(os.path.join(folder, name)))
    return versions


def digest(path: str) -> str:
    if os.path.islink(path):
        return "link " + os.readlink(path)
    with open(path, "rb") as handle:
        return hashlib.sha256(handle.read()).hexdigest()


def temporaries(root: str) -> list[str]:
    found = []
    for folder, subfolders, files in os.walk(root):
        found += [os.path.join(folder, name) for name in files + subfolders if name.startswith(".synccli-tmp")]
    return found


# MARK: - Points


def candidate_points(scenario: Scenario, strace: str, reads_too: bool) -> list[Point]:
    """Every (step, call, N, fault), from one traced plain run of each step. Openat counts only
    where some thread opened for writing, unless `reads_too`."""
    points = []
    trace = os.path.join(scenario.folder, "trace.txt")
    for step, machine in STEPS.items():
        scenario.prepare(step)
        status, output = scenario.run(machine, [strace, "-f", "-o", trace, "-e", "trace=" + ",".join(MUTATING_CALLS)])
        if status != 0:
            raise SystemExit(f"fault-inject: step {step} fails when traced (exit {status}):\n{output}")
        per_thread: dict[tuple[str, str], int] = {}
        wanted: dict[str, set[int]] = {}
        with open(trace, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                match = re.match(r"(\d+)\s+([a-z0-9_]+)\(", line)
                if not match:
                    continue
                thread, call = match.groups()
                count = per_thread[(thread, call)] = per_thread.get((thread, call), 0) + 1
                if call != "openat" or reads_too or WRITE_FLAGS.search(line):
                    wanted.setdefault(call, set()).add(count)
        for call in sorted(wanted):
            # Every N up to the largest count (a thread with fewer calls may hit any of them).
            numbers = sorted(wanted[call]) if call == "openat" else range(1, max(wanted[call]) + 1)
            points += [Point(step, call, n, fault) for n in numbers for fault in FAULTS]
    return points


def choose(points: list[Point], limit: str, seed: int) -> list[Point]:
    """All points, or `limit` of them spread over every (step, call) alike, the same each run."""
    if limit == "all" or int(limit) >= len(points):
        return points
    groups: dict[tuple[int, str], list[Point]] = {}
    for point in points:
        groups.setdefault((point.step, point.call), []).append(point)
    shuffler = random.Random(seed)
    queues = [shuffler.sample(group, len(group)) for _, group in sorted(groups.items())]
    chosen: list[Point] = []
    while len(chosen) < int(limit):
        for queue in queues:
            if queue and len(chosen) < int(limit):
                chosen.append(queue.pop())
    return chosen


def check_point(scenario: Scenario, strace: str, point: Point, verbose: bool = False) -> str | None:
    """Runs one point; returns None when it passes, else what went wrong. Verbose: prints the
    output of every run."""
    try:
        scenario.prepare(point.step)
    except ScenarioFailure as failure:
        return str(failure)
    before = set()
    for side in scenario.sides():
        before |= {entry[5:] for entry in user_entries(side).values() if entry.startswith("file ")}
    status, output = scenario.run(STEPS[point.step], [strace, "-f", "-o", "/dev/null", "-e", point.inject_expression()])
    if verbose:
        print(f"--- injected {STEPS[point.step]} sync: {describe_status(status)}\n{output}")
    killed = point.fault == "KILL" and status == -9
    if status not in DOCUMENTED_EXIT_CODES and not killed:
        return f"injected run ended with {describe_status(status)}: {last_lines(output)}"
    statuses = []
    for machine in RECOVERY:
        recovery_status, recovery_output = scenario.run(machine)
        statuses.append(recovery_status)
        if verbose:
            print(f"--- recovery {machine} sync: {describe_status(recovery_status)}\n{recovery_output}")
        if recovery_status not in DOCUMENTED_EXIT_CODES:
            return f"recovery {machine} sync ended with {describe_status(recovery_status)}: {last_lines(recovery_output)}"
    problems = []
    if statuses[-2:] != [0, 0]:
        problems.append(f"recovery exit codes {statuses} (the last two must be 0): {last_lines(recovery_output)}")
    trees = [user_entries(side) for side in scenario.sides()]
    for name, tree in zip(("desktop", "container"), trees[1:]):
        if tree != trees[0]:
            problems.append(f"laptop and {name} differ: {difference(trees[0], tree)}")
    after = set()
    for side in scenario.sides():
        after |= all_versions(side)
    lost = before - after
    if lost:
        problems.append(f"{len(lost)} file version(s) lost")
    left = temporaries(scenario.live)
    if left:
        problems.append("temporary files left: " + ", ".join(os.path.relpath(path, scenario.live) for path in left[:3]))
    return "; ".join(problems) or None


def describe_status(status: int | str) -> str:
    if status == "hung":
        return f"no exit within {RUN_TIMEOUT} s"
    if isinstance(status, int) and status < 0:
        return f"signal {-status}"
    return f"exit {status}"


def last_lines(output: str) -> str:
    """The trap's message when there is one, else the last two lines."""
    lines = [line for line in output.splitlines() if line.strip()]
    traps = [line for line in lines if "Fatal error" in line]
    return " | ".join(traps[:1] or lines[-2:])[:300] or "(no output)"


def difference(first: dict[str, str], second: dict[str, str]) -> str:
    paths = sorted(path for path in first.keys() | second.keys() if first.get(path) != second.get(path))
    return ", ".join(f"{path} ({'present' if path in first else 'absent'}/{'present' if path in second else 'absent'})"
                     for path in paths[:4])


# MARK: - Main


def main(arguments: list[str]) -> int:
    if len(arguments) not in (2, 4) or (len(arguments) == 4 and arguments[2] != "--point"):
        print("usage: fault_inject.py BINARY [--point STEP:CALL:N:FAULT]", file=sys.stderr)
        return 2
    binary = os.path.realpath(arguments[1])
    strace = shutil.which("strace")
    if strace is None:
        print("fault-inject: strace is missing", file=sys.stderr)
        return 2
    work = tempfile.mkdtemp(prefix="synccli-faults-")
    if len(arguments) == 4:
        return reproduce(Scenario(binary, os.path.join(work, "point")), strace, Point.parse(arguments[3]))

    started = time.monotonic()
    jobs = max(1, int(os.environ.get("FAULT_JOBS", "2")))
    limit = os.environ.get("FAULT_POINTS", "1200")
    budget = float(os.environ.get("FAULT_BUDGET", "inf" if limit == "all" else "540"))
    scenarios = [Scenario(binary, os.path.join(work, f"worker{index}")) for index in range(jobs)]
    try:
        all_points = candidate_points(scenarios[0], strace, reads_too=limit == "all")
    except ScenarioFailure as failure:
        print(f"fault-inject: {failure}\n0 passed, 1 failed")
        return 1
    points = choose(all_points, limit, int(os.environ.get("FAULT_SEED", "1")))
    calls = sorted({point.call for point in all_points})
    print(f"fault-inject: {len(points)} of {len(all_points)} points ({len(calls)} calls: {' '.join(calls)}; "
          f"{len(FAULTS)} faults; 3 steps)", flush=True)

    free = list(scenarios)
    lock = threading.Lock()
    results: dict[Point, str | None] = {}

    def run(point: Point) -> None:
        with lock:
            if time.monotonic() - started > budget:
                return
            scenario = free.pop()
        try:
            results[point] = check_point(scenario, strace, point)
        finally:
            with lock:
                free.append(scenario)
        if results[point] is not None:
            print(f"FAIL {point.name}: {results[point]}\n"
                  f"      reproduce: scripts/fault-inject --point {point.name}", flush=True)

    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        list(pool.map(run, points))
    shutil.rmtree(work, ignore_errors=True)

    failed = sum(1 for problem in results.values() if problem is not None)
    skipped = len(points) - len(results)
    by_call: dict[str, int] = {}
    for point in results:
        by_call[point.call] = by_call.get(point.call, 0) + 1
    print("fault-inject: points run per call: " + ", ".join(f"{call} {count}" for call, count in sorted(by_call.items())))
    if skipped:
        print(f"fault-inject: time budget of {budget:.0f} s reached, {skipped} points not run (FAULT_BUDGET)")
    print(f"fault-inject: {time.monotonic() - started:.0f} s")
    print(f"{len(results) - failed} passed, {failed} failed")
    return 1 if failed else 0


def reproduce(scenario: Scenario, strace: str, point: Point) -> int:
    """Runs one point and keeps its folder to look at."""
    problem = check_point(scenario, strace, point, verbose=True)
    machine = STEPS[point.step]
    environment = " ".join(f"{key}={scenario.environment(machine)[key]}"
                           for key in ("XDG_STATE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "SYNCCLI_MACHINE"))
    print(f"point {point.name}: the scenario up to step {point.step}, then the injected run:\n"
          f"  {environment} {strace} -f -o /dev/null -e {point.inject_expression()} {' '.join(scenario.command(machine))}\n"
          f"  then plain syncs of {', '.join(RECOVERY)}; result in {scenario.live}")
    print(f"FAIL {point.name}: {problem}" if problem else f"PASS {point.name}")
    print(f"{0 if problem else 1} passed, {1 if problem else 0} failed")
    return 1 if problem else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
