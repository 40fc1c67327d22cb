//! The golden database: `tests/data/store/v2/` was written by the release before typed store
//! records and migrations (see its README). This code opens a copy of it, migrates it, reads
//! every game as that release left it (state, moves, summaries, PGN) and plays on, through the
//! store and the table and through the real server. A schema 1 database made from it loads too.

mod generate;

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use hamle::announce::{Lang, Style};
use hamle::game::{BoardOp, Command, EndReason, GameResult, Recorded, Seat, Status};
use hamle::scoresheet::desk::DeskCommand;
use hamle::server::Limits;
use hamle::store::{GameId, SCHEMA_VERSION, SqliteStore, Store, StoredGame, Summary};
use hamle::table::{MoveNames, Order, Table};
use hamle::words::Speaker;
use serde::Deserialize;
use serde_json::json;
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, EnPassantMode, Move, Square};

use crate::support::{self, Client, Game, TestServer};

struct Words;

impl MoveNames for Words {
    fn short(&self, lang: Lang, pos: &Chess, m: Move) -> String {
        Speaker::new(lang).say_move(pos, m, Style::Short)
    }
}

#[derive(Deserialize)]
struct Manifest {
    schema: i64,
    games: Vec<Golden>,
}

/// A game of the golden database as the release that wrote it answered.
#[derive(Deserialize)]
struct Golden {
    name: String,
    id: String,
    tokens: BTreeMap<String, Option<String>>,
    moves: Vec<String>,
    fen: String,
    status: String,
    result: Option<String>,
    pgn: String,
}

fn golden_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/store/v2")
}

fn manifest() -> Manifest {
    let text = std::fs::read_to_string(golden_dir().join("games.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

/// A data directory holding a copy of the golden database (the committed file is never
/// opened for writing).
fn copy_of_golden() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::copy(
        golden_dir().join("hamle.sqlite3"),
        dir.path().join("hamle.sqlite3"),
    )
    .unwrap();
    dir
}

fn user_version(dir: &Path) -> i64 {
    let conn = rusqlite::Connection::open(dir.join("hamle.sqlite3")).unwrap();
    conn.query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap()
}

fn names() -> Arc<dyn MoveNames> {
    Arc::new(Words)
}

fn restore(stored: &StoredGame) -> Table {
    assert!(
        stored.damage.is_none(),
        "{}: {:?}",
        stored.id,
        stored.damage
    );
    Table::restore(stored.setup.clone(), names(), &stored.events).unwrap_or_else(|e| {
        panic!(
            "{}: event {} does not apply: {}",
            stored.id, e.1.seq, e.1.reason
        )
    })
}

fn fen(table: &Table) -> String {
    Fen::from_position(table.game().position(), EnPassantMode::Legal).to_string()
}

fn ucis(table: &Table) -> Vec<String> {
    table
        .game()
        .moves()
        .iter()
        .map(|m| m.uci().to_string())
        .collect()
}

/// The table's whole state, compared part by part.
fn same(a: &Table, b: &Table, now: u64) -> bool {
    a.game() == b.game()
        && a.desk() == b.desk()
        && a.game().clock(now) == b.game().clock(now)
        && fen(a) == fen(b)
}

/// Every game of the store as the golden release left it.
fn check_as_written(store: &SqliteStore, games: &[Golden]) {
    let listed = store.list_games(None).unwrap();
    assert_eq!(listed.len(), games.len());
    for g in games {
        let id = GameId::parse(&g.id).unwrap();
        let stored = store.load_game(&id).unwrap().unwrap();
        let table = restore(&stored);
        assert_eq!(ucis(&table), g.moves, "{}", g.name);
        assert_eq!(fen(&table), g.fen, "{}", g.name);
        let (status, result) = match table.game().status() {
            Status::Waiting => ("waiting", None),
            Status::Playing => ("playing", None),
            Status::Paused { .. } => ("paused", None),
            Status::Over(e) => ("over", Some(e.result.pgn().to_owned())),
        };
        assert_eq!(
            (status, &result),
            (g.status.as_str(), &g.result),
            "{}",
            g.name
        );
        // The stored summary is the game's own.
        let listed = listed.iter().find(|l| l.id == id).unwrap();
        assert_eq!(listed.summary, Summary::of(table.game()), "{}", g.name);
        assert_eq!(
            stored.tokens.len(),
            g.tokens.values().flatten().count(),
            "{}",
            g.name
        );
    }
}

#[test]
fn the_golden_database_opens_migrated_with_every_game_as_it_was_written() {
    let manifest = manifest();
    assert_eq!(manifest.schema, 2);
    let dir = copy_of_golden();
    assert_eq!(user_version(dir.path()), 2);
    let store = SqliteStore::open_dir(dir.path()).unwrap();
    check_as_written(&store, &manifest.games);
    drop(store);
    assert_eq!(user_version(dir.path()), SCHEMA_VERSION);
    // Opened again (now at the current schema), it reads the same.
    let store = SqliteStore::open_dir(dir.path()).unwrap();
    check_as_written(&store, &manifest.games);
    let finished = manifest
        .games
        .iter()
        .find(|g| g.name == "finished")
        .unwrap();
    let stored = store
        .load_game(&GameId::parse(&finished.id).unwrap())
        .unwrap()
        .unwrap();
    match restore(&stored).game().status() {
        Status::Over(e) => {
            assert_eq!(
                (e.result, e.reason),
                (GameResult::WhiteWins, EndReason::Checkmate)
            )
        }
        other => panic!("{other:?}"),
    }
    assert!(!stored.setup.start.is_initial());
    assert_eq!(stored.setup.event.round, "2");
}

#[test]
fn a_schema_1_database_made_from_the_golden_one_loads_with_its_summaries() {
    let manifest = manifest();
    let dir = copy_of_golden();
    {
        // Schema 1 stored the same records, without the summaries.
        let conn = rusqlite::Connection::open(dir.path().join("hamle.sqlite3")).unwrap();
        conn.execute_batch("DROP TABLE summaries; PRAGMA user_version = 1")
            .unwrap();
    }
    let store = SqliteStore::open_dir(dir.path()).unwrap();
    check_as_written(&store, &manifest.games);
    drop(store);
    assert_eq!(user_version(dir.path()), SCHEMA_VERSION);
}

/// Decides `order` of `seat` at `now`, applies it and stores it as the server does.
fn act(
    store: &SqliteStore,
    id: &GameId,
    table: &mut Table,
    seat: Seat,
    order: Order,
    now: u64,
) -> Vec<Recorded> {
    let events = table
        .decide(seat, order.clone(), now)
        .unwrap_or_else(|e| panic!("{seat:?} {order:?}: refused: {e:?}"));
    for e in &events {
        table.apply(e).unwrap();
    }
    store
        .append(id, &events, &Summary::of(table.game()))
        .unwrap();
    events
}

fn last_ms(stored: &StoredGame) -> u64 {
    stored.events.last().map_or(stored.created_ms, |e| e.at_ms)
}

fn said(table: &Table, lang: Lang, uci: &str) -> String {
    let pos = table.game().position();
    let m = uci.parse::<UciMove>().unwrap().to_move(pos).unwrap();
    Speaker::new(lang).say_move(pos, m, Style::Short)
}

#[test]
fn the_golden_games_play_on_and_restore_as_they_were_played() {
    let manifest = manifest();
    let dir = copy_of_golden();
    let store = SqliteStore::open_dir(dir.path()).unwrap();
    let game = |name: &str| manifest.games.iter().find(|g| g.name == name).unwrap();
    let mut live = BTreeMap::new();

    // The adjourned game: the arbiter opens the sealed move (5. d3, played), then Black
    // retreats 5... Nf6 by the Appendix procedure.
    let appendix = game("appendix");
    let id = GameId::parse(&appendix.id).unwrap();
    let stored = store.load_game(&id).unwrap().unwrap();
    let mut t = restore(&stored);
    let mut now = last_ms(&stored) + 60_000;
    let opened = act(
        &store,
        &id,
        &mut t,
        Seat::Arbiter,
        Order::Desk(DeskCommand::OpenSealed),
        now,
    );
    assert!(opened.len() >= 2, "{opened:?}");
    assert_eq!(t.game().status(), Status::Playing);
    let sq = |s: &str| s.parse::<Square>().unwrap();
    now += 5_000;
    let board = |board, op| Order::Play(Command::Board { board, op });
    act(
        &store,
        &id,
        &mut t,
        Seat::Black,
        board(
            shakmaty::Color::Black,
            BoardOp::Move {
                from: sq("e4"),
                to: sq("f6"),
                promotion: None,
            },
        ),
        now,
    );
    let text = said(&t, Lang::Tr, "e4f6");
    act(
        &store,
        &id,
        &mut t,
        Seat::Black,
        Order::Announce {
            lang: Lang::Tr,
            text,
        },
        now,
    );
    let text = said(&t, Lang::De, "e4f6");
    act(
        &store,
        &id,
        &mut t,
        Seat::WhiteAssistant,
        Order::Repeat {
            lang: Lang::De,
            text,
        },
        now,
    );
    act(
        &store,
        &id,
        &mut t,
        Seat::Black,
        Order::Play(Command::PressClock),
        now,
    );
    for op in [
        BoardOp::Lift(sq("e4")),
        BoardOp::Place {
            square: sq("f6"),
            promotion: None,
        },
    ] {
        act(
            &store,
            &id,
            &mut t,
            Seat::WhiteAssistant,
            board(shakmaty::Color::White, op),
            now,
        );
    }
    let mut moves = appendix.moves.clone();
    moves.extend(["d2d3".to_owned(), "e4f6".to_owned()]);
    assert_eq!(ucis(&t), moves);
    live.insert(id, (t, now));

    // The game whose clock ran when the server stopped: Black answers 2... Nc6.
    let running = game("running");
    let id = GameId::parse(&running.id).unwrap();
    let stored = store.load_game(&id).unwrap().unwrap();
    let mut t = restore(&stored);
    let now = last_ms(&stored) + 3_000;
    act(
        &store,
        &id,
        &mut t,
        Seat::Black,
        Order::Uci("b8c6".into()),
        now,
    );
    assert_eq!(t.game().moves().len(), running.moves.len() + 1);
    live.insert(id, (t, now));

    // The finished game refuses a move and changes nothing.
    let finished = game("finished");
    let id = GameId::parse(&finished.id).unwrap();
    let stored = store.load_game(&id).unwrap().unwrap();
    let t = restore(&stored);
    let now = last_ms(&stored) + 1_000;
    assert!(
        t.decide(Seat::Black, Order::Uci("g8h8".into()), now)
            .is_err()
    );
    live.insert(id, (t, now));

    // Stored, reopened, restored: the tables as they were played.
    drop(store);
    let store = SqliteStore::open_dir(dir.path()).unwrap();
    for (id, (table, now)) in &live {
        let stored = store.load_game(id).unwrap().unwrap();
        let restored = restore(&stored);
        assert!(
            same(&restored, table, *now),
            "{id}:\nlive {table:?}\nrestored {restored:?}"
        );
    }
}

async fn pgn(server: &TestServer, g: &Golden) -> String {
    let resp = reqwest::Client::new()
        .get(server.url(&format!("/api/games/{}/pgn", g.id)))
        .bearer_auth(g.tokens["arbiter"].as_deref().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    resp.text().await.unwrap()
}

fn as_game(g: &Golden) -> Game {
    Game {
        id: g.id.clone(),
        created: json!({"id": g.id, "tokens": g.tokens}),
    }
}

#[tokio::test(flavor = "multi_thread")]
async fn the_server_serves_the_golden_games_as_the_release_before_did_and_plays_on() {
    let manifest = manifest();
    let server = TestServer::start_in(copy_of_golden(), Limits::default()).await;
    let addr = server.addr.to_string();
    for g in &manifest.games {
        let want = std::fs::read_to_string(golden_dir().join(&g.pgn)).unwrap();
        assert_eq!(pgn(&server, g).await, want, "{}", g.name);
        let state = support::http_state(
            &format!("http://{addr}"),
            &as_game(g),
            g.tokens["spectator"].as_deref().unwrap(),
        )
        .await;
        let moves: Vec<&str> = state["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["uci"].as_str().unwrap())
            .collect();
        assert_eq!(moves, g.moves, "{}", g.name);
        assert_eq!(state["fen"], g.fen, "{}", g.name);
        assert!(
            state["damaged"].is_null(),
            "{}: {}",
            g.name,
            state["damaged"]
        );
        // A game whose clock ran is paused by the restart; the others are as they were.
        let status = if g.name == "running" {
            "paused"
        } else {
            g.status.as_str()
        };
        assert_eq!(state["status"], status, "{}", g.name);
    }
    let game = |name: &str| manifest.games.iter().find(|g| g.name == name).unwrap();

    // The arbiter opens the sealed move: 5. d3 is played.
    let appendix = game("appendix");
    let (mut arbiter, _) = Client::connect(&addr, &as_game(appendix), "arbiter", None).await;
    assert_eq!(arbiter.recv().await["type"], "state");
    let got = arbiter.request(json!({"type": "open_sealed"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    assert!(
        got.iter()
            .any(|e| e["kind"] == "seal_opened" && e["played"] == true),
        "{got:?}"
    );
    let text = pgn(&server, appendix).await.replace('\n', " ");
    assert!(
        text.contains("Nxe4 {[%clk 1:33:59]} 5. d3 {[%clk 1:32:29]} *"),
        "{text}"
    );

    // The game paused by the restart: resumed, and Black answers 2... Nc6.
    let running = game("running");
    let (mut arbiter, _) = Client::connect(&addr, &as_game(running), "arbiter", None).await;
    assert_eq!(arbiter.recv().await["type"], "state");
    let got = arbiter.request(json!({"type": "resume"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let (mut black, _) = Client::connect(&addr, &as_game(running), "black", None).await;
    assert_eq!(black.recv().await["type"], "state");
    let got = black.request(json!({"type": "move", "uci": "b8c6"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    // (PGN lines are wrapped: compared with the line breaks as spaces.)
    let text = pgn(&server, running).await.replace('\n', " ");
    assert!(
        text.contains("2. Nf3 {[%clk 0:15:19]} Nc6 {[%clk"),
        "{text}"
    );

    // The finished game refuses a move.
    let finished = game("finished");
    let (mut black, _) = Client::connect(&addr, &as_game(finished), "black", None).await;
    assert_eq!(black.recv().await["type"], "state");
    black
        .refused(json!({"type": "move", "uci": "g8h8"}), "game_over")
        .await;
    server.stop().await;
}

/// Writes a new golden database into `$HAMLE_GOLDEN_OUT` (see `store_golden/generate.rs`).
#[tokio::test(flavor = "multi_thread")]
#[ignore = "writes a golden database; run by hand for a new release"]
async fn write_a_golden_database() {
    let out = std::env::var("HAMLE_GOLDEN_OUT").expect("HAMLE_GOLDEN_OUT: where to write");
    generate::write(Path::new(&out)).await;
}
