//! A player's own scoresheet (Art. 8.1, F6 / D.2.7), the arbiter's reconciliation of diverging
//! boards (F8 / D.2.9) and adjournment (Appendix A).
//!
//! A [`Scoresheet`] is what one player wrote, in his language, entry by entry: each entry keeps
//! every revision (corrections are never lost), a draw offer mark `(=)`, and optionally a
//! reference to the audio he recorded (D.2.7 allows a recording device). It is *his* record,
//! separate from the official game, even when he lets hamle fill it from his own accepted
//! announcements ([`Scoresheet::record_accepted`]).
//!
//! [`Scoresheet::read`] turns the sheet back into moves with [`understand`] in the sheet's
//! language, from the start position, and stops at the first entry that is not a legal move.
//!
//! The core here ([`Scoresheet`], [`reconcile`], [`adjourn`]) is pure: no I/O, no clock, no
//! serde, no Fluent; time comes in as milliseconds. Its sentences are made by the words layer
//! (`crate::words::sheet`).
//!
//! ```
//! use hamle_core::announce::Lang;
//! use hamle_core::scoresheet::{Scoresheet, Slot, Writing};
//! use shakmaty::{Chess, Color};
//!
//! let mut sheet = Scoresheet::new(Color::Black, Lang::De);
//! sheet.write(Slot::new(1, Color::White), Writing::text("Bauer Eva vier", 0)).unwrap();
//! sheet.write(Slot::new(1, Color::Black), Writing::text("Bauer Eva fünf", 0)).unwrap();
//! let read = sheet.read(&Chess::default());
//! assert_eq!(read.moves.len(), 2);
//! assert!(read.stop.is_none());
//! ```

pub mod adjourn;
pub mod desk;
pub mod incidents;
pub mod reconcile;

use std::fmt;

use shakmaty::{Chess, Color, Move, Position};

use crate::announce::{AnnounceError, Lang, understand};

/// A half-move index from the start position: ply 0 is the first half-move of the game (White's
/// first move from the initial position); "the position at ply `k`" is the position after `k`
/// half-moves.
pub type Ply = usize;

/// A place on the scoresheet: a move number (from 1) and the side whose move it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Slot {
    pub number: u32,
    pub color: Color,
}

impl Slot {
    /// `number` counts from 1, as written on a scoresheet.
    pub fn new(number: u32, color: Color) -> Slot {
        Slot { number, color }
    }

    /// The slot of half-move `ply` of a game from the initial position (1. White first);
    /// [`Numbering::slot`] for a game set up from a position.
    pub fn of_ply(ply: Ply) -> Slot {
        Numbering::INITIAL.slot(ply)
    }

    /// The half-move of this slot in a game from the initial position; `None` for move
    /// number 0. [`Numbering::ply`] for a game set up from a position.
    pub fn ply(self) -> Option<Ply> {
        Numbering::INITIAL.ply(self)
    }
}

/// How a game's half-moves are numbered on a scoresheet: the slot of its first half-move. A
/// game from the initial position starts at 1. (White); one set up from a FEN at the FEN's
/// move number and side to move (e.g. 37... for Black).
///
/// ```
/// use hamle_core::scoresheet::{Numbering, Slot};
/// use shakmaty::Color;
/// let n = Numbering::new(Slot::new(37, Color::Black));
/// assert_eq!(n.slot(0), Slot::new(37, Color::Black));
/// assert_eq!(n.slot(1), Slot::new(38, Color::White));
/// assert_eq!(n.ply(Slot::new(38, Color::Black)), Some(2));
/// assert_eq!(n.ply(Slot::new(37, Color::White)), None); // before the game began
/// assert_eq!(Numbering::INITIAL.slot(3), Slot::new(2, Color::Black));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Numbering {
    first: Slot,
}

impl Numbering {
    /// From the initial position: 1. White.
    pub const INITIAL: Numbering = Numbering {
        first: Slot {
            number: 1,
            color: Color::White,
        },
    };

    /// The numbering that begins with `first` (a move number 0 counts as 1).
    pub fn new(first: Slot) -> Numbering {
        Numbering {
            first: Slot {
                number: first.number.max(1),
                color: first.color,
            },
        }
    }

    /// The numbering of a game that starts from `start`: its move number, its side to move.
    pub fn of(start: &Chess) -> Numbering {
        Numbering::new(Slot::new(start.fullmoves().get(), start.turn()))
    }

    /// The slot of the game's first half-move.
    pub fn first(self) -> Slot {
        self.first
    }

    /// Half-moves from 1. White to the first slot.
    fn offset(self) -> usize {
        usize::from(self.first.color == Color::Black)
    }

    /// The slot of half-move `ply`.
    pub fn slot(self, ply: Ply) -> Slot {
        let k = ply.saturating_add(self.offset());
        let number = u32::try_from(k / 2).unwrap_or(u32::MAX);
        Slot {
            number: self.first.number.saturating_add(number),
            color: if k.is_multiple_of(2) {
                Color::White
            } else {
                Color::Black
            },
        }
    }

    /// The half-move of a slot; `None` for a slot before the game's first half-move.
    pub fn ply(self, slot: Slot) -> Option<Ply> {
        let n = usize::try_from(slot.number.checked_sub(self.first.number)?).ok()?;
        (n * 2 + usize::from(slot.color == Color::Black)).checked_sub(self.offset())
    }

    /// The side that makes half-move `ply`.
    pub fn mover(self, ply: Ply) -> Color {
        self.slot(ply).color
    }
}

impl Default for Numbering {
    fn default() -> Numbering {
        Numbering::INITIAL
    }
}

impl fmt::Display for Slot {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.color {
            Color::White => write!(f, "{}.", self.number),
            Color::Black => write!(f, "{}...", self.number),
        }
    }
}

/// A recording the player made for an entry (D.2.7: score on a recording device). hamle keeps
/// only the reference; the audio itself is stored by the shell.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct AudioRef {
    /// Opaque id of the stored recording.
    pub id: String,
    /// Its media type, e.g. `audio/ogg`.
    pub mime: String,
}

/// Who put a revision on the sheet.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The player (or his assistant, D.2.10.3) wrote it.
    Written,
    /// Recorded automatically from the player's own accepted announcement, by his choice.
    Auto,
}

/// One version of an entry. An empty `text` is a crossed-out entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Revision {
    /// The move as written, in the sheet's language ("Springer Felix drei", "Sf3", "At fe üç").
    pub text: String,
    /// `(=)`: a draw offer made with this move.
    pub draw_offer: bool,
    pub audio: Option<AudioRef>,
    pub source: Source,
    /// When it was written (milliseconds, from the caller's clock).
    pub at_ms: u64,
}

/// What is being written into a slot.
pub type Writing = Revision;

impl Revision {
    /// Plain written text, no draw offer, no audio.
    pub fn text(text: impl Into<String>, at_ms: u64) -> Revision {
        Revision {
            text: text.into(),
            draw_offer: false,
            audio: None,
            source: Source::Written,
            at_ms,
        }
    }

    /// With a draw offer mark `(=)`.
    pub fn with_draw_offer(mut self) -> Revision {
        self.draw_offer = true;
        self
    }

    /// With a recording.
    pub fn with_audio(mut self, audio: AudioRef) -> Revision {
        self.audio = Some(audio);
        self
    }

    /// Whether this revision crosses the entry out.
    pub fn is_struck(&self) -> bool {
        self.text.trim().is_empty()
    }
}

/// Everything ever written into one slot, oldest first (never empty).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    revisions: Vec<Revision>,
}

impl Entry {
    /// The revision that counts now (the latest), or `None` when it is crossed out.
    pub fn current(&self) -> Option<&Revision> {
        self.revisions.last().filter(|r| !r.is_struck())
    }

    /// Every revision, oldest first.
    pub fn history(&self) -> &[Revision] {
        &self.revisions
    }

    /// Whether the entry was changed after it was first written.
    pub fn corrected(&self) -> bool {
        self.revisions.len() > 1
    }
}

/// Why a write was refused (nothing changed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SheetError {
    /// Move number 0, or a slot before the game's start position.
    NoSuchSlot,
    /// An automatic record while the player has not chosen automatic recording.
    AutoRecordOff,
    /// Crossing out an entry that does not exist.
    NothingToStrike(Slot),
    /// More than [`MAX_PLIES`] half-moves.
    TooLong,
    /// An entry longer than [`MAX_ENTRY_BYTES`].
    EntryTooLong,
    /// An entry written [`MAX_REVISIONS`] times already (corrections and strikes).
    TooManyCorrections,
}

impl SheetError {
    /// A stable code for the wire.
    pub fn code(&self) -> &'static str {
        match self {
            SheetError::NoSuchSlot => "no_such_slot",
            SheetError::AutoRecordOff => "auto_record_off",
            SheetError::NothingToStrike(_) => "nothing_to_strike",
            SheetError::TooLong => "sheet_too_long",
            SheetError::EntryTooLong => "entry_too_long",
            SheetError::TooManyCorrections => "too_many_corrections",
        }
    }
}

impl fmt::Display for SheetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

impl std::error::Error for SheetError {}

/// The longest game a sheet holds (half-moves); far beyond any real game.
pub const MAX_PLIES: usize = 2000;
/// The longest entry text, in bytes.
pub const MAX_ENTRY_BYTES: usize = 256;
/// The most revisions (the first writing, corrections, strikes) one entry may have: far
/// beyond a real game's, and a bound on what one sheet costs to keep and to read out.
pub const MAX_REVISIONS: usize = 16;

/// Why reading a sheet stopped before its last entry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StopReason {
    /// Nothing (or a crossed-out entry) in this slot, though later slots are written.
    Missing,
    /// The entry is not one legal move in the position reached: the announcement error.
    NotAMove(AnnounceError),
}

/// Where and why reading stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stop {
    pub ply: Ply,
    /// The text of the entry (empty for a missing one).
    pub text: String,
    pub reason: StopReason,
}

/// A sheet read back into moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetReading {
    /// The legal moves read, from the start position, up to the first entry that is not one.
    pub moves: Vec<Move>,
    /// The first entry that could not be read, if any entry after the moves was written.
    pub stop: Option<Stop>,
}

/// One player's scoresheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scoresheet {
    /// Whose sheet it is.
    pub owner: Color,
    /// The language he writes in; entries are read in it.
    pub lang: Lang,
    /// How the game's half-moves are numbered (from its start position).
    numbering: Numbering,
    auto_record: bool,
    /// Indexed by ply.
    entries: Vec<Option<Entry>>,
}

impl Scoresheet {
    /// A blank sheet for a game from the initial position.
    pub fn new(owner: Color, lang: Lang) -> Scoresheet {
        Scoresheet::numbered(owner, lang, Numbering::INITIAL)
    }

    /// A blank sheet for a game whose half-moves are numbered by `numbering` (a game set
    /// up from a FEN begins at its move number).
    pub fn numbered(owner: Color, lang: Lang, numbering: Numbering) -> Scoresheet {
        Scoresheet {
            owner,
            lang,
            numbering,
            auto_record: false,
            entries: Vec::new(),
        }
    }

    /// How the sheet numbers the game's half-moves.
    pub fn numbering(&self) -> Numbering {
        self.numbering
    }

    /// Whether the player has chosen to have his accepted announcements recorded for him.
    pub fn auto_record(&self) -> bool {
        self.auto_record
    }

    /// The player's choice of automatic recording.
    pub fn set_auto_record(&mut self, on: bool) {
        self.auto_record = on;
    }

    /// Writes into a slot. Writing into a filled slot is a correction: the old text stays in
    /// the entry's history. A player may write in any order (he may reply before writing the
    /// opponent's move, Art. 8.1).
    pub fn write(&mut self, slot: Slot, writing: Writing) -> Result<(), SheetError> {
        let ply = self.numbering.ply(slot).ok_or(SheetError::NoSuchSlot)?;
        if ply >= MAX_PLIES {
            return Err(SheetError::TooLong);
        }
        if writing.text.len() > MAX_ENTRY_BYTES {
            return Err(SheetError::EntryTooLong);
        }
        if writing.is_struck() && self.entry(slot).is_none() {
            return Err(SheetError::NothingToStrike(slot));
        }
        if self.entries.len() <= ply {
            self.entries.resize(ply + 1, None);
        }
        match &mut self.entries[ply] {
            Some(entry) => entry.revisions.push(writing),
            empty @ None => {
                *empty = Some(Entry {
                    revisions: vec![writing],
                })
            }
        }
        Ok(())
    }

    /// Whether `slot` may be written again (a new entry, or a correction within
    /// [`MAX_REVISIONS`]). Checked when a player writes, not when a game is replayed.
    pub fn may_revise(&self, slot: Slot) -> Result<(), SheetError> {
        match self.entry(slot) {
            Some(e) if e.history().len() >= MAX_REVISIONS => Err(SheetError::TooManyCorrections),
            _ => Ok(()),
        }
    }

    /// Crosses an entry out (a correction to nothing; the history stays).
    pub fn strike(&mut self, slot: Slot, at_ms: u64) -> Result<(), SheetError> {
        self.write(slot, Revision::text("", at_ms))
    }

    /// Records an announcement of the player's (his own move, or the opponent's move as he
    /// repeated it) that the game accepted, when he has chosen automatic recording. It is
    /// still his record: he can correct it like any entry.
    pub fn record_accepted(
        &mut self,
        ply: Ply,
        text: impl Into<String>,
        draw_offer: bool,
        audio: Option<AudioRef>,
        at_ms: u64,
    ) -> Result<(), SheetError> {
        if !self.auto_record {
            return Err(SheetError::AutoRecordOff);
        }
        self.write(
            self.numbering.slot(ply),
            Revision {
                text: text.into(),
                draw_offer,
                audio,
                source: Source::Auto,
                at_ms,
            },
        )
    }

    /// The entry in a slot, if anything was ever written there.
    pub fn entry(&self, slot: Slot) -> Option<&Entry> {
        self.entries.get(self.numbering.ply(slot)?)?.as_ref()
    }

    /// Entries by ply (`None` for slots never written), up to the last one written.
    pub fn entries(&self) -> impl Iterator<Item = (Slot, Option<&Entry>)> {
        let last = self
            .entries
            .iter()
            .rposition(|e| e.is_some())
            .map_or(0, |i| i + 1);
        self.entries[..last]
            .iter()
            .enumerate()
            .map(|(ply, e)| (self.numbering.slot(ply), e.as_ref()))
    }

    /// The number of slots up to the last one with a current (not crossed-out) entry.
    pub fn written_plies(&self) -> usize {
        self.entries
            .iter()
            .rposition(|e| e.as_ref().is_some_and(|e| e.current().is_some()))
            .map_or(0, |i| i + 1)
    }

    /// Reads the sheet back into moves from `start`, each entry through [`understand`] in
    /// the sheet's language, stopping at the first entry that is not a legal move (or is
    /// missing before a later written one).
    pub fn read(&self, start: &Chess) -> SheetReading {
        let mut pos = start.clone();
        let mut moves = Vec::new();
        for ply in 0..self.written_plies() {
            let current = self.entries[ply].as_ref().and_then(Entry::current);
            let Some(rev) = current else {
                return SheetReading {
                    moves,
                    stop: Some(Stop {
                        ply,
                        text: String::new(),
                        reason: StopReason::Missing,
                    }),
                };
            };
            match understand(self.lang, &rev.text, &pos) {
                Ok(m) => {
                    pos.play_unchecked(m);
                    moves.push(m);
                }
                Err(e) => {
                    return SheetReading {
                        moves,
                        stop: Some(Stop {
                            ply,
                            text: rev.text.clone(),
                            reason: StopReason::NotAMove(e),
                        }),
                    };
                }
            }
        }
        SheetReading { moves, stop: None }
    }
}

/// The clocks as they stood when the position at `ply` arose (after the clock was pressed
/// for that half-move; ply 0 is the start). The game keeps one per ply, so a position can
/// be restored with its clocks (D.2.9, Art. 6.14).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClockRecord {
    pub ply: Ply,
    pub white_ms: u64,
    pub black_ms: u64,
}

impl ClockRecord {
    /// The remaining time of one side.
    pub fn remaining(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white_ms,
            Color::Black => self.black_ms,
        }
    }
}

/// The reading for `ply` in a per-ply record. When a ply was recorded more than once (a
/// position restored and played again), the latest counts.
pub fn clock_at(records: &[ClockRecord], ply: Ply) -> Option<ClockRecord> {
    records.iter().rev().find(|r| r.ply == ply).copied()
}

/// The position after the first `ply` moves of `moves` from `start`.
pub fn position_at(start: &Chess, moves: &[Move], ply: Ply) -> Chess {
    let mut pos = start.clone();
    for m in &moves[..ply.min(moves.len())] {
        pos.play_unchecked(*m);
    }
    pos
}

/// Fixtures for the scoresheet's tests and, with the `fixtures` feature, the server crate's.
#[cfg(any(test, feature = "fixtures"))]
pub mod fixtures;
#[cfg(test)]
mod tests;
