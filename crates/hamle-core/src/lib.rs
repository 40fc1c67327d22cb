//! hamle's pure core (ARCHITECTURE.md, "Layers" 1-5): the announcement language
//! ([`announce`]), the rules of play ([`game`]), a round's pairings ([`pairings`]), the
//! scoresheets and the arbiter's desk ([`scoresheet`]), and the table that holds the game and the
//! desk as one state machine ([`table`]); electronic boards, their bytes and what their lifts and
//! placements mean at the table ([`eboard`]); [`text_check`] is what people type and others read;
//! [`ownership`] is who writes a game when several nodes serve it.
//!
//! Its only dependencies are shakmaty and arrayvec: no tokio, serde, Fluent, files or wall
//! clock can be used here (time comes in as a value), so purity is a compile error rather than a
//! convention. The server crate (`hamle`) re-exports these modules at its root.

pub mod announce;
pub mod eboard;
pub mod game;
pub mod ownership;
pub mod pairings;
pub mod scoresheet;
pub mod table;
pub mod text_check;
