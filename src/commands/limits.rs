//! The limits of each run of a program under test: the flags' where
//! given, else the published limits of the judge a name stands for, else
//! boardsolve's defaults. `test`, `stress` and `audit --solutions` choose
//! them here, so that they agree.

use boardsolve::puzzles::Puzzle;
use boardsolve::tools::judge;
use boardsolve::tools::suite::PerRun;
use std::time::Duration;

/// The CPU time limit of a name without a judge (`2048`, `yut`, ...).
pub(crate) const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(2);

/// The limits chosen for every run, and where they come from.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct Chosen {
    /// The CPU time limit.
    pub time: Duration,
    /// The peak memory limit in bytes, if any.
    pub memory: Option<u64>,
    /// Where they come from, for the header (`BOJ 12100's limits`), or
    /// `None` for the flags and the defaults alone.
    pub from: Option<String>,
}

impl Chosen {
    /// The limits for `puzzle`, `time` and `memory` being the flags.
    pub(crate) fn for_puzzle(
        puzzle: &dyn Puzzle,
        time: Option<Duration>,
        memory: Option<u64>,
    ) -> Chosen {
        let Some(judge) = puzzle.contract().judge else {
            return Chosen {
                time: time.unwrap_or(DEFAULT_TIME_LIMIT),
                memory,
                from: None,
            };
        };
        let given: Vec<&str> = [
            time.is_some().then_some("--time-limit"),
            memory.is_some().then_some("--memory-limit"),
        ]
        .into_iter()
        .flatten()
        .collect();
        let from = match given.len() {
            0 => format!("{}'s limits", judge.problem),
            1 => format!("{}'s limits, {} given", judge.problem, given[0]),
            _ => "--time-limit and --memory-limit given".to_string(),
        };
        Chosen {
            time: time.unwrap_or(judge.resources.time()),
            memory: memory.or(Some(judge.resources.memory_bytes())),
            from: Some(from),
        }
    }

    /// The limits each run is held to.
    pub(crate) fn per_run(&self) -> PerRun {
        PerRun {
            time: self.time,
            memory: self.memory,
        }
    }

    /// For a header line: `CPU time 1s, memory 512.0 MiB (BOJ 12100's limits)`.
    pub(crate) fn describe(&self) -> String {
        let memory = self.memory.map_or(String::new(), |m| {
            format!(", memory {}", judge::size(m / 1024))
        });
        let from = self
            .from
            .as_ref()
            .map_or(String::new(), |f| format!(" ({f})"));
        format!("CPU time {:?}{memory}{from}", self.time)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_judge_brings_its_limits_and_the_flags_override_them() {
        let boj = boardsolve::puzzles::find("12100").unwrap();
        let chosen = Chosen::for_puzzle(boj, None, None);
        assert_eq!(chosen.time, Duration::from_secs(1));
        assert_eq!(chosen.memory, Some(512 << 20));
        assert_eq!(
            chosen.describe(),
            "CPU time 1s, memory 512.0 MiB (BOJ 12100's limits)"
        );
        let given = Chosen::for_puzzle(boj, Some(Duration::from_millis(300)), None);
        assert_eq!(given.time, Duration::from_millis(300));
        assert_eq!(given.memory, Some(512 << 20));
        assert!(
            given
                .describe()
                .ends_with("(BOJ 12100's limits, --time-limit given)")
        );
        let plain = boardsolve::puzzles::find("2048").unwrap();
        let chosen = Chosen::for_puzzle(plain, None, None);
        assert_eq!((chosen.time, chosen.memory), (DEFAULT_TIME_LIMIT, None));
        assert_eq!(chosen.describe(), "CPU time 2s");
        for (name, seconds, mib) in [
            ("12094", 1, 512),
            ("17825", 2, 512),
            ("14600", 2, 128),
            ("14601", 2, 128),
            ("92345", 10, 1024),
        ] {
            let p = boardsolve::puzzles::find(name).unwrap();
            let chosen = Chosen::for_puzzle(p, None, None);
            assert_eq!(chosen.time, Duration::from_secs(seconds), "{name}");
            assert_eq!(chosen.memory, Some(mib << 20), "{name}");
        }
    }
}
