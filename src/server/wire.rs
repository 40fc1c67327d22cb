//! The JSON on the wire (HTTP bodies and WebSocket messages), kept apart from the domain
//! types in [`crate::game`]. `docs/protocol.md` documents every message here.
//!
//! Server messages are serde types. Client messages are decoded by hand from a JSON value, so
//! that each problem (not JSON, no `type`, an unknown type, a missing or mistyped field) gets
//! its own stable error code and a localised sentence naming the field.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use shakmaty::uci::UciMove;
use shakmaty::{Color, Role, Square};

use crate::announce::Lang;
use crate::game::{BoardOp, ClaimKind, ClockReading, GameResult, Seat, Setup};

/// The protocol version this server speaks.
pub const PROTOCOL_VERSION: u64 = 1;

/// The longest request id accepted (bytes).
pub const MAX_ID_LEN: usize = 64;

pub fn color_key(c: Color) -> &'static str {
    c.fold_wb("white", "black")
}

pub fn parse_color(s: &str) -> Option<Color> {
    match s {
        "white" => Some(Color::White),
        "black" => Some(Color::Black),
        _ => None,
    }
}

// ---------------------------------------------------------------------------------------
// Client to server (WebSocket)

/// A message from a client, decoded.
#[derive(Clone, Debug, PartialEq)]
pub enum ClientMsg {
    Hello {
        token: String,
        since: Option<u64>,
        lang: Option<Lang>,
        /// Also send rendered audio (WAV) of what this seat hears.
        audio: bool,
    },
    Move {
        id: Value,
        uci: String,
    },
    Announce {
        id: Value,
        text: String,
    },
    Pause {
        id: Value,
    },
    Resume {
        id: Value,
    },
    SetClock {
        id: Value,
        color: Color,
        remaining_ms: u64,
    },
    End {
        id: Value,
        result: GameResult,
    },
    State {
        id: Value,
    },
    Ping {
        id: Value,
    },
    /// Say the last thing spoken to this seat again (audio and the machine's voice).
    Repeat {
        id: Value,
    },
    Board {
        id: Value,
        board: Color,
        op: BoardOp,
    },
    PressClock {
        id: Value,
    },
    /// Repeat the opponent's announcement (F2).
    RepeatMove {
        id: Value,
        text: String,
    },
    Adjust {
        id: Value,
    },
    Resign {
        id: Value,
        confirmed: bool,
    },
    OfferDraw {
        id: Value,
        confirmed: bool,
    },
    AcceptDraw {
        id: Value,
    },
    DeclineDraw {
        id: Value,
    },
    ClaimDraw {
        id: Value,
        kind: ClaimKind,
        /// The move written but not played: UCI or words.
        uci: Option<String>,
        text: Option<String>,
        confirmed: bool,
    },
    ClaimTime {
        id: Value,
    },
    ReportTouch {
        id: Value,
        square: Square,
    },
    RuleTouch {
        id: Value,
        upheld: bool,
    },
    RestoreBoard {
        id: Value,
        board: Color,
    },
    TalkingClock {
        id: Value,
    },
    ClockWarnings {
        id: Value,
        on: bool,
    },
    /// Scoresheets, diverging boards and adjournment (issue 5): see [`DeskMsg`].
    Desk {
        id: Value,
        msg: DeskMsg,
    },
    /// Voice input (`docs/voice.md`): see [`super::voice::VoiceMsg`].
    Voice {
        id: Value,
        msg: super::voice::VoiceMsg,
    },
}

/// The client messages of the arbiter's desk: scoresheets (F6 / D.2.7), diverging boards
/// (F8 / D.2.9) and adjournment (Appendix A).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeskMsg {
    /// `write_sheet`: an entry of one's own side's scoresheet (a correction if filled).
    WriteSheet {
        number: u32,
        side: Color,
        text: String,
        draw_offer: bool,
        /// The id of a recording uploaded with `POST /api/games/{id}/audio`.
        audio: Option<String>,
    },
    /// `strike_sheet`: cross an entry out.
    StrikeSheet { number: u32, side: Color },
    /// `auto_record`: record one's own accepted announcements on one's sheet.
    AutoRecord { on: bool },
    /// `compare_boards` (arbiter).
    CompareBoards,
    /// `reconcile` (arbiter): D.2.9, or with `ply` the position after that half-move.
    Reconcile { ply: Option<u32> },
    /// `fix_board`: a piece lifted from / put on a board being put right.
    FixBoard {
        board: Color,
        lift: bool,
        square: Square,
        piece: Option<shakmaty::Piece>,
    },
    /// `call_adjournment` (arbiter).
    CallAdjournment { resume_at_ms: u64 },
    /// `seal_move`: the sealed move, written or rewritten.
    SealMove { text: String },
    /// `seal_stop_clock`: the sealer stops the clock; the envelope closes.
    SealStopClock,
    /// `open_sealed` (arbiter): the sealed move opened at the resumption.
    OpenSealed,
}

/// Why a client message could not be decoded. Each maps to one error code.
#[derive(Clone, Debug, PartialEq)]
pub enum DecodeError {
    /// Not a JSON object.
    BadJson,
    UnknownType(String),
    MissingField(&'static str),
    InvalidField(&'static str),
    UnsupportedVersion(u64),
}

impl DecodeError {
    pub fn code(&self) -> &'static str {
        match self {
            DecodeError::BadJson => "bad_json",
            DecodeError::UnknownType(_) => "unknown_type",
            DecodeError::MissingField(_) => "missing_field",
            DecodeError::InvalidField(_) => "invalid_field",
            DecodeError::UnsupportedVersion(_) => "unsupported_version",
        }
    }
}

/// A decoded message, or the error and the request id if one could be read.
pub type Decoded = Result<ClientMsg, (DecodeError, Option<Value>)>;

fn field<'a>(obj: &'a Map<String, Value>, name: &'static str) -> Result<&'a Value, DecodeError> {
    match obj.get(name) {
        None | Some(Value::Null) => Err(DecodeError::MissingField(name)),
        Some(v) => Ok(v),
    }
}

fn str_field(obj: &Map<String, Value>, name: &'static str) -> Result<String, DecodeError> {
    field(obj, name)?
        .as_str()
        .map(str::to_owned)
        .ok_or(DecodeError::InvalidField(name))
}

fn u64_field(obj: &Map<String, Value>, name: &'static str) -> Result<u64, DecodeError> {
    field(obj, name)?
        .as_u64()
        .ok_or(DecodeError::InvalidField(name))
}

fn bool_field(obj: &Map<String, Value>, name: &'static str) -> Result<bool, DecodeError> {
    field(obj, name)?
        .as_bool()
        .ok_or(DecodeError::InvalidField(name))
}

fn square_field(obj: &Map<String, Value>, name: &'static str) -> Result<Square, DecodeError> {
    str_field(obj, name)?
        .parse::<Square>()
        .map_err(|_| DecodeError::InvalidField(name))
}

fn color_field(obj: &Map<String, Value>, name: &'static str) -> Result<Color, DecodeError> {
    parse_color(&str_field(obj, name)?).ok_or(DecodeError::InvalidField(name))
}

fn confirmed(obj: &Map<String, Value>) -> Result<bool, DecodeError> {
    Ok(opt(bool_field(obj, "confirmed"))?.unwrap_or(false))
}

/// A board event: `action` and its squares.
fn board_op(obj: &Map<String, Value>) -> Result<BoardOp, DecodeError> {
    let promotion = match opt(str_field(obj, "promotion"))? {
        None => None,
        Some(p) => Some(
            p.chars()
                .next()
                .filter(|_| p.len() == 1)
                .and_then(Role::from_char)
                .filter(|r| !matches!(r, Role::King | Role::Pawn))
                .ok_or(DecodeError::InvalidField("promotion"))?,
        ),
    };
    Ok(match str_field(obj, "action")?.as_str() {
        "lift" => BoardOp::Lift(square_field(obj, "square")?),
        "remove" => BoardOp::Remove(square_field(obj, "square")?),
        "touch" => BoardOp::Touch(square_field(obj, "square")?),
        "place" => BoardOp::Place {
            square: square_field(obj, "square")?,
            promotion,
        },
        "move" => {
            let uci = str_field(obj, "uci")?;
            match uci.parse::<UciMove>() {
                Ok(UciMove::Normal {
                    from,
                    to,
                    promotion,
                }) => BoardOp::Move {
                    from,
                    to,
                    promotion,
                },
                _ => return Err(DecodeError::InvalidField("uci")),
            }
        }
        _ => return Err(DecodeError::InvalidField("action")),
    })
}

/// A move number on a scoresheet: 1 to 1000.
fn number_field(obj: &Map<String, Value>) -> Result<u32, DecodeError> {
    let n = u64_field(obj, "number")?;
    if (1..=1000).contains(&n) {
        Ok(n as u32)
    } else {
        Err(DecodeError::InvalidField("number"))
    }
}

fn desk_msg(kind: &str, obj: &Map<String, Value>) -> Result<DeskMsg, DecodeError> {
    Ok(match kind {
        "write_sheet" => DeskMsg::WriteSheet {
            number: number_field(obj)?,
            side: color_field(obj, "side")?,
            text: str_field(obj, "text")?,
            draw_offer: opt(bool_field(obj, "draw_offer"))?.unwrap_or(false),
            audio: opt(str_field(obj, "audio"))?,
        },
        "strike_sheet" => DeskMsg::StrikeSheet {
            number: number_field(obj)?,
            side: color_field(obj, "side")?,
        },
        "auto_record" => DeskMsg::AutoRecord {
            on: bool_field(obj, "on")?,
        },
        "compare_boards" => DeskMsg::CompareBoards,
        "reconcile" => DeskMsg::Reconcile {
            ply: match opt(u64_field(obj, "ply"))? {
                None => None,
                Some(p) => Some(u32::try_from(p).map_err(|_| DecodeError::InvalidField("ply"))?),
            },
        },
        "fix_board" => {
            let lift = match str_field(obj, "action")?.as_str() {
                "lift" => true,
                "place" => false,
                _ => return Err(DecodeError::InvalidField("action")),
            };
            let piece = match opt(str_field(obj, "piece"))? {
                None => None,
                Some(p) => Some(
                    p.chars()
                        .next()
                        .filter(|_| p.len() == 1)
                        .and_then(shakmaty::Piece::from_char)
                        .ok_or(DecodeError::InvalidField("piece"))?,
                ),
            };
            DeskMsg::FixBoard {
                board: color_field(obj, "board")?,
                lift,
                square: square_field(obj, "square")?,
                piece,
            }
        }
        "call_adjournment" => DeskMsg::CallAdjournment {
            resume_at_ms: opt(u64_field(obj, "resume_at_ms"))?.unwrap_or(0),
        },
        "seal_move" => DeskMsg::SealMove {
            text: str_field(obj, "text")?,
        },
        "seal_stop_clock" => DeskMsg::SealStopClock,
        _ => DeskMsg::OpenSealed,
    })
}

fn opt<T>(r: Result<T, DecodeError>) -> Result<Option<T>, DecodeError> {
    match r {
        Ok(v) => Ok(Some(v)),
        Err(DecodeError::MissingField(_)) => Ok(None),
        Err(e) => Err(e),
    }
}

/// A request id: a string of at most [`MAX_ID_LEN`] bytes or an integer.
fn request_id(obj: &Map<String, Value>) -> Result<Value, DecodeError> {
    let v = field(obj, "id")?;
    match v {
        Value::String(s) if s.len() <= MAX_ID_LEN => Ok(v.clone()),
        Value::Number(n) if n.is_i64() || n.is_u64() => Ok(v.clone()),
        _ => Err(DecodeError::InvalidField("id")),
    }
}

/// Decodes one text frame.
pub fn decode(text: &str) -> Decoded {
    let Ok(Value::Object(obj)) = serde_json::from_str::<Value>(text) else {
        return Err((DecodeError::BadJson, None));
    };
    let id = request_id(&obj).ok();
    decode_object(&obj).map_err(|e| (e, id))
}

fn decode_object(obj: &Map<String, Value>) -> Result<ClientMsg, DecodeError> {
    if let Some(v) = opt(u64_field(obj, "v"))?
        && v != PROTOCOL_VERSION
    {
        return Err(DecodeError::UnsupportedVersion(v));
    }
    let kind = str_field(obj, "type")?;
    if kind == "hello" {
        // The version is required in the greeting: it is the handshake.
        u64_field(obj, "v")?;
        let lang = match opt(str_field(obj, "lang"))? {
            None => None,
            Some(l) => Some(
                l.parse::<Lang>()
                    .map_err(|_| DecodeError::InvalidField("lang"))?,
            ),
        };
        let audio = match obj.get("audio") {
            None | Some(Value::Null) => false,
            Some(Value::Bool(b)) => *b,
            Some(_) => return Err(DecodeError::InvalidField("audio")),
        };
        return Ok(ClientMsg::Hello {
            token: str_field(obj, "token")?,
            since: opt(u64_field(obj, "since"))?,
            lang,
            audio,
        });
    }
    let known = [
        "move",
        "announce",
        "pause",
        "resume",
        "set_clock",
        "end",
        "state",
        "ping",
        "repeat",
        "board",
        "press_clock",
        "repeat_move",
        "adjust",
        "resign",
        "offer_draw",
        "accept_draw",
        "decline_draw",
        "claim_draw",
        "claim_time",
        "report_touch",
        "rule_touch",
        "restore_board",
        "talking_clock",
        "clock_warnings",
        "write_sheet",
        "strike_sheet",
        "auto_record",
        "compare_boards",
        "reconcile",
        "fix_board",
        "call_adjournment",
        "seal_move",
        "seal_stop_clock",
        "open_sealed",
        "voice_start",
        "voice_end",
        "voice_cancel",
        "voice_answer",
    ];
    if !known.contains(&kind.as_str()) {
        return Err(DecodeError::UnknownType(kind));
    }
    let id = request_id(obj)?;
    Ok(match kind.as_str() {
        "move" => ClientMsg::Move {
            id,
            uci: str_field(obj, "uci")?,
        },
        "announce" => ClientMsg::Announce {
            id,
            text: str_field(obj, "text")?,
        },
        "pause" => ClientMsg::Pause { id },
        "resume" => ClientMsg::Resume { id },
        "set_clock" => ClientMsg::SetClock {
            id,
            color: parse_color(&str_field(obj, "color")?)
                .ok_or(DecodeError::InvalidField("color"))?,
            remaining_ms: u64_field(obj, "remaining_ms")?,
        },
        "end" => ClientMsg::End {
            id,
            result: GameResult::from_pgn(&str_field(obj, "result")?)
                .ok_or(DecodeError::InvalidField("result"))?,
        },
        "state" => ClientMsg::State { id },
        "repeat" => ClientMsg::Repeat { id },
        "board" => ClientMsg::Board {
            id,
            board: color_field(obj, "board")?,
            op: board_op(obj)?,
        },
        "press_clock" => ClientMsg::PressClock { id },
        "repeat_move" => ClientMsg::RepeatMove {
            id,
            text: str_field(obj, "text")?,
        },
        "adjust" => ClientMsg::Adjust { id },
        "resign" => ClientMsg::Resign {
            id,
            confirmed: confirmed(obj)?,
        },
        "offer_draw" => ClientMsg::OfferDraw {
            id,
            confirmed: confirmed(obj)?,
        },
        "accept_draw" => ClientMsg::AcceptDraw { id },
        "decline_draw" => ClientMsg::DeclineDraw { id },
        "claim_draw" => ClientMsg::ClaimDraw {
            id,
            kind: ClaimKind::from_key(&str_field(obj, "claim")?)
                .ok_or(DecodeError::InvalidField("claim"))?,
            uci: opt(str_field(obj, "uci"))?,
            text: opt(str_field(obj, "text"))?,
            confirmed: confirmed(obj)?,
        },
        "claim_time" => ClientMsg::ClaimTime { id },
        "report_touch" => ClientMsg::ReportTouch {
            id,
            square: square_field(obj, "square")?,
        },
        "rule_touch" => ClientMsg::RuleTouch {
            id,
            upheld: bool_field(obj, "upheld")?,
        },
        "restore_board" => ClientMsg::RestoreBoard {
            id,
            board: color_field(obj, "board")?,
        },
        "talking_clock" => ClientMsg::TalkingClock { id },
        "clock_warnings" => ClientMsg::ClockWarnings {
            id,
            on: bool_field(obj, "on")?,
        },
        "write_sheet" | "strike_sheet" | "auto_record" | "compare_boards" | "reconcile"
        | "fix_board" | "call_adjournment" | "seal_move" | "seal_stop_clock" | "open_sealed" => {
            ClientMsg::Desk {
                id,
                msg: desk_msg(&kind, obj)?,
            }
        }
        "voice_start" | "voice_end" | "voice_cancel" | "voice_answer" => ClientMsg::Voice {
            id,
            msg: super::voice::decode(&kind, obj)?,
        },
        _ => ClientMsg::Ping { id },
    })
}

// ---------------------------------------------------------------------------------------
// Server to client (WebSocket)

/// Every server message: the protocol version and a `type`-tagged body.
#[derive(Serialize)]
pub struct Envelope {
    pub v: u64,
    #[serde(flatten)]
    pub msg: ServerMsg,
}

impl Envelope {
    pub fn json(msg: ServerMsg) -> String {
        serde_json::to_string(&Envelope {
            v: PROTOCOL_VERSION,
            msg,
        })
        .expect("server messages serialise")
    }
}

#[derive(Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// Sent once after a good `hello`.
    Welcome {
        game: String,
        seat: &'static str,
        lang: &'static str,
        /// The number of the last event; what follows (events or a state) brings the client
        /// up to it.
        seq: u64,
        /// `true`: the missed events follow; `false`: a full state follows.
        resumed: bool,
        server: &'static str,
        /// Whether this server has a speech recogniser: voice input (`voice_start`…) works.
        voice: bool,
    },
    State {
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
        state: Box<StateBody>,
    },
    Event(EventMsg),
    Ack {
        id: Value,
        /// The number of the last event the action caused (`null` when it caused none).
        seq: Option<u64>,
    },
    Error {
        #[serde(skip_serializing_if = "Option::is_none")]
        id: Option<Value>,
        code: &'static str,
        message: String,
    },
    Pong {
        id: Value,
        server_ms: u64,
    },
    /// Announces the binary frame that follows: rendered audio (for `"audio": true`).
    Audio(AudioMsg),
    /// Resign, offer and claim need a second step: send the same message again with
    /// `"confirmed": true`. Nothing changed.
    Confirm {
        id: Value,
        action: &'static str,
        message: String,
    },
    /// What a voice utterance was heard as (`docs/voice.md`).
    VoiceResult(super::voice::VoiceResultMsg),
}

/// The rendered audio of one thing said to this seat; the next frame is binary and holds
/// exactly `bytes` bytes of it.
#[derive(Clone, Debug, Serialize)]
pub struct AudioMsg {
    /// The event it says (absent for the answer to a request).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seq: Option<u64>,
    /// The request it answers (a refusal).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub id: Option<Value>,
    /// `move`, `game_end`, `notice`, `refusal`, `answer` or `warning`.
    pub kind: &'static str,
    pub lang: &'static str,
    /// The sentence said.
    pub text: String,
    /// `audio/wav`.
    pub format: &'static str,
    pub bytes: usize,
    /// Said again because the client asked.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub repeat: bool,
}

/// One numbered game event.
#[derive(Clone, Serialize)]
pub struct EventMsg {
    pub seq: u64,
    pub at_ms: u64,
    /// The clock right after the event.
    pub clock: ClockBody,
    #[serde(flatten)]
    pub body: EventBody,
}

#[derive(Clone, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum EventBody {
    Move {
        by: &'static str,
        color: &'static str,
        ply: usize,
        /// The move number as on a scoresheet (from the start position's).
        number: u32,
        uci: String,
        san: String,
        /// The position after the move.
        fen: String,
        /// The move said in the recipient's language, Appendix style.
        short: String,
        /// The move said in full: origin, destination, the piece captured.
        full: String,
    },
    Pause {
        by: Option<&'static str>,
        /// `arbiter` or `restart`.
        reason: &'static str,
        text: String,
    },
    Resume {
        by: &'static str,
        text: String,
    },
    ClockSet {
        by: &'static str,
        color: &'static str,
        remaining_ms: u64,
        text: String,
    },
    End {
        by: Option<&'static str>,
        result: &'static str,
        reason: &'static str,
        text: String,
    },
    /// An event of a physical board. `matches`: the board now shows the official game;
    /// `differs`: it shows a move other than the one announced or played (said in `text`).
    Board {
        by: &'static str,
        board: &'static str,
        action: &'static str,
        square: String,
        #[serde(skip_serializing_if = "Option::is_none")]
        to: Option<String>,
        #[serde(skip_serializing_if = "Option::is_none")]
        promotion: Option<String>,
        matches: bool,
        differs: bool,
        text: String,
    },
    Adjusting {
        by: &'static str,
        text: String,
    },
    Announce {
        by: &'static str,
        uci: String,
        correction: bool,
        /// The move in the recipient's language.
        said: String,
        text: String,
    },
    Repeat {
        by: &'static str,
        uci: String,
        matches: bool,
        said: String,
        text: String,
    },
    IllegalMove {
        by: &'static str,
        color: &'static str,
        from: String,
        to: String,
        count: u32,
        penalty_ms: u64,
        text: String,
    },
    TouchReported {
        by: &'static str,
        color: &'static str,
        square: String,
        text: String,
    },
    TouchRuled {
        by: &'static str,
        upheld: bool,
        text: String,
    },
    BoardRestored {
        by: &'static str,
        board: &'static str,
        text: String,
    },
    DrawOffer {
        by: &'static str,
        text: String,
    },
    DrawDeclined {
        by: &'static str,
        text: String,
    },
    DrawOfferLapsed {
        text: String,
    },
    DrawClaim {
        by: &'static str,
        claim: &'static str,
        uci: Option<String>,
        correct: bool,
        bonus_ms: u64,
        taken_ms: u64,
        text: String,
    },
    FlagFell {
        color: &'static str,
        text: String,
    },
    TalkingClock {
        by: &'static str,
        color: &'static str,
        white_moves: u32,
        black_moves: u32,
        text: String,
    },
    ClockWarnings {
        by: &'static str,
        color: &'static str,
        on: bool,
        text: String,
    },
    ClockWarning {
        color: &'static str,
        remaining_ms: u64,
        text: String,
    },
    /// An entry written on a scoresheet (`correction`: over an earlier one; `auto`: recorded
    /// from the player's own accepted announcement).
    SheetWritten {
        by: &'static str,
        color: &'static str,
        ply: u32,
        number: u32,
        side: &'static str,
        entry: String,
        draw_offer: bool,
        audio: Option<String>,
        auto: bool,
        correction: bool,
        text: String,
    },
    SheetStruck {
        by: &'static str,
        color: &'static str,
        ply: u32,
        number: u32,
        side: &'static str,
        text: String,
    },
    SheetAutoRecord {
        by: &'static str,
        color: &'static str,
        on: bool,
        text: String,
    },
    /// The boards differ (F8 / D.2.9): the clocks are stopped. Every square where a board
    /// differs from the official game.
    BoardsDiverged {
        by: Option<&'static str>,
        differences: Vec<DifferenceBody>,
        text: String,
    },
    /// The arbiter's ruling: `steps` are the recipient's own (a player and his assistant),
    /// or both boards' (arbiter, spectator); `log` is the arbiter's record of how it was
    /// decided (arbiter only).
    Ruled {
        by: &'static str,
        branch: &'static str,
        ply: u32,
        take_back: u32,
        steps: Vec<StepBody>,
        log: Vec<String>,
        text: String,
    },
    /// A piece lifted (`piece` absent) or put on a board being put right.
    BoardFixed {
        by: &'static str,
        board: &'static str,
        action: &'static str,
        square: String,
        piece: Option<String>,
        /// Squares of this board still differing from the ruling's position.
        remaining: usize,
        text: String,
    },
    /// Both boards show the ruling's position.
    Reconciled {
        text: String,
    },
    AdjournmentCalled {
        by: &'static str,
        sealer: &'static str,
        resume_at_ms: u64,
        text: String,
    },
    /// The sealed move (re)written: the text only for the sealer's side.
    MoveSealed {
        by: &'static str,
        sealed: Option<String>,
        text: String,
    },
    Adjourned {
        by: &'static str,
        text: String,
    },
    /// The sealed move opened: played (the move follows) or the sealer loses.
    SealOpened {
        by: &'static str,
        sealer: &'static str,
        sealed: Option<String>,
        played: bool,
        text: String,
    },
    /// An event for another side's eyes only (the talking clock): its number, nothing more.
    Private {},
}

/// A square where a board differs from the official game (pieces as FEN letters).
#[derive(Clone, Serialize)]
pub struct DifferenceBody {
    pub board: &'static str,
    pub square: String,
    pub found: Option<String>,
    pub expected: Option<String>,
}

/// One step at a board: `move`, `remove`, `add`, `set_aside` or `put_back`.
#[derive(Clone, Serialize)]
pub struct StepBody {
    pub board: &'static str,
    pub action: &'static str,
    pub piece: String,
    pub from: Option<String>,
    pub to: Option<String>,
    /// The instruction, in the recipient's language.
    pub text: String,
}

#[derive(Clone, Copy, Serialize, Deserialize, Debug, PartialEq, Eq)]
pub struct ClockBody {
    pub white_ms: u64,
    pub black_ms: u64,
    pub running: Option<&'static str>,
}

impl From<ClockReading> for ClockBody {
    fn from(r: ClockReading) -> ClockBody {
        ClockBody {
            white_ms: r.white_ms,
            black_ms: r.black_ms,
            running: r.running.map(color_key),
        }
    }
}

#[derive(Clone, Serialize)]
pub struct MoveRow {
    pub ply: usize,
    /// The move number as on a scoresheet (from the start position's).
    pub number: u32,
    /// The side that moved.
    pub color: &'static str,
    pub by: &'static str,
    pub uci: String,
    pub san: String,
}

#[derive(Clone, Serialize)]
pub struct TimeControlBody {
    pub base_ms: u64,
    pub increment_ms: u64,
    pub delay_ms: u64,
    /// Moves in the first period (0: the whole game).
    pub moves: u32,
    /// The later periods.
    pub then: Vec<PeriodBody>,
    /// The PGN tag, e.g. `40/5400+30:1800+30`.
    pub pgn: String,
}

#[derive(Clone, Serialize)]
pub struct PeriodBody {
    pub moves: u32,
    pub base_ms: u64,
    pub increment_ms: u64,
    pub delay_ms: u64,
}

impl From<&crate::game::TimeControl> for TimeControlBody {
    fn from(tc: &crate::game::TimeControl) -> TimeControlBody {
        TimeControlBody {
            base_ms: tc.base_ms,
            increment_ms: tc.increment_ms,
            delay_ms: tc.delay_ms,
            moves: tc.moves,
            then: tc
                .later
                .iter()
                .flatten()
                .map(|p| PeriodBody {
                    moves: p.moves,
                    base_ms: p.base_ms,
                    increment_ms: p.increment_ms,
                    delay_ms: p.delay_ms,
                })
                .collect(),
            pgn: tc.pgn(),
        }
    }
}

#[derive(Clone, Serialize)]
pub struct RulesBody {
    pub edition: &'static str,
    pub procedure: &'static str,
    pub flag: &'static str,
    pub illegal_penalty_ms: u64,
    pub illegal_moves_lose_at: u32,
    pub false_claim_bonus_ms: u64,
    pub false_claim_halves: bool,
}

impl From<&crate::game::Profile> for RulesBody {
    fn from(p: &crate::game::Profile) -> RulesBody {
        RulesBody {
            edition: p.edition.key(),
            procedure: p.procedure.key(),
            flag: p.flag.key(),
            illegal_penalty_ms: p.illegal_penalty_ms,
            illegal_moves_lose_at: p.illegal_moves_lose_at,
            false_claim_bonus_ms: p.false_claim_bonus_ms,
            false_claim_halves: p.false_claim_halves,
        }
    }
}

/// A physical board: its pieces (the placement part of a FEN), the piece in the hand and
/// whether it shows the official game.
#[derive(Clone, Serialize)]
pub struct BoardBody {
    pub kind: &'static str,
    pub placement: String,
    /// `{"piece": "N", "from": "g1"}` while a piece is lifted.
    pub hand: Option<HandBody>,
    pub matches: bool,
}

#[derive(Clone, Serialize)]
pub struct HandBody {
    pub piece: String,
    pub from: String,
}

/// The move under way (physical procedure) and the table's standing claims.
#[derive(Clone, Serialize)]
pub struct TableBody {
    pub white_board: BoardBody,
    pub black_board: BoardBody,
    /// The announced move of the side to move (UCI), not yet completed.
    pub announced: Option<String>,
    /// Squares of the pieces the player to move has touched, in order.
    pub touched: Vec<String>,
    /// What the touches oblige: `{"rule": "move_piece", "square": "g1", "moves": [...]}`.
    pub obligation: Option<ObligationBody>,
    /// The side whose draw offer stands.
    pub draw_offer: Option<&'static str>,
    pub illegal_moves: BTreeMap<&'static str, u32>,
    /// The sides whose flag has fallen (flag rule `claim`).
    pub flags_fallen: Vec<&'static str>,
}

#[derive(Clone, Serialize)]
pub struct ObligationBody {
    pub rule: &'static str,
    pub square: String,
    pub moves: Vec<String>,
}

#[derive(Clone, Serialize)]
pub struct PlayerBody {
    pub name: String,
    pub visually_impaired: bool,
    pub board: &'static str,
    pub assistant: bool,
}

/// A game's full state (WebSocket `state` and HTTP `GET /api/games/{id}`).
#[derive(Clone, Serialize)]
pub struct StateBody {
    pub game: String,
    pub created_ms: u64,
    /// The number of the last event.
    pub seq: u64,
    /// `playing`, `paused` or `over`.
    pub status: &'static str,
    /// While paused: `arbiter` or `restart`.
    pub pause_reason: Option<&'static str>,
    pub result: Option<&'static str>,
    pub end_reason: Option<&'static str>,
    pub turn: &'static str,
    pub fen: String,
    /// The position the game started from (the initial position unless set up with `fen`).
    pub start_fen: String,
    pub moves: Vec<MoveRow>,
    /// Read when the state was made.
    pub clock: ClockBody,
    pub time_control: TimeControlBody,
    pub rules: RulesBody,
    pub table: TableBody,
    pub white: PlayerBody,
    pub black: PlayerBody,
    /// The seats this game has (assistant seats only for players with an assistant).
    pub seats: Vec<&'static str>,
    pub languages: BTreeMap<&'static str, &'static str>,
    /// Only for a game damaged in storage: the first event that could not be read back or
    /// applied. Everything above is the game up to the event before it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub damaged: Option<DamageBody>,
}

/// Where and why a stored game stops applying.
#[derive(Clone, Debug, Serialize)]
pub struct DamageBody {
    pub seq: u64,
    pub reason: String,
}

pub fn player_body(setup: &Setup, color: Color) -> PlayerBody {
    let p = setup.player(color);
    PlayerBody {
        name: p.name.clone(),
        visually_impaired: p.visually_impaired,
        board: p.board.key(),
        assistant: p.assistant,
    }
}

pub fn seats_and_languages(
    setup: &Setup,
) -> (Vec<&'static str>, BTreeMap<&'static str, &'static str>) {
    let seats: Vec<Seat> = Seat::ALL
        .into_iter()
        .filter(|s| setup.has_seat(*s))
        .collect();
    let langs = seats
        .iter()
        .map(|s| (s.key(), setup.language(*s).code()))
        .collect();
    (seats.iter().map(|s| s.key()).collect(), langs)
}

// ---------------------------------------------------------------------------------------
// HTTP

/// `POST /api/games`. Every field may be left out.
#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
pub struct CreateGame {
    #[serde(default)]
    pub time_control: Option<TimeControlIn>,
    #[serde(default)]
    pub white: Option<PlayerIn>,
    #[serde(default)]
    pub black: Option<PlayerIn>,
    /// Language per seat (`de`, `tr`, `en`); seats not named speak German.
    #[serde(default)]
    pub languages: BTreeMap<String, String>,
    /// The rules profile: edition, procedure, flag rule, organiser's adaptations.
    #[serde(default)]
    pub rules: Option<RulesIn>,
    /// The event (tournament), for the PGN headers Event, Site and Round.
    #[serde(default)]
    pub event: Option<EventIn>,
    /// The start position as FEN; the initial position if absent.
    #[serde(default)]
    pub fen: Option<String>,
}

/// `"event": {"name": "...", "site": "...", "round": "..."}` in `POST /api/games`.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct EventIn {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub site: Option<String>,
    #[serde(default)]
    pub round: Option<String>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct TimeControlIn {
    pub base_seconds: u64,
    #[serde(default)]
    pub increment_seconds: u64,
    #[serde(default)]
    pub delay_seconds: u64,
    /// Moves in the first period (0 or absent: the whole game).
    #[serde(default)]
    pub moves: u32,
    /// Later periods.
    #[serde(default)]
    pub then: Vec<PeriodIn>,
}

#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct PeriodIn {
    #[serde(default)]
    pub moves: u32,
    pub base_seconds: u64,
    #[serde(default)]
    pub increment_seconds: u64,
    #[serde(default)]
    pub delay_seconds: u64,
}

#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
pub struct RulesIn {
    /// `2023` (default) or `seed`.
    #[serde(default)]
    pub edition: Option<String>,
    /// `digital` (default) or `physical`.
    #[serde(default)]
    pub procedure: Option<String>,
    /// `automatic` (default) or `claim`.
    #[serde(default)]
    pub flag: Option<String>,
    #[serde(default)]
    pub illegal_penalty_seconds: Option<u64>,
    #[serde(default)]
    pub illegal_moves_lose_at: Option<u32>,
    #[serde(default)]
    pub false_claim_bonus_seconds: Option<u64>,
}

#[derive(Deserialize, Default, Debug)]
#[serde(deny_unknown_fields)]
pub struct PlayerIn {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub visually_impaired: bool,
    /// `tactile` or `normal`; tactile for a visually impaired player unless given.
    #[serde(default)]
    pub board: Option<String>,
    #[serde(default)]
    pub assistant: bool,
}

#[derive(Serialize)]
pub struct Created {
    pub id: String,
    /// One secret token per seat of the game (`null` for an assistant seat the game lacks).
    pub tokens: BTreeMap<&'static str, Option<String>>,
    /// Path of the WebSocket endpoint.
    pub ws: String,
    pub state: StateBody,
}

#[derive(Serialize)]
pub struct GameSummary {
    pub id: String,
    pub created_ms: u64,
    pub white: String,
    pub black: String,
    pub status: &'static str,
    pub result: Option<&'static str>,
    pub seq: u64,
    pub moves: usize,
    /// Only for a game damaged in storage (see the state's `damaged`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub damaged: bool,
}

#[derive(Serialize)]
pub struct GameList {
    pub games: Vec<GameSummary>,
}

/// The body of every HTTP error.
#[derive(Serialize)]
pub struct HttpError {
    pub code: &'static str,
    pub message: String,
    /// A technical detail for developers (e.g. the JSON parser's own words), not localised.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn err(text: &str) -> (DecodeError, Option<Value>) {
        decode(text).unwrap_err()
    }

    #[test]
    fn decoding_table() {
        assert_eq!(
            decode(r#"{"type":"hello","v":1,"token":"x","since":3}"#),
            Ok(ClientMsg::Hello {
                token: "x".into(),
                since: Some(3),
                lang: None,
                audio: false
            })
        );
        assert_eq!(
            decode(r#"{"type":"hello","v":1,"token":"x","audio":true}"#),
            Ok(ClientMsg::Hello {
                token: "x".into(),
                since: None,
                lang: None,
                audio: true
            })
        );
        assert_eq!(
            err(r#"{"type":"hello","v":1,"token":"x","audio":"yes"}"#).0,
            DecodeError::InvalidField("audio")
        );
        assert_eq!(
            decode(r#"{"type":"repeat","id":5}"#),
            Ok(ClientMsg::Repeat { id: Value::from(5) })
        );
        assert_eq!(
            decode(r#"{"type":"move","id":"a","uci":"e2e4"}"#),
            Ok(ClientMsg::Move {
                id: Value::from("a"),
                uci: "e2e4".into()
            })
        );
        assert_eq!(err("[1]").0, DecodeError::BadJson);
        assert_eq!(err("{nope").0, DecodeError::BadJson);
        assert_eq!(err(r#"{"id":1}"#).0, DecodeError::MissingField("type"));
        assert_eq!(
            err(r#"{"type":"castle","id":1}"#),
            (
                DecodeError::UnknownType("castle".into()),
                Some(Value::from(1))
            )
        );
        assert_eq!(
            err(r#"{"type":"move","id":1}"#).0,
            DecodeError::MissingField("uci")
        );
        assert_eq!(
            err(r#"{"type":"move","id":1,"uci":5}"#).0,
            DecodeError::InvalidField("uci")
        );
        assert_eq!(
            err(r#"{"type":"move","uci":"e2e4"}"#).0,
            DecodeError::MissingField("id")
        );
        assert_eq!(
            err(r#"{"type":"ping","id":1,"v":2}"#).0,
            DecodeError::UnsupportedVersion(2)
        );
        assert_eq!(
            err(r#"{"type":"hello","token":"x"}"#).0,
            DecodeError::MissingField("v")
        );
        assert_eq!(
            err(r#"{"type":"end","id":1,"result":"2-0"}"#).0,
            DecodeError::InvalidField("result")
        );
        assert_eq!(
            err(r#"{"type":"set_clock","id":1,"color":"red","remaining_ms":1}"#).0,
            DecodeError::InvalidField("color")
        );
        let long = format!(r#"{{"type":"ping","id":"{}"}}"#, "x".repeat(65));
        assert_eq!(err(&long).0, DecodeError::InvalidField("id"));
    }
}
