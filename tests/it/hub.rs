//! The hub of games: a game comes into memory when it is first needed and leaves it when it
//! has had no connection for `evict_after` (and no clock runs); a client reconnecting to a
//! game that left memory gets exactly the events it missed. Run under tokio's paused clock,
//! so the waits cost no real time.

use std::time::Duration;

use hamle::server::Limits;
use serde_json::{Value, json};

use crate::support::{Client, TestServer, http_state};

const EVICT_AFTER: Duration = Duration::from_secs(60);

fn limits() -> Limits {
    Limits {
        evict_after: EVICT_AFTER,
        store_writes_on_blocking_pool: true,
        // The test's clients do not read while they wait: no ping may close them meanwhile.
        ping_interval: Duration::from_secs(3600),
        idle_timeout: Duration::from_secs(7200),
        ..Limits::default()
    }
}

async fn in_memory(base: &str) -> u64 {
    let health: Value = reqwest::get(format!("{base}/health"))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    health["games_in_memory"].as_u64().unwrap()
}

fn body() -> Value {
    json!({
        "time_control": {"base_seconds": 600, "increment_seconds": 0},
        "white": {"name": "Anna", "visually_impaired": true},
        "black": {"name": "Berk"},
        "languages": {"black": "tr"}
    })
}

#[tokio::test(start_paused = true)]
async fn an_idle_game_leaves_memory_and_a_client_gets_exactly_what_it_missed() {
    let server = TestServer::start_with(limits()).await;
    let addr = server.addr.to_string();
    let base = format!("http://{addr}");
    let game = server.create(body()).await;
    assert_eq!(in_memory(&base).await, 1);

    // White sees his first move, then his connection drops.
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    let (mut black, _) = Client::connect(&addr, &game, "black", None).await;
    let got = white.request(json!({"type": "move", "uci": "e2e4"})).await;
    assert_eq!(got.last().unwrap()["seq"], 1);
    drop(white);
    // Black answers and the arbiter pauses the game (no clock runs), then all leave.
    let got = black.request(json!({"type": "move", "uci": "e7e5"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack");
    let (mut arbiter, _) = Client::connect(&addr, &game, "arbiter", None).await;
    let got = arbiter.request(json!({"type": "pause"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack");
    drop((black, arbiter));

    // Not before its time...
    tokio::time::sleep(EVICT_AFTER / 2).await;
    assert_eq!(in_memory(&base).await, 1);
    // ...then it leaves memory.
    tokio::time::sleep(EVICT_AFTER * 2).await;
    assert_eq!(in_memory(&base).await, 0);

    // White comes back from event 1: exactly events 2 and 3, then live.
    let (mut white, welcome) = Client::connect(&addr, &game, "white", Some(1)).await;
    assert_eq!(welcome["resumed"], true, "{welcome}");
    assert_eq!(welcome["seq"], 3);
    let first = white.recv().await;
    assert_eq!(first["seq"], 2, "{first}");
    assert_eq!(first["uci"], "e7e5");
    let second = white.recv().await;
    assert_eq!(second["seq"], 3, "{second}");
    assert_eq!(in_memory(&base).await, 1);
    // Paused by the arbiter, not by a restart: it stays paused for him.
    let state = http_state(&base, &game, &game.token("arbiter")).await;
    assert_eq!(state["status"], "paused");
    assert_eq!(state["pause_reason"], "arbiter");
    assert_eq!(state["seq"], 3);

    // A connected game never leaves.
    tokio::time::sleep(EVICT_AFTER * 3).await;
    assert_eq!(in_memory(&base).await, 1);
    let got = white.request(json!({"type": "ping"})).await;
    assert_eq!(got.last().unwrap()["type"], "pong");
    server.stop().await;
}

#[tokio::test(start_paused = true)]
async fn a_game_whose_clock_runs_stays_in_memory_and_its_flag_falls() {
    let server = TestServer::start_with(limits()).await;
    let addr = server.addr.to_string();
    let base = format!("http://{addr}");
    let game = server
        .create(json!({
            "time_control": {"base_seconds": 120, "increment_seconds": 0},
            "white": {"name": "Anna"},
            "black": {"name": "Berk"}
        }))
        .await;
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    let got = white.request(json!({"type": "move", "uci": "e2e4"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack");
    drop(white);
    // Black's clock runs with nobody connected: the game stays until his flag falls...
    tokio::time::sleep(Duration::from_secs(100)).await;
    assert_eq!(in_memory(&base).await, 1);
    tokio::time::sleep(Duration::from_secs(30)).await;
    let state = http_state(&base, &game, &game.token("arbiter")).await;
    assert_eq!(state["status"], "over", "{state}");
    assert_eq!(state["end_reason"], "timeout");
    // ...and leaves once it is over and left.
    tokio::time::sleep(EVICT_AFTER * 2).await;
    assert_eq!(in_memory(&base).await, 0);
    let state = http_state(&base, &game, &game.token("arbiter")).await;
    assert_eq!(state["result"], "1-0");
    server.stop().await;
}

#[tokio::test]
async fn starting_the_server_loads_no_game_and_the_list_reads_the_store() {
    let server = TestServer::start().await;
    let mut games = Vec::new();
    for _ in 0..3 {
        games.push(server.create(body()).await);
    }
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &games[0], "white", None).await;
    let got = white.request(json!({"type": "move", "uci": "d2d4"})).await;
    assert_eq!(got.last().unwrap()["type"], "ack");
    drop(white);
    let dir = server.stop_keeping_data().await;

    let server = TestServer::start_in(dir, limits()).await;
    let base = format!("http://{}", server.addr);
    assert_eq!(in_memory(&base).await, 0);
    let list: Value = reqwest::Client::new()
        .get(format!("{base}/api/games"))
        .bearer_auth(server.admin_token())
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let listed = list["games"].as_array().unwrap();
    assert_eq!(listed.len(), 3, "{list}");
    assert_eq!(in_memory(&base).await, 0, "listing loads nothing");
    let first = listed
        .iter()
        .find(|g| g["id"] == json!(games[0].id))
        .unwrap();
    // Its clock ran when the server stopped: paused by the restart.
    assert_eq!(first["status"], "paused", "{first}");
    assert_eq!(first["moves"], 1);
    assert_eq!(first["white"], "Anna");
    let state = http_state(&base, &games[0], &games[0].token("white")).await;
    assert_eq!(state["status"], "paused");
    assert_eq!(state["pause_reason"], "restart");
    assert_eq!(in_memory(&base).await, 1);
    // An unknown game is 404 and stays out of memory.
    let resp = reqwest::Client::new()
        .get(format!("{base}/api/games/0123456789abcdef"))
        .bearer_auth("x")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 404);
    assert_eq!(in_memory(&base).await, 1);
    server.stop().await;
}
