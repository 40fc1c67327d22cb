//! What happens in a game, as numbered records.

use shakmaty::uci::UciMove;

use shakmaty::{Color, Piece, Square};

use super::board::BoardOp;
use super::claims::ClaimKind;
use super::clock::ClockReading;
use super::seat::Seat;

/// Which way the arbiter's ruling on diverging boards went (F8 / D.2.9).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BranchKind {
    SheetsAgree,
    SheetsDiffer,
    ArbiterOverride,
    /// The arbiter undoes his last ruling that took moves back: they are played again, the
    /// clocks return to their readings before it, and both boards are set to that position.
    Undo,
}

impl BranchKind {
    pub const ALL: [BranchKind; 4] = [
        BranchKind::SheetsAgree,
        BranchKind::SheetsDiffer,
        BranchKind::ArbiterOverride,
        BranchKind::Undo,
    ];

    /// The stable name on the wire and in the store.
    pub fn key(self) -> &'static str {
        match self {
            BranchKind::SheetsAgree => "sheets_agree",
            BranchKind::SheetsDiffer => "sheets_differ",
            BranchKind::ArbiterOverride => "arbiter_override",
            BranchKind::Undo => "undo",
        }
    }

    pub fn from_key(s: &str) -> Option<BranchKind> {
        BranchKind::ALL.into_iter().find(|b| b.key() == s)
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
    /// Neither player came (a double forfeit): both lose, no game was played. Only a
    /// forfeit ends so ([`EndReason::Forfeit`]).
    DoubleForfeit,
}

impl GameResult {
    /// `1-0`, `0-1`, `1/2-1/2`; a double forfeit `0-0` (as ChessBase and lichess's
    /// broadcasts write it; the PGN standard has no result for a game nobody played).
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::DoubleForfeit => "0-0",
        }
    }

    pub fn from_pgn(s: &str) -> Option<GameResult> {
        match s {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            "0-0" => Some(GameResult::DoubleForfeit),
            _ => None,
        }
    }

    /// The points of `color`'s player: 2 for a win, 1 for a draw, 0 for a loss (half-points).
    pub fn half_points(self, color: shakmaty::Color) -> u32 {
        match self {
            GameResult::Draw => 1,
            GameResult::DoubleForfeit => 0,
            GameResult::WhiteWins | GameResult::BlackWins => {
                if self == GameResult::win_for(color) {
                    2
                } else {
                    0
                }
            }
        }
    }

    pub fn win_for(color: shakmaty::Color) -> GameResult {
        color.fold_wb(GameResult::WhiteWins, GameResult::BlackWins)
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    Checkmate,
    Stalemate,
    /// Neither side can mate by any series of legal moves.
    DeadPosition,
    /// A flag fell and the opponent can still mate.
    Timeout,
    /// A flag fell but the opponent cannot mate by any series of legal moves (Art. 6.10).
    TimeoutDraw,
    /// The arbiter declared the result.
    Arbiter,
    Resignation,
    /// A draw offer accepted (9.1).
    Agreement,
    /// A correct claim of threefold repetition (9.2).
    Repetition,
    /// A correct claim under the fifty-move rule (9.3).
    FiftyMoves,
    /// The same position for the fifth time (2023 edition, 9.6.1).
    FivefoldRepetition,
    /// 75 moves by each side without capture or pawn move (2023 edition, 9.6.2).
    SeventyFiveMoves,
    /// The illegal move that reached the rules profile's limit (7.5.5).
    IllegalMoves,
    /// The arbiter declared a forfeit (a player did not come, Art. 6.7, or the regulations'
    /// default): no game was played; the winner's `+`, the loser's `-` (both `-` for a
    /// double forfeit), not rated.
    Forfeit,
}

impl EndReason {
    pub const ALL: [EndReason; 14] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::DeadPosition,
        EndReason::Timeout,
        EndReason::TimeoutDraw,
        EndReason::Arbiter,
        EndReason::Resignation,
        EndReason::Agreement,
        EndReason::Repetition,
        EndReason::FiftyMoves,
        EndReason::FivefoldRepetition,
        EndReason::SeventyFiveMoves,
        EndReason::IllegalMoves,
        EndReason::Forfeit,
    ];

    pub fn key(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::DeadPosition => "dead_position",
            EndReason::Timeout => "timeout",
            EndReason::TimeoutDraw => "timeout_draw",
            EndReason::Arbiter => "arbiter",
            EndReason::Resignation => "resignation",
            EndReason::Agreement => "agreement",
            EndReason::Repetition => "repetition",
            EndReason::FiftyMoves => "fifty_moves",
            EndReason::FivefoldRepetition => "fivefold_repetition",
            EndReason::SeventyFiveMoves => "seventy_five_moves",
            EndReason::IllegalMoves => "illegal_moves",
            EndReason::Forfeit => "forfeit",
        }
    }

    pub fn from_key(s: &str) -> Option<EndReason> {
        EndReason::ALL.into_iter().find(|r| r.key() == s)
    }
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ending {
    pub result: GameResult,
    pub reason: EndReason,
}

/// What an electronic board's sensors showed on one square (issue 33's raw stream).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareReading {
    Empty,
    /// A piece the board cannot name (an occupancy-only board, a DGT board's special piece).
    Occupied,
    Piece(Piece),
}

/// One raw reading of an electronic board's square, at a time of the server's clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct SensorReading {
    pub at_ms: u64,
    pub square: Square,
    pub found: SquareReading,
}

/// The most readings one [`Event::BoardSensed`] holds.
pub const MAX_READINGS: usize = 32;

/// One thing that happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// A move was made (by the player or his assistant) and the clock pressed.
    Moved {
        by: Seat,
        uci: UciMove,
    },
    /// The clocks were stopped: by the arbiter, or (`by: None`) because the server restarted.
    Paused {
        by: Option<Seat>,
    },
    Resumed {
        by: Seat,
    },
    /// The arbiter set one side's remaining time.
    ClockSet {
        by: Seat,
        color: shakmaty::Color,
        remaining_ms: u64,
    },
    /// The game is over; `by` is the seat that ended it (the arbiter's decision, a
    /// resignation, an accepted draw, a time claim), `None` when the rules did.
    Ended {
        ending: Ending,
        by: Option<Seat>,
    },
    /// The raw readings of `board`'s electronic board (issue 33), as its bridge sent them
    /// (at most [`MAX_READINGS`], oldest first): every square that changed, settled or not,
    /// with its time. The arbiter's evidence for a touch or D.2.9 dispute; changes nothing.
    BoardSensed {
        by: Seat,
        board: Color,
        readings: Vec<SensorReading>,
    },
    /// Something happened on the physical board of `board`'s player.
    Board {
        by: Seat,
        board: Color,
        op: BoardOp,
    },
    /// The player said "I adjust": his next touch does not oblige him.
    Adjusting {
        by: Seat,
    },
    /// The move of the side to move was announced (`correction`: it replaces an earlier
    /// announcement, F7).
    Announced {
        by: Seat,
        uci: UciMove,
        correction: bool,
    },
    /// An announcement repeated (F2): what was heard, and whether it is the move announced
    /// or played.
    Repeated {
        by: Seat,
        uci: UciMove,
        matches: bool,
    },
    /// A move completed on a physical board that is not legal (7.4/7.5): the position before
    /// it is restored on both boards, the opponent gets `penalty_ms`; `count` is this side's
    /// illegal moves so far.
    IllegalMove {
        by: Seat,
        color: Color,
        from: Square,
        to: Square,
        count: u32,
        penalty_ms: u64,
    },
    /// A visually impaired player's illegal announcement counted under 7.5 (rules profile
    /// `vi_illegal: counts`): nothing was made on a board; the opponent gets `penalty_ms`,
    /// `count` is this side's illegal moves so far. `uci` is the move said, when it named
    /// its squares.
    IllegalAnnounced {
        by: Seat,
        color: Color,
        uci: Option<UciMove>,
        count: u32,
        penalty_ms: u64,
    },
    /// The arbiter started the game (Art. 6.5): White's clock runs (rules profile
    /// `wait_for_start`).
    Started {
        by: Seat,
    },
    /// A player's seat (or his assistant's) came to the game for the first time (a game that
    /// waits for the arbiter's start): he has arrived (Art. 6.7).
    Arrived {
        by: Seat,
        color: Color,
    },
    /// The default time (Art. 6.7.1) is over and this player has not arrived: the arbiter
    /// decides (declares the loss or lets play on).
    DefaultTimeOver {
        color: Color,
    },
    /// The visually impaired player's assistant reports that the opponent touched a piece
    /// (D.2.10.5); the arbiter rules.
    TouchReported {
        by: Seat,
        color: Color,
        square: Square,
    },
    TouchRuled {
        by: Seat,
        upheld: bool,
    },
    /// The arbiter released `color`'s touches as not deliberate (D.2.3 / Art. 4.2-4.3 bind
    /// only a deliberate touch): the touch-move obligation is lifted, also after the touch
    /// was recorded or a report of it upheld.
    TouchReleased {
        by: Seat,
        color: Color,
    },
    /// The arbiter's note on the ruling just before it (plain text, one line).
    Noted {
        by: Seat,
        text: String,
    },
    /// The arbiter corrected the declared result after the end (an appeal, a wrong colour
    /// declared, a claim found wrong): the game's ending is `ending` from now on.
    ResultCorrected {
        by: Seat,
        ending: Ending,
        reason: String,
    },
    /// The arbiter set a physical board to the official position (F8 / D.2.9).
    BoardRestored {
        by: Seat,
        board: Color,
    },
    DrawOffered {
        by: Seat,
    },
    DrawDeclined {
        by: Seat,
    },
    /// The standing draw offer lapsed: the opponent went on to move (9.1).
    DrawOfferLapsed,
    /// A draw claim (9.2, 9.3), with the written move if there was one, and the 9.5 penalty
    /// when it was false.
    DrawClaimed {
        by: Seat,
        kind: ClaimKind,
        uci: Option<UciMove>,
        correct: bool,
        bonus_ms: u64,
        taken_ms: u64,
    },
    /// A flag fell (flag rule `claim`: the opponent may claim the win).
    FlagFell {
        color: Color,
    },
    /// The talking clock, asked for by `by` for `color`'s player: both times (in the
    /// record's clock) and move counts. Private to that side.
    ClockTold {
        by: Seat,
        color: Color,
        white_moves: u32,
        black_moves: u32,
    },
    /// The player of `color` turned the talking clock's warnings on or off. Private.
    ClockWarnings {
        by: Seat,
        color: Color,
        on: bool,
    },
    /// A time warning for `color`'s player, who asked for warnings. Private.
    ClockWarning {
        color: Color,
        remaining_ms: u64,
    },
    /// An entry written on `color`'s scoresheet (Art. 8.1, F6 / D.2.7) for half-move `ply`
    /// (0 = White's first move): by the player, his assistant (D.2.10.3), or (`auto`)
    /// recorded from his own accepted announcement. A filled slot is corrected; the old
    /// text stays in the sheet's history. `audio`: the id of a recording he uploaded.
    SheetWritten {
        by: Seat,
        color: Color,
        ply: u32,
        text: String,
        draw_offer: bool,
        audio: Option<String>,
        audio_mime: Option<String>,
        auto: bool,
    },
    /// An entry of `color`'s scoresheet crossed out.
    SheetStruck {
        by: Seat,
        color: Color,
        ply: u32,
    },
    /// `color`'s player chose (or stopped) automatic recording of his accepted announcements.
    SheetAutoRecord {
        by: Seat,
        color: Color,
        on: bool,
    },
    /// The two boards differ after a move was made on both (F8 / D.2.9): the clocks stop.
    /// `by`: the arbiter who compared them; `None`: found by hamle.
    BoardsDiverged {
        by: Option<Seat>,
    },
    /// The arbiter's ruling on diverging boards (D.2.9): both boards must show the position
    /// after `ply` half-moves; when that is before the official game's end, the game goes
    /// back to it and the clocks return to their reading there (the event's clock). With
    /// [`BranchKind::Undo`], `ply` is the official game's length before the ruling undone:
    /// the moves it took back are played again (nothing is ever deleted from the log).
    Ruled {
        by: Seat,
        branch: BranchKind,
        ply: u32,
    },
    /// A practice game's take-back (issue 34): the player of a game against the computer
    /// took back his last move (and the computer's reply to it, if it came): the game goes
    /// back to the position after `ply` half-moves, his clock runs (the event's clock: the
    /// times stand as they were; nothing is refunded).
    TakenBack {
        by: Seat,
        ply: u32,
    },
    /// A piece taken off (`piece: None`) or put on a board while it is put right.
    BoardFixed {
        by: Seat,
        board: Color,
        square: Square,
        piece: Option<Piece>,
    },
    /// Both boards show the ruling's position: the case is closed.
    Reconciled,
    /// The arbiter ends the session: the player to move must seal his move (Appendix A).
    AdjournmentCalled {
        by: Seat,
        resume_at_ms: u64,
    },
    /// The sealed move written (or rewritten) on the sealer's scoresheet, unseen by others.
    MoveSealed {
        by: Seat,
        text: String,
    },
    /// The sealer stopped the clock: the envelope is closed; the game is adjourned.
    Adjourned {
        by: Seat,
    },
    /// The arbiter opened the sealed move with the replying player present; the move (or the
    /// end of the game) follows.
    SealOpened {
        by: Seat,
    },
    /// The arbiter issued `seat`'s link again (issue 31: a lost sheet, a closed tab): the
    /// seat opens with the token whose hash `hash` is from now on, and no longer with the
    /// one before. The hash is opaque to the game (the server's SHA-256 of the new token);
    /// it is in the log so that every node and every restart read the same tokens.
    SeatLinkIssued {
        by: Seat,
        seat: Seat,
        hash: [u8; 32],
    },
}

impl Event {
    /// The side whose seats (player and assistant) alone may see this event; `None`: every
    /// seat. The others still get its number, as a placeholder. A scoresheet's events (its
    /// entries, their recordings) are its side's papers, which the arbiter reads too
    /// ([`Event::arbiter_sees`]; the sheet's permissions in docs/protocol.md).
    pub fn audience(&self) -> Option<Color> {
        match self {
            Event::ClockTold { color, .. }
            | Event::ClockWarnings { color, .. }
            | Event::ClockWarning { color, .. }
            | Event::SheetWritten { color, .. }
            | Event::SheetStruck { color, .. }
            | Event::SheetAutoRecord { color, .. } => Some(*color),
            _ => None,
        }
    }

    /// Whether the arbiter sees this event though it is private to a side: the scoresheets
    /// (Art. 8.3), not a player's own talking clock.
    pub fn arbiter_sees(&self) -> bool {
        matches!(
            self,
            Event::SheetWritten { .. } | Event::SheetStruck { .. } | Event::SheetAutoRecord { .. }
        )
    }

    /// Whether this event may follow the end of the game: a player keeps writing and
    /// reading his own scoresheet, and the talking clock tells the final clocks. Every
    /// other command is refused with `game_over` once the game is over (see the
    /// after-the-end table in `docs/protocol.md`).
    pub fn allowed_after_end(&self) -> bool {
        matches!(
            self,
            Event::SheetWritten { .. }
                | Event::SheetStruck { .. }
                | Event::SheetAutoRecord { .. }
                | Event::ClockTold { .. }
                | Event::SeatLinkIssued { .. }
                | Event::Noted { .. }
                | Event::ResultCorrected { .. }
        )
    }

    /// Whether `seat` may see this event's content. The time the visually impaired player's
    /// assistant asks for is told to him alone (D.2.10.4), not to his player; the arbiter's
    /// note on a ruling is his alone.
    pub fn visible_to(&self, seat: Seat) -> bool {
        // The arbiter's note is his record's, not the table's; a board's raw readings are
        // his evidence.
        if let Event::Noted { .. } | Event::BoardSensed { .. } = self {
            return seat == Seat::Arbiter;
        }
        if let Event::ClockTold { by, .. } = self
            && by.is_assistant()
        {
            return seat == *by;
        }
        match self.audience() {
            None => true,
            Some(color) => {
                seat.side() == Some(color) || (seat == Seat::Arbiter && self.arbiter_sees())
            }
        }
    }
}

/// An event with its number, its time and the clock right after it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recorded {
    /// 1, 2, 3, ... within a game, no gaps.
    pub seq: u64,
    /// When it happened (the caller's milliseconds; Unix time in the server).
    pub at_ms: u64,
    pub event: Event,
    pub clock: ClockReading,
}
