//! The load generator: many games on the real `hamle` binary, every seat connected, moves
//! announced in words; or the same under repeated SIGKILL and restart.
//!
//! ```sh
//! # 2,000 games, 8,000 connections, players thinking about a second per move:
//! cargo bench --bench load -- --games 2000 --think-ms 1000 --measure 30
//! # saturation: nobody thinks
//! cargo bench --bench load -- --games 1000 --think-ms 0 --measure 20
//! # crash run: 20 SIGKILLs under load, then every acknowledged move checked
//! cargo bench --bench load -- --games 200 --think-ms 100 --kills 20 --kill-every 3
//! ```
//!
//! A connection may send 10 messages a second (the server's rate limit, docs/protocol.md),
//! and Black's seat makes all of Black's moves: at saturation, take enough games that each
//! makes fewer than 20 moves a second, or the server rightly refuses (`rate_limited`).
//!
//! It reports moves per second (acknowledged, so written to the store), the latency from an
//! announcement to every seat having its event (p50, p99, max), the server's resident memory
//! per idle game (VmRSS before and after creating, then connecting, the games), and errors.
//! With `HAMLE_LOAD_SLOW=1` it also lists, per 100 ms of the window, the moves over 10 ms: a
//! stall of the server shows as a spike (that is how the log checkpoint's once-a-second hold
//! on the writer was found).

#[path = "load/engine.rs"]
mod engine;

use std::time::Duration;

use engine::{Kills, Options};

fn usage() -> ! {
    eprintln!(
        "usage: cargo bench --bench load -- [--games N] [--think-ms MS] [--warmup S] \
         [--measure S] [--max-plies N] [--seed N] [--kills N --kill-every S] [--data DIR]"
    );
    std::process::exit(2)
}

/// The soft limit on open files, from /proc/self/limits.
fn open_files_limit() -> Option<u64> {
    let limits = std::fs::read_to_string("/proc/self/limits").ok()?;
    let line = limits.lines().find(|l| l.starts_with("Max open files"))?;
    line.split_whitespace().nth(3)?.parse().ok()
}

fn main() {
    let mut opts = Options::default();
    let mut kills = None::<Kills>;
    let mut data = None;
    let mut args = std::env::args().skip(1);
    while let Some(a) = args.next() {
        let mut value = || args.next().unwrap_or_else(|| usage());
        let num = |v: String| v.parse::<u64>().unwrap_or_else(|_| usage());
        match a.as_str() {
            // cargo bench passes --bench to every harness-less bench.
            "--bench" => {}
            "--games" => opts.games = num(value()) as usize,
            "--think-ms" => opts.think = Duration::from_millis(num(value())),
            "--warmup" => opts.warmup = Duration::from_secs(num(value())),
            "--measure" => opts.measure = Duration::from_secs(num(value())),
            "--max-plies" => opts.max_plies = num(value()) as usize,
            "--seed" => opts.seed = num(value()),
            "--kills" => {
                let count = num(value()) as usize;
                kills = Some(Kills {
                    count,
                    every: kills.map_or(Duration::from_secs(3), |k| k.every),
                });
            }
            "--kill-every" => {
                let every = Duration::from_secs(num(value()));
                kills = Some(Kills {
                    count: kills.map_or(20, |k| k.count),
                    every,
                });
            }
            "--data" => data = Some(std::path::PathBuf::from(value())),
            _ => usage(),
        }
    }
    // Four seats a game, plus an arbiter while resuming, plus HTTP.
    let need = opts.games as u64 * 5 + 256;
    if let Some(limit) = open_files_limit()
        && limit < need
    {
        eprintln!("open files limit {limit} < {need}: raise it (ulimit -n {need}) and run again");
        std::process::exit(2);
    }
    let temp = tempfile::tempdir().expect("temp dir");
    let dir = data.unwrap_or_else(|| temp.path().to_owned());
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .expect("runtime");
    eprintln!(
        "load: {} games, think {} ms, warmup {} s, measure {} s{}",
        opts.games,
        opts.think.as_millis(),
        opts.warmup.as_secs(),
        opts.measure.as_secs(),
        kills.map_or(String::new(), |k| format!(
            ", {} kills every ~{} s",
            k.count,
            k.every.as_secs()
        )),
    );
    let games = opts.games;
    let run = runtime.block_on(engine::run(opts, &dir, kills));
    let mut run = match run {
        Ok(r) => r,
        Err(e) => {
            eprintln!("load: failed: {e}");
            std::process::exit(1);
        }
    };
    let s = &mut run.stats;
    let [rss0, rss1, rss2] = run.rss_kib;
    let per_game = |after: u64| (after.saturating_sub(rss0) as f64) / games as f64;
    println!(
        "connected {} games ({} connections) in {:.1} s",
        games,
        games * 4,
        run.connect_seconds
    );
    println!(
        "server RSS: {} KiB at start, {} KiB with {} idle games ({:.1} KiB/game), \
         {} KiB with every seat connected ({:.1} KiB/game)",
        rss0,
        rss1,
        games,
        per_game(rss1),
        rss2,
        per_game(rss2)
    );
    println!(
        "moves: {} acknowledged in {:.1} s = {:.0} moves/s ({} in all)",
        s.moves_in_window,
        run.seconds,
        s.moves_in_window as f64 / run.seconds,
        s.moves_total
    );
    if run.cpu_server > 0.0 {
        println!(
            "CPU in the window: server {:.1} s ({:.0} µs/move), load generator {:.1} s; \
             load average {}",
            run.cpu_server,
            run.cpu_server * 1e6 / s.moves_in_window.max(1) as f64,
            run.cpu_load,
            std::fs::read_to_string("/proc/loadavg")
                .unwrap_or_default()
                .trim()
        );
    }
    if std::env::var_os("HAMLE_LOAD_SLOW").is_some() {
        // When the slow moves were sent, by 100 ms of the window: a stall shows as a spike.
        let mut by: std::collections::BTreeMap<u32, (u32, u32)> = Default::default();
        for (at, us) in &s.slow {
            let e = by.entry(at / 100).or_default();
            e.0 += 1;
            e.1 = e.1.max(*us);
        }
        for (slot, (count, max)) in by {
            if count >= 5 {
                println!(
                    "  slow at {:>6} ms: {count} moves, max {:.1} ms",
                    slot * 100,
                    f64::from(max) / 1000.0
                );
            }
        }
    }
    let n = s.latencies_us.len();
    println!(
        "announcement -> every seat has the event: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} moves)",
        s.quantile_ms(0.5),
        s.quantile_ms(0.99),
        s.quantile_ms(1.0),
        n
    );
    println!(
        "games finished and restarted: {}, reconnects: {}, moves interrupted by a kill: {} \
         (of which stored though unanswered: {})",
        s.rollovers, s.reconnects, s.interrupted, s.adopted
    );
    println!("games played: {}", run.games.len());
    println!("errors: {}", s.error_count());
    for (what, count) in s.errors.iter().take(20) {
        println!("  {count} x {what}");
    }
    let mut failed = s.error_count() > 0;
    if let Some(v) = &run.verdict {
        println!(
            "crash check after {} kills: {} games, {} acknowledged moves, {} lost, \
             {} stored but unacknowledged, {} corrupted",
            run.kills,
            v.games,
            v.acked_moves,
            v.lost,
            v.unacked_stored,
            v.corrupted.len()
        );
        for c in v.corrupted.iter().take(20) {
            println!("  corrupted: {c}");
        }
        failed |= v.lost > 0 || !v.corrupted.is_empty() || s.lost > 0;
    }
    if failed {
        std::process::exit(1);
    }
}
