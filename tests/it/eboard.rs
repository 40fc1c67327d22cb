//! Issue 33's link from a board to a seat, end to end: a virtual DGT board speaking the DGT
//! protocol byte for byte over a pseudo-terminal, `hamle board`'s bridge opening the pty's
//! path as its port, a real server, and the seats' pages as WebSocket clients. The bridge's
//! lift becomes a touch at the table, the placement the move made on the player's board, the
//! opponent's move made on it brings the table's record along; a board showing nonsense makes
//! the seat hear what to put right, the port vanishing makes it hear "board lost", a board on
//! a new port "back", the bridge stopping "no longer linked". Bad input (a status from a
//! spectator, an unknown status, a bridge on a seat with no board, a wrong token) is refused
//! with a localised sentence and changes nothing.

use std::os::fd::OwnedFd;
use std::path::{Path, PathBuf};
use std::sync::mpsc::{Receiver, Sender, TryRecvError, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use hamle::announce::Lang;
use hamle::bridge::link::SeatLink;
use hamle::bridge::{Ended, Kind, Options};
use hamle::eboard::chessnut::position_report;
use hamle::eboard::dgt::{DgtBoard, Field, Orientation};
use serde_json::{Value, json};
use shakmaty::{Board, Chess, Piece, Position, Square};
use tokio::sync::mpsc::UnboundedReceiver;
use tokio_util::sync::CancellationToken;

use crate::support::{Client, Game, TestServer};

mod game;
mod livechess;

/// What the virtual board's thread is told.
enum Cmd {
    Write(Vec<u8>),
    /// A DGT 3000's reading through the board: sent only in an update mode that relays the
    /// clock (`DGT_SEND_UPDATE` 0x43, `DGT_SEND_UPDATE_NICE` 0x4b), as a real board does.
    Clock(Vec<u8>),
    Vanish,
}

/// A sensor board at the master end of a pseudo-terminal. A DGT board answers `DGT_SEND_BRD`
/// with a board dump and `DGT_SEND_VERSION` with its version, and sends field updates as
/// pieces are lifted and put down; a Chessnut board answers the realtime mode command with a
/// position report and sends one on every change; as real boards do.
struct VirtualBoard {
    kind: Kind,
    /// The pty's slave: the bridge's port.
    path: PathBuf,
    board: Arc<Mutex<Board>>,
    /// Every byte the bridge sent.
    heard: Arc<Mutex<Vec<u8>>>,
    cmds: Sender<Cmd>,
    thread: Option<std::thread::JoinHandle<()>>,
}

fn dump_bytes(board: &Board) -> Vec<u8> {
    let fields = DgtBoard::from_board(board);
    let mut out = vec![0x86, 0x00, 67];
    out.extend((0..64u8).map(|n| {
        let square = Orientation::Normal.square(n).expect("a field");
        fields.get(square).code()
    }));
    out
}

fn field_update(square: Square, piece: Option<Piece>) -> Vec<u8> {
    let field = piece.map_or(Field::Empty, Field::Piece);
    vec![
        0x8e,
        0x00,
        0x05,
        Orientation::Normal.field(square),
        field.code(),
    ]
}

fn write_all(fd: &OwnedFd, mut bytes: &[u8]) {
    while !bytes.is_empty() {
        match rustix::io::write(fd, bytes) {
            Ok(n) => bytes = &bytes[n..],
            Err(rustix::io::Errno::AGAIN | rustix::io::Errno::INTR) => {
                std::thread::sleep(Duration::from_millis(1))
            }
            Err(e) => panic!("the virtual board cannot write: {e}"),
        }
    }
}

fn serve_board(
    kind: Kind,
    master: OwnedFd,
    board: Arc<Mutex<Board>>,
    heard: Arc<Mutex<Vec<u8>>>,
    cmds: Receiver<Cmd>,
) {
    use rustix::event::{PollFd, PollFlags, Timespec, poll};
    let wait = Timespec {
        tv_sec: 0,
        tv_nsec: 5_000_000,
    };
    let mut buf = [0u8; 64];
    // The update mode relays the clock (the last mode command the bridge sent).
    let mut relays_clock = false;
    loop {
        match cmds.try_recv() {
            Ok(Cmd::Write(bytes)) => write_all(&master, &bytes),
            Ok(Cmd::Clock(bytes)) if relays_clock => write_all(&master, &bytes),
            Ok(Cmd::Clock(_)) => {}
            Ok(Cmd::Vanish) | Err(TryRecvError::Disconnected) => return,
            Err(TryRecvError::Empty) => {}
        }
        let mut fds = [PollFd::new(&master, PollFlags::IN)];
        if poll(&mut fds, Some(&wait)).unwrap_or(0) == 0 {
            continue;
        }
        if !fds[0].revents().contains(PollFlags::IN) {
            // No one has the slave open yet (or any more).
            std::thread::sleep(Duration::from_millis(5));
            continue;
        }
        let n = match rustix::io::read(&master, &mut buf) {
            Ok(n) => n,
            Err(_) => {
                std::thread::sleep(Duration::from_millis(5));
                continue;
            }
        };
        for &b in &buf[..n] {
            let mut heard = heard.lock().unwrap();
            heard.push(b);
            match (kind, b) {
                // The update modes: with the clock (0x43, 0x4b), without (0x44), none (0x40).
                (Kind::Dgt, 0x43 | 0x4b) => relays_clock = true,
                (Kind::Dgt, 0x40 | 0x44) => relays_clock = false,
                // DGT_SEND_BRD: the whole board.
                (Kind::Dgt, 0x42) => write_all(&master, &dump_bytes(&board.lock().unwrap())),
                // DGT_SEND_VERSION: version 1.2.
                (Kind::Dgt, 0x4d) => write_all(&master, &[0x93, 0x00, 0x05, 0x01, 0x02]),
                // Realtime mode: the position at once.
                (Kind::Chessnut, _) if heard.ends_with(&[0x21, 0x01, 0x00]) => {
                    write_all(&master, &position_report(&board.lock().unwrap()))
                }
                _ => {}
            }
        }
    }
}

impl VirtualBoard {
    fn start(board: Board) -> VirtualBoard {
        VirtualBoard::of(Kind::Dgt, board)
    }

    fn of(kind: Kind, board: Board) -> VirtualBoard {
        use rustix::pty::{OpenptFlags, grantpt, openpt, ptsname, unlockpt};
        let master = openpt(OpenptFlags::RDWR | OpenptFlags::NOCTTY).expect("a pty");
        grantpt(&master).expect("grantpt");
        unlockpt(&master).expect("unlockpt");
        let path = PathBuf::from(
            ptsname(&master, Vec::new())
                .expect("the pty's name")
                .into_string()
                .expect("a path"),
        );
        let board = Arc::new(Mutex::new(board));
        let heard = Arc::new(Mutex::new(Vec::new()));
        let (cmds, rx) = channel();
        let thread = {
            let (board, heard) = (Arc::clone(&board), Arc::clone(&heard));
            std::thread::spawn(move || serve_board(kind, master, board, heard, rx))
        };
        VirtualBoard {
            kind,
            path,
            board,
            heard,
            cmds,
            thread: Some(thread),
        }
    }

    /// Waits until the bridge has sent the start sequence (DGT: update mode, version, board;
    /// Chessnut: realtime mode): from then on the pty is in raw mode and the board may talk.
    async fn started(&self) {
        let start: &[u8] = match self.kind {
            Kind::Dgt => &[0x4b, 0x4d, 0x42],
            Kind::Chessnut => &[0x21, 0x01, 0x00],
        };
        for _ in 0..500 {
            let heard = self.heard.lock().unwrap().clone();
            if heard.windows(3).any(|w| w == start) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(10)).await;
        }
        panic!("the bridge never started the board");
    }

    fn send(&self, bytes: Vec<u8>) {
        self.cmds.send(Cmd::Write(bytes)).expect("the board runs");
    }

    /// A DGT 3000's reading, relayed if the board is in a mode that relays the clock.
    fn clock(&self, bytes: Vec<u8>) {
        self.cmds.send(Cmd::Clock(bytes)).expect("the board runs");
    }

    /// Every byte the bridge sent so far.
    fn heard(&self) -> Vec<u8> {
        self.heard.lock().unwrap().clone()
    }

    fn lift(&self, square: Square) {
        self.board.lock().unwrap().discard_piece_at(square);
        self.send(field_update(square, None));
    }

    fn put(&self, square: Square, piece: Piece) {
        self.board.lock().unwrap().set_piece_at(square, piece);
        self.send(field_update(square, Some(piece)));
    }

    /// A Chessnut board: the pieces now, in one position report.
    fn show(&self, board: Board) {
        *self.board.lock().unwrap() = board.clone();
        self.send(position_report(&board).to_vec());
    }

    /// The board is unplugged: the pty's master closes.
    fn vanish(mut self) {
        let _ = self.cmds.send(Cmd::Vanish);
        if let Some(t) = self.thread.take() {
            t.join().expect("the board's thread");
        }
    }
}

impl Drop for VirtualBoard {
    fn drop(&mut self) {
        let _ = self.cmds.send(Cmd::Vanish);
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

/// White visually impaired (tactile board, German), Black sighted (normal board, Turkish),
/// the Appendix's physical procedure.
fn body() -> Value {
    json!({
        "white": {"name": "Anna", "visually_impaired": true},
        "black": {"name": "Berk"},
        "languages": {"white": "de", "black": "tr"},
        "rules": {"procedure": "physical"}
    })
}

fn link(server: &TestServer, game: &Game, seat: &str) -> SeatLink {
    let text = format!(
        "http://{}/vi?lang=de#game={}&token={}",
        server.addr,
        game.id,
        game.token(seat)
    );
    SeatLink::parse(&text).expect("a seat link")
}

/// The bridge on a task of its own, and its terminal's lines.
struct Bridge {
    stop: CancellationToken,
    task: tokio::task::JoinHandle<Ended>,
    lines: UnboundedReceiver<String>,
}

impl Bridge {
    fn start(port: &Path, link: SeatLink) -> Bridge {
        Bridge::of(Kind::Dgt, port, link)
    }

    fn of(kind: Kind, port: &Path, link: SeatLink) -> Bridge {
        let stop = CancellationToken::new();
        let opts = Options {
            port: port.to_owned(),
            link,
            kind,
            settle_ms: 100,
            clock: None,
            lang: Lang::De,
            livechess: None,
        };
        let (say, lines) = tokio::sync::mpsc::unbounded_channel();
        let task = tokio::spawn(hamle::bridge::run(opts, stop.clone(), say));
        Bridge { stop, task, lines }
    }

    async fn stop(self) -> (Ended, Vec<String>) {
        self.stop.cancel();
        let ended = tokio::time::timeout(Duration::from_secs(10), self.task)
            .await
            .expect("the bridge stops")
            .expect("the bridge's task");
        let mut lines = self.lines;
        let mut all = Vec::new();
        while let Ok(l) = lines.try_recv() {
            all.push(l);
        }
        (ended, all)
    }
}

/// Reads `c`'s messages until one fits `want` (others are skipped; each must come within the
/// client's step).
async fn until(c: &mut Client, what: &str, want: impl Fn(&Value) -> bool) -> Value {
    for _ in 0..200 {
        let m = c.recv().await;
        if want(&m) {
            return m;
        }
    }
    panic!("{}: never {what}", c.name);
}

fn board_status<'a>(status: &'a str) -> impl Fn(&Value) -> bool + 'a {
    move |m| m["type"] == "board_status" && m["status"] == status
}

fn board_event<'a>(
    board: &'a str,
    action: &'a str,
    square: &'a str,
) -> impl Fn(&Value) -> bool + 'a {
    move |m| {
        m["type"] == "event"
            && m["kind"] == "board"
            && m["board"] == board
            && m["action"] == action
            && m["square"] == square
    }
}

fn piece(c: char) -> Piece {
    Piece::from_char(c).expect("a piece letter")
}

/// A request that must be answered with `ack`; the messages before it are handed back.
async fn ok(c: &mut Client, msg: Value) -> Vec<Value> {
    let got = c.request(msg.clone()).await;
    assert_eq!(
        got.last().unwrap()["type"],
        "ack",
        "{} {msg}: {got:#?}",
        c.name
    );
    got
}

/// No board status among `c`'s messages up to the answer of a ping.
async fn heard_no_board_status(c: &mut Client) {
    let got = c.request(json!({"type": "ping"})).await;
    assert!(
        got.iter().all(|m| m["type"] != "board_status"),
        "{}: {got:#?}",
        c.name
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_dgt_board_on_a_pty_plays_its_seats_moves_and_says_what_it_needs() {
    let server = TestServer::start().await;
    let game = server.create(body()).await;
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    assert_eq!(white.recv().await["type"], "state");
    let (mut black, _) = Client::connect(&addr, &game, "black", None).await;
    assert_eq!(black.recv().await["type"], "state");

    // The bridge opens the board through a link, as udev's /dev/serial/by-id/… are: the
    // board can come back on another pty behind the same name.
    let dir = tempfile::tempdir().unwrap();
    let port = dir.path().join("dgt");
    let board = VirtualBoard::start(Board::new());
    std::os::unix::fs::symlink(&board.path, &port).unwrap();
    let bridge = Bridge::start(&port, link(&server, &game, "white"));
    board.started().await;

    // The player's page, still connected beside the bridge, hears that the board is there.
    let connected = until(&mut white, "connected", board_status("connected")).await;
    assert_eq!(connected["color"], "white");
    assert_eq!(connected["text"], "Ihr elektronisches Brett ist verbunden.");

    // 1. e4: the pawn lifted out of its hole is touched (D.2.3), placed on e4 it is the
    // placement (D.2.4); both reach the table as White's own board events.
    board.lift(Square::E2);
    let lift = until(&mut black, "the lift", board_event("white", "lift", "e2")).await;
    assert_eq!(lift["by"], "white");
    until(&mut white, "the lift", board_event("white", "lift", "e2")).await;
    board.put(Square::E4, piece('P'));
    until(
        &mut white,
        "the placement",
        board_event("white", "place", "e4"),
    )
    .await;
    until(
        &mut black,
        "the placement",
        board_event("white", "place", "e4"),
    )
    .await;
    let state = white.request(json!({"type": "state"})).await;
    let table = &state.last().unwrap()["state"]["table"];
    assert_eq!(
        table["white_board"]["placement"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
    );
    assert_eq!(table["made"]["missing"]["announcement"], true, "{table}");
    // The move is announced and the clock pressed on his page, as the Appendix has it.
    ok(
        &mut white,
        json!({"type": "announce", "text": "Bauer Eva vier"}),
    )
    .await;
    let pressed = ok(&mut white, json!({"type": "press_clock"})).await;
    assert!(
        pressed
            .iter()
            .any(|m| m["kind"] == "move" && m["uci"] == "e2e4"),
        "{pressed:#?}"
    );
    until(&mut black, "e4", |m| {
        m["kind"] == "move" && m["uci"] == "e2e4"
    })
    .await;

    // 2. Black makes e4 on his own board, then ...e5: White's board lacks it, and he
    // hears what to do.
    ok(
        &mut black,
        json!({"type": "board", "board": "black", "action": "move", "uci": "e2e4"}),
    )
    .await;
    ok(
        &mut black,
        json!({"type": "board", "board": "black", "action": "move", "uci": "e7e5"}),
    )
    .await;
    ok(&mut black, json!({"type": "press_clock"})).await;
    let behind = until(&mut white, "the mismatch", board_status("mismatch")).await;
    assert_eq!(
        behind["text"],
        "Ihr Brett stimmt nicht mit der Partie überein. Nimm den schwarzen Bauern von Eva \
         sieben, setze ihn auf Eva fünf."
    );
    // He makes Black's move on his board: the table's record of it follows.
    board.lift(Square::E7);
    until(&mut white, "half way", |m| {
        m["type"] == "board_status"
            && m["text"]
                == "Ihr Brett stimmt nicht mit der Partie überein. Setze einen schwarzen Bauern \
                    auf Eva fünf."
    })
    .await;
    board.put(Square::E5, piece('p'));
    until(&mut white, "in step", board_status("in_sync")).await;
    let state = white.request(json!({"type": "state"})).await;
    let table = &state.last().unwrap()["state"]["table"];
    assert_eq!(table["white_board"]["matches"], true, "{table}");

    // 3. Nonsense: a black queen from nowhere on h4.
    board.put(Square::H4, piece('q'));
    let nonsense = until(&mut white, "nonsense", board_status("mismatch")).await;
    assert_eq!(
        nonsense["text"],
        "Ihr Brett stimmt nicht mit der Partie überein. Nimm die schwarze Dame von Hektor \
         vier vom Brett."
    );
    board.lift(Square::H4);
    until(&mut white, "in step again", board_status("in_sync")).await;

    // 4. The board unplugged: lost.
    board.vanish();
    let lost = until(&mut white, "lost", board_status("lost")).await;
    assert_eq!(
        lost["text"],
        "Die Verbindung zu Ihrem elektronischen Brett ist unterbrochen: Was Sie darauf tun, \
         wird nicht gesehen, bis es wieder verbunden ist."
    );

    // 5. Plugged in again (another pty behind the same name): back, and in step with the game.
    let mut after = Chess::default();
    for uci in ["e2e4", "e7e5"] {
        let m = uci
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&after)
            .unwrap();
        after.play_unchecked(m);
    }
    let again = VirtualBoard::start(after.board().clone());
    std::fs::remove_file(&port).unwrap();
    std::os::unix::fs::symlink(&again.path, &port).unwrap();
    again.started().await;
    let back = until(&mut white, "back", board_status("back")).await;
    assert_eq!(
        back["text"],
        "Ihr elektronisches Brett ist wieder verbunden."
    );
    // Nf3 from the board that came back: the table takes it as before.
    again.lift(Square::G1);
    until(&mut white, "the lift", board_event("white", "lift", "g1")).await;
    again.put(Square::F3, piece('N'));
    until(
        &mut white,
        "the placement",
        board_event("white", "place", "f3"),
    )
    .await;

    // Black heard none of it: White's board is White's.
    heard_no_board_status(&mut black).await;

    // 6. The bridge stops: the page hears that the board is no longer linked.
    let (ended, lines) = bridge.stop().await;
    assert_eq!(ended, Ended::Stopped);
    let gone = until(&mut white, "gone", board_status("bridge_gone")).await;
    assert_eq!(
        gone["text"],
        "Ihr elektronisches Brett ist nicht mehr mit der Partie verbunden: Was Sie darauf tun, \
         wird nicht gesehen."
    );
    // The terminal said it all too, in the link's language.
    for said in [
        "Ihr elektronisches Brett ist verbunden.",
        "Ihr elektronisches Brett ist wieder verbunden.",
        "Die Brücke ist beendet.",
    ] {
        assert!(lines.iter().any(|l| l == said), "{said}: {lines:#?}");
    }
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("Mit der Partie verbunden, als Weiß")),
        "{lines:#?}"
    );
    drop(again);
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_chessnut_boards_position_reports_become_the_sighted_players_move() {
    let server = TestServer::start().await;
    let game = server.create(body()).await;
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    assert_eq!(white.recv().await["type"], "state");
    let (mut black, _) = Client::connect(&addr, &game, "black", None).await;
    assert_eq!(black.recv().await["type"], "state");
    // Black, the sighted player (Turkish), on a Chessnut board.
    let board = VirtualBoard::of(Kind::Chessnut, Board::new());
    let black_link = SeatLink::parse(&format!(
        "http://{}/board?lang=tr#game={}&token={}",
        server.addr,
        game.id,
        game.token("black")
    ))
    .unwrap();
    let bridge = Bridge::of(Kind::Chessnut, &board.path, black_link);
    board.started().await;
    let connected = until(&mut black, "connected", board_status("connected")).await;
    assert_eq!(connected["text"], "Elektronik tahtanız bağlandı.");
    // White plays e4 on his page's board and presses the clock.
    for msg in [
        json!({"type": "board", "board": "white", "action": "lift", "square": "e2"}),
        json!({"type": "board", "board": "white", "action": "place", "square": "e4"}),
        json!({"type": "announce", "text": "Bauer Eva vier"}),
        json!({"type": "press_clock"}),
    ] {
        ok(&mut white, msg).await;
    }
    // Black's board lacks it: he hears what to do, in Turkish.
    let behind = until(&mut black, "the mismatch", board_status("mismatch")).await;
    assert_eq!(
        behind["text"],
        "Tahtanız oyundan farklı. Lütfen beyaz piyonu e ikiden alın ve e dörde koyun."
    );
    // One report with e4 made on his board, one with his own ...e5: the table follows both.
    let mut pos = Chess::default();
    for uci in ["e2e4", "e7e5"] {
        let m = uci
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&pos)
            .unwrap();
        pos.play_unchecked(m);
        board.show(pos.board().clone());
    }
    until(&mut white, "e5 placed", board_event("black", "place", "e5")).await;
    ok(&mut black, json!({"type": "press_clock"})).await;
    until(&mut white, "...e5", |m| {
        m["kind"] == "move" && m["uci"] == "e7e5"
    })
    .await;
    let (ended, _) = bridge.stop().await;
    assert_eq!(ended, Ended::Stopped);
    server.stop().await;
}

/// A raw bridge: a socket that greets as White's board.
async fn raw_bridge(addr: &str, game: &Game, seat: &str) -> Client {
    let ws = Client::open(addr, game).await;
    let mut c = Client::from_ws(ws, &format!("{seat}-bridge"));
    c.send(json!({"type": "hello", "v": 1, "token": game.token(seat), "eboard": true}))
        .await;
    assert_eq!(c.recv().await["type"], "welcome");
    assert_eq!(c.recv().await["type"], "state");
    c
}

#[tokio::test]
async fn a_bridge_keeps_the_page_and_a_second_bridge_replaces_the_first() {
    let server = TestServer::start().await;
    let game = server.create(body()).await;
    let addr = server.addr.to_string();
    let (mut page, _) = Client::connect(&addr, &game, "white", None).await;
    assert_eq!(page.recv().await["type"], "state");
    let mut first = raw_bridge(&addr, &game, "white").await;
    ok(
        &mut first,
        json!({"type": "board_status", "status": "connected"}),
    )
    .await;
    // The page is still there and hears it.
    let heard = until(&mut page, "connected", board_status("connected")).await;
    assert_eq!(heard["text"], "Ihr elektronisches Brett ist verbunden.");
    // A second bridge for the same board: the first is replaced, the page is not told the
    // board is gone (it is not).
    let mut second = raw_bridge(&addr, &game, "white").await;
    let (code, said) = first.until_close().await;
    assert_eq!(code, Some(4409));
    assert!(said.iter().any(|m| m["code"] == "replaced"), "{said:?}");
    heard_no_board_status(&mut page).await;
    // A board event of the bridge the table refuses: the page hears it, as the server says it.
    let message = second
        .refused(
            json!({"type": "board", "board": "white", "action": "lift", "square": "e4"}),
            "board_impossible",
        )
        .await;
    let refused = until(&mut page, "the refusal", board_status("refused")).await;
    assert_eq!(refused["code"], "board_impossible");
    assert_eq!(
        refused["text"],
        format!("Vom elektronischen Brett nicht angenommen: {message}")
    );
    // The assistant's page and a later page: a standing problem is said once to a newcomer.
    ok(
        &mut second,
        json!({"type": "board_status", "status": "promotion", "from": "e7", "to": "e8"}),
    )
    .await;
    until(&mut page, "the promotion", board_status("promotion")).await;
    let (mut later, _) = Client::connect(&addr, &game, "white", None).await;
    let mut heard = Vec::new();
    for _ in 0..2 {
        heard.push(later.recv().await);
    }
    assert!(
        heard.iter().any(|m| m["type"] == "board_status"
            && m["text"]
                == "Ihr Bauer zieht von Eva sieben nach Eva acht: Stellen Sie statt des Bauern \
                    die Figur auf Eva acht, in die er sich umwandelt."),
        "{heard:#?}"
    );
    // The bridge leaves: the page hears it.
    drop(second);
    until(&mut later, "gone", board_status("bridge_gone")).await;
    server.stop().await;
}

#[tokio::test]
async fn bad_statuses_and_seats_without_a_board_are_refused_and_nothing_is_said() {
    let server = TestServer::start().await;
    let mut b = body();
    b["white"]["assistant"] = json!(true);
    b["languages"]["spectator"] = json!("en");
    b["languages"]["white_assistant"] = json!("tr");
    let game = server.create(b).await;
    let addr = server.addr.to_string();
    let (mut page, _) = Client::connect(&addr, &game, "white", None).await;
    assert_eq!(page.recv().await["type"], "state");
    let (mut assistant, _) = Client::connect(&addr, &game, "white_assistant", None).await;
    assert_eq!(assistant.recv().await["type"], "state");

    // A spectator reports a board: refused, in his language.
    let (mut spectator, _) = Client::connect(&addr, &game, "spectator", None).await;
    assert_eq!(spectator.recv().await["type"], "state");
    let said = spectator
        .refused(
            json!({"type": "board_status", "status": "lost"}),
            "eboard_players_only",
        )
        .await;
    assert_eq!(
        said,
        "Only a player's electronic board reports its state: use White's or Black's link."
    );
    // An unknown status, and a mismatch naming a square twice: the field is named.
    let mut bridge = raw_bridge(&addr, &game, "white").await;
    let said = bridge
        .refused(
            json!({"type": "board_status", "status": "exploded"}),
            "invalid_field",
        )
        .await;
    assert_eq!(said, "Das Feld status hat einen ungültigen Wert.");
    let twice = json!({"type": "board_status", "status": "mismatch",
        "missing": [{"square": "f3", "piece": "N"}], "wrong": [{"square": "f3", "found": "B", "expected": "N"}]});
    let said = bridge.refused(twice, "invalid_field").await;
    assert_eq!(said, "Das Feld wrong hat einen ungültigen Wert.");
    heard_no_board_status(&mut page).await;
    heard_no_board_status(&mut assistant).await;
    // A good status: the player hears of his board, his assistant of White's, in Turkish.
    ok(
        &mut bridge,
        json!({"type": "board_status", "status": "lost"}),
    )
    .await;
    until(&mut page, "lost", board_status("lost")).await;
    let heard = until(&mut assistant, "lost", board_status("lost")).await;
    assert_eq!(
        heard["text"],
        "Beyazın elektronik tahtasıyla bağlantı kesildi: Yeniden bağlanana kadar tahtada \
         yapılanlar görülmüyor."
    );

    // A bridge greeting as the assistant or the arbiter: refused at the greeting.
    for seat in ["white_assistant", "arbiter"] {
        let ws = Client::open(&addr, &game).await;
        let mut c = Client::from_ws(ws, seat);
        c.send(json!({"type": "hello", "v": 1, "token": game.token(seat), "eboard": true}))
            .await;
        let (code, said) = c.until_close().await;
        assert_eq!(code, Some(4400), "{seat}");
        assert_eq!(said[0]["code"], "eboard_players_only", "{seat}: {said:?}");
    }
    server.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bridge_with_a_wrong_token_is_told_why_and_plays_nothing() {
    let server = TestServer::start().await;
    let game = server.create(body()).await;
    let board = VirtualBoard::start(Board::new());
    let text = format!(
        "http://{}/vi?lang=de#game={}&token={}",
        server.addr,
        game.id,
        "0".repeat(32)
    );
    // The refusal may come before the port is even open: the bridge gives up either way.
    let bridge = Bridge::start(&board.path, SeatLink::parse(&text).unwrap());
    let ended = tokio::time::timeout(Duration::from_secs(10), bridge.task)
        .await
        .expect("the bridge gives up")
        .expect("the bridge's task");
    assert_eq!(
        ended,
        Ended::Refused("Dieses Token gilt nicht für diese Partie.".to_owned())
    );
    // Nothing reached the table.
    let state = crate::support::http_state(
        &format!("http://{}", server.addr),
        &game,
        &game.token("white"),
    )
    .await;
    assert_eq!(state["table"]["white_board"]["hand"], Value::Null);
    assert_eq!(state["seq"], 0);
    server.stop().await;
}

/// The latency from the last byte of a lift or a placement on the board to the opponent's
/// event (the settle time included: 100 ms here, 300 ms by default): each pawn lifted and put
/// back, each step its own board event at the table. Printed with `--nocapture`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_placement_reaches_the_opponent_within_a_settle_time_and_a_little() {
    let server = TestServer::start().await;
    let game = server.create(body()).await;
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    assert_eq!(white.recv().await["type"], "state");
    let (mut black, _) = Client::connect(&addr, &game, "black", None).await;
    assert_eq!(black.recv().await["type"], "state");
    let board = VirtualBoard::start(Board::new());
    let bridge = Bridge::start(&board.path, link(&server, &game, "white"));
    board.started().await;
    until(&mut white, "connected", board_status("connected")).await;
    let mut samples = Vec::new();
    // Each pawn once: a touch is reported once per position.
    for square in [
        Square::A2,
        Square::B2,
        Square::C2,
        Square::D2,
        Square::E2,
        Square::F2,
        Square::G2,
        Square::H2,
    ] {
        let name = square.to_string();
        let sent = std::time::Instant::now();
        board.lift(square);
        until(&mut black, "the lift", board_event("white", "lift", &name)).await;
        samples.push(sent.elapsed());
        let sent = std::time::Instant::now();
        board.put(square, piece('P'));
        until(
            &mut black,
            "the placement",
            board_event("white", "place", &name),
        )
        .await;
        samples.push(sent.elapsed());
    }
    samples.sort();
    let median = samples[samples.len() / 2];
    let p99 = samples[(samples.len() * 99).div_ceil(100) - 1];
    eprintln!(
        "eboard latency, last byte to the opponent's event, settle 100 ms, {} samples: \
         median {median:?}, p99 {p99:?}, max {:?}",
        samples.len(),
        samples[samples.len() - 1]
    );
    assert!(
        median >= Duration::from_millis(100),
        "faster than the settle time: {median:?}"
    );
    assert!(p99 < Duration::from_millis(1500), "{samples:?}");
    let (ended, _) = bridge.stop().await;
    assert_eq!(ended, Ended::Stopped);
    server.stop().await;
}

/// Bad input from the board: line noise in the middle of a move, the board unplugged with a
/// piece in the air and plugged in again with it still in the air (the table holds it lifted:
/// said so, never "put it back"), then with the move made, a board that reports an impossible
/// position (a third king). Each is said clearly in the seat's language; nothing is
/// played that the player did not do, and nothing he did is lost.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn line_noise_an_unplugged_board_and_an_impossible_position_play_nothing_and_lose_nothing() {
    let server = TestServer::start().await;
    let game = server.create(body()).await;
    let addr = server.addr.to_string();
    let (mut white, _) = Client::connect(&addr, &game, "white", None).await;
    assert_eq!(white.recv().await["type"], "state");
    let (mut black, _) = Client::connect(&addr, &game, "black", None).await;
    assert_eq!(black.recv().await["type"], "state");
    let dir = tempfile::tempdir().unwrap();
    let port = dir.path().join("dgt");
    let board = VirtualBoard::start(Board::new());
    std::os::unix::fs::symlink(&board.path, &port).unwrap();
    let bridge = Bridge::start(&port, link(&server, &game, "white"));
    board.started().await;
    until(&mut white, "connected", board_status("connected")).await;

    // Line noise: bytes with and without the message bit, a header cut short, a header
    // naming an impossible length, a field update cut in two around noise.
    board.send(vec![0x00, 0x13, 0x7f, 0xff, 0x8e, 0x00]);
    board.send(vec![0x8e, 0x7f, 0x7f, 0x01, 0x02]);
    board.lift(Square::E2);
    until(&mut black, "the lift", board_event("white", "lift", "e2")).await;
    board.send(vec![0x86, 0x00, 0x43, 0x01, 0x02, 0x03]);
    board.send(vec![0x55, 0xaa, 0x55]);

    // Unplugged with the pawn in the air: the seat hears the board is lost; the table keeps
    // the pawn in his hand.
    board.vanish();
    until(&mut white, "lost", board_status("lost")).await;
    let state = white.request(json!({"type": "state"})).await;
    let table = &state.last().unwrap()["state"]["table"];
    assert_eq!(table["white_board"]["hand"]["from"], "e2", "{table}");
    // Plugged in again with the pawn still in the air: back, and he hears that the table
    // holds it lifted (touched), not that his board lacks it on e2.
    let mut in_air = Board::new();
    in_air.discard_piece_at(Square::E2);
    let plugged = VirtualBoard::start(in_air);
    std::fs::remove_file(&port).unwrap();
    std::os::unix::fs::symlink(&plugged.path, &port).unwrap();
    plugged.started().await;
    until(&mut white, "back", board_status("back")).await;
    let mut heard = Vec::new();
    let holding = loop {
        let m = white.recv().await;
        if m["type"] == "board_status" && m["status"] == "holding" {
            break m;
        }
        heard.push(m);
    };
    assert_eq!(
        holding["text"],
        "Am Tisch haben Sie den weißen Bauern von Eva zwei angehoben und noch nicht abgestellt."
    );
    assert!(
        heard.iter().all(|m| m["type"] != "board_status"),
        "before the hand: {heard:#?}"
    );
    heard_no_board_status(&mut white).await;
    plugged.vanish();
    until(&mut white, "lost", board_status("lost")).await;
    // Plugged in again with the pawn put on e4 meanwhile: back, and the placement reaches
    // the table as his (nothing lost).
    let mut e4 = Board::new();
    e4.discard_piece_at(Square::E2);
    e4.set_piece_at(Square::E4, piece('P'));
    let again = VirtualBoard::start(e4.clone());
    std::fs::remove_file(&port).unwrap();
    std::os::unix::fs::symlink(&again.path, &port).unwrap();
    again.started().await;
    until(&mut white, "back", board_status("back")).await;
    until(&mut black, "the place", board_event("white", "place", "e4")).await;

    // An impossible position: a third king on the board (a DGT board's whole-board report).
    // He hears what to take off; the table is sent no board event (only the board's raw
    // readings, the arbiter's evidence, which only he sees).
    let before = white.request(json!({"type": "state"})).await;
    let before = &before.last().unwrap()["state"];
    let (seq_before, moves_before) = (before["seq"].as_u64().unwrap(), before["moves"].clone());
    let mut three_kings = e4.clone();
    three_kings.set_piece_at(Square::E3, piece('K'));
    *again.board.lock().unwrap() = three_kings.clone();
    again.send(dump_bytes(&three_kings));
    let said = until(&mut white, "three kings", board_status("mismatch")).await;
    assert_eq!(
        said["text"],
        "Ihr Brett stimmt nicht mit der Partie überein. Nimm den weißen König von Eva drei vom \
         Brett."
    );
    let state = white.request(json!({"type": "state"})).await;
    let state = &state.last().unwrap()["state"];
    assert_eq!(state["moves"], moves_before, "nothing played");
    // What reached the table since, as the arbiter sees it: raw readings only.
    let (mut arbiter, _) = Client::connect(&addr, &game, "arbiter", Some(seq_before)).await;
    let heard = arbiter.request(json!({"type": "ping"})).await;
    let events: Vec<&Value> = heard.iter().filter(|m| m["type"] == "event").collect();
    assert_eq!(
        events.len() as u64,
        state["seq"].as_u64().unwrap() - seq_before,
        "{heard:#?}"
    );
    assert!(
        events.iter().all(|e| e["kind"] == "board_sensed"),
        "only raw readings reached the table: {events:#?}"
    );
    assert_eq!(
        state["table"]["white_board"]["placement"],
        "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR"
    );
    again.lift(Square::E3);
    until(&mut white, "in step", board_status("in_sync")).await;
    // The move is his, announced and pressed as ever.
    ok(
        &mut white,
        json!({"type": "announce", "text": "Bauer Eva vier"}),
    )
    .await;
    ok(&mut white, json!({"type": "press_clock"})).await;
    until(&mut black, "e4", |m| {
        m["kind"] == "move" && m["uci"] == "e2e4"
    })
    .await;
    let (ended, lines) = bridge.stop().await;
    assert_eq!(ended, Ended::Stopped);
    assert!(
        lines.iter().all(|l| !l.contains("nicht als Brettereignis")),
        "{lines:#?}"
    );
    drop(again);
    server.stop().await;
}

/// `hamle board --clock`: a side that is no side of the clock is refused before anything
/// starts, in the operator's language.
#[test]
fn a_clock_side_that_is_no_side_is_refused_in_the_operators_language() {
    let run = |lang: &str, side: &str| {
        std::process::Command::new(env!("CARGO_BIN_EXE_hamle"))
            .args(["board", "--port", "/dev/null", "--clock", side])
            .arg("http://127.0.0.1:1/vi#game=00112233445566ff&token=00ff")
            .env_remove("LC_ALL")
            .env_remove("LC_MESSAGES")
            .env("LANG", lang)
            .output()
            .expect("hamle runs")
    };
    for (lang, said) in [
        ("de_DE.UTF-8", "„mitte“ ist keine Seite der Uhr"),
        ("tr_TR.UTF-8", "\"mitte\" saatin bir tarafı değil"),
        ("en_GB.UTF-8", "\"mitte\" is not a side of the clock"),
    ] {
        let out = run(lang, "mitte");
        assert!(!out.status.success(), "{lang}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains(said), "{lang}: {err}");
    }
}
