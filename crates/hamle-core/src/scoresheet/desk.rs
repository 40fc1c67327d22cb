//! The arbiter's desk: everything of issue 5 that a running game keeps besides the game
//! itself, rebuilt from the same numbered events.
//!
//! - both players' scoresheets ([`Scoresheet`]), written through events;
//! - the clocks after every half-move ([`ClockRecord`]), from the official game's moves;
//! - diverging boards (F8 / D.2.9): found after a move was made on both boards, the case
//!   ruled by the arbiter ([`reconcile`] / [`reconcile_at`]), the boards followed edit by
//!   edit ([`BoardWatch`]) until both show the ruling's position;
//! - adjournment (Appendix A): the sealed move, the envelope, its opening.
//!
//! Like [`Game`], the desk is pure: [`Desk::decide`] turns a command into events without
//! changing anything, [`Desk::apply`] plays an event (before the game applies it), and
//! [`Desk::follow_up`] names the events a new state calls for (the boards diverged, the
//! boards are right again). Time comes in as milliseconds.

use shakmaty::{Board, ByColor, Chess, Color, Piece, Position, Square};

use super::adjourn::{Envelope, Opened, Sealing, Session};
use super::reconcile::{
    BoardEdit, BoardWatch, BranchKind, Case, Difference, Disagreement, EditError, LogEntry,
    ReconcileError, Ruling, diff, reconcile, reconcile_at, undo_ruling,
};
use super::{
    AudioRef, ClockRecord, MAX_PLIES, Numbering, Revision, Scoresheet, SheetError, Slot, Source,
};
use crate::game::{
    AfterFix, ClockReading, EndReason, Ending, Event, Game, GameResult, Permission, Procedure,
    Recorded, Seat, Stand, Status,
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

    /// The case as the arbiter rules on it now.
    fn case_now<'a>(&'a self, game: &'a Game, official: &'a [shakmaty::Move]) -> Case<'a> {
        Case {
            start: game.setup().start.position(),
            official,
            clocks: &self.clocks,
            sheets: ByColor {
                white: &self.sheets.white,
                black: &self.sheets.black,
            },
            boards: ByColor {
                white: &game.board(Color::White).board,
                black: &game.board(Color::Black).board,
            },
        }
    }

    fn ruling(
        &self,
        game: &Game,
        branch: Option<BranchKind>,
        ply: Option<usize>,
    ) -> Result<Ruling, ReconcileError> {
        let official: Vec<shakmaty::Move> = game.moves().iter().map(|m| m.mv).collect();
        let case = self.case_now(game, &official);
        match (branch, ply) {
            (Some(BranchKind::ArbiterOverride), Some(p)) | (None, Some(p)) => {
                reconcile_at(&case, p)
            }
            _ => Ok(reconcile(&case)),
        }
    }

    /// The events `seat`'s command causes at `now`, or why it is refused. Changes nothing.
    pub fn decide(
        &self,
        game: &Game,
        seat: Seat,
        command: DeskCommand,
        now: u64,
    ) -> Result<Vec<Recorded>, DeskRefusal> {
        let over = matches!(game.status(), Status::Over(_));
        let reading = game.clock(now);
        let side = seat.side();
        let sheet_side = || -> Result<Color, DeskRefusal> {
            let color = side.ok_or(DeskRefusal::Forbidden)?;
            if game.allows(seat, Permission::Scoresheet(color)) {
                Ok(color)
            } else {
                Err(DeskRefusal::Forbidden)
            }
        };
        let arbiter = || -> Result<(), DeskRefusal> {
            if game.allows(seat, Permission::Arbitrate) {
                Ok(())
            } else {
                Err(DeskRefusal::Forbidden)
            }
        };
        let mut out: Vec<(Event, ClockReading)> = Vec::new();
        match command {
            DeskCommand::Write {
                slot,
                text,
                draw_offer,
                audio,
            } => {
                let color = sheet_side()?;
                let mut check = self.sheets.get(color).clone();
                let ply = self.numbering.ply(slot).ok_or(SheetError::NoSuchSlot)?;
                let mut writing = Revision::text(text.trim(), now);
                writing.draw_offer = draw_offer;
                writing.audio = audio.clone();
                if writing.is_struck() {
                    return Err(SheetError::NoSuchSlot.into());
                }
                check.may_revise(slot)?;
                check.write(slot, writing)?;
                out.push((
                    Event::SheetWritten {
                        by: seat,
                        color,
                        ply: ply as u32,
                        text: text.trim().to_owned(),
                        draw_offer,
                        audio: audio.as_ref().map(|a| a.id.clone()),
                        audio_mime: audio.map(|a| a.mime),
                        auto: false,
                    },
                    reading,
                ));
            }
            DeskCommand::Strike { slot } => {
                let color = sheet_side()?;
                let mut check = self.sheets.get(color).clone();
                let ply = self.numbering.ply(slot).ok_or(SheetError::NoSuchSlot)?;
                if check.entry(slot).and_then(|e| e.current()).is_none() {
                    return Err(SheetError::NothingToStrike(slot).into());
                }
                check.may_revise(slot)?;
                check.strike(slot, now)?;
                out.push((
                    Event::SheetStruck {
                        by: seat,
                        color,
                        ply: ply as u32,
                    },
                    reading,
                ));
            }
            DeskCommand::AutoRecord(on) => {
                let color = sheet_side()?;
                out.push((
                    Event::SheetAutoRecord {
                        by: seat,
                        color,
                        on,
                    },
                    reading,
                ));
            }
            DeskCommand::CompareBoards => {
                arbiter()?;
                if over {
                    return Err(DeskRefusal::GameOver);
                }
                if game.profile().procedure != Procedure::Physical {
                    return Err(DeskRefusal::NotPhysical);
                }
                if self.case.is_some() {
                    return Err(DeskRefusal::CaseOpen);
                }
                let differences = differences(game);
                if differences.white.is_empty() && differences.black.is_empty() {
                    return Err(DeskRefusal::BoardsAgree);
                }
                out.push((Event::BoardsDiverged { by: Some(seat) }, stopped(reading)));
            }
            DeskCommand::Rule { ply, expect } => {
                arbiter()?;
                if over {
                    return Err(DeskRefusal::GameOver);
                }
                if self.case.is_none() {
                    return Err(DeskRefusal::NoCase);
                }
                let ruling = self
                    .ruling(game, None, ply)
                    .map_err(|_| DeskRefusal::PlyBeyondGame)?;
                if ply.is_none() {
                    self.may_rule_by_sheets(game, &ruling)?;
                }
                if let Some(n) = expect
                    && n != ruling.take_back
                {
                    return Err(DeskRefusal::RulingChanged {
                        take_back: ruling.take_back.min(u16::MAX as usize) as u16,
                    });
                }
                let clock = match ruling.clocks {
                    Some(c) => ClockReading {
                        white_ms: c.white_ms,
                        black_ms: c.black_ms,
                        running: None,
                    },
                    None => stopped(reading),
                };
                out.push((
                    Event::Ruled {
                        by: seat,
                        branch: ruling.branch,
                        ply: ruling.ply as u32,
                    },
                    clock,
                ));
            }
            DeskCommand::UndoRuling => {
                arbiter()?;
                if over {
                    return Err(DeskRefusal::GameOver);
                }
                if self.adjournment != Adjournment::None {
                    return Err(DeskRefusal::AdjournmentPending);
                }
                let undo = game.undoable().ok_or(DeskRefusal::NothingToUndo)?;
                out.push((
                    Event::Ruled {
                        by: seat,
                        branch: BranchKind::Undo,
                        ply: (game.moves().len() + undo.moves.len()) as u32,
                    },
                    undo.clock,
                ));
            }
            DeskCommand::Fix { board, edit } => {
                if !game.allows(seat, Permission::Board(board)) {
                    return Err(DeskRefusal::Forbidden);
                }
                let fixing = self
                    .case
                    .as_ref()
                    .and_then(|c| c.fixing.as_ref())
                    .ok_or(DeskRefusal::NotFixing)?;
                let mut watch = fixing.watches.get(board).clone();
                let (square, piece, edit) = match edit {
                    FixEdit::Lift(square) => (square, None, BoardEdit::Lift { square }),
                    FixEdit::Place(square, named) => {
                        let piece = named
                            .or_else(|| fixing.lifted.get(board).last().copied())
                            .ok_or(DeskRefusal::NoPieceLifted)?;
                        (square, Some(piece), BoardEdit::Place { square, piece })
                    }
                };
                watch.apply(edit).map_err(|e| match e {
                    EditError::Empty { square } => DeskRefusal::EmptySquare(square),
                    EditError::Occupied { square } => DeskRefusal::Occupied(square),
                })?;
                out.push((
                    Event::BoardFixed {
                        by: seat,
                        board,
                        square,
                        piece,
                    },
                    reading,
                ));
            }
            DeskCommand::CallAdjournment { resume_at_ms } => {
                arbiter()?;
                if over {
                    return Err(DeskRefusal::GameOver);
                }
                if self.adjournment != Adjournment::None {
                    return Err(DeskRefusal::AdjournmentPending);
                }
                if self.case.is_some() {
                    return Err(DeskRefusal::CaseOpen);
                }
                out.push((
                    Event::AdjournmentCalled {
                        by: seat,
                        resume_at_ms,
                    },
                    reading,
                ));
            }
            DeskCommand::Seal(text) => {
                let Adjournment::Called { sealer, .. } = &self.adjournment else {
                    return Err(DeskRefusal::NoAdjournment);
                };
                self.may_seal(game, seat, *sealer)?;
                let text = text.trim().to_owned();
                if text.len() > super::MAX_ENTRY_BYTES {
                    return Err(DeskRefusal::Sheet(SheetErrorKind::EntryTooLong));
                }
                out.push((Event::MoveSealed { by: seat, text }, reading));
            }
            DeskCommand::StopClock => {
                let Adjournment::Called { sealer, sealed, .. } = &self.adjournment else {
                    return Err(DeskRefusal::NoAdjournment);
                };
                self.may_seal(game, seat, *sealer)?;
                if sealed.is_none() {
                    return Err(DeskRefusal::NothingSealed);
                }
                out.push((Event::Adjourned { by: seat }, stopped(reading)));
            }
            DeskCommand::OpenSealed => {
                arbiter()?;
                let Adjournment::Adjourned(envelope) = &self.adjournment else {
                    return Err(DeskRefusal::NotAdjourned);
                };
                if over {
                    return Err(DeskRefusal::GameOver);
                }
                out.push((Event::SealOpened { by: seat }, stopped(reading)));
                let sealer = envelope.sealer;
                match envelope.open(game.position()) {
                    Opened::Played { mv, .. } => {
                        let played = game.completion(Seat::player(sealer), mv, now);
                        let ended = played.iter().any(|(e, _)| matches!(e, Event::Ended { .. }));
                        let last = played.last().map(|(_, c)| *c).unwrap_or(reading);
                        out.extend(played);
                        if !ended {
                            if game.profile().procedure == Procedure::Physical {
                                for board in Color::ALL {
                                    out.push((Event::BoardRestored { by: seat, board }, last));
                                }
                            }
                            out.push((Event::Resumed { by: seat }, last));
                        }
                    }
                    Opened::Loses { loser, .. } => {
                        let ending = Ending {
                            result: GameResult::win_for(!loser),
                            reason: EndReason::Arbiter,
                        };
                        out.push((
                            Event::Ended {
                                ending,
                                by: Some(seat),
                            },
                            stopped(reading),
                        ));
                    }
                }
            }
        }
        Ok(number(game, out, now))
    }

    /// D.2.9 decides by the scoresheets: refused when they hold no move at all, or lag
    /// behind the game (the ruling would take back moves nobody disputes).
    fn may_rule_by_sheets(&self, game: &Game, ruling: &Ruling) -> Result<(), DeskRefusal> {
        if game.moves().is_empty() {
            return Ok(());
        }
        if Color::ALL
            .into_iter()
            .all(|c| self.sheets.get(c).written_plies() == 0)
        {
            return Err(DeskRefusal::SheetsEmpty);
        }
        let short = |n: usize| n.min(u16::MAX as usize) as u16;
        for entry in &ruling.log {
            if let LogEntry::Disagreement(Disagreement::Unwritten { written, official }) = entry {
                return Err(DeskRefusal::SheetsBehind {
                    written: short(*written),
                    official: short(*official),
                });
            }
        }
        Ok(())
    }

    fn may_seal(&self, game: &Game, seat: Seat, sealer: Color) -> Result<(), DeskRefusal> {
        if seat.side() != Some(sealer) {
            return Err(DeskRefusal::NotSealer);
        }
        if !game.allows(seat, Permission::Seal(sealer)) {
            return Err(DeskRefusal::Forbidden);
        }
        Ok(())
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
    /// event was decided on). Returns what the event meant, for its sentences.
    pub fn apply(&mut self, rec: &Recorded, game: &Game) -> Option<Note> {
        // Time used: the side whose clock ran since the last event.
        if let Some((at, Some(side))) = self.last {
            *self.used_ms.get_mut(side) += rec.at_ms.saturating_sub(at);
        }
        self.last = Some((rec.at_ms, rec.clock.running));
        match &rec.event {
            Event::Moved { .. } => {
                self.clocks.push(ClockRecord {
                    ply: game.moves().len() + 1,
                    white_ms: rec.clock.white_ms,
                    black_ms: rec.clock.black_ms,
                });
                None
            }
            Event::SheetWritten {
                color,
                ply,
                text,
                draw_offer,
                audio,
                audio_mime,
                auto,
                ..
            } => {
                let slot = self.numbering.slot(*ply as usize);
                let sheet = self.sheets.get_mut(*color);
                let correction = sheet.entry(slot).is_some();
                let revision = Revision {
                    text: text.clone(),
                    draw_offer: *draw_offer,
                    audio: audio.as_ref().map(|id| AudioRef {
                        id: id.clone(),
                        mime: audio_mime.clone().unwrap_or_default(),
                    }),
                    source: if *auto { Source::Auto } else { Source::Written },
                    at_ms: rec.at_ms,
                };
                // Decided against this sheet, so it fits; a damaged log changes nothing.
                let _ = sheet.write(slot, revision);
                Some(Note::Written { slot, correction })
            }
            Event::SheetStruck { color, ply, .. } => {
                let slot = self.numbering.slot(*ply as usize);
                let _ = self.sheets.get_mut(*color).strike(slot, rec.at_ms);
                Some(Note::Struck { slot })
            }
            Event::SheetAutoRecord { color, on, .. } => {
                self.sheets.get_mut(*color).set_auto_record(*on);
                None
            }
            Event::Resumed { .. } => {
                self.held = false;
                None
            }
            Event::BoardsDiverged { .. } => {
                self.held = true;
                let found = differences(game);
                self.case = Some(OpenCase {
                    found: found.clone(),
                    fixing: None,
                });
                Some(Note::Diverged { differences: found })
            }
            Event::Ruled {
                branch: BranchKind::Undo,
                ..
            } => {
                let undo = game.undoable()?;
                let mut official: Vec<shakmaty::Move> = game.moves().iter().map(|m| m.mv).collect();
                official.extend(undo.moves.iter().map(|m| m.mv));
                let case = Case {
                    official: &official,
                    ..self.case_now(game, &official)
                };
                let clocks = ClockRecord {
                    ply: official.len(),
                    white_ms: rec.clock.white_ms,
                    black_ms: rec.clock.black_ms,
                };
                let ruling = undo_ruling(&case, undo.moves.len(), clocks);
                let target = ruling.position.board().clone();
                let watches = ByColor::new_with(|c| {
                    BoardWatch::new(game.board(c).board.clone(), target.clone())
                });
                let fixing = Some(Fixing {
                    ruling: ruling.clone(),
                    watches,
                    lifted: ByColor::default(),
                });
                match &mut self.case {
                    Some(case) => case.fixing = fixing,
                    None => {
                        let found = ByColor::new_with(|c| diff(&game.board(c).board, &target));
                        self.case = Some(OpenCase { found, fixing });
                    }
                }
                // The clocks stay stopped for the arbiter after the boards are right.
                self.held = true;
                self.rulings.push((rec.seq, ruling.clone()));
                Some(Note::Ruled(Box::new(ruling)))
            }
            Event::Ruled { branch, ply, .. } => {
                let ply = *ply as usize;
                let ruling = match self.ruling(
                    game,
                    Some(*branch),
                    Some(ply).filter(|_| *branch == BranchKind::ArbiterOverride),
                ) {
                    Ok(r) => r,
                    Err(_) => return None,
                };
                let target = ruling.position.board().clone();
                let watches = ByColor::new_with(|c| {
                    BoardWatch::new(game.board(c).board.clone(), target.clone())
                });
                if let Some(case) = &mut self.case {
                    case.fixing = Some(Fixing {
                        ruling: ruling.clone(),
                        watches,
                        lifted: ByColor::default(),
                    });
                }
                // Readings after the ruling's ply belong to moves taken back.
                self.rulings.push((rec.seq, ruling.clone()));
                Some(Note::Ruled(Box::new(ruling)))
            }
            Event::BoardFixed {
                board,
                square,
                piece,
                ..
            } => {
                let f = self.case.as_mut()?.fixing.as_mut()?;
                let watch = f.watches.get_mut(*board);
                let lifted = f.lifted.get_mut(*board);
                match piece {
                    None => {
                        if let Some(p) = watch.board().piece_at(*square) {
                            lifted.push(p);
                        }
                        let _ = watch.apply(BoardEdit::Lift { square: *square });
                    }
                    Some(p) => {
                        if let Some(i) = lifted.iter().rposition(|l| l == p) {
                            lifted.remove(i);
                        }
                        let _ = watch.apply(BoardEdit::Place {
                            square: *square,
                            piece: *p,
                        });
                    }
                }
                Some(Note::Fixed {
                    remaining: watch.remaining(),
                })
            }
            Event::BoardRestored { board, .. } => {
                // The arbiter sets a board to the official position himself.
                if let Some(f) = self.case.as_mut().and_then(|c| c.fixing.as_mut()) {
                    let target = f.watches.get(*board).target().clone();
                    *f.watches.get_mut(*board) =
                        BoardWatch::new(game.position().board().clone(), target);
                    f.lifted.get_mut(*board).clear();
                }
                None
            }
            Event::Reconciled => {
                self.case = None;
                None
            }
            Event::AdjournmentCalled { resume_at_ms, .. } => {
                self.adjournment = Adjournment::Called {
                    resume_at_ms: *resume_at_ms,
                    sealer: game.turn(),
                    sealed: None,
                };
                Some(Note::Called {
                    sealer: game.turn(),
                })
            }
            Event::MoveSealed { text, .. } => {
                if let Adjournment::Called { sealed, .. } = &mut self.adjournment {
                    *sealed = Some(text.clone());
                }
                None
            }
            Event::Adjourned { .. } => {
                let Adjournment::Called {
                    resume_at_ms,
                    sealer,
                    sealed,
                } = std::mem::take(&mut self.adjournment)
                else {
                    return None;
                };
                let setup = game.setup();
                let session = Session {
                    players: ByColor::new_with(|c| setup.player(c).name.clone()),
                    clocks: ClockRecord {
                        ply: game.moves().len(),
                        white_ms: rec.clock.white_ms,
                        black_ms: rec.clock.black_ms,
                    },
                    used_ms: self.used_ms,
                    draw_offer: game.offer(),
                    resume_at_ms,
                };
                let moves: Vec<shakmaty::Move> = game.moves().iter().map(|m| m.mv).collect();
                let lang = setup.language(Seat::player(sealer));
                let Ok(mut sealing) = Sealing::begin(game.position(), &moves, lang, session) else {
                    return None;
                };
                if let Some(text) = sealed {
                    let _ = sealing.write(text);
                }
                let envelope = Box::new(sealing.stop_clock());
                self.adjournment = Adjournment::Adjourned(envelope.clone());
                Some(Note::Adjourned(envelope))
            }
            Event::SealOpened { .. } => {
                let Adjournment::Adjourned(envelope) = std::mem::take(&mut self.adjournment) else {
                    return None;
                };
                let opened = envelope.open(game.position());
                let sealer = envelope.sealer;
                let sealed = envelope.sealed.clone();
                self.opened = Some(envelope);
                Some(Note::Opened {
                    opened,
                    before: Box::new(game.position().clone()),
                    sealer,
                    sealed,
                })
            }
            Event::Ended { .. } => {
                self.case = None;
                if matches!(self.adjournment, Adjournment::Called { .. }) {
                    self.adjournment = Adjournment::None;
                }
                None
            }
            _ => None,
        }
    }
}

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
