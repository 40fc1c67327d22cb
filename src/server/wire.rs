//! The JSON on the wire (HTTP bodies and WebSocket messages), kept apart from the domain
//! types in [`crate::game`]. `docs/protocol.md` documents every message here.
//!
//! Both directions are serde types: client messages (in [`client`]) are internally tagged on
//! `type` and decoded once, each problem (not JSON, no `type`, an unknown type, a missing or
//! mistyped field) with its own stable error code and a localised sentence naming the field.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};
use serde_json::Value;
use shakmaty::Color;

use crate::game::{ClockReading, Seat, Setup};

/// The protocol version this server speaks.
pub const PROTOCOL_VERSION: u64 = 1;

mod client;
mod codes;
pub use client::{
    BoardMsg, BoardSensedMsg, BoardStatusMsg, ClientMsg, DecodeError, Decoded, FixAction, Hello,
    MAX_ID_LEN, MAX_MISMATCH_SQUARES, RequestId, SheetNumber, decode, peek,
};
pub use codes::ErrorCode;

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
    /// The answer to `legal_moves`: the moves in UCI (board order) and the one sentence
    /// that says them.
    LegalMoves {
        id: Value,
        moves: Vec<String>,
        text: String,
    },
    /// The answer to `material`: the pieces each side has lost (role names, in the order
    /// taken), White's material minus Black's in pawn units, and the sentence.
    Material {
        id: Value,
        lost: LostBody,
        balance: i32,
        text: String,
    },
    /// The answer to `hint` (a game against the computer): a good move for the side to
    /// move, in UCI and SAN, and the sentence that says it in the seat's words.
    Hint {
        id: Value,
        uci: String,
        san: String,
        text: String,
    },
    /// The answer to `eval` (a game against the computer): the engine's score from White's
    /// point of view, in centipawns (`cp`) or as a mate in so many moves (`mate`, negative
    /// when Black mates), and the sentence that says who stands better.
    Eval {
        id: Value,
        #[serde(skip_serializing_if = "Option::is_none")]
        cp: Option<i32>,
        #[serde(skip_serializing_if = "Option::is_none")]
        mate: Option<i32>,
        text: String,
    },
    /// Announces the binary frame that follows: rendered audio (for `"audio": true`).
    Audio(AudioMsg),
    /// Resign, offer and claim need a second step: send the same message again with
    /// `"confirmed": true`. Nothing changed.
    Confirm {
        id: Value,
        action: &'static str,
        message: String,
        /// A ruling's consequence (`reconcile`, `undo_ruling`).
        #[serde(skip_serializing_if = "Option::is_none")]
        ruling: Option<RulingPreview>,
    },
    /// What a voice utterance was heard as (`docs/voice.md`).
    VoiceResult(VoiceResultMsg),
    /// The state of a player's electronic board (issue 33), to his side's connections.
    BoardStatus {
        /// Whose board: `white` or `black`.
        color: &'static str,
        /// `connected`, `lost`, `back`, `in_sync`, `mismatch`, `promotion` (from the bridge),
        /// `refused` (a board event the bridge sent was refused), `bridge_gone`.
        status: &'static str,
        /// With `refused`: the refusal's code.
        #[serde(skip_serializing_if = "Option::is_none")]
        code: Option<&'static str>,
        /// What it means, in the connection's language.
        text: String,
    },
}

/// What a ruling would do, shown before the arbiter confirms it (`confirm`'s `ruling`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct RulingPreview {
    /// `sheets_agree`, `sheets_differ`, `arbiter_override` or `undo`.
    pub branch: &'static str,
    /// The half-move whose position both boards will show.
    pub ply: u32,
    /// Half-moves taken back from the official game (echoed in `reconcile`'s `take_back`).
    pub take_back: u32,
    /// Half-moves played again (undoing a ruling).
    pub replay: u32,
    /// The clocks after the ruling, when it sets them.
    pub white_ms: Option<u64>,
    pub black_ms: Option<u64>,
}

/// One candidate on the wire.
#[derive(Clone, Debug, Serialize)]
pub struct CandidateBody {
    /// `move` or `command`.
    pub kind: &'static str,
    /// What hamle says for it.
    pub text: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub uci: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<&'static str>,
    /// Its probability for this utterance.
    pub p: f32,
}

/// `voice_result`: what was heard and what hamle does with it.
#[derive(Clone, Debug, Serialize)]
pub struct VoiceResultMsg {
    pub id: Value,
    /// `played` (the move's events and the `ack` follow), `ask` (a question is open),
    /// `command` (the page runs `command`), `no` (the question was answered no) or
    /// `not_understood`.
    pub decision: &'static str,
    /// The best candidates, best first (at most three).
    pub candidates: Vec<CandidateBody>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<&'static str>,
    /// What hamle says about it (the question, "not understood"...); empty for `played`.
    pub message: String,
}

/// The rendered audio of one thing said to this seat; the next frame is binary and holds
/// exactly `bytes` bytes of it.
#[derive(Clone, Debug, Serialize)]
pub struct AudioMsg {
    /// The event it says (absent for the answer to a request and for a board's notice).
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

/// One raw reading of an electronic board (issue 33): when (the server's clock, Unix ms),
/// whose board, the square, and what it showed: `empty`, `occupied` (a piece the board cannot
/// name) or the piece's FEN letter.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ReadingBody {
    pub at_ms: u64,
    pub board: &'static str,
    pub square: String,
    pub found: String,
}

impl ReadingBody {
    /// The readings of `board`'s board on the wire.
    pub fn of(board: shakmaty::Color, readings: &[crate::game::SensorReading]) -> Vec<ReadingBody> {
        use crate::game::SquareReading;
        readings
            .iter()
            .map(|r| ReadingBody {
                at_ms: r.at_ms,
                board: board.fold_wb("white", "black"),
                square: r.square.to_string(),
                found: match r.found {
                    SquareReading::Empty => "empty".to_owned(),
                    SquareReading::Occupied => "occupied".to_owned(),
                    SquareReading::Piece(p) => p.char().to_string(),
                },
            })
            .collect()
    }
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
        /// The side to move after it.
        turn: &'static str,
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
    /// A visually impaired player's illegal announcement counted under 7.5.
    IllegalAnnounced {
        by: &'static str,
        color: &'static str,
        uci: Option<String>,
        count: u32,
        penalty_ms: u64,
        text: String,
    },
    /// The arbiter started the game: `turn`'s clock runs.
    Started {
        by: &'static str,
        turn: &'static str,
        text: String,
    },
    /// A player (or his assistant) came to a game that waits for the start.
    Arrived {
        by: &'static str,
        color: &'static str,
        text: String,
    },
    /// The arbiter issued `seat`'s link again (issue 31): the old link opens nothing, and the
    /// seat's connections holding it are closed (`bad_token`, 4401).
    SeatLinkIssued {
        by: &'static str,
        seat: &'static str,
        text: String,
    },
    /// The default time is over and `color`'s player has not arrived.
    DefaultTimeOver {
        color: &'static str,
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
    /// The arbiter released `color`'s touch as not deliberate: the obligation is lifted.
    TouchReleased {
        by: &'static str,
        color: &'static str,
        text: String,
    },
    /// An electronic board's raw readings (issue 33; the arbiter's seat only): every square
    /// that changed, settled or not, to the millisecond. The evidence of the incident record.
    BoardSensed {
        by: &'static str,
        board: &'static str,
        readings: Vec<ReadingBody>,
        text: String,
    },
    /// The arbiter's note on the ruling just before it (the arbiter's seat only).
    Note {
        by: &'static str,
        note: String,
        text: String,
    },
    /// The arbiter corrected the result after the end: `result` and `reason` (the end
    /// reason) are the game's from now on; `because`: his reason.
    ResultCorrected {
        by: &'static str,
        result: &'static str,
        reason: &'static str,
        because: String,
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
    /// A practice game's take-back (issue 34): the game went back to the position after
    /// `ply` half-moves (`fen`, `turn` to move); `taken_back` lists the half-moves taken back.
    TakenBack {
        by: &'static str,
        ply: u32,
        fen: String,
        turn: &'static str,
        taken_back: Vec<TakenBackMove>,
        text: String,
    },
    /// An event for another side's eyes only (the talking clock): its number, nothing more.
    Private {},
}

/// A half-move a take-back took back: its number, its side, its words (short).
#[derive(Clone, Serialize)]
pub struct TakenBackMove {
    pub number: u32,
    pub color: &'static str,
    pub said: String,
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
    /// The position after the move (the blind player's page steps through the game with it).
    pub fen: String,
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
    /// `pause` or `continue` (after a restart or a failover).
    pub failover: &'static str,
    /// The game waits for the arbiter's start (Art. 6.5).
    pub wait_for_start: bool,
    /// The default time (Art. 6.7.1), milliseconds.
    pub default_time_ms: u64,
    /// A visually impaired player's illegal announcement: `refused` or `counts` (7.5).
    pub vi_illegal: &'static str,
    /// After a fix the sheets agreed on: `wait` for the arbiter or `resume` by itself.
    pub after_fix: &'static str,
    /// The clocks stop while a touch report waits for the ruling.
    pub touch_stops_clock: bool,
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
            failover: p.failover.key(),
            wait_for_start: p.wait_for_start,
            default_time_ms: p.default_time_ms,
            vi_illegal: p.vi_illegal.key(),
            after_fix: p.after_fix.key(),
            touch_stops_clock: p.touch_stops_clock,
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
    /// What stands on it against the game: `game`, `moving` (the side to move's own move
    /// under way on his board), `behind` (his board still lacks the opponent's last move,
    /// to be made on it), `differs` (neither: a divergence for the arbiter, D.2.9).
    pub shows: &'static str,
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
    /// How far the side to move has come with his move on his own board (while playing).
    pub made: Option<MadeBody>,
}

/// How far the move of the side to move has come (`state.table.made`).
#[derive(Clone, Serialize)]
pub struct MadeBody {
    /// Whose move it is.
    pub color: &'static str,
    /// `not_begun`, `made`, `missing`, `illegal` or `behind`.
    pub state: &'static str,
    /// With `missing`: every part not yet made.
    pub missing: Option<MissingBody>,
    /// With `behind`: the opponent's last move (UCI), which the player's own board does not
    /// show yet; he makes it first.
    pub behind: Option<String>,
}

/// The parts of a move not yet made (F4 / D.2.3), as `missing-*` messages say them.
#[derive(Clone, Serialize)]
pub struct MissingBody {
    /// The move has not been announced.
    pub announcement: bool,
    /// The captured piece still stands on this square.
    pub capture: Option<String>,
    /// The moved piece is not yet in its new hole on this square.
    pub placement: Option<String>,
    /// The board shows no move.
    pub board: bool,
    /// The board shows a legal move other than the one announced.
    pub same_move: bool,
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
    /// The computer plays this seat (issue 34): `{"level": 1..8}`; absent for a person.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub engine: Option<EngineBody>,
}

/// The computer's seat in the state: its level.
#[derive(Clone, Debug, Serialize)]
pub struct EngineBody {
    pub level: u8,
}

/// The pieces each side has lost (`material`'s `lost`), by role name.
#[derive(Clone, Debug, Serialize)]
pub struct LostBody {
    pub white: Vec<&'static str>,
    pub black: Vec<&'static str>,
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
        engine: p.computer.map(|level| EngineBody { level }),
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
    /// After a restart or a failover: `pause` (default: the arbiter resumes) or `continue`.
    #[serde(default)]
    pub failover: Option<String>,
    /// Wait for the arbiter's start (default `false`: the clock starts with White's move).
    #[serde(default)]
    pub wait_for_start: Option<bool>,
    /// The default time of Art. 6.7.1 in seconds (default 0).
    #[serde(default)]
    pub default_time_seconds: Option<u64>,
    /// `refused` (default) or `counts`.
    #[serde(default)]
    pub vi_illegal: Option<String>,
    /// `wait` (default) or `resume`.
    #[serde(default)]
    pub after_fix: Option<String>,
    /// Default `true`.
    #[serde(default)]
    pub touch_stops_clock: Option<bool>,
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
    /// This seat is played by the computer (issue 34): `{"level": 1..8}`.
    #[serde(default)]
    pub engine: Option<EngineIn>,
}

/// `"engine": {"level": N}` for a seat the computer plays.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
pub struct EngineIn {
    pub level: i64,
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
    /// The setting an `invalid_setting` refused (`time_control.base_seconds`, `white.name`,
    /// `fen` …), so that a form can name its own field and put the focus there.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub field: Option<String>,
}
