//! The self-contained page of `solve PUZZLE --html FILE`: the `--json`
//! play embedded as data, drawn and played by the page's own script and
//! styles (`viewer.js`, `viewer.css`, written by hand and included here),
//! with nothing loaded from the network.

/// The page's script: the player and one view per puzzle.
const SCRIPT: &str = include_str!("viewer.js");
/// The page's styles.
const STYLE: &str = include_str!("viewer.css");

/// JSON made safe inside a `<script>` element: no `<` at all, so neither
/// `</script>` nor `<!--` can end or change the element early.
fn script_safe(json: &str) -> String {
    json.replace('<', "\\u003c")
}

/// The page for `puzzle` (its canonical name, which picks the view) with
/// the play `data` (the `--json` object) and, for puzzles that need it,
/// the board `layout` (JSON).
///
/// ```
/// let page = boardsolve_core::html::page("2048", r#"{"max":4}"#, None);
/// assert!(page.contains(r#"<script type="application/json" id="boardsolve-data">{"max":4}</script>"#));
/// assert!(!page.contains("data-rendered"));
/// ```
pub fn page(puzzle: &str, data: &str, layout: Option<&str>) -> String {
    let layout = layout.map_or(String::new(), |l| {
        format!(
            "<script type=\"application/json\" id=\"boardsolve-layout\">{}</script>\n",
            script_safe(l)
        )
    });
    // The script marks the page drawn through `dataset.rendered`, so the
    // attribute's name appears nowhere in the file as written.
    format!(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <title>boardsolve: {puzzle}</title>\n<style>\n{STYLE}</style>\n</head>\n\
         <body data-puzzle=\"{puzzle}\">\n\
         <noscript><p>This page draws the play with its own script; turn scripts on to see it.</p></noscript>\n\
         <script type=\"application/json\" id=\"boardsolve-data\">{}</script>\n{layout}\
         <script>\n{SCRIPT}</script>\n</body>\n</html>\n",
        script_safe(data)
    )
}
