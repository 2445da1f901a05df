#!/usr/bin/env python3
"""Runs one kept mutant, and the unmutated reference, on one case.

    scripts/mutation-try.py OUT JUDGE MUTANT CASE.in CASE.ans

OUT is a run of scripts/mutation-reference.sh (its mutants.out/, the
sources as they were and bins/). MUTANT is a piece of the
mutant's name as cargo-mutants lists it (`106:42: replace == with !=`),
matching exactly one mutant. CASE.in is judge input for JUDGE, CASE.ans
its answer (the fast solver's: `boardsolve solve JUDGE < CASE.in`). The
case is written to a temporary data set and both kept binaries run the
reference oracle on it, which compares as the judge does; prints whether
each passes. A case that kills the mutant and passes the reference shows
that the mutant is not equivalent: exit status 0 then, 1 otherwise.
"""

import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
# No __pycache__ left beside the scripts.
sys.dont_write_bytecode = True
spec = importlib.util.spec_from_file_location("score", os.path.join(HERE, "mutation-score.py"))
score = importlib.util.module_from_spec(spec)
spec.loader.exec_module(score)


def binary(out: str, source: bytes) -> str:
    """The kept binary of a source: by its hash, or 2048's doubled one."""
    for data in (source, source + source):
        path = os.path.join(out, "bins", f"{score.fnv1a(data):016x}.bin")
        if os.path.exists(path):
            return path
    sys.exit(f"no kept binary for this source under {out}/bins")


def passes(path: str, data: str, judge: str) -> bool:
    env = dict(os.environ, BOARDSOLVE_MUTATION_DATA=data, BOARDSOLVE_ORACLE_JUDGES=judge)
    for name in ("BOARDSOLVE_MUTATION_LOG", "BOARDSOLVE_MUTATION_KEEP"):
        env.pop(name, None)
    run = subprocess.run(
        [path, "--exact", "the_plain_references_give_the_fast_solvers_answers"],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        timeout=600,
    )
    return run.returncode == 0


def main() -> None:
    if len(sys.argv) != 6:
        sys.exit(__doc__)
    out, judge, piece, case_in, case_ans = sys.argv[1:]
    mutants = json.load(open(os.path.join(out, "mutants.out", "mutants.json")))
    found = [m for m in mutants if piece in m["name"]]
    if len(found) != 1:
        sys.exit(f"{len(found)} mutants match {piece!r}: name exactly one")
    mutant = found[0]
    with tempfile.TemporaryDirectory() as data:
        os.makedirs(os.path.join(data, judge, "try"))
        shutil.copy(case_in, os.path.join(data, judge, "try", "1.in"))
        shutil.copy(case_ans, os.path.join(data, judge, "try", "1.ans"))
        plain = passes(binary(out, score.original(out)), data, judge)
        source = score.mutant_source(out, mutant)
        mutated = passes(binary(out, source), data, judge)
    print(f"reference: {'passes' if plain else 'FAILS'}")
    print(f"{score.short_name(out, mutant)}: {'survives' if mutated else 'killed'}")
    sys.exit(0 if plain and not mutated else 1)


if __name__ == "__main__":
    main()
