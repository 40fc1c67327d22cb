//! Client messages on the WebSocket: serde types, internally tagged on `type`, decoded once.
//!
//! [`decode`] answers a [`ClientMsg`] or a [`DecodeError`] with its stable code: not a JSON
//! object (`bad_json`), a `v` other than 1 (`unsupported_version`), no `type`
//! (`missing_field`), a `type` no variant has (`unknown_type`, from [`ClientMsg::VARIANTS`]),
//! and a missing or mistyped field (`missing_field`, `invalid_field`), named. A field sent as
//! `null` counts as absent. The session maps each message straight to the table's
//! [`crate::table::Order`]; there is no second type between the wire and the table.

use std::str::FromStr;

use serde::de::{self, Deserializer};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use shakmaty::uci::UciMove;
use shakmaty::{Color, Piece, Role, Square};

use crate::announce::Lang;
use crate::eboard::BoardStatus;
use crate::eboard::assemble::{Mismatch, WrongPiece};
use crate::game::{BoardOp, ClaimKind, GameResult, SquareReading};
use crate::server::wire::{ErrorCode, PROTOCOL_VERSION, parse_color};

/// The longest request id accepted (bytes).
pub const MAX_ID_LEN: usize = 64;

/// A request id: a string of at most [`MAX_ID_LEN`] bytes or an integer. The answer carries
/// it back as it came.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(transparent)]
pub struct RequestId(pub Value);

impl RequestId {
    fn check(v: &Value) -> bool {
        match v {
            Value::String(s) => s.len() <= MAX_ID_LEN,
            Value::Number(n) => n.is_i64() || n.is_u64(),
            _ => false,
        }
    }
}

impl From<RequestId> for Value {
    fn from(id: RequestId) -> Value {
        id.0
    }
}

impl<'de> Deserialize<'de> for RequestId {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RequestId, D::Error> {
        let v = Value::deserialize(d)?;
        if RequestId::check(&v) {
            Ok(RequestId(v))
        } else {
            Err(de::Error::custom(
                "a request id is a string of at most 64 bytes or an integer",
            ))
        }
    }
}

/// A message from a client. Every message but `hello` carries an `id`.
#[derive(Clone, Debug, PartialEq, Deserialize, strum::VariantNames, strum::IntoStaticStr)]
#[serde(tag = "type", rename_all = "snake_case")]
#[strum(serialize_all = "snake_case")]
pub enum ClientMsg {
    /// The greeting: the handshake (`v` required), the seat's token.
    Hello(Hello),
    Move {
        id: RequestId,
        uci: String,
    },
    Announce {
        id: RequestId,
        text: String,
    },
    Pause {
        id: RequestId,
    },
    Resume {
        id: RequestId,
    },
    /// The arbiter starts a game that waits for his start (Art. 6.5): White's clock runs.
    Start {
        id: RequestId,
    },
    SetClock {
        id: RequestId,
        #[serde(deserialize_with = "parsed")]
        color: Color,
        remaining_ms: u64,
        /// The arbiter's note on this ruling (plain text, one line).
        #[serde(default)]
        note: Option<String>,
    },
    End {
        id: RequestId,
        #[serde(deserialize_with = "parsed")]
        result: GameResult,
        /// The arbiter's note on this ruling (plain text, one line).
        #[serde(default)]
        note: Option<String>,
    },
    /// The arbiter declares a forfeit before a move was made (issue 31): `1-0`, `0-1`, or
    /// `0-0` (a double forfeit); asked again unless `confirmed`.
    Forfeit {
        id: RequestId,
        #[serde(deserialize_with = "parsed")]
        result: GameResult,
        #[serde(default, deserialize_with = "null_false")]
        confirmed: bool,
        /// The arbiter's note on this ruling (plain text, one line).
        #[serde(default)]
        note: Option<String>,
    },
    /// The arbiter corrects the result after the end (issue 31), with his `reason`;
    /// `forfeit`: as a forfeit; asked again unless `confirmed`.
    CorrectResult {
        id: RequestId,
        #[serde(deserialize_with = "parsed")]
        result: GameResult,
        #[serde(default, deserialize_with = "null_false")]
        forfeit: bool,
        reason: String,
        #[serde(default, deserialize_with = "null_false")]
        confirmed: bool,
    },
    State {
        id: RequestId,
    },
    Ping {
        id: RequestId,
    },
    /// Say the last thing spoken to this seat again (audio and the machine's voice).
    Repeat {
        id: RequestId,
    },
    /// An event of a physical board: `action` and its squares.
    Board(BoardMsg),
    /// The state of the seat's electronic board, from its bridge (issue 33): typed, said to
    /// the seat's connections in their languages.
    BoardStatus(BoardStatusMsg),
    /// An electronic board's raw readings, from its bridge (issue 33): the arbiter's evidence.
    BoardSensed(BoardSensedMsg),
    PressClock {
        id: RequestId,
    },
    /// Repeat the opponent's announcement (F2).
    RepeatMove {
        id: RequestId,
        text: String,
    },
    Adjust {
        id: RequestId,
    },
    Resign {
        id: RequestId,
        #[serde(default, deserialize_with = "null_false")]
        confirmed: bool,
    },
    OfferDraw {
        id: RequestId,
        #[serde(default, deserialize_with = "null_false")]
        confirmed: bool,
    },
    AcceptDraw {
        id: RequestId,
    },
    DeclineDraw {
        id: RequestId,
    },
    ClaimDraw {
        id: RequestId,
        #[serde(rename = "claim", deserialize_with = "parsed")]
        kind: ClaimKind,
        /// The move written but not played: UCI or words.
        #[serde(default)]
        uci: Option<String>,
        #[serde(default)]
        text: Option<String>,
        #[serde(default, deserialize_with = "null_false")]
        confirmed: bool,
    },
    ClaimTime {
        id: RequestId,
    },
    ReportTouch {
        id: RequestId,
        #[serde(deserialize_with = "parsed")]
        square: Square,
    },
    RuleTouch {
        id: RequestId,
        upheld: bool,
        /// The arbiter's note on this ruling (plain text, one line).
        #[serde(default)]
        note: Option<String>,
    },
    /// The arbiter releases the side to move's touch as not deliberate (issue 31); asked
    /// again unless `confirmed`.
    ReleaseTouch {
        id: RequestId,
        #[serde(default, deserialize_with = "null_false")]
        confirmed: bool,
        /// The arbiter's note on this ruling (plain text, one line).
        #[serde(default)]
        note: Option<String>,
    },
    RestoreBoard {
        id: RequestId,
        #[serde(deserialize_with = "parsed")]
        board: Color,
        /// The arbiter's note on this ruling (plain text, one line).
        #[serde(default)]
        note: Option<String>,
    },
    TalkingClock {
        id: RequestId,
    },
    ClockWarnings {
        id: RequestId,
        on: bool,
    },
    /// This connection's moves said with the piece they capture ("König schlägt Dame David
    /// acht") or not (issue 15); answered by `ack`.
    SayCaptured {
        id: RequestId,
        on: bool,
    },
    /// The legal moves of a piece or from a square, named in words of the connection's
    /// language ("Springer", "Eva zwei", "e2"); answered by `legal_moves`.
    LegalMoves {
        id: RequestId,
        text: String,
        /// Only the moves that capture (the blind player's page: Shift+M on a square).
        #[serde(default)]
        captures: bool,
    },
    /// The pieces each side has lost and the material balance; answered by `material`.
    Material {
        id: RequestId,
    },
    /// A game against the computer (issue 34): a good move for the player to move, in his
    /// words; answered by `hint`.
    Hint {
        id: RequestId,
    },
    /// A game against the computer: who stands better, in words; answered by `eval`.
    Eval {
        id: RequestId,
    },
    /// A game against the computer: take back one's last move and the computer's reply;
    /// answered by the `taken_back` event and `ack`.
    TakeBack {
        id: RequestId,
    },
    /// An entry of one's own side's scoresheet (a correction if filled).
    WriteSheet {
        id: RequestId,
        number: SheetNumber,
        #[serde(deserialize_with = "parsed")]
        side: Color,
        text: String,
        #[serde(default, deserialize_with = "null_false")]
        draw_offer: bool,
        /// The id of a recording uploaded with `POST /api/games/{id}/audio`.
        #[serde(default)]
        audio: Option<String>,
    },
    /// Cross an entry out.
    StrikeSheet {
        id: RequestId,
        number: SheetNumber,
        #[serde(deserialize_with = "parsed")]
        side: Color,
    },
    /// Record one's own accepted announcements on one's sheet.
    AutoRecord {
        id: RequestId,
        on: bool,
    },
    /// The arbiter compares the boards.
    CompareBoards {
        id: RequestId,
    },
    /// The arbiter rules: D.2.9, or with `ply` the position after that half-move. Without
    /// `confirmed` and the `take_back` he was shown, the server only shows the consequence
    /// (`confirm`).
    Reconcile {
        id: RequestId,
        #[serde(default)]
        ply: Option<u32>,
        #[serde(default, deserialize_with = "null_false")]
        confirmed: bool,
        #[serde(default)]
        take_back: Option<u32>,
        /// The arbiter's note on this ruling (plain text, one line).
        #[serde(default)]
        note: Option<String>,
    },
    /// The arbiter undoes his last ruling that took moves back (asked again unless
    /// `confirmed`).
    UndoRuling {
        id: RequestId,
        #[serde(default, deserialize_with = "null_false")]
        confirmed: bool,
        /// The arbiter's note on this ruling (plain text, one line).
        #[serde(default)]
        note: Option<String>,
    },
    /// A piece lifted from / put on a board being put right.
    FixBoard {
        id: RequestId,
        #[serde(deserialize_with = "parsed")]
        board: Color,
        action: FixAction,
        #[serde(deserialize_with = "parsed")]
        square: Square,
        #[serde(default, deserialize_with = "parsed_opt")]
        piece: Option<Piece>,
    },
    /// The arbiter adjourns; play resumes at `resume_at_ms`.
    CallAdjournment {
        id: RequestId,
        #[serde(default, deserialize_with = "null_zero")]
        resume_at_ms: u64,
    },
    /// The sealed move, written or rewritten.
    SealMove {
        id: RequestId,
        text: String,
    },
    /// The sealer stops the clock; the envelope closes.
    SealStopClock {
        id: RequestId,
    },
    /// The arbiter opens the sealed move at the resumption.
    OpenSealed {
        id: RequestId,
    },
    /// Voice input (`docs/voice.md`): an utterance starts; binary frames of PCM follow.
    VoiceStart {
        id: RequestId,
        #[serde(default, deserialize_with = "sample_rate")]
        rate: (),
        #[serde(default, deserialize_with = "sample_format")]
        format: (),
    },
    /// The utterance is complete: recognise it.
    VoiceEnd {
        id: RequestId,
    },
    /// Forget the utterance (and a recognition under way).
    VoiceCancel {
        id: RequestId,
    },
    /// Answer the open question: `Some(n)` plays the n-th candidate offered (0 = the one asked
    /// about: "yes"), `null` is "no". Required, even as `null`.
    VoiceAnswer {
        id: RequestId,
        #[serde(deserialize_with = "pick")]
        pick: Option<usize>,
    },
}

/// The greeting.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Hello {
    /// The protocol version: required here, it is the handshake (checked by [`decode`]).
    pub v: u64,
    pub token: String,
    /// A negative number is one the server never issued: a fresh `state`, as without it.
    #[serde(default, deserialize_with = "since_opt")]
    pub since: Option<u64>,
    #[serde(default, deserialize_with = "parsed_opt")]
    pub lang: Option<Lang>,
    /// Also send rendered audio (WAV) of what this seat hears.
    #[serde(default, deserialize_with = "null_false")]
    pub audio: bool,
    /// Moves said with the piece they capture; absent: on for a visually impaired
    /// player's own seat, off for every other (issue 15).
    #[serde(default)]
    pub captured: Option<bool>,
    /// The connection is a player's electronic board's bridge (issue 33): it takes no seat's
    /// place (the seat's page stays), one bridge per board.
    #[serde(default, deserialize_with = "null_false")]
    pub eboard: bool,
}

/// The most squares a mismatch names: every square once.
pub const MAX_MISMATCH_SQUARES: usize = 64;

/// `board_status`, checked: the status with the fields it needs.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(try_from = "BoardStatusIn")]
pub struct BoardStatusMsg {
    pub id: RequestId,
    pub status: BoardStatus,
}

/// `board_status` as it comes: `mismatch` needs at least one of `missing`, `extra` and
/// `wrong`, `promotion` needs `from` and `to`, `holding` needs `square` and `piece`.
#[derive(Deserialize)]
struct BoardStatusIn {
    id: RequestId,
    status: StatusKey,
    #[serde(default)]
    missing: Option<Vec<PieceOn>>,
    #[serde(default)]
    extra: Option<Vec<MaybePieceOn>>,
    #[serde(default)]
    wrong: Option<Vec<WrongOn>>,
    #[serde(default, deserialize_with = "parsed_opt")]
    from: Option<Square>,
    #[serde(default, deserialize_with = "parsed_opt")]
    to: Option<Square>,
    #[serde(default, deserialize_with = "parsed_opt")]
    square: Option<Square>,
    #[serde(default, deserialize_with = "parsed_opt")]
    piece: Option<Piece>,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
enum StatusKey {
    Connected,
    Lost,
    Back,
    InSync,
    Mismatch,
    Promotion,
    Holding,
}

/// `{"square": "f3", "piece": "N"}`: a piece (a FEN letter) on a square.
#[derive(Deserialize)]
struct PieceOn {
    #[serde(deserialize_with = "parsed")]
    square: Square,
    #[serde(deserialize_with = "parsed")]
    piece: Piece,
}

/// As [`PieceOn`], the piece `null` for a board that cannot tell it.
#[derive(Deserialize)]
struct MaybePieceOn {
    #[serde(deserialize_with = "parsed")]
    square: Square,
    #[serde(default, deserialize_with = "parsed_opt")]
    piece: Option<Piece>,
}

/// `{"square": "d1", "found": "q", "expected": "Q"}`.
#[derive(Deserialize)]
struct WrongOn {
    #[serde(deserialize_with = "parsed")]
    square: Square,
    #[serde(deserialize_with = "parsed")]
    found: Piece,
    #[serde(deserialize_with = "parsed")]
    expected: Piece,
}

impl TryFrom<BoardStatusIn> for BoardStatusMsg {
    type Error = String;

    /// The fields each status needs; what they say is checked by [`BoardStatusMsg::problem`].
    fn try_from(b: BoardStatusIn) -> Result<BoardStatusMsg, String> {
        let status = match b.status {
            StatusKey::Connected => BoardStatus::Connected,
            StatusKey::Lost => BoardStatus::Lost,
            StatusKey::Back => BoardStatus::Back,
            StatusKey::InSync => BoardStatus::InSync,
            StatusKey::Promotion => BoardStatus::PromotionNeeded {
                from: b.from.ok_or_else(|| missing("from"))?,
                to: b.to.ok_or_else(|| missing("to"))?,
            },
            StatusKey::Holding => BoardStatus::Holding {
                square: b.square.ok_or_else(|| missing("square"))?,
                piece: b.piece.ok_or_else(|| missing("piece"))?,
            },
            StatusKey::Mismatch => {
                if b.missing.is_none() && b.extra.is_none() && b.wrong.is_none() {
                    return Err(missing("missing"));
                }
                BoardStatus::Mismatch(Mismatch {
                    missing: b
                        .missing
                        .unwrap_or_default()
                        .into_iter()
                        .map(|p| (p.square, p.piece))
                        .collect(),
                    extra: b
                        .extra
                        .unwrap_or_default()
                        .into_iter()
                        .map(|p| (p.square, p.piece))
                        .collect(),
                    wrong: b
                        .wrong
                        .unwrap_or_default()
                        .into_iter()
                        .map(|w| WrongPiece {
                            square: w.square,
                            found: w.found,
                            expected: w.expected,
                        })
                        .collect(),
                })
            }
        };
        Ok(BoardStatusMsg { id: b.id, status })
    }
}

impl BoardStatusMsg {
    /// The field whose value cannot be (`invalid_field`), if any: a promotion that is no
    /// pawn's step onto the last rank (`from`); a mismatch that names no square, a square
    /// twice or more than [`MAX_MISMATCH_SQUARES`] (the list where it happens), a wrong piece
    /// that is the one expected (`wrong`).
    pub fn problem(&self) -> Option<&'static str> {
        match &self.status {
            BoardStatus::PromotionNeeded { from, to } => {
                (!is_promotion_step(*from, *to)).then_some("from")
            }
            BoardStatus::Mismatch(m) => mismatch_problem(m),
            _ => None,
        }
    }
}

/// A pawn's step from the rank before the last onto the last, straight or diagonally.
fn is_promotion_step(from: Square, to: Square) -> bool {
    use shakmaty::Rank;
    let files = u32::from(from.file()).abs_diff(u32::from(to.file()));
    let ranks = (from.rank(), to.rank());
    files <= 1 && (ranks == (Rank::Seventh, Rank::Eighth) || ranks == (Rank::Second, Rank::First))
}

/// See [`BoardStatusMsg::problem`].
fn mismatch_problem(m: &Mismatch) -> Option<&'static str> {
    let squares = m
        .missing
        .iter()
        .map(|(sq, _)| ("missing", *sq))
        .chain(m.extra.iter().map(|(sq, _)| ("extra", *sq)))
        .chain(m.wrong.iter().map(|w| ("wrong", w.square)));
    let mut seen = shakmaty::Bitboard::EMPTY;
    for (n, (field, square)) in squares.enumerate() {
        if seen.contains(square) || n >= MAX_MISMATCH_SQUARES {
            return Some(field);
        }
        seen.add(square);
    }
    if seen.is_empty() {
        return Some("missing");
    }
    m.wrong
        .iter()
        .any(|w| w.found == w.expected)
        .then_some("wrong")
}

/// The oldest a raw reading may be when it is sent: an hour.
const MAX_READING_AGE_MS: u64 = 3_600_000;

/// `board_sensed`, checked: 1 to [`crate::game::MAX_READINGS`] readings, each `(ago_ms,
/// square, found)`, none older than [`MAX_READING_AGE_MS`].
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(try_from = "BoardSensedIn")]
pub struct BoardSensedMsg {
    pub id: RequestId,
    pub board: Color,
    pub readings: Vec<(u64, Square, SquareReading)>,
}

#[derive(Deserialize)]
struct BoardSensedIn {
    id: RequestId,
    #[serde(deserialize_with = "parsed")]
    board: Color,
    readings: Vec<ReadingIn>,
}

/// `{"ago_ms": 180, "square": "g8", "found": "empty"}`: `found` a FEN letter, `empty` or
/// `occupied`.
#[derive(Deserialize)]
struct ReadingIn {
    ago_ms: u64,
    #[serde(deserialize_with = "parsed")]
    square: Square,
    #[serde(deserialize_with = "parsed")]
    found: SquareReading,
}

impl TryFrom<BoardSensedIn> for BoardSensedMsg {
    type Error = String;

    fn try_from(b: BoardSensedIn) -> Result<BoardSensedMsg, String> {
        let count = b.readings.len();
        if count == 0 || count > crate::game::MAX_READINGS {
            return Err(format!("{count} readings"));
        }
        if b.readings.iter().any(|r| r.ago_ms > MAX_READING_AGE_MS) {
            return Err("a reading too old".to_owned());
        }
        Ok(BoardSensedMsg {
            id: b.id,
            board: b.board,
            readings: b
                .readings
                .into_iter()
                .map(|r| (r.ago_ms, r.square, r.found))
                .collect(),
        })
    }
}

/// A board event, checked: the `action` with the squares it needs.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(try_from = "BoardIn")]
pub struct BoardMsg {
    pub id: RequestId,
    pub board: Color,
    pub op: BoardOp,
}

/// `board` as it comes: which of `square`, `uci` and `promotion` are needed depends on the
/// action.
#[derive(Deserialize)]
struct BoardIn {
    id: RequestId,
    #[serde(deserialize_with = "parsed")]
    board: Color,
    #[serde(default, deserialize_with = "parsed_opt")]
    promotion: Option<Promotion>,
    action: BoardAction,
    #[serde(default, deserialize_with = "parsed_opt")]
    square: Option<Square>,
    #[serde(default, deserialize_with = "parsed_opt")]
    uci: Option<BoardMove>,
}

#[derive(Clone, Copy, Deserialize)]
#[serde(rename_all = "snake_case")]
enum BoardAction {
    Lift,
    Remove,
    Touch,
    Place,
    Move,
}

/// `fix_board`'s `action`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FixAction {
    Lift,
    Place,
}

impl TryFrom<BoardIn> for BoardMsg {
    type Error = String;

    fn try_from(b: BoardIn) -> Result<BoardMsg, String> {
        let square = || b.square.ok_or_else(|| missing("square"));
        let op = match b.action {
            BoardAction::Lift => BoardOp::Lift(square()?),
            BoardAction::Remove => BoardOp::Remove(square()?),
            BoardAction::Touch => BoardOp::Touch(square()?),
            BoardAction::Place => BoardOp::Place {
                square: square()?,
                promotion: b.promotion.map(|p| p.0),
            },
            BoardAction::Move => {
                let BoardMove(from, to, promotion) = b.uci.ok_or_else(|| missing("uci"))?;
                BoardOp::Move {
                    from,
                    to,
                    promotion,
                }
            }
        };
        Ok(BoardMsg {
            id: b.id,
            board: b.board,
            op,
        })
    }
}

/// serde's own sentence for a missing field, which [`decode`] reads back.
fn missing(field: &str) -> String {
    format!("missing field `{field}`")
}

/// A move number on a scoresheet: 1 to 1000.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
#[serde(try_from = "u64")]
pub struct SheetNumber(pub u32);

impl TryFrom<u64> for SheetNumber {
    type Error = &'static str;

    fn try_from(n: u64) -> Result<SheetNumber, &'static str> {
        match u32::try_from(n) {
            Ok(n) if (1..=1000).contains(&n) => Ok(SheetNumber(n)),
            _ => Err("a move number is 1 to 1000"),
        }
    }
}

/// A promotion piece on a board: one letter, not a king or a pawn.
#[derive(Clone, Copy)]
struct Promotion(Role);

/// A board's `move`: a normal UCI move (no drop, no null move).
#[derive(Clone, Copy)]
struct BoardMove(Square, Square, Option<Role>);

/// A value written as a string on the wire.
trait WireText: Sized {
    fn from_wire(s: &str) -> Option<Self>;
}

impl WireText for Color {
    fn from_wire(s: &str) -> Option<Color> {
        parse_color(s)
    }
}

impl WireText for Square {
    fn from_wire(s: &str) -> Option<Square> {
        Square::from_str(s).ok()
    }
}

impl WireText for GameResult {
    fn from_wire(s: &str) -> Option<GameResult> {
        GameResult::from_pgn(s)
    }
}

impl WireText for ClaimKind {
    fn from_wire(s: &str) -> Option<ClaimKind> {
        ClaimKind::from_key(s)
    }
}

impl WireText for Lang {
    fn from_wire(s: &str) -> Option<Lang> {
        s.parse().ok()
    }
}

fn one_char(s: &str) -> Option<char> {
    let mut chars = s.chars();
    let c = chars.next()?;
    chars.next().is_none().then_some(c)
}

impl WireText for Piece {
    /// A FEN letter.
    fn from_wire(s: &str) -> Option<Piece> {
        one_char(s).and_then(Piece::from_char)
    }
}

impl WireText for SquareReading {
    /// A FEN letter, `empty` or `occupied`.
    fn from_wire(s: &str) -> Option<SquareReading> {
        match s {
            "empty" => Some(SquareReading::Empty),
            "occupied" => Some(SquareReading::Occupied),
            s => Piece::from_wire(s).map(SquareReading::Piece),
        }
    }
}

impl WireText for Promotion {
    fn from_wire(s: &str) -> Option<Promotion> {
        one_char(s)
            .and_then(Role::from_char)
            .filter(|r| !matches!(r, Role::King | Role::Pawn))
            .map(Promotion)
    }
}

impl WireText for BoardMove {
    fn from_wire(s: &str) -> Option<BoardMove> {
        match s.parse::<UciMove>() {
            Ok(UciMove::Normal {
                from,
                to,
                promotion,
            }) => Some(BoardMove(from, to, promotion)),
            _ => None,
        }
    }
}

fn parsed<'de, D: Deserializer<'de>, T: WireText>(d: D) -> Result<T, D::Error> {
    let s = String::deserialize(d)?;
    T::from_wire(&s).ok_or_else(|| de::Error::custom("not a value this field takes"))
}

fn parsed_opt<'de, D: Deserializer<'de>, T: WireText>(d: D) -> Result<Option<T>, D::Error> {
    match Option::<String>::deserialize(d)? {
        None => Ok(None),
        Some(s) => T::from_wire(&s)
            .map(Some)
            .ok_or_else(|| de::Error::custom("not a value this field takes")),
    }
}

/// `since`: any whole number; a negative one (never issued) reads as none.
fn since_opt<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u64>, D::Error> {
    match Option::<serde_json::Number>::deserialize(d)? {
        None => Ok(None),
        Some(n) if n.is_f64() => Err(de::Error::custom("not a whole number")),
        Some(n) => Ok(n.as_u64()),
    }
}

fn null_false<'de, D: Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    Ok(Option::<bool>::deserialize(d)?.unwrap_or(false))
}

fn null_zero<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    Ok(Option::<u64>::deserialize(d)?.unwrap_or(0))
}

/// `voice_start`'s `rate`: 16000 if given.
fn sample_rate<'de, D: Deserializer<'de>>(d: D) -> Result<(), D::Error> {
    match Option::<Value>::deserialize(d)? {
        None => Ok(()),
        Some(v) if v.as_u64() == Some(u64::from(crate::voice::SAMPLE_RATE)) => Ok(()),
        Some(_) => Err(de::Error::custom("the only rate is 16000")),
    }
}

/// `voice_start`'s `format`: `s16le` if given.
fn sample_format<'de, D: Deserializer<'de>>(d: D) -> Result<(), D::Error> {
    match Option::<Value>::deserialize(d)? {
        None => Ok(()),
        Some(Value::String(f)) if f == "s16le" => Ok(()),
        Some(_) => Err(de::Error::custom("the only format is s16le")),
    }
}

/// `voice_answer`'s `pick`: 0, 1, 2 or `null` (required: absent is an error).
fn pick<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
    match Option::<Value>::deserialize(d)? {
        None => Ok(None),
        Some(v) => match v.as_u64() {
            Some(n) if n < 3 => Ok(Some(n as usize)),
            _ => Err(de::Error::custom("pick is 0, 1, 2 or null")),
        },
    }
}

impl ClientMsg {
    /// The message's `type` on the wire.
    pub fn kind(&self) -> &'static str {
        self.into()
    }
}

/// Why a client message could not be decoded. Each maps to one error code.
#[derive(Clone, Debug, PartialEq, thiserror::Error, strum::IntoStaticStr, strum::EnumIter)]
#[strum(serialize_all = "snake_case")]
pub enum DecodeError {
    /// Not a JSON object.
    #[error("not a JSON object")]
    BadJson,
    #[error("unknown type {0:?}")]
    UnknownType(String),
    #[error("missing field {0}")]
    MissingField(String),
    #[error("invalid field {0}")]
    InvalidField(String),
    #[error("unsupported version {0}")]
    UnsupportedVersion(u64),
}

impl DecodeError {
    /// The error code on the wire.
    pub fn code(&self) -> ErrorCode {
        ErrorCode::named(self.into())
    }
}

/// A decoded message, or the error and the request id if one could be read.
pub type Decoded = Result<ClientMsg, (DecodeError, Option<Value>)>;

/// Decodes one text frame.
/// What a message not decoded (refused before decoding, as one over the rate, or one that
/// does not decode) still says: its `id`, so that the error answers it, and its `lang`, so
/// that a `hello` refused is answered in the language it asks for.
pub fn peek(text: &str) -> (Option<Value>, Option<Lang>) {
    let Ok(Value::Object(obj)) = serde_json::from_str::<Value>(text) else {
        return (None, None);
    };
    let id = obj.get("id").filter(|v| RequestId::check(v)).cloned();
    let lang = obj
        .get("lang")
        .and_then(Value::as_str)
        .and_then(Lang::from_wire);
    (id, lang)
}

pub fn decode(text: &str) -> Decoded {
    let Ok(Value::Object(obj)) = serde_json::from_str::<Value>(text) else {
        return Err((DecodeError::BadJson, None));
    };
    let id = obj.get("id").filter(|v| RequestId::check(v)).cloned();
    decode_object(obj).map_err(|e| (e, id))
}

fn decode_object(obj: Map<String, Value>) -> Result<ClientMsg, DecodeError> {
    match obj.get("v") {
        None | Some(Value::Null) => {}
        Some(v) => match v.as_u64() {
            Some(PROTOCOL_VERSION) => {}
            Some(other) => return Err(DecodeError::UnsupportedVersion(other)),
            None => return Err(DecodeError::InvalidField("v".into())),
        },
    }
    let kind = match obj.get("type") {
        None | Some(Value::Null) => return Err(DecodeError::MissingField("type".into())),
        Some(Value::String(t)) => t.clone(),
        Some(_) => return Err(DecodeError::InvalidField("type".into())),
    };
    if !<ClientMsg as strum::VariantNames>::VARIANTS.contains(&kind.as_str()) {
        return Err(DecodeError::UnknownType(kind));
    }
    let msg = Value::Object(obj);
    let first = match ClientMsg::deserialize(&msg) {
        Ok(msg) => return Ok(msg),
        Err(e) => e.to_string(),
    };
    if let Some(field) = missing_field(&first) {
        return Err(DecodeError::MissingField(field));
    }
    match msg {
        Value::Object(obj) => Err(culprit(&obj, &first)),
        _ => Err(DecodeError::BadJson),
    }
}

/// Decodes a copy of `obj` (on the way to an error only).
fn from_object(obj: &Map<String, Value>) -> Result<ClientMsg, String> {
    ClientMsg::deserialize(&Value::Object(obj.clone())).map_err(|e| e.to_string())
}

/// The field a "missing field `x`" error names.
fn missing_field(error: &str) -> Option<String> {
    let rest = error.strip_prefix("missing field `")?;
    Some(rest.split('`').next()?.to_owned())
}

/// The field a mistyped message fails on: serde's sentence does not name it, so each field is
/// taken out in turn; the one whose absence changes the error is it (sent as `null`, it is
/// missing). If none does (two fields wrong the same way), the first field wrong by itself.
fn culprit(obj: &Map<String, Value>, error: &str) -> DecodeError {
    let named = |field: &str| {
        if obj.get(field).is_some_and(Value::is_null) {
            DecodeError::MissingField(field.to_owned())
        } else {
            DecodeError::InvalidField(field.to_owned())
        }
    };
    let fields = || obj.keys().filter(|k| *k != "type");
    for field in fields() {
        let mut without = obj.clone();
        without.remove(field);
        if from_object(&without).err().as_deref() != Some(error) {
            return named(field);
        }
    }
    for field in fields() {
        let mut alone = Map::new();
        alone.insert("type".into(), obj["type"].clone());
        alone.insert(field.clone(), obj[field].clone());
        if let Err(e) = from_object(&alone)
            && missing_field(&e).is_none()
        {
            return named(field);
        }
    }
    DecodeError::InvalidField("type".into())
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Role, Square};

    fn err(text: &str) -> (DecodeError, Option<Value>) {
        decode(text).unwrap_err()
    }

    #[test]
    fn decoding_table() {
        assert_eq!(
            decode(r#"{"type":"hello","v":1,"token":"x","since":3}"#),
            Ok(ClientMsg::Hello(Hello {
                v: 1,
                token: "x".into(),
                since: Some(3),
                lang: None,
                audio: false,
                captured: None,
                eboard: false
            }))
        );
        assert_eq!(
            decode(r#"{"type":"hello","v":1,"token":"x","audio":true}"#),
            Ok(ClientMsg::Hello(Hello {
                v: 1,
                token: "x".into(),
                since: None,
                lang: None,
                audio: true,
                captured: None,
                eboard: false
            }))
        );
        assert_eq!(
            err(r#"{"type":"hello","v":1,"token":"x","audio":"yes"}"#).0,
            DecodeError::InvalidField("audio".into())
        );
        assert_eq!(
            decode(r#"{"type":"repeat","id":5}"#),
            Ok(ClientMsg::Repeat {
                id: RequestId(Value::from(5))
            })
        );
        assert_eq!(
            decode(r#"{"type":"move","id":"a","uci":"e2e4"}"#),
            Ok(ClientMsg::Move {
                id: RequestId(Value::from("a")),
                uci: "e2e4".into()
            })
        );
        assert_eq!(err("[1]").0, DecodeError::BadJson);
        assert_eq!(err("{nope").0, DecodeError::BadJson);
        assert_eq!(
            err(r#"{"id":1}"#).0,
            DecodeError::MissingField("type".into())
        );
        assert_eq!(
            err(r#"{"type":"castle","id":1}"#),
            (
                DecodeError::UnknownType("castle".into()),
                Some(Value::from(1))
            )
        );
        assert_eq!(
            err(r#"{"type":"move","id":1}"#).0,
            DecodeError::MissingField("uci".into())
        );
        assert_eq!(
            err(r#"{"type":"move","id":1,"uci":5}"#).0,
            DecodeError::InvalidField("uci".into())
        );
        assert_eq!(
            err(r#"{"type":"move","uci":"e2e4"}"#).0,
            DecodeError::MissingField("id".into())
        );
        assert_eq!(
            err(r#"{"type":"ping","id":1,"v":2}"#).0,
            DecodeError::UnsupportedVersion(2)
        );
        assert_eq!(
            err(r#"{"type":"hello","token":"x"}"#).0,
            DecodeError::MissingField("v".into())
        );
        assert_eq!(
            err(r#"{"type":"end","id":1,"result":"2-0"}"#).0,
            DecodeError::InvalidField("result".into())
        );
        assert_eq!(
            err(r#"{"type":"set_clock","id":1,"color":"red","remaining_ms":1}"#).0,
            DecodeError::InvalidField("color".into())
        );
        let long = format!(r#"{{"type":"ping","id":"{}"}}"#, "x".repeat(65));
        assert_eq!(err(&long).0, DecodeError::InvalidField("id".into()));
    }

    fn field(text: &str) -> DecodeError {
        err(text).0
    }

    #[test]
    fn null_is_absent_and_fields_are_named() {
        assert_eq!(
            field(r#"{"type":"move","id":1,"uci":null}"#),
            DecodeError::MissingField("uci".into())
        );
        assert_eq!(
            field(r#"{"type":"move","id":null,"uci":"e2e4"}"#),
            DecodeError::MissingField("id".into())
        );
        assert_eq!(
            field(r#"{"type":"hello","v":null,"token":"x"}"#),
            DecodeError::MissingField("v".into())
        );
        assert_eq!(
            field(r#"{"type":"hello","v":"1","token":"x"}"#),
            DecodeError::InvalidField("v".into())
        );
        assert_eq!(
            field(r#"{"id":1,"type":5}"#),
            DecodeError::InvalidField("type".into())
        );
        // Any field order; the one wrong field is named.
        assert_eq!(
            field(
                r#"{"uci":"e2e4","side":"white","text":7,"id":1,"number":3,"type":"write_sheet"}"#
            ),
            DecodeError::InvalidField("text".into())
        );
        assert_eq!(
            field(r#"{"type":"write_sheet","id":1,"number":0,"side":"white","text":"e4"}"#),
            DecodeError::InvalidField("number".into())
        );
        assert_eq!(
            field(r#"{"type":"write_sheet","id":1,"number":3,"side":"white"}"#),
            DecodeError::MissingField("text".into())
        );
        // Unknown fields are ignored; `confirmed` may be left out or null.
        assert_eq!(
            decode(r#"{"type":"resign","id":1,"confirmed":null,"extra":[1]}"#),
            Ok(ClientMsg::Resign {
                id: RequestId(Value::from(1)),
                confirmed: false
            })
        );
        assert_eq!(
            field(r#"{"type":"resign","id":1,"confirmed":"yes"}"#),
            DecodeError::InvalidField("confirmed".into())
        );
    }

    #[test]
    fn board_events_take_the_squares_their_action_needs() {
        let board = |rest: &str| {
            decode(&format!(
                r#"{{"type":"board","id":1,"board":"white",{rest}}}"#
            ))
        };
        let op = |rest: &str| match board(rest) {
            Ok(ClientMsg::Board(b)) => b.op,
            other => panic!("{rest}: {other:?}"),
        };
        assert_eq!(
            op(r#""action":"lift","square":"e2""#),
            BoardOp::Lift(Square::E2)
        );
        assert_eq!(
            op(r#""action":"place","square":"e8","promotion":"q""#),
            BoardOp::Place {
                square: Square::E8,
                promotion: Some(Role::Queen)
            }
        );
        assert_eq!(
            op(r#""action":"move","uci":"g1f3""#),
            BoardOp::Move {
                from: Square::G1,
                to: Square::F3,
                promotion: None
            }
        );
        let e = |rest: &str| board(rest).unwrap_err().0;
        assert_eq!(
            e(r#""action":"lift""#),
            DecodeError::MissingField("square".into())
        );
        assert_eq!(
            e(r#""action":"move""#),
            DecodeError::MissingField("uci".into())
        );
        assert_eq!(
            e(r#""action":"move","uci":"0000""#),
            DecodeError::InvalidField("uci".into())
        );
        assert_eq!(
            e(r#""action":"jump","square":"e2""#),
            DecodeError::InvalidField("action".into())
        );
        assert_eq!(
            e(r#""action":"lift","square":"e9""#),
            DecodeError::InvalidField("square".into())
        );
        assert_eq!(
            e(r#""action":"place","square":"e8","promotion":"k""#),
            DecodeError::InvalidField("promotion".into())
        );
        assert_eq!(
            decode(r#"{"type":"board","id":1,"action":"lift","square":"e2"}"#)
                .unwrap_err()
                .0,
            DecodeError::MissingField("board".into())
        );
    }

    #[test]
    fn board_statuses_take_the_fields_their_status_needs() {
        use crate::eboard::BoardStatus;
        let status = |rest: &str| {
            decode(&format!(r#"{{"type":"board_status","id":1,{rest}}}"#)).map(|m| match m {
                ClientMsg::BoardStatus(b) => b.status,
                other => panic!("{rest}: {other:?}"),
            })
        };
        assert_eq!(status(r#""status":"lost""#), Ok(BoardStatus::Lost));
        assert_eq!(status(r#""status":"in_sync""#), Ok(BoardStatus::InSync));
        assert_eq!(
            status(r#""status":"promotion","from":"b2","to":"a1""#),
            Ok(BoardStatus::PromotionNeeded {
                from: Square::B2,
                to: Square::A1
            })
        );
        let knight = shakmaty::Piece {
            color: shakmaty::Color::White,
            role: Role::Knight,
        };
        assert_eq!(
            status(r#""status":"holding","square":"g1","piece":"N""#),
            Ok(BoardStatus::Holding {
                square: Square::G1,
                piece: knight
            })
        );
        match status(
            r#""status":"mismatch","missing":[{"square":"f3","piece":"N"}],
               "extra":[{"square":"e5","piece":null}],
               "wrong":[{"square":"d1","found":"q","expected":"Q"}]"#,
        ) {
            Ok(BoardStatus::Mismatch(m)) => {
                assert_eq!(m.missing, vec![(Square::F3, knight)]);
                assert_eq!(m.extra, vec![(Square::E5, None)]);
                assert_eq!(m.wrong.len(), 1);
            }
            other => panic!("{other:?}"),
        }
        let e = |rest: &str| status(rest).unwrap_err().0;
        assert_eq!(
            e(r#""status":"exploded""#),
            DecodeError::InvalidField("status".into())
        );
        assert_eq!(
            e(r#""status":"mismatch""#),
            DecodeError::MissingField("missing".into())
        );
        assert_eq!(
            e(r#""status":"promotion","from":"e7""#),
            DecodeError::MissingField("to".into())
        );
        assert_eq!(
            e(r#""status":"holding","square":"e2""#),
            DecodeError::MissingField("piece".into())
        );
        assert_eq!(
            e(r#""status":"mismatch","missing":[{"square":"f3","piece":"X"}]"#),
            DecodeError::InvalidField("missing".into())
        );
        // Well-formed, but what it says cannot be: the session names the field.
        let problem =
            |rest: &str| match decode(&format!(r#"{{"type":"board_status","id":1,{rest}}}"#)) {
                Ok(ClientMsg::BoardStatus(b)) => b.problem(),
                other => panic!("{rest}: {other:?}"),
            };
        assert_eq!(
            problem(r#""status":"promotion","from":"e6","to":"e8""#),
            Some("from")
        );
        assert_eq!(
            problem(r#""status":"promotion","from":"d7","to":"e8""#),
            None
        );
        assert_eq!(
            problem(
                r#""status":"mismatch","missing":[{"square":"f3","piece":"N"}],"extra":[{"square":"f3","piece":"B"}]"#
            ),
            Some("extra")
        );
        assert_eq!(
            problem(r#""status":"mismatch","missing":[]"#),
            Some("missing")
        );
        assert_eq!(
            problem(r#""status":"mismatch","wrong":[{"square":"d1","found":"Q","expected":"Q"}]"#),
            Some("wrong")
        );
        let every: Vec<String> = shakmaty::Square::ALL
            .iter()
            .map(|sq| format!(r#"{{"square":"{sq}","piece":"P"}}"#))
            .collect();
        assert_eq!(
            problem(&format!(
                r#""status":"mismatch","missing":[{}]"#,
                every.join(",")
            )),
            None
        );
        assert_eq!(
            problem(&format!(
                r#""status":"mismatch","missing":[{}],"extra":[{{"square":"a1","piece":null}}]"#,
                every.join(",")
            )),
            Some("extra")
        );
        assert_eq!(
            decode(r#"{"type":"hello","v":1,"token":"x","eboard":true}"#).map(|m| match m {
                ClientMsg::Hello(h) => h.eboard,
                _ => false,
            }),
            Ok(true)
        );
    }

    #[test]
    fn voice_answers_need_a_pick_even_if_null() {
        assert_eq!(
            decode(r#"{"type":"voice_answer","id":1,"pick":null}"#),
            Ok(ClientMsg::VoiceAnswer {
                id: RequestId(Value::from(1)),
                pick: None
            })
        );
        assert_eq!(
            field(r#"{"type":"voice_answer","id":1}"#),
            DecodeError::MissingField("pick".into())
        );
        assert_eq!(
            field(r#"{"type":"voice_answer","id":1,"pick":3}"#),
            DecodeError::InvalidField("pick".into())
        );
        assert_eq!(
            field(r#"{"type":"voice_start","id":1,"rate":8000}"#),
            DecodeError::InvalidField("rate".into())
        );
        assert!(decode(r#"{"type":"voice_start","id":1,"rate":16000,"format":"s16le"}"#).is_ok());
    }

    #[test]
    fn every_type_name_decodes_to_its_variant() {
        use strum::VariantNames;
        for kind in ClientMsg::VARIANTS {
            // With no fields but `type`, a known type is never `unknown_type`: it decodes or
            // names its first missing field.
            let text = format!(r#"{{"type":"{kind}","v":1}}"#);
            match decode(&text) {
                Ok(msg) => assert_eq!(msg.kind(), *kind),
                Err((DecodeError::MissingField(_), _)) => {}
                Err(e) => panic!("{kind}: {e:?}"),
            }
        }
    }
}
