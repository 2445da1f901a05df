//! Times the page's engine natively, for the browser/native ratio of
//! `scripts/web-bench.mjs`: each request of a JSON file (`[{"label",
//! "request"}]`) is answered ROUNDS times by `boardsolve_web::call` in
//! this process, on one thread, and the median milliseconds are printed
//! as JSON (`{"label": ms}`).
//!
//!   RAYON_NUM_THREADS=1 BOARDSOLVE_SIMD=off \
//!     cargo run --release --example web_timing -- REQUESTS.json 7

use std::time::Instant;

fn main() {
    // BOARDSOLVE_SIMD=off measures the portable path, as for the binary.
    boardsolve::environment::configure();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (Some(file), Some(rounds)) = (args.first(), args.get(1).and_then(|r| r.parse().ok()))
    else {
        eprintln!("usage: web_timing REQUESTS.json ROUNDS");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(file).expect("the requests file can be read");
    let list: Vec<serde_json::Value> = serde_json::from_str(&text).expect("a JSON list");
    let mut medians = serde_json::Map::new();
    for item in &list {
        let request = item["request"].to_string();
        let mut times: Vec<f64> = (0..rounds)
            .map(|_| {
                let start = Instant::now();
                let response = boardsolve_web::call(&request);
                let ms = start.elapsed().as_secs_f64() * 1e3;
                assert!(response.starts_with("{\"ok\""), "{response}");
                ms
            })
            .collect();
        times.sort_by(f64::total_cmp);
        let label = item["label"].as_str().expect("a label").to_string();
        medians.insert(label, serde_json::json!(times[times.len() / 2]));
    }
    println!("{}", serde_json::Value::Object(medians));
}
