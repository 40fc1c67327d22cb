//! After the end of a game: every action gets an answer (applied, or refused with
//! `game_over`), the connection keeps answering, and the finished game survives a clean
//! restart and a SIGKILL with the same moves, result and scoresheets.
//!
//! Regression: writing one's own scoresheet after a checkmate used to be stored and then not
//! applied, after which the connection hung, every later write failed on its event number and
//! the game was gone after a restart.

use serde_json::{Value, json};

use crate::load_engine as engine;
use crate::support::{self, Client, Game, TestServer, http_state};

/// Fool's mate: 1. f3 e5 2. g4 Qh4#.
const FOOLS_MATE: [&str; 4] = ["f2f3", "e7e5", "g2g4", "d8h4"];

fn body() -> Value {
    json!({
        "time_control": {"base_seconds": 300, "increment_seconds": 0},
        "white": {"name": "Anna", "visually_impaired": true, "assistant": true},
        "black": {"name": "Berk"},
        "languages": {"white": "de", "black": "tr", "arbiter": "en"}
    })
}

/// Plays fool's mate and checks the end.
async fn mate(white: &mut Client, black: &mut Client) {
    for (i, uci) in FOOLS_MATE.iter().enumerate() {
        let mover = if i % 2 == 0 { &mut *white } else { &mut *black };
        let got = mover.request(json!({"type": "move", "uci": uci})).await;
        assert_eq!(got.last().unwrap()["type"], "ack", "{uci}: {got:?}");
    }
}

fn kinds(msgs: &[Value]) -> Vec<String> {
    msgs.iter()
        .filter(|m| m["type"] == "event")
        .map(|m| m["kind"].as_str().unwrap_or("").to_owned())
        .collect()
}

/// Every post-game action by every seat: answered, the allowed ones applied.
async fn act_after_the_end(addr: &str, game: &Game, white: &mut Client, black: &mut Client) {
    // Each has the other's last events first.
    for c in [&mut *white, &mut *black] {
        let got = c.request(json!({"type": "ping"})).await;
        assert_eq!(got.last().unwrap()["type"], "pong", "{got:?}");
    }
    // The player keeps his own scoresheet after the end: write, correct, strike, auto.
    let got = white
        .request(json!({"type": "write_sheet", "number": 2, "side": "white", "text": "Bauer Gustav vier"}))
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    assert_eq!(kinds(&got), ["sheet_written"], "{got:?}");
    let got = white
        .request(json!({"type": "write_sheet", "number": 1, "side": "white", "text": "Bauer Felix drei"}))
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let got = white
        .request(json!({"type": "write_sheet", "number": 1, "side": "white", "text": "Bauer Felix drei!"}))
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let got = white
        .request(json!({"type": "strike_sheet", "number": 2, "side": "white"}))
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let got = white
        .request(json!({"type": "write_sheet", "number": 2, "side": "white", "text": "Bauer Gustav vier"}))
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let got = white
        .request(json!({"type": "auto_record", "on": true}))
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    // The talking clock still tells the final clocks.
    let got = white.request(json!({"type": "talking_clock"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    assert_eq!(kinds(&got), ["talking_clock"], "{got:?}");
    // Black writes his own sheet too.
    let got = black
        .request(json!({"type": "write_sheet", "number": 2, "side": "black", "text": "Vezir he dört mat"}))
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");

    // Play is over: refused, and nothing changes.
    white
        .refused(json!({"type": "move", "uci": "e2e4"}), "game_over")
        .await;
    black
        .refused(
            json!({"type": "announce", "text": "Piyon a altı"}),
            "game_over",
        )
        .await;
    black.refused(json!({"type": "resign"}), "game_over").await;
    white
        .refused(json!({"type": "offer_draw"}), "game_over")
        .await;
    white
        .refused(json!({"type": "clock_warnings", "on": true}), "game_over")
        .await;

    // The arbiter: the clocks and the desk of a running game are closed.
    let (mut arbiter, _) = Client::connect(addr, game, "arbiter", None).await;
    assert_eq!(arbiter.recv().await["type"], "state");
    arbiter.refused(json!({"type": "pause"}), "game_over").await;
    arbiter
        .refused(json!({"type": "resume"}), "game_over")
        .await;
    arbiter
        .refused(
            json!({"type": "set_clock", "color": "white", "remaining_ms": 1000}),
            "game_over",
        )
        .await;
    arbiter
        .refused(
            json!({"type": "call_adjournment", "resume_at_ms": 1}),
            "game_over",
        )
        .await;

    // The connections still answer.
    for c in [&mut *white, &mut *black, &mut arbiter] {
        let got = c.request(json!({"type": "ping"})).await;
        assert_eq!(got.last().unwrap()["type"], "pong", "{got:?}");
        let got = c.request(json!({"type": "state"})).await;
        let state = got.last().unwrap();
        assert_eq!(state["type"], "state", "{got:?}");
        let state = &state["state"];
        assert_eq!(state["status"], "over");
        assert_eq!(state["result"], "0-1");
    }
}

/// What a finished game must still show: the moves, the result, and the sheet as written.
async fn check_record(base: &str, game: &Game, expected_seq: u64) {
    let token = game.token("arbiter");
    let state = http_state(base, game, &token).await;
    assert_eq!(state["status"], "over", "{state}");
    assert_eq!(state["result"], "0-1");
    assert_eq!(state["end_reason"], "checkmate");
    assert_eq!(state["seq"], expected_seq, "{state}");
    let moves: Vec<&str> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap())
        .collect();
    assert_eq!(moves, FOOLS_MATE);

    let http = reqwest::Client::new();
    let pgn = http
        .get(format!("{base}/api/games/{}/pgn", game.id))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(pgn.status(), 200);
    let pgn = pgn.text().await.unwrap();
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.contains("1. f3"), "{pgn}");
    assert!(pgn.contains("Qh4#"), "{pgn}");

    // White's own sheet as he left it: entry 1 corrected, entry 2 struck and rewritten.
    let sheet = http
        .get(format!("{base}/api/games/{}/sheets/white", game.id))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(sheet.status(), 200);
    let sheet = sheet.text().await.unwrap();
    assert!(sheet.contains("Bauer Felix drei!"), "{sheet}");
    assert!(sheet.contains("Bauer Gustav vier"), "{sheet}");
}

#[tokio::test]
async fn every_action_after_mate_is_answered_and_the_game_survives_a_restart() {
    let server = TestServer::start().await;
    let addr = server.addr.to_string();
    let base = format!("http://{addr}");
    let game = server.create(body()).await;
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    let (mut black, _) = Client::connect(&addr, &game, "black", None).await;
    mate(&mut white, &mut black).await;
    act_after_the_end(&addr, &game, &mut white, &mut black).await;
    let seq = http_state(&base, &game, &game.token("arbiter")).await["seq"]
        .as_u64()
        .unwrap();
    // 4 moves, the end, 6 sheet events, the talking clock, black's sheet.
    assert_eq!(seq, 4 + 1 + 6 + 1 + 1);
    check_record(&base, &game, seq).await;
    drop((white, black));

    let dir = server.stop_keeping_data().await;
    let server = TestServer::start_in(dir, Default::default()).await;
    let base = format!("http://{}", server.addr);
    check_record(&base, &game, seq).await;
    // And the game still answers every seat after the restart.
    let (mut white, welcome) =
        Client::connect(&server.addr.to_string(), &game, "white", Some(0)).await;
    assert_eq!(welcome["seq"], seq);
    let got = white
        .request(json!({"type": "write_sheet", "number": 3, "side": "white", "text": "aufgegeben"}))
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_with_post_game_entries_survives_sigkill() {
    let dir = tempfile::tempdir().unwrap();
    let bin = engine::server_binary();
    let mut server = engine::Server::start(&bin, dir.path()).await.unwrap();
    let base = server.base.clone();
    let addr = base.trim_start_matches("http://").to_owned();
    let game = support::create_at(&base, body()).await;
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    let (mut black, _) = Client::connect(&addr, &game, "black", None).await;
    mate(&mut white, &mut black).await;
    act_after_the_end(&addr, &game, &mut white, &mut black).await;
    let seq = http_state(&base, &game, &game.token("arbiter")).await["seq"]
        .as_u64()
        .unwrap();
    server.kill9().await;
    drop((white, black));

    let server = engine::Server::start(&bin, dir.path()).await.unwrap();
    check_record(&server.base, &game, seq).await;
}
