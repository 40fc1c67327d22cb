//! The cluster's [`Owners`] on a SQLite file that several nodes on one machine share
//! (`docs/scale-out.md`): [`SharedSqlite`].
//!
//! The nodes of a cluster need leases and command ids that every node sees: PostgreSQL's
//! (`postgres.rs`) when the nodes are on different machines, or these, kept beside the games in
//! the SQLite file the nodes share (`--data` or `--store sqlite:PATH` on one machine: a test and
//! small-deployment setup). The single node's [`Owners`] of the SQLite store keeps them in
//! memory instead (`sqlite/owners.rs`), which several processes cannot share.
//!
//! A lease is a row (game, owner node, epoch, expiry); `commands` records the command ids
//! applied, with the game's last event number after each. Every append of the owner is made in
//! one transaction (`BEGIN IMMEDIATE`: SQLite's write lock orders it with every claim) with a
//! look at the lease: if the game's epoch is no longer the owner's, nothing is written and the
//! append fails with [`StoreError::Fenced`]. The tables are operational state, not part of the
//! game's record: they are not in the schema's migrations and a database without them is a
//! single node's. Times are the nodes' Unix milliseconds: the nodes' clocks must agree to well
//! under a lease (one machine).

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use rusqlite::{Connection, OptionalExtension, TransactionBehavior, params};

use super::owners::{Appended, Claim, CommandId, Holder, Lease, Owners, Pending, ttl_ms};
use super::rows::event_rows;
use super::sqlite::insert_events;
use super::{GameId, StoreError, Summary};
use crate::game::Recorded;

/// Leases and command ids in the SQLite file the nodes share.
pub struct SharedSqlite {
    node: String,
    conn: Arc<Mutex<Connection>>,
    /// The node's renewals' own connection: they do not queue behind the appends on `conn`
    /// (only SQLite's write lock orders them, as it orders every node's writes).
    renewer: Arc<Mutex<Connection>>,
}

impl SharedSqlite {
    /// The leases of the database in `dir` (`hamle.sqlite3`, made by the store first).
    pub fn open_dir(dir: &Path, node: &str) -> Result<SharedSqlite, StoreError> {
        SharedSqlite::open(&dir.join("hamle.sqlite3"), node)
    }

    /// The leases of the database file `path` (made by the store first).
    pub fn open(path: &Path, node: &str) -> Result<SharedSqlite, StoreError> {
        let conn = Connection::open(path)?;
        conn.busy_timeout(Duration::from_secs(5))?;
        conn.execute_batch(
            "PRAGMA synchronous = FULL;
             CREATE TABLE IF NOT EXISTS leases (
                 game_id TEXT PRIMARY KEY,
                 node TEXT NOT NULL,
                 epoch INTEGER NOT NULL,
                 until_ms INTEGER NOT NULL
             );
             CREATE TABLE IF NOT EXISTS commands (
                 game_id TEXT NOT NULL,
                 command TEXT NOT NULL,
                 seq INTEGER NOT NULL,
                 PRIMARY KEY (game_id, command)
             );",
        )?;
        let renewer = Connection::open(path)?;
        renewer.busy_timeout(Duration::from_secs(5))?;
        renewer.execute_batch("PRAGMA synchronous = FULL;")?;
        Ok(SharedSqlite {
            node: node.to_owned(),
            conn: Arc::new(Mutex::new(conn)),
            renewer: Arc::new(Mutex::new(renewer)),
        })
    }

    /// Runs `work` on the connection on a blocking thread.
    fn run<T, F>(&self, work: F) -> Pending<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection, &str, u64) -> Result<T, StoreError> + Send + 'static,
    {
        Self::run_on(&self.conn, &self.node, work)
    }

    /// Runs `work` on `conn` on a blocking thread.
    fn run_on<T, F>(conn: &Arc<Mutex<Connection>>, node: &str, work: F) -> Pending<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut Connection, &str, u64) -> Result<T, StoreError> + Send + 'static,
    {
        let (conn, node) = (Arc::clone(conn), node.to_owned());
        Box::pin(async move {
            tokio::task::spawn_blocking(move || {
                let mut conn = conn.lock().unwrap_or_else(|p| p.into_inner());
                work(&mut conn, &node, now_ms())
            })
            .await
            .map_err(|e| StoreError::Io(std::io::Error::other(e)))?
        })
    }
}

fn now_ms() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as u64)
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

fn holder((owner, epoch, until_ms): (String, u64, u64), now: u64) -> Holder {
    Holder {
        owner,
        epoch,
        remaining: Duration::from_millis(until_ms.saturating_sub(now)),
    }
}

fn fenced(game: &GameId, epoch: u64, row: Option<(String, u64, u64)>) -> StoreError {
    StoreError::Fenced {
        game: game.clone(),
        epoch,
        holder: row.map(|(node, e, _)| (node, e)),
    }
}

fn applied(
    conn: &Connection,
    game: &GameId,
    command: &CommandId,
) -> Result<Option<u64>, StoreError> {
    Ok(conn
        .query_row(
            "SELECT seq FROM commands WHERE game_id = ?1 AND command = ?2",
            params![game.as_str(), command.as_str()],
            |r| r.get::<_, i64>(0),
        )
        .optional()?
        .map(|s| s.max(0) as u64))
}

/// Renews `node`'s leases in force (one statement) and names them with their epochs.
fn renewed(
    conn: &Connection,
    node: &str,
    now: u64,
    ms: u64,
) -> Result<Vec<(GameId, u64)>, StoreError> {
    let mut renew = conn.prepare_cached(
        "UPDATE leases SET until_ms = ?2 WHERE node = ?1 AND until_ms > ?3
         RETURNING game_id, epoch",
    )?;
    let rows = renew.query_map(params![node, i64_of(now + ms), i64_of(now)], |r| {
        Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?.max(0) as u64))
    })?;
    let mut held = Vec::new();
    for row in rows {
        let (game, epoch) = row?;
        match GameId::parse(&game) {
            Some(game) => held.push((game, epoch)),
            None => return Err(StoreError::Corrupt(format!("lease of game {game:?}"))),
        }
    }
    Ok(held)
}

impl Owners for SharedSqlite {
    fn node(&self) -> &str {
        &self.node
    }

    fn claim(&self, game: &GameId, ttl: Duration) -> Pending<Claim> {
        let (game, ms) = (game.clone(), ttl_ms(ttl) as u64);
        self.run(move |conn, node, now| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let epoch = match lease_of(&tx, &game)? {
                Some(row) if row.0 != node && row.2 > now => {
                    return Ok(Claim::Held(holder(row, now)));
                }
                Some((_, epoch, _)) => epoch + 1,
                None => 1,
            };
            tx.execute(
                "INSERT INTO leases (game_id, node, epoch, until_ms) VALUES (?1, ?2, ?3, ?4)
                 ON CONFLICT (game_id) DO UPDATE SET node = ?2, epoch = ?3, until_ms = ?4",
                params![game.as_str(), node, i64_of(epoch), i64_of(now + ms)],
            )?;
            tx.commit()?;
            Ok(Claim::Granted(Lease {
                game,
                epoch,
                ttl: Duration::from_millis(ms),
            }))
        })
    }

    fn renew(&self, game: &GameId, epoch: u64, ttl: Duration) -> Pending<()> {
        let (game, ms) = (game.clone(), ttl_ms(ttl) as u64);
        self.run(move |conn, node, now| {
            let n = conn.execute(
                "UPDATE leases SET until_ms = ?4 WHERE game_id = ?1 AND node = ?2 AND epoch = ?3",
                params![game.as_str(), node, i64_of(epoch), i64_of(now + ms)],
            )?;
            if n == 1 {
                Ok(())
            } else {
                Err(fenced(&game, epoch, lease_of(conn, &game)?))
            }
        })
    }

    fn renew_all(&self, ttl: Duration) -> Pending<Vec<(GameId, u64)>> {
        let ms = ttl_ms(ttl) as u64;
        Self::run_on(&self.renewer, &self.node, move |conn, node, now| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            let held = renewed(&tx, node, now, ms)?;
            tx.commit()?;
            Ok(held)
        })
    }

    fn release(&self, game: &GameId, epoch: u64) -> Pending<bool> {
        let game = game.clone();
        self.run(move |conn, node, _| {
            let n = conn.execute(
                "UPDATE leases SET until_ms = 0 WHERE game_id = ?1 AND node = ?2 AND epoch = ?3",
                params![game.as_str(), node, i64_of(epoch)],
            )?;
            Ok(n == 1)
        })
    }

    fn release_all(&self) -> Pending<u64> {
        self.run(move |conn, node, now| {
            let n = conn.execute(
                "UPDATE leases SET until_ms = 0 WHERE node = ?1 AND until_ms > ?2",
                params![node, i64_of(now)],
            )?;
            Ok(n as u64)
        })
    }

    fn holder(&self, game: &GameId) -> Pending<Option<Holder>> {
        let game = game.clone();
        self.run(move |conn, _, now| Ok(lease_of(conn, &game)?.map(|row| holder(row, now))))
    }

    fn held_by_others(&self) -> Pending<Vec<(GameId, Duration)>> {
        self.run(move |conn, node, now| {
            let mut stmt = conn.prepare(
                "SELECT game_id, until_ms FROM leases WHERE node <> ?1 AND until_ms > ?2",
            )?;
            let rows = stmt.query_map(params![node, i64_of(now)], |r| {
                Ok((r.get::<_, String>(0)?, r.get::<_, i64>(1)?))
            })?;
            let mut held = Vec::new();
            for row in rows {
                let (game, until_ms) = row?;
                if let Some(game) = GameId::parse(&game) {
                    let left = u64::try_from(until_ms).unwrap_or(0).saturating_sub(now);
                    held.push((game, Duration::from_millis(left)));
                }
            }
            Ok(held)
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
        let (game, summary, command) = (game.clone(), summary.clone(), command.cloned());
        self.run(move |conn, node, _| {
            let tx = conn.transaction_with_behavior(TransactionBehavior::Immediate)?;
            match lease_of(&tx, &game)? {
                Some((holder, e, _)) if holder == node && e == epoch => {}
                row => return Err(fenced(&game, epoch, row)),
            }
            if let Some(command) = &command {
                if let Some(seq) = applied(&tx, &game, command)? {
                    return Ok(Appended::AlreadyApplied { seq });
                }
                tx.execute(
                    "INSERT INTO commands (game_id, command, seq) VALUES (?1, ?2, ?3)",
                    params![game.as_str(), command.as_str(), i64_of(summary.seq)],
                )?;
            }
            insert_events(&tx, &game, &rows, &summary)?;
            tx.commit()?;
            Ok(Appended::Written)
        })
    }

    fn command_applied(&self, game: &GameId, command: &CommandId) -> Pending<Option<u64>> {
        let (game, command) = (game.clone(), command.clone());
        self.run(move |conn, _, _| applied(conn, &game, &command))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::SqliteStore;
    use crate::store::owners::contract::{block_on, create, events, summary};

    fn granted(c: Claim) -> u64 {
        match c {
            Claim::Granted(l) => l.epoch,
            Claim::Held(h) => panic!("held by {h:?}"),
        }
    }

    #[test]
    fn two_nodes_on_one_file_claim_in_turn_fence_the_old_owner_and_apply_a_command_once() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open_dir(dir.path()).unwrap();
        let game = create(&store, 3);
        let a = SharedSqlite::open_dir(dir.path(), "a").unwrap();
        let b = SharedSqlite::open_dir(dir.path(), "b").unwrap();
        // The tables are rebuilt on an open of a file that has them.
        let _again = SharedSqlite::open_dir(dir.path(), "a").unwrap();
        block_on(async {
            let short = Duration::from_millis(300);
            assert_eq!(a.holder(&game).await.unwrap(), None);
            assert_eq!(granted(a.claim(&game, short).await.unwrap()), 1);
            match b.claim(&game, short).await.unwrap() {
                Claim::Held(h) => {
                    assert_eq!((h.owner.as_str(), h.epoch), ("a", 1));
                    assert!(h.remaining <= short);
                }
                other => panic!("claimed a lease in force: {other:?}"),
            }
            let c1 = CommandId::parse("c-1").unwrap();
            let w = a.append_fenced(&game, 1, Some(&c1), &events(1, 1), &summary(1));
            assert_eq!(w.await.unwrap(), Appended::Written);
            // The owner goes silent past its lease; b takes the next epoch.
            tokio::time::sleep(short + Duration::from_millis(100)).await;
            assert_eq!(granted(b.claim(&game, short * 10).await.unwrap()), 2);
            // The command retried on the new owner writes nothing and is answered.
            assert_eq!(b.command_applied(&game, &c1).await.unwrap(), Some(1));
            let again = b.append_fenced(&game, 2, Some(&c1), &events(2, 2), &summary(2));
            assert_eq!(again.await.unwrap(), Appended::AlreadyApplied { seq: 1 });
            let w = b.append_fenced(&game, 2, None, &events(2, 2), &summary(2));
            assert_eq!(w.await.unwrap(), Appended::Written);
            // The old owner, awake again, is fenced for appends and renewals.
            match a
                .append_fenced(&game, 1, None, &events(3, 3), &summary(3))
                .await
            {
                Err(StoreError::Fenced {
                    epoch: 1, holder, ..
                }) => {
                    assert_eq!(holder, Some(("b".to_owned(), 2)))
                }
                other => panic!("a former owner wrote: {other:?}"),
            }
            assert!(matches!(
                a.renew(&game, 1, short).await,
                Err(StoreError::Fenced { .. })
            ));
            assert!(!a.release(&game, 1).await.unwrap());
            b.renew(&game, 2, short).await.unwrap();
            // Released: claimed at once by the other node.
            assert!(b.release(&game, 2).await.unwrap());
            assert_eq!(granted(a.claim(&game, short).await.unwrap()), 3);
        });
        let stored = crate::store::Store::load_game(&store, &game)
            .unwrap()
            .unwrap();
        let seqs: Vec<u64> = stored.events.iter().map(|e| e.seq).collect();
        assert_eq!(seqs, [1, 2]);
    }

    #[test]
    fn a_node_started_again_lets_its_games_go_and_no_other_nodes() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open_dir(dir.path()).unwrap();
        let a = SharedSqlite::open_dir(dir.path(), "a").unwrap();
        let b = SharedSqlite::open_dir(dir.path(), "b").unwrap();
        crate::store::owners::contract::release_all(&store, &a, Some(&b));
    }

    #[test]
    fn a_node_sees_the_other_nodes_leases_in_force() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open_dir(dir.path()).unwrap();
        let a = SharedSqlite::open_dir(dir.path(), "a").unwrap();
        let b = SharedSqlite::open_dir(dir.path(), "b").unwrap();
        crate::store::owners::contract::held_by_others(&store, &a, &b);
    }

    #[test]
    fn a_node_renews_its_live_leases_at_once_and_no_other_nodes() {
        let dir = tempfile::tempdir().unwrap();
        let store = SqliteStore::open_dir(dir.path()).unwrap();
        let a = SharedSqlite::open_dir(dir.path(), "a").unwrap();
        let b = SharedSqlite::open_dir(dir.path(), "b").unwrap();
        crate::store::owners::contract::renew_all(&store, &a, Some(&b));
    }
}
