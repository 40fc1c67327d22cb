//! The start of the game and the arbiter's rules choices over the wire (issue 18): a game
//! created waiting for the arbiter's start refuses play in the player's language, the
//! arbiter's `start` runs White's clock, a player whose seat never came is reported when the
//! default time is over, a round's boards started all at once or one by one, and a visually
//! impaired player's illegal announcement refused or counted as the rules profile says.

use serde_json::{Value, json};

use crate::support::{Client, TestServer, http_state};

/// The next event of `kind`, skipping others.
async fn event_of(c: &mut Client, kind: &str) -> Value {
    loop {
        let m = c.recv().await;
        if m["type"] == "event" && m["kind"] == kind {
            return m;
        }
    }
}

#[tokio::test]
async fn the_arbiter_starts_the_game_whites_clock_runs_and_an_absent_player_is_reported() {
    let server = TestServer::start().await;
    let addr = server.addr.to_string();
    let game = server
        .create(json!({
            "time_control": {"base_seconds": 600},
            "white": {"name": "Anna"},
            "black": {"name": "Berk"},
            "languages": {"white": "de", "black": "en", "arbiter": "en", "spectator": "en"},
            "rules": {"wait_for_start": true, "default_time_seconds": 1}
        }))
        .await;
    assert_eq!(game.created["state"]["status"], "waiting");
    assert_eq!(game.created["state"]["rules"]["wait_for_start"], true);
    assert_eq!(game.created["state"]["rules"]["default_time_ms"], 1000);

    let (mut arbiter, _) = Client::connect(&addr, &game, "arbiter", None).await;
    assert_eq!(arbiter.recv().await["state"]["status"], "waiting");
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    assert_eq!(white.recv().await["type"], "state");
    // White's seat came: White has arrived, and everyone hears it.
    let arrived = event_of(&mut white, "arrived").await;
    assert_eq!(arrived["color"], "white");
    assert_eq!(arrived["text"], "Weiß ist anwesend.");
    assert_eq!(
        event_of(&mut arbiter, "arrived").await["text"],
        "White's player has arrived."
    );

    // Before the start: no move, no pause, and the answer says why.
    let msg = white
        .refused(json!({"type": "move", "uci": "e2e4"}), "not_started")
        .await;
    assert_eq!(
        msg,
        "Die Partie hat noch nicht begonnen. Der Schiedsrichter startet sie."
    );
    arbiter
        .refused(json!({"type": "pause"}), "not_started")
        .await;
    white.refused(json!({"type": "start"}), "forbidden").await;
    let base = format!("http://{}", server.addr);
    let state = http_state(&base, &game, &game.token("arbiter")).await;
    assert_eq!(state["clock"]["running"], Value::Null);
    assert_eq!(state["clock"]["white_ms"], 600_000);

    // The arbiter starts it: White's clock runs though White has not moved.
    let got = arbiter.request(json!({"type": "start"})).await;
    let started = &got[0];
    assert_eq!(started["kind"], "started");
    assert_eq!(started["turn"], "white");
    assert_eq!(started["clock"]["running"], "white");
    assert_eq!(
        started["text"],
        "The game has started. White to move, White's clock runs."
    );
    assert_eq!(got.last().unwrap()["type"], "ack");
    let heard = event_of(&mut white, "started").await;
    assert_eq!(
        heard["text"],
        "Die Partie hat begonnen. Weiß ist am Zug, die Uhr von Weiß läuft."
    );
    arbiter
        .refused(json!({"type": "start"}), "already_started")
        .await;

    // Black's seat never came: one second after the start the arbiter hears of it.
    let over = event_of(&mut arbiter, "default_time_over").await;
    assert_eq!(over["color"], "black");
    assert_eq!(
        over["text"],
        "The default time is over and Black's player has not arrived. The arbiter decides: \
         declare the loss or let play on."
    );
    let state = http_state(&base, &game, &game.token("arbiter")).await;
    assert_eq!(state["status"], "playing");
    assert_eq!(state["clock"]["running"], "white");
    assert!(state["clock"]["white_ms"].as_u64().unwrap() < 599_000);
    assert_eq!(state["clock"]["black_ms"], 600_000);

    // The arbiter lets play on: White moves, Black arrives late and answers.
    let got = white.request(json!({"type": "move", "uci": "e2e4"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack");
    let (mut black, _) = Client::connect(&addr, &game, "black", None).await;
    assert_eq!(black.recv().await["type"], "state");
    assert_eq!(event_of(&mut black, "arrived").await["color"], "black");
    let got = black.request(json!({"type": "move", "uci": "e7e5"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack");
    // The incident record keeps the start and the absence.
    let resp = reqwest::Client::new()
        .get(server.url(&format!("/api/games/{}/incidents", game.id)))
        .bearer_auth(game.token("arbiter"))
        .header("accept-language", "en")
        .send()
        .await
        .unwrap();
    let text = resp.text().await.unwrap();
    assert!(text.contains("The game has started"), "{text}");
    assert!(text.contains("Black's player has not arrived"), "{text}");
    server.stop().await;
}

#[tokio::test]
async fn a_game_created_without_the_wait_starts_with_whites_move_as_before() {
    let server = TestServer::start().await;
    let addr = server.addr.to_string();
    let game = server
        .create(json!({"time_control": {"base_seconds": 600}}))
        .await;
    assert_eq!(game.created["state"]["status"], "playing");
    let rules = &game.created["state"]["rules"];
    assert_eq!(rules["wait_for_start"], false);
    assert_eq!(rules["vi_illegal"], "refused");
    assert_eq!(rules["after_fix"], "wait");
    assert_eq!(rules["touch_stops_clock"], true);
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    assert_eq!(white.recv().await["state"]["seq"], 0);
    // No arrival is recorded: the first event is White's move.
    let got = white.request(json!({"type": "move", "uci": "e2e4"})).await;
    assert_eq!(got[0]["kind"], "move");
    assert_eq!(got[0]["seq"], 1);
    let (mut arbiter, _) = Client::connect(&addr, &game, "arbiter", None).await;
    arbiter.recv().await;
    arbiter
        .refused(json!({"type": "start"}), "already_started")
        .await;
    server.stop().await;
}

#[tokio::test]
async fn bad_rules_choices_are_refused_by_name() {
    let server = TestServer::start().await;
    for (rules, field) in [
        (json!({"vi_illegal": "sometimes"}), "rules.vi_illegal"),
        (json!({"after_fix": "later"}), "rules.after_fix"),
        (
            json!({"default_time_seconds": 100_000}),
            "rules.default_time_seconds",
        ),
    ] {
        let resp = reqwest::Client::new()
            .post(server.url("/api/games"))
            .json(&json!({ "rules": rules }))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status().as_u16(), 400, "{rules}");
        let body: Value = resp.json().await.unwrap();
        assert_eq!(body["field"], field, "{body}");
    }
    server.stop().await;
}

#[tokio::test]
async fn a_visually_impaired_players_illegal_announcement_is_refused_or_counted() {
    let server = TestServer::start().await;
    let addr = server.addr.to_string();
    for counts in [false, true] {
        let mut rules = json!({});
        if counts {
            rules["vi_illegal"] = json!("counts");
        }
        let game = server
            .create(json!({
                "time_control": {"base_seconds": 600},
                "white": {"name": "Anna", "visually_impaired": true},
                "black": {"name": "Berk"},
                "languages": {"white": "en", "black": "en", "arbiter": "en", "spectator": "en"},
                "rules": rules
            }))
            .await;
        let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
        white.recv().await;
        if !counts {
            white
                .refused(json!({"type": "move", "uci": "e2e5"}), "illegal_move")
                .await;
            white
                .refused(json!({"type": "announce", "text": "Ke2"}), "illegal_move")
                .await;
            continue;
        }
        let got = white.request(json!({"type": "move", "uci": "e2e5"})).await;
        let e = &got[0];
        assert_eq!(e["kind"], "illegal_announced", "{got:?}");
        assert_eq!(
            (e["count"].clone(), e["uci"].clone()),
            (json!(1), json!("e2e5"))
        );
        assert_eq!(e["clock"]["black_ms"], 720_000);
        // Words that are not an announcement still are refused, not counted.
        white
            .refused(
                json!({"type": "announce", "text": "banana"}),
                "not_understood",
            )
            .await;
        // The second (2023 edition) loses.
        let got = white
            .request(json!({"type": "announce", "text": "Ke2"}))
            .await;
        assert_eq!(got[0]["kind"], "illegal_announced", "{got:?}");
        assert_eq!(got[0]["uci"], Value::Null);
        assert_eq!(got[1]["kind"], "end");
        assert_eq!(got[1]["reason"], "illegal_moves");
        assert_eq!(got[1]["result"], "0-1");
    }
    server.stop().await;
}

async fn round_post(server: &TestServer, path: &str, token: &str) -> (u16, Value) {
    let resp = reqwest::Client::new()
        .post(server.url(path))
        .bearer_auth(token)
        .header("accept-language", "en")
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

#[tokio::test]
async fn a_rounds_boards_start_one_by_one_or_all_at_once_and_absences_reach_the_desk() {
    let server = TestServer::start().await;
    let resp = reqwest::Client::new()
        .post(server.url("/api/rounds"))
        .json(&json!({
            "event": {"name": "Blind Open", "round": "1"},
            "time_control": {"base_seconds": 600},
            "rules": {"wait_for_start": true},
            "lang": "en",
            "boards": [
                {"board": 1, "white": {"name": "Anna", "visually_impaired": true},
                 "black": {"name": "Ben"}},
                {"board": 2, "white": {"name": "Clara"}, "black": {"name": "Deniz"}},
                {"board": 3, "white": {"name": "Emil"}, "black": {"name": "Frieda"}}
            ]
        }))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status().as_u16(), 201);
    let round: Value = resp.json().await.unwrap();
    let id = round["id"].as_str().unwrap().to_owned();
    let token = round["token"].as_str().unwrap().to_owned();

    let (_, now) = {
        let resp = reqwest::Client::new()
            .get(server.url(&format!("/api/rounds/{id}")))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        (resp.status().as_u16(), resp.json::<Value>().await.unwrap())
    };
    for b in now["boards"].as_array().unwrap() {
        assert_eq!(b["status"], "waiting", "{b}");
    }

    // The round desk's socket: the boards, then alerts as they come.
    let url = format!("ws://{}/api/rounds/{id}/ws", server.addr);
    let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let mut desk = Client::from_ws(ws, "round desk");
    desk.send(json!({"type": "hello", "token": token, "lang": "en"}))
        .await;
    assert_eq!(desk.recv().await["type"], "round");

    // Board 2 alone, then every board: board 2 answers that it has started already.
    let (status, one) =
        round_post(&server, &format!("/api/rounds/{id}/boards/2/start"), &token).await;
    assert_eq!(status, 200, "{one}");
    assert_eq!(one["boards"], json!([{"board": 2, "done": true}]));
    let (status, _) =
        round_post(&server, &format!("/api/rounds/{id}/boards/9/start"), &token).await;
    assert_eq!(status, 404);
    let (status, _) = round_post(&server, &format!("/api/rounds/{id}/start"), "wrong").await;
    assert_eq!(status, 401);
    let (status, all) = round_post(&server, &format!("/api/rounds/{id}/start"), &token).await;
    assert_eq!(status, 200);
    let answers = all["boards"].as_array().unwrap();
    assert_eq!(answers[0]["done"], true);
    assert_eq!(answers[1]["done"], false);
    assert_eq!(answers[1]["code"], "already_started");
    assert_eq!(answers[2]["done"], true);

    // Nobody came and the default time is zero: every player is reported, by board.
    let mut absent = Vec::new();
    while absent.len() < 6 {
        let m = desk.recv().await;
        if m["type"] == "alert" && m["kind"] == "absent" {
            absent.push(m["text"].as_str().unwrap().to_owned());
        }
    }
    assert!(
        absent.contains(&"Board 1: the default time is over, White (Anna) has not arrived.".into()),
        "{absent:?}"
    );
    let resp = reqwest::Client::new()
        .get(server.url(&format!("/api/rounds/{id}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    let now: Value = resp.json().await.unwrap();
    for b in now["boards"].as_array().unwrap() {
        assert_eq!(b["status"], "playing", "{b}");
        assert_eq!(b["clock"]["running"], "white", "{b}");
    }
    server.stop().await;
}
