//! Limits that hold under attack, each on a real server: the message rate, the message and
//! frame size, the spectators per game, the time to greet and the time without a word.
//! Each ends in its documented error and close code (docs/protocol.md, "Limits").

use std::time::Duration;

use futures_util::StreamExt;
use hamle::server::Limits;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message;

use crate::support::{self, Client, TestServer};

fn limits() -> Limits {
    Limits::default()
}

#[tokio::test]
async fn a_flood_is_rate_limited_then_closed_with_1008() {
    let server = TestServer::start_with(Limits {
        burst: 5,
        per_second: 1.0,
        flood_strikes: 10,
        ..limits()
    })
    .await;
    let addr = server.addr.to_string();
    let game = server.create(json!({})).await;
    let (mut c, _) = Client::connect(&addr, &game, "spectator", Some(0)).await;
    for i in 0..40 {
        c.send(json!({"type": "ping", "id": i})).await;
    }
    let (close, msgs) = c.until_close().await;
    assert_eq!(close, Some(1008), "{msgs:?}");
    let pongs = msgs.iter().filter(|m| m["type"] == "pong").count();
    // The burst (and at most a refill or two), then one rate_limited, then flood.
    assert!((5..=7).contains(&pongs), "{pongs} pongs: {msgs:?}");
    let limited: Vec<&Value> = msgs
        .iter()
        .filter(|m| m["code"] == "rate_limited")
        .collect();
    assert_eq!(limited.len(), 1, "{msgs:?}");
    // It names the message it dropped (issue 15): one of ours, never answered otherwise.
    let dropped = limited[0]["id"]
        .as_u64()
        .expect("rate_limited carries the id");
    assert!(dropped < 40, "{dropped}");
    assert!(
        !msgs
            .iter()
            .any(|m| m["type"] == "pong" && m["id"] == json!(dropped))
    );
    assert_eq!(msgs.last().unwrap()["code"], "flood");
    // A polite client of the same game is not affected.
    let (mut polite, _) = Client::connect(&addr, &game, "white", Some(0)).await;
    let got = polite.request(json!({"type": "ping"})).await;
    assert_eq!(got.last().unwrap()["type"], "pong");
    server.stop().await;
}

#[tokio::test]
async fn a_message_at_the_size_limit_passes_and_one_over_it_closes_with_1009() {
    let server = TestServer::start().await;
    let addr = server.addr.to_string();
    let game = server.create(json!({})).await;
    let (mut c, _) = Client::connect(&addr, &game, "spectator", Some(0)).await;
    let limit = limits().max_message_bytes;
    let at_limit = format!("{:<limit$}", r#"{"type": "ping", "id": "big"}"#);
    assert_eq!(at_limit.len(), limit);
    c.send_text(at_limit).await;
    let pong = c.recv().await;
    assert_eq!(pong["type"], "pong", "{pong}");
    c.send_text(format!(
        "{:<width$}",
        r#"{"type": "ping", "id": 2}"#,
        width = limit + 1
    ))
    .await;
    let (close, msgs) = c.until_close().await;
    assert_eq!(close, Some(1009), "{msgs:?}");
    assert_eq!(msgs.last().unwrap()["code"], "too_large");

    // Before the greeting too: one frame over the limit.
    let mut ws = Client::open(&addr, &game).await;
    futures_util::SinkExt::send(&mut ws, Message::text("x".repeat(limit * 4)))
        .await
        .unwrap();
    let (close, msgs) = Client::from_ws(ws, "big").until_close().await;
    assert_eq!(close, Some(1009), "{msgs:?}");
    server.stop().await;
}

#[tokio::test]
async fn a_game_takes_at_most_its_spectators_and_seats_always_get_in() {
    let server = TestServer::start_with(Limits {
        max_spectators_per_game: 2,
        max_ungreeted_per_game: 1,
        ..limits()
    })
    .await;
    let addr = server.addr.to_string();
    let game = server.create(json!({})).await;
    let other = server.create(json!({})).await;
    // Two spectators (one shared token) and one socket that never greets.
    let (mut a, _) = Client::connect(&addr, &game, "spectator", Some(0)).await;
    let (_b, _) = Client::connect(&addr, &game, "spectator", Some(0)).await;
    let silent = Client::open(&addr, &game).await;
    // A third spectator is refused; its socket took the silent one's place while it waited
    // for its greeting, and the silent one is told why it is closed.
    let ws = Client::open(&addr, &game).await;
    let mut third = Client::from_ws(ws, "third");
    third
        .send(json!({"type": "hello", "v": 1, "token": game.token("spectator")}))
        .await;
    let (close, msgs) = third.until_close().await;
    assert_eq!(close, Some(4429), "{msgs:?}");
    assert_eq!(msgs.len(), 1);
    assert_eq!(msgs[0]["code"], "too_many_spectators");
    assert!(!msgs[0]["message"].as_str().unwrap().is_empty());
    let (close, msgs) = Client::from_ws(silent, "silent").until_close().await;
    assert_eq!(close, Some(4429), "{msgs:?}");
    assert_eq!(msgs[0]["code"], "too_many_connections");
    // Every seat gets in all the same.
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    assert_eq!(white.recv().await["type"], "state");
    let (mut black, _) = Client::connect(&addr, &game, "black", None).await;
    assert_eq!(black.recv().await["type"], "state");
    // Another game is not affected.
    let (mut elsewhere, _) = Client::connect(&addr, &other, "spectator", Some(0)).await;
    let got = elsewhere.request(json!({"type": "ping"})).await;
    assert_eq!(got.last().unwrap()["type"], "pong");
    // A spectator that leaves gives its place back.
    drop(_b);
    let mut joined = None;
    for _ in 0..50 {
        tokio::time::sleep(Duration::from_millis(20)).await;
        let mut ws = Client::open(&addr, &game).await;
        let hello = json!({"type": "hello", "v": 1, "token": game.token("spectator")});
        futures_util::SinkExt::send(&mut ws, Message::text(hello.to_string()))
            .await
            .unwrap();
        let mut c = Client::from_ws(ws, "spectator");
        let first = c.recv().await;
        if first["type"] == "welcome" {
            joined = Some(c);
            break;
        }
        assert_eq!(first["code"], "too_many_spectators", "{first}");
    }
    let mut spectator = joined.expect("the freed place is given to a new spectator");
    assert_eq!(spectator.recv().await["type"], "state");
    let got = a.request(json!({"type": "ping"})).await;
    assert_eq!(got.last().unwrap()["type"], "pong");
    let got = white.request(json!({"type": "ping"})).await;
    assert_eq!(got.last().unwrap()["type"], "pong");
    server.stop().await;
}

#[tokio::test]
async fn no_hello_in_time_closes_with_4408() {
    let server = TestServer::start_with(Limits {
        hello_timeout: Duration::from_millis(300),
        ..limits()
    })
    .await;
    let addr = server.addr.to_string();
    let game = server.create(json!({})).await;
    let ws = Client::open(&addr, &game).await;
    let started = std::time::Instant::now();
    let (close, msgs) = Client::from_ws(ws, "silent").until_close().await;
    assert_eq!(close, Some(4408), "{msgs:?}");
    assert_eq!(msgs.last().unwrap()["code"], "hello_timeout");
    assert!(started.elapsed() >= Duration::from_millis(250));
    server.stop().await;
}

/// A WebSocket client by hand, which (unlike a WebSocket library) answers no ping at all.
struct Raw(tokio::net::TcpStream);

impl Raw {
    async fn greet(addr: &str, game: &support::Game, seat: &str) -> Raw {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
        let request = format!(
            "GET /api/games/{}/ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\n\
             Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
             Sec-WebSocket-Version: 13\r\n\r\n",
            game.id
        );
        tcp.write_all(request.as_bytes()).await.unwrap();
        let mut head = Vec::new();
        while !head.ends_with(b"\r\n\r\n") {
            let mut b = [0u8; 1];
            tcp.read_exact(&mut b).await.unwrap();
            head.push(b[0]);
        }
        assert!(
            head.starts_with(b"HTTP/1.1 101"),
            "{}",
            String::from_utf8_lossy(&head)
        );
        let hello = json!({"type": "hello", "v": 1, "token": game.token(seat)}).to_string();
        // A masked text frame (mask 0: the payload as it is).
        let mut frame = vec![0x81, 0x80 | 126];
        frame.extend_from_slice(&(hello.len() as u16).to_be_bytes());
        frame.extend_from_slice(&[0, 0, 0, 0]);
        frame.extend_from_slice(hello.as_bytes());
        tcp.write_all(&frame).await.unwrap();
        Raw(tcp)
    }

    /// Reads every frame up to the end of the connection: (pings, JSON texts, close code).
    async fn drain(mut self) -> (usize, Vec<Value>, Option<u16>) {
        use tokio::io::AsyncReadExt;
        let mut bytes = Vec::new();
        tokio::time::timeout(support::STEP, self.0.read_to_end(&mut bytes))
            .await
            .expect("the server ends the connection")
            .unwrap();
        let (mut pings, mut texts, mut close) = (0, Vec::new(), None);
        let mut rest = &bytes[..];
        while rest.len() >= 2 {
            let opcode = rest[0] & 0x0f;
            let (len, head) = match rest[1] & 0x7f {
                126 => (usize::from(u16::from_be_bytes([rest[2], rest[3]])), 4),
                127 => panic!("no frame here is that long"),
                n => (usize::from(n), 2),
            };
            let payload = &rest[head..head + len];
            match opcode {
                0x1 => texts.push(serde_json::from_slice(payload).unwrap()),
                0x8 => close = Some(u16::from_be_bytes([payload[0], payload[1]])),
                0x9 => pings += 1,
                other => panic!("opcode {other}"),
            }
            rest = &rest[head + len..];
        }
        (pings, texts, close)
    }
}

#[tokio::test]
async fn a_client_that_answers_nothing_is_closed_one_that_answers_pings_stays() {
    let server = TestServer::start_with(Limits {
        ping_interval: Duration::from_millis(100),
        idle_timeout: Duration::from_millis(500),
        ..limits()
    })
    .await;
    let addr = server.addr.to_string();
    let game = server.create(json!({})).await;
    let (mut alive, _) = Client::connect(&addr, &game, "white", Some(0)).await;
    let gone = Raw::greet(&addr, &game, "black").await;
    // `alive` keeps reading (its library answers the server's pings, as a browser does) and
    // sends nothing; `gone` answers no ping.
    let mut pings = 0;
    let until = tokio::time::Instant::now() + Duration::from_millis(1500);
    while let Ok(frame) = tokio::time::timeout_at(until, alive.ws.next()).await {
        match frame {
            Some(Ok(Message::Ping(_))) => pings += 1,
            other => panic!("alive: {other:?}"),
        }
    }
    assert!(pings >= 3, "{pings} pings");
    let got = alive.request(json!({"type": "ping"})).await;
    assert_eq!(got.last().unwrap()["type"], "pong");
    let (pings, msgs, close) = gone.drain().await;
    assert_eq!(close, Some(4408), "{msgs:?}");
    assert!(pings >= 2, "{pings} pings before giving up");
    assert_eq!(msgs[0]["type"], "welcome");
    assert_eq!(msgs[1]["type"], "state");
    assert_eq!(msgs.last().unwrap()["code"], "idle_timeout");
    server.stop().await;
}
