//! The people at the table and what each may do.

use std::fmt;
use std::str::FromStr;

use shakmaty::Color;

/// A place at the game: a player, a player's assistant, the arbiter or a spectator.
///
/// (shakmaty's `Role` is a piece kind; the humans are `Seat`s.)
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    White,
    Black,
    WhiteAssistant,
    BlackAssistant,
    Arbiter,
    Spectator,
}

impl Seat {
    pub const ALL: [Seat; 6] = [
        Seat::White,
        Seat::Black,
        Seat::WhiteAssistant,
        Seat::BlackAssistant,
        Seat::Arbiter,
        Seat::Spectator,
    ];

    /// The stable name used on the wire, in the store and in messages.
    pub fn key(self) -> &'static str {
        match self {
            Seat::White => "white",
            Seat::Black => "black",
            Seat::WhiteAssistant => "white_assistant",
            Seat::BlackAssistant => "black_assistant",
            Seat::Arbiter => "arbiter",
            Seat::Spectator => "spectator",
        }
    }

    /// The player seat of a colour.
    pub fn player(color: Color) -> Seat {
        color.fold_wb(Seat::White, Seat::Black)
    }

    /// The assistant seat of a colour's player.
    pub fn assistant(color: Color) -> Seat {
        color.fold_wb(Seat::WhiteAssistant, Seat::BlackAssistant)
    }

    /// The side this seat plays for: a player and his assistant; `None` for the others.
    pub fn side(self) -> Option<Color> {
        match self {
            Seat::White | Seat::WhiteAssistant => Some(Color::White),
            Seat::Black | Seat::BlackAssistant => Some(Color::Black),
            Seat::Arbiter | Seat::Spectator => None,
        }
    }

    pub fn is_assistant(self) -> bool {
        matches!(self, Seat::WhiteAssistant | Seat::BlackAssistant)
    }

    /// Index into per-seat arrays, in [`Seat::ALL`] order.
    pub fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// Error for a seat name that is none of [`Seat::key`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownSeat(pub String);

impl fmt::Display for UnknownSeat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown seat {:?}", self.0)
    }
}

impl std::error::Error for UnknownSeat {}

impl FromStr for Seat {
    type Err = UnknownSeat;

    fn from_str(s: &str) -> Result<Seat, UnknownSeat> {
        Seat::ALL
            .into_iter()
            .find(|seat| seat.key() == s)
            .ok_or_else(|| UnknownSeat(s.to_owned()))
    }
}

/// Something a seat may be allowed to do: the columns of the permission matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Permission {
    /// Receive the game's events and state.
    Watch,
    /// Make a whole move for this side (digital procedure).
    Move(Color),
    Pause,
    Resume,
    AdjustClock,
    End,
    /// Report events of this player's physical board (D.2.10.1 for the assistants: either
    /// player's move on the opponent's board).
    Board(Color),
    /// Announce the move of the side to move (D.2.10.2 for the assistants: both players'
    /// moves).
    Announce,
    /// Repeat an announcement (F2; D.2.10.2).
    Repeat,
    /// Press this side's clock, completing its move (D.2.10.3: the visually impaired
    /// player's assistant, only once the move is made).
    PressClock(Color),
    /// The talking clock and its warnings for this side's player (F5, D.2.10.4).
    TalkingClock(Color),
    /// Claim a win on time for this side (D.2.10.5).
    ClaimTime(Color),
    /// Tell the arbiter that this side's player touched a piece (D.2.10.5).
    ReportTouch(Color),
    /// "I adjust", resign, offer / accept / decline a draw, claim a draw: the player himself.
    PlayerOnly(Color),
    /// Rule on a reported touch; put a physical board right; rule on diverging boards
    /// (D.2.9); call an adjournment and open the sealed move (Appendix A).
    Arbitrate,
    /// Keep this side's scoresheet: write, correct, strike, mark draw offers, attach a
    /// recording, choose automatic recording (Art. 8.1, F6 / D.2.7; the visually impaired
    /// player's assistant, D.2.10.3).
    Scoresheet(Color),
    /// Seal this side's move and stop the clock at an adjournment (Appendix A; the visually
    /// impaired player's assistant, D.2.10.6).
    Seal(Color),
}

/// What an assistant may do: all of D.2.10.1-6 for a visually impaired player's assistant,
/// only D.2.10.1-2 (moves on the boards, announcements) for a sighted player's (D.2.11).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum AssistantScope {
    Full,
    MovesAndAnnouncements,
}

/// The permission matrix for a visually impaired player's assistant: whether `seat` may do
/// `permission`. See [`may_with`] for a sighted player's assistant.
///
/// A player moves only his own side, an assistant only for his player, the arbiter runs the
/// game (pause, resume, clock, end) but makes no moves, a spectator only watches.
pub fn may(seat: Seat, permission: Permission) -> bool {
    may_with(seat, permission, AssistantScope::Full)
}

/// The permission matrix, with the assistant's scope.
pub fn may_with(seat: Seat, permission: Permission, scope: AssistantScope) -> bool {
    let full = scope == AssistantScope::Full;
    let side = seat.side();
    let player = side.is_some() && !seat.is_assistant();
    let assistant = seat.is_assistant();
    match permission {
        Permission::Watch => true,
        Permission::Move(color) => side == Some(color),
        Permission::Pause | Permission::Resume | Permission::AdjustClock | Permission::End => {
            seat == Seat::Arbiter
        }
        Permission::Board(color) => {
            (player && side == Some(color)) || assistant || seat == Seat::Arbiter
        }
        Permission::Announce | Permission::Repeat => player || assistant,
        Permission::PressClock(color) | Permission::TalkingClock(color) => {
            side == Some(color) && (player || full)
        }
        Permission::ClaimTime(color) => side == Some(color) && (player || full),
        Permission::ReportTouch(color) => assistant && full && side == Some(!color),
        Permission::PlayerOnly(color) => player && side == Some(color),
        Permission::Arbitrate => seat == Seat::Arbiter,
        Permission::Scoresheet(color) | Permission::Seal(color) => {
            side == Some(color) && (player || full)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_round_trip() {
        for seat in Seat::ALL {
            assert_eq!(seat.key().parse::<Seat>(), Ok(seat));
            assert_eq!(Seat::ALL[seat.index()], seat);
        }
        assert!("referee".parse::<Seat>().is_err());
    }

    #[test]
    fn matrix() {
        use Permission::*;
        let white = Move(Color::White);
        let black = Move(Color::Black);
        let table: [(Seat, [bool; 7]); 6] = [
            // watch, move white, move black, pause, resume, adjust, end
            (Seat::White, [true, true, false, false, false, false, false]),
            (Seat::Black, [true, false, true, false, false, false, false]),
            (
                Seat::WhiteAssistant,
                [true, true, false, false, false, false, false],
            ),
            (
                Seat::BlackAssistant,
                [true, false, true, false, false, false, false],
            ),
            (Seat::Arbiter, [true, false, false, true, true, true, true]),
            (
                Seat::Spectator,
                [true, false, false, false, false, false, false],
            ),
        ];
        for (seat, row) in table {
            let perms = [Watch, white, black, Pause, Resume, AdjustClock, End];
            for (p, allowed) in perms.into_iter().zip(row) {
                assert_eq!(may(seat, p), allowed, "{seat} {p:?}");
            }
        }
    }

    #[test]
    fn scoresheet_and_sealing() {
        use Permission::*;
        for p in [Scoresheet(Color::White), Seal(Color::White)] {
            assert!(may(Seat::White, p));
            assert!(may(Seat::WhiteAssistant, p), "D.2.10.3 / D.2.10.6");
            assert!(!may_with(
                Seat::WhiteAssistant,
                p,
                AssistantScope::MovesAndAnnouncements
            ));
            for seat in [
                Seat::Black,
                Seat::BlackAssistant,
                Seat::Arbiter,
                Seat::Spectator,
            ] {
                assert!(!may(seat, p), "{seat} {p:?}");
            }
        }
    }
}
