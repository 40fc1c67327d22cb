//! The arbiter's desk: everything of issue 5 that a running game keeps besides the game
//! itself, rebuilt from the same numbered events.
//!
//! - both players' scoresheets ([`Scoresheet`]), written through events;
//! - the clocks after every half-move ([`ClockRecord`]), from the official game's moves;
//! - diverging boards (F8 / D.2.9): found after a move was made on both boards, the case
//!   ruled by the arbiter ([`reconcile`](super::reconcile::reconcile) /
//!   [`reconcile_at`](super::reconcile::reconcile_at)), the boards followed edit by
//!   edit ([`BoardWatch`]) until both show the ruling's position;
//! - adjournment (Appendix A): the sealed move, the envelope, its opening.
//!
//! Like [`Game`], the desk is pure: [`Desk::decide`] turns a command into events without
//! changing anything, [`Desk::apply`] plays an event (before the game applies it), and
//! [`Desk::follow_up`] names the events a new state calls for (the boards diverged, the
//! boards are right again). Time comes in as milliseconds. `decide` and `apply` only
//! dispatch: each group of commands, and the events it causes, is handled in a module of
//! its own (`sheets`, `divergence`, `adjournment`).

mod adjournment;
mod divergence;
mod sheets;

use shakmaty::{Board, ByColor, Chess, Color, Piece, Position, Square};

use super::adjourn::{Envelope, Opened};
use super::reconcile::{BoardWatch, BranchKind, Difference, Ruling, diff};
use super::{AudioRef, ClockRecord, MAX_PLIES, Numbering, Scoresheet, SheetError, Slot};
use crate::game::{
    AfterFix, ClockReading, Event, Game, Permission, Procedure, Recorded, Seat, Stand, Status,
};

/// What a seat asks of the desk.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeskCommand {
    /// Write (or correct) an entry of the seat's side's scoresheet.
    Write {
        slot: Slot,
        text: String,
        draw_offer: bool,
        audio: Option<AudioRef>,
    },
    /// Cross an entry out.
    Strike { slot: Slot },
    /// Choose automatic recording of one's own accepted announcements.
    AutoRecord(bool),
    /// The arbiter compares the boards.
    CompareBoards,
    /// The arbiter rules on the diverged boards: D.2.9, or (`ply: Some`) the position after
    /// that half-move (override). `expect`: the number of half-moves the arbiter confirmed
    /// to take back, when he confirms a ruling he was shown (refused if it changed since).
    Rule {
        ply: Option<usize>,
        expect: Option<usize>,
    },
    /// The arbiter undoes his last ruling that took moves back (no move played since): an
    /// explicit event, nothing deleted.
    UndoRuling,
    /// A piece lifted from or put on a board being put right.
    Fix { board: Color, edit: FixEdit },
    /// The arbiter ends the session; play resumes at `resume_at_ms`.
    CallAdjournment { resume_at_ms: u64 },
    /// The player to move writes (or rewrites) his sealed move.
    Seal(String),
    /// He stops the clock: the envelope closes.
    StopClock,
    /// The arbiter opens the sealed move at the resumption.
    OpenSealed,
}

/// One edit of a board being put right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FixEdit {
    /// A piece taken off the square.
    Lift(Square),
    /// A piece put on the square: the one named, else the last one lifted from this board.
    Place(Square, Option<Piece>),
}

/// Why the desk refused (nothing changed). Each has a stable code and a sentence
/// `error-<code>` in `locales/<lang>/scoresheet.ftl`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DeskRefusal {
    Forbidden,
    GameOver,
    Sheet(SheetErrorKind),
    /// Diverging boards and their ruling belong to the physical procedure.
    NotPhysical,
    /// The boards show the same position as the game.
    BoardsAgree,
    /// No case of diverging boards is open.
    NoCase,
    /// A case is open: rule on it (or let the boards be put right) first.
    CaseOpen,
    /// Nothing is being put right on this board, or no ruling yet.
    NotFixing,
    /// The chosen half-move is beyond the game.
    PlyBeyondGame,
    /// Lifting from an empty square.
    EmptySquare(Square),
    /// Placing on a taken square.
    Occupied(Square),
    /// Placing without naming the piece when none was lifted.
    NoPieceLifted,
    /// No adjournment has been called.
    NoAdjournment,
    /// An adjournment is already called or the game adjourned.
    AdjournmentPending,
    /// Only the player to move (or his assistant) seals.
    NotSealer,
    /// Stopping the clock with no sealed move written.
    NothingSealed,
    /// The game is not adjourned.
    NotAdjourned,
    /// The game is adjourned: it resumes when the arbiter opens the sealed move.
    Adjourned,
    /// D.2.9 needs the scoresheets, and neither holds a move: the arbiter chooses the
    /// half-move himself (override) or has the sheets written up first.
    SheetsEmpty,
    /// The scoresheets hold `written` of the game's `official` half-moves: D.2.9 would take
    /// back moves nobody disputes.
    SheetsBehind {
        written: u16,
        official: u16,
    },
    /// The ruling confirmed is no longer the one the arbiter was shown: it would now take
    /// back `take_back` half-moves.
    RulingChanged {
        take_back: u16,
    },
    /// No ruling that took moves back can be undone (none yet, or a move was played since).
    NothingToUndo,
}

/// [`SheetError`] without its slot, for a `Copy` refusal.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SheetErrorKind {
    NoSuchSlot,
    NothingToStrike,
    TooLong,
    EntryTooLong,
    TooManyCorrections,
}

impl From<SheetError> for DeskRefusal {
    fn from(e: SheetError) -> DeskRefusal {
        DeskRefusal::Sheet(match e {
            SheetError::NoSuchSlot | SheetError::AutoRecordOff => SheetErrorKind::NoSuchSlot,
            SheetError::NothingToStrike(_) => SheetErrorKind::NothingToStrike,
            SheetError::TooLong => SheetErrorKind::TooLong,
            SheetError::EntryTooLong => SheetErrorKind::EntryTooLong,
            SheetError::TooManyCorrections => SheetErrorKind::TooManyCorrections,
        })
    }
}

impl DeskRefusal {
    /// Stable code for the wire.
    pub fn code(self) -> &'static str {
        match self {
            DeskRefusal::Forbidden => "forbidden",
            DeskRefusal::GameOver => "game_over",
            DeskRefusal::Sheet(SheetErrorKind::NoSuchSlot) => "no_such_slot",
            DeskRefusal::Sheet(SheetErrorKind::NothingToStrike) => "nothing_to_strike",
            DeskRefusal::Sheet(SheetErrorKind::TooLong) => "sheet_too_long",
            DeskRefusal::Sheet(SheetErrorKind::EntryTooLong) => "entry_too_long",
            DeskRefusal::Sheet(SheetErrorKind::TooManyCorrections) => "too_many_corrections",
            DeskRefusal::NotPhysical => "not_physical",
            DeskRefusal::BoardsAgree => "boards_agree",
            DeskRefusal::NoCase => "no_case",
            DeskRefusal::CaseOpen => "case_open",
            DeskRefusal::NotFixing => "not_fixing",
            DeskRefusal::PlyBeyondGame => "ply_beyond_game",
            DeskRefusal::EmptySquare(_) => "fix_empty_square",
            DeskRefusal::Occupied(_) => "fix_occupied",
            DeskRefusal::NoPieceLifted => "no_piece_lifted",
            DeskRefusal::NoAdjournment => "no_adjournment",
            DeskRefusal::AdjournmentPending => "adjournment_pending",
            DeskRefusal::NotSealer => "not_sealer",
            DeskRefusal::NothingSealed => "nothing_sealed",
            DeskRefusal::NotAdjourned => "not_adjourned",
            DeskRefusal::Adjourned => "adjourned",
            DeskRefusal::SheetsEmpty => "sheets_empty",
            DeskRefusal::SheetsBehind { .. } => "sheets_behind",
            DeskRefusal::RulingChanged { .. } => "ruling_changed",
            DeskRefusal::NothingToUndo => "nothing_to_undo",
        }
    }

    /// The numbers the refusal's sentence names: (name, value).
    pub fn numbers(self) -> Vec<(&'static str, u64)> {
        match self {
            DeskRefusal::SheetsBehind { written, official } => {
                vec![("written", written.into()), ("official", official.into())]
            }
            DeskRefusal::RulingChanged { take_back } => vec![("take_back", take_back.into())],
            _ => Vec::new(),
        }
    }

    /// The square the refusal names, if any.
    pub fn square(self) -> Option<Square> {
        match self {
            DeskRefusal::EmptySquare(s) | DeskRefusal::Occupied(s) => Some(s),
            _ => None,
        }
    }
}

/// What an event meant, beyond the event itself, for the sentences said about it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Note {
    /// An entry written into a slot (numbered from the game's start): a correction when the
    /// slot held one.
    Written { slot: Slot, correction: bool },
    /// An entry crossed out.
    Struck { slot: Slot },
    /// Each board against the official game.
    Diverged {
        differences: ByColor<Vec<Difference>>,
    },
    /// The ruling, with each player's steps and the arbiter's log.
    Ruled(Box<Ruling>),
    /// A board edit while it is put right: what still differs on that board.
    Fixed { remaining: Vec<Difference> },
    /// The envelope as closed.
    Adjourned(Box<Envelope>),
    /// An adjournment called: who seals.
    Called { sealer: Color },
    /// The sealed move opened against the position before it.
    Opened {
        opened: Opened,
        before: Box<Chess>,
        sealer: Color,
        sealed: Option<String>,
    },
}

/// A case of diverging boards (F8 / D.2.9).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OpenCase {
    /// When the boards were found to differ, each against the official game.
    pub found: ByColor<Vec<Difference>>,
    /// The ruling and the boards followed towards it, once the arbiter ruled.
    pub fixing: Option<Fixing>,
}

/// Boards being put right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Fixing {
    pub ruling: Ruling,
    pub watches: ByColor<BoardWatch>,
    /// Pieces lifted from each board and not yet put back, last on top.
    pub lifted: ByColor<Vec<Piece>>,
}

/// Where an adjournment stands.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum Adjournment {
    #[default]
    None,
    /// The arbiter called it; the player to move writes his sealed move.
    Called {
        resume_at_ms: u64,
        sealer: Color,
        sealed: Option<String>,
    },
    /// The envelope is closed; the game waits for the resumption.
    Adjourned(Box<Envelope>),
}

/// The desk of one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Desk {
    /// How the game's half-moves are numbered (from its start position).
    numbering: Numbering,
    sheets: ByColor<Scoresheet>,
    clocks: Vec<ClockRecord>,
    case: Option<OpenCase>,
    adjournment: Adjournment,
    /// Time each side's clock has run so far.
    used_ms: ByColor<u64>,
    /// The last event's time and the side whose clock ran after it.
    last: Option<(u64, Option<Color>)>,
    /// Every ruling so far, with the number of its event, for the arbiter.
    rulings: Vec<(u64, Ruling)>,
    /// The last envelope opened.
    opened: Option<Box<Envelope>>,
    /// The clocks were stopped for diverging boards and not started again yet.
    held: bool,
}

fn stopped(r: ClockReading) -> ClockReading {
    ClockReading { running: None, ..r }
}

impl Desk {
    /// An empty desk for a new game: blank sheets in each player's language, the clocks at
    /// the start.
    pub fn new(game: &Game) -> Desk {
        let setup = game.setup();
        let tc = setup.time_control;
        let numbering = Numbering::of(setup.start.position());
        Desk {
            numbering,
            sheets: ByColor::new_with(|c| {
                Scoresheet::numbered(c, setup.language(Seat::player(c)), numbering)
            }),
            clocks: vec![ClockRecord {
                ply: 0,
                white_ms: tc.base_ms,
                black_ms: tc.base_ms,
            }],
            case: None,
            adjournment: Adjournment::None,
            used_ms: ByColor::default(),
            last: None,
            rulings: Vec::new(),
            opened: None,
            held: false,
        }
    }

    pub fn sheet(&self, color: Color) -> &Scoresheet {
        self.sheets.get(color)
    }

    /// How the game's half-moves are numbered (from its start position).
    pub fn numbering(&self) -> Numbering {
        self.numbering
    }

    /// The clock readings after every half-move (ply 0: the start); a ply played again after
    /// a ruling has a later reading, which counts.
    pub fn clocks(&self) -> &[ClockRecord] {
        &self.clocks
    }

    /// The open case of diverging boards.
    pub fn case(&self) -> Option<&OpenCase> {
        self.case.as_ref()
    }

    pub fn adjournment(&self) -> &Adjournment {
        &self.adjournment
    }

    /// Every ruling so far and the number of its event.
    pub fn rulings(&self) -> &[(u64, Ruling)] {
        &self.rulings
    }

    /// The envelope: the closed one while adjourned, else the last one opened.
    pub fn envelope(&self) -> Option<&Envelope> {
        match &self.adjournment {
            Adjournment::Adjourned(e) => Some(e),
            _ => self.opened.as_deref(),
        }
    }

    /// Why the game may not simply be resumed now: a case open or an adjournment pending.
    pub fn blocks_resume(&self) -> Option<DeskRefusal> {
        if self.case.is_some() {
            return Some(DeskRefusal::CaseOpen);
        }
        match self.adjournment {
            // Resuming an adjourned game is the opening of the sealed move.
            Adjournment::Adjourned(_) => Some(DeskRefusal::Adjourned),
            _ => None,
        }
    }

    /// Why the clock is stopped, if the desk stopped it: `boards_differ` or `adjourned`.
    pub fn pause_reason(&self) -> Option<&'static str> {
        if self.case.is_some() {
            Some("boards_differ")
        } else if matches!(self.adjournment, Adjournment::Adjourned(_)) {
            Some("adjourned")
        } else if self.held {
            // The case is closed; the arbiter's ruling keeps the clocks stopped for him.
            Some("arbiter")
        } else {
            None
        }
    }

    /// The remaining time of the mover after each half-move of the official game (for the
    /// PGN `%clk` comments), or `None` where no reading was kept.
    pub fn move_clocks(&self, plies: usize) -> Vec<Option<u64>> {
        (1..=plies)
            .map(|ply| {
                let mover = self.numbering.mover(ply - 1);
                super::clock_at(&self.clocks, ply).map(|r| r.remaining(mover))
            })
            .collect()
    }

    /// The events `seat`'s command causes at `now`, or why it is refused. Changes nothing.
    /// Each group of commands is decided in a module of its own: `sheets`, `divergence`,
    /// `adjournment`.
    pub fn decide(
        &self,
        game: &Game,
        seat: Seat,
        command: DeskCommand,
        now: u64,
    ) -> Result<Vec<Recorded>, DeskRefusal> {
        let ask = Ask { game, seat, now };
        let out = match command {
            DeskCommand::Write {
                slot,
                text,
                draw_offer,
                audio,
            } => self.decide_write(ask, slot, text, draw_offer, audio),
            DeskCommand::Strike { slot } => self.decide_strike(ask, slot),
            DeskCommand::AutoRecord(on) => self.decide_auto_record(ask, on),
            DeskCommand::CompareBoards => self.decide_compare_boards(ask),
            DeskCommand::Rule { ply, expect } => self.decide_rule(ask, ply, expect),
            DeskCommand::UndoRuling => self.decide_undo_ruling(ask),
            DeskCommand::Fix { board, edit } => self.decide_fix(ask, board, edit),
            DeskCommand::CallAdjournment { resume_at_ms } => {
                self.decide_call_adjournment(ask, resume_at_ms)
            }
            DeskCommand::Seal(text) => self.decide_seal(ask, text),
            DeskCommand::StopClock => self.decide_stop_clock(ask),
            DeskCommand::OpenSealed => self.decide_open_sealed(ask),
        }?;
        Ok(number(game, out, now))
    }

    /// The automatic record of `seat`'s accepted announcement of half-move `ply`, if his
    /// side keeps its sheet automatically. Numbered after `after` events.
    pub fn auto_record(
        &self,
        game: &Game,
        seat: Seat,
        ply: usize,
        text: &str,
        now: u64,
        after: u64,
    ) -> Option<Recorded> {
        let color = seat.side()?;
        if !self.sheets.get(color).auto_record()
            || !game.allows(seat, Permission::Scoresheet(color))
            || ply >= MAX_PLIES
            || text.trim().is_empty()
            || text.len() > super::MAX_ENTRY_BYTES
        {
            return None;
        }
        Some(Recorded {
            seq: after + 1,
            at_ms: now,
            event: Event::SheetWritten {
                by: seat,
                color,
                ply: ply as u32,
                text: text.trim().to_owned(),
                draw_offer: false,
                audio: None,
                audio_mime: None,
                auto: true,
            },
            clock: game.clock(now),
        })
    }

    /// The events the game's state calls for now: the boards diverged (clocks stop), or the
    /// boards are right again (the case closes; in the first branch play resumes if the rules
    /// profile's `after_fix` is `resume`, else the clocks wait for the arbiter).
    pub fn follow_up(&self, game: &Game, now: u64) -> Vec<Recorded> {
        let reading = game.clock(now);
        let mut out: Vec<(Event, ClockReading)> = Vec::new();
        if matches!(game.status(), Status::Over(_)) {
            return Vec::new();
        }
        match &self.case {
            Some(OpenCase {
                fixing: Some(f), ..
            }) => {
                if f.watches.white.matches() && f.watches.black.matches() {
                    out.push((Event::Reconciled, reading));
                    let paused = matches!(game.status(), Status::Paused { .. });
                    // Play resumes by itself only where the rules profile says so; by
                    // default the clocks wait for the arbiter's resume (issue 18).
                    if f.ruling.branch == BranchKind::SheetsAgree
                        && game.profile().after_fix == AfterFix::Resume
                        && paused
                        && self.adjournment == Adjournment::None
                    {
                        let mut resumed = reading;
                        if game.clock_started() {
                            resumed.running = Some(game.turn());
                        }
                        out.push((Event::Resumed { by: Seat::Arbiter }, resumed));
                    }
                }
            }
            Some(_) => {}
            None => {
                if game.status() == Status::Playing
                    && game.profile().procedure == Procedure::Physical
                    && goes_on_differently(game)
                {
                    out.push((Event::BoardsDiverged { by: None }, stopped(reading)));
                }
            }
        }
        number(game, out, now)
    }

    /// Plays an event onto the desk, before the game applies it (`game` is the state the
    /// event was decided on). Returns what the event meant, for its sentences. Each group
    /// of events is applied in a module of its own: `sheets`, `divergence`, `adjournment`.
    pub fn apply(&mut self, rec: &Recorded, game: &Game) -> Option<Note> {
        // Time used: the side whose clock ran since the last event.
        if let Some((at, Some(side))) = self.last {
            *self.used_ms.get_mut(side) += rec.at_ms.saturating_sub(at);
        }
        self.last = Some((rec.at_ms, rec.clock.running));
        match &rec.event {
            Event::Moved { .. } => self.apply_moved(rec, game),
            Event::SheetWritten { .. }
            | Event::SheetStruck { .. }
            | Event::SheetAutoRecord { .. } => self.apply_to_sheet(rec),
            Event::Resumed { .. } => self.apply_resumed(),
            Event::BoardsDiverged { .. } => self.apply_boards_diverged(game),
            Event::Ruled {
                branch: BranchKind::Undo,
                ..
            } => self.apply_ruling_undone(rec, game),
            Event::Ruled { branch, ply, .. } => self.apply_ruled(rec, game, *branch, *ply as usize),
            Event::BoardFixed {
                board,
                square,
                piece,
                ..
            } => self.apply_board_fixed(*board, *square, *piece),
            Event::BoardRestored { board, .. } => self.apply_board_restored(*board, game),
            Event::Reconciled => self.apply_reconciled(),
            Event::AdjournmentCalled { resume_at_ms, .. } => {
                self.apply_adjournment_called(*resume_at_ms, game)
            }
            Event::MoveSealed { text, .. } => self.apply_move_sealed(text),
            Event::Adjourned { .. } => self.apply_adjourned(rec, game),
            Event::SealOpened { .. } => self.apply_seal_opened(game),
            Event::Ended { .. } => self.apply_ended(),
            _ => None,
        }
    }

    /// [`Event::Moved`]: the clocks after the new half-move.
    fn apply_moved(&mut self, rec: &Recorded, game: &Game) -> Option<Note> {
        self.clocks.push(ClockRecord {
            ply: game.moves().len() + 1,
            white_ms: rec.clock.white_ms,
            black_ms: rec.clock.black_ms,
        });
        None
    }

    /// [`Event::Ended`]: no case stays open, nor an adjournment only called.
    fn apply_ended(&mut self) -> Option<Note> {
        self.case = None;
        if matches!(self.adjournment, Adjournment::Called { .. }) {
            self.adjournment = Adjournment::None;
        }
        None
    }
}

/// A command put to the desk: the game it is decided on, the seat that asks, and when.
#[derive(Clone, Copy)]
struct Ask<'a> {
    game: &'a Game,
    seat: Seat,
    now: u64,
}

impl Ask<'_> {
    /// The clocks when the command was given.
    fn reading(self) -> ClockReading {
        self.game.clock(self.now)
    }

    fn over(self) -> bool {
        matches!(self.game.status(), Status::Over(_))
    }

    /// The side whose scoresheet the asking seat keeps.
    fn sheet_side(self) -> Result<Color, DeskRefusal> {
        let color = self.seat.side().ok_or(DeskRefusal::Forbidden)?;
        if self.game.allows(self.seat, Permission::Scoresheet(color)) {
            Ok(color)
        } else {
            Err(DeskRefusal::Forbidden)
        }
    }

    /// Whether the asking seat is the arbiter's.
    fn arbiter(self) -> Result<(), DeskRefusal> {
        if self.game.allows(self.seat, Permission::Arbitrate) {
            Ok(())
        } else {
            Err(DeskRefusal::Forbidden)
        }
    }
}

/// A command decided: the events it causes (unnumbered), or why it is refused.
type Decided = Result<Vec<(Event, ClockReading)>, DeskRefusal>;

fn number(game: &Game, out: Vec<(Event, ClockReading)>, now: u64) -> Vec<Recorded> {
    out.into_iter()
        .enumerate()
        .map(|(i, (event, clock))| Recorded {
            seq: game.seq() + i as u64 + 1,
            at_ms: now,
            event,
            clock,
        })
        .collect()
}

/// Each physical board against the official game.
pub fn differences(game: &Game) -> ByColor<Vec<Difference>> {
    let official: &Board = game.position().board();
    ByColor::new_with(|c| diff(&game.board(c).board, official))
}

/// Whether the game goes on over diverging boards: the side to move has announced his own
/// move while the opponent's last move stands differently on his board (made otherwise than
/// on the opponent's, D.2.9), before his board ever showed the official position. A board
/// that only lacks that move (he announced before making it on his board) is no divergence:
/// he makes it himself and is told which ([`Game::behind`]). Until he announces, a board
/// that shows another move is only a warning (`differs`), which he may still put right
/// himself.
pub fn goes_on_differently(game: &Game) -> bool {
    let turn = game.turn();
    let b = game.board(turn);
    if game.ply().own_started || game.ply().announced.is_none() || game.moves().is_empty() {
        return false;
    }
    let Some((before, _)) = game.previous() else {
        return false;
    };
    b.opponent_stands(before.board(), game.position().board(), !turn) == Stand::Neither
}
