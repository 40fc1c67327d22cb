//! The play server end to end: a real server on 127.0.0.1:0, real WebSocket clients.

use hamle::announce::{Lang, Style};
use hamle::words::i18n::{Messages, message_ids, sources};
use hamle::words::speaker::Speaker;
use serde_json::{Value, json};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};

use crate::support::{self, Client, TestServer, http_state};

/// Legal's mate: white (visually impaired, German, with an assistant) against black
/// (Turkish): captures, a check, the queen taken, mate.
const LEGALS_MATE: [(&str, &str); 13] = [
    ("e2e4", "Bauer Eva vier"),
    ("e7e5", "Piyon e beş"),
    ("g1f3", "Springer Felix drei"),
    ("d7d6", "Piyon de altı"),
    ("f1c4", "Läufer Cäsar vier"),
    ("c8g4", "Fil ge dört"),
    ("b1c3", "Springer Cäsar drei"),
    ("g7g6", "Piyon ge altı"),
    ("f3e5", "Springer schlägt Eva fünf"),
    ("g4d1", "Fil alır de bir"),
    ("c4f7", "Läufer schlägt Felix sieben Schach"),
    ("e8e7", "Şah e yedi"),
    ("c3d5", "Springer David fünf matt"),
];

fn game_body() -> Value {
    json!({
        "time_control": {"base_seconds": 600, "increment_seconds": 5},
        "white": {"name": "Anna", "visually_impaired": true, "assistant": true},
        "black": {"name": "Berk", "board": "normal"},
        "languages": {"black": "tr", "arbiter": "en"}
    })
}

fn lang_of(seat: &str) -> Lang {
    match seat {
        "black" => Lang::Tr,
        "arbiter" => Lang::En,
        _ => Lang::De,
    }
}

fn text(lang: Lang, id: &str, args: &[(&str, &str)]) -> String {
    let pairs: Vec<(&str, String)> = args.iter().map(|(k, v)| (*k, (*v).to_owned())).collect();
    Speaker::new(lang).message(id, &pairs)
}

#[tokio::test]
async fn whole_game_by_announcements_in_german_and_turkish() {
    let server = TestServer::start().await;
    let addr = server.addr.to_string();
    let game = server.create(game_body()).await;
    assert!(game.created["tokens"]["black_assistant"].is_null());
    assert_eq!(game.created["state"]["white"]["board"], "tactile");
    assert_eq!(game.created["state"]["languages"]["white"], "de");

    let seats = ["white", "black", "white_assistant", "arbiter", "spectator"];
    let mut clients = Vec::new();
    for seat in seats {
        let (c, welcome) = Client::connect(&addr, &game, seat, None).await;
        assert_eq!(welcome["seat"], seat);
        assert_eq!(welcome["lang"], lang_of(seat).code());
        assert_eq!(welcome["resumed"], false);
        let mut c = c;
        let state = c.recv().await;
        assert_eq!(state["type"], "state");
        assert_eq!(state["state"]["seq"], 0);
        assert_eq!(state["state"]["clock"]["running"], Value::Null);
        clients.push(c);
    }

    let mut pos = Chess::default();
    for (i, (uci, said)) in LEGALS_MATE.iter().enumerate() {
        let seq = i as u64 + 1;
        let mover = if i % 2 == 0 { 0 } else { 1 };
        let m = uci.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        let reply = clients[mover]
            .request(json!({"type": "announce", "text": said}))
            .await;
        // The move event first, then (at the end) the game's end, then the ack.
        let ack = reply.last().unwrap();
        assert_eq!(ack["type"], "ack", "{said}: {reply:?}");
        let last_seq = if seq == 13 { 14 } else { seq };
        assert_eq!(ack["seq"], last_seq);
        assert_eq!(reply.len() as u64, 1 + last_seq - seq + 1);

        let mut after = pos.clone();
        after.play_unchecked(m);
        let fen =
            shakmaty::fen::Fen::from_position(&after, shakmaty::EnPassantMode::Legal).to_string();
        let san = shakmaty::san::SanPlus::from_move(pos.clone(), m).to_string();
        for (k, c) in clients.iter_mut().enumerate() {
            let ev = if k == mover {
                reply[0].clone()
            } else {
                c.recv().await
            };
            let lang = lang_of(seats[k]);
            assert_eq!(ev["type"], "event", "{}: {ev}", seats[k]);
            assert_eq!(ev["v"], 1);
            assert_eq!(ev["seq"], seq, "{}", seats[k]);
            assert_eq!(ev["kind"], "move");
            assert_eq!(ev["ply"], seq);
            assert_eq!(ev["uci"], *uci);
            assert_eq!(ev["san"], san);
            assert_eq!(ev["fen"], fen);
            assert_eq!(ev["by"], seats[mover]);
            assert_eq!(ev["color"], if mover == 0 { "white" } else { "black" });
            let speaker = Speaker::new(lang);
            // The visually impaired player's own seat hears the piece a move captures
            // (issue 15); every other seat the Appendix words.
            let short = if seats[k] == "white" {
                speaker.say_move_captured(&pos, m)
            } else {
                speaker.say_move(&pos, m, Style::Short)
            };
            assert_eq!(ev["short"], short, "{}", seats[k]);
            if seats[k] == "white" && m.is_capture() {
                assert_ne!(short, speaker.say_move(&pos, m, Style::Short));
            }
            assert_eq!(ev["full"], speaker.say_move(&pos, m, Style::Full));
            // The clock: the mover's time stopped, the opponent's running (until mate).
            let running = if seq == 13 {
                Value::Null
            } else if mover == 0 {
                json!("black")
            } else {
                json!("white")
            };
            assert_eq!(ev["clock"]["running"], running, "{ev}");
            let white_moves = seq.div_ceil(2);
            let black_moves = seq / 2;
            assert!(ev["clock"]["white_ms"].as_u64().unwrap() <= 600_000 + 5_000 * white_moves);
            assert!(ev["clock"]["white_ms"].as_u64().unwrap() > 590_000);
            assert!(ev["clock"]["black_ms"].as_u64().unwrap() <= 600_000 + 5_000 * black_moves);
            if seq == 13 {
                let end = if k == mover {
                    reply[1].clone()
                } else {
                    c.recv().await
                };
                assert_eq!(end["seq"], 14);
                assert_eq!(end["kind"], "end");
                assert_eq!(end["result"], "1-0");
                assert_eq!(end["reason"], "checkmate");
                assert_eq!(
                    end["text"],
                    text(
                        lang,
                        "event-end",
                        &[("reason", "checkmate"), ("result", "white")]
                    )
                );
            }
        }
        pos = after;
    }
    // The game is over for everyone; the state and the PGN say so.
    let msg = clients[1]
        .refused(json!({"type": "move", "uci": "a7a6"}), "game_over")
        .await;
    assert_eq!(msg, text(Lang::Tr, "error-game-over", &[]));
    let base = format!("http://{addr}");
    let state = http_state(&base, &game, &game.token("spectator")).await;
    assert_eq!(state["status"], "over");
    assert_eq!(state["result"], "1-0");
    assert_eq!(state["seq"], 14);
    assert_eq!(state["moves"].as_array().unwrap().len(), 13);
    let pgn = reqwest::Client::new()
        .get(format!("{base}/api/games/{}/pgn", game.id))
        .bearer_auth(game.token("black"))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(pgn.contains("[White \"Anna\"]"), "{pgn}");
    assert!(pgn.contains("[Result \"1-0\"]"));
    // Each move carries the mover's clock after it, `{[%clk h:mm:ss]}`.
    assert!(pgn.contains("1. e4 {[%clk 0:1"), "{pgn}");
    let mut bare = pgn.replace('\n', " ");
    while let Some(i) = bare.find(" {[%clk") {
        let j = i + bare[i..].find("]}").unwrap() + 2;
        bare.replace_range(i..j, "");
    }
    assert!(
        bare.contains(
            "1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0"
        ),
        "{pgn}"
    );
    server.stop().await;
}

/// Plays `uci` for `seat` and returns the ack's event number.
async fn play(c: &mut Client, uci: &str) -> u64 {
    let reply = c.request(json!({"type": "move", "uci": uci})).await;
    let ack = reply.last().unwrap();
    assert_eq!(ack["type"], "ack", "{uci}: {reply:?}");
    ack["seq"].as_u64().unwrap()
}

/// Reads the next `n` events; asserts they are numbered `from`, `from + 1`, ...
async fn events(c: &mut Client, from: u64, n: u64) -> Vec<Value> {
    let mut out = Vec::new();
    for seq in from..from + n {
        let ev = c.recv().await;
        assert_eq!(ev["type"], "event", "{}: {ev}", c.name);
        assert_eq!(ev["seq"], seq, "{}: {ev}", c.name);
        out.push(ev);
    }
    out
}

/// The arbiter sets `color`'s clock `n` times (to 300 000 ms, 300 001 ms, ...): `n` events.
async fn set_clock_times(mut arbiter: Client, color: &'static str, n: u64) -> Client {
    for i in 0..n {
        let reply = arbiter
            .request(json!({"type": "set_clock", "color": color, "remaining_ms": 300_000 + i}))
            .await;
        assert_eq!(reply.last().unwrap()["type"], "ack", "{reply:?}");
    }
    arbiter
}

#[tokio::test]
async fn reconnect_gets_exactly_the_missed_events() {
    let server = TestServer::start().await;
    let addr = server.addr.to_string();
    let game = server.create(game_body()).await;
    let (mut white, _) = Client::connect(&addr, &game, "white", Some(0)).await;
    let (mut black, welcome) = Client::connect(&addr, &game, "black", Some(0)).await;
    assert_eq!(welcome["resumed"], true);
    let (arbiter, _) = Client::connect(&addr, &game, "arbiter", Some(0)).await;

    assert_eq!(play(&mut white, "e2e4").await, 1);
    events(&mut black, 1, 1).await;
    assert_eq!(play(&mut black, "c7c5").await, 2);
    events(&mut white, 2, 1).await;
    // Black goes away having seen event 2.
    drop(black);

    assert_eq!(play(&mut white, "g1f3").await, 3);
    // While black comes back, the arbiter keeps making events.
    let busy = tokio::spawn(set_clock_times(arbiter, "white", 10));
    let (mut black, welcome) = Client::connect(&addr, &game, "black", Some(2)).await;
    assert_eq!(welcome["resumed"], true);
    let joined_at = welcome["seq"].as_u64().unwrap();
    assert!(joined_at >= 3);
    let arbiter = busy.await.unwrap();
    // Exactly 3..=13, in order, no gap, no duplicate.
    let missed = events(&mut black, 3, 11).await;
    assert_eq!(missed[0]["kind"], "move");
    assert_eq!(missed[0]["uci"], "g1f3");
    assert_eq!(missed[0]["short"], "At fe üç");
    assert_eq!(missed[10]["kind"], "clock_set");
    assert_eq!(missed[10]["remaining_ms"], 300_009);
    // And then the game goes on from there.
    assert_eq!(play(&mut black, "d7d6").await, 14);
    let seen = events(&mut white, 4, 11).await;
    assert_eq!(seen[10]["uci"], "d7d6");

    // Without a number, or with one from the future, a full state instead.
    for since in [None, Some(99)] {
        let (mut spectator, welcome) = Client::connect(&addr, &game, "spectator", since).await;
        assert_eq!(welcome["resumed"], false);
        let state = spectator.recv().await;
        assert_eq!(state["type"], "state");
        assert_eq!(state["state"]["seq"], 14);
        assert_eq!(state["state"]["moves"].as_array().unwrap().len(), 4);
    }
    // From 0: the whole history.
    let (mut spectator, _) = Client::connect(&addr, &game, "spectator", Some(0)).await;
    events(&mut spectator, 1, 14).await;

    // The same seat connecting again replaces the older connection (4409).
    let (mut white2, _) = Client::connect(&addr, &game, "white", Some(14)).await;
    let (code, msgs) = white.until_close().await;
    assert_eq!(code, Some(4409));
    assert_eq!(msgs.last().unwrap()["code"], "replaced");
    assert_eq!(play(&mut white2, "d2d4").await, 15);
    drop(arbiter);
    server.stop().await;
}

/// A page asks for the state after a burst of events (the boards at the table are in the
/// state only). The events the state already counts must still reach it, each as an event:
/// some of them (a divergence for the arbiter, an adjournment) are known only by their event.
#[tokio::test]
async fn a_seat_asking_for_the_state_misses_no_event() {
    // As many requests as the test can make: the flood limit is not what it is about.
    let server = TestServer::start_with(hamle::server::Limits {
        burst: 10_000,
        per_second: 10_000.0,
        ..hamle::server::Limits::default()
    })
    .await;
    let addr = server.addr.to_string();
    let game = server.create(game_body()).await;
    let (arbiter, _) = Client::connect(&addr, &game, "arbiter", Some(0)).await;
    let (mut white, _) = Client::connect(&addr, &game, "white", Some(0)).await;
    const SETS: u64 = 150;
    let busy = tokio::spawn(set_clock_times(arbiter, "black", SETS));
    let mut seen = Vec::new();
    let mut state_seq = 0;
    while state_seq < SETS {
        for m in white.request(json!({"type": "state"})).await {
            match m["type"].as_str() {
                Some("event") => seen.push(m["seq"].as_u64().unwrap()),
                Some("state") => state_seq = m["state"]["seq"].as_u64().unwrap(),
                _ => panic!("white: {m}"),
            }
        }
        // Every event the state counts came before it.
        assert_eq!(seen.last().copied().unwrap_or(0), state_seq, "{seen:?}");
    }
    let _arbiter = busy.await.unwrap();
    assert_eq!(seen, (1..=SETS).collect::<Vec<_>>());
    server.stop().await;
}

#[tokio::test]
async fn each_seat_is_refused_what_it_may_not_do() {
    let server = TestServer::start().await;
    let addr = server.addr.to_string();
    let game = server.create(game_body()).await;
    let connect = |seat: &'static str| {
        let addr = addr.clone();
        let game = game.clone();
        async move { Client::connect(&addr, &game, seat, Some(0)).await.0 }
    };
    let mut white = connect("white").await;
    let mut black = connect("black").await;
    let mut assistant = connect("white_assistant").await;
    let mut arbiter = connect("arbiter").await;
    let mut spectator = connect("spectator").await;
    let arbiter_only = [
        json!({"type": "pause"}),
        json!({"type": "resume"}),
        json!({"type": "set_clock", "color": "black", "remaining_ms": 1000}),
        json!({"type": "end", "result": "1-0"}),
    ];

    // The spectator only reads.
    let msg = spectator
        .refused(json!({"type": "move", "uci": "e2e4"}), "forbidden")
        .await;
    assert_eq!(msg, text(Lang::De, "error-forbidden", &[]));
    spectator
        .refused(
            json!({"type": "announce", "text": "Bauer Eva vier"}),
            "forbidden",
        )
        .await;
    for a in &arbiter_only {
        spectator.refused(a.clone(), "forbidden").await;
    }
    // Black may not move White's pieces, nor move out of turn; in Turkish.
    let msg = black
        .refused(json!({"type": "move", "uci": "e7e5"}), "not_your_turn")
        .await;
    assert_eq!(msg, "Hamle sırası sizde değil.");
    // Players and assistants may not run the game.
    for c in [&mut white, &mut black, &mut assistant] {
        for a in &arbiter_only {
            c.refused(a.clone(), "forbidden").await;
        }
    }
    // The arbiter makes no moves.
    arbiter
        .refused(json!({"type": "move", "uci": "e2e4"}), "forbidden")
        .await;
    arbiter
        .refused(json!({"type": "resume"}), "not_paused")
        .await;

    // White's assistant moves for White...
    assert_eq!(play(&mut assistant, "e2e4").await, 1);
    for c in [&mut white, &mut black, &mut arbiter, &mut spectator] {
        let ev = events(c, 1, 1).await;
        assert_eq!(ev[0]["by"], "white_assistant");
    }
    // ...but not for Black, and neither may White.
    assistant
        .refused(json!({"type": "move", "uci": "e7e5"}), "not_your_turn")
        .await;
    white
        .refused(
            json!({"type": "announce", "text": "Bauer Eva fünf"}),
            "not_your_turn",
        )
        .await;
    // Black's assistant seat does not exist in this game: no token was issued.
    assert!(game.created["tokens"]["black_assistant"].is_null());

    // Pause: nobody moves; the arbiter resumes.
    assert_eq!(arbiter.request(json!({"type": "pause"})).await.len(), 2);
    for c in [&mut white, &mut black, &mut assistant, &mut spectator] {
        events(c, 2, 1).await;
    }
    let msg = black
        .refused(json!({"type": "move", "uci": "e7e5"}), "game_paused")
        .await;
    assert_eq!(msg, text(Lang::Tr, "error-game-paused", &[]));
    arbiter
        .refused(json!({"type": "pause"}), "game_paused")
        .await;
    arbiter
        .refused(
            json!({"type": "set_clock", "color": "black", "remaining_ms": 90_000_000u64}),
            "invalid_time",
        )
        .await;
    let reply = arbiter
        .request(json!({"type": "set_clock", "color": "black", "remaining_ms": 120_000}))
        .await;
    assert_eq!(reply[0]["kind"], "clock_set");
    assert_eq!(reply[0]["clock"]["black_ms"], 120_000);
    assert_eq!(
        reply[0]["text"],
        "The arbiter sets Black's clock to 2 minutes."
    );
    let ev = events(&mut black, 3, 1).await;
    assert_eq!(
        ev[0]["text"],
        "Hakem Siyah saatini 2 dakika olarak ayarladı."
    );
    let ev = events(&mut white, 3, 1).await;
    assert_eq!(
        ev[0]["text"],
        "Der Schiedsrichter stellt die Uhr von Schwarz auf 2 Minuten."
    );
    arbiter.request(json!({"type": "resume"})).await;
    assert_eq!(play(&mut black, "e7e5").await, 5);

    // The arbiter ends the game; then nobody moves.
    let reply = arbiter
        .request(json!({"type": "end", "result": "1/2-1/2"}))
        .await;
    let n = reply.len();
    assert_eq!(reply[n - 3]["uci"], "e7e5");
    assert_eq!(reply[n - 2]["seq"], 6);
    assert_eq!(reply[n - 2]["reason"], "arbiter");
    assert_eq!(reply[n - 2]["result"], "1/2-1/2");
    assert_eq!(reply[n - 2]["by"], "arbiter");
    assert_eq!(reply[n - 1]["seq"], 6);
    white
        .refused(json!({"type": "move", "uci": "g1f3"}), "game_over")
        .await;
    arbiter.refused(json!({"type": "pause"}), "game_over").await;
    server.stop().await;
}

#[test]
fn server_messages_exist_in_every_language() {
    let ids = |lang| {
        let (_, src) = sources(lang)
            .iter()
            .find(|(name, _)| *name == "server.ftl")
            .unwrap();
        let mut ids = message_ids(src);
        ids.sort();
        ids
    };
    assert_eq!(ids(Lang::De), ids(Lang::En));
    assert_eq!(ids(Lang::Tr), ids(Lang::En));
    // Every error code the protocol documents has its sentence.
    let codes = [
        "forbidden",
        "not_your_turn",
        "game_paused",
        "game_over",
        "illegal_move",
        "bad_uci",
        "not_paused",
        "invalid_time",
        "storage_failed",
        "game_unavailable",
        "bad_json",
        "unknown_type",
        "missing_field",
        "invalid_field",
        "unsupported_version",
        "hello_required",
        "hello_timeout",
        "already_authenticated",
        "bad_token",
        "rate_limited",
        "flood",
        "unsupported_frame",
        "too_large",
        "replaced",
        "shutting_down",
        "not_found",
        "unknown_path",
        "unauthorized",
        "invalid_request",
        "invalid_setting",
        "internal",
    ];
    for lang in Lang::ALL {
        for code in codes {
            let id = format!("error-{}", code.replace('_', "-"));
            assert!(Messages::global().has(lang, &id), "{lang}: {id}");
        }
    }
}

/// Each bad message over an open connection: the error that came back. Nothing changes and
/// the connection stays usable.
#[tokio::test]
async fn bad_input_over_the_websocket_is_refused_and_harms_nothing() {
    let limits = hamle::server::Limits {
        hello_timeout: std::time::Duration::from_millis(300),
        ..Default::default()
    };
    let server = TestServer::start_with(limits).await;
    let addr = server.addr.to_string();
    let game = server.create(game_body()).await;
    let (mut white, _) = Client::connect(&addr, &game, "white", Some(0)).await;

    let table: [(&str, &str, Value); 14] = [
        ("not json", "bad_json", Value::Null),
        ("[1, 2]", "bad_json", Value::Null),
        ("\"hello\"", "bad_json", Value::Null),
        (r#"{"id": 1}"#, "missing_field", json!(1)),
        (r#"{"type": "fly", "id": 2}"#, "unknown_type", json!(2)),
        (r#"{"type": 7, "id": 3}"#, "invalid_field", json!(3)),
        (r#"{"type": "move", "id": 4}"#, "missing_field", json!(4)),
        (
            r#"{"type": "move", "id": 5, "uci": 42}"#,
            "invalid_field",
            json!(5),
        ),
        (
            r#"{"type": "move", "uci": "e2e4"}"#,
            "missing_field",
            Value::Null,
        ),
        (
            r#"{"type": "move", "id": 6, "uci": "e2e9"}"#,
            "bad_uci",
            json!(6),
        ),
        (
            r#"{"type": "move", "id": 7, "uci": "e2e5"}"#,
            "illegal_move",
            json!(7),
        ),
        (
            r#"{"type": "announce", "id": 8, "text": "Blumenkohl vier"}"#,
            "not_understood",
            json!(8),
        ),
        (
            r#"{"type": "ping", "id": 9, "v": 2}"#,
            "unsupported_version",
            json!(9),
        ),
        (
            r#"{"type": "hello", "v": 1, "token": "x"}"#,
            "already_authenticated",
            Value::Null,
        ),
    ];
    for (input, code, id) in table {
        white.send_text(input.to_owned()).await;
        let reply = white.recv().await;
        assert_eq!(reply["type"], "error", "{input}: {reply}");
        assert_eq!(reply["code"], code, "{input}: {reply}");
        assert_eq!(
            reply.get("id").cloned().unwrap_or(Value::Null),
            id,
            "{input}"
        );
        let message = reply["message"].as_str().unwrap();
        assert!(
            !message.is_empty() && !message.contains('\u{2068}'),
            "{input}: {message}"
        );
    }
    // The localised sentences, as the German seat hears them.
    white
        .send_text(r#"{"type": "move", "id": 10}"#.into())
        .await;
    assert_eq!(white.recv().await["message"], "Das Feld uci fehlt.");
    white
        .send_text(r#"{"type": "announce", "id": 11, "text": "Springer Eva vier"}"#.into())
        .await;
    let reply = white.recv().await;
    assert_eq!(reply["code"], "illegal_move");
    assert!(
        reply["message"].as_str().unwrap().contains("Springer"),
        "{reply}"
    );
    // A binary frame.
    use futures_util::SinkExt;
    white
        .ws
        .send(tokio_tungstenite::tungstenite::Message::binary(vec![
            1u8, 2, 3,
        ]))
        .await
        .unwrap();
    assert_eq!(white.recv().await["code"], "unsupported_frame");
    // Still alive, and the game untouched.
    let pong = white.request(json!({"type": "ping"})).await;
    assert_eq!(pong[0]["type"], "pong");
    let state = white.request(json!({"type": "state"})).await;
    assert_eq!(state[0]["type"], "state");
    assert_eq!(state[0]["state"]["seq"], 0);
    assert_eq!(state[0]["state"]["moves"], json!([]));

    // Connections that end: the error, then the close code.
    struct Closing {
        first: Option<String>,
        code: &'static str,
        close: u16,
    }
    let wrong_token = json!({"type": "hello", "v": 1, "token": "00000000000000000000000000000000"});
    let other = server.create(json!({})).await;
    let foreign_token = json!({"type": "hello", "v": 1, "token": other.token("white")});
    let cases = [
        Closing {
            first: Some(json!({"type": "move", "id": 1, "uci": "e2e4"}).to_string()),
            code: "hello_required",
            close: 4400,
        },
        Closing {
            first: Some(wrong_token.to_string()),
            code: "bad_token",
            close: 4401,
        },
        Closing {
            first: Some(foreign_token.to_string()),
            code: "bad_token",
            close: 4401,
        },
        Closing {
            first: Some(r#"{"type": "hello", "token": "x"}"#.into()),
            code: "missing_field",
            close: 4400,
        },
        Closing {
            first: Some("{{{".into()),
            code: "bad_json",
            close: 4400,
        },
        Closing {
            first: None,
            code: "hello_timeout",
            close: 4408,
        },
    ];
    for case in cases {
        let ws = Client::open(&addr, &game).await;
        let mut c = Client::from_ws(ws, "stranger");
        if let Some(first) = &case.first {
            c.send_text(first.clone()).await;
        }
        let (close, msgs) = c.until_close().await;
        assert_eq!(msgs.len(), 1, "{}: {msgs:?}", case.code);
        assert_eq!(msgs[0]["code"], case.code);
        assert_eq!(close, Some(case.close), "{}", case.code);
    }
    // German errors before the greeting when the client asks for them.
    let mut c = Client::from_ws(Client::open(&addr, &game).await, "stranger");
    c.send(json!({"type": "hello", "v": 1, "token": "nope", "lang": "tr"}))
        .await;
    let (_, msgs) = c.until_close().await;
    assert_eq!(msgs[0]["message"], "Bu jeton bu oyun için geçerli değil.");

    // A frame over the limit: closed with 1009 (message too big).
    let (mut big, _) = Client::connect(&addr, &game, "spectator", Some(0)).await;
    let huge = json!({"type": "announce", "id": 1, "text": "x".repeat(10_000)});
    big.send_text(huge.to_string()).await;
    let (close, msgs) = big.until_close().await;
    assert_eq!(close, Some(1009), "{msgs:?}");
    assert_eq!(msgs.last().unwrap()["code"], "too_large");

    // A flood: some answered, then one rate_limited, then closed with 1008.
    let (mut flood, _) = Client::connect(&addr, &game, "black", Some(0)).await;
    for i in 0..200 {
        flood.send(json!({"type": "ping", "id": i})).await;
    }
    let (close, msgs) = flood.until_close().await;
    assert_eq!(close, Some(1008));
    let pongs = msgs.iter().filter(|m| m["type"] == "pong").count();
    let limited = msgs.iter().filter(|m| m["code"] == "rate_limited").count();
    assert!((20..200).contains(&pongs), "{pongs} pongs");
    assert!(limited >= 1, "{msgs:?}");
    assert_eq!(msgs.last().unwrap()["code"], "flood");

    // The game and the server are unharmed: White still plays, everyone still hears.
    assert_eq!(play(&mut white, "e2e4").await, 1);
    let (mut black, _) = Client::connect(&addr, &game, "black", Some(0)).await;
    events(&mut black, 1, 1).await;
    server.stop().await;
}

/// Each bad HTTP request: its status and code. Nothing changes.
#[tokio::test]
async fn bad_input_over_http_is_refused_and_harms_nothing() {
    let server = TestServer::start().await;
    let game = server.create(game_body()).await;
    let other = server.create(json!({})).await;
    let http = reqwest::Client::new();
    let state_path = format!("/api/games/{}", game.id);
    let admin = server.admin_token();

    struct Case {
        method: &'static str,
        path: String,
        token: Option<String>,
        body: Option<String>,
        status: u16,
        code: &'static str,
    }
    let case = |method, path: &str, token: Option<String>, body: Option<&str>, status, code| Case {
        method,
        path: path.to_owned(),
        token,
        body: body.map(str::to_owned),
        status,
        code,
    };
    let big = format!(r#"{{"white": {{"name": "{}"}}}}"#, "x".repeat(20_000));
    let cases = [
        case(
            "POST",
            "/api/games",
            None,
            Some("{"),
            400,
            "invalid_request",
        ),
        case(
            "POST",
            "/api/games",
            None,
            Some(r#"{"whyte": {}}"#),
            400,
            "invalid_request",
        ),
        case(
            "POST",
            "/api/games",
            None,
            Some(r#"{"white": {"name": 5}}"#),
            400,
            "invalid_request",
        ),
        case(
            "POST",
            "/api/games",
            None,
            Some(r#"{"time_control": {"base_seconds": 0}}"#),
            400,
            "invalid_setting",
        ),
        case(
            "POST",
            "/api/games",
            None,
            Some(r#"{"languages": {"white": "fr"}}"#),
            400,
            "invalid_setting",
        ),
        case(
            "POST",
            "/api/games",
            None,
            Some(r#"{"languages": {"king": "de"}}"#),
            400,
            "invalid_setting",
        ),
        case(
            "POST",
            "/api/games",
            None,
            Some(r#"{"black": {"board": "wooden"}}"#),
            400,
            "invalid_setting",
        ),
        case(
            "POST",
            "/api/games",
            None,
            Some(&big),
            413,
            "invalid_request",
        ),
        case(
            "POST",
            "/api/games",
            Some("not-a-token".into()),
            Some("{}"),
            401,
            "unauthorized",
        ),
        case("GET", &state_path, None, None, 401, "unauthorized"),
        case(
            "GET",
            &state_path,
            Some("0123".into()),
            None,
            401,
            "unauthorized",
        ),
        case(
            "GET",
            &state_path,
            Some(other.token("arbiter")),
            None,
            401,
            "unauthorized",
        ),
        case(
            "GET",
            &format!("{state_path}/pgn"),
            None,
            None,
            401,
            "unauthorized",
        ),
        case(
            "GET",
            "/api/games/zzzz",
            Some(game.token("white")),
            None,
            404,
            "not_found",
        ),
        case(
            "GET",
            "/api/games/0000000000000000",
            Some(game.token("white")),
            None,
            404,
            "not_found",
        ),
        case("GET", "/api/games", None, None, 401, "unauthorized"),
        case(
            "GET",
            "/api/games",
            Some(game.token("white")),
            None,
            401,
            "unauthorized",
        ),
        case(
            "GET",
            &format!("{state_path}/ws"),
            None,
            None,
            400,
            "invalid_request",
        ),
        case("GET", "/nowhere", None, None, 404, "unknown_path"),
    ];
    for c in cases {
        let mut req = match c.method {
            "POST" => http.post(server.url(&c.path)),
            _ => http.get(server.url(&c.path)),
        };
        if let Some(t) = &c.token {
            req = req.bearer_auth(t);
        }
        if let Some(b) = &c.body {
            req = req
                .header("content-type", "application/json")
                .body(b.clone());
        }
        let resp = req.send().await.unwrap();
        let status = resp.status().as_u16();
        let body: Value = resp.json().await.unwrap_or(Value::Null);
        assert_eq!(status, c.status, "{} {}: {body}", c.method, c.path);
        assert_eq!(body["code"], c.code, "{} {}: {body}", c.method, c.path);
        assert!(body["message"].as_str().is_some_and(|m| !m.is_empty()));
    }
    // Localised by Accept-Language.
    let resp = http
        .get(server.url(&state_path))
        .header("accept-language", "tr-TR,en;q=0.5")
        .send()
        .await
        .unwrap();
    let body: Value = resp.json().await.unwrap();
    assert_eq!(body["message"], "Geçerli bir jeton eksik.");

    // Nothing changed: the same two games, untouched.
    let list: Value = http
        .get(server.url("/api/games"))
        .bearer_auth(&admin)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let games = list["games"].as_array().unwrap();
    assert_eq!(games.len(), 2, "{list}");
    assert!(games.iter().all(|g| g["seq"] == 0));
    // An arbiter lists his own games; a game created with his token joins them.
    let third = {
        let resp = http
            .post(server.url("/api/games"))
            .bearer_auth(game.token("arbiter"))
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 201);
        resp.json::<Value>().await.unwrap()
    };
    assert_eq!(
        third["tokens"]["arbiter"],
        game.created["tokens"]["arbiter"]
    );
    let mine: Value = http
        .get(server.url("/api/games"))
        .bearer_auth(game.token("arbiter"))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let ids: Vec<&str> = mine["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["id"].as_str().unwrap())
        .collect();
    assert_eq!(ids.len(), 2);
    assert!(ids.contains(&game.id.as_str()) && !ids.contains(&other.id.as_str()));
    let state = http_state(
        &format!("http://{}", server.addr),
        &game,
        &game.token("spectator"),
    )
    .await;
    assert_eq!(state["seq"], 0);
    server.stop().await;
}

/// The real `hamle` binary on a data directory; the first line it prints names its address.
struct Process {
    child: tokio::process::Child,
    base: String,
    stdout: tokio::io::Lines<tokio::io::BufReader<tokio::process::ChildStdout>>,
}

impl Process {
    async fn start(data: &std::path::Path) -> Process {
        use tokio::io::AsyncBufReadExt;
        let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_hamle"))
            .args(["serve", "--listen", "127.0.0.1:0", "--data"])
            .arg(data)
            .env("LANG", "C")
            .env("RUST_LOG", "warn")
            .stdout(std::process::Stdio::piped())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let mut stdout = tokio::io::BufReader::new(child.stdout.take().unwrap()).lines();
        let line = tokio::time::timeout(support::STEP, stdout.next_line())
            .await
            .expect("the server says where it listens")
            .unwrap()
            .unwrap();
        let base = line
            .split_whitespace()
            .find(|w| w.starts_with("http://"))
            .unwrap_or_else(|| panic!("no address in {line:?}"))
            .to_owned();
        Process {
            child,
            base,
            stdout,
        }
    }

    fn addr(&self) -> String {
        self.base.trim_start_matches("http://").to_owned()
    }
}

#[tokio::test]
async fn every_acknowledged_move_survives_kill_9() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = Process::start(dir.path()).await;
    let game = support::create_at(&first.base, game_body()).await;
    let addr = first.addr();
    let (mut white, _) = Client::connect(&addr, &game, "white", Some(0)).await;
    let (mut black, _) = Client::connect(&addr, &game, "black", Some(0)).await;
    let (mut arbiter, _) = Client::connect(&addr, &game, "arbiter", Some(0)).await;
    let (mut spectator, _) = Client::connect(&addr, &game, "spectator", Some(0)).await;
    assert_eq!(play(&mut white, "e2e4").await, 1);
    let ack = black
        .request(json!({"type": "announce", "text": "Piyon ce beş"}))
        .await;
    assert_eq!(ack.last().unwrap()["seq"], 2);
    assert_eq!(play(&mut white, "g1f3").await, 3);
    assert_eq!(play(&mut black, "d7d6").await, 4);
    let reply = arbiter
        .request(json!({"type": "set_clock", "color": "black", "remaining_ms": 420_000}))
        .await;
    assert_eq!(reply.last().unwrap()["seq"], 5);
    // What the spectator saw before the crash: events 1 to 5.
    let before = events(&mut spectator, 1, 5).await;
    let before_clock = before.last().unwrap()["clock"].clone();
    assert_eq!(before_clock["running"], "white");

    // kill -9, mid-game, with White's clock running.
    first.child.kill().await.unwrap();
    drop((white, black, arbiter, spectator));

    let second = Process::start(dir.path()).await;
    let addr = second.addr();
    let state = http_state(&second.base, &game, &game.token("spectator")).await;
    let ucis: Vec<&str> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap())
        .collect();
    assert_eq!(ucis, ["e2e4", "c7c5", "g1f3", "d7d6"]);
    // Restored paused, the clocks as at the last recorded event, the outage not charged.
    assert_eq!(state["seq"], 6);
    assert_eq!(state["status"], "paused");
    assert_eq!(state["pause_reason"], "restart");
    assert_eq!(state["clock"]["white_ms"], before_clock["white_ms"]);
    assert_eq!(state["clock"]["black_ms"], 420_000);
    assert_eq!(state["clock"]["running"], Value::Null);

    // The numbering is intact: the same events 1..5, then the restart pause.
    let (mut white, welcome) = Client::connect(&addr, &game, "white", Some(0)).await;
    assert_eq!(welcome["seq"], 6);
    let replayed = events(&mut white, 1, 6).await;
    let (mut spectator, _) = Client::connect(&addr, &game, "spectator", Some(0)).await;
    assert_eq!(events(&mut spectator, 1, 5).await, before);
    assert_eq!(replayed[4], before[4]);
    assert_eq!(replayed[0]["uci"], "e2e4");
    assert_eq!(replayed[5]["kind"], "pause");
    assert_eq!(replayed[5]["reason"], "restart");
    assert_eq!(replayed[5]["by"], Value::Null);
    assert_eq!(
        replayed[5]["text"],
        text(Lang::De, "event-pause", &[("reason", "restart")])
    );
    white
        .refused(json!({"type": "move", "uci": "b1c3"}), "game_paused")
        .await;
    let (mut arbiter, _) = Client::connect(&addr, &game, "arbiter", Some(6)).await;
    assert_eq!(
        arbiter
            .request(json!({"type": "resume"}))
            .await
            .last()
            .unwrap()["seq"],
        7
    );
    assert_eq!(play(&mut white, "b1c3").await, 8);

    // SIGTERM: a clean stop that closes the connections with 1001.
    let pid = second.child.id().unwrap().to_string();
    let mut second = second;
    let status = std::process::Command::new("kill")
        .args(["-TERM", &pid])
        .status()
        .unwrap();
    assert!(status.success());
    let (close, _) = white.until_close().await;
    assert_eq!(close, Some(1001));
    let exit = tokio::time::timeout(support::STEP, second.child.wait())
        .await
        .expect("stops in time")
        .unwrap();
    assert!(exit.success(), "{exit:?}");
    let last = second.stdout.next_line().await.unwrap();
    assert_eq!(last.as_deref(), Some("hamle has stopped."));
}

#[tokio::test]
async fn the_flag_falls_on_the_server() {
    let server = TestServer::start().await;
    let addr = server.addr.to_string();
    let body = json!({"time_control": {"base_seconds": 1, "increment_seconds": 0}});
    let game = server.create(body).await;
    let (mut white, _) = Client::connect(&addr, &game, "white", Some(0)).await;
    let (mut black, _) = Client::connect(&addr, &game, "black", Some(0)).await;
    assert_eq!(play(&mut white, "e2e4").await, 1);
    events(&mut black, 1, 1).await;
    // Black thinks too long: one second later the server ends the game by itself.
    let end = events(&mut black, 2, 1).await.remove(0);
    assert_eq!(end["kind"], "end");
    assert_eq!(end["reason"], "timeout");
    assert_eq!(end["result"], "1-0");
    assert_eq!(end["by"], Value::Null);
    assert_eq!(end["clock"]["black_ms"], 0);
    assert_eq!(
        end["text"],
        text(
            Lang::De,
            "event-end",
            &[("reason", "timeout"), ("result", "white")]
        )
    );
    black
        .refused(json!({"type": "move", "uci": "e7e5"}), "game_over")
        .await;
    server.stop().await;
}

/// White: king, queen, rook, three pawns; Black: the lone king, to move at move 40.
const LONE_KING: &str = "7k/8/8/8/8/8/5PPP/3Q1RK1 b - - 0 40";

/// A POST that must be refused: the status and the body.
async fn refused_create(base: &str, body: Value, lang: &str) -> (u16, Value) {
    let resp = reqwest::Client::new()
        .post(format!("{base}/api/games"))
        .header("accept-language", lang)
        .json(&body)
        .send()
        .await
        .unwrap();
    (resp.status().as_u16(), resp.json().await.unwrap())
}

/// The games the admin token lists.
async fn listed(server: &TestServer) -> usize {
    let list: Value = reqwest::Client::new()
        .get(server.url("/api/games"))
        .bearer_auth(server.admin_token())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    list["games"].as_array().unwrap().len()
}

/// A game set up from a FEN (Black to move at move 40): created with `fen`, bad FENs refused
/// with a localised reason and nothing created, moves numbered from the FEN, the scoresheet
/// and the PGN (`SetUp`, `FEN`) from it, and the whole of it back after a restart.
#[tokio::test]
async fn a_game_from_a_set_up_position() {
    let server = TestServer::start().await;
    let base = format!("http://{}", server.addr);
    let body = json!({
        "white": {"name": "Anna", "visually_impaired": true, "assistant": true},
        "black": {"name": "Berk"},
        "languages": {"black": "en", "arbiter": "en"},
        "fen": format!("  {LONE_KING} "),
    });
    let game = server.create(body.clone()).await;
    let state = &game.created["state"];
    assert_eq!(state["start_fen"], LONE_KING);
    assert_eq!(state["fen"], LONE_KING);
    assert_eq!(state["turn"], "black");
    assert_eq!(state["moves"], json!([]));
    assert_eq!(state["clock"]["running"], Value::Null);

    // Bad start positions: 400 invalid_setting, the reason in the asker's language, and
    // nothing created.
    for (fen, problem, lang) in [
        ("not a position", "syntax", Lang::En),
        ("4k3/8/8/8/8/8/8/R3K3 w KQ - 0 1", "castling", Lang::De),
        ("4k3/8/8/8/8/8/8/4QK2 w - - 0 1", "check", Lang::Tr),
        ("4k2P/8/8/8/8/8/8/4K3 w - - 0 1", "pawns", Lang::En),
        ("7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", "over", Lang::De),
        ("4k3/8/8/8/8/8/8/3NK3 w - - 0 1", "over", Lang::Tr),
    ] {
        let mut bad = body.clone();
        bad["fen"] = json!(fen);
        let (status, err) = refused_create(&base, bad, lang.code()).await;
        assert_eq!(status, 400, "{fen}: {err}");
        assert_eq!(err["code"], "invalid_setting", "{fen}");
        assert_eq!(err["detail"], problem, "{fen}");
        assert_eq!(err["field"], "fen", "{fen}");
        assert_eq!(
            err["message"],
            text(
                lang,
                "error-invalid-fen",
                &[("field", "fen"), ("problem", problem)]
            ),
            "{fen}"
        );
    }
    // Every refused setting is named in `field` (the lobby puts the focus on its own field).
    for (setting, bad) in [
        (
            "time_control.base_seconds",
            json!({"time_control": {"base_seconds": 0}}),
        ),
        ("white.name", json!({"white": {"name": "Anna\nBerk"}})),
        ("languages.black", json!({"languages": {"black": "fr"}})),
        ("rules.failover", json!({"rules": {"failover": "later"}})),
    ] {
        let (status, err) = refused_create(&base, bad, "de").await;
        assert_eq!(
            (status, &err["code"]),
            (400, &json!("invalid_setting")),
            "{err}"
        );
        assert_eq!(err["field"], setting, "{err}");
    }
    let (status, err) = refused_create(&base, json!({"fen": 40}), "en").await;
    assert_eq!((status, &err["code"]), (400, &json!("invalid_request")));
    assert_eq!(
        text(
            Lang::En,
            "error-invalid-fen",
            &[("field", "fen"), ("problem", "castling")]
        ),
        "The setting fen is not a position a game can start from: the castling rights do not fit the kings and rooks."
    );
    assert_eq!(listed(&server).await, 1);

    // Black moves first; the moves are numbered from the FEN's move 40.
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", Some(0)).await;
    let (mut black, _) = Client::connect(&addr, &game, "black", Some(0)).await;
    white
        .refused(json!({"type": "move", "uci": "d1d5"}), "not_your_turn")
        .await;
    let reply = black.request(json!({"type": "move", "uci": "h8g8"})).await;
    assert_eq!(reply[0]["kind"], "move");
    assert_eq!(
        (&reply[0]["ply"], &reply[0]["number"], &reply[0]["color"]),
        (&json!(1), &json!(40), &json!("black"))
    );
    assert_eq!(reply[0]["clock"]["running"], "white");
    events(&mut white, 1, 1).await;
    let reply = white.request(json!({"type": "move", "uci": "d1d5"})).await;
    assert_eq!(
        (&reply[0]["number"], &reply[0]["san"]),
        (&json!(41), &json!("Qd5+"))
    );
    events(&mut black, 2, 1).await;
    assert_eq!(play(&mut black, "g8h8").await, 3);
    events(&mut white, 3, 1).await;

    // Black's own scoresheet, in English, numbered from move 40: nothing before it.
    let refused = black
        .refused(
            json!({"type": "write_sheet", "number": 39, "side": "black", "text": "Kh8"}),
            "no_such_slot",
        )
        .await;
    assert!(!refused.is_empty());
    for (number, side, entry, seq) in [
        (40, "black", "Kg8", 4),
        (41, "white", "Qd5+", 5),
        (41, "black", "Kh8", 6),
    ] {
        let reply = black
            .request(json!({"type": "write_sheet", "number": number, "side": side, "text": entry}))
            .await;
        assert_eq!(reply[0]["kind"], "sheet_written", "{reply:?}");
        assert_eq!(
            (&reply[0]["number"], &reply[0]["side"]),
            (&json!(number), &json!(side))
        );
        assert_eq!(reply.last().unwrap()["seq"], seq);
        events(&mut white, seq, 1).await;
    }
    let sheet = |server_base: String, game: support::Game| async move {
        reqwest::Client::new()
            .get(format!("{server_base}/api/games/{}/sheets/black", game.id))
            .bearer_auth(game.token("arbiter"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    };
    let sheet_before = sheet(base.clone(), game.clone()).await;
    assert!(
        sheet_before.contains("\n40... Kg8\n41. Qd5+, Kh8\n"),
        "{sheet_before}"
    );

    let pgn = |server_base: String, game: support::Game| async move {
        reqwest::Client::new()
            .get(format!("{server_base}/api/games/{}/pgn", game.id))
            .bearer_auth(game.token("spectator"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    };
    let before = pgn(base.clone(), game.clone()).await;
    assert!(
        before.contains(&format!(
            "[Result \"*\"]\n[SetUp \"1\"]\n[FEN \"{LONE_KING}\"]\n[TimeControl"
        )),
        "{before}"
    );
    let mut bare = before.replace('\n', " ");
    while let Some(i) = bare.find(" {[%clk") {
        let j = i + bare[i..].find("]}").unwrap() + 2;
        bare.replace_range(i..j, "");
    }
    assert!(bare.contains(" 40... Kg8 41. Qd5+ Kh8 *"), "{before}");
    let state_before = http_state(&base, &game, &game.token("spectator")).await;
    let rows: Vec<(u64, &str)> = state_before["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| (m["number"].as_u64().unwrap(), m["color"].as_str().unwrap()))
        .collect();
    assert_eq!(rows, [(40, "black"), (41, "white"), (41, "black")]);
    drop((white, black));

    // A restart: the same start, moves, position, sheet and PGN; paused for the arbiter.
    let dir = server.stop_keeping_data().await;
    let server = TestServer::start_in(dir, hamle::server::Limits::default()).await;
    let base = format!("http://{}", server.addr);
    let state = http_state(&base, &game, &game.token("spectator")).await;
    assert_eq!(state["start_fen"], LONE_KING);
    assert_eq!(state["fen"], state_before["fen"]);
    assert_eq!(state["moves"], state_before["moves"]);
    assert_eq!(state["status"], "paused");
    assert_eq!(state["pause_reason"], "restart");
    assert_eq!(sheet(base.clone(), game.clone()).await, sheet_before);
    assert_eq!(pgn(base.clone(), game.clone()).await, before);
    let addr = server.addr.to_string();
    let (mut arbiter, _) = Client::connect(&addr, &game, "arbiter", Some(7)).await;
    assert_eq!(
        arbiter
            .request(json!({"type": "resume"}))
            .await
            .last()
            .unwrap()["seq"],
        8
    );
    let (mut white, _) = Client::connect(&addr, &game, "white", Some(8)).await;
    let reply = white.request(json!({"type": "move", "uci": "d5d8"})).await;
    assert_eq!(
        (&reply[0]["number"], &reply[0]["san"]),
        (&json!(42), &json!("Qd8+"))
    );
    server.stop().await;
}

mod scenario;

/// One test per scenario file in `tests/data/scenarios/`, each under tokio's paused clock.
macro_rules! scenarios {
    ($($name:ident),* $(,)?) => {
        $(
            #[tokio::test(start_paused = true)]
            async fn $name() {
                scenario::run(concat!(stringify!($name), ".json")).await;
            }
        )*
        #[test]
        fn every_scenario_file_has_a_test() {
            let listed: std::collections::BTreeSet<String> =
                [$(concat!(stringify!($name), ".json")),*].iter().map(|s| s.to_string()).collect();
            let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/scenarios");
            let on_disk: std::collections::BTreeSet<String> = std::fs::read_dir(dir)
                .unwrap()
                .map(|e| e.unwrap().file_name().into_string().unwrap())
                .filter(|n| n.ends_with(".json"))
                .collect();
            assert_eq!(listed, on_disk);
        }
    };
}

scenarios!(
    touch_own_piece,
    touch_opponent_piece,
    touch_both_pieces,
    touch_king_and_rook,
    touch_i_adjust,
    made_move_gate,
    made_move_progress,
    repeat_and_execute,
    slip_of_the_tongue,
    time_claim,
    claim_repetition,
    claim_fifty_moves,
    illegal_move_restore,
    illegal_move_seed_edition,
    assistant_duties,
    sighted_players_assistant,
    six_ten_flag_draw,
    six_ten_claim,
    flag_loss_knight_can_mate,
);

#[tokio::test]
async fn whole_appendix_game_tactile_against_normal_german_and_turkish() {
    scenario::whole_appendix_game().await;
}

/// Issue 15, the protocol as a client author reads it: a greeting refused in the language it
/// asks for, `since: -1` a fresh state, `sheet_written.ply` counted from 1 like `moves[].ply`,
/// one assistant at the board.
#[tokio::test]
async fn protocol_items_of_issue_15() {
    let server = TestServer::start().await;
    let addr = server.addr.to_string();
    let game = server.create(game_body()).await;

    // A hello with `lang` and no token: refused in that language.
    for (lang, want) in [
        (
            "de",
            text(Lang::De, "error-missing-field", &[("field", "token")]),
        ),
        (
            "tr",
            text(Lang::Tr, "error-missing-field", &[("field", "token")]),
        ),
    ] {
        let mut c = Client::from_ws(Client::open(&addr, &game).await, "stranger");
        c.send(json!({"type": "hello", "v": 1, "lang": lang})).await;
        let (close, msgs) = c.until_close().await;
        assert_eq!(close, Some(4400));
        assert_eq!(msgs[0]["code"], "missing_field");
        assert_eq!(msgs[0]["message"], want.as_str(), "{lang}");
    }
    assert_ne!(
        text(Lang::De, "error-missing-field", &[("field", "token")]),
        text(Lang::Tr, "error-missing-field", &[("field", "token")])
    );

    // `since: -1`, a number never issued: welcome without resuming, then one fresh state.
    let mut c = Client::from_ws(Client::open(&addr, &game).await, "white");
    c.send(json!({"type": "hello", "v": 1, "token": game.token("white"), "since": -1}))
        .await;
    let welcome = c.recv().await;
    assert_eq!(welcome["type"], "welcome", "{welcome}");
    assert_eq!(welcome["resumed"], false);
    let state = c.recv().await;
    assert_eq!(state["type"], "state", "{state}");
    assert_eq!(state["state"]["seq"], 0);

    // A scoresheet entry's `ply` counts from 1, as the moves' do: 1. e4 is ply 1, 1... e5 ply 2.
    for (number, side, ply) in [(1, "white", 1), (1, "black", 2), (2, "white", 3)] {
        let got = c
            .request(json!({"type": "write_sheet", "number": number, "side": side, "text": "x"}))
            .await;
        assert_eq!(got[0]["kind"], "sheet_written", "{got:?}");
        assert_eq!(got[0]["ply"], ply, "{got:?}");
        assert_eq!(got[0]["number"], number);
    }
    let got = c
        .request(json!({"type": "strike_sheet", "number": 2, "side": "white"}))
        .await;
    assert_eq!(got[0]["kind"], "sheet_struck", "{got:?}");
    assert_eq!(got[0]["ply"], 3);

    // The sighted player's assistant only when the visually impaired player has none.
    let http = reqwest::Client::new();
    let both = json!({
        "white": {"visually_impaired": true, "assistant": true},
        "black": {"assistant": true},
    });
    let resp = http
        .post(server.url("/api/games"))
        .json(&both)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 400);
    let body: Value = resp.json().await.unwrap();
    assert_eq!(body["code"], "invalid_setting", "{body}");
    for ok in [
        json!({"white": {"visually_impaired": true, "assistant": true}}),
        json!({"white": {"visually_impaired": true}, "black": {"assistant": true}}),
    ] {
        server.create(ok).await;
    }
    server.stop().await;
}
