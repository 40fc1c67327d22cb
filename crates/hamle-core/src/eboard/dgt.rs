//! The DGT e-Board serial protocol (DGT's published `dgtbrd.h`, "Protocol description for DGT
//! chess board"): the board's messages decoded from a byte stream, the host's commands encoded.
//!
//! Every message from the board has a 3-byte header: the message id with its most significant
//! bit set, then the total length (header included) in 14 bits, 7 bits per byte, high first. Every
//! other byte of a message has its most significant bit clear, so a byte with it set always starts
//! a message: that is how [`DgtDecoder`] finds its way back after noise or a message cut short.
//!
//! - Board dump (`DGT_BOARD_DUMP`, after `DGT_SEND_BRD`): 64 piece codes, field 0 = a8 ... 63 = h1
//!   with the connector on White's left ([`Orientation::Normal`]); the board does not turn its
//!   numbering when it is turned round ([`Orientation::Rotated`]).
//! - Field update (`DGT_FIELD_UPDATE`, in the update modes): one field and its new piece code
//!   (`EMPTY` when a piece left it). While a piece slides, or is lifted and put down within one
//!   scan (200-250 ms), updates come in any order; [`crate::eboard::assemble`] waits for the
//!   board to settle.
//! - Clock (`DGT_BWTIME`, a DGT 3000 or XL connected to the board): both sides' times in BCD, the
//!   flags, the lever, whose turn; or, when the low nibble of its first or fourth data byte is
//!   `0x0a`, the acknowledgement of a clock command ([`ClockAck`]).
//! - Serial number, long serial number, version, bus address, battery.
//!
//! A message of an id this module does not read (trademark, the EEPROM's moves, the draughts
//! board's dumps) is skipped by its length ([`DgtMessage::Skipped`]); one of a known id whose
//! length or content breaks the description is skipped the same way ([`DgtMessage::Malformed`]);
//! a header that names a length below 3 or above [`LONGEST_MESSAGE`] is noise. The decoder holds
//! at most one message's data that it reads (64 bytes); what it skips it counts, never stores.
//!
//! ```
//! use hamle_core::eboard::dgt::{DgtDecoder, DgtMessage, Field};
//! use shakmaty::{Color, Piece, Role, Square};
//!
//! let mut decoder = DgtDecoder::default();
//! // A field update split over two reads, noise before it: the white pawn now on e4 (field 36).
//! assert_eq!(decoder.push(&[0x13, 0x8e, 0x00]).count(), 0);
//! let messages: Vec<DgtMessage> = decoder.push(&[0x05, 36, 0x01]).collect();
//! let pawn = Piece { color: Color::White, role: Role::Pawn };
//! assert_eq!(messages, [DgtMessage::FieldUpdate { square: Square::E4, field: Field::Piece(pawn) }]);
//! assert_eq!(decoder.discarded(), 1);
//! ```

use arrayvec::{ArrayString, ArrayVec};
use shakmaty::{Board, Color, Piece, Role, Square};

use super::sensed::{Observation, Sensed};

/// The bit every message id from the board has set, and no other byte.
pub const MESSAGE_BIT: u8 = 0x80;

/// The longest message the protocol describes: the EEPROM's moves (`0x2000 - 0x100 + 3`).
/// A header naming more is noise.
pub const LONGEST_MESSAGE: u16 = 0x1f03;

/// The message ids from the board (without [`MESSAGE_BIT`]).
pub mod id {
    pub const NONE: u8 = 0x00;
    pub const BOARD_DUMP: u8 = 0x06;
    pub const BWTIME: u8 = 0x0d;
    pub const FIELD_UPDATE: u8 = 0x0e;
    pub const EE_MOVES: u8 = 0x0f;
    pub const BUS_ADDRESS: u8 = 0x10;
    pub const SERIAL_NUMBER: u8 = 0x11;
    pub const TRADEMARK: u8 = 0x12;
    pub const VERSION: u8 = 0x13;
    pub const BOARD_DUMP_50B: u8 = 0x14;
    pub const BOARD_DUMP_50W: u8 = 0x15;
    pub const BATTERY_STATUS: u8 = 0x20;
    pub const LONG_SERIAL_NUMBER: u8 = 0x22;
}

/// DGT's special pieces (piece codes `0x0d`-`0x0f`), which an arbiter puts on the board to
/// signal a result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Special {
    Draw,
    WhiteWins,
    BlackWins,
}

/// What a field holds, by its DGT piece code.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Field {
    Empty,
    Piece(Piece),
    Special(Special),
}

impl Field {
    /// The field of a piece code. Only the low four bits name the piece: the description leaves
    /// the upper ones undescribed, and they are not read.
    pub fn from_code(code: u8) -> Field {
        let piece = |color, role| Field::Piece(Piece { color, role });
        match code & 0x0f {
            0x00 => Field::Empty,
            0x01 => piece(Color::White, Role::Pawn),
            0x02 => piece(Color::White, Role::Rook),
            0x03 => piece(Color::White, Role::Knight),
            0x04 => piece(Color::White, Role::Bishop),
            0x05 => piece(Color::White, Role::King),
            0x06 => piece(Color::White, Role::Queen),
            0x07 => piece(Color::Black, Role::Pawn),
            0x08 => piece(Color::Black, Role::Rook),
            0x09 => piece(Color::Black, Role::Knight),
            0x0a => piece(Color::Black, Role::Bishop),
            0x0b => piece(Color::Black, Role::King),
            0x0c => piece(Color::Black, Role::Queen),
            0x0d => Field::Special(Special::Draw),
            0x0e => Field::Special(Special::WhiteWins),
            _ => Field::Special(Special::BlackWins),
        }
    }

    /// The piece code of this field.
    pub fn code(self) -> u8 {
        match self {
            Field::Empty => 0x00,
            Field::Special(Special::Draw) => 0x0d,
            Field::Special(Special::WhiteWins) => 0x0e,
            Field::Special(Special::BlackWins) => 0x0f,
            Field::Piece(Piece { color, role }) => {
                let white = match role {
                    Role::Pawn => 0x01,
                    Role::Rook => 0x02,
                    Role::Knight => 0x03,
                    Role::Bishop => 0x04,
                    Role::King => 0x05,
                    Role::Queen => 0x06,
                };
                color.fold_wb(white, white + 6)
            }
        }
    }
}

/// How the board lies: which of its fields is a8.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Orientation {
    /// The connector on White's left: field 0 is a8, field 63 is h1.
    #[default]
    Normal,
    /// Turned round (the connector on White's right): field 0 is h1, field 63 is a8.
    Rotated,
}

impl Orientation {
    /// The square of field `number` (0-63), or `None` for a number off the board.
    pub fn square(self, number: u8) -> Option<Square> {
        if number >= 64 {
            return None;
        }
        let (rank, file) = (7 - u32::from(number / 8), u32::from(number % 8));
        let normal = Square::try_from(rank * 8 + file).ok()?;
        Some(match self {
            Orientation::Normal => normal,
            Orientation::Rotated => normal.rotate_180(),
        })
    }

    /// The field number of `square`.
    pub fn field(self, square: Square) -> u8 {
        let square = match self {
            Orientation::Normal => square,
            Orientation::Rotated => square.rotate_180(),
        };
        // A file and a rank are each below 8: the number is below 64.
        ((7 - square.rank().to_u32()) * 8 + square.file().to_u32()) as u8
    }

    /// The other way round.
    pub fn turned(self) -> Orientation {
        match self {
            Orientation::Normal => Orientation::Rotated,
            Orientation::Rotated => Orientation::Normal,
        }
    }
}

/// A whole board as a dump reports it, by square.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DgtBoard {
    /// Indexed by [`Square`] (a1 = 0).
    fields: [Field; 64],
}

impl DgtBoard {
    /// What stands on `square`.
    pub fn get(&self, square: Square) -> Field {
        self.fields[square.to_usize()]
    }

    /// The board with the pieces of `board` (tests, a virtual board).
    pub fn from_board(board: &Board) -> DgtBoard {
        let mut fields = [Field::Empty; 64];
        for (square, field) in Square::ALL.into_iter().zip(fields.iter_mut()) {
            if let Some(piece) = board.piece_at(square) {
                *field = Field::Piece(piece);
            }
        }
        DgtBoard { fields }
    }

    /// The chess pieces on it (special pieces left out).
    pub fn pieces(&self) -> Board {
        let mut board = Board::empty();
        for square in Square::ALL {
            if let Field::Piece(piece) = self.get(square) {
                board.set_piece_at(square, piece);
            }
        }
        board
    }

    /// What the board shows, for the assembler: a special piece is an occupied square whose
    /// piece is unknown.
    pub fn sensed(&self) -> Sensed {
        let specials = Square::ALL
            .into_iter()
            .filter(|sq| matches!(self.get(*sq), Field::Special(_)));
        let mut sensed = Sensed::pieces(self.pieces());
        for square in specials {
            sensed.apply(&Observation::Placed {
                square,
                piece: None,
            });
        }
        sensed
    }

    /// Whether it shows the initial position turned round: the board lies the other way than
    /// the decoder assumed ([`Orientation::turned`]).
    pub fn shows_start_turned(&self) -> bool {
        let mut turned = self.pieces();
        turned.rotate_180();
        turned == Board::new() && self.pieces() != Board::new()
    }
}

/// One side of the clock, as the clock shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClockSide {
    pub hours: u8,
    pub minutes: u8,
    pub seconds: u8,
    /// The flag has fallen and the clock is blocked at zero.
    pub flag_blocked: bool,
    /// The time-per-move indicator (Bronstein, Fischer) is on.
    pub per_move: bool,
    /// The flag has fallen and is shown; the clock may still run (a next period).
    pub flag_shown: bool,
}

impl ClockSide {
    /// The time shown, in milliseconds.
    pub fn millis(&self) -> u64 {
        (u64::from(self.hours) * 3600 + u64::from(self.minutes) * 60 + u64::from(self.seconds))
            * 1000
    }

    /// One side from its three bytes (hours with the flags, minutes, seconds in BCD), or
    /// `None` if a digit is out of range.
    fn decode(flags_hours: u8, minutes: u8, seconds: u8) -> Option<ClockSide> {
        let bcd = |b: u8| {
            let (tens, units) = (b >> 4, b & 0x0f);
            (tens <= 5 && units <= 9).then_some(tens * 10 + units)
        };
        let hours = flags_hours & 0x0f;
        (hours <= 9).then_some(())?;
        Some(ClockSide {
            hours,
            minutes: bcd(minutes)?,
            seconds: bcd(seconds)?,
            flag_blocked: flags_hours & 0x10 != 0,
            per_move: flags_hours & 0x20 != 0,
            flag_shown: flags_hours & 0x40 != 0,
        })
    }
}

/// The clock's lever (the "tumbler"), seen from the front.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lever {
    /// High on the left player's side (`\`).
    LeftHigh,
    /// High on the right player's side (`/`).
    RightHigh,
}

/// A side of the clock, seen from the front: the player sitting there presses its lever.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClockFace {
    Left,
    Right,
}

impl ClockFace {
    /// `left` or `right`, as the command line names it.
    pub fn from_name(name: &str) -> Option<ClockFace> {
        match name.trim().to_ascii_lowercase().as_str() {
            "left" => Some(ClockFace::Left),
            "right" => Some(ClockFace::Right),
            _ => None,
        }
    }

    /// The other side of the clock.
    pub fn other(self) -> ClockFace {
        match self {
            ClockFace::Left => ClockFace::Right,
            ClockFace::Right => ClockFace::Left,
        }
    }
}

/// How far apart a side of the clock and the table's may be before the clock is set: the
/// clock shows whole seconds, and its reading comes a moment late.
pub const CLOCK_TOLERANCE_MS: u64 = 2_000;

/// The table's clock as a DGT 3000 should show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct TableClock {
    pub white_ms: u64,
    pub black_ms: u64,
    /// The side whose time runs; `None`: stopped (paused, not started, over).
    pub running: Option<Color>,
    /// The side of the clock White sits at (seen from the front).
    pub white: ClockFace,
}

impl TableClock {
    /// The set-and-run command that makes the clock show the table's times, `None` when
    /// `shown` (the clock's reading, `elapsed_ms` ago) agrees: each side within
    /// [`CLOCK_TOLERANCE_MS`], the same side running or both stopped. A reading with no clock
    /// connected, or a time the clock cannot show (10 hours or more), sets nothing. The
    /// running side changes with the lever afterwards, as in play.
    pub fn setting(&self, shown: &ClockTimes, elapsed_ms: u64) -> Option<ClockCommand> {
        if shown.no_clock {
            return None;
        }
        let (left_ms, right_ms) = self.faces();
        let want = self.running_face();
        let runs = shown_running(shown);
        let now = |f: ClockFace, side: &ClockSide| {
            let ms = side.millis();
            if runs == Some(f) {
                ms.saturating_sub(elapsed_ms)
            } else {
                ms
            }
        };
        let near = |a: u64, b: u64| a.abs_diff(b) <= CLOCK_TOLERANCE_MS;
        if want == runs
            && near(now(ClockFace::Left, &shown.left), left_ms)
            && near(now(ClockFace::Right, &shown.right), right_ms)
        {
            return None;
        }
        self.command()
    }

    /// The set-and-run command of the table's times and running side, whatever the clock
    /// shows (`None`: a time the clock cannot show).
    pub fn command(&self) -> Option<ClockCommand> {
        let (left_ms, right_ms) = self.faces();
        Some(ClockCommand::SetAndRun {
            left: ClockTime::from_millis(left_ms)?,
            right: ClockTime::from_millis(right_ms)?,
            running: match self.running_face() {
                Some(ClockFace::Left) => Running::Left,
                Some(ClockFace::Right) => Running::Right,
                None => Running::Paused,
            },
            toggle_on_lever: true,
        })
    }

    /// The left side's time and the right side's.
    fn faces(&self) -> (u64, u64) {
        match self.white {
            ClockFace::Left => (self.white_ms, self.black_ms),
            ClockFace::Right => (self.black_ms, self.white_ms),
        }
    }

    /// The side of the clock whose time should run.
    fn running_face(&self) -> Option<ClockFace> {
        self.running.map(|c| {
            if c == Color::White {
                self.white
            } else {
                self.white.other()
            }
        })
    }
}

/// The side whose time the clock counts down, from its reading: none when stopped; else the
/// side it marks to move, or, with no such mark, the side opposite the lower lever (pressing
/// the left lever starts the right side's time).
pub fn shown_running(shown: &ClockTimes) -> Option<ClockFace> {
    if !shown.running {
        return None;
    }
    Some(match (shown.left_to_move, shown.right_to_move) {
        (true, false) => ClockFace::Left,
        (false, true) => ClockFace::Right,
        _ => match shown.lever {
            Lever::RightHigh => ClockFace::Right,
            Lever::LeftHigh => ClockFace::Left,
        },
    })
}

/// Lever presses read from a DGT 3000's successive readings through the board: pressing the
/// left player's lever lowers the left side and raises the right one
/// ([`Lever::RightHigh`]), and the other way round. The first reading only tells where the
/// lever stands; a reading with no clock connected says nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LeverWatch {
    last: Option<Lever>,
}

impl LeverWatch {
    /// The side whose lever was pressed since the last reading, if any.
    pub fn reading(&mut self, times: &ClockTimes) -> Option<ClockFace> {
        if times.no_clock {
            return None;
        }
        let before = self.last.replace(times.lever)?;
        (before != times.lever).then_some(match times.lever {
            Lever::RightHigh => ClockFace::Left,
            Lever::LeftHigh => ClockFace::Right,
        })
    }
}

/// A clock reading relayed by the board (`DGT_BWTIME`, clock times).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClockTimes {
    pub left: ClockSide,
    pub right: ClockSide,
    /// Running (not stopped by start/stop).
    pub running: bool,
    pub lever: Lever,
    pub battery_low: bool,
    pub left_to_move: bool,
    pub right_to_move: bool,
    /// No clock is connected: the reading means nothing.
    pub no_clock: bool,
}

/// A button of the DGT 3000, from an automatic acknowledgement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClockButton {
    Back,
    Plus,
    Run,
    Minus,
    Ok,
}

/// The clock's acknowledgement (`DGT_BWTIME` whose first or fourth data byte ends in `0x0a`):
/// its four bytes, rebuilt from the seven as the description says.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClockAck {
    pub bytes: [u8; 4],
}

impl ClockAck {
    /// The command failed (e.g. set-and-run while the clock is not in mode 23).
    pub fn is_error(&self) -> bool {
        self.bytes[0] == 0x40
    }

    /// The clock sent it by itself (a button, ready), not in answer to a command.
    pub fn is_automatic(&self) -> bool {
        self.bytes[1] & 0x80 != 0
    }

    /// The clock command (`DGT_CMD_CLOCK_*`) it answers.
    pub fn answers(&self) -> Option<u8> {
        (!self.is_automatic()).then_some(self.bytes[1])
    }

    /// The button pressed, for an automatic acknowledgement of one.
    pub fn button(&self) -> Option<ClockButton> {
        if self.bytes[1] != 0x88 {
            return None;
        }
        match self.bytes[3] {
            0x31 => Some(ClockButton::Back),
            0x32 => Some(ClockButton::Plus),
            0x33 => Some(ClockButton::Run),
            0x34 => Some(ClockButton::Minus),
            0x35 => Some(ClockButton::Ok),
            _ => None,
        }
    }

    /// The clock's version (main, sub), for the answer to [`ClockCommand::Version`].
    pub fn version(&self) -> Option<(u8, u8)> {
        (self.answers() == Some(clock_cmd::VERSION))
            .then_some((self.bytes[2] >> 4, self.bytes[2] & 0x0f))
    }

    fn decode(d: &[u8; 7]) -> ClockAck {
        ClockAck {
            bytes: [
                (d[1] & 0x7f) | ((d[3] << 3) & 0x80),
                (d[2] & 0x7f) | ((d[3] << 2) & 0x80),
                (d[4] & 0x7f) | ((d[0] << 3) & 0x80),
                (d[5] & 0x7f) | ((d[0] << 2) & 0x80),
            ],
        }
    }
}

/// A serial number: ASCII digits (5 for `DGT_SERIALNR`, 10 for `DGT_LONG_SERIALNR`).
pub type SerialNumber = ArrayString<10>;

/// One message from the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DgtMessage {
    BoardDump(DgtBoard),
    FieldUpdate {
        square: Square,
        field: Field,
    },
    ClockTimes(ClockTimes),
    ClockAck(ClockAck),
    /// A clock message of zeroes: Bluetooth boards send one after a clock command, and the
    /// description says to ignore it.
    ClockBlank,
    SerialNumber(SerialNumber),
    LongSerialNumber(SerialNumber),
    Version {
        major: u8,
        minor: u8,
    },
    BusAddress(u16),
    Battery {
        percent: u8,
    },
    /// A whole message of an id this decoder does not read, skipped by its length.
    Skipped {
        id: u8,
        len: u16,
    },
    /// A message of a known id whose length or content breaks the description, skipped.
    Malformed {
        id: u8,
        len: u16,
    },
}

impl DgtMessage {
    /// What it says about the pieces, for the assembler.
    pub fn observation(&self) -> Option<Observation> {
        match self {
            DgtMessage::BoardDump(board) => Some(Observation::Snapshot(board.sensed())),
            DgtMessage::FieldUpdate { square, field } => Some(match field {
                Field::Empty => Observation::Lifted(*square),
                Field::Piece(p) => Observation::Placed {
                    square: *square,
                    piece: Some(*p),
                },
                Field::Special(_) => Observation::Placed {
                    square: *square,
                    piece: None,
                },
            }),
            _ => None,
        }
    }
}

/// How a message of each id is read: its data length, and whether it is read at all.
#[derive(Clone, Copy)]
enum Shape {
    Exactly(usize),
    /// At least one byte, at most [`DATA_CAPACITY`].
    Some,
    Skip,
}

fn shape(id: u8) -> Shape {
    match id {
        id::BOARD_DUMP => Shape::Exactly(64),
        id::FIELD_UPDATE | id::VERSION | id::BUS_ADDRESS => Shape::Exactly(2),
        id::BWTIME => Shape::Exactly(7),
        id::SERIAL_NUMBER => Shape::Exactly(5),
        id::LONG_SERIAL_NUMBER => Shape::Exactly(10),
        // The description gives its size as 7 but lists 9 data bytes; only the first is read.
        id::BATTERY_STATUS => Shape::Some,
        _ => Shape::Skip,
    }
}

/// The most data bytes the decoder holds: a board dump's.
const DATA_CAPACITY: usize = 64;

#[derive(Clone, Debug, PartialEq, Eq)]
enum State {
    Idle,
    /// The id read; `high`: the length's high seven bits, once read.
    Header {
        id: u8,
        high: Option<u8>,
    },
    /// Reading a message's data.
    Body {
        id: u8,
        len: u16,
        data: ArrayVec<u8, DATA_CAPACITY>,
    },
    /// Skipping a message's data.
    Skip {
        id: u8,
        len: u16,
        remaining: u16,
        malformed: bool,
    },
}

/// The board's byte stream to [`DgtMessage`]s, across reads that cut messages anywhere.
#[derive(Clone, Debug)]
pub struct DgtDecoder {
    orientation: Orientation,
    state: State,
    discarded: u64,
}

impl Default for DgtDecoder {
    fn default() -> Self {
        DgtDecoder::new(Orientation::Normal)
    }
}

impl DgtDecoder {
    pub fn new(orientation: Orientation) -> DgtDecoder {
        DgtDecoder {
            orientation,
            state: State::Idle,
            discarded: 0,
        }
    }

    /// How the board is taken to lie from now on.
    pub fn set_orientation(&mut self, orientation: Orientation) {
        self.orientation = orientation;
    }

    pub fn orientation(&self) -> Orientation {
        self.orientation
    }

    /// The bytes thrown away so far: noise, and messages cut short by a new one.
    pub fn discarded(&self) -> u64 {
        self.discarded
    }

    /// The messages `bytes` complete, in order. A message cut at the end of `bytes` is kept
    /// until the next push completes it.
    pub fn push(&mut self, bytes: &[u8]) -> std::vec::IntoIter<DgtMessage> {
        let mut out = Vec::new();
        for &b in bytes {
            if let Some(m) = self.feed(b) {
                out.push(m);
            }
        }
        out.into_iter()
    }

    /// The bytes of the message under way, thrown away when it is cut short.
    fn under_way(&self) -> u64 {
        match &self.state {
            State::Idle => 0,
            State::Header { high, .. } => 1 + u64::from(high.is_some()),
            State::Body { data, .. } => 3 + data.len() as u64,
            State::Skip { len, remaining, .. } => u64::from(len - remaining),
        }
    }

    fn feed(&mut self, b: u8) -> Option<DgtMessage> {
        if b & MESSAGE_BIT != 0 {
            self.discarded += self.under_way();
            self.state = State::Header {
                id: b & !MESSAGE_BIT,
                high: None,
            };
            return None;
        }
        match std::mem::replace(&mut self.state, State::Idle) {
            State::Idle => {
                self.discarded += 1;
                None
            }
            State::Header { id, high: None } => {
                self.state = State::Header { id, high: Some(b) };
                None
            }
            State::Header {
                id,
                high: Some(high),
            } => {
                let len = (u16::from(high) << 7) | u16::from(b);
                self.begin(id, len)
            }
            State::Body { id, len, mut data } => {
                if data.try_push(b).is_err() {
                    return Some(DgtMessage::Malformed { id, len });
                }
                if data.len() + 3 == usize::from(len) {
                    Some(self.decode(id, len, &data))
                } else {
                    self.state = State::Body { id, len, data };
                    None
                }
            }
            State::Skip {
                id,
                len,
                remaining,
                malformed,
            } => {
                if remaining > 1 {
                    self.state = State::Skip {
                        id,
                        len,
                        remaining: remaining - 1,
                        malformed,
                    };
                    None
                } else {
                    Some(skipped(id, len, malformed))
                }
            }
        }
    }

    /// The header is complete: read, skip, or throw it away.
    fn begin(&mut self, id: u8, len: u16) -> Option<DgtMessage> {
        if !(3..=LONGEST_MESSAGE).contains(&len) {
            self.discarded += 3;
            return None;
        }
        let data_len = usize::from(len - 3);
        let read = match shape(id) {
            Shape::Exactly(n) => Some(data_len == n),
            Shape::Some => Some((1..=DATA_CAPACITY).contains(&data_len)),
            Shape::Skip => None,
        };
        let malformed = read == Some(false);
        if read == Some(true) {
            // Every read shape has at least one data byte.
            self.state = State::Body {
                id,
                len,
                data: ArrayVec::new(),
            };
            None
        } else if data_len == 0 {
            Some(skipped(id, len, malformed))
        } else {
            self.state = State::Skip {
                id,
                len,
                remaining: len - 3,
                malformed,
            };
            None
        }
    }

    fn decode(&self, id: u8, len: u16, data: &[u8]) -> DgtMessage {
        self.read(id, data)
            .unwrap_or(DgtMessage::Malformed { id, len })
    }

    /// A message of `id` from its data (of the length its shape asks for), or `None` if its
    /// content breaks the description.
    fn read(&self, id: u8, data: &[u8]) -> Option<DgtMessage> {
        match id {
            id::BOARD_DUMP => {
                let mut fields = [Field::Empty; 64];
                for (number, code) in (0u8..).zip(data) {
                    let square = self.orientation.square(number)?;
                    fields[square.to_usize()] = Field::from_code(*code);
                }
                Some(DgtMessage::BoardDump(DgtBoard { fields }))
            }
            id::FIELD_UPDATE => Some(DgtMessage::FieldUpdate {
                square: self.orientation.square(*data.first()?)?,
                field: Field::from_code(*data.get(1)?),
            }),
            id::BWTIME => {
                let d: &[u8; 7] = data.try_into().ok()?;
                if d[0] & 0x0f == 0x0a || d[3] & 0x0f == 0x0a {
                    return Some(DgtMessage::ClockAck(ClockAck::decode(d)));
                }
                if d.iter().all(|b| *b == 0) {
                    return Some(DgtMessage::ClockBlank);
                }
                let status = d[6];
                Some(DgtMessage::ClockTimes(ClockTimes {
                    right: ClockSide::decode(d[0], d[1], d[2])?,
                    left: ClockSide::decode(d[3], d[4], d[5])?,
                    running: status & 0x01 != 0,
                    lever: if status & 0x02 != 0 {
                        Lever::RightHigh
                    } else {
                        Lever::LeftHigh
                    },
                    battery_low: status & 0x04 != 0,
                    right_to_move: status & 0x08 != 0,
                    left_to_move: status & 0x10 != 0,
                    no_clock: status & 0x20 != 0,
                }))
            }
            id::VERSION => Some(DgtMessage::Version {
                major: *data.first()?,
                minor: *data.get(1)?,
            }),
            id::BUS_ADDRESS => Some(DgtMessage::BusAddress(
                (u16::from(*data.first()?) << 7) | u16::from(*data.get(1)?),
            )),
            id::SERIAL_NUMBER => serial(data).map(DgtMessage::SerialNumber),
            id::LONG_SERIAL_NUMBER => serial(data).map(DgtMessage::LongSerialNumber),
            id::BATTERY_STATUS => {
                let percent = *data.first()?;
                (percent <= 100).then_some(DgtMessage::Battery { percent })
            }
            _ => None,
        }
    }
}

fn skipped(id: u8, len: u16, malformed: bool) -> DgtMessage {
    if malformed {
        DgtMessage::Malformed { id, len }
    } else {
        DgtMessage::Skipped { id, len }
    }
}

/// A serial number's ASCII characters, if they are printable.
fn serial(data: &[u8]) -> Option<SerialNumber> {
    let mut s = SerialNumber::new();
    for &b in data {
        if !b.is_ascii_graphic() && b != b' ' {
            return None;
        }
        s.try_push(char::from(b)).ok()?;
    }
    Some(s)
}

/// The clock commands (`DGT_CMD_CLOCK_*`), wrapped in [`DgtCommand::Clock`].
pub mod clock_cmd {
    pub const DISPLAY: u8 = 0x01;
    pub const ICONS: u8 = 0x02;
    pub const END: u8 = 0x03;
    pub const BUTTON: u8 = 0x08;
    pub const VERSION: u8 = 0x09;
    pub const SET_AND_RUN: u8 = 0x0a;
    pub const BEEP: u8 = 0x0b;
    pub const ASCII: u8 = 0x0c;
}

/// A time to set on one side of the clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClockTime {
    pub hours: u8,
    pub minutes: u8,
    pub seconds: u8,
}

impl ClockTime {
    /// The time of `millis` milliseconds (seconds rounded down), if the clock can show it
    /// (below 10 hours).
    pub fn from_millis(millis: u64) -> Option<ClockTime> {
        let s = millis / 1000;
        Some(ClockTime {
            hours: u8::try_from(s / 3600).ok().filter(|h| *h <= 9)?,
            minutes: u8::try_from(s / 60 % 60).ok()?,
            seconds: u8::try_from(s % 60).ok()?,
        })
    }
}

/// Eight characters for a DGT 3000's display: printable ASCII, padded with spaces.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClockText([u8; 8]);

impl ClockText {
    /// `text` for the display, or `None` if it is longer than 8 characters or not printable
    /// ASCII.
    pub fn new(text: &str) -> Option<ClockText> {
        let mut bytes = [b' '; 8];
        if text.len() > 8 {
            return None;
        }
        for (slot, b) in bytes.iter_mut().zip(text.bytes()) {
            if !(b.is_ascii_graphic() || b == b' ') {
                return None;
            }
            *slot = b;
        }
        Some(ClockText(bytes))
    }
}

/// Which side counts down after [`ClockCommand::SetAndRun`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Running {
    Left,
    Right,
    Paused,
}

/// A command for the clock, passed on by the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClockCommand {
    /// Back to showing the times.
    EndDisplay,
    /// Ask for the button pressed.
    Button,
    /// Ask for the clock's version (answered by a [`ClockAck`]).
    Version,
    /// Beep for `units` x 64 ms.
    Beep { units: u8 },
    /// Set both times and which side runs (only in the clock's mode 23); `toggle_on_lever`: the
    /// running side changes when the lever is pressed.
    SetAndRun {
        left: ClockTime,
        right: ClockTime,
        running: Running,
        toggle_on_lever: bool,
    },
    /// Show text on a DGT 3000; `beep` 0 (none) to 15.
    Ascii { text: ClockText, beep: u8 },
}

/// A command from the host to the board (one byte, or a clock message).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum DgtCommand {
    /// Idle: no more updates.
    Reset,
    /// Answered by a clock message.
    SendClock,
    /// Answered by a board dump.
    SendBoard,
    /// Field updates and clock messages (at least every second) from now on.
    SendUpdate,
    /// Field updates only.
    SendUpdateBoard,
    /// Field updates, and clock messages when the time changed.
    SendUpdateNice,
    SendSerialNumber,
    SendLongSerialNumber,
    SendBusAddress,
    SendTrademark,
    SendVersion,
    SendBatteryStatus,
    Clock(ClockCommand),
}

/// The clock message's first byte (`DGT_CLOCK_MESSAGE`), and its start and end markers.
const CLOCK_MESSAGE: u8 = 0x2b;
const CLOCK_START: u8 = 0x03;
const CLOCK_END: u8 = 0x00;

impl DgtCommand {
    /// The bytes to send.
    pub fn encode(&self) -> ArrayVec<u8, 16> {
        let mut out = ArrayVec::new();
        let single = match self {
            DgtCommand::Reset => 0x40,
            DgtCommand::SendClock => 0x41,
            DgtCommand::SendBoard => 0x42,
            DgtCommand::SendUpdate => 0x43,
            DgtCommand::SendUpdateBoard => 0x44,
            DgtCommand::SendSerialNumber => 0x45,
            DgtCommand::SendBusAddress => 0x46,
            DgtCommand::SendTrademark => 0x47,
            DgtCommand::SendUpdateNice => 0x4b,
            DgtCommand::SendBatteryStatus => 0x4c,
            DgtCommand::SendVersion => 0x4d,
            DgtCommand::SendLongSerialNumber => 0x55,
            DgtCommand::Clock(c) => {
                let (command, content) = c.content();
                out.push(CLOCK_MESSAGE);
                // The size counts the bytes after it: start, command, content, end.
                out.push(content.len() as u8 + 3);
                out.push(CLOCK_START);
                out.push(command);
                out.extend(content);
                out.push(CLOCK_END);
                return out;
            }
        };
        out.push(single);
        out
    }
}

impl ClockCommand {
    /// The clock command's id and its content bytes.
    fn content(&self) -> (u8, ArrayVec<u8, 9>) {
        let mut c = ArrayVec::new();
        let id = match *self {
            ClockCommand::EndDisplay => clock_cmd::END,
            ClockCommand::Button => clock_cmd::BUTTON,
            ClockCommand::Version => clock_cmd::VERSION,
            ClockCommand::Beep { units } => {
                c.push(units);
                clock_cmd::BEEP
            }
            ClockCommand::SetAndRun {
                left,
                right,
                running,
                toggle_on_lever,
            } => {
                for t in [left, right] {
                    c.extend([t.hours, t.minutes, t.seconds]);
                }
                let run = match running {
                    Running::Left => 0x01,
                    Running::Right => 0x02,
                    Running::Paused => 0x04,
                };
                c.push(run | if toggle_on_lever { 0x08 } else { 0 });
                clock_cmd::SET_AND_RUN
            }
            ClockCommand::Ascii { text, beep } => {
                c.extend(text.0);
                c.push(beep.min(15));
                clock_cmd::ASCII
            }
        };
        (id, c)
    }
}

#[cfg(test)]
mod tests;
