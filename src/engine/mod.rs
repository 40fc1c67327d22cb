//! The computer opponent (issue 34): UCI chess engines (Stockfish from the distribution, or
//! any UCI engine by path) in supervised processes, asked for a move at one of eight levels,
//! a hint or an evaluation. An I/O adapter: it knows processes and the UCI protocol, not
//! games or seats; the server decides when to ask.
//!
//! - [`uci`]: the protocol as text, both ways (pure; `tests/data/uci/` holds its cases).
//! - [`level`]: the eight levels and the options each sets ([`Level`]).
//! - [`position`]: the position asked about, and every answer checked legal by shakmaty
//!   ([`EnginePosition`]).
//! - `process`: one engine process and the conversation with it, every reply with a
//!   deadline.
//! - [`pool`]: the engines a server runs, capped in number and in think time, a failed one
//!   restarted once ([`EnginePool`]).
//! - [`error`]: [`EngineError`], each with its wire code and sentence.
//!
//! ```no_run
//! # async fn example() -> Result<(), hamle::engine::EngineError> {
//! use hamle::engine::{EngineConfig, EnginePool, EnginePosition, Level};
//! use shakmaty::Chess;
//!
//! let pool = EnginePool::new(EngineConfig::new("/usr/games/stockfish"));
//! let start = EnginePosition::at(Chess::default());
//! let reply = pool.play(Level::new(3)?, &start, None).await?; // a legal move
//! let eval = pool.eval(&start.after(reply)?).await?; // cp or mate for the side to move
//! # let _ = eval;
//! pool.shutdown().await;
//! # Ok(())
//! # }
//! ```

pub mod error;
pub mod level;
pub mod pool;
pub mod position;
mod process;
pub mod uci;

pub use error::EngineError;
pub use level::Level;
pub use pool::{EngineConfig, EnginePool, Eval, PoolStats};
pub use position::EnginePosition;
pub use uci::{GameClock, Score};
