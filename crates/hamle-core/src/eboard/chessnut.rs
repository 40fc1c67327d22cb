//! The Chessnut realtime position protocol (Chessnut Air, Air+, Go, Pro; Chessnut's published
//! "Chessnut eBoards" API and its EasyLink SDK): position reports decoded from a byte stream, the
//! host's commands encoded.
//!
//! Every frame from the board is its kind (one byte), the length of what follows (one byte), and
//! that many bytes. In realtime mode (enabled by `[0x21, 0x01, 0x00]`) the board sends a
//! position report on every change: kind `0x01`, then 32 bytes of position, 4 bits a square,
//! h8 g8 ... a8, h7 ... a1, the first square of each byte in its low nibble; then a few bytes
//! this module does not read (an uptime counter). A battery report is kind `0x2a`: the level in
//! percent, bit 7 set while charging.
//!
//! There is no start marker: [`ChessnutDecoder`] takes a frame as it comes and throws away one
//! byte at a time what cannot be one: a position report of another length than 32 to 40 bytes or
//! with a square code above 12, a battery level above 100, a frame of another kind that is empty,
//! longer than [`LONGEST_OTHER`] bytes, or has a position report's first two bytes inside it (so
//! that a noise byte before a report does not swallow the report). Frames of other kinds (answers
//! to other commands) are skipped by their length. Pairs of zero bytes (the padding of a
//! fixed-size USB report) are thrown away. Over USB HID and Bluetooth each read is one report:
//! [`ChessnutDecoder::push_packet`] ends what the report did not complete, which keeps a stream
//! of reports aligned whatever one of them held.
//!
//! ```
//! use hamle_core::eboard::chessnut::{ChessnutDecoder, ChessnutFrame, position_report};
//! use shakmaty::Board;
//!
//! let report = position_report(&Board::new());
//! let mut decoder = ChessnutDecoder::default();
//! assert_eq!(decoder.push(&report[..20]).count(), 0);
//! let frames: Vec<ChessnutFrame> = decoder.push(&report[20..]).collect();
//! assert_eq!(frames, [ChessnutFrame::Position(Board::new())]);
//! ```

use arrayvec::ArrayVec;
use shakmaty::{Bitboard, Board, Color, Piece, Role, Square};

use super::sensed::{Observation, Sensed};

/// The kinds of frame from the board this module reads.
pub mod kind {
    pub const POSITION: u8 = 0x01;
    pub const BATTERY: u8 = 0x2a;
}

/// The bytes of position in a report: 64 squares, 4 bits each.
pub const POSITION_BYTES: usize = 32;

/// The most a position report's length byte may say: its 32 bytes of position and at most 8
/// more (boards send 4).
const LONGEST_POSITION: usize = POSITION_BYTES + 8;

/// The longest frame of another kind that is skipped by its length; a longer one is noise.
pub const LONGEST_OTHER: usize = 64;

/// The most bytes the decoder holds: one frame's, and the byte after it.
const CAPACITY: usize = 2 + LONGEST_OTHER + 1;

/// One frame from the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ChessnutFrame {
    /// The pieces on the board.
    Position(Board),
    Battery {
        percent: u8,
        charging: bool,
    },
    /// A whole frame of another kind, skipped by its length.
    Skipped {
        kind: u8,
        len: u8,
    },
}

impl ChessnutFrame {
    /// What it says about the pieces, for the assembler.
    pub fn observation(&self) -> Option<Observation> {
        match self {
            ChessnutFrame::Position(board) => {
                Some(Observation::Snapshot(Sensed::pieces(board.clone())))
            }
            _ => None,
        }
    }
}

/// The piece of a square code (1-12), `None` for an empty square, `Err` for a code the protocol
/// does not have.
fn piece(code: u8) -> Result<Option<Piece>, ()> {
    let p = |color, role| Ok(Some(Piece { color, role }));
    match code {
        0 => Ok(None),
        1 => p(Color::Black, Role::Queen),
        2 => p(Color::Black, Role::King),
        3 => p(Color::Black, Role::Bishop),
        4 => p(Color::Black, Role::Pawn),
        5 => p(Color::Black, Role::Knight),
        6 => p(Color::White, Role::Rook),
        7 => p(Color::White, Role::Pawn),
        8 => p(Color::Black, Role::Rook),
        9 => p(Color::White, Role::Bishop),
        10 => p(Color::White, Role::Knight),
        11 => p(Color::White, Role::Queen),
        12 => p(Color::White, Role::King),
        _ => Err(()),
    }
}

/// The square code of a piece.
fn code(piece: Option<Piece>) -> u8 {
    let Some(Piece { color, role }) = piece else {
        return 0;
    };
    match (color, role) {
        (Color::Black, Role::Queen) => 1,
        (Color::Black, Role::King) => 2,
        (Color::Black, Role::Bishop) => 3,
        (Color::Black, Role::Pawn) => 4,
        (Color::Black, Role::Knight) => 5,
        (Color::White, Role::Rook) => 6,
        (Color::White, Role::Pawn) => 7,
        (Color::Black, Role::Rook) => 8,
        (Color::White, Role::Bishop) => 9,
        (Color::White, Role::Knight) => 10,
        (Color::White, Role::Queen) => 11,
        (Color::White, Role::King) => 12,
    }
}

/// The square of the `i`th nibble (0 = h8, 7 = a8, 8 = h7, ..., 63 = a1).
fn nibble_square(i: usize) -> Option<Square> {
    let (rank, file) = (7 - i / 8, 7 - i % 8);
    Square::try_from(rank * 8 + file).ok()
}

/// The pieces of 32 position bytes, or `None` if a square code is out of range.
fn decode_position(bytes: &[u8]) -> Option<Board> {
    let mut board = Board::empty();
    for (i, byte) in bytes.iter().take(POSITION_BYTES).enumerate() {
        for (half, nibble) in [byte & 0x0f, byte >> 4].into_iter().enumerate() {
            let square = nibble_square(2 * i + half)?;
            if let Some(p) = piece(nibble).ok()? {
                board.set_piece_at(square, p);
            }
        }
    }
    Some(board)
}

/// The position report a board sends for `board` (kind, length 36, 32 bytes of position, 4
/// bytes of uptime, zero here): a virtual board's bytes.
pub fn position_report(board: &Board) -> [u8; 2 + POSITION_BYTES + 4] {
    let mut out = [0; 2 + POSITION_BYTES + 4];
    out[0] = kind::POSITION;
    out[1] = (POSITION_BYTES + 4) as u8;
    for (i, square) in (0..64).filter_map(nibble_square).enumerate() {
        let c = code(board.piece_at(square));
        out[2 + i / 2] |= if i % 2 == 0 { c } else { c << 4 };
    }
    out
}

/// What the bytes at the front of the buffer are.
enum Front {
    /// Not enough bytes yet.
    Incomplete,
    /// Not a frame: one byte is noise.
    Noise,
    /// A frame of `len` bytes in all.
    Frame(ChessnutFrame, usize),
    /// Zero padding (kind 0, length 0).
    Padding,
}

/// The board's byte stream to [`ChessnutFrame`]s, across reads that cut frames anywhere.
#[derive(Clone, Debug, Default)]
pub struct ChessnutDecoder {
    buf: ArrayVec<u8, CAPACITY>,
    discarded: u64,
}

impl ChessnutDecoder {
    /// The bytes thrown away so far: noise, padding, and reports a packet cut short.
    pub fn discarded(&self) -> u64 {
        self.discarded
    }

    /// The frames `bytes` complete, in order; a frame cut at the end of `bytes` is kept until
    /// the next push completes it.
    pub fn push(&mut self, bytes: &[u8]) -> std::vec::IntoIter<ChessnutFrame> {
        let mut out = Vec::new();
        for &b in bytes {
            // The buffer never holds a whole frame: each is taken as soon as it is complete.
            if self.buf.try_push(b).is_err() {
                self.discarded += self.buf.len() as u64;
                self.buf.clear();
            }
            self.take_frames(&mut out);
        }
        out.into_iter()
    }

    /// One whole report (a USB HID or Bluetooth read): its frames, and a position report the
    /// read cut short after its 32 bytes of position; whatever else it left unfinished is
    /// thrown away, one byte at a time, so that a frame after it is still found.
    pub fn push_packet(&mut self, bytes: &[u8]) -> std::vec::IntoIter<ChessnutFrame> {
        let mut out: Vec<ChessnutFrame> = self.push(bytes).collect();
        while let Some(&first) = self.buf.first() {
            if first == kind::POSITION
                && self.buf.len() >= 2 + POSITION_BYTES
                && let Some(board) = decode_position(&self.buf[2..])
            {
                out.push(ChessnutFrame::Position(board));
                self.buf.clear();
                break;
            }
            self.discarded += 1;
            self.buf.remove(0);
            self.take_frames(&mut out);
        }
        out.into_iter()
    }

    fn take_frames(&mut self, out: &mut Vec<ChessnutFrame>) {
        loop {
            match self.front() {
                Front::Incomplete => return,
                Front::Noise => {
                    self.discarded += 1;
                    self.buf.remove(0);
                }
                Front::Padding => {
                    self.discarded += 2;
                    self.buf.drain(..2);
                }
                Front::Frame(frame, len) => {
                    self.buf.drain(..len);
                    out.push(frame);
                }
            }
        }
    }

    fn front(&self) -> Front {
        let (Some(&kind), Some(&len)) = (self.buf.first(), self.buf.get(1)) else {
            return Front::Incomplete;
        };
        let n = usize::from(len);
        let end = 2 + n;
        match kind {
            0 if n == 0 => Front::Padding,
            0 => Front::Noise,
            kind::POSITION => {
                if !(POSITION_BYTES..=LONGEST_POSITION).contains(&n) {
                    return Front::Noise;
                }
                match self.buf.get(2..end) {
                    None => Front::Incomplete,
                    Some(body) => decode_position(body).map_or(Front::Noise, |board| {
                        Front::Frame(ChessnutFrame::Position(board), end)
                    }),
                }
            }
            kind::BATTERY => {
                if !(1..=8).contains(&n) {
                    return Front::Noise;
                }
                match self.buf.get(2..end) {
                    None => Front::Incomplete,
                    Some([level, ..]) if level & 0x7f <= 100 => Front::Frame(
                        ChessnutFrame::Battery {
                            percent: level & 0x7f,
                            charging: level & 0x80 != 0,
                        },
                        end,
                    ),
                    Some(_) => Front::Noise,
                }
            }
            _ => {
                if n == 0 || n > LONGEST_OTHER {
                    return Front::Noise;
                }
                // Taken only if no position report begins inside it or right at its end: one
                // noise byte before a report must not swallow the report.
                let reach = &self.buf[1..self.buf.len().min(end + 1)];
                if position_header_within(reach) {
                    Front::Noise
                } else if self.buf.len() < end
                    || (self.buf.len() == end && self.buf[end - 1] == kind::POSITION)
                {
                    Front::Incomplete
                } else {
                    Front::Frame(ChessnutFrame::Skipped { kind, len }, end)
                }
            }
        }
    }
}

/// Whether `bytes` hold a position report's first two bytes (its kind and a length it can
/// have).
fn position_header_within(bytes: &[u8]) -> bool {
    bytes.windows(2).any(|w| {
        w[0] == kind::POSITION && (POSITION_BYTES..=LONGEST_POSITION).contains(&usize::from(w[1]))
    })
}

/// A command from the host to the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ChessnutCommand {
    /// A position report on every change, and one at once.
    RealtimeMode,
    /// The board's stored games instead (the EasyLink SDK's upload mode).
    UploadMode,
    /// Answered by a battery report.
    BatteryLevel,
    /// The LEDs of these squares on, the others off.
    Leds(Bitboard),
}

impl ChessnutCommand {
    /// The bytes to send.
    pub fn encode(&self) -> ArrayVec<u8, 10> {
        let mut out = ArrayVec::new();
        match self {
            ChessnutCommand::RealtimeMode => out.extend([0x21, 0x01, 0x00]),
            ChessnutCommand::UploadMode => out.extend([0x21, 0x01, 0x01]),
            ChessnutCommand::BatteryLevel => out.extend([0x29, 0x01, 0x00]),
            ChessnutCommand::Leds(on) => {
                out.extend([0x0a, 0x08]);
                // A byte per rank, 8 down to 1; in each, file a in bit 7 ... file h in bit 0.
                for rank in (0..8u32).rev() {
                    let mut byte = 0u8;
                    for file in 0..8u32 {
                        if Square::try_from(rank * 8 + file).is_ok_and(|sq| on.contains(sq)) {
                            byte |= 0x80 >> file;
                        }
                    }
                    out.push(byte);
                }
            }
        }
        out
    }
}

#[cfg(test)]
mod tests;
