//! What a run may use, what it used and how it ended: the limits, the
//! usage and the ending that a verdict is judged from.

use std::time::Duration;

/// What a run may use.
#[derive(Debug, Clone, Copy)]
pub struct Limits {
    /// CPU time, user plus system, of the program and all it starts.
    pub cpu: Duration,
    /// Wall-clock time in which the program neither ran nor waited for a
    /// CPU: the time it slept or was blocked. Time spent waiting on a
    /// busy machine's run queue does not count (see
    /// [`Limits::starvation_bound`] for what bounds it).
    pub wall: Duration,
    /// Peak resident memory in bytes, if limited.
    pub memory: Option<u64>,
    /// The most bytes the program may write to standard output
    /// (standard error is not limited: it is not output).
    pub output: u64,
}

impl Limits {
    /// A judge's limits for a CPU time limit: the wall clock at three
    /// times that plus a second.
    pub fn for_cpu(cpu: Duration, memory: Option<u64>, output: u64) -> Limits {
        Limits {
            cpu,
            wall: cpu * 3 + Duration::from_secs(1),
            memory,
            output,
        }
    }
}

/// How many wall caps a run may last in all when a busy machine keeps it
/// waiting for a CPU: see [`Limits::starvation_bound`].
pub const STARVATION_FACTOR: u32 = 10;

impl Limits {
    /// The hard bound on a run's real time: [`STARVATION_FACTOR`] times
    /// the wall cap. A run starved for a CPU by other programs is given
    /// more time than the wall cap, since waiting for a CPU is not
    /// sleeping; a run that reaches this bound without reaching a limit
    /// got too little of a CPU to be judged and is the harness's trouble
    /// ([`Trouble::Starved`](super::Trouble::Starved)), never a verdict.
    pub fn starvation_bound(&self) -> Duration {
        self.wall.saturating_mul(STARVATION_FACTOR)
    }
}

/// What a run used.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Usage {
    /// CPU time of the whole tree, user plus system, as the kernel
    /// accounted it for every process of the run.
    pub cpu: Duration,
    /// Wall-clock time from just before the program started until the
    /// last process of the run was reaped: at least the CPU time of a
    /// single-threaded program.
    pub wall: Duration,
    /// The largest resident set of any one process of the run, in KiB
    /// (`ru_maxrss`, as judges report it): shared pages count once.
    /// Never 0. If the program killed its keeper, the largest peak that
    /// sampling saw.
    pub peak_kib: u64,
}

/// How a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Ending {
    /// It exited with this status code.
    Exited(i32),
    /// A signal killed it (not one of the harness's limits).
    Signaled(i32),
    /// It used more CPU time than the limit.
    CpuLimit,
    /// It ran longer than the wall-clock limit (sleeping or waiting).
    WallLimit,
    /// Its memory passed the limit: one process's resident set, or the
    /// proportional sum over the tree.
    MemoryLimit,
    /// It wrote more than the output limit.
    OutputLimit,
    /// It killed, stopped or signalled the keeper that contained it.
    KeeperAttacked(Attack),
}

/// What a program did to its keeper.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Attack {
    /// Killed it with this signal.
    Killed(i32),
    /// Stopped it (`SIGSTOP` or the like).
    Stopped,
    /// Sent it this signal (`SIGTERM`, `SIGINT`, `SIGHUP`), which tells
    /// a keeper to end the run.
    Signaled(i32),
}

impl Attack {
    /// One phrase for a report.
    pub fn describe(self) -> String {
        match self {
            Attack::Killed(signal) => format!(
                "the program killed the harness's keeper ({})",
                signal_name(signal)
            ),
            Attack::Stopped => "the program stopped the harness's keeper".into(),
            Attack::Signaled(signal) => format!(
                "the program killed the harness's keeper (it sent {})",
                signal_name(signal)
            ),
        }
    }
}

/// The name of a signal, for reports (`SIGSEGV`), or its number.
pub fn signal_name(signal: i32) -> String {
    let name = match signal {
        libc::SIGABRT => "SIGABRT",
        libc::SIGBUS => "SIGBUS",
        libc::SIGFPE => "SIGFPE",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGTERM => "SIGTERM",
        libc::SIGINT => "SIGINT",
        libc::SIGHUP => "SIGHUP",
        libc::SIGTRAP => "SIGTRAP",
        libc::SIGSYS => "SIGSYS",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGXFSZ => "SIGXFSZ",
        libc::SIGSTOP => "SIGSTOP",
        libc::SIGCONT => "SIGCONT",
        libc::SIGUSR1 => "SIGUSR1",
        libc::SIGUSR2 => "SIGUSR2",
        libc::SIGALRM => "SIGALRM",
        _ => return format!("signal {signal}"),
    };
    name.to_string()
}
