//! Group commit, for both stores: one thread owns the database connection and runs every
//! store operation, grouping the operations that arrive while a transaction commits into the
//! next transaction ([`GroupCommit`]).
//!
//! Each operation of a group runs under a savepoint of its own, so it succeeds or fails alone,
//! exactly as if it had its own transaction; its answer is sent only after the transaction that
//! holds it has committed (SQLite with `synchronous = FULL`: after the fsync; PostgreSQL with
//! `synchronous_commit = on`: after the WAL is flushed). So nothing is acknowledged before it
//! is durable, and one flush serves every game that moved in the meantime. A group whose
//! transaction cannot begin or commit fails each of its operations with the same cause.
//!
//! Operations submitted [`Grouping::Alone`] (PostgreSQL's claims and renewals of leases) go
//! ahead of every operation waiting in the queue, each in a transaction of its own, before the
//! next group's transaction.
//!
//! What differs between the databases is a [`Backend`]: how to begin, commit and roll back a
//! transaction, how to make a savepoint, and how to make a lost connection again (SQLite's
//! `Connection` in `writer.rs`, PostgreSQL's client in `postgres.rs`). Dropping the writer lets
//! the thread finish every operation already submitted, close the connection and end; the drop
//! waits for that.

use std::sync::{Arc, mpsc};
use std::thread::JoinHandle;

use super::StoreError;
use super::owners::Pending;

/// The most operations grouped into one transaction.
pub(super) const MAX_BATCH: usize = 1024;

/// A database connection as the writer drives it: what the two stores differ in.
pub(super) trait Backend: Send + 'static {
    /// What an operation is handed: the group's transaction, or a savepoint inside it.
    type Tx<'c>
    where
        Self: 'c;
    /// The database client's error (a failed savepoint is answered as this error).
    type Error: Into<StoreError> + Send + Sync + 'static;

    /// Makes the connection again if it was lost (asked before every group); a connection
    /// that cannot be lost does nothing.
    fn reconnect_if_lost(&mut self) -> Result<(), Self::Error>;
    /// Begins a transaction.
    fn begin(&mut self) -> Result<Self::Tx<'_>, Self::Error>;
    /// Commits `tx` (and leaves no transaction open when that fails).
    fn commit(tx: Self::Tx<'_>) -> Result<(), Self::Error>;
    /// Rolls `tx` back.
    fn roll_back(tx: Self::Tx<'_>);
    /// A savepoint inside `tx`.
    fn savepoint<'t>(tx: &'t mut Self::Tx<'_>) -> Result<Self::Tx<'t>, Self::Error>;
    /// Keeps what was done since the savepoint.
    fn release(savepoint: Self::Tx<'_>) -> Result<(), Self::Error>;
    /// Undoes what was done since the savepoint.
    fn roll_back_to(savepoint: Self::Tx<'_>) -> Result<(), Self::Error>;
    /// What each operation of a group is answered when the group's connection (`connect`)
    /// or transaction (`begin`, `commit`) failed with `source`.
    fn group_failed(stage: &'static str, source: Arc<Self::Error>) -> StoreError;
    /// Upkeep between groups, after their answers are sent (SQLite: the last of a checkpoint).
    fn after_group(&mut self) {}
}

/// Where the writer runs an operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Grouping {
    /// In the group's transaction, with the other operations of the moment (appends, reads):
    /// one commit for all of them.
    Grouped,
    /// In a transaction of its own, ahead of every operation waiting in the queue, before
    /// the next group's transaction: PostgreSQL's lease operations. A claim, grouped, waited
    /// for another node's transaction while holding this node's group's locks, and two nodes
    /// claiming each other's games deadlocked (the cluster benchmark stalled at saturation).
    /// A renewal, queued behind a backlog of appends longer than the lease, came too late: a
    /// busy but live owner lost its games.
    Alone,
}

/// One operation: runs inside a transaction, answers once that transaction is committed.
trait Job<B: Backend>: Send {
    fn run(&mut self, tx: &mut B::Tx<'_>) -> Result<(), StoreError>;
    fn finish(self: Box<Self>, outcome: Result<(), StoreError>);
}

/// An operation and the way to its answer.
struct Call<T, F, R> {
    work: Option<F>,
    value: Option<T>,
    reply: R,
}

impl<B, T, F, R> Job<B> for Call<T, F, R>
where
    B: Backend,
    T: Send,
    F: FnOnce(&mut B::Tx<'_>) -> Result<T, StoreError> + Send,
    R: FnOnce(Result<T, StoreError>) + Send,
{
    fn run(&mut self, tx: &mut B::Tx<'_>) -> Result<(), StoreError> {
        let work = self.work.take().ok_or(StoreError::Internal("run twice"))?;
        self.value = Some(work(tx)?);
        Ok(())
    }

    fn finish(self: Box<Self>, outcome: Result<(), StoreError>) {
        let Call { value, reply, .. } = *self;
        reply(outcome.and_then(|()| value.ok_or(StoreError::Internal("did not run"))));
    }
}

/// What the writer's queue carries.
enum Queued<B: Backend> {
    Job(Box<dyn Job<B>>),
    /// An operation is waiting in the queue of [`Grouping::Alone`]: the writer, perhaps
    /// idle, looks.
    Wake,
}

/// The writer thread of a [`Backend`] and the way to it.
pub(super) struct GroupCommit<B: Backend> {
    queue: Option<mpsc::Sender<Queued<B>>>,
    /// The [`Grouping::Alone`] operations: taken before every group, ahead of the queue.
    alone: mpsc::Sender<Box<dyn Job<B>>>,
    thread: Option<JoinHandle<()>>,
}

/// The writer thread's ends of the queues.
struct Queues<B: Backend> {
    queued: mpsc::Receiver<Queued<B>>,
    alone: mpsc::Receiver<Box<dyn Job<B>>>,
}

impl<B: Backend> GroupCommit<B> {
    /// Starts the writer thread (named `thread_name`) on `backend`.
    pub(super) fn start(thread_name: &str, backend: B) -> Result<GroupCommit<B>, StoreError> {
        let (mut writer, queues) = GroupCommit::without_thread();
        let thread = std::thread::Builder::new()
            .name(thread_name.into())
            .spawn(move || write_loop(backend, &queues))
            .map_err(StoreError::Io)?;
        writer.thread = Some(thread);
        Ok(writer)
    }

    /// The way to a writer thread not started yet, and the thread's ends of its queues.
    fn without_thread() -> (GroupCommit<B>, Queues<B>) {
        let (queue, queued) = mpsc::channel::<Queued<B>>();
        let (alone, alone_queued) = mpsc::channel::<Box<dyn Job<B>>>();
        let writer = GroupCommit {
            queue: Some(queue),
            alone,
            thread: None,
        };
        let queues = Queues {
            queued,
            alone: alone_queued,
        };
        (writer, queues)
    }

    /// Sends `work`; `reply` gets its result once the transaction holding it is durable (or
    /// its error). `reply` runs on the writer thread: it must not block.
    pub(super) fn submit<T, F, R>(&self, grouping: Grouping, work: F, reply: R)
    where
        T: Send + 'static,
        F: FnOnce(&mut B::Tx<'_>) -> Result<T, StoreError> + Send + 'static,
        R: FnOnce(Result<T, StoreError>) + Send + 'static,
    {
        let job: Box<dyn Job<B>> = Box::new(Call {
            work: Some(work),
            value: None,
            reply,
        });
        let Some(queue) = &self.queue else {
            return job.finish(Err(StoreError::Stopped));
        };
        let queued = match grouping {
            Grouping::Grouped => Queued::Job(job),
            Grouping::Alone => {
                if let Err(mpsc::SendError(job)) = self.alone.send(job) {
                    return job.finish(Err(StoreError::Stopped));
                }
                Queued::Wake
            }
        };
        if let Err(mpsc::SendError(Queued::Job(job))) = queue.send(queued) {
            job.finish(Err(StoreError::Stopped));
        }
    }

    /// Runs `work` in the next group and waits until it is durable. Blocks: not for async
    /// code.
    pub(super) fn call<T, F>(&self, work: F) -> Result<T, StoreError>
    where
        T: Send + 'static,
        F: FnOnce(&mut B::Tx<'_>) -> Result<T, StoreError> + Send + 'static,
    {
        let (tx, rx) = mpsc::sync_channel(1);
        self.submit(Grouping::Grouped, work, move |r| {
            let _ = tx.send(r);
        });
        rx.recv().unwrap_or(Err(StoreError::Stopped))
    }

    /// [`GroupCommit::call`] as a future, [`Grouping::Grouped`] or [`Grouping::Alone`].
    pub(super) fn pending<T, F>(&self, grouping: Grouping, work: F) -> Pending<T>
    where
        T: Send + 'static,
        F: FnOnce(&mut B::Tx<'_>) -> Result<T, StoreError> + Send + 'static,
    {
        let (tx, rx) = tokio::sync::oneshot::channel();
        self.submit(grouping, work, move |r| {
            let _ = tx.send(r);
        });
        Box::pin(async move { rx.await.unwrap_or(Err(StoreError::Stopped)) })
    }
}

impl<B: Backend> Drop for GroupCommit<B> {
    fn drop(&mut self) {
        drop(self.queue.take());
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// The writer thread: blocks for the first operation, takes whatever else has arrived
/// meanwhile, runs the operations waiting alone, then the group; until every sender is gone
/// and the queue is empty.
fn write_loop<B: Backend>(mut backend: B, queues: &Queues<B>) {
    let Queues {
        queued: queue,
        alone,
    } = queues;
    let mut group: Vec<Box<dyn Job<B>>> = Vec::with_capacity(MAX_BATCH);
    let mut outcomes: Vec<Result<(), StoreError>> = Vec::with_capacity(MAX_BATCH);
    while let Ok(first) = queue.recv() {
        if let Queued::Job(job) = first {
            group.push(job);
        }
        while group.len() < MAX_BATCH {
            match queue.try_recv() {
                Ok(Queued::Job(job)) => group.push(job),
                Ok(Queued::Wake) => {}
                Err(_) => break,
            }
        }
        if let Err(e) = backend.reconnect_if_lost() {
            fail_each::<B>(group.drain(..).chain(alone.try_iter()), "connect", e);
            continue;
        }
        for job in alone.try_iter() {
            run_in_own_transaction(&mut backend, job);
        }
        if !group.is_empty() {
            commit_group(&mut backend, &mut group, &mut outcomes);
            backend.after_group();
        }
    }
}

/// Answers every one of `jobs` that its group failed at `stage`.
fn fail_each<B: Backend>(
    jobs: impl Iterator<Item = Box<dyn Job<B>>>,
    stage: &'static str,
    error: B::Error,
) {
    let source = Arc::new(error);
    for job in jobs {
        job.finish(Err(B::group_failed(stage, Arc::clone(&source))));
    }
}

/// Runs `group` in one transaction, each under its own savepoint, and answers each after the
/// commit (or all with the transaction's failure). Leaves `group` and `outcomes` empty.
fn commit_group<B: Backend>(
    backend: &mut B,
    group: &mut Vec<Box<dyn Job<B>>>,
    outcomes: &mut Vec<Result<(), StoreError>>,
) {
    let mut tx = match backend.begin() {
        Ok(tx) => tx,
        Err(e) => return fail_each::<B>(group.drain(..), "begin", e),
    };
    for job in group.iter_mut() {
        outcomes.push(run_under_savepoint::<B>(&mut tx, job.as_mut()));
    }
    match B::commit(tx) {
        Ok(()) => {
            for (job, outcome) in group.drain(..).zip(outcomes.drain(..)) {
                job.finish(outcome);
            }
        }
        Err(e) => {
            outcomes.clear();
            fail_each::<B>(group.drain(..), "commit", e);
        }
    }
}

/// Runs one operation under its own savepoint: all of it or none of it.
fn run_under_savepoint<B: Backend>(
    tx: &mut B::Tx<'_>,
    job: &mut dyn Job<B>,
) -> Result<(), StoreError> {
    let mut savepoint = B::savepoint(tx).map_err(Into::into)?;
    let outcome = job.run(&mut savepoint);
    match outcome {
        Ok(()) => B::release(savepoint).map_err(Into::into)?,
        Err(_) => B::roll_back_to(savepoint).map_err(Into::into)?,
    }
    outcome
}

/// Runs one operation in a transaction of its own, committed (or rolled back) before it
/// answers.
fn run_in_own_transaction<B: Backend>(backend: &mut B, mut job: Box<dyn Job<B>>) {
    let outcome = match backend.begin() {
        Err(e) => Err(B::group_failed("begin", Arc::new(e))),
        Ok(mut tx) => match job.run(&mut tx) {
            Ok(()) => B::commit(tx).map_err(|e| B::group_failed("commit", Arc::new(e))),
            Err(e) => {
                B::roll_back(tx);
                Err(e)
            }
        },
    };
    job.finish(outcome);
}

#[cfg(test)]
mod tests {
    use std::sync::Mutex;

    use super::*;

    /// A database in memory that fails at the stages it is told to, and notes every
    /// transaction's beginning and end.
    #[derive(Default)]
    struct Database {
        /// The rows of every committed transaction, in order.
        committed: Vec<u32>,
        /// `begin`, `commit`, `roll back`, `connect`, each as it happened (`!`: it failed).
        journal: Vec<String>,
        /// Stages that fail, each at its next occurrence.
        failing: Vec<&'static str>,
        connection: Link,
    }

    /// The client's connection to the database.
    #[derive(Clone, Copy, Default, PartialEq, Eq)]
    enum Link {
        #[default]
        Up,
        /// Gone, and the client does not know yet: its next statement fails.
        Lost,
        /// Gone, and the client knows.
        Closed,
    }

    impl Database {
        /// Notes `stage` if `journal`; fails it if it was told to.
        fn step(&mut self, stage: &'static str, journal: bool) -> Result<(), FakeError> {
            let fails = match self.failing.iter().position(|s| *s == stage) {
                Some(i) => {
                    self.failing.remove(i);
                    true
                }
                None => false,
            };
            if journal {
                self.journal
                    .push(format!("{stage}{}", if fails { "!" } else { "" }));
            }
            if fails { Err(FakeError(stage)) } else { Ok(()) }
        }
    }

    #[derive(Debug)]
    struct FakeError(&'static str);

    impl From<FakeError> for StoreError {
        fn from(e: FakeError) -> StoreError {
            StoreError::Internal(e.0)
        }
    }

    struct Fake(Arc<Mutex<Database>>);

    /// A transaction (`parent` is `None`) or a savepoint in one: the rows it wrote.
    struct FakeTx<'c> {
        db: &'c Mutex<Database>,
        rows: Vec<u32>,
        parent: Option<&'c mut Vec<u32>>,
    }

    impl Backend for Fake {
        type Tx<'c> = FakeTx<'c>;
        type Error = FakeError;

        fn reconnect_if_lost(&mut self) -> Result<(), FakeError> {
            let mut db = self.0.lock().unwrap();
            if db.connection == Link::Closed {
                db.step("connect", true)?;
                db.connection = Link::Up;
            }
            Ok(())
        }

        fn begin(&mut self) -> Result<FakeTx<'_>, FakeError> {
            let mut db = self.0.lock().unwrap();
            if db.connection != Link::Up {
                db.connection = Link::Closed;
                db.journal.push("begin!".into());
                return Err(FakeError("begin"));
            }
            db.step("begin", true)?;
            Ok(FakeTx {
                db: &self.0,
                rows: Vec::new(),
                parent: None,
            })
        }

        fn commit(tx: FakeTx<'_>) -> Result<(), FakeError> {
            let mut db = tx.db.lock().unwrap();
            db.step("commit", true)?;
            db.committed.extend(tx.rows);
            Ok(())
        }

        fn roll_back(tx: FakeTx<'_>) {
            tx.db.lock().unwrap().journal.push("roll back".into());
        }

        fn savepoint<'t>(tx: &'t mut FakeTx<'_>) -> Result<FakeTx<'t>, FakeError> {
            tx.db.lock().unwrap().step("savepoint", false)?;
            Ok(FakeTx {
                db: tx.db,
                rows: Vec::new(),
                parent: Some(&mut tx.rows),
            })
        }

        fn release(savepoint: FakeTx<'_>) -> Result<(), FakeError> {
            if let Some(parent) = savepoint.parent {
                parent.extend(savepoint.rows);
            }
            Ok(())
        }

        fn roll_back_to(_: FakeTx<'_>) -> Result<(), FakeError> {
            Ok(())
        }

        fn group_failed(stage: &'static str, _: Arc<FakeError>) -> StoreError {
            StoreError::Internal(stage)
        }
    }

    /// One operation of a case: which lane, the row it writes, whether it then fails.
    #[derive(Clone, Copy)]
    struct Op {
        grouping: Grouping,
        row: u32,
        fails: bool,
    }

    fn grouped(row: u32) -> Op {
        Op {
            grouping: Grouping::Grouped,
            row,
            fails: false,
        }
    }

    fn alone(row: u32) -> Op {
        Op {
            grouping: Grouping::Alone,
            ..grouped(row)
        }
    }

    fn failing(op: Op) -> Op {
        Op { fails: true, ..op }
    }

    struct Case {
        name: &'static str,
        ops: Vec<Op>,
        failing: Vec<&'static str>,
        connection: Link,
        /// Each answer as it came: the row, and `ok` or the error.
        answers: Vec<(u32, String)>,
        committed: Vec<u32>,
        journal: Vec<&'static str>,
    }

    fn ok(row: u32) -> (u32, String) {
        (row, "ok".into())
    }

    fn err(row: u32, error: &str) -> (u32, String) {
        (row, error.into())
    }

    /// Submits the case's operations, then runs the writer's loop over them on this thread:
    /// every operation is in the queue before the loop takes its first group.
    fn run(case: &Case) -> (Vec<(u32, String)>, Database) {
        let db = Arc::new(Mutex::new(Database {
            failing: case.failing.clone(),
            connection: case.connection,
            ..Database::default()
        }));
        let (writer, queues) = GroupCommit::<Fake>::without_thread();
        let (tx, rx) = mpsc::channel();
        for &op in &case.ops {
            let tx = tx.clone();
            writer.submit(
                op.grouping,
                move |t: &mut FakeTx<'_>| {
                    t.rows.push(op.row);
                    if op.fails {
                        return Err(StoreError::Corrupt(format!("op {}", op.row)));
                    }
                    Ok(op.row)
                },
                move |r: Result<u32, StoreError>| {
                    let shown = match r {
                        Ok(row) if row == op.row => "ok".to_owned(),
                        Ok(row) => format!("answered {row}"),
                        Err(e) => e.to_string(),
                    };
                    tx.send((op.row, shown)).unwrap();
                },
            );
        }
        drop((writer, tx));
        write_loop(Fake(Arc::clone(&db)), &queues);
        let answers: Vec<(u32, String)> = rx.iter().collect();
        let db = Arc::try_unwrap(db).ok().unwrap().into_inner().unwrap();
        (answers, db)
    }

    #[test]
    fn the_writer_answers_each_operation_as_its_group_and_its_savepoint_went() {
        let begin = "store operation begin";
        let commit = "store operation commit";
        let connect = "store operation connect";
        let cases = [
            Case {
                name: "a failing operation leaves the others of its group alone",
                ops: vec![grouped(1), failing(grouped(2)), grouped(3)],
                failing: vec![],
                connection: Link::Up,
                answers: vec![ok(1), err(2, "corrupt store: op 2"), ok(3)],
                committed: vec![1, 3],
                journal: vec!["begin", "commit"],
            },
            Case {
                name: "a savepoint that cannot be made fails its operation only",
                ops: vec![grouped(1), grouped(2)],
                failing: vec!["savepoint"],
                connection: Link::Up,
                answers: vec![err(1, "store operation savepoint"), ok(2)],
                committed: vec![2],
                journal: vec!["begin", "commit"],
            },
            Case {
                name: "operations alone go ahead of the group, each in a transaction of its own",
                ops: vec![grouped(1), alone(2), grouped(3), alone(4)],
                failing: vec![],
                connection: Link::Up,
                answers: vec![ok(2), ok(4), ok(1), ok(3)],
                committed: vec![2, 4, 1, 3],
                journal: vec!["begin", "commit", "begin", "commit", "begin", "commit"],
            },
            Case {
                name: "an operation alone that fails is rolled back and the group goes on",
                ops: vec![failing(alone(1)), grouped(2)],
                failing: vec![],
                connection: Link::Up,
                answers: vec![err(1, "corrupt store: op 1"), ok(2)],
                committed: vec![2],
                journal: vec!["begin", "roll back", "begin", "commit"],
            },
            Case {
                name: "an operation alone whose commit fails is answered so",
                ops: vec![alone(1), grouped(2)],
                failing: vec!["commit"],
                connection: Link::Up,
                answers: vec![err(1, commit), ok(2)],
                committed: vec![2],
                journal: vec!["begin", "commit!", "begin", "commit"],
            },
            Case {
                name: "a group that cannot begin fails each of its operations",
                ops: vec![grouped(1), failing(grouped(2)), grouped(3)],
                failing: vec!["begin"],
                connection: Link::Up,
                answers: vec![err(1, begin), err(2, begin), err(3, begin)],
                committed: vec![],
                journal: vec!["begin!"],
            },
            Case {
                name: "a group that cannot commit fails each of its operations and keeps none",
                ops: vec![grouped(1), failing(grouped(2)), grouped(3)],
                failing: vec!["commit"],
                connection: Link::Up,
                answers: vec![err(1, commit), err(2, commit), err(3, commit)],
                committed: vec![],
                journal: vec!["begin", "commit!"],
            },
            Case {
                name: "a lost connection fails its group and the next group reconnects",
                ops: (1..=MAX_BATCH as u32 + 1).map(grouped).collect(),
                failing: vec![],
                connection: Link::Lost,
                answers: (1..=MAX_BATCH as u32)
                    .map(|row| err(row, begin))
                    .chain([ok(MAX_BATCH as u32 + 1)])
                    .collect(),
                committed: vec![MAX_BATCH as u32 + 1],
                journal: vec!["begin!", "connect", "begin", "commit"],
            },
            Case {
                name: "a connection not made again fails the group and the operations alone",
                ops: vec![grouped(1), alone(2), grouped(3)],
                failing: vec!["connect"],
                connection: Link::Closed,
                answers: vec![err(1, connect), err(3, connect), err(2, connect)],
                committed: vec![],
                journal: vec!["connect!"],
            },
        ];
        for case in &cases {
            let (answers, db) = run(case);
            assert_eq!(answers, case.answers, "{}: answers", case.name);
            assert_eq!(db.committed, case.committed, "{}: committed", case.name);
            assert_eq!(db.journal, case.journal, "{}: journal", case.name);
        }
    }
}
