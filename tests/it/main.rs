//! hamle's integration tests, in one binary (as ripgrep's and rust-analyzer's are): one module
//! per area, the code they share as modules of their own. One binary links the library, axum,
//! reqwest and the rest once, where a binary per file linked them once each.
//!
//! Run one area with a filter on the module: `cargo test --test it arbiter::` (a filter is a
//! substring: `server::` takes `speech_server::` too). A test that needs a service (PostgreSQL,
//! NATS, the speech recogniser) is `#[ignore = "needs …"]`: a plain `cargo test` lists it as
//! ignored, the suite of `scripts/test` that has the service runs it (`-- --include-ignored`),
//! and run without its service it fails.
//!
//! Every test runs in this one process, two or more at a time on `cargo test`'s threads, beside
//! tests of every other module: no test may change what the process shares (environment
//! variables, the working directory, limits, signal handlers). None does: each `#[tokio::test]`
//! has a runtime of its own (a paused clock is that runtime's), each test server its own data
//! directory, port and connection budget, and the environment is only read (or set on child
//! processes). A test that needs the process to itself must take a lock here and say why.

// The load generator's engine, the benches' (benches/load.rs, cluster.rs, hub.rs): `crash` and
// `after_end` use a part of it. (`engine` is the chess engines' tests.)
#[path = "../../benches/load/engine.rs"]
#[allow(dead_code)]
mod load_engine;
// A real server and WebSocket clients (was tests/server/support.rs).
mod support;

mod abuse;
mod after_end;
mod arbiter;
mod braille;
mod cluster;
mod corpus;
mod crash;
mod damaged;
mod data_dir;
mod eboard;
mod engine;
mod hub;
mod layering;
mod limits;
mod locales;
mod pairings;
mod queries;
mod round_trip;
mod rounds;
mod rulings;
mod scoresheet;
mod server;
mod service;
mod speech;
mod speech_server;
mod start;
mod store_golden;
mod table_restore;
mod voice;
mod voice_model;
mod web;
