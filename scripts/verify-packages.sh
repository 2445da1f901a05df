#!/usr/bin/env bash
# Builds the problem package of every judge's number with
# `boardsolve package` and checks each with the real problemtools
# (`verifyproblem`, pinned, in a virtual environment under target/):
# every package must report 0 errors. Its statement part is skipped: it
# needs a TeX installation (plasTeX finds files with kpsewhich), far
# larger than the rest of CI.
set -euo pipefail
cd "$(dirname "$0")/.."
# It needs g++ (problemtools compiles the C++ validators and solutions)
# and Python's venv module; .ci/run installs both.
problemtools=target/problemtools
if [ ! -x "$problemtools/bin/verifyproblem" ]; then
    python3 -m venv "$problemtools"
    "$problemtools/bin/pip" install -q problemtools==1.20260907
fi
cargo build --release --locked
packages=$(mktemp -d)
trap 'rm -rf "$packages"' EXIT
for judge in 12100 12094 17825 14600 14601 92345; do
    target/release/boardsolve package "$judge" --out-dir "$packages/$judge" >/dev/null
    "$problemtools/bin/verifyproblem" "$packages/$judge" -p config data submissions validators \
        >"$packages/$judge.log" 2>&1 || true
    summary=$(tail -n 1 "$packages/$judge.log")
    echo "$summary"
    case "$summary" in
    *"tested: 0 errors"*) ;;
    *) cat "$packages/$judge.log"; exit 1 ;;
    esac
done
