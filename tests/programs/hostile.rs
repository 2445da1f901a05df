// Programs that attack, or just strain, the harness that runs them, for
// tests/cli/harness.rs and tests/cli/limits.rs. The first argument picks
// what it does; each ends by printing 16 (the answer of
// examples/2048/sample.in) where it ends.
//
//   kill-keeper MARKER    start `setsid sleep MARKER`, SIGKILL the parent
//                         (the harness's keeper), print 16
//   stop-keeper MARKER    the same with SIGSTOP, then sleep MARKER seconds
//   term-keeper MARKER    the same with SIGTERM, then print 16
//   queue N MS            N children burning MS ms of CPU each at once,
//                         then sleep for ever
//   bomb DEPTH MS [MARK]  every process burns MS ms of CPU and forks two
//                         more, down to DEPTH levels; then they all sleep
//                         (MARK only marks their command lines)
//   stderr BYTES CHUNK    BYTES bytes of debug lines on standard error,
//                         CHUNK bytes a write, then 16
//   workers N MIB         N children each touching MIB MiB and holding it
//                         for a second, then 16
//   hog MIB               touch MIB MiB itself, then 16
//   sleepers N            N `sh -c 'sleep 2'` at once, wait, then 16
//   thread-fork MIB       a worker thread forks a child that touches MIB
//                         MiB (0: spins for ever instead) and sleeps;
//                         the worker waits for it, then 16
//   shm KEY N MIB         N SysV shared memory segments (keys KEY,
//                         KEY+1, ...) of MIB MiB each, touched, detached
//                         and left behind, then 16
//   daemon MARKER         start `setsid sh -c 'sleep MARKER'`, print 16,
//                         sleep MARKER seconds
//   leader-exits MIB WHO  the main thread exits (SYS_exit) while a
//                         worker thread lives on and touches MIB MiB
//                         itself (WHO = self) or in a child it forks
//                         (WHO = child), then sleeps
use std::io::Write;
use std::process::Command;
use std::time::Duration;

#[repr(C)]
struct Timespec {
    sec: i64,
    nsec: i64,
}

extern "C" {
    fn kill(pid: i32, signal: i32) -> i32;
    fn getppid() -> i32;
    fn fork() -> i32;
    fn waitpid(pid: i32, status: *mut i32, options: i32) -> i32;
    fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    fn syscall(number: i64, ...) -> i64;
    fn shmget(key: i32, size: usize, flags: i32) -> i32;
    fn shmat(id: i32, address: *const u8, flags: i32) -> *mut u8;
    fn shmdt(address: *const u8) -> i32;
}

/// `SYS_exit`: ends the calling thread only (`pthread_exit` would unwind
/// through Rust's `main`, which aborts).
#[cfg(target_arch = "x86_64")]
const SYS_EXIT: i64 = 60;
#[cfg(target_arch = "aarch64")]
const SYS_EXIT: i64 = 93;

const SIGKILL: i32 = 9;
const SIGTERM: i32 = 15;
const SIGSTOP: i32 = 19;
const CLOCK_PROCESS_CPUTIME_ID: i32 = 2;

fn cpu_ms() -> u64 {
    let mut t = Timespec { sec: 0, nsec: 0 };
    unsafe { clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mut t) };
    t.sec as u64 * 1000 + t.nsec as u64 / 1_000_000
}

fn burn(ms: u64) {
    let start = cpu_ms();
    let mut x = 0u64;
    while cpu_ms() - start < ms {
        for i in 0..10_000u64 {
            x = x.wrapping_add(i * i);
        }
        std::hint::black_box(x);
    }
}

fn answer() {
    println!("16");
    let _ = std::io::stdout().flush();
}

fn daemon(marker: &str) {
    Command::new("setsid")
        .args(["sleep", marker])
        .spawn()
        .expect("setsid runs");
    // Let it get into its new session before the keeper goes.
    std::thread::sleep(Duration::from_millis(50));
}

fn touch(mib: usize) -> Vec<u8> {
    let mut v = vec![0u8; mib << 20];
    for i in (0..v.len()).step_by(4096) {
        v[i] = 1;
    }
    v
}

/// In a child just forked: touch `mib` MiB and hold them, or spin for
/// ever when `mib` is 0.
fn hold_or_spin(mib: usize) -> ! {
    if mib == 0 {
        let mut x = 0u64;
        loop {
            x = std::hint::black_box(x.wrapping_add(1));
        }
    }
    let held = touch(mib);
    std::thread::sleep(Duration::from_secs(30));
    std::hint::black_box(held);
    std::process::exit(0)
}

fn wait_all() {
    let mut status = 0;
    while unsafe { waitpid(-1, &mut status, 0) } > 0 {}
}

/// The keeper modes: leave `setsid sleep MARKER` behind, kill, terminate
/// or stop the harness's keeper (the parent), answer, and, having stopped
/// it, sleep MARKER seconds.
fn attack_keeper(mode: &str, marker: &str) {
    daemon(marker);
    let signal = match mode {
        "kill-keeper" => SIGKILL,
        "term-keeper" => SIGTERM,
        _ => SIGSTOP,
    };
    unsafe { kill(getppid(), signal) };
    answer();
    if signal == SIGSTOP {
        Command::new("sleep").arg(marker).status().unwrap();
    }
}

/// `n` children each burning `ms` of CPU, then a long wait.
fn queue(n: u64, ms: u64) {
    for _ in 0..n {
        if unsafe { fork() } == 0 {
            burn(ms);
            std::process::exit(0);
        }
    }
    wait_all();
    std::thread::sleep(Duration::from_secs(1000));
}

/// A fork bomb `depth` generations deep, each burning `ms` of CPU.
fn bomb(depth: u64, ms: u64) {
    for _ in 0..depth {
        burn(ms);
        if unsafe { fork() } != 0 && unsafe { fork() } != 0 {
            break;
        }
    }
    std::thread::sleep(Duration::from_secs(1000));
}

/// `total` bytes of debug lines on standard error, written `chunk` bytes
/// at a time, then the answer.
fn flood_stderr(total: usize, chunk: usize) {
    let mut text = Vec::new();
    let mut n = 0;
    while text.len() < total {
        n += 1;
        text.extend_from_slice(format!("debug line {n}: still thinking\n").as_bytes());
    }
    text.truncate(total);
    let mut err = std::io::stderr();
    for piece in text.chunks(chunk) {
        err.write_all(piece).unwrap();
    }
    answer();
}

/// `n` children each holding `mib` MiB for a second, then the answer.
fn workers(n: u64, mib: usize) {
    for _ in 0..n {
        if unsafe { fork() } == 0 {
            let held = touch(mib);
            std::thread::sleep(Duration::from_secs(1));
            std::hint::black_box(held);
            std::process::exit(0);
        }
    }
    wait_all();
    answer();
}

/// `n` shared memory segments of `mib` MiB from `key` on, left behind.
fn shm(key: i32, n: i32, mib: usize) {
    for i in 0..n {
        let id = unsafe { shmget(key + i, mib << 20, 0o1000 | 0o600) };
        assert!(id >= 0, "shmget");
        let at = unsafe { shmat(id, std::ptr::null(), 0) };
        for page in (0..mib << 20).step_by(4096) {
            unsafe { *at.add(page) = 1 };
        }
        unsafe { shmdt(at) };
    }
    answer();
}

/// A thread other than the leader forks a child that holds `mib` MiB (or
/// spins); the answer once the child is gone.
fn thread_fork(mib: usize) {
    std::thread::spawn(move || {
        if unsafe { fork() } == 0 {
            hold_or_spin(mib);
        }
        wait_all();
    })
    .join()
    .unwrap();
    answer();
}

/// The leader thread exits at once, leaving a thread that holds `mib`
/// MiB itself (`myself`) or through a forked child.
fn leader_exits(mib: usize, myself: bool) -> ! {
    std::thread::spawn(move || {
        // Let the leader go first.
        std::thread::sleep(Duration::from_millis(50));
        if myself {
            hold_or_spin(mib);
        }
        if unsafe { fork() } == 0 {
            hold_or_spin(mib);
        }
        wait_all();
        std::process::exit(0);
    });
    unsafe { syscall(SYS_EXIT, 0i64) };
    unreachable!("the leader thread has exited")
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| -> u64 { args[i].parse().expect("a number") };
    match args[0].as_str() {
        mode @ ("kill-keeper" | "term-keeper" | "stop-keeper") => attack_keeper(mode, &args[1]),
        "queue" => queue(arg(1), arg(2)),
        "bomb" => bomb(arg(1), arg(2)),
        "stderr" => flood_stderr(arg(1) as usize, arg(2) as usize),
        "workers" => workers(arg(1), arg(2) as usize),
        "hog" => {
            let held = touch(arg(1) as usize);
            std::thread::sleep(Duration::from_millis(300));
            std::hint::black_box(held);
            answer();
        }
        "sleepers" => {
            let children: Vec<_> = (0..arg(1))
                .map(|_| Command::new("sh").args(["-c", "sleep 2"]).spawn().unwrap())
                .collect();
            for mut child in children {
                child.wait().unwrap();
            }
            answer();
        }
        "shm" => shm(arg(1) as i32, arg(2) as i32, arg(3) as usize),
        "daemon" => {
            Command::new("setsid")
                .args(["sh", "-c", &format!("sleep {}", args[1])])
                .spawn()
                .expect("setsid runs");
            answer();
            Command::new("sleep").arg(&args[1]).status().unwrap();
        }
        "thread-fork" => thread_fork(arg(1) as usize),
        "leader-exits" => leader_exits(arg(1) as usize, args[2] == "self"),
        other => panic!("unknown mode {other}"),
    }
}
