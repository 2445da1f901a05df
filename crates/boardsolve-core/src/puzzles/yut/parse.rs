//! Judge text to a validated [`Instance`], and back.

use super::variant::Yut;
use crate::puzzles::rules::Text;
use crate::text::{InputError, Tokens};
use std::fmt;

/// A judge instance: the dice, each 1..=5, in turn order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Instance {
    /// At least one die, each 1..=5: every constructor checks it.
    pub(super) dice: Vec<u8>,
}

impl Instance {
    /// An instance from dice values; `None` if there are none or one is
    /// outside 1..=5.
    ///
    /// ```
    /// use boardsolve_core::puzzles::yut::Instance;
    /// assert!(Instance::new(vec![1, 5]).is_some());
    /// assert!(Instance::new(vec![6]).is_none());
    /// ```
    pub fn new(dice: Vec<u8>) -> Option<Instance> {
        (!dice.is_empty() && dice.iter().all(|d| (1..=5).contains(d))).then_some(Instance { dice })
    }

    /// The dice, each 1..=5.
    pub fn dice(&self) -> &[u8] {
        &self.dice
    }
}

impl fmt::Display for Instance {
    /// Judge format: the dice on one line, separated by single spaces.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut line = String::with_capacity(self.dice.len() * 2);
        for (i, &d) in self.dice.iter().enumerate() {
            if i > 0 {
                line.push(' ');
            }
            line.push((b'0' + d) as char);
        }
        writeln!(f, "{line}")
    }
}

impl Text for Yut {
    type Instance = Instance;

    /// Parses judge text: one or more dice values 1..=5, separated by any
    /// whitespace (the judge gives exactly 10 on one line).
    ///
    /// # Errors
    /// Empty input, a token that is not a number, a number too large to read,
    /// or a die outside 1..=5; each names its line and column.
    fn parse(&self, input: &[u8]) -> Result<Instance, InputError> {
        const WHAT: &str = "a die";
        let mut t = Tokens::new(input);
        // Every die takes at least two bytes but the last: one allocation.
        let mut dice = Vec::with_capacity(input.len() / 2 + 1);
        while let Some(token) = t.next_token() {
            if let [b @ b'1'..=b'5'] = token.bytes {
                dice.push(b - b'0');
                continue;
            }
            // The rare path: let the shared number reader word the complaint
            // (or accept "05"), then point it at this token.
            let v = Tokens::new(token.bytes)
                .expect_in_range(WHAT, 1, 5)
                .map_err(|e| InputError::new(token.position, e.message))?;
            dice.push(v as u8);
        }
        if dice.is_empty() {
            return Err(InputError::new(
                t.end_position(),
                "expected at least one die (1 to 5), found end of input",
            ));
        }
        Ok(Instance { dice })
    }

    fn to_text(&self, instance: &Instance) -> String {
        instance.to_string()
    }
}
