//! A stored game is never lost: a row that cannot be read back or does not apply (a damaged
//! or foreign database) leaves the game listed, its state and PGN served up to the last good
//! event and marked damaged, and nothing is written after it.

use serde_json::{Value, json};

use crate::support::{Client, Game, TestServer, http_state};

fn body() -> Value {
    json!({
        "white": {"name": "Anna", "visually_impaired": true},
        "black": {"name": "Berk"},
        "languages": {"black": "tr", "arbiter": "en"}
    })
}

async fn two_moves(server: &TestServer, game: &Game) {
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, game, "white", None).await;
    let (mut black, _) = Client::connect(&addr, game, "black", None).await;
    let got = white.request(json!({"type": "move", "uci": "e2e4"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack");
    let got = black.request(json!({"type": "move", "uci": "e7e5"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack");
}

fn rows(db: &std::path::Path, game: &Game) -> i64 {
    let conn = rusqlite::Connection::open(db).unwrap();
    conn.query_row(
        "SELECT count(*) FROM events WHERE game_id = ?1",
        [&game.id],
        |r| r.get(0),
    )
    .unwrap()
}

#[tokio::test]
async fn a_damaged_game_is_listed_and_served_up_to_its_last_good_event() {
    let server = TestServer::start().await;
    // One game gets a row that does not decode, one a row that decodes but cannot apply
    // (Black's move again, out of turn), one stays whole.
    let unreadable = server.create(body()).await;
    let unappliable = server.create(body()).await;
    let whole = server.create(body()).await;
    for g in [&unreadable, &unappliable, &whole] {
        two_moves(&server, g).await;
    }
    let dir = server.stop_keeping_data().await;
    let db = dir.path().join("hamle.sqlite3");
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute(
            "INSERT INTO events (game_id, seq, at_ms, data) VALUES (?1, 3, 0, 'not a record')",
            [&unreadable.id],
        )
        .unwrap();
        let black_move: String = conn
            .query_row(
                "SELECT data FROM events WHERE game_id = ?1 AND seq = 2",
                [&unappliable.id],
                |r| r.get(0),
            )
            .unwrap();
        conn.execute(
            "INSERT INTO events (game_id, seq, at_ms, data) VALUES (?1, 3, 0, ?2)",
            [&unappliable.id, &black_move],
        )
        .unwrap();
    }

    let server = TestServer::start_in(dir, Default::default()).await;
    let base = format!("http://{}", server.addr);
    for g in [&unreadable, &unappliable] {
        let state = http_state(&base, g, &g.token("arbiter")).await;
        assert_eq!(state["seq"], 2, "{state}");
        assert_eq!(state["moves"].as_array().unwrap().len(), 2);
        assert_eq!(state["damaged"]["seq"], 3, "{state}");
        assert!(!state["damaged"]["reason"].as_str().unwrap().is_empty());
        let pgn = reqwest::Client::new()
            .get(format!("{base}/api/games/{}/pgn", g.id))
            .bearer_auth(g.token("arbiter"))
            .send()
            .await
            .unwrap();
        assert_eq!(pgn.status(), 200);
        let pgn = pgn.text().await.unwrap();
        assert!(pgn.contains("1. e4") && pgn.contains(" e5 "), "{pgn}");

        // Every seat still connects and reads; nothing is written.
        let addr = server.addr.to_string();
        let (mut white, welcome) = Client::connect(&addr, g, "white", Some(0)).await;
        assert_eq!(welcome["seq"], 2);
        let message = white
            .refused(json!({"type": "move", "uci": "g1f3"}), "game_damaged")
            .await;
        assert!(message.contains('3'), "{message}");
        let (mut arbiter, _) = Client::connect(&addr, g, "arbiter", None).await;
        assert_eq!(arbiter.recv().await["type"], "state");
        let message = arbiter
            .refused(json!({"type": "resume"}), "game_damaged")
            .await;
        assert!(message.starts_with("This game is damaged"), "{message}");
        let got = white.request(json!({"type": "state"})).await;
        assert_eq!(got.last().unwrap()["state"]["damaged"]["seq"], 3);
    }
    // Listed, the damaged ones marked (found when they were opened).
    let admin = server.admin_token();
    let list: Value = reqwest::Client::new()
        .get(format!("{base}/api/games"))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let games = list["games"].as_array().unwrap();
    assert_eq!(games.len(), 3, "{list}");
    for g in games {
        let damaged = g["id"] != json!(whole.id);
        assert_eq!(g["damaged"].as_bool().unwrap_or(false), damaged, "{g}");
    }

    // The whole game was running: it is paused by the restart, as always.
    let state = http_state(&base, &whole, &whole.token("arbiter")).await;
    assert_eq!(state["status"], "paused");
    assert!(state.get("damaged").is_none(), "{state}");

    let dir = server.stop_keeping_data().await;
    let db = dir.path().join("hamle.sqlite3");
    // No restart pause or anything else was written after the damage.
    assert_eq!(rows(&db, &unreadable), 3);
    assert_eq!(rows(&db, &unappliable), 3);
    assert_eq!(rows(&db, &whole), 3);
}

/// The issue 30 trial: a second server wrote into a game's log behind the first one's back
/// (two servers on one data directory); every later action of the first on that game answered
/// `storage_failed` (its next event numbers were taken) until it was restarted. Now a write
/// that meets event numbers another process took reads the game again from the store and
/// decides the order once more on what it holds.
#[tokio::test]
async fn a_game_written_by_another_process_is_read_again_not_wedged() {
    let server = TestServer::start().await;
    let game = server.create(body()).await;
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    let (mut black, _) = Client::connect(&addr, &game, "black", None).await;
    let got = white.request(json!({"type": "move", "uci": "e2e4"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack");
    let got = black.request(json!({"type": "move", "uci": "e7e5"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack");
    // Another process writes White's third event, Nf3, as the first move was written.
    {
        let conn = rusqlite::Connection::open(server.dir.path().join("hamle.sqlite3")).unwrap();
        let (at_ms, first): (i64, String) = conn
            .query_row(
                "SELECT at_ms, data FROM events WHERE game_id = ?1 AND seq = 1",
                [&game.id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .unwrap();
        assert!(first.contains("e2e4"), "{first}");
        conn.execute(
            "INSERT INTO events (game_id, seq, at_ms, data) VALUES (?1, 3, ?2, ?3)",
            rusqlite::params![&game.id, at_ms + 2, first.replace("e2e4", "g1f3")],
        )
        .unwrap();
    }
    // White, unaware, plays d4: the game is read again, and it is Black's turn there.
    let got = white.request(json!({"type": "move", "uci": "d2d4"})).await;
    let answer = got.last().unwrap();
    assert_eq!(answer["type"], "error", "{answer}");
    assert_eq!(answer["code"], "not_your_turn", "{answer}");
    // Black plays on after Nf3, and the game goes on: nothing is wedged.
    let got = black.request(json!({"type": "move", "uci": "b8c6"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let got = white.request(json!({"type": "move", "uci": "f1b5"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let state = http_state(&format!("http://{addr}"), &game, &game.token("white")).await;
    let moves: Vec<&str> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5"]);
}

/// Issue 30: a listed game whose rows are damaged in other ways (a setup that does not read
/// back, an event row of the wrong types, a token row that does not read, a negative creation
/// time) answered "There is no such game". Each is served marked damaged, as the docs promise.
#[tokio::test]
async fn a_game_damaged_anywhere_in_its_rows_is_served_marked_damaged_not_unknown() {
    let server = TestServer::start().await;
    let bad_setup = server.create(body()).await;
    let blob_row = server.create(body()).await;
    let bad_token = server.create(body()).await;
    for g in [&bad_setup, &blob_row, &bad_token] {
        two_moves(&server, g).await;
    }
    let dir = server.stop_keeping_data().await;
    let db = dir.path().join("hamle.sqlite3");
    {
        let conn = rusqlite::Connection::open(&db).unwrap();
        conn.execute(
            "UPDATE games SET setup = '{\"not\": \"a setup\"}', created_ms = -5 WHERE id = ?1",
            [&bad_setup.id],
        )
        .unwrap();
        conn.execute(
            "INSERT INTO events (game_id, seq, at_ms, data) VALUES (?1, 3, 0, X'00FF')",
            [&blob_row.id],
        )
        .unwrap();
        conn.execute(
            "UPDATE tokens SET seat = 'nobody' WHERE game_id = ?1 AND seat = 'black'",
            [&bad_token.id],
        )
        .unwrap();
    }
    let server = TestServer::start_in(dir, Default::default()).await;
    let base = format!("http://{}", server.addr);
    let addr = server.addr.to_string();

    // The setup does not read: served as an empty game, damaged from its first event.
    let state = http_state(&base, &bad_setup, &bad_setup.token("arbiter")).await;
    assert_eq!(state["damaged"]["seq"], 1, "{state}");
    assert!(
        state["damaged"]["reason"]
            .as_str()
            .unwrap()
            .contains("setup"),
        "{state}"
    );
    let (mut white, _) = Client::connect(&addr, &bad_setup, "white", Some(0)).await;
    white
        .refused(json!({"type": "move", "uci": "e2e4"}), "game_damaged")
        .await;

    // An event row of the wrong types: served up to the event before it.
    let state = http_state(&base, &blob_row, &blob_row.token("white")).await;
    assert_eq!(state["seq"], 2, "{state}");
    assert_eq!(state["damaged"]["seq"], 3, "{state}");

    // A token row that does not read opens no seat; the others are served, the game whole.
    let state = http_state(&base, &bad_token, &bad_token.token("white")).await;
    assert_eq!(state["seq"], 3, "{state}");
    let resp = reqwest::Client::new()
        .get(format!("{base}/api/games/{}", bad_token.id))
        .bearer_auth(bad_token.token("black"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 401);

    // Nothing was written after the damage.
    let dir = server.stop_keeping_data().await;
    let db = dir.path().join("hamle.sqlite3");
    assert_eq!(rows(&db, &bad_setup), 2);
    assert_eq!(rows(&db, &blob_row), 3);
}
