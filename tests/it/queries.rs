//! Issue 15 over the protocol: the captured piece in a move's words (on by default for the
//! visually impaired player's seat, off for the others; `hello`'s `captured` and
//! `say_captured`), a move announced with the captured piece (a wrong one refused with the
//! reason), the legal moves of a piece or from a square (`legal_moves`), and the pieces lost
//! with the material balance (`material`).

use serde_json::{Value, json};

use crate::support::{Client, TestServer};

fn body() -> Value {
    json!({
        "time_control": {"base_seconds": 300, "increment_seconds": 0},
        "white": {"name": "Anna", "visually_impaired": true},
        "black": {"name": "Berk"},
        "languages": {"white": "de", "black": "en", "arbiter": "en"}
    })
}

/// The next move event this client gets.
async fn next_move(c: &mut Client) -> Value {
    loop {
        let m = c.recv().await;
        if m["type"] == "event" && m["kind"] == "move" {
            return m;
        }
    }
}

fn moves_in(got: &[Value]) -> Vec<String> {
    got.iter()
        .filter(|m| m["type"] == "event" && m["kind"] == "move")
        .map(|m| m["short"].as_str().unwrap().to_owned())
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn captured_piece_legal_moves_and_material() {
    let server = TestServer::start().await;
    let game = server.create(body()).await;
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    let (mut black, _) = Client::connect(&addr, &game, "black", None).await;
    assert_eq!(white.recv().await["type"], "state");
    assert_eq!(black.recv().await["type"], "state");

    // 1. e4 d5 2. exd5: the blind player hears the pawn taken, the sighted one does not.
    white.request(json!({"type": "move", "uci": "e2e4"})).await;
    next_move(&mut black).await;
    black.request(json!({"type": "move", "uci": "d7d5"})).await;
    next_move(&mut white).await;
    let got = white.request(json!({"type": "move", "uci": "e4d5"})).await;
    assert_eq!(moves_in(&got), ["Bauer Eva schlägt Bauer David fünf"]);
    let seen = next_move(&mut black).await;
    assert_eq!(seen["short"], "pawn e takes d5");
    assert_eq!(seen["full"], "pawn e4 takes pawn d5");

    // A move announced with the wrong captured piece is refused with the reason; with the
    // right one (or none) it is the move.
    let said = black
        .refused(
            json!({"type": "announce", "text": "queen takes knight d5"}),
            "illegal_move",
        )
        .await;
    assert!(said.contains("pawn"), "{said}");

    // The sighted player turns it on for his connection.
    let got = black
        .request(json!({"type": "say_captured", "on": true}))
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    let got = black
        .request(json!({"type": "announce", "text": "queen takes pawn d5"}))
        .await;
    assert_eq!(got.last().unwrap()["type"], "ack", "{got:?}");
    assert_eq!(moves_in(&got), ["queen takes pawn d5"]);
    assert_eq!(
        next_move(&mut white).await["short"],
        "Dame schlägt Bauer David fünf"
    );
    black
        .refused(json!({"type": "say_captured"}), "missing_field")
        .await;

    // The legal moves of a piece, in the seat's words, board order.
    let got = white
        .request(json!({"type": "legal_moves", "text": "Springer"}))
        .await;
    let answer = got.last().unwrap();
    assert_eq!(answer["type"], "legal_moves", "{got:?}");
    assert_eq!(
        answer["moves"],
        json!(["b1a3", "b1c3", "g1e2", "g1f3", "g1h3"])
    );
    assert_eq!(
        answer["text"],
        "Weiß, Springer: Springer Anna drei, Springer Cäsar drei, Springer Eva zwei, \
         Springer Felix drei, Springer Hektor drei."
    );
    // From a square, in NATO words; a piece of the side not to move; none.
    let got = black
        .request(json!({"type": "legal_moves", "text": "echo seven"}))
        .await;
    let answer = got.last().unwrap();
    assert_eq!(answer["moves"], json!([]));
    assert_eq!(
        answer["text"],
        "The piece on e7 is Black's; White is to move."
    );
    let got = white
        .request(json!({"type": "legal_moves", "text": "Felix eins"}))
        .await;
    let answer = got.last().unwrap();
    assert_eq!(
        answer["moves"],
        json!(["f1e2", "f1d3", "f1c4", "f1b5", "f1a6"])
    );
    let said = white
        .refused(
            json!({"type": "legal_moves", "text": "Springer blabla"}),
            "not_understood",
        )
        .await;
    assert!(said.contains("blabla"), "{said}");

    // The pieces lost and the material.
    let got = white.request(json!({"type": "material"})).await;
    let answer = got.last().unwrap();
    assert_eq!(answer["type"], "material", "{got:?}");
    assert_eq!(
        answer["lost"],
        json!({"white": ["pawn"], "black": ["pawn"]})
    );
    assert_eq!(answer["balance"], 0);
    assert_eq!(
        answer["text"],
        "Weiß hat verloren: Bauer. Schwarz hat verloren: Bauer. Das Material ist ausgeglichen."
    );

    // A client that says `captured: false` in its hello hears the moves without it (here
    // the moves so far, caught up).
    drop(white);
    let ws = Client::open(&addr, &game).await;
    let mut white = Client::from_ws(ws, "white");
    white
        .send(json!({"type": "hello", "v": 1, "token": game.token("white"), "since": 0, "captured": false}))
        .await;
    assert_eq!(white.recv().await["type"], "welcome");
    let mut said = Vec::new();
    while said.len() < 4 {
        said.push(next_move(&mut white).await["short"].clone());
    }
    assert_eq!(
        said,
        [
            "Bauer Eva vier",
            "Bauer David fünf",
            "Bauer Eva schlägt David fünf",
            "Dame schlägt David fünf"
        ]
    );
    server.stop().await;
}
