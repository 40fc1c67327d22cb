//! Issue 31 through the server: the arbiter's rulings over the table and the results, as an
//! arbiter makes them over the WebSocket and reads them back over HTTP: a touch released as
//! not deliberate (shown, then applied) with his note, a forfeit distinct from a played game
//! (state, PGN), a result corrected after the end (state, PGN, incident record), and the bad
//! input that changes nothing (a note with markup, a correction of a game in play, a forfeit
//! for a game with moves, a correction without a reason).

use serde_json::{Value, json};

use crate::support::{self, Client, Game, TestServer};

/// A physical game: White visually impaired on the tactile board, Black sighted.
fn physical() -> Value {
    json!({
        "time_control": {"base_seconds": 5400, "increment_seconds": 30},
        "white": {"name": "Anna", "visually_impaired": true, "board": "tactile"},
        "black": {"name": "Berk", "board": "normal"},
        "languages": {"white": "en", "black": "de", "arbiter": "en", "spectator": "en"},
        "rules": {"procedure": "physical"},
        "event": {"name": "Open Hamle", "site": "Hamburg", "round": "3"}
    })
}

/// A game in the digital procedure.
fn digital() -> Value {
    json!({
        "time_control": {"base_seconds": 600, "increment_seconds": 0},
        "white": {"name": "Anna"},
        "black": {"name": "Berk"},
        "languages": {"white": "en", "black": "de", "arbiter": "en", "spectator": "en"},
        "event": {"name": "Open Hamle", "site": "Hamburg", "round": "3"}
    })
}

async fn ack(c: &mut Client, msg: Value) -> Vec<Value> {
    let got = c.request(msg.clone()).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{msg}: {got:#?}");
    got
}

/// The arbiter's `msg` is shown first (`confirm`, nothing changed): the question.
async fn shown(c: &mut Client, msg: Value, action: &str) -> String {
    let got = c.request(msg.clone()).await;
    let last = got.last().unwrap();
    assert_eq!(last["type"], "confirm", "{msg}: {got:#?}");
    assert_eq!(last["action"], action);
    last["message"].as_str().unwrap().to_owned()
}

async fn state(server: &TestServer, game: &Game) -> Value {
    let url = format!("http://{}", server.addr);
    support::http_state(&url, game, &game.token("arbiter")).await
}

async fn get(server: &TestServer, game: &Game, path: &str) -> String {
    reqwest::Client::new()
        .get(server.url(&format!("/api/games/{}{path}", game.id)))
        .bearer_auth(game.token("arbiter"))
        .header("accept-language", "en")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap()
}

/// Item 1: a pawn knocked out of its hole and put back binds (D.2.2); the arbiter releases
/// the touch as not deliberate, shown first, with his note; markup in the note is refused
/// and nothing changes; the incident record keeps the release and the note.
#[tokio::test]
async fn the_arbiter_releases_a_touch_with_his_note() {
    let server = TestServer::start().await;
    let game = server.create(physical()).await;
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    assert_eq!(white.recv().await["type"], "state");
    let (mut arbiter, _) = Client::connect(&addr, &game, "arbiter", None).await;
    assert_eq!(arbiter.recv().await["type"], "state");
    arbiter
        .refused(
            json!({"type": "release_touch", "confirmed": true}),
            "no_touch",
        )
        .await;
    let lift = json!({"type": "board", "board": "white", "action": "lift", "square": "e2"});
    let back = json!({"type": "board", "board": "white", "action": "place", "square": "e2"});
    for msg in [lift, back] {
        ack(&mut white, msg).await;
        assert_eq!(arbiter.recv().await["type"], "event");
    }
    white
        .refused(json!({"type": "move", "uci": "d2d4"}), "touch_move")
        .await;
    // Only the arbiter releases.
    white
        .refused(
            json!({"type": "release_touch", "confirmed": true}),
            "forbidden",
        )
        .await;
    // Shown first: nothing changed.
    let question = shown(
        &mut arbiter,
        json!({"type": "release_touch", "note": "Knocked by his sleeve."}),
        "release_touch",
    )
    .await;
    assert!(
        question.starts_with("Release White's touch as not deliberate?"),
        "{question}"
    );
    assert_eq!(
        state(&server, &game).await["table"]["touched"],
        json!(["e2"])
    );
    // A note with markup is refused, in the arbiter's language, and nothing changes.
    let msg = arbiter
        .refused(
            json!({"type": "release_touch", "confirmed": true, "note": "<b>sleeve</b>"}),
            "invalid_text",
        )
        .await;
    assert!(msg.contains("holds markup"), "{msg}");
    assert_eq!(
        state(&server, &game).await["table"]["touched"],
        json!(["e2"])
    );
    // Confirmed: the release, then the note (the arbiter's alone).
    let got = ack(
        &mut arbiter,
        json!({"type": "release_touch", "confirmed": true, "note": " Knocked by his sleeve. "}),
    )
    .await;
    assert_eq!(got[0]["kind"], "touch_released", "{got:#?}");
    assert_eq!(got[0]["color"], "white");
    assert_eq!(
        got[0]["text"],
        "The arbiter releases White's touch as not deliberate: touch-move no longer applies, \
         any legal move may be made."
    );
    assert_eq!(got[1]["kind"], "note", "{got:#?}");
    assert_eq!(got[1]["note"], "Knocked by his sleeve.");
    let seen = [white.recv().await, white.recv().await];
    assert_eq!(seen[0]["kind"], "touch_released");
    assert_eq!(
        seen[1]["kind"], "private",
        "the note is the arbiter's: {seen:?}"
    );
    assert_eq!(state(&server, &game).await["table"]["touched"], json!([]));
    // White may announce another move now.
    ack(&mut white, json!({"type": "move", "uci": "d2d4"})).await;
    let record = get(&server, &game, "/incidents").await;
    assert!(
        record.contains("The arbiter releases White's touch as not deliberate"),
        "{record}"
    );
    assert!(
        record.contains("The arbiter's note: Knocked by his sleeve."),
        "{record}"
    );
    server.stop().await;
}

/// Item 3: a forfeit is not a played game: `end_reason: forfeit`, `[Termination "forfeit"]`;
/// a double forfeit is `0-0`; a forfeit for a game with moves is refused, nothing changed.
#[tokio::test]
async fn a_forfeit_is_distinct_from_a_played_game() {
    let server = TestServer::start().await;
    let addr = server.addr.to_string();
    for (result, question) in [
        ("0-1", "Declare a forfeit: Black wins by forfeit?"),
        ("0-0", "Declare a forfeit: both players lose by forfeit?"),
    ] {
        let game = server.create(digital()).await;
        let (mut arbiter, _) = Client::connect(&addr, &game, "arbiter", None).await;
        assert_eq!(arbiter.recv().await["type"], "state");
        let msg = json!({"type": "forfeit", "result": result});
        let asked = shown(&mut arbiter, msg.clone(), "forfeit").await;
        assert!(asked.starts_with(question), "{asked}");
        assert_eq!(state(&server, &game).await["status"], "playing");
        let mut confirmed = msg;
        confirmed["confirmed"] = json!(true);
        let got = ack(&mut arbiter, confirmed).await;
        assert_eq!(got[0]["kind"], "end");
        assert_eq!(got[0]["reason"], "forfeit");
        let s = state(&server, &game).await;
        assert_eq!(s["result"], result);
        assert_eq!(s["end_reason"], "forfeit");
        let pgn = get(&server, &game, "/pgn").await;
        assert!(pgn.contains("[Termination \"forfeit\"]"), "{pgn}");
        assert!(pgn.contains(&format!("[Result \"{result}\"]")), "{pgn}");
    }
    // A game with a move was played: refused, nothing changed.
    let game = server.create(digital()).await;
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    assert_eq!(white.recv().await["type"], "state");
    ack(&mut white, json!({"type": "move", "uci": "e2e4"})).await;
    let (mut arbiter, _) = Client::connect(&addr, &game, "arbiter", None).await;
    assert_eq!(arbiter.recv().await["type"], "state");
    let msg = arbiter
        .refused(
            json!({"type": "forfeit", "result": "1-0", "confirmed": true}),
            "game_has_moves",
        )
        .await;
    assert!(
        msg.starts_with("A move has been made in this game"),
        "{msg}"
    );
    assert_eq!(state(&server, &game).await["status"], "playing");
    // `0-0` ends a game only as a forfeit.
    arbiter
        .refused(json!({"type": "end", "result": "0-0"}), "invalid_result")
        .await;
    server.stop().await;
}

/// Item 2: the arbiter corrects a declared result after the end, shown first, with his
/// reason; the state, the PGN and the incident record follow; a correction of a game in
/// play, without a reason or with markup in it is refused and nothing changes.
#[tokio::test]
async fn the_arbiter_corrects_a_result_after_the_end() {
    let server = TestServer::start().await;
    let addr = server.addr.to_string();
    let game = server.create(digital()).await;
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    assert_eq!(white.recv().await["type"], "state");
    ack(&mut white, json!({"type": "move", "uci": "e2e4"})).await;
    let (mut arbiter, _) = Client::connect(&addr, &game, "arbiter", None).await;
    assert_eq!(arbiter.recv().await["type"], "state");
    let correct = json!({"type": "correct_result", "result": "0-1", "confirmed": true,
        "reason": "Appeal upheld: White's flag fell first."});
    let msg = arbiter.refused(correct.clone(), "game_not_over").await;
    assert!(msg.starts_with("The game is still in play"), "{msg}");
    assert_eq!(state(&server, &game).await["status"], "playing");
    ack(
        &mut arbiter,
        json!({"type": "end", "result": "1-0", "note": "Black's flag."}),
    )
    .await;
    assert_eq!(state(&server, &game).await["result"], "1-0");
    let mut no_reason = correct.clone();
    no_reason["reason"] = json!("  ");
    arbiter.refused(no_reason, "reason_required").await;
    let mut markup = correct.clone();
    markup["reason"] = json!("<i>appeal</i>");
    arbiter.refused(markup, "invalid_text").await;
    white.refused(correct.clone(), "forbidden").await;
    assert_eq!(state(&server, &game).await["result"], "1-0");
    // Shown first, then applied.
    let mut ask = correct.clone();
    ask["confirmed"] = json!(false);
    let question = shown(&mut arbiter, ask, "correct_result").await;
    assert!(
        question.starts_with("Correct the result to Black wins?"),
        "{question}"
    );
    assert_eq!(state(&server, &game).await["result"], "1-0");
    let got = ack(&mut arbiter, correct).await;
    assert_eq!(got[0]["kind"], "result_corrected", "{got:#?}");
    assert_eq!(got[0]["result"], "0-1");
    assert_eq!(got[0]["reason"], "arbiter");
    assert_eq!(got[0]["because"], "Appeal upheld: White's flag fell first.");
    let s = state(&server, &game).await;
    assert_eq!(
        (s["result"].as_str(), s["end_reason"].as_str()),
        (Some("0-1"), Some("arbiter"))
    );
    let pgn = get(&server, &game, "/pgn").await;
    assert!(pgn.contains("[Result \"0-1\"]"), "{pgn}");
    assert!(pgn.trim_end().ends_with("0-1"), "{pgn}");
    let record = get(&server, &game, "/incidents").await;
    assert!(
        record.contains(
            "The arbiter corrects the result after the end. Game over: the arbiter's decision. \
             Black wins. Reason: Appeal upheld: White's flag fell first."
        ),
        "{record}"
    );
    assert!(
        record.contains("The arbiter's note: Black's flag."),
        "{record}"
    );
    // The same result again is no correction.
    arbiter
        .refused(
            json!({"type": "correct_result", "result": "0-1", "confirmed": true, "reason": "again"}),
            "result_unchanged",
        )
        .await;
    server.stop().await;
}
