//! One engine process and the UCI conversation with it, every reply awaited with a deadline.
//!
//! The process is started with its own process group (a Ctrl-C at the server's terminal
//! reaches the server, which stops its engines itself), at a lower CPU priority than the
//! server when asked (`nice`), with `kill_on_drop`: whoever drops a [`UciEngine`] (a
//! finished request's caller that went away, a pool shutting down) kills its process. Lines
//! are read at most [`MAX_LINE`] bytes long; anything the engine writes that hamle does not
//! expect is skipped. Nothing here spawns a task: each call reads the engine's output itself,
//! until the answer it waits for or its deadline.

use std::collections::{BTreeSet, HashMap};
use std::fmt;
use std::path::Path;
use std::process::Stdio;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufRead, AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, ChildStdin, ChildStdout, Command};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::EngineError;
use super::position::EnginePosition;
use super::uci::{Bound, EngineLine, Go, Info, OptionSpec, Score, parse_line, set_option_command};

/// The longest line read from an engine (Stockfish's longest, a long principal variation,
/// is a few KiB).
pub(crate) const MAX_LINE: usize = 64 * 1024;

/// The most options read from an engine's `uci` answer (Stockfish offers about twenty).
const MAX_OPTIONS: usize = 1024;

/// How long a killed process is waited for, to reap it.
const REAP_WAIT: Duration = Duration::from_secs(1);

/// Why one conversation with an engine failed; the pool restarts the engine on any of them.
#[derive(Debug)]
pub(crate) enum Fault {
    /// Its output ended or its input could not be written: the process ended.
    Ended(String),
    /// No answer in time.
    TimedOut(&'static str),
    /// An answer that cannot be used (an illegal move, a `bestmove` without one, no score).
    BadAnswer(String),
    /// The pool is shutting down.
    Cancelled,
}

impl fmt::Display for Fault {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Fault::Ended(detail) => write!(f, "the engine stopped: {detail}"),
            Fault::TimedOut(what) => write!(f, "no {what} in time"),
            Fault::BadAnswer(answer) => write!(f, "an answer that cannot be used: {answer}"),
            Fault::Cancelled => f.write_str("shut down"),
        }
    }
}

impl Fault {
    /// The error a player is told when a fresh engine failed the same way.
    pub(crate) fn into_error(self) -> EngineError {
        match self {
            Fault::Ended(detail) => EngineError::Crashed { detail },
            Fault::TimedOut(what) => EngineError::TimedOut {
                waiting_for: what.to_owned(),
            },
            Fault::BadAnswer(answer) => EngineError::BadAnswer { answer },
            Fault::Cancelled => EngineError::ShutDown,
        }
    }
}

/// The engine processes alive, by pid: how many run now, the most that ran at once, and
/// how many were started.
#[derive(Debug, Default)]
pub(crate) struct Processes {
    pids: Mutex<BTreeSet<u32>>,
    peak: AtomicUsize,
    started: AtomicU64,
}

impl Processes {
    fn add(self: &Arc<Self>, pid: Option<u32>) -> Registration {
        self.started.fetch_add(1, Ordering::Relaxed);
        if let Some(pid) = pid {
            let mut pids = self.pids.lock().unwrap_or_else(|e| e.into_inner());
            pids.insert(pid);
            self.peak.fetch_max(pids.len(), Ordering::Relaxed);
        }
        Registration {
            processes: Arc::clone(self),
            pid,
        }
    }

    pub(crate) fn pids(&self) -> Vec<u32> {
        let pids = self.pids.lock().unwrap_or_else(|e| e.into_inner());
        pids.iter().copied().collect()
    }

    pub(crate) fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }

    pub(crate) fn started(&self) -> u64 {
        self.started.load(Ordering::Relaxed)
    }
}

/// A process counted in [`Processes`] until it is dropped.
#[derive(Debug)]
struct Registration {
    processes: Arc<Processes>,
    pid: Option<u32>,
}

impl Drop for Registration {
    fn drop(&mut self) {
        if let Some(pid) = self.pid {
            let mut pids = self
                .processes
                .pids
                .lock()
                .unwrap_or_else(|e| e.into_inner());
            pids.remove(&pid);
        }
    }
}

/// Reads lines of at most [`MAX_LINE`] bytes. Cancel safe: a line read in part stays in
/// `pending` until the rest comes.
struct LineReader<R> {
    inner: BufReader<R>,
    pending: Vec<u8>,
}

impl<R: tokio::io::AsyncRead + Unpin> LineReader<R> {
    fn new(inner: R) -> LineReader<R> {
        LineReader {
            inner: BufReader::new(inner),
            pending: Vec::new(),
        }
    }

    /// The next line without its end (`\n`, and a `\r` before it); `None` at the end.
    async fn next_line(&mut self) -> std::io::Result<Option<String>> {
        loop {
            let buf = self.inner.fill_buf().await?;
            if buf.is_empty() {
                return Ok(None);
            }
            let (taken, complete) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    self.pending.extend_from_slice(&buf[..i]);
                    (i + 1, true)
                }
                None => {
                    self.pending.extend_from_slice(buf);
                    (buf.len(), false)
                }
            };
            std::pin::Pin::new(&mut self.inner).consume(taken);
            if self.pending.len() > MAX_LINE {
                self.pending.clear();
                return Err(std::io::Error::new(
                    std::io::ErrorKind::InvalidData,
                    format!("a line longer than {MAX_LINE} bytes"),
                ));
            }
            if complete {
                if self.pending.last() == Some(&b'\r') {
                    self.pending.pop();
                }
                let line = String::from_utf8_lossy(&self.pending).into_owned();
                self.pending.clear();
                return Ok(Some(line));
            }
        }
    }
}

/// What a search found, before the pool checks the move with shakmaty.
#[derive(Debug)]
pub(crate) struct SearchOutcome {
    /// `None`: `bestmove (none)`.
    pub(crate) best: Option<shakmaty::uci::UciMove>,
    /// The best line's last score, exact if the engine gave one.
    pub(crate) score: Option<Score>,
    pub(crate) depth: Option<u32>,
}

/// One running engine after a successful `uci` / `uciok` and `isready` / `readyok`.
pub(crate) struct UciEngine {
    child: Child,
    stdin: ChildStdin,
    stdout: LineReader<ChildStdout>,
    pid: Option<u32>,
    name: Option<String>,
    options: Vec<OptionSpec>,
    /// The values sent for options, by lower-case name (each is sent again only if changed).
    sent: HashMap<String, String>,
    reply_timeout: Duration,
    _registration: Registration,
}

/// How to start an engine.
pub(crate) struct Launch<'a> {
    pub(crate) program: &'a Path,
    pub(crate) args: &'a [String],
    pub(crate) handshake_timeout: Duration,
    pub(crate) reply_timeout: Duration,
    pub(crate) nice: Option<i32>,
    pub(crate) hash_mib: Option<u32>,
}

impl UciEngine {
    /// Starts `launch.program` and has the UCI handshake with it; a program that cannot be
    /// started is [`EngineError::Unavailable`], one that does not answer as an engine in
    /// time (or ends first) [`EngineError::NotAnEngine`] (and is killed).
    pub(crate) async fn start(
        launch: &Launch<'_>,
        processes: &Arc<Processes>,
    ) -> Result<UciEngine, EngineError> {
        let unavailable = |source| EngineError::Unavailable {
            program: launch.program.to_owned(),
            source,
        };
        let mut child = Command::new(launch.program)
            .args(launch.args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .process_group(0)
            .kill_on_drop(true)
            .spawn()
            .map_err(unavailable)?;
        let pid = child.id();
        let process = pid.and_then(|pid| rustix::process::Pid::from_raw(pid.cast_signed()));
        if let (Some(nice), Some(process)) = (launch.nice, process)
            && let Err(e) = rustix::process::setpriority_process(Some(process), nice)
        {
            tracing::debug!(pid, "could not lower the engine's priority: {e}");
        }
        let missing = || unavailable(std::io::Error::other("no pipe to the process"));
        let stdin = child.stdin.take().ok_or_else(missing)?;
        let stdout = child.stdout.take().ok_or_else(missing)?;
        let mut engine = UciEngine {
            child,
            stdin,
            stdout: LineReader::new(stdout),
            pid,
            name: None,
            options: Vec::new(),
            sent: HashMap::new(),
            reply_timeout: launch.reply_timeout,
            _registration: processes.add(pid),
        };
        let not_an_engine = |reason: String| EngineError::NotAnEngine {
            program: launch.program.to_owned(),
            reason,
        };
        match tokio::time::timeout(launch.handshake_timeout, engine.handshake()).await {
            Ok(Ok(())) => {}
            Ok(Err(fault)) => {
                engine.kill().await;
                return Err(not_an_engine(fault.to_string()));
            }
            Err(_) => {
                engine.kill().await;
                return Err(not_an_engine(format!(
                    "no uciok and readyok within {:?}",
                    launch.handshake_timeout
                )));
            }
        }
        if let Some(mib) = launch.hash_mib
            && let Some(hash) = engine.option("Hash")
        {
            let (name, value) = (hash.name.clone(), hash.clamp(i64::from(mib)).to_string());
            if let Err(fault) = engine.set_option(&name, &value).await {
                engine.kill().await;
                return Err(not_an_engine(fault.to_string()));
            }
        }
        tracing::debug!(pid, name = ?engine.name, "engine started");
        Ok(engine)
    }

    async fn handshake(&mut self) -> Result<(), Fault> {
        self.send("uci").await?;
        loop {
            match self.read_line().await? {
                EngineLine::UciOk => break,
                EngineLine::Id { field, value } if field == "name" => self.name = Some(value),
                EngineLine::Option(spec) if self.options.len() < MAX_OPTIONS => {
                    self.options.push(spec)
                }
                _ => {}
            }
        }
        self.send("isready").await?;
        self.wait_ready().await
    }

    pub(crate) fn pid(&self) -> Option<u32> {
        self.pid
    }

    pub(crate) fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    pub(crate) fn options(&self) -> &[OptionSpec] {
        &self.options
    }

    fn option(&self, name: &str) -> Option<&OptionSpec> {
        self.options.iter().find(|o| o.is(name))
    }

    /// Writes one command line, with a deadline (a pipe the engine never reads fills up).
    async fn send(&mut self, command: &str) -> Result<(), Fault> {
        let mut line = String::with_capacity(command.len() + 1);
        line.push_str(command);
        line.push('\n');
        let write = async {
            self.stdin.write_all(line.as_bytes()).await?;
            self.stdin.flush().await
        };
        match tokio::time::timeout(self.reply_timeout, write).await {
            Ok(Ok(())) => Ok(()),
            Ok(Err(e)) => Err(Fault::Ended(format!("its input: {e}"))),
            Err(_) => Err(Fault::TimedOut("room in the engine's input")),
        }
    }

    /// The next line, read; the end of the output is [`Fault::Ended`] (with the exit status
    /// if the process has already ended).
    async fn read_line(&mut self) -> Result<EngineLine, Fault> {
        match self.stdout.next_line().await {
            Ok(Some(line)) => Ok(parse_line(&line)),
            Ok(None) => Err(Fault::Ended(match self.child.try_wait() {
                Ok(Some(status)) => format!("the process ended ({status})"),
                _ => "its output ended".to_owned(),
            })),
            Err(e) if e.kind() == std::io::ErrorKind::InvalidData => {
                Err(Fault::BadAnswer(e.to_string()))
            }
            Err(e) => Err(Fault::Ended(format!("its output: {e}"))),
        }
    }

    /// Reads up to `readyok`, within the reply timeout.
    async fn wait_ready(&mut self) -> Result<(), Fault> {
        let reply = self.reply_timeout;
        let wait = async {
            loop {
                if let EngineLine::ReadyOk = self.read_line().await? {
                    return Ok(());
                }
            }
        };
        tokio::time::timeout(reply, wait)
            .await
            .unwrap_or(Err(Fault::TimedOut("readyok")))
    }

    async fn set_option(&mut self, name: &str, value: &str) -> Result<(), Fault> {
        let key = name.to_ascii_lowercase();
        if self.sent.get(&key).map(String::as_str) == Some(value) {
            return Ok(());
        }
        self.send(&set_option_command(name, value)).await?;
        self.sent.insert(key, value.to_owned());
        Ok(())
    }

    /// Sets `options` (those changed since last sent), starts a new game (`ucinewgame`) and
    /// waits until the engine is ready.
    pub(crate) async fn prepare(&mut self, options: &[(String, String)]) -> Result<(), Fault> {
        for (name, value) in options {
            self.set_option(name, value).await?;
        }
        self.send("ucinewgame").await?;
        self.send("isready").await?;
        self.wait_ready().await
    }

    /// Searches `position` with `go`. If no `bestmove` has come `think` after the `go`, the
    /// engine is told to `stop`, and if none comes within the reply timeout after that, the
    /// search is [`Fault::TimedOut`]. `cancel` ends it at once.
    pub(crate) async fn search(
        &mut self,
        position: &EnginePosition,
        go: &Go,
        think: Duration,
        cancel: &CancellationToken,
    ) -> Result<SearchOutcome, Fault> {
        self.send(&position.command()).await?;
        self.send(&go.command()).await?;
        let mut deadline = Instant::now() + think;
        let mut stopped = false;
        let mut exact: Option<(Score, Option<u32>)> = None;
        let mut bounded: Option<(Score, Option<u32>)> = None;
        loop {
            let line = tokio::select! {
                biased;
                _ = cancel.cancelled() => return Err(Fault::Cancelled),
                line = tokio::time::timeout_at(deadline, self.read_line()) => line,
            };
            match line {
                Err(_) if !stopped => {
                    self.send("stop").await?;
                    stopped = true;
                    deadline = Instant::now() + self.reply_timeout;
                }
                Err(_) => return Err(Fault::TimedOut("bestmove")),
                Ok(line) => match line? {
                    EngineLine::Info(info) => note_score(&info, &mut exact, &mut bounded),
                    EngineLine::BestMove { best, .. } => {
                        let (score, depth) = match exact.or(bounded) {
                            Some((score, depth)) => (Some(score), depth),
                            None => (None, None),
                        };
                        return Ok(SearchOutcome { best, score, depth });
                    }
                    EngineLine::MalformedBestMove(line) => return Err(Fault::BadAnswer(line)),
                    _ => {}
                },
            }
        }
    }

    /// Kills the process and whatever it started (its process group), and waits a moment to
    /// reap it.
    pub(crate) async fn kill(mut self) {
        self.kill_group();
        let _ = self.child.start_kill();
        let _ = tokio::time::timeout(REAP_WAIT, self.child.wait()).await;
    }

    /// SIGKILL to the engine's process group (its own, `process_group(0)`: an engine started
    /// by a wrapper script goes too). Only while the process is not reaped, so that its pid,
    /// the group's id, cannot be another's yet.
    fn kill_group(&mut self) {
        if let (Some(pid), Ok(None)) = (self.pid, self.child.try_wait())
            && let Some(group) = rustix::process::Pid::from_raw(pid.cast_signed())
        {
            let _ = rustix::process::kill_process_group(group, rustix::process::Signal::KILL);
        }
    }

    /// Asks the engine to quit, and kills it if it has not within the reply timeout.
    pub(crate) async fn quit(mut self) {
        if self.send("quit").await.is_ok()
            && tokio::time::timeout(self.reply_timeout, self.child.wait())
                .await
                .is_ok()
        {
            return;
        }
        self.kill().await;
    }
}

impl Drop for UciEngine {
    /// The process itself is killed by `kill_on_drop`; its group here.
    fn drop(&mut self) {
        self.kill_group();
    }
}

/// Keeps the best line's latest score, exact and bounded apart.
fn note_score(
    info: &Info,
    exact: &mut Option<(Score, Option<u32>)>,
    bounded: &mut Option<(Score, Option<u32>)>,
) {
    if !info.is_main_line() {
        return;
    }
    match info.score {
        Some((score, Bound::Exact)) => *exact = Some((score, info.depth)),
        Some((score, _)) => *bounded = Some((score, info.depth)),
        None => {}
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn lines_are_split_bounded_and_carriage_returns_dropped() {
        let mut data = b"uciok\r\n\nid name X\n".to_vec();
        data.extend(std::iter::repeat_n(b'x', MAX_LINE + 1));
        data.push(b'\n');
        let mut reader = LineReader::new(&data[..]);
        assert_eq!(reader.next_line().await.unwrap().as_deref(), Some("uciok"));
        assert_eq!(reader.next_line().await.unwrap().as_deref(), Some(""));
        assert_eq!(
            reader.next_line().await.unwrap().as_deref(),
            Some("id name X")
        );
        let too_long = reader.next_line().await.unwrap_err();
        assert_eq!(too_long.kind(), std::io::ErrorKind::InvalidData);
        // (The engine that wrote it is killed; what the reader gives after does not matter.)
    }

    #[tokio::test]
    async fn an_unfinished_last_line_is_no_line() {
        let mut reader = LineReader::new(
            &b"readyok
partial"[..],
        );
        assert_eq!(
            reader.next_line().await.unwrap().as_deref(),
            Some("readyok")
        );
        assert_eq!(reader.next_line().await.unwrap(), None);
    }
}
