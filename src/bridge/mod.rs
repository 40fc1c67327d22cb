//! `hamle board`: the bridge from a player's electronic board to his seat at the table (issue
//! 33, `docs/eboard.md`). It runs on the player's machine, beside his page:
//!
//! - [`port`]: the board's port on a thread of its own: opened, started, read and decoded by
//!   the core's decoders, opened again when it goes away; or [`livechess`]: the board as DGT
//!   LiveChess has it, its whole board from LiveChess's WebSocket feed, the same events.
//! - the board's observations go through the core's [`Assembler`] for the seat, against the
//!   game's position: a lift is a touch, a placement the move made on his board, the
//!   opponent's move made on it brings the table's record along; each reaches the table as
//!   the seat's own `board` events ([`crate::eboard::orders::commands`] against the table's
//!   record of this board), decided by the table like any other.
//! - [`server`]: the normal, authenticated WebSocket protocol with the seat link's token, as
//!   a board's bridge (`"eboard": true`: the seat's page stays connected). The position and
//!   the record come from the game's `state`, read again after every event.
//! - the board's raw readings (every square that changed, settled or not, with its time) go
//!   to the table as `board_sensed` within [`RAW_EVERY`] of the first of them, at once when
//!   [`crate::game::MAX_READINGS`] wait or a lever press is to go (its move may complete):
//!   the arbiter's evidence for a touch or D.2.9 dispute, kept in the incident record. One
//!   message a second at most beside the board events: the server's rate limit counts them.
//! - what the seat must hear about the board (connected, lost, back, a mismatch square by
//!   square, a promotion piece needed) goes to the server as `board_status`, typed; the
//!   server says it on the seat's page and in speech, in the seat's language. A board event
//!   the table refuses is said there too, as the server says it.
//! - a DGT 3000 connected to a DGT board is kept in step with the table's clock: when its
//!   reading differs from the table's (a side more than
//!   [`CLOCK_TOLERANCE_MS`](crate::eboard::dgt::CLOCK_TOLERANCE_MS) apart, or
//!   another side running), and at once after a lever press the table refused, the bridge
//!   sets it to the table's times with the clock's set-and-run message through the board; not
//!   within [`PRESS_GRACE`] of a lever press (the table decides the press first), nor more
//!   often than every [`SET_AGAIN`].
//! - [`backoff`]: the server and the port are each tried again, sooner after a connection
//!   that worked; [`link`]: the seat link read; [`messages`]: the JSON.
//!
//! The terminal gets every line too, in the link's language (the bridge's own lines come
//! from `eboard.ftl`, the rest is the server's).

pub mod backoff;
pub mod link;
pub mod livechess;
pub mod messages;
pub mod port;
pub mod server;

use std::path::PathBuf;
use std::str::FromStr;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use shakmaty::{CastlingMode, Chess, Color, Position, Square};
use tokio::sync::mpsc::{UnboundedReceiver, UnboundedSender, unbounded_channel};
use tokio_util::sync::CancellationToken;

use crate::announce::Lang;
use crate::eboard::assemble::{Assembler, Intent, Settings};
use crate::eboard::dgt::{ClockFace, ClockTimes, DgtCommand, TableClock};
use crate::eboard::orders::{Unmapped, commands};
use crate::eboard::{BoardStatus, Observation, Sensed, SquareSensed};
use crate::game::{Command, MAX_READINGS, Seat};
use crate::words::eboard::{Whose, say_status};
use crate::words::{seat_name, text};
use backoff::Backoff;
use link::SeatLink;
use messages::GameView;
use port::{PortEvent, PortThread, PortWriter, Reason};
use server::{Gone, Greeted, Incoming, Server};

/// Which board is at the port.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Kind {
    /// A DGT e-Board (serial or USB, 9600 8N1).
    Dgt,
    /// A Chessnut Air/Pro/Go, its path read as a byte stream.
    Chessnut,
}

impl FromStr for Kind {
    type Err = ();

    fn from_str(s: &str) -> Result<Kind, ()> {
        match s.trim().to_ascii_lowercase().as_str() {
            "dgt" => Ok(Kind::Dgt),
            "chessnut" => Ok(Kind::Chessnut),
            _ => Err(()),
        }
    }
}

/// What the bridge is given.
#[derive(Clone, Debug)]
pub struct Options {
    /// The board's port (`/dev/ttyACM0`, `/dev/rfcomm0`, `/dev/hidraw3`, `COM3`).
    pub port: PathBuf,
    pub link: SeatLink,
    pub kind: Kind,
    pub settle_ms: u64,
    /// The side of a DGT 3000 clock (through the board) whose lever is this seat's clock
    /// press; `None`: White's is the left, Black's the right.
    pub clock: Option<ClockFace>,
    /// The language of the terminal's lines: the link's, else the operator's.
    pub lang: Lang,
    /// The board read from DGT LiveChess instead of `port` (which is then not opened).
    pub livechess: Option<livechess::LiveChess>,
}

impl Options {
    /// Where the board is read: the port, or LiveChess's address.
    fn source_name(&self) -> String {
        match &self.livechess {
            Some(lc) => lc.url.clone(),
            None => self.port.display().to_string(),
        }
    }
}

/// How the bridge ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ended {
    /// Asked to stop.
    Stopped,
    /// The server refuses it for good (a bad token, not a player's link, another bridge for
    /// the same board): the sentence says why.
    Refused(String),
}

/// The board's port as the seat hears of it: connected the first time it answers, lost when
/// it goes away after answering, back when it answers again; and what a new connection to
/// the server is told of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct BoardLife {
    ever_answered: bool,
    up: bool,
    linked_before: bool,
}

impl BoardLife {
    /// The board answered after its port opened.
    pub fn answered(&mut self) -> Option<BoardStatus> {
        if self.up {
            return None;
        }
        self.up = true;
        let again = std::mem::replace(&mut self.ever_answered, true);
        Some(if again {
            BoardStatus::Back
        } else {
            BoardStatus::Connected
        })
    }

    /// The port went away.
    pub fn lost(&mut self) -> Option<BoardStatus> {
        std::mem::replace(&mut self.up, false).then_some(BoardStatus::Lost)
    }

    /// A connection to the server began: what it is told of the board now (after a
    /// reconnection, the seat heard that the bridge was gone).
    pub fn linked(&mut self) -> Option<BoardStatus> {
        let again = std::mem::replace(&mut self.linked_before, true);
        match (self.up, self.ever_answered) {
            (true, _) if again => Some(BoardStatus::Back),
            (true, _) => Some(BoardStatus::Connected),
            (false, true) => Some(BoardStatus::Lost),
            (false, false) => None,
        }
    }
}

/// Runs the bridge until `shutdown` or until the server refuses it; every line for the
/// terminal goes to `say`.
pub async fn run(
    opts: Options,
    shutdown: CancellationToken,
    say: UnboundedSender<String>,
) -> Ended {
    let (events, mut port_events) = unbounded_channel();
    // The board's source, kept until the bridge ends: the port's thread, or LiveChess's task.
    let (_port, _livechess, writer) = match opts.livechess.clone() {
        Some(lc) => {
            let stop = CancellationToken::new();
            let no_board = text(
                opts.lang,
                "bridge-livechess-no-board",
                &[(
                    "serial",
                    lc.serial.clone().unwrap_or_else(|| "none".to_owned()),
                )],
            );
            tokio::spawn(livechess::run(lc, events, stop.clone(), no_board));
            (None, Some(stop.drop_guard()), None)
        }
        None => {
            let port = PortThread::spawn(opts.kind, opts.port.clone(), events);
            let writer = port.writer();
            (Some(port), None, Some(writer))
        }
    };
    let mut bridge = Bridge::new(opts, say, writer);
    let ended = bridge.run(&shutdown, &mut port_events).await;
    if let Some(server) = bridge.server.take() {
        server.close().await;
    }
    bridge.line("bridge-stopped", &[]);
    ended
}

/// How often a quiet connection is pinged (the server closes one it hears nothing from).
const PING_EVERY: Duration = Duration::from_secs(20);
/// The raw readings wait at most this long before they go to the table.
pub const RAW_EVERY: Duration = Duration::from_secs(1);
/// After a lever press the clock is left alone this long: the table decides the press first.
pub const PRESS_GRACE: Duration = Duration::from_secs(3);
/// The clock is set at most this often (one that does not take the setting, not in its mode
/// 23, is not flooded).
pub const SET_AGAIN: Duration = Duration::from_secs(5);

struct Bridge {
    opts: Options,
    say: UnboundedSender<String>,
    /// Observations' times are milliseconds since this.
    start: Instant,
    settings: Settings,
    /// The seat's board (White until the server names the seat).
    color: Color,
    assembler: Assembler,
    life: BoardLife,
    server: Option<Server>,
    server_backoff: Backoff,
    /// When to try the server again.
    retry_at: Option<tokio::time::Instant>,
    game: Option<GameView>,
    /// The game changed since the state was read.
    stale: bool,
    /// A mismatch or a promotion question was said: "in step again" is news.
    problem_said: bool,
    /// The status the terminal was told last.
    printed: Option<BoardStatus>,
    /// The board's raw readings not sent yet (when, in the bridge's milliseconds, the square,
    /// what it showed), oldest first; at most [`MAX_READINGS`].
    raw: Vec<(u64, Square, SquareSensed)>,
    /// When the raw readings kept go to the table.
    raw_due: Option<tokio::time::Instant>,
    /// What writes to the board's port (a DGT 3000's setting); none through LiveChess.
    writer: Option<PortWriter>,
    /// When the game's state was read (its clock is the table's then).
    game_read: Instant,
    /// The DGT 3000's last reading, and when it came.
    clock_shown: Option<(Instant, ClockTimes)>,
    /// When a lever was last pressed, and when the clock was last set.
    pressed_at: Option<Instant>,
    clock_set_at: Option<Instant>,
}

impl Bridge {
    fn new(opts: Options, say: UnboundedSender<String>, writer: Option<PortWriter>) -> Bridge {
        let settings = Settings {
            settle_ms: opts.settle_ms,
        };
        Bridge {
            opts,
            say,
            start: Instant::now(),
            settings,
            color: Color::White,
            assembler: Assembler::new(Color::White, settings),
            life: BoardLife::default(),
            server: None,
            server_backoff: Backoff::standard(),
            retry_at: Some(tokio::time::Instant::now()),
            game: None,
            stale: false,
            problem_said: false,
            printed: None,
            raw: Vec::new(),
            raw_due: None,
            writer,
            game_read: Instant::now(),
            clock_shown: None,
            pressed_at: None,
            clock_set_at: None,
        }
    }

    /// A line for the terminal, from the bridge's own messages.
    fn line(&self, id: &str, args: &[(&str, String)]) {
        let _ = self.say.send(text(self.opts.lang, id, args));
    }

    /// A line for the terminal, as it is.
    fn tell(&self, line: String) {
        if !line.is_empty() {
            let _ = self.say.send(line);
        }
    }

    fn ms(&self, at: Instant) -> u64 {
        u64::try_from(at.saturating_duration_since(self.start).as_millis()).unwrap_or(u64::MAX)
    }

    fn now_ms(&self) -> u64 {
        self.ms(Instant::now())
    }

    /// The position judged against (the start position until the game is known; nothing is
    /// sent meanwhile).
    fn position(&self) -> Chess {
        self.game
            .as_ref()
            .map(|g| g.position.clone())
            .unwrap_or_default()
    }

    async fn run(
        &mut self,
        shutdown: &CancellationToken,
        port_events: &mut UnboundedReceiver<PortEvent>,
    ) -> Ended {
        let mut ping = tokio::time::interval(PING_EVERY);
        ping.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let deadline = self
                .assembler
                .deadline()
                .map(|ms| tokio::time::Instant::from_std(self.start + Duration::from_millis(ms)));
            let step = tokio::select! {
                _ = shutdown.cancelled() => return Ended::Stopped,
                ev = port_events.recv() => match ev {
                    Some(ev) => self.on_port(ev).await,
                    // The port's thread ended (it cannot start): nothing more to do.
                    None => return Ended::Stopped,
                },
                _ = sleep_until(deadline) => {
                    let intents = self.assembler.tick(self.now_ms(), &self.position());
                    self.act(intents).await
                }
                _ = sleep_until(self.raw_due) => self.send_raw_when_room().await,
                _ = sleep_until(self.retry_at), if self.server.is_none() => self.link().await,
                incoming = next_incoming(&mut self.server) => match incoming {
                    Ok(i) => {
                        self.on_incoming(i);
                        Ok(())
                    }
                    Err(g) => Err(g),
                },
                _ = ping.tick(), if self.server.is_some() => {
                    self.request(json!({"type": "ping"})).await.map(|_| ())
                }
            };
            let step = match step {
                Ok(()) if self.stale => self.refresh().await,
                other => other,
            };
            match step {
                Ok(()) => {}
                Err(Gone::Refused(reason)) => {
                    self.line("bridge-server-refused", &[("reason", reason.clone())]);
                    return Ended::Refused(reason);
                }
                Err(Gone::Lost(reason)) => self.unlinked(reason),
            }
        }
    }

    /// The connection to the server is gone: try again later.
    fn unlinked(&mut self, reason: String) {
        self.server = None;
        self.game = None;
        let wait = self.server_backoff.failed();
        self.retry_at = Some(tokio::time::Instant::now() + wait);
        self.line(
            "bridge-server-lost",
            &[("reason", reason), ("ms", wait.as_millis().to_string())],
        );
    }

    /// Connects to the game, greets, reads the state, and tells the seat of the board.
    async fn link(&mut self) -> Result<(), Gone> {
        self.retry_at = None;
        let link = &self.opts.link;
        self.line(
            "bridge-connecting",
            &[("game", link.game.clone()), ("server", link.server())],
        );
        let Greeted {
            server,
            seat,
            state,
        } = Server::connect(link, link.lang).await?;
        let seat: Seat = seat.parse().map_err(|_| Gone::Lost(seat.clone()))?;
        let Some(color) = seat.side().filter(|_| !seat.is_assistant()) else {
            // The server refuses such a bridge itself; a server that did not would be told
            // nothing.
            let seat = seat_name(self.opts.lang, seat);
            let reason = text(self.opts.lang, "bridge-not-a-player", &[("seat", seat)]);
            return Err(Gone::Refused(reason));
        };
        self.server = Some(server);
        self.server_backoff.succeeded();
        self.line(
            "bridge-welcome",
            &[("seat", seat_name(self.opts.lang, seat))],
        );
        self.color = color;
        self.game = messages::game_view(&state, color);
        self.game_read = Instant::now();
        self.follow_table();
        if let Some(status) = self.life.linked() {
            self.report(status).await?;
        }
        // Judged afresh against the game: what happened while the server was away is seen now.
        let sensed = self.assembler.sensed().cloned();
        self.assembler = Assembler::new(color, self.settings);
        self.follow_table();
        self.problem_said = false;
        if let Some(sensed) = sensed {
            let intents = self.assembler.observe(
                &Observation::Snapshot(sensed),
                self.now_ms(),
                &self.position(),
            );
            self.act(intents).await?;
        }
        // Raw readings kept while the server was away.
        self.send_raw().await
    }

    async fn on_port(&mut self, ev: PortEvent) -> Result<(), Gone> {
        match ev {
            PortEvent::Opened => {
                let port = self.opts.source_name();
                self.line("bridge-port-open", &[("port", port)]);
            }
            PortEvent::Answered => {
                if let Some(status) = self.life.answered() {
                    self.report(status).await?;
                }
            }
            PortEvent::Turned => self.line("bridge-turned", &[]),
            PortEvent::Lever(face) => self.on_lever(face).await?,
            PortEvent::Clock(at, times) => {
                self.clock_shown = Some((at, times));
                self.keep_clock(false);
            }
            PortEvent::Observed(at, o) => {
                let before = self.assembler.sensed().cloned();
                let intents = self.assembler.observe(&o, self.ms(at), &self.position());
                self.note_raw(before.as_ref(), self.ms(at));
                self.act(intents).await?;
                if self.raw.len() >= MAX_READINGS {
                    self.send_raw().await?;
                }
            }
            PortEvent::Lost { reason, retry } => {
                self.port_line("bridge-port-lost", reason, retry);
                // What it showed is unknown now: nothing is judged until it answers again (a
                // piece the table holds lifted is that piece in the air, not missing).
                self.assembler = Assembler::new(self.color, self.settings);
                self.follow_table();
                if let Some(status) = self.life.lost() {
                    self.report(status).await?;
                }
            }
            PortEvent::Failed { reason, retry } => {
                self.port_line("bridge-port-failed", reason, retry)
            }
        }
        Ok(())
    }

    /// A lever of the clock pressed: on this seat's side, in its turn, the seat's clock press
    /// (the table decides: a move not made yet is refused and said). What the board shows
    /// is judged first, settled or not: a player presses as soon as his piece is down.
    async fn on_lever(&mut self, face: ClockFace) -> Result<(), Gone> {
        self.pressed_at = Some(Instant::now());
        let mine = self.my_face();
        let Some(game) = self.game.as_ref() else {
            return Ok(());
        };
        if face != mine || game.over || !game.physical || game.position.turn() != self.color {
            return Ok(());
        }
        let intents = self.assembler.settle_now(&self.position());
        self.act(intents).await?;
        self.send_raw().await?;
        self.line("bridge-lever", &[]);
        if self.request(json!({"type": "press_clock"})).await?.is_err() {
            self.stale = true;
            // The clock went over with the lever, the table's did not: set it back at once.
            self.keep_clock(true);
        }
        Ok(())
    }

    /// The side of the clock this seat's lever is on.
    fn my_face(&self) -> ClockFace {
        self.opts
            .clock
            .unwrap_or(self.color.fold_wb(ClockFace::Left, ClockFace::Right))
    }

    /// Sets a DGT 3000 to the table's clock if it shows otherwise (`force`: whatever it
    /// shows, and now): the table's times as read with the state, run on since.
    fn keep_clock(&mut self, force: bool) {
        let Some(game) = self.game.as_ref() else {
            return;
        };
        let Some(clock) = game.clock else {
            return;
        };
        let Some(writer) = self.writer.as_ref() else {
            return;
        };
        if self.opts.kind != Kind::Dgt || !game.physical || game.over {
            return;
        }
        let now = Instant::now();
        let within = |at: Option<Instant>, d: Duration| at.is_some_and(|t| now - t < d);
        if !force && (within(self.pressed_at, PRESS_GRACE) || within(self.clock_set_at, SET_AGAIN))
        {
            return;
        }
        let ms = |d: Duration| u64::try_from(d.as_millis()).unwrap_or(u64::MAX);
        let ran = ms(now.saturating_duration_since(self.game_read));
        let less = |side: Color, t: u64| {
            if clock.running == Some(side) {
                t.saturating_sub(ran)
            } else {
                t
            }
        };
        let white = if self.color == Color::White {
            self.my_face()
        } else {
            self.my_face().other()
        };
        let table = TableClock {
            white_ms: less(Color::White, clock.white_ms),
            black_ms: less(Color::Black, clock.black_ms),
            running: clock.running,
            white,
        };
        let setting = match self.clock_shown {
            _ if force => table.command(),
            Some((seen_at, shown)) => {
                table.setting(&shown, ms(now.saturating_duration_since(seen_at)))
            }
            // No reading yet: no clock seen to set.
            None => None,
        };
        let Some(command) = setting else {
            return;
        };
        writer.write(DgtCommand::Clock(command).encode().to_vec());
        self.clock_set_at = Some(now);
        let (left, right) = match white {
            ClockFace::Left => (table.white_ms, table.black_ms),
            ClockFace::Right => (table.black_ms, table.white_ms),
        };
        self.line(
            "bridge-clock-set",
            &[("left", clock_words(left)), ("right", clock_words(right))],
        );
    }

    /// The squares whose reading changed from `before` to what the board shows now, at `at`,
    /// kept to be sent (the oldest dropped beyond [`MAX_READINGS`] while they cannot go).
    fn note_raw(&mut self, before: Option<&Sensed>, at: u64) {
        let (Some(before), Some(now)) = (before, self.assembler.sensed()) else {
            return;
        };
        for square in Square::ALL {
            let found = now.at(square);
            if found != before.at(square) {
                if self.raw.len() == MAX_READINGS {
                    self.raw.remove(0);
                }
                self.raw.push((at, square, found));
            }
        }
        if !self.raw.is_empty() && self.raw_due.is_none() {
            self.raw_due = Some(tokio::time::Instant::now() + RAW_EVERY);
        }
    }

    /// The raw readings kept, when they are due: sent if the pace has room, else a little
    /// later (they are evidence for the arbiter and may wait; a move may not wait for them),
    /// but at once when as many are kept as may be.
    async fn send_raw_when_room(&mut self) -> Result<(), Gone> {
        let room = self.server.as_ref().is_none_or(Server::has_room);
        if !room && self.raw.len() < MAX_READINGS {
            self.raw_due = Some(tokio::time::Instant::now() + RAW_EVERY / 4);
            return Ok(());
        }
        self.send_raw().await
    }

    /// The raw readings kept, to the table (`board_sensed`), each with how long ago it was
    /// read; only in a game with boards at the table that is not over, else dropped.
    async fn send_raw(&mut self) -> Result<(), Gone> {
        self.raw_due = None;
        if self.raw.is_empty() || self.server.is_none() {
            return Ok(());
        }
        let Some(game) = self.game.as_ref() else {
            return Ok(());
        };
        if !game.physical || game.over {
            self.raw.clear();
            return Ok(());
        }
        let now = self.now_ms();
        let batch: Vec<(u64, Square, SquareSensed)> = self
            .raw
            .drain(..)
            .map(|(at, square, found)| (now.saturating_sub(at), square, found))
            .collect();
        // A refusal is said by `request` (and to the seat's side by the server).
        let _refused = self.request(messages::sensed(self.color, &batch)).await?;
        Ok(())
    }

    fn port_line(&self, id: &str, reason: Reason, retry: Duration) {
        let reason = match reason {
            Reason::Io(s) => s,
            Reason::Silent => text(self.opts.lang, "bridge-port-silent", &[]),
        };
        self.line(
            id,
            &[
                ("port", self.opts.source_name()),
                ("reason", reason),
                ("ms", retry.as_millis().to_string()),
            ],
        );
    }

    fn on_incoming(&mut self, i: Incoming) {
        match i {
            Incoming::Event(e) => {
                let said = e["text"].as_str().or_else(|| e["short"].as_str());
                self.tell(said.unwrap_or("").to_owned());
                // Another seat's private event (its raw readings, a talking clock) changes
                // nothing the bridge reads.
                if e["kind"] != "private" {
                    self.stale = true;
                }
            }
            Incoming::Said(s) => self.tell(s),
            Incoming::Answer(_) | Incoming::Other(_) => {}
        }
    }

    /// Sends a request and reads its answer; an `error` answer is said (the server's
    /// sentence) and handed back as `Ok(Err(..))`.
    async fn request(&mut self, v: Value) -> Result<Result<Value, String>, Gone> {
        let Some(server) = self.server.as_mut() else {
            return Err(Gone::Lost(String::new()));
        };
        let mut on_way = Vec::new();
        let answer = server.request(v, &mut on_way).await;
        for i in on_way {
            self.on_incoming(i);
        }
        let answer = answer?;
        if answer["type"] == "error" {
            let message = answer["message"].as_str().unwrap_or("").to_owned();
            self.tell(message.clone());
            return Ok(Err(message));
        }
        Ok(Ok(answer))
    }

    /// The game's state read again: the position and the record of the board; the board
    /// judged against a new position.
    async fn refresh(&mut self) -> Result<(), Gone> {
        // A few rounds at most: the events of what is sent here make it stale again.
        for _ in 0..4 {
            if !self.stale || self.server.is_none() {
                break;
            }
            self.stale = false;
            let Ok(answer) = self.request(json!({"type": "state"})).await? else {
                continue;
            };
            self.game = messages::game_view(&answer["state"], self.color);
            self.game_read = Instant::now();
            self.follow_table();
            let intents = self.assembler.tick(self.now_ms(), &self.position());
            self.act(intents).await?;
        }
        self.keep_clock(false);
        Ok(())
    }

    /// The assembler told the move announced at the table (a promotion shown without its
    /// piece is that move) and the piece the table's record of the board holds in the hand (a
    /// lift the assembler did not see: its square empty is that piece lifted, not missing).
    fn follow_table(&mut self) {
        let announced = self.game.as_ref().and_then(|g| g.announced);
        let hand = self
            .game
            .as_ref()
            .and_then(|g| g.recorded.as_ref())
            .and_then(|r| r.hand);
        let position = self.position();
        self.assembler.set_announced(announced, &position);
        self.assembler.set_hand(hand, &position);
    }

    /// Tells the seat of its board (and the terminal, unless it said the same last: a status
    /// told again to a new connection to the server).
    async fn report(&mut self, status: BoardStatus) -> Result<(), Gone> {
        if self.printed.as_ref() != Some(&status) {
            self.tell(say_status(self.opts.lang, Whose::Yours, &status));
            self.printed = Some(status.clone());
        }
        if self.server.is_some() {
            // A refusal (a server that does not know the status) is said by `request`.
            let _refused = self.request(messages::status(&status)).await?;
        }
        Ok(())
    }

    /// What the assembler judged: the table given its board events, then the seat told.
    async fn act(&mut self, intents: Vec<Intent>) -> Result<(), Gone> {
        for intent in intents {
            self.record(&intent).await?;
            if self.game.as_ref().is_none_or(|g| g.over) {
                continue;
            }
            // A board put right back to a move placed on it is in step again too (after a
            // promotion question it still shows the pawn: nothing to say yet).
            let status = match &intent {
                Intent::Placed(_) if matches!(self.printed, Some(BoardStatus::Mismatch(_))) => {
                    Some(BoardStatus::InSync)
                }
                other => BoardStatus::of_intent(other),
            };
            match status {
                Some(BoardStatus::InSync) if !self.problem_said => {}
                Some(status) => {
                    self.problem_said = matches!(
                        status,
                        BoardStatus::Mismatch(_) | BoardStatus::PromotionNeeded { .. }
                    );
                    self.report(status).await?;
                }
                None => {}
            }
        }
        Ok(())
    }

    /// The board events of `intent`, to the table (a move, where no boards are kept).
    async fn record(&mut self, intent: &Intent) -> Result<(), Gone> {
        let Some(game) = self.game.clone() else {
            // Not linked: judged again once the game is known.
            return Ok(());
        };
        if game.over {
            return Ok(());
        }
        if !game.physical {
            // No boards at the table: a move placed on the board is the move.
            if let Intent::Placed(m) = intent {
                let uci = m.to_uci(CastlingMode::Standard).to_string();
                if self
                    .request(json!({"type": "move", "uci": uci}))
                    .await?
                    .is_err()
                {
                    self.stale = true;
                }
            }
            return Ok(());
        }
        let Some(mut recorded) = game.recorded.clone() else {
            return Ok(());
        };
        match commands(intent, self.color, &recorded, &game.position) {
            Ok(orders) => {
                for order in orders {
                    let Command::Board { board, op } = order else {
                        continue;
                    };
                    match self.request(messages::board(board, op)).await? {
                        Ok(_) => {
                            if let Ok(after) = recorded.after(op) {
                                recorded = after;
                            }
                            if let Some(g) = self.game.as_mut() {
                                g.recorded = Some(recorded.clone());
                            }
                        }
                        // Refused (said by the server, on the page too): the rest would
                        // not fit; the state is read again.
                        Err(_) => {
                            self.stale = true;
                            break;
                        }
                    }
                }
            }
            Err(Unmapped::NothingToRecord) => {}
            Err(why) => {
                let (reason, square) = match why {
                    Unmapped::HandFull => ("hand_full", String::new()),
                    Unmapped::NotOnRecord(sq) => ("not_on_record", sq.to_string()),
                    _ => ("unreachable", String::new()),
                };
                self.line(
                    "bridge-unmapped",
                    &[("reason", reason.to_owned()), ("square", square)],
                );
            }
        }
        Ok(())
    }
}

/// A clock's time as the terminal shows it: `1:29:58`, `4:07`.
fn clock_words(ms: u64) -> String {
    let s = ms / 1000;
    match s / 3600 {
        0 => format!("{}:{:02}", s / 60, s % 60),
        h => format!("{h}:{:02}:{:02}", s / 60 % 60, s % 60),
    }
}

async fn sleep_until(at: Option<tokio::time::Instant>) {
    match at {
        Some(at) => tokio::time::sleep_until(at).await,
        None => std::future::pending().await,
    }
}

async fn next_incoming(server: &mut Option<Server>) -> Result<Incoming, Gone> {
    match server {
        Some(s) => s.next().await,
        None => std::future::pending().await,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seat_hears_connected_once_then_lost_and_back() {
        let mut life = BoardLife::default();
        // Nothing to say before the board ever answered.
        assert_eq!(life.lost(), None);
        assert_eq!(life.linked(), None);
        assert_eq!(life.answered(), Some(BoardStatus::Connected));
        assert_eq!(life.answered(), None);
        assert_eq!(life.lost(), Some(BoardStatus::Lost));
        assert_eq!(life.lost(), None);
        assert_eq!(life.answered(), Some(BoardStatus::Back));
    }

    #[test]
    fn a_new_connection_to_the_server_is_told_the_board_as_it_is() {
        // The board answered before the server was reached: connected.
        let mut life = BoardLife::default();
        life.answered();
        assert_eq!(life.linked(), Some(BoardStatus::Connected));
        // The server again (the seat heard the bridge was gone): back.
        assert_eq!(life.linked(), Some(BoardStatus::Back));
        // The board gone meanwhile: lost.
        life.lost();
        assert_eq!(life.linked(), Some(BoardStatus::Lost));
    }

    #[test]
    fn kinds_are_named_in_any_case() {
        assert_eq!("DGT".parse(), Ok(Kind::Dgt));
        assert_eq!(" chessnut".parse(), Ok(Kind::Chessnut));
        assert_eq!("certabo".parse::<Kind>(), Err(()));
    }
}
