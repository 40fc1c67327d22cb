//! The crash test, fast variant: the load generator plays while the real server is SIGKILLed
//! and restarted; afterwards every acknowledged move is in its game and no game is damaged.
//! The long run (at least 20 kills) is `cargo bench --bench load -- --kills 20 ...` (`docs/performance.md`,
//! "Load and faults").

use std::time::Duration;

use crate::load_engine::{self as engine, Kills, Options};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_acknowledged_move_is_lost_across_repeated_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let opts = Options {
        games: 12,
        // Black's seat makes every Black move: stay under the 10 messages a second it may send.
        think: Duration::from_millis(60),
        warmup: Duration::from_millis(500),
        measure: Duration::from_secs(1),
        max_plies: 60,
        connect_parallel: 12,
        seed: 8,
        ..Options::default()
    };
    let kills = Kills {
        count: 3,
        every: Duration::from_millis(1200),
    };
    let run = engine::run(opts, dir.path(), Some(kills)).await.unwrap();
    let s = &run.stats;
    assert_eq!(run.kills, 3);
    assert!(s.errors.is_empty(), "errors: {:?}", s.errors);
    assert_eq!(s.lost, 0);
    // Every game came back after every kill, and the games went on in between.
    assert!(s.reconnects >= 12, "{} reconnects", s.reconnects);
    let v = run.verdict.expect("a crash run checks its games");
    assert!(v.games >= 12);
    assert!(
        v.acked_moves >= 100,
        "only {} moves acknowledged",
        v.acked_moves
    );
    assert_eq!(v.lost, 0, "acknowledged moves lost: {v:?}");
    assert!(v.corrupted.is_empty(), "{:?}", v.corrupted);
    // A move written but not answered before a kill is allowed, one per game and kill.
    assert!(v.unacked_stored <= 12 * 4, "{v:?}");
}
