//! Where games live between restarts: a [`Store`] trait and its SQLite implementation.
//!
//! A game is stored as its setup, the hashes of its seat tokens, and its numbered events.
//! The server writes the events of every accepted action before it acknowledges the action,
//! and restores a game by applying its events again ([`crate::game::Game::restore`]).

pub mod private;
mod record;
mod sqlite;
mod writer;

use std::fmt;
use std::future::Future;
use std::pin::Pin;

use crate::game::{Recorded, Seat, Setup};

pub use sqlite::SqliteStore;

/// A game's id: 16 lowercase hex digits (64 random bits).
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct GameId(String);

impl GameId {
    /// Accepts exactly 16 lowercase hex digits.
    pub fn parse(s: &str) -> Option<GameId> {
        let ok = s.len() == 16
            && s.bytes()
                .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        ok.then(|| GameId(s.to_owned()))
    }

    /// From 8 random bytes.
    pub fn from_bytes(bytes: [u8; 8]) -> GameId {
        GameId(bytes.iter().map(|b| format!("{b:02x}")).collect())
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The SHA-256 of a seat token. Tokens themselves are never stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TokenHash(pub [u8; 32]);

/// A game as it is first written.
#[derive(Clone, Debug)]
pub struct NewGame {
    pub id: GameId,
    pub created_ms: u64,
    pub setup: Setup,
    /// One hash per seat that exists in this game.
    pub tokens: Vec<(Seat, TokenHash)>,
}

/// A game as it is read back.
#[derive(Clone, Debug)]
pub struct StoredGame {
    pub id: GameId,
    pub created_ms: u64,
    pub setup: Setup,
    pub tokens: Vec<(Seat, TokenHash)>,
    /// In order, numbered 1, 2, 3, ...
    pub events: Vec<Recorded>,
}

/// A failure of the store: the action that needed it is refused and nothing is acknowledged.
#[derive(Debug)]
pub enum StoreError {
    Sqlite(rusqlite::Error),
    /// A stored row that does not decode (written by another version, or damaged).
    Corrupt(String),
    Io(std::io::Error),
}

impl fmt::Display for StoreError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreError::Sqlite(e) => write!(f, "sqlite: {e}"),
            StoreError::Corrupt(what) => write!(f, "corrupt store: {what}"),
            StoreError::Io(e) => write!(f, "store directory: {e}"),
        }
    }
}

impl std::error::Error for StoreError {}

impl From<rusqlite::Error> for StoreError {
    fn from(e: rusqlite::Error) -> StoreError {
        StoreError::Sqlite(e)
    }
}

/// An append on its way to the disk: resolves once the events are durable (or refused).
pub type Appending = Pin<Box<dyn Future<Output = Result<(), StoreError>> + Send>>;

/// Durable storage of games. Every method returns only once its writes are durable.
pub trait Store: Send + Sync + 'static {
    /// Writes a new game (setup and token hashes).
    fn create_game(&self, game: &NewGame) -> Result<(), StoreError>;

    /// Appends events to a game, all or none, in one transaction.
    fn append(&self, game: &GameId, events: &[Recorded]) -> Result<(), StoreError>;

    /// [`Store::append`] without blocking the caller: the future resolves once the events
    /// are durable. The SQLite store groups the appends of many games into one transaction.
    /// By default the append is made at once, blocking.
    fn append_async(&self, game: &GameId, events: &[Recorded]) -> Appending {
        let done = self.append(game, events);
        Box::pin(std::future::ready(done))
    }

    /// Every game with all its events, oldest game first.
    fn load_games(&self) -> Result<Vec<StoredGame>, StoreError>;

    /// Removes a game, its tokens and its events (a game that never started, after its
    /// time). Removing a game that is not there is no error.
    fn delete_game(&self, game: &GameId) -> Result<(), StoreError>;
}
