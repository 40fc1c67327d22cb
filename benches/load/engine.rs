//! The load generator's engine, shared by `benches/load.rs` (the figures) and
//! `tests/it/crash.rs` (the fast crash test) and `tests/it/after_end.rs`.
//!
//! It runs the real `hamle` binary on a temporary data directory and plays many games at
//! once over real WebSockets: every game has four seats connected (White, White's assistant,
//! Black, a spectator), each seat in a random language; the side to move announces a random
//! legal move in words (`Speaker::say_move`, random style) and every seat must receive the
//! event. In crash mode a supervisor SIGKILLs the server and restarts it on the same data
//! directory; every game reconnects, checks that every acknowledged move is still there,
//! has the arbiter resume the game and plays on.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use futures_util::stream::{self, SelectAll, SplitSink};
use futures_util::{SinkExt, Stream, StreamExt};
use hamle::announce::{Lang, Style};
use hamle::words::speaker::Speaker;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, EnPassantMode, Position};
use tokio::io::AsyncBufReadExt;
use tokio::net::TcpStream;
use tokio::sync::{Semaphore, watch};
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// How long any single expected answer may take before it counts as an error.
const STEP: Duration = Duration::from_secs(10);
/// How long a game waits for the server to come back after a kill.
const OUTAGE: Duration = Duration::from_secs(120);

pub(crate) type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;
type Tagged = Pin<Box<dyn Stream<Item = (usize, Option<Result<Message, String>>)> + Send>>;

/// The real server process.
pub(crate) struct Server {
    child: tokio::process::Child,
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    // Kept open so the server's last line ("stopped") never hits a closed pipe.
    _stdout: tokio::io::Lines<tokio::io::BufReader<tokio::process::ChildStdout>>,
}

impl Server {
    /// Starts `bin serve --listen 127.0.0.1:0 --data <data>`; the first line it prints names
    /// its address.
    pub(crate) async fn start(bin: &Path, data: &Path) -> Result<Server, String> {
        let mut args: Vec<std::ffi::OsString> = vec![
            "serve".into(),
            "--listen".into(),
            "127.0.0.1:0".into(),
            "--data".into(),
            data.into(),
        ];
        args.extend(UNLIMITED.iter().map(Into::into));
        Server::launch(bin, &args).await
    }

    /// Starts `bin` with `args` (a `hamle serve`, or any server that prints
    /// `... http://127.0.0.1:PORT` as its first line and answers `GET /health`).
    pub(crate) async fn launch(bin: &Path, args: &[std::ffi::OsString]) -> Result<Server, String> {
        // `HAMLE_BENCH_LOG=DIR` keeps each server's log (at `RUST_LOG`, default `info`) in
        // DIR/server-N.log, for finding out why a run went wrong.
        let (log_level, stderr) = match std::env::var_os("HAMLE_BENCH_LOG") {
            Some(dir) => {
                static SERVERS: std::sync::atomic::AtomicUsize =
                    std::sync::atomic::AtomicUsize::new(0);
                let n = SERVERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let path = Path::new(&dir).join(format!("server-{n}.log"));
                let file =
                    std::fs::File::create(&path).map_err(|e| format!("{}: {e}", path.display()))?;
                let level = std::env::var("RUST_LOG").unwrap_or_else(|_| "info".into());
                (level, std::process::Stdio::from(file))
            }
            None => ("error".to_owned(), std::process::Stdio::null()),
        };
        let mut child = tokio::process::Command::new(bin)
            .args(args)
            .env("LANG", "C")
            .env("RUST_LOG", log_level)
            .stdout(std::process::Stdio::piped())
            .stderr(stderr)
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| format!("{}: {e}", bin.display()))?;
        let stdout = child.stdout.take().ok_or("no stdout")?;
        let mut lines = tokio::io::BufReader::new(stdout).lines();
        let line = tokio::time::timeout(STEP, lines.next_line())
            .await
            .map_err(|_| "the server did not print its address in time".to_owned())?
            .map_err(|e| e.to_string())?
            .ok_or("the server exited before printing its address")?;
        let base = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .ok_or_else(|| format!("no address in {line:?}"))?
            .trim_end_matches(['.', ','])
            .to_owned();
        Ok(Server {
            child,
            base,
            _stdout: lines,
        })
    }

    pub(crate) fn pid(&self) -> Option<u32> {
        self.child.id()
    }

    /// The server's resident memory (`VmRSS` of `/proc/<pid>/status`), in KiB.
    pub(crate) fn rss_kib(&self) -> Option<u64> {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.pid()?)).ok()?;
        status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.split_whitespace().next())
            .and_then(|v| v.parse().ok())
    }

    /// CPU time the server has used (user + system), in seconds.
    pub(crate) fn cpu_seconds(&self) -> Option<f64> {
        cpu_seconds(&format!("/proc/{}/stat", self.pid()?))
    }

    /// SIGKILL, and wait for the process to be gone.
    pub(crate) async fn kill9(&mut self) {
        let _ = self.child.start_kill();
        let _ = self.child.wait().await;
    }

    /// Waits until `/health` answers (the store is open and games are restored).
    pub(crate) async fn healthy(
        &self,
        http: &reqwest::Client,
        within: Duration,
    ) -> Result<(), String> {
        let until = Instant::now() + within;
        loop {
            let ok = http
                .get(format!("{}/health", self.base))
                .send()
                .await
                .map(|r| r.status().is_success())
                .unwrap_or(false);
            if ok {
                return Ok(());
            }
            if Instant::now() > until {
                return Err("the server did not become healthy in time".into());
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }
}

/// The `hamle serve` arguments of every load run: every client here is on 127.0.0.1, and the
/// limits per address would count the whole load as one attacker. The connection budget is
/// given (else an address gets a quarter of the automatic one: 4,500 of 8,000 seats refused
/// `429` at a file limit of 20,000).
pub(crate) const UNLIMITED: [&str; 14] = [
    "--max-connections",
    "16000",
    "--games-per-minute",
    "0",
    "--max-unstarted-games",
    "1000000",
    "--max-unstarted-games-per-address",
    "1000000",
    "--max-connections-per-address",
    "1000000",
    "--max-spectators-per-address",
    "1000000",
    "--max-ungreeted-per-address",
    "1000000",
];

/// User + system CPU seconds from a `/proc/<pid>/stat` file (clock ticks of 1/100 s).
pub(crate) fn cpu_seconds(stat: &str) -> Option<f64> {
    let text = std::fs::read_to_string(stat).ok()?;
    // Fields after the command name (which may hold spaces) end with ')'.
    let rest = &text[text.rfind(')')? + 2..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks: u64 = f.get(11)?.parse::<u64>().ok()? + f.get(12)?.parse::<u64>().ok()?;
    Some(ticks as f64 / 100.0)
}

/// What to run.
#[derive(Clone, Debug)]
pub(crate) struct Options {
    /// Concurrent games (four connections each).
    pub games: usize,
    /// Mean thinking time per move (each pause is 0.5 to 1.5 times this); zero: saturation.
    pub think: Duration,
    /// Playing before the measurement starts.
    pub warmup: Duration,
    /// The measurement window.
    pub measure: Duration,
    /// A game is started afresh after this many plies (or at its end).
    pub max_plies: usize,
    /// Games connecting their seats at the same time.
    pub connect_parallel: usize,
    pub seed: u64,
    /// Which node creates each game and which node each seat connects to (a cluster).
    pub layout: Layout,
}

/// Where a cluster's games are created and their seats connected (with one server, there).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(crate) enum Layout {
    /// Game `i` is created on node `i % n` (its owner) and its seat `s` (White, White's
    /// assistant, Black, the spectator) connects to node `(i + s) % n`: with three nodes
    /// White, the assistant and Black are each on another node, as a load balancer would
    /// spread them, and every node owns a third of the games and follows the rest.
    #[default]
    Spread,
    /// Every game is created on node 1, which owns them all; White and the spectator connect
    /// to node 1, White's assistant to node 2 and Black to node 3: nodes 2 and 3 only follow
    /// (and forward their seats' orders to node 1).
    #[allow(
        dead_code,
        reason = "the cluster bench's; the load bench runs one server"
    )]
    Owner,
}

impl Layout {
    /// The node that creates game `index` (its owner).
    pub(crate) fn game_node(self, bases: &[String], index: usize) -> &str {
        match self {
            Layout::Spread => node(bases, index),
            Layout::Owner => node(bases, 0),
        }
    }

    /// The node seat `seat` (an index into `SEATS`) of game `index` connects to.
    pub(crate) fn seat_node(self, bases: &[String], index: usize, seat: usize) -> &str {
        match self {
            Layout::Spread => node(bases, index + seat),
            // White and the spectator on the owner, the assistant and Black on the others.
            Layout::Owner => node(bases, [0, 1, 2, 0][seat]),
        }
    }
}

impl Default for Options {
    fn default() -> Options {
        Options {
            games: 100,
            think: Duration::from_secs(1),
            warmup: Duration::from_secs(3),
            measure: Duration::from_secs(20),
            max_plies: 160,
            connect_parallel: 64,
            seed: 1,
            layout: Layout::Spread,
        }
    }
}

/// A game as the load generator knows it; `acked` is checked against the server at the end.
#[derive(Clone, Debug)]
pub(crate) struct GameRecord {
    pub id: String,
    pub tokens: BTreeMap<String, String>,
    pub langs: BTreeMap<&'static str, Lang>,
    /// The UCI of every move the server acknowledged (or restored), in order.
    pub acked: Vec<String>,
}

/// What one game task measured.
#[derive(Default, Debug)]
pub(crate) struct Stats {
    /// Announcement sent to the move's event received by every seat, microseconds.
    pub latencies_us: Vec<u32>,
    /// Moves slower than 10 ms: when they were sent (ms into the window) and their latency.
    pub slow: Vec<(u32, u32)>,
    /// Moves acknowledged inside the window.
    pub moves_in_window: u64,
    /// Moves acknowledged in all.
    pub moves_total: u64,
    pub errors: BTreeMap<String, u64>,
    /// Games finished (mate, stalemate, dead position or the ply cap) and started afresh.
    pub rollovers: u64,
    /// Reconnections after a kill.
    pub reconnects: u64,
    /// Moves sent whose answer a kill took away (not errors).
    pub interrupted: u64,
    /// Acknowledged moves missing after a restart: must stay 0.
    pub lost: u64,
    /// Moves found stored after a restart though their answer was lost in the kill.
    pub adopted: u64,
}

impl Stats {
    pub(crate) fn error(&mut self, what: impl Into<String>) {
        *self.errors.entry(what.into()).or_default() += 1;
    }

    pub(crate) fn merge(&mut self, other: Stats) {
        self.latencies_us.extend(other.latencies_us);
        self.slow.extend(other.slow);
        self.moves_in_window += other.moves_in_window;
        self.moves_total += other.moves_total;
        for (k, v) in other.errors {
            *self.errors.entry(k).or_default() += v;
        }
        self.rollovers += other.rollovers;
        self.reconnects += other.reconnects;
        self.interrupted += other.interrupted;
        self.lost += other.lost;
        self.adopted += other.adopted;
    }

    pub(crate) fn error_count(&self) -> u64 {
        self.errors.values().sum()
    }

    /// The `q`-quantile of the latencies (0.5, 0.99, 1.0), in milliseconds.
    pub(crate) fn quantile_ms(&mut self, q: f64) -> f64 {
        if self.latencies_us.is_empty() {
            return f64::NAN;
        }
        self.latencies_us.sort_unstable();
        let n = self.latencies_us.len();
        let i = ((n as f64 * q).ceil() as usize).clamp(1, n) - 1;
        f64::from(self.latencies_us[i]) / 1000.0
    }
}

/// The measurement plan, sent to every game when all are connected.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Plan {
    pub from: Instant,
    pub until: Instant,
}

/// What every game task shares.
pub(crate) struct Ctx {
    pub opts: Options,
    pub http: reqwest::Client,
    /// The servers' base addresses (one, or a cluster's nodes; changes at every restart).
    /// Which game and seat goes to which node is `opts.layout`.
    pub base: watch::Receiver<Vec<String>>,
    /// `None` until every game is connected; then the plan.
    pub go: watch::Receiver<Option<Plan>>,
    /// Set when the games should stop after their current move.
    pub stop: watch::Receiver<bool>,
    pub connected: AtomicUsize,
    pub connecting: Semaphore,
    /// Crash mode: reconnect after a lost connection instead of giving up.
    pub survive_kills: bool,
}

fn ws_config() -> WebSocketConfig {
    // Small buffers: thousands of sockets in one process.
    WebSocketConfig::default()
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .max_write_buffer_size(64 * 1024)
}

fn random_lang(rng: &mut StdRng) -> Lang {
    Lang::ALL[rng.random_range(0..Lang::ALL.len())]
}

/// Node `i` of a cluster (`i` modulo their number).
pub(crate) fn node(bases: &[String], i: usize) -> &str {
    &bases[i % bases.len()]
}

/// The seats that play and watch, in this order.
const SEATS: [&str; 4] = ["white", "white_assistant", "black", "spectator"];

/// Creates a game with White's assistant, random languages and a long clock.
pub(crate) async fn create_game(
    http: &reqwest::Client,
    base: &str,
    rng: &mut StdRng,
) -> Result<GameRecord, String> {
    let mut langs = BTreeMap::new();
    for seat in SEATS.iter().chain(&["arbiter"]) {
        langs.insert(*seat, random_lang(rng));
    }
    let languages: serde_json::Map<String, Value> = langs
        .iter()
        .map(|(s, l)| ((*s).to_owned(), json!(l.code())))
        .collect();
    let body = json!({
        "time_control": {"base_seconds": 86400, "increment_seconds": 0},
        "white": {"name": "Load White", "visually_impaired": true, "assistant": true},
        "black": {"name": "Load Black"},
        "languages": languages,
    });
    let resp = http
        .post(format!("{base}/api/games"))
        .json(&body)
        .send()
        .await
        .map_err(|e| format!("create: {e}"))?;
    if resp.status() != 201 {
        return Err(format!("create: status {}", resp.status()));
    }
    let created: Value = resp.json().await.map_err(|e| format!("create: {e}"))?;
    let tokens = created["tokens"]
        .as_object()
        .ok_or("create: no tokens")?
        .iter()
        .filter_map(|(k, v)| Some((k.clone(), v.as_str()?.to_owned())))
        .collect();
    Ok(GameRecord {
        id: created["id"].as_str().ok_or("create: no id")?.to_owned(),
        tokens,
        langs,
        acked: Vec::new(),
    })
}

/// The cheap look at a server message: its type, `seq` and `id` without a JSON parse.
struct Peek<'a> {
    kind: &'a str,
    seq: Option<u64>,
    text: &'a str,
}

fn peek(text: &str) -> Peek<'_> {
    let kind = text
        .find("\"type\":\"")
        .map(|i| &text[i + 8..])
        .and_then(|s| s.split('"').next())
        .unwrap_or("");
    let seq = text.find("\"seq\":").and_then(|i| {
        let digits: String = text[i + 6..]
            .chars()
            .take_while(char::is_ascii_digit)
            .collect();
        digits.parse().ok()
    });
    Peek { kind, seq, text }
}

fn error_code(text: &str) -> String {
    serde_json::from_str::<Value>(text)
        .ok()
        .and_then(|v| v["code"].as_str().map(str::to_owned))
        .unwrap_or_else(|| "unreadable_error".into())
}

/// Why a game could not go on.
pub(crate) enum Broken {
    /// A socket closed or failed (expected in crash mode).
    Lost(String),
    /// Something the server must not do.
    Fatal(String),
}

/// A game's connected seats.
struct Table {
    sinks: Vec<SplitSink<Ws, Message>>,
    streams: SelectAll<Tagged>,
    /// The number of the last event each seat received.
    seen: Vec<u64>,
}

/// Opens `seat`'s socket on `base` and greets: the socket and the state it was sent.
pub(crate) async fn open(base: &str, game: &GameRecord, seat: &str) -> Result<(Ws, Value), Broken> {
    let url = format!(
        "{}/api/games/{}/ws",
        base.replacen("http://", "ws://", 1),
        game.id
    );
    let connect = tokio_tungstenite::connect_async_with_config(url, Some(ws_config()), true);
    let (mut ws, _) = tokio::time::timeout(STEP, connect)
        .await
        .map_err(|_| Broken::Lost(format!("{seat}: connect timed out")))?
        .map_err(|e| Broken::Lost(format!("{seat}: connect: {e}")))?;
    let hello = json!({"type": "hello", "v": 1, "token": game.tokens[seat]});
    ws.send(Message::text(hello.to_string()))
        .await
        .map_err(|e| Broken::Lost(format!("{seat}: hello: {e}")))?;
    // welcome, then the state.
    let mut welcomed = false;
    loop {
        let msg = tokio::time::timeout(STEP, ws.next())
            .await
            .map_err(|_| Broken::Lost(format!("{seat}: no welcome in time")))?;
        let text = match msg {
            Some(Ok(Message::Text(t))) => t,
            Some(Ok(Message::Close(f))) => {
                return Err(Broken::Lost(format!("{seat}: closed {f:?}")));
            }
            Some(Ok(_)) => continue,
            Some(Err(e)) => return Err(Broken::Lost(format!("{seat}: {e}"))),
            None => return Err(Broken::Lost(format!("{seat}: closed"))),
        };
        let p = peek(text.as_str());
        match p.kind {
            "welcome" => welcomed = true,
            "state" if welcomed => {
                let v: Value = serde_json::from_str(text.as_str())
                    .map_err(|e| Broken::Fatal(format!("state: {e}")))?;
                return Ok((ws, v["state"].clone()));
            }
            "error" => return Err(Broken::Lost(format!("{seat}: {}", error_code(p.text)))),
            other => return Err(Broken::Fatal(format!("{seat}: unexpected {other}"))),
        }
    }
}

impl Table {
    /// Connects every seat of game `index` (on the nodes `layout` puts them); returns the
    /// table and the state the first seat got.
    async fn connect(
        bases: &[String],
        layout: Layout,
        index: usize,
        game: &GameRecord,
    ) -> Result<(Table, Value), Broken> {
        let mut sinks = Vec::new();
        let mut streams = SelectAll::new();
        let mut seen = Vec::new();
        let mut first = None;
        for (i, seat) in SEATS.iter().enumerate() {
            let (ws, state) = open(layout.seat_node(bases, index, i), game, seat).await?;
            seen.push(state["seq"].as_u64().unwrap_or(0));
            first.get_or_insert(state);
            let (sink, rx) = ws.split();
            sinks.push(sink);
            let tagged: Tagged = Box::pin(
                rx.map(move |m| (i, Some(m.map_err(|e| e.to_string()))))
                    .chain(stream::once(async move { (i, None) })),
            );
            streams.push(tagged);
        }
        let state = first.unwrap_or(Value::Null);
        // All four joined at (nearly) the same time; any event between their joins is
        // delivered live to the later ones, so align on the highest number.
        let top = seen.iter().copied().max().unwrap_or(0);
        let seen_floor = seen.clone();
        let mut table = Table {
            sinks,
            streams,
            seen: seen_floor,
        };
        table.wait_seen(top).await?;
        Ok((table, state))
    }

    /// The next message of any seat.
    async fn next(&mut self, until: Instant) -> Result<(usize, String), Broken> {
        loop {
            let item = tokio::time::timeout_at(until.into(), self.streams.next())
                .await
                .map_err(|_| Broken::Fatal("no answer in time".into()))?;
            match item {
                None => return Err(Broken::Lost("all sockets closed".into())),
                Some((i, None)) => return Err(Broken::Lost(format!("{} closed", SEATS[i]))),
                Some((i, Some(Err(e)))) => return Err(Broken::Lost(format!("{}: {e}", SEATS[i]))),
                Some((i, Some(Ok(Message::Text(t))))) => {
                    let p = peek(t.as_str());
                    if p.kind == "event"
                        && let Some(n) = p.seq
                    {
                        self.seen[i] = self.seen[i].max(n);
                    }
                    return Ok((i, t.as_str().to_owned()));
                }
                Some((i, Some(Ok(Message::Close(f))))) => {
                    return Err(Broken::Lost(format!("{} closed: {f:?}", SEATS[i])));
                }
                Some(_) => continue,
            }
        }
    }

    async fn wait_seen(&mut self, seq: u64) -> Result<(), Broken> {
        let until = Instant::now() + STEP;
        while self.seen.iter().any(|s| *s < seq) {
            self.next(until).await?;
        }
        Ok(())
    }

    async fn send(&mut self, seat: usize, v: Value) -> Result<(), Broken> {
        self.sinks[seat]
            .send(Message::text(v.to_string()))
            .await
            .map_err(|e| Broken::Lost(format!("{}: send: {e}", SEATS[seat])))
    }

    /// Reads (and discards) messages for `d`, noticing a closed socket.
    async fn idle(&mut self, d: Duration) -> Result<(), Broken> {
        let until = Instant::now() + d;
        loop {
            match tokio::time::timeout_at(until.into(), self.next(until + STEP)).await {
                Err(_) => return Ok(()),
                Ok(r) => {
                    r?;
                }
            }
        }
    }

    async fn close(&mut self) {
        for s in &mut self.sinks {
            let _ = tokio::time::timeout(Duration::from_secs(1), s.close()).await;
        }
    }
}

/// One game's driver: plays until told to stop; returns what it measured and every game it
/// played (it starts a new game when one ends).
pub(crate) async fn run_game(
    ctx: Arc<Ctx>,
    index: usize,
    first: GameRecord,
) -> (Stats, Vec<GameRecord>) {
    let mut rng = StdRng::seed_from_u64(ctx.opts.seed.wrapping_mul(1_000_003) ^ index as u64);
    let speakers = Lang::ALL.map(Speaker::new);
    let mut stats = Stats::default();
    let mut done: Vec<GameRecord> = Vec::new();
    let mut game = first;
    let mut go = ctx.go.clone();
    let mut stop = ctx.stop.clone();

    // Connect every seat (a bounded number of games at a time: no storm beyond the backlog).
    let bases = ctx.base.borrow().clone();
    let connected = {
        let _permit = ctx.connecting.acquire().await;
        Table::connect(&bases, ctx.opts.layout, index, &game).await
    };
    let (mut table, state) = match connected {
        Ok(x) => x,
        Err(Broken::Lost(e) | Broken::Fatal(e)) => {
            stats.error(format!("connect: {e}"));
            ctx.connected.fetch_add(1, Ordering::SeqCst);
            return (stats, vec![game]);
        }
    };
    ctx.connected.fetch_add(1, Ordering::SeqCst);
    let mut pos = Chess::default();
    let mut seq = state["seq"].as_u64().unwrap_or(0);
    let plan = loop {
        if let Some(p) = *go.borrow_and_update() {
            break p;
        }
        // Keep reading (answers the server's pings) while the others connect.
        tokio::select! {
            r = go.changed() => if r.is_err() { return (stats, vec![game]) },
            r = table.idle(Duration::from_secs(3600)) => if let Err(Broken::Lost(e) | Broken::Fatal(e)) = r {
                stats.error(format!("idle: {e}"));
                return (stats, vec![game]);
            },
        }
    };
    // Spread the first moves over one thinking time.
    if !ctx.opts.think.is_zero() {
        let first_pause = ctx.opts.think.mul_f64(rng.random_range(0.0..1.0));
        if let Err(Broken::Lost(e) | Broken::Fatal(e)) = table.idle(first_pause).await {
            stats.error(format!("idle: {e}"));
        }
    }
    let mut next_id: u64 = 0;
    'play: loop {
        if *stop.borrow_and_update() {
            break;
        }
        // A game over or at its cap: start afresh.
        let over = pos.legal_moves().is_empty() || game.acked.len() >= ctx.opts.max_plies;
        if over {
            table.close().await;
            stats.rollovers += 1;
            done.push(std::mem::replace(&mut game, placeholder()));
            match fresh_game(&ctx, index, &mut rng, &mut stats).await {
                Some((g, t, s)) => {
                    game = g;
                    table = t;
                    seq = s;
                    pos = Chess::default();
                    continue;
                }
                None => break,
            }
        }
        let legal = pos.legal_moves();
        let m = legal[rng.random_range(0..legal.len())];
        let mover = if pos.turn().is_white() {
            if rng.random_bool(0.25) { 1 } else { 0 }
        } else {
            2
        };
        let lang = game.langs[SEATS[mover]];
        let style = if rng.random_bool(0.5) {
            Style::Short
        } else {
            Style::Full
        };
        let text = speakers[lang as usize].say_move(&pos, m, style);
        let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
        next_id += 1;
        let sent = Instant::now();
        let mut outcome = table
            .send(
                mover,
                json!({"type": "announce", "id": next_id, "text": text}),
            )
            .await;
        let mut acked = None;
        let mut all_seen = None;
        if outcome.is_ok() {
            outcome = async {
                let until = sent + STEP;
                loop {
                    let (i, text) = table.next(until).await?;
                    let p = peek(&text);
                    if all_seen.is_none() && table.seen.iter().all(|s| *s > seq) {
                        all_seen = Some(Instant::now());
                    }
                    if i == mover && p.kind == "ack" {
                        acked = p.seq;
                    } else if i == mover && p.kind == "error" {
                        let code = error_code(&text);
                        stats.error(format!(
                            "refused: {code} ({} {style:?}: {text})",
                            lang.code()
                        ));
                        // Keep the game going with the same move in UCI.
                        next_id += 1;
                        table
                            .send(mover, json!({"type": "move", "id": next_id, "uci": uci}))
                            .await?;
                    } else if p.kind == "error" {
                        stats.error(format!("error: {}", error_code(&text)));
                    }
                    if let Some(a) = acked
                        && table.seen.iter().all(|s| *s >= a)
                    {
                        return Ok(());
                    }
                }
            }
            .await;
        }
        match outcome {
            Ok(()) => {
                let ack_seq = acked.unwrap_or(seq + 1);
                let now = Instant::now();
                let arrived = all_seen.unwrap_or(now);
                stats.moves_total += 1;
                if now >= plan.from && now < plan.until {
                    stats.moves_in_window += 1;
                }
                if sent >= plan.from && sent < plan.until {
                    let us = arrived.duration_since(sent).as_micros();
                    let us = u32::try_from(us).unwrap_or(u32::MAX);
                    stats.latencies_us.push(us);
                    if us > 10_000 {
                        let at = sent.duration_since(plan.from).as_millis() as u32;
                        stats.slow.push((at, us));
                    }
                }
                pos.play_unchecked(m);
                game.acked.push(uci);
                seq = ack_seq;
            }
            Err(Broken::Fatal(e)) => {
                stats.error(format!("move: {e}"));
                break 'play;
            }
            Err(Broken::Lost(e)) => {
                if !ctx.survive_kills {
                    stats.error(format!("lost: {e}"));
                    break 'play;
                }
                stats.interrupted += 1;
                // The server went away: come back, check, resume.
                match rejoin(&ctx, index, &mut game, &mut stats).await {
                    Some((t, s, p)) => {
                        table = t;
                        seq = s;
                        pos = p;
                        continue 'play;
                    }
                    None => break 'play,
                }
            }
        }
        if !ctx.opts.think.is_zero() {
            let pause = ctx.opts.think.mul_f64(rng.random_range(0.5..1.5));
            if let Err(e) = table.idle(pause).await {
                match e {
                    Broken::Lost(_) if ctx.survive_kills => {
                        match rejoin(&ctx, index, &mut game, &mut stats).await {
                            Some((t, s, p)) => {
                                table = t;
                                seq = s;
                                pos = p;
                            }
                            None => break 'play,
                        }
                    }
                    Broken::Lost(e) | Broken::Fatal(e) => {
                        stats.error(format!("idle: {e}"));
                        break 'play;
                    }
                }
            }
        }
    }
    table.close().await;
    done.push(game);
    (stats, done)
}

fn placeholder() -> GameRecord {
    GameRecord {
        id: String::new(),
        tokens: BTreeMap::new(),
        langs: BTreeMap::new(),
        acked: Vec::new(),
    }
}

/// A new game, connected. Retries through an outage in crash mode.
async fn fresh_game(
    ctx: &Ctx,
    index: usize,
    rng: &mut StdRng,
    stats: &mut Stats,
) -> Option<(GameRecord, Table, u64)> {
    let until = Instant::now() + OUTAGE;
    while Instant::now() < until {
        if *ctx.stop.borrow() {
            return None;
        }
        let bases = ctx.base.borrow().clone();
        let game = match create_game(&ctx.http, ctx.opts.layout.game_node(&bases, index), rng).await
        {
            Ok(g) => g,
            Err(e) => {
                if !ctx.survive_kills {
                    stats.error(e);
                    return None;
                }
                tokio::time::sleep(Duration::from_millis(100)).await;
                continue;
            }
        };
        match Table::connect(&bases, ctx.opts.layout, index, &game).await {
            Ok((t, state)) => return Some((game, t, state["seq"].as_u64().unwrap_or(0))),
            Err(Broken::Lost(_)) if ctx.survive_kills => {
                // Created but not joined: the record still counts (no moves to check).
                tokio::time::sleep(Duration::from_millis(100)).await;
            }
            Err(Broken::Lost(e) | Broken::Fatal(e)) => {
                stats.error(format!("connect: {e}"));
                return None;
            }
        }
    }
    stats.error("the server did not come back");
    None
}

/// After a kill: reconnect every seat, check that every acknowledged move is still there,
/// adopt what the server has (a move may be stored though its answer was lost), and have
/// the arbiter resume the game.
async fn rejoin(
    ctx: &Ctx,
    index: usize,
    game: &mut GameRecord,
    stats: &mut Stats,
) -> Option<(Table, u64, Chess)> {
    let until = Instant::now() + OUTAGE;
    while Instant::now() < until {
        if *ctx.stop.borrow() {
            return None;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
        let bases = ctx.base.borrow().clone();
        let (mut table, state) = match Table::connect(&bases, ctx.opts.layout, index, game).await {
            Ok(x) => x,
            Err(Broken::Lost(_)) => continue,
            Err(Broken::Fatal(e)) => {
                stats.error(format!("rejoin: {e}"));
                return None;
            }
        };
        let moves = state_moves(&state);
        if !moves.starts_with(&game.acked) {
            stats.lost += (game.acked.len() - common_prefix(&moves, &game.acked)) as u64;
            stats.error(format!("game {}: acknowledged moves missing", game.id));
        }
        let Some(pos) = replay(&moves) else {
            stats.error(format!("game {}: stored moves do not replay", game.id));
            return None;
        };
        stats.adopted += moves.len().saturating_sub(game.acked.len()) as u64;
        game.acked = moves;
        stats.reconnects += 1;
        let mut seq = state["seq"].as_u64().unwrap_or(0);
        if state["status"] == "paused" {
            match resume(ctx.opts.layout.game_node(&bases, index), game).await {
                Ok(s) => seq = seq.max(s),
                Err(Broken::Lost(_)) => continue,
                Err(Broken::Fatal(e)) => {
                    stats.error(format!("resume: {e}"));
                    return None;
                }
            }
            if table.wait_seen(seq).await.is_err() {
                continue;
            }
        }
        return Some((table, seq, pos));
    }
    stats.error("the server did not come back");
    None
}

/// The arbiter resumes the game; returns the resume's event number.
async fn resume(base: &str, game: &GameRecord) -> Result<u64, Broken> {
    let (mut ws, state) = open(base, game, "arbiter").await?;
    if state["status"] != "paused" {
        return Ok(state["seq"].as_u64().unwrap_or(0));
    }
    ws.send(Message::text(
        json!({"type": "resume", "id": "r"}).to_string(),
    ))
    .await
    .map_err(|e| Broken::Lost(e.to_string()))?;
    let until = Instant::now() + STEP;
    loop {
        let msg = tokio::time::timeout_at(until.into(), ws.next())
            .await
            .map_err(|_| Broken::Fatal("no answer to resume".into()))?;
        match msg {
            Some(Ok(Message::Text(t))) => {
                let p = peek(t.as_str());
                if p.kind == "ack" {
                    let _ = ws.close(None).await;
                    return Ok(p.seq.unwrap_or(0));
                }
                if p.kind == "error" {
                    let code = error_code(p.text);
                    if code == "not_paused" {
                        return Ok(state["seq"].as_u64().unwrap_or(0));
                    }
                    return Err(Broken::Lost(code));
                }
            }
            Some(Ok(_)) => {}
            _ => return Err(Broken::Lost("arbiter closed".into())),
        }
    }
}

fn state_moves(state: &Value) -> Vec<String> {
    state["moves"]
        .as_array()
        .map(|a| {
            a.iter()
                .filter_map(|m| m["uci"].as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

fn common_prefix(a: &[String], b: &[String]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// The position after `moves`, if every one is legal.
pub(crate) fn replay(moves: &[String]) -> Option<Chess> {
    let mut pos = Chess::default();
    for uci in moves {
        let m = uci.parse::<UciMove>().ok()?.to_move(&pos).ok()?;
        pos.play_unchecked(m);
    }
    Some(pos)
}

/// The end-of-run check of every game against a (restarted) server.
#[derive(Debug, Default)]
pub(crate) struct Verdict {
    pub games: usize,
    pub acked_moves: usize,
    /// Acknowledged moves not in the stored game.
    pub lost: usize,
    /// Games that cannot be read, whose moves do not replay, whose position or PGN disagrees.
    pub corrupted: Vec<String>,
    /// Stored moves beyond the acknowledged ones (written, the answer lost in a kill).
    pub unacked_stored: usize,
}

/// Reads every game over HTTP (state and PGN) and compares it with what was acknowledged.
pub(crate) async fn verify(http: &reqwest::Client, base: &str, games: &[GameRecord]) -> Verdict {
    let mut verdict = Verdict::default();
    for chunk in games.chunks(32) {
        let checks = chunk
            .iter()
            .filter(|g| !g.id.is_empty())
            .map(|g| async move {
                let token = &g.tokens["spectator"];
                let state: Value = http
                    .get(format!("{base}/api/games/{}", g.id))
                    .bearer_auth(token)
                    .send()
                    .await
                    .map_err(|e| e.to_string())?
                    .error_for_status()
                    .map_err(|e| e.to_string())?
                    .json()
                    .await
                    .map_err(|e| e.to_string())?;
                let pgn = http
                    .get(format!("{base}/api/games/{}/pgn", g.id))
                    .bearer_auth(token)
                    .send()
                    .await
                    .map_err(|e| e.to_string())?
                    .error_for_status()
                    .map_err(|e| e.to_string())?
                    .text()
                    .await
                    .map_err(|e| e.to_string())?;
                Ok::<_, String>((g, state, pgn))
            });
        for r in futures_util::future::join_all(checks).await {
            verdict.games += 1;
            let (g, state, pgn) = match r {
                Ok(x) => x,
                Err(e) => {
                    verdict.corrupted.push(format!("unreadable: {e}"));
                    continue;
                }
            };
            verdict.acked_moves += g.acked.len();
            let moves = state_moves(&state);
            let common = common_prefix(&moves, &g.acked);
            verdict.lost += g.acked.len() - common;
            verdict.unacked_stored += moves.len().saturating_sub(g.acked.len());
            match replay(&moves) {
                None => verdict
                    .corrupted
                    .push(format!("{}: moves do not replay", g.id)),
                Some(pos) => {
                    let fen = shakmaty::fen::Fen::from_position(&pos, EnPassantMode::Legal);
                    if state["fen"] != fen.to_string() {
                        verdict
                            .corrupted
                            .push(format!("{}: position differs", g.id));
                    }
                }
            }
            let plies = moves.len() as u64;
            if state["seq"].as_u64().unwrap_or(0) < plies {
                verdict
                    .corrupted
                    .push(format!("{}: fewer events than moves", g.id));
            }
            if !pgn.contains(&format!("[HamleGame \"{}\"]", g.id)) {
                verdict.corrupted.push(format!("{}: PGN", g.id));
            }
        }
    }
    verdict
}

/// The path of the release `hamle` binary next to this bench or test.
pub(crate) fn server_binary() -> PathBuf {
    PathBuf::from(env!("CARGO_BIN_EXE_hamle"))
}

/// Everything one run produced.
pub(crate) struct Run {
    pub stats: Stats,
    pub games: Vec<GameRecord>,
    pub seconds: f64,
    /// Server memory, KiB: at start, after creating the games, after connecting every seat.
    pub rss_kib: [u64; 3],
    pub connect_seconds: f64,
    pub verdict: Option<Verdict>,
    pub kills: usize,
    /// CPU seconds used during the measurement window: by the server (the servers' sum), by
    /// this process.
    pub cpu_server: f64,
    pub cpu_load: f64,
    /// CPU seconds used during the measurement window by each server, in the order given
    /// (empty in crash mode).
    #[allow(
        dead_code,
        reason = "the cluster bench's; the load bench reads `cpu_server`"
    )]
    pub cpu_nodes: Vec<f64>,
}

/// Crash mode: SIGKILL the server this many times, `every` apart (0.5 to 1.5 times).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Kills {
    pub count: usize,
    pub every: Duration,
}

/// Starts a server on `data`, creates and connects the games, plays (and kills), and in
/// crash mode checks every game on a freshly restarted server at the end.
pub(crate) async fn run(opts: Options, data: &Path, kills: Option<Kills>) -> Result<Run, String> {
    let server = Server::start(&server_binary(), data).await?;
    drive(opts, vec![server], kills.map(|k| (k, data))).await
}

/// The servers' resident memory, summed, KiB.
fn rss_sum(servers: &[Server]) -> u64 {
    servers.iter().filter_map(Server::rss_kib).sum()
}

/// Each server's CPU seconds (0 for one whose `/proc` entry cannot be read).
fn cpu_each(servers: &[Server]) -> Vec<f64> {
    servers
        .iter()
        .map(|s| s.cpu_seconds().unwrap_or(0.0))
        .collect()
}

/// The load on servers already started (one, or a cluster's nodes): creates and connects the
/// games, plays, and stops every server at the end. With `kills` (one server only, started by
/// [`Server::start`] on that data directory) it is the crash mode of [`run`].
pub(crate) async fn drive(
    opts: Options,
    mut servers: Vec<Server>,
    kills: Option<(Kills, &Path)>,
) -> Result<Run, String> {
    if servers.is_empty() || (kills.is_some() && servers.len() != 1) {
        return Err("the crash mode runs on one server".into());
    }
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()
        .map_err(|e| e.to_string())?;
    let bin = server_binary();
    for s in &servers {
        s.healthy(&http, STEP).await?;
    }
    let bases: Vec<String> = servers.iter().map(|s| s.base.clone()).collect();
    tokio::time::sleep(Duration::from_millis(200)).await;
    let rss0 = rss_sum(&servers);

    // 1. Create the games (idle, nobody connected).
    let mut rng = StdRng::seed_from_u64(opts.seed);
    let mut records = Vec::with_capacity(opts.games);
    let seeds: Vec<u64> = (0..opts.games).map(|_| rng.random()).collect();
    for (c, chunk) in seeds.chunks(32).enumerate() {
        let made = futures_util::future::join_all(chunk.iter().enumerate().map(|(j, s)| {
            let http = &http;
            let base = opts.layout.game_node(&bases, c * 32 + j);
            async move {
                let mut rng = StdRng::seed_from_u64(*s);
                create_game(http, base, &mut rng).await
            }
        }))
        .await;
        for g in made {
            records.push(g?);
        }
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let rss1 = rss_sum(&servers);

    // 2. Connect every seat of every game.
    let (base_tx, base_rx) = watch::channel(bases);
    let (go_tx, go_rx) = watch::channel(None);
    let (stop_tx, stop_rx) = watch::channel(false);
    let ctx = Arc::new(Ctx {
        opts: opts.clone(),
        http: http.clone(),
        base: base_rx,
        go: go_rx,
        stop: stop_rx,
        connected: AtomicUsize::new(0),
        connecting: Semaphore::new(opts.connect_parallel),
        survive_kills: kills.is_some(),
    });
    let started = Instant::now();
    let tasks: Vec<_> = records
        .into_iter()
        .enumerate()
        .map(|(i, g)| tokio::spawn(run_game(Arc::clone(&ctx), i, g)))
        .collect();
    let connect_deadline = Instant::now() + Duration::from_secs(300);
    while ctx.connected.load(Ordering::SeqCst) < opts.games {
        if Instant::now() > connect_deadline {
            return Err("the games did not connect in time".into());
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let connect_seconds = started.elapsed().as_secs_f64();
    tokio::time::sleep(Duration::from_millis(500)).await;
    let rss2 = rss_sum(&servers);

    // 3. Play.
    let from = Instant::now() + opts.warmup;
    let plan = Plan {
        from,
        until: from + opts.measure,
    };
    let _ = go_tx.send(Some(plan));
    let mut cpu = (0.0, 0.0);
    let mut cpu_nodes = Vec::new();
    let mut killed = 0;
    if let Some((k, data)) = kills {
        let mut krng = StdRng::seed_from_u64(opts.seed ^ 0x6b69_6c6c);
        tokio::time::sleep(opts.warmup).await;
        while killed < k.count {
            tokio::time::sleep(k.every.mul_f64(krng.random_range(0.5..1.5))).await;
            servers[0].kill9().await;
            killed += 1;
            servers[0] = Server::start(&bin, data).await?;
            let _ = base_tx.send(vec![servers[0].base.clone()]);
            servers[0].healthy(&http, OUTAGE).await?;
        }
        // Let every game come back and play a little after the last kill.
        tokio::time::sleep(k.every).await;
    } else {
        tokio::time::sleep_until(plan.from.into()).await;
        let s0 = cpu_each(&servers);
        let l0 = cpu_seconds("/proc/self/stat").unwrap_or(0.0);
        tokio::time::sleep_until(plan.until.into()).await;
        cpu_nodes = cpu_each(&servers)
            .into_iter()
            .zip(s0)
            .map(|(after, before)| after - before)
            .collect();
        cpu = (
            cpu_nodes.iter().sum(),
            cpu_seconds("/proc/self/stat").unwrap_or(0.0) - l0,
        );
    }
    let _ = stop_tx.send(true);
    let seconds = if kills.is_some() {
        from.elapsed().as_secs_f64()
    } else {
        opts.measure.as_secs_f64()
    };
    let mut stats = Stats::default();
    let mut games = Vec::new();
    for t in tasks {
        match tokio::time::timeout(OUTAGE, t).await {
            Ok(Ok((s, g))) => {
                stats.merge(s);
                games.extend(g);
            }
            Ok(Err(e)) => stats.error(format!("task: {e}")),
            Err(_) => stats.error("a game did not stop in time"),
        }
    }

    // 4. Crash mode: one last kill, a fresh start, and every game checked.
    let verdict = if let Some((_, data)) = kills {
        servers[0].kill9().await;
        let fresh = Server::start(&bin, data).await?;
        fresh.healthy(&http, OUTAGE).await?;
        let v = verify(&http, &fresh.base, &games).await;
        servers[0] = fresh;
        Some(v)
    } else {
        None
    };
    for s in &mut servers {
        s.kill9().await;
    }
    Ok(Run {
        stats,
        games,
        seconds,
        rss_kib: [rss0, rss1, rss2],
        connect_seconds,
        verdict,
        kills: killed,
        cpu_server: cpu.0,
        cpu_load: cpu.1,
        cpu_nodes,
    })
}
