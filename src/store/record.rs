//! The stored shape of setups and events (JSON in the `games.setup` and `events.data`
//! columns): one serde record per stored shape, with typed fields, mapped once from and to the
//! domain [`Setup`] and [`Event`]. The records are kept apart from the domain types so that the
//! format changes only on purpose: `snapshot.rs` pins every shape, and a change needs a
//! migration (`migrations.rs`).
//!
//! A domain value is stored by its stable name ([`Named`]: a seat's key, a colour's name, a
//! square, a move in UCI, a piece's letter ...), exactly as the records before typed fields
//! stored it, so every database written before reads unchanged.

mod boards;
mod clocks;
mod desk;
mod endings;
mod moves;

pub(crate) use boards::{board_op, op_fields};

use std::borrow::Cow;
use std::fmt;
use std::marker::PhantomData;

use serde::de::{self, Deserializer, Visitor};
use serde::{Deserialize, Serialize, Serializer};
use shakmaty::uci::UciMove;
use shakmaty::{ByColor, Color, Piece, Role, Square};

use crate::announce::Lang;
use crate::game::{
    AfterFix, BoardKind, BranchKind, ClaimKind, ClockReading, Edition, EndReason, Event, EventInfo,
    Failover, FlagRule, GameResult, MAX_PERIODS, Period, Player, Procedure, Profile, Seat, Setup,
    SquareReading, StartError, StartPosition, TimeControl, ViIllegal,
};

/// A stored record that does not read back (written by another version, or damaged).
#[derive(Debug, thiserror::Error)]
pub enum RecordError {
    #[error("{what}: {source}")]
    Json {
        what: &'static str,
        #[source]
        source: serde_json::Error,
    },
    #[error("board event `{op}` without its {field}")]
    BoardSquare {
        op: &'static str,
        field: &'static str,
    },
    #[error("setup: {0} languages, expected six")]
    Languages(usize),
    #[error("setup: {0} later periods, at most {max}", max = MAX_PERIODS - 1)]
    Periods(usize),
    #[error("setup: start position {fen}: {source}")]
    Start {
        fen: String,
        #[source]
        source: StartError,
    },
}

// ---------------------------------------------------------------------------------------------
// Stable names

/// A domain value stored by a stable name (the cluster's bus writes its orders and answers with
/// the same names).
pub(crate) trait Named: Sized {
    /// What the value is, for the error of a name that does not read ("seat", "square" ...).
    const WHAT: &'static str;
    fn name(&self) -> Cow<'static, str>;
    fn from_name(s: &str) -> Option<Self>;
}

/// A field holding `T` by its stable name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct N<T>(pub(crate) T);

impl<T: Named> Serialize for N<T> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&self.0.name())
    }
}

impl<'de, T: Named> Deserialize<'de> for N<T> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<N<T>, D::Error> {
        struct Name<T>(PhantomData<T>);
        impl<T: Named> Visitor<'_> for Name<T> {
            type Value = N<T>;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a {} by its name", T::WHAT)
            }
            fn visit_str<E: de::Error>(self, s: &str) -> Result<N<T>, E> {
                T::from_name(s)
                    .map(N)
                    .ok_or_else(|| E::custom(format_args!("{} {s:?}", T::WHAT)))
            }
        }
        d.deserialize_str(Name(PhantomData))
    }
}

/// A seat token's hash (a seat's link issued again, schema 9) as 64 lowercase hex digits.
impl Named for [u8; 32] {
    const WHAT: &'static str = "token hash";
    fn name(&self) -> Cow<'static, str> {
        Cow::Owned(self.iter().map(|b| format!("{b:02x}")).collect())
    }
    fn from_name(s: &str) -> Option<Self> {
        if s.len() != 64 || !s.bytes().all(|b| matches!(b, b'0'..=b'9' | b'a'..=b'f')) {
            return None;
        }
        let mut out = [0u8; 32];
        for (i, byte) in out.iter_mut().enumerate() {
            *byte = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(out)
    }
}

/// [`Named`] for a domain type with `key()` and `from_key()`.
macro_rules! named_by_key {
    ($($t:ty => $what:literal),* $(,)?) => {$(
        impl Named for $t {
            const WHAT: &'static str = $what;
            fn name(&self) -> Cow<'static, str> {
                Cow::Borrowed(self.key())
            }
            fn from_name(s: &str) -> Option<Self> {
                <$t>::from_key(s)
            }
        }
    )*};
}

named_by_key!(
    EndReason => "end reason",
    ClaimKind => "claim",
    BranchKind => "branch",
    BoardKind => "board kind",
    Edition => "edition",
    Procedure => "procedure",
    FlagRule => "flag rule",
    Failover => "failover policy",
    ViIllegal => "illegal announcement rule",
    AfterFix => "after-fix rule",
);

impl Named for Seat {
    const WHAT: &'static str = "seat";
    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed(self.key())
    }
    fn from_name(s: &str) -> Option<Seat> {
        s.parse().ok()
    }
}

impl Named for Color {
    const WHAT: &'static str = "colour";
    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed(self.fold_wb("white", "black"))
    }
    fn from_name(s: &str) -> Option<Color> {
        match s {
            "white" => Some(Color::White),
            "black" => Some(Color::Black),
            _ => None,
        }
    }
}

impl Named for Lang {
    const WHAT: &'static str = "language";
    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed(self.code())
    }
    fn from_name(s: &str) -> Option<Lang> {
        s.parse().ok()
    }
}

impl Named for GameResult {
    const WHAT: &'static str = "result";
    fn name(&self) -> Cow<'static, str> {
        Cow::Borrowed(self.pgn())
    }
    fn from_name(s: &str) -> Option<GameResult> {
        GameResult::from_pgn(s)
    }
}

impl Named for Square {
    const WHAT: &'static str = "square";
    fn name(&self) -> Cow<'static, str> {
        Cow::Owned(self.to_string())
    }
    fn from_name(s: &str) -> Option<Square> {
        s.parse().ok()
    }
}

impl Named for UciMove {
    const WHAT: &'static str = "uci";
    fn name(&self) -> Cow<'static, str> {
        Cow::Owned(self.to_string())
    }
    fn from_name(s: &str) -> Option<UciMove> {
        s.parse().ok()
    }
}

/// A piece type by its lowercase letter (`q`, `n` ...).
impl Named for Role {
    const WHAT: &'static str = "piece";
    fn name(&self) -> Cow<'static, str> {
        Cow::Owned(self.char().to_string())
    }
    fn from_name(s: &str) -> Option<Role> {
        one_char(s).and_then(Role::from_char)
    }
}

/// A piece by its FEN letter (`N` white, `n` black).
impl Named for Piece {
    const WHAT: &'static str = "piece";
    fn name(&self) -> Cow<'static, str> {
        Cow::Owned(self.char().to_string())
    }
    fn from_name(s: &str) -> Option<Piece> {
        one_char(s).and_then(Piece::from_char)
    }
}

/// What an electronic board showed on a square: a piece by its FEN letter, `empty`, or
/// `occupied` (a piece the board cannot name).
impl Named for SquareReading {
    const WHAT: &'static str = "reading";
    fn name(&self) -> Cow<'static, str> {
        match self {
            SquareReading::Empty => Cow::Borrowed("empty"),
            SquareReading::Occupied => Cow::Borrowed("occupied"),
            SquareReading::Piece(p) => p.name(),
        }
    }
    fn from_name(s: &str) -> Option<SquareReading> {
        match s {
            "empty" => Some(SquareReading::Empty),
            "occupied" => Some(SquareReading::Occupied),
            s => Piece::from_name(s).map(SquareReading::Piece),
        }
    }
}

fn one_char(s: &str) -> Option<char> {
    let mut chars = s.chars();
    let c = chars.next()?;
    (chars.next().is_none() && s.len() == 1).then_some(c)
}

fn is_empty(s: &str) -> bool {
    s.is_empty()
}

// ---------------------------------------------------------------------------------------------
// The setup

#[derive(Serialize, Deserialize)]
struct PlayerRecord {
    name: String,
    visually_impaired: bool,
    board: N<BoardKind>,
    assistant: bool,
    /// The computer's level when it plays this seat (schema 6); absent for a person.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    computer: Option<u8>,
}

#[derive(Serialize, Deserialize)]
struct PeriodRecord {
    moves: u32,
    base_ms: u64,
    increment_ms: u64,
    delay_ms: u64,
}

/// The rules profile; games stored before profiles existed read as the default.
#[derive(Serialize, Deserialize)]
struct ProfileRecord {
    edition: N<Edition>,
    procedure: N<Procedure>,
    flag: N<FlagRule>,
    illegal_penalty_ms: u64,
    illegal_moves_lose_at: u32,
    false_claim_bonus_ms: u64,
    false_claim_halves: bool,
    /// Written only when not the default (`pause`), so games stored before it read the same.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    failover: Option<N<Failover>>,
    // Issue 18's choices (schema 5); a game stored before them reads as the defaults (no
    // wait for the start, so its clocks stand as stored; from then on the default choices).
    #[serde(default)]
    wait_for_start: bool,
    #[serde(default)]
    default_time_ms: u64,
    #[serde(default)]
    vi_illegal: Option<N<ViIllegal>>,
    #[serde(default)]
    after_fix: Option<N<AfterFix>>,
    #[serde(default)]
    touch_stops_clock: Option<bool>,
}

/// The `games.setup` column.
#[derive(Serialize, Deserialize)]
struct SetupRecord {
    base_ms: u64,
    increment_ms: u64,
    #[serde(default)]
    delay_ms: u64,
    #[serde(default)]
    moves: u32,
    #[serde(default)]
    later: Vec<PeriodRecord>,
    white: PlayerRecord,
    black: PlayerRecord,
    /// In seat order.
    languages: Vec<N<Lang>>,
    #[serde(default)]
    profile: Option<ProfileRecord>,
    #[serde(default, skip_serializing_if = "is_empty")]
    event_name: String,
    #[serde(default, skip_serializing_if = "is_empty")]
    event_site: String,
    #[serde(default, skip_serializing_if = "is_empty")]
    event_round: String,
    /// A round's game: its board and the players' FIDE ids (schema 9).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    event_board: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    white_fide_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    black_fide_id: Option<String>,
    /// The start position's FEN; absent for the initial position (and in games stored before
    /// games could start from a position).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    start_fen: Option<String>,
}

impl From<&Player> for PlayerRecord {
    fn from(p: &Player) -> PlayerRecord {
        PlayerRecord {
            name: p.name.clone(),
            visually_impaired: p.visually_impaired,
            board: N(p.board),
            assistant: p.assistant,
            computer: p.computer,
        }
    }
}

impl From<PlayerRecord> for Player {
    fn from(r: PlayerRecord) -> Player {
        Player {
            name: r.name,
            visually_impaired: r.visually_impaired,
            board: r.board.0,
            assistant: r.assistant,
            computer: r.computer,
        }
    }
}

impl From<&Period> for PeriodRecord {
    fn from(p: &Period) -> PeriodRecord {
        PeriodRecord {
            moves: p.moves,
            base_ms: p.base_ms,
            increment_ms: p.increment_ms,
            delay_ms: p.delay_ms,
        }
    }
}

impl From<&PeriodRecord> for Period {
    fn from(p: &PeriodRecord) -> Period {
        Period {
            moves: p.moves,
            base_ms: p.base_ms,
            increment_ms: p.increment_ms,
            delay_ms: p.delay_ms,
        }
    }
}

impl From<&Profile> for ProfileRecord {
    fn from(p: &Profile) -> ProfileRecord {
        ProfileRecord {
            edition: N(p.edition),
            procedure: N(p.procedure),
            flag: N(p.flag),
            illegal_penalty_ms: p.illegal_penalty_ms,
            illegal_moves_lose_at: p.illegal_moves_lose_at,
            false_claim_bonus_ms: p.false_claim_bonus_ms,
            false_claim_halves: p.false_claim_halves,
            failover: (p.failover != Failover::default()).then_some(N(p.failover)),
            wait_for_start: p.wait_for_start,
            default_time_ms: p.default_time_ms,
            vi_illegal: Some(N(p.vi_illegal)),
            after_fix: Some(N(p.after_fix)),
            touch_stops_clock: Some(p.touch_stops_clock),
        }
    }
}

impl From<ProfileRecord> for Profile {
    fn from(p: ProfileRecord) -> Profile {
        Profile {
            edition: p.edition.0,
            procedure: p.procedure.0,
            flag: p.flag.0,
            illegal_penalty_ms: p.illegal_penalty_ms,
            illegal_moves_lose_at: p.illegal_moves_lose_at,
            false_claim_bonus_ms: p.false_claim_bonus_ms,
            false_claim_halves: p.false_claim_halves,
            failover: p.failover.map_or_else(Failover::default, |f| f.0),
            wait_for_start: p.wait_for_start,
            default_time_ms: p.default_time_ms,
            vi_illegal: p.vi_illegal.map_or(ViIllegal::default(), |n| n.0),
            after_fix: p.after_fix.map_or(AfterFix::default(), |n| n.0),
            touch_stops_clock: p.touch_stops_clock.unwrap_or(true),
        }
    }
}

impl From<&Setup> for SetupRecord {
    fn from(s: &Setup) -> SetupRecord {
        let tc = &s.time_control;
        SetupRecord {
            base_ms: tc.base_ms,
            increment_ms: tc.increment_ms,
            delay_ms: tc.delay_ms,
            moves: tc.moves,
            later: tc.later.iter().flatten().map(PeriodRecord::from).collect(),
            white: (&s.players.white).into(),
            black: (&s.players.black).into(),
            languages: s.languages.iter().copied().map(N).collect(),
            profile: Some((&s.profile).into()),
            event_name: s.event.name.clone(),
            event_site: s.event.site.clone(),
            event_round: s.event.round.clone(),
            event_board: s.event.board,
            white_fide_id: s.event.fide_ids.white.clone(),
            black_fide_id: s.event.fide_ids.black.clone(),
            start_fen: (!s.start.is_initial()).then(|| s.start.fen().to_owned()),
        }
    }
}

impl TryFrom<SetupRecord> for Setup {
    type Error = RecordError;

    fn try_from(r: SetupRecord) -> Result<Setup, RecordError> {
        let count = r.languages.len();
        let languages: [N<Lang>; 6] = r
            .languages
            .try_into()
            .map_err(|_| RecordError::Languages(count))?;
        if r.later.len() >= MAX_PERIODS {
            return Err(RecordError::Periods(r.later.len()));
        }
        let mut later = [None; MAX_PERIODS - 1];
        for (slot, p) in later.iter_mut().zip(&r.later) {
            *slot = Some(p.into());
        }
        let start = match r.start_fen {
            None => StartPosition::initial(),
            Some(fen) => StartPosition::from_fen(&fen)
                .map_err(|source| RecordError::Start { fen, source })?,
        };
        Ok(Setup {
            start,
            time_control: TimeControl {
                base_ms: r.base_ms,
                increment_ms: r.increment_ms,
                delay_ms: r.delay_ms,
                moves: r.moves,
                later,
            },
            profile: r.profile.map(Profile::from).unwrap_or_default(),
            event: EventInfo {
                name: r.event_name,
                site: r.event_site,
                round: r.event_round,
                board: r.event_board,
                fide_ids: ByColor {
                    white: r.white_fide_id,
                    black: r.black_fide_id,
                },
            },
            players: ByColor {
                white: r.white.into(),
                black: r.black.into(),
            },
            languages: languages.map(|l| l.0),
        })
    }
}

/// The `games.setup` column of a setup.
pub(super) fn setup_to_json(s: &Setup) -> String {
    serde_json::to_string(&SetupRecord::from(s)).expect("a setup record serialises")
}

/// A setup from its `games.setup` column.
pub(super) fn setup_from_json(text: &str) -> Result<Setup, RecordError> {
    let r: SetupRecord = serde_json::from_str(text).map_err(|source| RecordError::Json {
        what: "setup",
        source,
    })?;
    r.try_into()
}

// ---------------------------------------------------------------------------------------------
// Events

#[derive(Serialize, Deserialize)]
struct ClockRecord {
    white_ms: u64,
    black_ms: u64,
    running: Option<N<Color>>,
}

/// What a board event did, by its stable name ([`BoardOp::key`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum OpRecord {
    Lift,
    Place,
    Remove,
    Touch,
    Move,
}

/// One record per kind of event, tagged by `kind`.
#[derive(Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
enum EventRecord {
    Moved {
        by: N<Seat>,
        uci: N<UciMove>,
    },
    Paused {
        by: Option<N<Seat>>,
    },
    Resumed {
        by: N<Seat>,
    },
    ClockSet {
        by: N<Seat>,
        color: N<Color>,
        remaining_ms: u64,
    },
    Ended {
        result: N<GameResult>,
        reason: N<EndReason>,
        by: Option<N<Seat>>,
    },
    /// An electronic board's raw readings (schema 10): each `[at_ms, square, found]`, `found`
    /// a piece's FEN letter, `empty` or `occupied`.
    BoardSensed {
        by: N<Seat>,
        board: N<Color>,
        readings: Vec<(u64, N<Square>, N<SquareReading>)>,
    },
    /// `square` is where the op happened (`from` for a move); `to` only for a move.
    Board {
        by: N<Seat>,
        board: N<Color>,
        op: OpRecord,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        square: Option<N<Square>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        to: Option<N<Square>>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        promotion: Option<N<Role>>,
    },
    Adjusting {
        by: N<Seat>,
    },
    Announced {
        by: N<Seat>,
        uci: N<UciMove>,
        correction: bool,
    },
    Repeated {
        by: N<Seat>,
        uci: N<UciMove>,
        matches: bool,
    },
    IllegalMove {
        by: N<Seat>,
        color: N<Color>,
        from: N<Square>,
        to: N<Square>,
        count: u32,
        penalty_ms: u64,
    },
    IllegalAnnounced {
        by: N<Seat>,
        color: N<Color>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        uci: Option<N<UciMove>>,
        count: u32,
        penalty_ms: u64,
    },
    /// A seat's link issued again (schema 9): the new token's hash.
    SeatLinkIssued {
        by: N<Seat>,
        seat: N<Seat>,
        hash: N<[u8; 32]>,
    },
    /// A practice game's take-back (schema 6).
    TakenBack {
        by: N<Seat>,
        ply: u32,
    },
    Started {
        by: N<Seat>,
    },
    Arrived {
        by: N<Seat>,
        color: N<Color>,
    },
    DefaultTimeOver {
        color: N<Color>,
    },
    TouchReported {
        by: N<Seat>,
        color: N<Color>,
        square: N<Square>,
    },
    TouchRuled {
        by: N<Seat>,
        upheld: bool,
    },
    /// The arbiter released a touch as not deliberate (schema 8).
    TouchReleased {
        by: N<Seat>,
        color: N<Color>,
    },
    /// The arbiter's note on his ruling (schema 8).
    Noted {
        by: N<Seat>,
        text: String,
    },
    /// The arbiter's correction of the result after the end (schema 8).
    ResultCorrected {
        by: N<Seat>,
        result: N<GameResult>,
        reason_of_end: N<EndReason>,
        reason: String,
    },
    BoardRestored {
        by: N<Seat>,
        board: N<Color>,
    },
    DrawOffered {
        by: N<Seat>,
    },
    DrawDeclined {
        by: N<Seat>,
    },
    DrawOfferLapsed,
    DrawClaimed {
        by: N<Seat>,
        claim: N<ClaimKind>,
        uci: Option<N<UciMove>>,
        correct: bool,
        bonus_ms: u64,
        taken_ms: u64,
    },
    FlagFell {
        color: N<Color>,
    },
    ClockTold {
        by: N<Seat>,
        color: N<Color>,
        white_moves: u32,
        black_moves: u32,
    },
    ClockWarnings {
        by: N<Seat>,
        color: N<Color>,
        on: bool,
    },
    ClockWarning {
        color: N<Color>,
        remaining_ms: u64,
    },
    SheetWritten {
        by: N<Seat>,
        color: N<Color>,
        ply: u32,
        text: String,
        #[serde(default)]
        draw_offer: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        audio: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        audio_mime: Option<String>,
        #[serde(default)]
        auto: bool,
    },
    SheetStruck {
        by: N<Seat>,
        color: N<Color>,
        ply: u32,
    },
    SheetAutoRecord {
        by: N<Seat>,
        color: N<Color>,
        on: bool,
    },
    BoardsDiverged {
        by: Option<N<Seat>>,
    },
    Ruled {
        by: N<Seat>,
        branch: N<BranchKind>,
        ply: u32,
    },
    BoardFixed {
        by: N<Seat>,
        board: N<Color>,
        square: N<Square>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        piece: Option<N<Piece>>,
    },
    Reconciled,
    AdjournmentCalled {
        by: N<Seat>,
        resume_at_ms: u64,
    },
    MoveSealed {
        by: N<Seat>,
        text: String,
    },
    Adjourned {
        by: N<Seat>,
    },
    SealOpened {
        by: N<Seat>,
    },
}

/// The `events.data` column: the event and the clock right after it (its number and time
/// have columns of their own).
#[derive(Serialize, Deserialize)]
struct RecordedRecord {
    #[serde(flatten)]
    event: EventRecord,
    clock: ClockRecord,
}

impl From<&ClockReading> for ClockRecord {
    fn from(c: &ClockReading) -> ClockRecord {
        ClockRecord {
            white_ms: c.white_ms,
            black_ms: c.black_ms,
            running: c.running.map(N),
        }
    }
}

impl From<ClockRecord> for ClockReading {
    fn from(c: ClockRecord) -> ClockReading {
        ClockReading {
            white_ms: c.white_ms,
            black_ms: c.black_ms,
            running: c.running.map(|c| c.0),
        }
    }
}

/// Each group of events is mapped in a module of its own, both ways: `moves`, `boards`,
/// `clocks`, `endings`, `desk`.
impl From<&Event> for EventRecord {
    fn from(event: &Event) -> EventRecord {
        match event {
            Event::Moved { .. }
            | Event::Announced { .. }
            | Event::Repeated { .. }
            | Event::IllegalMove { .. }
            | Event::IllegalAnnounced { .. }
            | Event::TakenBack { .. } => moves::record(event),
            Event::Board { .. }
            | Event::BoardSensed { .. }
            | Event::Adjusting { .. }
            | Event::TouchReported { .. }
            | Event::TouchRuled { .. }
            | Event::TouchReleased { .. }
            | Event::BoardRestored { .. } => boards::record(event),
            Event::Paused { .. }
            | Event::Resumed { .. }
            | Event::ClockSet { .. }
            | Event::Started { .. }
            | Event::Arrived { .. }
            | Event::DefaultTimeOver { .. }
            | Event::FlagFell { .. }
            | Event::ClockTold { .. }
            | Event::ClockWarnings { .. }
            | Event::ClockWarning { .. } => clocks::record(event),
            Event::Ended { .. }
            | Event::DrawOffered { .. }
            | Event::DrawDeclined { .. }
            | Event::DrawOfferLapsed
            | Event::DrawClaimed { .. }
            | Event::Noted { .. }
            | Event::ResultCorrected { .. } => endings::record(event),
            Event::SheetWritten { .. }
            | Event::SheetStruck { .. }
            | Event::SheetAutoRecord { .. }
            | Event::BoardsDiverged { .. }
            | Event::Ruled { .. }
            | Event::BoardFixed { .. }
            | Event::Reconciled
            | Event::AdjournmentCalled { .. }
            | Event::MoveSealed { .. }
            | Event::Adjourned { .. }
            | Event::SealOpened { .. } => desk::record(event),
            Event::SeatLinkIssued { by, seat, hash } => EventRecord::SeatLinkIssued {
                by: N(*by),
                seat: N(*seat),
                hash: N(*hash),
            },
        }
    }
}

impl TryFrom<EventRecord> for Event {
    type Error = RecordError;

    fn try_from(r: EventRecord) -> Result<Event, RecordError> {
        Ok(match r {
            EventRecord::Moved { .. }
            | EventRecord::Announced { .. }
            | EventRecord::Repeated { .. }
            | EventRecord::IllegalMove { .. }
            | EventRecord::IllegalAnnounced { .. }
            | EventRecord::TakenBack { .. } => moves::event(r),
            EventRecord::Board { .. }
            | EventRecord::BoardSensed { .. }
            | EventRecord::Adjusting { .. }
            | EventRecord::TouchReported { .. }
            | EventRecord::TouchRuled { .. }
            | EventRecord::TouchReleased { .. }
            | EventRecord::BoardRestored { .. } => boards::event(r)?,
            EventRecord::Paused { .. }
            | EventRecord::Resumed { .. }
            | EventRecord::ClockSet { .. }
            | EventRecord::Started { .. }
            | EventRecord::Arrived { .. }
            | EventRecord::DefaultTimeOver { .. }
            | EventRecord::FlagFell { .. }
            | EventRecord::ClockTold { .. }
            | EventRecord::ClockWarnings { .. }
            | EventRecord::ClockWarning { .. } => clocks::event(r),
            EventRecord::Ended { .. }
            | EventRecord::DrawOffered { .. }
            | EventRecord::DrawDeclined { .. }
            | EventRecord::DrawOfferLapsed
            | EventRecord::DrawClaimed { .. }
            | EventRecord::Noted { .. }
            | EventRecord::ResultCorrected { .. } => endings::event(r),
            EventRecord::SheetWritten { .. }
            | EventRecord::SheetStruck { .. }
            | EventRecord::SheetAutoRecord { .. }
            | EventRecord::BoardsDiverged { .. }
            | EventRecord::Ruled { .. }
            | EventRecord::BoardFixed { .. }
            | EventRecord::Reconciled
            | EventRecord::AdjournmentCalled { .. }
            | EventRecord::MoveSealed { .. }
            | EventRecord::Adjourned { .. }
            | EventRecord::SealOpened { .. } => desk::event(r),
            EventRecord::SeatLinkIssued { by, seat, hash } => Event::SeatLinkIssued {
                by: by.0,
                seat: seat.0,
                hash: hash.0,
            },
        })
    }
}

/// The `data` column of an event row (everything but the game, number and time).
pub fn event_to_json(event: &Event, clock: &ClockReading) -> String {
    let r = RecordedRecord {
        event: event.into(),
        clock: clock.into(),
    };
    serde_json::to_string(&r).expect("an event record serialises")
}

/// An event and the clock after it from the `data` column of its row.
pub fn event_from_json(text: &str) -> Result<(Event, ClockReading), RecordError> {
    let r: RecordedRecord = serde_json::from_str(text).map_err(|source| RecordError::Json {
        what: "event",
        source,
    })?;
    Ok((r.event.try_into()?, r.clock.into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A setup as stored before games could start from a position (no `start_fen`), before
    /// rules profiles, delays, periods and event tags.
    const OLD_SETUP: &str = r#"{"base_ms":900000,"increment_ms":10000,"white":{"name":"Anna","visually_impaired":true,"board":"tactile","assistant":true},"black":{"name":"Berk","visually_impaired":false,"board":"normal","assistant":false},"languages":["de","tr","de","de","en","de"]}"#;

    #[test]
    fn old_setups_start_from_the_initial_position_with_the_default_profile() {
        let setup = setup_from_json(OLD_SETUP).unwrap();
        assert!(setup.start.is_initial());
        assert_eq!(setup.profile, Profile::default());
        assert_eq!(setup.time_control, TimeControl::fischer(900_000, 10_000));
        // Written again, an initial start adds nothing to the record.
        assert!(!setup_to_json(&setup).contains("start_fen"));
    }

    #[test]
    fn the_failover_policy_is_stored_only_when_not_the_default() {
        let mut setup = setup_from_json(OLD_SETUP).unwrap();
        // `pause` adds nothing: records written before the policy existed stay the same.
        assert!(!setup_to_json(&setup).contains("failover"));
        setup.profile.failover = Failover::Continue;
        let json = setup_to_json(&setup);
        assert!(json.contains(r#""failover":"continue""#), "{json}");
        assert_eq!(setup_from_json(&json).unwrap().profile, setup.profile);
        let bad = json.replace(r#""failover":"continue""#, r#""failover":"later""#);
        assert!(setup_from_json(&bad).is_err());
    }

    #[test]
    fn a_start_position_round_trips_and_a_damaged_one_does_not_read() {
        let mut setup = setup_from_json(OLD_SETUP).unwrap();
        let fen = "7k/8/8/8/8/8/5PPP/3Q1RK1 b - - 3 40";
        setup.start = StartPosition::from_fen(fen).unwrap();
        let json = setup_to_json(&setup);
        assert!(json.contains(fen), "{json}");
        let back = setup_from_json(&json).unwrap();
        assert_eq!(back, setup);
        assert_eq!(back.start.fen(), fen);
        let damaged = json.replace(fen, "7k/8/8/8/8/8/5PPP/3Q1RK1 x - - 3 40");
        let err = setup_from_json(&damaged).unwrap_err();
        assert!(matches!(err, RecordError::Start { .. }), "{err}");
        // The cause is kept.
        assert!(std::error::Error::source(&err).is_some());
    }

    #[test]
    fn a_name_that_does_not_read_says_what_it_was_meant_to_be() {
        let cases = [
            (
                r#"{"kind":"resumed","by":"umpire","clock":{"white_ms":1,"black_ms":2,"running":null}}"#,
                "seat \"umpire\"",
            ),
            (
                r#"{"kind":"flag_fell","color":"red","clock":{"white_ms":1,"black_ms":2,"running":null}}"#,
                "colour \"red\"",
            ),
            (
                r#"{"kind":"moved","by":"white","uci":"e2e9","clock":{"white_ms":1,"black_ms":2,"running":null}}"#,
                "uci \"e2e9\"",
            ),
            (
                r#"{"kind":"board","by":"white","board":"white","op":"place","square":"a1","promotion":"qq","clock":{"white_ms":1,"black_ms":2,"running":null}}"#,
                "piece \"qq\"",
            ),
            (
                r#"{"kind":"board_fixed","by":"white","board":"white","square":"a1","piece":"X","clock":{"white_ms":1,"black_ms":2,"running":null}}"#,
                "piece \"X\"",
            ),
            (
                r#"{"kind":"ended","result":"2-0","reason":"checkmate","by":null,"clock":{"white_ms":1,"black_ms":2,"running":null}}"#,
                "result \"2-0\"",
            ),
            (
                r#"{"kind":"board","by":"white","board":"white","op":"juggle","square":"a1","clock":{"white_ms":1,"black_ms":2,"running":null}}"#,
                "juggle",
            ),
            (
                r#"{"kind":"teleported","clock":{"white_ms":1,"black_ms":2,"running":null}}"#,
                "teleported",
            ),
        ];
        for (json, says) in cases {
            let err = event_from_json(json).unwrap_err();
            assert!(err.to_string().contains(says), "{json}: {err}");
            assert!(std::error::Error::source(&err).is_some(), "{err}");
        }
        let err = event_from_json(
            r#"{"kind":"board","by":"white","board":"white","op":"move","square":"a1","clock":{"white_ms":1,"black_ms":2,"running":null}}"#,
        )
        .unwrap_err();
        assert!(
            matches!(
                err,
                RecordError::BoardSquare {
                    op: "move",
                    field: "to"
                }
            ),
            "{err}"
        );
        let five = OLD_SETUP.replace(r#","en","de"]"#, r#","en"]"#);
        assert!(matches!(
            setup_from_json(&five),
            Err(RecordError::Languages(5))
        ));
    }
}
