//! The hub of games at scale: 100,000 stored games (most finished, some paused mid-game) on
//! the real `hamle` binary.
//!
//! ```sh
//! cargo bench --bench hub                      # 100,000 games, 1,000 opened, 200 first events
//! cargo bench --bench hub -- --games 20000 --open 500 --first 100
//! ```
//!
//! It reports the server's start-up time (spawn to the first `/health` answer), its resident
//! memory (VmRSS) after start and after `--open` games were opened over the WebSocket (greeted,
//! the whole game replayed) and left idle, and the time from `hello` to the first event for
//! games that are not in memory (median, p95, max). The database is made once per game count
//! under `target/hub-bench/` and kept for the next run.

#[path = "load/engine.rs"]
#[allow(dead_code)]
mod engine;

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use hamle::announce::{Lang, Style};
use hamle::game::{BoardKind, Command, GameResult, Player, Recorded, Seat, Setup, TimeControl};
use hamle::store::{GameId, NewGame, SqliteStore, Store, Summary, TokenHash};
use hamle::table::{MoveNames, Order, Table};
use hamle::words::speaker::Speaker;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use sha2::{Digest, Sha256};
use shakmaty::{ByColor, CastlingMode, Chess, Move};
use tokio_tungstenite::tungstenite::Message;

struct Words;

impl MoveNames for Words {
    fn short(&self, lang: Lang, pos: &Chess, m: Move) -> String {
        Speaker::new(lang).say_move(pos, m, Style::Short)
    }
}

struct Options {
    games: usize,
    open: usize,
    first: usize,
}

fn options() -> Options {
    let mut o = Options {
        games: 100_000,
        open: 1_000,
        first: 200,
    };
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut num = |what: &str| -> usize {
            args.next()
                .and_then(|v| v.parse().ok())
                .unwrap_or_else(|| panic!("{what} takes a number"))
        };
        match a.as_str() {
            "--games" => o.games = num("--games"),
            "--open" => o.open = num("--open"),
            "--first" => o.first = num("--first"),
            "--bench" => {}
            other => panic!("unknown option {other}"),
        }
    }
    o
}

fn token(i: usize, seat: Seat) -> String {
    format!("bench-{i}-{}", seat.key())
}

fn hash(token: &str) -> TokenHash {
    TokenHash(Sha256::digest(token.as_bytes()).into())
}

fn id_of(i: usize) -> GameId {
    GameId::from_bytes((i as u64 + 0x1000_0000).to_be_bytes())
}

fn setup() -> Setup {
    let player = |name: &str, vi: bool| Player {
        name: name.into(),
        visually_impaired: vi,
        board: BoardKind::Normal,
        assistant: false,
        computer: None,
    };
    Setup {
        time_control: TimeControl::fischer(600_000, 5_000),
        players: ByColor {
            white: player("Anna", true),
            black: player("Berk", false),
        },
        languages: [Lang::De, Lang::Tr, Lang::De, Lang::Tr, Lang::En, Lang::De],
        profile: Default::default(),
        event: Default::default(),
        start: Default::default(),
    }
}

/// A game's events: a random game of `plies` half-moves, then (finished) a resignation or the
/// end the moves reached, or (paused) the arbiter's pause.
fn template(rng: &mut StdRng, finished: bool) -> Vec<Recorded> {
    let mut table = Table::new(setup(), Arc::new(Words));
    let mut events = Vec::new();
    let mut now = 1_000;
    let plies = rng.random_range(10..80);
    for m in hamle::sample::random_game(rng, plies) {
        now += rng.random_range(1_000..20_000);
        let seat = Seat::player(table.game().turn());
        let uci = m.to_uci(CastlingMode::Standard).to_string();
        let Ok(decided) = table.decide(seat, Order::Uci(uci), now) else {
            break;
        };
        for e in &decided {
            table.apply(e).unwrap();
        }
        events.extend(decided);
        if table.is_over() {
            return events;
        }
    }
    let end = if finished {
        let loser = Seat::player(table.game().turn());
        if rng.random_bool(0.5) {
            (loser, Command::Resign)
        } else {
            (Seat::Arbiter, Command::End(GameResult::Draw))
        }
    } else {
        (Seat::Arbiter, Command::Pause)
    };
    if let Ok(decided) = table.decide(end.0, Order::Play(end.1), now + 5_000) {
        for e in &decided {
            table.apply(e).unwrap();
        }
        events.extend(decided);
    }
    events
}

/// Makes (or finds) the database of `games` games.
async fn database(games: usize) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("hub-bench")
        .join(games.to_string());
    if dir.join("complete").exists() {
        return dir;
    }
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let started = Instant::now();
    let store = Arc::new(SqliteStore::open_dir(&dir).unwrap());
    let mut rng = StdRng::seed_from_u64(12);
    let templates: Vec<(Vec<Recorded>, Summary)> = (0..40)
        .map(|i| {
            let events = template(&mut rng, i % 10 != 0);
            let table = Table::restore(setup(), Arc::new(Words), &events).unwrap();
            (events, Summary::of(table.game()))
        })
        .collect();
    let templates = Arc::new(templates);
    for chunk in (0..games).collect::<Vec<_>>().chunks(2_000) {
        let mut tasks = Vec::new();
        for &i in chunk {
            let store = Arc::clone(&store);
            tasks.push(tokio::task::spawn_blocking(move || {
                let tokens = [Seat::White, Seat::Black, Seat::Arbiter]
                    .map(|s| (s, hash(&token(i, s))))
                    .to_vec();
                store.create_game(&NewGame {
                    id: id_of(i),
                    created_ms: i as u64,
                    setup: setup(),
                    tokens,
                })
            }));
        }
        for t in tasks {
            t.await.unwrap().unwrap();
        }
        let mut appends = Vec::new();
        for &i in chunk {
            let (events, summary) = &templates[i % templates.len()];
            appends.push(store.append_async(&id_of(i), events, summary));
        }
        for a in appends {
            a.await.unwrap();
        }
    }
    drop(store);
    std::fs::write(dir.join("complete"), b"").unwrap();
    eprintln!(
        "made {games} games in {:.1} s",
        started.elapsed().as_secs_f64()
    );
    dir
}

type Ws =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn hello(base: &str, i: usize) -> (Ws, Instant) {
    let url = format!(
        "{}/api/games/{}/ws",
        base.replace("http://", "ws://"),
        id_of(i)
    );
    let (mut ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let sent = Instant::now();
    let hello = json!({"type": "hello", "v": 1, "token": token(i, Seat::White), "since": 0});
    ws.send(Message::text(hello.to_string())).await.unwrap();
    (ws, sent)
}

/// Reads until the first event; the time it came.
async fn first_event(ws: &mut Ws) -> Instant {
    loop {
        let msg = tokio::time::timeout(Duration::from_secs(10), ws.next())
            .await
            .expect("an answer in time")
            .expect("open")
            .expect("a frame");
        if let Message::Text(t) = msg {
            let v: Value = serde_json::from_str(t.as_str()).unwrap();
            assert_ne!(v["type"], "error", "{v}");
            if v["type"] == "event" {
                return Instant::now();
            }
        }
    }
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .map(|l| l.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
        .unwrap_or_default()
}

fn mib(kib: Option<u64>) -> String {
    kib.map(|k| format!("{:.1} MiB", k as f64 / 1024.0))
        .unwrap_or_else(|| "?".into())
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let o = options();
    assert!(
        o.open + o.first <= o.games,
        "--open + --first must not exceed --games"
    );
    let dir = database(o.games).await;
    let data = tempfile::tempdir().unwrap();
    // The server's own copy, so that every run starts from the same database.
    for f in std::fs::read_dir(&dir).unwrap() {
        let f = f.unwrap();
        if f.file_name() != "complete" {
            std::fs::copy(f.path(), data.path().join(f.file_name())).unwrap();
        }
    }
    let bin = engine::server_binary();
    let http = reqwest::Client::new();
    let spawned = Instant::now();
    let server = engine::Server::start(&bin, data.path()).await.unwrap();
    server
        .healthy(&http, Duration::from_secs(60))
        .await
        .unwrap();
    let startup = spawned.elapsed();
    tokio::time::sleep(Duration::from_secs(1)).await;
    let rss_start = server.rss_kib();

    // Open games and leave them idle.
    for i in 0..o.open {
        let (mut ws, _) = hello(&server.base, i).await;
        first_event(&mut ws).await;
        let _ = ws.close(None).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let health: Value = http
        .get(format!("{}/health", server.base))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let rss_open = server.rss_kib();

    // The first event of games that are not in memory.
    let mut times = Vec::with_capacity(o.first);
    for i in o.open..o.open + o.first {
        let (mut ws, sent) = hello(&server.base, i).await;
        let got = first_event(&mut ws).await;
        times.push(got - sent);
        let _ = ws.close(None).await;
    }
    times.sort();
    let ms = |d: Duration| d.as_secs_f64() * 1000.0;
    let pct = |p: f64| times[((times.len() as f64 * p) as usize).min(times.len() - 1)];
    println!("hub benchmark: {} stored games", o.games);
    println!("  start-up (spawn to /health):      {:.0} ms", ms(startup));
    println!("  RSS after start:                  {}", mib(rss_start));
    println!(
        "  RSS after {} games opened, idle: {} ({} in memory)",
        o.open,
        mib(rss_open),
        health["games_in_memory"]
    );
    println!(
        "  hello -> first event, {} games not in memory: median {:.1} ms, p95 {:.1} ms, max {:.1} ms",
        o.first,
        ms(pct(0.5)),
        ms(pct(0.95)),
        ms(*times.last().unwrap())
    );
    println!("  load average {}", load_average());
}
