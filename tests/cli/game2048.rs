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
    assert_eq!(out, "{\"max\":8,\"moves\":[\"up\",\"left\"]}\n");
    let out = solved(&["solve", "2048", "--explain"], input);
    assert_eq!(
        out,
        "largest block within 5 moves: 8\nshortest line (2 moves): up left\n\nstart:\n2 2\n2 2\n\nmove 1: up\n4 4\n0 0\n\nmove 2: left\n8 0\n0 0\n"
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
