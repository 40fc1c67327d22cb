//! Issue 5 through the server: scoresheets, diverging boards and both D.2.9 branches over
//! the WebSocket with the exact instructions said, the PGN with clock comments, the
//! scoresheets as text and BRF over HTTP, adjournment (seal, envelope, resume, open), and
//! randomized divergences over a handful of games.

use serde_json::{Value, json};
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Position};

use crate::support::{self, Client, Game, TestServer};

fn limits() -> hamle::server::Limits {
    hamle::server::Limits {
        burst: 100_000,
        per_second: 100_000.0,
        ..hamle::server::Limits::default()
    }
}

/// A physical game, both boards normal: White speaks English, Black German, the arbiter
/// English.
fn body() -> Value {
    json!({
        "time_control": {"base_seconds": 5400, "increment_seconds": 30},
        "white": {"name": "Anna", "board": "normal"},
        "black": {"name": "Berk", "board": "normal"},
        "languages": {"white": "en", "black": "de", "arbiter": "en", "spectator": "en"},
        "rules": {"procedure": "physical"},
        "event": {"name": "Open Hamle", "site": "Hamburg", "round": "3"}
    })
}

struct Table {
    white: Client,
    black: Client,
    arbiter: Client,
    pos: Chess,
    /// The clock of the last completed move.
    pressed: Value,
}

impl Table {
    async fn open(server: &TestServer, game: &Game) -> Table {
        let addr = server.addr.to_string();
        let seat = |s: &'static str| {
            let addr = addr.clone();
            let game = game.clone();
            async move {
                let (mut c, _) = Client::connect(&addr, &game, s, None).await;
                assert_eq!(c.recv().await["type"], "state");
                c
            }
        };
        Table {
            white: seat("white").await,
            black: seat("black").await,
            arbiter: seat("arbiter").await,
            pos: Chess::default(),
            pressed: Value::Null,
        }
    }

    fn client(&mut self, seat: &str) -> &mut Client {
        match seat {
            "white" => &mut self.white,
            "black" => &mut self.black,
            _ => &mut self.arbiter,
        }
    }

    /// `seat` sends `msg`; every other seat reads the same events. Returns the sender's
    /// messages (events, then the answer).
    async fn send(&mut self, seat: &str, msg: Value) -> Vec<Value> {
        let got = self.client(seat).request(msg.clone()).await;
        let n = got.iter().filter(|m| m["type"] == "event").count();
        for other in ["white", "black", "arbiter"] {
            if other == seat {
                continue;
            }
            let c = self.client(other);
            for _ in 0..n {
                let m = c.recv().await;
                assert_eq!(m["type"], "event", "{other}: {m}");
            }
        }
        got
    }

    async fn ok(&mut self, seat: &str, msg: Value) -> Vec<Value> {
        let got = self.send(seat, msg.clone()).await;
        assert_eq!(got.last().unwrap()["type"], "ack", "{seat} {msg}: {got:#?}");
        got
    }

    /// `seat` sends `msg` and every seat's copy of the events comes back: (white, black,
    /// arbiter).
    async fn all(&mut self, seat: &str, msg: Value) -> [Vec<Value>; 3] {
        let got = self.client(seat).request(msg.clone()).await;
        assert_eq!(got.last().unwrap()["type"], "ack", "{seat} {msg}: {got:#?}");
        let mine: Vec<Value> = got.into_iter().filter(|m| m["type"] == "event").collect();
        let mut out: [Vec<Value>; 3] = Default::default();
        for (i, other) in ["white", "black", "arbiter"].into_iter().enumerate() {
            if other == seat {
                out[i] = mine.clone();
                continue;
            }
            let c = self.client(other);
            for _ in 0..mine.len() {
                out[i].push(c.recv().await);
            }
        }
        out
    }

    /// The arbiter asks for a ruling (`reconcile`, `undo_ruling`): the server shows its
    /// consequence and changes nothing; the same message, confirmed with the number of
    /// half-moves it takes back, is returned with the `confirm` message.
    async fn preview(&mut self, msg: Value) -> (Value, Value) {
        let got = self.arbiter.request(msg.clone()).await;
        assert_eq!(got.len(), 1, "only the question: {got:#?}");
        let confirm = got[0].clone();
        assert_eq!(confirm["type"], "confirm", "{confirm}");
        let mut confirmed = msg;
        confirmed["confirmed"] = json!(true);
        confirmed["take_back"] = confirm["ruling"]["take_back"].clone();
        (confirmed, confirm)
    }

    /// The ruling `msg` asks for, shown and confirmed: every seat's copy of its events.
    async fn rule(&mut self, msg: Value) -> [Vec<Value>; 3] {
        let (confirmed, _) = self.preview(msg).await;
        self.all("arbiter", confirmed).await
    }

    /// A whole move by the Appendix procedure; the opponent makes `shown` on his board
    /// (the move itself unless given).
    async fn play(&mut self, uci: &str, shown: Option<&str>) -> Vec<Value> {
        let m = uci.parse::<UciMove>().unwrap().to_move(&self.pos).unwrap();
        let (me, them) = if self.pos.turn() == Color::White {
            ("white", "black")
        } else {
            ("black", "white")
        };
        let board =
            |c: &str, u: &str| json!({"type": "board", "board": c, "action": "move", "uci": u});
        self.ok(me, board(me, uci)).await;
        self.ok(me, json!({"type": "move", "uci": uci})).await;
        let got = self.ok(me, json!({"type": "press_clock"})).await;
        self.pressed = got[0]["clock"].clone();
        self.pos.play_unchecked(m);
        self.ok(them, board(them, shown.unwrap_or(uci))).await
    }
}

fn after(ucis: &[&str]) -> Chess {
    let mut pos = Chess::default();
    for u in ucis {
        let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        pos.play_unchecked(m);
    }
    pos
}

fn kinds(events: &[Value]) -> Vec<&str> {
    events
        .iter()
        .filter(|m| m["type"] == "event")
        .map(|m| m["kind"].as_str().unwrap())
        .collect()
}

async fn get(server: &TestServer, game: &Game, path: &str, seat: &str) -> reqwest::Response {
    reqwest::Client::new()
        .get(server.url(&format!("/api/games/{}{path}", game.id)))
        .bearer_auth(game.token(seat))
        .send()
        .await
        .unwrap()
}

/// Writes moves on a player's scoresheet, from move `from_ply` (0 = White's first).
async fn write(t: &mut Table, seat: &str, from_ply: usize, entries: &[&str]) {
    for (i, text) in entries.iter().enumerate() {
        let ply = from_ply + i;
        let side = if ply.is_multiple_of(2) {
            "white"
        } else {
            "black"
        };
        let got = t
            .ok(
                seat,
                json!({"type": "write_sheet", "number": ply / 2 + 1, "side": side, "text": text}),
            )
            .await;
        assert_eq!(got[0]["kind"], "sheet_written", "{got:?}");
    }
}

/// Plays 1. e4 e5 2. Nf3, Black's board shows 2. Nh3: the clocks stop, every seat hears
/// what differs, square by square, in its language.
async fn diverge(t: &mut Table) {
    t.play("e2e4", None).await;
    t.play("e7e5", None).await;
    diverge_after_e5(t).await;
}

/// After 1. e4 e5: 2. Nf3, made as Nh3 on Black's board; Black announces his move and the
/// clocks stop.
async fn diverge_after_e5(t: &mut Table) {
    let got = t.play("g1f3", Some("g1h3")).await;
    assert_eq!(kinds(&got), ["board"], "{got:#?}");
    assert_eq!(got[0]["differs"], true);
    // Black goes on: he announces his move on a board that shows another position.
    let got = t.ok("black", json!({"type": "move", "uci": "b8c6"})).await;
    assert_eq!(kinds(&got), ["announce", "boards_diverged"], "{got:#?}");
    let ev = &got[1];
    assert_eq!(ev["clock"]["running"], Value::Null);
    assert_eq!(ev["by"], Value::Null);
    assert_eq!(
        ev["differences"],
        json!([
            {"board": "black", "square": "f3", "found": null, "expected": "N"},
            {"board": "black", "square": "h3", "found": "N", "expected": null}
        ])
    );
    assert_eq!(
        ev["text"],
        "Die Bretter stimmen nicht überein. Die Uhren sind angehalten; der Schiedsrichter \
         klärt es mit beiden Partieformularen. Auf Felix drei: auf Ihrem Brett leer, in der \
         Partie ein weißer Springer. Auf Hektor drei: auf Ihrem Brett ein weißer Springer, in \
         der Partie leer."
    );
}
/// D.2.9, first branch: both scoresheets say 2. Nf3, the game says 2. Nf3; Black's board
/// shows Nh3. Black is told exactly what to lift and where to put it, his board events are
/// followed until it matches; then the clocks wait for the arbiter's resume (rules profile
/// `after_fix: wait`, the default since issue 18), or play resumes by itself with Black's
/// clock running (`after_fix: resume`, the behaviour before).
#[tokio::test]
async fn sheets_agree_the_wrong_board_is_put_right() {
    sheets_agree(false).await;
}

#[tokio::test]
async fn sheets_agree_play_resumes_by_itself_when_the_profile_says_so() {
    sheets_agree(true).await;
}

async fn sheets_agree(resume_by_itself: bool) {
    let server = TestServer::start_with(limits()).await;
    let mut b = body();
    if resume_by_itself {
        b["rules"]["after_fix"] = json!("resume");
    }
    let game = server.create(b).await;
    let mut t = Table::open(&server, &game).await;
    write(&mut t, "white", 0, &["e4", "e5", "Nf3"]).await;
    write(&mut t, "black", 0, &["e4", "e5", "Sf3"]).await;
    diverge(&mut t).await;

    // Nobody plays on while the case is open; the arbiter cannot simply resume.
    let msg = t
        .arbiter
        .refused(json!({"type": "resume"}), "case_open")
        .await;
    assert_eq!(
        msg,
        "The boards differ: the arbiter rules first and the boards are put right."
    );
    t.black
        .refused(json!({"type": "reconcile"}), "forbidden")
        .await;

    let [white, black, arbiter] = t.rule(json!({"type": "reconcile"})).await;
    assert_eq!(kinds(&black), ["ruled"]);
    assert_eq!(black[0]["branch"], "sheets_agree");
    assert_eq!(black[0]["take_back"], 0);
    assert_eq!(
        black[0]["text"],
        "Die Partieformulare stimmen überein. Ihr Brett wird berichtigt, Schritt für Schritt. \
         Nimm den weißen Springer von Hektor drei, setze ihn auf Felix drei."
    );
    assert_eq!(
        black[0]["steps"],
        json!([{"board": "black", "action": "move", "piece": "N", "from": "h3", "to": "f3",
                "text": "Nimm den weißen Springer von Hektor drei, setze ihn auf Felix drei."}])
    );
    assert_eq!(
        white[0]["text"],
        "The scoresheets agree. Your board is right."
    );
    assert_eq!(white[0]["steps"], json!([]));
    assert_eq!(
        arbiter[0]["text"],
        "The scoresheets agree. White's board is right. Black's board is being put right: one step."
    );
    let log: Vec<&str> = arbiter[0]["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(
        log,
        [
            "White's scoresheet: 3 half-moves read.",
            "Black's scoresheet: 3 half-moves read.",
            "Both scoresheets and the game agree on the first 3 of 3 half-moves.",
            "Case one: the scoresheets agree; the board that differs is put right.",
            "White's board: right.",
            "Black's board: 2 squares differ.",
            "Black's board: one step given.",
        ]
    );
    assert_eq!(white[0]["log"], json!([]));

    // A wrong edit is refused and changes nothing.
    let msg = t
        .black
        .refused(
            json!({"type": "fix_board", "board": "black", "action": "lift", "square": "f3"}),
            "fix_empty_square",
        )
        .await;
    assert_eq!(msg, "Auf Felix drei steht keine Figur.");
    // Black follows the instruction: lift, place. The case closes and Black's clock runs.
    let got = t
        .ok(
            "black",
            json!({"type": "board", "board": "black", "action": "lift", "square": "h3"}),
        )
        .await;
    assert_eq!(kinds(&got), ["board_fixed"]);
    assert_eq!(got[0]["remaining"], 1);
    assert_eq!(
        got[0]["text"],
        "Brett von Schwarz: Figur abgehoben von Hektor drei. Noch ein Feld weicht ab."
    );
    let [white, black, _] = t
        .all(
            "black",
            json!({"type": "board", "board": "black", "action": "place", "square": "f3"}),
        )
        .await;
    if resume_by_itself {
        assert_eq!(kinds(&black), ["board_fixed", "reconciled", "resume"]);
    } else {
        assert_eq!(kinds(&black), ["board_fixed", "reconciled"]);
    }
    assert_eq!(black[0]["remaining"], 0);
    assert_eq!(
        black[1]["text"],
        "Beide Bretter zeigen wieder dieselbe Stellung. Der Fall ist abgeschlossen."
    );
    assert_eq!(
        white[0]["text"],
        "Black's board: a piece put on f3. Black's board is right now."
    );
    if resume_by_itself {
        assert_eq!(black[2]["clock"]["running"], "black");
    } else {
        // The clocks wait for the arbiter: nobody plays on, then his resume starts Black's.
        assert_eq!(black[1]["clock"]["running"], Value::Null);
        let state = support::http_state(
            &format!("http://{}", server.addr),
            &game,
            &game.token("arbiter"),
        )
        .await;
        assert_eq!(state["status"], "paused");
        assert_eq!(state["pause_reason"], "arbiter");
        assert_eq!(state["rules"]["after_fix"], "wait");
        t.black
            .refused(
                json!({"type": "board", "board": "black", "action": "lift", "square": "c7"}),
                "game_paused",
            )
            .await;
        let [_, black, _] = t.all("arbiter", json!({"type": "resume"})).await;
        assert_eq!(kinds(&black), ["resume"]);
        assert_eq!(black[0]["clock"]["running"], "black");
    }

    // Play goes on from the official game.
    t.play("b8c6", None).await;
    let state = support::http_state(
        &format!("http://{}", server.addr),
        &game,
        &game.token("arbiter"),
    )
    .await;
    assert_eq!(state["status"], "playing");
    assert_eq!(state["moves"].as_array().unwrap().len(), 4);
    assert_eq!(state["table"]["black_board"]["matches"], true);
    server.stop().await;
}

/// D.2.9, second branch: White's sheet says 2. Nf3, Black's 2. Nh3. The game goes back to
/// the last agreement (after 1... e5), both players are told how to set up that position,
/// the clocks return to their readings there; the arbiter adjusts and resumes.
#[tokio::test]
async fn sheets_differ_the_game_goes_back() {
    let server = TestServer::start_with(limits()).await;
    let game = server.create(body()).await;
    let mut t = Table::open(&server, &game).await;
    write(&mut t, "white", 0, &["e4", "e5", "Nf3"]).await;
    write(&mut t, "black", 0, &["e4", "e5", "Sh3"]).await;
    t.play("e2e4", None).await;
    t.play("e7e5", None).await;
    // The clocks as they were when 1... e5 was completed (Black's press).
    let at_e5 = t.pressed.clone();
    t.play("g1f3", Some("g1h3")).await;
    let got = t.ok("black", json!({"type": "move", "uci": "b8c6"})).await;
    assert_eq!(kinds(&got), ["announce", "boards_diverged"]);
    // White's sheet reads back to the move; a late correction of Black's would be
    // part of the record too, but here Black insists on Nh3.
    let [white, black, arbiter] = t.rule(json!({"type": "reconcile"})).await;
    for ev in [&white[0], &black[0], &arbiter[0]] {
        assert_eq!(ev["branch"], "sheets_differ");
        assert_eq!(ev["ply"], 2);
        assert_eq!(ev["take_back"], 1);
        assert_eq!(ev["clock"]["white_ms"], at_e5["white_ms"]);
        assert_eq!(ev["clock"]["black_ms"], at_e5["black_ms"]);
        assert_eq!(ev["clock"]["running"], Value::Null);
    }
    let white_ms = at_e5["white_ms"].as_u64().unwrap();
    let black_ms = at_e5["black_ms"].as_u64().unwrap();
    let en = |ms: u64| {
        let s = ms / 1000;
        match (s / 60, s % 60) {
            (m, 0) => format!("{m} minutes"),
            (m, 1) => format!("{m} minutes and one second"),
            (m, x) => format!("{m} minutes and {x} seconds"),
        }
    };
    let de = |ms: u64| {
        let s = ms / 1000;
        match (s / 60, s % 60) {
            (m, 0) => format!("{m} Minuten"),
            (m, 1) => format!("{m} Minuten und eine Sekunde"),
            (m, x) => format!("{m} Minuten und {x} Sekunden"),
        }
    };
    assert_eq!(
        white[0]["text"],
        format!(
            "The scoresheets differ. Back to the position after Black's move 1. Clocks: White \
             {}, Black {}. The arbiter may still adjust them. Your board is being put right, \
             step by step. Lift the white knight from f3 and put it on g1.",
            en(white_ms),
            en(black_ms)
        )
    );
    assert_eq!(
        black[0]["text"],
        format!(
            "Die Partieformulare weichen voneinander ab. Zurück auf die Stellung nach dem 1. \
             Zug von Schwarz. Uhren: Weiß {}, Schwarz {}. Der Schiedsrichter kann sie noch \
             anpassen. Ihr Brett wird berichtigt, Schritt für Schritt. Nimm den weißen \
             Springer von Hektor drei, setze ihn auf Gustav eins.",
            de(white_ms),
            de(black_ms)
        )
    );
    let log: Vec<&str> = arbiter[0]["log"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l.as_str().unwrap())
        .collect();
    assert_eq!(
        log[3],
        "Case two: the scoresheets differ; back to the last point where they agree."
    );
    assert_eq!(log[4], "The scoresheets part after half-move 2.");
    assert_eq!(
        log[5],
        "The game goes back from half-move 3 to half-move 2."
    );

    // Both boards are set up; the case closes but the clocks stay stopped for the arbiter.
    t.ok(
        "white",
        json!({"type": "board", "board": "white", "action": "move", "uci": "f3g1"}),
    )
    .await;
    let got = t
        .ok(
            "black",
            json!({"type": "board", "board": "black", "action": "move", "uci": "h3g1"}),
        )
        .await;
    assert_eq!(kinds(&got), ["board_fixed", "board_fixed", "reconciled"]);
    let state = support::http_state(
        &format!("http://{}", server.addr),
        &game,
        &game.token("arbiter"),
    )
    .await;
    assert_eq!(state["status"], "paused");
    assert_eq!(state["moves"].as_array().unwrap().len(), 2);
    assert_eq!(state["turn"], "white");
    // The arbiter adjusts a clock, then resumes; White plays the move again.
    t.ok(
        "arbiter",
        json!({"type": "set_clock", "color": "white", "remaining_ms": 5_000_000}),
    )
    .await;
    let got = t.ok("arbiter", json!({"type": "resume"})).await;
    assert_eq!(got[0]["clock"]["running"], "white");
    assert_eq!(got[0]["clock"]["white_ms"], 5_000_000);
    t.pos = after(&["e2e4", "e7e5"]);
    t.play("g1f3", None).await;
    server.stop().await;
}

/// The exports over HTTP: the official game as PGN with the event's headers and a clock
/// comment after every move; each scoresheet as text in its player's language and as BRF,
/// open to its own side and the arbiter only.
#[tokio::test]
async fn pgn_with_clocks_and_scoresheets_as_text_and_braille() {
    let server = TestServer::start_with(limits()).await;
    let game = server.create(body()).await;
    let mut t = Table::open(&server, &game).await;
    write(&mut t, "white", 0, &["e4", "e5"]).await;
    t.ok("white", json!({"type": "write_sheet", "number": 2, "side": "white", "text": "Nf3", "draw_offer": true}))
        .await;
    let got = t
        .ok(
            "white",
            json!({"type": "write_sheet", "number": 2, "side": "white", "text": "Nc3"}),
        )
        .await;
    assert_eq!(got[0]["correction"], true);
    assert_eq!(
        got[0]["text"],
        "Written on White's scoresheet (correction): 2. Nc3"
    );
    t.ok("black", json!({"type": "auto_record", "on": true}))
        .await;
    t.play("e2e4", None).await;
    let press_e4 = t.pressed.clone();
    t.play("e7e5", None).await;
    let press_e5 = t.pressed.clone();
    // Bad input changes nothing.
    t.white
        .refused(
            json!({"type": "write_sheet", "number": 0, "side": "white", "text": "e4"}),
            "invalid_field",
        )
        .await;
    let msg = t
        .white
        .refused(
            json!({"type": "strike_sheet", "number": 9, "side": "black"}),
            "nothing_to_strike",
        )
        .await;
    assert_eq!(msg, "Nothing is written there to strike out.");
    t.arbiter
        .refused(
            json!({"type": "write_sheet", "number": 1, "side": "white", "text": "e4"}),
            "forbidden",
        )
        .await;

    let pgn = get(&server, &game, "/pgn", "arbiter")
        .await
        .text()
        .await
        .unwrap();
    for tag in [
        "[Event \"Open Hamle\"]",
        "[Site \"Hamburg\"]",
        "[Round \"3\"]",
        "[White \"Anna\"]",
        "[Black \"Berk\"]",
        "[Result \"*\"]",
        "[TimeControl \"5400+30\"]",
    ] {
        assert!(pgn.contains(tag), "{tag} in {pgn}");
    }
    let clk = |ms: u64| {
        let s = ms / 1000;
        format!("{}:{:02}:{:02}", s / 3600, s / 60 % 60, s % 60)
    };
    let e4 = clk(press_e4["white_ms"].as_u64().unwrap());
    let e5 = clk(press_e5["black_ms"].as_u64().unwrap());
    assert!(
        pgn.contains(&format!("1. e4 {{[%clk {e4}]}} e5 {{[%clk {e5}]}} *")),
        "{pgn}"
    );

    // White's sheet in English, Black's (recorded from his own announcement) in German.
    let text = get(&server, &game, "/sheets/white", "white")
        .await
        .text()
        .await
        .unwrap();
    assert_eq!(
        text,
        "Scoresheet of Anna (White)\nWhite: Anna. Black: Berk.\n1. e4, e5\n2. Nc3 (corrected, was Nf3)\n"
    );
    let text = get(&server, &game, "/sheets/black", "arbiter")
        .await
        .text()
        .await
        .unwrap();
    assert!(
        text.starts_with("Partieformular von Berk (Schwarz)\n"),
        "{text}"
    );
    assert!(text.contains("1. (leer), e7e5"), "{text}");
    assert_eq!(
        get(&server, &game, "/sheets/black", "white").await.status(),
        403
    );
    assert_eq!(
        get(&server, &game, "/sheets/red", "white").await.status(),
        404
    );

    // BRF: North American ASCII Braille, CR LF lines, from liblouis.
    let resp = get(&server, &game, "/sheets/white/brf", "white").await;
    if resp.status() == 200 {
        assert_eq!(resp.headers()["content-type"], "application/x-brf");
        let brf = resp.text().await.unwrap();
        let names = hamle::words::sheet::Names {
            white: "Anna".into(),
            black: "Berk".into(),
        };
        let mut sheet = hamle::scoresheet::Scoresheet::new(Color::White, hamle::announce::Lang::En);
        use hamle::scoresheet::{Slot, Writing};
        sheet
            .write(Slot::new(1, Color::White), Writing::text("e4", 0))
            .unwrap();
        sheet
            .write(Slot::new(1, Color::Black), Writing::text("e5", 0))
            .unwrap();
        sheet
            .write(
                Slot::new(2, Color::White),
                Writing::text("Nf3", 0).with_draw_offer(),
            )
            .unwrap();
        sheet
            .write(Slot::new(2, Color::White), Writing::text("Nc3", 0))
            .unwrap();
        let want =
            hamle::braille::scoresheet_brf(&hamle::braille::Translator::default(), &sheet, &names)
                .unwrap();
        assert_eq!(brf, want);
        assert!(brf.ends_with("\r\n"));
        assert!(
            brf.bytes()
                .all(|b| b == b'\r' || b == b'\n' || (0x20..0x60).contains(&b))
        );
    } else {
        assert_eq!(resp.status(), 503);
        let body: Value = resp.json().await.unwrap();
        assert_eq!(body["code"], "braille_missing");
    }
    // Without liblouis: a localised error.
    let missing = hamle::braille::BrailleError::Missing;
    assert!(
        missing
            .say(hamle::announce::Lang::De)
            .contains("lou_translate")
    );
    server.stop().await;
}

/// Adjournment (Appendix A): the arbiter calls it, White seals (and changes) his move unseen,
/// stops the clock; the envelope is the arbiter's; the game resumes only by opening the
/// sealed move, which is then played with both boards and the clocks as they were.
#[tokio::test]
async fn adjournment_seal_envelope_resume_open() {
    let server = TestServer::start_with(limits()).await;
    let game = server.create(body()).await;
    let mut t = Table::open(&server, &game).await;
    t.play("e2e4", None).await;
    t.play("e7e5", None).await;
    t.black
        .refused(
            json!({"type": "seal_move", "text": "Nf6"}),
            "no_adjournment",
        )
        .await;
    let got = t
        .ok(
            "arbiter",
            json!({"type": "call_adjournment", "resume_at_ms": 1_900_000_000_000u64}),
        )
        .await;
    assert_eq!(got[0]["sealer"], "white");
    let msg = t
        .black
        .refused(json!({"type": "seal_move", "text": "Nf6"}), "not_sealer")
        .await;
    assert_eq!(msg, "Nur der Spieler am Zug gibt den Abgabezug ab.");
    t.white
        .refused(json!({"type": "seal_stop_clock"}), "nothing_sealed")
        .await;
    let [white, black, arbiter] = t
        .all("white", json!({"type": "seal_move", "text": "Nf3"}))
        .await;
    assert_eq!(white[0]["sealed"], "Nf3");
    assert_eq!(
        white[0]["text"],
        "Your sealed move: Nf3. You may change it until you stop the clock."
    );
    assert_eq!(black[0]["sealed"], Value::Null);
    assert_eq!(black[0]["text"], "Weiß hat den Abgabezug geschrieben.");
    assert_eq!(arbiter[0]["sealed"], Value::Null);
    t.ok("white", json!({"type": "seal_move", "text": "Nc3"}))
        .await;
    let got = t.ok("white", json!({"type": "seal_stop_clock"})).await;
    assert_eq!(got[0]["kind"], "adjourned");
    let stopped = got[0]["clock"].clone();
    assert_eq!(stopped["running"], Value::Null);
    // Changing it now is too late.
    t.white
        .refused(
            json!({"type": "seal_move", "text": "Nf3"}),
            "no_adjournment",
        )
        .await;

    let env: Value = get(&server, &game, "/envelope", "arbiter")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(env["status"], "sealed");
    assert_eq!(env["sealer"], "white");
    assert_eq!(env["move_number"], 2);
    assert_eq!(env["sealed"], true);
    assert_eq!(env["sealed_move"], Value::Null);
    assert_eq!(env["white"], "Anna");
    assert_eq!(env["resume_at_ms"], 1_900_000_000_000u64);
    assert_eq!(env["white_ms"], stopped["white_ms"]);
    assert_eq!(
        env["fen"],
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    );
    assert_eq!(
        get(&server, &game, "/envelope", "white").await.status(),
        403
    );
    let state = support::http_state(
        &format!("http://{}", server.addr),
        &game,
        &game.token("arbiter"),
    )
    .await;
    assert_eq!(state["status"], "paused");
    assert_eq!(state["pause_reason"], "adjourned");

    let msg = t
        .arbiter
        .refused(json!({"type": "resume"}), "adjourned")
        .await;
    assert_eq!(
        msg,
        "The game is adjourned: it resumes when the arbiter opens the sealed move."
    );
    let [white, black, _] = t.all("arbiter", json!({"type": "open_sealed"})).await;
    assert_eq!(
        kinds(&white),
        [
            "seal_opened",
            "move",
            "board_restored",
            "board_restored",
            "resume"
        ]
    );
    assert_eq!(white[0]["sealed"], "Nc3");
    assert_eq!(white[0]["played"], true);
    assert_eq!(
        black[0]["text"],
        "Der abgegebene Zug von Weiß: Springer Bella eins nach Cäsar drei."
    );
    assert_eq!(white[1]["uci"], "b1c3");
    assert_eq!(white[4]["clock"]["running"], "black");
    assert_eq!(white[4]["clock"]["black_ms"], stopped["black_ms"]);
    let env: Value = get(&server, &game, "/envelope", "arbiter")
        .await
        .json()
        .await
        .unwrap();
    assert_eq!(env["status"], "opened");
    assert_eq!(env["sealed_move"], "Nc3");
    t.pos = after(&["e2e4", "e7e5", "b1c3"]);
    t.play("g8f6", None).await;

    // A second adjournment; an illegal sealed move loses.
    t.ok("arbiter", json!({"type": "call_adjournment"})).await;
    t.ok("white", json!({"type": "seal_move", "text": "Ke3"}))
        .await;
    t.ok("white", json!({"type": "seal_stop_clock"})).await;
    let got = t.ok("arbiter", json!({"type": "open_sealed"})).await;
    assert_eq!(kinds(&got), ["seal_opened", "end"]);
    assert_eq!(got[0]["played"], false);
    assert_eq!(got[0]["text"], "White loses: the sealed move is illegal.");
    assert_eq!(got[1]["result"], "0-1");
    server.stop().await;
}

/// The words a player writes for `m` in `lang` (hamle understands whatever it says).
fn words(lang: hamle::announce::Lang, pos: &Chess, m: shakmaty::Move) -> String {
    hamle::words::speaker::Speaker::new(lang).say_move(pos, m, hamle::announce::Style::Short)
}

/// The `fix_board` messages that follow the arbiter's steps for one board.
fn follow(steps: &[Value], board: &str) -> Vec<Value> {
    let fix = |action: &str, square: &Value, piece: Option<&Value>| {
        let mut m =
            json!({"type": "fix_board", "board": board, "action": action, "square": square});
        if let Some(p) = piece {
            m["piece"] = p.clone();
        }
        m
    };
    let mut out = Vec::new();
    for s in steps.iter().filter(|s| s["board"] == board) {
        match s["action"].as_str().unwrap() {
            "move" => {
                out.push(fix("lift", &s["from"], None));
                out.push(fix("place", &s["to"], Some(&s["piece"])));
            }
            "remove" | "set_aside" => out.push(fix("lift", &s["from"], None)),
            _ => out.push(fix("place", &s["to"], Some(&s["piece"]))),
        }
    }
    out
}

/// Randomized through the server: random games; at a random move the opponent makes another
/// move on his board and play goes on. With both scoresheets right (first branch) his board
/// is put right by following the instructions; with his scoresheet naming the move he made
/// (second branch) the game goes back to the move before, both boards are set up by the
/// instructions and the clocks equal the readings recorded there. Every time, both boards and
/// the official game end in one position.
#[tokio::test]
async fn randomized_divergences_through_the_server() {
    use hamle::announce::Lang;
    use rand::rngs::StdRng;
    use rand::{Rng, SeedableRng};
    let server = TestServer::start_with(limits()).await;
    let mut runs = [0; 2];
    for seed in 0..8u64 {
        let mut rng = StdRng::seed_from_u64(0x5eed_0000 + seed);
        let line = hamle::sample::random_game(&mut rng, 24);
        if line.len() < 4 {
            continue;
        }
        // The move made wrongly: ply k (0-based), not the last one, so play can go on.
        let k = rng.random_range(1..line.len() - 2);
        let second_branch = seed % 2 == 1;
        let game = server.create(body()).await;
        let mut t = Table::open(&server, &game).await;
        let langs = [Lang::En, Lang::De];
        let mut clocks = vec![json!({"white_ms": 5_400_000, "black_ms": 5_400_000})];
        for (ply, m) in line[..=k].iter().enumerate() {
            let before = t.pos.clone();
            let uci = m.to_uci(shakmaty::CastlingMode::Standard).to_string();
            let (wrong, wrong_words) = if ply == k {
                // Another legal move from the same position, made on the opponent's board.
                let legal = before.legal_moves();
                let others: Vec<_> = legal.iter().filter(|o| *o != m).collect();
                let o = *others[rng.random_range(0..others.len())];
                (
                    Some(o.to_uci(shakmaty::CastlingMode::Standard).to_string()),
                    Some(o),
                )
            } else {
                (None, None)
            };
            let got = t.play(&uci, wrong.as_deref()).await;
            clocks.push(t.pressed.clone());
            if ply == k {
                assert_eq!(got[0]["differs"], true, "seed {seed}: {got:?}");
            }
            for (seat, lang, color) in [
                ("white", langs[0], Color::White),
                ("black", langs[1], Color::Black),
            ] {
                // The wrong board's player writes what he made, in the second branch.
                let wrote = match wrong_words {
                    Some(o) if second_branch && before.turn() != color => o,
                    _ => *m,
                };
                let side = if ply.is_multiple_of(2) {
                    "white"
                } else {
                    "black"
                };
                t.ok(
                    seat,
                    json!({"type": "write_sheet", "number": ply / 2 + 1, "side": side,
                           "text": words(lang, &before, wrote)}),
                )
                .await;
            }
        }
        // The side to move goes on: announces his move; the clocks stop.
        let next = line[k + 1]
            .to_uci(shakmaty::CastlingMode::Standard)
            .to_string();
        let mover = if t.pos.turn() == Color::White {
            "white"
        } else {
            "black"
        };
        let got = t.ok(mover, json!({"type": "move", "uci": next})).await;
        assert_eq!(kinds(&got), ["announce", "boards_diverged"], "seed {seed}");
        let [_, _, arbiter] = t.rule(json!({"type": "reconcile"})).await;
        let ruled = &arbiter[0];
        let (branch, ply) = if second_branch {
            ("sheets_differ", k)
        } else {
            ("sheets_agree", k + 1)
        };
        assert_eq!(ruled["branch"], branch, "seed {seed}: {ruled}");
        assert_eq!(ruled["ply"], ply, "seed {seed}");
        if second_branch {
            assert_eq!(
                ruled["clock"]["white_ms"], clocks[k]["white_ms"],
                "seed {seed}"
            );
            assert_eq!(
                ruled["clock"]["black_ms"], clocks[k]["black_ms"],
                "seed {seed}"
            );
        }
        let steps = ruled["steps"].as_array().unwrap().clone();
        for board in ["white", "black"] {
            for msg in follow(&steps, board) {
                t.ok(board, msg).await;
            }
        }
        let state = support::http_state(
            &format!("http://{}", server.addr),
            &game,
            &game.token("arbiter"),
        )
        .await;
        assert_eq!(state["moves"].as_array().unwrap().len(), ply, "seed {seed}");
        assert_eq!(
            state["table"]["white_board"]["matches"], true,
            "seed {seed}: {state}"
        );
        assert_eq!(
            state["table"]["black_board"]["matches"], true,
            "seed {seed}"
        );
        if second_branch {
            assert_eq!(state["status"], "paused", "seed {seed}");
            assert_eq!(state["pause_reason"], "arbiter", "seed {seed}");
            assert_eq!(
                state["clock"]["white_ms"], clocks[k]["white_ms"],
                "seed {seed}"
            );
            assert_eq!(
                state["clock"]["black_ms"], clocks[k]["black_ms"],
                "seed {seed}"
            );
        } else {
            // The sheets agreed: the clocks wait for the arbiter (`after_fix: wait`).
            assert_eq!(state["status"], "paused", "seed {seed}");
            assert_eq!(state["pause_reason"], "arbiter", "seed {seed}");
        }
        runs[usize::from(second_branch)] += 1;
    }
    assert!(runs[0] >= 3 && runs[1] >= 3, "{runs:?}");
    server.stop().await;
}

/// Issue 18: one click no longer destroys a game. With empty scoresheets the D.2.9 ruling is
/// refused (the sheets cannot decide); the arbiter's override is shown with its consequence
/// (half-moves taken back, the clocks) and done only when confirmed with that consequence;
/// undoing it plays the moves taken back again with the clocks as before, through the log.
#[tokio::test]
async fn empty_sheets_are_refused_a_ruling_is_confirmed_then_undone() {
    let server = TestServer::start_with(limits()).await;
    let game = server.create(body()).await;
    let mut t = Table::open(&server, &game).await;
    t.play("e2e4", None).await;
    t.play("e7e5", None).await;
    let at_e5 = t.pressed.clone();
    diverge_after_e5(&mut t).await;
    let msg = t
        .arbiter
        .refused(json!({"type": "reconcile"}), "sheets_empty")
        .await;
    assert!(msg.starts_with("Neither scoresheet holds a move"), "{msg}");
    // The override back to 1... e5: shown, nothing changed.
    let (confirmed, confirm) = t.preview(json!({"type": "reconcile", "ply": 2})).await;
    assert_eq!(confirm["action"], "reconcile");
    let ruling = &confirm["ruling"];
    assert_eq!(ruling["branch"], "arbiter_override");
    assert_eq!(ruling["ply"], 2);
    assert_eq!(ruling["take_back"], 1);
    assert_eq!(ruling["white_ms"], at_e5["white_ms"]);
    assert_eq!(ruling["black_ms"], at_e5["black_ms"]);
    let message = confirm["message"].as_str().unwrap();
    assert!(
        message.starts_with(
            "This ruling takes back one half-move. Back to the position after Black's move 1."
        ),
        "{message}"
    );
    assert!(
        message.ends_with("Nothing has changed yet. Confirm to apply it."),
        "{message}"
    );
    let url = format!("http://{}", server.addr);
    let state = support::http_state(&url, &game, &game.token("arbiter")).await;
    assert_eq!(state["moves"].as_array().unwrap().len(), 3);
    // A confirmation of another consequence is refused.
    let mut stale = confirmed.clone();
    stale["take_back"] = json!(3);
    let msg = t.arbiter.refused(stale, "ruling_changed").await;
    assert!(msg.contains("take back 1 half-moves"), "{msg}");
    let [white, _, _] = t.all("arbiter", confirmed).await;
    assert_eq!(white[0]["kind"], "ruled");
    assert_eq!(white[0]["take_back"], 1);
    let state = support::http_state(&url, &game, &game.token("arbiter")).await;
    assert_eq!(state["moves"].as_array().unwrap().len(), 2);

    // Undone: shown first, then 2. Nf3 is played again, the clocks as before the ruling.
    let (confirmed, confirm) = t.preview(json!({"type": "undo_ruling"})).await;
    assert_eq!(confirm["action"], "undo_ruling");
    assert_eq!(confirm["ruling"]["branch"], "undo");
    assert_eq!(confirm["ruling"]["replay"], 1);
    assert_eq!(confirm["ruling"]["ply"], 3);
    let [white, black, arbiter] = t.all("arbiter", confirmed).await;
    for ev in [&white[0], &black[0], &arbiter[0]] {
        assert_eq!(ev["kind"], "ruled", "{ev}");
        assert_eq!(ev["branch"], "undo");
        assert_eq!(ev["ply"], 3);
        assert_eq!(ev["take_back"], 0);
        assert_eq!(ev["clock"]["running"], Value::Null);
    }
    assert!(
        white[0]["text"]
            .as_str()
            .unwrap()
            .starts_with("The arbiter undoes his last ruling"),
        "{}",
        white[0]["text"]
    );
    let state = support::http_state(&url, &game, &game.token("arbiter")).await;
    let moves: Vec<&str> = state["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["uci"].as_str().unwrap())
        .collect();
    assert_eq!(moves, ["e2e4", "e7e5", "g1f3"]);
    assert_eq!(state["status"], "paused");
    t.arbiter
        .refused(
            json!({"type": "undo_ruling", "confirmed": true}),
            "nothing_to_undo",
        )
        .await;

    // Issue 18: the record names the half-moves the ruling took back and the undo played
    // again, in the record's language, in the text, the JSON and the PGN's comments.
    let in_lang = |path: &str, lang: &str| {
        reqwest::Client::new()
            .get(server.url(&format!("/api/games/{}{path}", game.id)))
            .bearer_auth(game.token("arbiter"))
            .header("accept-language", lang)
            .send()
    };
    let json: Value = in_lang("/incidents.json", "en")
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let lines = json.as_array().unwrap();
    let ruled: Vec<&Value> = lines
        .iter()
        .filter(|l| l["taken_back"].is_array() || l["played_again"].is_array())
        .collect();
    assert_eq!(ruled.len(), 2, "{json:#}");
    let nf3 = json!([{"ply": 3, "number": 2, "color": "white", "uci": "g1f3", "san": "Nf3"}]);
    assert_eq!(ruled[0]["taken_back"], nf3, "{json:#}");
    assert_eq!(ruled[0]["played_again"], Value::Null);
    assert_eq!(ruled[1]["played_again"], nf3, "{json:#}");
    let taken = ruled[0]["text"].as_str().unwrap();
    assert!(taken.ends_with("Taken back: 2. knight f3."), "{taken}");
    let again = ruled[1]["text"].as_str().unwrap();
    assert!(again.ends_with("Played again: 2. knight f3."), "{again}");
    let text = in_lang("/incidents", "de")
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(
        text.contains("Zurückgenommen: 2. Springer Felix drei."),
        "{text}"
    );
    assert!(
        text.contains("Wieder gespielt: 2. Springer Felix drei."),
        "{text}"
    );
    let text = in_lang("/incidents", "tr")
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(text.contains("Geri alındı: 2. "), "{text}");
    let pgn = in_lang("/pgn?incidents=true", "en")
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let flat = pgn.replace('\n', " ");
    assert!(flat.contains("Taken back: 2. knight f3.}"), "{pgn}");
    assert!(flat.contains("Played again: 2. knight f3.}"), "{pgn}");
    server.stop().await;
}

/// Every refusal of the desk has its sentence in every language.
#[test]
fn every_desk_error_is_said_in_every_language() {
    use hamle::announce::Lang;
    use hamle::words::i18n::Messages;
    let codes = [
        "no_such_slot",
        "nothing_to_strike",
        "sheet_too_long",
        "entry_too_long",
        "boards_agree",
        "no_case",
        "case_open",
        "not_fixing",
        "ply_beyond_game",
        "fix_empty_square",
        "fix_occupied",
        "no_piece_lifted",
        "no_adjournment",
        "adjournment_pending",
        "not_sealer",
        "nothing_sealed",
        "sheets_empty",
        "sheets_behind",
        "ruling_changed",
        "nothing_to_undo",
        "not_adjourned",
        "adjourned",
        "unknown_audio",
        "bad_audio_type",
        "audio_too_large",
        "empty_audio",
        "no_envelope",
        "forbidden",
        "game_over",
        "not_physical",
    ];
    for lang in Lang::ALL {
        for code in codes {
            let id = format!("error-{}", code.replace('_', "-"));
            assert!(Messages::global().has(lang, &id), "{lang}: {id}");
        }
        for id in [
            "desk-sheet-written",
            "desk-sheet-struck",
            "desk-auto-record",
            "desk-board-fixed",
            "desk-reconciled",
            "desk-adjournment-called",
            "desk-sealed-own",
            "desk-sealed",
            "desk-adjourned",
            "braille-missing",
        ] {
            assert!(Messages::global().has(lang, id), "{lang}: {id}");
        }
    }
}

/// A recording uploaded over HTTP goes with a scoresheet entry (D.2.7: score on a recording
/// device), is stored in the data directory, and is heard back by its side and the arbiter.
/// Scoresheets, the case and the clocks survive a restart of the server.
#[tokio::test]
async fn recordings_and_the_desk_survive_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let start = |dir: std::path::PathBuf| async move {
        let listener = hamle::server::bind("127.0.0.1:0".parse().unwrap()).unwrap();
        let addr = listener.local_addr().unwrap();
        let shutdown = tokio_util::sync::CancellationToken::new();
        let config = support::config_in(&dir, limits()).await;
        let token = shutdown.clone();
        let task = tokio::spawn(async move {
            hamle::server::run(listener, config, token).await.unwrap();
        });
        (addr, shutdown, task)
    };
    let (addr, shutdown, task) = start(dir.path().to_owned()).await;
    let base = format!("http://{addr}");
    let game = support::create_at(&base, body()).await;
    let http = reqwest::Client::new();
    let upload = |token: String, mime: &'static str, bytes: Vec<u8>| {
        http.post(format!("{base}/api/games/{}/audio", game.id))
            .bearer_auth(token)
            .header("content-type", mime)
            .body(bytes)
            .send()
    };
    let resp = upload(
        game.token("black"),
        "audio/ogg",
        b"OggS fake recording".to_vec(),
    )
    .await
    .unwrap();
    assert_eq!(resp.status(), 201);
    let up: Value = resp.json().await.unwrap();
    assert_eq!(up["mime"], "audio/ogg");
    let id = up["audio"].as_str().unwrap().to_owned();
    let resp = upload(game.token("black"), "text/plain", b"x".to_vec())
        .await
        .unwrap();
    assert_eq!(resp.status(), 415);
    let resp = upload(game.token("spectator"), "audio/ogg", b"x".to_vec())
        .await
        .unwrap();
    assert_eq!(resp.status(), 403);

    let (mut black, _) = Client::connect(&addr.to_string(), &game, "black", None).await;
    black.recv().await;
    black
        .refused(
            json!({"type": "write_sheet", "number": 1, "side": "white", "text": "e4", "audio": "00"}),
            "unknown_audio",
        )
        .await;
    let got = black
        .request(json!({"type": "write_sheet", "number": 1, "side": "white", "text": "Bauer Eva vier", "audio": id}))
        .await;
    assert_eq!(got[0]["audio"], id.as_str());
    let fetch = |seat: &str| {
        http.get(format!("{base}/api/games/{}/audio/{id}", game.id))
            .bearer_auth(game.token(seat))
            .send()
    };
    let resp = fetch("arbiter").await.unwrap();
    assert_eq!(resp.status(), 200);
    assert_eq!(resp.headers()["content-type"], "audio/ogg");
    assert_eq!(&resp.bytes().await.unwrap()[..], b"OggS fake recording");
    assert_eq!(fetch("white").await.unwrap().status(), 403);
    let sheet = |base: String, game: Game| async move {
        reqwest::Client::new()
            .get(format!("{base}/api/games/{}/sheets/black", game.id))
            .bearer_auth(game.token("black"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap()
    };
    let before = sheet(base.clone(), game.clone()).await;
    assert!(before.contains("1. Bauer Eva vier (Aufnahme)"), "{before}");
    drop(black);
    shutdown.cancel();
    task.await.unwrap();

    let (addr, shutdown, task) = start(dir.path().to_owned()).await;
    let base = format!("http://{addr}");
    assert_eq!(sheet(base.clone(), game.clone()).await, before);
    let resp = reqwest::Client::new()
        .get(format!("{base}/api/games/{}/audio/{id}", game.id))
        .bearer_auth(game.token("black"))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    shutdown.cancel();
    task.await.unwrap();
}
