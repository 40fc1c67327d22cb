//! Issue 33's "what must show": a whole game at the table by the Appendix's physical procedure
//! through the bridges, table-driven (`tests/data/eboard/appendix_game.txt`). White, visually
//! impaired, plays on a virtual DGT board (with its DGT 3000's lever as his clock press), Black,
//! sighted, on a virtual Chessnut board, each through `hamle board`'s bridge over a pty, with
//! both players' pages and White's assistant's page connected as WebSocket clients: touch by
//! lifting, the made move, a slip of the tongue, en passant, both castlings (one slowly, king
//! first), a knocked-over piece put back, a board that diverges, and an under-promotion whose
//! piece comes from the announcement. Every seat's expectations are checked as it hears them.

use std::collections::{HashMap, VecDeque};

use serde_json::{Map, Value, json};
use shakmaty::fen::Fen;
use shakmaty::{CastlingMode, Chess, Position};

use super::{Bridge, VirtualBoard, link, piece};
use crate::support::{Client, Game, STEP, TestServer};
use futures_util::StreamExt;
use hamle::bridge::link::SeatLink;
use hamle::bridge::{Ended, Kind};
use hamle::scoresheet::incidents::SENSED_LATE_MS;
use tokio_tungstenite::tungstenite::Message;

const SCRIPT: &str = include_str!("../../data/eboard/appendix_game.txt");
const START: &str = "r3k2r/p5P1/8/3pP3/8/8/7P/R3K2R w KQkq d6 0 2";

/// A page: its socket and what it heard that no step has looked at yet.
struct Page {
    client: Client,
    heard: VecDeque<Value>,
}

impl Page {
    async fn connect(addr: &str, game: &Game, seat: &str) -> Page {
        let (mut client, _) = Client::connect(addr, game, seat, None).await;
        assert_eq!(client.recv().await["type"], "state");
        Page {
            client,
            heard: VecDeque::new(),
        }
    }

    /// A request; what came before its answer is kept for later steps.
    async fn request(&mut self, msg: Value) -> Value {
        let mut got = self.client.request(msg).await;
        let answer = got.pop().expect("an answer");
        self.heard.extend(got);
        answer
    }

    /// Reads until a message fits; those before it are dropped (each seat's steps are
    /// written in the order it hears them).
    async fn hear(&mut self, line: &str, want: &[(String, String)]) -> Value {
        while let Some(m) = self.heard.pop_front() {
            if fits(&m, want) {
                return m;
            }
        }
        let deadline = tokio::time::Instant::now() + STEP;
        loop {
            let next = tokio::time::timeout_at(deadline, self.client.ws.next()).await;
            let Ok(Some(Ok(Message::Text(t)))) = next else {
                match next {
                    Ok(Some(Ok(_))) => continue,
                    _ => panic!("{}: never heard {line}", self.client.name),
                }
            };
            let m: Value = serde_json::from_str(t.as_str()).expect("JSON");
            if fits(&m, want) {
                return m;
            }
        }
    }

    /// Nothing that fits, among what it heard up to the answer of a ping.
    async fn quiet(&mut self, line: &str, want: &[(String, String)]) {
        self.request(json!({"type": "ping"})).await;
        let found: Vec<&Value> = self.heard.iter().filter(|m| fits(m, want)).collect();
        assert!(found.is_empty(), "{}: {line}: {found:#?}", self.client.name);
    }
}

/// A JSON value as a step writes it: strings bare, the rest as JSON renders them.
fn written(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn fits(m: &Value, want: &[(String, String)]) -> bool {
    want.iter().all(|(k, v)| written(&m[k.as_str()]) == *v)
}

/// A step's words, "quoted words" kept together (`key="a b"` is one word, quotes removed).
fn words(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut word = String::new();
    let mut quoted = false;
    for c in line.chars() {
        match c {
            '"' => quoted = !quoted,
            ' ' if !quoted => {
                if !word.is_empty() {
                    out.push(std::mem::take(&mut word));
                }
            }
            c => word.push(c),
        }
    }
    if !word.is_empty() {
        out.push(word);
    }
    out
}

/// `KEY=VALUE` words.
fn pairs(words: &[String]) -> Vec<(String, String)> {
    words
        .iter()
        .map(|w| {
            let (k, v) = w
                .split_once('=')
                .unwrap_or_else(|| panic!("not KEY=VALUE: {w}"));
            (k.to_owned(), v.to_owned())
        })
        .collect()
}

/// A request of TYPE with `KEY=VALUE` fields (`true`/`false` as booleans).
fn request(kind: &str, fields: &[(String, String)]) -> Value {
    let mut m = Map::new();
    m.insert("type".to_owned(), json!(kind));
    for (k, v) in fields {
        let v = match v.as_str() {
            "true" => json!(true),
            "false" => json!(false),
            v => json!(v),
        };
        m.insert(k.clone(), v);
    }
    Value::Object(m)
}

/// The first DGT 3000 set-and-run the bridge sent through `dgt` after its first `from` bytes
/// (`DGT_CLOCK_MESSAGE`, size 10, start, `DGT_CMD_CLOCK_SETNRUN`, the left and right times,
/// the run byte, end), waited for within a step: both times in milliseconds and the run byte.
async fn set_after(dgt: &VirtualBoard, from: usize, line: &str) -> (u64, u64, u8) {
    let deadline = tokio::time::Instant::now() + STEP;
    loop {
        let heard = dgt.heard();
        let found = heard.get(from..).and_then(|after| {
            after
                .windows(12)
                .find(|w| w[..4] == [0x2b, 0x0a, 0x03, 0x0a] && w[11] == 0x00)
                .map(|w| {
                    let ms = |h: u8, m: u8, s: u8| {
                        (u64::from(h) * 3600 + u64::from(m) * 60 + u64::from(s)) * 1000
                    };
                    (ms(w[4], w[5], w[6]), ms(w[7], w[8], w[9]), w[10])
                })
        });
        if let Some(set) = found {
            return set;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "{line}: the bridge never set the clock: {:02x?}",
            heard.get(from..)
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}

/// The arbiter's incident record's touch report of h8, read again until its raw readings hold
/// Black's `reading` (square, what it showed), within a step.
async fn touch_report_with(server: &TestServer, game: &Game, reading: (&str, &str)) -> Value {
    let deadline = tokio::time::Instant::now() + STEP;
    loop {
        let incidents: Value = reqwest::Client::new()
            .get(server.url(&format!("/api/games/{}/incidents.json", game.id)))
            .bearer_auth(game.token("arbiter"))
            .header("accept-language", "en")
            .send()
            .await
            .expect("the incident record")
            .json()
            .await
            .expect("JSON");
        let report = incidents.as_array().and_then(|all| {
            all.iter()
                .find(|i| i["text"].as_str().is_some_and(|t| t.contains("h8")))
                .cloned()
        });
        let holds = report.as_ref().is_some_and(|r| {
            r["sensed"].as_array().is_some_and(|rs| {
                rs.iter().any(|x| {
                    (
                        written(&x["board"]),
                        written(&x["square"]),
                        written(&x["found"]),
                    ) == (
                        "black".to_owned(),
                        reading.0.to_owned(),
                        reading.1.to_owned(),
                    )
                })
            })
        });
        match report {
            Some(r) if holds => return r,
            _ if tokio::time::Instant::now() < deadline => {
                tokio::time::sleep(std::time::Duration::from_millis(100)).await;
            }
            _ => panic!("no touch report with Black's {reading:?}: {incidents:#}"),
        }
    }
}

/// The DGT 3000's reading through the board (`DGT_BWTIME`): 10:00 on both sides, running,
/// the lever high on the right side or not.
fn clock_bytes(right_high: bool) -> Vec<u8> {
    let status = 0x01 | if right_high { 0x02 } else { 0 };
    vec![0x8d, 0x00, 0x0a, 0x00, 0x10, 0x00, 0x00, 0x10, 0x00, status]
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_whole_appendix_game_through_the_bridges_every_seat_hearing_what_it_should() {
    let server = TestServer::start().await;
    let game = server
        .create(json!({
            "white": {"name": "Anna", "visually_impaired": true, "assistant": true},
            "black": {"name": "Berk"},
            "languages": {"white": "de", "black": "tr", "white_assistant": "en"},
            "rules": {"procedure": "physical"},
            "fen": START,
        }))
        .await;
    let addr = server.addr.to_string();
    let mut pages: HashMap<String, Page> = HashMap::new();
    for (name, seat) in [
        ("white", "white"),
        ("black", "black"),
        ("assistant", "white_assistant"),
    ] {
        pages.insert(name.to_owned(), Page::connect(&addr, &game, seat).await);
    }
    let start: Chess = START
        .parse::<Fen>()
        .expect("FEN")
        .into_position(CastlingMode::Standard)
        .expect("legal");
    let dgt = VirtualBoard::start(start.board().clone());
    let nut = VirtualBoard::of(Kind::Chessnut, start.board().clone());
    let white_bridge = Bridge::start(&dgt.path, link(&server, &game, "white"));
    let black_link = SeatLink::parse(&format!(
        "http://{}/board?lang=tr#game={}&token={}",
        server.addr,
        game.id,
        game.token("black")
    ))
    .expect("a seat link");
    let black_bridge = Bridge::of(Kind::Chessnut, &nut.path, black_link);
    dgt.started().await;
    nut.started().await;

    let mut right_high = false;
    // How many bytes the DGT board had heard at the last lever press.
    let mut pressed_at = 0;
    for line in SCRIPT.lines().map(str::trim) {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let owned = words(line);
        let w: Vec<&str> = owned.iter().map(String::as_str).collect();
        let fields = |from: usize| pairs(&words(line)[from..]);
        match w.as_slice() {
            [board @ ("dgt" | "nut"), "lift", sq] => {
                let b = if *board == "dgt" { &dgt } else { &nut };
                let square = sq.parse().expect("a square");
                if *board == "dgt" {
                    b.lift(square);
                } else {
                    let mut now = b.board.lock().unwrap().clone();
                    now.discard_piece_at(square);
                    b.show(now);
                }
            }
            [board @ ("dgt" | "nut"), "put", sq, p] => {
                let square = sq.parse().expect("a square");
                let p = piece(p.chars().next().expect("a piece"));
                if *board == "dgt" {
                    dgt.put(square, p);
                } else {
                    let mut now = nut.board.lock().unwrap().clone();
                    now.set_piece_at(square, p);
                    nut.show(now);
                }
            }
            ["dgt", "clock"] => dgt.clock(clock_bytes(right_high)),
            ["dgt", "press", side] => {
                // The left player's lever lowers the left side: the right one is high.
                right_high = *side == "left";
                pressed_at = dgt.heard().len();
                dgt.clock(clock_bytes(right_high));
            }
            ["dgt", "set", running] => {
                // The bridge set the DGT 3000 after the last press: the table's times, White
                // on the left, and the side the table runs.
                let (left, right, run) = set_after(&dgt, pressed_at, line).await;
                let page = pages.get_mut("white").expect("white");
                let state = page.request(json!({"type": "state"})).await;
                let clock = &state["state"]["clock"];
                let near = |shown: u64, table: &Value| {
                    let table = table.as_u64().expect("ms");
                    shown.abs_diff(table) <= 3_000
                };
                assert!(
                    near(left, &clock["white_ms"]) && near(right, &clock["black_ms"]),
                    "{line}: the clock set to {left} ms / {right} ms, the table's {clock}"
                );
                let want = match *running {
                    "left" => 0x01,
                    "right" => 0x02,
                    _ => 0x04,
                };
                assert_eq!(run & 0x07, want, "{line}: run byte {run:#04x}");
                assert_eq!(run & 0x08, 0x08, "{line}: the lever toggles the side");
            }
            ["wait", ms] => {
                let ms = ms.parse().expect("milliseconds");
                tokio::time::sleep(std::time::Duration::from_millis(ms)).await;
            }
            ["send", seat, kind, ..] => {
                let page = pages.get_mut(*seat).expect("a seat");
                let answer = page.request(request(kind, &fields(3))).await;
                assert_eq!(answer["type"], "ack", "{line}: {answer}");
            }
            ["refuse", seat, code, kind, ..] => {
                let page = pages.get_mut(*seat).expect("a seat");
                let answer = page.request(request(kind, &fields(4))).await;
                assert_eq!(answer["type"], "error", "{line}: {answer}");
                assert_eq!(answer["code"], *code, "{line}: {answer}");
            }
            ["hear", seat, kind, ..] => {
                let mut want = fields(3);
                want.push(("type".to_owned(), (*kind).to_owned()));
                pages
                    .get_mut(*seat)
                    .expect("a seat")
                    .hear(line, &want)
                    .await;
            }
            ["quiet", seat, kind, ..] => {
                let mut want = fields(3);
                want.push(("type".to_owned(), (*kind).to_owned()));
                pages
                    .get_mut(*seat)
                    .expect("a seat")
                    .quiet(line, &want)
                    .await;
            }
            _ => panic!("unknown step: {line}"),
        }
    }

    // The game as played, and both boards' records at the table in step with it.
    let white = pages.get_mut("white").expect("white");
    let state = white.request(json!({"type": "state"})).await;
    let moves: Vec<String> = state["state"]["moves"]
        .as_array()
        .map(|ms| ms.iter().map(|m| written(&m["uci"])).collect())
        .unwrap_or_default();
    assert_eq!(
        moves,
        ["e5d6", "e8c8", "e1g1", "d8d6", "g7g8n"],
        "{:#}",
        state["state"]
    );
    let table = &state["state"]["table"];
    assert_eq!(table["white_board"]["matches"], true, "{table}");
    assert_eq!(table["black_board"]["matches"], true, "{table}");
    // The arbiter's incident record: the touch report with Black's board events since the
    // last move (White's move made on it, the rook lifted and put back, as his Chessnut board
    // reported them). The bridge sends its raw readings within a second of the first: those of
    // the rook put back may reach the table after the report, and still go with it.
    let report = touch_report_with(&server, &game, ("h8", "r")).await;
    let evidence: Vec<(String, String, String, String)> = report["board_events"]
        .as_array()
        .map(|es| {
            es.iter()
                .map(|e| {
                    (
                        written(&e["by"]),
                        written(&e["board"]),
                        written(&e["action"]),
                        written(&e["square"]),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let row = |by: &str, action: &str, square: &str| {
        (
            by.to_owned(),
            "black".to_owned(),
            action.to_owned(),
            square.to_owned(),
        )
    };
    assert_eq!(
        evidence,
        [
            // White's g8=N made on Black's board after the move, then the touch.
            row("black", "lift", "g7"),
            row("black", "place", "g8"),
            row("black", "lift", "h8"),
            row("black", "place", "h8"),
        ],
        "{report:#}"
    );
    let text = written(&report["text"]);
    assert!(
        text.contains("The board events since the last move: "),
        "{text}"
    );
    // ... and the raw readings of Black's board since the last move, to the millisecond: the
    // quick touch of a7 that never settled (no board event) among them.
    let raw: Vec<(String, String, String)> = report["sensed"]
        .as_array()
        .map(|rs| {
            rs.iter()
                .map(|r| {
                    (
                        written(&r["board"]),
                        written(&r["square"]),
                        written(&r["found"]),
                    )
                })
                .collect()
        })
        .unwrap_or_default();
    let read =
        |square: &str, found: &str| ("black".to_owned(), square.to_owned(), found.to_owned());
    assert_eq!(
        raw,
        [
            read("g7", "empty"),
            read("g8", "N"),
            read("a7", "empty"),
            read("a7", "p"),
            read("h8", "empty"),
            read("h8", "r"),
        ],
        "{report:#}"
    );
    let times: Vec<u64> = report["sensed"]
        .as_array()
        .map(|rs| rs.iter().filter_map(|r| r["at_ms"].as_u64()).collect())
        .unwrap_or_default();
    let reported = report["at_ms"].as_u64().expect("the report's time");
    assert!(
        times.windows(2).all(|w| w[0] <= w[1])
            && times
                .last()
                .is_some_and(|t| *t <= reported + SENSED_LATE_MS),
        "{times:?} {report:#}"
    );
    assert!(
        text.contains("The electronic boards' raw readings since the last move: ")
            && text.contains(" Black a7 empty, "),
        "{text}"
    );

    // Nobody but White's side heard of White's board, nor White's side of Black's.
    let black = pages.get_mut("black").expect("black");
    black
        .quiet(
            "White's board",
            &[
                ("type".into(), "board_status".into()),
                ("color".into(), "white".into()),
            ],
        )
        .await;
    let assistant = pages.get_mut("assistant").expect("assistant");
    assistant
        .quiet(
            "Black's board",
            &[
                ("type".into(), "board_status".into()),
                ("color".into(), "black".into()),
            ],
        )
        .await;
    for bridge in [white_bridge, black_bridge] {
        let (ended, _) = bridge.stop().await;
        assert_eq!(ended, Ended::Stopped);
    }
    server.stop().await;
}
