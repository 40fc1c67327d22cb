//! The owner's answer to a forwarded order as it goes back over NATS (`docs/scale-out.md`):
//! the game's [`Reply`], typed and in no language. The follower says it in its asker's
//! language ([`crate::server::render::reply::said`]), as a local game's reply is said, so a
//! refusal or a question reads the same on every node.
//!
//! One serde record per shape, mapped once each way: a confirmation's events as the store
//! writes them ([`WireEvent`]), positions as FEN, moves as UCI (resolved again in the position
//! they were said in), every other value by the store's own name for it
//! ([`crate::store::Named`]).

use std::borrow::Cow;

use serde::{Deserialize, Serialize};
use shakmaty::fen::Fen;
use shakmaty::uci::UciMove;
use shakmaty::{ByColor, CastlingMode, CastlingSide, Chess, EnPassantMode, Piece, Role, Square};

use super::bus::WireEvent;
use super::order_codec::ConfirmationRecord;
use crate::announce::{AnnounceError, IllegalReason, ParseError, ParseErrorKind};
use crate::game::{BoardError, BranchKind, Missing, Refusal as PlayRefusal, Rule};
use crate::scoresheet::ClockRecord;
use crate::scoresheet::desk::{DeskRefusal, SheetErrorKind};
use crate::scoresheet::reconcile::{Ruling, Step};
use crate::server::render::reply::{Outcome, Refusal, Reply, ToConfirm};
use crate::server::wire::ErrorCode;
use crate::store::{N, Named};
use crate::table::TableRefusal;

/// The owner's answer to a forwarded order: the game's [`Reply`] as values.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "answer", rename_all = "snake_case")]
pub(crate) enum Answer {
    /// Done; the number of the last event it caused.
    Done { seq: Option<u64> },
    /// The second step the order asks for, with the events it would cause and the ruling
    /// they hold (decided, not applied).
    Confirm {
        confirm: ConfirmationRecord,
        events: Vec<WireEvent>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        ruling: Option<RulingRecord>,
    },
    /// The table's refusal.
    Table { refusal: TableRefusalRecord },
    /// The server's own: an error code and its arguments (values, never sentences).
    Server {
        code: String,
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        args: Vec<(String, String)>,
    },
}

/// An answer that does not read (a node of another version, a damaged message).
#[derive(Debug, thiserror::Error)]
pub(crate) enum BadAnswer {
    #[error("an event: {0}")]
    Event(#[from] crate::store::RecordError),
    #[error("a position: {0}")]
    Position(String),
    #[error("a move {uci} in {fen}")]
    Move { uci: String, fen: String },
}

impl Answer {
    /// The answer to `reply`.
    pub(crate) fn of(reply: &Reply) -> Answer {
        match reply {
            Ok(Outcome::Done(seq)) => Answer::Done { seq: *seq },
            Ok(Outcome::Confirm(c)) => Answer::Confirm {
                confirm: c.action().into(),
                events: c.events().iter().map(WireEvent::of).collect(),
                ruling: c.ruling().map(|(r, replay)| RulingRecord::of(r, *replay)),
            },
            Err(Refusal::Table(r)) => Answer::Table { refusal: r.into() },
            Err(Refusal::Server { code, args }) => Answer::Server {
                code: code.name().to_owned(),
                args: args
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.clone()))
                    .collect(),
            },
        }
    }

    /// The reply it answers.
    pub(crate) fn reply(self) -> Result<Reply, BadAnswer> {
        Ok(match self {
            Answer::Done { seq } => Ok(Outcome::Done(seq)),
            Answer::Confirm {
                confirm,
                events,
                ruling,
            } => {
                let events = events
                    .iter()
                    .map(WireEvent::recorded)
                    .collect::<Result<Vec<_>, _>>()?;
                let ruling = ruling.map(RulingRecord::ruling).transpose()?;
                Ok(Outcome::Confirm(Box::new(ToConfirm::new(
                    confirm.into(),
                    events,
                    ruling,
                ))))
            }
            Answer::Table { refusal } => Err(Refusal::Table(refusal.refusal()?)),
            Answer::Server { code, args } => Err(Refusal::Server {
                code: ErrorCode::named(&code),
                args: args.into_iter().map(|(k, v)| (Cow::Owned(k), v)).collect(),
            }),
        })
    }
}

// ---------------------------------------------------------------------------------------------
// Positions and names

fn fen_of(pos: &Chess) -> String {
    Fen::from_position(pos, EnPassantMode::Legal).to_string()
}

fn position(fen: &str) -> Result<Chess, BadAnswer> {
    let bad = || BadAnswer::Position(fen.to_owned());
    let parsed: Fen = fen.parse().map_err(|_| bad())?;
    parsed
        .into_position(CastlingMode::Standard)
        .map_err(|_| bad())
}

/// A touch rule by its key.
impl Named for Rule {
    const WHAT: &'static str = "touch rule";
    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed(self.key())
    }
    fn from_name(s: &str) -> Option<Rule> {
        [
            Rule::Castle,
            Rule::KingMove,
            Rule::CaptureWith,
            Rule::MovePiece,
            Rule::CapturePiece,
            Rule::WrittenMove,
        ]
        .into_iter()
        .find(|r| r.key() == s)
    }
}

/// A castling side: `king` or `queen`.
impl Named for CastlingSide {
    const WHAT: &'static str = "castling side";
    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed(match self {
            CastlingSide::KingSide => "king",
            CastlingSide::QueenSide => "queen",
        })
    }
    fn from_name(s: &str) -> Option<CastlingSide> {
        match s {
            "king" => Some(CastlingSide::KingSide),
            "queen" => Some(CastlingSide::QueenSide),
            _ => None,
        }
    }
}

// ---------------------------------------------------------------------------------------------
// A ruling shown before the arbiter confirms it

/// What the question before a ruling says of it: its branch, the position both boards must
/// show and after which half-move, the clocks, each board's steps, the half-moves taken back
/// or played again. (Its reading log is for the arbiter's report, not for the question: it
/// does not travel.)
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct RulingRecord {
    branch: N<BranchKind>,
    ply: usize,
    fen: String,
    white_steps: Vec<StepRecord>,
    black_steps: Vec<StepRecord>,
    take_back: usize,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    clocks: Option<ClocksRecord>,
    replay: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
struct ClocksRecord {
    ply: usize,
    white_ms: u64,
    black_ms: u64,
}

/// A [`Step`] at a board, tagged by `step`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "step", rename_all = "snake_case")]
enum StepRecord {
    Move {
        piece: N<Piece>,
        from: N<Square>,
        to: N<Square>,
    },
    Remove {
        piece: N<Piece>,
        from: N<Square>,
    },
    Add {
        piece: N<Piece>,
        to: N<Square>,
    },
    SetAside {
        piece: N<Piece>,
        from: N<Square>,
    },
    PutBack {
        piece: N<Piece>,
        to: N<Square>,
    },
}

impl From<&Step> for StepRecord {
    fn from(s: &Step) -> StepRecord {
        match *s {
            Step::Move { piece, from, to } => StepRecord::Move {
                piece: N(piece),
                from: N(from),
                to: N(to),
            },
            Step::Remove { piece, from } => StepRecord::Remove {
                piece: N(piece),
                from: N(from),
            },
            Step::Add { piece, to } => StepRecord::Add {
                piece: N(piece),
                to: N(to),
            },
            Step::SetAside { piece, from } => StepRecord::SetAside {
                piece: N(piece),
                from: N(from),
            },
            Step::PutBack { piece, to } => StepRecord::PutBack {
                piece: N(piece),
                to: N(to),
            },
        }
    }
}

impl From<StepRecord> for Step {
    fn from(s: StepRecord) -> Step {
        match s {
            StepRecord::Move { piece, from, to } => Step::Move {
                piece: piece.0,
                from: from.0,
                to: to.0,
            },
            StepRecord::Remove { piece, from } => Step::Remove {
                piece: piece.0,
                from: from.0,
            },
            StepRecord::Add { piece, to } => Step::Add {
                piece: piece.0,
                to: to.0,
            },
            StepRecord::SetAside { piece, from } => Step::SetAside {
                piece: piece.0,
                from: from.0,
            },
            StepRecord::PutBack { piece, to } => Step::PutBack {
                piece: piece.0,
                to: to.0,
            },
        }
    }
}

impl RulingRecord {
    fn of(r: &Ruling, replay: usize) -> RulingRecord {
        let steps = |c: shakmaty::Color| r.steps.get(c).iter().map(StepRecord::from).collect();
        RulingRecord {
            branch: N(r.branch),
            ply: r.ply,
            fen: fen_of(&r.position),
            white_steps: steps(shakmaty::Color::White),
            black_steps: steps(shakmaty::Color::Black),
            take_back: r.take_back,
            clocks: r.clocks.map(|c| ClocksRecord {
                ply: c.ply,
                white_ms: c.white_ms,
                black_ms: c.black_ms,
            }),
            replay,
        }
    }

    fn ruling(self) -> Result<(Ruling, usize), BadAnswer> {
        let steps = |s: Vec<StepRecord>| s.into_iter().map(Step::from).collect();
        let ruling = Ruling {
            branch: self.branch.0,
            ply: self.ply,
            position: position(&self.fen)?,
            steps: ByColor {
                white: steps(self.white_steps),
                black: steps(self.black_steps),
            },
            take_back: self.take_back,
            clocks: self.clocks.map(|c| ClockRecord {
                ply: c.ply,
                white_ms: c.white_ms,
                black_ms: c.black_ms,
            }),
            log: Vec::new(),
        };
        Ok((ruling, self.replay))
    }
}

// ---------------------------------------------------------------------------------------------
// The table's refusals

/// A [`TableRefusal`] on the bus, tagged by `by`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "by", rename_all = "snake_case")]
pub(crate) enum TableRefusalRecord {
    /// A rule of play; `said`: the words or UCI the seat sent.
    Play {
        refusal: PlayRefusalRecord,
        said: String,
    },
    Desk {
        refusal: DeskRefusalRecord,
    },
    BadUci {
        said: String,
    },
    /// Words that are not a (legal, unambiguous) move in the position `fen`.
    Words {
        error: AnnounceErrorRecord,
        fen: String,
    },
}

/// A refusal of the game ([`PlayRefusal`]), tagged by `code`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub(crate) enum PlayRefusalRecord {
    Forbidden,
    NotYourTurn,
    GamePaused,
    GameOver,
    IllegalMove,
    NotPaused,
    InvalidTime,
    NotPhysical,
    NotYourBoard,
    AssistantOwnMove,
    Board {
        error: BoardErrorRecord,
    },
    MoveReleased,
    TouchMove {
        rule: N<Rule>,
        square: N<Square>,
    },
    NotMade {
        announcement: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        capture: Option<N<Square>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        placement: Option<N<Square>>,
        board_differs: bool,
        announcement_differs: bool,
        behind: bool,
    },
    TooLateToCorrect,
    NothingToRepeat,
    OfferNotNow,
    OfferPending,
    NoOffer,
    NoFlagFallen,
    OwnFlagFellFirst,
    NoTouchReported,
    NotVisuallyImpaired,
    NotStarted,
    AlreadyStarted,
    NotPractice,
    NothingToTakeBack,
    NoTouch,
    GameHasMoves,
    GameNotOver,
    ResultUnchanged,
    InvalidResult,
}

/// A [`BoardError`], tagged by `error`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub(crate) enum BoardErrorRecord {
    NoPiece { square: N<Square> },
    Occupied { square: N<Square> },
    HandFull,
    HandEmpty,
    BadPromotion { square: N<Square> },
    TouchOnTactile,
    OwnPiece { square: N<Square> },
}

/// A refusal of the desk ([`DeskRefusal`]), tagged by `code` (a scoresheet's by its own).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "code", rename_all = "snake_case")]
pub(crate) enum DeskRefusalRecord {
    Forbidden,
    GameOver,
    NoSuchSlot,
    NothingToStrike,
    SheetTooLong,
    EntryTooLong,
    TooManyCorrections,
    NotPhysical,
    BoardsAgree,
    NoCase,
    CaseOpen,
    NotFixing,
    PlyBeyondGame,
    EmptySquare { square: N<Square> },
    Occupied { square: N<Square> },
    NoPieceLifted,
    NoAdjournment,
    AdjournmentPending,
    NotSealer,
    NothingSealed,
    NotAdjourned,
    Adjourned,
    SheetsEmpty,
    SheetsBehind { written: u16, official: u16 },
    RulingChanged { take_back: u16 },
    NothingToUndo,
}

/// Words that are not a move ([`AnnounceError`]), tagged by `error`; candidates by UCI.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "error", rename_all = "snake_case")]
pub(crate) enum AnnounceErrorRecord {
    NotUnderstood {
        kind: ParseKindRecord,
        word: String,
        index: usize,
    },
    Illegal {
        reason: IllegalRecord,
    },
    Ambiguous {
        candidates: Vec<N<UciMove>>,
    },
}

/// Why words were not understood ([`ParseErrorKind`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum ParseKindRecord {
    Empty,
    UnknownWord,
    UnexpectedWord,
    Incomplete,
    TooLong,
}

/// Why an understood announcement is not legal ([`IllegalReason`]), tagged by `reason`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "reason", rename_all = "snake_case")]
pub(crate) enum IllegalRecord {
    CannotReach {
        role: N<Role>,
        to: N<Square>,
    },
    NoPieceOnSquare {
        #[serde(default, skip_serializing_if = "Option::is_none")]
        role: Option<N<Role>>,
        square: N<Square>,
    },
    OwnPieceOnSquare {
        square: N<Square>,
    },
    KingInCheck {
        in_check_now: bool,
    },
    NothingToCapture {
        square: N<Square>,
    },
    WrongCapturedPiece {
        said: N<Role>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        actual: Option<N<Role>>,
        square: N<Square>,
    },
    NotEnPassant,
    NoEnPassant,
    PromotionMissing,
    NoPromotion,
    CastlingRightsLost {
        side: N<CastlingSide>,
    },
    CastlingBlocked {
        side: N<CastlingSide>,
    },
    CastlingOutOfCheck {
        side: N<CastlingSide>,
    },
    CastlingThroughCheck {
        side: N<CastlingSide>,
        square: N<Square>,
    },
    CastlingIntoCheck {
        side: N<CastlingSide>,
    },
    NoLegalMoves,
}

impl From<&TableRefusal> for TableRefusalRecord {
    fn from(r: &TableRefusal) -> TableRefusalRecord {
        match r {
            TableRefusal::Play { refusal, said } => TableRefusalRecord::Play {
                refusal: (*refusal).into(),
                said: said.clone(),
            },
            TableRefusal::Desk(d) => TableRefusalRecord::Desk {
                refusal: (*d).into(),
            },
            TableRefusal::BadUci(said) => TableRefusalRecord::BadUci { said: said.clone() },
            TableRefusal::Words { error, pos } => TableRefusalRecord::Words {
                error: error.into(),
                fen: fen_of(pos),
            },
        }
    }
}

impl TableRefusalRecord {
    fn refusal(self) -> Result<TableRefusal, BadAnswer> {
        Ok(match self {
            TableRefusalRecord::Play { refusal, said } => TableRefusal::Play {
                refusal: refusal.into(),
                said,
            },
            TableRefusalRecord::Desk { refusal } => TableRefusal::Desk(refusal.into()),
            TableRefusalRecord::BadUci { said } => TableRefusal::BadUci(said),
            TableRefusalRecord::Words { error, fen } => {
                let pos = position(&fen)?;
                TableRefusal::Words {
                    error: error.error(&pos, &fen)?,
                    pos: Box::new(pos),
                }
            }
        })
    }
}

impl From<PlayRefusal> for PlayRefusalRecord {
    fn from(r: PlayRefusal) -> PlayRefusalRecord {
        use PlayRefusal as P;
        use PlayRefusalRecord as R;
        match r {
            P::Forbidden => R::Forbidden,
            P::NotYourTurn => R::NotYourTurn,
            P::GamePaused => R::GamePaused,
            P::GameOver => R::GameOver,
            P::IllegalMove => R::IllegalMove,
            P::NotPaused => R::NotPaused,
            P::InvalidTime => R::InvalidTime,
            P::NotPhysical => R::NotPhysical,
            P::NotYourBoard => R::NotYourBoard,
            P::AssistantOwnMove => R::AssistantOwnMove,
            P::Board(e) => R::Board { error: e.into() },
            P::MoveReleased => R::MoveReleased,
            P::TouchMove { rule, square } => R::TouchMove {
                rule: N(rule),
                square: N(square),
            },
            P::NotMade(m) => R::NotMade {
                announcement: m.announcement,
                capture: m.capture.map(N),
                placement: m.placement.map(N),
                board_differs: m.board_differs,
                announcement_differs: m.announcement_differs,
                behind: m.behind,
            },
            P::TooLateToCorrect => R::TooLateToCorrect,
            P::NothingToRepeat => R::NothingToRepeat,
            P::OfferNotNow => R::OfferNotNow,
            P::OfferPending => R::OfferPending,
            P::NoOffer => R::NoOffer,
            P::NoFlagFallen => R::NoFlagFallen,
            P::OwnFlagFellFirst => R::OwnFlagFellFirst,
            P::NoTouchReported => R::NoTouchReported,
            P::NotVisuallyImpaired => R::NotVisuallyImpaired,
            P::NotStarted => R::NotStarted,
            P::AlreadyStarted => R::AlreadyStarted,
            P::NotPractice => R::NotPractice,
            P::NothingToTakeBack => R::NothingToTakeBack,
            P::NoTouch => R::NoTouch,
            P::GameHasMoves => R::GameHasMoves,
            P::GameNotOver => R::GameNotOver,
            P::ResultUnchanged => R::ResultUnchanged,
            P::InvalidResult => R::InvalidResult,
        }
    }
}

impl From<PlayRefusalRecord> for PlayRefusal {
    fn from(r: PlayRefusalRecord) -> PlayRefusal {
        use PlayRefusal as P;
        use PlayRefusalRecord as R;
        match r {
            R::Forbidden => P::Forbidden,
            R::NotYourTurn => P::NotYourTurn,
            R::GamePaused => P::GamePaused,
            R::GameOver => P::GameOver,
            R::IllegalMove => P::IllegalMove,
            R::NotPaused => P::NotPaused,
            R::InvalidTime => P::InvalidTime,
            R::NotPhysical => P::NotPhysical,
            R::NotYourBoard => P::NotYourBoard,
            R::AssistantOwnMove => P::AssistantOwnMove,
            R::Board { error } => P::Board(error.into()),
            R::MoveReleased => P::MoveReleased,
            R::TouchMove { rule, square } => P::TouchMove {
                rule: rule.0,
                square: square.0,
            },
            R::NotMade {
                announcement,
                capture,
                placement,
                board_differs,
                announcement_differs,
                behind,
            } => P::NotMade(Missing {
                announcement,
                capture: capture.map(|s| s.0),
                placement: placement.map(|s| s.0),
                board_differs,
                announcement_differs,
                behind,
            }),
            R::TooLateToCorrect => P::TooLateToCorrect,
            R::NothingToRepeat => P::NothingToRepeat,
            R::OfferNotNow => P::OfferNotNow,
            R::OfferPending => P::OfferPending,
            R::NoOffer => P::NoOffer,
            R::NoFlagFallen => P::NoFlagFallen,
            R::OwnFlagFellFirst => P::OwnFlagFellFirst,
            R::NoTouchReported => P::NoTouchReported,
            R::NotVisuallyImpaired => P::NotVisuallyImpaired,
            R::NotStarted => P::NotStarted,
            R::AlreadyStarted => P::AlreadyStarted,
            R::NotPractice => P::NotPractice,
            R::NothingToTakeBack => P::NothingToTakeBack,
            R::NoTouch => P::NoTouch,
            R::GameHasMoves => P::GameHasMoves,
            R::GameNotOver => P::GameNotOver,
            R::ResultUnchanged => P::ResultUnchanged,
            R::InvalidResult => P::InvalidResult,
        }
    }
}

impl From<BoardError> for BoardErrorRecord {
    fn from(e: BoardError) -> BoardErrorRecord {
        use BoardErrorRecord as R;
        match e {
            BoardError::NoPiece(s) => R::NoPiece { square: N(s) },
            BoardError::Occupied(s) => R::Occupied { square: N(s) },
            BoardError::HandFull => R::HandFull,
            BoardError::HandEmpty => R::HandEmpty,
            BoardError::BadPromotion(s) => R::BadPromotion { square: N(s) },
            BoardError::TouchOnTactile => R::TouchOnTactile,
            BoardError::OwnPiece(s) => R::OwnPiece { square: N(s) },
        }
    }
}

impl From<BoardErrorRecord> for BoardError {
    fn from(e: BoardErrorRecord) -> BoardError {
        use BoardErrorRecord as R;
        match e {
            R::NoPiece { square } => BoardError::NoPiece(square.0),
            R::Occupied { square } => BoardError::Occupied(square.0),
            R::HandFull => BoardError::HandFull,
            R::HandEmpty => BoardError::HandEmpty,
            R::BadPromotion { square } => BoardError::BadPromotion(square.0),
            R::TouchOnTactile => BoardError::TouchOnTactile,
            R::OwnPiece { square } => BoardError::OwnPiece(square.0),
        }
    }
}

impl From<DeskRefusal> for DeskRefusalRecord {
    fn from(r: DeskRefusal) -> DeskRefusalRecord {
        use DeskRefusal as D;
        use DeskRefusalRecord as R;
        match r {
            D::Forbidden => R::Forbidden,
            D::GameOver => R::GameOver,
            D::Sheet(SheetErrorKind::NoSuchSlot) => R::NoSuchSlot,
            D::Sheet(SheetErrorKind::NothingToStrike) => R::NothingToStrike,
            D::Sheet(SheetErrorKind::TooLong) => R::SheetTooLong,
            D::Sheet(SheetErrorKind::EntryTooLong) => R::EntryTooLong,
            D::Sheet(SheetErrorKind::TooManyCorrections) => R::TooManyCorrections,
            D::NotPhysical => R::NotPhysical,
            D::BoardsAgree => R::BoardsAgree,
            D::NoCase => R::NoCase,
            D::CaseOpen => R::CaseOpen,
            D::NotFixing => R::NotFixing,
            D::PlyBeyondGame => R::PlyBeyondGame,
            D::EmptySquare(s) => R::EmptySquare { square: N(s) },
            D::Occupied(s) => R::Occupied { square: N(s) },
            D::NoPieceLifted => R::NoPieceLifted,
            D::NoAdjournment => R::NoAdjournment,
            D::AdjournmentPending => R::AdjournmentPending,
            D::NotSealer => R::NotSealer,
            D::NothingSealed => R::NothingSealed,
            D::NotAdjourned => R::NotAdjourned,
            D::Adjourned => R::Adjourned,
            D::SheetsEmpty => R::SheetsEmpty,
            D::SheetsBehind { written, official } => R::SheetsBehind { written, official },
            D::RulingChanged { take_back } => R::RulingChanged { take_back },
            D::NothingToUndo => R::NothingToUndo,
        }
    }
}

impl From<DeskRefusalRecord> for DeskRefusal {
    fn from(r: DeskRefusalRecord) -> DeskRefusal {
        use DeskRefusal as D;
        use DeskRefusalRecord as R;
        match r {
            R::Forbidden => D::Forbidden,
            R::GameOver => D::GameOver,
            R::NoSuchSlot => D::Sheet(SheetErrorKind::NoSuchSlot),
            R::NothingToStrike => D::Sheet(SheetErrorKind::NothingToStrike),
            R::SheetTooLong => D::Sheet(SheetErrorKind::TooLong),
            R::EntryTooLong => D::Sheet(SheetErrorKind::EntryTooLong),
            R::TooManyCorrections => D::Sheet(SheetErrorKind::TooManyCorrections),
            R::NotPhysical => D::NotPhysical,
            R::BoardsAgree => D::BoardsAgree,
            R::NoCase => D::NoCase,
            R::CaseOpen => D::CaseOpen,
            R::NotFixing => D::NotFixing,
            R::PlyBeyondGame => D::PlyBeyondGame,
            R::EmptySquare { square } => D::EmptySquare(square.0),
            R::Occupied { square } => D::Occupied(square.0),
            R::NoPieceLifted => D::NoPieceLifted,
            R::NoAdjournment => D::NoAdjournment,
            R::AdjournmentPending => D::AdjournmentPending,
            R::NotSealer => D::NotSealer,
            R::NothingSealed => D::NothingSealed,
            R::NotAdjourned => D::NotAdjourned,
            R::Adjourned => D::Adjourned,
            R::SheetsEmpty => D::SheetsEmpty,
            R::SheetsBehind { written, official } => D::SheetsBehind { written, official },
            R::RulingChanged { take_back } => D::RulingChanged { take_back },
            R::NothingToUndo => D::NothingToUndo,
        }
    }
}

impl From<&AnnounceError> for AnnounceErrorRecord {
    fn from(e: &AnnounceError) -> AnnounceErrorRecord {
        match e {
            AnnounceError::NotUnderstood(p) => AnnounceErrorRecord::NotUnderstood {
                kind: p.kind.into(),
                word: p.word.clone(),
                index: p.index,
            },
            AnnounceError::Illegal(r) => AnnounceErrorRecord::Illegal { reason: r.into() },
            AnnounceError::Ambiguous(moves) => AnnounceErrorRecord::Ambiguous {
                candidates: moves
                    .iter()
                    .map(|m| N(m.to_uci(CastlingMode::Standard)))
                    .collect(),
            },
        }
    }
}

impl AnnounceErrorRecord {
    /// The error, its candidates resolved in `pos` (written `fen`).
    fn error(self, pos: &Chess, fen: &str) -> Result<AnnounceError, BadAnswer> {
        Ok(match self {
            AnnounceErrorRecord::NotUnderstood { kind, word, index } => {
                AnnounceError::NotUnderstood(ParseError {
                    kind: kind.into(),
                    word,
                    index,
                })
            }
            AnnounceErrorRecord::Illegal { reason } => AnnounceError::Illegal(reason.into()),
            AnnounceErrorRecord::Ambiguous { candidates } => AnnounceError::Ambiguous(
                candidates
                    .into_iter()
                    .map(|u| {
                        u.0.to_move(pos).map_err(|_| BadAnswer::Move {
                            uci: u.0.to_string(),
                            fen: fen.to_owned(),
                        })
                    })
                    .collect::<Result<_, _>>()?,
            ),
        })
    }
}

impl From<ParseErrorKind> for ParseKindRecord {
    fn from(k: ParseErrorKind) -> ParseKindRecord {
        match k {
            ParseErrorKind::Empty => ParseKindRecord::Empty,
            ParseErrorKind::UnknownWord => ParseKindRecord::UnknownWord,
            ParseErrorKind::UnexpectedWord => ParseKindRecord::UnexpectedWord,
            ParseErrorKind::Incomplete => ParseKindRecord::Incomplete,
            ParseErrorKind::TooLong => ParseKindRecord::TooLong,
        }
    }
}

impl From<ParseKindRecord> for ParseErrorKind {
    fn from(k: ParseKindRecord) -> ParseErrorKind {
        match k {
            ParseKindRecord::Empty => ParseErrorKind::Empty,
            ParseKindRecord::UnknownWord => ParseErrorKind::UnknownWord,
            ParseKindRecord::UnexpectedWord => ParseErrorKind::UnexpectedWord,
            ParseKindRecord::Incomplete => ParseErrorKind::Incomplete,
            ParseKindRecord::TooLong => ParseErrorKind::TooLong,
        }
    }
}

impl From<&IllegalReason> for IllegalRecord {
    fn from(r: &IllegalReason) -> IllegalRecord {
        use IllegalReason as I;
        use IllegalRecord as R;
        match *r {
            I::CannotReach { role, to } => R::CannotReach {
                role: N(role),
                to: N(to),
            },
            I::NoPieceOnSquare { role, square } => R::NoPieceOnSquare {
                role: role.map(N),
                square: N(square),
            },
            I::OwnPieceOnSquare { square } => R::OwnPieceOnSquare { square: N(square) },
            I::KingInCheck { in_check_now } => R::KingInCheck { in_check_now },
            I::NothingToCapture { square } => R::NothingToCapture { square: N(square) },
            I::WrongCapturedPiece {
                said,
                actual,
                square,
            } => R::WrongCapturedPiece {
                said: N(said),
                actual: actual.map(N),
                square: N(square),
            },
            I::NotEnPassant => R::NotEnPassant,
            I::NoEnPassant => R::NoEnPassant,
            I::PromotionMissing => R::PromotionMissing,
            I::NoPromotion => R::NoPromotion,
            I::CastlingRightsLost { side } => R::CastlingRightsLost { side: N(side) },
            I::CastlingBlocked { side } => R::CastlingBlocked { side: N(side) },
            I::CastlingOutOfCheck { side } => R::CastlingOutOfCheck { side: N(side) },
            I::CastlingThroughCheck { side, square } => R::CastlingThroughCheck {
                side: N(side),
                square: N(square),
            },
            I::CastlingIntoCheck { side } => R::CastlingIntoCheck { side: N(side) },
            I::NoLegalMoves => R::NoLegalMoves,
        }
    }
}

impl From<IllegalRecord> for IllegalReason {
    fn from(r: IllegalRecord) -> IllegalReason {
        use IllegalReason as I;
        use IllegalRecord as R;
        match r {
            R::CannotReach { role, to } => I::CannotReach {
                role: role.0,
                to: to.0,
            },
            R::NoPieceOnSquare { role, square } => I::NoPieceOnSquare {
                role: role.map(|r| r.0),
                square: square.0,
            },
            R::OwnPieceOnSquare { square } => I::OwnPieceOnSquare { square: square.0 },
            R::KingInCheck { in_check_now } => I::KingInCheck { in_check_now },
            R::NothingToCapture { square } => I::NothingToCapture { square: square.0 },
            R::WrongCapturedPiece {
                said,
                actual,
                square,
            } => I::WrongCapturedPiece {
                said: said.0,
                actual: actual.map(|r| r.0),
                square: square.0,
            },
            R::NotEnPassant => I::NotEnPassant,
            R::NoEnPassant => I::NoEnPassant,
            R::PromotionMissing => I::PromotionMissing,
            R::NoPromotion => I::NoPromotion,
            R::CastlingRightsLost { side } => I::CastlingRightsLost { side: side.0 },
            R::CastlingBlocked { side } => I::CastlingBlocked { side: side.0 },
            R::CastlingOutOfCheck { side } => I::CastlingOutOfCheck { side: side.0 },
            R::CastlingThroughCheck { side, square } => I::CastlingThroughCheck {
                side: side.0,
                square: square.0,
            },
            R::CastlingIntoCheck { side } => I::CastlingIntoCheck { side: side.0 },
            R::NoLegalMoves => I::NoLegalMoves,
        }
    }
}

#[cfg(test)]
mod tests {
    use shakmaty::Color;

    use super::*;
    use crate::announce::Lang;
    use crate::game::{ClockReading, Event, Recorded, Seat};
    use crate::server::render::reply::said;
    use crate::table::Confirmation;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    fn every_play_refusal() -> Vec<PlayRefusal> {
        use PlayRefusal as P;
        let mut all = vec![
            P::Forbidden,
            P::NotYourTurn,
            P::GamePaused,
            P::GameOver,
            P::IllegalMove,
            P::NotPaused,
            P::InvalidTime,
            P::NotPhysical,
            P::NotYourBoard,
            P::AssistantOwnMove,
            P::MoveReleased,
            P::TooLateToCorrect,
            P::NothingToRepeat,
            P::OfferNotNow,
            P::OfferPending,
            P::NoOffer,
            P::NoFlagFallen,
            P::OwnFlagFellFirst,
            P::NoTouchReported,
            P::NotVisuallyImpaired,
            P::NotStarted,
            P::AlreadyStarted,
            P::NotPractice,
            P::NothingToTakeBack,
            P::NoTouch,
            P::GameHasMoves,
            P::GameNotOver,
            P::ResultUnchanged,
            P::InvalidResult,
        ];
        all.extend(
            [
                BoardError::NoPiece(sq("e2")),
                BoardError::Occupied(sq("e4")),
                BoardError::HandFull,
                BoardError::HandEmpty,
                BoardError::BadPromotion(sq("a8")),
                BoardError::TouchOnTactile,
                BoardError::OwnPiece(sq("d1")),
            ]
            .map(P::Board),
        );
        all.extend(
            [
                Rule::Castle,
                Rule::KingMove,
                Rule::CaptureWith,
                Rule::MovePiece,
                Rule::CapturePiece,
                Rule::WrittenMove,
            ]
            .map(|rule| P::TouchMove {
                rule,
                square: sq("g1"),
            }),
        );
        all.push(P::NotMade(Missing {
            announcement: true,
            capture: Some(sq("d5")),
            placement: Some(sq("e4")),
            board_differs: true,
            announcement_differs: true,
            behind: true,
        }));
        all.push(P::NotMade(Missing::default()));
        all
    }

    fn every_desk_refusal() -> Vec<DeskRefusal> {
        use DeskRefusal as D;
        vec![
            D::Forbidden,
            D::GameOver,
            D::Sheet(SheetErrorKind::NoSuchSlot),
            D::Sheet(SheetErrorKind::NothingToStrike),
            D::Sheet(SheetErrorKind::TooLong),
            D::Sheet(SheetErrorKind::EntryTooLong),
            D::Sheet(SheetErrorKind::TooManyCorrections),
            D::NotPhysical,
            D::BoardsAgree,
            D::NoCase,
            D::CaseOpen,
            D::NotFixing,
            D::PlyBeyondGame,
            D::EmptySquare(sq("c3")),
            D::Occupied(sq("c6")),
            D::NoPieceLifted,
            D::NoAdjournment,
            D::AdjournmentPending,
            D::NotSealer,
            D::NothingSealed,
            D::NotAdjourned,
            D::Adjourned,
            D::SheetsEmpty,
            D::SheetsBehind {
                written: 3,
                official: 7,
            },
            D::RulingChanged { take_back: 2 },
            D::NothingToUndo,
        ]
    }

    fn every_announce_error() -> Vec<AnnounceError> {
        use IllegalReason as I;
        let kinds = [
            ParseErrorKind::Empty,
            ParseErrorKind::UnknownWord,
            ParseErrorKind::UnexpectedWord,
            ParseErrorKind::Incomplete,
            ParseErrorKind::TooLong,
        ];
        let mut all: Vec<AnnounceError> = kinds
            .into_iter()
            .map(|kind| {
                AnnounceError::NotUnderstood(ParseError {
                    kind,
                    word: "hoppla".into(),
                    index: 2,
                })
            })
            .collect();
        let sides = [CastlingSide::KingSide, CastlingSide::QueenSide];
        let mut illegal = vec![
            I::CannotReach {
                role: Role::Knight,
                to: sq("e5"),
            },
            I::NoPieceOnSquare {
                role: Some(Role::Bishop),
                square: sq("c1"),
            },
            I::NoPieceOnSquare {
                role: None,
                square: sq("c4"),
            },
            I::OwnPieceOnSquare { square: sq("d2") },
            I::KingInCheck { in_check_now: true },
            I::KingInCheck {
                in_check_now: false,
            },
            I::NothingToCapture { square: sq("f7") },
            I::WrongCapturedPiece {
                said: Role::Queen,
                actual: Some(Role::Rook),
                square: sq("a8"),
            },
            I::WrongCapturedPiece {
                said: Role::Queen,
                actual: None,
                square: sq("a6"),
            },
            I::NotEnPassant,
            I::NoEnPassant,
            I::PromotionMissing,
            I::NoPromotion,
            I::NoLegalMoves,
        ];
        for side in sides {
            illegal.extend([
                I::CastlingRightsLost { side },
                I::CastlingBlocked { side },
                I::CastlingOutOfCheck { side },
                I::CastlingThroughCheck {
                    side,
                    square: sq("f1"),
                },
                I::CastlingIntoCheck { side },
            ]);
        }
        all.extend(illegal.into_iter().map(AnnounceError::Illegal));
        all
    }

    /// Two white knights that both reach d2.
    const KNIGHTS: &str = "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1";

    fn replies() -> Vec<Reply> {
        let mut replies: Vec<Reply> = vec![Ok(Outcome::Done(Some(7))), Ok(Outcome::Done(None))];
        let table = |r: TableRefusal| Err(Refusal::Table(r));
        replies.extend(every_play_refusal().into_iter().map(|refusal| {
            table(TableRefusal::Play {
                refusal,
                said: "e2e5".into(),
            })
        }));
        replies.extend(
            every_desk_refusal()
                .into_iter()
                .map(TableRefusal::Desk)
                .map(table),
        );
        replies.push(table(TableRefusal::BadUci("e2e9".into())));
        let start = Chess::default();
        replies.extend(every_announce_error().into_iter().map(|error| {
            table(TableRefusal::Words {
                error,
                pos: Box::new(start.clone()),
            })
        }));
        let knights = position(KNIGHTS).unwrap();
        let to_d2 = ["b1d2", "f1d2"]
            .map(|u| u.parse::<UciMove>().unwrap().to_move(&knights).unwrap())
            .to_vec();
        replies.push(table(TableRefusal::Words {
            error: AnnounceError::Ambiguous(to_d2),
            pos: Box::new(knights),
        }));
        replies.push(Err(Refusal::server(ErrorCode::GameUnavailable)));
        replies.push(Err(Refusal::server_with(
            ErrorCode::InvalidText,
            vec![("field", "text".into()), ("problem", "control".into())],
        )));
        replies.push(Err(Refusal::server_with(
            ErrorCode::GameDamaged,
            vec![("seq", "12".into())],
        )));
        let clock = ClockReading {
            white_ms: 61_000,
            black_ms: 59_000,
            running: Some(Color::Black),
        };
        let released = Recorded {
            seq: 9,
            at_ms: 1_234,
            event: Event::TouchReleased {
                by: Seat::Arbiter,
                color: Color::Black,
            },
            clock,
        };
        let confirm = |action, events, ruling| {
            Ok(Outcome::Confirm(Box::new(ToConfirm::new(
                action, events, ruling,
            ))))
        };
        replies.push(confirm(Confirmation::Resign, Vec::new(), None));
        replies.push(confirm(
            Confirmation::ClaimDraw(crate::game::ClaimKind::FiftyMoves),
            Vec::new(),
            None,
        ));
        replies.push(confirm(Confirmation::ReleaseTouch, vec![released], None));
        let piece = |c| Piece::from_char(c).unwrap();
        for (branch, replay) in [
            (BranchKind::SheetsDiffer, 0),
            (BranchKind::SheetsAgree, 0),
            (BranchKind::ArbiterOverride, 0),
            (BranchKind::Undo, 2),
        ] {
            let ruling = Ruling {
                branch,
                ply: 4,
                position: position("rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
                    .unwrap(),
                steps: ByColor {
                    white: vec![
                        Step::Move {
                            piece: piece('N'),
                            from: sq("f3"),
                            to: sq("g1"),
                        },
                        Step::Remove {
                            piece: piece('p'),
                            from: sq("d5"),
                        },
                        Step::Add {
                            piece: piece('P'),
                            to: sq("e4"),
                        },
                        Step::SetAside {
                            piece: piece('B'),
                            from: sq("c4"),
                        },
                        Step::PutBack {
                            piece: piece('B'),
                            to: sq("f1"),
                        },
                    ],
                    black: Vec::new(),
                },
                take_back: 2,
                clocks: Some(ClockRecord {
                    ply: 4,
                    white_ms: 5_400_000,
                    black_ms: 5_300_000,
                }),
                log: Vec::new(),
            };
            replies.push(confirm(
                Confirmation::Rule,
                Vec::new(),
                Some((ruling, replay)),
            ));
        }
        replies
    }

    #[test]
    fn every_reply_goes_over_the_bus_and_is_said_as_the_owner_would_say_it() {
        for reply in replies() {
            let answer = Answer::of(&reply);
            let json = serde_json::to_string(&answer).unwrap();
            // No sentence travels: the answer names values only.
            let back: Answer = serde_json::from_str(&json).unwrap();
            assert_eq!(back, answer, "{json}");
            let back = back.reply().unwrap_or_else(|e| panic!("{json}: {e}"));
            assert_eq!(Answer::of(&back), answer, "{json}");
            for lang in Lang::ALL {
                let here = said(lang, back.clone());
                let there = said(lang, reply.clone());
                assert_eq!(here, there, "{lang:?}: {json}");
                let text = match &here {
                    Ok(crate::server::render::reply::Acted::Confirm { message, .. }) => {
                        message.clone()
                    }
                    Err(r) => r.message.clone(),
                    Ok(_) => continue,
                };
                assert!(!json.contains(&text), "a sentence on the bus: {json}");
            }
        }
    }

    #[test]
    fn an_answer_that_does_not_read_says_why() {
        let bad_fen = r#"{"answer":"table","refusal":{"by":"words","error":{"error":"illegal","reason":{"reason":"no_en_passant"}},"fen":"8/8/9 w - - 0 1"}}"#;
        let answer: Answer = serde_json::from_str(bad_fen).unwrap();
        assert!(matches!(answer.reply(), Err(BadAnswer::Position(_))));
        let bad_move = format!(
            r#"{{"answer":"table","refusal":{{"by":"words","error":{{"error":"ambiguous","candidates":["e2e4"]}},"fen":"{KNIGHTS}"}}}}"#
        );
        let answer: Answer = serde_json::from_str(&bad_move).unwrap();
        assert!(matches!(answer.reply(), Err(BadAnswer::Move { .. })));
        // An unknown code is the server's `internal`, as any code a lower layer names wrongly.
        let answer = Answer::Server {
            code: "no_such_code".into(),
            args: Vec::new(),
        };
        let Err(Refusal::Server { code, .. }) = answer.reply().unwrap() else {
            panic!("not the server's refusal");
        };
        assert_eq!(code, ErrorCode::Internal);
    }
}
