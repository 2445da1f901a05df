//! Answers a list of page requests natively, for `scripts/web-check.mjs`,
//! which holds the WebAssembly module's answers to these: reads a JSON
//! list of requests from a file and prints the JSON list of the
//! responses of `boardsolve_web::call`, in order.
//!
//!   cargo run --release --example web_answer -- REQUESTS.json

fn main() {
    // BOARDSOLVE_SIMD=off answers on the portable path, as for the binary.
    boardsolve::environment::configure();
    let Some(file) = std::env::args().nth(1) else {
        eprintln!("usage: web_answer REQUESTS.json");
        std::process::exit(2);
    };
    let text = std::fs::read_to_string(file).expect("the requests file can be read");
    let list: Vec<serde_json::Value> = serde_json::from_str(&text).expect("a JSON list");
    let responses: Vec<String> = list
        .iter()
        .map(|request| boardsolve_web::call(&request.to_string()))
        .collect();
    println!("{}", serde_json::json!(responses));
}
