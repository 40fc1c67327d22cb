//! One task owns each game: the actor, and the cloneable [`GameHandle`] that talks to it
//! over a channel with one-shot replies.
//!
//! The actor is the only writer of its game. For every action it decides the events
//! ([`Game::decide`]), writes them to the store, and only then applies them, publishes them
//! to every connection of the game and acknowledges. It keeps the game's whole event log in
//! memory, each move already said in all three languages, so a reconnecting client gets
//! exactly the events it missed.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position, Role, Square};
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::auth::{TokenHash, hash_token, same_hash};
use super::clock::ServerClock;
use super::hub::Membership;
use super::render;
use super::wire::{
    BoardBody, DamageBody, HandBody, MoveRow, ObligationBody, StateBody, TableBody, color_key,
    player_body, seats_and_languages,
};
use crate::announce::{Lang, Style};
use crate::game::{
    BoardOp, ClaimKind, Command, Event, Game, GameResult, PhysicalBoard, Recorded, Seat, Setup,
    Status,
};
use crate::say::Speaker;
use crate::scoresheet::desk::{Desk, DeskCommand, Note};
use crate::store::{GameId, Store, StoredGame, Summary};
use crate::table::{MoveNames, Order, Table, TableRefusal};

/// How many published events a slow connection may fall behind before it is resynchronised
/// with a full state.
const BROADCAST_CAPACITY: usize = 256;

/// The shortest time between two looks whether a game may leave memory.
const MIN_IDLE_CHECK: std::time::Duration = std::time::Duration::from_millis(10);

/// A move as every client hears it.
#[derive(Clone, Debug)]
pub struct MoveWords {
    pub ply: usize,
    /// The move number as on a scoresheet (the position's own: a game set up from a FEN
    /// keeps the FEN's numbering).
    pub number: u32,
    pub color: Color,
    pub uci: String,
    pub san: String,
    /// The position after the move.
    pub fen: String,
    /// `[short, full]` for each language, indexed by `Lang as usize`.
    pub said: [[String; 2]; 3],
}

/// An event as published: the record and, for a move, its words.
#[derive(Clone, Debug)]
pub struct Published {
    pub rec: Recorded,
    pub mv: Option<MoveWords>,
    /// The move an announcement, repetition or claim named, said short in each language
    /// (indexed by `Lang as usize`).
    pub heard: Option<[String; 3]>,
    /// The move a repetition or a board should have shown, when it did not.
    pub expected: Option<[String; 3]>,
    /// A board event: the kind of piece it concerns.
    pub piece: Option<Role>,
    /// A board event: whether that board now shows the official game.
    pub board_matches: Option<bool>,
    /// A board event: the legal move the board shows instead of the one it should.
    pub board_shows: Option<[String; 3]>,
    /// A desk event (scoresheets, diverging boards, adjournment): what it meant.
    pub note: Option<Arc<Note>>,
}

impl Published {
    /// An event with its move words (if a move) and no other notes.
    pub fn new(rec: Recorded, mv: Option<MoveWords>) -> Published {
        Published {
            rec,
            mv,
            heard: None,
            expected: None,
            piece: None,
            board_matches: None,
            board_shows: None,
            note: None,
        }
    }
}

/// What an accepted action led to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Acted {
    /// Done; the number of the last event it caused.
    Done(Option<u64>),
    /// Resign, offer or claim: asks for the second step. Nothing changed.
    Confirm {
        action: &'static str,
        message: String,
    },
}

/// What a seat asks for, before it is understood.
#[derive(Clone, Debug)]
pub enum Action {
    Uci(String),
    Announce(String),
    Pause,
    Resume,
    SetClock {
        color: Color,
        remaining_ms: u64,
    },
    End(GameResult),
    Board {
        board: Color,
        op: BoardOp,
    },
    PressClock,
    Repeat(String),
    Adjust,
    Resign {
        confirmed: bool,
    },
    OfferDraw {
        confirmed: bool,
    },
    AcceptDraw,
    DeclineDraw,
    ClaimDraw {
        kind: ClaimKind,
        uci: Option<String>,
        text: Option<String>,
        confirmed: bool,
    },
    ClaimTime,
    ReportTouch(Square),
    RuleTouch(bool),
    RestoreBoard(Color),
    TalkingClock,
    Warnings(bool),
    /// Scoresheets, diverging boards, adjournment.
    Desk(DeskCommand),
}

/// An action refused: a stable code and a sentence in the asker's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refused {
    pub code: &'static str,
    pub message: String,
}

impl Refused {
    pub fn new(lang: Lang, code: &'static str, args: &[(&str, String)]) -> Refused {
        Refused {
            code,
            message: render::error(lang, code, args),
        }
    }
}

/// What a connection gets first: the events it missed, or the full state.
pub enum Backlog {
    Events(Vec<Arc<Published>>),
    State(Box<StateBody>),
}

/// A connection's subscription to the game.
pub struct Connected {
    /// The number of the last event when the connection joined.
    pub seq: u64,
    pub backlog: Backlog,
    /// Every event after `seq`, in order.
    pub events: broadcast::Receiver<Arc<Published>>,
    /// Cancelled when the same seat connects again.
    pub replaced: CancellationToken,
}

enum Request {
    Act {
        seat: Seat,
        lang: Lang,
        action: Action,
        reply: oneshot::Sender<Result<Acted, Refused>>,
    },
    Connect {
        seat: Seat,
        since: Option<u64>,
        reply: oneshot::Sender<Connected>,
    },
    State {
        reply: oneshot::Sender<StateBody>,
    },
    Desk {
        reply: oneshot::Sender<Box<DeskView>>,
    },
}

/// The desk and the state at one moment (for the exports).
pub struct DeskView {
    pub desk: Desk,
    pub state: StateBody,
}

/// The way to a game's actor. Cheap to clone.
#[derive(Clone)]
pub struct GameHandle {
    pub id: GameId,
    /// Which actor of this game (a game evicted and loaded again has a new one).
    pub generation: u64,
    /// When the game was last asked for (server milliseconds): it stays in memory for a
    /// while after.
    touched: Arc<AtomicU64>,
    pub created_ms: u64,
    pub setup: Arc<Setup>,
    tokens: Arc<[(Seat, TokenHash)]>,
    tx: mpsc::Sender<Request>,
}

impl GameHandle {
    /// Marks the game as just asked for, so that it stays in memory a while longer.
    pub fn touch(&self, now_ms: u64) {
        self.touched.fetch_max(now_ms, Ordering::Relaxed);
    }

    /// The seat a token opens in this game (compared in constant time, over every seat).
    pub fn seat_for(&self, token: &str) -> Option<Seat> {
        let hash = hash_token(token);
        let mut found = None;
        for (seat, h) in self.tokens.iter() {
            if same_hash(h, &hash) {
                found = Some(*seat);
            }
        }
        found
    }

    /// The hash of the arbiter's token.
    pub fn arbiter_hash(&self) -> Option<TokenHash> {
        self.tokens
            .iter()
            .find(|(s, _)| *s == Seat::Arbiter)
            .map(|(_, h)| *h)
    }

    /// Asks the game to do something for `seat`; the answer is in `lang`.
    pub async fn act(&self, seat: Seat, lang: Lang, action: Action) -> Result<Acted, Refused> {
        let (reply, rx) = oneshot::channel();
        let req = Request::Act {
            seat,
            lang,
            action,
            reply,
        };
        let unavailable = || Refused::new(lang, "game_unavailable", &[]);
        self.tx.send(req).await.map_err(|_| unavailable())?;
        rx.await.map_err(|_| unavailable())?
    }

    /// Joins the game's events from event `since + 1` (or from a full state).
    pub async fn connect(&self, seat: Seat, since: Option<u64>) -> Option<Connected> {
        let (reply, rx) = oneshot::channel();
        self.tx
            .send(Request::Connect { seat, since, reply })
            .await
            .ok()?;
        rx.await.ok()
    }

    /// The desk (scoresheets, clock records, envelope) and the state now.
    pub async fn desk(&self) -> Option<Box<DeskView>> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(Request::Desk { reply }).await.ok()?;
        rx.await.ok()
    }

    /// The full state now.
    pub async fn state(&self) -> Option<StateBody> {
        let (reply, rx) = oneshot::channel();
        self.tx.send(Request::State { reply }).await.ok()?;
        rx.await.ok()
    }
}

/// What every actor is started with.
pub struct Settings {
    pub store: Arc<dyn Store>,
    pub clock: ServerClock,
    /// Wait for store writes on the blocking pool (tests under the paused clock).
    pub blocking_writes: bool,
    /// How long a game with no connection, no request and no running clock stays in memory.
    pub evict_after: std::time::Duration,
    pub membership: Membership,
}

/// The second step an action asks for before it is done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirmation {
    Resign,
    OfferDraw,
    ClaimDraw(ClaimKind),
}

impl Confirmation {
    /// The action's name on the wire.
    pub fn key(self) -> &'static str {
        match self {
            Confirmation::Resign => "resign",
            Confirmation::OfferDraw => "offer_draw",
            Confirmation::ClaimDraw(_) => "claim_draw",
        }
    }
}

/// What the table is asked, and the confirmation still missing (resign, offer, claim).
fn order_of(lang: Lang, action: Action) -> (Order, Option<Confirmation>) {
    let unconfirmed = |confirmed: bool, c: Confirmation| (!confirmed).then_some(c);
    let order = |c: Command| Order::Play(c);
    match action {
        Action::Uci(text) => (Order::Uci(text), None),
        Action::Announce(text) => (Order::Announce { lang, text }, None),
        Action::Repeat(text) => (Order::Repeat { lang, text }, None),
        Action::Pause => (order(Command::Pause), None),
        Action::Resume => (order(Command::Resume), None),
        Action::SetClock {
            color,
            remaining_ms,
        } => (
            order(Command::SetClock {
                color,
                remaining_ms,
            }),
            None,
        ),
        Action::End(result) => (order(Command::End(result)), None),
        Action::Board { board, op } => (order(Command::Board { board, op }), None),
        Action::PressClock => (order(Command::PressClock), None),
        Action::Adjust => (order(Command::Adjust), None),
        Action::Resign { confirmed } => (
            order(Command::Resign),
            unconfirmed(confirmed, Confirmation::Resign),
        ),
        Action::OfferDraw { confirmed } => (
            order(Command::OfferDraw),
            unconfirmed(confirmed, Confirmation::OfferDraw),
        ),
        Action::AcceptDraw => (order(Command::AcceptDraw), None),
        Action::DeclineDraw => (order(Command::DeclineDraw), None),
        Action::ClaimDraw {
            kind,
            uci,
            text,
            confirmed,
        } => (
            Order::ClaimDraw {
                kind,
                uci,
                text: text.map(|t| (lang, t)),
            },
            unconfirmed(confirmed, Confirmation::ClaimDraw(kind)),
        ),
        Action::ClaimTime => (order(Command::ClaimTime), None),
        Action::ReportTouch(sq) => (order(Command::ReportTouch(sq)), None),
        Action::RuleTouch(upheld) => (order(Command::RuleTouch(upheld)), None),
        Action::RestoreBoard(board) => (order(Command::RestoreBoard(board)), None),
        Action::TalkingClock => (order(Command::TalkingClock), None),
        Action::Warnings(on) => (order(Command::Warnings(on)), None),
        Action::Desk(cmd) => (Order::Desk(cmd), None),
    }
}

/// A move in a scoresheet's words, for automatic recording.
struct SheetWords;

impl MoveNames for SheetWords {
    fn short(&self, lang: Lang, pos: &Chess, m: Move) -> String {
        Speaker::new(lang).say_move(pos, m, Style::Short)
    }
}

/// A refusal of the table in `lang`.
fn refused(lang: Lang, r: &TableRefusal) -> Refused {
    let (code, message) = render::table_refusal(lang, r);
    Refused { code, message }
}

struct Actor {
    id: GameId,
    created_ms: u64,
    evict_after: std::time::Duration,
    membership: Membership,
    /// When the game was last asked for (see [`GameHandle::touch`]).
    touched: Arc<AtomicU64>,
    table: Table,
    log: Vec<Arc<Published>>,
    events: broadcast::Sender<Arc<Published>>,
    store: Arc<dyn Store>,
    clock: ServerClock,
    /// Wait for store writes on the blocking pool (tests under the paused clock).
    blocking_writes: bool,
    /// The live connection of each seat (spectators share theirs and are never replaced).
    connections: [Option<CancellationToken>; 6],
    /// The first stored event that did not apply (or could not be read): the game is shown
    /// up to the event before it and nothing more is written.
    damage: Option<crate::game::ReplayError>,
}

/// Starts the actor of a stored (or just created) game. A game whose stored events stop
/// applying (or could not be read) is served up to the last good event, marked damaged, and
/// takes no more writes.
pub fn spawn(
    stored: StoredGame,
    settings: Settings,
    shutdown: CancellationToken,
    tracker: &TaskTracker,
) -> GameHandle {
    let (events, _) = broadcast::channel(BROADCAST_CAPACITY);
    let generation = settings.membership.generation;
    let mut actor = Actor {
        id: stored.id.clone(),
        created_ms: stored.created_ms,
        evict_after: settings.evict_after,
        membership: settings.membership,
        touched: Arc::new(AtomicU64::new(settings.clock.now_ms())),
        table: Table::new(stored.setup.clone(), Arc::new(SheetWords)),
        log: Vec::with_capacity(stored.events.len()),
        events,
        store: settings.store,
        clock: settings.clock,
        blocking_writes: settings.blocking_writes,
        connections: Default::default(),
        damage: None,
    };
    for rec in stored.events {
        if let Err(e) = actor.publish(rec) {
            actor.damaged(e);
            break;
        }
    }
    if let Some(e) = stored.damage
        && actor.damage.is_none()
    {
        actor.damaged(e);
    }
    if actor.damage.is_some()
        && let Err(e) = actor.store.mark_damaged(&actor.id)
    {
        tracing::error!(game = %actor.id, "could not mark the game damaged: {e}");
    }
    let (tx, rx) = mpsc::channel(64);
    let handle = GameHandle {
        id: stored.id,
        generation,
        touched: Arc::clone(&actor.touched),
        created_ms: stored.created_ms,
        setup: Arc::new(stored.setup),
        tokens: stored.tokens.into(),
        tx,
    };
    tracker.spawn(actor.run(rx, shutdown));
    handle
}

async fn sleep_until_ms(clock: ServerClock, deadline_ms: Option<u64>) {
    match deadline_ms {
        // One millisecond late, so the deadline has surely passed when we look.
        Some(ms) => tokio::time::sleep_until(clock.instant_at(ms + 1)).await,
        None => std::future::pending().await,
    }
}

/// A move said short in every language.
fn say3(pos: &Chess, m: Move) -> [String; 3] {
    Lang::ALL.map(|lang| Speaker::new(lang).say_move(pos, m, Style::Short))
}

/// What a non-move event needs said, read from the game before it applies.
fn notes_before(game: &Game, rec: &Recorded, p: &mut Published) {
    match &rec.event {
        Event::Announced { uci, .. } => {
            if let Ok(m) = uci.to_move(game.position()) {
                p.heard = Some(say3(game.position(), m));
            }
        }
        Event::Repeated { uci, matches, .. } => {
            if let Some((pos, expected)) = game.repeat_position()
                && let Ok(m) = uci.to_move(pos)
            {
                p.heard = Some(say3(pos, m));
                if !matches {
                    p.expected = Some(say3(pos, expected));
                }
            }
        }
        Event::DrawClaimed { uci: Some(u), .. } => {
            if let Ok(m) = u.to_move(game.position()) {
                p.heard = Some(say3(game.position(), m));
            }
        }
        Event::Board { board, op, .. } => {
            let b = game.board(*board);
            p.piece = match *op {
                BoardOp::Place { promotion, .. } => {
                    promotion.or(b.hand.map(|(piece, _)| piece.role))
                }
                BoardOp::Lift(sq) | BoardOp::Remove(sq) | BoardOp::Touch(sq) => {
                    b.board.piece_at(sq).map(|piece| piece.role)
                }
                BoardOp::Move { from, .. } => b.board.piece_at(from).map(|piece| piece.role),
            };
        }
        _ => {}
    }
}

/// What a board event shows, read from the game after it applied: whether the board matches
/// the official game, and a move other than the one it should show.
fn notes_after(game: &Game, rec: &Recorded, p: &mut Published) {
    let Event::Board { board, .. } = &rec.event else {
        return;
    };
    let b = game.board(*board);
    p.board_matches = Some(b.matches(game.position()));
    // The board of the side to move should come to show the opponent's last move; the
    // other board the announced move.
    let target = if *board == game.turn() {
        game.previous()
    } else {
        game.ply().announced.map(|(m, _)| (game.position(), m))
    };
    if let Some((before, m)) = target
        && let Some(shown) = b.shows_move(before)
        && shown != m
    {
        p.board_shows = Some(say3(before, shown));
        p.expected = Some(say3(before, m));
    }
}

fn words(game: &Game, rec: &Recorded) -> Result<Option<MoveWords>, crate::game::ReplayError> {
    let Event::Moved { uci, .. } = &rec.event else {
        return Ok(None);
    };
    let pos = game.position();
    let m = uci.to_move(pos).map_err(|_| crate::game::ReplayError {
        seq: rec.seq,
        reason: format!("illegal move {uci}"),
    })?;
    let mut after = pos.clone();
    after.play_unchecked(m);
    let said = Lang::ALL.map(|lang| {
        let speaker = Speaker::new(lang);
        [
            speaker.say_move(pos, m, Style::Short),
            speaker.say_move(pos, m, Style::Full),
        ]
    });
    Ok(Some(MoveWords {
        ply: game.moves().len() + 1,
        number: pos.fullmoves().get(),
        color: pos.turn(),
        uci: uci.to_string(),
        san: SanPlus::from_move(pos.clone(), m).to_string(),
        fen: Fen::from_position(&after, EnPassantMode::Legal).to_string(),
        said,
    }))
}

fn board_body(b: &PhysicalBoard, pos: &Chess) -> BoardBody {
    BoardBody {
        kind: b.kind.key(),
        placement: b.board.board_fen().to_string(),
        hand: b.hand.map(|(piece, from)| HandBody {
            piece: piece.char().to_string(),
            from: from.to_string(),
        }),
        matches: b.matches(pos),
    }
}

fn table(game: &Game) -> TableBody {
    let pos = game.position();
    TableBody {
        white_board: board_body(game.board(Color::White), pos),
        black_board: board_body(game.board(Color::Black), pos),
        announced: game
            .ply()
            .announced
            .map(|(m, _)| m.to_uci(shakmaty::CastlingMode::Standard).to_string()),
        touched: game
            .ply()
            .touches
            .iter()
            .map(|t| t.square.to_string())
            .collect(),
        obligation: game.obligation().map(|o| ObligationBody {
            rule: o.rule.key(),
            square: o.square.to_string(),
            moves: o
                .allowed
                .iter()
                .map(|m| m.to_uci(shakmaty::CastlingMode::Standard).to_string())
                .collect(),
        }),
        draw_offer: game.offer().map(color_key),
        illegal_moves: Color::ALL
            .into_iter()
            .map(|c| (color_key(c), game.illegal_moves(c)))
            .collect(),
        flags_fallen: Color::ALL
            .into_iter()
            .filter(|c| game.flag_fell(*c).is_some())
            .map(color_key)
            .collect(),
    }
}

impl Actor {
    async fn run(mut self, mut rx: mpsc::Receiver<Request>, shutdown: CancellationToken) {
        if self.damage.is_none()
            && let Some(pause) = self.table.restart_pause()
        {
            if let Err(e) = self.commit(vec![pause]).await {
                tracing::error!(game = %self.id, "could not record the restart pause: {e}");
            } else {
                tracing::info!(game = %self.id, "restored and paused after a restart");
            }
        }
        // How often the actor looks whether it may leave memory.
        let mut idle_check = tokio::time::interval((self.evict_after / 4).max(MIN_IDLE_CHECK));
        idle_check.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            let deadline = self.table.deadline().filter(|_| self.damage.is_none());
            tokio::select! {
                _ = shutdown.cancelled() => break,
                req = rx.recv() => match req {
                    Some(req) => {
                        self.touched.store(self.clock.now_ms(), Ordering::Relaxed);
                        self.handle(req).await;
                    }
                    None => break,
                },
                _ = sleep_until_ms(self.clock, deadline) => {
                    if !self.flag_fall().await {
                        // The store failed; try again in a second rather than spin.
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    }
                }
                _ = idle_check.tick() => {
                    if self.may_leave() {
                        let events = &self.events;
                        let left = self.membership.leave(&self.id, || {
                            rx.is_empty() && events.receiver_count() == 0
                        });
                        if left {
                            // Anything sent after this finds the channel closed and asks
                            // the hub again, which loads the game afresh.
                            rx.close();
                            tracing::debug!(game = %self.id, "left memory");
                            break;
                        }
                    }
                }
            }
        }
    }

    /// Whether the game may leave memory: nobody connected, no request for a while, and no
    /// clock running (a running clock's flag must fall on time).
    fn may_leave(&self) -> bool {
        let idle_ms = self
            .clock
            .now_ms()
            .saturating_sub(self.touched.load(Ordering::Relaxed));
        if self.events.receiver_count() > 0 || u128::from(idle_ms) < self.evict_after.as_millis() {
            return false;
        }
        let running = self.damage.is_none()
            && self.table.game().status() == Status::Playing
            && self.table.clock(self.clock.now_ms()).running.is_some();
        !running
    }

    /// Records a fallen flag, if one fell. `false` only if the store failed.
    async fn flag_fall(&mut self) -> bool {
        if self.damage.is_some() {
            return true;
        }
        let now = self.clock.now_ms();
        match self.table.timer_event(now) {
            None => true,
            Some(rec) => match self.commit(vec![rec]).await {
                Ok(()) => true,
                Err(e) => {
                    tracing::error!(game = %self.id, "could not record a flag fall: {e}");
                    false
                }
            },
        }
    }

    async fn handle(&mut self, req: Request) {
        match req {
            Request::Act {
                seat,
                lang,
                action,
                reply,
            } => {
                let answer = self.act(seat, lang, action).await;
                let _ = reply.send(answer);
            }
            Request::Connect { seat, since, reply } => {
                let events = self.events.subscribe();
                let seq = self.table.seq();
                let backlog = match since {
                    Some(n) if n <= seq => Backlog::Events(self.log[n as usize..].to_vec()),
                    _ => Backlog::State(Box::new(self.state())),
                };
                let replaced = CancellationToken::new();
                if seat != Seat::Spectator
                    && let Some(old) = self.connections[seat.index()].replace(replaced.clone())
                {
                    old.cancel();
                }
                let _ = reply.send(Connected {
                    seq,
                    backlog,
                    events,
                    replaced,
                });
            }
            Request::State { reply } => {
                let _ = reply.send(self.state());
            }
            Request::Desk { reply } => {
                let _ = reply.send(Box::new(DeskView {
                    desk: self.table.desk().clone(),
                    state: self.state(),
                }));
            }
        }
    }

    async fn act(&mut self, seat: Seat, lang: Lang, action: Action) -> Result<Acted, Refused> {
        if let Some(damage) = &self.damage {
            let seq = damage.seq.to_string();
            return Err(Refused::new(lang, "game_damaged", &[("seq", seq)]));
        }
        // A flag that fell before this action counts first.
        self.flag_fall().await;
        let now = self.clock.now_ms();
        // Resign, offer and claim ask for a second step: decided, then confirmed.
        let (order, confirm) = order_of(lang, action);
        let events = self
            .table
            .decide(seat, order, now)
            .map_err(|r| refused(lang, &r))?;
        if let Some(action) = confirm {
            return Ok(Acted::Confirm {
                action: action.key(),
                message: render::confirm(lang, action),
            });
        }
        let last = events.last().map(|e| e.seq);
        self.commit(events).await.map_err(|e| {
            tracing::error!(game = %self.id, "store failed, action refused: {e}");
            Refused::new(lang, "storage_failed", &[])
        })?;
        Ok(Acted::Done(last))
    }

    /// Writes events durably, then applies and publishes them.
    async fn commit(&mut self, events: Vec<Recorded>) -> Result<(), String> {
        // The list of games reads the summary after these events, written with them.
        let mut after = self.table.game().clone();
        for rec in &events {
            after
                .apply(rec)
                .map_err(|e| format!("a decided event does not apply: {e}"))?;
        }
        let summary = Summary::of(&after);
        if self.blocking_writes {
            let (store, id, written) = (Arc::clone(&self.store), self.id.clone(), events.clone());
            tokio::task::spawn_blocking(move || store.append(&id, &written, &summary))
                .await
                .map_err(|e| e.to_string())?
                .map_err(|e| e.to_string())?;
        } else {
            // Grouped with other games' writes by the store; resolves once durable.
            self.store
                .append_async(&self.id, &events, &summary)
                .await
                .map_err(|e| e.to_string())?;
        }
        for rec in events {
            if let Err(e) = self.publish(rec) {
                // Cannot happen for events this game decided. If it does, the store is ahead
                // of the game: nothing more is written, and the game says it is damaged.
                self.damaged(e);
                return Err("a stored event does not apply".into());
            }
        }
        Ok(())
    }

    /// Marks the game damaged from `e.seq` on: it is shown up to the event before, takes no
    /// more writes and runs no clock.
    fn damaged(&mut self, e: crate::game::ReplayError) {
        tracing::error!(game = %self.id, "damaged: {e}");
        self.damage = Some(e);
    }

    /// Applies one event and tells every connection.
    fn publish(&mut self, rec: Recorded) -> Result<(), crate::game::ReplayError> {
        let mv = words(self.table.game(), &rec)?;
        let ev = rec.clone();
        let mut p = Published::new(rec, mv);
        notes_before(self.table.game(), &ev, &mut p);
        p.note = self.table.apply(&ev)?.map(Arc::new);
        notes_after(self.table.game(), &ev, &mut p);
        let p = Arc::new(p);
        self.log.push(Arc::clone(&p));
        // No receiver is fine: nobody is connected.
        let _ = self.events.send(p);
        Ok(())
    }

    fn state(&self) -> StateBody {
        let game = self.table.game();
        let desk = self.table.desk();
        let setup = game.setup();
        let (status, pause_reason, ending) = match game.status() {
            Status::Playing => ("playing", None, None),
            Status::Paused { by } => (
                "paused",
                Some(match desk.pause_reason() {
                    Some(reason) => reason,
                    None if by.is_some() => "arbiter",
                    None => "restart",
                }),
                None,
            ),
            Status::Over(e) => ("over", None, Some(e)),
        };
        let (seats, languages) = seats_and_languages(setup);
        StateBody {
            game: self.id.to_string(),
            created_ms: self.created_ms,
            seq: game.seq(),
            status,
            pause_reason,
            result: ending.map(|e| e.result.pgn()),
            end_reason: ending.map(|e| e.reason.key()),
            turn: color_key(game.turn()),
            fen: Fen::from_position(game.position(), EnPassantMode::Legal).to_string(),
            start_fen: setup.start.fen().to_owned(),
            moves: game
                .moves()
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    let slot = desk.numbering().slot(i);
                    MoveRow {
                        ply: i + 1,
                        number: slot.number,
                        color: color_key(slot.color),
                        by: m.by.key(),
                        uci: m.uci().to_string(),
                        san: m.san.to_string(),
                    }
                })
                .collect(),
            // A damaged game's clocks stand where its last good event left them.
            clock: match (&self.damage, game.last_event_ms()) {
                (Some(_), Some(at)) => game.clock(at).into(),
                _ => game.clock(self.clock.now_ms()).into(),
            },
            time_control: (&setup.time_control).into(),
            rules: (&setup.profile).into(),
            table: table(game),
            white: player_body(setup, Color::White),
            black: player_body(setup, Color::Black),
            seats,
            languages,
            damaged: self.damage.as_ref().map(|d| DamageBody {
                seq: d.seq,
                reason: d.reason.clone(),
            }),
        }
    }
}
