//! Table-driven scenarios: a game setup and a script of messages with the exact answers,
//! played through the WebSocket against a real server (`tests/data/scenarios/*.json`).
//!
//! The scenarios run under tokio's paused clock: nothing waits in real time, and a time is
//! exact (the server's clock is tokio's). The `game` is the body of `POST /api/games`, so a
//! `fen` in it starts the game from that position (the script follows it from there).
//!
//! A script is a list of steps:
//!
//! - `{"as": seat, "send": {...}, "expect": [...]}`: `seat` sends the message (an `id` is
//!   added); `expect` lists every message it gets up to the answer, each compared as a
//!   subset (every key given must match). Every other seat then receives as many events,
//!   checked against `others.<seat>` if given, else by number and kind (a private event is
//!   a `private` placeholder for the seats that may not see it).
//! - `{"play": ["e2e4", ...]}`: whole moves by the Appendix procedure: the mover makes the
//!   move on his board (tactile: remove, lift, place; normal: one `move`), announces it in
//!   UCI, presses the clock, and the opponent makes it on his board.
//! - `{"sleep_ms": n, "all": [...], "each": {seat: [...]}}`: lets `n` milliseconds pass (on
//!   the paused clock: at once), then every seat receives these events, with the same
//!   numbers; `each.<seat>[i]`, if given, must match that seat's `i`-th event too (what is
//!   said to it, in its language).

use std::collections::BTreeMap;
use std::path::Path;

use serde_json::{Value, json};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Chess, Color, Move, Position, Square};

use crate::support::{Client, TestServer};

/// Whether `actual` contains everything `expected` says.
pub(super) fn subset(expected: &Value, actual: &Value) -> bool {
    match (expected, actual) {
        (Value::Object(e), Value::Object(a)) => e
            .iter()
            .all(|(k, v)| a.get(k).is_some_and(|av| subset(v, av))),
        (e, a) => e == a,
    }
}

struct Table {
    clients: BTreeMap<String, Client>,
    pos: Chess,
    /// Board kinds: White's, Black's.
    boards: [String; 2],
    name: String,
}

impl Table {
    /// `seat` sends `msg`; returns everything up to the answer. Every other seat gets the
    /// same number of events (checked against `others`, else by number and kind).
    async fn step(&mut self, seat: &str, msg: Value, others: Option<&Value>) -> Vec<Value> {
        let got = self
            .clients
            .get_mut(seat)
            .unwrap_or_else(|| panic!("{}: no seat {seat}", self.name))
            .request(msg.clone())
            .await;
        let events: Vec<&Value> = got.iter().filter(|m| m["type"] == "event").collect();
        for (name, c) in self.clients.iter_mut() {
            if name == seat {
                continue;
            }
            for (i, ev) in events.iter().enumerate() {
                let mine = c.recv().await;
                assert_eq!(mine["type"], "event", "{}: {name}: {mine}", self.name);
                assert_eq!(mine["seq"], ev["seq"], "{}: {name}: {mine}", self.name);
                match others.and_then(|o| o.get(name)) {
                    Some(list) => {
                        let want = &list[i];
                        assert!(
                            subset(want, &mine),
                            "{}: {name} after {msg}:\n want {want}\n got  {mine}",
                            self.name
                        );
                    }
                    None if ev["kind"] != "private" && mine["kind"] != "private" => {
                        assert_eq!(mine["kind"], ev["kind"], "{}: {name}", self.name)
                    }
                    None => {}
                }
            }
        }
        got
    }

    /// A step that must be answered with `ack`.
    async fn ok(&mut self, seat: &str, msg: Value) -> Vec<Value> {
        let got = self.step(seat, msg.clone(), None).await;
        let last = got.last().unwrap();
        assert_eq!(
            last["type"], "ack",
            "{}: {seat} {msg} -> {got:?}",
            self.name
        );
        got
    }

    /// The physical board events that make `m` on `color`'s board.
    fn board_ops(&self, color: Color, m: Move) -> Vec<Value> {
        let board = if color == Color::White {
            "white"
        } else {
            "black"
        };
        let kind = self.boards[color as usize].as_str();
        let b = |action: &str, sq: Square| json!({"type": "board", "board": board, "action": action, "square": sq.to_string()});
        if kind == "normal" {
            let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
            return vec![json!({"type": "board", "board": board, "action": "move", "uci": uci})];
        }
        let mut ops = Vec::new();
        match m {
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(rook > king);
                let mover = self.pos.turn();
                ops.push(b("lift", king));
                let mut place = b("place", side.king_to(mover));
                ops.push(std::mem::take(&mut place));
                ops.push(b("lift", rook));
                ops.push(b("place", side.rook_to(mover)));
            }
            _ => {
                if let Some(sq) = hamle::game::captured_square(&m) {
                    ops.push(b("remove", sq));
                }
                let from = m.from().unwrap();
                ops.push(b("lift", from));
                let mut place = b("place", m.to());
                if let Some(p) = m.promotion() {
                    place["promotion"] = json!(p.char().to_string());
                }
                ops.push(place);
            }
        }
        ops
    }

    async fn play(&mut self, uci: &str) {
        let m = uci
            .parse::<UciMove>()
            .unwrap()
            .to_move(&self.pos)
            .unwrap_or_else(|_| panic!("{}: {uci} is not legal", self.name));
        let mover = self.pos.turn();
        let (me, them) = if mover == Color::White {
            ("white", "black")
        } else {
            ("black", "white")
        };
        for op in self.board_ops(mover, m) {
            self.ok(me, op).await;
        }
        self.ok(me, json!({"type": "move", "uci": uci})).await;
        self.ok(me, json!({"type": "press_clock"})).await;
        let ops = self.board_ops(!mover, m);
        self.pos.play_unchecked(m);
        for op in ops {
            let got = self.ok(them, op).await;
            let ev = &got[0];
            assert_eq!(ev["differs"], false, "{}: {ev}", self.name);
        }
    }
}

/// Limits for scripted play: no rate limit (a script sends hundreds of messages at once).
pub(super) fn fast_limits() -> hamle::server::Limits {
    hamle::server::Limits {
        burst: 100_000,
        per_second: 100_000.0,
        ..hamle::server::Limits::default()
    }
}

/// Limits for scripted play under tokio's paused clock: as [`fast_limits`], the store's
/// writes awaited on the blocking pool (so the paused clock never jumps ahead while one is
/// under way), and no ping or idle timeout within a script's hours of waiting (clients that
/// sit out a flag fall do not read, and their pongs would be late).
pub(super) fn paused_limits() -> hamle::server::Limits {
    let day = std::time::Duration::from_secs(24 * 3600);
    hamle::server::Limits {
        store_writes_on_blocking_pool: true,
        ping_interval: day,
        idle_timeout: day,
        hello_timeout: day,
        ..fast_limits()
    }
}

/// Runs one scenario file from `tests/data/scenarios/`.
pub(super) async fn run(file: &str) {
    let path = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data/scenarios")
        .join(file);
    let text = std::fs::read_to_string(&path).unwrap();
    let script: Value = serde_json::from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    let server = TestServer::start_with(paused_limits()).await;
    let addr = server.addr.to_string();
    let game = server.create(script["game"].clone()).await;
    let state = &game.created["state"];
    let mut clients = BTreeMap::new();
    for seat in state["seats"].as_array().unwrap() {
        let seat = seat.as_str().unwrap();
        let (mut c, _) = Client::connect(&addr, &game, seat, None).await;
        let s = c.recv().await;
        assert_eq!(s["type"], "state");
        clients.insert(seat.to_owned(), c);
    }
    let kind = |c: &str| state[c]["board"].as_str().unwrap().to_owned();
    let mut boards = [String::new(), String::new()];
    boards[Color::White as usize] = kind("white");
    boards[Color::Black as usize] = kind("black");
    let start: Chess = state["start_fen"]
        .as_str()
        .unwrap()
        .parse::<Fen>()
        .unwrap()
        .into_position(CastlingMode::Standard)
        .unwrap();
    if let Some(fen) = script["game"].get("fen") {
        assert_eq!(state["start_fen"], *fen, "{file}: the start position");
    }
    let mut table = Table {
        clients,
        pos: start,
        boards,
        name: file.to_owned(),
    };
    for (n, step) in script["steps"].as_array().unwrap().iter().enumerate() {
        if let Some(moves) = step.get("play") {
            for m in moves.as_array().unwrap() {
                table.play(m.as_str().unwrap()).await;
            }
            continue;
        }
        if let Some(moves) = step.get("moves") {
            // Whole moves in UCI (digital procedure), by whoever is to move.
            for m in moves.as_array().unwrap() {
                let uci = m.as_str().unwrap();
                let seat = if table.pos.turn() == Color::White {
                    "white"
                } else {
                    "black"
                };
                table.ok(seat, json!({"type": "move", "uci": uci})).await;
                let mv = uci.parse::<UciMove>().unwrap().to_move(&table.pos).unwrap();
                table.pos.play_unchecked(mv);
            }
            continue;
        }
        if let Some(ms) = step.get("sleep_ms") {
            tokio::time::sleep(std::time::Duration::from_millis(ms.as_u64().unwrap())).await;
            let all = step["all"].as_array().cloned().unwrap_or_default();
            let mut numbers: Option<Vec<Value>> = None;
            for (name, c) in table.clients.iter_mut() {
                let mut seqs = Vec::new();
                for (i, want) in all.iter().enumerate() {
                    let got = c.recv().await;
                    assert!(
                        subset(want, &got),
                        "{file} step {n}: {name}:\n want {want}\n got  {got}"
                    );
                    if let Some(mine) = step.get("each").and_then(|e| e.get(name)) {
                        assert!(
                            subset(&mine[i], &got),
                            "{file} step {n}: {name}:\n want {}\n got  {got}",
                            mine[i]
                        );
                    }
                    seqs.push(got["seq"].clone());
                }
                match &numbers {
                    None => numbers = Some(seqs),
                    Some(first) => assert_eq!(
                        first, &seqs,
                        "{file} step {n}: {name} got other event numbers"
                    ),
                }
            }
            if let Some(each) = step.get("each").and_then(Value::as_object) {
                for seat in each.keys() {
                    assert!(
                        table.clients.contains_key(seat),
                        "{file} step {n}: no seat {seat}"
                    );
                }
            }
            continue;
        }
        let seat = step["as"].as_str().unwrap();
        let got = table
            .step(seat, step["send"].clone(), step.get("others"))
            .await;
        let expect = step["expect"].as_array().unwrap();
        assert_eq!(
            got.len(),
            expect.len(),
            "{file} step {n} ({seat} {}): got {got:#?}",
            step["send"]
        );
        for (want, got) in expect.iter().zip(&got) {
            assert!(
                subset(want, got),
                "{file} step {n} ({seat} {}):\n want {want}\n got  {got}",
                step["send"]
            );
        }
        // A legal move completed by a press: keep the test's position in step.
        if step["send"]["type"] == "press_clock" {
            for m in &got {
                if m["kind"] == "move" {
                    let u = m["uci"].as_str().unwrap().parse::<UciMove>().unwrap();
                    let mv = u.to_move(&table.pos).unwrap();
                    table.pos.play_unchecked(mv);
                }
            }
        }
    }
    server.stop().await;
}

/// The whole game of the Appendix: a visually impaired player (White, German, tactile board,
/// with an assistant) against a sighted player (Black, Turkish, normal board). Every move is
/// made on the mover's board, announced in the mover's language, repeated in the other's,
/// completed by the clock and made on the other board. Castling on both sides, en passant,
/// an under-promotion; then Black resigns.
pub(super) async fn whole_appendix_game() {
    use hamle::announce::{Lang, Style};
    use hamle::words::speaker::Speaker;
    let moves = [
        "e2e4", "d7d5", "e4e5", "f7f5", "e5f6", "b8c6", "f6g7", "c8d7", "g7h8n", "e7e6", "g1f3",
        "d8e7", "f1e2", "e8c8", "e1g1",
    ];
    let server = TestServer::start_with(fast_limits()).await;
    let addr = server.addr.to_string();
    let body = json!({
        "time_control": {"base_seconds": 5400, "increment_seconds": 30, "moves": 40,
                         "then": [{"base_seconds": 1800, "increment_seconds": 30}]},
        "white": {"name": "Anna", "visually_impaired": true, "assistant": true},
        "black": {"name": "Berk", "board": "normal"},
        "languages": {"black": "tr", "arbiter": "en"},
        "rules": {"procedure": "physical", "edition": "2023"}
    });
    let game = server.create(body).await;
    assert_eq!(
        game.created["state"]["time_control"]["pgn"],
        "40/5400+30:1800+30"
    );
    let mut clients = BTreeMap::new();
    for seat in ["white", "black", "white_assistant", "arbiter", "spectator"] {
        let (mut c, _) = Client::connect(&addr, &game, seat, None).await;
        assert_eq!(c.recv().await["type"], "state");
        clients.insert(seat.to_owned(), c);
    }
    let mut t = Table {
        clients,
        pos: Chess::default(),
        boards: ["tactile".into(), "normal".into()],
        name: "whole game".into(),
    };
    let de = Speaker::new(Lang::De);
    let tr = Speaker::new(Lang::Tr);
    for (i, uci) in moves.iter().enumerate() {
        let m = uci.parse::<UciMove>().unwrap().to_move(&t.pos).unwrap();
        let white = t.pos.turn() == Color::White;
        let (mover, other, presser, executor, repeater) = if white {
            ("white", "black", "white_assistant", "black", "black")
        } else {
            (
                "black",
                "white",
                "black",
                "white_assistant",
                "white_assistant",
            )
        };
        let (said, heard) = if white {
            (
                de.say_move(&t.pos, m, Style::Short),
                tr.say_move(&t.pos, m, Style::Short),
            )
        } else {
            (
                tr.say_move(&t.pos, m, Style::Short),
                de.say_move(&t.pos, m, Style::Short),
            )
        };
        let mover_color = t.pos.turn();
        for op in t.board_ops(mover_color, m) {
            t.ok(mover, op).await;
        }
        let got = t.ok(mover, json!({"type": "announce", "text": said})).await;
        assert_eq!(got[0]["kind"], "announce", "{said}");
        assert_eq!(got[0]["uci"], *uci, "{said}");
        assert_eq!(got[0]["said"], said);
        let got = t
            .ok(repeater, json!({"type": "repeat_move", "text": heard}))
            .await;
        assert_eq!(got[0]["matches"], true, "{heard}: {got:?}");
        let got = t.ok(presser, json!({"type": "press_clock"})).await;
        assert_eq!(got[0]["kind"], "move");
        assert_eq!(got[0]["uci"], *uci);
        assert_eq!(got[0]["ply"], i + 1);
        let ops = t.board_ops(!mover_color, m);
        t.pos.play_unchecked(m);
        let mut last = Value::Null;
        for op in ops {
            let got = t.ok(executor, op).await;
            assert_eq!(got[0]["differs"], false, "{got:?}");
            last = got[0].clone();
        }
        assert_eq!(last["matches"], true, "{other}'s board after {uci}: {last}");
    }
    let state =
        super::support::http_state(&format!("http://{addr}"), &game, &game.token("spectator"))
            .await;
    let sans: Vec<&str> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["san"].as_str().unwrap())
        .collect();
    assert_eq!(
        sans.join(" "),
        "e4 d5 e5 f5 exf6 Nc6 fxg7 Bd7 gxh8=N e6 Nf3 Qe7 Be2 O-O-O O-O"
    );
    assert_eq!(state["table"]["white_board"]["matches"], true);
    assert_eq!(state["table"]["black_board"]["matches"], true);
    let got = t.step("black", json!({"type": "resign"}), None).await;
    assert_eq!(got[0]["type"], "confirm");
    let got = t
        .ok("black", json!({"type": "resign", "confirmed": true}))
        .await;
    assert_eq!(got[0]["reason"], "resignation");
    assert_eq!(got[0]["result"], "1-0");
    server.stop().await;
}
