//! Admission (issue 14, issue 30): who gets in and how much they may ask (`limits`): client addresses and counts per address, tokens and their hashes, the security headers, rate-limited logging, seats' and spectators' connection limits, game creation's rate and unstarted games.

pub mod addr;
pub mod auth;
pub mod conns;
pub mod creation;
pub mod headers;
pub mod limits;
pub mod log;
