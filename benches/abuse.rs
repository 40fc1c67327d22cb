//! Abuse, measured (issue 14), loopback only, every loop bounded:
//!
//! 1. **The blind player's move audio under a spectator flood.** A real server (in this
//!    process, SQLite with `synchronous = FULL`, espeak-ng), White greeting with
//!    `"audio": true`, Black moving; meanwhile 0, 64 and 192 spectators, each greeting with
//!    `"audio": true` too, send refused moves at the rate limit (10 a second after the burst).
//!    Timed: Black's move sent -> the first audio bytes at White. Target: median under 100 ms,
//!    max under 300 ms.
//! 2. **Idle sockets.** The real `hamle` binary (its own process, default limits); idle TCP
//!    connections that send nothing are opened from 127.0.0.2... (512 per address, the
//!    default share) as fast as they can be, while `/health` is asked from 127.0.0.1 every
//!    quarter second. Reported: the sockets the server holds (open at our end after a
//!    settling second), and how `/health` answers (status, latency).
//!
//! ```sh
//! cargo bench --bench abuse                 # both
//! cargo bench --bench abuse -- speech       # only the first
//! cargo bench --bench abuse -- sockets      # only the second
//! ```

use std::net::SocketAddr;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use hamle::server::{Config, Limits, SpeechConfig};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use tokio_util::sync::CancellationToken;

type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

const STEP: Duration = Duration::from_secs(20);
/// Black's moves timed per crowd size (the first two warm up and are not counted).
const MOVES: usize = 26;

fn main() {
    let args: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| a != "--bench")
        .collect();
    let want = |name: &str| args.is_empty() || args.iter().any(|a| a == name);
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .unwrap();
    if want("speech") {
        rt.block_on(speech_under_flood());
    }
    if want("sockets") {
        rt.block_on(idle_sockets());
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

// -----------------------------------------------------------------------------------------
// 1. Speech under a spectator flood.

async fn connect_from(last: u8, addr: SocketAddr) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket
        .bind(SocketAddr::from(([127, 0, 0, last], 0)))
        .unwrap();
    socket.connect(addr).await.unwrap()
}

async fn ws(addr: SocketAddr, from: u8, game: &str, token: &str, audio: bool) -> Ws {
    let tcp = connect_from(from, addr).await;
    let url = format!("ws://{addr}/api/games/{game}/ws");
    let (mut ws, _) = tokio_tungstenite::client_async(url, MaybeTlsStream::Plain(tcp))
        .await
        .unwrap();
    let hello = json!({"type": "hello", "v": 1, "token": token, "audio": audio});
    ws.send(Message::text(hello.to_string())).await.unwrap();
    let welcome = next_json(&mut ws).await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    ws
}

enum Frame {
    Json(Value),
    Binary,
}

async fn next(ws: &mut Ws) -> Frame {
    loop {
        let msg = tokio::time::timeout(STEP, ws.next())
            .await
            .expect("a message in time")
            .expect("the socket is open")
            .expect("a frame");
        match msg {
            Message::Text(t) => return Frame::Json(serde_json::from_str(t.as_str()).unwrap()),
            Message::Binary(_) => return Frame::Binary,
            _ => {}
        }
    }
}

async fn next_json(ws: &mut Ws) -> Value {
    loop {
        if let Frame::Json(v) = next(ws).await {
            return v;
        }
    }
}

/// A random legal line of `plies` half-moves that does not end the game on the way, as UCI.
fn line(plies: usize) -> Vec<String> {
    use rand::SeedableRng;
    use shakmaty::{CastlingMode, Chess, Position};
    for seed in 0.. {
        let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
        let moves = hamle::sample::random_game(&mut rng, plies);
        let mut pos = Chess::default();
        let mut ok = moves.len() == plies;
        for m in &moves {
            pos.play_unchecked(*m);
            ok &= !pos.is_game_over();
        }
        if ok {
            return moves
                .iter()
                .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                .collect();
        }
    }
    unreachable!()
}

/// One spectator sending a refused move every 100 ms (the rate limit) until `stop`, reading
/// (and dropping) whatever comes. Returns the refusals it got.
async fn flooding_spectator(mut ws: Ws, stop: Arc<AtomicBool>, refusals: Arc<AtomicU64>) {
    let mut tick = tokio::time::interval(Duration::from_millis(100));
    let mut id = 0u64;
    while !stop.load(Ordering::Relaxed) {
        tokio::select! {
            _ = tick.tick() => {
                id += 1;
                let msg = json!({"type": "move", "id": id, "uci": "e2e4"});
                if ws.send(Message::text(msg.to_string())).await.is_err() {
                    return;
                }
            }
            m = ws.next() => match m {
                Some(Ok(Message::Text(t))) => {
                    if t.as_str().contains("\"code\":\"forbidden\"") {
                        refusals.fetch_add(1, Ordering::Relaxed);
                    }
                }
                Some(Ok(_)) => {}
                _ => return,
            },
        }
    }
    let _ = ws.close(None).await;
}

struct Stats {
    median: Duration,
    p90: Duration,
    max: Duration,
    n: usize,
}

fn stats(mut samples: Vec<Duration>) -> Stats {
    samples.sort();
    let at = |q: f64| samples[((samples.len() - 1) as f64 * q).round() as usize];
    Stats {
        median: at(0.5),
        p90: at(0.9),
        max: samples[samples.len() - 1],
        n: samples.len(),
    }
}

async fn speech_under_flood() {
    let dir = tempfile::tempdir().unwrap();
    let listener = hamle::server::bind("127.0.0.1:0".parse().unwrap()).unwrap();
    let addr = listener.local_addr().unwrap();
    let shutdown = CancellationToken::new();
    let config = Config {
        limits: Limits {
            // 192 spectators of one game (the default is 64): the crowd is the point here.
            max_spectators_per_game: 256,
            ..Limits::default()
        },
        ..Config::new(dir.path().to_owned())
    };
    let token = shutdown.clone();
    let server = tokio::spawn(async move {
        hamle::server::run_with_speech(listener, config, SpeechConfig::default(), token)
            .await
            .unwrap();
    });
    println!(
        "speech under a spectator flood (load average before: {})",
        load_average()
    );
    for crowd in [0usize, 64, 192] {
        let created: Value = reqwest::Client::new()
            .post(format!("http://{addr}/api/games"))
            .json(&json!({"white": {"visually_impaired": true}}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let game = created["id"].as_str().unwrap().to_owned();
        let tokens = created["tokens"].clone();
        let token = |seat: &str| tokens[seat].as_str().unwrap().to_owned();
        let mut white = ws(addr, 1, &game, &token("white"), true).await;
        let mut black = ws(addr, 1, &game, &token("black"), false).await;
        next_json(&mut white).await; // state
        next_json(&mut black).await;
        let stop = Arc::new(AtomicBool::new(false));
        let refusals = Arc::new(AtomicU64::new(0));
        let mut crowd_tasks = Vec::new();
        for i in 0..crowd {
            // 16 spectators per address (the default share).
            let from = 2 + (i / 16) as u8;
            let s = ws(addr, from, &game, &token("spectator"), true).await;
            crowd_tasks.push(tokio::spawn(flooding_spectator(
                s,
                Arc::clone(&stop),
                Arc::clone(&refusals),
            )));
        }
        // Let the spectators' bursts pass: from here on they send at the rate limit.
        tokio::time::sleep(Duration::from_secs(3)).await;
        let flood_started = Instant::now();
        let refused_before = refusals.load(Ordering::Relaxed);
        let mut samples = Vec::new();
        let mut request = 0;
        let moves = line(MOVES * 2);
        for (ply, uci) in moves.iter().enumerate() {
            request += 1;
            if ply % 2 == 0 {
                // White (the blind player) moves; his own move is not spoken to him.
                let msg = json!({"type": "move", "id": request, "uci": uci});
                white.send(Message::text(msg.to_string())).await.unwrap();
                loop {
                    if let Frame::Json(v) = next(&mut white).await
                        && v["type"] == "ack"
                    {
                        break;
                    }
                }
                // Black sees it.
                loop {
                    let v = next_json(&mut black).await;
                    if v["type"] == "event" && v["kind"] == "move" {
                        break;
                    }
                }
                continue;
            }
            let sent = Instant::now();
            let msg = json!({"type": "move", "id": request, "uci": uci});
            black.send(Message::text(msg.to_string())).await.unwrap();
            let first_audio = loop {
                if let Frame::Binary = next(&mut white).await {
                    break Instant::now();
                }
            };
            // The rest of the clip and Black's ack.
            loop {
                let v = next_json(&mut black).await;
                if v["type"] == "ack" {
                    break;
                }
            }
            if ply >= 4 {
                samples.push(first_audio - sent);
            }
            // Players think a little, as at a table.
            tokio::time::sleep(Duration::from_millis(150)).await;
        }
        let elapsed = flood_started.elapsed().as_secs_f64();
        let refused = refusals.load(Ordering::Relaxed) - refused_before;
        stop.store(true, Ordering::Relaxed);
        for t in crowd_tasks {
            let _ = tokio::time::timeout(STEP, t).await;
        }
        let s = stats(samples);
        println!(
            "  {crowd:>3} spectators ({:>6.0} refused moves/s): Black's move -> White's first audio bytes \
             n {}  median {:.1} ms  p90 {:.1} ms  max {:.1} ms   (load average {})",
            refused as f64 / elapsed,
            s.n,
            s.median.as_secs_f64() * 1e3,
            s.p90.as_secs_f64() * 1e3,
            s.max.as_secs_f64() * 1e3,
            load_average()
        );
    }
    shutdown.cancel();
    let _ = server.await;
}

// -----------------------------------------------------------------------------------------
// 2. Idle sockets.

/// Raises this process's soft limit on open files to its hard limit; returns it.
fn raise_fd_limit() -> u64 {
    use rustix::process::{Resource, Rlimit, getrlimit, setrlimit};
    let limit = getrlimit(Resource::Nofile);
    if let Some(max) = limit.maximum {
        let _ = setrlimit(
            Resource::Nofile,
            Rlimit {
                current: Some(max),
                maximum: Some(max),
            },
        );
    }
    getrlimit(Resource::Nofile).current.unwrap_or(1024)
}

async fn health(addr: SocketAddr) -> (Option<u16>, Duration) {
    let started = Instant::now();
    let answer = tokio::time::timeout(Duration::from_secs(5), async {
        let mut tcp = TcpStream::connect(addr).await.ok()?;
        tcp.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
            .await
            .ok()?;
        let mut head = [0u8; 12];
        tcp.read_exact(&mut head).await.ok()?;
        std::str::from_utf8(&head[9..12]).ok()?.parse::<u16>().ok()
    })
    .await
    .ok()
    .flatten();
    (answer, started.elapsed())
}

async fn idle_sockets() {
    let our_limit = raise_fd_limit();
    let dir = tempfile::tempdir().unwrap();
    let bin = env!("CARGO_BIN_EXE_hamle");
    let mut child = tokio::process::Command::new(bin)
        .args(["serve", "--listen", "127.0.0.1:0", "--data"])
        .arg(dir.path())
        .env("LANG", "C")
        .env("RUST_LOG", "warn")
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .unwrap();
    let stdout = child.stdout.take().unwrap();
    let mut lines = tokio::io::AsyncBufReadExt::lines(tokio::io::BufReader::new(stdout));
    let line = lines.next_line().await.unwrap().unwrap();
    let url = line
        .split_whitespace()
        .find(|w| w.starts_with("http://"))
        .unwrap()
        .trim_end_matches(['.', ','])
        .to_owned();
    let addr: SocketAddr = url.trim_start_matches("http://").parse().unwrap();
    let server_limit = std::fs::read_to_string(format!("/proc/{}/limits", child.id().unwrap()))
        .ok()
        .and_then(|l| {
            l.lines()
                .find(|l| l.starts_with("Max open files"))
                .and_then(|l| l.split_whitespace().nth(3).map(str::to_owned))
        })
        .unwrap_or_default();
    println!(
        "idle sockets (server's open-file limit {server_limit}, ours {our_limit}; load average {})",
        load_average()
    );
    // Attack: idle connections from 127.0.0.2.., 512 each, as fast as they open; at most
    // our own limit less a margin; for at most 8 seconds (below the 10 s header timeout, so
    // the server's budget, not its timeout, is what is measured).
    let max_attack = (our_limit as usize).saturating_sub(200);
    let mut held: Vec<TcpStream> = Vec::with_capacity(max_attack);
    let mut failed = 0usize;
    let started = Instant::now();
    let mut probes = Vec::new();
    let mut next_probe = Instant::now();
    let mut from = 2u8;
    let mut per = 0usize;
    while held.len() + failed < max_attack && started.elapsed() < Duration::from_secs(8) {
        if Instant::now() >= next_probe {
            let (status, took) = health(addr).await;
            probes.push((held.len(), status, took));
            next_probe = Instant::now() + Duration::from_millis(250);
        }
        let mut batch = Vec::new();
        for _ in 0..64 {
            if per == 512 {
                per = 0;
                from = from.wrapping_add(1).max(2);
            }
            per += 1;
            batch.push(connect_from_quick(from, addr));
        }
        for r in futures_util::future::join_all(batch).await {
            match r {
                Some(t) => held.push(t),
                None => failed += 1,
            }
        }
    }
    let opened = held.len();
    // Settle: refused connections are closed by the server within two seconds.
    tokio::time::sleep(Duration::from_secs(2)).await;
    let mut open = 0;
    for t in &held {
        let mut b = [0u8; 1];
        match t.try_read(&mut b) {
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => open += 1,
            _ => {}
        }
    }
    let (status, took) = health(addr).await;
    probes.push((open, status, took));
    println!(
        "  opened {opened} idle connections in {:.1} s ({failed} failed to connect); the server holds {open} after 2 s",
        started.elapsed().as_secs_f64() - 2.0
    );
    let mut slowest = Duration::ZERO;
    let mut statuses = std::collections::BTreeMap::new();
    for (_, status, took) in &probes {
        slowest = slowest.max(*took);
        *statuses
            .entry(status.map_or("none".to_owned(), |s| s.to_string()))
            .or_insert(0) += 1;
    }
    let last_ok = probes
        .iter()
        .filter(|(_, s, t)| *s == Some(200) && *t < Duration::from_secs(1))
        .map(|(n, _, _)| *n)
        .max()
        .unwrap_or(0);
    println!(
        "  /health asked {} times: answers {statuses:?}, slowest {:.1} ms; 200 within a second with up to {last_ok} idle sockets held; at the end: {status:?} in {:.1} ms",
        probes.len(),
        slowest.as_secs_f64() * 1e3,
        took.as_secs_f64() * 1e3
    );
    drop(held);
    let _ = child.start_kill();
    let _ = child.wait().await;
}

async fn connect_from_quick(last: u8, addr: SocketAddr) -> Option<TcpStream> {
    let socket = tokio::net::TcpSocket::new_v4().ok()?;
    socket.bind(SocketAddr::from(([127, 0, 0, last], 0))).ok()?;
    tokio::time::timeout(Duration::from_secs(2), socket.connect(addr))
        .await
        .ok()?
        .ok()
}
