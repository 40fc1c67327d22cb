//! How a game is set up: time control, the two players and each seat's language.

use shakmaty::{ByColor, Color};

use super::clock::TimeControl;
use super::profile::Profile;
use super::seat::Seat;
use crate::announce::Lang;

/// The board in front of a player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardKind {
    /// The Appendix board: raised dark squares, a securing hole in every square, pegged pieces.
    Tactile,
    /// An ordinary (or digital) board.
    Normal,
}

impl BoardKind {
    pub fn key(self) -> &'static str {
        match self {
            BoardKind::Tactile => "tactile",
            BoardKind::Normal => "normal",
        }
    }

    pub fn from_key(s: &str) -> Option<BoardKind> {
        match s {
            "tactile" => Some(BoardKind::Tactile),
            "normal" => Some(BoardKind::Normal),
            _ => None,
        }
    }
}

/// One of the two players.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    pub name: String,
    pub visually_impaired: bool,
    pub board: BoardKind,
    /// Whether this player has an assistant (the assistant seat exists only then).
    pub assistant: bool,
}

/// The tournament a game belongs to, for the PGN headers (Event, Site, Round). Empty
/// fields are unknown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventInfo {
    pub name: String,
    pub site: String,
    pub round: String,
}

/// Everything fixed when a game is created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    pub time_control: TimeControl,
    pub players: ByColor<Player>,
    /// The announcement language of each seat, in [`Seat::ALL`] order.
    pub languages: [Lang; 6],
    /// The edition of the Laws and the organiser's adaptations (D.1).
    pub profile: Profile,
    /// The event (tournament) the game belongs to.
    pub event: EventInfo,
}

impl Setup {
    /// The language `seat` hears and speaks.
    pub fn language(&self, seat: Seat) -> Lang {
        self.languages[seat.index()]
    }

    /// Whether the seat takes part in this game: the assistant seats exist only for a
    /// player who has an assistant.
    pub fn has_seat(&self, seat: Seat) -> bool {
        match seat {
            Seat::WhiteAssistant => self.players.white.assistant,
            Seat::BlackAssistant => self.players.black.assistant,
            _ => true,
        }
    }

    pub fn player(&self, color: Color) -> &Player {
        self.players.get(color)
    }
}
