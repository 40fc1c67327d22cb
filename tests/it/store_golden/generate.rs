//! How `tests/data/store/v2/` was made: the real server (in this process, on a fresh data
//! directory) plays three games through its WebSocket and HTTP API, exactly as clients do; then
//! the database is copied whole (`VACUUM INTO`) with what the server answered (ids, tokens, the
//! moves, the PGN of each game) beside it.
//!
//! Run only to make a golden database of a *new* release (a new directory, never over an old
//! one: the point of the old one is that it was written by the release before):
//! `HAMLE_GOLDEN_OUT=tests/data/store/vN cargo test --test it write_a_golden_database -- --ignored --nocapture`

use std::path::Path;

use hamle::announce::{Lang, Style};
use hamle::words::Speaker;
use serde_json::{Value, json};
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, CastlingSide, Chess, Color, Move, Position, Square};

use crate::support::{Client, Game, TestServer};

/// One game at the table, driven seat by seat: every request on a connection of its own.
struct Driver {
    addr: String,
    game: Game,
    pos: Chess,
    /// Board kinds, White's and Black's: `tactile` or `normal`.
    boards: [&'static str; 2],
    /// Every move played so far as the Turkish player says it (for his hand-written sheet).
    turkish: Vec<String>,
}

impl Driver {
    async fn send(&self, seat: &str, msg: Value) -> Vec<Value> {
        let (mut c, _) = Client::connect(&self.addr, &self.game, seat, None).await;
        assert_eq!(c.recv().await["type"], "state");
        c.request(msg).await
    }

    /// `seat` sends `msg`, which must be acknowledged; returns the events before the ack.
    async fn ok(&self, seat: &str, msg: Value) -> Vec<Value> {
        let got = self.send(seat, msg.clone()).await;
        let last = got.last().unwrap();
        assert_eq!(last["type"], "ack", "{seat} {msg} -> {got:#?}");
        got[..got.len() - 1].to_vec()
    }

    fn board_ops(&self, color: Color, m: Move) -> Vec<Value> {
        let board = color.fold_wb("white", "black");
        let b = |action: &str, sq: Square| json!({"type": "board", "board": board, "action": action, "square": sq.to_string()});
        if self.boards[color as usize] == "normal" {
            let uci = m.to_uci(CastlingMode::Standard).to_string();
            return vec![json!({"type": "board", "board": board, "action": "move", "uci": uci})];
        }
        let mut ops = Vec::new();
        match m {
            Move::Castle { king, rook } => {
                let side = CastlingSide::from_king_side(rook > king);
                let mover = self.pos.turn();
                ops.push(b("lift", king));
                ops.push(b("place", side.king_to(mover)));
                ops.push(b("lift", rook));
                ops.push(b("place", side.rook_to(mover)));
            }
            _ => {
                if let Some(sq) = hamle::game::captured_square(&m) {
                    ops.push(b("remove", sq));
                }
                ops.push(b("lift", m.from().unwrap()));
                let mut place = b("place", m.to());
                if let Some(p) = m.promotion() {
                    place["promotion"] = json!(p.char().to_string());
                }
                ops.push(place);
            }
        }
        ops
    }

    fn said(&self, lang: Lang, m: Move) -> String {
        Speaker::new(lang).say_move(&self.pos, m, Style::Short)
    }

    /// A whole move by the Appendix procedure (White: the German visually impaired player with
    /// his assistant; Black: a Turkish sighted player): made on the mover's board, announced,
    /// repeated by the opponent, the clock pressed, made on the opponent's board.
    async fn appendix_move(&mut self, uci: &str) {
        let m = uci.parse::<UciMove>().unwrap().to_move(&self.pos).unwrap();
        let white = self.pos.turn() == Color::White;
        let (mover, presser, executor, repeater, lang, other_lang) = if white {
            (
                "white",
                "white_assistant",
                "black",
                "black",
                Lang::De,
                Lang::Tr,
            )
        } else {
            (
                "black",
                "black",
                "white_assistant",
                "white_assistant",
                Lang::Tr,
                Lang::De,
            )
        };
        for op in self.board_ops(self.pos.turn(), m) {
            self.ok(mover, op).await;
        }
        let got = self
            .ok(
                mover,
                json!({"type": "announce", "text": self.said(lang, m)}),
            )
            .await;
        assert_eq!(got[0]["uci"], uci, "{got:?}");
        let got = self
            .ok(
                repeater,
                json!({"type": "repeat_move", "text": self.said(other_lang, m)}),
            )
            .await;
        assert_eq!(got[0]["matches"], true, "{got:?}");
        let got = self.ok(presser, json!({"type": "press_clock"})).await;
        assert_eq!(got[0]["kind"], "move", "{got:?}");
        let ops = self.board_ops(!self.pos.turn(), m);
        self.turkish.push(self.said(Lang::Tr, m));
        self.pos.play_unchecked(m);
        for op in ops {
            self.ok(executor, op).await;
        }
    }

    /// A move in the digital procedure.
    async fn digital_move(&mut self, seat: &str, uci: &str) {
        let m = uci.parse::<UciMove>().unwrap().to_move(&self.pos).unwrap();
        let got = self.ok(seat, json!({"type": "move", "uci": uci})).await;
        assert_eq!(got[0]["kind"], "move", "{got:?}");
        self.pos.play_unchecked(m);
    }

    async fn pgn(&self) -> String {
        let resp = reqwest::Client::new()
            .get(format!(
                "http://{}/api/games/{}/pgn",
                self.addr, self.game.id
            ))
            .bearer_auth(self.game.token("arbiter"))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), 200);
        resp.text().await.unwrap()
    }

    async fn state(&self) -> Value {
        super::support::http_state(
            &format!("http://{}", self.addr),
            &self.game,
            &self.game.token("arbiter"),
        )
        .await
    }

    /// What the golden test expects of this game, as the release that wrote it answered.
    async fn record(&self, name: &str, out: &Path) -> Value {
        let pgn = self.pgn().await;
        std::fs::write(out.join(format!("{name}.pgn")), &pgn).unwrap();
        let state = self.state().await;
        let moves: Vec<Value> = state["moves"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["uci"].clone())
            .collect();
        json!({
            "name": name,
            "id": self.game.id,
            "tokens": self.game.created["tokens"],
            "moves": moves,
            "fen": state["fen"],
            "status": state["status"],
            "result": state["result"],
            "pgn": format!("{name}.pgn"),
        })
    }
}

async fn appendix_game(server: &TestServer, out: &Path) -> Value {
    let game = server
        .create(json!({
            "time_control": {"base_seconds": 5400, "increment_seconds": 30, "moves": 40,
                             "then": [{"base_seconds": 1800, "increment_seconds": 30}]},
            "white": {"name": "Ayşe", "visually_impaired": true, "assistant": true},
            "black": {"name": "Berk", "board": "normal"},
            "languages": {"black": "tr", "arbiter": "en", "spectator": "en"},
            "rules": {"procedure": "physical", "edition": "2023"},
            "event": {"name": "Golden Open", "site": "Hamburg", "round": "1"}
        }))
        .await;
    let mut t = Driver {
        addr: server.addr.to_string(),
        game,
        pos: Chess::default(),
        boards: ["tactile", "normal"],
        turkish: Vec::new(),
    };
    // White's assistant keeps White's sheet from the accepted announcements.
    t.ok(
        "white_assistant",
        json!({"type": "auto_record", "on": true}),
    )
    .await;
    t.appendix_move("e2e4").await;
    t.appendix_move("e7e5").await;
    // Black writes his own sheet by hand, a correction and a strike among it.
    t.ok(
        "black",
        json!({"type": "write_sheet", "number": 1, "side": "white", "text": "e4"}),
    )
    .await;
    t.ok(
        "black",
        json!({"type": "write_sheet", "number": 1, "side": "black", "text": "e6"}),
    )
    .await;
    t.ok(
        "black",
        json!({"type": "write_sheet", "number": 1, "side": "black", "text": "e5", "draw_offer": false}),
    )
    .await;
    t.ok(
        "black",
        json!({"type": "write_sheet", "number": 2, "side": "white", "text": "Sf3"}),
    )
    .await;
    t.ok(
        "black",
        json!({"type": "strike_sheet", "number": 2, "side": "white"}),
    )
    .await;
    t.appendix_move("g1f3").await;
    // Touch: Black touches his knight on g8; White's assistant reports it, the arbiter rules.
    t.ok(
        "black",
        json!({"type": "board", "board": "black", "action": "touch", "square": "g8"}),
    )
    .await;
    t.ok(
        "white_assistant",
        json!({"type": "report_touch", "square": "g8"}),
    )
    .await;
    t.ok("arbiter", json!({"type": "rule_touch", "upheld": true}))
        .await;
    t.appendix_move("g8f6").await;
    // The talking clock, and a claim: White claims a repetition that is none (F4 / 9.5).
    t.ok("white", json!({"type": "talking_clock"})).await;
    let got = t
        .ok(
            "white",
            json!({"type": "claim_draw", "claim": "repetition", "confirmed": true}),
        )
        .await;
    assert!(got.iter().any(|e| e["kind"] == "draw_claim"), "{got:?}");
    t.appendix_move("f3e5").await;
    t.appendix_move("d7d6").await;
    // A desk case: the knight retreats, but Black executes it wrongly on his board (h3, not
    // f3); the arbiter compares the boards, rules, and Black puts his board right.
    let m = "e5f3".parse::<UciMove>().unwrap().to_move(&t.pos).unwrap();
    for op in t.board_ops(Color::White, m) {
        t.ok("white", op).await;
    }
    t.ok(
        "white",
        json!({"type": "announce", "text": t.said(Lang::De, m)}),
    )
    .await;
    t.ok(
        "black",
        json!({"type": "repeat_move", "text": t.said(Lang::Tr, m)}),
    )
    .await;
    t.ok("white_assistant", json!({"type": "press_clock"}))
        .await;
    t.turkish.push(t.said(Lang::Tr, m));
    t.pos.play_unchecked(m);
    // Black's sheet, in his words, up to this move.
    for ply in 2..t.turkish.len() {
        let side = if ply % 2 == 0 { "white" } else { "black" };
        t.ok(
            "black",
            json!({"type": "write_sheet", "number": ply / 2 + 1, "side": side, "text": t.turkish[ply]}),
        )
        .await;
    }
    t.ok(
        "black",
        json!({"type": "board", "board": "black", "action": "move", "uci": "e5h3"}),
    )
    .await;
    let got = t.ok("arbiter", json!({"type": "compare_boards"})).await;
    assert!(
        got.iter().any(|e| e["kind"] == "boards_diverged"),
        "{got:?}"
    );
    let got = t.ok("arbiter", json!({"type": "reconcile"})).await;
    let ruled = got.iter().find(|e| e["kind"] == "ruled").expect("ruled");
    assert_eq!(ruled["take_back"], 0, "{ruled}");
    for step in ruled["steps"].as_array().unwrap() {
        assert_eq!(step["action"], "move", "{step}");
        let board = step["board"].as_str().unwrap();
        t.ok(
            "arbiter",
            json!({"type": "fix_board", "board": board, "action": "lift", "square": step["from"]}),
        )
        .await;
        t.ok(
            "arbiter",
            json!({"type": "fix_board", "board": board, "action": "place", "square": step["to"]}),
        )
        .await;
    }
    let state = t.state().await;
    if state["status"] == "paused" {
        t.ok("arbiter", json!({"type": "resume"})).await;
    }
    // Black's move, then the adjournment: White seals his move and stops the clock.
    t.appendix_move("f6e4").await;
    t.ok(
        "arbiter",
        json!({"type": "call_adjournment", "resume_at_ms": 1_796_090_400_000u64}),
    )
    .await;
    let sealed = "d2d3".parse::<UciMove>().unwrap().to_move(&t.pos).unwrap();
    t.ok(
        "white_assistant",
        json!({"type": "seal_move", "text": t.said(Lang::De, sealed)}),
    )
    .await;
    t.ok("white_assistant", json!({"type": "seal_stop_clock"}))
        .await;
    let state = t.state().await;
    assert_eq!(state["status"], "paused", "{state}");
    let mut r = t.record("appendix", out).await;
    r["sealed"] = json!("d2d3");
    r
}

async fn finished_game(server: &TestServer, out: &Path) -> Value {
    let fen = "6k1/4pppp/8/8/8/8/5PPP/3R2K1 b - - 0 30";
    let game = server
        .create(json!({
            "time_control": {"base_seconds": 600, "increment_seconds": 5},
            "white": {"name": "Cem"},
            "black": {"name": "Dora"},
            "languages": {"white": "tr", "black": "en", "arbiter": "de"},
            "event": {"name": "Golden Open", "site": "Hamburg", "round": "2"},
            "fen": fen
        }))
        .await;
    let mut t = Driver {
        addr: server.addr.to_string(),
        game,
        pos: hamle::game::StartPosition::from_fen(fen)
            .unwrap()
            .position()
            .clone(),
        boards: ["normal", "normal"],
        turkish: Vec::new(),
    };
    t.digital_move("black", "e7e5").await;
    t.ok("black", json!({"type": "offer_draw", "confirmed": true}))
        .await;
    t.ok("white", json!({"type": "decline_draw"})).await;
    t.digital_move("white", "d1d8").await;
    let state = t.state().await;
    assert_eq!(state["status"], "over", "{state}");
    t.record("finished", out).await
}

async fn running_game(server: &TestServer, out: &Path) -> Value {
    let game = server
        .create(json!({
            "time_control": {"base_seconds": 900, "increment_seconds": 10},
            "white": {"name": "Emre", "visually_impaired": true, "board": "normal"},
            "black": {"name": "Frida"},
            "languages": {"white": "en", "black": "de"}
        }))
        .await;
    let mut t = Driver {
        addr: server.addr.to_string(),
        game,
        pos: Chess::default(),
        boards: ["normal", "normal"],
        turkish: Vec::new(),
    };
    t.digital_move("white", "e2e4").await;
    let m = "c7c5".parse::<UciMove>().unwrap().to_move(&t.pos).unwrap();
    let got = t
        .ok(
            "black",
            json!({"type": "announce", "text": t.said(Lang::De, m)}),
        )
        .await;
    assert_eq!(got[0]["uci"], "c7c5", "{got:?}");
    t.pos.play_unchecked(m);
    t.ok("white", json!({"type": "clock_warnings", "on": true}))
        .await;
    t.digital_move("white", "g1f3").await;
    t.ok(
        "white",
        json!({"type": "write_sheet", "number": 1, "side": "white", "text": "e4"}),
    )
    .await;
    t.record("running", out).await
}

pub(super) async fn write(out: &Path) {
    std::fs::create_dir_all(out).unwrap();
    let server = TestServer::start().await;
    let games = vec![
        appendix_game(&server, out).await,
        finished_game(&server, out).await,
        running_game(&server, out).await,
    ];
    let dir = server.stop_keeping_data().await;
    let db = out.join("hamle.sqlite3");
    let _ = std::fs::remove_file(&db);
    let conn = rusqlite::Connection::open(dir.path().join("hamle.sqlite3")).unwrap();
    conn.execute("VACUUM INTO ?1", [db.to_str().unwrap()])
        .unwrap();
    let version: i64 = conn
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    let copy = rusqlite::Connection::open(&db).unwrap();
    let copied: i64 = copy
        .query_row("PRAGMA user_version", [], |r| r.get(0))
        .unwrap();
    assert_eq!(copied, version);
    let manifest = json!({
        "schema": version,
        "written_by": env!("CARGO_PKG_VERSION"),
        "games": games,
    });
    std::fs::write(
        out.join("games.json"),
        serde_json::to_string_pretty(&manifest).unwrap() + "\n",
    )
    .unwrap();
}
