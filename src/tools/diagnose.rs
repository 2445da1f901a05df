//! Deciding which classic mistake explains a program's answers: the part
//! of `stress --diagnose` that runs no program.

use crate::puzzles::{SolveOptions, Variant};
use crate::text::{Verdict, compare_tokens};
use rayon::prelude::*;

/// The verdict of a diagnosis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Diagnosis {
    /// The program's answers equal this mistaken reference on every case.
    Matches {
        /// The mistake's stable id (`merge-again`).
        id: &'static str,
        /// Completes "your program behaves as if ...".
        mistake: &'static str,
        /// How many cases were compared.
        cases: usize,
    },
    /// No known mistake explains every answer; this one explains the most
    /// (the earliest in the catalogue among equals).
    Closest {
        /// The mistake's stable id.
        id: &'static str,
        /// Completes "your program behaves as if ...".
        mistake: &'static str,
        /// On how many cases its answers equal the program's.
        matched: usize,
        /// How many cases were compared.
        cases: usize,
    },
    /// No known mistake explains even one answer (or nothing was compared).
    NoMatch {
        /// How many cases were compared.
        cases: usize,
    },
    /// The puzzle has no catalogue of mistakes.
    NoCatalogue,
}

/// The first variant (the catalogue is ordered most common first) whose
/// answers equal the program's on every `(input, output)` pair; failing
/// that, the one that equals them on the most pairs.
pub fn explain(
    variants: &[Variant],
    compared: &[(&[u8], &[u8])],
    solve: &SolveOptions,
) -> Diagnosis {
    if variants.is_empty() {
        return Diagnosis::NoCatalogue;
    }
    let cases = compared.len();
    if cases == 0 {
        return Diagnosis::NoMatch { cases };
    }
    let mut best: Option<(&Variant, usize)> = None;
    for variant in variants {
        let matched = compared
            .par_iter()
            .filter(|(input, output)| {
                (variant.solve)(input, solve).is_ok_and(|answer| {
                    compare_tokens(answer.as_bytes(), output) == Verdict::Correct
                })
            })
            .count();
        if matched == cases {
            return Diagnosis::Matches {
                id: variant.id,
                mistake: variant.mistake,
                cases,
            };
        }
        // Strictly more: among equals the earlier (more common) one stays.
        if matched > best.map_or(0, |(_, m)| m) {
            best = Some((variant, matched));
        }
    }
    match best {
        Some((variant, matched)) => Diagnosis::Closest {
            id: variant.id,
            mistake: variant.mistake,
            matched,
            cases,
        },
        None => Diagnosis::NoMatch { cases },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::{Error, SolveFn};

    /// A variant that answers `answer` to every input.
    fn constant(id: &'static str, answer: &'static str) -> Variant {
        let solve = move |_: &[u8], _: &SolveOptions| Ok::<_, Error>(answer.to_string());
        Variant {
            id,
            mistake: id,
            solve: Box::new(solve) as SolveFn,
        }
    }

    /// A variant that echoes its input, so it matches exactly the pairs
    /// whose output equals their input.
    fn echo(id: &'static str) -> Variant {
        let solve = |input: &[u8], _: &SolveOptions| {
            Ok::<_, Error>(String::from_utf8_lossy(input).into_owned())
        };
        Variant {
            id,
            mistake: id,
            solve: Box::new(solve) as SolveFn,
        }
    }

    #[test]
    fn a_full_match_wins_and_the_first_full_match_is_named() {
        let variants = [constant("a", "1"), echo("b"), echo("c")];
        let pairs: [(&[u8], &[u8]); 2] = [(b"2", b"2"), (b"3", b"3")];
        let got = explain(&variants, &pairs, &SolveOptions::default());
        assert_eq!(
            got,
            Diagnosis::Matches {
                id: "b",
                mistake: "b",
                cases: 2
            }
        );
    }

    #[test]
    fn the_closest_is_the_largest_share_ties_to_the_earlier() {
        let variants = [constant("one", "1"), constant("two", "2"), echo("echo")];
        // "one" matches 2 pairs, "two" 2, "echo" 1: "one" is named.
        let pairs: [(&[u8], &[u8]); 5] = [
            (b"x", b"1"),
            (b"y", b"1"),
            (b"z", b"2"),
            (b"w", b"2"),
            (b"5", b"5"),
        ];
        let got = explain(&variants, &pairs, &SolveOptions::default());
        assert_eq!(
            got,
            Diagnosis::Closest {
                id: "one",
                mistake: "one",
                matched: 2,
                cases: 5
            }
        );
        // One more "2" makes "two" the closest.
        let more: Vec<(&[u8], &[u8])> = pairs
            .iter()
            .copied()
            .chain([(&b"v"[..], &b"2"[..])])
            .collect();
        let got = explain(&variants, &more, &SolveOptions::default());
        assert!(
            matches!(
                got,
                Diagnosis::Closest {
                    id: "two",
                    matched: 3,
                    cases: 6,
                    ..
                }
            ),
            "{got:?}"
        );
    }

    #[test]
    fn nothing_matching_anything_is_no_match() {
        let variants = [constant("one", "1")];
        let pairs: [(&[u8], &[u8]); 1] = [(b"x", b"7")];
        let got = explain(&variants, &pairs, &SolveOptions::default());
        assert_eq!(got, Diagnosis::NoMatch { cases: 1 });
        assert_eq!(
            explain(&variants, &[], &SolveOptions::default()),
            Diagnosis::NoMatch { cases: 0 }
        );
        assert_eq!(
            explain(&[], &pairs, &SolveOptions::default()),
            Diagnosis::NoCatalogue
        );
    }
}
