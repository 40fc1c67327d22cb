//! One task owns each game: the actor, and the cloneable [`GameHandle`] that talks to it
//! over a channel with one-shot replies.
//!
//! The actor is the only writer of its game. For every action it decides the events
//! ([`Game::decide`]), writes them to the store, and only then applies them, publishes them
//! to every connection of the game and acknowledges. It keeps the game's whole event log in
//! memory, each move already said in all three languages, so a reconnecting client gets
//! exactly the events it missed.

use std::sync::Arc;

use shakmaty::fen::Fen;
use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, EnPassantMode, Move, Position, Role, Square};
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::auth::{TokenHash, hash_token, same_hash};
use super::clock::ServerClock;
use super::render;
use super::wire::{
    BoardBody, HandBody, MoveRow, ObligationBody, StateBody, TableBody, color_key, player_body,
    seats_and_languages,
};
use crate::announce::{Lang, Style, is_adjust, understand};
use crate::game::{
    BoardOp, ClaimKind, Command, Event, Game, GameResult, PhysicalBoard, Procedure, Recorded,
    Refusal, Seat, Setup, Status,
};
use crate::say::Speaker;
use crate::scoresheet::desk::{Desk, DeskCommand, DeskRefusal, FixEdit, Note};
use crate::store::{GameId, Store, StoredGame};

/// How many published events a slow connection may fall behind before it is resynchronised
/// with a full state.
const BROADCAST_CAPACITY: usize = 256;

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
    pub created_ms: u64,
    pub setup: Arc<Setup>,
    tokens: Arc<[(Seat, TokenHash)]>,
    tx: mpsc::Sender<Request>,
}

impl GameHandle {
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

struct Actor {
    id: GameId,
    created_ms: u64,
    game: Game,
    desk: Desk,
    log: Vec<Arc<Published>>,
    events: broadcast::Sender<Arc<Published>>,
    store: Arc<dyn Store>,
    clock: ServerClock,
    /// Wait for store writes on the blocking pool (tests under the paused clock).
    blocking_writes: bool,
    /// The live connection of each seat (spectators share theirs and are never replaced).
    connections: [Option<CancellationToken>; 6],
}

/// Starts the actor of a stored (or just created) game. Fails if its events do not replay.
pub fn spawn(
    stored: StoredGame,
    store: Arc<dyn Store>,
    clock: ServerClock,
    blocking_writes: bool,
    shutdown: CancellationToken,
    tracker: &TaskTracker,
) -> Result<GameHandle, crate::game::ReplayError> {
    let (events, _) = broadcast::channel(BROADCAST_CAPACITY);
    let game = Game::new(stored.setup.clone());
    let mut actor = Actor {
        id: stored.id.clone(),
        created_ms: stored.created_ms,
        desk: Desk::new(&game),
        game,
        log: Vec::with_capacity(stored.events.len()),
        events,
        store,
        clock,
        blocking_writes,
        connections: Default::default(),
    };
    for rec in stored.events {
        actor.publish(rec)?;
    }
    let (tx, rx) = mpsc::channel(64);
    let handle = GameHandle {
        id: stored.id,
        created_ms: stored.created_ms,
        setup: Arc::new(stored.setup),
        tokens: stored.tokens.into(),
        tx,
    };
    tracker.spawn(actor.run(rx, shutdown));
    Ok(handle)
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
        if let Some(pause) = self.game.restart_pause() {
            if let Err(e) = self.commit(vec![pause]).await {
                tracing::error!(game = %self.id, "could not record the restart pause: {e}");
            } else {
                tracing::info!(game = %self.id, "restored and paused after a restart");
            }
        }
        loop {
            let deadline = self.game.flag_deadline();
            tokio::select! {
                _ = shutdown.cancelled() => break,
                req = rx.recv() => match req {
                    Some(req) => self.handle(req).await,
                    None => break,
                },
                _ = sleep_until_ms(self.clock, deadline) => {
                    if !self.flag_fall().await {
                        // The store failed; try again in a second rather than spin.
                        tokio::time::sleep(std::time::Duration::from_secs(1)).await;
                    }
                }
            }
        }
    }

    /// Records a fallen flag, if one fell. `false` only if the store failed.
    async fn flag_fall(&mut self) -> bool {
        let now = self.clock.now_ms();
        match self.game.timer_event(now) {
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
                let seq = self.game.seq();
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
                    desk: self.desk.clone(),
                    state: self.state(),
                }));
            }
        }
    }

    fn refused(lang: Lang, refusal: Refusal, mv: &str) -> Refused {
        let (code, message) = render::refusal(lang, &refusal, mv);
        Refused { code, message }
    }

    /// Words (or UCI) to a move in `pos`, or the localised reason why not.
    fn understood(lang: Lang, text: &str, pos: &Chess) -> Result<Move, Refused> {
        understand(lang, text, pos).map_err(|e| Refused {
            code: e.code(),
            message: Speaker::new(lang).say_error(pos, &e),
        })
    }

    async fn act(&mut self, seat: Seat, lang: Lang, action: Action) -> Result<Acted, Refused> {
        // A flag that fell before this action counts first.
        self.flag_fall().await;
        let now = self.clock.now_ms();
        let physical = self.game.profile().procedure == Procedure::Physical;
        // The desk's own commands, and board events while boards are put right.
        let fixing = self.desk.case().is_some_and(|c| c.fixing.is_some());
        match action {
            Action::Desk(cmd) => return self.act_desk(seat, lang, cmd, now).await,
            Action::Board { board, op } if fixing => {
                return self.act_fix(seat, lang, board, op, now).await;
            }
            Action::Resume => {
                if let Some(r) = self.desk.blocks_resume() {
                    let (code, message) = super::desk::refusal(lang, r);
                    return Err(Refused { code, message });
                }
            }
            _ => {}
        }
        // What the seat said, for his own scoresheet (automatic recording): the half-move
        // and the words.
        let mut record: Option<(usize, String)> = None;
        let mut said = String::new();
        let mut confirm: Option<(&'static str, bool)> = None;
        let command = match action {
            Action::Uci(text) => {
                said = text.trim().to_owned();
                if physical {
                    self.game
                        .may_announce(seat)
                        .map_err(|r| Self::refused(lang, r, &said))?;
                } else {
                    self.game
                        .may_move(seat)
                        .map_err(|r| Self::refused(lang, r, &said))?;
                }
                let uci: UciMove = said
                    .parse()
                    .map_err(|_| Refused::new(lang, "bad_uci", &[("move", said.clone())]))?;
                let m = uci
                    .to_move(self.game.position())
                    .map_err(|_| Self::refused(lang, Refusal::IllegalMove, &said))?;
                record = Some((self.game.moves().len(), said.clone()));
                if physical {
                    Command::Announce(m)
                } else {
                    Command::Move(m)
                }
            }
            Action::Announce(text) if is_adjust(lang, &text) => Command::Adjust,
            Action::Announce(text) => {
                record = Some((self.game.moves().len(), text.clone()));
                if physical {
                    self.game
                        .may_announce(seat)
                        .map_err(|r| Self::refused(lang, r, &text))?;
                    Command::Announce(Self::understood(lang, &text, self.game.position())?)
                } else {
                    self.game
                        .may_move(seat)
                        .map_err(|r| Self::refused(lang, r, &text))?;
                    Command::Move(Self::understood(lang, &text, self.game.position())?)
                }
            }
            Action::Repeat(text) => {
                self.game
                    .may_repeat(seat)
                    .map_err(|r| Self::refused(lang, r, &text))?;
                let pos = match self.game.repeat_position() {
                    Some((pos, _)) => pos,
                    None => return Err(Self::refused(lang, Refusal::NothingToRepeat, &text)),
                };
                let ply = if self.game.ply().announced.is_some() {
                    self.game.moves().len()
                } else {
                    self.game.moves().len().saturating_sub(1)
                };
                record = Some((ply, text.clone()));
                Command::Repeat(Self::understood(lang, &text, pos)?)
            }
            Action::Pause => Command::Pause,
            Action::Resume => Command::Resume,
            Action::SetClock {
                color,
                remaining_ms,
            } => Command::SetClock {
                color,
                remaining_ms,
            },
            Action::End(result) => Command::End(result),
            Action::Board { board, op } => Command::Board { board, op },
            Action::PressClock => Command::PressClock,
            Action::Adjust => Command::Adjust,
            Action::Resign { confirmed } => {
                confirm = Some(("resign", confirmed));
                Command::Resign
            }
            Action::OfferDraw { confirmed } => {
                confirm = Some(("offer_draw", confirmed));
                Command::OfferDraw
            }
            Action::AcceptDraw => Command::AcceptDraw,
            Action::DeclineDraw => Command::DeclineDraw,
            Action::ClaimDraw {
                kind,
                uci,
                text,
                confirmed,
            } => {
                confirm = Some(("claim_draw", confirmed));
                let pos = self.game.position();
                let with = match (uci, text) {
                    (Some(u), _) => {
                        said = u.trim().to_owned();
                        let uci: UciMove = said.parse().map_err(|_| {
                            Refused::new(lang, "bad_uci", &[("move", said.clone())])
                        })?;
                        Some(
                            uci.to_move(pos)
                                .map_err(|_| Self::refused(lang, Refusal::IllegalMove, &said))?,
                        )
                    }
                    (None, Some(t)) => Some(Self::understood(lang, &t, pos)?),
                    (None, None) => None,
                };
                Command::ClaimDraw { kind, with }
            }
            Action::ClaimTime => Command::ClaimTime,
            Action::ReportTouch(sq) => Command::ReportTouch(sq),
            Action::RuleTouch(upheld) => Command::RuleTouch(upheld),
            Action::RestoreBoard(board) => Command::RestoreBoard(board),
            Action::TalkingClock => Command::TalkingClock,
            Action::Warnings(on) => Command::Warnings(on),
            Action::Desk(_) => unreachable!("handled above"),
        };
        let mut events = self
            .game
            .decide(seat, command, now)
            .map_err(|r| Self::refused(lang, r, &said))?;
        if let Some((ply, words)) = record {
            self.auto_record(seat, lang, command, ply, words, now, &mut events);
        }
        if let Some((action, false)) = confirm {
            let mut args = vec![];
            if let Command::ClaimDraw { kind, .. } = command {
                args.push(("claim", kind.key().to_owned()));
            }
            let message = render::text(
                lang,
                &format!("confirm-{}", action.replace('_', "-")),
                &args,
            );
            return Ok(Acted::Confirm { action, message });
        }
        self.commit_all(events, lang, now).await
    }

    /// The automatic record on `seat`'s own scoresheet of his accepted announcement or
    /// repetition (if his side chose it), appended to `events`. The words as he said them,
    /// or, when he speaks another language than his sheet's, the move in the sheet's words.
    #[allow(clippy::too_many_arguments)]
    fn auto_record(
        &self,
        seat: Seat,
        lang: Lang,
        command: Command,
        ply: usize,
        words: String,
        now: u64,
        events: &mut Vec<Recorded>,
    ) {
        let Some(color) = seat.side() else {
            return;
        };
        let accepted = events.iter().any(|e| match &e.event {
            Event::Announced { .. } | Event::Moved { .. } => true,
            Event::Repeated { matches, .. } => *matches,
            _ => false,
        });
        if !accepted {
            return;
        }
        let sheet_lang = self.desk.sheet(color).lang;
        let words = if sheet_lang == lang {
            words
        } else {
            let (pos, m) = match command {
                Command::Announce(m) | Command::Move(m) => (self.game.position(), m),
                Command::Repeat(m) => match self.game.repeat_position() {
                    Some((pos, _)) => (pos, m),
                    None => return,
                },
                _ => return,
            };
            Speaker::new(sheet_lang).say_move(pos, m, Style::Short)
        };
        let after = events.last().map_or(self.game.seq(), |e| e.seq);
        if let Some(rec) = self
            .desk
            .auto_record(&self.game, seat, ply, &words, now, after)
        {
            events.push(rec);
        }
    }

    /// A command of the desk (scoresheets, diverging boards, adjournment).
    async fn act_desk(
        &mut self,
        seat: Seat,
        lang: Lang,
        cmd: DeskCommand,
        now: u64,
    ) -> Result<Acted, Refused> {
        let events = self.desk.decide(&self.game, seat, cmd, now).map_err(|r| {
            let (code, message) = super::desk::refusal(lang, r);
            Refused { code, message }
        })?;
        self.commit_all(events, lang, now).await
    }

    /// A board event while the boards are put right (D.2.9): lifts and placements, a whole
    /// move as a lift and a placement.
    async fn act_fix(
        &mut self,
        seat: Seat,
        lang: Lang,
        board: Color,
        op: BoardOp,
        now: u64,
    ) -> Result<Acted, Refused> {
        let refuse = |r: DeskRefusal| {
            let (code, message) = super::desk::refusal(lang, r);
            Refused { code, message }
        };
        let edits = match op {
            BoardOp::Lift(sq) | BoardOp::Remove(sq) => vec![FixEdit::Lift(sq)],
            BoardOp::Place { square, .. } => vec![FixEdit::Place(square, None)],
            BoardOp::Move { from, to, .. } => {
                let piece = self.game.board(board).board.piece_at(from);
                let mut v = Vec::new();
                if self.game.board(board).board.piece_at(to).is_some() {
                    v.push(FixEdit::Lift(to));
                }
                v.push(FixEdit::Lift(from));
                v.push(FixEdit::Place(to, piece));
                v
            }
            BoardOp::Touch(_) => return Err(refuse(DeskRefusal::NotFixing)),
        };
        // Decide every edit on a copy, so that a refused one changes nothing.
        let mut desk = self.desk.clone();
        let mut game = self.game.clone();
        let mut events = Vec::new();
        for edit in edits {
            let cmd = DeskCommand::Fix { board, edit };
            for rec in desk.decide(&game, seat, cmd, now).map_err(refuse)? {
                desk.apply(&rec, &game);
                game.apply(&rec)
                    .map_err(|_| refuse(DeskRefusal::NotFixing))?;
                events.push(rec);
            }
        }
        self.commit_all(events, lang, now).await
    }

    /// Commits an action's events, then what the new state calls for (the boards diverged,
    /// the boards are right again).
    async fn commit_all(
        &mut self,
        events: Vec<Recorded>,
        lang: Lang,
        now: u64,
    ) -> Result<Acted, Refused> {
        let mut last = events.last().map(|e| e.seq);
        self.commit(events).await.map_err(|e| {
            tracing::error!(game = %self.id, "store failed, action refused: {e}");
            Refused::new(lang, "storage_failed", &[])
        })?;
        for _ in 0..3 {
            let more = self.desk.follow_up(&self.game, now);
            if more.is_empty() {
                break;
            }
            last = more.last().map(|e| e.seq).or(last);
            if let Err(e) = self.commit(more).await {
                tracing::error!(game = %self.id, "could not record a follow-up: {e}");
                break;
            }
        }
        Ok(Acted::Done(last))
    }

    /// Writes events durably, then applies and publishes them.
    async fn commit(&mut self, events: Vec<Recorded>) -> Result<(), String> {
        if self.blocking_writes {
            let (store, id, written) = (Arc::clone(&self.store), self.id.clone(), events.clone());
            tokio::task::spawn_blocking(move || store.append(&id, &written))
                .await
                .map_err(|e| e.to_string())?
                .map_err(|e| e.to_string())?;
        } else {
            // Grouped with other games' writes by the store; resolves once durable.
            self.store
                .append_async(&self.id, &events)
                .await
                .map_err(|e| e.to_string())?;
        }
        for rec in events {
            if let Err(e) = self.publish(rec) {
                // Cannot happen for events this game decided; the log says so if it does.
                tracing::error!(game = %self.id, "stored event does not apply: {e}");
            }
        }
        Ok(())
    }

    /// Applies one event and tells every connection.
    fn publish(&mut self, rec: Recorded) -> Result<(), crate::game::ReplayError> {
        let mv = words(&self.game, &rec)?;
        let ev = rec.clone();
        let mut p = Published::new(rec, mv);
        notes_before(&self.game, &ev, &mut p);
        // The desk reads the game as the event found it. A stored event that does not apply
        // stops the game's restore altogether, so the desk is never left ahead of it.
        p.note = self.desk.apply(&ev, &self.game).map(Arc::new);
        self.game.apply(&ev)?;
        notes_after(&self.game, &ev, &mut p);
        let p = Arc::new(p);
        self.log.push(Arc::clone(&p));
        // No receiver is fine: nobody is connected.
        let _ = self.events.send(p);
        Ok(())
    }

    fn state(&self) -> StateBody {
        let game = &self.game;
        let setup = game.setup();
        let (status, pause_reason, ending) = match game.status() {
            Status::Playing => ("playing", None, None),
            Status::Paused { by } => (
                "paused",
                Some(match self.desk.pause_reason() {
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
                    let slot = self.desk.numbering().slot(i);
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
            clock: game.clock(self.clock.now_ms()).into(),
            time_control: (&setup.time_control).into(),
            rules: (&setup.profile).into(),
            table: table(game),
            white: player_body(setup, Color::White),
            black: player_body(setup, Color::Black),
            seats,
            languages,
        }
    }
}
