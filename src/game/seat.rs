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
    /// Make a move for this side.
    Move(Color),
    Pause,
    Resume,
    AdjustClock,
    End,
}

/// The permission matrix: whether `seat` may do `permission`.
///
/// A player moves only his own side, an assistant only for his player, the arbiter runs the
/// game (pause, resume, clock, end) but makes no moves, a spectator only watches.
pub fn may(seat: Seat, permission: Permission) -> bool {
    match permission {
        Permission::Watch => true,
        Permission::Move(color) => seat.side() == Some(color),
        Permission::Pause | Permission::Resume | Permission::AdjustClock | Permission::End => {
            seat == Seat::Arbiter
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
}
