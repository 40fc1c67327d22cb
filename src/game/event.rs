//! What happens in a game, as numbered records.

use shakmaty::uci::UciMove;

use super::clock::ClockReading;
use super::seat::Seat;

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameResult {
    WhiteWins,
    BlackWins,
    Draw,
}

impl GameResult {
    /// `1-0`, `0-1`, `1/2-1/2`.
    pub fn pgn(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
        }
    }

    pub fn from_pgn(s: &str) -> Option<GameResult> {
        match s {
            "1-0" => Some(GameResult::WhiteWins),
            "0-1" => Some(GameResult::BlackWins),
            "1/2-1/2" => Some(GameResult::Draw),
            _ => None,
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
}

impl EndReason {
    pub const ALL: [EndReason; 6] = [
        EndReason::Checkmate,
        EndReason::Stalemate,
        EndReason::DeadPosition,
        EndReason::Timeout,
        EndReason::TimeoutDraw,
        EndReason::Arbiter,
    ];

    pub fn key(self) -> &'static str {
        match self {
            EndReason::Checkmate => "checkmate",
            EndReason::Stalemate => "stalemate",
            EndReason::DeadPosition => "dead_position",
            EndReason::Timeout => "timeout",
            EndReason::TimeoutDraw => "timeout_draw",
            EndReason::Arbiter => "arbiter",
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
    /// The game is over; `by` is the arbiter when he ended it, `None` when the rules did.
    Ended {
        ending: Ending,
        by: Option<Seat>,
    },
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
