//! The scale-out comparison (issue 16): the same load, in the same run on the same machine,
//! on four set-ups, and one table.
//!
//! ```sh
//! # the whole comparison (2,000 games with a 1 s think time; saturation with 1,000 games):
//! cargo bench --bench cluster
//! # small, for a quick look:
//! cargo bench --bench cluster -- --games 200 --sat-games 100 --measure 10 --failover-games 5
//! # the three nodes on PostgreSQL instead of their shared SQLite file:
//! cargo bench --bench cluster -- --cluster-store postgres
//! # an owner and two followers: the CPU of each (issue 29):
//! cargo bench --bench cluster -- --cluster-store postgres --only cluster --owner-layout \
//!     --games 500 --sat-games 0 --failover-games 0
//! ```
//!
//! The set-ups:
//!
//! - **relay**: the floor. A tiny server in this bench's own binary (started again as a child
//!   process with `--relay-serve`): the same HTTP and WebSocket stack as hamle (axum,
//!   tokio-tungstenite, the same buffer sizes, TCP_NODELAY), the same frames in and out (a
//!   `hello` answered by `welcome` and `state`, an `announce` answered by an event of the same
//!   shape to every seat, then an `ack`), and nothing else: no rules, no words, no storage.
//! - **sqlite**: one `hamle serve` on its SQLite store (the default).
//! - **postgres**: one `hamle serve --store postgres://…` on a PostgreSQL started for the run
//!   by `scripts/pg-temp.sh` (a new cluster in a temporary directory, loopback, durable
//!   commits) and stopped by its PID.
//! - **cluster**: three `hamle serve --bus nats://… --node nK` nodes and one `nats-server` on
//!   loopback; their store is `--cluster-store`: `sqlite` (one SQLite file in a shared data
//!   directory, today's cluster) or `postgres` (each node its own data directory, one
//!   PostgreSQL). Game `i` is created on node `i mod 3` (which owns it) and its seats spread
//!   over the nodes as a load balancer would: White on the owner, White's assistant on the
//!   next node, Black on the third, the spectator on the owner. Every node owns a third of
//!   the games and follows the rest.
//!
//!   With `--owner-layout`, every game is created on node 1, which owns them all; White and
//!   the spectator connect to node 1, White's assistant to node 2, Black to node 3: nodes 2 and
//!   3 are pure followers with seats of their own (Black's orders are forwarded from node 3 to
//!   node 1, the assistant's from node 2), so an owner's CPU and a follower's are told apart.
//!
//! For each set-up, from fresh servers each time: the **saturation** run (`--sat-games`
//! games, nobody thinks: acknowledged moves per second) and the **latency** run (`--games`
//! games, each move after `--think-ms` on average: the time from an announcement to every
//! seat having the move's event, p50 and p99). For the cluster, also the **failover**: on a
//! fresh cluster `--failover-games` games owned by node 1, with Black and the spectator on
//! the other two nodes, each two moves in (a clock running); node 1 is SIGKILLed, and the
//! failover time of a game is the kill to the first event of the new owner (the failover's
//! pause, `docs/scale-out.md`) on a surviving seat; p50 and max over the games.
//!
//! The load generator is `benches/load/engine.rs` (the load bench's), in this process: the
//! figures include its CPU. Every figure is printed with the load average it was taken at.
//!
//! Each run also prints every server's CPU (user + system, `/proc/<pid>/stat`) during the
//! measurement window as CPU seconds per 1,000 moves acknowledged in the window, per node (for
//! the cluster: its role in the layout, and each follower's ratio to the owner with
//! `--owner-layout`), with the load generator's own and the load average; a table of them
//! follows the main one. PostgreSQL's and NATS's CPU are not in any node's.
//!
//! Open files: this process holds four sockets per game (8,000 for 2,000 games) and every
//! server (relay, node) its share; the bench refuses to start below `games × 5 + 256`, as the
//! load bench does (`ulimit -n`).

#[path = "load/engine.rs"]
#[allow(dead_code)]
mod engine;

use std::ffi::OsString;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use engine::{Layout, Options, Server};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

fn usage() -> ! {
    eprintln!(
        "usage: cargo bench --bench cluster -- [--games N] [--think-ms MS] [--sat-games N] \
         [--warmup S] [--measure S] [--only relay,sqlite,postgres,cluster] \
         [--cluster-store sqlite|postgres] [--owner-layout] [--failover-games N] \
         [--lease-ms MS] [--seed N]"
    );
    std::process::exit(2)
}

/// The set-ups, in the table's order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Setup {
    Relay,
    Sqlite,
    Postgres,
    Cluster,
}

impl Setup {
    const ALL: [Setup; 4] = [Setup::Relay, Setup::Sqlite, Setup::Postgres, Setup::Cluster];

    fn name(self) -> &'static str {
        match self {
            Setup::Relay => "relay",
            Setup::Sqlite => "sqlite",
            Setup::Postgres => "postgres",
            Setup::Cluster => "cluster",
        }
    }
}

/// The three nodes' store.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum ClusterStore {
    Sqlite,
    Postgres,
}

#[derive(Clone, Debug)]
struct Args {
    games: usize,
    sat_games: usize,
    think: Duration,
    warmup: Duration,
    measure: Duration,
    only: Vec<Setup>,
    cluster_store: ClusterStore,
    /// The cluster's games all owned by node 1, nodes 2 and 3 followers (`Layout::Owner`).
    owner_layout: bool,
    failover_games: usize,
    lease_ms: Option<u64>,
    seed: u64,
}

fn parse_args() -> Args {
    let mut a = Args {
        games: 2000,
        sat_games: 1000,
        think: Duration::from_millis(1000),
        warmup: Duration::from_secs(3),
        measure: Duration::from_secs(20),
        only: Setup::ALL.to_vec(),
        cluster_store: ClusterStore::Sqlite,
        owner_layout: false,
        failover_games: 10,
        lease_ms: None,
        seed: 1,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        let num = |v: String| v.parse::<u64>().unwrap_or_else(|_| usage());
        match arg.as_str() {
            // cargo bench passes --bench to every harness-less bench.
            "--bench" => {}
            "--games" => a.games = num(value()) as usize,
            "--sat-games" => a.sat_games = num(value()) as usize,
            "--think-ms" => a.think = Duration::from_millis(num(value())),
            "--warmup" => a.warmup = Duration::from_secs(num(value())),
            "--measure" => a.measure = Duration::from_secs(num(value())),
            "--failover-games" => a.failover_games = num(value()) as usize,
            "--lease-ms" => a.lease_ms = Some(num(value())),
            "--seed" => a.seed = num(value()),
            "--owner-layout" => a.owner_layout = true,
            "--cluster-store" => {
                a.cluster_store = match value().as_str() {
                    "sqlite" => ClusterStore::Sqlite,
                    "postgres" => ClusterStore::Postgres,
                    _ => usage(),
                }
            }
            "--only" => {
                let v = value();
                a.only = Setup::ALL
                    .into_iter()
                    .filter(|s| v.split(',').any(|w| w == s.name()))
                    .collect();
                if a.only.len() != v.split(',').count() {
                    usage();
                }
            }
            _ => usage(),
        }
    }
    if a.games == 0 && a.sat_games == 0 {
        usage();
    }
    a
}

/// The soft limit on open files, from /proc/self/limits.
fn open_files_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

fn load_average() -> String {
    std::fs::read_to_string("/proc/loadavg")
        .unwrap_or_default()
        .split_whitespace()
        .take(3)
        .collect::<Vec<_>>()
        .join(" ")
}

fn main() {
    if std::env::args().nth(1).as_deref() == Some("--relay-serve") {
        relay::main();
        return;
    }
    let args = parse_args();
    let need = args.games.max(args.sat_games) as u64 * 5 + 256;
    if let Some(limit) = open_files_limit()
        && limit < need
    {
        eprintln!("open files limit {limit} < {need}: raise it (ulimit -n {need}) and run again");
        std::process::exit(2);
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    eprintln!(
        "cluster bench: {} games thinking {} ms, {} games at saturation, warmup {} s, \
         measure {} s, cluster store {:?}, {} layout; load average {}",
        args.games,
        args.think.as_millis(),
        args.sat_games,
        args.warmup.as_secs(),
        args.measure.as_secs(),
        args.cluster_store,
        if args.owner_layout { "owner" } else { "spread" },
        load_average()
    );
    let rows = runtime.block_on(compare(&args));
    print_table(&args, &rows);
    let failed = rows.iter().any(|r| !r.errors.is_empty());
    if failed {
        std::process::exit(1);
    }
}

/// One set-up's figures.
#[derive(Default)]
struct Row {
    setup: &'static str,
    /// Acknowledged moves per second at saturation, errors, the load average after the run.
    saturation: Option<(f64, u64, String)>,
    /// p50, p99, max (ms), moves measured, moves per second, errors, the load average after
    /// the run.
    latency: Option<(f64, f64, f64, usize, f64, u64, String)>,
    /// Failover times (ms) of each game, and the load average.
    failover: Option<(Vec<f64>, String)>,
    /// The CPU of each run (saturation, latency).
    cpu: Vec<Cpu>,
    errors: Vec<String>,
}

/// The CPU one run used in its measurement window.
struct Cpu {
    /// "saturation" or "latency".
    kind: &'static str,
    /// Each server's CPU seconds, in node order.
    nodes: Vec<f64>,
    /// This process's (the load generator's) CPU seconds.
    load_generator: f64,
    /// Moves acknowledged in the window.
    moves: u64,
    seconds: f64,
    /// The load average at the end of the window.
    load: String,
}

impl Cpu {
    /// CPU seconds per 1,000 acknowledged moves.
    fn per_1000(&self, cpu: f64) -> f64 {
        cpu * 1000.0 / self.moves.max(1) as f64
    }
}

/// The role of node `k` (0-based) of `n` in the layout.
fn role(layout: Layout, k: usize, n: usize) -> &'static str {
    match (n, layout, k) {
        (1, _, _) => "server",
        (_, Layout::Owner, 0) => "owner of all",
        (_, Layout::Owner, _) => "follower",
        (_, Layout::Spread, _) => "owner of 1/3, follower of 2/3",
    }
}

/// One line per node: its CPU in the window, per 1,000 moves, and (owner layout) the
/// follower's ratio to the owner.
fn cpu_lines(cpu: &Cpu, layout: Layout) -> Vec<String> {
    let n = cpu.nodes.len();
    let owner = cpu.per_1000(cpu.nodes.first().copied().unwrap_or(0.0));
    cpu.nodes
        .iter()
        .enumerate()
        .map(|(k, &c)| {
            let per = cpu.per_1000(c);
            let ratio = if layout == Layout::Owner && n > 1 && k > 0 && owner > 0.0 {
                format!(", {:.2} x the owner's", per / owner)
            } else {
                String::new()
            };
            format!(
                "node {} ({}): {c:.2} CPU s = {per:.2} CPU s per 1,000 moves{ratio}",
                k + 1,
                role(layout, k, n)
            )
        })
        .collect()
}

async fn compare(args: &Args) -> Vec<Row> {
    let mut rows = Vec::new();
    for setup in args.only.iter().copied() {
        let mut row = Row {
            setup: setup.name(),
            ..Row::default()
        };
        let layout = layout_of(args, setup);
        let sat = Options {
            games: args.sat_games,
            think: Duration::ZERO,
            warmup: args.warmup,
            measure: args.measure,
            seed: args.seed,
            layout,
            ..Options::default()
        };
        let lat = Options {
            games: args.games,
            think: args.think,
            ..sat.clone()
        };
        for (kind, opts) in [("saturation", sat), ("latency", lat)] {
            // `--sat-games 0` or `--games 0`: that run is left out.
            if opts.games == 0 {
                continue;
            }
            eprintln!(
                "{}: {kind} run, {} games ({})",
                setup.name(),
                opts.games,
                load_average()
            );
            match one_run(args, setup, opts).await {
                Ok(mut run) => {
                    let s = &mut run.stats;
                    for (what, count) in s.errors.iter().take(5) {
                        row.errors.push(format!("{kind}: {count} x {what}"));
                    }
                    let per_s = s.moves_in_window as f64 / run.seconds;
                    eprintln!(
                        "  {:.0} moves/s, p50 {:.2} ms, p99 {:.2} ms, {} errors",
                        per_s,
                        s.quantile_ms(0.5),
                        s.quantile_ms(0.99),
                        s.error_count()
                    );
                    let cpu = Cpu {
                        kind,
                        nodes: run.cpu_nodes.clone(),
                        load_generator: run.cpu_load,
                        moves: s.moves_in_window,
                        seconds: run.seconds,
                        load: load_average(),
                    };
                    eprintln!(
                        "  CPU in the {:.0} s window ({} moves acknowledged; load average {}):",
                        cpu.seconds, cpu.moves, cpu.load
                    );
                    for line in cpu_lines(&cpu, layout) {
                        eprintln!("    {line}");
                    }
                    eprintln!(
                        "    load generator: {:.2} CPU s = {:.2} per 1,000 moves",
                        cpu.load_generator,
                        cpu.per_1000(cpu.load_generator)
                    );
                    row.cpu.push(cpu);
                    if kind == "saturation" {
                        row.saturation = Some((per_s, s.error_count(), load_average()));
                    } else {
                        row.latency = Some((
                            s.quantile_ms(0.5),
                            s.quantile_ms(0.99),
                            s.quantile_ms(1.0),
                            s.latencies_us.len(),
                            per_s,
                            s.error_count(),
                            load_average(),
                        ));
                    }
                }
                Err(e) => {
                    eprintln!("  failed: {e}");
                    row.errors.push(format!("{kind}: {e}"));
                }
            }
        }
        if setup == Setup::Cluster && args.failover_games > 0 {
            eprintln!(
                "cluster: failover, {} games ({})",
                args.failover_games,
                load_average()
            );
            match failover(args).await {
                Ok(times) => {
                    eprintln!("  {times:.0?} ms");
                    row.failover = Some((times, load_average()));
                }
                Err(e) => {
                    eprintln!("  failed: {e}");
                    row.errors.push(format!("failover: {e}"));
                }
            }
        }
        rows.push(row);
    }
    rows
}

/// The layout of `setup`'s games: `--owner-layout` is the cluster's (one server has no other).
fn layout_of(args: &Args, setup: Setup) -> Layout {
    if setup == Setup::Cluster && args.owner_layout {
        Layout::Owner
    } else {
        Layout::Spread
    }
}

fn print_table(args: &Args, rows: &[Row]) {
    println!();
    println!(
        "| set-up | moves/s at saturation ({} games, think 0) | announcement to every seat, \
         {} games, think {} ms: p50 / p99 / max | failover (kill to the new owner's first \
         event): p50 / max |",
        args.sat_games,
        args.games,
        args.think.as_millis()
    );
    println!("|---|---|---|---|");
    // Each cell's load average (1, 5, 15 min) is the machine's at the end of that run.
    for r in rows {
        let name = match (r.setup, args.cluster_store) {
            ("cluster", ClusterStore::Sqlite) => "3 nodes + NATS (shared SQLite)",
            ("cluster", ClusterStore::Postgres) => "3 nodes + NATS (PostgreSQL)",
            ("relay", _) => "bare relay (floor)",
            ("sqlite", _) => "1 node, SQLite",
            ("postgres", _) => "1 node, PostgreSQL",
            (other, _) => other,
        };
        let name = if r.setup == "cluster" && args.owner_layout {
            format!("{name}, owner layout (node 1 owns every game)")
        } else {
            name.to_owned()
        };
        // A run left out (`--sat-games 0`, `--games 0`, `--failover-games 0`) is "-".
        let missing = |asked: usize| if asked == 0 { "-" } else { "failed" }.to_owned();
        let sat = r
            .saturation
            .as_ref()
            .map_or(missing(args.sat_games), |(v, errors, la)| {
                format!("{v:.0} ({errors} errors; load {la})")
            });
        let lat = r.latency.as_ref().map_or(
            missing(args.games),
            |(p50, p99, max, n, per_s, errors, la)| {
                format!(
                    "{p50:.2} / {p99:.2} / {max:.1} ms ({n} moves, {per_s:.0} moves/s, \
                     {errors} errors; load {la})"
                )
            },
        );
        let fo = if r.setup != "cluster" {
            "-".to_owned()
        } else {
            r.failover
                .as_ref()
                .map_or(missing(args.failover_games), |(times, la)| {
                    let mut t = times.clone();
                    t.sort_by(f64::total_cmp);
                    format!(
                        "{:.0} / {:.0} ms ({} games, lease {} ms; load {la})",
                        t[(t.len() - 1) / 2],
                        t[t.len() - 1],
                        t.len(),
                        args.lease_ms.unwrap_or(DEFAULT_LEASE_MS)
                    )
                })
        };
        println!("| {name} | {sat} | {lat} | {fo} |");
    }
    // Each server's CPU in the measurement window per 1,000 acknowledged moves.
    println!();
    println!(
        "| set-up | run | moves in the window | CPU s per 1,000 moves, per node | load generator | \
         load average |"
    );
    println!("|---|---|---|---|---|---|");
    for r in rows {
        let layout = Setup::ALL
            .into_iter()
            .find(|s| s.name() == r.setup)
            .map_or(Layout::Spread, |s| layout_of(args, s));
        for c in &r.cpu {
            println!(
                "| {} | {} | {} | {} | {:.2} | {} |",
                r.setup,
                c.kind,
                c.moves,
                cpu_lines(c, layout).join("; "),
                c.per_1000(c.load_generator),
                c.load
            );
        }
    }
    for r in rows {
        for e in &r.errors {
            println!("{}: {e}", r.setup);
        }
    }
}

/// `hamle serve`'s default `--lease-ms` (docs/scale-out.md).
const DEFAULT_LEASE_MS: u64 = 3000;

/// What a set-up holds besides its servers, stopped when dropped.
#[derive(Default)]
struct Backing {
    dirs: Vec<tempfile::TempDir>,
    pg: Option<Postgres>,
    nats: Option<Nats>,
}

/// One run (saturation or latency) on fresh servers of `setup`.
async fn one_run(args: &Args, setup: Setup, opts: Options) -> Result<engine::Run, String> {
    let mut backing = Backing::default();
    let servers = start(args, setup, &mut backing).await?;
    let run = engine::drive(opts, servers, None).await;
    drop(backing);
    run
}

/// Starts the servers of `setup`; what they need besides goes into `backing`.
async fn start(args: &Args, setup: Setup, backing: &mut Backing) -> Result<Vec<Server>, String> {
    let bin = engine::server_binary();
    let dir = tempfile::tempdir().map_err(|e| e.to_string())?;
    let data = dir.path().to_owned();
    backing.dirs.push(dir);
    let serve = |data: &Path| -> Vec<OsString> {
        let mut a: Vec<OsString> = vec![
            "serve".into(),
            "--listen".into(),
            "127.0.0.1:0".into(),
            "--data".into(),
            data.into(),
        ];
        a.extend(engine::UNLIMITED.iter().map(Into::into));
        a
    };
    match setup {
        Setup::Relay => {
            let me = std::env::current_exe().map_err(|e| e.to_string())?;
            Ok(vec![Server::launch(&me, &["--relay-serve".into()]).await?])
        }
        Setup::Sqlite => Ok(vec![Server::start(&bin, &data).await?]),
        Setup::Postgres => {
            let pg = Postgres::start()?;
            let mut a = serve(&data);
            a.extend(["--store".into(), pg.url.clone().into()]);
            backing.pg = Some(pg);
            Ok(vec![Server::launch(&bin, &a).await?])
        }
        Setup::Cluster => {
            let nats = Nats::start().await?;
            let url = nats.url.clone();
            backing.nats = Some(nats);
            let pg_url = match args.cluster_store {
                ClusterStore::Sqlite => None,
                ClusterStore::Postgres => {
                    let pg = Postgres::start()?;
                    let u = pg.url.clone();
                    backing.pg = Some(pg);
                    Some(u)
                }
            };
            let mut nodes = Vec::new();
            for k in 1..=3 {
                // Shared SQLite: one data directory. PostgreSQL: each node its own, as on
                // separate machines.
                let node_data = match pg_url {
                    None => data.clone(),
                    Some(_) => {
                        let d = tempfile::tempdir().map_err(|e| e.to_string())?;
                        let p = d.path().to_owned();
                        backing.dirs.push(d);
                        p
                    }
                };
                let mut a = serve(&node_data);
                a.extend([
                    "--bus".into(),
                    url.clone().into(),
                    "--node".into(),
                    format!("n{k}").into(),
                ]);
                if let Some(l) = args.lease_ms {
                    a.extend(["--lease-ms".into(), l.to_string().into()]);
                }
                if let Some(u) = &pg_url {
                    a.extend(["--store".into(), u.clone().into()]);
                }
                nodes.push(Server::launch(&bin, &a).await?);
            }
            Ok(nodes)
        }
    }
}

/// A throwaway PostgreSQL from `scripts/pg-temp.sh`, stopped by its PID when dropped.
struct Postgres {
    url: String,
    pid: String,
    dir: String,
}

fn pg_script() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("scripts/pg-temp.sh")
}

impl Postgres {
    fn start() -> Result<Postgres, String> {
        let out = std::process::Command::new(pg_script())
            .arg("start")
            .stderr(std::process::Stdio::inherit())
            .output()
            .map_err(|e| format!("pg-temp.sh: {e}"))?;
        if !out.status.success() {
            return Err("pg-temp.sh start failed (apt install postgresql)".into());
        }
        let text = String::from_utf8_lossy(&out.stdout);
        let var = |name: &str| {
            text.lines()
                .find_map(|l| l.strip_prefix(name)?.strip_prefix('='))
                .map(str::to_owned)
                .ok_or_else(|| format!("pg-temp.sh printed no {name}"))
        };
        Ok(Postgres {
            url: var("HAMLE_PG_URL")?,
            pid: var("HAMLE_PG_PID")?,
            dir: var("HAMLE_PG_DIR")?,
        })
    }
}

impl Drop for Postgres {
    fn drop(&mut self) {
        let _ = std::process::Command::new(pg_script())
            .args(["stop", &self.pid, &self.dir])
            .status();
    }
}

/// `nats-server` on 127.0.0.1 and a free port, stopped (by its PID) when dropped.
struct Nats {
    child: std::process::Child,
    url: String,
}

impl Nats {
    async fn start() -> Result<Nats, String> {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .and_then(|l| l.local_addr())
            .map_err(|e| e.to_string())?
            .port();
        let child = std::process::Command::new("nats-server")
            .args(["-a", "127.0.0.1", "-p", &port.to_string()])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .map_err(|e| format!("nats-server: {e} (apt install nats-server)"))?;
        let nats = Nats {
            child,
            url: format!("nats://127.0.0.1:{port}"),
        };
        for _ in 0..100 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return Ok(nats);
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Err("nats-server did not listen".into())
    }
}

impl Drop for Nats {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// The failover: games owned by node 1, two moves in, Black on node 2 and the spectator on
/// node 3; node 1 SIGKILLed; for each game the time to the first event of the new owner on
/// either surviving seat, in ms.
async fn failover(args: &Args) -> Result<Vec<f64>, String> {
    let mut backing = Backing::default();
    let mut nodes = start(args, Setup::Cluster, &mut backing).await?;
    let http = reqwest::Client::new();
    for n in &nodes {
        n.healthy(&http, Duration::from_secs(10)).await?;
    }
    let bases: Vec<String> = nodes.iter().map(|n| n.base.clone()).collect();
    let mut rng = <rand::rngs::StdRng as rand::SeedableRng>::seed_from_u64(args.seed);
    let mut watchers = Vec::new();
    for _ in 0..args.failover_games {
        let game = engine::create_game(&http, &bases[0], &mut rng).await?;
        let mut white = Seat::open(&bases[0], &game, "white").await?;
        let mut black = Seat::open(&bases[1], &game, "black").await?;
        let mut spectator = Seat::open(&bases[2], &game, "spectator").await?;
        white
            .act(json!({"type": "move", "id": 1, "uci": "e2e4"}))
            .await?;
        black
            .act(json!({"type": "move", "id": 1, "uci": "e7e5"}))
            .await?;
        let top = white.seq.max(black.seq);
        black.until(top).await?;
        spectator.until(top).await?;
        // Node 1's socket closes with it.
        drop(white);
        watchers.push((black, spectator));
    }
    let killed = Instant::now();
    nodes[0].kill9().await;
    let within = Duration::from_millis(args.lease_ms.unwrap_or(DEFAULT_LEASE_MS) * 4 + 10_000);
    let waits = watchers
        .into_iter()
        .map(|(mut black, mut spectator)| async move {
            let last = black.seq.max(spectator.seq);
            let until = killed + within;
            tokio::select! {
                r = black.first_after(last, until) => r,
                r = spectator.first_after(last, until) => r,
            }
            .and_then(|(at, kind)| {
                // Nothing else happens in these games: the new owner's first event is the
                // pause it records when it takes a game whose clock was running.
                if kind == "pause" {
                    Ok(at.duration_since(killed).as_secs_f64() * 1000.0)
                } else {
                    Err(format!(
                        "the first event after the kill was {kind:?}, not the pause"
                    ))
                }
            })
        });
    let times = futures_util::future::join_all(waits)
        .await
        .into_iter()
        .collect::<Result<Vec<f64>, String>>();
    for n in &mut nodes {
        n.kill9().await;
    }
    drop(backing);
    times
}

/// One seat's socket for the failover: the last event number it has.
struct Seat {
    ws: engine::Ws,
    seq: u64,
    name: &'static str,
}

impl Seat {
    async fn open(
        base: &str,
        game: &engine::GameRecord,
        name: &'static str,
    ) -> Result<Seat, String> {
        let (ws, state) = engine::open(base, game, name).await.map_err(|e| match e {
            engine::Broken::Lost(e) | engine::Broken::Fatal(e) => e,
        })?;
        Ok(Seat {
            ws,
            seq: state["seq"].as_u64().unwrap_or(0),
            name,
        })
    }

    /// The next text message before `until`, an event's number noted.
    async fn next(&mut self, until: Instant) -> Result<Value, String> {
        loop {
            let msg = tokio::time::timeout_at(until.into(), self.ws.next())
                .await
                .map_err(|_| format!("{}: nothing in time", self.name))?;
            match msg {
                Some(Ok(Message::Text(t))) => {
                    let v: Value = serde_json::from_str(t.as_str()).map_err(|e| e.to_string())?;
                    if v["type"] == "event" {
                        self.seq = self.seq.max(v["seq"].as_u64().unwrap_or(0));
                    }
                    return Ok(v);
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => return Err(format!("{}: {e}", self.name)),
                None => return Err(format!("{}: closed", self.name)),
            }
        }
    }

    /// Sends an action and waits for its `ack`.
    async fn act(&mut self, v: Value) -> Result<(), String> {
        self.ws
            .send(Message::text(v.to_string()))
            .await
            .map_err(|e| e.to_string())?;
        let until = Instant::now() + Duration::from_secs(10);
        loop {
            let m = self.next(until).await?;
            match m["type"].as_str() {
                Some("ack") => return Ok(()),
                Some("error") => return Err(format!("{}: refused: {m}", self.name)),
                _ => {}
            }
        }
    }

    /// Reads until this seat has event `seq`.
    async fn until(&mut self, seq: u64) -> Result<(), String> {
        let until = Instant::now() + Duration::from_secs(10);
        while self.seq < seq {
            self.next(until).await?;
        }
        Ok(())
    }

    /// The moment the first event after `last` arrives, and its kind.
    async fn first_after(
        &mut self,
        last: u64,
        until: Instant,
    ) -> Result<(Instant, String), String> {
        loop {
            let v = self.next(until).await?;
            if v["type"] == "event" && v["seq"].as_u64().unwrap_or(0) > last {
                return Ok((Instant::now(), v["kind"].as_str().unwrap_or("").to_owned()));
            }
        }
    }
}

/// The bare relay: the floor of the comparison.
mod relay {
    use std::collections::HashMap;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::{Arc, Mutex};

    use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
    use axum::extract::{Path, State};
    use axum::http::StatusCode;
    use axum::response::{IntoResponse, Response};
    use axum::routing::{get, post};
    use axum::serve::ListenerExt;
    use axum::{Json, Router};
    use futures_util::{SinkExt, StreamExt};
    use serde_json::{Value, json};
    use tokio::sync::mpsc;

    const SEATS: [&str; 5] = ["white", "white_assistant", "black", "spectator", "arbiter"];

    /// A game: its tokens, its last event number, its connected seats.
    struct Game {
        tokens: Vec<(String, &'static str)>,
        seq: u64,
        seats: Vec<mpsc::UnboundedSender<Message>>,
    }

    #[derive(Default)]
    struct Relay {
        games: Mutex<HashMap<String, Arc<Mutex<Game>>>>,
        next: AtomicU64,
    }

    type Shared = Arc<Relay>;

    pub(crate) fn main() {
        let runtime = tokio::runtime::Builder::new_multi_thread()
            .enable_all()
            .build()
            .expect("runtime");
        runtime.block_on(async {
            let app = Router::new()
                .route("/health", get(|| async { "ok" }))
                .route("/api/games", post(create))
                .route("/api/games/{id}/ws", get(socket))
                .with_state(Shared::default());
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("bind");
            let addr = listener.local_addr().expect("address");
            println!("relay listening on http://{addr}");
            // As hamle: no Nagle.
            let listener = listener.tap_io(|tcp| {
                let _ = tcp.set_nodelay(true);
            });
            axum::serve(listener, app).await.expect("serve");
        });
    }

    async fn create(State(relay): State<Shared>, Json(_body): Json<Value>) -> Response {
        let n = relay.next.fetch_add(1, Ordering::Relaxed);
        let id = format!("{n:016x}");
        let tokens: Vec<(String, &'static str)> = SEATS
            .iter()
            .map(|s| (format!("{:016x}{:016x}", rand::random::<u64>(), n), *s))
            .collect();
        let body = json!({
            "id": id,
            "tokens": tokens.iter().map(|(t, s)| (s.to_string(), json!(t))).collect::<serde_json::Map<_, _>>(),
        });
        let game = Game {
            tokens,
            seq: 0,
            seats: Vec::new(),
        };
        relay
            .games
            .lock()
            .unwrap()
            .insert(id, Arc::new(Mutex::new(game)));
        (StatusCode::CREATED, Json(body)).into_response()
    }

    async fn socket(
        State(relay): State<Shared>,
        Path(id): Path<String>,
        upgrade: WebSocketUpgrade,
    ) -> Response {
        let Some(game) = relay.games.lock().unwrap().get(&id).cloned() else {
            return StatusCode::NOT_FOUND.into_response();
        };
        // hamle's buffer sizes.
        upgrade
            .read_buffer_size(1024)
            .write_buffer_size(0)
            .max_write_buffer_size(64 * 1024)
            .on_upgrade(move |ws| serve(ws, id, game))
    }

    fn now_ms() -> u128 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_millis())
            .unwrap_or(0)
    }

    async fn serve(ws: WebSocket, id: String, game: Arc<Mutex<Game>>) {
        let (mut sink, mut stream) = ws.split();
        let Some(Ok(Message::Text(hello))) = stream.next().await else {
            return;
        };
        let hello: Value = serde_json::from_str(hello.as_str()).unwrap_or_default();
        let token = hello["token"].as_str().unwrap_or("");
        let (tx, mut rx) = mpsc::unbounded_channel::<Message>();
        let (seat, seq) = {
            let mut g = game.lock().unwrap();
            let Some(seat) = g.tokens.iter().find(|(t, _)| t == token).map(|(_, s)| *s) else {
                return;
            };
            g.seats.push(tx.clone());
            (seat, g.seq)
        };
        let welcome = json!({"v": 1, "type": "welcome", "game": id, "seat": seat, "lang": "en",
            "seq": seq, "resumed": false, "server": "relay", "voice": false});
        let state = json!({"v": 1, "type": "state", "state": {"id": id, "seq": seq,
            "status": "playing", "moves": [], "fen": START}});
        for m in [welcome, state] {
            if sink.send(Message::text(m.to_string())).await.is_err() {
                return;
            }
        }
        let writer = tokio::spawn(async move {
            while let Some(m) = rx.recv().await {
                if sink.send(m).await.is_err() {
                    break;
                }
            }
        });
        while let Some(Ok(msg)) = stream.next().await {
            let Message::Text(text) = msg else { continue };
            let v: Value = serde_json::from_str(text.as_str()).unwrap_or_default();
            let said = match v["type"].as_str() {
                Some("announce") => v["text"].as_str().unwrap_or(""),
                Some("move") => v["uci"].as_str().unwrap_or(""),
                _ => continue,
            };
            let mut g = game.lock().unwrap();
            g.seq += 1;
            let seq = g.seq;
            // The shape and size of hamle's move event, with what was said as the words.
            let event = json!({"v": 1, "type": "event", "seq": seq, "at_ms": now_ms() as u64,
                "clock": {"white_ms": 86_400_000, "black_ms": 86_400_000, "running": "black"},
                "kind": "move", "by": seat, "color": "white", "ply": seq, "number": seq.div_ceil(2),
                "uci": "e2e4", "san": "e4", "fen": START, "turn": "black",
                "short": said, "full": said})
            .to_string();
            let event = Message::text(event);
            g.seats.retain(|s| s.send(event.clone()).is_ok());
            let ack = json!({"v": 1, "type": "ack", "id": v["id"], "seq": seq}).to_string();
            let _ = tx.send(Message::text(ack));
        }
        writer.abort();
    }

    const START: &str = "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1";
}
