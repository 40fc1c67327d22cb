//! The engines a server runs: at most [`EngineConfig::max_engines`] processes at once, kept
//! warm between requests, each request's think time capped, a failed engine restarted once.
//!
//! A request takes a place (a semaphore permit), waiting at most
//! [`EngineConfig::queue_wait`] ([`EngineError::Busy`] after that), then an idle engine or a
//! new one. Every process counts against the cap while it runs, idle or busy: a new one is
//! started only by a request holding a place and finding no idle engine, and an engine goes
//! back to the idle ones before its place is given up, so there are never more processes
//! than places. If the engine fails during the request (its process ended, it did not answer
//! in time, it named an illegal move), it is killed and a fresh one started and asked the
//! same once more; if that one fails too, the request fails with the error that says so.
//! A request whose caller goes away drops its engine, which kills the process
//! (`kill_on_drop`): an engine is only reused after a conversation that ended as expected.
//!
//! The pool spawns no task. [`EnginePool::shutdown`] ends searches under way
//! ([`EngineError::ShutDown`]), refuses new requests and lets the idle engines quit.

use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use shakmaty::Move;
use tokio::sync::{Semaphore, SemaphorePermit, TryAcquireError};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::EngineError;
use super::level::{Level, Strength, strength_options};
use super::position::EnginePosition;
use super::process::{Fault, Launch, Processes, UciEngine};
use super::uci::{GameClock, Go, Score};

/// How the engines are run.
#[derive(Clone, Debug)]
pub struct EngineConfig {
    /// The UCI engine's program (e.g. `/usr/games/stockfish`).
    pub program: PathBuf,
    /// Its arguments (none for most engines).
    pub args: Vec<String>,
    /// The most engine processes at once.
    pub max_engines: usize,
    /// How long a request waits for a place before it is refused ([`EngineError::Busy`]);
    /// zero refuses at once.
    pub queue_wait: Duration,
    /// The longest any search may think, whatever its level or clock.
    pub max_think: Duration,
    /// How long a hint or an evaluation thinks.
    pub aid_think: Duration,
    /// How long a new engine may take to answer `uci` and `isready`.
    pub handshake_timeout: Duration,
    /// How long an engine may take for any other reply (`readyok`; `bestmove` after `stop`).
    pub reply_timeout: Duration,
    /// The engines' CPU priority (`nice`: 0 to 19, higher is lower; `None` leaves it).
    pub nice: Option<i32>,
    /// The hash table's size in MiB, if the engine has one (`Hash`).
    pub hash_mib: Option<u32>,
    /// An engine idle longer than this is let go at the next request.
    pub idle_timeout: Duration,
}

impl EngineConfig {
    /// The defaults: two engines (one per core of a small server), a request waits up to
    /// 5 s for one, no search thinks over 5 s, a hint or evaluation 1 s.
    pub fn new(program: impl Into<PathBuf>) -> EngineConfig {
        EngineConfig {
            program: program.into(),
            args: Vec::new(),
            max_engines: 2,
            queue_wait: Duration::from_secs(5),
            max_think: Duration::from_secs(5),
            aid_think: Duration::from_secs(1),
            handshake_timeout: Duration::from_secs(10),
            reply_timeout: Duration::from_secs(5),
            nice: Some(10),
            hash_mib: Some(16),
            idle_timeout: Duration::from_secs(600),
        }
    }
}

/// An engine's evaluation of a position, from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Eval {
    pub score: Score,
    /// The depth the score comes from, if the engine said.
    pub depth: Option<u32>,
    /// The engine's best move (checked legal); `None` without a legal move.
    pub best: Option<Move>,
}

/// What the pool has done so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PoolStats {
    /// Processes started, restarts included.
    pub started: u64,
    /// Engines restarted after a failure.
    pub restarts: u64,
    /// The most processes that ran at once.
    pub peak: usize,
}

/// A search's result with its move checked by shakmaty.
struct Checked {
    best: Option<Move>,
    score: Option<Score>,
    depth: Option<u32>,
}

struct Idle {
    engine: UciEngine,
    since: Instant,
}

struct Pool {
    config: EngineConfig,
    places: Semaphore,
    idle: Mutex<Vec<Idle>>,
    processes: Arc<Processes>,
    restarts: AtomicU64,
    shutdown: CancellationToken,
}

/// The server's engines (a handle: clones share them).
#[derive(Clone)]
pub struct EnginePool(Arc<Pool>);

/// Stops a search this long after its think time if the engine has not answered by itself.
const STOP_SLACK: Duration = Duration::from_millis(100);

impl EnginePool {
    /// A pool that starts engines as requests need them (none now).
    pub fn new(config: EngineConfig) -> EnginePool {
        let places = Semaphore::new(config.max_engines.max(1));
        EnginePool(Arc::new(Pool {
            config,
            places,
            idle: Mutex::new(Vec::new()),
            processes: Arc::default(),
            restarts: AtomicU64::new(0),
            shutdown: CancellationToken::new(),
        }))
    }

    pub fn config(&self) -> &EngineConfig {
        &self.0.config
    }

    /// Starts an engine (or takes an idle one) and keeps it warm: the engine's name, or why
    /// the configured program is no engine. For a server's start.
    pub async fn check(&self) -> Result<Option<String>, EngineError> {
        let _place = self.place().await?;
        let engine = match self.take_idle() {
            Some(engine) => engine,
            None => self.start().await?,
        };
        let name = engine.name().map(str::to_owned);
        self.put_back(engine);
        Ok(name)
    }

    /// The engine's move at `level` in `position`, its clock (if the game has one) passed
    /// on: the engine thinks at most the level's time (and never over
    /// [`EngineConfig::max_think`]), less if its clock runs short.
    pub async fn play(
        &self,
        level: Level,
        position: &EnginePosition,
        clock: Option<GameClock>,
    ) -> Result<Move, EngineError> {
        if !position.has_legal_move() {
            return Err(EngineError::NoLegalMove);
        }
        let settings = level.settings();
        let think = settings.think.min(self.0.config.max_think);
        let go = Go {
            movetime: Some(think),
            depth: Some(settings.depth),
            clock,
        };
        let checked = self
            .search(Strength::Level(level), position, go, think)
            .await?;
        checked.best.ok_or(EngineError::NoLegalMove)
    }

    /// A good legal move for the side to move, at full strength ([`EngineConfig::aid_think`]).
    pub async fn hint(&self, position: &EnginePosition) -> Result<Move, EngineError> {
        if !position.has_legal_move() {
            return Err(EngineError::NoLegalMove);
        }
        let think = self.aid_think();
        let go = Go {
            movetime: Some(think),
            ..Go::default()
        };
        let checked = self.search(Strength::Full, position, go, think).await?;
        checked.best.ok_or(EngineError::NoLegalMove)
    }

    /// Who stands better, from the side to move's point of view, at full strength.
    pub async fn eval(&self, position: &EnginePosition) -> Result<Eval, EngineError> {
        let think = self.aid_think();
        let go = Go {
            movetime: Some(think),
            ..Go::default()
        };
        let checked = self.search(Strength::Full, position, go, think).await?;
        let score = checked.score.ok_or_else(|| EngineError::BadAnswer {
            answer: "a best move without a score".to_owned(),
        })?;
        Ok(Eval {
            score,
            depth: checked.depth,
            best: checked.best,
        })
    }

    /// The pids of the engine processes running now, idle or busy.
    pub fn pids(&self) -> Vec<u32> {
        self.0.processes.pids()
    }

    pub fn stats(&self) -> PoolStats {
        PoolStats {
            started: self.0.processes.started(),
            restarts: self.0.restarts.load(Ordering::Relaxed),
            peak: self.0.processes.peak(),
        }
    }

    /// Ends the searches under way, refuses every request from now on, and lets the idle
    /// engines quit (killing those that do not).
    pub async fn shutdown(&self) {
        self.0.shutdown.cancel();
        self.0.places.close();
        let idle = std::mem::take(&mut *self.idle());
        for Idle { engine, .. } in idle {
            engine.quit().await;
        }
    }

    fn aid_think(&self) -> Duration {
        self.0.config.aid_think.min(self.0.config.max_think)
    }

    fn idle(&self) -> std::sync::MutexGuard<'_, Vec<Idle>> {
        self.0.idle.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// A place to run an engine, within the queue's wait.
    async fn place(&self) -> Result<SemaphorePermit<'_>, EngineError> {
        let wait = self.0.config.queue_wait;
        let busy = || EngineError::Busy {
            cap: self.0.config.max_engines.max(1),
            waited: wait,
        };
        if wait.is_zero() {
            return self.0.places.try_acquire().map_err(|e| match e {
                TryAcquireError::Closed => EngineError::ShutDown,
                TryAcquireError::NoPermits => busy(),
            });
        }
        match tokio::time::timeout(wait, self.0.places.acquire()).await {
            Ok(Ok(permit)) => Ok(permit),
            Ok(Err(_closed)) => Err(EngineError::ShutDown),
            Err(_) => Err(busy()),
        }
    }

    /// An idle engine, letting go those idle too long.
    fn take_idle(&self) -> Option<UciEngine> {
        let timeout = self.0.config.idle_timeout;
        let mut idle = self.idle();
        // Dropping an engine kills its process.
        idle.retain(|i| i.since.elapsed() < timeout);
        idle.pop().map(|i| i.engine)
    }

    fn put_back(&self, engine: UciEngine) {
        if self.0.shutdown.is_cancelled() {
            return;
        }
        self.idle().push(Idle {
            engine,
            since: Instant::now(),
        });
    }

    async fn start(&self) -> Result<UciEngine, EngineError> {
        let config = &self.0.config;
        let launch = Launch {
            program: &config.program,
            args: &config.args,
            handshake_timeout: config.handshake_timeout,
            reply_timeout: config.reply_timeout,
            nice: config.nice,
            hash_mib: config.hash_mib,
        };
        UciEngine::start(&launch, &self.0.processes).await
    }

    /// Runs one search on an engine of the pool, restarting it once if it fails.
    async fn search(
        &self,
        strength: Strength,
        position: &EnginePosition,
        go: Go,
        think: Duration,
    ) -> Result<Checked, EngineError> {
        let _place = self.place().await?;
        let engine = match self.take_idle() {
            Some(engine) => engine,
            None => self.start().await?,
        };
        let first = match self.attempt(engine, strength, position, &go, think).await {
            Ok(checked) => return Ok(checked),
            Err(Fault::Cancelled) => return Err(EngineError::ShutDown),
            Err(fault) => fault,
        };
        self.0.restarts.fetch_add(1, Ordering::Relaxed);
        tracing::warn!("the engine failed ({first}); starting a fresh one and asking again");
        let engine = self.start().await?;
        self.attempt(engine, strength, position, &go, think)
            .await
            .map_err(|fault| {
                tracing::warn!("the fresh engine failed too ({fault})");
                fault.into_error()
            })
    }

    /// One engine's search, its move checked legal; the engine goes back to the idle ones
    /// after a search that ended as expected, and is killed after any other.
    async fn attempt(
        &self,
        mut engine: UciEngine,
        strength: Strength,
        position: &EnginePosition,
        go: &Go,
        think: Duration,
    ) -> Result<Checked, Fault> {
        let pid = engine.pid();
        let result = async {
            let options = strength_options(strength, engine.options());
            engine.prepare(&options).await?;
            let outcome = engine
                .search(position, go, think + STOP_SLACK, &self.0.shutdown)
                .await?;
            let best = match outcome.best {
                Some(answer) => Some(
                    position
                        .legal(answer)
                        .ok_or_else(|| Fault::BadAnswer(answer.to_string()))?,
                ),
                None if position.has_legal_move() => {
                    return Err(Fault::BadAnswer("bestmove (none)".to_owned()));
                }
                None => None,
            };
            Ok(Checked {
                best,
                score: outcome.score,
                depth: outcome.depth,
            })
        }
        .await;
        match result {
            Ok(checked) => {
                self.put_back(engine);
                Ok(checked)
            }
            Err(Fault::Cancelled) => {
                engine.kill().await;
                Err(Fault::Cancelled)
            }
            Err(fault) => {
                tracing::warn!(pid, "engine failed: {fault}; killing it");
                engine.kill().await;
                Err(fault)
            }
        }
    }
}
