#!/usr/bin/env python3
"""Mutation scores per data set, from one run of scripts/mutation-reference.sh
(one puzzle's reference).

    scripts/mutation-score.py OUT [--json]

OUT holds cargo-mutants' mutants.out/ (mutants.json, outcomes.json), the
oracle's sets.log (one line a data set and mutant: HASH SET killed|survived
CASES SKIPPED FIRST-WRONG), the sources mutated as they were (FILE.orig,
their order in OUT/sources; reference.rs.orig alone when that list is
missing). Each mutant is matched to its log lines by the oracle's hash
(FNV-1a of the sources concatenated, the mutant's file with its diff
applied). A mutant is named by its line, column and change, after its
file's name when the run mutated more than one.

A mutant is viable when it builds (cargo-mutants' Unviable ones do not).
Its verdict on a data set is the oracle's line. A set with no line is
one its binary never finished: when the binary died (cargo-mutants
counted it caught, or a rerun's exit status is not 0 or 124: a stack
overflow is no panic the oracle can catch), the set counts it killed,
as a program that crashes fails the data set; when it was stopped by a
timeout, the set counts it not killed and it is listed as timed out.
Prints, per judge, each data set's score (killed / viable), the union's,
and the survivors of the union.

The log's HASH is FNV-1a of the sources as compiled; the kept binaries
are named by FNV-1a of the sources of the judges run, each puzzle's once:
for one puzzle's judges, the same HASH. (Binaries kept by an earlier
oracle, named by 2048's reference.rs twice, one a judge, are found too.)
"""

import json
import os
import re
import subprocess
import sys
import tempfile
from collections import defaultdict


def fnv1a(data: bytes) -> int:
    h = 0xCBF29CE484222325
    for b in data:
        h = ((h ^ b) * 0x100000001B3) & 0xFFFFFFFFFFFFFFFF
    return h


def natural(label: str) -> list:
    """package-2 before package-10."""
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", label)]


def sources(out: str) -> list:
    """The names of the files mutated, in the order the oracle hashes them."""
    listed = os.path.join(out, "sources")
    if not os.path.exists(listed):
        return ["reference.rs"]
    return [line.strip() for line in open(listed) if line.strip()]


def original(out: str) -> bytes:
    """The sources as they were, concatenated: the unmutated hash's text."""
    return b"".join(open(os.path.join(out, f + ".orig"), "rb").read() for f in sources(out))


def mutant_source(out: str, mutant: dict) -> bytes:
    """The sources concatenated with `mutant` applied to its own file."""
    mutated = os.path.basename(mutant["file"])
    parts = []
    for f in sources(out):
        orig = os.path.join(out, f + ".orig")
        parts.append(mutated_source(orig, mutant["diff"]) if f == mutated else open(orig, "rb").read())
    return b"".join(parts)


def short_name(out: str, mutant: dict) -> str:
    """`LINE:COL: change`, after the file's name when more than one was mutated."""
    name = os.path.basename(mutant["name"].split(":", 1)[0]) + ":" + mutant["name"].split(":", 1)[1]
    return name if len(sources(out)) > 1 else name.split(":", 1)[1]


def mutated_source(orig_path: str, diff: str) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        patch = os.path.join(tmp, "d.diff")
        out = os.path.join(tmp, "out.rs")
        with open(patch, "w") as f:
            f.write(diff)
        subprocess.run(
            ["patch", "-s", "-o", out, orig_path, patch], check=True, stdout=subprocess.DEVNULL
        )
        with open(out, "rb") as f:
            return f.read()


def main() -> None:
    out = sys.argv[1]
    as_json = "--json" in sys.argv[2:]
    mo = os.path.join(out, "mutants.out")
    mutants = json.load(open(os.path.join(mo, "mutants.json")))
    outcomes = json.load(open(os.path.join(mo, "outcomes.json")))["outcomes"]
    summary = {}
    for o in outcomes:
        scenario = o["scenario"]
        if isinstance(scenario, dict) and "Mutant" in scenario:
            summary[scenario["Mutant"]["name"]] = o["summary"]
    lines = defaultdict(dict)
    for line in open(os.path.join(out, "sets.log")):
        h, label, verdict, cases, skipped, wrong = line.rstrip("\n").split("\t")
        lines[int(h, 16)][label] = (verdict, int(cases), int(skipped), wrong)
    base = lines[fnv1a(original(out))]
    sets = sorted(base, key=natural)
    bad = [s for s in sets if base[s][0] != "survived"]
    if bad:
        sys.exit(f"the unmutated reference fails {bad}: no score")
    judges = sorted({s.split("/")[0] for s in sets})
    reruns = {}
    for name in os.listdir(out):
        if name.startswith("rerun-") and name.endswith(".status"):
            for judge in name[len("rerun-") : -len(".status")].split(","):
                reruns[judge] = dict(
                    line.split() for line in open(os.path.join(out, name)) if line.strip()
                )
    result = {"sets": {}, "judges": {}, "mutants": []}
    killed = defaultdict(set)
    viable, timeouts, died = [], defaultdict(list), defaultdict(list)
    for m in mutants:
        name = short_name(out, m)
        outcome = summary.get(m["name"], "NotRun")
        if outcome in ("Unviable", "NotRun"):
            continue
        viable.append(name)
        source = mutant_source(out, m)
        got = lines.get(fnv1a(source), {})
        names = (f"{fnv1a(source):016x}", f"{fnv1a(source + source):016x}")
        for s in sets:
            judge = s.split("/")[0]
            if s in got:
                if got[s][0] == "killed":
                    killed[s].add(name)
                continue
            if judge in reruns:
                statuses = [reruns[judge][b] for b in names if b in reruns[judge]]
                status = statuses[0] if statuses else ("124" if outcome == "Timeout" else "none")
                stopped = status in ("124", "none")
            else:
                stopped = outcome != "CaughtMutant"
            if not stopped:
                killed[s].add(name)
            listed = timeouts[judge] if stopped else died[judge]
            if name not in listed:
                listed.append(name)
        result["mutants"].append({"name": name, "outcome": outcome, "sets": got})
    for judge in judges:
        mine = [s for s in sets if s.startswith(judge + "/")]
        union = set().union(*(killed[s] for s in mine))
        result["judges"][judge] = {
            "union": len(union),
            "survivors": [v for v in viable if v not in union],
        }
        for s in mine:
            _, cases, skipped, _ = base[s]
            result["sets"][s] = {
                "killed": len(killed[s]),
                "cases": cases,
                "skipped": skipped,
            }
    result["viable"], result["timeouts"], result["died"] = len(viable), timeouts, died
    if as_json:
        json.dump(result, sys.stdout, indent=1)
        return
    print(f"{len(viable)} viable mutants (they build)")
    for judge in judges:
        print(f"\n{judge}: data set, cases run (skipped), killed / viable")
        for s in [s for s in sets if s.startswith(judge + "/")]:
            r = result["sets"][s]
            skip = f" ({r['skipped']} skipped)" if r["skipped"] else ""
            print(f"  {s:<20} {r['cases']:>4}{skip:<14} {r['killed']:>3} / {len(viable)}")
        j = result["judges"][judge]
        print(f"  {'union':<20} {'':>4}{'':<14} {j['union']:>3} / {len(viable)}")
        for v in j["survivors"]:
            print(f"  survivor: {v}")
        for t in timeouts[judge]:
            print(f"  timed out: {t}")
        for d in died[judge]:
            print(f"  died (kills every set it did not finish): {d}")


if __name__ == "__main__":
    main()
