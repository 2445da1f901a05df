//! Unit and property tests of the tromino module.

use super::*;
