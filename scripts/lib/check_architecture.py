#!/usr/bin/env python3
"""Checks the package dependency rules of DESIGN.md section 2 by reading the manifests.

Every `Package.swift` under the root (default: the repository root) is read with
`swift package dump-package`; nothing is kept on disk between runs and no list of packages is
kept by hand. The kind of a package follows from its folder name:

    Packages/XInterface       interface     may depend on nothing in the repo
    Packages/POSIXSupport     live-support  may depend on nothing in the repo
    Packages/InMemorySupport  mock-support  may depend on nothing in the repo
    Packages/ContractSupport  contract-support  may depend on nothing in the repo; used by the
                                            `...Contract` targets of interfaces and by tests
    Packages/XMock            mock          its own XInterface, mock-support
    Packages/XLive            wiring        when Packages/X is a domain package:
                                            domain, live, interface, live-support
    Packages/XLive            live          otherwise: its own XInterface, live-support
    Packages/X                domain        interface, domain
    Apps/X                    app           live, interface, domain, wiring, live-support
    Package.swift (root)      umbrella      same as app, and the apps it builds
    Fuzz                      fuzz          anything in the repository (fuzz targets reach any
                                            parser, with test doubles); nothing depends on it
    Differential              differential  interface, live, mock and both supports (it runs a
                                            Live and its Mock side by side); nothing depends on it

Test targets may also use mock and mock-support packages, except in live and live-support
packages, which stay free of test doubles (DESIGN.md: a Live never depends on any Mock).
Products named `...Contract` (the contract suites of an interface) are for tests only, and only
for the tests of the interface's own package or of its own Live and Mock, or of a package outside
Packages/ (kind other: an app of the kit's users, such as Examples/Consumer, running the contract
against an implementation of its own).
A package outside the repository (source control, registry, a path leading out) is always a
violation: nothing can be fetched. Module (target) names must be unique across all packages.

Exit status: 0 no violation, 1 violations (one line each), 2 a manifest could not be read or bad
usage.
"""

from __future__ import annotations

import concurrent.futures
import json
import os
import re
import subprocess
import sys
from dataclasses import dataclass, field

# MARK: - Rules

INTERFACE = "interface"
LIVE_SUPPORT = "live-support"
MOCK_SUPPORT = "mock-support"
MOCK = "mock"
LIVE = "live"
WIRING = "wiring"
DOMAIN = "domain"
APP = "app"
UMBRELLA = "umbrella"
FUZZ = "fuzz"  # the fuzz targets (Fuzz/): may use anything, is used by nothing
DIFFERENTIAL = "differential"  # Differential/: a Live and its Mock side by side; used by nothing
OTHER = "other"  # a manifest outside Packages/, Apps/ and Fuzz/: held to the app rules
EXTERNAL = "external"
OUTSIDE = "outside repo"
UNRESOLVED = "unresolved"

CONTRACT_SUPPORT = "contract-support"  # what every contract suite is made of (ContractViolation, ...)
SUPPORT_NAMES = {"POSIXSupport": LIVE_SUPPORT, "InMemorySupport": MOCK_SUPPORT, "ContractSupport": CONTRACT_SUPPORT}

# Kinds a regular target of each kind may use. Live and Mock are narrowed further to their own
# Interface (see `allowed`).
REGULAR_RULES: dict[str, frozenset[str]] = {
    INTERFACE: frozenset(),
    LIVE_SUPPORT: frozenset(),
    MOCK_SUPPORT: frozenset(),
    CONTRACT_SUPPORT: frozenset(),
    LIVE: frozenset({LIVE_SUPPORT}),
    MOCK: frozenset({MOCK_SUPPORT}),
    DOMAIN: frozenset({INTERFACE, DOMAIN}),
    WIRING: frozenset({DOMAIN, LIVE, INTERFACE, LIVE_SUPPORT}),
    APP: frozenset({LIVE, INTERFACE, DOMAIN, WIRING, LIVE_SUPPORT}),
    UMBRELLA: frozenset({LIVE, INTERFACE, DOMAIN, WIRING, LIVE_SUPPORT, APP}),
    OTHER: frozenset({LIVE, INTERFACE, DOMAIN, WIRING, LIVE_SUPPORT}),
    FUZZ: frozenset({INTERFACE, LIVE_SUPPORT, MOCK_SUPPORT, MOCK, LIVE, WIRING, DOMAIN}),
    DIFFERENTIAL: frozenset({INTERFACE, LIVE_SUPPORT, MOCK_SUPPORT, MOCK, LIVE}),
}

# Kinds a test target may use on top of the regular ones.
TEST_EXTRAS: dict[str, frozenset[str]] = {
    kind: frozenset() if kind in (LIVE, LIVE_SUPPORT) else frozenset({MOCK, MOCK_SUPPORT})
    for kind in REGULAR_RULES
}

SKIPPED_FOLDERS = {".build", ".swiftpm", ".git"}
MAX_PARALLEL_DUMPS = 2


# MARK: - Model


@dataclass
class Package:
    """One manifest found under the root."""

    folder: str  # absolute, real path
    name: str  # folder name (the manifest's name for the umbrella)
    kind: str
    identity: str  # lowercased folder name, as SwiftPM names the package
    dump: dict = field(default_factory=dict)

    @property
    def label(self) -> str:
        return f"{self.name} ({self.kind})"

    def product_names(self) -> set[str]:
        return {product["name"] for product in self.dump.get("products", [])}


@dataclass(frozen=True)
class Edge:
    """A dependency found in a manifest: on a package of the repo, or on something outside."""

    name: str
    kind: str
    package: Package | None = None
    product: str | None = None


# MARK: - Finding and classifying packages


def find_manifests(root: str) -> list[str]:
    """Returns the folders under `root` holding a Package.swift, skipping build folders."""
    folders = []
    for folder, subfolders, files in os.walk(root):
        subfolders[:] = sorted(name for name in subfolders if name not in SKIPPED_FOLDERS)
        if "Package.swift" in files:
            folders.append(os.path.realpath(folder))
    return folders


def classify(root: str, folders: list[str]) -> list[Package]:
    """Gives every package its kind from its folder name (DESIGN.md section 2)."""
    packages = []
    pending_live = []
    domain_names = set()
    for folder in folders:
        relative = os.path.relpath(folder, root)
        name = os.path.basename(folder)
        top = relative.split(os.sep)[0]
        if relative == ".":
            kind = UMBRELLA
        elif top == "Apps":
            kind = APP
        elif relative == "Fuzz":
            kind = FUZZ
        elif relative == "Differential":
            kind = DIFFERENTIAL
        elif top != "Packages":
            kind = OTHER
        elif name.endswith("Interface"):
            kind = INTERFACE
        elif name in SUPPORT_NAMES:
            kind = SUPPORT_NAMES[name]
        elif name.endswith("Mock"):
            kind = MOCK
        elif name.endswith("Live"):
            kind = LIVE  # may become wiring once every domain package is known
        else:
            kind = DOMAIN
            domain_names.add(name)
        package = Package(folder=folder, name=name, kind=kind, identity=name.lower())
        if kind == LIVE:
            pending_live.append(package)
        packages.append(package)
    for package in pending_live:
        if package.name[: -len("Live")] in domain_names:
            package.kind = WIRING
    return packages


# MARK: - Reading manifests


def dump_package(swift: str, folder: str) -> tuple[dict | None, str]:
    """Runs `swift package dump-package`; returns the JSON, or None and the error text."""
    command = [
        swift, "package", "--package-path", folder, "--manifest-cache", "none", "dump-package",
    ]
    try:
        result = subprocess.run(command, capture_output=True, text=True, check=False)
    except OSError as error:
        return None, str(error)
    if result.returncode != 0:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        return None, lines[-1] if lines else f"exit status {result.returncode}"
    try:
        return json.loads(result.stdout), ""
    except json.JSONDecodeError as error:
        return None, f"output is not JSON: {error}"


def read_all(swift: str, packages: list[Package]) -> list[str]:
    """Fills every package's dump, two manifests at a time; returns the failures."""
    failures = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=MAX_PARALLEL_DUMPS) as pool:
        results = pool.map(lambda package: dump_package(swift, package.folder), packages)
        for package, (dump, error) in zip(packages, results):
            if dump is None:
                failures.append(f"architecture: {package.label} manifest unreadable: {error}")
            else:
                package.dump = dump
    return failures


# MARK: - Resolving dependencies


class Graph:
    """All packages of the root, to resolve the dependencies one manifest names."""

    def __init__(self, packages: list[Package]) -> None:
        self.packages = packages
        self.by_folder = {package.folder: package for package in packages}
        self.by_identity = {package.identity: package for package in packages}

    def declared(self, package: Package) -> dict[str, Edge]:
        """The package-level dependencies, keyed by every name a target may use for them."""
        edges: dict[str, Edge] = {}
        for entry in package.dump.get("dependencies", []):
            for style, values in entry.items():
                details = values[0] if values else {}
                identity = str(details.get("identity", "?"))
                if style == "fileSystem":
                    path = os.path.join(package.folder, details.get("path", ""))
                    target = self.by_folder.get(os.path.realpath(path))
                    if target is None:
                        edge = Edge(name=details.get("path", identity), kind=OUTSIDE)
                    else:
                        edge = Edge(name=target.name, kind=target.kind, package=target)
                else:  # sourceControl, registry: nothing can be fetched
                    edge = Edge(name=identity, kind=EXTERNAL)
                keys = {identity, str(details.get("nameForTargetDependencyResolutionOnly") or "")}
                for key in keys - {""}:
                    edges[key.lower()] = edge
        return edges

    def target_edges(self, package: Package, target: dict, declared: dict[str, Edge]) -> list[Edge]:
        """The edges one target adds to other packages (its own targets are not edges)."""
        own_targets = {other["name"] for other in package.dump.get("targets", [])}
        edges = []
        for entry in target.get("dependencies", []):
            for style, values in entry.items():
                if style == "target":
                    continue
                if style == "byName":
                    name = values[0]
                    if name in own_targets:
                        continue
                    edges.append(self._by_name(name, declared))
                elif style == "product":
                    name, package_name = values[0], values[1]
                    edges.append(self._product(name, package_name, declared))
        return edges

    def _product(self, product: str, package_name: str | None, declared: dict[str, Edge]) -> Edge:
        key = (package_name or product).lower()
        edge = declared.get(key)
        if edge is None and key in self.by_identity:  # used without being declared
            other = self.by_identity[key]
            edge = Edge(name=other.name, kind=other.kind, package=other)
        if edge is None:
            return Edge(name=package_name or product, kind=UNRESOLVED, product=product)
        return Edge(name=edge.name, kind=edge.kind, package=edge.package, product=product)

    def _by_name(self, name: str, declared: dict[str, Edge]) -> Edge:
        candidates = list(declared.values()) + [
            Edge(name=other.name, kind=other.kind, package=other) for other in self.packages
        ]
        for edge in candidates:
            if edge.package is not None and name in edge.package.product_names():
                return Edge(name=edge.name, kind=edge.kind, package=edge.package, product=name)
        for edge in candidates:  # SwiftPM reports a missing product; still name the package
            if edge.package is not None and name.lower() == edge.package.identity:
                return Edge(name=edge.name, kind=edge.kind, package=edge.package, product=name)
        external = [edge for edge in declared.values() if edge.kind == EXTERNAL]
        if external:  # most likely a product of the outside package, already a violation
            return Edge(name=external[0].name, kind=EXTERNAL, product=name)
        return Edge(name=name, kind=UNRESOLVED, product=name)


# MARK: - Checking


def own_interface(package: Package) -> str | None:
    for suffix in ("Live", "Mock"):
        if package.kind in (LIVE, MOCK) and package.name.endswith(suffix):
            return package.name[: -len(suffix)] + "Interface"
    return None


def is_contract(edge: Edge) -> bool:
    return edge.kind == INTERFACE and (edge.product or "").endswith("Contract")


def allowed(package: Package, edge: Edge, is_test: bool, target: str = "") -> bool:
    """Whether a target of `package` (named `target`) may depend on `edge` (DESIGN.md section 2)."""
    if edge.package is None:
        return False  # outside the repository or not found
    if edge.package is package:
        return True
    if edge.kind == CONTRACT_SUPPORT:  # the parts of contract suites: for them and for tests
        return is_test or (package.kind == INTERFACE and target.endswith("Contract"))
    if is_contract(edge):  # contract suites are for the tests of their own trio
        return is_test and (edge.name == own_interface(package) or package.kind == OTHER)
    if package.kind in (LIVE, MOCK) and edge.kind == INTERFACE:
        return edge.name == own_interface(package)
    kinds = REGULAR_RULES[package.kind] | (TEST_EXTRAS[package.kind] if is_test else frozenset())
    return edge.kind in kinds


def describe(edge: Edge) -> str:
    if is_contract(edge):
        return f"{edge.name}/{edge.product} (contract)"
    return f"{edge.name} ({edge.kind})"


def check(graph: Graph) -> list[str]:
    """Returns one line per violation, in a stable order."""
    lines: list[str] = []
    for package in graph.packages:
        declared = graph.declared(package)
        used: set[str] = set()
        for target in package.dump.get("targets", []):
            is_test = target.get("type") == "test"
            for edge in graph.target_edges(package, target, declared):
                used.add(edge.name)
                if not allowed(package, edge, is_test, target["name"]):
                    lines.append(
                        f"architecture: {package.label} must not depend on {describe(edge)}"
                        f" [target {target['name']}]"
                    )
        for edge in {edge.name: edge for edge in declared.values()}.values():
            forbidden_everywhere = not allowed(package, edge, is_test=True)
            if forbidden_everywhere and edge.name not in used:
                lines.append(
                    f"architecture: {package.label} must not depend on {describe(edge)}"
                    f" [package dependencies]"
                )
    lines.extend(duplicate_modules(graph.packages))
    return list(dict.fromkeys(lines))


def duplicate_modules(packages: list[Package]) -> list[str]:
    """Module names must be unique across the whole graph."""
    owners: dict[str, list[Package]] = {}
    for package in packages:
        for target in package.dump.get("targets", []):
            owners.setdefault(target["name"], []).append(package)
    lines = []
    for module, declaring in sorted(owners.items()):
        first = declaring[0]
        for other in declaring[1:]:
            lines.append(
                f"architecture: {other.label} must not declare module {module}"
                f" [target {module}]: {first.label} declares it too"
            )
    return lines


# MARK: - Source rules
#
# Two rules the manifests cannot show: a domain package (the engine) names no POSIX concept, so a
# side that is not a local folder fits behind its protocols; and in an app only the composition
# root's wiring (files named Wiring*.swift) imports Live packages, so every command can be tested
# over the Mocks.

POSIX_MODULES = {"Glibc", "Darwin", "Musl", "WinSDK", "POSIXSupport"}
POSIX_WORDS = re.compile(
    r"\b(POSIXError(Code)?|errno|E(ACCES|AGAIN|BADF|BUSY|DQUOT|EXIST|INTR|INVAL|IO|ISDIR|LOOP|MLINK|NAMETOOLONG"
    r"|NOENT|NOSPC|NOTDIR|NOTEMPTY|NXIO|PERM|ROFS|XDEV)|O_[A-Z]+|S_IF[A-Z]+|AT_[A-Z_]+"
    r"|f?stat|lstat|fstatat|openat|unlinkat|renameat2?|mkdirat|fsync|syncfs|copy_file_range)\b"
)
IMPORT = re.compile(r"^\s*(?:@\w+\s+)*(?:public |package |internal |private |fileprivate )?import\s+(?:\w+\s+)?(\w+)")


def code_lines(path: str) -> list[tuple[int, str]]:
    """The file's lines with comments and string literals blanked (a rough lexer: enough for
    names, not for parsing)."""
    with open(path, encoding="utf-8", errors="replace") as handle:
        text = handle.read()
    lines = []
    in_block = False
    for number, line in enumerate(text.splitlines(), 1):
        out = []
        index = 0
        while index < len(line):
            if in_block:
                end = line.find("*/", index)
                if end < 0:
                    index = len(line)
                    continue
                in_block = False
                index = end + 2
                continue
            if line.startswith("//", index):
                break
            if line.startswith("/*", index):
                in_block = True
                index += 2
                continue
            if line[index] == '"':
                end = index + 1
                while end < len(line) and line[end] != '"':
                    end += 2 if line[end] == "\\" else 1
                out.append('""')
                index = end + 1
                continue
            out.append(line[index])
            index += 1
        lines.append((number, "".join(out)))
    return lines


def swift_files(folder: str) -> list[str]:
    found = []
    for directory, folders, files in os.walk(folder):
        folders[:] = sorted(name for name in folders if name not in SKIPPED_FOLDERS)
        found.extend(os.path.join(directory, name) for name in sorted(files) if name.endswith(".swift"))
    return found


def source_violations(root: str, packages: list[Package]) -> list[str]:
    """Returns one line per source-rule violation."""
    lines: list[str] = []
    for package in packages:
        if package.kind != DOMAIN:
            continue
        folder = os.path.join(root, package.folder, "Sources")
        for path in swift_files(folder):
            relative = os.path.relpath(path, root)
            for number, code in code_lines(path):
                imported = IMPORT.match(code)
                if imported and imported.group(1) in POSIX_MODULES:
                    lines.append(f"architecture: {package.label} must not import {imported.group(1)} [{relative}:{number}]")
                    continue
                word = POSIX_WORDS.search(code)
                if word:
                    lines.append(
                        f"architecture: {package.label} must not name the POSIX concept {word.group(0)} [{relative}:{number}]")
    apps = os.path.join(root, "Apps")
    for app in sorted(os.listdir(apps)) if os.path.isdir(apps) else []:
        for path in swift_files(os.path.join(apps, app, "Sources")):
            if os.path.basename(path).startswith("Wiring"):
                continue
            relative = os.path.relpath(path, root)
            for number, code in code_lines(path):
                imported = IMPORT.match(code)
                if imported and imported.group(1).endswith("Live"):
                    lines.append(
                        f"architecture: {relative}:{number} must not import {imported.group(1)}"
                        f" (only the composition root's Wiring*.swift may import Live packages)")
    return lines


# MARK: - Main


def main(arguments: list[str]) -> int:
    if len(arguments) > 2 or (len(arguments) == 2 and arguments[1] in ("-h", "--help")):
        print("usage: check-architecture [ROOT]  (default: the repository root)", file=sys.stderr)
        return 0 if len(arguments) == 2 else 2
    default_root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
    root = os.path.realpath(arguments[1] if len(arguments) == 2 else default_root)
    if not os.path.isdir(root):
        print(f"architecture: {root} is not a folder", file=sys.stderr)
        return 2

    packages = classify(root, find_manifests(root))
    failures = read_all(os.environ.get("SWIFT", "swift"), packages)
    if failures:
        print("\n".join(failures))
        return 2
    for package in packages:
        if package.kind == UMBRELLA:
            package.name = str(package.dump.get("name") or package.name)

    violations = check(Graph(packages)) + source_violations(root, packages)
    for line in violations:
        print(line)
    if violations:
        return 1
    print(f"architecture: {len(packages)} packages checked, 0 violations")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
