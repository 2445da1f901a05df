#!/usr/bin/env python3
"""The file-level import graph of a crate, to find import loops.

    python3 scripts/import-loops.py crates/boardsolve-core/src [--no-reexports] [-v] [-e] [--json]

An edge goes from a file to the file of every module a path in it names
(`use` trees, and `crate::`/`super::`/`self::` paths in code), tests left
out (`tests.rs`, a `tests/` folder and `#[cfg(test)] mod tests`). Prints the files, the
edges, the loops (groups of files that import each other, directly or
through others) and the upward edges (to a file of an enclosing module).
--no-reexports leaves out `pub use` (a facade naming what lies below it
is not a dependency of its own code); -v lists the upward edges, -e the
edges inside each loop; --json prints one object instead (the counts, the
loops and the upward edges, files relative to the crate's source folder),
for tests/cli/layers.rs."""
import json, os, re, sys

root = sys.argv[1]  # crate src dir
NOREEXPORT = '--no-reexports' in sys.argv
files = {}  # module path tuple -> file
for dp, dn, fn in os.walk(root):
    for f in fn:
        if not f.endswith('.rs'): continue
        p = os.path.join(dp, f)
        rel = os.path.relpath(p, root)[:-3].split(os.sep)
        if rel[-1] in ('mod', 'lib', 'main'): rel = rel[:-1]
        files[tuple(rel)] = p

def strip(src):
    # remove comments and strings
    out = []; i = 0; n = len(src)
    while i < n:
        c = src[i]
        if src.startswith('//', i):
            j = src.find('\n', i); i = n if j < 0 else j; continue
        if src.startswith('/*', i):
            j = src.find('*/', i); i = n if j < 0 else j + 2; continue
        if c == 'r' and re.match(r'r#*"', src[i:i+10]) and (i == 0 or not (src[i-1].isalnum() or src[i-1]=='_')):
            m = re.match(r'r(#*)"', src[i:]); h = m.group(1)
            j = src.find('"' + h, i + len(m.group(0))); i = n if j < 0 else j + 1 + len(h); out.append('""'); continue
        if c == '"':
            j = i + 1
            while j < n and src[j] != '"':
                j += 2 if src[j] == '\\' else 1
            i = j + 1; out.append('""'); continue
        if c == "'" and re.match(r"'(\\.|[^\\'])'", src[i:i+4]) or src.startswith("'\\u{", i):
            j = src.find("'", i + 1 if src[i+1] != '\\' else i + 2); i = j + 1; out.append("' '"); continue
        out.append(c); i += 1
    return ''.join(out)

def cut_tests(src):
    m = re.search(r'#\[cfg\(test\)\]\s*(pub\s+)?mod\s+\w+\s*\{', src)
    return src[:m.start()] if m else src

def expand(tree, prefix=()):
    tree = tree.strip()
    m = re.match(r'^((?:[\w#]+\s*::\s*)*)\{(.*)\}$', tree, re.S)
    if m:
        pre = tuple(s.strip() for s in m.group(1).split('::') if s.strip())
        body = m.group(2); parts = []; depth = 0; cur = ''
        for ch in body:
            if ch == '{': depth += 1
            if ch == '}': depth -= 1
            if ch == ',' and depth == 0: parts.append(cur); cur = ''
            else: cur += ch
        parts.append(cur)
        res = []
        for p in parts:
            if p.strip(): res += expand(p, prefix + pre)
        return res
    tree = re.sub(r'\s+as\s+\w+$', '', tree)
    return [prefix + tuple(s.strip() for s in tree.split('::'))]

def resolve(modpath, path):
    # returns the module path tuple whose file holds the name, or None (external)
    if not path: return None
    segs = list(path); cur = list(modpath)
    if segs[0] == 'crate': cur = []; segs = segs[1:]
    elif segs[0] in ('super', 'self'):
        while segs and segs[0] in ('super', 'self'):
            if segs[0] == 'super': cur = cur[:-1]
            segs = segs[1:]
    else:
        # relative: a child module of the current module?
        if tuple(cur + [segs[0]]) not in files: return None
    for s in segs:
        s = s.replace('r#', '')
        if tuple(cur + [s]) in files: cur.append(s)
        else: break
    return tuple(cur)

edges = {}
for mp, f in files.items():
    if 'tests' in mp: continue  # tests.rs, tests/ folders and what is in them
    src = re.sub(r'pub\s*\(\s*in\s+[^)]*\)', 'pub', cut_tests(strip(open(f).read())))
    # inline modules: map offset -> extra path segments
    inline = []  # (start, end, name)
    for m in re.finditer(r'\bmod\s+(\w+)\s*\{', src):
        depth = 0; j = m.end() - 1
        while j < len(src):
            if src[j] == '{': depth += 1
            elif src[j] == '}':
                depth -= 1
                if depth == 0: break
            j += 1
        inline.append((m.start(), j, m.group(1)))
    def modat(pos):
        extra = [name for (s, e, name) in inline if s <= pos <= e]
        return tuple(list(mp) + extra)
    targets = set()
    for m in re.finditer(r'\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);', src):
        if m.group(1) and NOREEXPORT: continue
        for p in expand(m.group(2)):
            t = resolve(modat(m.start()), p)
            if t is not None: targets.add(t)
    for m in re.finditer(r'(?<![\w:$])((?:crate|super|self)(?:\s*::\s*(?:r#)?\w+)+)', src):
        p = tuple(s.strip() for s in m.group(1).split('::'))
        t = resolve(modat(m.start()), p)
        if t is not None: targets.add(t)
    targets = {t for t in targets if t in files and t != mp and t != ()}
    edges[mp] = targets

# Tarjan SCC
idx = {}; low = {}; st = []; on = set(); sccs = []; c = [0]
sys.setrecursionlimit(10000)
def sc(v):
    idx[v] = low[v] = c[0]; c[0] += 1; st.append(v); on.add(v)
    for w in edges.get(v, ()):
        if w not in edges: continue
        if w not in idx: sc(w); low[v] = min(low[v], low[w])
        elif w in on: low[v] = min(low[v], idx[w])
    if low[v] == idx[v]:
        comp = []
        while True:
            w = st.pop(); on.discard(w); comp.append(w)
            if w == v: break
        sccs.append(comp)
for v in edges:
    if v not in idx: sc(v)
name = lambda m: os.path.relpath(files[m], root)
loops = [s for s in sccs if len(s) > 1]
up = [(a, b) for a, bs in edges.items() for b in bs if len(b) < len(a) and a[:len(b)] == b]
nedges = sum(len(v) for v in edges.values())
if '--json' in sys.argv:
    print(json.dumps({
        'files': len(edges),
        'edges': nedges,
        'loops': [sorted(name(m) for m in s) for s in loops],
        'up': [[name(a), name(b)] for a, b in sorted(up)],
    }))
    sys.exit(0)
print(f"files {len(edges)}, edges {nedges}, loops (SCCs of >1 file) {len(loops)}, files in loops {sum(len(s) for s in loops)}, upward edges (to an ancestor module's file) {len(up)}")
for s in loops:
    print('  loop:', ' '.join(sorted(name(m) for m in s)))
if '-v' in sys.argv:
    for a, b in sorted(up): print('  up:', name(a), '->', name(b))
if '-e' in sys.argv:
    for s in loops:
        ss = set(s)
        for a in sorted(s):
            print('  edge:', name(a), '->', ', '.join(sorted(name(b) for b in edges[a] if b in ss)))
