//! hamle: a play server for blind and visually impaired chess players.
//!
//! The pure core is [`announce`] (spoken moves in German, Turkish and English). Around it
//! sit the I/O shell: [`words`] (every sentence, through Fluent), the [`server`] and the command
//! line in [`cli`].
//! See `ARCHITECTURE.md` for the code map and its invariants.

pub mod announce;
pub mod braille;
pub mod cli;
pub mod game;
pub mod pairings;
pub mod sample;
pub mod scoresheet;
pub mod server;
pub mod speech;
pub mod store;
pub mod table;
pub mod text_check;
pub mod voice;
pub mod words;
