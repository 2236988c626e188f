#!/usr/bin/env python3
"""Fails when a module of a crate imports a module that imports it back (docs/architecture.md, "No circles").

For every crate under crates/, each source file under src/ is a module (`a.rs` and `a/mod.rs` are `a`). An
import is any path through `crate::`, `self::`, `super::` or a child module's name, in a `use` tree or inline
in code. A `pub use` in a module only re-exports: it is not an import of that module, but a path through it
counts as an import of the module that defines the name. The check reports every group of modules that
import one another in a circle, with the names that tie them, and exits 1 when there is one.

It then checks the same one level up, between areas: a crate's top-level modules (`actions`, `meetings`,
`shared`, `http`, ...) must depend one way, so no area uses an area that uses it back (governance may use
meetings, meetings never governance). `testing` modules (test doubles, compiled only for tests) are left
out. A use listed in AGAINST_THE_GRAIN (an area using one above it) is reported but does not fail, until
it is removed.

Usage: scripts/check-module-cycles.py [crates-dir]
"""
import re
import sys
from pathlib import Path

IDENT = r"[A-Za-z_][A-Za-z0-9_]*"

# Uses of an area by one below it that are left to remove (docs/architecture.md, "No circles" says why):
# (crate, user, used). Remove an entry once its use is gone; any other circle fails the check.
AGAINST_THE_GRAIN = {
    ("domain", "identity", "notifications"),
    ("domain", "library", "meetings"),
}
TEST_ONLY_AREAS = {"testing"}


def strip_comments_and_strings(text):
    """Source without comments, string literals and char literals (their contents never import anything)."""
    out = []
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 10]) and (i == 0 or not re.match(r"\w", text[i - 1])):
            hashes = re.match(r'r(#*)"', text[i:]).group(1)
            end = text.find('"' + hashes, i + 2 + len(hashes))
            out.append('""')
            i = n if end < 0 else end + 1 + len(hashes)
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""')
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:i + 4]):
            out.append("' '")
            i += len(re.match(r"'(\\.[^']*|[^\\'])'", text[i:]).group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def expand_use_tree(tree):
    """`a::{b, c::{d, e as f}, self}` -> [[a, b], [a, c, d], [a, c, e], [a]]."""
    tree = re.sub(r"\s+as\s+" + IDENT, "", tree)
    tree = re.sub(r"\s+", "", tree)

    def split_top(s):
        parts, depth, start = [], 0, 0
        for k, ch in enumerate(s):
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth -= 1
            elif ch == "," and depth == 0:
                parts.append(s[start:k])
                start = k + 1
        parts.append(s[start:])
        return [p for p in parts if p]

    def walk(prefix, s):
        brace = s.find("{")
        if brace < 0:
            segs = [x for x in s.split("::") if x]
            if segs and segs[-1] == "self":
                segs = segs[:-1]
            if segs and segs[-1] == "*":
                segs = segs[:-1]
            return [prefix + segs]
        head = [x for x in s[:brace].split("::") if x]
        inner = s[brace + 1:s.rfind("}")]
        result = []
        for part in split_top(inner):
            result.extend(walk(prefix + head, part))
        return result

    return walk([], tree)


class Crate:
    def __init__(self, src):
        self.src = src
        self.files = {}  # module path tuple -> file
        for path in sorted(src.rglob("*.rs")):
            rel = path.relative_to(src).with_suffix("")
            parts = list(rel.parts)
            if parts in (["lib"], ["main"]):
                mod = ("<main>",) if parts == ["main"] and (src / "lib.rs").exists() else ()
            elif parts[-1] == "mod":
                mod = tuple(parts[:-1])
            else:
                mod = tuple(parts)
            self.files[mod] = path
        self.texts = {m: strip_comments_and_strings(p.read_text()) for m, p in self.files.items()}
        self.reexports = {m: self.find_reexports(m) for m in self.files}

    def module_of_path(self, here, segs):
        """The absolute segments a path names, or None when it leaves the crate."""
        if not segs:
            return None
        base = () if here == ("<main>",) else here
        if segs[0] == "crate":
            return list(segs[1:])
        if segs[0] == "self":
            return list(base) + list(segs[1:])
        if segs[0] == "super":
            up = list(base)
            rest = list(segs)
            while rest and rest[0] == "super":
                if not up:
                    return None
                up.pop()
                rest.pop(0)
            return up + rest
        if tuple(base) + (segs[0],) in self.files:
            return list(base) + list(segs)
        return None

    def find_reexports(self, mod):
        names = {}
        for m in re.finditer(r"\bpub(?:\([^)]*\))?\s+use\s+([^;]+);", self.texts[mod]):
            for segs in expand_use_tree(m.group(1)):
                absolute = self.module_of_path(mod, segs)
                if absolute:
                    names[segs[-1]] = absolute
        return names

    def defining_module(self, absolute, depth=0):
        """The file module that defines the item an absolute path names, following re-exports."""
        best = ()
        for k in range(len(absolute), -1, -1):
            if tuple(absolute[:k]) in self.files:
                best = tuple(absolute[:k])
                break
        rest = absolute[len(best):]
        if rest and depth < 10 and rest[0] in self.reexports.get(best, {}):
            target = self.reexports[best][rest[0]]
            return self.defining_module(list(target) + rest[1:], depth + 1)
        return best

    def edges(self):
        found = {}
        for mod, text in self.texts.items():
            paths = []
            reexport_spans = []
            for m in re.finditer(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);", text):
                if m.group(1):
                    reexport_spans.append(m.span())
                    continue
                paths.extend(expand_use_tree(m.group(2)))
            scrubbed = text
            for start, end in reversed(reexport_spans):
                scrubbed = scrubbed[:start] + " " * (end - start) + scrubbed[end:]
            scrubbed = re.sub(r"\buse\s+[^;]+;", " ", scrubbed)
            for m in re.finditer(r"\b(?:crate|super|self)(?:::" + IDENT + ")+", scrubbed):
                paths.append(m.group(0).split("::"))
            for segs in paths:
                absolute = self.module_of_path(mod, segs)
                if absolute is None:
                    continue
                target = self.defining_module(absolute)
                if target != mod and target in self.files:
                    found.setdefault((mod, target), set()).add(segs[-1])
        return found


def cycles(nodes, edges):
    graph = {n: [] for n in nodes}
    for a, b in edges:
        graph[a].append(b)
    index, low, stack, on, comps, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                comps.append(comp)

    for v in nodes:
        if v not in index:
            visit(v)
    return comps


def main():
    root = Path(sys.argv[1] if len(sys.argv) > 1 else "crates")
    failed = False
    checked = 0
    tolerated = []
    for src in sorted(root.glob("*/src")):
        crate = Crate(src)
        edges = crate.edges()
        checked += len(crate.files)
        for comp in cycles(list(crate.files), edges):
            failed = True
            members = set(comp)
            print(f"import circle in {src.parent.name}: {len(comp)} modules", file=sys.stderr)
            for (a, b), names in sorted(edges.items()):
                if a in members and b in members:
                    print(f"  {crate.files[a].relative_to(root)} -> {crate.files[b].relative_to(root)}: "
                          f"{', '.join(sorted(names))}", file=sys.stderr)
        failed |= check_areas(src.parent.name, crate, edges, tolerated)
    if failed:
        sys.exit(1)
    left = f", apart from the {len(tolerated)} uses left to remove" if tolerated else ""
    print(f"[cycles] no module imports a module that imports it back ({checked} modules), "
          f"and no area uses an area that uses it back{left}")


def check_areas(crate_name, crate, edges, tolerated):
    """Reports areas of one crate that use each other in a circle; True when one is not a known pair."""
    def area(mod):
        return mod[0] if mod and mod[0] != "<main>" else None

    area_edges = {}
    for (a, b), names in edges.items():
        x, y = area(a), area(b)
        if x and y and x != y and not {x, y} & TEST_ONLY_AREAS:
            area_edges.setdefault((x, y), set()).add(
                f"{crate.files[a].relative_to(crate.src)} -> {crate.files[b].relative_to(crate.src)}")
    for (x, y) in sorted(area_edges):
        if (crate_name, x, y) in AGAINST_THE_GRAIN and (y, x) in area_edges:
            print(f"note: in {crate_name}, {x} still uses {y} (left to remove): "
                  f"{'; '.join(sorted(area_edges[(x, y)])[:4])}", file=sys.stderr)
            del area_edges[(x, y)]
            tolerated.append((crate_name, x, y))
    areas = sorted({x for pair in area_edges for x in pair})
    failed = False
    for comp in cycles(areas, area_edges):
        failed = True
        members = set(comp)
        print(f"area circle in {crate_name}: {', '.join(sorted(comp))}", file=sys.stderr)
        for (x, y), files in sorted(area_edges.items()):
            if x in members and y in members:
                print(f"  {x} -> {y}: {'; '.join(sorted(files)[:4])}", file=sys.stderr)
    return failed


if __name__ == "__main__":
    main()
