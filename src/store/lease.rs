//! One owner per game, fenced (issue 16, `docs/scale-out.md`): the [`Leases`] a node holds on
//! the games it serves, and the appends that are refused once another node has claimed a game.
//!
//! A lease is a row (game, owner node, epoch, expiry). A node claims a game that has no lease,
//! whose lease has expired, or whose lease it held itself before a restart; each claim takes
//! the next epoch. The owner renews its lease well before it expires. Every append of the
//! owner is made in one transaction with a look at the lease: if the game's epoch is no longer
//! the owner's (another node claimed it while this one was paused or cut off), nothing is
//! written and the append fails with [`StoreError::LeaseLost`]. Expiry only says when another
//! node may claim; the epoch alone decides whether a write is taken, so a node that was slow
//! to renew but was not replaced loses nothing.
//!
//! [`SqliteLeases`] keeps the leases beside the games in the SQLite file that several nodes on
//! one machine share (its own connection, its own table, made when a node starts with a bus).
//! The table is operational state, not part of the game's record: it is not in the schema's
//! migrations and a database without it is a single node's. Times are the nodes' Unix
//! milliseconds: the nodes' clocks must agree to well under a lease (one machine, or NTP).

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use super::rows::event_rows;
use super::sqlite::insert_events;
use super::{GameId, StoreError, Summary};
use crate::game::Recorded;

/// What a claim found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// This node owns the game now, with this epoch.
    Owner { epoch: u64 },
    /// Another node holds a live lease.
    Held {
        node: String,
        epoch: u64,
        until_ms: u64,
    },
}

/// Leases on games and appends fenced by them.
pub trait Leases: Send + Sync + 'static {
    /// Claims `game` for `node` until `now_ms + ttl_ms` if it has no lease, an expired one, or
    /// one `node` held itself (a restart): the epoch goes up by one. Otherwise who holds it.
    fn claim(
        &self,
        game: &GameId,
        node: &str,
        ttl_ms: u64,
        now_ms: u64,
    ) -> Result<Claim, StoreError>;

    /// Extends `node`'s lease of epoch `epoch`; `false` if the game is no longer its.
    fn renew(
        &self,
        game: &GameId,
        node: &str,
        epoch: u64,
        ttl_ms: u64,
        now_ms: u64,
    ) -> Result<bool, StoreError>;

    /// Gives the game up (it left this node's memory): another node may claim it at once.
    fn release(&self, game: &GameId, node: &str, epoch: u64) -> Result<(), StoreError>;

    /// The game's current epoch (0: never claimed).
    fn epoch(&self, game: &GameId) -> Result<u64, StoreError>;

    /// Appends `events` (with the summary after them) only if `node` still owns `game` with
    /// `epoch`: all or none, in one transaction; [`StoreError::LeaseLost`] otherwise.
    fn append_fenced(
        &self,
        game: &GameId,
        node: &str,
        epoch: u64,
        events: &[Recorded],
        summary: &Summary,
    ) -> Result<(), StoreError>;
}

/// Leases in the SQLite file the nodes share.
pub struct SqliteLeases {
    conn: Mutex<Connection>,
}

impl SqliteLeases {
    /// Opens the leases of the database in `dir` (`hamle.sqlite3`, made by the store first).
    pub fn open_dir(dir: &Path) -> Result<SqliteLeases, StoreError> {
        let conn = Connection::open(dir.join("hamle.sqlite3"))?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        conn.execute_batch(
            "PRAGMA synchronous = FULL;
             CREATE TABLE IF NOT EXISTS leases (
                 game_id TEXT PRIMARY KEY,
                 node TEXT NOT NULL,
                 epoch INTEGER NOT NULL,
                 until_ms INTEGER NOT NULL
             );",
        )?;
        Ok(SqliteLeases {
            conn: Mutex::new(conn),
        })
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Connection> {
        self.conn.lock().unwrap_or_else(|p| p.into_inner())
    }
}

fn i64_of(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

/// The lease row of a game: (node, epoch, until_ms).
fn lease_of(conn: &Connection, game: &GameId) -> Result<Option<(String, u64, u64)>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT node, epoch, until_ms FROM leases WHERE game_id = ?1",
            [game.as_str()],
            |r| {
                Ok((
                    r.get::<_, String>(0)?,
                    r.get::<_, i64>(1)?.max(0) as u64,
                    r.get::<_, i64>(2)?.max(0) as u64,
                ))
            },
        )
        .optional()?)
}

impl Leases for SqliteLeases {
    fn claim(
        &self,
        game: &GameId,
        node: &str,
        ttl_ms: u64,
        now_ms: u64,
    ) -> Result<Claim, StoreError> {
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        let epoch = match lease_of(&tx, game)? {
            Some((holder, epoch, until_ms)) if holder != node && until_ms > now_ms => {
                return Ok(Claim::Held {
                    node: holder,
                    epoch,
                    until_ms,
                });
            }
            Some((_, epoch, _)) => epoch + 1,
            None => 1,
        };
        tx.execute(
            "INSERT INTO leases (game_id, node, epoch, until_ms) VALUES (?1, ?2, ?3, ?4)
             ON CONFLICT (game_id) DO UPDATE SET node = ?2, epoch = ?3, until_ms = ?4",
            params![game.as_str(), node, i64_of(epoch), i64_of(now_ms + ttl_ms)],
        )?;
        tx.commit()?;
        Ok(Claim::Owner { epoch })
    }

    fn renew(
        &self,
        game: &GameId,
        node: &str,
        epoch: u64,
        ttl_ms: u64,
        now_ms: u64,
    ) -> Result<bool, StoreError> {
        let n = self.lock().execute(
            "UPDATE leases SET until_ms = ?4 WHERE game_id = ?1 AND node = ?2 AND epoch = ?3",
            params![game.as_str(), node, i64_of(epoch), i64_of(now_ms + ttl_ms)],
        )?;
        Ok(n == 1)
    }

    fn release(&self, game: &GameId, node: &str, epoch: u64) -> Result<(), StoreError> {
        self.lock().execute(
            "UPDATE leases SET until_ms = 0 WHERE game_id = ?1 AND node = ?2 AND epoch = ?3",
            params![game.as_str(), node, i64_of(epoch)],
        )?;
        Ok(())
    }

    fn epoch(&self, game: &GameId) -> Result<u64, StoreError> {
        Ok(lease_of(&self.lock(), game)?.map_or(0, |(_, e, _)| e))
    }

    fn append_fenced(
        &self,
        game: &GameId,
        node: &str,
        epoch: u64,
        events: &[Recorded],
        summary: &Summary,
    ) -> Result<(), StoreError> {
        let rows = event_rows(events);
        let mut conn = self.lock();
        let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
        match lease_of(&tx, game)? {
            Some((holder, e, _)) if holder == node && e == epoch => {}
            _ => return Err(StoreError::LeaseLost),
        }
        insert_events(&tx, game, &rows, summary)?;
        tx.commit()?;
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SqliteStore;

    fn id() -> GameId {
        GameId::parse("00000000000000aa").unwrap()
    }

    #[test]
    fn a_claim_takes_the_next_epoch_only_once_the_lease_expired_and_fences_the_old_owner() {
        let dir = tempfile::tempdir().unwrap();
        let _store = SqliteStore::open_dir(dir.path()).unwrap();
        let leases = SqliteLeases::open_dir(dir.path()).unwrap();
        assert_eq!(leases.epoch(&id()).unwrap(), 0);
        assert_eq!(
            leases.claim(&id(), "a", 1000, 10_000).unwrap(),
            Claim::Owner { epoch: 1 }
        );
        // b must wait for the lease to run out; a's renewal moves the expiry.
        assert!(matches!(
            leases.claim(&id(), "b", 1000, 10_500).unwrap(),
            Claim::Held {
                epoch: 1,
                until_ms: 11_000,
                ..
            }
        ));
        assert!(leases.renew(&id(), "a", 1, 1000, 10_900).unwrap());
        assert!(matches!(
            leases.claim(&id(), "b", 1000, 11_500).unwrap(),
            Claim::Held { .. }
        ));
        assert_eq!(
            leases.claim(&id(), "b", 1000, 12_000).unwrap(),
            Claim::Owner { epoch: 2 }
        );
        // a was replaced: it cannot renew and its appends are refused.
        assert!(!leases.renew(&id(), "a", 1, 1000, 12_001).unwrap());
        let summary = Summary {
            status: "playing",
            result: None,
            seq: 0,
            moves: 0,
            running: false,
            damaged: false,
        };
        assert!(matches!(
            leases.append_fenced(&id(), "a", 1, &[], &summary),
            Err(StoreError::LeaseLost)
        ));
        leases.append_fenced(&id(), "b", 2, &[], &summary).unwrap();
        // A released lease is claimed at once.
        leases.release(&id(), "b", 2).unwrap();
        assert_eq!(
            leases.claim(&id(), "c", 1000, 12_002).unwrap(),
            Claim::Owner { epoch: 3 }
        );
    }
}
