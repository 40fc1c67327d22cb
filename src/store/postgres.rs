//! The PostgreSQL store (`--store postgres://…`): the system of record when several nodes
//! serve games, and a store for one node that wants its games on a database server.
//!
//! **Client.** The synchronous [`postgres`] crate (the blocking face of tokio-postgres, same
//! maintainers) on one writer thread of its own, exactly as the SQLite connection: the
//! [`Store`] trait is synchronous (the server calls it on the blocking pool) and group commit
//! needs one connection doing one transaction at a time anyway, so a pool (deadpool, bb8) or
//! sqlx's async machinery would add a layer and buy nothing here.
//!
//! **Group commit.** The stores' one writer ([`super::group_commit`]) on a [`PgBackend`]:
//! operations that arrive while a transaction commits are gathered into the next one, each
//! under its own savepoint, each answered only after the `COMMIT` (with PostgreSQL's default
//! `synchronous_commit = on`, after the WAL is flushed). Claims and renewals of leases go
//! ahead of the queue, each in a transaction of its own ([`Grouping::Alone`]). The writer
//! reconnects when the connection is lost (the operations of that moment fail and are not
//! acknowledged).
//!
//! **Tables** (schema versions in `hamle_schema`, migrations below run by the stores' one
//! mechanism, [`super::migrate`], under an advisory lock so nodes starting together migrate
//! once): `games` (id, creation time, setup record),
//! `tokens` (seat token hashes), `events` (append-only, primary key (game, event number),
//! the same JSON records as SQLite's), `summaries` (what the list of games shows), `leases`
//! (game, owner node, epoch, expiry on the database's clock) and `commands` (game, command id,
//! the game's last event number after it), for [`Owners`] (see `owners.rs`).

use std::sync::Arc;
use std::time::Duration;

use postgres::error::SqlState;
use postgres::{Client, NoTls, Transaction};

use super::group_commit::{Backend, GroupCommit, Grouping};
use super::migrate::{Migration, Migrations, Versioned};
use super::owners::{Appended, Claim, CommandId, Holder, Lease, Owners, Pending, ttl_ms};
use super::record::setup_to_json;
use super::rows::{
    PlayerRow, TokenRow, event_rows, events_of_rows, game_of_parts, i64_of, token_of, trf_round_of,
    u64_col,
};
use super::{
    Appending, GameId, Listed, NewGame, Store, StoreError, StoredGame, StoredRound, Summary,
    TokenHash,
};
use crate::game::{Recorded, ReplayError};

/// The schema this hamle writes on PostgreSQL: the number of migrations.
pub const PG_SCHEMA_VERSION: i32 = 3;

/// Every migration, in order: the `n`-th brings a database from version `n - 1` to `n`. A
/// released migration is never changed; a change is a new one at the end.
fn migrations<'t>() -> Migrations<Transaction<'t>> {
    Migrations::new(vec![
        Migration::sql(SCHEMA_1),
        Migration::sql(SCHEMA_2),
        // Issue 31: a TRF round's players and the TRF round, for its results back to the
        // pairing program (SQLite's schema 6).
        Migration::sql(SCHEMA_3),
    ])
}

const SCHEMA_1: &str = "
CREATE TABLE games (
    id          text PRIMARY KEY,
    created_ms  bigint NOT NULL,
    setup       text NOT NULL
);
CREATE TABLE tokens (
    game_id     text NOT NULL REFERENCES games(id),
    seat        text NOT NULL,
    hash        bytea NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX tokens_by_hash ON tokens(hash);
CREATE TABLE events (
    game_id     text NOT NULL REFERENCES games(id),
    seq         bigint NOT NULL,
    at_ms       bigint NOT NULL,
    data        text NOT NULL,
    PRIMARY KEY (game_id, seq)
);
CREATE TABLE summaries (
    game_id     text PRIMARY KEY REFERENCES games(id),
    white       text NOT NULL,
    black       text NOT NULL,
    status      text NOT NULL,
    result      text,
    seq         bigint NOT NULL,
    moves       integer NOT NULL,
    running     boolean NOT NULL,
    damaged     boolean NOT NULL DEFAULT false
);
CREATE INDEX summaries_unstarted ON summaries(moves) WHERE moves = 0;
CREATE TABLE leases (
    game_id     text PRIMARY KEY,
    owner       text NOT NULL,
    epoch       bigint NOT NULL,
    expires     timestamptz NOT NULL
);
CREATE TABLE commands (
    game_id     text NOT NULL,
    command     text NOT NULL,
    seq         bigint NOT NULL,
    PRIMARY KEY (game_id, command)
);
";

const SCHEMA_2: &str = "
CREATE TABLE rounds (
    id          text PRIMARY KEY,
    created_ms  bigint NOT NULL,
    event       text NOT NULL,
    site        text NOT NULL,
    round       text NOT NULL,
    arbiter     bytea NOT NULL
);
CREATE TABLE round_boards (
    round_id    text NOT NULL REFERENCES rounds(id),
    board       bigint NOT NULL,
    game_id     text NOT NULL,
    PRIMARY KEY (round_id, board)
);
";

const SCHEMA_3: &str = "
ALTER TABLE rounds ADD COLUMN trf_round bigint;
CREATE TABLE round_players (
    round_id    text NOT NULL REFERENCES rounds(id),
    rank        bigint NOT NULL,
    name        text NOT NULL,
    fide_id     text,
    board       bigint,
    code        text NOT NULL,
    PRIMARY KEY (round_id, rank)
);
";

/// The advisory lock key that serialises migrations (any constant of our own).
const MIGRATION_LOCK: i64 = 0x6861_6d6c_6500;

/// Games in a PostgreSQL database.
pub struct PgStore {
    writer: GroupCommit<PgBackend>,
    node: String,
}

impl PgStore {
    /// Connects to `url` (`postgres://user@host:port/db`, or key=value form), brings the
    /// schema to [`PG_SCHEMA_VERSION`] and starts the writer. `node` names this node in leases.
    pub fn open(url: &str, node: &str) -> Result<PgStore, StoreError> {
        let config: postgres::Config = url.parse()?;
        let mut client = config.connect(NoTls)?;
        migrate(&mut client)?;
        client.batch_execute(IDLE_IN_TRANSACTION)?;
        let backend = PgBackend { config, client };
        Ok(PgStore {
            writer: GroupCommit::start("hamle-pg-store", backend)?,
            node: node.to_owned(),
        })
    }

    /// Runs `work` in the writer's next transaction and waits until it is committed.
    fn call<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&mut Transaction<'_>) -> Result<T, StoreError> + Send + 'static,
    {
        self.writer.call(work)
    }

    /// [`PgStore::call`] as a future.
    fn pending<T, F>(&self, work: F) -> Pending<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Transaction<'_>) -> Result<T, StoreError> + Send + 'static,
    {
        self.pending_in(Grouping::Grouped, work)
    }

    fn pending_in<T, F>(&self, grouping: Grouping, work: F) -> Pending<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Transaction<'_>) -> Result<T, StoreError> + Send + 'static,
    {
        self.writer.pending(grouping, work)
    }
}

/// The schema version in `hamle_schema`, one row (made empty, version 0, in a new database).
impl Versioned for Transaction<'_> {
    fn read_version(&mut self) -> Result<i64, StoreError> {
        self.batch_execute("CREATE TABLE IF NOT EXISTS hamle_schema (version integer NOT NULL)")?;
        let row = self.query_opt("SELECT version FROM hamle_schema", &[])?;
        Ok(row.map_or(0, |r| r.get::<_, i32>(0)).into())
    }

    fn write_version(&mut self, version: i64) -> Result<(), StoreError> {
        let version = i32::try_from(version).map_err(|_| StoreError::NoSuchSchema(version))?;
        self.execute("DELETE FROM hamle_schema", &[])?;
        self.execute(
            "INSERT INTO hamle_schema (version) VALUES ($1)",
            &[&version],
        )?;
        Ok(())
    }

    fn run_statements(&mut self, sql: &str) -> Result<(), StoreError> {
        Ok(self.batch_execute(sql)?)
    }
}

/// Brings the database to [`PG_SCHEMA_VERSION`] in one transaction, under an advisory lock
/// (nodes starting together migrate once); a newer one is refused and left as it is.
fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let mut tx = client.transaction()?;
    tx.execute("SELECT pg_advisory_xact_lock($1)", &[&MIGRATION_LOCK])?;
    migrations().to_version(&mut tx, PG_SCHEMA_VERSION.into())?;
    tx.commit()?;
    Ok(())
}

/// `url` with its database replaced by `name` (`postgres://u@h:p/db?x` becomes
/// `postgres://u@h:p/name?x`): how the tests give each server a database of its own.
pub fn with_database(url: &str, name: &str) -> String {
    let (base, query) = match url.split_once('?') {
        Some((b, q)) => (b, format!("?{q}")),
        None => (url, String::new()),
    };
    let authority = base.find("://").map_or(0, |i| i + 3);
    let path = base[authority..]
        .find('/')
        .map_or(base.len(), |i| authority + i);
    format!("{}/{name}{query}", &base[..path])
}

/// A new, empty database on the server that `admin_url` names (whose user may create
/// databases), and its URL: for tests (`HAMLE_TEST_STORE`). Blocks.
pub fn create_test_database(admin_url: &str) -> Result<String, StoreError> {
    let name = format!("hamle_t_{:016x}", rand::random::<u64>());
    let mut client = Client::connect(admin_url, NoTls)?;
    client.batch_execute(&format!("CREATE DATABASE {name}"))?;
    Ok(with_database(admin_url, &name))
}

fn duration_ms(ms: i64) -> Duration {
    Duration::from_millis(u64::try_from(ms).unwrap_or(0))
}

fn insert_events(
    tx: &mut Transaction<'_>,
    game: &GameId,
    rows: &[(i64, i64, String)],
    summary: &Summary,
) -> Result<(), StoreError> {
    if !rows.is_empty() {
        let insert =
            tx.prepare("INSERT INTO events (game_id, seq, at_ms, data) VALUES ($1, $2, $3, $4)")?;
        for (seq, at_ms, data) in rows {
            tx.execute(&insert, &[&game.as_str(), seq, at_ms, data])?;
        }
    }
    write_summary(tx, game, summary)
}

fn write_summary(tx: &mut Transaction<'_>, game: &GameId, s: &Summary) -> Result<(), StoreError> {
    let moves = i32::try_from(s.moves).unwrap_or(i32::MAX);
    tx.execute(
        "UPDATE summaries SET status = $2, result = $3, seq = $4, moves = $5, running = $6,
                              damaged = $7
         WHERE game_id = $1",
        &[
            &game.as_str(),
            &s.status,
            &s.result,
            &i64_of(s.seq),
            &moves,
            &s.running,
            &s.damaged,
        ],
    )?;
    Ok(())
}

/// The lease row, locked against claims until this transaction ends.
fn locked_holder(
    tx: &mut Transaction<'_>,
    game: &GameId,
) -> Result<Option<(String, i64)>, StoreError> {
    let row = tx.query_opt(
        "SELECT owner, epoch FROM leases WHERE game_id = $1 FOR SHARE",
        &[&game.as_str()],
    )?;
    Ok(row.map(|r| (r.get(0), r.get(1))))
}

fn holder_of(tx: &mut Transaction<'_>, game: &GameId) -> Result<Option<Holder>, StoreError> {
    let row = tx.query_opt(
        "SELECT owner, epoch,
                greatest(0, (extract(epoch FROM (expires - clock_timestamp())) * 1000))::bigint
         FROM leases WHERE game_id = $1",
        &[&game.as_str()],
    )?;
    row.map(|r| {
        Ok(Holder {
            owner: r.get(0),
            epoch: u64_col(r.get(1), "epoch")?,
            remaining: duration_ms(r.get(2)),
        })
    })
    .transpose()
}

fn fenced(game: &GameId, epoch: u64, holder: Option<(String, i64)>) -> StoreError {
    StoreError::Fenced {
        game: game.clone(),
        epoch,
        holder: holder.map(|(owner, epoch)| (owner, u64::try_from(epoch).unwrap_or(0))),
    }
}

impl Store for PgStore {
    fn create_game(&self, game: &NewGame) -> Result<(), StoreError> {
        let game = game.clone();
        let setup = setup_to_json(&game.setup);
        self.call(move |tx| {
            tx.execute(
                "INSERT INTO games (id, created_ms, setup) VALUES ($1, $2, $3)",
                &[&game.id.as_str(), &i64_of(game.created_ms), &setup],
            )?;
            for (seat, hash) in &game.tokens {
                tx.execute(
                    "INSERT INTO tokens (game_id, seat, hash) VALUES ($1, $2, $3)",
                    &[&game.id.as_str(), &seat.key(), &&hash.0[..]],
                )?;
            }
            let players = &game.setup.players;
            tx.execute(
                "INSERT INTO summaries (game_id, white, black, status, result, seq, moves, running)
                 VALUES ($1, $2, $3, 'playing', NULL, 0, 0, false)",
                &[&game.id.as_str(), &players.white.name, &players.black.name],
            )?;
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
        self.call(move |tx| insert_events(tx, &game, &rows, &summary))
    }

    fn append_async(&self, game: &GameId, events: &[Recorded], summary: &Summary) -> Appending {
        let rows = event_rows(events);
        let (game, summary) = (game.clone(), summary.clone());
        self.pending(move |tx| insert_events(tx, &game, &rows, &summary))
    }

    fn mark_damaged(&self, game: &GameId) -> Result<(), StoreError> {
        let game = game.clone();
        self.call(move |tx| {
            tx.execute(
                "UPDATE summaries SET damaged = true WHERE game_id = $1",
                &[&game.as_str()],
            )?;
            Ok(())
        })
    }

    fn load_game(&self, game: &GameId) -> Result<Option<StoredGame>, StoreError> {
        let game = game.clone();
        self.call(move |tx| {
            let row = tx.query_opt(
                "SELECT id, created_ms, setup FROM games WHERE id = $1",
                &[&game.as_str()],
            )?;
            match row {
                None => Ok(None),
                Some(r) => game_of_row(tx, r.get(0), r.get(1), r.get(2)).map(Some),
            }
        })
    }

    fn has_game(&self, game: &GameId) -> Result<bool, StoreError> {
        let game = game.clone();
        self.call(move |tx| {
            Ok(tx
                .query_opt("SELECT 1 FROM games WHERE id = $1", &[&game.as_str()])?
                .is_some())
        })
    }

    fn list_games(&self, arbiter: Option<&TokenHash>) -> Result<Vec<Listed>, StoreError> {
        let arbiter = arbiter.copied();
        self.call(move |tx| {
            let sql = "SELECT g.id, g.created_ms, s.white, s.black, s.status, s.result, s.seq,
                              s.moves, s.running, s.damaged
                       FROM games g JOIN summaries s ON s.game_id = g.id";
            let rows = match arbiter {
                None => tx.query(&format!("{sql} ORDER BY g.created_ms, g.id"), &[])?,
                Some(hash) => tx.query(
                    &format!(
                        "{sql} JOIN tokens t ON t.game_id = g.id
                         WHERE t.seat = 'arbiter' AND t.hash = $1
                         ORDER BY g.created_ms, g.id"
                    ),
                    &[&&hash.0[..]],
                )?,
            };
            let mut games = Vec::with_capacity(rows.len());
            for r in rows {
                let Some(id) = GameId::parse(r.get(0)) else {
                    continue;
                };
                let status: String = r.get(4);
                let result: Option<String> = r.get(5);
                let moves: i32 = r.get(7);
                games.push(Listed {
                    id,
                    created_ms: u64_col(r.get(1), "creation time")?,
                    white: r.get(2),
                    black: r.get(3),
                    summary: Summary {
                        status: Summary::status_of(&status)
                            .ok_or_else(|| StoreError::Corrupt(format!("status {status:?}")))?,
                        result: result
                            .and_then(|r| crate::game::GameResult::from_pgn(&r).map(|r| r.pgn())),
                        seq: u64_col(r.get(6), "event number")?,
                        moves: u32::try_from(moves).unwrap_or(0),
                        running: r.get(8),
                        damaged: r.get(9),
                    },
                });
            }
            Ok(games)
        })
    }

    fn unstarted_games(&self) -> Result<Vec<(GameId, u64)>, StoreError> {
        self.call(|tx| {
            let rows = tx.query(
                "SELECT g.id, g.created_ms FROM games g JOIN summaries s ON s.game_id = g.id
                 WHERE s.moves = 0 ORDER BY g.created_ms, g.id",
                &[],
            )?;
            let mut games = Vec::new();
            for r in rows {
                if let Some(id) = GameId::parse(r.get(0)) {
                    games.push((id, u64_col(r.get(1), "creation time")?));
                }
            }
            Ok(games)
        })
    }

    fn newest_game(&self) -> Result<Option<GameId>, StoreError> {
        self.call(|tx| {
            let row = tx.query_opt(
                "SELECT id FROM games ORDER BY created_ms DESC, id DESC LIMIT 1",
                &[],
            )?;
            Ok(row.and_then(|r| GameId::parse(r.get(0))))
        })
    }

    fn load_games(&self) -> Result<Vec<StoredGame>, StoreError> {
        self.call(|tx| {
            let rows = tx.query(
                "SELECT id, created_ms, setup FROM games ORDER BY created_ms, id",
                &[],
            )?;
            let mut games = Vec::with_capacity(rows.len());
            for r in rows {
                let id: &str = r.get(0);
                match game_of_row(tx, id, r.get(1), r.get(2)) {
                    Ok(game) => games.push(game),
                    // Without its id or setup a game cannot be shown at all; the others still are.
                    Err(e) => tracing::error!(game = %id, "not loaded: {e}"),
                }
            }
            Ok(games)
        })
    }

    fn create_round(&self, round: &StoredRound) -> Result<(), StoreError> {
        let round = round.clone();
        self.call(move |tx| {
            tx.execute(
                "INSERT INTO rounds (id, created_ms, event, site, round, arbiter, trf_round)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
                &[
                    &round.id.as_str(),
                    &i64_of(round.created_ms),
                    &round.event,
                    &round.site,
                    &round.round,
                    &&round.arbiter.0[..],
                    &round.trf_round.map(i64::from),
                ],
            )?;
            for (board, game) in &round.boards {
                tx.execute(
                    "INSERT INTO round_boards (round_id, board, game_id) VALUES ($1, $2, $3)",
                    &[&round.id.as_str(), &i64::from(*board), &game.as_str()],
                )?;
            }
            for p in &round.players {
                let (board, code) = p.place.columns();
                tx.execute(
                    "INSERT INTO round_players (round_id, rank, name, fide_id, board, code)
                     VALUES ($1, $2, $3, $4, $5, $6)",
                    &[
                        &round.id.as_str(),
                        &i64::from(p.rank),
                        &p.name,
                        &p.fide_id,
                        &board,
                        &code,
                    ],
                )?;
            }
            Ok(())
        })
    }

    fn load_round(&self, round: &GameId) -> Result<Option<StoredRound>, StoreError> {
        let id = round.clone();
        self.call(move |tx| {
            let Some(row) = tx.query_opt(
                "SELECT created_ms, event, site, round, arbiter, trf_round FROM rounds
                 WHERE id = $1",
                &[&id.as_str()],
            )?
            else {
                return Ok(None);
            };
            let arbiter: [u8; 32] = row
                .get::<_, Vec<u8>>(4)
                .try_into()
                .map_err(|_| StoreError::Corrupt(format!("round {id}: arbiter hash")))?;
            let mut boards = Vec::new();
            for r in tx.query(
                "SELECT board, game_id FROM round_boards WHERE round_id = $1 ORDER BY board",
                &[&id.as_str()],
            )? {
                let board: i64 = r.get(0);
                let game: &str = r.get(1);
                let board = u32::try_from(board)
                    .map_err(|_| StoreError::Corrupt(format!("round {id}: board {board}")))?;
                let game = GameId::parse(game)
                    .ok_or_else(|| StoreError::Corrupt(format!("round {id}: game {game}")))?;
                boards.push((board, game));
            }
            let mut players = Vec::new();
            for r in tx.query(
                "SELECT rank, name, fide_id, board, code FROM round_players
                 WHERE round_id = $1 ORDER BY rank",
                &[&id.as_str()],
            )? {
                let row = PlayerRow {
                    rank: r.get(0),
                    name: r.get(1),
                    fide_id: r.get(2),
                    board: r.get(3),
                    code: r.get(4),
                };
                players.push(row.player(&id)?);
            }
            Ok(Some(StoredRound {
                id: id.clone(),
                created_ms: u64::try_from(row.get::<_, i64>(0)).unwrap_or(0),
                event: row.get(1),
                site: row.get(2),
                round: row.get(3),
                arbiter: TokenHash(arbiter),
                boards,
                trf_round: trf_round_of(&id, row.get(5))?,
                players,
            }))
        })
    }

    fn delete_game(&self, game: &GameId) -> Result<(), StoreError> {
        let game = game.clone();
        self.call(move |tx| {
            for (table, column) in [
                ("commands", "game_id"),
                ("events", "game_id"),
                ("tokens", "game_id"),
                ("summaries", "game_id"),
                ("leases", "game_id"),
                ("games", "id"),
            ] {
                tx.execute(
                    &format!("DELETE FROM {table} WHERE {column} = $1"),
                    &[&game.as_str()],
                )?;
            }
            Ok(())
        })
    }
}

impl Owners for PgStore {
    fn node(&self) -> &str {
        &self.node
    }

    fn claim(&self, game: &GameId, ttl: Duration) -> Pending<Claim> {
        let (game, node, ms) = (game.clone(), self.node.clone(), ttl_ms(ttl));
        // A transaction of its own that waits for no other: see [`Grouping::Alone`].
        self.pending_in(Grouping::Alone, move |tx| {
            // A lease in force of another node: held, read without a lock (the common case:
            // a node that loads a game another node serves). Waiting for the row's lock
            // held the writer up to the lock timeout for each such claim, and the claims of
            // thousands of seats connecting to followers starved its writes.
            if let Some(holder) = holder_of(tx, &game)?
                && holder.owner != node
                && !holder.remaining.is_zero()
            {
                return Ok(Claim::Held(holder));
            }
            tx.batch_execute(CLAIM_LOCK_TIMEOUT)?;
            // One statement: a new lease (epoch 1), or the next epoch if the lease in force
            // has expired or is this node's own. The row lock orders it with every append.
            let mut attempt = tx.savepoint("claim")?;
            let granted = attempt.query_opt(
                "INSERT INTO leases AS l (game_id, owner, epoch, expires)
                 VALUES ($1, $2, 1, clock_timestamp() + $3 * interval '1 millisecond')
                 ON CONFLICT (game_id) DO UPDATE
                   SET owner = EXCLUDED.owner, epoch = l.epoch + 1, expires = EXCLUDED.expires
                   WHERE l.expires <= clock_timestamp() OR l.owner = EXCLUDED.owner
                 RETURNING epoch",
                &[&game.as_str(), &node, &(ms as f64)],
            );
            let granted = match granted {
                Ok(row) => {
                    attempt.commit()?;
                    row
                }
                // Another node's transaction has the row: its owner is writing, so alive.
                // The lease as committed says who holds it; a claim a moment later decides.
                Err(e) if e.code() == Some(&SqlState::LOCK_NOT_AVAILABLE) => {
                    attempt.rollback()?;
                    None
                }
                Err(e) => return Err(e.into()),
            };
            match granted {
                Some(r) => Ok(Claim::Granted(Lease {
                    epoch: u64_col(r.get(0), "epoch")?,
                    game,
                    ttl: duration_ms(ms),
                })),
                None => {
                    let holder = holder_of(tx, &game)?
                        .ok_or(StoreError::Internal("a lease refused and not there yet"))?;
                    Ok(Claim::Held(holder))
                }
            }
        })
    }

    fn renew(&self, game: &GameId, epoch: u64, ttl: Duration) -> Pending<()> {
        let (game, node, ms) = (game.clone(), self.node.clone(), ttl_ms(ttl));
        self.pending_in(Grouping::Alone, move |tx| {
            let renewed = tx.execute(
                "UPDATE leases SET expires = clock_timestamp() + $4 * interval '1 millisecond'
                 WHERE game_id = $1 AND owner = $2 AND epoch = $3",
                &[&game.as_str(), &node, &i64_of(epoch), &(ms as f64)],
            )?;
            if renewed == 1 {
                Ok(())
            } else {
                let holder = locked_holder(tx, &game)?;
                Err(fenced(&game, epoch, holder))
            }
        })
    }

    fn renew_all(&self, ttl: Duration) -> Pending<Vec<(GameId, u64)>> {
        let (node, ms) = (self.node.clone(), ttl_ms(ttl));
        // On the writer's connection, between two of its batches (so never against this
        // node's own appends, which hold their lease rows `FOR SHARE` until their commit), and
        // ahead of the appends waiting: a node behind on its writes is still alive. One
        // statement a tick, not one per game.
        self.pending_in(Grouping::Alone, move |tx| {
            let rows = tx.query(
                "UPDATE leases SET expires = clock_timestamp() + $2 * interval '1 millisecond'
                 WHERE owner = $1 AND expires > clock_timestamp()
                 RETURNING game_id, epoch",
                &[&node, &(ms as f64)],
            )?;
            let mut held = Vec::with_capacity(rows.len());
            for r in rows {
                let game: &str = r.get(0);
                let id = GameId::parse(game)
                    .ok_or_else(|| StoreError::Corrupt(format!("lease of game {game:?}")))?;
                held.push((id, u64_col(r.get(1), "epoch")?));
            }
            Ok(held)
        })
    }

    fn release(&self, game: &GameId, epoch: u64) -> Pending<bool> {
        let (game, node) = (game.clone(), self.node.clone());
        self.pending(move |tx| {
            let released = tx.execute(
                "UPDATE leases SET expires = clock_timestamp()
                 WHERE game_id = $1 AND owner = $2 AND epoch = $3",
                &[&game.as_str(), &node, &i64_of(epoch)],
            )?;
            Ok(released == 1)
        })
    }

    fn release_all(&self) -> Pending<u64> {
        let node = self.node.clone();
        self.pending_in(Grouping::Alone, move |tx| {
            let released = tx.execute(
                "UPDATE leases SET expires = clock_timestamp()
                 WHERE owner = $1 AND expires > clock_timestamp()",
                &[&node],
            )?;
            Ok(released)
        })
    }

    fn holder(&self, game: &GameId) -> Pending<Option<Holder>> {
        let game = game.clone();
        self.pending(move |tx| holder_of(tx, &game))
    }

    fn held_by_others(&self) -> Pending<Vec<(GameId, Duration)>> {
        let node = self.node.clone();
        self.pending(move |tx| {
            let rows = tx.query(
                "SELECT game_id,
                        greatest(0, (extract(epoch FROM (expires - clock_timestamp())) * 1000))::bigint
                 FROM leases WHERE owner <> $1 AND expires > clock_timestamp()",
                &[&node],
            )?;
            Ok(rows
                .iter()
                .filter_map(|r| Some((GameId::parse(r.get(0))?, duration_ms(r.get(1)))))
                .collect())
        })
    }

    fn append_fenced(
        &self,
        game: &GameId,
        epoch: u64,
        command: Option<&CommandId>,
        events: &[Recorded],
        summary: &Summary,
    ) -> Pending<Appended> {
        let rows = event_rows(events);
        let (game, summary) = (game.clone(), summary.clone());
        let (node, command) = (self.node.clone(), command.cloned());
        self.pending(move |tx| {
            let holder = locked_holder(tx, &game)?;
            let ours = holder
                .as_ref()
                .is_some_and(|(owner, e)| *owner == node && *e == i64_of(epoch));
            if !ours {
                return Err(fenced(&game, epoch, holder));
            }
            if let Some(command) = &command {
                let recorded = tx.query_opt(
                    "INSERT INTO commands (game_id, command, seq) VALUES ($1, $2, $3)
                     ON CONFLICT (game_id, command) DO NOTHING RETURNING seq",
                    &[&game.as_str(), &command.as_str(), &i64_of(summary.seq)],
                )?;
                if recorded.is_none() {
                    let seq: i64 = tx
                        .query_one(
                            "SELECT seq FROM commands WHERE game_id = $1 AND command = $2",
                            &[&game.as_str(), &command.as_str()],
                        )?
                        .get(0);
                    return Ok(Appended::AlreadyApplied {
                        seq: u64_col(seq, "event number")?,
                    });
                }
            }
            insert_events(tx, &game, &rows, &summary)?;
            Ok(Appended::Written)
        })
    }

    fn command_applied(&self, game: &GameId, command: &CommandId) -> Pending<Option<u64>> {
        let (game, command) = (game.clone(), command.clone());
        self.pending(move |tx| {
            let row = tx.query_opt(
                "SELECT seq FROM commands WHERE game_id = $1 AND command = $2",
                &[&game.as_str(), &command.as_str()],
            )?;
            row.map(|r| u64_col(r.get(0), "event number")).transpose()
        })
    }
}

/// One game from its `games` row, its tokens and its events.
fn game_of_row(
    tx: &mut Transaction<'_>,
    id: &str,
    created_ms: i64,
    setup: &str,
) -> Result<StoredGame, StoreError> {
    let id = GameId::parse(id).ok_or_else(|| StoreError::Corrupt(format!("game id {id:?}")))?;
    let loaded = load_events(tx, &id)?;
    let tokens = load_tokens(tx, &id)?;
    Ok(game_of_parts(id, created_ms, setup, tokens, loaded))
}

fn load_tokens(tx: &mut Transaction<'_>, id: &GameId) -> Result<Vec<TokenRow>, StoreError> {
    let rows = tx.query(
        "SELECT seat, hash FROM tokens WHERE game_id = $1 ORDER BY seat",
        &[&id.as_str()],
    )?;
    Ok(rows
        .iter()
        .map(|r| token_of(r.get::<_, &str>(0), r.get::<_, Vec<u8>>(1)))
        .collect())
}

/// A game's events in order, up to the first row that does not decode or does not follow
/// the one before it; that row is the damage.
fn load_events(
    tx: &mut Transaction<'_>,
    id: &GameId,
) -> Result<(Vec<Recorded>, Option<ReplayError>), StoreError> {
    let rows = tx.query(
        "SELECT seq, at_ms, data FROM events WHERE game_id = $1 ORDER BY seq",
        &[&id.as_str()],
    )?;
    events_of_rows(rows.iter().map(|r| {
        Ok(Ok((
            r.get::<_, i64>(0),
            r.get::<_, i64>(1),
            r.get::<_, &str>(2),
        )))
    }))
}

// --- the writer's connection ------------------------------------------------------------------

/// How long a claim waits for another transaction's lock on the lease row before it
/// answers that the game is held (the owner is writing: it is alive).
const CLAIM_LOCK_TIMEOUT: &str = "SET LOCAL lock_timeout = '200ms'";

/// How long PostgreSQL lets a writer's transaction sit idle before it ends the session
/// (`idle_in_transaction_session_timeout`): a node stopped (SIGSTOP, a frozen VM) in the
/// middle of a batch would otherwise hold its lease rows locked, and no other node could
/// take its games over. A live writer is never idle inside a transaction for this long.
const IDLE_IN_TRANSACTION: &str = "SET idle_in_transaction_session_timeout = '1s'";

/// The writer's connection, made again from `config` when it was lost.
struct PgBackend {
    config: postgres::Config,
    client: Client,
}

impl Backend for PgBackend {
    type Tx<'c> = Transaction<'c>;
    type Error = postgres::Error;

    /// A lost connection stays until a new one is made: a group that finds it closed tries
    /// again, the next one too if that fails.
    fn reconnect_if_lost(&mut self) -> Result<(), postgres::Error> {
        if self.client.is_closed() {
            let mut client = self.config.connect(NoTls)?;
            client.batch_execute(IDLE_IN_TRANSACTION)?;
            self.client = client;
        }
        Ok(())
    }

    fn begin(&mut self) -> Result<Transaction<'_>, postgres::Error> {
        self.client.transaction()
    }

    fn commit(tx: Transaction<'_>) -> Result<(), postgres::Error> {
        tx.commit()
    }

    fn roll_back(tx: Transaction<'_>) {
        let _ = tx.rollback();
    }

    fn savepoint<'t>(tx: &'t mut Transaction<'_>) -> Result<Transaction<'t>, postgres::Error> {
        tx.savepoint("op")
    }

    fn release(savepoint: Transaction<'_>) -> Result<(), postgres::Error> {
        savepoint.commit()
    }

    fn roll_back_to(savepoint: Transaction<'_>) -> Result<(), postgres::Error> {
        savepoint.rollback()
    }

    fn group_failed(stage: &'static str, source: Arc<postgres::Error>) -> StoreError {
        StoreError::PgTransaction { stage, source }
    }
}

#[cfg(test)]
mod tests {
    use super::super::owners::contract;
    use super::*;

    /// A store on a new database of `HAMLE_TEST_STORE`'s server. The tests that call it need
    /// a PostgreSQL server: they are `#[ignore]`d, and `scripts/test postgres` starts one, sets
    /// the variable and runs them (`-- --include-ignored`). Run without it, they fail.
    fn fresh(node: &str) -> (String, PgStore) {
        let admin = std::env::var("HAMLE_TEST_STORE").expect(
            "HAMLE_TEST_STORE names the PostgreSQL this test needs (scripts/test postgres)",
        );
        let url = create_test_database(&admin).unwrap();
        let store = PgStore::open(&url, node).unwrap();
        (url, store)
    }

    /// Another session holding `game`'s lease row locked (`FOR SHARE`, as an owner's append
    /// does, or `FOR UPDATE`) in a transaction left open: as another node's batch in flight.
    fn lease_row_locked(url: &str, game: &GameId, mode: &str) -> Client {
        let mut client = Client::connect(url, NoTls).unwrap();
        client.batch_execute("BEGIN").unwrap();
        client
            .query(
                &format!("SELECT 1 FROM leases WHERE game_id = $1 {mode}"),
                &[&game.as_str()],
            )
            .unwrap();
        client
    }

    #[test]
    fn the_schema_is_the_number_of_migrations() {
        assert_eq!(migrations().latest(), i64::from(PG_SCHEMA_VERSION));
    }

    #[test]
    fn database_urls() {
        assert_eq!(
            with_database("postgres://u@127.0.0.1:5432/postgres", "x"),
            "postgres://u@127.0.0.1:5432/x"
        );
        assert_eq!(
            with_database("postgresql://u:p@h:1/db?sslmode=disable", "x"),
            "postgresql://u:p@h:1/x?sslmode=disable"
        );
        assert_eq!(with_database("postgres://h", "x"), "postgres://h/x");
    }

    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn a_round_reads_back_with_its_boards_and_players_in_order() {
        let (_, store) = fresh("n1");
        crate::store::round_contract::reads_back(&store);
    }

    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn one_node_fences_an_earlier_epoch_and_applies_a_command_once() {
        let (_, store) = fresh("n1");
        contract::one_node(&store);
    }

    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn a_former_owner_is_fenced_once_another_node_claims() {
        let (url, a) = fresh("a");
        let b = PgStore::open(&url, "b").unwrap();
        contract::two_nodes(&a, &b);
    }

    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn a_node_sees_the_other_nodes_leases_in_force() {
        let (url, a) = fresh("a");
        let b = PgStore::open(&url, "b").unwrap();
        contract::held_by_others(&a, &a, &b);
    }

    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn a_node_started_again_lets_its_games_go_and_no_other_nodes() {
        let (url, a) = fresh("a");
        let b = PgStore::open(&url, "b").unwrap();
        contract::release_all(&a, &a, Some(&b));
    }

    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn a_node_renews_its_live_leases_at_once_and_no_other_nodes() {
        let (url, a) = fresh("a");
        let b = PgStore::open(&url, "b").unwrap();
        contract::renew_all(&a, &a, Some(&b));
    }

    /// Another node's transaction holding a game's lease row (its owner appending, or a
    /// node stopped in the middle of a batch) makes this node's claim of that game answer
    /// `Held` at once: the claim does not hold this node's own writes up behind it. Grouped
    /// with the appends, it did, and two nodes claiming each other's games deadlocked (the
    /// cluster benchmark's saturation run stalled on every game).
    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn a_claim_holds_up_no_write_behind_another_nodes_transaction() {
        let (url, a) = fresh("a");
        let b = PgStore::open(&url, "b").unwrap();
        let ttl = Duration::from_secs(30);
        let (x, y) = (contract::create(&a, 1), contract::create(&a, 2));
        contract::granted(contract::block_on(a.claim(&x, ttl)).unwrap());
        let lease_y = contract::granted(contract::block_on(b.claim(&y, ttl)).unwrap());
        // Node a's batch in flight, holding x's lease row as its appends do.
        let mut in_flight = lease_row_locked(&url, &x, "FOR SHARE");
        let claimed = b.claim(&x, ttl);
        let appended = b.append_fenced(
            &y,
            lease_y.epoch,
            None,
            &contract::events(1, 1),
            &contract::summary(1),
        );
        let both = contract::block_on(async {
            tokio::time::timeout(Duration::from_secs(5), async {
                (claimed.await, appended.await)
            })
            .await
        });
        let (claimed, appended) = both.expect("node b's writer waited for node a's transaction");
        match claimed.unwrap() {
            Claim::Held(holder) => assert_eq!(holder.owner, "a"),
            granted => panic!("x was claimed from its live owner: {granted:?}"),
        }
        assert_eq!(appended.unwrap(), Appended::Written);
        in_flight.batch_execute("ROLLBACK").unwrap();
        assert_eq!(b.load_game(&y).unwrap().unwrap().events.len(), 1);
    }

    /// A claim of a game whose lease another node holds in force answers `Held` from a
    /// read, without waiting for the lease row's lock (which that node's batches hold while
    /// they append): waiting, each claim of a seat connecting to a follower held the
    /// follower's writer up to the lock timeout, and at 2,000 games the followers' writers
    /// starved (seats could not connect).
    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn a_claim_of_a_lease_in_force_does_not_wait_for_its_lock() {
        let (url, a) = fresh("a");
        let b = PgStore::open(&url, "b").unwrap();
        let ttl = Duration::from_secs(30);
        let x = contract::create(&a, 1);
        assert!(matches!(
            contract::block_on(a.claim(&x, ttl)).unwrap(),
            Claim::Granted(_)
        ));
        let mut owner = lease_row_locked(&url, &x, "FOR SHARE");
        // Whether any session waits for a lock, looked at while the claims run.
        let stop = std::sync::Arc::new(std::sync::atomic::AtomicBool::new(false));
        let watch = {
            let (stop, url) = (stop.clone(), url.clone());
            std::thread::spawn(move || {
                let mut watcher = Client::connect(&url, NoTls).unwrap();
                let mut waited = false;
                while !stop.load(std::sync::atomic::Ordering::Relaxed) {
                    let row = watcher
                        .query_one("SELECT count(*) FROM pg_locks WHERE NOT granted", &[])
                        .unwrap();
                    waited |= row.get::<_, i64>(0) > 0;
                    std::thread::sleep(Duration::from_millis(5));
                }
                waited
            })
        };
        std::thread::sleep(Duration::from_millis(50));
        let claimed: Vec<_> = (0..5)
            .map(|_| contract::block_on(b.claim(&x, ttl)))
            .collect();
        stop.store(true, std::sync::atomic::Ordering::Relaxed);
        let waited = watch.join().unwrap();
        for c in claimed {
            assert!(matches!(c.unwrap(), Claim::Held(h) if h.owner == "a"));
        }
        assert!(!waited, "a claim waited for the lease row's lock");
        owner.batch_execute("ROLLBACK").unwrap();
    }

    /// A node's renewal goes ahead of the writes waiting in its queue: a live owner whose
    /// writes are behind (a saturated node) keeps its leases. Queued behind them, the renewal
    /// came after the lease had run out, and the cluster benchmark's owners lost their games
    /// to each other under load.
    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn a_renewal_goes_ahead_of_the_writes_waiting() {
        let (url, a) = fresh("a");
        let b = PgStore::open(&url, "b").unwrap();
        let ttl = Duration::from_secs(30);
        let (x, y, z) = (
            contract::create(&a, 1),
            contract::create(&a, 2),
            contract::create(&a, 3),
        );
        contract::granted(contract::block_on(a.claim(&x, ttl)).unwrap());
        let lease_y = contract::granted(contract::block_on(a.claim(&y, ttl)).unwrap());
        let lease_z = contract::granted(contract::block_on(b.claim(&z, ttl)).unwrap());
        // Two other transactions hold y's and z's lease rows: node a's batch with the
        // append of y waits for the first; the append of z, queued behind it, will wait for
        // the second.
        let (mut on_y, mut on_z) = (
            lease_row_locked(&url, &y, "FOR UPDATE"),
            lease_row_locked(&url, &z, "FOR UPDATE"),
        );
        let summary = contract::summary(1);
        let first = a.append_fenced(&y, lease_y.epoch, None, &contract::events(1, 1), &summary);
        std::thread::sleep(Duration::from_millis(300));
        let queued = a.append_fenced(&z, lease_z.epoch, None, &contract::events(1, 1), &summary);
        let renewed = a.renew_all(ttl);
        on_y.batch_execute("ROLLBACK").unwrap();
        let (first, renewed) = contract::block_on(async {
            tokio::time::timeout(Duration::from_secs(5), async {
                (first.await, renewed.await)
            })
            .await
        })
        .expect("the renewal waited behind the queued append");
        assert_eq!(first.unwrap(), Appended::Written);
        let mut held: Vec<GameId> = renewed.unwrap().into_iter().map(|(g, _)| g).collect();
        held.sort_unstable_by_key(|g| g.to_string());
        let mut mine = vec![x, y];
        mine.sort_unstable_by_key(|g| g.to_string());
        assert_eq!(held, mine);
        on_z.batch_execute("ROLLBACK").unwrap();
        // Node a never owned z: its append is fenced once z's row is free.
        assert!(matches!(
            contract::block_on(queued),
            Err(StoreError::Fenced { .. })
        ));
    }

    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn many_games_appended_at_once() {
        let (_, store) = fresh("n1");
        contract::group_commit(&store);
    }

    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn append_read_back_list_and_remove() {
        let (url, store) = fresh("n1");
        let game = contract::create(&store, 3);
        assert!(store.has_game(&game).unwrap());
        assert!(!store.has_game(&GameId::from_bytes([4; 8])).unwrap());
        store
            .append(&game, &contract::events(1, 3), &contract::summary(3))
            .unwrap();
        contract::block_on(store.append_async(
            &game,
            &contract::events(4, 5),
            &contract::summary(5),
        ))
        .unwrap();
        // A duplicate event number is refused as a whole, the summary with it.
        assert!(
            store
                .append(&game, &contract::events(5, 6), &contract::summary(6))
                .is_err()
        );
        let stored = store.load_game(&game).unwrap().unwrap();
        assert_eq!(stored.setup, contract::setup());
        assert_eq!(stored.events, contract::events(1, 5));
        assert!(stored.damage.is_none());
        assert_eq!(stored.tokens.len(), 2);
        // Another connection (another node) reads the same.
        let other = PgStore::open(&url, "n2").unwrap();
        assert_eq!(
            other.load_games().unwrap()[0].events,
            contract::events(1, 5)
        );
        let listed = store.list_games(None).unwrap();
        assert_eq!(listed.len(), 1);
        assert_eq!(
            (listed[0].white.as_str(), listed[0].summary.seq),
            ("Ayşe", 5)
        );
        let arbiter = TokenHash([3 ^ 0xff; 32]);
        assert_eq!(store.list_games(Some(&arbiter)).unwrap().len(), 1);
        assert!(
            store
                .list_games(Some(&TokenHash([3; 32])))
                .unwrap()
                .is_empty()
        );
        assert_eq!(store.newest_game().unwrap(), Some(game.clone()));
        assert!(store.unstarted_games().unwrap().is_empty());
        store.mark_damaged(&game).unwrap();
        assert!(store.list_games(None).unwrap()[0].summary.damaged);
        store.delete_game(&game).unwrap();
        assert!(store.load_game(&game).unwrap().is_none());
        assert!(store.load_games().unwrap().is_empty());
        store.delete_game(&game).unwrap();
    }

    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn a_damaged_event_is_where_the_game_stops() {
        let (url, store) = fresh("n1");
        let game = contract::create(&store, 5);
        store
            .append(&game, &contract::events(1, 3), &contract::summary(3))
            .unwrap();
        let mut client = Client::connect(&url, NoTls).unwrap();
        client
            .execute(
                "UPDATE events SET data = '{\"nonsense\":1}' WHERE game_id = $1 AND seq = 2",
                &[&game.as_str()],
            )
            .unwrap();
        let stored = store.load_game(&game).unwrap().unwrap();
        assert_eq!(stored.events, contract::events(1, 1));
        assert_eq!(stored.damage.map(|d| d.seq), Some(2));
    }

    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn the_schema_is_made_once_and_a_newer_one_is_refused_untouched() {
        let (url, store) = fresh("n1");
        drop(store);
        // Opening again (another node starting) migrates nothing and keeps the games.
        let again = PgStore::open(&url, "n2").unwrap();
        let game = contract::create(&again, 6);
        drop(again);
        let mut client = Client::connect(&url, NoTls).unwrap();
        let version: i32 = client
            .query_one("SELECT version FROM hamle_schema", &[])
            .unwrap()
            .get(0);
        assert_eq!(version, PG_SCHEMA_VERSION);
        client
            .execute("UPDATE hamle_schema SET version = version + 1", &[])
            .unwrap();
        match PgStore::open(&url, "n1") {
            Err(StoreError::TooNew { found, known }) => {
                assert_eq!(
                    (found, known),
                    (
                        i64::from(PG_SCHEMA_VERSION) + 1,
                        i64::from(PG_SCHEMA_VERSION)
                    )
                )
            }
            Err(e) => panic!("{e}"),
            Ok(_) => panic!("opened a newer schema"),
        }
        client
            .execute("UPDATE hamle_schema SET version = version - 1", &[])
            .unwrap();
        assert!(PgStore::open(&url, "n1").unwrap().has_game(&game).unwrap());
    }

    /// A database of every earlier schema opens, migrated to this one, with its games as
    /// they were (and a round of schema 2 with no TRF round nor players).
    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn a_database_of_every_earlier_schema_opens_with_its_games() {
        let admin = std::env::var("HAMLE_TEST_STORE").expect("HAMLE_TEST_STORE (scripts/test)");
        for schema in 1..i64::from(PG_SCHEMA_VERSION) {
            let url = create_test_database(&admin).unwrap();
            let mut client = Client::connect(&url, NoTls).unwrap();
            let mut tx = client.transaction().unwrap();
            migrations().to_version(&mut tx, schema).unwrap();
            tx.commit().unwrap();
            client
                .batch_execute(
                    "INSERT INTO games (id, created_ms, setup) VALUES ('00000000000000aa', 1, '{}');
                     INSERT INTO summaries (game_id, white, black, status, seq, moves, running)
                         VALUES ('00000000000000aa', 'Ayşe', 'Jörg', 'playing', 0, 0, false);",
                )
                .unwrap();
            if schema >= 2 {
                client
                    .batch_execute(
                        "INSERT INTO rounds (id, created_ms, event, site, round, arbiter)
                             VALUES ('00112233445566ff', 7, 'Blind Open', 'Hamburg', '3',
                                     decode(repeat('09', 32), 'hex'))",
                    )
                    .unwrap();
            }
            let store = PgStore::open(&url, "n1").unwrap();
            let version: i32 = client
                .query_one("SELECT version FROM hamle_schema", &[])
                .unwrap()
                .get(0);
            assert_eq!(version, PG_SCHEMA_VERSION, "from schema {schema}");
            let listed = store.list_games(None).unwrap();
            assert_eq!(listed.len(), 1, "from schema {schema}");
            assert_eq!(listed[0].white, "Ayşe", "from schema {schema}");
            if schema >= 2 {
                let round = GameId::parse("00112233445566ff").unwrap();
                let round = store.load_round(&round).unwrap().unwrap();
                assert_eq!((round.trf_round, round.players.len()), (None, 0));
            }
        }
    }

    #[test]
    #[ignore = "needs PostgreSQL (scripts/test postgres)"]
    fn a_lost_connection_fails_its_batch_and_the_next_one_reconnects() {
        let (url, store) = fresh("n1");
        let game = contract::create(&store, 7);
        let mut client = Client::connect(&url, NoTls).unwrap();
        // End every other session on this database: the store's connection among them.
        client
            .execute(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
                 WHERE datname = current_database() AND pid <> pg_backend_pid()",
                &[],
            )
            .unwrap();
        // The first write after that may fail (not acknowledged); a later one succeeds on
        // a new connection.
        let mut ok = false;
        for _ in 0..3 {
            if store
                .append(&game, &contract::events(1, 1), &contract::summary(1))
                .is_ok()
            {
                ok = true;
                break;
            }
        }
        assert!(ok, "the store did not reconnect");
        assert_eq!(store.load_game(&game).unwrap().unwrap().events.len(), 1);
    }
}
