//! Deciding which classic mistake explains a program's answers: the part
//! of `stress --diagnose` that runs no program.
//!
//! A mistake is named only when it explains the answers better than the
//! correct answer itself does, by the margin of [`explain`]; otherwise the
//! diagnosis says so, and says what the failing cases share when the
//! catalogue can tell (see [`Shared`]). Beyond the catalogue, [`facts`]
//! states what holds on every failing case: which way single-number
//! answers are wrong, and the rule features (`Puzzle::features`) that
//! every failing case has and few passing ones do.

use crate::puzzles::{Error, SolveOptions, Variant};
use crate::text::{Verdict, compare_tokens};
use rayon::prelude::*;

/// One case the program ran on for a diagnosis.
#[derive(Debug, Clone, Copy)]
pub struct Compared<'a> {
    /// The input.
    pub input: &'a [u8],
    /// What the program printed; `None` when too long to hold, which no
    /// mistake's answer is taken to match.
    pub output: Option<&'a [u8]>,
    /// The correct answer (the reference's).
    pub expected: &'a [u8],
    /// Whether the program's answer was judged right (by token comparison,
    /// or by the checker where any valid tiling is accepted).
    pub right: bool,
}

/// How a mistake's answers stand against the program's, measured against
/// the correct answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Tally {
    /// Cases the program got right: the correct answer's agreement, the
    /// baseline a mistake must beat.
    pub right: usize,
    /// Cases the program got wrong.
    pub wrong: usize,
    /// Wrong answers of the program that the mistake gives too.
    pub explained: usize,
    /// Right answers of the program where the mistake answers otherwise.
    pub contradicted: usize,
}

impl Tally {
    /// On how many cases the mistake's answers equal the program's.
    pub fn matched(&self) -> usize {
        self.right - self.contradicted + self.explained
    }

    /// Cases where the mistake's answer is not the program's: the failing
    /// cases it does not explain and the passing ones it contradicts.
    pub fn missed(&self) -> usize {
        self.wrong - self.explained + self.contradicted
    }

    /// The margin of [`explain`]: the failing cases the mistake explains
    /// are at least twice all the cases it misses. So it explains at least
    /// two thirds of the failing cases, and matches more cases than the
    /// correct answer does by at least half of what it explains: a mistake
    /// that merely changes few answers, or that explains a bare half of
    /// them, is not named.
    pub fn clearly_better(&self) -> bool {
        self.explained > 0 && self.explained >= 2 * self.missed()
    }
}

/// A mistake whose answers differ from the correct ones on every failing
/// case and on few passing ones: a hint at where the program goes wrong,
/// not a claim that it makes that mistake.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Shared {
    /// The mistake's stable id.
    pub id: &'static str,
    /// Completes "your program behaves as if ...".
    pub mistake: &'static str,
    /// Passing cases where the mistake changes the answer too.
    pub passing: usize,
}

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
    /// No known mistake explains every answer; this one explains them
    /// clearly better than the correct answer does ([`Tally::clearly_better`])
    /// and matches the most cases among those that do (the earliest in the
    /// catalogue among equals).
    Closest {
        /// The mistake's stable id.
        id: &'static str,
        /// Completes "your program behaves as if ...".
        mistake: &'static str,
        /// On how many cases its answers equal the program's.
        matched: usize,
        /// How many cases were compared.
        cases: usize,
        /// Its standing against the correct answer.
        tally: Tally,
    },
    /// No known mistake explains the answers clearly better than the
    /// correct answer (or nothing was compared).
    NoMatch {
        /// How many cases were compared.
        cases: usize,
        /// How many of them the program got right.
        right: usize,
        /// What every failing case has in common, when the catalogue can
        /// say it honestly.
        shared: Option<Shared>,
    },
    /// The puzzle has no catalogue of mistakes.
    NoCatalogue,
}

/// Fewest failing cases for a [`Shared`] feature: with one or two, every
/// feature of theirs is "shared" and says nothing.
pub const SHARED_MIN_FAILING: usize = 3;

/// The first variant (the catalogue is ordered most common first) whose
/// answers equal the program's on every case; failing that, the one that
/// matches the most cases among those clearly better than the correct
/// answer ([`Tally::clearly_better`]); failing that, no match, with the
/// most specific mistake whose answers differ from the correct ones on
/// every failing case and on at most half of the passing ones (and at
/// least [`SHARED_MIN_FAILING`] failing cases), if any.
pub fn explain(variants: &[Variant], compared: &[Compared], solve: &SolveOptions) -> Diagnosis {
    if variants.is_empty() {
        return Diagnosis::NoCatalogue;
    }
    let cases = compared.len();
    let right = compared.iter().filter(|c| c.right).count();
    if cases == 0 {
        return Diagnosis::NoMatch {
            cases,
            right,
            shared: None,
        };
    }
    let wrong = cases - right;
    let mut best: Option<(&Variant, Tally)> = None;
    let mut shared: Option<Shared> = None;
    for variant in variants {
        // Per case: (the variant's answer equals the program's, it differs
        // from the correct answer); an answer it cannot give is neither.
        let per_case: Vec<(bool, bool)> = compared
            .par_iter()
            .map(|c| match (variant.solve)(c.input, solve) {
                Ok(answer) => (
                    c.output.is_some_and(|o| same(answer.as_bytes(), o)),
                    !same(answer.as_bytes(), c.expected),
                ),
                Err(_) => (false, false),
            })
            .collect();
        let mut tally = Tally {
            right,
            wrong,
            explained: 0,
            contradicted: 0,
        };
        let (mut changes_failing, mut changes_passing) = (0, 0);
        for (c, &(matches, changes)) in compared.iter().zip(&per_case) {
            match (c.right, matches) {
                (false, true) => tally.explained += 1,
                (true, false) => tally.contradicted += 1,
                _ => {}
            }
            match (c.right, changes) {
                (false, true) => changes_failing += 1,
                (true, true) => changes_passing += 1,
                _ => {}
            }
        }
        if tally.matched() == cases {
            return Diagnosis::Matches {
                id: variant.id,
                mistake: variant.mistake,
                cases,
            };
        }
        // Strictly more: among equals the earlier (more common) one stays.
        if tally.clearly_better() && best.is_none_or(|(_, b)| tally.matched() > b.matched()) {
            best = Some((variant, tally));
        }
        let telling = wrong >= SHARED_MIN_FAILING
            && changes_failing == wrong
            && 2 * changes_passing <= right
            && shared.as_ref().is_none_or(|s| changes_passing < s.passing);
        if telling {
            shared = Some(Shared {
                id: variant.id,
                mistake: variant.mistake,
                passing: changes_passing,
            });
        }
    }
    match best {
        Some((variant, tally)) => Diagnosis::Closest {
            id: variant.id,
            mistake: variant.mistake,
            matched: tally.matched(),
            cases,
            tally,
        },
        None => Diagnosis::NoMatch {
            cases,
            right,
            shared,
        },
    }
}

fn same(a: &[u8], b: &[u8]) -> bool {
    compare_tokens(a, b) == Verdict::Correct
}

/// Which way the program's answers are wrong, when every answer compared
/// is a single whole number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lean {
    /// Below the correct answer on every failing case.
    Below,
    /// Above the correct answer on every failing case.
    Above,
    /// Below on `below` failing cases, above on the others.
    Mixed {
        /// Failing cases answered below the correct answer.
        below: usize,
        /// Failing cases answered above it.
        above: usize,
    },
}

/// A rule feature that every failing case has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Feature {
    /// Completes "on every failing case, ..." (from `Rules::features`).
    pub clause: &'static str,
    /// Passing cases that have it too.
    pub passing: usize,
}

/// What holds on every failing case compared, beyond the catalogue.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Facts {
    /// The failing cases compared (the program answered, wrongly).
    pub failing: usize,
    /// The passing cases compared.
    pub passing: usize,
    /// Which way the wrong answers lean, when every failing case's answer
    /// and correct answer are single whole numbers.
    pub lean: Option<Lean>,
    /// The features every failing case has and at most a fifth of the
    /// passing ones ([`FEATURE_SHARE`]), fewest passing first.
    pub features: Vec<Feature>,
}

/// A feature is named when at most one passing case in this many has it
/// (and every failing case does).
pub const FEATURE_SHARE: usize = 5;

/// The rule features of one input (`Puzzle::features` with the run's
/// options).
pub type FeaturesFn<'a> = dyn Fn(&[u8]) -> Result<Vec<&'static str>, Error> + Sync + 'a;

/// What holds on every failing case of `compared`: the lean of wrong
/// single-number answers, and the features of `features` that every
/// failing case has and few passing ones do. Features are named only with
/// at least [`SHARED_MIN_FAILING`] failing cases and one passing case to
/// set them against, and only when every case's features are known (a
/// case `features` cannot describe would make "every failing case"
/// unprovable).
pub fn facts(compared: &[Compared], features: &FeaturesFn) -> Facts {
    let failing: Vec<&Compared> = compared.iter().filter(|c| !c.right).collect();
    let passing = compared.len() - failing.len();
    let mut facts = Facts {
        failing: failing.len(),
        passing,
        lean: lean(&failing),
        features: Vec::new(),
    };
    if failing.len() < SHARED_MIN_FAILING || passing == 0 {
        return facts;
    }
    let Ok(all) = compared
        .par_iter()
        .map(|c| features(c.input).map(|f| (c.right, f)))
        .collect::<Result<Vec<_>, Error>>()
    else {
        return facts;
    };
    let mut candidates: Vec<&'static str> = match all.iter().find(|(right, _)| !right) {
        Some((_, first)) => first.clone(),
        None => return facts,
    };
    candidates.dedup();
    for clause in candidates {
        let on_every_failing = all
            .iter()
            .filter(|(right, _)| !right)
            .all(|(_, f)| f.contains(&clause));
        let on_passing = all
            .iter()
            .filter(|(right, f)| *right && f.contains(&clause))
            .count();
        if on_every_failing
            && FEATURE_SHARE * on_passing <= passing
            && !facts.features.iter().any(|f| f.clause == clause)
        {
            facts.features.push(Feature {
                clause,
                passing: on_passing,
            });
        }
    }
    facts.features.sort_by_key(|f| f.passing);
    facts
}

/// The lean of the failing cases' answers, when each answer and each
/// correct answer is one whole number.
fn lean(failing: &[&Compared]) -> Option<Lean> {
    if failing.is_empty() {
        return None;
    }
    let (mut below, mut above) = (0, 0);
    for c in failing {
        let ours = single_number(c.output?)?;
        let correct = single_number(c.expected)?;
        match ours.cmp(&correct) {
            std::cmp::Ordering::Less => below += 1,
            std::cmp::Ordering::Greater => above += 1,
            // Equal numbers written otherwise (`007`): no lean.
            std::cmp::Ordering::Equal => return None,
        }
    }
    Some(match (below, above) {
        (_, 0) => Lean::Below,
        (0, _) => Lean::Above,
        _ => Lean::Mixed { below, above },
    })
}

/// The one whole number `text` holds, alone but for white space.
fn single_number(text: &[u8]) -> Option<i128> {
    let text = std::str::from_utf8(text).ok()?;
    let mut tokens = text.split_ascii_whitespace();
    let number = tokens.next()?.parse().ok()?;
    tokens.next().is_none().then_some(number)
}

/// How the runs of a diagnosis ended: only those with an answer (right or
/// wrong) are compared, and the others are counted so the report says so.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Runs {
    /// Runs in all: the failing case and the fresh ones.
    pub total: usize,
    /// Runtime errors (a non-zero exit or a signal).
    pub crashed: usize,
    /// Time limits passed (CPU or wall).
    pub timed_out: usize,
    /// Memory or output limits passed, or an answer too long to hold.
    pub other: usize,
}

impl Runs {
    /// Runs that ended without an answer to compare.
    pub fn dropped(&self) -> usize {
        self.crashed + self.timed_out + self.other
    }
}

/// A whole diagnosis: the catalogue's verdict, what holds beyond it, and
/// how the runs behind it ended.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Report {
    /// What the catalogue says.
    pub diagnosis: Diagnosis,
    /// What holds on every failing case; empty when a mistake matches
    /// every answer (the mistake says more).
    pub facts: Facts,
    /// How the runs ended.
    pub runs: Runs,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::{Error, SolveFn};
    use proptest::prelude::*;

    /// A variant whose answer to case `i` (its input is `i` as text) is
    /// `answers[i]`.
    fn table(id: &'static str, answers: &[u8]) -> Variant {
        let answers: Vec<String> = answers.iter().map(u8::to_string).collect();
        let solve = move |input: &[u8], _: &SolveOptions| {
            let i: usize = std::str::from_utf8(input).unwrap().parse().unwrap();
            Ok::<_, Error>(answers[i].clone())
        };
        Variant {
            id,
            mistake: id,
            solve: Box::new(solve) as SolveFn,
        }
    }

    /// A variant that cannot answer.
    fn failing(id: &'static str) -> Variant {
        let solve =
            |_: &[u8], _: &SolveOptions| Err::<String, _>(Error::Io(std::io::Error::other("no")));
        Variant {
            id,
            mistake: id,
            solve: Box::new(solve) as SolveFn,
        }
    }

    /// The cases of a program that answers `program[i]` where `correct[i]`
    /// is right, as text owned by the returned vectors.
    struct Cases {
        inputs: Vec<String>,
        outputs: Vec<String>,
        expected: Vec<String>,
    }

    impl Cases {
        fn new(program: &[u8], correct: &[u8]) -> Cases {
            Cases {
                inputs: (0..program.len()).map(|i| i.to_string()).collect(),
                outputs: program.iter().map(u8::to_string).collect(),
                expected: correct.iter().map(u8::to_string).collect(),
            }
        }

        fn compared(&self) -> Vec<Compared<'_>> {
            (0..self.inputs.len())
                .map(|i| Compared {
                    input: self.inputs[i].as_bytes(),
                    output: Some(self.outputs[i].as_bytes()),
                    expected: self.expected[i].as_bytes(),
                    right: self.outputs[i] == self.expected[i],
                })
                .collect()
        }
    }

    fn diagnose(variants: &[Variant], program: &[u8], correct: &[u8]) -> Diagnosis {
        let cases = Cases::new(program, correct);
        explain(variants, &cases.compared(), &SolveOptions::default())
    }

    /// Ten passing cases (answer 0) then ten failing ones (answer 1; the
    /// correct answer is 0 throughout).
    const PROGRAM: [u8; 20] = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1];
    const CORRECT: [u8; 20] = [0; 20];

    /// A variant that gives the first `explained` wrong answers and
    /// contradicts the first `contradicted` right ones.
    fn standing(id: &'static str, explained: usize, contradicted: usize) -> Variant {
        let mut answers = [0u8; 20];
        for a in answers.iter_mut().take(contradicted) {
            *a = 2;
        }
        for a in answers.iter_mut().skip(10).take(explained) {
            *a = 1;
        }
        table(id, &answers)
    }

    #[test]
    fn a_full_match_wins_and_the_first_full_match_is_named() {
        let variants = [
            standing("most", 9, 0),
            standing("all", 10, 0),
            standing("also-all", 10, 0),
        ];
        assert_eq!(
            diagnose(&variants, &PROGRAM, &CORRECT),
            Diagnosis::Matches {
                id: "all",
                mistake: "all",
                cases: 20
            }
        );
    }

    #[test]
    fn a_mistake_is_closest_only_when_it_explains_twice_what_it_misses() {
        let tally = |explained, contradicted| Tally {
            right: 10,
            wrong: 10,
            explained,
            contradicted,
        };
        // 8 of 10 failing cases explained, 2 + 2 cases missed.
        assert_eq!(
            diagnose(&[standing("a", 8, 2)], &PROGRAM, &CORRECT),
            Diagnosis::Closest {
                id: "a",
                mistake: "a",
                matched: 16,
                cases: 20,
                tally: tally(8, 2)
            }
        );
        assert_eq!(tally(8, 2).missed(), 4);
        // One more contradiction: 15 matched is still more than the
        // correct answer's 10, but not by the margin.
        assert!(!tally(8, 3).clearly_better());
        // Most failing cases but not two thirds, even with no
        // contradiction (16 matched against 10): the K = 10 program run
        // as K = 5, which a cascade of merges half explains.
        assert!(!tally(6, 0).clearly_better());
        for (explained, contradicted) in [(8, 3), (6, 0), (0, 0), (9, 5)] {
            let got = diagnose(
                &[standing("x", explained, contradicted)],
                &PROGRAM,
                &CORRECT,
            );
            assert!(
                matches!(
                    got,
                    Diagnosis::NoMatch {
                        cases: 20,
                        right: 10,
                        ..
                    }
                ),
                "{explained} {contradicted}: {got:?}"
            );
        }
    }

    #[test]
    fn a_mistake_the_correct_answer_beats_is_never_closest() {
        // The reported case: a program right on 58 of 201 cases, and a
        // mistake that changes almost nothing matching 57 of them.
        let mut program = vec![0u8; 201];
        for p in program.iter_mut().skip(58) {
            *p = 1;
        }
        let correct = vec![0u8; 201];
        let mut rare = vec![0u8; 201];
        rare[0] = 3;
        let got = diagnose(&[table("rare", &rare)], &program, &correct);
        assert_eq!(
            got,
            Diagnosis::NoMatch {
                cases: 201,
                right: 58,
                shared: None
            }
        );
    }

    #[test]
    fn the_closest_is_the_largest_share_among_the_clearly_better_ties_to_the_earlier() {
        // "most" matches 16 cases but explains only 6 of 10 failing ones;
        // "all" explains all 10, contradicts 5 passing ones, matches 15
        // and is named.
        let got = diagnose(
            &[standing("most", 6, 0), standing("all", 10, 5)],
            &PROGRAM,
            &CORRECT,
        );
        assert!(
            matches!(
                got,
                Diagnosis::Closest {
                    id: "all",
                    matched: 15,
                    ..
                }
            ),
            "{got:?}"
        );
        let variants = [
            standing("one", 8, 1),
            standing("two", 8, 1),
            standing("three", 9, 1),
        ];
        let got = diagnose(&variants, &PROGRAM, &CORRECT);
        assert!(
            matches!(
                got,
                Diagnosis::Closest {
                    id: "three",
                    matched: 18,
                    ..
                }
            ),
            "{got:?}"
        );
        let got = diagnose(&variants[..2], &PROGRAM, &CORRECT);
        assert!(
            matches!(
                got,
                Diagnosis::Closest {
                    id: "one",
                    matched: 17,
                    ..
                }
            ),
            "{got:?}"
        );
    }

    #[test]
    fn a_shared_feature_is_the_most_specific_mistake_changing_every_failing_case() {
        // Answers the program never gives (3): no mistake explains anything.
        let mut broad = [0u8; 20];
        let mut narrow = [0u8; 20];
        let mut partial = [0u8; 20];
        broad[10..].fill(3);
        narrow[10..].fill(3);
        broad[..4].fill(3);
        narrow[0] = 3;
        partial[10..19].fill(3);
        let variants = [
            table("partial", &partial),
            table("broad", &broad),
            table("narrow", &narrow),
        ];
        assert_eq!(
            diagnose(&variants, &PROGRAM, &CORRECT),
            Diagnosis::NoMatch {
                cases: 20,
                right: 10,
                shared: Some(Shared {
                    id: "narrow",
                    mistake: "narrow",
                    passing: 1
                })
            }
        );
        // True of more than half the passing cases: not telling.
        let mut common = broad;
        for c in common.iter_mut().take(6) {
            *c = 3;
        }
        let got = diagnose(&[table("common", &common)], &PROGRAM, &CORRECT);
        assert!(
            matches!(got, Diagnosis::NoMatch { shared: None, .. }),
            "{got:?}"
        );
        // Two failing cases are too few to share anything.
        let mut program = [0u8; 20];
        program[18] = 1;
        program[19] = 1;
        let got = diagnose(&[table("narrow", &narrow)], &program, &CORRECT);
        assert!(
            matches!(got, Diagnosis::NoMatch { shared: None, .. }),
            "{got:?}"
        );
    }

    #[test]
    fn nothing_compared_or_nothing_to_compare_with() {
        let got = diagnose(&[failing("broken")], &PROGRAM, &CORRECT);
        assert!(
            matches!(got, Diagnosis::NoMatch { shared: None, .. }),
            "{got:?}"
        );
        assert_eq!(
            explain(&[failing("broken")], &[], &SolveOptions::default()),
            Diagnosis::NoMatch {
                cases: 0,
                right: 0,
                shared: None
            }
        );
        assert_eq!(
            explain(&[], &[], &SolveOptions::default()),
            Diagnosis::NoCatalogue
        );
    }

    /// Features of case `i` (its input is `i` as text): `table[i]`, or an
    /// error where `table[i]` is `None`.
    fn features_of(
        table: Vec<Option<Vec<&'static str>>>,
    ) -> impl Fn(&[u8]) -> Result<Vec<&'static str>, Error> + Sync {
        move |input: &[u8]| {
            let i: usize = std::str::from_utf8(input).unwrap().parse().unwrap();
            table[i]
                .clone()
                .ok_or_else(|| Error::Io(std::io::Error::other("no features")))
        }
    }

    fn facts_of(program: &[u8], correct: &[u8], table: Vec<Option<Vec<&'static str>>>) -> Facts {
        let cases = Cases::new(program, correct);
        facts(&cases.compared(), &features_of(table))
    }

    #[test]
    fn the_lean_of_wrong_numbers_is_said_only_when_it_holds_on_every_failing_case() {
        let none = || vec![Some(vec![]); 6];
        let below = facts_of(&[1, 2, 3, 1, 5, 6], &[1, 2, 3, 4, 6, 7], none());
        assert_eq!((below.failing, below.passing), (3, 3));
        assert_eq!(below.lean, Some(Lean::Below));
        let above = facts_of(&[1, 9, 3, 4, 8, 6], &[1, 2, 3, 4, 6, 6], none());
        assert_eq!(above.lean, Some(Lean::Above));
        let mixed = facts_of(&[0, 9, 3, 4, 8, 6], &[1, 2, 3, 4, 6, 6], none());
        assert_eq!(mixed.lean, Some(Lean::Mixed { below: 1, above: 2 }));
        let right = facts_of(&[1, 2], &[1, 2], vec![Some(vec![]); 2]);
        assert_eq!(right.lean, None);
        // Answers that are not one number each: no lean.
        let grid = Cases {
            inputs: vec!["0".into(), "1".into()],
            outputs: vec!["1 2\n".into(), "3".into()],
            expected: vec!["1 3\n".into(), "4".into()],
        };
        let got = facts(&grid.compared(), &features_of(vec![Some(vec![]); 2]));
        assert_eq!(got.lean, None);
        // An answer too long to hold is no number either.
        let mut compared = grid.compared();
        compared[0].output = None;
        compared[0].expected = b"5";
        assert_eq!(
            facts(&compared, &features_of(vec![Some(vec![]); 2])).lean,
            None
        );
    }

    #[test]
    fn a_feature_is_named_when_every_failing_case_has_it_and_few_passing_ones_do() {
        // Ten passing cases, then ten failing ones.
        let table = |passing_with: usize, failing_with: usize| -> Vec<Option<Vec<&'static str>>> {
            (0..20)
                .map(|i| {
                    let mut f = vec!["everywhere"];
                    if (i < 10 && i < passing_with) || (i >= 10 && i - 10 < failing_with) {
                        f.push("the feature");
                    }
                    Some(f)
                })
                .collect()
        };
        let got = facts_of(&PROGRAM, &CORRECT, table(2, 10));
        assert_eq!(
            got.features,
            vec![Feature {
                clause: "the feature",
                passing: 2
            }]
        );
        assert_eq!((got.failing, got.passing), (10, 10));
        // More than a fifth of the passing cases: not telling.
        assert!(
            facts_of(&PROGRAM, &CORRECT, table(3, 10))
                .features
                .is_empty()
        );
        // One failing case without it: not on every failing case.
        assert!(
            facts_of(&PROGRAM, &CORRECT, table(0, 9))
                .features
                .is_empty()
        );
        // A case whose features are not known: nothing is claimed.
        let mut unknown = table(0, 10);
        unknown[3] = None;
        assert!(facts_of(&PROGRAM, &CORRECT, unknown).features.is_empty());
        // Two failing cases are too few, and without a passing case there
        // is nothing to set them against.
        let mut two = [0u8; 20];
        two[18..].fill(1);
        assert!(facts_of(&two, &CORRECT, table(0, 10)).features.is_empty());
        assert!(
            facts_of(&[1; 20], &CORRECT, table(0, 10))
                .features
                .is_empty()
        );
    }

    #[test]
    fn an_alias_has_its_canonical_entrys_objective() {
        use crate::puzzles::{Objective, all, find};
        for p in all() {
            let canonical = find(p.alias_of().unwrap_or(p.name())).unwrap();
            assert_eq!(p.objective(), canonical.objective(), "{}", p.name());
        }
        for (name, objective) in [
            ("2048", Objective::Maximum),
            ("yut", Objective::Maximum),
            ("footholds", Objective::Other),
            ("tromino", Objective::Other),
        ] {
            assert_eq!(find(name).unwrap().objective(), objective, "{name}");
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(300))]

        /// Whatever the answers: a full match is the first variant equal to
        /// the program everywhere; a closest mistake matches strictly more
        /// cases than the correct answer and explains at least twice the
        /// cases it misses (so two thirds of the failing ones); no match
        /// means no variant does; a shared feature holds of every failing
        /// case and of at most half the passing ones.
        #[test]
        fn the_decision_keeps_its_promises(
            rows in (1usize..24).prop_flat_map(|n| (
                proptest::collection::vec(0u8..3, n),
                proptest::collection::vec(0u8..3, n),
                proptest::collection::vec(proptest::collection::vec(0u8..3, n), 1..4),
            ))
        ) {
            let (program, correct, answers) = rows;
            let ids: [&'static str; 3] = ["v0", "v1", "v2"];
            let variants: Vec<Variant> = answers
                .iter()
                .zip(ids)
                .map(|(a, id)| table(id, a))
                .collect();
            let n = program.len();
            let right = (0..n).filter(|&i| program[i] == correct[i]).count();
            let tally = |a: &[u8]| Tally {
                right,
                wrong: n - right,
                explained: (0..n).filter(|&i| program[i] != correct[i] && a[i] == program[i]).count(),
                contradicted: (0..n).filter(|&i| program[i] == correct[i] && a[i] != program[i]).count(),
            };
            let first_full = answers.iter().position(|a| a == &program);
            match diagnose(&variants, &program, &correct) {
                Diagnosis::Matches { id, cases, .. } => {
                    prop_assert_eq!(Some(id), first_full.map(|i| ids[i]));
                    prop_assert_eq!(cases, n);
                }
                Diagnosis::Closest { id, matched, tally: t, .. } => {
                    prop_assert!(first_full.is_none());
                    let i = ids.iter().position(|&x| x == id).unwrap();
                    prop_assert_eq!(t, tally(&answers[i]));
                    prop_assert!(matched > right);
                    prop_assert!(t.explained >= 2 * (t.wrong - t.explained + t.contradicted));
                    prop_assert!(3 * t.explained >= 2 * t.wrong);
                    for a in &answers {
                        let other = tally(a);
                        prop_assert!(!other.clearly_better() || other.matched() <= matched);
                    }
                }
                Diagnosis::NoMatch { cases, right: r, shared } => {
                    prop_assert!(first_full.is_none());
                    prop_assert_eq!((cases, r), (n, right));
                    for a in &answers {
                        prop_assert!(!tally(a).clearly_better());
                    }
                    if let Some(s) = shared {
                        let a = &answers[ids.iter().position(|&x| x == s.id).unwrap()];
                        prop_assert!(n - right >= SHARED_MIN_FAILING);
                        prop_assert!((0..n).all(|i| program[i] == correct[i] || a[i] != correct[i]));
                        let passing = (0..n).filter(|&i| program[i] == correct[i] && a[i] != correct[i]).count();
                        prop_assert_eq!(passing, s.passing);
                        prop_assert!(2 * passing <= right);
                    }
                }
                Diagnosis::NoCatalogue => prop_assert!(false, "a catalogue was given"),
            }
        }

        /// Whatever the answers and features: a named feature is on every
        /// failing case and on at most a fifth of the passing ones, with
        /// its count; a lean holds of every failing case.
        #[test]
        fn the_facts_hold(
            rows in (1usize..24).prop_flat_map(|n| (
                proptest::collection::vec(0u8..3, n),
                proptest::collection::vec(0u8..3, n),
                proptest::collection::vec(proptest::collection::vec(proptest::bool::ANY, 3), n),
            ))
        ) {
            let (program, correct, marks) = rows;
            const NAMES: [&str; 3] = ["a", "b", "c"];
            let table: Vec<Option<Vec<&'static str>>> = marks
                .iter()
                .map(|m| Some((0..3).filter(|&k| m[k]).map(|k| NAMES[k]).collect()))
                .collect();
            let got = facts_of(&program, &correct, table);
            let n = program.len();
            let failing: Vec<usize> = (0..n).filter(|&i| program[i] != correct[i]).collect();
            let passing = n - failing.len();
            prop_assert_eq!((got.failing, got.passing), (failing.len(), passing));
            for f in &got.features {
                let k = NAMES.iter().position(|&x| x == f.clause).unwrap();
                prop_assert!(failing.len() >= SHARED_MIN_FAILING);
                prop_assert!(failing.iter().all(|&i| marks[i][k]));
                let with = (0..n).filter(|&i| program[i] == correct[i] && marks[i][k]).count();
                prop_assert_eq!(with, f.passing);
                prop_assert!(FEATURE_SHARE * with <= passing);
            }
            match got.lean {
                Some(Lean::Below) => prop_assert!(failing.iter().all(|&i| program[i] < correct[i])),
                Some(Lean::Above) => prop_assert!(failing.iter().all(|&i| program[i] > correct[i])),
                Some(Lean::Mixed { below, above }) => {
                    prop_assert_eq!(below, failing.iter().filter(|&&i| program[i] < correct[i]).count());
                    prop_assert_eq!(below + above, failing.len());
                }
                None => prop_assert!(failing.is_empty()),
            }
        }
    }
}
