//! The computer opponent's engines (`src/engine/`, issue 34): the UCI lines read as
//! `tests/data/uci/lines.txt` says, and the pool of engine processes against fake engines
//! (small `sh` scripts: one that never answers a search, one that crashes, one that names an
//! illegal move, a slow one for the cap) and programs that are no engine (`/bin/cat`,
//! `/bin/true`), and against the real Stockfish: a whole game between two levels, a killed
//! engine, a hint and an evaluation. A game against the computer over the WebSocket: the
//! seat's replies and failures, the practice aids (hint, eval, take-back) with a scripted
//! engine and with Stockfish, their refusal in a game between people, and the seat playing on
//! after a restart of the server.
//!
//! The Stockfish tests are `#[ignore]`d, so a plain `cargo test` lists them as ignored; the
//! `test` suite of `scripts/test` (which installs Stockfish) runs them with
//! `cargo test --test it engine:: -- --ignored`. Run without Stockfish, they fail. They find it
//! at `HAMLE_STOCKFISH`, else `/usr/games/stockfish` (Debian's), else on the `PATH`.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use hamle::announce::Lang;
use hamle::engine::uci::{Bound, EngineLine, Go, Info, parse_line};
use hamle::engine::{
    EngineConfig, EngineError, EnginePool, EnginePosition, GameClock, Level, Score,
};
use hamle::server::Limits;
use hamle::server::wire::ErrorCode;
use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::zobrist::Zobrist64;
use shakmaty::{CastlingMode, Chess, Color, EnPassantMode, KnownOutcome, Outcome, Position};

use crate::support::{Client, TestServer};

// --- the protocol's lines ------------------------------------------------------------------

/// `\r`, `\t`, `\\` and `\u{hex}` in a case's line.
fn unescape(text: &str) -> String {
    let mut out = String::new();
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c != '\\' {
            out.push(c);
            continue;
        }
        match chars.next() {
            Some('r') => out.push('\r'),
            Some('t') => out.push('\t'),
            Some('\\') => out.push('\\'),
            Some('u') => {
                let hex: String = chars
                    .by_ref()
                    .skip_while(|&c| c == '{')
                    .take_while(|&c| c != '}')
                    .collect();
                let code = u32::from_str_radix(&hex, 16).expect("\\u{hex}");
                out.push(char::from_u32(code).expect("a character"));
            }
            other => panic!("unknown escape \\{other:?} in {text:?}"),
        }
    }
    out
}

fn render_info(info: &Info) -> String {
    let mut parts = vec!["info".to_owned()];
    let mut field = |name: &str, value: Option<String>| {
        if let Some(value) = value {
            parts.push(format!("{name}={value}"));
        }
    };
    field("depth", info.depth.map(|d| d.to_string()));
    field("seldepth", info.seldepth.map(|d| d.to_string()));
    field("multipv", info.multipv.map(|d| d.to_string()));
    if let Some((score, bound)) = info.score {
        field(
            "score",
            Some(match score {
                Score::Centipawns(cp) => format!("cp {cp}"),
                Score::Mate(moves) => format!("mate {moves}"),
            }),
        );
        match bound {
            Bound::Exact => {}
            Bound::Lower => field("bound", Some("lower".to_owned())),
            Bound::Upper => field("bound", Some("upper".to_owned())),
        }
    }
    field("nodes", info.nodes.map(|n| n.to_string()));
    field("time", info.time_ms.map(|n| n.to_string()));
    if !info.pv.is_empty() {
        let pv: Vec<String> = info.pv.iter().map(ToString::to_string).collect();
        field("pv", Some(pv.join(",")));
    }
    field("string", info.string.as_ref().map(|s| format!("{s:?}")));
    parts.join(" ")
}

/// A reading as the cases write it.
fn render(line: &EngineLine) -> String {
    match line {
        EngineLine::UciOk => "uciok".to_owned(),
        EngineLine::ReadyOk => "readyok".to_owned(),
        EngineLine::Id { field, value } => format!("id {field}={value}"),
        EngineLine::Option(o) => {
            let mut text = format!("option {:?} {}", o.name, o.kind);
            if let Some(d) = &o.default {
                text.push_str(&format!(" default={d}"));
            }
            if let Some(m) = o.min {
                text.push_str(&format!(" min={m}"));
            }
            if let Some(m) = o.max {
                text.push_str(&format!(" max={m}"));
            }
            for v in &o.vars {
                text.push_str(&format!(" var={v}"));
            }
            text
        }
        EngineLine::Info(info) => render_info(info),
        EngineLine::BestMove { best, ponder } => {
            let mut text = match best {
                Some(m) => format!("bestmove {m}"),
                None => "bestmove (none)".to_owned(),
            };
            if let Some(p) = ponder {
                text.push_str(&format!(" ponder={p}"));
            }
            text
        }
        EngineLine::MalformedBestMove(_) => "malformed".to_owned(),
        EngineLine::Unknown(_) => "unknown".to_owned(),
    }
}

#[test]
fn uci_lines_read_as_the_cases_say() {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/uci/lines.txt");
    let text = std::fs::read_to_string(&path).unwrap();
    let mut input: Option<String> = None;
    let mut checked = 0;
    let mut wrong = Vec::new();
    for (n, line) in text.lines().enumerate() {
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix('<') {
            assert!(input.is_none(), "line {}: a case without `> `", n + 1);
            input = Some(unescape(rest.strip_prefix(' ').unwrap_or(rest)));
        } else if let Some(expected) = line.strip_prefix("> ") {
            let given = input
                .take()
                .unwrap_or_else(|| panic!("line {}: no `< `", n + 1));
            let got = render(&parse_line(&given));
            if got != expected {
                wrong.push(format!(
                    "line {}: {given:?}\n  expected {expected}\n  got      {got}",
                    n + 1
                ));
            }
            checked += 1;
        } else {
            panic!("line {}: neither `< `, `> ` nor a comment: {line:?}", n + 1);
        }
    }
    assert!(input.is_none(), "the last case has no `> `");
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
    assert!(checked > 40, "only {checked} cases read");
}

#[test]
fn go_commands_carry_every_limit() {
    let clock = GameClock {
        white: Duration::from_millis(61_500),
        black: Duration::from_secs(59),
        white_increment: Duration::from_secs(2),
        black_increment: Duration::from_secs(2),
        moves_to_go: None,
    };
    let go = Go {
        movetime: Some(Duration::from_millis(300)),
        depth: Some(5),
        clock: Some(clock),
    };
    assert_eq!(
        go.command(),
        "go wtime 61500 btime 59000 winc 2000 binc 2000 depth 5 movetime 300"
    );
    let zero = Go {
        movetime: Some(Duration::ZERO),
        ..Go::default()
    };
    assert_eq!(zero.command(), "go movetime 1");
    let to_go = Go {
        clock: Some(GameClock {
            moves_to_go: Some(12),
            ..clock
        }),
        ..Go::default()
    };
    assert_eq!(
        to_go.command(),
        "go wtime 61500 btime 59000 winc 2000 binc 2000 movestogo 12"
    );
}

// --- errors ---------------------------------------------------------------------------------

#[test]
fn every_engine_error_is_a_wire_code_with_a_sentence_in_each_language() {
    let errors = [
        Level::new(9).unwrap_err(),
        EngineError::Unavailable {
            program: "/nowhere".into(),
            source: std::io::Error::from(std::io::ErrorKind::NotFound),
        },
        EngineError::NotAnEngine {
            program: "/bin/cat".into(),
            reason: "no uciok".into(),
        },
        EngineError::Busy {
            cap: 2,
            waited: Duration::from_secs(1),
        },
        EngineError::TimedOut {
            waiting_for: "bestmove".into(),
        },
        EngineError::Crashed {
            detail: "exit status 3".into(),
        },
        EngineError::BadAnswer {
            answer: "e2e5".into(),
        },
        EngineError::NoLegalMove,
        EngineError::IllegalGivenMove { uci: "e2e5".into() },
        EngineError::ShutDown,
    ];
    for e in &errors {
        let code: ErrorCode = e.code().parse().unwrap_or_else(|_| {
            panic!("{} is no ErrorCode", e.code());
        });
        assert_eq!(code.name(), e.code());
        let said: Vec<String> = Lang::ALL.into_iter().map(|l| e.message(l)).collect();
        for s in &said {
            assert!(!s.is_empty() && !s.starts_with("error-"), "{e:?}: {s}");
        }
        assert!(said[0] != said[1] && said[1] != said[2], "{said:?}");
    }
    let unknown = Level::new(0).unwrap_err().message(Lang::De);
    assert!(
        unknown.contains('0') && unknown.contains("1 bis 8"),
        "{unknown}"
    );
    assert!(matches!(
        "zwölf".parse::<Level>(),
        Err(EngineError::UnknownLevel { .. })
    ));
}

// --- fake engines ------------------------------------------------------------------------------

/// A fake engine: `script` run by `sh -c`, `$1` the file it writes its pid to.
fn fake(script: &str, pids: &Path) -> EngineConfig {
    let body = format!("echo $$ >> \"$1\"\n{script}");
    EngineConfig {
        args: vec![
            "-c".to_owned(),
            body,
            "fake-engine".to_owned(),
            pids.display().to_string(),
        ],
        // Short enough for the tests, long enough for a loaded machine.
        reply_timeout: Duration::from_millis(400),
        handshake_timeout: Duration::from_secs(5),
        nice: None,
        ..EngineConfig::new("/bin/sh")
    }
}

/// The handshake, then `go` answered by `on_go` (shell commands).
fn answering(on_go: &str) -> String {
    format!(
        r#"while read -r line; do
  case "$line" in
    uci) echo "id name fake"; echo uciok ;;
    isready) echo readyok ;;
    go*) {on_go} ;;
  esac
done"#
    )
}

fn pids_in(file: &Path) -> Vec<u32> {
    std::fs::read_to_string(file)
        .unwrap_or_default()
        .lines()
        .map(|l| l.trim().parse().unwrap())
        .collect()
}

fn alive(pid: u32) -> bool {
    let pid = rustix::process::Pid::from_raw(pid as i32).unwrap();
    rustix::process::test_kill_process(pid).is_ok()
}

fn start() -> EnginePosition {
    EnginePosition::at(Chess::default())
}

#[tokio::test]
async fn a_hung_engine_times_out_is_restarted_once_and_reported() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    // Answers the handshake and `isready`, never `bestmove` (not even after `stop`).
    let pool = EnginePool::new(fake(&answering(":"), &pids));
    let began = Instant::now();
    let err = pool.play(Level::MIN, &start(), None).await.unwrap_err();
    let took = began.elapsed();
    assert!(matches!(err, EngineError::TimedOut { .. }), "{err:?}");
    assert_eq!(err.code(), "engine_timed_out");
    // Each try: the level's 50 ms and the stop's slack, then the 400 ms after `stop`.
    assert!(took < Duration::from_secs(4), "took {took:?}");
    let stats = pool.stats();
    assert_eq!((stats.started, stats.restarts), (2, 1), "{stats:?}");
    // Both processes killed and reaped.
    assert!(pool.pids().is_empty());
    let started = pids_in(&pids);
    assert_eq!(started.len(), 2, "{started:?}");
    for pid in started {
        assert!(!alive(pid), "{pid} still runs");
    }
}

#[tokio::test]
async fn a_crashing_engine_and_one_naming_illegal_moves_are_reported_after_one_restart() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let crashing = EnginePool::new(fake(&answering("exit 3"), &pids));
    let err = crashing.hint(&start()).await.unwrap_err();
    assert!(matches!(err, EngineError::Crashed { .. }), "{err:?}");
    assert_eq!(crashing.stats().restarts, 1);

    // e2e5 is no move at the start; `(none)` is none where there are twenty.
    for answer in ["bestmove e2e5", "bestmove (none)", "bestmove nonsense"] {
        let lying = EnginePool::new(fake(
            &answering(&format!("echo 'info depth 1 score cp 5'; echo '{answer}'")),
            &pids,
        ));
        let err = lying
            .play(Level::new(4).unwrap(), &start(), None)
            .await
            .unwrap_err();
        assert!(
            matches!(err, EngineError::BadAnswer { .. }),
            "{answer}: {err:?}"
        );
        assert_eq!(lying.stats().restarts, 1, "{answer}");
        assert!(lying.pids().is_empty());
    }
    for pid in pids_in(&pids) {
        assert!(!alive(pid), "{pid} still runs");
    }
}

#[tokio::test]
async fn a_program_that_is_no_engine_is_refused() {
    let not_an_engine = |program: &str, handshake_ms| EngineConfig {
        handshake_timeout: Duration::from_millis(handshake_ms),
        ..EngineConfig::new(program)
    };
    // cat answers `uci` with `uci`: no `uciok` ever.
    let cat = EnginePool::new(not_an_engine("/bin/cat", 500));
    let began = Instant::now();
    let err = cat.check().await.unwrap_err();
    assert!(matches!(err, EngineError::NotAnEngine { .. }), "{err:?}");
    assert!(began.elapsed() < Duration::from_secs(3));
    assert!(cat.pids().is_empty());
    // true ends at once.
    let t = EnginePool::new(not_an_engine("/bin/true", 5_000));
    let began = Instant::now();
    let err = t.play(Level::MIN, &start(), None).await.unwrap_err();
    assert!(matches!(err, EngineError::NotAnEngine { .. }), "{err:?}");
    assert_eq!(err.code(), "engine_not_an_engine");
    assert!(
        began.elapsed() < Duration::from_secs(3),
        "EOF is not a timeout"
    );
    // No program there, or a directory: it cannot start at all.
    for missing in ["/nonexistent/stockfish", "/tmp"] {
        let err = EnginePool::new(not_an_engine(missing, 500))
            .check()
            .await
            .unwrap_err();
        assert!(matches!(err, EngineError::Unavailable { .. }), "{err:?}");
        assert_eq!(err.code(), "engine_unavailable");
    }
    // Neither is tried twice: a start that fails is no restart.
    assert_eq!(t.stats().restarts, 0);
    assert_eq!(t.stats().started, 1);
}

/// An engine taking 0.4 s a search, with garbage around its answers.
fn slow_engine() -> String {
    format!(
        "echo 'garbage before the handshake'\nprintf '\\001\\002 \\377\\n'\n{}",
        answering(
            "sleep 0.4; echo 'info nonsense 1 2 3'; echo 'info depth 1 score cp 12 pv e2e4'; echo 'bestmove e2e4 ponder e7e5'"
        )
    )
}

#[tokio::test]
async fn the_cap_holds_a_request_beyond_it_waits_its_turn_or_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let config = EngineConfig {
        max_engines: 2,
        queue_wait: Duration::from_millis(100),
        reply_timeout: Duration::from_secs(5),
        ..fake(&slow_engine(), &pids)
    };
    let pool = EnginePool::new(config.clone());
    let position = start();
    let e2e4 = "e2e4".parse::<shakmaty::uci::UciMove>().unwrap();
    // Three at once with two places, the third waiting only 0.1 s: refused.
    let (a, b, c) = tokio::join!(
        pool.hint(&position),
        pool.hint(&position),
        pool.hint(&position)
    );
    let results = [a, b, c];
    let moves: Vec<_> = results.iter().filter_map(|r| r.as_ref().ok()).collect();
    let busy: Vec<_> = results
        .iter()
        .filter_map(|r| r.as_ref().err())
        .filter(|e| matches!(e, EngineError::Busy { cap: 2, .. }))
        .collect();
    assert_eq!((moves.len(), busy.len()), (2, 1), "{results:?}");
    for m in moves {
        assert_eq!(m.to_uci(CastlingMode::Standard), e2e4);
    }
    assert_eq!(busy[0].code(), "engine_busy");
    assert_eq!(pool.stats().peak, 2);

    // Waiting long enough, five requests all get their turn, two at a time, on the two
    // engines already warm.
    let patient = EnginePool::new(EngineConfig {
        queue_wait: Duration::from_secs(10),
        ..config
    });
    let began = Instant::now();
    let all = futures_util::future::join_all((0..5).map(|_| patient.hint(&position))).await;
    assert!(all.iter().all(Result::is_ok), "{all:?}");
    let stats = patient.stats();
    assert_eq!((stats.peak, stats.started), (2, 2), "{stats:?}");
    // Three rounds of 0.4 s: never five at once.
    assert!(began.elapsed() >= Duration::from_millis(1100));
    assert_eq!(patient.pids().len(), 2);
    patient.shutdown().await;
    assert!(patient.pids().is_empty());
    let err = patient.hint(&position).await.unwrap_err();
    assert!(matches!(err, EngineError::ShutDown), "{err:?}");
}

#[tokio::test]
async fn a_request_given_up_kills_its_engine_and_a_shutdown_ends_a_search() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let pool = EnginePool::new(EngineConfig {
        reply_timeout: Duration::from_secs(5),
        ..fake(&slow_engine(), &pids)
    });
    // The caller goes away in the middle of the search: the engine cannot be trusted for
    // the next one, so it is dropped, and with it its process.
    let given_up = tokio::time::timeout(Duration::from_millis(150), pool.hint(&start())).await;
    assert!(given_up.is_err());
    assert!(pool.pids().is_empty());
    let first = pids_in(&pids);
    assert_eq!(first.len(), 1);
    let deadline = Instant::now() + Duration::from_secs(2);
    while alive(first[0]) && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert!(!alive(first[0]), "the given-up engine still runs");

    // A shutdown in the middle of a search ends it at once.
    let position = start();
    let (searched, ()) = tokio::join!(pool.hint(&position), async {
        tokio::time::sleep(Duration::from_millis(150)).await;
        pool.shutdown().await;
    });
    assert!(
        matches!(searched, Err(EngineError::ShutDown)),
        "{searched:?}"
    );
    assert!(pool.pids().is_empty());
}

// --- Stockfish ------------------------------------------------------------------------------

/// The installed Stockfish; panics when there is none.
fn stockfish() -> PathBuf {
    if let Some(path) = std::env::var_os("HAMLE_STOCKFISH") {
        let path = PathBuf::from(path);
        assert!(
            path.is_file(),
            "HAMLE_STOCKFISH: no Stockfish at {}",
            path.display()
        );
        return path;
    }
    let debian = PathBuf::from("/usr/games/stockfish");
    if debian.is_file() {
        return debian;
    }
    std::env::var_os("PATH")
        .and_then(|paths| {
            std::env::split_paths(&paths)
                .map(|dir| dir.join("stockfish"))
                .find(|p| p.is_file())
        })
        .expect(
            "this test needs Stockfish, and none is installed: apt-get install stockfish \
             (or set HAMLE_STOCKFISH)",
        )
}

fn stockfish_pool(max_engines: usize) -> EnginePool {
    EnginePool::new(EngineConfig {
        max_engines,
        ..EngineConfig::new(stockfish())
    })
}

/// How a game between engines ended, by the rules (FIDE 5.1, 5.2, 9.6).
#[derive(Debug, PartialEq, Eq)]
enum End {
    Mate(Color),
    Stalemate,
    DeadPosition,
    FivefoldRepetition,
    SeventyFiveMoves,
}

fn ended(position: &Chess, seen: &std::collections::HashMap<Zobrist64, u32>) -> Option<End> {
    let key = position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal);
    match position.outcome() {
        Outcome::Known(KnownOutcome::Decisive { winner }) => Some(End::Mate(winner)),
        Outcome::Known(KnownOutcome::Draw) if position.is_stalemate() => Some(End::Stalemate),
        Outcome::Known(KnownOutcome::Draw) => Some(End::DeadPosition),
        Outcome::Unknown if seen.get(&key).copied().unwrap_or(0) >= 5 => {
            Some(End::FivefoldRepetition)
        }
        Outcome::Unknown if position.halfmoves() >= 150 => Some(End::SeventyFiveMoves),
        Outcome::Unknown => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs stockfish (scripts/test installs it)"]
async fn a_whole_game_between_two_levels_to_its_end() {
    let pool = stockfish_pool(2);
    let name = pool.check().await.unwrap().unwrap_or_default();
    assert!(name.contains("Stockfish"), "{name}");
    let levels = [Level::new(1).unwrap(), Level::new(5).unwrap()];
    // Three minutes and two seconds a move each: the engines' own clock, passed on.
    let mut clock = GameClock {
        white: Duration::from_secs(180),
        black: Duration::from_secs(180),
        white_increment: Duration::from_secs(2),
        black_increment: Duration::from_secs(2),
        moves_to_go: None,
    };
    let mut game = start();
    let mut seen = std::collections::HashMap::new();
    let mut plies = 0;
    let began = Instant::now();
    let end = loop {
        let position = game.current().clone();
        *seen
            .entry(position.zobrist_hash::<Zobrist64>(EnPassantMode::Legal))
            .or_insert(0) += 1;
        if let Some(end) = ended(&position, &seen) {
            break end;
        }
        assert!(plies < 600, "no end after 600 plies");
        let turn = position.turn();
        let level = levels[usize::from(turn == Color::Black)];
        let thinking = Instant::now();
        let m = pool.play(level, &game, Some(clock)).await.unwrap();
        let took = thinking.elapsed();
        // The engine's move is a legal move of the position (the pool checked it; so does
        // this test, with shakmaty) and came within the level's time and the reply slack.
        assert!(
            position.is_legal(m),
            "{m:?} in {}",
            Fen::from_position(&position, EnPassantMode::Legal)
        );
        assert!(
            took < level.settings().think + Duration::from_secs(3),
            "level {level} took {took:?}"
        );
        let (own, increment) = match turn {
            Color::White => (&mut clock.white, clock.white_increment),
            Color::Black => (&mut clock.black, clock.black_increment),
        };
        *own = own.saturating_sub(took) + increment;
        game = game.after(m).unwrap();
        plies += 1;
    };
    eprintln!(
        "level {} (White) against level {} (Black): {end:?} after {plies} plies in {:?}",
        levels[0],
        levels[1],
        began.elapsed()
    );
    // Mate is the side to move's: evaluated at the end, the engine says so.
    if let End::Mate(winner) = end {
        let eval = pool.eval(&game).await.unwrap();
        assert_eq!(eval.score, Score::Mate(0), "{eval:?}");
        assert_eq!(eval.best, None);
        assert_eq!(game.current().turn(), !winner);
        let err = pool.hint(&game).await.unwrap_err();
        assert!(matches!(err, EngineError::NoLegalMove), "{err:?}");
    }
    assert_eq!(pool.stats().restarts, 0);
    pool.shutdown().await;
    assert!(pool.pids().is_empty());
}

fn from_fen(fen: &str) -> EnginePosition {
    let position: Chess = fen
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    EnginePosition::at(position)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs stockfish (scripts/test installs it)"]
async fn a_hint_finds_the_mate_and_an_evaluation_says_who_stands_better() {
    let pool = stockfish_pool(1);
    // White mates on the back rank: Ra8#.
    let mate_in_one = from_fen("6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1");
    let hint = pool.hint(&mate_in_one).await.unwrap();
    assert_eq!(hint.to_uci(CastlingMode::Standard).to_string(), "a1a8");
    let eval = pool.eval(&mate_in_one).await.unwrap();
    assert_eq!(eval.score, Score::Mate(1), "{eval:?}");
    assert_eq!(eval.best, Some(hint));
    // Black to move, a queen down: bad for the side to move.
    let queen_down = from_fen("rnb1kbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 2");
    let eval = pool.eval(&queen_down).await.unwrap();
    assert!(
        matches!(eval.score, Score::Centipawns(cp) if cp < -500),
        "{eval:?}"
    );
    // Stalemate: no move, and even.
    let stalemate = from_fen("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1");
    let eval = pool.eval(&stalemate).await.unwrap();
    assert_eq!((eval.score, eval.best), (Score::Centipawns(0), None));
    let err = pool.play(Level::MAX, &stalemate, None).await.unwrap_err();
    assert!(matches!(err, EngineError::NoLegalMove), "{err:?}");
    // A move given with the position is checked too.
    let illegal = shakmaty::Move::Normal {
        role: shakmaty::Role::Pawn,
        from: shakmaty::Square::E2,
        capture: None,
        to: shakmaty::Square::E5,
        promotion: None,
    };
    let err = EnginePosition::new(Chess::default(), [illegal]).unwrap_err();
    assert!(
        matches!(err, EngineError::IllegalGivenMove { .. }),
        "{err:?}"
    );
    assert_eq!(pool.stats().restarts, 0);
}

fn kill(pid: u32) {
    let pid = rustix::process::Pid::from_raw(pid as i32).unwrap();
    rustix::process::kill_process(pid, rustix::process::Signal::KILL).unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs stockfish (scripts/test installs it)"]
async fn a_killed_engine_is_replaced_and_the_game_goes_on() {
    let pool = stockfish_pool(1);
    let level = Level::new(3).unwrap();
    let mut game = start();
    for _ in 0..4 {
        let m = pool.play(level, &game, None).await.unwrap();
        game = game.after(m).unwrap();
    }
    let first = pool.pids();
    assert_eq!(first.len(), 1, "one engine, warm between moves");
    assert_eq!(pool.stats().started, 1);

    // Killed between two moves: the next move finds it dead and asks a fresh one.
    kill(first[0]);
    let m = pool.play(level, &game, None).await.unwrap();
    game = game.after(m).unwrap();
    let second = pool.pids();
    assert_eq!(second.len(), 1);
    assert_ne!(second, first);
    assert_eq!(pool.stats().restarts, 1);

    // Killed in the middle of a search (level 8 thinks a second): the same.
    let began = Instant::now();
    let (m, ()) = tokio::join!(pool.play(Level::MAX, &game, None), async {
        tokio::time::sleep(Duration::from_millis(300)).await;
        kill(second[0]);
    });
    let m = m.unwrap();
    assert!(game.current().is_legal(m));
    game = game.after(m).unwrap();
    assert!(
        began.elapsed() < Duration::from_secs(6),
        "{:?}",
        began.elapsed()
    );
    let stats = pool.stats();
    assert_eq!(
        (stats.restarts, stats.started, stats.peak),
        (2, 3, 1),
        "{stats:?}"
    );
    // And it plays on.
    let m = pool.play(level, &game, None).await.unwrap();
    assert!(game.current().is_legal(m));
}

// --- a seat played by the computer (src/server/opponent.rs) ----------------------------------

async fn server_with(engine: Option<EngineConfig>) -> TestServer {
    server_in(tempfile::tempdir().unwrap(), engine).await
}

/// A server on the data directory `dir` (a restart, when a server used it before).
async fn server_in(dir: tempfile::TempDir, engine: Option<EngineConfig>) -> TestServer {
    TestServer::start_configured(dir, Limits::default(), |config| {
        config.engine = engine;
    })
    .await
}

/// `POST /api/games` as it came back: status and body.
async fn post_game(server: &TestServer, body: Value, lang: &str) -> (u16, Value) {
    let resp = reqwest::Client::new()
        .post(server.url("/api/games"))
        .header("Accept-Language", lang)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap())
}

/// Messages from `got` on, then from the socket, up to the first `wanted` (returned).
async fn until(c: &mut Client, got: Vec<Value>, wanted: impl Fn(&Value) -> bool) -> Value {
    for m in got {
        if wanted(&m) {
            return m;
        }
    }
    loop {
        let m = c.recv().await;
        if wanted(&m) {
            return m;
        }
    }
}

fn is_move_by(seat: &'static str) -> impl Fn(&Value) -> bool {
    move |m| m["type"] == "event" && m["kind"] == "move" && m["by"] == seat
}

/// An engine that answers every search with `bestmove e7e5` (Black's reply to 1 e4).
fn replying_e7e5(pids: &Path) -> EngineConfig {
    fake(
        &answering("echo 'info depth 1 score cp 0'; echo 'bestmove e7e5'"),
        pids,
    )
}

#[tokio::test]
async fn a_game_against_the_computer_is_refused_plainly_when_it_cannot_be_played() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let against = |level: Value| json!({"black": {"engine": {"level": level}}});

    // No engine on the server.
    let none = server_with(None).await;
    let (status, body) = post_game(&none, against(json!(3)), "en").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (503, Some("engine_unavailable")),
        "{body}"
    );
    none.stop().await;

    // A program that is no engine: found out when the server starts.
    let cat = server_with(Some(EngineConfig {
        handshake_timeout: Duration::from_millis(300),
        ..EngineConfig::new("/bin/cat")
    }))
    .await;
    let (status, body) = post_game(&cat, against(json!(3)), "tr").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (503, Some("engine_not_an_engine")),
        "{body}"
    );
    assert_eq!(
        body["message"],
        EngineError::NotAnEngine {
            program: "/bin/cat".into(),
            reason: String::new()
        }
        .message(Lang::Tr)
    );
    cat.stop().await;

    let server = server_with(Some(replying_e7e5(&pids))).await;
    for level in [json!(0), json!(9), json!(-1)] {
        let (status, body) = post_game(&server, against(level.clone()), "de").await;
        assert_eq!(
            (status, body["code"].as_str()),
            (400, Some("engine_unknown_level")),
            "{body}"
        );
        let said = body["message"].as_str().unwrap();
        assert!(
            said.contains(&level.to_string()) && said.contains("1 bis 8"),
            "{said}"
        );
    }
    let (status, body) = post_game(&server, against(json!("3")), "en").await;
    assert_eq!(
        (status, body["code"].as_str()),
        (400, Some("invalid_request")),
        "{body}"
    );
    let refusals = [
        (
            json!({"white": {"engine": {"level": 2}}, "black": {"engine": {"level": 2}}}),
            "black.engine",
        ),
        (
            json!({"black": {"engine": {"level": 2}, "visually_impaired": true}}),
            "black.visually_impaired",
        ),
        (
            json!({"white": {"engine": {"level": 2}, "assistant": true}}),
            "white.assistant",
        ),
    ];
    for (body, field) in refusals {
        let (status, answer) = post_game(&server, body.clone(), "en").await;
        assert_eq!(status, 400, "{body}: {answer}");
        assert_eq!(answer["code"], "invalid_setting", "{body}: {answer}");
        assert_eq!(answer["field"], field, "{body}: {answer}");
    }
    // Played by the computer, the seat has no token; its player is named after the engine.
    let (status, created) = post_game(&server, against(json!(2)), "en").await;
    assert_eq!(status, 201, "{created}");
    assert_eq!(created["tokens"]["black"], Value::Null, "{created}");
    assert!(created["tokens"]["white"].is_string());
    assert_eq!(created["state"]["black"]["name"], "fake");
    // A name given is kept.
    let (_, named) = post_game(
        &server,
        json!({"black": {"name": "Deep Thought", "engine": {"level": 8}}}),
        "en",
    )
    .await;
    assert_eq!(named["state"]["black"]["name"], "Deep Thought");
    // Nobody speaks for the computer's seat: a token made up for it, or White's sent as
    // Black's, is refused in the client's language, and nothing is played.
    let game = server.create(against(json!(2))).await;
    let addr = server.addr.to_string();
    for token in ["0".repeat(32), "black".to_owned()] {
        let mut forged = Client::from_ws(Client::open(&addr, &game).await, "forged");
        forged
            .send(json!({"type": "hello", "v": 1, "token": token, "lang": "de"}))
            .await;
        let refused = forged.recv().await;
        assert_eq!(refused["code"], "bad_token", "{refused}");
        assert!(
            refused["message"].as_str().unwrap().contains("Token"),
            "{refused}"
        );
    }
    let mut white = seated(&addr, &game, "white").await;
    let state = answer(&white.request(json!({"type": "state"})).await).clone();
    assert_eq!(state["state"]["moves"], json!([]), "{state}");
    server.stop().await;
}

#[tokio::test]
async fn the_computers_move_comes_through_the_table_and_its_failure_is_told() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let server = server_with(Some(replying_e7e5(&pids))).await;
    let game = server
        .create(json!({"black": {"engine": {"level": 4}}, "languages": {"white": "en"}}))
        .await;
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    let got = white.request(json!({"type": "move", "uci": "e2e4"})).await;
    let reply = until(&mut white, got, is_move_by("black")).await;
    assert_eq!(reply["uci"], "e7e5", "{reply}");
    assert_eq!(reply["seq"], 2);
    let pos = Chess::default();
    let e4 = "e2e4"
        .parse::<shakmaty::uci::UciMove>()
        .unwrap()
        .to_move(&pos)
        .unwrap();
    let after_e4 = pos.clone().play(e4).unwrap();
    let e5 = "e7e5"
        .parse::<shakmaty::uci::UciMove>()
        .unwrap()
        .to_move(&after_e4)
        .unwrap();
    let speaker = hamle::words::Speaker::new(Lang::En);
    assert_eq!(
        reply["full"],
        speaker.say_move(&after_e4, e5, hamle::announce::Style::Full)
    );
    // The same engine again: e7e5 is no move now (Black's pawn stands there): refused twice,
    // and White is told.
    let got = white.request(json!({"type": "move", "uci": "g1f3"})).await;
    let told = until(&mut white, got, |m| m["type"] == "error").await;
    assert_eq!(told["code"], "engine_bad_answer", "{told}");
    assert_eq!(told["id"], Value::Null);
    assert_eq!(
        told["message"],
        EngineError::BadAnswer {
            answer: String::new()
        }
        .message(Lang::En)
    );
    server.stop().await;

    // The computer as White moves first, whether or not Black has come yet.
    let opening = server_with(Some(fake(&answering("echo 'bestmove e2e4'"), &pids))).await;
    let game = opening
        .create(json!({"white": {"engine": {"level": 5}}}))
        .await;
    assert_eq!(game.created["tokens"]["white"], Value::Null);
    let addr = opening.addr.to_string();
    let (mut black, _) = Client::connect(&addr, &game, "black", Some(0)).await;
    let first = until(&mut black, Vec::new(), is_move_by("white")).await;
    assert_eq!(
        (first["uci"].as_str(), first["seq"].as_u64()),
        (Some("e2e4"), Some(1)),
        "{first}"
    );
    opening.stop().await;

    // An engine that crashes at every search.
    let crashing = server_with(Some(fake(&answering("exit 3"), &pids))).await;
    let game = crashing
        .create(json!({"black": {"engine": {"level": 1}}, "languages": {"white": "de"}}))
        .await;
    let addr = crashing.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    let got = white.request(json!({"type": "move", "uci": "d2d4"})).await;
    let told = until(&mut white, got, |m| m["type"] == "error").await;
    assert_eq!(told["code"], "engine_crashed", "{told}");
    assert!(
        told["message"].as_str().unwrap().contains("Neustart"),
        "{told}"
    );
    crashing.stop().await;
    // Every engine process went with its server.
    for pid in pids_in(&pids) {
        assert!(!alive(pid), "{pid} still runs");
    }
}

fn stockfish_server_config() -> EngineConfig {
    EngineConfig {
        max_engines: 1,
        ..EngineConfig::new(stockfish())
    }
}

/// How White plays a whole game in [`a_whole_game_against_each_of_two_levels_to_its_end`].
#[derive(Clone, Copy, Debug)]
enum WhitePlays {
    /// The server's hint, at full strength.
    Hints,
    /// The first legal move shakmaty lists: no strength at all.
    FirstLegal,
}

/// One whole game through the WebSocket, White against the computer at `level`, to its end:
/// every reply said in the player's words, the end told with its result, the PGN the same.
async fn whole_game(level: u8, white_plays: WhitePlays) {
    // Stockfish under a name of this game's own, so that its process is found among the other
    // tests' engines (the same test process runs them at once).
    let dir = tempfile::tempdir().unwrap();
    let named = dir.path().join(format!("sf-whole-{level}"));
    std::os::unix::fs::symlink(stockfish(), &named).unwrap();
    let config = EngineConfig {
        max_engines: 1,
        // Full strength at level 8, but a fifth of a second a move: a game in seconds.
        max_think: Duration::from_millis(200),
        aid_think: Duration::from_millis(100),
        ..EngineConfig::new(&named)
    };
    // A client that plays a move and asks for a hint in a few milliseconds each sends faster
    // than a person: the socket's rate is raised for it.
    let limits = Limits {
        burst: 1000,
        per_second: 1000.0,
        ..Limits::default()
    };
    let server = TestServer::start_configured(tempfile::tempdir().unwrap(), limits, |c| {
        c.engine = Some(config);
    })
    .await;
    let game = server
        .create(json!({
            "white": {"name": "Anna"},
            "black": {"engine": {"level": level}},
            "languages": {"white": "en"},
            "time_control": {"base_seconds": 3600, "increment_seconds": 0}
        }))
        .await;
    let addr = server.addr.to_string();
    let mut white = seated(&addr, &game, "white").await;
    let speaker = hamle::words::Speaker::new(Lang::En);
    let mut pos = Chess::default();
    let mut plies = 0;
    let mut killed = None;
    let end = loop {
        assert!(plies < 700, "level {level}: no end after {plies} plies");
        let uci = match white_plays {
            WhitePlays::Hints => {
                let got = white.request(json!({"type": "hint"})).await;
                answer(&got)["uci"]
                    .as_str()
                    .unwrap_or_else(|| panic!("{got:?}"))
                    .to_owned()
            }
            WhitePlays::FirstLegal => pos.legal_moves()[0]
                .to_uci(CastlingMode::Standard)
                .to_string(),
        };
        let m = uci_move(&pos, &uci);
        // Against level 8 its Stockfish is killed once, while it thinks about its sixth move:
        // the pool starts another and the game goes on.
        if matches!(white_plays, WhitePlays::FirstLegal) && plies == 10 {
            let killer = tokio::spawn(async move {
                tokio::time::sleep(Duration::from_millis(100)).await;
                let engines = our_children_named(&format!("sf-whole-{level}"));
                assert_eq!(engines.len(), 1, "{engines:?}");
                kill(engines[0]);
                engines[0]
            });
            killed = Some(killer);
        }
        let got = white.request(json!({"type": "move", "uci": uci})).await;
        assert!(got.iter().any(|g| g["type"] == "ack"), "{got:?}");
        pos.play_unchecked(m);
        plies += 1;
        let next = until(&mut white, got, |m| {
            is_move_by("black")(m) || (m["type"] == "event" && m["kind"] == "end")
        })
        .await;
        if next["kind"] == "end" {
            break next;
        }
        let reply = uci_move(&pos, next["uci"].as_str().unwrap());
        assert_eq!(
            next["full"],
            speaker.say_move(&pos, reply, hamle::announce::Style::Full)
        );
        pos.play_unchecked(reply);
        plies += 1;
        // The computer's move may end the game: its end comes next.
        if pos.is_game_over() {
            break until(&mut white, Vec::new(), |m| {
                m["type"] == "event" && m["kind"] == "end"
            })
            .await;
        }
    };
    if let Some(killer) = killed {
        // The game went on with another Stockfish.
        let dead = killer.await.unwrap();
        let now = our_children_named(&format!("sf-whole-{level}"));
        assert!(now.len() == 1 && now[0] != dead, "{now:?} after {dead}");
    }
    let mated = pos.is_checkmate().then(|| match pos.turn() {
        Color::White => "0-1",
        Color::Black => "1-0",
    });
    eprintln!("White ({white_plays:?}) against level {level}: {end} after {plies} plies");
    let text = end["text"].as_str().unwrap();
    assert!(!text.is_empty(), "{end}");
    let pgn = reqwest::Client::new()
        .get(server.url(&format!("/api/games/{}/pgn", game.id)))
        .bearer_auth(game.created["tokens"]["white"].as_str().unwrap())
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let result = end["result"].as_str().unwrap();
    assert!(pgn.contains(&format!("[Result \"{result}\"]")), "{pgn}");
    if let Some(mated) = mated {
        assert_eq!(result, mated, "{end}");
        assert_eq!(end["reason"], "checkmate", "{end}");
    }
    match white_plays {
        // Full strength against level 1 wins.
        WhitePlays::Hints => assert_eq!(result, "1-0", "{end}"),
        // No strength against level 8 loses.
        WhitePlays::FirstLegal => assert_eq!(result, "0-1", "{end}"),
    }
    server.stop().await;
}

/// The processes this test process started whose command is `name` (its engines).
fn our_children_named(name: &str) -> Vec<u32> {
    let me = std::process::id().to_string();
    std::fs::read_dir("/proc")
        .unwrap()
        .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<u32>().ok())
        .filter(|pid| {
            let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
            // pid (comm) state ppid ...
            let Some((comm, rest)) = stat.split_once(") ") else {
                return false;
            };
            comm.ends_with(name) && rest.split(' ').nth(1) == Some(me.as_str())
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs stockfish (scripts/test installs it)"]
async fn a_whole_game_against_each_of_two_levels_to_its_end() {
    whole_game(1, WhitePlays::Hints).await;
    whole_game(8, WhitePlays::FirstLegal).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs stockfish (scripts/test installs it)"]
async fn a_player_hears_the_computers_replies() {
    let server = server_with(Some(stockfish_server_config())).await;
    let game = server
        .create(json!({
            "white": {"name": "Anna"},
            "black": {"engine": {"level": 1}},
            "languages": {"white": "en"},
            "time_control": {"base_seconds": 300, "increment_seconds": 2}
        }))
        .await;
    assert!(
        game.created["state"]["black"]["name"]
            .as_str()
            .unwrap()
            .starts_with("Stockfish"),
        "{}",
        game.created
    );
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    let speaker = hamle::words::Speaker::new(Lang::En);
    let mut pos = Chess::default();
    let wishes = ["e2e4", "g1f3", "f1c4", "d2d3", "b1c3", "c1e3"];
    for _ in 0..5 {
        let m = wishes
            .iter()
            .filter_map(|w| w.parse::<shakmaty::uci::UciMove>().ok()?.to_move(&pos).ok())
            .next()
            .unwrap_or_else(|| pos.legal_moves()[0]);
        let uci = m.to_uci(CastlingMode::Standard).to_string();
        let got = white.request(json!({"type": "move", "uci": uci})).await;
        assert!(got.iter().any(|g| g["type"] == "ack"), "{got:?}");
        pos.play_unchecked(m);
        if pos.is_game_over() {
            break;
        }
        let reply = until(&mut white, got, is_move_by("black")).await;
        let answer = reply["uci"]
            .as_str()
            .unwrap()
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap_or_else(|_| panic!("{reply} is no move here"));
        // Said to the player in his language and words, as any opponent's move.
        assert_eq!(
            reply["full"],
            speaker.say_move(&pos, answer, hamle::announce::Style::Full)
        );
        assert_eq!(reply["color"], "black");
        pos.play_unchecked(answer);
        if pos.is_game_over() {
            break;
        }
    }
    server.stop().await;
}

/// A game against Stockfish at level 8 (a second a move: long enough for an offer to come
/// while it thinks) from `fen`, White to move; White plays e2e4 and offers a draw. The
/// events Black's answer brings, up to Black's move or the game's end.
async fn offer_a_draw_to_the_computer(fen: &str) -> Vec<Value> {
    let server = server_with(Some(stockfish_server_config())).await;
    let game = server
        .create(
            json!({"black": {"engine": {"level": 8}}, "fen": fen, "languages": {"white": "en"}}),
        )
        .await;
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    let mut seen = white.request(json!({"type": "move", "uci": "e2e4"})).await;
    seen.extend(
        white
            .request(json!({"type": "offer_draw", "confirmed": true}))
            .await,
    );
    let answered =
        |m: &Value| m["type"] == "event" && (m["kind"] == "end" || is_move_by("black")(m));
    while !seen.iter().any(answered) {
        seen.push(white.recv().await);
    }
    server.stop().await;
    seen
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs stockfish (scripts/test installs it)"]
async fn the_computer_declines_a_draw_when_better_and_takes_it_when_worse() {
    let kinds = |events: &[Value]| -> Vec<String> {
        events
            .iter()
            .filter(|m| m["type"] == "event")
            .map(|m| {
                format!(
                    "{} {}",
                    m["kind"].as_str().unwrap(),
                    m["by"].as_str().unwrap_or("")
                )
            })
            .collect()
    };
    // White without his queen: Black, the computer, is far better and plays on.
    let better =
        offer_a_draw_to_the_computer("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNB1KBNR w KQkq - 0 1")
            .await;
    let seen = kinds(&better);
    assert!(seen.contains(&"draw_offer white".to_owned()), "{seen:?}");
    assert!(seen.contains(&"draw_declined black".to_owned()), "{seen:?}");
    assert_eq!(seen.last().unwrap(), "move black", "{seen:?}");
    // Black without his queen: the computer takes the draw.
    let worse =
        offer_a_draw_to_the_computer("rnb1kbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1")
            .await;
    let end = worse.iter().find(|m| m["kind"] == "end").unwrap();
    assert!(
        !kinds(&worse).contains(&"move black".to_owned()),
        "{worse:?}"
    );
    assert_eq!(end["reason"], "agreement", "{end}");
    assert_eq!(end["result"], "1/2-1/2", "{end}");
}

// --- practice aids: hint, eval, take-back (issue 34) -----------------------------------------

/// A fake engine that answers by the game's moves (the last `position` line): Black's
/// replies 1... e5 and 2... Nc6 (slowly, 0.7 s, after 3. d4, to be overtaken by a take-back;
/// 2... Nf6 after 2. c4), and for White to move a hint (2. Nf3, 3. Bc4) with a score (White
/// better by 2.12 pawns; White mates in 3).
fn practising(pids: &Path) -> EngineConfig {
    fake(
        r#"while read -r line; do
  case "$line" in
    uci) echo "id name fake"; echo uciok ;;
    isready) echo readyok ;;
    position*) pos="$line" ;;
    go*) case "$pos" in
      *b8c6\ g1f3) echo 'info depth 9 score cp 20'; echo 'bestmove e5d4' ;;
      *e7e5\ g1f3\ b8c6) echo 'info depth 9 score mate 3'; echo 'bestmove f1c4' ;;
      *e7e5\ g1f3) echo 'info depth 9 score cp -40'; echo 'bestmove b8c6' ;;
      *e7e5\ d2d4) sleep 0.7; echo 'info depth 9 score cp 10'; echo 'bestmove b8c6' ;;
      *e7e5\ c2c4) echo 'info depth 9 score cp 5'; echo 'bestmove g8f6' ;;
      *e2e4\ e7e5) echo 'info depth 9 score cp 212'; echo 'bestmove g1f3' ;;
      *e2e4) echo 'info depth 9 score cp -30'; echo 'bestmove e7e5' ;;
      *) echo 'bestmove (none)' ;;
    esac ;;
  esac
done"#,
        pids,
    )
}

fn uci_move(pos: &Chess, uci: &str) -> shakmaty::Move {
    uci.parse::<shakmaty::uci::UciMove>()
        .unwrap()
        .to_move(pos)
        .unwrap()
}

/// Connects `seat` and reads the first state.
async fn seated(addr: &str, game: &crate::support::Game, seat: &str) -> Client {
    let (mut c, _) = Client::connect(addr, game, seat, None).await;
    let state = c.recv().await;
    assert_eq!(state["type"], "state", "{state}");
    c
}

/// The answer of a request (its last message).
fn answer(got: &[Value]) -> &Value {
    got.last().unwrap()
}

/// White's request `msg`, answered by an `ack` (all it brought, the ack last).
async fn acked(c: &mut Client, msg: Value) -> Vec<Value> {
    let got = c.request(msg.clone()).await;
    assert_eq!(answer(&got)["type"], "ack", "{msg}: {got:?}");
    got
}

/// White makes `from`-`to` on his own (tactile) board: lifted, placed.
async fn on_own_board(c: &mut Client, from: &str, to: &str) {
    for (action, square) in [("lift", from), ("place", to)] {
        let msg = json!({"type": "board", "board": "white", "action": action, "square": square});
        acked(c, msg).await;
    }
}

#[tokio::test]
async fn at_the_table_the_computers_move_is_made_on_its_board_and_the_blind_player_makes_it_on_his()
{
    let dir = tempfile::tempdir().unwrap();
    let server = server_with(Some(practising(&dir.path().join("pids")))).await;
    let game = server
        .create(json!({
            "white": {"name": "Anna", "visually_impaired": true},
            "black": {"engine": {"level": 3}},
            "rules": {"procedure": "physical"},
            "languages": {"white": "de"},
        }))
        .await;
    let addr = server.addr.to_string();
    let mut white = seated(&addr, &game, "white").await;
    // 1. e4 as the appendix has it: announced, made on his board, the clock pressed.
    acked(
        &mut white,
        json!({"type": "announce", "text": "Bauer Eva vier"}),
    )
    .await;
    on_own_board(&mut white, "e2", "e4").await;
    let got = acked(&mut white, json!({"type": "press_clock"})).await;
    // The computer's reply is announced to him in his words, then made and its clock pressed.
    let said = until(&mut white, got, |m| {
        m["type"] == "event" && m["kind"] == "announce" && m["by"] == "black"
    })
    .await;
    assert_eq!(said["uci"], "e7e5", "{said}");
    assert!(
        said["text"].as_str().unwrap().contains("Eva fünf"),
        "{said}"
    );
    let reply = until(&mut white, Vec::new(), is_move_by("black")).await;
    assert_eq!(reply["uci"], "e7e5", "{reply}");
    // His own board still lacks it: he makes it himself, as any opponent's move.
    let state = answer(&white.request(json!({"type": "state"})).await)["state"].clone();
    let table = &state["table"];
    assert_eq!(table["white_board"]["shows"], "behind", "{state}");
    assert_eq!(table["black_board"]["shows"], "game", "{state}");
    on_own_board(&mut white, "e7", "e5").await;
    // 2. Nf3: the computer's board catches up with it before its reply 2... Nc6.
    acked(
        &mut white,
        json!({"type": "announce", "text": "Springer Felix drei"}),
    )
    .await;
    on_own_board(&mut white, "g1", "f3").await;
    let got = acked(&mut white, json!({"type": "press_clock"})).await;
    let reply = until(&mut white, got, is_move_by("black")).await;
    assert_eq!(reply["uci"], "b8c6", "{reply}");
    let state = answer(&white.request(json!({"type": "state"})).await)["state"].clone();
    let table = &state["table"];
    let official = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R";
    assert_eq!(table["black_board"]["placement"], official, "{state}");
    assert_eq!(table["black_board"]["shows"], "game", "{state}");
    assert_eq!(table["white_board"]["shows"], "behind", "{state}");
    assert_eq!(state["moves"].as_array().map(Vec::len), Some(4), "{state}");
    server.stop().await;
}

#[tokio::test]
async fn hints_evaluations_and_take_backs_in_a_game_against_the_computer() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let server = server_with(Some(practising(&pids))).await;
    let game = server
        .create(json!({
            "black": {"engine": {"level": 8}},
            "languages": {"white": "en"},
            "time_control": {"base_seconds": 600, "increment_seconds": 0}
        }))
        .await;
    assert_eq!(game.created["state"]["black"]["engine"]["level"], 8);
    assert_eq!(game.created["state"]["white"].get("engine"), None);
    let addr = server.addr.to_string();
    let mut white = seated(&addr, &game, "white").await;
    // Before his first move there is nothing to take back.
    let said = white
        .refused(json!({"type": "take_back"}), "nothing_to_take_back")
        .await;
    assert_eq!(said, "You have no move to take back.");
    let got = white.request(json!({"type": "move", "uci": "e2e4"})).await;
    until(&mut white, got, is_move_by("black")).await;

    // A hint: the engine's move, in his words.
    let mut pos = Chess::default();
    pos.play_unchecked(uci_move(&pos, "e2e4"));
    pos.play_unchecked(uci_move(&pos, "e7e5"));
    let got = white.request(json!({"type": "hint"})).await;
    let hint = answer(&got);
    assert_eq!(hint["type"], "hint", "{got:?}");
    assert_eq!(
        (hint["uci"].as_str(), hint["san"].as_str()),
        (Some("g1f3"), Some("Nf3"))
    );
    assert_eq!(hint["text"], "Hint: knight f3.");
    assert_eq!(
        hint["text"],
        hamle::words::practice::hint(Lang::En, &pos, uci_move(&pos, "g1f3"), false)
    );
    // Who stands better: the side to move's score, told from White's side.
    let got = white.request(json!({"type": "eval"})).await;
    let eval = answer(&got);
    assert_eq!(eval["type"], "eval", "{got:?}");
    assert_eq!((eval["cp"].as_i64(), eval.get("mate")), (Some(212), None));
    assert_eq!(eval["text"], "White is better by about 2 pawns.");

    let got = white.request(json!({"type": "move", "uci": "g1f3"})).await;
    let reply = until(&mut white, got, is_move_by("black")).await;
    assert_eq!(reply["uci"], "b8c6");
    let got = white.request(json!({"type": "eval"})).await;
    let eval = answer(&got);
    assert_eq!(
        (eval["mate"].as_i64(), eval.get("cp")),
        (Some(3), None),
        "{eval}"
    );
    assert_eq!(eval["text"], "White mates in 3.");

    // The take-back: his move and the computer's reply, one event, then the ack.
    let got = white.request(json!({"type": "take_back"})).await;
    assert_eq!(got.len(), 2, "{got:?}");
    let back = &got[0];
    assert_eq!(
        (
            back["kind"].as_str(),
            back["by"].as_str(),
            back["ply"].as_u64()
        ),
        (Some("taken_back"), Some("white"), Some(2)),
        "{back}"
    );
    assert_eq!(back["turn"], "white");
    assert_eq!(
        back["fen"],
        Fen::from_position(&pos, EnPassantMode::Legal).to_string()
    );
    assert_eq!(
        back["text"],
        "White takes back: 2. knight f3, 2... knight c6."
    );
    assert_eq!(back["taken_back"][1]["said"], "knight c6");
    assert_eq!(back["clock"]["running"], "white");
    assert_eq!(
        (answer(&got)["type"].as_str(), answer(&got)["seq"].clone()),
        (Some("ack"), back["seq"].clone())
    );
    let state = answer(&white.request(json!({"type": "state"})).await).clone();
    assert_eq!(
        state["state"]["moves"].as_array().unwrap().len(),
        2,
        "{state}"
    );

    // He moves differently while the computer thinks, takes it back, and moves again: the
    // computer's answer to the move taken back never comes; it answers the move that stands.
    let got = white.request(json!({"type": "move", "uci": "d2d4"})).await;
    assert_eq!(answer(&got)["type"], "ack");
    let said = white
        .refused(json!({"type": "hint"}), "not_your_turn")
        .await;
    assert_eq!(said, "It is not your turn.");
    let got = white.request(json!({"type": "take_back"})).await;
    assert_eq!(got[0]["kind"], "taken_back", "{got:?}");
    assert_eq!(got[0]["ply"], 2);
    let got = white.request(json!({"type": "move", "uci": "c2c4"})).await;
    let reply = until(&mut white, got, is_move_by("black")).await;
    assert_eq!(
        reply["uci"], "g8f6",
        "the stale 2... Nc6 was played: {reply}"
    );
    // Nothing else came from Black meanwhile.
    let state = answer(&white.request(json!({"type": "state"})).await).clone();
    let moves: Vec<&str> = state["state"]["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["e2e4", "e7e5", "c2c4", "g8f6"]);

    // The computer's seat has no token; a spectator and the arbiter get no aid.
    let mut arbiter = seated(&addr, &game, "arbiter").await;
    for kind in ["hint", "eval", "take_back"] {
        arbiter.refused(json!({"type": kind}), "forbidden").await;
    }
    // After the end: refused.
    white
        .request(json!({"type": "resign", "confirmed": true}))
        .await;
    for kind in ["hint", "eval", "take_back"] {
        white.refused(json!({"type": kind}), "game_over").await;
    }
    server.stop().await;
}

#[tokio::test]
async fn practice_aids_are_refused_in_a_game_between_people() {
    // With an engine on the server and without one, in every language.
    for engine in [false, true] {
        let dir = tempfile::tempdir().unwrap();
        let pids = dir.path().join("pids");
        let server = server_with(engine.then(|| practising(&pids))).await;
        let game = server
            .create(json!({"languages": {"white": "de", "black": "tr"}}))
            .await;
        let addr = server.addr.to_string();
        let mut white = seated(&addr, &game, "white").await;
        let mut black = seated(&addr, &game, "black").await;
        white.request(json!({"type": "move", "uci": "e2e4"})).await;
        let moved = black.recv().await;
        assert_eq!(moved["kind"], "move", "{moved}");
        for kind in ["hint", "eval", "take_back"] {
            let said = white.refused(json!({"type": kind}), "not_practice").await;
            assert_eq!(
                said,
                "Tipps, Bewertungen und das Zurücknehmen von Zügen gibt es nur in Partien \
                 gegen den Computer."
            );
            let said = black.refused(json!({"type": kind}), "not_practice").await;
            assert!(said.starts_with("İpucu, değerlendirme"), "{said}");
        }
        // Nothing was taken back: the move stands.
        let state = answer(&white.request(json!({"type": "state"})).await).clone();
        assert_eq!(state["state"]["moves"].as_array().unwrap().len(), 1);
        server.stop().await;
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "needs stockfish (scripts/test installs it)"]
async fn with_stockfish_a_player_asks_for_hints_and_evaluations_and_takes_back() {
    let server = server_with(Some(stockfish_server_config())).await;
    let game = server
        .create(json!({
            "white": {"name": "Ayşe"},
            "black": {"engine": {"level": 2}},
            "languages": {"white": "tr"},
            "time_control": {"base_seconds": 600, "increment_seconds": 0}
        }))
        .await;
    let addr = server.addr.to_string();
    let mut white = seated(&addr, &game, "white").await;
    let mut pos = Chess::default();
    let evals = [
        hamle::words::practice::standing(Lang::Tr, hamle::words::practice::Standing::Equal),
        "Beyaz".to_owned(),
        "Siyah".to_owned(),
    ];
    for round in 0..4 {
        // Asks for a hint and plays it: the computer answers.
        let got = white.request(json!({"type": "hint"})).await;
        let hint = answer(&got).clone();
        assert_eq!(hint["type"], "hint", "{got:?}");
        let m = uci_move(&pos, hint["uci"].as_str().unwrap());
        assert_eq!(
            hint["text"],
            hamle::words::practice::hint(Lang::Tr, &pos, m, false)
        );
        assert!(hint["text"].as_str().unwrap().starts_with("İpucu: "));
        let got = white
            .request(json!({"type": "move", "uci": hint["uci"]}))
            .await;
        pos.play_unchecked(m);
        let reply = until(&mut white, got, is_move_by("black")).await;
        pos.play_unchecked(uci_move(&pos, reply["uci"].as_str().unwrap()));
        // Who stands better, in words: one of the sentences there are.
        let got = white.request(json!({"type": "eval"})).await;
        let eval = answer(&got).clone();
        assert_eq!(eval["type"], "eval", "{got:?}");
        assert!(
            eval["cp"].is_i64() != eval["mate"].is_i64(),
            "a score or a mate: {eval}"
        );
        let text = eval["text"].as_str().unwrap();
        assert!(evals.iter().any(|e| text.starts_with(e.as_str())), "{text}");
        if round == 2 {
            // Takes his last move back (and the reply): the computer waits for his move.
            let got = white.request(json!({"type": "take_back"})).await;
            assert_eq!(got[0]["kind"], "taken_back", "{got:?}");
            assert_eq!(got[0]["ply"], 4);
            assert!(
                got[0]["text"]
                    .as_str()
                    .unwrap()
                    .starts_with("Beyaz geri aldı: 3. "),
                "{}",
                got[0]
            );
            assert_eq!(answer(&got)["type"], "ack");
            let mut back = Chess::default();
            let state = answer(&white.request(json!({"type": "state"})).await).clone();
            for m in state["state"]["moves"].as_array().unwrap() {
                back.play_unchecked(uci_move(&back, m["uci"].as_str().unwrap()));
            }
            assert_eq!(state["state"]["moves"].as_array().unwrap().len(), 4);
            assert_eq!(state["state"]["turn"], "white");
            pos = back;
        }
    }
    server.stop().await;
}

#[tokio::test]
async fn the_computer_plays_on_after_a_restart_of_the_server() {
    let dir = tempfile::tempdir().unwrap();
    let pids = dir.path().join("pids");
    let server = server_with(Some(practising(&pids))).await;
    let game = server
        .create(json!({
            "black": {"engine": {"level": 8}},
            "languages": {"white": "en"},
            "rules": {"failover": "pause"}
        }))
        .await;
    // Nobody else is there to resume it: the game goes on by itself after a restart.
    assert_eq!(game.created["state"]["rules"]["failover"], "continue");
    let addr = server.addr.to_string();
    let mut white = seated(&addr, &game, "white").await;
    let got = white.request(json!({"type": "move", "uci": "e2e4"})).await;
    until(&mut white, got, is_move_by("black")).await;
    // The server stops while the computer thinks (0.7 s) about 2. d4.
    let got = white.request(json!({"type": "move", "uci": "d2d4"})).await;
    assert_eq!(answer(&got)["type"], "ack");
    let seq = answer(&got)["seq"].as_u64().unwrap();
    drop(white);
    let data = server.stop_keeping_data().await;

    // Started again: the game is loaded when the player comes back, and the computer
    // answers the move it was thinking about.
    let server = server_in(data, Some(practising(&pids))).await;
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", Some(seq)).await;
    let mut events = Vec::new();
    while !events.iter().any(is_move_by("black")) {
        let m = white.recv().await;
        if m["type"] == "event" {
            events.push(m);
        }
    }
    // The outage was nobody's time: paused at the last event, resumed at once (the rules
    // profile's standing order), then the computer's move.
    let kinds: Vec<(&str, &str)> = events
        .iter()
        .map(|m| (m["kind"].as_str().unwrap(), m["by"].as_str().unwrap_or("")))
        .collect();
    assert_eq!(
        kinds,
        [("pause", ""), ("resume", "arbiter"), ("move", "black")],
        "{events:?}"
    );
    assert_eq!(events[2]["uci"], "b8c6", "{}", events[2]);
    let state = answer(&white.request(json!({"type": "state"})).await).clone();
    assert_eq!(state["state"]["status"], "playing", "{state}");
    assert_eq!(state["state"]["black"]["engine"]["level"], 8);
    drop(white);
    let data = server.stop_keeping_data().await;

    // Stopped on his turn, started again: he moves, the computer answers, and a take-back
    // still knows the game is against the computer.
    let server = server_in(data, Some(practising(&pids))).await;
    let addr = server.addr.to_string();
    let mut white = seated(&addr, &game, "white").await;
    let got = white.request(json!({"type": "move", "uci": "g1f3"})).await;
    let reply = until(&mut white, got, is_move_by("black")).await;
    assert_eq!(reply["uci"], "e5d4", "{reply}");
    let got = white.request(json!({"type": "take_back"})).await;
    assert_eq!(got[0]["kind"], "taken_back", "{got:?}");
    assert_eq!(got[0]["ply"], 4);
    server.stop().await;
    // No engine process outlived its server.
    for pid in pids_in(&pids) {
        assert!(!alive(pid), "{pid} still runs");
    }
}
