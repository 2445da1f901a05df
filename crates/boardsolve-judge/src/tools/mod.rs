//! Tools for people testing their own solutions: generation, running
//! programs, comparing, stress testing with shrinking, bulk expected outputs.

pub mod audit;
pub mod batch;
pub mod cleanup;
pub mod contain;
pub mod deadline;
pub mod diagnose;
pub mod failure;
pub mod files;
pub mod first_failure;
pub mod generate;
pub mod harness;
pub mod interrupt;
pub mod judge;
pub mod own;
pub mod package;
pub mod run;
pub mod solutions;
pub mod source;
pub mod spool;
pub mod stress;
mod stress_error;
pub mod suite;
pub mod trouble;
