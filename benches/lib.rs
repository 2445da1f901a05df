//! The criterion benchmarks of boardsolve (`cargo bench --bench game2048`,
//! `yut`, `footholds`, `tromino`), a crate of their own so that the test
//! build does not compile criterion. Each benchmark first asserts that the
//! fast solver and the plain one give the same answers.
