//! `solve PUZZLE --html FILE`: one self-contained page per puzzle, with the
//! `--json` data embedded; written atomically, never over the input.
//! (tests/browser/ opens the pages in a real browser.)

use crate::common::{run, solved};

/// Every puzzle with an input whose play has several steps.
const CASES: &[(&str, &[&str], &str)] = &[
    ("2048", &["--moves", "4"], "3\n2 2 4\n0 4 4\n8 0 8\n"),
    ("12094", &[], "2\n2 2\n4 4\n"),
    ("yut", &[], "1 2 3 4 1 2 3 4 1 2\n"),
    ("tromino", &[], "8 1 2\n"),
    ("14601", &[], "2\n1 1\n"),
    (
        "footholds",
        &[],
        "[[1, 1, 1], [1, 1, 1], [1, 1, 1]] [1, 0] [1, 2]",
    ),
];

/// The text of the element with `id` in `page`.
fn element<'a>(page: &'a str, id: &str) -> &'a str {
    let open = format!("<script type=\"application/json\" id=\"{id}\">");
    let start = page.find(&open).expect("the data element") + open.len();
    let end = start + page[start..].find("</script>").expect("its end");
    &page[start..end]
}

#[test]
fn every_puzzle_writes_a_self_contained_page_with_its_json() {
    let dir = tempfile::tempdir().unwrap();
    for (puzzle, options, input) in CASES {
        let file = dir.path().join(format!("{puzzle}.html"));
        let mut args = vec!["solve", puzzle];
        args.extend_from_slice(options);
        let judge = solved(&args, input.as_bytes());
        let json = {
            let mut a = args.clone();
            a.push("--json");
            solved(&a, input.as_bytes())
        };
        args.extend_from_slice(&["--html", file.to_str().unwrap()]);
        // The judge's answer still goes to standard output.
        assert_eq!(solved(&args, input.as_bytes()), judge, "{puzzle}");
        let page = std::fs::read_to_string(&file).unwrap();
        assert!(page.starts_with("<!DOCTYPE html>"), "{puzzle}");
        let canonical = match *puzzle {
            "12094" => "2048",
            "14601" => "tromino",
            p => p,
        };
        assert!(page.contains(&format!("<body data-puzzle=\"{canonical}\">")));
        let embedded: serde_json::Value =
            serde_json::from_str(element(&page, "boardsolve-data")).unwrap();
        let printed: serde_json::Value = serde_json::from_str(&json).unwrap();
        assert_eq!(
            embedded, printed,
            "{puzzle}: the page holds the --json data"
        );
        assert!(
            !page.contains("data-rendered"),
            "{puzzle}: only the script says it drew"
        );
        for (at, _) in page.match_indices("http") {
            assert!(
                page[at..].starts_with("http://www.w3.org/2000/svg"),
                "{puzzle}: a network reference at {at}: {}",
                &page[at..(at + 40).min(page.len())]
            );
        }
        assert!(
            !page.contains("src=") && !page.contains("<link"),
            "{puzzle}: nothing loaded"
        );
    }
    // Only the pages are left: no temporary file beside them.
    let mut names: Vec<String> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names.len(), CASES.len(), "{names:?}");
    assert!(names.iter().all(|n| n.ends_with(".html")), "{names:?}");
}

#[test]
fn yut_page_carries_the_board_layout() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("yut.html");
    solved(
        &["solve", "yut", "--html", file.to_str().unwrap()],
        b"5 4 1\n",
    );
    let page = std::fs::read_to_string(&file).unwrap();
    let layout: serde_json::Value =
        serde_json::from_str(element(&page, "boardsolve-layout")).unwrap();
    let squares = layout["squares"].as_array().unwrap();
    assert_eq!(squares.len(), 33);
    assert!(
        squares
            .iter()
            .any(|s| s["name"] == "25c" && s["value"] == 25)
    );
}

#[test]
fn the_input_is_never_overwritten() {
    let dir = tempfile::tempdir().unwrap();
    let input = dir.path().join("case.in");
    std::fs::write(&input, "1 2 3\n").unwrap();
    let path = input.to_str().unwrap();
    let (code, out, err) = run(&["solve", "yut", "--html", path, path], b"");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("cannot write") && err.contains("it is the input file"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
    assert_eq!(std::fs::read_to_string(&input).unwrap(), "1 2 3\n");
}

#[test]
fn an_unwritable_place_is_one_line_and_status_2() {
    let (code, out, err) = run(
        &["solve", "yut", "--html", "/nonexistent-dir/page.html"],
        b"1 2 3\n",
    );
    assert_eq!((code, out.as_str()), (2, ""));
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(
        err.contains("cannot write /nonexistent-dir/page.html"),
        "{err}"
    );
}

#[test]
fn a_device_is_written_through_not_replaced() {
    use std::os::unix::fs::FileTypeExt;
    let (code, out, err) = run(&["solve", "yut", "--html", "/dev/full"], b"1 2 3\n");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("No space left"), "{err}");
    let (code, _, err) = run(&["solve", "yut", "--svg", "/dev/full"], b"1 2 3\n");
    assert_eq!(code, 2, "{err}");
    let kind = std::fs::symlink_metadata("/dev/full").unwrap().file_type();
    assert!(kind.is_char_device(), "/dev/full must stay a device");
}

#[test]
fn an_earlier_page_is_replaced_whole() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("page.html");
    std::fs::write(&file, "old").unwrap();
    solved(
        &["solve", "yut", "--html", file.to_str().unwrap(), "--force"],
        b"5 4\n",
    );
    let page = std::fs::read_to_string(&file).unwrap();
    assert!(page.starts_with("<!DOCTYPE html>") && page.ends_with("</html>\n"));
    assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 1);
}

#[test]
fn several_inputs_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let (a, b) = (dir.path().join("a.in"), dir.path().join("b.in"));
    std::fs::write(&a, "1\n").unwrap();
    std::fs::write(&b, "2\n").unwrap();
    let (code, _, err) = run(
        &[
            "solve",
            "yut",
            "--html",
            "x.html",
            a.to_str().unwrap(),
            b.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(code, 2);
    assert!(err.contains("--svg and --html draw one instance"), "{err}");
}

#[test]
fn tromino_pages_and_lists_stop_at_256() {
    let (code, out, err) = run(&["solve", "tromino", "--html", "big.html"], b"512 0 0\n");
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(
        err.contains("list boards up to 256×256; n = 512 is above"),
        "{err}"
    );
    assert!(!std::path::Path::new("big.html").exists());
}

#[test]
fn tromino_json_and_explain_list_trominoes_with_levels() {
    let out = solved(&["solve", "tromino", "--json"], b"4 0 0\n");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["n"], 4);
    assert_eq!(v["hole"], serde_json::json!([0, 0]));
    let tiles = v["tiles"].as_array().unwrap();
    assert_eq!(tiles.len(), 5);
    assert_eq!(
        tiles[0],
        serde_json::json!({"number": 1, "cells": [[1, 2], [2, 1], [2, 2]], "level": 0})
    );
    assert!(tiles[1..].iter().all(|t| t["level"] == 1));
    let out = solved(&["solve", "tromino", "--explain"], b"4 0 0\n");
    assert!(
        out.starts_with("4×4 board, hole at (0, 0): 5 trominoes\n"),
        "{out}"
    );
    assert!(
        out.contains("\n1: level 0, (1, 2) (2, 1) (2, 2)\n"),
        "{out}"
    );
    // Not a power of two: no recursion levels.
    let out = solved(&["solve", "tromino", "--json"], b"5 0 0\n");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["tiles"].as_array().unwrap().len(), 8);
    assert!(
        v["tiles"]
            .as_array()
            .unwrap()
            .iter()
            .all(|t| t["level"].is_null())
    );
}
