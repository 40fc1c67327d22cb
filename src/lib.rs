//! hamle: a play server for blind and visually impaired chess players.
//!
//! The pure core is [`announce`] (spoken moves in German, Turkish and English). Around it
//! sit the I/O shell: [`words`] (every sentence, through Fluent), the [`server`], the
//! electronic board's [`bridge`] and the command line in [`cli`].
//! See `ARCHITECTURE.md` for the code map and its invariants.

// The pure core, its own crate (crates/hamle-core), at the same paths as before.
pub use hamle_core::{announce, eboard, game, ownership, pairings, scoresheet, table, text_check};

pub mod braille;
pub mod bridge;
pub mod cli;
pub mod engine;
pub mod sample;
pub mod server;
pub mod speech;
pub mod store;
pub mod voice;
pub mod words;
