#!/usr/bin/env bash
# Judges the same programs on the same generated cases with two boardsolve
# binaries and compares, case by case, the verdict (which must be
# identical), the CPU time and the peak memory (which may differ by the
# machine's noise): a measurement of a harness change on ordinary
# programs, not a test.
#
#   scripts/compare-verdicts.sh OLD_BINARY NEW_BINARY [CASES_PER_JUDGE]
#
# For every judge's number (12100, 12094, 17825, 14600, 14601, 92345),
# CASES_PER_JUDGE (default 50, so 300 in all) cases are drawn with `gen`
# (seeded, so every run draws the same; half of them `--hard`) and
# answered with `solve`, both by NEW. The programs are the package's own C++ solutions
# (crates/boardsolve-judge/src/package/assets/solve_*.cpp), built
# once with c++ -O2: the accepted one, and its wrong twin (-DMISTAKE);
# for 12094 also the plain exhaustive search (-DPLAIN), which is slow.
# Both binaries run `test NUMBER DIR --json --jobs 1` with the same
# explicit limits (--time-limit 5s --memory-limit 512M), so that the
# limits each binary would choose do not enter the comparison.
#
# Prints a line a judge and program: cases, verdicts that differ, the
# verdicts seen, the CPU milliseconds of all its runs (OLD/NEW), the CPU
# difference a case (median and largest, NEW minus OLD), OLD's median
# peak and the peak difference a case (KiB, median and largest); then
# every case whose verdict differs. Exit 1 when a verdict differs.
set -uo pipefail
if [ $# -lt 2 ]; then
    echo "usage: $0 OLD_BINARY NEW_BINARY [CASES_PER_JUDGE]" >&2
    exit 2
fi
old=$(realpath "$1") new=$(realpath "$2") count=${3:-50}
cd "$(dirname "$0")/.."
assets=crates/boardsolve-judge/src/package/assets
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# build NAME SOURCE FLAGS...: one program, right or wrong.
build() {
    local name=$1 source=$2; shift 2
    c++ -O2 -std=c++17 "$@" -o "$work/bin/$name" "$assets/$source" ||
        { echo "cannot build $name" >&2; exit 2; }
}
mkdir -p "$work/bin"
build 2048-5 solve_2048.cpp -DMOVES=5
build 2048-5-wrong solve_2048.cpp -DMOVES=5 -DMISTAKE
build 2048-10 solve_2048.cpp -DMOVES=10
build 2048-10-wrong solve_2048.cpp -DMOVES=10 -DMISTAKE
build 2048-10-plain solve_2048.cpp -DMOVES=10 -DPLAIN
build yut solve_yut.cpp
build yut-wrong solve_yut.cpp -DMISTAKE
build tromino solve_tromino.cpp
build tromino-wrong solve_tromino.cpp -DMISTAKE
build footholds solve_footholds.cpp
build footholds-wrong solve_footholds.cpp -DMISTAKE

# judge NUMBER PROGRAM GEN_OPTIONS...: the cases, then both binaries on
# them with the right and the wrong program.
judge() {
    local number=$1 program=$2; shift 2
    local cases=$work/cases/$number
    # Half drawn plainly, half in the shapes that break solutions (so
    # that the wrong programs fail some).
    local hard=$((count / 2)) plain=$((count - count / 2))
    mkdir -p "$cases/plain" "$cases/hard"
    "$new" gen "$number" --seed 20261205 --count "$plain" --out-dir "$cases/plain" "$@" > /dev/null &&
        "$new" gen "$number" --seed 20261205 --count "$hard" --out-dir "$cases/hard" --hard "$@" > /dev/null ||
        { echo "cannot generate $number" >&2; exit 2; }
    "$new" solve "$number" --out-dir "$cases/plain" "$cases"/plain/*.in > /dev/null &&
        "$new" solve "$number" --out-dir "$cases/hard" "$cases"/hard/*.in > /dev/null ||
        { echo "cannot solve $number" >&2; exit 2; }
    for which in right wrong ${also:-}; do
        local bin=$work/bin/$program
        [ $which != right ] && bin=$work/bin/$program-$which
        for side in old new; do
            local binary=$old
            [ $side = new ] && binary=$new
            "$binary" test "$number" "$cases/plain" "$cases/hard" --json --jobs 1 --time-limit 5s \
                --memory-limit 512M -- "$bin" > "$work/$number-$which-$side.json" 2> /dev/null
            echo $? > "$work/$number-$which-$side.status"
        done
    done
}
judge 12100 2048-5
# The plain search of 12094 (all 4^10 lines, as a contestant first
# writes it) takes 0.1 to 1 s a case: the CPU times worth comparing.
also=plain judge 12094 2048-10
judge 17825 yut
judge 14600 tromino
judge 14601 tromino
judge 92345 footholds

python3 - "$work" <<'EOF'
import json, os, statistics, sys
work = sys.argv[1]
differed = 0
print(f"{'judge':<6} {'program':<6} {'cases':>5} {'differ':>6}  {'verdicts':<9}"
      f" {'CPU ms old/new':>15} {'ΔCPU median':>11} {'largest':>7}"
      f"  {'peak KiB old':>12} {'Δpeak median':>12} {'largest':>7}")
for number in ["12100", "12094", "17825", "14600", "14601", "92345"]:
    for which in ["right", "wrong", "plain"]:
        if not os.path.exists(f"{work}/{number}-{which}-old.json"):
            continue
        runs = {}
        for side in ["old", "new"]:
            path = f"{work}/{number}-{which}-{side}.json"
            status = open(path.replace(".json", ".status")).read().strip()
            try:
                runs[side] = json.load(open(path))["cases"]
            except (ValueError, KeyError):
                print(f"{number} {which}: {side} gave no report (exit {status})")
                differed += 1
                runs = None
                break
        if runs is None:
            continue
        old, new = runs["old"], runs["new"]
        pairs = list(zip(old, new))
        bad = [(o, n) for o, n in pairs if o["name"] != n["name"] or o["verdict"] != n["verdict"]]
        differed += len(bad) + abs(len(old) - len(new))
        cpu = [n["cpu_ms"] - o["cpu_ms"] for o, n in pairs]
        peak = [n["peak_kib"] - o["peak_kib"] for o, n in pairs]
        seen = sorted({o["verdict"] for o, _ in pairs})
        largest = lambda d: max(d, key=abs) if d else 0
        total = lambda runs: sum(r["cpu_ms"] for r in runs)
        peak_old = statistics.median(o["peak_kib"] for o, _ in pairs) if pairs else 0
        print(f"{number:<6} {which:<6} {len(pairs):>5} {len(bad):>6}  {','.join(seen):<9}"
              f" {f'{total(old)}/{total(new)}':>15} {statistics.median(cpu) if cpu else 0:>11}"
              f" {largest(cpu):>7}  {peak_old:>12} {statistics.median(peak) if peak else 0:>12}"
              f" {largest(peak):>7}")
        for o, n in bad:
            print(f"  DIFF {o['name']}: {o['verdict']} ({o.get('message')}) vs {n['verdict']} ({n.get('message')})")
print(f"{differed} verdicts differ")
sys.exit(1 if differed else 0)
EOF
