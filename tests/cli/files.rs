//! Files and case names: what bulk solve, gen and test write and read.

use crate::common::run;

const BIN: &str = env!("CARGO_BIN_EXE_boardsolve");

#[test]
fn dotted_case_names_keep_all_but_the_last_extension_in_solve_and_test() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let path = |name: &str| d.join(name).display().to_string();
    for (name, v) in [("case.v2", 2), ("a.b.c", 4), ("1.5", 8), ("1.10", 16)] {
        std::fs::write(d.join(format!("{name}.in")), format!("1\n{v}\n")).unwrap();
    }
    let (code, out, err) = run(&["solve", "2048", "--bulk", &path("case.v2.in")], b"");
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
    assert_eq!(
        std::fs::read_to_string(d.join("case.v2.out")).unwrap(),
        "2\n"
    );
    assert!(!d.join("case.out").exists());
    // 1.5 and 1.10 are two cases, not one answer twice.
    let (code, _, err) = run(
        &[
            "solve",
            "2048",
            &path("a.b.c.in"),
            &path("1.5.in"),
            &path("1.10.in"),
        ],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    for (name, v) in [("a.b.c", 4), ("1.5", 8), ("1.10", 16)] {
        let answer = std::fs::read_to_string(d.join(format!("{name}.out"))).unwrap();
        assert_eq!(answer, format!("{v}\n"), "{name}.out");
    }
    assert!(!d.join("a.b.out").exists() && !d.join("1.out").exists());
    // The same names into --out-dir.
    let o = d.join("o");
    let (code, _, err) = run(
        &["solve", "2048", "--out-dir", o.to_str().unwrap(), &path("")],
        b"",
    );
    assert_eq!(code, 0, "{err}");
    for name in ["case.v2", "a.b.c", "1.5", "1.10"] {
        assert!(o.join(format!("{name}.out")).is_file(), "{name}.out");
    }
    // test finds every answer solve wrote: none falls back to the reference.
    let (code, out, err) = run(
        &[
            "test",
            "2048",
            &path(""),
            "--json",
            "--",
            BIN,
            "solve",
            "2048",
        ],
        b"",
    );
    assert_eq!(code, 0, "{out}{err}");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    let cases = report["cases"].as_array().unwrap();
    assert_eq!(cases.len(), 4, "{out}");
    for c in cases {
        assert_eq!(c["expected"], "file", "{c}");
    }
}
