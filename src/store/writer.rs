//! SQLite's side of the group commit ([`super::group_commit`]): one thread owns the
//! connection and runs every store operation, grouping the operations that arrive while a
//! commit is being made into the next transaction (`BEGIN IMMEDIATE`), each under its own
//! savepoint, each answered after the commit (with `synchronous = FULL`, after the fsync).
//! What changes against a transaction per operation is the cost: one fsync serves every game
//! that moved in the meantime, instead of one fsync per move.
//!
//! Beside it, [`Checkpointer`] copies the write-ahead log back into the database file on a
//! thread and a connection of its own; the writer copies only the last frames, between two
//! groups, so that the log starts over (see [`Checkpointer`]).

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;
use std::time::Duration;

use rusqlite::Connection;

use super::StoreError;
use super::group_commit::{Backend, GroupCommit, Grouping};

/// The writer's connection, and the checkpointer's call for the log's last frames.
pub(super) struct Sqlite {
    conn: Connection,
    catch_up: Option<Arc<CatchUp>>,
}

/// The [`Checkpointer`]'s call on the writer for the log's last frames, and how many times the
/// writer answered it by copying every frame (the log then starts over with its next
/// transaction).
#[derive(Default)]
pub(super) struct CatchUp {
    asked: AtomicBool,
    completed: AtomicU64,
}

impl CatchUp {
    /// How many times the writer copied the whole log, so that it started over.
    #[cfg(test)]
    pub(super) fn completed(&self) -> u64 {
        self.completed.load(Ordering::Relaxed)
    }
}

/// The connection as the group commit drives it: plain SQL on the one connection (a
/// connection to a file is never lost).
impl Backend for Sqlite {
    type Tx<'c> = &'c Connection;
    type Error = rusqlite::Error;

    fn reconnect_if_lost(&mut self) -> Result<(), rusqlite::Error> {
        Ok(())
    }

    fn begin(&mut self) -> Result<&Connection, rusqlite::Error> {
        self.conn.execute_batch("BEGIN IMMEDIATE")?;
        Ok(&self.conn)
    }

    fn commit(tx: &Connection) -> Result<(), rusqlite::Error> {
        tx.execute_batch("COMMIT").inspect_err(|_| {
            let _ = tx.execute_batch("ROLLBACK");
        })
    }

    fn roll_back(tx: &Connection) {
        let _ = tx.execute_batch("ROLLBACK");
    }

    fn savepoint<'t>(tx: &'t mut &Connection) -> Result<&'t Connection, rusqlite::Error> {
        tx.execute_batch("SAVEPOINT op")?;
        Ok(*tx)
    }

    fn release(savepoint: &Connection) -> Result<(), rusqlite::Error> {
        savepoint.execute_batch("RELEASE op")
    }

    fn roll_back_to(savepoint: &Connection) -> Result<(), rusqlite::Error> {
        savepoint.execute_batch("ROLLBACK TO op; RELEASE op")
    }

    fn group_failed(stage: &'static str, source: Arc<rusqlite::Error>) -> StoreError {
        StoreError::Transaction { stage, source }
    }

    /// The checkpointer has copied all but the frames of the last moments and the log is past
    /// its size: the writer copies those few itself, no other writer appending meanwhile, and
    /// its next transaction starts the log over (trimmed to `journal_size_limit`).
    fn after_group(&mut self) {
        let Some(catch_up) = self
            .catch_up
            .as_ref()
            .filter(|c| c.asked.swap(false, Ordering::Relaxed))
        else {
            return;
        };
        // (busy, frames in the log, frames copied): all copied, the log starts over.
        let done = self
            .conn
            .query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
                Ok((
                    r.get::<_, i64>(0)?,
                    r.get::<_, i64>(1)?,
                    r.get::<_, i64>(2)?,
                ))
            });
        match done {
            Ok((0, log, copied)) if log == copied => {
                catch_up.completed.fetch_add(1, Ordering::Relaxed);
            }
            Ok(_) => {}
            Err(e) => tracing::warn!("store checkpoint (writer): {e}"),
        }
    }
}

/// The writer thread and the way to it. Dropping it lets the thread finish the operations
/// already sent, close the connection and end; the drop waits for that.
pub(super) struct Writer(GroupCommit<Sqlite>);

impl Writer {
    /// Starts the writer thread on `conn`; `catch_up` is the [`Checkpointer`]'s call for the
    /// log's last frames (none for a database in memory).
    pub(super) fn start(
        conn: Connection,
        catch_up: Option<Arc<CatchUp>>,
    ) -> Result<Writer, StoreError> {
        GroupCommit::start("hamle-store", Sqlite { conn, catch_up }).map(Writer)
    }

    /// Sends `work`; `reply` gets its result once the transaction holding it is durable
    /// (or its error). `reply` runs on the writer thread: it must not block.
    pub(super) fn submit<T, F, R>(&self, work: F, reply: R)
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
        R: FnOnce(Result<T, StoreError>) + Send + 'static,
    {
        self.0.submit(
            Grouping::Grouped,
            move |conn: &mut &Connection| work(conn),
            reply,
        );
    }

    /// Runs `work` and waits until it is durable. Blocks: not for async code.
    pub(super) fn call<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    {
        self.0.call(move |conn: &mut &Connection| work(conn))
    }
}

/// The write-ahead log's size past which it is started over (and the size SQLite trims it
/// to). At the 2,000-game load (about 16 MiB of log a second) that is every four seconds or
/// so, each time the writer copying the last frames (6-15 ms measured).
pub(super) const WAL_TRUNCATE_BYTES: u64 = 64 * 1024 * 1024;

/// How the write-ahead log is kept: checkpointed every `every`, started over past `limit`
/// bytes.
#[derive(Clone, Copy, Debug)]
pub(super) struct LogUpkeep {
    pub every: Duration,
    pub limit: u64,
}

impl Default for LogUpkeep {
    fn default() -> LogUpkeep {
        LogUpkeep {
            every: Duration::from_millis(500),
            limit: WAL_TRUNCATE_BYTES,
        }
    }
}

/// Copies the write-ahead log back into the database file on a thread and a connection of its
/// own. SQLite's automatic checkpoint would run inside whichever commit crosses 1000 log pages,
/// on the writer thread, fsync of the database file included: every game waiting for that commit
/// would wait for the checkpoint too. A passive checkpoint runs beside the writer instead.
///
/// Under sustained writes a passive checkpoint never catches up (frames are appended while it
/// copies), so the log would grow without end. Once it is past [`WAL_TRUNCATE_BYTES`] the
/// checkpointer calls on the writer, which copies the few frames appended since, between two
/// groups (no other writer can append meanwhile): its next transaction starts the log over.
/// Only when no writer is at work, or a reader has pinned the log past four times its size,
/// does the checkpointer empty it itself (`TRUNCATE`): that checkpoint holds the writer off
/// while it copies, syncs and truncates (17-127 ms a time under the 2,000-game load, once a
/// second: the announcement's p99 went from 10 to 38 ms).
pub(super) struct Checkpointer {
    stop: Option<mpsc::Sender<()>>,
    thread: Option<JoinHandle<()>>,
}

impl Checkpointer {
    /// Checkpoints the database at `path` every `every`, until dropped; `catch_up` calls on
    /// the writer for the log's last frames. `journal_size_limit` trims the file whenever
    /// SQLite starts the log over.
    pub(super) fn start(
        path: &Path,
        upkeep: LogUpkeep,
        catch_up: Arc<CatchUp>,
    ) -> Result<Checkpointer, StoreError> {
        let LogUpkeep { every, limit } = upkeep;
        let conn = Connection::open(path)?;
        conn.busy_timeout(Duration::from_secs(5))?;
        let _limit: i64 =
            conn.query_row(&format!("PRAGMA journal_size_limit = {limit}"), [], |r| {
                r.get(0)
            })?;
        let mut wal = path.as_os_str().to_owned();
        wal.push("-wal");
        let wal = std::path::PathBuf::from(wal);
        let (stop, rx) = mpsc::channel::<()>();
        let thread = std::thread::Builder::new()
            .name("hamle-checkpoint".into())
            .spawn(move || {
                while let Err(mpsc::RecvTimeoutError::Timeout) = rx.recv_timeout(every) {
                    let done = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |_| Ok(()));
                    if let Err(e) = done {
                        tracing::warn!("store checkpoint: {e}");
                    }
                    let Ok(log) = std::fs::metadata(&wal) else {
                        continue;
                    };
                    if log.len() <= limit {
                        continue;
                    }
                    let idle = log
                        .modified()
                        .ok()
                        .and_then(|m| m.elapsed().ok())
                        .is_some_and(|age| age > Duration::from_secs(1));
                    if idle || log.len() > 4 * limit {
                        let done =
                            conn.query_row("PRAGMA wal_checkpoint(TRUNCATE)", [], |_| Ok(()));
                        if let Err(e) = done {
                            tracing::warn!("store checkpoint (truncate): {e}");
                        }
                    } else {
                        catch_up.asked.store(true, Ordering::Relaxed);
                    }
                }
            })
            .map_err(StoreError::Io)?;
        Ok(Checkpointer {
            stop: Some(stop),
            thread: Some(thread),
        })
    }
}

impl Drop for Checkpointer {
    fn drop(&mut self) {
        drop(self.stop.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn writer() -> Writer {
        let conn = Connection::open_in_memory().unwrap();
        conn.execute_batch("CREATE TABLE t (k INTEGER PRIMARY KEY, v TEXT NOT NULL)")
            .unwrap();
        Writer::start(conn, None).unwrap()
    }

    #[test]
    fn a_failing_operation_leaves_the_others_of_its_batch_alone() {
        let w = writer();
        let (tx, rx) = mpsc::channel();
        // Many operations in flight at once, so they share transactions; every third one
        // inserts a row twice and must fail as a whole.
        for k in 0..300 {
            let tx = tx.clone();
            w.submit(
                move |conn| {
                    conn.execute("INSERT INTO t (k, v) VALUES (?1, 'a')", [k])?;
                    if k % 3 == 0 {
                        conn.execute("INSERT INTO t (k, v) VALUES (?1, 'b')", [k])?;
                    }
                    Ok(k)
                },
                move |r| tx.send((k, r.is_ok())).unwrap(),
            );
        }
        drop(tx);
        let answers: Vec<(i64, bool)> = rx.iter().collect();
        assert_eq!(answers.len(), 300);
        for (k, ok) in answers {
            assert_eq!(ok, k % 3 != 0, "operation {k}");
        }
        let rows: Vec<i64> = w
            .call(|conn| {
                let mut stmt = conn.prepare("SELECT k FROM t ORDER BY k")?;
                let rows = stmt.query_map([], |r| r.get(0))?;
                Ok(rows.collect::<Result<Vec<i64>, _>>()?)
            })
            .unwrap();
        let expected: Vec<i64> = (0..300).filter(|k| k % 3 != 0).collect();
        assert_eq!(rows, expected);
    }

    #[test]
    fn answers_come_in_order_and_after_drop_nothing_is_lost() {
        let w = writer();
        let (tx, rx) = mpsc::channel();
        for k in 0..50_i64 {
            let tx = tx.clone();
            w.submit(
                move |conn| {
                    conn.execute("INSERT INTO t (k, v) VALUES (?1, 'x')", [k])?;
                    Ok(())
                },
                move |r| tx.send((k, r.is_ok())).unwrap(),
            );
        }
        drop(tx);
        drop(w);
        let answers: Vec<(i64, bool)> = rx.iter().collect();
        assert_eq!(answers, (0..50).map(|k| (k, true)).collect::<Vec<_>>());
    }
}
