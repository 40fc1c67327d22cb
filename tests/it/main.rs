//! hamle's integration tests, in one binary (as ripgrep's and rust-analyzer's are): one module
//! per area, the code they share as modules of their own. One binary links the library, axum,
//! reqwest and the rest once, where a binary per file linked them once each.
//!
//! Run one area with a filter on the module: `cargo test --test it server::`. A test that needs
//! a service (PostgreSQL, NATS, the speech recogniser) is `#[ignore = "needs …"]`, and the
//! suite of `scripts/test` that starts the service runs it (`-- --include-ignored`).
//!
//! Every test runs in this one process, two or more at a time on `cargo test`'s threads, beside
//! tests of every other module: no test may change what the process shares (environment
//! variables, the working directory, limits, signal handlers). None does: each `#[tokio::test]`
//! has a runtime of its own (a paused clock is that runtime's), each test server its own data
//! directory, port and connection budget, and the environment is only read (or set on child
//! processes). A test that needs the process to itself must take a lock here and say why.

mod braille;
mod corpus;
mod layering;
mod locales;
mod pairings;
mod round_trip;
mod scoresheet;
mod speech;
mod table_restore;
