#!/bin/bash
# The hostile scenarios of the harness, one line each: exit status, time,
# peak memory and processes left behind. Run it for two builds to compare:
#   scripts/harness-scenarios.sh OLD_BINARY old; scripts/harness-scenarios.sh NEW_BINARY new
# It needs python3, about 4 GB of free memory and 2.5 GB of disk; it
# works in /tmp/meas-LABEL and kills its own leftover sleepers at the end.
REPO=$(cd "$(dirname "$0")/.." && pwd)
B=$(realpath "$1"); L=$2; W=/tmp/meas-$L; rm -rf $W; mkdir -p $W; cd $W
left() { sleep 0.5; ps -eo args | grep -c "[s]leep 1000\.$1"; }
t() { /usr/bin/time -o $W/time -f "%e %M" "$@"; echo "exit=$? $(cat $W/time | tail -1 | awk '{print $1" s, "$2" KiB"}')"; }
echo "## $L"
cat > esc.sh <<'X'
#!/bin/sh
setsid sleep 1000.41 &
( (sleep 1000.42 &) & )
exec boardsolve solve 2048
X
chmod +x esc.sh; mkdir -p bin; ln -sf $B bin/boardsolve; export PATH=$W/bin:$PATH
echo "1 escapes, 10 cases (60 s cap): $(t timeout 60 $B stress 2048 --cases 10 --seed 1 -- ./esc.sh 2>/dev/null | tail -1); left: $(left 4)"
cat > hold.sh <<'X'
#!/bin/sh
setsid sleep 1000.51 &
while :; do :; done
X
chmod +x hold.sh
echo "2 escaped child holds stdout, 1s limit, 1 case: $(t timeout 200 $B stress 2048 --cases 1 --timeout 1s -- ./hold.sh 2>/dev/null | tail -1); left: $(left 5)"
cat > slow.sh <<'X'
#!/bin/sh
setsid sleep 1000.61 &
sleep 1000.62
X
chmod +x slow.sh
$B stress 2048 --cases 4 --timeout 100s -- ./slow.sh >/dev/null 2>&1 & P=$!; sleep 1; kill -INT $P; wait $P; echo "3 SIGINT: exit=$?, left: $(left 6)"
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
pkill -f "sleep 1000\.[0-9]" 2>/dev/null || true
