//! What a sensor board shows, and one change of it.
//!
//! A DGT or Chessnut board knows which piece stands on each square; some boards sense only
//! whether a square is occupied. [`Sensed`] holds both kinds: the squares whose piece is known
//! and the occupied squares whose piece is not. Comparing it with a position's [`Board`] is the
//! one question the assembler asks: an occupied square of unknown piece agrees with any piece.

use shakmaty::{Bitboard, Board, Piece, Square};

/// What one square of a sensor board shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareSensed {
    Empty,
    Piece(Piece),
    /// Occupied by a piece the board cannot tell (occupancy-only boards, DGT's special pieces).
    Occupied,
}

impl SquareSensed {
    /// Whether `expected` (what stands there in a position) agrees with what the board shows.
    pub fn agrees_with(self, expected: Option<Piece>) -> bool {
        match self {
            SquareSensed::Empty => expected.is_none(),
            SquareSensed::Piece(p) => expected == Some(p),
            SquareSensed::Occupied => expected.is_some(),
        }
    }
}

/// A whole sensor board: pieces where it knows them, occupied squares where it does not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sensed {
    /// The squares whose piece the board knows.
    known: Board,
    /// Occupied squares whose piece the board does not know (never a square of `known`).
    unknown: Bitboard,
}

impl Sensed {
    /// A board that knows every piece (DGT, Chessnut).
    pub fn pieces(board: Board) -> Sensed {
        Sensed {
            known: board,
            unknown: Bitboard::EMPTY,
        }
    }

    /// A board that senses only which squares are occupied.
    pub fn occupancy(occupied: Bitboard) -> Sensed {
        Sensed {
            known: Board::empty(),
            unknown: occupied,
        }
    }

    /// What `square` shows.
    pub fn at(&self, square: Square) -> SquareSensed {
        match self.known.piece_at(square) {
            Some(p) => SquareSensed::Piece(p),
            None if self.unknown.contains(square) => SquareSensed::Occupied,
            None => SquareSensed::Empty,
        }
    }

    /// Every occupied square.
    pub fn occupied(&self) -> Bitboard {
        self.known.occupied() | self.unknown
    }

    /// Whether every piece is known (no square occupied by an unknown piece).
    pub fn knows_every_piece(&self) -> bool {
        self.unknown.is_empty()
    }

    /// The known pieces, if every piece is known.
    pub fn board(&self) -> Option<&Board> {
        self.knows_every_piece().then_some(&self.known)
    }

    /// Whether `board` (a position's pieces) agrees with this board on every square.
    pub fn shows(&self, board: &Board) -> bool {
        board.occupied() == self.occupied()
            && self
                .known
                .occupied()
                .into_iter()
                .all(|sq| board.piece_at(sq) == self.known.piece_at(sq))
    }

    /// The board after `observation`; `true` if it changed anything.
    pub fn apply(&mut self, observation: &Observation) -> bool {
        match observation {
            Observation::Lifted(square) => self.set(*square, SquareSensed::Empty),
            Observation::Placed { square, piece } => self.set(
                *square,
                piece.map_or(SquareSensed::Occupied, SquareSensed::Piece),
            ),
            Observation::Snapshot(whole) => {
                let changed = self != whole;
                *self = whole.clone();
                changed
            }
        }
    }

    /// Sets one square; `true` if it changed.
    fn set(&mut self, square: Square, to: SquareSensed) -> bool {
        if self.at(square) == to {
            return false;
        }
        self.known.discard_piece_at(square);
        self.unknown.discard(square);
        match to {
            SquareSensed::Empty => {}
            SquareSensed::Piece(p) => self.known.set_piece_at(square, p),
            SquareSensed::Occupied => self.unknown.add(square),
        }
        true
    }
}

/// One change a sensor board reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Observation {
    /// The square became empty: its piece was lifted (or slid off, or knocked over).
    Lifted(Square),
    /// A piece was put on the square: `None` from a board that cannot tell which.
    Placed {
        square: Square,
        piece: Option<Piece>,
    },
    /// The whole board (a DGT board dump, a Chessnut position report).
    Snapshot(Sensed),
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Color, Role};

    const WHITE_KNIGHT: Piece = Piece {
        color: Color::White,
        role: Role::Knight,
    };

    #[test]
    fn an_unknown_piece_agrees_with_any_piece_and_not_with_an_empty_square() {
        let start = Board::new();
        let occupancy = Sensed::occupancy(start.occupied());
        assert!(occupancy.shows(&start));
        let mut moved = start.clone();
        moved.discard_piece_at(Square::G1);
        moved.set_piece_at(Square::F3, WHITE_KNIGHT);
        assert!(!occupancy.shows(&moved));
        assert!(Sensed::occupancy(moved.occupied()).shows(&moved));
        assert!(SquareSensed::Occupied.agrees_with(Some(WHITE_KNIGHT)));
        assert!(!SquareSensed::Occupied.agrees_with(None));
        assert!(!SquareSensed::Piece(WHITE_KNIGHT).agrees_with(None));
    }

    #[test]
    fn observations_change_only_what_they_name_and_say_whether_they_did() {
        let mut sensed = Sensed::pieces(Board::new());
        assert!(!sensed.apply(&Observation::Lifted(Square::E4)));
        assert!(sensed.apply(&Observation::Lifted(Square::G1)));
        assert_eq!(sensed.at(Square::G1), SquareSensed::Empty);
        assert!(sensed.apply(&Observation::Placed {
            square: Square::F3,
            piece: None,
        }));
        assert_eq!(sensed.at(Square::F3), SquareSensed::Occupied);
        assert!(!sensed.knows_every_piece());
        assert_eq!(sensed.board(), None);
        assert!(sensed.apply(&Observation::Placed {
            square: Square::F3,
            piece: Some(WHITE_KNIGHT),
        }));
        assert_eq!(sensed.at(Square::F3), SquareSensed::Piece(WHITE_KNIGHT));
        assert!(sensed.knows_every_piece());
        let whole = sensed.clone();
        assert!(!sensed.apply(&Observation::Snapshot(whole)));
        assert!(sensed.apply(&Observation::Snapshot(Sensed::pieces(Board::new()))));
        assert_eq!(sensed.board(), Some(&Board::new()));
    }
}
