//! The game: a pure state machine over shakmaty's [`Chess`].
//!
//! Every change is a [`Recorded`] event. [`Game::decide`] turns a seat's [`Command`] into the
//! events it causes (or a [`Refusal`]) without changing anything; [`Game::apply`] plays an
//! event onto the state. The server writes the events to the store between the two, so a game
//! is restored by applying its stored events again, with the same numbers.
//!
//! No I/O, no clock, no tokio, serde or Fluent here: time comes in as milliseconds.
//!
//! ```
//! use hamle::game::{Command, Game, Seat, Setup, Player, BoardKind, TimeControl};
//! use hamle::announce::Lang;
//! use shakmaty::{ByColor, uci::UciMove, Chess};
//!
//! let player = |name: &str| Player {
//!     name: name.into(), visually_impaired: false, board: BoardKind::Normal, assistant: false,
//! };
//! let setup = Setup {
//!     time_control: TimeControl { base_ms: 300_000, increment_ms: 0 },
//!     players: ByColor { white: player("A"), black: player("B") },
//!     languages: [Lang::De; 6],
//! };
//! let mut game = Game::new(setup);
//! let m = "e2e4".parse::<UciMove>().unwrap().to_move(game.position()).unwrap();
//! let events = game.decide(Seat::White, Command::Move(m), 1_000).unwrap();
//! for e in &events { game.apply(e).unwrap(); }
//! assert_eq!(game.seq(), 1);
//! assert!(game.decide(Seat::White, Command::Move(m), 2_000).is_err()); // not White's turn
//! ```

mod clock;
mod event;
mod seat;
mod setup;

use std::fmt;

use shakmaty::san::SanPlus;
use shakmaty::uci::UciMove;
use shakmaty::{CastlingMode, Chess, Color, Move, Position};

pub use clock::{Clock, ClockReading, TimeControl};
pub use event::{EndReason, Ending, Event, GameResult, Recorded};
pub use seat::{Permission, Seat, UnknownSeat, may};
pub use setup::{BoardKind, Player, Setup};

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Playing,
    /// Clocks stopped; `by: None` is a pause caused by a server restart.
    Paused {
        by: Option<Seat>,
    },
    Over(Ending),
}

/// What a seat asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Command {
    Move(Move),
    Pause,
    Resume,
    SetClock { color: Color, remaining_ms: u64 },
    End(GameResult),
}

/// Why a command was refused. Nothing changed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Refusal {
    /// This seat may not do this at all (the permission matrix).
    Forbidden,
    /// The seat plays for the side that is not to move.
    NotYourTurn,
    GamePaused,
    GameOver,
    /// The move is not legal in the position.
    IllegalMove,
    /// Resume while not paused.
    NotPaused,
    /// A clock setting beyond any sensible time (more than a day).
    InvalidTime,
}

impl Refusal {
    /// Stable code for the wire.
    pub fn code(self) -> &'static str {
        match self {
            Refusal::Forbidden => "forbidden",
            Refusal::NotYourTurn => "not_your_turn",
            Refusal::GamePaused => "game_paused",
            Refusal::GameOver => "game_over",
            Refusal::IllegalMove => "illegal_move",
            Refusal::NotPaused => "not_paused",
            Refusal::InvalidTime => "invalid_time",
        }
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// A stored event that does not fit the game it is applied to (a corrupt or foreign log).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReplayError {
    pub seq: u64,
    pub reason: String,
}

impl fmt::Display for ReplayError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "event {}: {}", self.seq, self.reason)
    }
}

impl std::error::Error for ReplayError {}

/// The longest time the arbiter may set: one day.
pub const MAX_CLOCK_MS: u64 = 24 * 60 * 60 * 1000;

/// One move as played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayedMove {
    pub mv: Move,
    pub san: SanPlus,
    pub by: Seat,
}

impl PlayedMove {
    pub fn uci(&self) -> UciMove {
        self.mv.to_uci(CastlingMode::Standard)
    }
}

/// A game in progress or finished.
#[derive(Clone, Debug)]
pub struct Game {
    setup: Setup,
    pos: Chess,
    moves: Vec<PlayedMove>,
    clock: Clock,
    status: Status,
    seq: u64,
    last_event_ms: Option<u64>,
}

impl Game {
    /// A new game from the start position; no clock runs until White's first move.
    pub fn new(setup: Setup) -> Game {
        Game {
            clock: Clock::new(setup.time_control),
            setup,
            pos: Chess::default(),
            moves: Vec::new(),
            status: Status::Playing,
            seq: 0,
            last_event_ms: None,
        }
    }

    /// A game rebuilt from its stored events.
    pub fn restore<'a>(
        setup: Setup,
        events: impl IntoIterator<Item = &'a Recorded>,
    ) -> Result<Game, ReplayError> {
        let mut game = Game::new(setup);
        for e in events {
            game.apply(e)?;
        }
        Ok(game)
    }

    pub fn setup(&self) -> &Setup {
        &self.setup
    }

    /// The current position.
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    pub fn moves(&self) -> &[PlayedMove] {
        &self.moves
    }

    pub fn status(&self) -> Status {
        self.status
    }

    /// The number of the last event (0 before any).
    pub fn seq(&self) -> u64 {
        self.seq
    }

    pub fn turn(&self) -> Color {
        self.pos.turn()
    }

    /// The clock at `now`.
    pub fn clock(&self, now: u64) -> ClockReading {
        self.clock.reading(now)
    }

    /// When the running side's flag falls, if a clock runs.
    pub fn flag_deadline(&self) -> Option<u64> {
        self.clock.flag_deadline().map(|(_, at)| at)
    }

    /// Whether `seat` may move now; checked before an announcement is even parsed, so a
    /// spectator hears "not allowed" rather than a grammar lesson.
    pub fn may_move(&self, seat: Seat) -> Result<(), Refusal> {
        if seat.side().is_none() || !self.setup.has_seat(seat) {
            return Err(Refusal::Forbidden);
        }
        match self.status {
            Status::Over(_) => return Err(Refusal::GameOver),
            Status::Paused { .. } => return Err(Refusal::GamePaused),
            Status::Playing => {}
        }
        if !may(seat, Permission::Move(self.turn())) {
            return Err(Refusal::NotYourTurn);
        }
        Ok(())
    }

    fn record(&self, offset: u64, at_ms: u64, event: Event, clock: ClockReading) -> Recorded {
        Recorded {
            seq: self.seq + offset,
            at_ms,
            event,
            clock,
        }
    }

    /// The events `seat`'s command causes at `now`, or why it is refused. Changes nothing.
    pub fn decide(&self, seat: Seat, command: Command, now: u64) -> Result<Vec<Recorded>, Refusal> {
        // The arbiter's commands need the arbiter seat; checked first so that the answer to a
        // seat that may never do this does not depend on the game's state.
        let permission = match command {
            Command::Move(_) => None,
            Command::Pause => Some(Permission::Pause),
            Command::Resume => Some(Permission::Resume),
            Command::SetClock { .. } => Some(Permission::AdjustClock),
            Command::End(_) => Some(Permission::End),
        };
        if let Some(p) = permission
            && !may(seat, p)
        {
            return Err(Refusal::Forbidden);
        }
        match command {
            Command::Move(m) => {
                self.may_move(seat)?;
                if !self.pos.is_legal(m) {
                    return Err(Refusal::IllegalMove);
                }
                let mover = self.turn();
                let mut clock = self.clock.clone();
                clock.press(mover, now);
                let moved = Event::Moved {
                    by: seat,
                    uci: m.to_uci(CastlingMode::Standard),
                };
                let mut after = self.pos.clone();
                after.play_unchecked(m);
                let mut events = Vec::with_capacity(2);
                match ending_after(&after, mover) {
                    None => events.push(self.record(1, now, moved, clock.reading(now))),
                    Some(ending) => {
                        clock.stop(now);
                        let reading = clock.reading(now);
                        events.push(self.record(1, now, moved, reading));
                        events.push(self.record(
                            2,
                            now,
                            Event::Ended { ending, by: None },
                            reading,
                        ));
                    }
                }
                Ok(events)
            }
            Command::Pause => match self.status {
                Status::Over(_) => Err(Refusal::GameOver),
                Status::Paused { .. } => Err(Refusal::GamePaused),
                Status::Playing => {
                    let mut clock = self.clock.clone();
                    clock.stop(now);
                    let e = Event::Paused { by: Some(seat) };
                    Ok(vec![self.record(1, now, e, clock.reading(now))])
                }
            },
            Command::Resume => match self.status {
                Status::Over(_) => Err(Refusal::GameOver),
                Status::Playing => Err(Refusal::NotPaused),
                Status::Paused { .. } => {
                    let mut clock = self.clock.clone();
                    if !self.moves.is_empty() {
                        clock.start(self.turn(), now);
                    }
                    let e = Event::Resumed { by: seat };
                    Ok(vec![self.record(1, now, e, clock.reading(now))])
                }
            },
            Command::SetClock {
                color,
                remaining_ms,
            } => {
                if let Status::Over(_) = self.status {
                    return Err(Refusal::GameOver);
                }
                if remaining_ms > MAX_CLOCK_MS {
                    return Err(Refusal::InvalidTime);
                }
                let mut clock = self.clock.clone();
                clock.set(color, remaining_ms, now);
                let e = Event::ClockSet {
                    by: seat,
                    color,
                    remaining_ms,
                };
                Ok(vec![self.record(1, now, e, clock.reading(now))])
            }
            Command::End(result) => {
                if let Status::Over(_) = self.status {
                    return Err(Refusal::GameOver);
                }
                let mut clock = self.clock.clone();
                clock.stop(now);
                let ending = Ending {
                    result,
                    reason: EndReason::Arbiter,
                };
                let e = Event::Ended {
                    ending,
                    by: Some(seat),
                };
                Ok(vec![self.record(1, now, e, clock.reading(now))])
            }
        }
    }

    /// The flag-fall event, if the running side's time has run out by `now`.
    pub fn check_flag(&self, now: u64) -> Option<Recorded> {
        if self.status != Status::Playing {
            return None;
        }
        let (side, deadline) = self.clock.flag_deadline()?;
        if now < deadline {
            return None;
        }
        let mut clock = self.clock.clone();
        clock.stop(deadline);
        let ending = if self.pos.has_insufficient_material(!side) {
            Ending {
                result: GameResult::Draw,
                reason: EndReason::TimeoutDraw,
            }
        } else {
            Ending {
                result: GameResult::win_for(!side),
                reason: EndReason::Timeout,
            }
        };
        let e = Event::Ended { ending, by: None };
        Some(self.record(1, deadline, e, clock.reading(deadline)))
    }

    /// After a restart: the pause that stops a running game's clocks, dated at the last
    /// recorded event, so the time between that event and the outage is not charged (the
    /// server cannot know when it went down). `None` if no clock was running.
    pub fn restart_pause(&self) -> Option<Recorded> {
        if self.status != Status::Playing {
            return None;
        }
        let at = self.last_event_ms?;
        let mut clock = self.clock.clone();
        clock.stop(at);
        let e = Event::Paused { by: None };
        Some(self.record(1, at, e, clock.reading(at)))
    }

    /// Plays a recorded event onto the game. Events must come in order and fit the game.
    pub fn apply(&mut self, rec: &Recorded) -> Result<(), ReplayError> {
        let fail = |reason: &str| ReplayError {
            seq: rec.seq,
            reason: reason.to_owned(),
        };
        if rec.seq != self.seq + 1 {
            return Err(fail(&format!("expected event {}", self.seq + 1)));
        }
        if let Status::Over(_) = self.status {
            return Err(fail("the game is over"));
        }
        match &rec.event {
            Event::Moved { by, uci } => {
                if by.side() != Some(self.turn()) {
                    return Err(fail("a move by the side not to move"));
                }
                let m = uci
                    .to_move(&self.pos)
                    .map_err(|_| fail(&format!("illegal move {uci}")))?;
                let san = SanPlus::from_move_and_play_unchecked(&mut self.pos, m);
                self.moves.push(PlayedMove {
                    mv: m,
                    san,
                    by: *by,
                });
            }
            Event::Paused { by } => self.status = Status::Paused { by: *by },
            Event::Resumed { .. } => self.status = Status::Playing,
            Event::ClockSet { .. } => {}
            Event::Ended { ending, .. } => self.status = Status::Over(*ending),
        }
        self.clock.restore(rec.clock, rec.at_ms);
        self.seq = rec.seq;
        self.last_event_ms = Some(rec.at_ms);
        Ok(())
    }
}

/// Checkmate, stalemate or a dead position after `mover`'s move, if the game ends there.
fn ending_after(pos: &Chess, mover: Color) -> Option<Ending> {
    if pos.is_checkmate() {
        Some(Ending {
            result: GameResult::win_for(mover),
            reason: EndReason::Checkmate,
        })
    } else if pos.is_stalemate() {
        Some(Ending {
            result: GameResult::Draw,
            reason: EndReason::Stalemate,
        })
    } else if pos.is_insufficient_material() {
        Some(Ending {
            result: GameResult::Draw,
            reason: EndReason::DeadPosition,
        })
    } else {
        None
    }
}

#[cfg(test)]
mod tests;
