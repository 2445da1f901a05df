//! The one SVG writer of the `--svg` pictures: elements one a line,
//! attributes in the order given, text and attribute values escaped, so
//! that no picture formats markup of its own.
//!
//! ```
//! use boardsolve_core::text::svg::Svg;
//! let mut svg = Svg::picture(40, 20);
//! svg.tag("circle").attr("cx", 10).attr("cy", 10).attr("r", 5).end();
//! svg.tag("text").attr("x", 20).attr("y", 15).text("a < b");
//! assert!(svg.finish().ends_with("<text x=\"20\" y=\"15\">a &lt; b</text>\n</svg>\n"));
//! ```

use std::fmt::{self, Display};

/// The SVG namespace, on every picture's root element.
const XMLNS: &str = "http://www.w3.org/2000/svg";

/// A picture being written: its root element is open until
/// [`Svg::finish`].
#[derive(Debug, Clone, Default)]
pub struct Svg {
    out: String,
}

/// One element being written: its attributes follow, then [`Tag::end`]
/// closes it empty or [`Tag::text`] gives it its text.
#[must_use = "an element is written out only by `end` or `text`"]
#[derive(Debug)]
pub struct Tag<'a> {
    out: &'a mut String,
    name: &'static str,
}

impl Svg {
    /// A picture of `width` × `height` whose view box starts at (`x`, `y`),
    /// with no other attribute on its root.
    pub fn new(x: i64, y: i64, width: usize, height: usize) -> Svg {
        let mut svg = Svg::default();
        svg.root(x, y, width, height).open();
        svg
    }

    /// A picture of `width` × `height` with the view box at the origin,
    /// sans-serif text and a white background: what the pictures of the
    /// played lines share.
    pub fn picture(width: usize, height: usize) -> Svg {
        let mut svg = Svg::default();
        let root = svg.root(0, 0, width, height);
        root.attr("font-family", "sans-serif").open();
        svg.tag("rect")
            .attr("width", width)
            .attr("height", height)
            .attr("fill", "white")
            .end();
        svg
    }

    fn root(&mut self, x: i64, y: i64, width: usize, height: usize) -> Tag<'_> {
        self.tag("svg")
            .attr("xmlns", XMLNS)
            .attr("width", width)
            .attr("height", height)
            .attr("viewBox", format_args!("{x} {y} {width} {height}"))
    }

    /// A cell of a board drawn as a rounded square: the square of `side`
    /// at (`x`, `y`), 2 px inside it all round so that neighbours stand
    /// apart. More attributes may follow.
    pub fn cell(&mut self, (x, y): (usize, usize), side: usize, rx: u32) -> Tag<'_> {
        self.tag("rect")
            .attr("x", x + 2)
            .attr("y", y + 2)
            .attr("width", side - 4)
            .attr("height", side - 4)
            .attr("rx", rx)
    }

    /// Starts an element `name` on a line of its own.
    pub fn tag(&mut self, name: &'static str) -> Tag<'_> {
        self.out.push('<');
        self.out.push_str(name);
        Tag {
            out: &mut self.out,
            name,
        }
    }

    /// Closes the picture and gives its text.
    pub fn finish(mut self) -> String {
        self.out.push_str("</svg>\n");
        self.out
    }
}

impl Tag<'_> {
    /// Adds `name="value"`, the value escaped.
    pub fn attr(self, name: &str, value: impl Display) -> Self {
        self.out.push(' ');
        self.out.push_str(name);
        self.out.push_str("=\"");
        escape_into(self.out, value);
        self.out.push('"');
        self
    }

    /// Adds `name="value"` when `add` holds.
    pub fn attr_if(self, add: bool, name: &str, value: impl Display) -> Self {
        if add { self.attr(name, value) } else { self }
    }

    /// Closes the element empty: `<name .../>`.
    pub fn end(self) {
        self.out.push_str("/>\n");
    }

    /// Closes the element around `content`, escaped: `<name ...>content</name>`.
    pub fn text(self, content: impl Display) {
        self.out.push('>');
        escape_into(self.out, content);
        self.out.push_str("</");
        self.out.push_str(self.name);
        self.out.push_str(">\n");
    }

    /// Leaves the element open for the elements inside it.
    fn open(self) {
        self.out.push_str(">\n");
    }
}

/// Path data or a list of points, built a piece at a time and written as
/// one attribute value.
#[derive(Debug, Clone, Default)]
pub struct Data {
    text: String,
}

impl Data {
    /// Data that starts with `first`.
    pub fn from(first: impl Display) -> Data {
        let mut data = Data::default();
        data.push(first);
        data
    }

    /// Appends `piece` as it displays.
    pub fn push(&mut self, piece: impl Display) {
        put(&mut self.text, piece);
    }
}

impl Display for Data {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

/// `x` with one decimal, as picture coordinates are written.
pub fn tenths(x: f64) -> impl Display {
    Tenths(x)
}

struct Tenths(f64);

impl Display for Tenths {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:.1}", self.0)
    }
}

/// Writes `value` into `out` with `&`, `<`, `>` and `"` as entities.
fn escape_into(out: &mut String, value: impl Display) {
    struct Escaping<'a>(&'a mut String);
    impl fmt::Write for Escaping<'_> {
        fn write_str(&mut self, s: &str) -> fmt::Result {
            for c in s.chars() {
                match c {
                    '&' => self.0.push_str("&amp;"),
                    '<' => self.0.push_str("&lt;"),
                    '>' => self.0.push_str("&gt;"),
                    '"' => self.0.push_str("&quot;"),
                    c => self.0.push(c),
                }
            }
            Ok(())
        }
    }
    put(&mut Escaping(out), value);
}

/// Writes `value` into `out`, where nothing can fail: a `write!` fails
/// only when its writer does, and these writers (a String, or one that
/// escapes into a String) take any text.
fn put(out: &mut impl fmt::Write, value: impl Display) {
    let _ = write!(out, "{value}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elements_attributes_and_escaping() {
        let mut svg = Svg::new(-2, -2, 10, 12);
        let mut d = Data::from("M0 0");
        d.push(format_args!("H{}", 4));
        svg.tag("path").attr("d", &d).attr_if(false, "x", 1).end();
        svg.tag("text")
            .attr("title", "\"a\" & <b>")
            .attr_if(true, "y", tenths(2.26))
            .text("1 < 2 & 3 > 2");
        assert_eq!(
            svg.finish(),
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"10\" height=\"12\" viewBox=\"-2 -2 10 12\">\n\
             <path d=\"M0 0H4\"/>\n\
             <text title=\"&quot;a&quot; &amp; &lt;b&gt;\" y=\"2.3\">1 &lt; 2 &amp; 3 &gt; 2</text>\n\
             </svg>\n"
        );
    }

    #[test]
    fn a_picture_has_a_font_and_a_white_background() {
        assert_eq!(
            Svg::picture(30, 40).finish(),
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"30\" height=\"40\" viewBox=\"0 0 30 40\" font-family=\"sans-serif\">\n\
             <rect width=\"30\" height=\"40\" fill=\"white\"/>\n\
             </svg>\n"
        );
    }
}
