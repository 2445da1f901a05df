//! Deciding which classic mistake explains a program's answers: the part
//! of `stress --diagnose` that runs no program.

use crate::puzzles::{SolveOptions, Variant};
use crate::text::{Verdict, compare_tokens};

/// The verdict of a diagnosis.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Diagnosis {
    /// The program's answers equal this mistaken reference on every case.
    Matches {
        /// Completes "your program behaves as if ...".
        mistake: &'static str,
        /// How many cases were compared.
        cases: usize,
    },
    /// No known mistake explains every answer.
    NoMatch {
        /// How many cases were compared.
        cases: usize,
    },
    /// The puzzle has no catalogue of mistakes.
    NoCatalogue,
}

/// The first variant (the catalogue is ordered most common first) whose
/// answers equal the program's on every `(input, output)` pair.
pub fn explain(
    variants: &[Variant],
    compared: &[(&[u8], &[u8])],
    solve: &SolveOptions,
) -> Diagnosis {
    if variants.is_empty() {
        return Diagnosis::NoCatalogue;
    }
    if compared.is_empty() {
        return Diagnosis::NoMatch { cases: 0 };
    }
    for variant in variants {
        let explains_all = compared.iter().all(|(input, output)| {
            (variant.solve)(input, solve)
                .is_ok_and(|answer| compare_tokens(answer.as_bytes(), output) == Verdict::Correct)
        });
        if explains_all {
            return Diagnosis::Matches {
                mistake: variant.mistake,
                cases: compared.len(),
            };
        }
    }
    Diagnosis::NoMatch {
        cases: compared.len(),
    }
}
