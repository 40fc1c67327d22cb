//! DGT LiveChess as the board's source (`hamle board --livechess`): a fake LiveChess written
//! here speaks its WebSocket API as LiveChess 2 does (`eboards` answered with its boards,
//! `subscribe` to a board's `eboardevent` feed, the whole board as a FEN placement on every
//! change), and the bridge reads the board from it into the same assembler as a Chessnut
//! board's reports: a lift is a touch at the table, a placement the move made on the player's
//! board. A board string that does not read is skipped, LiveChess going away is "lost", a
//! serial number LiveChess does not have is said in the terminal.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use hamle::announce::Lang;
use hamle::bridge::livechess::LiveChess;
use hamle::bridge::{Ended, Kind, Options};
use serde_json::{Value, json};
use shakmaty::{Board, Square};
use tokio::net::TcpListener;
use tokio::sync::mpsc::{UnboundedSender, unbounded_channel};
use tokio_tungstenite::tungstenite::Message;
use tokio_util::sync::CancellationToken;

use super::{Bridge, board_event, board_status, body, heard_no_board_status, link, piece, until};
use crate::support::{Client, TestServer};

/// What the fake is told.
enum Feed {
    /// The board now (a FEN placement, or anything: LiveChess's `board` string).
    Board(String),
    /// LiveChess stops: the connection closes and no other is taken.
    Quit,
}

/// A fake DGT LiveChess on a local port, with one board.
struct FakeLiveChess {
    url: String,
    feed: UnboundedSender<Feed>,
    /// Every call it was sent.
    heard: Arc<Mutex<Vec<Value>>>,
}

impl FakeLiveChess {
    async fn start(serial: &'static str, board: &Board) -> FakeLiveChess {
        let listener = TcpListener::bind("127.0.0.1:0").await.expect("a port");
        let url = format!(
            "ws://{}/api/v1.0",
            listener.local_addr().expect("an address")
        );
        let (feed, mut feeds) = unbounded_channel::<Feed>();
        let heard = Arc::new(Mutex::new(Vec::new()));
        let calls = Arc::clone(&heard);
        let mut now = board.to_string();
        tokio::spawn(async move {
            while let Ok((stream, _)) = listener.accept().await {
                let Ok(mut ws) = tokio_tungstenite::accept_async(stream).await else {
                    continue;
                };
                let mut feed_id: Option<Value> = None;
                loop {
                    tokio::select! {
                        msg = ws.next() => {
                            let Some(Ok(Message::Text(t))) = msg else { break };
                            let call: Value = serde_json::from_str(t.as_str()).expect("JSON");
                            calls.lock().unwrap().push(call.clone());
                            let id = call["id"].clone();
                            let answer = match call["call"].as_str() {
                                Some("eboards") => json!({"response": "call", "id": id, "time": 1,
                                    "param": [{"serialnr": serial, "state": "ACTIVE", "battery": "80%"}]}),
                                Some("subscribe")
                                    if call["param"]["feed"] == "eboardevent"
                                        && call["param"]["param"]["serialnr"] == serial =>
                                {
                                    feed_id = Some(call["param"]["id"].clone());
                                    json!({"response": "call", "id": id, "param": null, "time": 2})
                                }
                                _ => json!({"response": "error", "id": id, "param": "unknown call"}),
                            };
                            let _ = ws.send(Message::text(answer.to_string())).await;
                            if let (Some(fid), Some("subscribe")) = (&feed_id, call["call"].as_str()) {
                                let first = json!({"response": "feed", "id": fid, "time": 3,
                                    "param": {"serialnr": serial, "board": now, "clock": null}});
                                let _ = ws.send(Message::text(first.to_string())).await;
                            }
                        }
                        next = feeds.recv() => match next {
                            Some(Feed::Board(b)) => {
                                now = b;
                                if let Some(fid) = &feed_id {
                                    let m = json!({"response": "feed", "id": fid, "time": 4,
                                        "param": {"serialnr": serial, "board": now, "clock": null}});
                                    let _ = ws.send(Message::text(m.to_string())).await;
                                }
                            }
                            Some(Feed::Quit) | None => {
                                let _ = ws.close(None).await;
                                return;
                            }
                        },
                    }
                }
            }
        });
        FakeLiveChess { url, feed, heard }
    }

    fn show(&self, board: &Board) {
        self.send(board.to_string());
    }

    fn send(&self, board: String) {
        self.feed.send(Feed::Board(board)).expect("LiveChess runs");
    }
}

fn bridge(link: hamle::bridge::link::SeatLink, url: &str, serial: Option<&str>) -> Bridge {
    let stop = CancellationToken::new();
    let (say, lines) = unbounded_channel();
    let opts = Options {
        port: Default::default(),
        link,
        kind: Kind::Dgt,
        settle_ms: 100,
        clock: None,
        lang: Lang::De,
        livechess: Some(LiveChess::parse(url, serial.map(str::to_owned)).expect("a URL")),
    };
    let task = tokio::spawn(hamle::bridge::run(opts, stop.clone(), say));
    Bridge { stop, task, lines }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_board_read_from_dgt_livechess_plays_its_seats_moves() {
    let server = TestServer::start().await;
    let game = server.create(body()).await;
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    assert_eq!(white.recv().await["type"], "state");
    let (mut black, _) = Client::connect(&addr, &game, "black", None).await;
    assert_eq!(black.recv().await["type"], "state");
    let mut board = Board::new();
    let livechess = FakeLiveChess::start("31059", &board).await;
    let bridge = bridge(link(&server, &game, "white"), &livechess.url, None);

    // The first board of the feed: the board is there.
    let connected = until(&mut white, "connected", board_status("connected")).await;
    assert_eq!(connected["text"], "Ihr elektronisches Brett ist verbunden.");
    {
        let calls = livechess.heard.lock().unwrap().clone();
        assert_eq!(calls[0]["call"], "eboards", "{calls:#?}");
        assert_eq!(calls[1]["call"], "subscribe", "{calls:#?}");
        assert_eq!(calls[1]["param"]["feed"], "eboardevent");
        assert_eq!(calls[1]["param"]["param"]["serialnr"], "31059");
    }

    // 1. e4: the pawn lifted (the whole board without it), then on e4.
    board.discard_piece_at(Square::E2);
    livechess.show(&board);
    until(&mut black, "the lift", board_event("white", "lift", "e2")).await;
    // A board string that does not read: skipped, nothing said.
    livechess.send("rnbqkbnr/pppp".to_owned());
    board.set_piece_at(Square::E4, piece('P'));
    livechess.show(&board);
    until(
        &mut black,
        "the placement",
        board_event("white", "place", "e4"),
    )
    .await;
    heard_no_board_status(&mut white).await;

    // LiveChess goes away: the board is lost.
    livechess.feed.send(Feed::Quit).expect("LiveChess runs");
    let lost = until(&mut white, "lost", board_status("lost")).await;
    assert!(
        lost["text"]
            .as_str()
            .is_some_and(|t| t.starts_with("Die Verbindung zu Ihrem elektronischen Brett")),
        "{lost}"
    );
    let (ended, lines) = bridge.stop().await;
    assert_eq!(ended, Ended::Stopped);
    assert!(
        lines
            .iter()
            .any(|l| l.contains(&livechess.url) && l.contains("offen")),
        "the terminal names LiveChess's address: {lines:#?}"
    );
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_serial_number_livechess_does_not_have_is_said_and_plays_nothing() {
    let server = TestServer::start().await;
    let game = server.create(body()).await;
    let livechess = FakeLiveChess::start("31059", &Board::new()).await;
    let bridge = bridge(link(&server, &game, "white"), &livechess.url, Some("999"));
    let mut lines = Vec::new();
    let mut rx = bridge.lines;
    let said = "An DGT LiveChess ist kein elektronisches Brett mit der Seriennummer 999 \
                angeschlossen";
    let found = tokio::time::timeout(Duration::from_secs(10), async {
        while let Some(l) = rx.recv().await {
            let hit = l.contains(said);
            lines.push(l);
            if hit {
                return;
            }
        }
    })
    .await;
    assert!(found.is_ok(), "{lines:#?}");
    // It never subscribed, and nothing reached the table.
    let calls = livechess.heard.lock().unwrap().clone();
    assert!(calls.iter().all(|c| c["call"] != "subscribe"), "{calls:#?}");
    let state = crate::support::http_state(
        &format!("http://{}", server.addr),
        &game,
        &game.token("white"),
    )
    .await;
    assert_eq!(state["seq"], 0);
    let stopped = Bridge {
        stop: bridge.stop,
        task: bridge.task,
        lines: rx,
    };
    let (ended, _) = stopped.stop().await;
    assert_eq!(ended, Ended::Stopped);
    server.stop().await;
}
