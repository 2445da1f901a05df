//! Text in and out: the one tokenizer with positions that every input
//! format reads through, the input error type, and the token comparison
//! that judges an answer. Puzzles and tools both build on this module, and
//! it depends on neither.

mod layout;
mod stream;
pub mod svg;
mod tokens;
mod verdict;

pub use layout::strict_layout;
pub use stream::{Reopen, StreamToken, TokenStream};
pub use tokens::*;
pub use verdict::{Verdict, compare_token_streams, compare_tokens};
