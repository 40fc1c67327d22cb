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

/// A round's board as a client game with the given seats' tokens.
fn board_game(board: &Value, round_token: &str, white: bool) -> Game {
    let mut tokens = serde_json::Map::new();
    tokens.insert("arbiter".into(), json!(round_token));
    if white {
        let link = board["seats"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["seat"] == "white")
            .unwrap();
        let url = link["url"].as_str().unwrap();
        tokens.insert("white".into(), json!(url.split("token=").nth(1).unwrap()));
    }
    Game {
        id: board["game"].as_str().unwrap().to_owned(),
        created: json!({ "tokens": tokens }),
    }
}

async fn download(server: &TestServer, path: &str, token: &str) -> (u16, String, String) {
    let resp = reqwest::Client::new()
        .get(server.url(path))
        .header("accept-language", "en")
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    let name = resp
        .headers()
        .get("content-disposition")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    (status, name, resp.text().await.unwrap())
}

/// Item 7: the incident record is a report the arbiter signs: a header (event, round, board,
/// date, UTC), every line with its time, move number and side to move, a slip of the tongue
/// corrected, a clock set "from ... to ...", his note, a signature; one per board and one per
/// round (the boards' reports in board order), named by round and board.
#[tokio::test]
async fn the_report_he_signs_per_board_and_per_round() {
    let server = TestServer::start().await;
    let resp = reqwest::Client::new()
        .post(server.url("/api/rounds"))
        .header("accept-language", "en")
        .json(&json!({
            "event": {"name": "Blind Open", "site": "Hamburg", "round": "3"},
            "rules": {"procedure": "physical", "vi_illegal": "counts"},
            "lang": "en",
            "pairings": "1;Anna Weiss;;vi en;Ben Kraus;;en\n2;Clara Schulz;;vi en;Deniz Arslan;;en\n"
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 201);
    let round: Value = resp.json().await.unwrap();
    let id = round["id"].as_str().unwrap().to_owned();
    let token = round["token"].as_str().unwrap().to_owned();
    let boards = round["boards"].as_array().unwrap().clone();
    let addr = server.addr.to_string();
    let b2 = board_game(&boards[1], &token, true);
    let (mut white, _) = Client::connect(&addr, &b2, "white", None).await;
    assert_eq!(white.recv().await["type"], "state");
    let (mut arbiter, _) = Client::connect(&addr, &b2, "arbiter", None).await;
    assert_eq!(arbiter.recv().await["type"], "state");
    // A slip of the tongue corrected at once (D.2.8): 1. e4 said, then 1. d4.
    for (uci, correction) in [("e2e4", false), ("d2d4", true)] {
        let got = ack(&mut white, json!({"type": "move", "uci": uci})).await;
        assert_eq!(got[0]["kind"], "announce");
        assert_eq!(got[0]["correction"], correction);
        assert_eq!(arbiter.recv().await["kind"], "announce");
    }
    // An illegal announcement, counted under 7.5 (the round's rules): the report names it.
    let got = ack(&mut white, json!({"type": "move", "uci": "d4d6"})).await;
    assert_eq!(got[0]["kind"], "illegal_announced", "{got:#?}");
    assert_eq!(arbiter.recv().await["kind"], "illegal_announced");
    // The arbiter sets White's clock (no clock ran yet: 90 minutes), with his note.
    let got = ack(
        &mut arbiter,
        json!({"type": "set_clock", "color": "white", "remaining_ms": 5_100_000,
            "note": "Five minutes lost to a late start."}),
    )
    .await;
    assert_eq!(got[0]["kind"], "clock_set");
    assert_eq!(got[1]["kind"], "note");

    let (status, name, text) = download(
        &server,
        &format!("/api/rounds/{id}/boards/2/incidents"),
        &token,
    )
    .await;
    assert_eq!(status, 200, "{text}");
    assert_eq!(
        name,
        "attachment; filename=\"round-3-board-2-incidents.txt\""
    );
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "Incident record: Clara Schulz against Deniz Arslan"
    );
    for header in [
        "Arbiter's report",
        "Event: Blind Open",
        "Site: Hamburg",
        "Round: 3",
        "Board: 2",
        "White: Clara Schulz. Black: Deniz Arslan.",
        "All times are UTC (Coordinated Universal Time). Each line gives the move number and \
         the side to move when it happened.",
        "Result: the game is not over.",
    ] {
        assert!(lines.contains(&header), "{header:?} in\n{text}");
    }
    assert!(lines.iter().any(|l| l.starts_with("Date: 20")), "{text}");
    let line = |needle: &str| {
        lines
            .iter()
            .find(|l| l.contains(needle))
            .unwrap_or_else(|| panic!("{needle:?} in\n{text}"))
            .to_owned()
    };
    let slip = line("White corrects: pawn d4.");
    assert!(
        slip.contains(" UTC, move 1, White to move. White: "),
        "{slip}"
    );
    let said = line("The move said:");
    assert!(
        said.contains(" UTC, move 1, White to move. White: "),
        "{said}"
    );
    let clock = line("sets White's clock");
    assert!(
        clock.ends_with(
            "The arbiter: The arbiter sets White's clock from 90 minutes to 85 minutes."
        ),
        "{clock}"
    );
    assert!(
        line("The arbiter's note")
            .ends_with("The arbiter: The arbiter's note: Five minutes lost to a late start."),
        "{text}"
    );
    assert!(
        lines.last().unwrap().starts_with("Arbiter's signature:"),
        "{text}"
    );
    // A board the round does not have: said as the links' route says it.
    let (status, _, body) = download(
        &server,
        &format!("/api/rounds/{id}/boards/9/incidents"),
        &token,
    )
    .await;
    assert_eq!(status, 404);
    let body: serde_json::Value = serde_json::from_str(&body).unwrap();
    assert_eq!(body["code"], "no_such_board", "{body}");
    // Another token gets nothing.
    let (status, _, _) = download(
        &server,
        &format!("/api/rounds/{id}/incidents"),
        "0123456789abcdef0123456789abcdef",
    )
    .await;
    assert_eq!(status, 401);
    // The round's record: board 1's report, then board 2's.
    let (status, name, all) =
        download(&server, &format!("/api/rounds/{id}/incidents"), &token).await;
    assert_eq!(status, 200, "{all}");
    assert_eq!(name, "attachment; filename=\"round-3-incidents.txt\"");
    assert!(
        all.starts_with("Incident records of Blind Open, round 3: 2 boards, board by board."),
        "{all}"
    );
    let first = all.find("Board: 1").expect("board 1");
    let second = all.find("Board: 2").expect("board 2");
    assert!(first < second, "{all}");
    assert!(all.contains(&text), "board 2's report whole in the round's");
    server.stop().await;
}
