#!/bin/bash
# The hostile scenarios of the harness, one line each: exit status, time,
# peak memory and processes left behind. Run it for two builds to compare:
#   scripts/harness-scenarios.sh OLD_BINARY old; scripts/harness-scenarios.sh NEW_BINARY new
# It needs python3, rustc, cc, about 4 GB of free memory and 2.5 GB of
# disk; it works in /tmp/meas-LABEL. Its sleepers are marked 1000.PID...
# (this script's pid), and at the end it kills, by pid, only the
# processes whose command line holds that mark.
REPO=$(cd "$(dirname "$0")/.." && pwd)
B=$(realpath "$1"); L=$2; W=/tmp/meas-$L; rm -rf $W; mkdir -p $W; cd $W
M=1000.$$
# Background jobs of a script start with SIGINT ignored, which boardsolve
# keeps (as under nohup): the ones signalled here get it back.
dfl() { exec perl -e '$SIG{INT} = "DEFAULT"; exec @ARGV or die' "$@"; }
left() { sleep 0.5; ps -eo args | grep -c "[s]leep $M$1"; }
marked() { grep -l "$M" /proc/[0-9]*/cmdline 2>/dev/null | sed 's,/proc/\([0-9]*\)/cmdline,\1,' | grep -v "^$$\$"; }
t() { /usr/bin/time -o $W/time -f "%e %M" "$@"; echo "exit=$? $(cat $W/time | tail -1 | awk '{print $1" s, "$2" KiB"}')"; }
echo "## $L"
if [ -z "$ONLY" ]; then
cat > esc.sh <<X
#!/bin/sh
setsid sleep ${M}41 &
( (sleep ${M}42 &) & )
exec boardsolve solve 2048
X
chmod +x esc.sh; mkdir -p bin; ln -sf $B bin/boardsolve; export PATH=$W/bin:$PATH
echo "1 escapes, 10 cases (60 s cap): $(t timeout 60 $B stress 2048 --cases 10 --seed 1 -- ./esc.sh 2>/dev/null | tail -1); left: $(left 4)"
cat > hold.sh <<X
#!/bin/sh
setsid sleep ${M}51 &
while :; do :; done
X
chmod +x hold.sh
echo "2 escaped child holds stdout, 1s limit, 1 case: $(t timeout 200 $B stress 2048 --cases 1 --timeout 1s -- ./hold.sh 2>/dev/null | tail -1); left: $(left 5)"
cat > slow.sh <<X
#!/bin/sh
setsid sleep ${M}61 &
sleep ${M}62
X
chmod +x slow.sh
dfl $B stress 2048 --cases 4 --timeout 100s -- ./slow.sh >/dev/null 2>&1 & P=$!; sleep 1; kill -INT $P; wait $P; echo "3 SIGINT: exit=$?, left: $(left 6)"
cat > burn.sh <<'X'
#!/bin/sh
i=0; while [ $i -lt 150000 ]; do i=$((i+1)); done
exec boardsolve solve 2048
X
chmod +x burn.sh
echo "4 ~150ms CPU, 1s limit, --jobs 64, 64 cases: $(t $B stress 2048 --cases 64 --jobs 64 --timeout 1s --seed 1 -- ./burn.sh 2>/dev/null | head -1)"
echo "6 tromino n=4096 correct: $(t $B stress tromino --n 4096 --cases 1 -- $B solve tromino 2>/dev/null | head -1)"
echo "7 missing program: $(t $B stress 2048 --cases 3 -- ./nope 2>&1 | head -1)"
echo "8 failure | head -c 10: $($B stress 2048 --cases 5 -- sh -c 'echo 0' 2>/dev/null | head -c 10 >/dev/null; echo exit=${PIPESTATUS[0]})"
echo "9 solve >&-: $($B solve 2048 "$REPO/examples/2048/sample.in" >&- 2>/dev/null; echo exit=$?)"
cat > big.sh <<'X'
#!/bin/sh
head -c 100000000 /dev/zero
X
chmod +x big.sh
echo "11 32 jobs printing 100 MB each: $(t $B stress 2048 --cases 32 --jobs 32 --seed 1 -- ./big.sh 2>/dev/null | head -1)"
echo "8192 1 1" > t.in; mkdir -p o
echo "12 bulk tromino n=8192 --out-dir: $(t $B solve tromino --out-dir o t.in 2>&1 | tail -1)"; rm -rf o
cat > hog.sh <<'X'
#!/bin/sh
python3 -c "b = b\"x\" * (3 << 30); print(16)"
X
chmod +x hog.sh
echo "13 program touching 3 GB (limit 1G where supported): $(t $B stress 2048 --cases 1 --memory-limit 1G --shrink-time 1s -- ./hog.sh 2>/dev/null | head -1)"
echo "14 reference K=40 dense 20x20 (120 s cap): $(t timeout 120 $B stress 2048 --moves 40 --n 20 --density 1 --seed 2 --cases 1 -- cat 2>&1 | grep -v '^stress' | head -1)"
echo 1 2 > x.in; echo precious > victim; ln -s victim x.out
$B solve 2048 --bulk x.in >/dev/null 2>&1; echo "15a symlink x.out -> victim: victim now '$(cat victim)'"
printf '1\n4\n' > case.out; $B solve 2048 --bulk case.out >/dev/null 2>&1; echo "15b input case.out: exit=$?, now '$(cat case.out | tr '\n' ' ')'"
mkdir -p d1 d2; printf '1\n2\n' > d1/t.in; printf '1\n8\n' > d2/t.in; $B solve 2048 --out-dir oo d1/t.in d2/t.in >/dev/null 2>&1; echo "15c two t.in into one --out-dir: exit=$?, oo/t.out=$(cat oo/t.out 2>/dev/null)"
mkdir -p g; echo keep > g/001.in; $B gen 2048 --seed 1 --count 2 --out-dir g >/dev/null 2>&1; echo "15d gen over existing: exit=$?, 001.in now '$(head -c 4 g/001.in)'"
fi
# ONLY="16 21" runs only those of the hostile scenarios below (all of
# them and the ones above when unset).
want() { [ -z "$ONLY" ] || [[ " $ONLY " == *" $1 "* ]]; }
# Hostile programs (tests/programs/): attacks on the keeper, queue waits,
# a fork bomb, standard error floods, memory shared or split.
rustc --edition 2021 -O -o hostile "$REPO/tests/programs/hostile.rs" 2>/dev/null
cc -O2 -o tiny "$REPO/tests/programs/tiny.c"
mkdir -p one; cp "$REPO/examples/2048/sample.in" one/a.in; echo 16 > one/a.out
v() { grep -o -E '^(AC|WA|TLE|MLE|RE|OLE) ' "$1" | head -1; }
# Like t, with the command's output in the file $1.
to() { f=$1; shift; /usr/bin/time -o $W/time -f "%e %M" "$@" > $f 2>/dev/null; echo "exit=$? $(tail -1 $W/time | awk '{print $1" s, "$2" KiB"}')"; }
tt() { to out timeout 120 $B test 2048 one "$@"; }
want 16 && echo "16 kill keeper, setsid daemon (test): $(tt -- ./hostile kill-keeper ${M}71) $(v out); left: $(left 71)"
want 17 && echo "17 kill keeper, 4 cases (stress): $(to /dev/null timeout 120 $B stress 2048 --cases 4 --shrink-time 2s -- ./hostile kill-keeper ${M}72); left: $(left 72)"
want 18 && echo "18 stop keeper, --time-limit 1s (test, 120 s cap): $(tt --time-limit 1s -- ./hostile stop-keeper ${M}73) $(v out); left: $(left 73)"
# 200 cases, each program stopping its keeper: the signal comes mid-run.
mkdir -p many; for i in $(seq -w 1 200); do cp one/a.in many/$i.in; cp one/a.out many/$i.out; done
sig_stopped() {
  dfl $B test 2048 many --jobs 2 --time-limit 1s -- ./hostile stop-keeper ${M}$2 >/dev/null 2>&1 & P=$!
  sleep 1; s=$(date +%s%N); kill -$1 $P 2>/dev/null || { wait $P; echo -n "ended by itself, exit=$?"; return; }
  for i in $(seq 100); do kill -0 $P 2>/dev/null || break; sleep 0.1; done
  if kill -0 $P 2>/dev/null; then echo -n "still running 10 s after SIG$1"; kill -KILL $P; wait $P 2>/dev/null
  else wait $P; echo -n "exit=$? after $(( ($(date +%s%N)-s)/1000000 )) ms"; fi
}
want 19 && echo "19 SIGTERM while programs stop their keepers: $(sig_stopped TERM 74); left: $(left 74)"
want 20 && echo "20 SIGINT while programs stop their keepers (setsid daemons): $(sig_stopped INT 75); left: $(left 75)"
want 21 && echo "21 40 children x 40 ms CPU then sleep, --time-limit 2s (cap 7 s): $(tt --time-limit 2s --json -- ./hostile queue 40 40) $(grep -o '"wall_ms": [0-9]*' out)"
want 22 && echo "22 fork bomb depth 10, 20 ms each, --time-limit 2s: $(tt --time-limit 2s --json -- ./hostile bomb 10 20 ${M}76) $(grep -o -E '"(verdict|cpu_ms|wall_ms)": [^,]*' out | tr '\n' ' '); left: $(sleep 0.5; ps -eo args | grep -c "[h]ostile bomb 10 20 ${M}76")"
want 23 && echo "23 16 on stdout, 3.7 MB of stderr lines: $(tt -- ./hostile stderr 3700000 4096) $(v out)"
want 24 && echo "24 16 on stdout, 3.7 MB of stderr in 1 MiB writes: $(tt -- ./hostile stderr 3700000 1048576) $(v out)"
want 25 && echo "25 200 sleeping shells, --memory-limit 64M: $(tt --memory-limit 64M -- ./hostile sleepers 200) $(v out) $(grep -o -E '[0-9.]+ [KMG]iB' out | head -1)"
want 26 && echo "26 one process of 100 MiB, --memory-limit 64M: $(tt --memory-limit 64M -- ./hostile hog 100) $(v out)"
want 27 && echo "27 4 workers of 40 MiB, --memory-limit 100M: $(tt --memory-limit 100M -- ./hostile workers 4 40) $(v out)"
# 20 runs of a 2 ms C program, one at a time: min/median/max of each.
want 28 && {
mkdir -p twenty; for i in $(seq -w 1 20); do cp one/a.in twenty/$i.in; cp one/a.out twenty/$i.out; done
$B test 2048 twenty --json --jobs 1 -- ./tiny > tiny.json 2>/dev/null
stat3() { grep -o "\"$1\": [0-9]*" tiny.json | awk '{print $2}' | sort -n | awk '{a[NR]=$1} END {printf "%s/%s/%s", a[1], a[int((NR+1)/2)], a[NR]}'; }
echo "28 2 ms C program x20, min/median/max: cpu_ms $(stat3 cpu_ms), wall_ms $(stat3 wall_ms), peak_kib $(stat3 peak_kib); wall < cpu in $(python3 -c "import json; print(sum(c['wall_ms'] < c['cpu_ms'] for c in json.load(open('tiny.json'))['cases']))") runs"
}
# Escapes of a subtler kind: a worker thread's child, a fork tree of short spinners,
# SysV segments left behind, a file the kernel will not run.
want 29 && echo "29 a thread's child touching 1 GiB, --memory-limit 100M: $(tt --memory-limit 100M --json -- ./hostile thread-fork 1024) $(grep -o -E '"(verdict|wall_ms)": [^,]*' out | tr '\n' ' ')"
want 30 && echo "30 fork tree 2^11 x 5 ms, --time-limit 1s (cap 4 s): $(tt --time-limit 1s --json -- ./hostile bomb 10 5 ${M}77) $(grep -o -E '"(verdict|cpu_ms|wall_ms)": [^,]*' out | tr '\n' ' '); left: $(sleep 0.5; ps -eo args | grep -c "[h]ostile bomb 10 5 ${M}77")"
want 31 && { before=$(awk 'NR>1 {s+=$4} END {print s+0}' /proc/sysvipc/shm); echo "31 20 SysV segments of 50 MB left behind: $(tt --memory-limit 100M -- ./hostile shm $((0x5c000000 + $$ % 65536 * 32)) 20 50) $(v out); MiB still held: $(( ($(awk 'NR>1 {s+=$4} END {print s+0}' /proc/sysvipc/shm) - before) >> 20 ))"; }
want 32 && { printf '\177ELFgarbage' > corrupt; chmod +x corrupt; echo "32 corrupt executable: $(tt -- ./corrupt) $(v out)"; }
for p in $(marked); do kill -CONT $p 2>/dev/null; kill -KILL $p 2>/dev/null; done; true
