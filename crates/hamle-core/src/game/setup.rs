//! How a game is set up: time control, the two players, each seat's language and the
//! position the game starts from.

use std::fmt;

use shakmaty::fen::Fen;
use shakmaty::{ByColor, CastlingMode, Chess, Color, EnPassantMode, Position, PositionErrorKinds};

use super::claims::is_dead;
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
    /// The computer plays this seat (issue 34), at this level (1 to 8, as the server's
    /// engines understand it): the game is a practice game against the computer.
    pub computer: Option<u8>,
}

/// One assistant at the board (F9 / D.2.10): a sighted player's only when his visually
/// impaired opponent has none. The side whose assistant cannot be, if any (`visually_impaired`
/// and `assistant` of each player).
pub fn assistant_refused(
    visually_impaired: ByColor<bool>,
    assistant: ByColor<bool>,
) -> Option<Color> {
    Color::ALL.into_iter().find(|&me| {
        assistant[me] && !visually_impaired[me] && visually_impaired[!me] && assistant[!me]
    })
}

/// The tournament a game belongs to, for the PGN headers (Event, Site, Round; a round's
/// game also Board and the players' FIDE ids, issue 31). Empty fields are unknown.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct EventInfo {
    pub name: String,
    pub site: String,
    pub round: String,
    /// The game's board in its round (`None`: a game on its own).
    pub board: Option<u32>,
    /// Each player's FIDE id, where the pairings give one.
    pub fide_ids: ByColor<Option<String>>,
}

/// Why a FEN cannot start a game. Nothing is created.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum StartError {
    /// The text is not FEN.
    Syntax,
    /// A king is missing, or a side has more than one.
    Kings,
    /// Pawns on the first or the last rank.
    Pawns,
    /// Castling rights that the kings and rooks on the board do not allow.
    Castling,
    /// An en passant square no double pawn step can have left.
    EnPassant,
    /// The side not to move is in check, or a check no move can have given.
    Check,
    /// More pieces than promotions can have made.
    Material,
    /// Not a position of standard chess for another reason.
    Illegal,
    /// The game would be over before it starts: mate, stalemate or a dead position.
    Over,
}

impl StartError {
    /// A stable key (the wire's `detail`, the messages' selector).
    pub fn key(self) -> &'static str {
        match self {
            StartError::Syntax => "syntax",
            StartError::Kings => "kings",
            StartError::Pawns => "pawns",
            StartError::Castling => "castling",
            StartError::EnPassant => "en_passant",
            StartError::Check => "check",
            StartError::Material => "material",
            StartError::Illegal => "illegal",
            StartError::Over => "over",
        }
    }

    fn of(kinds: PositionErrorKinds) -> StartError {
        let any = |k: PositionErrorKinds| kinds.intersects(k);
        if any(PositionErrorKinds::EMPTY_BOARD
            | PositionErrorKinds::MISSING_KING
            | PositionErrorKinds::TOO_MANY_KINGS)
        {
            StartError::Kings
        } else if any(PositionErrorKinds::PAWNS_ON_BACKRANK) {
            StartError::Pawns
        } else if any(PositionErrorKinds::INVALID_CASTLING_RIGHTS) {
            StartError::Castling
        } else if any(PositionErrorKinds::INVALID_EP_SQUARE) {
            StartError::EnPassant
        } else if any(PositionErrorKinds::OPPOSITE_CHECK | PositionErrorKinds::IMPOSSIBLE_CHECK) {
            StartError::Check
        } else if any(PositionErrorKinds::TOO_MUCH_MATERIAL) {
            StartError::Material
        } else {
            StartError::Illegal
        }
    }
}

impl fmt::Display for StartError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

impl std::error::Error for StartError {}

/// The position a game starts from: the initial position, or one the arbiter set up from a
/// FEN (a legal position of standard chess, castling rights as given, either side to move,
/// the FEN's move number). Two start positions are the same when their FENs are.
#[derive(Clone, Debug)]
pub struct StartPosition {
    pos: Chess,
    /// The position's FEN as hamle writes it (en passant square only if a capture is legal).
    fen: String,
}

impl StartPosition {
    /// The initial position of chess.
    pub fn initial() -> StartPosition {
        StartPosition::of(Chess::default())
    }

    fn of(pos: Chess) -> StartPosition {
        let fen = Fen::from_position(&pos, EnPassantMode::Legal).to_string();
        StartPosition { pos, fen }
    }

    /// A start position from a FEN, checked strictly: the text must be FEN, the position
    /// legal in standard chess with the castling rights exactly as given, and the game not
    /// over already (the side to move has a legal move, and mate is still possible).
    ///
    /// ```
    /// use hamle_core::game::{StartError, StartPosition};
    /// let p = StartPosition::from_fen("7k/8/8/8/8/8/5PPP/3Q1RK1 b - - 0 40").unwrap();
    /// assert_eq!(p.fen(), "7k/8/8/8/8/8/5PPP/3Q1RK1 b - - 0 40");
    /// assert_eq!(StartPosition::from_fen("not a fen").unwrap_err(), StartError::Syntax);
    /// // White may not castle: the king has left e1.
    /// let castling = StartPosition::from_fen("4k3/8/8/8/8/8/8/R4K1R w KQ - 0 1");
    /// assert_eq!(castling.unwrap_err(), StartError::Castling);
    /// ```
    pub fn from_fen(text: &str) -> Result<StartPosition, StartError> {
        let fen: Fen = text.trim().parse().map_err(|_| StartError::Syntax)?;
        let pos: Chess = fen
            .into_position(CastlingMode::Standard)
            .map_err(|e| StartError::of(e.kinds()))?;
        if pos.legal_moves().is_empty() || is_dead(&pos) {
            return Err(StartError::Over);
        }
        Ok(StartPosition::of(pos))
    }

    /// The position itself (with its move number and half-move clock).
    pub fn position(&self) -> &Chess {
        &self.pos
    }

    /// Its FEN.
    pub fn fen(&self) -> &str {
        &self.fen
    }

    /// Whether it is the initial position (move 1, White to move).
    pub fn is_initial(&self) -> bool {
        *self == StartPosition::initial()
    }
}

impl Default for StartPosition {
    fn default() -> StartPosition {
        StartPosition::initial()
    }
}

impl PartialEq for StartPosition {
    fn eq(&self, other: &StartPosition) -> bool {
        self.fen == other.fen
    }
}

impl Eq for StartPosition {}

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
    /// The position the game starts from.
    pub start: StartPosition,
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

    /// The side the computer plays, if it plays one: a practice game (issue 34). Such a game
    /// is unrated by definition (hamle knows no rating), and only in it may the other player
    /// take back moves and ask the computer for hints and evaluations.
    pub fn computer(&self) -> Option<Color> {
        Color::ALL
            .into_iter()
            .find(|c| self.players.get(*c).computer.is_some())
    }
}
