//! The machine as the binary finds it, handed to core as values
//! ([`boardsolve_core::host`]): the environment variable `BOARDSOLVE_SIMD`
//! and the memory `/proc/meminfo` reports available. Core itself reads
//! neither.

use boardsolve_core::host::{self, Host, LEAST_TABLE_BYTES, MOST_TABLE_BYTES};

/// Configures core from this process's environment: the AVX-512 paths
/// unless `BOARDSOLVE_SIMD` is `off`, and tables of half the available
/// memory, from 64 MiB to 2 GiB. A deep search that fills them goes on
/// exact, only slower, which is better than pushing a small machine into
/// swap or the OOM killer. Call it once, before any search; returns false
/// if core's host was already set or read.
pub fn configure() -> bool {
    let available = std::fs::read_to_string("/proc/meminfo")
        .ok()
        .and_then(|text| available_bytes(&text));
    host::configure(Host {
        table_bytes: table_budget(available),
        avx512_allowed: simd_allowed(std::env::var_os("BOARDSOLVE_SIMD").as_deref()),
        ..Host::default()
    })
}

/// Whether `BOARDSOLVE_SIMD` (its value, if set) lets the AVX-512 paths run.
fn simd_allowed(value: Option<&std::ffi::OsStr>) -> bool {
    value.is_none_or(|v| v != "off")
}

/// The tables' budget when `available` bytes are free (`None`: not known).
fn table_budget(available: Option<u64>) -> usize {
    let (least, most) = (LEAST_TABLE_BYTES as u64, MOST_TABLE_BYTES as u64);
    available.map_or(most, |a| (a / 2).clamp(least, most)) as usize
}

/// `MemAvailable` of `/proc/meminfo` text, in bytes.
fn available_bytes(meminfo: &str) -> Option<u64> {
    let line = meminfo.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let mut words = line.split_whitespace().skip(1);
    let kib: u64 = words.next()?.parse().ok()?;
    (words.next() == Some("kB")).then(|| kib.saturating_mul(1024))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_memory_budget_is_half_the_available_memory_up_to_two_gib() {
        let meminfo =
            "MemTotal:       16318976 kB\nMemFree:  100 kB\nMemAvailable:    3145728 kB\n";
        assert_eq!(available_bytes(meminfo), Some(3 << 30));
        assert_eq!(table_budget(Some(3 << 30)), 3 << 29);
        assert_eq!(table_budget(Some(64 << 30)), 2 << 30);
        assert_eq!(table_budget(Some(1 << 20)), 64 << 20);
        assert_eq!(table_budget(None), 2 << 30);
        assert_eq!(available_bytes("MemTotal: 5 kB\n"), None);
        assert_eq!(available_bytes("MemAvailable: lots\n"), None);
    }

    #[test]
    fn only_off_turns_the_simd_paths_off() {
        use std::ffi::OsStr;
        assert!(simd_allowed(None));
        assert!(simd_allowed(Some(OsStr::new("on"))));
        assert!(simd_allowed(Some(OsStr::new(""))));
        assert!(!simd_allowed(Some(OsStr::new("off"))));
    }

    #[test]
    fn the_process_is_configured_once() {
        configure();
        assert!(!configure());
        assert!((LEAST_TABLE_BYTES..=MOST_TABLE_BYTES).contains(&host::host().table_bytes));
    }
}
