//! The table: the game ([`Game`]) and the arbiter's desk ([`Desk`]) as one pure state
//! machine over one numbered log.
//!
//! [`Table::decide`] turns what a seat asks for ([`Order`]) into every event it causes, the
//! desk's follow-ups included (the boards found diverging, the boards right again), or a
//! [`TableRefusal`]; it changes nothing. [`Table::apply`] plays one event onto both parts and
//! cannot fail for an event that `decide` produced. Restoring a game from its stored events
//! ([`Table::restore`]) is the same `apply`, so a restored table equals the live one.
//!
//! Words come in as text and are understood here ([`crate::announce::understand`]); the
//! only sentences the table needs, a move said in the words of a scoresheet's language for
//! automatic recording, come from the shell through [`MoveNames`]. No tokio, serde, Fluent or
//! I/O; time comes in as milliseconds.
//!
//! After the end of the game, a player still writes and reads his own scoresheet and the
//! talking clock still answers; everything else is refused with `game_over`
//! ([`crate::game::Event::allowed_after_end`]).

use std::sync::Arc;

use shakmaty::uci::UciMove;
use shakmaty::{Chess, Color, Move, Square};

use crate::announce::{AnnounceError, Lang, is_adjust, parse, understand};
use crate::game::{
    BoardOp, ClaimKind, ClockReading, Command, Event, Game, GameResult, Recorded, Refusal,
    ReplayError, Seat, Setup, SquareReading, Status,
};
use crate::scoresheet::desk::{Desk, DeskCommand, DeskRefusal, FixEdit, Note};

/// A move said short in a language's words (given by the shell's words layer, `crate::words`).
pub trait MoveNames: Send + Sync {
    fn short(&self, lang: Lang, pos: &Chess, m: Move) -> String;
}

/// What a seat asks of the table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Order {
    /// A move in UCI: the whole move (digital procedure) or its announcement (physical).
    Uci(String),
    /// Words: a move (or "I adjust") in `lang`.
    Announce { lang: Lang, text: String },
    /// The opponent repeats the announced move (physical procedure).
    Repeat { lang: Lang, text: String },
    /// A draw claim, perhaps with the move written but not played (UCI or words).
    ClaimDraw {
        kind: ClaimKind,
        uci: Option<String>,
        text: Option<(Lang, String)>,
    },
    /// Any other rule of play.
    Play(Command),
    /// Scoresheets, diverging boards, adjournment.
    Desk(DeskCommand),
    /// The arbiter corrects the declared result after the end, giving his reason (one line
    /// of plain text, checked before it comes here); `forfeit`: as a forfeit.
    CorrectResult {
        result: GameResult,
        forfeit: bool,
        reason: String,
    },
    /// An order of the arbiter with his note on it (one line of plain text, checked before
    /// it comes here): the order's events, then [`Event::Noted`].
    Noted { order: Box<Order>, note: String },
    /// An electronic board's raw readings (issue 33), each `(ago_ms, square, found)`:
    /// [`Event::BoardSensed`], the arbiter's evidence.
    Sensed {
        board: Color,
        readings: Vec<(u64, Square, SquareReading)>,
    },
}

/// The second step an order asks for before it is done: resigning, offering a draw and
/// claiming one are asked again ("do you really ...?") and done only when confirmed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Confirmation {
    Resign,
    OfferDraw,
    ClaimDraw(ClaimKind),
    /// A ruling on diverging boards: shown with its consequence ([`Table::preview`]) first.
    Rule,
    /// Undoing the last ruling, shown with its consequence too.
    UndoRuling,
    /// Releasing a touch as not deliberate.
    ReleaseTouch,
    /// Declaring a forfeit with this result.
    Forfeit(GameResult),
    /// Correcting the result after the end to this one.
    CorrectResult(GameResult),
}

impl Confirmation {
    /// The action's name on the wire.
    pub fn key(self) -> &'static str {
        match self {
            Confirmation::Resign => "resign",
            Confirmation::OfferDraw => "offer_draw",
            Confirmation::ClaimDraw(_) => "claim_draw",
            Confirmation::Rule => "reconcile",
            Confirmation::UndoRuling => "undo_ruling",
            Confirmation::ReleaseTouch => "release_touch",
            Confirmation::Forfeit(_) => "forfeit",
            Confirmation::CorrectResult(_) => "correct_result",
        }
    }
}

/// Why the table refused. Nothing changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableRefusal {
    /// A rule of play; `said`: the words or UCI the seat sent, for the sentence.
    Play { refusal: Refusal, said: String },
    /// The desk.
    Desk(DeskRefusal),
    /// Not UCI.
    BadUci(String),
    /// The words are not a (legal, unambiguous) move in `pos`.
    Words {
        error: AnnounceError,
        pos: Box<Chess>,
    },
}

impl TableRefusal {
    /// Stable code for the wire.
    pub fn code(&self) -> &'static str {
        match self {
            TableRefusal::Play { refusal, .. } => refusal.code(),
            TableRefusal::Desk(r) => r.code(),
            TableRefusal::BadUci(_) => "bad_uci",
            TableRefusal::Words { error, .. } => error.code(),
        }
    }
}

fn play(refusal: Refusal, said: &str) -> TableRefusal {
    TableRefusal::Play {
        refusal,
        said: said.to_owned(),
    }
}

/// The most rounds of follow-ups after one action (each can only close what the one before
/// opened: diverged, then reconciled and resumed).
const FOLLOW_UPS: usize = 3;

/// One game at the table: the game and its desk.
#[derive(Clone)]
pub struct Table {
    game: Game,
    desk: Desk,
    names: Arc<dyn MoveNames>,
}

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Table")
            .field("game", &self.game)
            .field("desk", &self.desk)
            .finish_non_exhaustive()
    }
}

impl Table {
    /// A new table for the setup: the start position, blank sheets, no clock running.
    pub fn new(setup: Setup, names: Arc<dyn MoveNames>) -> Table {
        let game = Game::new(setup);
        Table {
            desk: Desk::new(&game),
            game,
            names,
        }
    }

    /// A table rebuilt from stored events with the same [`Table::apply`] as live play. On
    /// an event that does not apply, the table up to the event before it, and why.
    pub fn restore<'a>(
        setup: Setup,
        names: Arc<dyn MoveNames>,
        events: impl IntoIterator<Item = &'a Recorded>,
    ) -> Result<Table, Box<(Table, ReplayError)>> {
        let mut table = Table::new(setup, names);
        for rec in events {
            if let Err(e) = table.apply(rec) {
                return Err(Box::new((table, e)));
            }
        }
        Ok(table)
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn desk(&self) -> &Desk {
        &self.desk
    }

    /// The number of the last event.
    pub fn seq(&self) -> u64 {
        self.game.seq()
    }

    /// Plays one event onto the desk (which reads the game as the event found it), then
    /// the game. Returns what the event meant to the desk, for its sentences.
    pub fn apply(&mut self, rec: &Recorded) -> Result<Option<Note>, ReplayError> {
        if rec.seq != self.game.seq() + 1 {
            return Err(ReplayError {
                seq: rec.seq,
                reason: format!("expected event {}", self.game.seq() + 1),
            });
        }
        // The game checks the event first on a probe of its own, so that the desk never
        // moves ahead of a game that refuses the event.
        let mut probe = self.game.clone();
        probe.apply(rec)?;
        let note = self.desk.apply(rec, &self.game);
        self.game = probe;
        Ok(note)
    }

    /// The timed event due by `now`: a flag fall, else a time warning.
    pub fn timer_event(&self, now: u64) -> Option<Recorded> {
        self.game.timer_event(now)
    }

    /// After a restart or a failover at `now`: the pause that stops a running clock and, under
    /// the `continue` failover policy, the resumption (see [`Game::restart_events`]).
    pub fn restart_events(&self, now: u64) -> Vec<Recorded> {
        self.game.restart_events(now)
    }

    /// After a restart: the pause that stops a running clock (see [`Game::restart_pause`]).
    pub fn restart_pause(&self) -> Option<Recorded> {
        self.game.restart_pause()
    }

    /// When the next timed event falls due.
    pub fn deadline(&self) -> Option<u64> {
        self.game.flag_deadline()
    }

    /// The events `seat`'s order causes at `now`, with every follow-up the new state calls
    /// for, or why it is refused. Changes nothing.
    pub fn decide(
        &self,
        seat: Seat,
        order: Order,
        now: u64,
    ) -> Result<Vec<Recorded>, TableRefusal> {
        let mut events = self.decide_order(seat, order, now)?;
        self.follow_ups(&mut events, now);
        Ok(events)
    }

    fn decide_order(
        &self,
        seat: Seat,
        order: Order,
        now: u64,
    ) -> Result<Vec<Recorded>, TableRefusal> {
        let game = &self.game;
        let physical = game.profile().procedure == crate::game::Procedure::Physical;
        let fixing = self.desk.case().is_some_and(|c| c.fixing.is_some());
        // What the seat said, for his own scoresheet (automatic recording): the half-move,
        // the words and their language.
        let mut record: Option<(usize, String, Option<Lang>)> = None;
        let mut said = String::new();
        let command = match order {
            Order::Noted { order, note } => return self.noted(seat, *order, note, now),
            Order::Sensed { board, readings } => {
                return game
                    .decide_sensed(seat, board, &readings, now)
                    .map_err(|r| play(r, ""));
            }
            Order::CorrectResult {
                result,
                forfeit,
                reason,
            } => {
                return game
                    .decide_correction(seat, result, forfeit, &reason, now)
                    .map_err(|r| play(r, ""));
            }
            Order::Desk(cmd) => {
                return self
                    .desk
                    .decide(game, seat, cmd, now)
                    .map_err(TableRefusal::Desk);
            }
            Order::Play(Command::Board { board, op }) if fixing => {
                return self.fix(seat, board, op, now);
            }
            Order::Play(Command::Resume) => {
                if let Some(r) = self.desk.blocks_resume() {
                    return Err(TableRefusal::Desk(r));
                }
                Command::Resume
            }
            Order::Play(c) => c,
            Order::Uci(text) => {
                said = text.trim().to_owned();
                let may = if physical {
                    game.may_announce(seat)
                } else {
                    game.may_move(seat)
                };
                may.map_err(|r| self.out_of_turn(seat, r, None, &said))?;
                let uci: UciMove = said
                    .parse()
                    .map_err(|_| TableRefusal::BadUci(said.clone()))?;
                match uci.to_move(game.position()) {
                    Err(_) if self.illegal_counts(seat) => Command::IllegalAnnouncement(Some(uci)),
                    Err(_) => return Err(play(Refusal::IllegalMove, &said)),
                    Ok(m) => {
                        record = Some((game.moves().len(), said.clone(), None));
                        if physical {
                            Command::Announce(m)
                        } else {
                            Command::Move(m)
                        }
                    }
                }
            }
            Order::Announce { lang, text } if is_adjust(lang, &text) => {
                said = text;
                Command::Adjust
            }
            Order::Announce { lang, text } => {
                let may = if physical {
                    game.may_announce(seat)
                } else {
                    game.may_move(seat)
                };
                may.map_err(|r| self.out_of_turn(seat, r, Some(lang), &text))?;
                match understood(lang, &text, game.position()) {
                    Err(TableRefusal::Words {
                        error: AnnounceError::Illegal(_),
                        ..
                    }) if self.illegal_counts(seat) => {
                        said = text;
                        Command::IllegalAnnouncement(None)
                    }
                    Err(e) => return Err(e),
                    Ok(m) => {
                        record = Some((game.moves().len(), text.clone(), Some(lang)));
                        said = text;
                        if physical {
                            Command::Announce(m)
                        } else {
                            Command::Move(m)
                        }
                    }
                }
            }
            Order::Repeat { lang, text } => {
                game.may_repeat(seat).map_err(|r| play(r, &text))?;
                let Some((pos, _)) = game.repeat_position() else {
                    return Err(play(Refusal::NothingToRepeat, &text));
                };
                let m = understood(lang, &text, pos)?;
                let ply = if game.ply().announced.is_some() {
                    game.moves().len()
                } else {
                    game.moves().len().saturating_sub(1)
                };
                record = Some((ply, text.clone(), Some(lang)));
                said = text;
                Command::Repeat(m)
            }
            Order::ClaimDraw { kind, uci, text } => {
                let pos = game.position();
                let with = match (uci, text) {
                    (Some(u), _) => {
                        said = u.trim().to_owned();
                        let uci: UciMove = said
                            .parse()
                            .map_err(|_| TableRefusal::BadUci(said.clone()))?;
                        Some(
                            uci.to_move(pos)
                                .map_err(|_| play(Refusal::IllegalMove, &said))?,
                        )
                    }
                    (None, Some((lang, t))) => Some(understood(lang, &t, pos)?),
                    (None, None) => None,
                };
                Command::ClaimDraw { kind, with }
            }
        };
        let mut events = game
            .decide(seat, command, now)
            .map_err(|r| play(r, &said))?;
        if let Some((ply, words, lang)) = record {
            self.auto_record(seat, lang, command, ply, words, now, &mut events);
        }
        Ok(events)
    }

    /// The arbiter's `order` with his `note`: its events, then the note. Only the arbiter
    /// notes his rulings.
    fn noted(
        &self,
        seat: Seat,
        order: Order,
        note: String,
        now: u64,
    ) -> Result<Vec<Recorded>, TableRefusal> {
        if seat != Seat::Arbiter {
            return Err(play(Refusal::Forbidden, ""));
        }
        let mut events = self.decide_order(seat, order, now)?;
        let (seq, clock) = match events.last() {
            Some(last) => (last.seq, last.clock),
            None => (self.game.seq(), self.game.clock(now)),
        };
        events.push(Recorded {
            seq: seq + 1,
            at_ms: now,
            event: Event::Noted {
                by: seat,
                text: note.trim().to_owned(),
            },
            clock,
        });
        Ok(events)
    }

    /// The true reason a move or announcement out of turn is refused (`refusal`, from
    /// [`Game::may_move`] / [`Game::may_announce`]), with what `seat` sent (words in `lang`,
    /// or UCI): words that are no move at all are not understood, whoever's turn it is; in
    /// the physical procedure, a move legal where the seat's own last move was played is a
    /// correction of it, too late once the opponent's clock runs (F7); anything else is not
    /// his turn. Any other refusal (not allowed, game over, paused) stands as it is.
    fn out_of_turn(
        &self,
        seat: Seat,
        refusal: Refusal,
        lang: Option<Lang>,
        said: &str,
    ) -> TableRefusal {
        if refusal != Refusal::NotYourTurn {
            return play(refusal, said);
        }
        let game = &self.game;
        let uci = match lang {
            Some(lang) => {
                if let Err(e) = parse(lang, said) {
                    return TableRefusal::Words {
                        error: AnnounceError::NotUnderstood(e),
                        pos: Box::new(game.position().clone()),
                    };
                }
                None
            }
            None => match said.trim().parse::<UciMove>() {
                Ok(u) => Some(u),
                Err(_) => return TableRefusal::BadUci(said.trim().to_owned()),
            },
        };
        let physical = game.profile().procedure == crate::game::Procedure::Physical;
        if physical
            && seat.side() == Some(!game.turn())
            && let Some((before, _)) = game.previous()
        {
            let correction = match (lang, uci) {
                (Some(lang), _) => understand(lang, said, before).is_ok(),
                (None, Some(u)) => u.to_move(before).is_ok(),
                (None, None) => false,
            };
            if correction {
                return play(Refusal::TooLateToCorrect, said);
            }
        }
        play(Refusal::NotYourTurn, said)
    }

    /// The automatic record on `seat`'s own scoresheet of his accepted announcement or
    /// repetition (if his side chose it), appended to `events`: the words as he said them,
    /// or, when he spoke another language than his sheet's (or sent UCI), the move in the
    /// sheet's words.
    #[allow(clippy::too_many_arguments)]
    fn auto_record(
        &self,
        seat: Seat,
        lang: Option<Lang>,
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
            crate::game::Event::Announced { .. } | crate::game::Event::Moved { .. } => true,
            crate::game::Event::Repeated { matches, .. } => *matches,
            _ => false,
        });
        if !accepted {
            return;
        }
        let sheet_lang = self.desk.sheet(color).lang;
        let words = if lang.is_none_or(|l| l == sheet_lang) {
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
            self.names.short(sheet_lang, pos, m)
        };
        let after = events.last().map_or(self.game.seq(), |e| e.seq);
        if let Some(rec) = self
            .desk
            .auto_record(&self.game, seat, ply, &words, now, after)
        {
            events.push(rec);
        }
    }

    /// A board event while the boards are put right (D.2.9): lifts and placements, a whole
    /// move as a lift and a placement; every edit decided on a copy, so that a refused one
    /// changes nothing.
    fn fix(
        &self,
        seat: Seat,
        board: Color,
        op: BoardOp,
        now: u64,
    ) -> Result<Vec<Recorded>, TableRefusal> {
        let edits = match op {
            BoardOp::Lift(sq) | BoardOp::Remove(sq) => vec![FixEdit::Lift(sq)],
            BoardOp::Place { square, .. } => vec![FixEdit::Place(square, None)],
            BoardOp::Move { from, to, .. } => {
                let b = &self.game.board(board).board;
                let piece = b.piece_at(from);
                let mut v = Vec::new();
                if b.piece_at(to).is_some() {
                    v.push(FixEdit::Lift(to));
                }
                v.push(FixEdit::Lift(from));
                v.push(FixEdit::Place(to, piece));
                v
            }
            BoardOp::Touch(_) => return Err(TableRefusal::Desk(DeskRefusal::NotFixing)),
        };
        let mut table = self.clone();
        let mut events = Vec::new();
        for edit in edits {
            let cmd = DeskCommand::Fix { board, edit };
            let decided = table
                .desk
                .decide(&table.game, seat, cmd, now)
                .map_err(TableRefusal::Desk)?;
            for rec in decided {
                table
                    .apply(&rec)
                    .map_err(|_| TableRefusal::Desk(DeskRefusal::NotFixing))?;
                events.push(rec);
            }
        }
        Ok(events)
    }

    /// Appends what the state after `events` calls for: the boards diverged (the clocks
    /// stop), or the boards are right again (the case closes; in the first branch play
    /// resumes).
    fn follow_ups(&self, events: &mut Vec<Recorded>, now: u64) {
        if events.is_empty() {
            return;
        }
        let mut after = self.clone();
        for rec in events.iter() {
            if after.apply(rec).is_err() {
                return;
            }
        }
        for _ in 0..FOLLOW_UPS {
            let more = after.desk.follow_up(&after.game, now);
            if more.is_empty() {
                return;
            }
            for rec in more {
                if after.apply(&rec).is_err() {
                    return;
                }
                events.push(rec);
            }
        }
    }

    /// The ruling decided `events` would give (what the arbiter is shown before he confirms
    /// it: the half-moves taken back or played again, the clocks, each board's steps), if
    /// they hold one. Changes nothing.
    pub fn preview(&self, events: &[Recorded]) -> Option<crate::scoresheet::reconcile::Ruling> {
        let mut after = self.clone();
        for rec in events {
            if let Some(Note::Ruled(ruling)) = after.apply(rec).ok()? {
                return Some(*ruling);
            }
        }
        None
    }

    /// Whether the game is over.
    pub fn is_over(&self) -> bool {
        matches!(self.game.status(), Status::Over(_))
    }

    /// Whether an illegal announcement of `seat` counts under 7.5 rather than being refused:
    /// the rules profile says so, and it is the visually impaired player's own (or his
    /// assistant's) announcement of his move.
    fn illegal_counts(&self, seat: Seat) -> bool {
        let game = &self.game;
        let mover = game.turn();
        game.profile().vi_illegal == crate::game::ViIllegal::Counts
            && seat.side() == Some(mover)
            && game.setup().player(mover).visually_impaired
            && game.status() == Status::Playing
    }

    /// The clock at `now`.
    pub fn clock(&self, now: u64) -> ClockReading {
        self.game.clock(now)
    }
}

/// Words to a move in `pos`, or why not (with the position, for the sentence).
fn understood(lang: Lang, text: &str, pos: &Chess) -> Result<Move, TableRefusal> {
    understand(lang, text, pos).map_err(|error| TableRefusal::Words {
        error,
        pos: Box::new(pos.clone()),
    })
}

#[cfg(test)]
mod tests;
