//! The round desk over HTTP and its WebSocket (issue 18): a round created from a pairings
//! list, a TRF file and JSON boards; refused pairings named by their line in the request's
//! language; the round token as every board's arbiter token; alerts from several boards in
//! the order they happened; pause and resume every board.

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::support::{self, Client, Game, STEP, TestServer};

const LIST: &str = "1;Anna Weiss;4600001;vi de;Ben Kraus;4600002;en\n\
                    2;Clara Schulz;;;Deniz Arslan;;vi assistant tr\n\
                    3;Emil Meyer;;;Frieda Koch;;vi\n";

async fn post(server: &TestServer, path: &str, body: Value, lang: &str) -> (u16, Value) {
    let resp = reqwest::Client::new()
        .post(server.url(path))
        .header("accept-language", lang)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap())
}

async fn with_token(server: &TestServer, path: &str, token: &str, post: bool) -> (u16, Value) {
    let client = reqwest::Client::new();
    let req = if post {
        client.post(server.url(path))
    } else {
        client.get(server.url(path))
    };
    let resp = req.bearer_auth(token).send().await.unwrap();
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

fn seat_token(board: &Value, seat: &str) -> String {
    let link = board["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["seat"] == seat)
        .unwrap_or_else(|| panic!("no {seat} link: {board}"));
    let url = link["url"].as_str().unwrap();
    url.split("token=").nth(1).unwrap().to_owned()
}

fn game_of(board: &Value, tokens: &[(&str, String)]) -> Game {
    let mut t = serde_json::Map::new();
    for (seat, token) in tokens {
        t.insert((*seat).to_owned(), json!(token));
    }
    Game {
        id: board["game"].as_str().unwrap().to_owned(),
        created: json!({ "tokens": t }),
    }
}

async fn desk(server: &TestServer, round: &str, token: &str) -> Client {
    let url = format!("ws://{}/api/rounds/{round}/ws", server.addr);
    let (ws, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let mut c = Client::from_ws(ws, "round desk");
    c.send(json!({"type": "hello", "token": token, "lang": "en"}))
        .await;
    c
}

#[tokio::test]
async fn a_round_from_a_pairings_list_opens_every_board_with_one_token() {
    let server = TestServer::start().await;
    let (status, round) = post(
        &server,
        "/api/rounds",
        json!({"event": {"name": "Blind Open", "site": "Hamburg", "round": "3"},
               "pairings": LIST, "origin": "https://chess.example", "lang": "de"}),
        "en",
    )
    .await;
    assert_eq!(status, 201, "{round}");
    let boards = round["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 3);
    assert_eq!(round["event"], "Blind Open");
    assert_eq!(round["round"], "3");
    let token = round["token"].as_str().unwrap().to_owned();
    assert!(
        round["desk"]
            .as_str()
            .unwrap()
            .starts_with("https://chess.example/round?lang=de#round=")
    );
    // Board 1: Anna (visually impaired, German) opens /vi; Ben's link speaks English.
    let b1 = &boards[0];
    assert_eq!(b1["board"], 1);
    assert_eq!(b1["white"]["fide_id"], "4600001");
    let white = b1["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["seat"] == "white")
        .unwrap();
    assert!(
        white["url"]
            .as_str()
            .unwrap()
            .starts_with("https://chess.example/vi?lang=de#game=")
    );
    assert!(
        white["qr"]
            .as_str()
            .unwrap()
            .starts_with("data:image/svg+xml;base64,")
    );
    let black = b1["seats"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["seat"] == "black")
        .unwrap();
    assert!(
        black["url"]
            .as_str()
            .unwrap()
            .starts_with("https://chess.example/board?lang=en#")
    );
    // Board 2's black player has an assistant; no sheet carries the arbiter's token.
    let seats: Vec<&str> = boards[1]["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["seat"].as_str().unwrap())
        .collect();
    assert_eq!(seats, ["white", "black", "black_assistant", "spectator"]);
    for b in boards {
        for s in b["seats"].as_array().unwrap() {
            assert!(!s["url"].as_str().unwrap().contains(&token), "{s}");
        }
    }
    // The round token is each board's arbiter token.
    for b in boards {
        let game = game_of(b, &[("arbiter", token.clone())]);
        let (_c, welcome) = Client::connect(&server.addr.to_string(), &game, "arbiter", None).await;
        assert_eq!(welcome["seat"], "arbiter");
        let state = support::http_state(&format!("http://{}", server.addr), &game, &token).await;
        assert_eq!(state["time_control"]["base_ms"], 90 * 60 * 1000);
    }
    // Every board now, only with the round's token.
    let id = round["id"].as_str().unwrap();
    let (status, _) = with_token(
        &server,
        &format!("/api/rounds/{id}"),
        "0123456789abcdef0123456789abcdef",
        false,
    )
    .await;
    assert_eq!(status, 401);
    let (status, now) = with_token(&server, &format!("/api/rounds/{id}"), &token, false).await;
    assert_eq!(status, 200);
    assert_eq!(now["boards"][2]["white"]["name"], "Emil Meyer");
    assert_eq!(now["boards"][0]["white"]["visually_impaired"], true);
    assert_eq!(now["boards"][0]["status"], "playing");
    server.stop().await;
}

#[tokio::test]
async fn refused_pairings_name_their_line_in_the_requests_language_and_create_nothing() {
    let server = TestServer::start().await;
    let bad = "1;Anna;;;Ben;;\n2;Clara;;blind;Deniz;;\n";
    let (status, err) = post(&server, "/api/rounds", json!({"pairings": bad}), "de").await;
    assert_eq!(status, 400);
    assert_eq!(err["code"], "invalid_pairings");
    assert_eq!(err["detail"], "option:2");
    let message = err["message"].as_str().unwrap();
    assert!(
        message.starts_with("Zeile 2") && message.contains("blind"),
        "{message}"
    );
    let (_, err) = post(&server, "/api/rounds", json!({"pairings": "1;A;;;B"}), "en").await;
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .starts_with("Line 1: a board needs seven fields"),
        "{err}"
    );
    let (_, err) = post(
        &server,
        "/api/rounds",
        json!({"boards": [{"board": 1, "white": {"name": "A"}, "black": {"name": "B"}},
                          {"board": 1, "white": {"name": "C"}, "black": {"name": "D"}}]}),
        "en",
    )
    .await;
    assert_eq!(err["message"], "Board entry 2: board 1 is given twice.");
    // None of them, and not two sources at once.
    let (status, err) = post(
        &server,
        "/api/rounds",
        json!({"pairings": LIST, "trf": "x"}),
        "en",
    )
    .await;
    assert_eq!(
        (status, err["code"].as_str()),
        (400, Some("invalid_setting"))
    );
    let admin = server.admin_token();
    let (status, list) = with_token(&server, "/api/games", &admin, false).await;
    assert_eq!(status, 200);
    assert_eq!(list["games"].as_array().map(Vec::len), Some(0), "{list}");
    server.stop().await;
}

#[tokio::test]
async fn a_trf_round_and_its_visually_impaired_players() {
    let server = TestServer::start().await;
    let trf = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pairings/open.trf"
    ))
    .unwrap();
    let (status, round) = post(
        &server,
        "/api/rounds",
        json!({"trf": trf, "trf_round": 2}),
        "en",
    )
    .await;
    assert_eq!(status, 201, "{round}");
    assert_eq!(round["event"], "Blind Open 2026");
    assert_eq!(round["site"], "Hamburg");
    assert_eq!(round["round"], "2");
    let boards = round["boards"].as_array().unwrap();
    assert_eq!(boards.len(), 10);
    let vi: Vec<u64> = boards
        .iter()
        .filter(|b| {
            b["white"]["visually_impaired"] == true || b["black"]["visually_impaired"] == true
        })
        .map(|b| b["board"].as_u64().unwrap())
        .collect();
    assert_eq!(vi, [1, 2, 5]);
    server.stop().await;
}

#[tokio::test]
async fn alerts_from_several_boards_come_in_order_and_every_board_pauses_at_once() {
    let server = TestServer::start().await;
    let (_, round) = post(
        &server,
        "/api/rounds",
        json!({"pairings": LIST, "lang": "en"}),
        "en",
    )
    .await;
    let id = round["id"].as_str().unwrap().to_owned();
    let token = round["token"].as_str().unwrap().to_owned();
    let boards = round["boards"].as_array().unwrap().clone();
    let addr = server.addr.to_string();
    // A wrong token is refused (4401).
    let mut wrong = desk(&server, &id, "0123456789abcdef0123456789abcdef").await;
    let (code, seen) = wrong.until_close().await;
    assert_eq!(code, Some(4401));
    assert_eq!(seen[0]["code"], "bad_token");

    // Board 1's blind white player claims a draw before the desk opens: a past alert, which
    // says what was claimed and how it ended. A time request is routine: no alert (issue 31).
    let b1 = game_of(
        &boards[0],
        &[
            ("white", seat_token(&boards[0], "white")),
            ("arbiter", token.clone()),
        ],
    );
    let (mut w1, _) = Client::connect(&addr, &b1, "white", None).await;
    let got = w1.request(json!({"type": "talking_clock"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let claim = json!({"type": "claim_draw", "claim": "repetition", "confirmed": true});
    let got = w1.request(claim.clone()).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let mut d = desk(&server, &id, &token).await;
    let hello = d.recv().await;
    assert_eq!(hello["type"], "round", "{hello}");
    assert_eq!(hello["boards"].as_array().unwrap().len(), 3);
    assert_eq!(hello["alerts"].as_array().unwrap().len(), 1, "{hello}");
    assert_eq!(hello["alerts"][0]["past"], true);
    assert_eq!(hello["alerts"][0]["closed_at_ms"], Value::Null);
    assert_eq!(
        hello["alerts"][0]["text"],
        "Board 1: White (Anna Weiss) claimed a draw by threefold repetition: not correct, play goes on."
    );

    // Then board 3's white player, board 2's: alerts in that order, each before its board's
    // line; their time requests raise none.
    let b3 = game_of(&boards[2], &[("white", seat_token(&boards[2], "white"))]);
    let (mut k3, _) = Client::connect(&addr, &b3, "white", None).await;
    k3.request(json!({"type": "talking_clock"})).await;
    k3.request(claim.clone()).await;
    let b2 = game_of(&boards[1], &[("white", seat_token(&boards[1], "white"))]);
    let (mut k2, _) = Client::connect(&addr, &b2, "white", None).await;
    k2.request(claim.clone()).await;
    let mut alerts = Vec::new();
    while alerts.len() < 2 {
        let m = d.recv().await;
        if m["type"] == "alert" {
            alerts.push(m);
        }
    }
    assert_eq!(alerts[0]["board"], 3);
    assert_eq!(alerts[0]["n"], 2);
    assert_eq!(alerts[0]["kind"], "claim");
    assert_eq!(alerts[0]["past"], false);
    assert_eq!(alerts[1]["board"], 2);
    assert_eq!(
        alerts[1]["text"],
        "Board 2: White (Clara Schulz) claimed a draw by threefold repetition: not correct, play goes on."
    );

    // Pause every board: each answers, and the desk sees each board paused.
    let (status, paused) =
        with_token(&server, &format!("/api/rounds/{id}/pause"), &token, true).await;
    assert_eq!(status, 200);
    assert!(
        paused["boards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["done"] == true),
        "{paused}"
    );
    let mut seen = std::collections::BTreeSet::new();
    while seen.len() < 3 {
        let m = d.recv().await;
        if m["type"] == "board" && m["status"] == "paused" {
            seen.insert(m["board"].as_u64().unwrap());
        }
    }
    // Pausing again is refused board by board, with the reason.
    let (_, again) = with_token(&server, &format!("/api/rounds/{id}/pause"), &token, true).await;
    assert_eq!(again["boards"][0]["done"], false);
    assert!(again["boards"][0]["message"].as_str().is_some());
    let (_, resumed) = with_token(&server, &format!("/api/rounds/{id}/resume"), &token, true).await;
    assert!(
        resumed["boards"]
            .as_array()
            .unwrap()
            .iter()
            .all(|b| b["done"] == true),
        "{resumed}"
    );
    // The arbiter's own desk of board 1 keeps its seat while the round desk follows it.
    let arb = game_of(&boards[0], &[("arbiter", token.clone())]);
    let (mut a1, _) = Client::connect(&addr, &arb, "arbiter", None).await;
    a1.request(json!({"type": "ping"})).await;
    // Board 1's case closes when its game ends: the desk hears which alert closed, and when.
    let got = a1
        .request(json!({"type": "end", "result": "1/2-1/2"}))
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let closed = loop {
        let m = d.recv().await;
        if m["type"] == "alert_closed" {
            break m;
        }
        assert_ne!(m["type"], "alert", "{m}");
    };
    assert_eq!(closed["board"], 1);
    assert_eq!(closed["seq"], hello["alerts"][0]["seq"]);
    assert!(closed["at_ms"].as_u64().unwrap() >= hello["alerts"][0]["at_ms"].as_u64().unwrap());
    // A desk opened now lists it closed, the others open.
    let mut d2 = desk(&server, &id, &token).await;
    let hello = d2.recv().await;
    let alerts = hello["alerts"].as_array().unwrap();
    assert_eq!(alerts.len(), 3, "{hello}");
    let closed: Vec<bool> = alerts.iter().map(|a| a["closed_at_ms"].is_u64()).collect();
    assert_eq!(closed, [true, false, false], "{hello}");

    d.ws.send(Message::Close(None)).await.unwrap();
    let _ = tokio::time::timeout(STEP, d.ws.next()).await;
    server.stop().await;
}

/// Issue 30: a round created the assistant seat of a sighted player whose visually impaired
/// opponent has his own, which `POST /api/games` refuses (one assistant at the board). Refused
/// the same way, in every form, naming the line or the board entry; nothing is created.
#[tokio::test]
async fn a_round_refuses_what_a_game_refuses_a_sighted_players_assistant_beside_the_vi_ones() {
    let server = TestServer::start().await;
    let (status, err) = post(
        &server,
        "/api/games",
        json!({"white": {"visually_impaired": true, "assistant": true},
               "black": {"assistant": true}}),
        "en",
    )
    .await;
    assert_eq!(status, 400, "{err}");
    let (status, err) = post(
        &server,
        "/api/rounds",
        json!({"pairings": "1;Anna;;;Ben;;\n2;Clara;;vi assistant;Deniz;;assistant\n"}),
        "en",
    )
    .await;
    assert_eq!(status, 400, "{err}");
    assert_eq!(err["code"], "invalid_pairings");
    assert_eq!(err["detail"], "assistant:2");
    assert!(
        err["message"].as_str().unwrap().starts_with("Line 2:"),
        "{err}"
    );
    let (status, err) = post(
        &server,
        "/api/rounds",
        json!({"boards": [{"board": 1, "white": {"name": "A", "assistant": true},
                            "black": {"name": "B", "visually_impaired": true, "assistant": true}}]}),
        "de",
    )
    .await;
    assert_eq!(status, 400, "{err}");
    assert!(
        err["message"]
            .as_str()
            .unwrap()
            .starts_with("Brett-Eintrag 1:"),
        "{err}"
    );
    // One assistant at the board, either's, is fine.
    let (status, round) = post(
        &server,
        "/api/rounds",
        json!({"pairings": "1;Anna;;vi assistant;Ben;;\n2;Clara;;;Deniz;;assistant\n"}),
        "en",
    )
    .await;
    assert_eq!(status, 201, "{round}");
    let list: Value = reqwest::Client::new()
        .get(server.url("/api/games"))
        .bearer_auth(server.admin_token())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    assert_eq!(list["games"].as_array().unwrap().len(), 2, "{list}");
    server.stop().await;
}

/// Issue 30: `origin` took ports 0, 65536 and 99999 (links and QR codes that lead nowhere).
#[tokio::test]
async fn a_rounds_origin_must_name_a_port_that_exists() {
    let server = TestServer::start().await;
    for origin in [
        "http://club.example:0",
        "http://club.example:65536",
        "https://club.example:99999",
        "http://[::1]:0",
    ] {
        let (status, err) = post(
            &server,
            "/api/rounds",
            json!({"pairings": "1;A;;;B;;\n", "origin": origin}),
            "en",
        )
        .await;
        assert_eq!(status, 400, "{origin}: {err}");
        assert_eq!(err["field"], "origin", "{origin}: {err}");
    }
    for origin in ["http://club.example:65535", "http://[::1]:7878"] {
        let (status, round) = post(
            &server,
            "/api/rounds",
            json!({"pairings": "1;A;;;B;;\n", "origin": origin}),
            "en",
        )
        .await;
        assert_eq!(status, 201, "{origin}: {round}");
        assert!(
            round["desk"].as_str().unwrap().starts_with(origin),
            "{round}"
        );
    }
    server.stop().await;
}

/// Issue 30: the round desk's socket had none of the spectators' limits (400 desks from one
/// address admitted, +130 MiB; messages after `hello` not rate limited). Now a desk is a
/// spectator of its address and of its round, and a flood after the hello is closed.
#[tokio::test]
async fn the_round_desk_is_held_to_the_spectators_limits() {
    let server = TestServer::start_with(hamle::server::Limits {
        max_spectators_per_address: 2,
        burst: 5,
        per_second: 1.0,
        flood_strikes: 10,
        ..hamle::server::Limits::default()
    })
    .await;
    let (status, round) = post(&server, "/api/rounds", json!({"pairings": LIST}), "en").await;
    assert_eq!(status, 201, "{round}");
    let id = round["id"].as_str().unwrap().to_owned();
    let token = round["token"].as_str().unwrap().to_owned();
    let mut first = desk(&server, &id, &token).await;
    assert_eq!(first.recv().await["type"], "round");
    let mut second = desk(&server, &id, &token).await;
    assert_eq!(second.recv().await["type"], "round");
    // A third from the same address: refused as a third spectator would be.
    let mut third = desk(&server, &id, &token).await;
    let (close, msgs) = third.until_close().await;
    assert_eq!(close, Some(4429), "{msgs:?}");
    assert_eq!(msgs.last().unwrap()["code"], "address_busy", "{msgs:?}");
    // A flood after the hello is closed like any socket's.
    for i in 0..40 {
        first.send(json!({"type": "noise", "n": i})).await;
    }
    let (close, msgs) = first.until_close().await;
    assert_eq!(close, Some(1008), "{msgs:?}");
    assert_eq!(msgs.last().unwrap()["code"], "flood", "{msgs:?}");
    // Its place is given back once its socket has closed: another desk gets in.
    let mut got_in = false;
    for _ in 0..30 {
        let mut again = desk(&server, &id, &token).await;
        let first = again.recv().await;
        if first["type"] == "round" {
            got_in = true;
            break;
        }
        assert_eq!(first["code"], "address_busy", "{first}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert!(got_in, "the flooding desk's place was given back");
    drop(second);
    server.stop().await;
}

/// `GET` with a bearer token: the status, the headers and the body as text.
async fn download(
    server: &TestServer,
    path: &str,
    token: &str,
) -> (u16, reqwest::header::HeaderMap, String) {
    let resp = reqwest::Client::new()
        .get(server.url(path))
        .header("accept-language", "en")
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    let headers = resp.headers().clone();
    (status, headers, resp.text().await.unwrap())
}

/// Issue 31, items 5 and 6: a round read from a TRF file numbers its boards as C.04.2 does,
/// keeps its players' starting ranks, FIDE ids and byes, and gives its results back as TRF16
/// lines and as a plain list; games not over are left out of the TRF lines.
#[tokio::test]
async fn a_trf_rounds_results_go_back_to_the_pairing_program() {
    let server = TestServer::start().await;
    let trf = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/pairings/c0402.trf"
    ))
    .unwrap();
    let (status, round) = post(
        &server,
        "/api/rounds",
        json!({"trf": trf, "trf_round": 3, "lang": "en"}),
        "en",
    )
    .await;
    assert_eq!(status, 201, "{round}");
    assert_eq!(round["round"], "3");
    let boards = round["boards"].as_array().unwrap().clone();
    // C.04.2's order, not the starting ranks': Lorenz - Fuchs (1 + 1) on board 4, Jung -
    // Dietz (1/2 + 1/2) on board 6.
    let names: Vec<String> = boards
        .iter()
        .map(|b| format!("{} - {}", b["white"]["name"], b["black"]["name"]))
        .collect();
    assert_eq!(names[3], r#""Lorenz, Lea" - "Fuchs, Fritz""#);
    assert_eq!(names[5], r#""Jung, Jan" - "Dietz, Dana""#);
    let id = round["id"].as_str().unwrap().to_owned();
    let token = round["token"].as_str().unwrap().to_owned();
    let addr = server.addr.to_string();

    // Board 1 is played: 1. e4 e5, Black resigns.
    let b1 = game_of(
        &boards[0],
        &[
            ("white", seat_token(&boards[0], "white")),
            ("black", seat_token(&boards[0], "black")),
        ],
    );
    let (mut w, _) = Client::connect(&addr, &b1, "white", None).await;
    let (mut b, _) = Client::connect(&addr, &b1, "black", None).await;
    let got = w.request(json!({"type": "move", "uci": "e2e4"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let got = b.request(json!({"type": "move", "uci": "e7e5"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let got = b
        .request(json!({"type": "resign", "confirmed": true}))
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    // Board 3's White never came: the arbiter declares a forfeit (issue 31), shown first.
    let b3 = game_of(&boards[2], &[("arbiter", token.clone())]);
    let (mut a3, _) = Client::connect(&addr, &b3, "arbiter", None).await;
    let forfeit = json!({"type": "forfeit", "result": "0-1"});
    let got = a3.request(forfeit.clone()).await;
    assert_eq!(got.last().unwrap()["type"], "confirm", "{got:?}");
    let mut confirmed = forfeit;
    confirmed["confirmed"] = json!(true);
    let got = a3.request(confirmed).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    // Board 6 lasted less than one move: 1. e4, then the arbiter declares a draw.
    let b6 = game_of(
        &boards[5],
        &[
            ("white", seat_token(&boards[5], "white")),
            ("arbiter", token.clone()),
        ],
    );
    let (mut w6, _) = Client::connect(&addr, &b6, "white", None).await;
    let got = w6.request(json!({"type": "move", "uci": "e2e4"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let (mut a6, _) = Client::connect(&addr, &b6, "arbiter", None).await;
    let got = a6
        .request(json!({"type": "end", "result": "1/2-1/2"}))
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    // Issue 31: the sheets show the draw was declared by mistake; the arbiter corrects it to
    // White's win after the end, and the exports follow.
    let got = a6
        .request(
            json!({"type": "correct_result", "result": "1-0", "confirmed": true,
            "reason": "The arbiter's slip: Dietz resigned."}),
        )
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    // The round desk's boards show the corrected result, board 3 as a forfeit.
    let (status, now) = with_token(&server, &format!("/api/rounds/{id}"), &token, false).await;
    assert_eq!(status, 200, "{now}");
    assert_eq!(now["boards"][5]["result"], "1-0", "{now}");
    assert_eq!(now["boards"][5]["end_reason"], "arbiter");
    assert_eq!(now["boards"][2]["result"], "0-1");
    assert_eq!(now["boards"][2]["end_reason"], "forfeit");

    // A wrong token gets neither export.
    for ext in ["trf", "csv"] {
        let path = format!("/api/rounds/{id}/results.{ext}");
        let (status, _, _) = download(&server, &path, "0123456789abcdef0123456789abcdef").await;
        assert_eq!(status, 401, "{ext}");
    }

    let (status, headers, text) =
        download(&server, &format!("/api/rounds/{id}/results.trf"), &token).await;
    assert_eq!(status, 200, "{text}");
    assert_eq!(
        headers["content-disposition"],
        "attachment; filename=\"round-3-results.trf\""
    );
    let lines: Vec<&str> = text.split("\r\n").filter(|l| !l.is_empty()).collect();
    assert_eq!(lines[..2], ["012 Trial Open 2026", "022 Hamburg"]);
    // Starting rank (columns 5-8), FIDE number (58-68) and round 3's columns (112-119).
    let round_three: Vec<String> = lines[2..]
        .iter()
        .map(|l| format!("{} {} {}", l[4..8].trim(), l[57..68].trim(), &l[111..119]))
        .collect();
    assert_eq!(
        round_three,
        [
            "1 4700001 0007 w 1",
            "3 4700003 0009 w -",
            "4 4700004 0010 b L",
            "7 4700007 0001 b 0",
            "9 4700009 0003 b +",
            "10 4700010 0004 w W",
            "13 4700013 0000 - H",
        ]
    );

    let (status, headers, text) =
        download(&server, &format!("/api/rounds/{id}/results.csv"), &token).await;
    assert_eq!(status, 200, "{text}");
    assert_eq!(headers["content-type"], "text/csv; charset=utf-8");
    assert_eq!(
        text,
        "board,white,black,result\r\n\
         1,\"Aksoy, Ada\",\"Genc, Gul\",1-0\r\n\
         2,\"Hahn, Hilde\",\"Bauer, Ben\",*\r\n\
         3,\"Cetin, Cem\",\"Isik, Ilker\",0F-1F\r\n\
         4,\"Lorenz, Lea\",\"Fuchs, Fritz\",*\r\n\
         5,\"Eren, Ela\",\"Kilic, Kaan\",*\r\n\
         6,\"Jung, Jan\",\"Dietz, Dana\",1-0\r\n"
    );
    server.stop().await;
}

/// A round from a pairings list has no starting ranks: no TRF lines (`409
/// no_starting_ranks`, said in the request's language), but its list.
#[tokio::test]
async fn a_list_rounds_results_are_a_list_only() {
    let server = TestServer::start().await;
    let (_, round) = post(
        &server,
        "/api/rounds",
        json!({"pairings": LIST, "lang": "en"}),
        "en",
    )
    .await;
    let id = round["id"].as_str().unwrap();
    let token = round["token"].as_str().unwrap();
    let (status, _, text) =
        download(&server, &format!("/api/rounds/{id}/results.trf"), token).await;
    assert_eq!(status, 409, "{text}");
    let body: Value = serde_json::from_str(&text).unwrap();
    assert_eq!(body["code"], "no_starting_ranks");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("not read from a TRF file"),
        "{body}"
    );
    let (status, _, text) =
        download(&server, &format!("/api/rounds/{id}/results.csv"), token).await;
    assert_eq!(status, 200);
    assert_eq!(
        text,
        "board,white,black,result\r\n1,Anna Weiss,Ben Kraus,*\r\n\
         2,Clara Schulz,Deniz Arslan,*\r\n3,Emil Meyer,Frieda Koch,*\r\n"
    );
    server.stop().await;
}

/// `POST` with a bearer token and a JSON body, in `lang`.
async fn post_with(
    server: &TestServer,
    path: &str,
    token: &str,
    body: Value,
    lang: &str,
) -> (u16, Value) {
    let resp = reqwest::Client::new()
        .post(server.url(path))
        .bearer_auth(token)
        .header("accept-language", lang)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = resp.status().as_u16();
    (status, resp.json().await.unwrap_or(Value::Null))
}

/// Issue 31, item 4: a seat's link issued again revokes the old one at once (a connection
/// holding it is closed, the old token answers as a wrong token), the new one opens the
/// seat, the incident record keeps a line; a board's whole sheet printed again; a seat or
/// board that does not exist and a wrong token change nothing.
#[tokio::test]
async fn a_seat_link_issued_again_revokes_the_old_one_and_the_sheet_prints_again() {
    let server = TestServer::start().await;
    let (status, round) = post(
        &server,
        "/api/rounds",
        json!({"event": {"name": "Blind Open", "site": "Hamburg", "round": "3"},
               "pairings": LIST, "origin": "https://chess.example", "lang": "de"}),
        "en",
    )
    .await;
    assert_eq!(status, 201, "{round}");
    let id = round["id"].as_str().unwrap();
    let token = round["token"].as_str().unwrap().to_owned();
    let b2 = &round["boards"][1];
    let old = seat_token(b2, "black");
    let game = game_of(
        b2,
        &[
            ("black", old.clone()),
            ("arbiter", token.clone()),
            ("white", seat_token(b2, "white")),
        ],
    );
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    let path = format!("/api/rounds/{id}/boards/2/links");

    // Bad input changes nothing: a wrong token, a board or a seat that does not exist.
    let wrong = "0123456789abcdef0123456789abcdef";
    let (status, e) = post_with(&server, &path, wrong, json!({"seats": ["black"]}), "en").await;
    assert_eq!((status, e["code"].as_str()), (401, Some("unauthorized")));
    let missing = format!("/api/rounds/{id}/boards/9/links");
    let (status, e) = post_with(&server, &missing, &token, json!({}), "de").await;
    assert_eq!((status, e["code"].as_str()), (404, Some("no_such_board")));
    assert_eq!(
        e["message"],
        "Diese Runde hat kein Brett mit dieser Nummer."
    );
    // Board 2's white player has no assistant; the arbiter's seat is not a seat link.
    for seat in ["white_assistant", "arbiter", "queen"] {
        let body = json!({"seats": ["black", seat]});
        let (status, e) = post_with(&server, &path, &token, body, "tr").await;
        assert_eq!(
            (status, e["code"].as_str()),
            (400, Some("no_such_seat")),
            "{seat}"
        );
        assert!(
            e["message"].as_str().unwrap().starts_with("Bu tahtada"),
            "{e}"
        );
    }
    // Nothing was issued: the old link still opens Black's seat.
    let (mut black, welcome) = Client::connect(&addr, &game, "black", None).await;
    assert_eq!(welcome["seat"], "black");

    // Black's link issued again: his connection closes as a wrong token's, the old token
    // opens nothing, the new one opens his seat; White plays on.
    let body = json!({"seats": ["black"], "origin": "https://chess.example"});
    let (status, sheet) = post_with(&server, &path, &token, body, "en").await;
    assert_eq!(status, 200, "{sheet}");
    assert_eq!(sheet["board"], 2);
    assert_eq!(sheet["event"], "Blind Open");
    assert_eq!(sheet["round"], "3");
    assert_eq!(sheet["black"]["name"], "Deniz Arslan");
    let seats: Vec<&str> = sheet["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["seat"].as_str().unwrap())
        .collect();
    assert_eq!(seats, ["black"]);
    let url = sheet["seats"][0]["url"].as_str().unwrap();
    assert!(
        url.starts_with("https://chess.example/vi?lang=tr#game="),
        "{url}"
    );
    assert!(
        sheet["seats"][0]["qr"]
            .as_str()
            .unwrap()
            .starts_with("data:image/svg+xml")
    );
    let new = seat_token(&sheet, "black");
    assert_ne!(new, old);
    let (code, seen) = black.until_close().await;
    assert_eq!(code, Some(4401), "{seen:?}");
    assert!(
        seen.iter()
            .any(|m| m["type"] == "error" && m["code"] == "bad_token"),
        "{seen:?}"
    );
    let mut ws = Client::from_ws(Client::open(&addr, &game).await, "old black");
    ws.send(json!({"type": "hello", "v": 1, "token": old}))
        .await;
    let (code, _) = ws.until_close().await;
    assert_eq!(code, Some(4401));
    let renewed = game_of(b2, &[("black", new.clone())]);
    let (_black, welcome) = Client::connect(&addr, &renewed, "black", None).await;
    assert_eq!(welcome["seat"], "black");
    let got = white.request(json!({"type": "resume"})).await;
    assert_eq!(got.last().unwrap()["code"], "forbidden", "{got:?}");
    assert!(
        got.iter()
            .any(|m| m["kind"] == "seat_link_issued" && m["seat"] == "black"),
        "{got:?}"
    );

    // The incident record keeps the line, in the record's language.
    let incidents = reqwest::Client::new()
        .get(server.url(&format!("/api/games/{}/incidents", game.id)))
        .bearer_auth(&token)
        .header("accept-language", "en")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        incidents.contains(
            "The arbiter issued a new link for Black; the old link no longer opens the page."
        ),
        "{incidents}"
    );

    // The whole sheet printed again with the admin token: every seat of the board, new.
    let (status, sheet) = post_with(&server, &path, &server.admin_token(), json!({}), "en").await;
    assert_eq!(status, 200, "{sheet}");
    let seats: Vec<&str> = sheet["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["seat"].as_str().unwrap())
        .collect();
    assert_eq!(seats, ["white", "black", "black_assistant", "spectator"]);
    assert_ne!(seat_token(&sheet, "black"), new);
    // Without an origin, the links point where the request came (the page's address).
    let url = sheet["seats"][0]["url"].as_str().unwrap();
    assert!(
        url.starts_with(&format!("http://{addr}/board?lang=")),
        "{url}"
    );
    server.stop().await;
}

/// Issue 31: a round's game in PGN names its round as round.board, its board and the
/// players' FIDE ids where the pairings give them; a game on its own has none of them.
#[tokio::test]
async fn a_rounds_pgn_carries_round_board_and_fide_ids() {
    let server = TestServer::start().await;
    let (status, round) = post(
        &server,
        "/api/rounds",
        json!({"event": {"name": "Blind Open", "site": "Hamburg", "round": "3"},
               "pairings": LIST, "lang": "en"}),
        "en",
    )
    .await;
    assert_eq!(status, 201, "{round}");
    let token = round["token"].as_str().unwrap();
    let pgn = |game: String| {
        let url = server.url(&format!("/api/games/{game}/pgn"));
        async move {
            reqwest::Client::new()
                .get(url)
                .bearer_auth(token)
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap()
        }
    };
    let first = pgn(round["boards"][0]["game"].as_str().unwrap().to_owned()).await;
    for tag in [
        "[Round \"3.1\"]",
        "[Board \"1\"]",
        "[WhiteFideId \"4600001\"]",
        "[BlackFideId \"4600002\"]",
    ] {
        assert!(first.contains(tag), "{tag} in {first}");
    }
    // Board 2's players have no FIDE id: no such tag.
    let second = pgn(round["boards"][1]["game"].as_str().unwrap().to_owned()).await;
    assert!(second.contains("[Round \"3.2\"]\n"), "{second}");
    assert!(second.contains("[Board \"2\"]\n"), "{second}");
    assert!(!second.contains("FideId"), "{second}");
    server.stop().await;
}

/// Issue 31: a round's games as one PGN that a broadcast polls, public (no token), each move
/// in it as soon as it is played; an unknown round is not found.
#[tokio::test]
async fn a_rounds_live_pgn_has_every_board_and_every_move() {
    let server = TestServer::start().await;
    let (status, round) = post(
        &server,
        "/api/rounds",
        json!({"event": {"name": "Blind Open", "site": "Hamburg", "round": "3"},
               "rules": {"procedure": "digital"}, "pairings": LIST, "lang": "en"}),
        "en",
    )
    .await;
    assert_eq!(status, 201, "{round}");
    let id = round["id"].as_str().unwrap();
    let live = || async {
        let resp = reqwest::get(server.url(&format!("/api/rounds/{id}/live.pgn")))
            .await
            .unwrap();
        assert_eq!(resp.status(), 200);
        assert_eq!(resp.headers()["cache-control"], "no-store");
        resp.text().await.unwrap()
    };
    let before = live().await;
    assert_eq!(
        before.matches("[Event \"Blind Open\"]").count(),
        3,
        "{before}"
    );
    let rounds: Vec<&str> = before
        .lines()
        .filter(|l| l.starts_with("[Round "))
        .collect();
    assert_eq!(
        rounds,
        ["[Round \"3.1\"]", "[Round \"3.2\"]", "[Round \"3.3\"]"]
    );
    assert!(!before.contains("1. e4"), "{before}");
    // White moves on board 2: the next poll has it.
    let b2 = &round["boards"][1];
    let game = game_of(b2, &[("white", seat_token(b2, "white"))]);
    let (mut white, _) = Client::connect(&server.addr.to_string(), &game, "white", None).await;
    let got = white.request(json!({"type": "move", "uci": "e2e4"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let after = live().await;
    let second = after.split("[Event ").nth(2).unwrap();
    assert!(second.contains("[Round \"3.2\"]"), "{second}");
    assert!(second.contains("\n1. e4 {[%clk "), "{second}");
    assert!(
        !after.split("[Event ").nth(1).unwrap().contains("1. e4"),
        "{after}"
    );
    let resp = reqwest::get(server.url("/api/rounds/0011223344556677/live.pgn"))
        .await
        .unwrap();
    assert_eq!(resp.status(), 404);
    server.stop().await;
}
