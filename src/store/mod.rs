//! Where games live between restarts: a [`Store`] trait and its SQLite implementation.
//!
//! A game is stored as its setup, the hashes of its seat tokens, and its numbered events.
//! The server writes the events of every accepted action before it acknowledges the action,
//! and restores a game by applying its events again ([`crate::game::Game::restore`]).
//!
//! - `record.rs`: the stored records (serde, typed), mapped once from and to the domain.
//! - `group_commit.rs`: both stores' writer thread (group commit: the operations of many
//!   games in one transaction, each under its own savepoint, answered after the commit).
//! - `migrate.rs`: both stores' schema versions (the `n`-th migration brings version `n - 1`
//!   to `n`, in one transaction; a newer database is refused untouched).
//! - `migrations.rs`: SQLite's schema versions and the migrations between them.
//! - `snapshot.rs` (tests): every record shape pinned per schema version.
//! - `sqlite/`, `writer.rs`: the SQLite store, its side of the group commit and its
//!   checkpoints.
//! - `postgres.rs`: the PostgreSQL store (`--store postgres://…`), its side of the group
//!   commit and its schema versions.
//! - `owners.rs`: one owner per game, fenced ([`Owners`]: leases with epochs, fenced appends,
//!   command ids applied once), for nodes that share one PostgreSQL store; the SQLite store
//!   implements the single-node version.
//! - [`StoreUrl`]: which store `--store` names.
//! - `lease.rs`: [`SharedSqlite`], the [`Owners`] of a cluster whose nodes share one SQLite
//!   file on one machine (`docs/scale-out.md`); [`cluster_owners`] picks a cluster's.

mod group_commit;
mod lease;
mod migrate;
mod migrations;
mod owners;
mod postgres;
pub mod private;
mod record;
mod rows;
#[cfg(test)]
mod snapshot;
mod sqlite;
mod writer;

use std::fmt;
use std::future::Future;
use std::pin::Pin;

use crate::game::{Game, Recorded, ReplayError, Seat, Setup, Status};

pub use lease::SharedSqlite;
pub use migrations::SCHEMA_VERSION;
pub use owners::{Appended, Claim, CommandId, Holder, Lease, Owners, Pending};
pub use postgres::{PG_SCHEMA_VERSION, PgStore, create_test_database, with_database};
pub use record::RecordError;
pub(crate) use record::{N, Named, OpRecord, board_op, op_fields};
pub use record::{event_from_json, event_to_json};
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
    /// In order, numbered 1, 2, 3, ...: every event up to the first one that could not be
    /// read back.
    pub events: Vec<Recorded>,
    /// The first stored event that could not be read back (a damaged or foreign database):
    /// the game is served up to the event before it and nothing is written after it.
    pub damage: Option<ReplayError>,
}

/// A PostgreSQL error as the server said it (`postgres::Error` itself says only "db error"):
/// its SQLSTATE and message, so that a log tells a deadlock from a lost connection.
fn pg_detail(e: &::postgres::Error) -> String {
    match e.as_db_error() {
        Some(db) => format!("{} {}: {}", db.severity(), db.code().code(), db.message()),
        None => match std::error::Error::source(e) {
            Some(cause) => format!("{e}: {cause}"),
            None => e.to_string(),
        },
    }
}

/// A failure of the store: the action that needed it is refused and nothing is acknowledged.
/// Each keeps its cause ([`std::error::Error::source`]).
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("sqlite: {0}")]
    Sqlite(#[from] rusqlite::Error),
    #[error("postgres: {}", pg_detail(.0))]
    Postgres(#[from] ::postgres::Error),
    /// A stored setup or event that does not read back (written by another version, or
    /// damaged).
    #[error("corrupt store: {0}")]
    Record(#[from] RecordError),
    /// A stored column that does not read back (a negative time, a seat that is none ...).
    #[error("corrupt store: {0}")]
    Corrupt(String),
    #[error("store directory: {0}")]
    Io(#[from] std::io::Error),
    /// A migration failed; the database stays at the version it had.
    #[error("migrating the database to schema {version}: {source}")]
    Migration {
        version: i64,
        #[source]
        source: Box<StoreError>,
    },
    /// A schema version that no migration of this hamle brings a database to.
    #[error("no migration brings a database to schema {0}")]
    NoSuchSchema(i64),
    /// The database was written by a newer hamle; it is left as it is.
    #[error("database schema {found} is newer than this hamle ({known})")]
    TooNew { found: i64, known: i64 },
    /// The transaction of a group of operations could not begin or commit: every operation
    /// of the group fails with the same cause.
    #[error("store transaction ({stage}): {source}")]
    Transaction {
        stage: &'static str,
        #[source]
        source: std::sync::Arc<rusqlite::Error>,
    },
    /// The PostgreSQL transaction of a group of operations could not begin or commit (or
    /// the connection could not be made again): every operation of the group fails with it.
    #[error("store transaction ({stage}): {}", pg_detail(source))]
    PgTransaction {
        stage: &'static str,
        #[source]
        source: std::sync::Arc<::postgres::Error>,
    },
    /// A write of a game's former owner: the game's lease has passed to another epoch (or
    /// was never this node's), so nothing was written ([`Owners`]). `holder` is the lease's
    /// owner and epoch as the store had them.
    #[error("fenced: game {game} epoch {epoch} is no longer this node's (lease now {holder:?})")]
    Fenced {
        game: GameId,
        epoch: u64,
        holder: Option<(String, u64)>,
    },
    /// The writer thread has stopped (the store is being dropped, or the thread died).
    #[error("the store's writer has stopped")]
    Stopped,
    /// A bug in the writer: an operation run twice, or answered without running.
    #[error("store operation {0}")]
    Internal(&'static str),
}

impl StoreError {
    /// Whether a write failed because the game's log already holds an event of that number
    /// (a unique key): another process wrote to the game, and nothing of this write was kept.
    pub fn is_sequence_conflict(&self) -> bool {
        fn sqlite(e: &rusqlite::Error) -> bool {
            e.sqlite_error_code() == Some(rusqlite::ErrorCode::ConstraintViolation)
        }
        fn pg(e: &::postgres::Error) -> bool {
            e.code() == Some(&::postgres::error::SqlState::UNIQUE_VIOLATION)
        }
        match self {
            StoreError::Sqlite(e) => sqlite(e),
            StoreError::Transaction { source, .. } => sqlite(source),
            StoreError::Postgres(e) => pg(e),
            StoreError::PgTransaction { source, .. } => pg(source),
            _ => false,
        }
    }
}

/// What the list of games shows of a game without loading it, kept beside its events and
/// written in the same transaction as them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    /// `playing`, `paused` or `over`.
    pub status: &'static str,
    /// `1-0`, `0-1`, `1/2-1/2` once over.
    pub result: Option<&'static str>,
    /// The number of the last event.
    pub seq: u64,
    /// Half-moves played.
    pub moves: u32,
    /// A clock was running after the last event.
    pub running: bool,
    /// The game is damaged in storage (found when it was loaded).
    pub damaged: bool,
}

impl Summary {
    /// The summary of `game` as it stands after its last event.
    pub fn of(game: &Game) -> Summary {
        let (status, result) = match game.status() {
            Status::Waiting => ("waiting", None),
            Status::Playing => ("playing", None),
            Status::Paused { .. } => ("paused", None),
            Status::Over(e) => ("over", Some(e.result.pgn())),
        };
        let running = game.status() == Status::Playing
            && game
                .last_event_ms()
                .is_some_and(|at| game.clock(at).running.is_some());
        Summary {
            status,
            result,
            seq: game.seq(),
            moves: game.moves().len() as u32,
            running,
            damaged: false,
        }
    }

    /// `status` as stored, back to its static name.
    pub fn status_of(s: &str) -> Option<&'static str> {
        ["playing", "paused", "over"].into_iter().find(|k| *k == s)
    }
}

/// A game as the list of games shows it, read without loading the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Listed {
    pub id: GameId,
    pub created_ms: u64,
    pub white: String,
    pub black: String,
    pub summary: Summary,
}

/// A round of an event (issue 18): its boards' games and the hash of the one arbiter token
/// that is every board's arbiter token.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredRound {
    /// 16 lowercase hex digits, like a game's.
    pub id: GameId,
    pub created_ms: u64,
    pub event: String,
    pub site: String,
    /// The round as the event names it (`"3"`).
    pub round: String,
    pub arbiter: TokenHash,
    /// Board number and game, by board number.
    pub boards: Vec<(u32, GameId)>,
    /// The round of the TRF file the boards were read from (`None`: a pairings list or
    /// boards given one by one), the column its results go back in (schema 6).
    pub trf_round: Option<u32>,
    /// A TRF round's players by starting rank, each on his board or with his bye (empty for
    /// a round not read from a TRF file; schema 6).
    pub players: Vec<RoundPlayer>,
}

/// One player of a TRF round as the pairing program knows him (schema 6).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RoundPlayer {
    pub rank: u32,
    pub name: String,
    pub fide_id: Option<String>,
    pub place: Place,
}

/// Where a TRF round's player is: on a board with a colour, or not paired (a bye).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Board(u32, shakmaty::Color),
    Bye(crate::pairings::ByeKind),
}

impl Place {
    /// The place's columns: the board (`None` for a bye) and the colour (`w`, `b`) or the
    /// bye's TRF code (`H`, `F`, `U`, `Z`).
    pub(crate) fn columns(self) -> (Option<i64>, String) {
        match self {
            Place::Board(board, colour) => (Some(i64::from(board)), colour.char().to_string()),
            Place::Bye(kind) => (None, kind.code().to_string()),
        }
    }

    /// A place from its columns, `None` if they do not make one.
    pub(crate) fn of_columns(board: Option<i64>, code: &str) -> Option<Place> {
        match board {
            Some(b) => {
                let colour = shakmaty::Color::from_char(code.chars().next()?)?;
                (code.len() == 1).then_some(Place::Board(u32::try_from(b).ok()?, colour))
            }
            None if code.len() == 1 => crate::pairings::ByeKind::from_code(code).map(Place::Bye),
            None => None,
        }
    }
}

/// An append on its way to the disk: resolves once the events are durable (or refused).
pub type Appending = Pin<Box<dyn Future<Output = Result<(), StoreError>> + Send>>;

/// Durable storage of games. Every method returns only once its writes are durable.
pub trait Store: Send + Sync + 'static {
    /// Writes a new game (setup and token hashes).
    fn create_game(&self, game: &NewGame) -> Result<(), StoreError>;

    /// Appends events to a game, all or none, in one transaction, with the game's summary
    /// after them.
    fn append(
        &self,
        game: &GameId,
        events: &[Recorded],
        summary: &Summary,
    ) -> Result<(), StoreError>;

    /// [`Store::append`] without blocking the caller: the future resolves once the events
    /// are durable. The SQLite store groups the appends of many games into one transaction.
    /// By default the append is made at once, blocking.
    fn append_async(&self, game: &GameId, events: &[Recorded], summary: &Summary) -> Appending {
        let done = self.append(game, events, summary);
        Box::pin(std::future::ready(done))
    }

    /// Records that a game was found damaged when it was loaded (its summary says so).
    fn mark_damaged(&self, game: &GameId) -> Result<(), StoreError>;

    /// One game with all its events, if it exists.
    fn load_game(&self, game: &GameId) -> Result<Option<StoredGame>, StoreError>;

    /// Whether a game with this id exists.
    fn has_game(&self, game: &GameId) -> Result<bool, StoreError>;

    /// The games in the list, oldest first: every game, or (`Some`) those whose arbiter has
    /// this token.
    fn list_games(&self, arbiter: Option<&TokenHash>) -> Result<Vec<Listed>, StoreError>;

    /// The games that have no move yet, with their creation time, oldest first.
    fn unstarted_games(&self) -> Result<Vec<(GameId, u64)>, StoreError>;

    /// The newest game, if any.
    fn newest_game(&self) -> Result<Option<GameId>, StoreError>;

    /// Every game with all its events, oldest game first.
    fn load_games(&self) -> Result<Vec<StoredGame>, StoreError>;

    /// Writes a new round with its boards (its games are written before, one by one).
    fn create_round(&self, round: &StoredRound) -> Result<(), StoreError>;

    /// One round with its boards (by board number), if it exists.
    fn load_round(&self, round: &GameId) -> Result<Option<StoredRound>, StoreError>;

    /// Removes a game, its tokens and its events (a game that never started, after its
    /// time). Removing a game that is not there is no error.
    fn delete_game(&self, game: &GameId) -> Result<(), StoreError>;
}

/// Which store `hamle serve --store` names.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub enum StoreUrl {
    /// `hamle.sqlite3` in the data directory (the default).
    #[default]
    DataDir,
    /// `sqlite:PATH`: this SQLite database file.
    Sqlite(std::path::PathBuf),
    /// `postgres://…` or `postgresql://…`: this PostgreSQL database.
    Postgres(String),
}

impl std::str::FromStr for StoreUrl {
    type Err = String;

    fn from_str(s: &str) -> Result<StoreUrl, String> {
        if let Some(path) = s.strip_prefix("sqlite:") {
            if path.is_empty() {
                return Err(
                    "sqlite: needs a file path, e.g. sqlite:/var/lib/hamle/hamle.sqlite3".into(),
                );
            }
            return Ok(StoreUrl::Sqlite(path.into()));
        }
        if s.starts_with("postgres://") || s.starts_with("postgresql://") {
            s.parse::<::postgres::Config>()
                .map_err(|e| format!("not a PostgreSQL URL: {e}"))?;
            return Ok(StoreUrl::Postgres(s.to_owned()));
        }
        Err("expected sqlite:PATH or postgres://user@host:port/database".into())
    }
}

impl fmt::Display for StoreUrl {
    /// The store for the log: a PostgreSQL URL without its password.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            StoreUrl::DataDir => f.write_str("the data directory"),
            StoreUrl::Sqlite(path) => write!(f, "sqlite:{}", path.display()),
            StoreUrl::Postgres(url) => {
                let shown = match (url.find("://"), url.rfind('@')) {
                    (Some(scheme), Some(at)) if at > scheme => {
                        let userinfo = &url[scheme + 3..at];
                        match userinfo.split_once(':') {
                            Some((user, _)) => {
                                format!("{}{user}:***{}", &url[..scheme + 3], &url[at..])
                            }
                            None => url.clone(),
                        }
                    }
                    _ => url.clone(),
                };
                f.write_str(&shown)
            }
        }
    }
}

/// An open store, as the games' store and as the leases of this node.
#[derive(Clone)]
pub struct Opened {
    pub store: std::sync::Arc<dyn Store>,
    pub owners: std::sync::Arc<dyn Owners>,
}

/// Opens the store `url` names (`data_dir` for the default), as node `node`. Blocks: call it
/// on a blocking thread.
pub fn open(url: &StoreUrl, data_dir: &std::path::Path, node: &str) -> Result<Opened, StoreError> {
    use std::sync::Arc;
    match url {
        StoreUrl::DataDir => {
            let store = Arc::new(SqliteStore::open_dir(data_dir)?.with_node(node));
            Ok(Opened {
                store: store.clone(),
                owners: store,
            })
        }
        StoreUrl::Sqlite(path) => {
            if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
                std::fs::create_dir_all(dir)?;
            }
            private::create_file(path)?;
            let store = Arc::new(SqliteStore::open(path)?.with_node(node));
            Ok(Opened {
                store: store.clone(),
                owners: store,
            })
        }
        StoreUrl::Postgres(url) => {
            let store = Arc::new(PgStore::open(url, node)?);
            Ok(Opened {
                store: store.clone(),
                owners: store,
            })
        }
    }
}

/// The [`Owners`] a node of a cluster (`--bus`) uses: the ones every node sees. PostgreSQL's
/// own (`opened`), or, for a SQLite store (several nodes on one machine sharing the file),
/// leases and command ids in that file ([`SharedSqlite`]); the SQLite store's own are one
/// process's memory. Blocks: call it on a blocking thread.
pub fn cluster_owners(
    url: &StoreUrl,
    data_dir: &std::path::Path,
    node: &str,
    opened: &Opened,
) -> Result<std::sync::Arc<dyn Owners>, StoreError> {
    use std::sync::Arc;
    match url {
        StoreUrl::DataDir => Ok(Arc::new(SharedSqlite::open_dir(data_dir, node)?)),
        StoreUrl::Sqlite(path) => Ok(Arc::new(SharedSqlite::open(path, node)?)),
        StoreUrl::Postgres(_) => Ok(Arc::clone(&opened.owners)),
    }
}

/// What every store does with rounds, checked on each (`sqlite`'s test, `postgres`'s with a
/// server).
#[cfg(test)]
pub(crate) mod round_contract {
    use super::{GameId, Place, RoundPlayer, Store, StoredRound, TokenHash};

    /// A round, its boards and its TRF players read back as written, in order; the same
    /// round twice is refused.
    pub(crate) fn reads_back(store: &dyn Store) {
        let id = GameId::parse("00112233445566ff").unwrap();
        assert_eq!(store.load_round(&id).unwrap(), None);
        let round = StoredRound {
            id: id.clone(),
            created_ms: 7,
            event: "Blind Open".into(),
            site: "Hamburg".into(),
            round: "3".into(),
            arbiter: TokenHash([9; 32]),
            boards: vec![
                (10, GameId::parse("000000000000000a").unwrap()),
                (2, GameId::parse("0000000000000002").unwrap()),
            ],
            trf_round: Some(3),
            players: vec![
                RoundPlayer {
                    rank: 12,
                    name: "Lorenz, Lea".into(),
                    fide_id: None,
                    place: Place::Board(10, shakmaty::Color::Black),
                },
                RoundPlayer {
                    rank: 13,
                    name: "Mutlu, Mert".into(),
                    fide_id: Some("4700013".into()),
                    place: Place::Bye(crate::pairings::ByeKind::Half),
                },
                RoundPlayer {
                    rank: 1,
                    name: "Aksoy, Ada".into(),
                    fide_id: Some("4700001".into()),
                    place: Place::Board(2, shakmaty::Color::White),
                },
            ],
        };
        store.create_round(&round).unwrap();
        let back = store.load_round(&id).unwrap().unwrap();
        let mut sorted = round.clone();
        sorted.boards.sort();
        sorted.players.sort_by_key(|p| p.rank);
        assert_eq!(back, sorted);
        // The same round twice is refused, and the first one stays.
        assert!(store.create_round(&round).is_err());
        assert_eq!(store.load_round(&id).unwrap().unwrap(), sorted);
    }
}
