//! The typed [`Rules`] trait that every puzzle implements, and the one
//! generic adapter, [`Entry`], that turns any `Rules` into the byte-level
//! [`Puzzle`] the CLI and the tools use.
//!
//! What would otherwise be repeated by hand in every puzzle lives here once:
//! reading bytes into an instance, refusing the options a puzzle does not
//! take (always with the same wording), choosing the output format, turning
//! instances back into text for `gen` and for shrinking, and boxing the
//! catalogue of classic mistakes for `stress --diagnose`.

use super::contract::{Accepts, Contract, Flag, RuleOptions};
use super::error::Error;
use super::form::TextForm;
use super::limits::{Limits, PastLimits};
use super::puzzle::{
    CheckOptions, Drawing, GenRng, Help, Objective, OutputFormat, Puzzle, Shown, SolveFn,
    SolveOptions, Variant,
};
use super::refusal::{Bug, Refusal};
use super::sizes::{Ask, GenOptions, Size};
use crate::search::context::RunContext;
use crate::text::{
    InputError, Reopen, Verdict, compare_token_streams, compare_tokens, number_position,
};
use std::io::Write;
use std::ops::ControlFlow;

/// The options of one run that reach the rules, once the adapter has
/// refused those the puzzle does not take: `options` are the puzzle's own
/// ([`Rules::Options`]).
#[derive(Debug, Clone)]
pub struct Settings<O> {
    /// The puzzle's own options of this run (2048's K, tromino's order).
    pub options: O,
    /// What the entry's contract accepts: `tromino` asks for the placement
    /// order wherever it is defined (power-of-two sides), unasked.
    pub accepts: Accepts,
    /// The run the rules' searches belong to: its stop, deadline and
    /// progress (only searches that can be long look at it).
    pub context: RunContext,
}

/// A classic mistake of a puzzle's catalogue, made on purpose by its
/// reference implementation so that `stress --diagnose` can name it.
pub trait Mistake: Copy + Send + Sync + 'static {
    /// The whole catalogue, most common first.
    const ALL: &'static [Self];

    /// Completes "your program behaves as if ...".
    fn description(self) -> &'static str;

    /// The short stable name shown as `[id]` in a diagnosis; once given,
    /// an id never changes, so that users and scripts can rely on it.
    fn id(self) -> &'static str;
}

/// Declares a puzzle's catalogue of classic mistakes: the enum `Mistake`,
/// each variant with its doc comment, its stable id and its description
/// ("your program behaves as if ..."), and its [`Mistake`] impl listing
/// them all in order: `MergeAgain = "merge-again" => "...",`.
#[macro_export]
macro_rules! mistakes {
    ($($(#[doc = $doc:literal])* $variant:ident = $id:literal => $description:literal,)+) => {
        /// One classic mistake.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Mistake {
            $($(#[doc = $doc])* $variant,)+
        }

        impl $crate::puzzles::Mistake for Mistake {
            const ALL: &'static [Mistake] = &[$(Mistake::$variant),+];

            fn description(self) -> &'static str {
                match self {
                    $(Mistake::$variant => $description,)+
                }
            }

            fn id(self) -> &'static str {
                match self {
                    $(Mistake::$variant => $id,)+
                }
            }
        }
    };
}

/// How a puzzle's instances are read from judge text and written back
/// (implemented in the puzzle's `parse.rs`).
pub trait Text {
    /// A valid instance.
    type Instance;

    /// Reads and validates one instance from judge text.
    ///
    /// # Errors
    /// The first bad place in `input`, with what was expected there.
    fn parse(&self, input: &[u8]) -> Result<Self::Instance, InputError>;

    /// The instance as judge text in this entry's format; parsing it gives
    /// the instance back.
    fn to_text(&self, instance: &Self::Instance) -> String;

    /// The text forms this puzzle can write, for `--format`; empty when it
    /// has only the one of [`Text::to_text`].
    const FORMS: &'static [TextForm] = &[];

    /// The instance in `form`, one of [`Text::FORMS`]; parsing it gives the
    /// instance back.
    fn to_text_in(&self, instance: &Self::Instance, form: TextForm) -> String {
        let _ = form;
        self.to_text(instance)
    }

    /// The form `input` is written in, when the puzzle reads several, so
    /// that a shrunk case is written the way the program under test reads.
    fn form_of(&self, input: &[u8]) -> Option<TextForm> {
        let _ = input;
        None
    }
}

/// How a puzzle's instances are made for `gen` and `stress`, and made
/// smaller for shrinking (implemented in the puzzle's `gen.rs`).
pub trait Generate: Text {
    /// The size options the generator reads; the adapter refuses the others.
    const SIZES: &'static [Size];

    /// One random valid instance for what `ask` asks: inside the judge's
    /// limits, or the puzzle's own sizes without a judge; `ask.sizes` holds
    /// only options listed in [`Generate::SIZES`]. Where no size option
    /// fixes a size (or asks for more than the judge's), the sizes drawn
    /// stay inside the limits and cover them.
    ///
    /// # Errors
    /// [`Error::Refused`] for a size out of range.
    fn generate(&self, rng: &mut GenRng, ask: Ask<'_>) -> Result<Self::Instance, Error>;

    /// The sizes [`Generate::generate`] draws for `ask`, in a few words
    /// for `stress`'s header (`N 1..8, at the largest N = 20`: what
    /// [`GenOptions::largest`] draws too); empty when the puzzle does not
    /// say.
    fn sizes_drawn(&self, ask: Ask<'_>) -> String {
        let _ = ask;
        String::new()
    }

    /// Why `instance` is outside a judge's `limits`, or `Ok` when it is
    /// inside. The parser already holds every instance to the solver's own
    /// limits; this holds it to the judge's.
    ///
    /// # Errors
    /// What is past the limits, and the number of the text it is about
    /// (where `validate` places it).
    fn within_limits(&self, instance: &Self::Instance, limits: &Limits) -> Result<(), PastLimits>;

    /// Valid instances a little smaller than `instance`, the boldest cuts
    /// first; `stress` keeps the first that still fails. Lazy, so that a
    /// large instance never has all its candidates in memory at once.
    fn shrink<'a>(
        &'a self,
        instance: &'a Self::Instance,
    ) -> Box<dyn Iterator<Item = Self::Instance> + 'a>;
}

/// A puzzle's plain reference implementation, which can make each classic
/// mistake of its catalogue on purpose (implemented in the puzzle's
/// `reference.rs`).
pub trait Reference: Text {
    /// One classic mistake of the reference implementation.
    type Mistake: Mistake;

    /// The judge's output computed by the plain reference implementation,
    /// or by the same implementation making `mistake`.
    ///
    /// # Errors
    /// [`Error::Refused`] when the reference cannot handle the instance.
    fn reference(
        &self,
        instance: &Self::Instance,
        mistake: Option<Self::Mistake>,
    ) -> Result<String, Error>;
}

/// The shape of a puzzle, written down once: with its three parts
/// ([`Text`], [`Generate`], [`Reference`]), how its text becomes an
/// instance, its answer, its optimal play, its pictures, its generator,
/// its shrinker and its plain reference with optional mistakes. Each part
/// is implemented in the file of its concern; this one, in the puzzle's
/// `mod.rs`, says what the puzzle answers and shows.
///
/// A value of the implementing type is one command-line entry's variant of
/// the rules (2048 with K = 5 or 10 by default, tromino in its own format or
/// BOJ's), so it is small and `Clone`.
pub trait Rules: Text + Generate + Reference + Clone + Send + Sync + 'static {
    /// The optimal play with its answer: what `--json` prints and
    /// `--explain` words.
    type Play: serde::Serialize;

    /// The options of [`Flag`] this puzzle takes; the adapter refuses the
    /// others before the rules see a run. The flags of [`RuleOptions`]
    /// listed here are exactly those [`Rules::Options`] takes.
    const TAKES: &'static [Flag];

    /// The options of one run these rules read (2048: K; tromino: the
    /// placement order; `()` for none), made from the command line's
    /// [`RuleOptions`] or refused with the flag not taken.
    type Options: TryFrom<RuleOptions, Error = Flag>;

    /// A one-line description for listings and `--help`.
    fn summary(&self) -> &'static str;

    /// What `--help` says of the puzzle beyond its summary.
    const HELP: Help;

    /// These rules with the options of one run applied (2048's K from
    /// `--moves`, tromino's `--order`). By default the options change
    /// nothing.
    ///
    /// # Errors
    /// [`Error::Refused`] for a value above a documented limit.
    fn configure(&self, settings: &Settings<Self::Options>) -> Result<Self, Error> {
        let _ = settings;
        Ok(self.clone())
    }

    /// The number of moves these rules play to, for a puzzle with moves
    /// (2048's K); `None` by default.
    fn moves(&self) -> Option<u32> {
        None
    }

    /// Writes exactly the judge's output.
    ///
    /// # Errors
    /// [`Error::Refused`] for a request above a documented limit,
    /// [`Error::Io`] when writing fails.
    fn write_answer(&self, instance: &Self::Instance, out: &mut dyn Write) -> Result<(), Error>;

    /// The optimal play (called only when [`Flag::Explain`] is taken).
    ///
    /// # Errors
    /// [`Error::Refused`] for a request above a documented limit, or when the
    /// puzzle has no explanation.
    fn play(&self, instance: &Self::Instance) -> Result<Self::Play, Error> {
        let _ = instance;
        Err(Bug::NoExplanation.into())
    }

    /// Words `play` for a human (`--explain`).
    ///
    /// # Errors
    /// When writing fails.
    fn explain(
        &self,
        instance: &Self::Instance,
        play: &Self::Play,
        out: &mut dyn Write,
    ) -> std::io::Result<()> {
        let _ = (instance, play, out);
        Ok(())
    }

    /// An SVG picture of the instance and its solution (called only when
    /// [`Flag::Svg`] is taken). `play` is the optimal play when the run
    /// has worked it out already (for `--explain`, `--json` or `--html`):
    /// a picture drawn from the play takes it instead of searching again.
    ///
    /// # Errors
    /// [`Error::Refused`] for an instance too large to draw, or when the
    /// puzzle has no picture; as [`Rules::play`] when it searches.
    fn svg(&self, instance: &Self::Instance, play: Option<&Self::Play>) -> Result<String, Error> {
        let _ = (instance, play);
        Err(Bug::NoPicture.into())
    }

    /// What the `--html` page needs besides the play to draw the board
    /// (yut's square positions), as JSON; by default nothing.
    fn layout(&self) -> Option<serde_json::Value> {
        None
    }

    /// The examples of the problem statement (none by default); their
    /// answers come from [`Rules::write_answer`], and each puzzle's tests
    /// check them against the statement's.
    fn samples(&self) -> Vec<Self::Instance> {
        Vec::new()
    }

    /// The rule features of `instance` and its optimal play that a
    /// diagnosis may name when no catalogued mistake explains a program's
    /// answers: each a clause that completes "on every failing case, ..."
    /// (`a piece finishes before the last die`). A feature is named only
    /// when every failing case has it and few passing ones do, so each
    /// must be a plain fact of the case, decided exactly. None by default.
    ///
    /// # Errors
    /// As [`Rules::write_answer`].
    fn features(&self, instance: &Self::Instance) -> Result<Vec<&'static str>, Error> {
        let _ = instance;
        Ok(Vec::new())
    }

    /// Whether `output` is a correct answer. By default the answer is
    /// unique, so the output must equal it token by token.
    ///
    /// # Errors
    /// As [`Rules::write_answer`].
    fn check(&self, instance: &Self::Instance, output: &[u8]) -> Result<Verdict, Error> {
        let mut expected = Vec::new();
        self.write_answer(instance, &mut expected)?;
        Ok(compare_tokens(&expected, output))
    }

    /// [`Rules::check`] of an output read from `output` (opened as often
    /// as the checker needs). By default the output is compared with the
    /// unique answer as a stream, with the verdicts and words of
    /// [`Rules::check`]: memory stays a few buffers whatever the output's
    /// size, and reading stops at the first difference, so that a
    /// runaway output of gigabytes is a wrong answer found at once. A
    /// puzzle that overrides [`Rules::check`] overrides this as well.
    ///
    /// # Errors
    /// As [`Rules::check`]; [`Error::Io`] when the output cannot be read.
    fn check_from(&self, instance: &Self::Instance, output: &Reopen<'_>) -> Result<Verdict, Error> {
        let mut expected = Vec::new();
        self.write_answer(instance, &mut expected)?;
        Ok(compare_token_streams(&expected[..], output()?)?)
    }
}

/// One command-line name of a puzzle: the adapter from [`Rules`] to
/// [`Puzzle`].
#[derive(Debug)]
pub struct Entry<R> {
    /// The name this entry answers to.
    pub name: &'static str,
    /// The canonical entry this one is an alias of (a judge's problem
    /// number), or `None` for a canonical entry.
    pub alias_of: Option<&'static str>,
    /// The rules, with this entry's defaults and format.
    pub rules: R,
    /// The text form `gen`, `stress` and `samples` write by default, for a
    /// puzzle with several; `None` for [`Text::to_text`].
    pub form: Option<TextForm>,
    /// The judge this name stands for and the answers it accepts.
    pub contract: Contract,
    /// What the answer is, for a diagnosis.
    pub objective: Objective,
}

impl<R> Entry<R> {
    /// The canonical entry of a puzzle, which accepts `accepts`.
    pub const fn canonical(name: &'static str, rules: R, accepts: Accepts) -> Self {
        Entry {
            name,
            alias_of: None,
            rules,
            form: None,
            contract: Contract {
                judge: None,
                accepts,
            },
            objective: Objective::Other,
        }
    }

    /// A judge's name for the puzzle whose canonical entry is `of`, with
    /// that judge's contract.
    pub const fn alias(name: &'static str, of: &'static str, rules: R, contract: Contract) -> Self {
        Entry {
            name,
            alias_of: Some(of),
            rules,
            form: None,
            contract,
            objective: Objective::Other,
        }
    }

    /// [`Entry::alias`] for a judge whose instances are written in `form`
    /// by default.
    pub const fn in_form(mut self, form: TextForm) -> Self {
        self.form = Some(form);
        self
    }

    /// The entry of rules whose answer is the best value over every line
    /// of play ([`Objective::Maximum`]).
    pub const fn maximum(mut self) -> Self {
        self.objective = Objective::Maximum;
        self
    }
}

impl<R: Rules> Entry<R> {
    /// Refuses `flag` with the one wording every puzzle shares, when it is
    /// `given` and the puzzle does not take it.
    fn refuse(&self, given: bool, flag: Flag) -> Result<(), Error> {
        if given {
            self.takes(&[flag])?;
        }
        Ok(())
    }

    /// The puzzle's own options for `given`, or the refusal of the option
    /// it does not take, worded as [`Puzzle::takes`] words it.
    fn options(&self, given: RuleOptions) -> Result<R::Options, Error> {
        R::Options::try_from(given).map_err(|flag| {
            Refusal::NotTaken {
                puzzle: self.name,
                flag: flag.name(),
            }
            .into()
        })
    }

    /// The judge's limits generated and shrunk instances keep to, unless
    /// size options ask for more.
    fn limits_kept(&self, sizes: &GenOptions) -> Option<&Limits> {
        let judge = self.contract.judge.as_ref()?;
        (!sizes.beyond(&judge.limits)).then_some(&judge.limits)
    }

    /// What in `instance` is past the judge's limits, in the words `validate`
    /// and `test` print (`K = 3: beyond BOJ 14600's limits (...)`), or `None`.
    fn past_limits(&self, instance: &R::Instance) -> Option<(Refusal, usize)> {
        let judge = self.contract.judge.as_ref()?;
        let past = self.rules.within_limits(instance, &judge.limits).err()?;
        let refusal = Refusal::BeyondLimits {
            breach: past.breach,
            problem: judge.problem,
            limits: judge.limits,
        };
        Some((refusal, past.number))
    }

    /// Refuses `asked` when the puzzle does not write that form, with the
    /// forms it does write.
    fn text_in_checked(&self, asked: Option<TextForm>) -> Result<(), Error> {
        let Some(form) = asked.filter(|f| !R::FORMS.contains(f)) else {
            return Ok(());
        };
        Err(Refusal::FormNotTaken {
            puzzle: self.name,
            form: form.name(),
            forms: R::FORMS.iter().map(|f| f.name()).collect(),
        }
        .into())
    }

    /// The instance as text in `asked` or else this entry's form.
    fn text_in(&self, instance: &R::Instance, asked: Option<TextForm>) -> Result<String, Error> {
        self.text_in_checked(asked)?;
        Ok(match asked.or(self.form) {
            Some(form) => self.rules.to_text_in(instance, form),
            None => self.rules.to_text(instance),
        })
    }

    /// The rules configured for one run, after refusing the options the
    /// puzzle does not take.
    fn configured(&self, given: RuleOptions, context: &RunContext) -> Result<R, Error> {
        self.rules.configure(&Settings {
            options: self.options(given)?,
            accepts: self.contract.accepting(given),
            context: context.clone(),
        })
    }
}

/// The play kept in `slot`, searched for on first use.
fn play_of<'a, R: Rules>(
    rules: &R,
    instance: &R::Instance,
    slot: &'a mut Option<R::Play>,
) -> Result<&'a R::Play, Error> {
    Ok(match slot {
        Some(play) => play,
        None => slot.insert(rules.play(instance)?),
    })
}

impl<R: Rules> Puzzle for Entry<R> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn summary(&self) -> &'static str {
        self.rules.summary()
    }

    fn help(&self) -> Help {
        R::HELP
    }

    fn alias_of(&self) -> Option<&'static str> {
        self.alias_of
    }

    fn sizes(&self) -> &'static [Size] {
        R::SIZES
    }

    fn contract(&self) -> Contract {
        self.contract
    }

    fn objective(&self) -> Objective {
        self.objective
    }

    fn moves_in_force(&self, asked: RuleOptions) -> Option<u32> {
        self.rules
            .configure(&Settings {
                options: self.options(asked).ok()?,
                accepts: self.contract.accepts,
                context: RunContext::new(),
            })
            .ok()?
            .moves()
    }

    fn takes(&self, asked: &[Flag]) -> Result<(), Error> {
        match asked.iter().find(|flag| !R::TAKES.contains(flag)) {
            Some(flag) => Err(Refusal::NotTaken {
                puzzle: self.name,
                flag: flag.name(),
            }
            .into()),
            None => Ok(()),
        }
    }

    fn validate(&self, input: &[u8]) -> Result<(), InputError> {
        let instance = self.rules.parse(input)?;
        // A judge's entry holds the input to its own form (92345 reads
        // only the literal one); a puzzle name that reads several forms
        // (footholds) to the form the input is written in.
        let canonical = match self.form.or_else(|| self.rules.form_of(input)) {
            Some(form) => self.rules.to_text_in(&instance, form),
            None => self.rules.to_text(&instance),
        };
        crate::text::strict_layout(input, canonical.as_bytes())?;
        match self.past_limits(&instance) {
            Some((why, number)) => Err(InputError::new(
                number_position(input, number),
                why.to_string(),
            )),
            None => Ok(()),
        }
    }

    fn within_limits(&self, input: &[u8]) -> Result<(), Error> {
        if self.contract.judge.is_none() {
            return Ok(());
        }
        match self.past_limits(&self.rules.parse(input)?) {
            Some((why, _)) => Err(why.into()),
            None => Ok(()),
        }
    }

    fn solve_drawing(
        &self,
        input: &[u8],
        opts: &SolveOptions,
        drawings: &[Drawing],
        save: &mut dyn FnMut(Drawing, String) -> Result<(), Error>,
        out: &mut dyn Write,
    ) -> Result<(), Error> {
        let rules = self.configured(opts.rules, &opts.context)?;
        self.refuse(opts.format != OutputFormat::Judge, Flag::Explain)?;
        self.refuse(drawings.contains(&Drawing::Svg), Flag::Svg)?;
        self.refuse(drawings.contains(&Drawing::Html), Flag::Html)?;
        let instance = rules.parse(input)?;
        // Searched once for everything that shows it, before the first
        // picture (an SVG drawn without it would search on its own). A
        // judge answer alone takes the faster answer-only search.
        let mut play = None;
        if opts.format != OutputFormat::Judge || drawings.contains(&Drawing::Html) {
            play_of(&rules, &instance, &mut play)?;
        }
        for &drawing in drawings {
            let text = match drawing {
                Drawing::Svg => rules.svg(&instance, play.as_ref())?,
                Drawing::Html => {
                    let data = serde_json::to_string(play_of(&rules, &instance, &mut play)?)
                        .map_err(std::io::Error::from)?;
                    let layout = rules.layout().map(|l| l.to_string());
                    crate::html::page(self.alias_of.unwrap_or(self.name), &data, layout.as_deref())
                }
            };
            save(drawing, text)?;
        }
        match opts.format {
            OutputFormat::Judge => rules.write_answer(&instance, out)?,
            OutputFormat::Json => {
                let play = play_of(&rules, &instance, &mut play)?;
                serde_json::to_writer(&mut *out, play).map_err(std::io::Error::from)?;
                writeln!(out)?;
            }
            OutputFormat::Explain => {
                let play = play_of(&rules, &instance, &mut play)?;
                rules.explain(&instance, play, out)?;
            }
        }
        Ok(())
    }

    fn solve_shown(
        &self,
        input: &[u8],
        opts: &SolveOptions,
        with_play: bool,
    ) -> Result<Shown, Error> {
        let rules = self.configured(opts.rules, &opts.context)?;
        let instance = rules.parse(input)?;
        let mut answer = Vec::new();
        rules.write_answer(&instance, &mut answer)?;
        let mut shown = Shown {
            answer,
            play: None,
            explain: None,
        };
        if with_play && R::TAKES.contains(&Flag::Explain) {
            let play = match rules.play(&instance) {
                Err(Error::Refused(_)) => return Ok(shown),
                play => play?,
            };
            shown.play = Some(serde_json::to_string(&play).map_err(std::io::Error::from)?);
            let mut words = Vec::new();
            rules.explain(&instance, &play, &mut words)?;
            shown.explain = Some(String::from_utf8_lossy(&words).into_owned());
        }
        Ok(shown)
    }

    fn check(&self, input: &[u8], output: &[u8], opts: &CheckOptions) -> Result<Verdict, Error> {
        let rules = self.configured(opts.rules, &opts.context)?;
        rules.check(&rules.parse(input)?, output)
    }

    fn check_from(
        &self,
        input: &[u8],
        output: &Reopen<'_>,
        opts: &CheckOptions,
    ) -> Result<Verdict, Error> {
        let rules = self.configured(opts.rules, &opts.context)?;
        rules.check_from(&rules.parse(input)?, output)
    }

    fn generate(&self, rng: &mut GenRng, opts: &GenOptions) -> Result<String, Error> {
        opts.only(self.name, R::SIZES)?;
        // The form first: a refused --format should not wait for a search.
        self.text_in_checked(opts.format)?;
        let limits = self.limits_kept(opts);
        let instance = self.rules.generate(rng, Ask::within(opts, limits))?;
        if let Some(limits) = limits
            && let Err(why) = self.rules.within_limits(&instance, limits)
        {
            // A generator that ignores the limits it was given is a bug
            // here, not the user's doing.
            return Err(Bug::GeneratedBeyondLimits {
                puzzle: self.name,
                breach: why.breach,
            }
            .into());
        }
        self.text_in(&instance, opts.format)
    }

    fn shrink(&self, input: &[u8], visit: &mut dyn FnMut(Vec<u8>) -> ControlFlow<()>) {
        let Ok(instance) = self.rules.parse(input) else {
            return;
        };
        let form = self.rules.form_of(input);
        // A case inside the judge's limits shrinks to cases inside them: a
        // smaller case the judge would never give proves nothing.
        let keep = self
            .contract
            .judge
            .filter(|judge| self.rules.within_limits(&instance, &judge.limits).is_ok())
            .map(|judge| judge.limits);
        for smaller in self.rules.shrink(&instance) {
            if let Some(limits) = &keep
                && self.rules.within_limits(&smaller, limits).is_err()
            {
                continue;
            }
            let text = match form {
                Some(form) => self.rules.to_text_in(&smaller, form),
                None => self.rules.to_text(&smaller),
            };
            if visit(text.into_bytes()).is_break() {
                return;
            }
        }
    }

    fn samples(&self, form: Option<TextForm>) -> Result<Vec<(String, String)>, Error> {
        self.text_in_checked(form)?;
        let limits = self.contract.judge.map(|judge| judge.limits);
        self.rules
            .samples()
            .iter()
            .filter(|instance| {
                limits
                    .as_ref()
                    .is_none_or(|limits| self.rules.within_limits(instance, limits).is_ok())
            })
            .map(|instance| {
                let mut answer = Vec::new();
                self.rules.write_answer(instance, &mut answer)?;
                let answer = String::from_utf8(answer).map_err(|_| Bug::AnswerNotText)?;
                Ok((self.text_in(instance, form)?, answer))
            })
            .collect()
    }

    fn sizes_drawn(&self, opts: &GenOptions) -> String {
        self.rules
            .sizes_drawn(Ask::within(opts, self.limits_kept(opts)))
    }

    fn features(&self, input: &[u8], opts: &SolveOptions) -> Result<Vec<&'static str>, Error> {
        let rules = self.configured(opts.rules, &opts.context)?;
        rules.features(&rules.parse(input)?)
    }

    fn variants(&self) -> Vec<Variant> {
        R::Mistake::ALL
            .iter()
            .map(|&mistake| {
                let rules = self.rules.clone();
                let name = self.name;
                let solve = move |input: &[u8], opts: &SolveOptions| {
                    let options = R::Options::try_from(opts.rules).map_err(|flag| {
                        Error::from(Refusal::NotTaken {
                            puzzle: name,
                            flag: flag.name(),
                        })
                    })?;
                    let rules = rules.configure(&Settings {
                        options,
                        accepts: Accepts::Exact,
                        context: opts.context.clone(),
                    })?;
                    rules.reference(&rules.parse(input)?, Some(mistake))
                };
                Variant {
                    id: mistake.id(),
                    mistake: mistake.description(),
                    solve: Box::new(solve) as SolveFn,
                }
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::{BOJ_12094, BOJ_12100, BOJ_14600, all, game2048, tromino};

    /// Every kind of value the command line can give (a K the plain
    /// references of the mistakes answer at once).
    const GIVEN: [RuleOptions; 4] = [
        RuleOptions::Defaults,
        RuleOptions::Moves(0),
        RuleOptions::Moves(6),
        RuleOptions::PlacementOrder,
    ];

    /// Whether `result` is `puzzle`'s refusal of `flag`, worded as every
    /// command words it.
    fn refused_as_taken<T>(result: &Result<T, Error>, puzzle: &dyn Puzzle, flag: Flag) -> bool {
        matches!(result, Err(Error::Refused(why))
            if why.to_string() == format!("{} does not take {}", puzzle.name(), flag.name()))
    }

    #[test]
    fn each_option_converts_or_is_refused_by_every_entry_as_takes_says() {
        for puzzle in all() {
            let (input, answer) = puzzle.samples(None).unwrap().remove(0);
            let input = input.as_bytes();
            let variants = puzzle.variants();
            for given in GIVEN {
                let taken = given
                    .flag()
                    .is_none_or(|flag| puzzle.takes(&[flag]).is_ok());
                let solve = SolveOptions {
                    rules: given,
                    ..SolveOptions::default()
                };
                let check = CheckOptions {
                    rules: given,
                    ..CheckOptions::default()
                };
                let results = [
                    puzzle.judge_answer(input, given).map(drop),
                    puzzle.solve(input, &solve, &mut Vec::new()),
                    puzzle.check(input, answer.as_bytes(), &check).map(drop),
                    puzzle.features(input, &solve).map(drop),
                ]
                .into_iter()
                .chain(variants.iter().map(|v| (v.solve)(input, &solve).map(drop)));
                for result in results {
                    match given.flag() {
                        Some(flag) if !taken => assert!(
                            refused_as_taken(&result, *puzzle, flag),
                            "{} {given:?}: {result:?}",
                            puzzle.name()
                        ),
                        _ => assert!(result.is_ok(), "{} {given:?}: {result:?}", puzzle.name()),
                    }
                }
            }
        }
    }

    #[test]
    fn the_refusals_keep_their_wording() {
        let refusal = |name: &str, given: RuleOptions| {
            let puzzle = crate::puzzles::find(name).unwrap();
            let (input, _) = puzzle.samples(None).unwrap().remove(0);
            match puzzle.judge_answer(input.as_bytes(), given) {
                Err(Error::Refused(why)) => why.to_string(),
                other => panic!("{name} {given:?}: {other:?}"),
            }
        };
        for (name, given, wording) in [
            ("yut", RuleOptions::Moves(3), "yut does not take --moves"),
            (
                "17825",
                RuleOptions::PlacementOrder,
                "17825 does not take --order",
            ),
            (
                "tromino",
                RuleOptions::Moves(3),
                "tromino does not take --moves",
            ),
            (
                "12094",
                RuleOptions::PlacementOrder,
                "12094 does not take --order",
            ),
            (
                "92345",
                RuleOptions::Moves(0),
                "92345 does not take --moves",
            ),
        ] {
            assert_eq!(refusal(name, given), wording);
        }
    }

    #[test]
    fn no_entry_takes_both_moves_and_order() {
        // `RuleOptions` holds one option: a puzzle that took both would
        // need a value holding both (the command line relies on it).
        for puzzle in all() {
            assert!(
                puzzle.takes(&[Flag::Moves, Flag::Order]).is_err(),
                "{}",
                puzzle.name()
            );
        }
    }

    #[test]
    fn the_typed_options_of_each_puzzle() {
        assert_eq!(<()>::try_from(RuleOptions::Defaults), Ok(()));
        assert_eq!(<()>::try_from(RuleOptions::Moves(5)), Err(Flag::Moves));
        assert_eq!(
            <()>::try_from(RuleOptions::PlacementOrder),
            Err(Flag::Order)
        );
        let moves = game2048::Options::try_from;
        assert_eq!(moves(RuleOptions::Defaults).unwrap().moves, None);
        assert_eq!(moves(RuleOptions::Moves(12)).unwrap().moves, Some(12));
        assert_eq!(moves(RuleOptions::PlacementOrder), Err(Flag::Order));
        let order = tromino::Options::try_from;
        assert!(!order(RuleOptions::Defaults).unwrap().order);
        assert!(order(RuleOptions::PlacementOrder).unwrap().order);
        assert_eq!(order(RuleOptions::Moves(5)), Err(Flag::Moves));
    }

    #[test]
    fn the_k_in_force_follows_the_options() {
        for puzzle in all() {
            let k = puzzle.contract().judge.and_then(|j| j.limits.moves());
            let own = match puzzle.name() {
                "2048" => Some(5),
                "12100" | "12094" => k,
                _ => None,
            };
            assert_eq!(puzzle.moves_in_force(RuleOptions::Defaults), own);
            assert_eq!(
                puzzle.moves_in_force(RuleOptions::Moves(3)),
                own.map(|_| 3),
                "{}",
                puzzle.name()
            );
            assert_eq!(
                puzzle.moves_in_force(RuleOptions::Moves(game2048::MAX_MOVES)),
                own.map(|_| game2048::MAX_MOVES)
            );
            assert_eq!(puzzle.moves_in_force(RuleOptions::PlacementOrder), None);
        }
    }

    #[test]
    fn moves_change_the_k_and_order_the_accepted_tilings() {
        let (input, _) = BOJ_12094.samples(None).unwrap().remove(0);
        assert_eq!(
            BOJ_12094
                .judge_answer(input.as_bytes(), RuleOptions::Moves(5))
                .unwrap(),
            BOJ_12100
                .judge_answer(input.as_bytes(), RuleOptions::Defaults)
                .unwrap()
        );
        // A valid tiling numbered otherwise than the placement order:
        // 14600 takes it unless `--order` asks for the order.
        let (input, answer) = BOJ_14600.samples(None).unwrap().pop().unwrap();
        let swapped: Vec<&str> = answer
            .split_whitespace()
            .map(|t| match t {
                "1" => "2",
                "2" => "1",
                t => t,
            })
            .collect();
        let tiling = swapped.join(" ");
        let check = |rules| {
            let opts = CheckOptions {
                rules,
                ..CheckOptions::default()
            };
            BOJ_14600
                .check(input.as_bytes(), tiling.as_bytes(), &opts)
                .unwrap()
        };
        assert_eq!(check(RuleOptions::Defaults), Verdict::Correct);
        assert!(matches!(
            check(RuleOptions::PlacementOrder),
            Verdict::Wrong(_)
        ));
        assert_eq!(
            BOJ_14600.contract().accepting(RuleOptions::PlacementOrder),
            Accepts::PlacementOrder
        );
        assert_eq!(
            BOJ_14600.contract().accepting(RuleOptions::Moves(3)),
            Accepts::AnyTiling
        );
    }
}
