//! Electronic boards (issue 33): a DGT or Chessnut board at the table is a seat's board, its
//! lifts are touches, its placements are moves. Pure: bytes in, typed values out, time passed in
//! as milliseconds.
//!
//! - [`dgt`]: the DGT e-Board serial protocol: the board's messages decoded from a byte stream
//!   (board dump, field updates, clock times and acknowledgements of a DGT 3000/XL through the
//!   board, serial number, version, battery), and the host's commands encoded.
//! - [`chessnut`]: the Chessnut Air/Pro realtime position protocol: position reports (64
//!   squares, 4 bits each) decoded from a byte stream, and the host's commands encoded.
//! - [`Sensed`], [`Observation`]: what a sensor board shows (pieces, or on boards that sense
//!   only occupancy, occupied squares), and one change of it.
//! - [`assemble`]: one seat's board observations and the game's position to table-level
//!   intents: a touch, a move placed (or a promotion whose piece is still to be named), the
//!   board in step with the game again, or square by square what differs.
//! - [`orders`]: an intent as the board events the table already takes
//!   ([`crate::game::Command::Board`]), against the table's record of that board.
//! - [`BoardStatus`]: what a seat's bridge tells the table about its board (connected, lost,
//!   back, in step again, a mismatch, a promotion piece needed), in typed values.
//!
//! Every decoder skips what it cannot read and never panics on bad bytes; every buffer is
//! bounded. Legality comes from shakmaty only: the assembler compares what the board shows with
//! the board after each legal move.

pub mod assemble;
pub mod chessnut;
pub mod dgt;
pub mod orders;
mod sensed;
mod status;

pub use sensed::{Observation, Sensed, SquareSensed};
pub use status::BoardStatus;

#[cfg(test)]
mod testing;
