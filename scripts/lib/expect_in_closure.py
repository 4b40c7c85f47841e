#!/usr/bin/env python3
"""Finds `#expect(...)` and `#require(...)` whose argument holds a closure while they sit inside
another closure.

With this toolchain (Swift 6.3.1) the closure such a macro expands to can share its discriminator
with a later closure of the enclosing closure, and one of the two then runs the other's body: in

    world.withTree { _ in
        #expect(lines.contains { $0.hasPrefix("x") })
        let kept = lines.filter { !$0.hasPrefix("x") }   // ran `$0.hasPrefix("x")`
    }

`kept` held the lines the filter should have dropped. A test written this way may check nothing,
so every occurrence is listed (file:line) and the exit status is 1; move the macro out of the
closure, or its predicate into a named function.

usage: scripts/lib/expect_in_closure.py [PATH ...]   (default: every test source of the project)
"""
import glob
import re
import sys

CONTROL = re.compile(r"^(else|if|guard|for|while|repeat|do|catch|switch|defer|case|default)\b")
DECLARATION = re.compile(
    r"\b(func|init|deinit|subscript|struct|class|actor|enum|extension|protocol|get|set|willSet|didSet)\b"
    r"|\b(var|let)\s+\w+\s*:\s*[^=]*$")
MACRO = re.compile(r"#(expect|require)\s*\(")


def code_only(text):
    """The text with comments and string contents blanked, same length."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith('"""', i):
            j = text.find('"""', i + 3)
            j = n if j < 0 else j + 3
            out.append('"' + re.sub(r"[^\n]", " ", text[i + 1:j - 1]) + '"')
            i = j
        elif text[i] == '"':
            j = i + 1
            while j < n and text[j] != '"' and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            out.append('"' + " " * (j - i - 1) + ('"' if j < n else ""))
            i = j + 1
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def findings(path):
    text = code_only(open(path, encoding="utf-8").read())
    stack = []  # for each open brace: whether it opens a closure
    statement = 0  # where the statement the next brace belongs to began
    depth_paren = 0
    result = []
    i = 0
    while i < len(text):
        ch = text[i]
        if ch in "([":
            depth_paren += 1
        elif ch in ")]":
            depth_paren -= 1
        elif ch == "{":
            head = text[statement:i].strip()
            closure = not (CONTROL.match(head) or DECLARATION.search(head.split("\n")[0]))
            # `x = {`, `f {`, `f(a) {`, `(… {`, `, {` are closures; a statement that is a bare
            # type or keyword line was caught above.
            stack.append(closure)
            statement = i + 1
        elif ch == "}":
            if stack:
                stack.pop()
            statement = i + 1
        elif ch == "\n" and depth_paren == 0:
            before = text[statement:i].rstrip()
            after = text[i + 1:].lstrip()
            continues = before.endswith(("(", "[", ",", "=", "&&", "||", "+", "-", "?", ":", "in")) or after.startswith(
                (".", "&&", "||", "?", ":", "+", "=", "{", "else", "where")) and not after.startswith("...")
            if before and not continues:
                statement = i + 1
        match = MACRO.match(text, i)
        if match and any(stack):
            # The macro's argument: up to its closing parenthesis.
            level, j = 0, match.end() - 1
            while j < len(text):
                if text[j] == "(":
                    level += 1
                elif text[j] == ")":
                    level -= 1
                    if level == 0:
                        break
                j += 1
            # A `{` opening a closure; `{4}` and `{1,3}` are a regex literal's counts.
            if re.search(r"\{(?!\d+(,\d*)?\})", text[match.end():j]):
                result.append(text.count("\n", 0, i) + 1)
        i += 1
    return result


def main(paths):
    if not paths:
        patterns = ["Packages/*/Tests/**/*.swift", "Tests/**/*.swift", "Apps/*/Tests/**/*.swift", "Examples/**/*.swift"]
        paths = sorted(p for pattern in patterns for p in glob.glob(pattern, recursive=True) if "/.build/" not in p)
    found = 0
    for path in paths:
        for line in findings(path):
            print(f"{path}:{line}: #expect/#require with a closure inside a closure (see scripts/lib/expect_in_closure.py)")
            found += 1
    print(f"{found} #expect/#require with a closure inside a closure")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
