//! The announcement language: spoken or typed moves in German, Turkish and English.
//!
//! Two stages, as in shakmaty's `San`:
//!
//! 1. [`parse`]: words to an [`Announcement`], with no position. Errors are syntax only
//!    ([`ParseError`]: which word was not understood).
//! 2. [`Announcement::resolve`]: announcement + position to exactly one legal [`Move`], or an
//!    [`IllegalReason`] / the ambiguous candidates ([`ResolveError`]).
//!
//! The way back, a move to what a player says, is [`describe`]: it decides *what* to say
//! (which origin is needed, what was captured, check or mate) as a [`MoveDescription`]; the
//! words themselves come from Fluent in `crate::say`.
//!
//! This module is pure: no I/O, no clock, no serde, no Fluent.
//!
//! ```
//! use hamle_core::announce::{Lang, understand};
//! use shakmaty::{Chess, uci::UciMove};
//!
//! let pos = Chess::default();
//! let m = understand(Lang::De, "Springer Felix drei", &pos).unwrap();
//! assert_eq!(m.to_uci(shakmaty::CastlingMode::Standard).to_string(), "g1f3");
//! let m = understand(Lang::Tr, "At fe üç", &pos).unwrap();
//! assert_eq!(m.to_uci(shakmaty::CastlingMode::Standard).to_string(), "g1f3");
//! ```

mod adjust;
mod describe;
mod fold;
mod grammar;
mod lexer;
mod query;
mod resolve;
mod vocab;

use std::fmt;
use std::str::FromStr;

use arrayvec::ArrayVec;
use shakmaty::{CastlingSide, Chess, File, Move, Rank, Role, Square};

pub use adjust::is_adjust;
pub use describe::{MoveDescription, MoveShape, Origin, Suffix, describe};
pub use lexer::{MAX_INPUT_BYTES, MAX_TOKENS};
pub use query::{LegalMoves, Subject, legal_moves_of, parse_subject};
pub use resolve::reachable_from;
pub use vocab::{MoveWords, move_words, square_words};

/// A language in which moves are announced and said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Lang {
    De,
    Tr,
    En,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::De, Lang::Tr, Lang::En];

    /// The BCP 47 code: "de", "tr", "en".
    pub fn code(self) -> &'static str {
        match self {
            Lang::De => "de",
            Lang::Tr => "tr",
            Lang::En => "en",
        }
    }
}

/// One value for each language, looked up by [`Lang`] (bundles, rendered pages, a move's
/// words): adding a language adds it to [`Lang::ALL`] and to nothing indexed by hand.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PerLang<T>([T; Lang::ALL.len()]);

impl<T> PerLang<T> {
    /// The value of each language, made in [`Lang::ALL`]'s order.
    pub fn new(f: impl FnMut(Lang) -> T) -> PerLang<T> {
        PerLang(Lang::ALL.map(f))
    }

    /// Every language's value, in [`Lang::ALL`]'s order.
    pub fn iter(&self) -> impl Iterator<Item = &T> {
        self.0.iter()
    }
}

impl<T> std::ops::Index<Lang> for PerLang<T> {
    type Output = T;
    fn index(&self, lang: Lang) -> &T {
        // `ALL` lists the languages in their declaration order (held by a test), so a
        // language's discriminant is its place there.
        &self.0[lang as usize]
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.code())
    }
}

/// Error for a language code other than de, tr, en.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownLang(pub String);

impl fmt::Display for UnknownLang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown language {:?} (expected de, tr or en)", self.0)
    }
}

impl std::error::Error for UnknownLang {}

impl FromStr for Lang {
    type Err = UnknownLang;

    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        match s.trim().to_ascii_lowercase().as_str() {
            "de" | "deu" | "ger" | "german" | "deutsch" => Ok(Lang::De),
            "tr" | "tur" | "turkish" | "türkçe" | "turkce" => Ok(Lang::Tr),
            "en" | "eng" | "english" => Ok(Lang::En),
            _ => Err(UnknownLang(s.to_owned())),
        }
    }
}

/// How much a spoken move says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Style {
    /// Appendix style: the origin only when needed.
    Short,
    /// Origin, destination, the piece captured, check or mate.
    Full,
}

impl FromStr for Style {
    type Err = String;

    fn from_str(s: &str) -> Result<Style, String> {
        match s {
            "short" => Ok(Style::Short),
            "full" => Ok(Style::Full),
            _ => Err(format!("unknown style {s:?} (expected short or full)")),
        }
    }
}

/// Check or mate, as announced after a move (accepted, never required).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Claim {
    Check,
    Mate,
}

/// One way to read an announcement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reading {
    /// Castling; `None` when only "castle" was said and the side must come from the position.
    Castle(Option<CastlingSide>),
    /// "en passant" with no square: the en passant capture available now.
    EnPassant,
    Normal {
        /// The piece named; `None` means a pawn, or any piece when the origin square is given
        /// in full (as in UCI).
        role: Option<Role>,
        from_file: Option<File>,
        from_rank: Option<Rank>,
        /// A capture word was said.
        capture: bool,
        /// The piece said to be captured ("schlägt Bauer Felix sieben").
        captured: Option<Role>,
        to: Square,
        promotion: Option<Role>,
        en_passant: bool,
    },
}

/// At most this many distinct readings are kept for one announcement.
pub const MAX_READINGS: usize = 8;

/// An announcement understood as words, not yet tied to a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Announcement {
    /// Every way the words can be read, most likely first. Never empty once parsed.
    pub readings: ArrayVec<Reading, MAX_READINGS>,
    /// Check or mate as said.
    pub claim: Option<Claim>,
}

/// Why words were not understood.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ParseErrorKind {
    /// Nothing but fillers (or nothing at all) was said.
    Empty,
    /// A word that is not in the language's vocabulary.
    UnknownWord,
    /// A known word in a place where it makes no move.
    UnexpectedWord,
    /// The announcement stopped before it named a move (no destination square, say).
    Incomplete,
    /// Longer than any announcement can be.
    TooLong,
}

/// Words that are not an announcement, with the word that did not fit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub kind: ParseErrorKind,
    /// The offending word as it was given (empty for `Empty`, `Incomplete`, `TooLong`).
    pub word: String,
    /// 0-based index of that word in the input.
    pub index: usize,
}

impl ParseError {
    pub(crate) fn new(kind: ParseErrorKind, word: &str, index: usize) -> ParseError {
        ParseError {
            kind,
            word: word.to_owned(),
            index,
        }
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?} at word {} {:?}",
            self.kind,
            self.index + 1,
            self.word
        )
    }
}

impl std::error::Error for ParseError {}

/// Why an understood announcement is not a legal move here.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum IllegalReason {
    /// No piece of this kind (with the given origin) can move to the square.
    CannotReach { role: Role, to: Square },
    /// The named origin square does not hold such a piece of the side to move.
    NoPieceOnSquare { role: Option<Role>, square: Square },
    /// The destination holds one of the mover's own pieces.
    OwnPieceOnSquare { square: Square },
    /// The move exists on the board but would leave (or keep) the mover's king in check.
    KingInCheck { in_check_now: bool },
    /// A capture was announced but there is nothing to capture there.
    NothingToCapture { square: Square },
    /// A capture of a named piece, but another piece (or none) stands there.
    WrongCapturedPiece {
        said: Role,
        actual: Option<Role>,
        square: Square,
    },
    /// En passant was announced but the move is not an en passant capture.
    NotEnPassant,
    /// "En passant" alone, but no en passant capture is possible now.
    NoEnPassant,
    /// The pawn reaches the last rank but no piece was chosen.
    PromotionMissing,
    /// A promotion piece was said for a move that does not promote.
    NoPromotion,
    /// Castling on that side is no longer allowed: king or rook has moved.
    CastlingRightsLost { side: CastlingSide },
    /// Pieces stand between king and rook.
    CastlingBlocked { side: CastlingSide },
    /// The king is in check: no castling out of check.
    CastlingOutOfCheck { side: CastlingSide },
    /// The king would pass through an attacked square.
    CastlingThroughCheck { side: CastlingSide, square: Square },
    /// The king would land in check.
    CastlingIntoCheck { side: CastlingSide },
    /// The game is over: there is no legal move at all.
    NoLegalMoves,
}

impl IllegalReason {
    /// A stable snake_case name for the wire, scripts and test data.
    pub fn code(&self) -> &'static str {
        use IllegalReason::*;
        match self {
            CannotReach { .. } => "cannot_reach",
            NoPieceOnSquare { .. } => "no_piece_on_square",
            OwnPieceOnSquare { .. } => "own_piece_on_square",
            KingInCheck { .. } => "king_in_check",
            NothingToCapture { .. } => "nothing_to_capture",
            WrongCapturedPiece { .. } => "wrong_captured_piece",
            NotEnPassant => "not_en_passant",
            NoEnPassant => "no_en_passant",
            PromotionMissing => "promotion_missing",
            NoPromotion => "no_promotion",
            CastlingRightsLost { .. } => "castling_rights_lost",
            CastlingBlocked { .. } => "castling_blocked",
            CastlingOutOfCheck { .. } => "castling_out_of_check",
            CastlingThroughCheck { .. } => "castling_through_check",
            CastlingIntoCheck { .. } => "castling_into_check",
            NoLegalMoves => "no_legal_moves",
        }
    }
}

/// Resolution failure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ResolveError {
    Illegal(IllegalReason),
    /// More than one legal move fits; the candidates, in board order.
    Ambiguous(Vec<Move>),
}

/// Everything that can go wrong from words to a move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AnnounceError {
    NotUnderstood(ParseError),
    Illegal(IllegalReason),
    Ambiguous(Vec<Move>),
}

impl AnnounceError {
    /// A stable code for the wire and for scripts.
    pub fn code(&self) -> &'static str {
        match self {
            AnnounceError::NotUnderstood(_) => "not_understood",
            AnnounceError::Illegal(_) => "illegal_move",
            AnnounceError::Ambiguous(_) => "ambiguous_move",
        }
    }
}

impl From<ParseError> for AnnounceError {
    fn from(e: ParseError) -> AnnounceError {
        AnnounceError::NotUnderstood(e)
    }
}

impl From<ResolveError> for AnnounceError {
    fn from(e: ResolveError) -> AnnounceError {
        match e {
            ResolveError::Illegal(r) => AnnounceError::Illegal(r),
            ResolveError::Ambiguous(c) => AnnounceError::Ambiguous(c),
        }
    }
}

impl fmt::Display for AnnounceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            AnnounceError::NotUnderstood(e) => write!(f, "not understood: {e}"),
            AnnounceError::Illegal(r) => write!(f, "illegal: {r:?}"),
            AnnounceError::Ambiguous(c) => write!(f, "ambiguous: {} candidates", c.len()),
        }
    }
}

impl std::error::Error for AnnounceError {}

/// Stage one: words to an announcement.
pub fn parse(lang: Lang, text: &str) -> Result<Announcement, ParseError> {
    let mut announcement = Announcement::default();
    parse_into(lang, text, &mut announcement)?;
    Ok(announcement)
}

/// [`parse`] into an existing announcement (no copies of the result; for hot loops).
pub fn parse_into(lang: Lang, text: &str, out: &mut Announcement) -> Result<(), ParseError> {
    let mut tokens = lexer::Tokens::new();
    lexer::tokenize(lang, text, &mut tokens)?;
    grammar::parse_tokens(&mut tokens, text, out)
}

impl Announcement {
    /// Stage two: the one legal move this announcement names in `pos`.
    pub fn resolve(&self, pos: &Chess) -> Result<Move, ResolveError> {
        resolve::resolve(self, pos)
    }
}

/// Both stages: words to the one legal move they name in `pos`.
pub fn understand(lang: Lang, text: &str, pos: &Chess) -> Result<Move, AnnounceError> {
    let mut announcement = Announcement::default();
    parse_into(lang, text, &mut announcement)?;
    Ok(announcement.resolve(pos)?)
}

/// A deterministic source of numbers for the module's randomized tests (xorshift): each call
/// gives a number below `n`.
#[cfg(test)]
pub(crate) fn below(seed: u64) -> impl FnMut(usize) -> usize {
    let mut state = seed;
    move |n| {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        (state % n as u64) as usize
    }
}

#[cfg(test)]
mod per_lang_tests {
    use super::{Lang, PerLang};

    #[test]
    fn every_language_finds_its_own_value() {
        for (i, lang) in Lang::ALL.into_iter().enumerate() {
            assert_eq!(lang as usize, i, "{lang}: ALL is in declaration order");
        }
        let codes = PerLang::new(Lang::code);
        for lang in Lang::ALL {
            assert_eq!(codes[lang], lang.code());
        }
    }
}
