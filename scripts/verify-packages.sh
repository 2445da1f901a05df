#!/usr/bin/env bash
# Builds the problem package of every judge's number with
# `boardsolve package` and checks each with the two tools that read the
# format, pinned, from PyPI, in one virtual environment under target/:
#
# - BAPCtools on the package as written (format 2025-09): `bt validate`
#   (the input validator accepts every case and rejects every file of
#   data/invalid_input/, case by case; the answer validator accepts every
#   .ans) and `bt run` (every submission gets the verdicts its folder
#   requires, at the package's measured time limit). bt exits 1 on any
#   error or warning.
# - problemtools' verifyproblem on the same package in format
#   2023-07-draft (the newest it reads), without its statement part,
#   which needs a TeX installation (plasTeX finds files with kpsewhich),
#   far larger than the rest of CI. It must report 0 errors; its one
#   warning is its own ("Support for version 2023-07-draft is very
#   incomplete"). That package is `package --format 2023-07-draft`, which
#   is the 2025-09 one less data/invalid_input/ and answer_validators/ and
#   with the other version line (a unit test holds exactly this): made
#   here from the first so that 12094's killer search, minutes of CPU,
#   runs once.
#
# Needs g++ and Python's venv module; .ci/run installs both.
set -euo pipefail
cd "$(dirname "$0")/.."
tools=target/packagetools
if [ ! -x "$tools/bin/bt" ] || [ ! -x "$tools/bin/verifyproblem" ]; then
    python3 -m venv "$tools"
    "$tools/bin/pip" install -q problemtools==1.20260907 bapctools==2026.10.0
fi
# --tools-only installs the two tools and stops (CI starts it early, in
# the background, while it builds).
if [ "${1:-}" = "--tools-only" ]; then
    exit 0
fi
# BOARDSOLVE=PATH checks the packages that binary writes (CI passes the
# one `cargo test` built); otherwise a release build is made.
if [ -n "${BOARDSOLVE:-}" ]; then
    boardsolve=$(realpath "$BOARDSOLVE")
else
    cargo build --release --locked
    boardsolve=$PWD/target/release/boardsolve
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# BAPCtools runs Python programs with PyPy (pypy3), as contest systems do,
# and warns when it is missing although no program here is Python:
# CPython stands in for it.
mkdir -p "$work/config/bapctools"
cat >"$work/config/bapctools/languages.yaml" <<'EOF'
python3:
    name: 'Python 3 (CPython)'
    compile: 'python3 -m py_compile {files}'
    run: 'python3 "{mainfile}"'
EOF
export XDG_CONFIG_HOME="$work/config"
export PATH="$PWD/$tools/bin:$PATH"
# A run a core. CI checks 12094 beside the other judges and the site:
# its slowest accepted run, 3 s of CPU, stays far from bt's wall-clock
# stop at 11.5 s even at half a core.
jobs=$(nproc)
# Appends "NAME N s" for the time since the last step to $steps.
took() {
    steps="${steps:+$steps, }$1 $((SECONDS - last)) s"
    last=$SECONDS
}
failed() {
    cat "$1"
    echo "verify-packages: $2" >&2
    exit 1
}
# JUDGES="12100 17825" checks only those.
for judge in ${JUDGES:-12100 12094 17825 14600 14601 92345}; do
    # Each package alone in its folder: bt reads the folder around a
    # problem as its contest.
    pkg="$work/$judge/current/$judge"
    mkdir -p "$work/$judge/current" "$work/$judge/draft"
    start=$SECONDS
    last=$SECONDS
    steps=""
    "$boardsolve" package "$judge" --out-dir "$pkg" >"$work/$judge.package" 2>&1 ||
        failed "$work/$judge.package" "$judge: package failed"
    { grep -E '^(time_limit|slowest|also|too slow|no time_limit|NOT SEPARATED)' "$work/$judge.package" || true; } | sed "s/^/$judge: /"
    invalid=$(find "$pkg/data/invalid_input" -name '*.in' | wc -l)
    took "package"
    # A job a core (bt's default is half the cores): bt times a run by its
    # CPU time and stops it by the wall clock at 1.5 x the limit + 1 s,
    # which one run a core keeps far from any accepted run.
    (cd "$pkg" && bt validate --no-bar && bt run --no-bar --jobs "$jobs") >"$work/$judge.bt" 2>&1 ||
        failed "$work/$judge.bt" "$judge: BAPCtools found errors or warnings"
    { grep -E '^[a-z_]+/' "$work/$judge.bt" || true; } | sed "s/^/$judge: bt run: /"
    echo "$judge: bt validate: 0 errors, 0 warnings; all $invalid invalid inputs rejected"
    took "bt"

    draft="$work/$judge/draft/$judge"
    cp -r "$pkg" "$draft"
    rm -r "$draft/data/invalid_input" "$draft/answer_validators"
    sed -i 's/^problem_format_version: 2025-09$/problem_format_version: 2023-07-draft/' "$draft/problem.yaml"
    sed -i 's/--format 2025-09 /--format 2023-07-draft /' "$draft/generators/README.md"
    # problemtools times a run by its CPU time too.
    verifyproblem "$draft" -p config data submissions validators --threads "$jobs" >"$work/$judge.verify" 2>&1 || true
    summary=$(tail -n 1 "$work/$judge.verify")
    echo "$judge: verifyproblem: $summary"
    case "$summary" in
    *"tested: 0 errors"*) ;;
    *) failed "$work/$judge.verify" "$judge: verifyproblem found errors" ;;
    esac
    took "verifyproblem"
    echo "$judge: $((SECONDS - start)) s ($steps)"
done
