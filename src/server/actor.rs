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
use shakmaty::{Color, EnPassantMode, Position};
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use super::auth::{TokenHash, hash_token, same_hash};
use super::clock::ServerClock;
use super::render;
use super::wire::{
    MoveRow, StateBody, TimeControlBody, color_key, player_body, seats_and_languages,
};
use crate::announce::{Lang, Style, understand};
use crate::game::{Command, Event, Game, GameResult, Recorded, Refusal, Seat, Setup, Status};
use crate::say::Speaker;
use crate::store::{GameId, Store, StoredGame};

/// How many published events a slow connection may fall behind before it is resynchronised
/// with a full state.
const BROADCAST_CAPACITY: usize = 256;

/// A move as every client hears it.
#[derive(Clone, Debug)]
pub struct MoveWords {
    pub ply: usize,
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
}

/// What a seat asks for, before it is understood.
#[derive(Clone, Debug)]
pub enum Action {
    Uci(String),
    Announce(String),
    Pause,
    Resume,
    SetClock { color: Color, remaining_ms: u64 },
    End(GameResult),
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
        reply: oneshot::Sender<Result<Option<u64>, Refused>>,
    },
    Connect {
        seat: Seat,
        since: Option<u64>,
        reply: oneshot::Sender<Connected>,
    },
    State {
        reply: oneshot::Sender<StateBody>,
    },
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
    pub async fn act(
        &self,
        seat: Seat,
        lang: Lang,
        action: Action,
    ) -> Result<Option<u64>, Refused> {
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
    log: Vec<Arc<Published>>,
    events: broadcast::Sender<Arc<Published>>,
    store: Arc<dyn Store>,
    clock: ServerClock,
    /// The live connection of each seat (spectators share theirs and are never replaced).
    connections: [Option<CancellationToken>; 6],
}

/// Starts the actor of a stored (or just created) game. Fails if its events do not replay.
pub fn spawn(
    stored: StoredGame,
    store: Arc<dyn Store>,
    clock: ServerClock,
    shutdown: CancellationToken,
    tracker: &TaskTracker,
) -> Result<GameHandle, crate::game::ReplayError> {
    let (events, _) = broadcast::channel(BROADCAST_CAPACITY);
    let mut actor = Actor {
        id: stored.id.clone(),
        created_ms: stored.created_ms,
        game: Game::new(stored.setup.clone()),
        log: Vec::with_capacity(stored.events.len()),
        events,
        store,
        clock,
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
        color: pos.turn(),
        uci: uci.to_string(),
        san: SanPlus::from_move(pos.clone(), m).to_string(),
        fen: Fen::from_position(&after, EnPassantMode::Legal).to_string(),
        said,
    }))
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
        match self.game.check_flag(now) {
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
        }
    }

    fn refused(lang: Lang, refusal: Refusal, mv: &str) -> Refused {
        Refused::new(lang, refusal.code(), &[("move", mv.to_owned())])
    }

    async fn act(
        &mut self,
        seat: Seat,
        lang: Lang,
        action: Action,
    ) -> Result<Option<u64>, Refused> {
        // A flag that fell before this action counts first.
        self.flag_fall().await;
        let now = self.clock.now_ms();
        let mut said = String::new();
        let command = match action {
            Action::Uci(text) => {
                said = text.trim().to_owned();
                self.game
                    .may_move(seat)
                    .map_err(|r| Self::refused(lang, r, &said))?;
                let uci: UciMove = said
                    .parse()
                    .map_err(|_| Refused::new(lang, "bad_uci", &[("move", said.clone())]))?;
                let m = uci
                    .to_move(self.game.position())
                    .map_err(|_| Self::refused(lang, Refusal::IllegalMove, &said))?;
                Command::Move(m)
            }
            Action::Announce(text) => {
                self.game
                    .may_move(seat)
                    .map_err(|r| Self::refused(lang, r, &text))?;
                let pos = self.game.position();
                let m = understand(lang, &text, pos).map_err(|e| Refused {
                    code: e.code(),
                    message: Speaker::new(lang).say_error(pos, &e),
                })?;
                Command::Move(m)
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
        };
        let events = self
            .game
            .decide(seat, command, now)
            .map_err(|r| Self::refused(lang, r, &said))?;
        let last = events.last().map(|e| e.seq);
        self.commit(events).await.map_err(|e| {
            tracing::error!(game = %self.id, "store failed, action refused: {e}");
            Refused::new(lang, "storage_failed", &[])
        })?;
        Ok(last)
    }

    /// Writes events durably, then applies and publishes them.
    async fn commit(&mut self, events: Vec<Recorded>) -> Result<(), String> {
        let store = Arc::clone(&self.store);
        let id = self.id.clone();
        let events =
            tokio::task::spawn_blocking(move || store.append(&id, &events).map(|()| events))
                .await
                .map_err(|e| e.to_string())?
                .map_err(|e| e.to_string())?;
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
        self.game.apply(&rec)?;
        let p = Arc::new(Published { rec, mv });
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
                Some(if by.is_some() { "arbiter" } else { "restart" }),
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
            moves: game
                .moves()
                .iter()
                .enumerate()
                .map(|(i, m)| MoveRow {
                    ply: i + 1,
                    by: m.by.key(),
                    uci: m.uci().to_string(),
                    san: m.san.to_string(),
                })
                .collect(),
            clock: game.clock(self.clock.now_ms()).into(),
            time_control: TimeControlBody {
                base_ms: setup.time_control.base_ms,
                increment_ms: setup.time_control.increment_ms,
            },
            white: player_body(setup, Color::White),
            black: player_body(setup, Color::Black),
            seats,
            languages,
        }
    }
}
