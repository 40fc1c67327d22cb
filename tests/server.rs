//! The play server end to end: a real server on 127.0.0.1:0, real WebSocket clients.

#[path = "server/support.rs"]
mod support;

use hamle::announce::{Lang, Style};
use hamle::i18n::{Messages, message_ids, sources};
use hamle::say::Speaker;
use serde_json::{Value, json};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Position};
use support::{Client, TestServer, http_state};

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
        let fen = shakmaty::fen::Fen::from_position(&after, shakmaty::EnPassantMode::Legal).to_string();
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
            assert_eq!(ev["short"], speaker.say_move(&pos, m, Style::Short), "{}", seats[k]);
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
                let end = if k == mover { reply[1].clone() } else { c.recv().await };
                assert_eq!(end["seq"], 14);
                assert_eq!(end["kind"], "end");
                assert_eq!(end["result"], "1-0");
                assert_eq!(end["reason"], "checkmate");
                assert_eq!(
                    end["text"],
                    text(lang, "event-end", &[("reason", "checkmate"), ("result", "white")])
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
    assert!(
        pgn.contains("1. e4 e5 2. Nf3 d6 3. Bc4 Bg4 4. Nc3 g6 5. Nxe5 Bxd1 6. Bxf7+ Ke7 7. Nd5# 1-0"),
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

#[tokio::test]
async fn reconnect_gets_exactly_the_missed_events() {
    let server = TestServer::start().await;
    let addr = server.addr.to_string();
    let game = server.create(game_body()).await;
    let (mut white, _) = Client::connect(&addr, &game, "white", Some(0)).await;
    let (mut black, welcome) = Client::connect(&addr, &game, "black", Some(0)).await;
    assert_eq!(welcome["resumed"], true);
    let (mut arbiter, _) = Client::connect(&addr, &game, "arbiter", Some(0)).await;

    assert_eq!(play(&mut white, "e2e4").await, 1);
    events(&mut black, 1, 1).await;
    assert_eq!(play(&mut black, "c7c5").await, 2);
    events(&mut white, 2, 1).await;
    // Black goes away having seen event 2.
    drop(black);

    assert_eq!(play(&mut white, "g1f3").await, 3);
    // While black comes back, the arbiter keeps making events.
    let busy = tokio::spawn(async move {
        for i in 0..10u64 {
            let reply = arbiter
                .request(json!({"type": "set_clock", "color": "white", "remaining_ms": 300_000 + i}))
                .await;
            assert_eq!(reply.last().unwrap()["type"], "ack");
        }
        arbiter
    });
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
        .refused(json!({"type": "announce", "text": "Bauer Eva vier"}), "forbidden")
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
    arbiter.refused(json!({"type": "resume"}), "not_paused").await;

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
        .refused(json!({"type": "announce", "text": "Bauer Eva fünf"}), "not_your_turn")
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
    arbiter.refused(json!({"type": "pause"}), "game_paused").await;
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
    assert_eq!(reply[0]["text"], "The arbiter sets Black's clock to 2 minutes.");
    let ev = events(&mut black, 3, 1).await;
    assert_eq!(ev[0]["text"], "Hakem Siyah saatini 2 dakika olarak ayarladı.");
    let ev = events(&mut white, 3, 1).await;
    assert_eq!(ev[0]["text"], "Der Schiedsrichter stellt die Uhr von Schwarz auf 2 Minuten.");
    arbiter.request(json!({"type": "resume"})).await;
    assert_eq!(play(&mut black, "e7e5").await, 5);

    // The arbiter ends the game; then nobody moves.
    let reply = arbiter.request(json!({"type": "end", "result": "1/2-1/2"})).await;
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
