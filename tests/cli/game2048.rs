//! 2048 through the binary: judge samples, aliases, options, bad input.

use crate::common::{boardsolve, golden, run, solved};

#[test]
fn alias_12094_uses_ten_moves() {
    // A single row 2 4 8 ... needs k merges for 2^k more; 2 2 4 8 16 ... 512
    // reaches 1024 only after 9 merges right-to-left.
    let row = "10\n2 2 4 8 16 32 64 128 256 512\n".to_string() + &"0 0 0 0 0 0 0 0 0 0\n".repeat(9);
    let (_, five, _) = run(&["solve", "12100"], row.as_bytes());
    let (_, ten, _) = run(&["solve", "12094"], row.as_bytes());
    assert_eq!(five, "512\n");
    assert_eq!(ten, "1024\n");
    let (_, explicit, _) = run(&["solve", "12094", "--moves", "3"], row.as_bytes());
    assert_eq!(explicit, "512\n");
}

#[test]
fn moves_zero_and_single_block() {
    let (_, out, _) = run(&["solve", "2048", "--moves", "0"], b"2\n2 2\n2 2\n");
    assert_eq!(out, "2\n");
    let (_, out, _) = run(&["solve", "2048", "--moves", "30"], b"1\n1024\n");
    assert_eq!(out, "1024\n");
}

#[test]
fn explain_and_json() {
    let input = b"2\n2 2\n2 2\n";
    let out = solved(&["solve", "2048", "--json"], input);
    assert_eq!(
        out,
        "{\"max\":8,\"moves\":[\"up\",\"left\"],\
         \"by_first_move\":{\"up\":8,\"down\":8,\"left\":8,\"right\":8},\
         \"boards\":[[[2,2],[2,2]],[[4,4],[0,0]],[[8,0],[0,0]]],\
         \"merged\":[[[0,0],[0,1]],[[0,0]]]}\n"
    );
    let out = solved(&["solve", "2048", "--explain"], input);
    assert_eq!(
        out,
        "largest block within 5 moves: 8\nshortest line (2 moves): up left\n\
         by first move: up 8, down 8, left 8, right 8\n\
         \nstart:\n2  2\n2  2\n\
         \nmove 1: up (2 merges, marked *)\n4* 4*\n0  0\n\
         \nmove 2: left (1 merge, marked *)\n8* 0\n0  0\n"
    );
    // A move that changes nothing is null, and K = 0 leaves every move null.
    let out = solved(
        &["solve", "2048", "--json", "--moves", "2"],
        b"2\n2 0\n4 0\n",
    );
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["by_first_move"],
        serde_json::json!({"up": null, "down": null, "left": null, "right": 4})
    );
    let out = solved(&["solve", "2048", "--json", "--moves", "0"], input);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        v["by_first_move"],
        serde_json::json!({"up": null, "down": null, "left": null, "right": null})
    );
}

#[test]
fn crlf_tabs_and_no_final_newline_are_accepted() {
    let (code, out, _) = run(&["solve", "2048"], b"\r\n2\r\n2\t2\r\n0 0");
    assert_eq!((code, out.as_str()), (0, "4\n"));
}

#[test]
fn moves_above_the_limit_are_refused() {
    // clap words usage errors over several lines; the limit must be named.
    let (code, _, err) = run(&["solve", "2048", "--moves", "1000000000"], b"1\n2\n");
    assert_eq!(code, 2);
    assert!(err.contains("1000000000 is not in 0..=100"), "{err}");
}

#[test]
fn portable_code_gives_the_same_answers_as_the_simd_code() {
    // BOARDSOLVE_SIMD=off runs the portable moves and counts; on a CPU
    // without AVX-512 both runs take the portable path and agree trivially.
    let mut inputs: Vec<Vec<u8>> = golden("2048").into_iter().map(|(_, i, _)| i).collect();
    let mut state = 12094u64;
    for n in [5usize, 13, 20, 33] {
        let mut text = format!("{n}\n");
        for _ in 0..n * n {
            state = state
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let e = (state >> 33) % 8;
            text.push_str(&format!("{} ", if e == 0 { 0 } else { 1u64 << e }));
        }
        inputs.push(text.into_bytes());
    }
    for input in inputs {
        let outputs: Vec<_> = ["on", "off"]
            .iter()
            .map(|simd| {
                boardsolve()
                    .env("BOARDSOLVE_SIMD", simd)
                    .args(["solve", "2048", "--moves", "6", "--explain"])
                    .write_stdin(input.clone())
                    .output()
                    .unwrap()
            })
            .collect();
        assert!(outputs[0].status.success());
        assert_eq!(outputs[0].stdout, outputs[1].stdout);
    }
}

#[test]
fn svg_is_a_strip_of_boards_with_merges_marked() {
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("line.svg");
    let (code, out, err) = run(
        &[
            "solve",
            "2048",
            "--moves",
            "2",
            "--svg",
            svg.to_str().unwrap(),
        ],
        b"2\n2 2\n2 2\n",
    );
    assert_eq!((code, out.as_str()), (0, "8\n"), "{err}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    assert!(picture.starts_with("<svg") && picture.trim_end().ends_with("</svg>"));
    assert!(picture.contains(">start</text>") && picture.contains(">1. up (2 merges)</text>"));
    assert!(picture.contains(">2. left (1 merge)</text>"));
    // Three merged tiles in all: two after up, one after left.
    assert_eq!(picture.matches(">*</text>").count(), 3);
    assert_eq!(picture.matches("stroke-width=\"3\"").count(), 3);
}

#[test]
fn svg_refuses_a_line_too_big_to_draw() {
    // 2 2 4 8 ... 2^30 in the top row: 2^31 takes 30 moves, one merge
    // each, so the strip would be 31 boards of 64×64.
    let mut text = String::from("64\n2");
    for k in 1..=30 {
        text += &format!(" {}", 1u64 << k);
    }
    text += &" 0".repeat(33);
    text += "\n";
    text += &(vec!["0"; 64].join(" ") + "\n").repeat(63);
    let dir = tempfile::tempdir().unwrap();
    let svg = dir.path().join("big.svg");
    let (code, out, err) = run(
        &[
            "solve",
            "2048",
            "--moves",
            "30",
            "--svg",
            svg.to_str().unwrap(),
        ],
        text.as_bytes(),
    );
    assert_eq!((code, out.as_str()), (2, ""), "{err}");
    assert!(
        err.contains("--svg draws up to 100000 cells of boards; this line has 31 boards of 64×64"),
        "{err}"
    );
    assert!(!svg.exists());
}

/// The seed-2 dense 20×20 board of the performance goals: K = 40 runs for
/// minutes, far beyond any time limit below.
fn dense_board() -> Vec<u8> {
    solved(
        &["gen", "2048", "--seed", "2", "--n", "20", "--density", "1"],
        b"",
    )
    .into_bytes()
}

/// Reads `no exact answer WHEN: at least L, at most U` into (L, U).
fn bounds(stderr: &str, when: &str) -> (u128, u128) {
    let prefix = format!("no exact answer {when}: at least ");
    let rest = stderr
        .strip_prefix(&prefix)
        .and_then(|r| r.strip_suffix('\n'))
        .unwrap_or_else(|| panic!("{stderr:?} should start with {prefix:?}"));
    let (lower, upper) = rest.split_once(", at most ").expect("both bounds");
    let (lower, upper): (u128, u128) = (lower.parse().unwrap(), upper.parse().unwrap());
    assert!(lower.is_power_of_two() && upper.is_power_of_two() && lower <= upper);
    (lower, upper)
}

#[test]
fn time_limit_reports_what_was_proved() {
    let board = dense_board();
    let largest_now: u128 = String::from_utf8_lossy(&board)
        .split_whitespace()
        .skip(1)
        .map(|v| v.parse::<u128>().unwrap())
        .max()
        .unwrap();
    let (code, out, err) = run(
        &["solve", "2048", "--moves", "40", "--time-limit", "300ms"],
        &board,
    );
    assert_eq!(code, 3, "{err}");
    assert!(out.is_empty());
    let (lower, upper) = bounds(&err, "within 300ms");
    assert!(lower >= largest_now);
    // --json carries the same kind of bounds on stdout.
    let (code, out, err) = run(
        &[
            "solve",
            "2048",
            "--moves",
            "40",
            "--time-limit",
            "0.3",
            "--json",
        ],
        &board,
    );
    assert_eq!(code, 3, "{err}");
    let (l, u) = bounds(&err, "within 300ms");
    assert_eq!(
        out,
        format!("{{\"exact\":false,\"lower\":{l},\"upper\":{u}}}\n")
    );
    // Whatever was proven, no block is above the board's total.
    let total: u128 = String::from_utf8_lossy(&board)
        .split_whitespace()
        .skip(1)
        .map(|v| v.parse::<u128>().unwrap())
        .sum();
    assert!(upper <= total && u <= total);
}

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn a_deadline_brings_the_upper_bound_down() {
    // The dense seed-2 board at K = 18: the answer is 16384 (the plain
    // search proves it in half a minute), the merge-tree bound 65536.
    // Proving 65536 out of reach takes about a second (portable code, two
    // cores), proving the answer exact half a minute: within 20 s, room
    // for a slow or busy machine, the bounds meet or the upper one has
    // come down to 32768.
    let (code, out, err) = run(
        &["solve", "2048", "--moves", "18", "--time-limit", "20s"],
        &dense_board(),
    );
    match code {
        0 => assert_eq!(out, "16384\n"),
        3 => assert_eq!(bounds(&err, "within 20s"), (16384, 32768)),
        _ => panic!("status {code}: {err}"),
    }
}

#[test]
fn the_time_limit_covers_the_pictures_searches() {
    // A picture needs the optimal line, whose search at K = 20 takes
    // minutes: the limit stops it like the answer's, the bounds are
    // printed, and no picture or page is left behind.
    let dir = tempfile::tempdir().unwrap();
    let (svg, html) = (dir.path().join("line.svg"), dir.path().join("line.html"));
    let started = std::time::Instant::now();
    let (code, out, err) = run(
        &[
            "solve",
            "2048",
            "--moves",
            "20",
            "--time-limit",
            "1s",
            "--svg",
            svg.to_str().unwrap(),
            "--html",
            html.to_str().unwrap(),
        ],
        &dense_board(),
    );
    assert_eq!(code, 3, "{err}");
    assert_eq!(out, "");
    let (lower, upper) = bounds(&err, "within 1s");
    assert!(lower >= 8192 && upper <= 65536 && lower < upper, "{err}");
    assert!(!svg.exists() && !html.exists());
    // Generous for a loaded machine: without the limit it runs for minutes.
    assert!(started.elapsed().as_secs() < 60, "{:?}", started.elapsed());
}

#[test]
fn one_search_serves_the_explanation_and_the_pictures() {
    // Asked together, the explanation, picture and page show the same
    // line as when each is asked alone.
    let dir = tempfile::tempdir().unwrap();
    let board = b"4\n2 2 4 8\n0 4 4 0\n8 0 8 2\n2 2 0 4\n";
    let file = |name: &str| dir.path().join(name).to_str().unwrap().to_string();
    let together = solved(
        &[
            "solve",
            "2048",
            "--moves",
            "6",
            "--explain",
            "--svg",
            &file("a.svg"),
            "--html",
            &file("a.html"),
        ],
        board,
    );
    let alone = solved(&["solve", "2048", "--moves", "6", "--explain"], board);
    solved(
        &["solve", "2048", "--moves", "6", "--svg", &file("b.svg")],
        board,
    );
    solved(
        &["solve", "2048", "--moves", "6", "--html", &file("b.html")],
        board,
    );
    assert_eq!(together, alone);
    let read = |name: &str| std::fs::read(dir.path().join(name)).unwrap();
    assert_eq!(read("a.svg"), read("b.svg"));
    assert_eq!(read("a.html"), read("b.html"));
}

#[test]
fn time_limit_bounds_hold_the_exact_answer() {
    // These take a few milliseconds: the limit stops some runs and not
    // others, and either way the answer must lie within what is printed.
    let mut boards = vec![(dense_board(), "10")];
    for seed in ["1", "2", "3"] {
        let args = [
            "gen",
            "2048",
            "--seed",
            seed,
            "--n",
            "12",
            "--density",
            "0.9",
        ];
        boards.push((solved(&args, b"").into_bytes(), "12"));
    }
    for (board, moves) in &boards {
        let exact: u128 = solved(&["solve", "2048", "--moves", moves], board)
            .trim()
            .parse()
            .unwrap();
        for limit in ["1ms", "3ms", "10ms", "30ms", "10s"] {
            let (code, out, err) = run(
                &["solve", "2048", "--moves", moves, "--time-limit", limit],
                board,
            );
            match code {
                0 => assert_eq!(out, format!("{exact}\n")),
                3 => {
                    let (lower, upper) = bounds(&err, &format!("within {limit}"));
                    assert!(lower <= exact && exact <= upper, "{limit}: {err}");
                }
                _ => panic!("{limit}: status {code}: {err}"),
            }
        }
    }
    // A limit that is never reached changes nothing, with --json and --explain too.
    for extra in [&[][..], &["--json"], &["--explain"]] {
        let mut args = vec!["solve", "2048", "--moves", "3"];
        args.extend_from_slice(extra);
        let plain = solved(&args, b"3\n2 2 2\n4 4 4\n8 8 8\n");
        args.extend_from_slice(&["--time-limit", "10s"]);
        assert_eq!(solved(&args, b"3\n2 2 2\n4 4 4\n8 8 8\n"), plain);
    }
}

#[test]
fn ctrl_c_prints_the_bounds_and_exits_130() {
    use std::io::Write;
    use std::process::{Command, Stdio};
    let mut child =
        crate::common::default_signals(&mut Command::new(env!("CARGO_BIN_EXE_boardsolve")))
            .args(["solve", "2048", "--moves", "40"])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
    child
        .stdin
        .take()
        .unwrap()
        .write_all(&dense_board())
        .unwrap();
    // The handler is set once the board is read, and the search starts
    // right after: a Ctrl-C before it would end boardsolve unasked.
    let pid = child.id();
    crate::common::wait_until("the Ctrl-C handler", || crate::common::takes_signals(pid));
    // SAFETY: kill only sends a signal to the child started above.
    let sent = unsafe { libc::kill(child.id() as libc::pid_t, libc::SIGINT) };
    assert_eq!(sent, 0);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(130), "{err}");
    assert!(out.stdout.is_empty());
    bounds(&err, "before Ctrl-C");
}

#[test]
fn time_limit_is_refused_where_nothing_stops() {
    let (code, _, err) = run(
        &["solve", "footholds", "--time-limit", "1s"],
        b"[[1, 1]] [0, 0] [0, 1]",
    );
    assert_eq!(
        (code, err.trim()),
        (2, "boardsolve: footholds does not take --time-limit")
    );
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("a.in");
    std::fs::write(&input, "1\n2\n").unwrap();
    let (code, _, err) = run(
        &[
            "solve",
            "2048",
            "--bulk",
            input.to_str().unwrap(),
            "--time-limit",
            "1s",
        ],
        b"",
    );
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("--time-limit stops the search of a single input"));
}

// The mistakes of the 2048 catalogue drawn from the rules (docs/2048.md),
// each diagnosed by its id from `tests/programs/wrong2048.rs ID`.
crate::diagnose::diagnosed_by_id! {
    &["2048", "--cases", "300", "--seed", "2", "--hard"], "wrong2048" => {
        diagnoses_board_not_copied: "board-not-copied",
        diagnoses_left_up_only: "left-up-only",
        diagnoses_no_repeat_move: "no-repeat-move",
        diagnoses_greedy_largest_now: "greedy-largest-now",
        diagnoses_right_down_from_far_side: "right-down-from-far-side",
        diagnoses_merge_marks_kept: "merge-marks-kept",
        diagnoses_bound_one_move_tight: "bound-one-move-tight",
        diagnoses_up_never_made: "up-never-made",
        diagnoses_down_never_made: "down-never-made",
        diagnoses_left_never_made: "left-never-made",
        diagnoses_right_never_made: "right-never-made",
        diagnoses_largest_in_first_cell: "largest-in-first-cell",
        diagnoses_largest_in_top_row: "largest-in-top-row",
        diagnoses_largest_in_top_two_rows: "largest-in-top-two-rows",
        diagnoses_largest_misses_last_row: "largest-misses-last-row",
        diagnoses_largest_misses_last_column: "largest-misses-last-column",
        diagnoses_merge_again_across_gap: "merge-again-across-gap",
        diagnoses_no_repeat_if_merged_equals_next: "no-repeat-if-merged-equals-next",
    }
}

/// The mistakes whose answers equal an earlier one's on every case these
/// stress runs compare: a move reading only the first line of its
/// direction (the rest cleared) almost never beats never making it. The
/// diagnosis names the earlier mistake, as it must (the first in the
/// catalogue that matches every case), and says no more.
const SHADOWED: &[(&str, &str)] = &[
    ("up-moves-left-column-only", "up-never-made"),
    ("down-moves-left-column-only", "down-never-made"),
    ("left-moves-top-row-only", "left-never-made"),
    ("right-moves-top-row-only", "right-never-made"),
];

/// Every id of [`SHADOWED`], for the catalogue's completeness test.
pub(crate) const SHADOWED_IDS: [&str; 4] =
    [SHADOWED[0].0, SHADOWED[1].0, SHADOWED[2].0, SHADOWED[3].0];

#[test]
#[cfg_attr(
    not(feature = "slow-tests"),
    ignore = "slow: cargo test --features slow-tests"
)]
fn shadowed_mistakes_are_diagnosed_as_the_earlier_one_they_match() {
    let args = ["2048", "--cases", "300", "--seed", "2", "--hard"];
    for &(id, named) in SHADOWED {
        let found = crate::diagnose::diagnosis(&args, "wrong2048", &[id]);
        assert!(
            found.starts_with(&format!("[{named}] your program behaves as if ")),
            "{id}: {found}"
        );
    }
}

#[test]
fn the_first_stress_cases_are_at_the_judges_largest_side() {
    // `cat` echoes the case, so its first token, taken as the answer, is N.
    for hard in [false, true] {
        let mut args = vec!["stress", "12094", "--cases", "1", "--seed", "1"];
        if hard {
            args.push("--hard");
        }
        args.extend_from_slice(&["--shrink-time", "1s", "--", "cat"]);
        let (code, out, err) = run(&args, b"");
        assert_eq!(code, 1, "{out}{err}");
        assert!(
            out.contains("FAILED on case 1 of seed 1: wrong answer (1:1: expected "),
            "{out}"
        );
        assert!(out.contains(", found \"20\")"), "{out}");
    }
}
