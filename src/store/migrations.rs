//! SQLite's schema versions and the migrations between them, run by the stores' one
//! mechanism ([`super::migrate`]), which keeps the version in SQLite's `user_version`.
//!
//! A database is brought to [`SCHEMA_VERSION`] when it is opened, in one transaction
//! (`IMMEDIATE`: it takes the write lock as it begins): a new one runs every migration, an
//! older one the migrations it lacks, and one written by a newer hamle is refused untouched. A
//! migration is never changed once released; a change of the tables or of the stored records
//! (`record.rs`, pinned by `snapshot.rs`) is a new migration at the end of [`migrations`],
//! which brings every older database to the new shape.
//!
//! | version | what it added |
//! |---|---|
//! | 1 | `games` (id, creation time, setup record), `tokens` (seat token hashes), `events` (numbered event records) |
//! | 2 | `summaries`: what the list of games shows without loading a game; every stored game summarised by replaying it |
//! | 3 | no table changes: marks the `ruled` record's branch `undo` (the arbiter undoes a ruling, issue 18), which an older hamle cannot read |
//! | 4 | `rounds` (a round of an event: its name, site, round, the hash of its arbiter token) and `round_boards` (each board's game); no record changes |
//! | 5 | no table changes: the rules profile's start and arbiter's choices (`wait_for_start`, `default_time_ms`, `vi_illegal`, `after_fix`, `touch_stops_clock`) and the records `started`, `arrived`, `default_time_over`, `illegal_announced` (issue 18), which an older hamle cannot read |
//! | 6 | `rounds.trf_round` (the TRF file's round a round was read from) and `round_players` (a TRF round's players: starting rank, name, FIDE id, board and colour, or bye code; issue 31), for the round's results back to the pairing program; no record changes |
//! | 7 | no table changes: a game against the computer (issue 34): a player's `computer` level in the setup record, and the record `taken_back` (a practice game's take-back), which an older hamle cannot read |
//! | 8 | no table changes: the arbiter's records (issue 31): `touch_released`, `noted` (his note on a ruling), `result_corrected`, the end reason `forfeit` and the result `0-0` (a double forfeit), which an older hamle cannot read |
//! | 9 | no table changes (issue 31): the record `seat_link_issued` (a seat's link issued again, with the new token's hash), which an older hamle cannot read, and a round's game's board and FIDE ids in the setup record (`event_board`, `white_fide_id`, `black_fide_id`; absent in older setups) |
//! | 10 | no table changes (issue 33): the record `board_sensed` (an electronic board's raw readings, the arbiter's evidence), which an older hamle cannot read |

use rusqlite::{Connection, TransactionBehavior};

use super::StoreError;
use super::migrate::{Migration, Migrations, Versioned};

/// The schema this hamle writes: the number of migrations.
pub const SCHEMA_VERSION: i64 = 10;

const SCHEMA_1: &str = "
CREATE TABLE IF NOT EXISTS games (
    id          TEXT PRIMARY KEY,
    created_ms  INTEGER NOT NULL,
    setup       TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS tokens (
    game_id     TEXT NOT NULL REFERENCES games(id),
    seat        TEXT NOT NULL,
    hash        BLOB NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS tokens_by_hash ON tokens(hash);
CREATE TABLE IF NOT EXISTS events (
    game_id     TEXT NOT NULL REFERENCES games(id),
    seq         INTEGER NOT NULL,
    at_ms       INTEGER NOT NULL,
    data        TEXT NOT NULL,
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
";

const SCHEMA_2: &str = "
CREATE TABLE IF NOT EXISTS summaries (
    game_id     TEXT PRIMARY KEY REFERENCES games(id),
    white       TEXT NOT NULL,
    black       TEXT NOT NULL,
    status      TEXT NOT NULL,
    result      TEXT,
    seq         INTEGER NOT NULL,
    moves       INTEGER NOT NULL,
    running     INTEGER NOT NULL,
    damaged     INTEGER NOT NULL DEFAULT 0
);
";

const SCHEMA_4: &str = "
CREATE TABLE IF NOT EXISTS rounds (
    id          TEXT PRIMARY KEY,
    created_ms  INTEGER NOT NULL,
    event       TEXT NOT NULL,
    site        TEXT NOT NULL,
    round       TEXT NOT NULL,
    arbiter     BLOB NOT NULL
);
CREATE TABLE IF NOT EXISTS round_boards (
    round_id    TEXT NOT NULL REFERENCES rounds(id),
    board       INTEGER NOT NULL,
    game_id     TEXT NOT NULL,
    PRIMARY KEY (round_id, board)
) WITHOUT ROWID;
";

const SCHEMA_6: &str = "
ALTER TABLE rounds ADD COLUMN trf_round INTEGER;
CREATE TABLE IF NOT EXISTS round_players (
    round_id    TEXT NOT NULL REFERENCES rounds(id),
    rank        INTEGER NOT NULL,
    name        TEXT NOT NULL,
    fide_id     TEXT,
    board       INTEGER,
    code        TEXT NOT NULL,
    PRIMARY KEY (round_id, rank)
) WITHOUT ROWID;
";

/// Schema 1 to 2's work on the rows: summarise every stored game by replaying it once. The
/// store passes its own (`sqlite::summarise_every_game`), so that the migrations use nothing
/// of the store above them.
pub(super) type Summarise = fn(&Connection) -> Result<(), StoreError>;

/// The database inside the transaction that migrates it, with the store's summary of every
/// game (for schema 2).
pub(super) struct Migrating<'c> {
    conn: &'c Connection,
    summarise: Summarise,
}

impl Versioned for Migrating<'_> {
    fn read_version(&mut self) -> Result<i64, StoreError> {
        version(self.conn)
    }

    fn write_version(&mut self, version: i64) -> Result<(), StoreError> {
        Ok(self.conn.pragma_update(None, "user_version", version)?)
    }

    fn run_statements(&mut self, sql: &str) -> Result<(), StoreError> {
        Ok(self.conn.execute_batch(sql)?)
    }
}

fn summaries_of_every_game(db: &mut Migrating<'_>) -> Result<(), StoreError> {
    (db.summarise)(db.conn)
}

/// Every migration, in order: the `n`-th brings a database from version `n - 1` to `n`.
pub(super) fn migrations<'c>() -> Migrations<Migrating<'c>> {
    Migrations::new(vec![
        Migration::sql(SCHEMA_1),
        Migration::then(SCHEMA_2, summaries_of_every_game),
        // Schema 3: records only (a ruling undone); every older record reads as it did.
        Migration::sql(""),
        // A board's game is not a foreign key: a round's game that never started is removed
        // after its time like any other, and the round shows it as gone.
        Migration::sql(SCHEMA_4),
        // Schema 5: records only (the start of the game, the arbiter's rules choices); every
        // older record reads as it did, an older profile with the choices' defaults.
        Migration::sql(""),
        // An older round has no TRF round and no players: its results go back as a list only.
        Migration::sql(SCHEMA_6),
        // Schema 7: records only (the computer's seat, a practice game's take-back); every
        // older record reads as it did, its players people.
        Migration::sql(""),
        // Schema 8: records only (a touch released, the arbiter's note, a result corrected,
        // the forfeit end reason and the double forfeit's result `0-0`); every older record
        // reads as it did.
        Migration::sql(""),
        // Schema 9: records only (a seat's link issued again, a round game's board and FIDE
        // ids); every older record reads as it did.
        Migration::sql(""),
        // Schema 10: records only (an electronic board's raw readings, issue 33); every older
        // record reads as it did.
        Migration::sql(""),
    ])
}

/// The database's schema version (`user_version`; 0 for a new database).
pub(super) fn version(conn: &Connection) -> Result<i64, StoreError> {
    Ok(conn.query_row("PRAGMA user_version", [], |r| r.get(0))?)
}

/// Brings the database to [`SCHEMA_VERSION`]; a newer one is refused and left as it is.
pub(super) fn migrate(conn: &mut Connection, summarise: Summarise) -> Result<(), StoreError> {
    migrate_to(conn, summarise, SCHEMA_VERSION)
}

/// Brings the database to schema `target` (a test's older schema, or [`SCHEMA_VERSION`]) in
/// one transaction; one past it is refused and left as it is.
pub(super) fn migrate_to(
    conn: &mut Connection,
    summarise: Summarise,
    target: i64,
) -> Result<(), StoreError> {
    // The migration's transaction takes the write lock as it begins (waiting for another
    // server's writes), not at its first write, which SQLite would refuse at once if another
    // server had written since it read.
    let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
    migrations().to_version(
        &mut Migrating {
            conn: &tx,
            summarise,
        },
        target,
    )?;
    tx.commit()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_migrations_are_valid_and_the_version_counts_them() {
        assert_eq!(migrations().latest(), SCHEMA_VERSION);
        let mut conn = Connection::open_in_memory().unwrap();
        migrate(&mut conn, crate::store::sqlite::summarise_every_game).unwrap();
        assert_eq!(version(&conn).unwrap(), SCHEMA_VERSION);
        // Opening again changes nothing.
        migrate(&mut conn, crate::store::sqlite::summarise_every_game).unwrap();
        assert_eq!(version(&conn).unwrap(), SCHEMA_VERSION);
        let tables: Vec<String> = conn
            .prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
            .unwrap()
            .query_map([], |r| r.get(0))
            .unwrap()
            .collect::<Result<_, _>>()
            .unwrap();
        assert_eq!(
            tables,
            [
                "events",
                "games",
                "round_boards",
                "round_players",
                "rounds",
                "summaries",
                "tokens"
            ]
        );
    }

    #[test]
    fn a_round_of_schema_5_keeps_its_boards_and_has_no_trf_round_nor_players() {
        let mut conn = Connection::open_in_memory().unwrap();
        migrate_to(&mut conn, crate::store::sqlite::summarise_every_game, 5).unwrap();
        conn.execute_batch(
            "INSERT INTO rounds (id, created_ms, event, site, round, arbiter)
                 VALUES ('00112233445566ff', 7, 'Blind Open', 'Hamburg', '3', x'09');
             INSERT INTO round_boards (round_id, board, game_id)
                 VALUES ('00112233445566ff', 1, '000000000000000a');",
        )
        .unwrap();
        migrate(&mut conn, crate::store::sqlite::summarise_every_game).unwrap();
        assert_eq!(version(&conn).unwrap(), SCHEMA_VERSION);
        let (round, trf_round): (String, Option<i64>) = conn
            .query_row("SELECT round, trf_round FROM rounds", [], |r| {
                Ok((r.get(0)?, r.get(1)?))
            })
            .unwrap();
        assert_eq!((round.as_str(), trf_round), ("3", None));
        let counts: (i64, i64) = conn
            .query_row(
                "SELECT (SELECT count(*) FROM round_boards), (SELECT count(*) FROM round_players)",
                [],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert_eq!(counts, (1, 0));
    }

    #[test]
    fn a_database_of_a_newer_hamle_is_refused_untouched() {
        let mut conn = Connection::open_in_memory().unwrap();
        conn.execute_batch(&format!(
            "CREATE TABLE future (x); PRAGMA user_version = {}",
            SCHEMA_VERSION + 1
        ))
        .unwrap();
        let err = migrate(&mut conn, crate::store::sqlite::summarise_every_game).unwrap_err();
        assert!(
            matches!(err, StoreError::TooNew { found, known } if found == SCHEMA_VERSION + 1 && known == SCHEMA_VERSION),
            "{err}"
        );
        assert_eq!(version(&conn).unwrap(), SCHEMA_VERSION + 1);
        let games: i64 = conn
            .query_row(
                "SELECT count(*) FROM sqlite_master WHERE name = 'games'",
                [],
                |r| r.get(0),
            )
            .unwrap();
        assert_eq!(games, 0);
    }
}
