//! `boardsolve stress` and its report.

use super::exit::{Stop, failure, warn};
use super::harness::{finished, jobs, plural, reported};
use super::limits;
use super::own;
use super::run_view::write_run;
use super::source;
use super::streams::progress_bar;
use super::style::{BAD, GOOD};
use crate::cli::StressArgs;
use boardsolve::puzzles::{Accepts, Objective, OutputFormat, Puzzle, RuleOptions, SolveOptions};
use boardsolve::search::context::RunContext;
use boardsolve::tools::harness::Harness;
use boardsolve::tools::{diagnose, generate, judge, stress};
use indicatif::{ProgressBar, ProgressStyle};
use std::io::{self, BufWriter, Write};

/// `boardsolve stress`: checks the options, prepares the program
/// (compiling a source file), runs the generated cases and reports.
pub(crate) fn stress_command(args: &StressArgs, harness: &Harness) -> Result<(), Stop> {
    let puzzle = args.puzzle;
    let (rules, seed) = checked_options(args)?;
    let prepared = source::prepare(
        harness,
        puzzle,
        &args.command,
        args.compile_flags.as_deref(),
    )?;
    let (program, compiled) = match prepared {
        source::Prepared::Program(program, compiled) => (program, compiled),
        source::Prepared::CompileError(error) => {
            let mut out = BufWriter::new(anstream::stdout().lock());
            let written = source::write_compile_error(&mut out, &error, &args.command[0])
                .and_then(|()| out.flush());
            return reported(true, written);
        }
    };
    let own = own::prepare(harness, args)?;
    let jobs = jobs(args.limits.jobs);
    let chosen =
        limits::Chosen::for_puzzle(puzzle, args.limits.time_limit, args.limits.memory_limit);
    let config = stress::StressConfig {
        puzzle,
        program,
        harness: harness.clone(),
        cases: args.cases,
        seed,
        time_limit: chosen.time,
        memory_limit: chosen.memory,
        jobs,
        accepts: puzzle.contract().accepting(rules),
        sizes: args.sizes.options(),
        solve: SolveOptions {
            rules,
            format: OutputFormat::Judge,
            context: RunContext::new(),
        },
        diagnose: args.diagnose,
        shrink_time: args.shrink_time,
        diagnose_cases: 200,
        reference_limit: args.reference_limit,
        generator: own.generator.clone(),
        own_reference: own.reference.clone(),
    };
    write_header(args, rules, seed, jobs, &chosen, &own);
    let bar = progress_bar(args.cases, "cases");
    let tick = |event: stress::Progress| show_progress(event, bar.as_ref());
    let result = stress::stress(&config, &tick);
    let summary = match finished(bar.as_ref(), result, stress::StressError::interrupted) {
        Ok(summary) => summary,
        Err(stress::StressError::Puzzle(e)) => return Err(failure(e, "stress")),
        Err(e @ stress::StressError::Reference { .. }) => {
            // The library names no option; the command line does.
            return Err(Stop::Usage(format!(
                "{e}; choose smaller sizes or raise --reference-limit"
            )));
        }
        Err(stress::StressError::Generator(fault)) => return Err(own::generator_fault(&fault)),
        Err(stress::StressError::OwnReference(fault)) => {
            return Err(own::reference_fault(&fault, args));
        }
        Err(e) => return Err(Stop::failed(e)),
    };
    write_summary(args, seed, &summary, compiled.is_none())
}

/// The puzzle's options and the seed, every option refused here that can
/// be, before the first line promises a run.
fn checked_options(args: &StressArgs) -> Result<(RuleOptions, u64), Stop> {
    let puzzle = args.puzzle;
    if args.any_tiling {
        return Err(Stop::Usage(
            "--any-tiling is gone: 14600 and 14601 accept any valid tiling by default, and --order asks for the placement order".into(),
        ));
    }
    let rules = args
        .rules
        .options(puzzle)
        .map_err(|e| failure(e, "stress"))?;
    let seed = args.seed.unwrap_or_else(|| {
        let nanos = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64);
        nanos % 1_000_000_000
    });
    // The size options: the first case is made once and thrown away.
    puzzle
        .generate(&mut generate::case_rng(seed, 0), &args.sizes.options())
        .map_err(|e| failure(e, "stress"))?;
    Ok((rules, seed))
}

/// The run's first lines, on stderr: what is run with which limits, the
/// puzzle's terms and the sizes of the cases.
fn write_header(
    args: &StressArgs,
    rules: RuleOptions,
    seed: u64,
    jobs: usize,
    chosen: &limits::Chosen,
    own: &own::Own,
) {
    let puzzle = args.puzzle;
    let mut err = io::stderr();
    let _ = writeln!(
        err,
        "stress {}{}: {} {}, seed {seed}, {}, {jobs} {}",
        puzzle.name(),
        moves_shown(puzzle, rules),
        args.cases,
        plural(args.cases, "case", "cases"),
        chosen.describe(),
        plural(jobs as u64, "job", "jobs"),
    );
    if let Some(terms) = terms(puzzle, args, rules) {
        let _ = writeln!(err, "{terms}");
    }
    let own_lines = own::header_lines(own);
    if own.generator.is_none() {
        let _ = writeln!(err, "{}", sizes_line(puzzle, args));
    }
    for line in own_lines {
        let _ = writeln!(err, "{line}");
    }
}

/// The report on stdout: all passed, or the failure; the extremes; and,
/// for a wrong answer of a command (not a compiled source file) that
/// looks like an unwrapped `solution()`, how to run it.
fn write_summary(
    args: &StressArgs,
    seed: u64,
    summary: &stress::Summary,
    plain_command: bool,
) -> Result<(), Stop> {
    let mut out = BufWriter::new(anstream::stdout().lock());
    let written = match &summary.failure {
        None => writeln!(
            out,
            "{GOOD}all {} {} passed{GOOD:#} (seed {seed})",
            summary.passed,
            plural(summary.passed, "case", "cases")
        )
        .and_then(|()| write_extremes(&mut out, &summary.extremes)),
        Some(f) => write_failure(&mut out, f, seed, args)
            .and_then(|()| write_extremes(&mut out, &summary.extremes)),
    };
    let written = written.and_then(|()| out.flush());
    drop(out);
    if let Some(fault) = summary.failure.as_ref().and_then(|f| f.stopped.as_ref()) {
        // The failure above stands; the run is the contestant's other
        // program's fault from there on.
        let _ = writeln!(io::stdout());
        return Err(own::stopped(fault, args));
    }
    let wrong_answer = summary
        .failure
        .as_ref()
        .is_some_and(|f| matches!(f.original.verdict, judge::Verdict::WrongAnswer(_)));
    if plain_command
        && wrong_answer
        && let Some(note) = source::unwrapped_solution_note(&args.command, "stress")
    {
        warn(note);
    }
    reported(summary.failure.is_some(), written)
}

/// Shows one event of a stress run on a terminal: the bar, then the
/// stage on a spinner. Off a terminal (no bar) progress is not shown at
/// all, as indicatif does: logs keep only the report.
fn show_progress(event: stress::Progress, bar: Option<&ProgressBar>) {
    let Some(bar) = bar else {
        return;
    };
    let stage = match event {
        stress::Progress::Case => {
            bar.inc(1);
            return;
        }
        stress::Progress::Confirming => "a failure: running it again alone".to_string(),
        stress::Progress::Shrinking { steps, bytes } => format!(
            "shrinking: {steps} {}, {bytes} bytes",
            plural(steps as u64, "step", "steps")
        ),
        stress::Progress::Diagnosing { done, total } => {
            format!("diagnosing: your program on {done} of {total} cases")
        }
    };
    bar.set_style(
        ProgressStyle::with_template("{spinner} {msg} ({elapsed})").expect("a valid template"),
    );
    bar.enable_steady_tick(std::time::Duration::from_millis(120));
    bar.set_message(stage);
}

/// The K in force, for the first line (` (K = 5)`), or nothing.
fn moves_shown(puzzle: &dyn Puzzle, rules: RuleOptions) -> String {
    puzzle
        .moves_in_force(rules)
        .map_or(String::new(), |k| format!(" (K = {k})"))
}

/// What the cases and answers are held to, for the line after the first:
/// a judge's limits (or that the size options go past them) and the
/// answers accepted; `None` for a name with nothing to state.
fn terms(puzzle: &dyn Puzzle, args: &StressArgs, rules: RuleOptions) -> Option<String> {
    let contract = puzzle.contract();
    let accepts = contract.accepting(rules);
    let limits = match (
        contract.beyond(&args.sizes.options(), rules),
        contract.judge,
    ) {
        (Some(beyond), _) => format!("cases {beyond}"),
        (None, Some(judge)) => format!(
            "cases within {}'s limits ({})",
            judge.problem,
            judge.limits.short()
        ),
        (None, None) if accepts == Accepts::Exact => return None,
        (None, None) => return Some(format!("only {} is accepted", accepts.describe())),
    };
    Some(format!("{limits}; {} is accepted", accepts.describe()))
}

/// The sizes of the cases, for the header: what the generator draws with
/// these options, and that the first cases are drawn at the largest size
/// allowed ([`stress::LARGEST_CASES`]).
fn sizes_line(puzzle: &dyn Puzzle, args: &StressArgs) -> String {
    let drawn = puzzle.sizes_drawn(&args.sizes.options());
    let largest = match args.cases.min(stress::LARGEST_CASES) {
        0 => String::new(),
        1 => "case 1 at the largest size allowed".to_string(),
        _ => "cases 1 and 2 at the largest size allowed (case 2 in the hard shapes)".to_string(),
    };
    match (drawn.is_empty(), largest.is_empty()) {
        (false, false) => format!("sizes: {drawn}; {largest}"),
        (false, true) => format!("sizes: {drawn}"),
        (true, _) => format!("sizes: {largest}"),
    }
}

pub(crate) fn write_extremes(out: &mut impl Write, extremes: &stress::Extremes) -> io::Result<()> {
    if let Some((case, u)) = extremes.slowest {
        writeln!(
            out,
            "slowest passed case: {} ({} ms CPU, {} ms wall)",
            case + 1,
            judge::millis(u.cpu),
            judge::millis(u.wall)
        )?;
    }
    if let Some((case, u)) = extremes.largest {
        writeln!(
            out,
            "largest peak memory: case {} ({})",
            case + 1,
            judge::peak(u.peak_kib)
        )?;
    }
    Ok(())
}

pub(crate) fn write_failure(
    out: &mut impl Write,
    f: &stress::Failure,
    seed: u64,
    args: &StressArgs,
) -> io::Result<()> {
    let flaky = matches!(f.confirmation, stress::Confirmation::Flaky(_));
    writeln!(
        out,
        "{BAD}{}{BAD:#} on case {} of seed {seed}: {}",
        if flaky { "FLAKY" } else { "FAILED" },
        f.case + 1,
        f.original.verdict.describe()
    )?;
    if let stress::Confirmation::Flaky(second) = &f.confirmation {
        writeln!(
            out,
            "failed in 1 of 2 runs: run again alone, it gave {}; not shrunk",
            second.describe()
        )?;
    }
    writeln!(out)?;
    write_run(out, &format!("case {}", f.case + 1), &f.original)?;
    if let Some(shrunk) = &f.shrunk {
        let how = if shrunk.input.len() < f.original.input.len() {
            format!(
                "{} bytes -> {} bytes",
                f.original.input.len(),
                shrunk.input.len()
            )
        } else {
            "values made smaller".to_string()
        };
        writeln!(
            out,
            "\nshrunk in {} {}: {how}",
            f.shrink_steps,
            plural(f.shrink_steps as u64, "step", "steps")
        )?;
        write_run(out, "smallest failing case", shrunk)?;
    }
    write_diagnosis(out, f.diagnosis.as_ref(), args.puzzle)?;
    writeln!(
        out,
        "\nthis case before shrinking: {}",
        reproduce(f.case, seed, args)
    )?;
    Ok(())
}

/// The command that makes case `case` (0-based) of this run again: `gen`
/// for a case drawn as `gen` draws it; for the first cases, drawn at the
/// largest size allowed (which `gen` has no option for), this `stress`
/// run stopped at that case.
fn reproduce(case: u64, seed: u64, args: &StressArgs) -> String {
    if let Some(generator) = &args.generator {
        return own::reproduce(generator, seed, case);
    }
    let name = args.puzzle.name();
    let flags = args.sizes.options().flags();
    if case >= stress::LARGEST_CASES {
        return format!(
            "boardsolve gen {name}{flags} --seed {seed} --count {} --out-dir DIR  (file {:03}.in)",
            case + 1,
            case + 1
        );
    }
    let mut rules = String::new();
    if let Some(k) = args.rules.moves {
        rules.push_str(&format!(" --moves {k}"));
    }
    if args.rules.order {
        rules.push_str(" --order");
    }
    let command: Vec<String> = args.command.iter().map(|w| shell_word(w)).collect();
    format!(
        "case {} of boardsolve stress {name}{rules}{flags} --seed {seed} --cases {} -- {}  (drawn at the largest size allowed, which gen has no option for)",
        case + 1,
        case + 1,
        command.join(" ")
    )
}

/// `word` as a shell reads it back: bare when it is plain, else in single
/// quotes.
pub(crate) fn shell_word(word: &str) -> String {
    let plain = !word.is_empty()
        && word
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "_./=:,+-@%".contains(c));
    if plain {
        word.to_string()
    } else {
        format!("'{}'", word.replace('\'', "'\\''"))
    }
}

/// The `--- diagnosis ---` part of a failure's report, if there is one.
fn write_diagnosis(
    out: &mut impl Write,
    report: Option<&diagnose::Report>,
    puzzle: &dyn Puzzle,
) -> io::Result<()> {
    let Some(report) = report else {
        return Ok(());
    };
    // The wording is documented in README.md and the puzzles' pages, and
    // scripts read it: change it only on purpose.
    match &report.diagnosis {
        diagnose::Diagnosis::Matches { id, mistake, cases } => writeln!(
            out,
            "--- diagnosis ---\n[{id}] your program behaves as if {mistake} (its answers match that on all {cases} cases compared)"
        )?,
        diagnose::Diagnosis::Closest {
            id,
            mistake,
            matched,
            cases,
            tally,
        } => writeln!(
            out,
            "--- diagnosis ---\nnone of the known mistakes explains your answers on all {cases} cases compared\nclosest: [{id}] on {matched} of {cases} cases: as if {mistake}\n[{id}] gives your answer on {} of the {} failing cases and another on {} of the {} passing ones",
            tally.explained, tally.wrong, tally.contradicted, tally.right
        )?,
        diagnose::Diagnosis::NoMatch {
            cases,
            right,
            shared,
        } => {
            writeln!(
                out,
                "--- diagnosis ---\nnone of the known mistakes explains your answers on all {cases} cases compared"
            )?;
            if *cases > 0 {
                writeln!(
                    out,
                    "no known mistake explains them clearly better than the correct answer does: your answers are right on {right} of {cases}"
                )?;
            }
            if let Some(shared) = shared {
                writeln!(
                    out,
                    "shared by the failing cases: [{}] changes the answer of all {} of them and of {} of the {right} passing ones",
                    shared.id,
                    cases - right,
                    shared.passing
                )?;
            }
        }
        diagnose::Diagnosis::NoCatalogue => writeln!(
            out,
            "--- diagnosis ---\nno catalogue of mistakes for {}",
            puzzle.name()
        )?,
    }
    write_facts(out, &report.facts, puzzle.objective())?;
    write_runs(out, &report.runs)
}

/// What holds on every failing case compared, one claim a line, each with
/// its counts.
fn write_facts(
    out: &mut impl Write,
    facts: &diagnose::Facts,
    objective: Objective,
) -> io::Result<()> {
    let every = format!(
        "on every failing case ({} of {})",
        facts.failing, facts.failing
    );
    match (facts.lean, objective) {
        (Some(diagnose::Lean::Below), Objective::Maximum) => writeln!(
            out,
            "{every}, your answer is below the correct one: as if your program loses lines of play the rules allow (or scores them too low)"
        )?,
        (Some(diagnose::Lean::Above), Objective::Maximum) => writeln!(
            out,
            "{every}, your answer is above the correct one: as if your program allows something the rules forbid (or scores too high)"
        )?,
        (Some(diagnose::Lean::Below), Objective::Other) => {
            writeln!(out, "{every}, your answer is below the correct one")?;
        }
        (Some(diagnose::Lean::Above), Objective::Other) => {
            writeln!(out, "{every}, your answer is above the correct one")?;
        }
        (Some(diagnose::Lean::Mixed { below, above }), _) => writeln!(
            out,
            "your answer is below the correct one on {below} of the {} failing cases and above it on {above}",
            facts.failing
        )?,
        (None, _) => {}
    }
    for feature in &facts.features {
        writeln!(
            out,
            "{every}, {}; {} of {} passing {} {} it too",
            feature.clause,
            feature.passing,
            facts.passing,
            plural(facts.passing as u64, "case", "cases"),
            if feature.passing == 1 { "has" } else { "have" },
        )?;
    }
    Ok(())
}

/// The runs of the diagnosis that ended without an answer, which were not
/// compared: said, so that "N cases compared" is never read as all of them.
fn write_runs(out: &mut impl Write, runs: &diagnose::Runs) -> io::Result<()> {
    if runs.dropped() == 0 {
        return Ok(());
    }
    let mut how = Vec::new();
    for (count, one, many) in [
        (runs.crashed, "runtime error", "runtime errors"),
        (runs.timed_out, "time limit", "time limits"),
        (
            runs.other,
            "memory or output limit",
            "memory or output limits",
        ),
    ] {
        if count > 0 {
            how.push(format!("{count} {}", plural(count as u64, one, many)));
        }
    }
    writeln!(
        out,
        "not compared: {} of the {} runs ended without an answer ({})",
        runs.dropped(),
        runs.total,
        how.join(", ")
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_facts_are_worded_with_their_counts_and_a_maximum_says_more() {
        let facts = diagnose::Facts {
            failing: 12,
            passing: 188,
            lean: Some(diagnose::Lean::Below),
            features: vec![
                diagnose::Feature {
                    clause: "a piece finishes before the last die",
                    passing: 3,
                },
                diagnose::Feature {
                    clause: "the best play passes the centre",
                    passing: 1,
                },
            ],
        };
        let shown = |facts: &diagnose::Facts, objective| {
            let mut out = Vec::new();
            write_facts(&mut out, facts, objective).unwrap();
            String::from_utf8(out).unwrap()
        };
        assert_eq!(
            shown(&facts, Objective::Other),
            "on every failing case (12 of 12), your answer is below the correct one\n\
             on every failing case (12 of 12), a piece finishes before the last die; 3 of 188 passing cases have it too\n\
             on every failing case (12 of 12), the best play passes the centre; 1 of 188 passing cases has it too\n"
        );
        assert!(shown(&facts, Objective::Maximum).starts_with(
            "on every failing case (12 of 12), your answer is below the correct one: as if your program loses lines of play the rules allow (or scores them too low)\n"
        ));
        let mixed = diagnose::Facts {
            lean: Some(diagnose::Lean::Mixed { below: 7, above: 5 }),
            features: Vec::new(),
            ..facts
        };
        assert_eq!(
            shown(&mixed, Objective::Maximum),
            "your answer is below the correct one on 7 of the 12 failing cases and above it on 5\n"
        );
        assert_eq!(shown(&diagnose::Facts::default(), Objective::Maximum), "");
        let mut out = Vec::new();
        let runs = diagnose::Runs {
            total: 201,
            crashed: 60,
            timed_out: 7,
            other: 0,
        };
        write_runs(&mut out, &runs).unwrap();
        assert_eq!(
            String::from_utf8(out).unwrap(),
            "not compared: 67 of the 201 runs ended without an answer (60 runtime errors, 7 time limits)\n"
        );
    }

    #[test]
    fn a_word_is_quoted_only_when_the_shell_would_read_it_otherwise() {
        assert_eq!(shell_word("./a.out"), "./a.out");
        assert_eq!(shell_word("python3"), "python3");
        assert_eq!(shell_word("my prog"), "'my prog'");
        assert_eq!(shell_word("it's"), "'it'\\''s'");
        assert_eq!(shell_word(""), "''");
        assert_eq!(shell_word("$HOME"), "'$HOME'");
    }
}
