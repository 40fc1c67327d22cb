//! The SQLite store: one file, WAL journal, `synchronous = FULL`.
//!
//! Durability: in WAL mode `synchronous = FULL` syncs the log at every commit, so a
//! committed action survives `kill -9` *and* a power cut. (`NORMAL` would survive the kill
//! but could lose the last commits on power loss.) Every operation runs on one writer thread
//! that groups the operations of many games into one transaction ([`super::writer`]): one
//! fsync per group, not per move, and still no answer before the fsync.

mod owners;

use std::path::Path;
use std::sync::Arc;

use rusqlite::types::Value;
use rusqlite::{Connection, OptionalExtension, params};

use super::record::setup_to_json;
use super::rows::{
    PlayerRow, TokenRow, event_rows, events_of_rows, game_of_parts, i64_of, token_of, trf_round_of,
    u64_col,
};
use super::writer::{CatchUp, Checkpointer, LogUpkeep, Writer};
use super::{
    Appending, GameId, Listed, NewGame, Store, StoreError, StoredGame, StoredRound, Summary,
    TokenHash,
};
use crate::game::{Recorded, ReplayError};

/// Games in one SQLite file.
pub struct SqliteStore {
    pub(super) writer: Writer,
    /// Leases and command ids of this single node (`owners.rs`).
    pub(super) local: owners::Local,
    /// For a database file (not in memory): checkpoints beside the writer.
    _checkpointer: Option<Checkpointer>,
    /// For a database file: the checkpointer's call on the writer, and its answers.
    #[cfg(test)]
    catch_up: Option<Arc<CatchUp>>,
}

impl SqliteStore {
    /// Opens (or creates) `dir/hamle.sqlite3`, creating `dir` if needed.
    pub fn open_dir(dir: &Path) -> Result<SqliteStore, StoreError> {
        super::private::create_dir(dir)?;
        let path = dir.join("hamle.sqlite3");
        // SQLite gives the `-wal` and `-shm` files the database file's own mode.
        super::private::create_file(&path)?;
        for journal in ["hamle.sqlite3-wal", "hamle.sqlite3-shm"] {
            super::private::restrict(&dir.join(journal))?;
        }
        SqliteStore::open(&path)
    }

    /// Opens (or creates) the database file at `path`.
    ///
    /// Servers started together on one file (the nodes of a cluster on one machine) open it
    /// one after another: each holds an exclusive lock on `<path>-open.lock` while it sets
    /// the journal mode and migrates, so that none meets another's half-made schema (SQLite
    /// answers "database is locked" at once, without waiting, to a transaction that read
    /// before another wrote). The lock is released as soon as the store is open.
    pub fn open(path: &Path) -> Result<SqliteStore, StoreError> {
        SqliteStore::open_with(path, LogUpkeep::default())
    }

    /// [`SqliteStore::open`] with the write-ahead log kept as `upkeep` says.
    fn open_with(path: &Path, upkeep: LogUpkeep) -> Result<SqliteStore, StoreError> {
        let _opening = OpeningLock::take(path)?;
        let conn = Connection::open(path)?;
        // Checkpoints are made by their own thread, never inside the writer's commits.
        conn.execute_batch("PRAGMA wal_autocheckpoint = 0")?;
        // The log is trimmed to this size whenever it starts over (see `Checkpointer`).
        let _limit: i64 = conn.query_row(
            &format!("PRAGMA journal_size_limit = {}", upkeep.limit),
            [],
            |r| r.get(0),
        )?;
        let catch_up = Arc::new(CatchUp::default());
        let mut store = SqliteStore::init(conn, Some(Arc::clone(&catch_up)))?;
        store._checkpointer = Some(Checkpointer::start(path, upkeep, Arc::clone(&catch_up))?);
        #[cfg(test)]
        {
            store.catch_up = Some(catch_up);
        }
        Ok(store)
    }

    /// A store that lives in memory (for tests).
    pub fn in_memory() -> Result<SqliteStore, StoreError> {
        SqliteStore::init(Connection::open_in_memory()?, None)
    }

    fn init(
        mut conn: Connection,
        catch_up: Option<Arc<CatchUp>>,
    ) -> Result<SqliteStore, StoreError> {
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        // WAL returns the new mode as a row; in-memory databases answer "memory".
        let _mode: String = conn.query_row("PRAGMA journal_mode = WAL", [], |r| r.get(0))?;
        conn.execute_batch("PRAGMA synchronous = FULL; PRAGMA foreign_keys = ON;")?;
        super::migrations::migrate(&mut conn, summarise_every_game)?;
        Ok(SqliteStore {
            writer: Writer::start(conn, catch_up)?,
            local: Default::default(),
            _checkpointer: None,
            #[cfg(test)]
            catch_up: None,
        })
    }
}

/// An exclusive lock on the file beside a database that is being opened (see
/// [`SqliteStore::open`]); released when dropped. A file of its own, never the database: on
/// Unix, closing any descriptor of the database would drop SQLite's own locks on it.
struct OpeningLock(std::fs::File);

impl OpeningLock {
    fn take(database: &Path) -> Result<OpeningLock, StoreError> {
        let mut name = database.as_os_str().to_owned();
        name.push("-open.lock");
        let path = std::path::PathBuf::from(name);
        super::private::create_file(&path)?;
        let file = std::fs::OpenOptions::new().write(true).open(&path)?;
        file.lock()?;
        Ok(OpeningLock(file))
    }
}

impl Drop for OpeningLock {
    fn drop(&mut self) {
        // Closing the file releases the lock too; this only makes it explicit.
        let _ = self.0.unlock();
    }
}

impl Store for SqliteStore {
    fn create_game(&self, game: &NewGame) -> Result<(), StoreError> {
        let game = game.clone();
        // All or nothing: the writer runs it under its own savepoint.
        self.writer.call(move |tx| {
            tx.execute(
                "INSERT INTO games (id, created_ms, setup) VALUES (?1, ?2, ?3)",
                params![
                    game.id.as_str(),
                    i64_of(game.created_ms),
                    setup_to_json(&game.setup)
                ],
            )?;
            for (seat, hash) in &game.tokens {
                tx.execute(
                    "INSERT INTO tokens (game_id, seat, hash) VALUES (?1, ?2, ?3)",
                    params![game.id.as_str(), seat.key(), &hash.0[..]],
                )?;
            }
            let setup = &game.setup;
            tx.execute(
                "INSERT INTO summaries (game_id, white, black, status, result, seq, moves, running)
                 VALUES (?1, ?2, ?3, 'playing', NULL, 0, 0, 0)",
                params![
                    game.id.as_str(),
                    setup.players.white.name,
                    setup.players.black.name
                ],
            )?;
            Ok(())
        })
    }

    fn create_round(&self, round: &StoredRound) -> Result<(), StoreError> {
        let round = round.clone();
        self.writer.call(move |tx| {
            tx.execute(
                "INSERT INTO rounds (id, created_ms, event, site, round, arbiter, trf_round)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                params![
                    round.id.as_str(),
                    i64_of(round.created_ms),
                    round.event,
                    round.site,
                    round.round,
                    &round.arbiter.0[..],
                    round.trf_round
                ],
            )?;
            for (board, game) in &round.boards {
                tx.execute(
                    "INSERT INTO round_boards (round_id, board, game_id) VALUES (?1, ?2, ?3)",
                    params![round.id.as_str(), board, game.as_str()],
                )?;
            }
            for p in &round.players {
                let (board, code) = p.place.columns();
                tx.execute(
                    "INSERT INTO round_players (round_id, rank, name, fide_id, board, code)
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
                    params![round.id.as_str(), p.rank, p.name, p.fide_id, board, code],
                )?;
            }
            Ok(())
        })
    }

    fn load_round(&self, round: &GameId) -> Result<Option<StoredRound>, StoreError> {
        let id = round.clone();
        self.writer.call(move |conn| {
            let row = conn
                .query_row(
                    "SELECT created_ms, event, site, round, arbiter, trf_round FROM rounds
                     WHERE id = ?1",
                    [id.as_str()],
                    |r| {
                        Ok((
                            r.get::<_, i64>(0)?,
                            r.get::<_, String>(1)?,
                            r.get::<_, String>(2)?,
                            r.get::<_, String>(3)?,
                            r.get::<_, Vec<u8>>(4)?,
                            r.get::<_, Option<i64>>(5)?,
                        ))
                    },
                )
                .optional()?;
            let Some((created_ms, event, site, round, arbiter, trf_round)) = row else {
                return Ok(None);
            };
            let arbiter: [u8; 32] = arbiter
                .try_into()
                .map_err(|_| StoreError::Corrupt(format!("round {id}: arbiter hash")))?;
            let mut stmt = conn.prepare(
                "SELECT board, game_id FROM round_boards WHERE round_id = ?1 ORDER BY board",
            )?;
            let rows = stmt
                .query_map([id.as_str()], |r| {
                    Ok((r.get::<_, i64>(0)?, r.get::<_, String>(1)?))
                })?
                .collect::<Result<Vec<_>, _>>()?;
            let mut boards = Vec::with_capacity(rows.len());
            for (board, game) in rows {
                let board = u32::try_from(board)
                    .map_err(|_| StoreError::Corrupt(format!("round {id}: board {board}")))?;
                let game = GameId::parse(&game)
                    .ok_or_else(|| StoreError::Corrupt(format!("round {id}: game {game}")))?;
                boards.push((board, game));
            }
            let mut stmt = conn.prepare(
                "SELECT rank, name, fide_id, board, code FROM round_players
                 WHERE round_id = ?1 ORDER BY rank",
            )?;
            let rows = stmt
                .query_map([id.as_str()], |r| {
                    Ok(PlayerRow {
                        rank: r.get(0)?,
                        name: r.get(1)?,
                        fide_id: r.get(2)?,
                        board: r.get(3)?,
                        code: r.get(4)?,
                    })
                })?
                .collect::<Result<Vec<_>, _>>()?;
            let players = rows
                .into_iter()
                .map(|row| row.player(&id))
                .collect::<Result<_, _>>()?;
            Ok(Some(StoredRound {
                id: id.clone(),
                created_ms: u64_col(created_ms, "round created_ms")?,
                event,
                site,
                round,
                arbiter: TokenHash(arbiter),
                boards,
                trf_round: trf_round_of(&id, trf_round)?,
                players,
            }))
        })
    }

    fn delete_game(&self, game: &GameId) -> Result<(), StoreError> {
        let game = game.clone();
        let local = self.local.forgetting(&game);
        self.writer.call(move |tx| {
            local();
            for table in ["events", "tokens", "summaries", "games"] {
                let column = if table == "games" { "id" } else { "game_id" };
                tx.execute(
                    &format!("DELETE FROM {table} WHERE {column} = ?1"),
                    params![game.as_str()],
                )?;
            }
            Ok(())
        })
    }

    fn append(
        &self,
        game: &GameId,
        events: &[Recorded],
        summary: &Summary,
    ) -> Result<(), StoreError> {
        let rows = event_rows(events);
        let (game, summary) = (game.clone(), summary.clone());
        self.writer
            .call(move |tx| insert_events(tx, &game, &rows, &summary))
    }

    fn append_async(&self, game: &GameId, events: &[Recorded], summary: &Summary) -> Appending {
        // Serialised here, on the caller's thread, so the writer thread only writes.
        let rows = event_rows(events);
        let (game, summary) = (game.clone(), summary.clone());
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.writer.submit(
            move |conn| insert_events(conn, &game, &rows, &summary),
            move |r| {
                let _ = tx.send(r);
            },
        );
        Box::pin(async move { rx.await.unwrap_or(Err(StoreError::Stopped)) })
    }

    fn mark_damaged(&self, game: &GameId) -> Result<(), StoreError> {
        let game = game.clone();
        self.writer.call(move |conn| {
            conn.execute(
                "UPDATE summaries SET damaged = 1 WHERE game_id = ?1",
                [game.as_str()],
            )?;
            Ok(())
        })
    }

    fn load_game(&self, game: &GameId) -> Result<Option<StoredGame>, StoreError> {
        let game = game.clone();
        self.writer.call(move |conn| {
            let row = conn
                .query_row(
                    "SELECT id, created_ms, setup FROM games WHERE id = ?1",
                    [game.as_str()],
                    |r| {
                        Ok((
                            r.get::<_, String>(0)?,
                            r.get::<_, i64>(1)?,
                            r.get::<_, String>(2)?,
                        ))
                    },
                )
                .optional()?;
            match row {
                None => Ok(None),
                Some((id, created_ms, setup)) => {
                    game_of_row(conn, &id, created_ms, &setup).map(Some)
                }
            }
        })
    }

    fn has_game(&self, game: &GameId) -> Result<bool, StoreError> {
        SqliteStore::has_game(self, game)
    }

    fn list_games(&self, arbiter: Option<&TokenHash>) -> Result<Vec<Listed>, StoreError> {
        let arbiter = arbiter.copied();
        self.writer.call(move |conn| {
            let sql = "SELECT g.id, g.created_ms, s.white, s.black, s.status, s.result, s.seq,
                              s.moves, s.running, s.damaged
                       FROM games g JOIN summaries s ON s.game_id = g.id";
            let mut out = Vec::new();
            let mut push = |r: &rusqlite::Row<'_>| -> rusqlite::Result<()> {
                out.push((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, String>(2)?,
                    r.get::<_, String>(3)?,
                    r.get::<_, String>(4)?,
                    r.get::<_, Option<String>>(5)?,
                    r.get::<_, i64>(6)?,
                    r.get::<_, i64>(7)?,
                    r.get::<_, bool>(8)?,
                    r.get::<_, bool>(9)?,
                ));
                Ok(())
            };
            match arbiter {
                None => {
                    let mut stmt = conn.prepare(&format!("{sql} ORDER BY g.created_ms, g.id"))?;
                    let mut rows = stmt.query([])?;
                    while let Some(r) = rows.next()? {
                        push(r)?;
                    }
                }
                Some(hash) => {
                    let mut stmt = conn.prepare(&format!(
                        "{sql} JOIN tokens t ON t.game_id = g.id
                         WHERE t.seat = 'arbiter' AND t.hash = ?1
                         ORDER BY g.created_ms, g.id"
                    ))?;
                    let mut rows = stmt.query([&hash.0[..]])?;
                    while let Some(r) = rows.next()? {
                        push(r)?;
                    }
                }
            }
            let mut games = Vec::with_capacity(out.len());
            for (id, created, white, black, status, result, seq, moves, running, damaged) in out {
                let Some(id) = GameId::parse(&id) else {
                    continue;
                };
                games.push(Listed {
                    id,
                    created_ms: u64_col(created, "creation time")?,
                    white,
                    black,
                    summary: Summary {
                        status: Summary::status_of(&status)
                            .ok_or_else(|| StoreError::Corrupt(format!("status {status:?}")))?,
                        result: result
                            .and_then(|r| crate::game::GameResult::from_pgn(&r).map(|r| r.pgn())),
                        seq: u64_col(seq, "event number")?,
                        moves: u32::try_from(moves).unwrap_or(0),
                        running,
                        damaged,
                    },
                });
            }
            Ok(games)
        })
    }

    fn unstarted_games(&self) -> Result<Vec<(GameId, u64)>, StoreError> {
        self.writer.call(|conn| {
            let mut stmt = conn.prepare(
                "SELECT g.id, g.created_ms FROM games g JOIN summaries s ON s.game_id = g.id
                 WHERE s.moves = 0 ORDER BY g.created_ms, g.id",
            )?;
            let rows = stmt.query_map([], |r| Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?)))?;
            let mut games = Vec::new();
            for row in rows {
                let (id, created) = row?;
                if let Some(id) = GameId::parse(&id) {
                    games.push((id, u64_col(created, "creation time")?));
                }
            }
            Ok(games)
        })
    }

    fn newest_game(&self) -> Result<Option<GameId>, StoreError> {
        self.writer.call(|conn| {
            let id: Option<String> = conn
                .query_row(
                    "SELECT id FROM games ORDER BY created_ms DESC, id DESC LIMIT 1",
                    [],
                    |r| r.get(0),
                )
                .optional()?;
            Ok(id.and_then(|id| GameId::parse(&id)))
        })
    }

    fn load_games(&self) -> Result<Vec<StoredGame>, StoreError> {
        self.writer.call(load_all)
    }
}

pub(super) fn write_summary(
    conn: &Connection,
    game: &GameId,
    s: &Summary,
) -> Result<(), StoreError> {
    let mut stmt = conn.prepare_cached(
        "UPDATE summaries SET status = ?2, result = ?3, seq = ?4, moves = ?5, running = ?6,
                              damaged = ?7
         WHERE game_id = ?1",
    )?;
    stmt.execute(params![
        game.as_str(),
        s.status,
        s.result,
        i64_of(s.seq),
        s.moves,
        s.running,
        s.damaged
    ])?;
    Ok(())
}

pub(super) fn insert_events(
    conn: &Connection,
    game: &GameId,
    rows: &[(i64, i64, String)],
    summary: &Summary,
) -> Result<(), StoreError> {
    let mut stmt = conn
        .prepare_cached("INSERT INTO events (game_id, seq, at_ms, data) VALUES (?1, ?2, ?3, ?4)")?;
    for (seq, at_ms, data) in rows {
        stmt.execute(params![game.as_str(), seq, at_ms, data])?;
    }
    write_summary(conn, game, summary)
}

/// Schema 1 to 2: the summary of every game, by replaying it once.
pub(super) fn summarise_every_game(conn: &Connection) -> Result<(), StoreError> {
    for game in load_all(conn)? {
        let mut replayed = crate::game::Game::new(game.setup.clone());
        let mut damaged = game.damage.is_some();
        for rec in &game.events {
            if replayed.apply(rec).is_err() {
                damaged = true;
                break;
            }
        }
        let mut summary = Summary::of(&replayed);
        summary.damaged = damaged;
        let players = &game.setup.players;
        conn.execute(
            "INSERT OR IGNORE INTO summaries (game_id, white, black, status, result, seq, moves, running)
             VALUES (?1, ?2, ?3, 'playing', NULL, 0, 0, 0)",
            params![game.id.as_str(), players.white.name, players.black.name],
        )?;
        write_summary(conn, &game.id, &summary)?;
    }
    Ok(())
}

pub(super) fn load_all(conn: &Connection) -> Result<Vec<StoredGame>, StoreError> {
    let mut games = Vec::new();
    let mut stmt =
        conn.prepare("SELECT id, created_ms, setup FROM games ORDER BY created_ms, id")?;
    let rows = stmt.query_map([], |r| {
        Ok((
            r.get::<_, String>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, String>(2)?,
        ))
    })?;
    for row in rows {
        let (id, created_ms, setup) = row?;
        match game_of_row(conn, &id, created_ms, &setup) {
            Ok(game) => games.push(game),
            // Without its id or setup a game cannot be shown at all; the others still are.
            Err(e) => tracing::error!(game = %id, "not loaded: {e}"),
        }
    }
    Ok(games)
}

/// One game from its `games` row, its tokens and its events.
fn game_of_row(
    conn: &Connection,
    id: &str,
    created_ms: i64,
    setup: &str,
) -> Result<StoredGame, StoreError> {
    let id = GameId::parse(id).ok_or_else(|| StoreError::Corrupt(format!("game id {id:?}")))?;
    let loaded = load_events(conn, &id)?;
    let tokens = load_tokens(conn, &id)?;
    Ok(game_of_parts(id, created_ms, setup, tokens, loaded))
}

/// A game's token rows, each read or what is wrong with it.
fn load_tokens(conn: &Connection, id: &GameId) -> Result<Vec<TokenRow>, StoreError> {
    let mut stmt =
        conn.prepare_cached("SELECT seat, hash FROM tokens WHERE game_id = ?1 ORDER BY seat")?;
    let rows = stmt.query_map([id.as_str()], |r| {
        Ok((r.get::<_, Value>(0)?, r.get::<_, Value>(1)?))
    })?;
    let mut tokens = Vec::new();
    for row in rows {
        tokens.push(match row? {
            (Value::Text(seat), Value::Blob(hash)) => token_of(&seat, hash),
            other => Err(format!("a token row of the wrong types: {other:?}")),
        });
    }
    Ok(tokens)
}

/// A game's events in order, up to the first row that does not decode or does not follow
/// the one before it; that row is the damage.
fn load_events(
    conn: &Connection,
    id: &GameId,
) -> Result<(Vec<Recorded>, Option<ReplayError>), StoreError> {
    let mut stmt =
        conn.prepare_cached("SELECT seq, at_ms, data FROM events WHERE game_id = ?1 ORDER BY seq")?;
    // Each column as it is stored: SQLite keeps any type in any column, and a row of the
    // wrong types is damage of the game, not a failure of the store.
    let rows = stmt.query_map([id.as_str()], |r| {
        Ok(
            match (
                r.get::<_, Value>(0)?,
                r.get::<_, Value>(1)?,
                r.get::<_, Value>(2)?,
            ) {
                (Value::Integer(seq), Value::Integer(at_ms), Value::Text(data)) => {
                    Ok((seq, at_ms, data))
                }
                (seq, at_ms, data) => Err(format!(
                    "an event row of the wrong types: seq {:?}, at_ms {:?}, data {:?}",
                    seq.data_type(),
                    at_ms.data_type(),
                    data.data_type()
                )),
            },
        )
    })?;
    events_of_rows(rows.map(|row| row.map_err(StoreError::from)))
}

impl SqliteStore {
    /// Whether a game with this id exists (used to avoid id collisions).
    pub fn has_game(&self, id: &GameId) -> Result<bool, StoreError> {
        let id = id.clone();
        self.writer.call(move |conn| {
            Ok(conn
                .query_row("SELECT 1 FROM games WHERE id = ?1", [id.as_str()], |_| {
                    Ok(())
                })
                .optional()?
                .is_some())
        })
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::uci::UciMove;
    use shakmaty::{ByColor, Color};

    use super::*;
    use crate::announce::Lang;
    use crate::game::{
        BoardKind, ClockReading, EndReason, Ending, Event, GameResult, Player, Seat, Setup,
        TimeControl,
    };
    use crate::store::RecordError;
    use crate::store::record::event_to_json;

    fn setup() -> Setup {
        let p = |name: &str, vi| Player {
            name: name.to_owned(),
            visually_impaired: vi,
            board: if vi {
                BoardKind::Tactile
            } else {
                BoardKind::Normal
            },
            assistant: vi,
            computer: None,
        };
        Setup {
            time_control: TimeControl::fischer(900_000, 10_000),
            players: ByColor {
                white: p("Ayşe", true),
                black: p("Jörg", false),
            },
            languages: [Lang::De, Lang::Tr, Lang::De, Lang::Tr, Lang::En, Lang::De],
            profile: Default::default(),
            event: Default::default(),
            start: Default::default(),
        }
    }

    #[test]
    fn round_trip_of_every_event_kind() {
        let store = SqliteStore::in_memory().unwrap();
        let id = GameId::from_bytes([1, 2, 3, 4, 5, 6, 7, 8]);
        assert_eq!(id.as_str(), "0102030405060708");
        assert!(!store.has_game(&id).unwrap());
        store
            .create_game(&NewGame {
                id: id.clone(),
                created_ms: 5,
                setup: setup(),
                tokens: vec![(Seat::White, TokenHash([7; 32]))],
            })
            .unwrap();
        let clock = ClockReading {
            white_ms: 1,
            black_ms: 2,
            running: Some(Color::Black),
        };
        let events = [
            Event::Moved {
                by: Seat::WhiteAssistant,
                uci: "e2e4".parse::<UciMove>().unwrap(),
            },
            Event::Paused { by: None },
            Event::Resumed { by: Seat::Arbiter },
            Event::ClockSet {
                by: Seat::Arbiter,
                color: Color::White,
                remaining_ms: 3,
            },
            Event::Ended {
                ending: Ending {
                    result: GameResult::Draw,
                    reason: EndReason::TimeoutDraw,
                },
                by: Some(Seat::Arbiter),
            },
        ];
        let recorded: Vec<Recorded> = events
            .into_iter()
            .enumerate()
            .map(|(i, event)| Recorded {
                seq: i as u64 + 1,
                at_ms: 100 + i as u64,
                event,
                clock,
            })
            .collect();
        let summary = |seq: u64| Summary {
            status: "paused",
            result: None,
            seq,
            moves: 1,
            running: false,
            damaged: false,
        };
        store.append(&id, &recorded[..2], &summary(2)).unwrap();
        let all = recorded.len() as u64;
        store.append(&id, &recorded[2..], &summary(all)).unwrap();
        // A duplicate number is refused as a whole, the summary with it.
        assert!(store.append(&id, &recorded[4..], &summary(99)).is_err());
        let games = store.load_games().unwrap();
        assert_eq!(games.len(), 1);
        assert_eq!(games[0].setup, setup());
        assert_eq!(games[0].tokens, vec![(Seat::White, TokenHash([7; 32]))]);
        assert_eq!(games[0].events, recorded);
        assert!(games[0].damage.is_none());
        assert!(Store::has_game(&store, &id).unwrap());
        let one = store.load_game(&id).unwrap().unwrap();
        assert_eq!(one.events, recorded);
        let other = GameId::from_bytes([9; 8]);
        assert!(store.load_game(&other).unwrap().is_none());
        assert_eq!(store.newest_game().unwrap(), Some(id.clone()));
        let listed = store.list_games(None).unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].white, "Ayşe");
        assert_eq!(listed[0].summary, summary(all));
        // Only the white seat has a token here: no game has this arbiter.
        assert!(
            store
                .list_games(Some(&TokenHash([7; 32])))
                .unwrap()
                .is_empty()
        );
    }

    #[test]
    fn a_setup_that_does_not_read_is_damage_from_the_first_event_with_its_cause() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("hamle.sqlite3");
        let id = GameId::from_bytes([4; 8]);
        drop(SqliteStore::open(&path).unwrap());
        let conn = Connection::open(&path).unwrap();
        conn.execute(
            "INSERT INTO games (id, created_ms, setup) VALUES (?1, 1, '{\"base_ms\":\"x\"}')",
            [id.as_str()],
        )
        .unwrap();
        drop(conn);
        let store = SqliteStore::open(&path).unwrap();
        // Served (issue 30: it answered "no such game"), empty and damaged from its first
        // event on, the cause said.
        let game = store.load_game(&id).unwrap().expect("the game is there");
        let damage = game.damage.expect("marked damaged");
        assert_eq!(damage.seq, 1);
        assert!(damage.reason.contains("setup"), "{}", damage.reason);
        assert!(game.events.is_empty());
        let err = super::super::record::setup_from_json("{\"base_ms\":\"x\"}").unwrap_err();
        assert!(
            matches!(&err, RecordError::Json { what: "setup", .. }),
            "{err}"
        );
        // RecordError -> serde_json::Error.
        let json = std::error::Error::source(&err).expect("the JSON error");
        assert!(json.is::<serde_json::Error>(), "{json}");
        assert!(
            damage.reason.contains(&json.to_string()),
            "{}",
            damage.reason
        );
        assert_eq!(store.load_games().unwrap().len(), 1);
    }

    #[test]
    fn a_schema_1_database_gets_the_summary_of_every_game() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("old.sqlite3");
        let id = GameId::from_bytes([3; 8]);
        {
            // Schema 1 as the release before it wrote it: no summaries.
            let mut conn = Connection::open(&path).unwrap();
            super::super::migrations::migrate_to(&mut conn, super::summarise_every_game, 1)
                .unwrap();
            assert_eq!(super::super::migrations::version(&conn).unwrap(), 1);
            conn.execute(
                "INSERT INTO games (id, created_ms, setup) VALUES (?1, 1, ?2)",
                params![id.as_str(), setup_to_json(&setup())],
            )
            .unwrap();
            let moved = Event::Moved {
                by: Seat::White,
                uci: "e2e4".parse::<UciMove>().unwrap(),
            };
            let clock = ClockReading {
                white_ms: 900_000,
                black_ms: 900_000,
                running: Some(Color::Black),
            };
            conn.execute(
                "INSERT INTO events (game_id, seq, at_ms, data) VALUES (?1, 1, 10, ?2)",
                params![id.as_str(), event_to_json(&moved, &clock)],
            )
            .unwrap();
        }
        let store = SqliteStore::open(&path).unwrap();
        let listed = store.list_games(None).unwrap();
        assert_eq!(listed.len(), 1);
        let s = &listed[0].summary;
        assert_eq!(
            (s.status, s.seq, s.moves, s.running),
            ("playing", 1, 1, true)
        );
        assert_eq!(listed[0].black, "Jörg");
    }

    #[test]
    fn a_round_reads_back_with_its_boards_and_players_in_order() {
        crate::store::round_contract::reads_back(&SqliteStore::in_memory().unwrap());
    }

    /// A store on a file whose log is started over past `limit` bytes, checkpointed every
    /// 20 ms; its log's path; a game in it.
    fn store_with_log_limit(dir: &Path, limit: u64) -> (SqliteStore, std::path::PathBuf, GameId) {
        let path = dir.join("hamle.sqlite3");
        let upkeep = LogUpkeep {
            every: std::time::Duration::from_millis(20),
            limit,
        };
        let store = SqliteStore::open_with(&path, upkeep).unwrap();
        let id = GameId::from_bytes([9; 8]);
        store
            .create_game(&NewGame {
                id: id.clone(),
                created_ms: 1,
                setup: setup(),
                tokens: vec![(Seat::White, TokenHash([1; 32]))],
            })
            .unwrap();
        (store, dir.join("hamle.sqlite3-wal"), id)
    }

    /// `n` scoresheet entries of 300 bytes from `*seq` on, and the summary after them.
    fn entries(seq: &mut u64, n: usize) -> (Vec<Recorded>, Summary) {
        let clock = ClockReading {
            white_ms: 1,
            black_ms: 2,
            running: None,
        };
        let batch: Vec<Recorded> = (0..n)
            .map(|_| {
                *seq += 1;
                Recorded {
                    seq: *seq,
                    at_ms: *seq,
                    event: Event::SheetWritten {
                        by: Seat::White,
                        color: Color::White,
                        ply: 0,
                        text: "x".repeat(300),
                        draw_offer: false,
                        audio: None,
                        audio_mime: None,
                        auto: false,
                    },
                    clock,
                }
            })
            .collect();
        let summary = Summary {
            status: "playing",
            result: None,
            seq: *seq,
            moves: 0,
            running: false,
            damaged: false,
        };
        (batch, summary)
    }

    /// Under writes that never pause the log is started over by the writer, between two
    /// groups, once past its limit, rather than left to grow to the four times its limit at
    /// which the checkpointer would hold the writer off to empty it. (Without the writer's
    /// part it grew until then.) Counted, not timed: how large the log grows between two of
    /// the checkpointer's looks depends on the machine's load (it reached four times the
    /// limit once while browser tests and a build ran beside it), whereas the writer starting
    /// it over again and again does not.
    #[test]
    fn under_sustained_writes_the_writer_starts_the_log_over() {
        let dir = tempfile::tempdir().unwrap();
        let limit = 1024 * 1024;
        let (store, wal, id) = store_with_log_limit(dir.path(), limit);
        let size = || std::fs::metadata(&wal).map_or(0, |m| m.len());
        let (mut seq, mut largest, mut written) = (0, 0, 0u64);
        // About 16 times the limit, in small groups, with no pause a checkpoint could use.
        while written < 16 * limit {
            let (batch, summary) = entries(&mut seq, 40);
            store.append(&id, &batch, &summary).unwrap();
            written += 40 * 400;
            largest = largest.max(size());
        }
        let started_over = store.catch_up.as_ref().unwrap().completed();
        assert!(
            started_over >= 3,
            "the writer started the log over {started_over} times (the log grew to {largest} bytes, limit {limit})"
        );
        assert_eq!(
            store.load_game(&id).unwrap().unwrap().events.len(),
            seq as usize
        );
    }

    #[test]
    fn the_write_ahead_log_is_emptied_once_past_its_limit_and_games_can_be_removed() {
        let dir = tempfile::tempdir().unwrap();
        let limit = 4 * 1024 * 1024;
        let (store, wal, id) = store_with_log_limit(dir.path(), limit);
        let size = || std::fs::metadata(&wal).map_or(0, |m| m.len());
        // A reader in the middle of a transaction pins the log: no checkpoint may reset it
        // meanwhile, so a burst of writes grows it past its limit, whatever the timing (with
        // no reader, SQLite's own checkpoints reuse the log from its start, and whether it
        // grew depended on the machine's load).
        let reader = rusqlite::Connection::open(dir.path().join("hamle.sqlite3")).unwrap();
        reader.execute_batch("BEGIN").unwrap();
        let games: i64 = reader
            .query_row("SELECT count(*) FROM games", [], |r| r.get(0))
            .unwrap();
        assert_eq!(games, 1);
        let mut seq = 0;
        while size() <= limit + limit / 4 {
            let (batch, summary) = entries(&mut seq, 4000);
            store.append(&id, &batch, &summary).unwrap();
            assert!(seq < 1_000_000, "the log does not grow: {}", size());
        }
        reader.execute_batch("COMMIT").unwrap();
        drop(reader);
        // ...and the checkpointer empties it (a passive checkpoint alone never shrinks it);
        // waited for up to 30 s: on a machine busy with other builds it took over 5 s.
        let mut bounded = false;
        for _ in 0..600 {
            std::thread::sleep(std::time::Duration::from_millis(50));
            if size() <= limit {
                bounded = true;
                break;
            }
        }
        assert!(bounded, "the log stays at {} bytes", size());
        // A game removed is gone with its events.
        store.delete_game(&id).unwrap();
        assert!(!store.has_game(&id).unwrap());
        assert!(store.load_games().unwrap().is_empty());
        store.delete_game(&id).unwrap();
    }

    /// Servers of one cluster started together on one data directory (as the cluster tests
    /// and an operator's start script do) all open the same new database: each must find it
    /// made, none fail with "database is locked".
    #[test]
    fn servers_opening_one_new_database_together_all_open_it() {
        for _ in 0..20 {
            let dir = tempfile::tempdir().unwrap();
            let barrier = std::sync::Barrier::new(6);
            let opened: Vec<Result<SqliteStore, StoreError>> = std::thread::scope(|s| {
                let threads: Vec<_> = (0..6)
                    .map(|_| {
                        s.spawn(|| {
                            barrier.wait();
                            SqliteStore::open_dir(dir.path())
                        })
                    })
                    .collect();
                threads.into_iter().map(|t| t.join().unwrap()).collect()
            });
            for store in &opened {
                let store = store.as_ref().expect("the store opens");
                assert!(store.load_games().unwrap().is_empty());
            }
            let conn = Connection::open(dir.path().join("hamle.sqlite3")).unwrap();
            assert_eq!(
                super::super::migrations::version(&conn).unwrap(),
                super::super::migrations::SCHEMA_VERSION
            );
        }
    }
}
