//! The page's engine (`boardsolve-web`, the module's one function) holds
//! the command line's answers: on generated instances of every name,
//! `generate`, `solve` (answer, `--json`, `--explain`), `check` and the
//! coach agree with `boardsolve gen`, `solve` and `check`.

use super::common::{run, solved};
use serde_json::Value;

/// The engine's response to `request`, parsed.
fn respond(request: &str) -> Value {
    serde_json::from_str(&boardsolve_web::call(request)).unwrap()
}

/// The engine's answer to `request`, which must be `ok`.
fn ok(request: Value) -> Value {
    let response = respond(&request.to_string());
    assert!(response.get("error").is_none(), "{request}: {response}");
    response["ok"].clone()
}

const NAMES: [&str; 10] = [
    "2048",
    "12100",
    "12094",
    "yut",
    "17825",
    "tromino",
    "14600",
    "14601",
    "footholds",
    "92345",
];

/// Seeds of generated cases a name is compared on (the odd ones hard).
const SEEDS: u64 = 4;

#[test]
fn generated_cases_and_their_answers_are_the_command_lines() {
    for name in NAMES {
        for seed in 0..SEEDS {
            let hard = seed % 2 == 1;
            let seed_text = seed.to_string();
            let mut args = vec!["gen", name, "--seed", &seed_text];
            if hard {
                args.push("--hard");
            }
            let input = solved(&args, b"");
            let made = ok(serde_json::json!({
                "op": "generate", "puzzle": name, "seed": seed, "hard": hard
            }));
            assert_eq!(made["input"], input, "gen {name} --seed {seed}");
            let shown = ok(serde_json::json!({ "op": "solve", "puzzle": name, "input": input }));
            let answer = solved(&["solve", name], input.as_bytes());
            assert_eq!(shown["answer"], answer, "solve {name}: {input}");
            let json = run(&["solve", name, "--json"], input.as_bytes());
            let explain = run(&["solve", name, "--explain"], input.as_bytes());
            if json.0 == 0 {
                let cli: Value = serde_json::from_str(&json.1).unwrap();
                assert_eq!(shown["play"], cli, "solve {name} --json: {input}");
                assert_eq!(
                    shown["explain"], explain.1,
                    "solve {name} --explain: {input}"
                );
            } else {
                // Too large to explain: the page gets the answer alone.
                assert!(shown["play"].is_null() && shown["explain"].is_null());
            }
        }
    }
}

#[test]
fn errors_are_the_command_lines_words() {
    let (code, _, err) = run(&["solve", "12100"], b"3\n2 2 2\n4 x 4\n8 8 8\n");
    assert_eq!(code, 2);
    let response = respond(r#"{"op":"solve","puzzle":"12100","input":"3\n2 2 2\n4 x 4\n8 8 8\n"}"#);
    assert_eq!(response["error"]["kind"], "input");
    assert_eq!(
        format!("{}\n", response["error"]["message"].as_str().unwrap()),
        err
    );
    let refused = respond(r#"{"op":"solve","puzzle":"yut","input":"1 2 3","moves":3}"#);
    assert_eq!(refused["error"]["kind"], "refused");
    let bad = respond(r#"{"op":"fly"}"#);
    assert_eq!(bad["error"]["kind"], "request");
}

#[test]
fn a_deadline_gives_the_proven_bounds() {
    let input = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/benches/data/2048-dense-seed2.in"
    ))
    .unwrap();
    let response = respond(
        &serde_json::json!({
            "op": "solve", "puzzle": "2048", "input": input, "moves": 30, "time_limit_ms": 200
        })
        .to_string(),
    );
    let error = &response["error"];
    assert_eq!(error["kind"], "unfinished", "{response}");
    let lower: u128 = error["lower"].as_str().unwrap().parse().unwrap();
    let upper: u128 = error["upper"].as_str().unwrap().parse().unwrap();
    assert!(lower >= 2 && lower < upper, "{error}");
}

#[test]
fn checks_are_the_command_lines_verdicts() {
    let dir = tempfile::tempdir().unwrap();
    for name in ["12100", "17825", "92345", "14601", "tromino"] {
        let input = solved(&["gen", name, "--seed", "3"], b"");
        let answer = solved(&["solve", name], input.as_bytes());
        let wrong = if answer.trim().contains('\n') {
            answer.replacen(' ', "  ", 1).replacen('1', "2", 1)
        } else {
            format!("{}\n", answer.trim().parse::<u64>().unwrap() + 1)
        };
        let case = dir.path().join("case.in");
        std::fs::write(&case, &input).unwrap();
        for (output, verdict, status) in [(&answer, "accepted", 0), (&wrong, "wrong", 1)] {
            let out = dir.path().join("case.out");
            std::fs::write(&out, output).unwrap();
            let cli = run(
                &["check", name, case.to_str().unwrap(), out.to_str().unwrap()],
                b"",
            );
            assert_eq!(cli.0, status, "check {name}: {}", cli.2);
            let checked = ok(serde_json::json!({
                "op": "check", "puzzle": name, "input": input, "output": output
            }));
            assert_eq!(checked["verdict"], verdict, "{name} {output}");
        }
    }
}

#[test]
fn a_wrong_answer_names_the_mistakes_that_give_it() {
    // The statement's first 12100 sample with its answer halved: a
    // mistake of the catalogue that answers 8 there is named, each with
    // the meaning the catalogue gives it.
    let input = "3\n2 2 2\n4 4 4\n8 8 8\n";
    let catalogue = ok(serde_json::json!({ "op": "mistakes", "puzzle": "12100" }));
    let checked = ok(serde_json::json!({
        "op": "check", "puzzle": "12100", "input": input, "output": "8\n"
    }));
    assert_eq!(checked["verdict"], "wrong");
    assert_eq!(checked["expected"], "16");
    for named in checked["mistakes"].as_array().unwrap() {
        assert!(catalogue.as_array().unwrap().contains(named), "{named}");
    }
}

#[test]
fn the_2048_coach_is_the_command_lines_answer_after_each_move() {
    let input = solved(&["gen", "12100", "--seed", "5"], b"");
    for left in [1u32, 3, 5] {
        let coached = ok(serde_json::json!({
            "op": "coach", "puzzle": "12100", "input": input, "moves_left": left
        }));
        let k = left.to_string();
        let best = solved(&["solve", "2048", "--moves", &k], input.as_bytes());
        assert_eq!(coached["best"].to_string(), best.trim());
        let after_k = (left - 1).to_string();
        for dir in ["up", "down", "left", "right"] {
            let after = &coached["moves"][dir];
            if after.is_null() {
                continue;
            }
            let board = after["input"].as_str().unwrap();
            let best = solved(&["solve", "2048", "--moves", &after_k], board.as_bytes());
            assert_eq!(after["best"].to_string(), best.trim(), "{dir} from {input}");
        }
    }
}

#[test]
fn the_footholds_coach_is_the_command_lines_outcome() {
    for seed in 0..6u64 {
        let input = solved(&["gen", "footholds", "--seed", &seed.to_string()], b"");
        let coached =
            ok(serde_json::json!({ "op": "coach", "puzzle": "footholds", "input": input }));
        let cli: Value =
            serde_json::from_str(&solved(&["solve", "footholds", "--json"], input.as_bytes()))
                .unwrap();
        assert_eq!(coached["moves"], cli["moves"]);
        let mover = if cli["winner"] == "A" {
            "mover"
        } else {
            "other"
        };
        assert_eq!(coached["winner"], mover);
    }
}
