//! Games against the computer at once (issue 34): how many one server holds with the
//! computer's moves answered in time, and what limits it.
//!
//! ```sh
//! cargo bench --bench engine                   # levels 1 and 8, 2 engines, 1 to 128 games
//! cargo bench --bench engine -- --levels 8 --engines 1,2,4 --games 1,2,4,8,16
//! cargo bench --bench engine -- --think-ms 5000 --measure 30
//! ```
//!
//! For each level, cap on engine processes (`hamle serve --engines N`) and number of games,
//! it starts the real `hamle` binary with Stockfish (`--engine`, default
//! `/usr/games/stockfish`), creates that many games against the computer (Black, at the
//! level) and plays White in each over its own WebSocket: a random legal move, then the
//! computer's reply, then White "thinks" (`--think-ms`, each pause drawn from half to one and
//! a half times it) and moves again; a game that ends is replaced by a new one. After
//! `--warmup` seconds it measures for `--measure` seconds the time from White's move sent to
//! the computer's move received. A reply is *in time* when it comes within the level's own
//! think time (`src/engine/level.rs`, capped by `--engine-max-think`) plus `--slack-ms`
//! (1,000 ms); a run holds its games when 99 % of the replies are in time and the engine
//! reported no failure (`engine_busy` after a request waited 5 s for an engine, ...). The
//! sweep over games stops at a level's first run that does not hold. It prints, per run, the
//! replies, their latency (median, p95, p99, max), the share in time, the failures, and the
//! CPU the server and its engine processes used (a share of one core), with the machine's
//! load average.

#[path = "load/engine.rs"]
#[allow(dead_code)]
mod engine;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use engine::{Server, UNLIMITED, Ws, server_binary};
use futures_util::{SinkExt, StreamExt};
use hamle::engine::Level;
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Position};
use tokio_tungstenite::tungstenite::Message;

/// How long a reply may take before the game gives up on it (and starts a new one).
const GIVE_UP: Duration = Duration::from_secs(30);

#[derive(Clone, Debug)]
struct Options {
    levels: Vec<u8>,
    engines: Vec<usize>,
    games: Vec<usize>,
    think: Duration,
    warmup: Duration,
    measure: Duration,
    slack: Duration,
    max_think_s: u64,
    engine: PathBuf,
    seed: u64,
}

fn usage() -> ! {
    eprintln!(
        "usage: cargo bench --bench engine -- [--levels 1,8] [--engines 2] \
         [--games 1,2,4,...] [--think-ms MS] [--warmup S] [--measure S] [--slack-ms MS] \
         [--engine-max-think S] [--engine PATH] [--seed N]"
    );
    std::process::exit(2)
}

fn list<T: std::str::FromStr>(v: &str) -> Vec<T> {
    v.split(',')
        .map(|n| n.trim().parse().unwrap_or_else(|_| usage()))
        .collect()
}

fn options() -> Options {
    let mut o = Options {
        levels: vec![1, 8],
        engines: vec![2],
        games: vec![1, 2, 4, 8, 16, 32, 64, 128],
        think: Duration::from_millis(2000),
        warmup: Duration::from_secs(5),
        measure: Duration::from_secs(20),
        slack: Duration::from_millis(1000),
        max_think_s: 5,
        engine: PathBuf::from("/usr/games/stockfish"),
        seed: 34,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        let num = |v: String| v.parse::<u64>().unwrap_or_else(|_| usage());
        match a.as_str() {
            // cargo bench passes --bench to every harness-less bench.
            "--bench" => {}
            "--levels" => o.levels = list(&value()),
            "--engines" => o.engines = list(&value()),
            "--games" => o.games = list(&value()),
            "--think-ms" => o.think = Duration::from_millis(num(value())),
            "--warmup" => o.warmup = Duration::from_secs(num(value())),
            "--measure" => o.measure = Duration::from_secs(num(value())),
            "--slack-ms" => o.slack = Duration::from_millis(num(value())),
            "--engine-max-think" => o.max_think_s = num(value()),
            "--engine" => o.engine = PathBuf::from(value()),
            "--seed" => o.seed = num(value()),
            _ => usage(),
        }
    }
    o
}

/// One run: a level, a cap on engines, a number of games.
#[derive(Clone, Copy, Debug)]
struct Run {
    level: u8,
    engines: usize,
    games: usize,
}

/// What the games of a run saw in the measurement window.
#[derive(Default, Debug)]
struct Seen {
    /// Milliseconds from White's move sent to the computer's move received.
    replies_ms: Vec<f64>,
    /// Failures by code: the engine's (`engine_busy`, ...), White's move refused
    /// (`refused:<code>`), a reply never received (`no_reply`), a broken socket.
    failures: BTreeMap<String, u64>,
    /// Games that ended and were replaced.
    ended: u64,
}

impl Seen {
    fn merge(&mut self, other: Seen) {
        self.replies_ms.extend(other.replies_ms);
        for (k, v) in other.failures {
            *self.failures.entry(k).or_default() += v;
        }
        self.ended += other.ended;
    }

    fn fail(&mut self, what: impl Into<String>) {
        *self.failures.entry(what.into()).or_default() += 1;
    }
}

/// The measurement window.
#[derive(Clone, Copy)]
struct Window {
    from: Instant,
    until: Instant,
}

impl Window {
    fn counts(&self, at: Instant) -> bool {
        at >= self.from && at < self.until
    }
}

async fn create(http: &reqwest::Client, base: &str, level: u8) -> Result<(String, String), String> {
    let body = json!({
        "white": {"name": "bench"},
        "black": {"engine": {"level": level}},
        "languages": {"white": "en"},
        "time_control": {"base_seconds": 3600, "increment_seconds": 0},
    });
    let r = http
        .post(format!("{base}/api/games"))
        .json(&body)
        .send()
        .await
        .map_err(|e| format!("create: {e}"))?;
    let status = r.status();
    let v: Value = r.json().await.map_err(|e| format!("create: {e}"))?;
    if !status.is_success() {
        return Err(format!("create: {status} {v}"));
    }
    let id = v["id"].as_str().ok_or("no id")?.to_owned();
    let token = v["tokens"]["white"].as_str().ok_or("no token")?.to_owned();
    Ok((id, token))
}

async fn connect(base: &str, id: &str, token: &str) -> Result<Ws, String> {
    let url = format!("{}/api/games/{id}/ws", base.replacen("http://", "ws://", 1));
    let (mut ws, _) = tokio_tungstenite::connect_async(url)
        .await
        .map_err(|e| format!("connect: {e}"))?;
    let hello = json!({"type": "hello", "v": 1, "token": token});
    ws.send(Message::text(hello.to_string()))
        .await
        .map_err(|e| format!("hello: {e}"))?;
    Ok(ws)
}

/// The next JSON message, or why there is none (`None`: the time ran out).
async fn next(ws: &mut Ws, until: Instant) -> Result<Option<Value>, String> {
    loop {
        let left = until.saturating_duration_since(Instant::now());
        let msg = match tokio::time::timeout(left, ws.next()).await {
            Err(_) => return Ok(None),
            Ok(None) => return Err("socket closed".into()),
            Ok(Some(Err(e))) => return Err(format!("socket: {e}")),
            Ok(Some(Ok(m))) => m,
        };
        if let Message::Text(t) = msg {
            return serde_json::from_str(t.as_str())
                .map(Some)
                .map_err(|e| e.to_string());
        }
    }
}

/// Why a game stops: it ended (a new one starts), the run is over, or it broke.
enum Stop {
    Ended,
    Over,
}

/// Plays White in one game until it ends or the run is over.
async fn one_game(
    http: &reqwest::Client,
    base: &str,
    run: Run,
    think: Duration,
    window: Window,
    rng: &mut StdRng,
    seen: &mut Seen,
) -> Result<Stop, String> {
    let (id, token) = create(http, base, run.level).await?;
    let mut ws = connect(base, &id, &token).await?;
    let mut pos = Chess::default();
    let mut id_n = 0u64;
    loop {
        // White thinks.
        let pause = think.mul_f64(rng.random_range(0.5..1.5));
        tokio::time::sleep(pause).await;
        if Instant::now() >= window.until {
            return Ok(Stop::Over);
        }
        let moves = pos.legal_moves();
        let Some(m) = moves.choose(rng).copied() else {
            return Ok(Stop::Ended);
        };
        id_n += 1;
        let uci = m.to_uci(CastlingMode::Standard).to_string();
        let sent = Instant::now();
        ws.send(Message::text(
            json!({"type": "move", "id": id_n, "uci": uci}).to_string(),
        ))
        .await
        .map_err(|e| format!("send: {e}"))?;
        pos.play_unchecked(m);
        // The computer's reply (or the end, or a failure told to the game).
        let give_up = sent + GIVE_UP;
        loop {
            let Some(msg) = next(&mut ws, give_up).await? else {
                if window.counts(sent) {
                    seen.fail("no_reply");
                }
                return Ok(Stop::Ended);
            };
            match (msg["type"].as_str(), msg["kind"].as_str()) {
                (Some("event"), Some("move")) if msg["by"] == "black" => {
                    let at = Instant::now();
                    if window.counts(sent) {
                        seen.replies_ms
                            .push(at.duration_since(sent).as_secs_f64() * 1000.0);
                    }
                    let reply: UciMove = msg["uci"]
                        .as_str()
                        .and_then(|u| u.parse().ok())
                        .ok_or("a reply without UCI")?;
                    let reply = reply.to_move(&pos).map_err(|e| format!("reply: {e}"))?;
                    pos.play_unchecked(reply);
                    break;
                }
                (Some("event"), Some("end")) => {
                    seen.ended += 1;
                    return Ok(Stop::Ended);
                }
                (Some("error"), _) if msg["id"] == json!(id_n) => {
                    seen.fail(format!("refused:{}", msg["code"].as_str().unwrap_or("?")));
                    return Ok(Stop::Ended);
                }
                // The computer failed (told to every connection of the game): it tries
                // again; the reply, if it comes, is late.
                (Some("error"), _) if window.counts(sent) => {
                    seen.fail(msg["code"].as_str().unwrap_or("?").to_owned());
                }
                _ => {}
            }
        }
    }
}

/// One game slot of a run: games one after another until the run is over.
async fn game_slot(base: String, run: Run, think: Duration, window: Window, seed: u64) -> Seen {
    let http = reqwest::Client::new();
    let mut rng = StdRng::seed_from_u64(seed);
    let mut seen = Seen::default();
    while Instant::now() < window.until {
        match one_game(&http, &base, run, think, window, &mut rng, &mut seen).await {
            Ok(Stop::Over) => break,
            Ok(Stop::Ended) => {}
            Err(e) => {
                seen.fail(format!("broken: {e}"));
                tokio::time::sleep(Duration::from_millis(200)).await;
            }
        }
    }
    seen
}

/// CPU seconds (user + system) of the server and of its children (the engines), now.
fn cpu(server: u32) -> (f64, f64) {
    let own = engine::cpu_seconds(&format!("/proc/{server}/stat")).unwrap_or(0.0);
    let mut children = 0.0;
    if let Ok(dir) = std::fs::read_dir("/proc") {
        for entry in dir.flatten() {
            let path = entry.path().join("stat");
            let Ok(text) = std::fs::read_to_string(&path) else {
                continue;
            };
            let Some(rest) = text.rfind(')').map(|i| &text[i + 2..]) else {
                continue;
            };
            let ppid = rest
                .split_whitespace()
                .nth(1)
                .and_then(|p| p.parse::<u32>().ok());
            if ppid == Some(server) {
                children += engine::cpu_seconds(&path.display().to_string()).unwrap_or(0.0);
            }
        }
    }
    (own, children)
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

/// What a run found.
struct Found {
    replies: usize,
    p50: f64,
    p95: f64,
    p99: f64,
    max: f64,
    in_time: f64,
    failures: BTreeMap<String, u64>,
    ended: u64,
    server_cpu: f64,
    engines_cpu: f64,
    load: String,
}

impl Found {
    fn holds(&self) -> bool {
        self.replies > 0 && self.in_time >= 0.99 && self.failures.is_empty()
    }
}

fn quantile(sorted: &[f64], q: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let i = ((sorted.len() - 1) as f64 * q).round() as usize;
    sorted[i]
}

async fn measure(o: &Options, run: Run, deadline: Duration, data: &Path) -> Result<Found, String> {
    let mut args: Vec<std::ffi::OsString> = vec![
        "serve".into(),
        "--listen".into(),
        "127.0.0.1:0".into(),
        "--data".into(),
        data.into(),
        "--engine".into(),
        o.engine.clone().into(),
        "--engines".into(),
        run.engines.to_string().into(),
        "--engine-max-think".into(),
        o.max_think_s.to_string().into(),
    ];
    args.extend(UNLIMITED.iter().map(Into::into));
    // Every game of a run is created before its first move, from one address.
    args.extend(["--max-unstarted-games-per-address", "1000000"].map(Into::into));
    let server = Server::launch(&server_binary(), &args).await?;
    server
        .healthy(&reqwest::Client::new(), Duration::from_secs(20))
        .await?;
    let pid = server.pid().ok_or("no pid")?;
    let start = Instant::now();
    let window = Window {
        from: start + o.warmup,
        until: start + o.warmup + o.measure,
    };
    let slots: Vec<_> = (0..run.games)
        .map(|i| {
            tokio::spawn(game_slot(
                server.base.clone(),
                run,
                o.think,
                window,
                o.seed.wrapping_mul(1000).wrapping_add(i as u64),
            ))
        })
        .collect();
    tokio::time::sleep_until(window.from.into()).await;
    let (cpu0, engines0) = cpu(pid);
    tokio::time::sleep_until(window.until.into()).await;
    let (cpu1, engines1) = cpu(pid);
    let load = load_average();
    let mut seen = Seen::default();
    for slot in slots {
        seen.merge(slot.await.map_err(|e| e.to_string())?);
    }
    drop(server);
    let mut replies = seen.replies_ms;
    replies.sort_by(f64::total_cmp);
    let deadline_ms = deadline.as_secs_f64() * 1000.0;
    let in_time = replies.iter().filter(|ms| **ms <= deadline_ms).count();
    let seconds = o.measure.as_secs_f64();
    Ok(Found {
        replies: replies.len(),
        p50: quantile(&replies, 0.5),
        p95: quantile(&replies, 0.95),
        p99: quantile(&replies, 0.99),
        max: replies.last().copied().unwrap_or(f64::NAN),
        in_time: if replies.is_empty() {
            0.0
        } else {
            in_time as f64 / replies.len() as f64
        },
        failures: seen.failures,
        ended: seen.ended,
        server_cpu: (cpu1 - cpu0) / seconds,
        engines_cpu: (engines1 - engines0) / seconds,
        load,
    })
}

fn main() {
    let o = options();
    if !o.engine.is_file() {
        eprintln!(
            "engine: no engine at {} (apt install stockfish, or --engine PATH)",
            o.engine.display()
        );
        std::process::exit(2);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    println!(
        "engine: {} cores, White thinks {} ms (x0.5-1.5), warmup {} s, measure {} s, in time: \
         the level's think time + {} ms, engine think capped at {} s",
        std::thread::available_parallelism().map_or(0, |n| n.get()),
        o.think.as_millis(),
        o.warmup.as_secs(),
        o.measure.as_secs(),
        o.slack.as_millis(),
        o.max_think_s,
    );
    for &level in &o.levels {
        let think = Level::new(i64::from(level))
            .unwrap_or_else(|e| {
                eprintln!("engine: {e}");
                std::process::exit(2)
            })
            .settings()
            .think
            .min(Duration::from_secs(o.max_think_s));
        let deadline = think + o.slack;
        for &engines in &o.engines {
            println!(
                "\nlevel {level} (thinks {} ms; in time: {} ms), {engines} engine processes at most",
                think.as_millis(),
                deadline.as_millis()
            );
            println!(
                "{:>6} {:>8} {:>9} {:>8} {:>8} {:>8} {:>8} {:>8} {:>6} {:>7} {:>8}  {:<16} failures",
                "games",
                "replies",
                "replies/s",
                "p50 ms",
                "p95 ms",
                "p99 ms",
                "max ms",
                "in time",
                "ended",
                "server",
                "engines",
                "load average"
            );
            let mut held = None;
            for &games in &o.games {
                let data = tempfile::tempdir().expect("temp dir");
                let run = Run {
                    level,
                    engines,
                    games,
                };
                let found = match runtime.block_on(measure(&o, run, deadline, data.path())) {
                    Ok(f) => f,
                    Err(e) => {
                        println!("{games:>6} failed: {e}");
                        break;
                    }
                };
                let failures: Vec<String> = found
                    .failures
                    .iter()
                    .map(|(k, v)| format!("{k} {v}"))
                    .collect();
                println!(
                    "{:>6} {:>8} {:>9.1} {:>8.0} {:>8.0} {:>8.0} {:>8.0} {:>7.1}% {:>6} {:>6.0}% {:>7.0}%  {:<16} {}",
                    games,
                    found.replies,
                    found.replies as f64 / o.measure.as_secs_f64(),
                    found.p50,
                    found.p95,
                    found.p99,
                    found.max,
                    found.in_time * 100.0,
                    found.ended,
                    found.server_cpu * 100.0,
                    found.engines_cpu * 100.0,
                    found.load,
                    if failures.is_empty() {
                        "-".to_owned()
                    } else {
                        failures.join(", ")
                    }
                );
                if !found.holds() {
                    break;
                }
                held = Some(games);
            }
            match held {
                Some(n) if Some(&n) == o.games.last() => {
                    println!("level {level}, {engines} engines: held all {n} games tried in time")
                }
                Some(n) => println!(
                    "level {level}, {engines} engines: held {n} games in time; the next count did not"
                ),
                None => println!("level {level}, {engines} engines: not even the first count held"),
            }
        }
    }
}
