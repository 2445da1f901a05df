//! Seeded `gen` outputs pinned byte for byte: a seed is a promise that the
//! same instances come back on every machine and every version, so a change
//! of random-number generator (or of how a generator draws) must show here.

use crate::common::solved;

/// `gen ARGS` and the exact instance it printed when pinned.
const PINNED: &[(&[&str], &str)] = &[
    (
        &["gen", "2048", "--seed", "1"],
        "5\n0 2 8 0 0\n0 2 0 0 2\n0 64 256 128 128\n0 64 64 64 128\n0 32 64 64 128\n",
    ),
    (&["gen", "2048", "--seed", "2", "--hard"], "2\n8 2\n8 2\n"),
    (
        &[
            "gen",
            "2048",
            "--seed",
            "3",
            "--n",
            "6",
            "--density",
            "0.9",
            "--max-tile",
            "64",
        ],
        "6\n64 2 4 4 16 4\n4 8 64 4 4 64\n0 2 8 32 32 16\n4 32 8 4 64 4\n64 16 4 4 2 64\n8 2 4 32 32 64\n",
    ),
    (
        &["gen", "12094", "--seed", "4"],
        "8\n4 0 512 0 1024 0 256 256\n16 256 128 2 128 256 1024 8\n2 1024 256 8 0 8 256 512\n128 64 0 4 8 8 64 512\n1024 1024 128 0 0 8 64 128\n512 0 16 32 16 16 64 128\n0 64 2 128 32 8 0 0\n2 1024 1024 1024 0 0 128 512\n",
    ),
    (&["gen", "yut", "--seed", "5"], "2 2 4 3 5 2 5 5 3 2\n"),
    (
        &["gen", "yut", "--seed", "6", "--hard"],
        "5 3 1 2 5 3 1 5 2 5\n",
    ),
    (
        &["gen", "yut", "--seed", "7", "--dice", "20"],
        "1 1 1 2 4 1 4 1 4 5 2 2 1 2 5 2 2 3 5 3\n",
    ),
    (&["gen", "tromino", "--seed", "8", "--n", "5"], "5 0 0\n"),
    (&["gen", "14601", "--seed", "9", "--hard"], "4\n1 9\n"),
    (&["gen", "14600", "--seed", "10"], "1\n1 2\n"),
    (
        &[
            "gen",
            "footholds",
            "--seed",
            "11",
            "--rows",
            "4",
            "--cols",
            "5",
            "--density",
            "0.7",
        ],
        "4 5\n1 1 1 1 1\n0 1 1 0 1\n1 1 1 1 0\n1 1 1 1 1\n2 1 3 1\n",
    ),
    (
        &["gen", "92345", "--seed", "12", "--hard"],
        "[[0, 1, 1, 1], [1, 1, 1, 1], [0, 1, 1, 1], [1, 1, 1, 1], [1, 1, 1, 1]] [1, 0] [1, 1]\n",
    ),
    (
        &[
            "gen",
            "footholds",
            "--seed",
            "18446744073709551615",
            "--hard",
        ],
        "3 5\n1 0 1 0 1\n0 0 1 1 1\n1 1 0 1 1\n1 3 0 4\n",
    ),
];

#[test]
fn seeded_instances_are_pinned() {
    for (args, expected) in PINNED {
        assert_eq!(solved(args, b""), *expected, "{args:?}");
    }
}

/// Cases after the first draw from their own streams of the seed
/// (`--count` with `--out-dir`): pinned too, file by file.
#[test]
fn seeded_case_streams_are_pinned() {
    let expected: &[(&str, [&str; 3])] = &[
        (
            "2048",
            ["2\n2 2\n2 2\n", "2\n4 4\n8 8\n", "3\n2 8 4\n8 8 4\n8 2 8\n"],
        ),
        (
            "yut",
            [
                "5 5 5 5 5 5 5 2 2 1\n",
                "5 5 3 3 2 1 5 5 1 5\n",
                "2 4 1 4 5 5 3 1 3 4\n",
            ],
        ),
        ("tromino", ["2 0 0\n", "1 0 0\n", "2 1 1\n"]),
        (
            "footholds",
            [
                "5 5\n1 0 0 1 0\n0 1 1 0 1\n0 1 1 1 0\n0 1 0 1 1\n0 0 1 0 1\n4 2 1 2\n",
                "5 5\n1 1 1 1 1\n1 1 1 1 1\n1 1 1 1 1\n1 0 1 1 1\n1 1 1 1 1\n1 3 1 3\n",
                "2 4\n1 0 1 1\n1 1 1 1\n0 3 0 0\n",
            ],
        ),
    ];
    let dir = tempfile::tempdir().unwrap();
    for (puzzle, files) in expected {
        let out = dir.path().join(puzzle);
        let out = out.to_str().unwrap();
        solved(
            &[
                "gen",
                puzzle,
                "--seed",
                "13",
                "--count",
                "3",
                "--hard",
                "--out-dir",
                out,
            ],
            b"",
        );
        for (i, want) in files.iter().enumerate() {
            let file = format!("{out}/{:03}.in", i + 1);
            assert_eq!(&std::fs::read_to_string(&file).unwrap(), want, "{file}");
        }
    }
}
