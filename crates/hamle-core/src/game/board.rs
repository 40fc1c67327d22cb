//! The physical boards: what stands on the board in front of each player, as its events
//! report it, and how it compares with the official game.
//!
//! A tactile board (F1 / D.1) reports a piece lifted out of its securing hole, a piece placed
//! into a hole and a captured piece taken off. A normal (or digital) board reports touches and
//! whole moves. Both are kept as a [`shakmaty::Board`] plus the piece in the hand.

use shakmaty::{Bitboard, Board, Chess, Color, File, Move, Piece, Position, Rank, Role, Square};

use super::setup::BoardKind;

/// One thing that happened on a physical board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardOp {
    /// A piece taken out of its hole (tactile) or picked up (normal): it is in the hand.
    Lift(Square),
    /// The piece in the hand put into the hole of `square` (empty); a pawn may become
    /// `promotion` on its last rank.
    Place {
        square: Square,
        promotion: Option<Role>,
    },
    /// A piece taken off the board (a captured piece).
    Remove(Square),
    /// A piece touched without lifting it (normal boards only).
    Touch(Square),
    /// A whole move made on a normal board: the piece from `from` to `to`, a piece on `to`
    /// taken off; a king's two-square step brings its rook along, a pawn's diagonal step to
    /// an empty square takes the pawn beside it (en passant).
    Move {
        from: Square,
        to: Square,
        promotion: Option<Role>,
    },
}

impl BoardOp {
    /// The square it happened on, where a whole move went, and the promotion piece.
    pub fn parts(self) -> (Square, Option<Square>, Option<Role>) {
        match self {
            BoardOp::Lift(s) | BoardOp::Remove(s) | BoardOp::Touch(s) => (s, None, None),
            BoardOp::Place { square, promotion } => (square, None, promotion),
            BoardOp::Move {
                from,
                to,
                promotion,
            } => (from, Some(to), promotion),
        }
    }

    pub fn key(&self) -> &'static str {
        match self {
            BoardOp::Lift(_) => "lift",
            BoardOp::Place { .. } => "place",
            BoardOp::Remove(_) => "remove",
            BoardOp::Touch(_) => "touch",
            BoardOp::Move { .. } => "move",
        }
    }
}

/// Why a board event cannot have happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BoardError {
    /// No piece stands on that square.
    NoPiece(Square),
    /// A piece already stands on that square.
    Occupied(Square),
    /// A piece is already in the hand: place it first.
    HandFull,
    /// There is no piece in the hand to place.
    HandEmpty,
    /// A promotion that is not a pawn reaching its last rank, or to a king or pawn.
    BadPromotion(Square),
    /// On a tactile board a piece counts as touched only when lifted out of its hole (F3).
    TouchOnTactile,
    /// A move onto a piece of the same colour.
    OwnPiece(Square),
}

/// The board in front of one player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PhysicalBoard {
    pub kind: BoardKind,
    pub board: Board,
    /// The lifted piece and the square it came from.
    pub hand: Option<(Piece, Square)>,
}

fn promoted(piece: Piece, to: Square, promotion: Option<Role>) -> Result<Piece, BoardError> {
    match promotion {
        None => Ok(piece),
        Some(role) => {
            let last = piece.color.fold_wb(Rank::Eighth, Rank::First);
            if piece.role != Role::Pawn
                || to.rank() != last
                || matches!(role, Role::King | Role::Pawn)
            {
                return Err(BoardError::BadPromotion(to));
            }
            Ok(Piece {
                color: piece.color,
                role,
            })
        }
    }
}

impl PhysicalBoard {
    /// A board set up as `pos`.
    pub fn new(kind: BoardKind, pos: &Chess) -> PhysicalBoard {
        PhysicalBoard {
            kind,
            board: pos.board().clone(),
            hand: None,
        }
    }

    /// Whether the board shows exactly `pos`'s pieces, nothing in the hand.
    pub fn matches(&self, pos: &Chess) -> bool {
        self.hand.is_none() && &self.board == pos.board()
    }

    /// The board after `op`, or why `op` cannot have happened. Changes nothing.
    pub fn after(&self, op: BoardOp) -> Result<PhysicalBoard, BoardError> {
        let mut b = self.clone();
        match op {
            BoardOp::Lift(sq) => {
                if b.hand.is_some() {
                    return Err(BoardError::HandFull);
                }
                let piece = b.board.remove_piece_at(sq).ok_or(BoardError::NoPiece(sq))?;
                b.hand = Some((piece, sq));
            }
            BoardOp::Place { square, promotion } => {
                let (piece, _) = b.hand.ok_or(BoardError::HandEmpty)?;
                if b.board.piece_at(square).is_some() {
                    return Err(BoardError::Occupied(square));
                }
                let piece = promoted(piece, square, promotion)?;
                b.board.set_piece_at(square, piece);
                b.hand = None;
            }
            BoardOp::Remove(sq) => {
                b.board.remove_piece_at(sq).ok_or(BoardError::NoPiece(sq))?;
            }
            BoardOp::Touch(sq) => {
                if self.kind == BoardKind::Tactile {
                    return Err(BoardError::TouchOnTactile);
                }
                b.board.piece_at(sq).ok_or(BoardError::NoPiece(sq))?;
            }
            BoardOp::Move {
                from,
                to,
                promotion,
            } => {
                if b.hand.is_some() {
                    return Err(BoardError::HandFull);
                }
                let piece = b.board.piece_at(from).ok_or(BoardError::NoPiece(from))?;
                if from == to {
                    return Err(BoardError::Occupied(to));
                }
                if let Some(target) = b.board.piece_at(to)
                    && target.color == piece.color
                {
                    return Err(BoardError::OwnPiece(to));
                }
                let placed = promoted(piece, to, promotion)?;
                b.board.discard_piece_at(from);
                let captured = b.board.remove_piece_at(to);
                b.board.set_piece_at(to, placed);
                // The king's two-square step brings the rook from its corner.
                if piece.role == Role::King
                    && from.rank() == to.rank()
                    && from.file().distance(to.file()) == 2
                {
                    let (corner, beside) = if to.file() > from.file() {
                        (File::H, File::F)
                    } else {
                        (File::A, File::D)
                    };
                    let corner = Square::from_coords(corner, from.rank());
                    let rook = Piece {
                        color: piece.color,
                        role: Role::Rook,
                    };
                    if b.board.piece_at(corner) == Some(rook) {
                        b.board.discard_piece_at(corner);
                        b.board
                            .set_piece_at(Square::from_coords(beside, from.rank()), rook);
                    }
                }
                // A pawn's diagonal step to an empty square takes the pawn beside it.
                if piece.role == Role::Pawn && captured.is_none() && from.file() != to.file() {
                    let beside = Square::from_coords(to.file(), from.rank());
                    if b.board.piece_at(beside)
                        == Some(Piece {
                            color: !piece.color,
                            role: Role::Pawn,
                        })
                    {
                        b.board.discard_piece_at(beside);
                    }
                }
            }
        }
        Ok(b)
    }

    /// The legal move of `pos` whose result this board shows (nothing in the hand).
    pub fn shows_move(&self, pos: &Chess) -> Option<Move> {
        if self.hand.is_some() {
            return None;
        }
        pos.legal_moves().into_iter().find(|m| {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            after.board() == &self.board
        })
    }

    /// A move of `color`'s piece that this board shows against `before` but that is no legal
    /// move: one piece of `color` left its square and stands on another (perhaps changed by
    /// promotion), at most one opposing piece is gone, nothing else changed.
    pub fn shows_physical_move(&self, before: &Board, color: Color) -> Option<(Square, Square)> {
        if self.hand.is_some() {
            return None;
        }
        let changed: Bitboard = Square::ALL
            .into_iter()
            .filter(|sq| before.piece_at(*sq) != self.board.piece_at(*sq))
            .collect();
        let mut from = None;
        let mut to = None;
        let mut taken = 0;
        for sq in changed {
            match (before.piece_at(sq), self.board.piece_at(sq)) {
                (Some(p), None) if p.color == color => {
                    if from.replace(sq).is_some() {
                        return None;
                    }
                }
                (Some(p), None) if p.color != color => taken += 1,
                (b, Some(p)) if p.color == color && b.is_none_or(|b| b.color != color) => {
                    if to.replace(sq).is_some() {
                        return None;
                    }
                }
                _ => return None,
            }
        }
        let (from, to) = (from?, to?);
        if taken > 1 {
            return None;
        }
        let moved = before.piece_at(from)?;
        let now = self.board.piece_at(to)?;
        (moved == now || moved.role == Role::Pawn).then_some((from, to))
    }
}

/// Where the opponent's pieces on a player's own board stand against the opponent's last
/// move (from `before` to `after`), before the player begins his own move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stand {
    /// As before that move (a piece of the opponent in the hand counted on the square it
    /// came from): the player has still to make it on his board, which he does himself.
    Before,
    /// As after it: the opponent's move is made on his board.
    After,
    /// Neither: the move was made differently on his board (D.2.9: the arbiter settles it).
    Neither,
}

/// Whether `a` and `b` have the same pieces of `color` on the same squares.
fn same_side(a: &Board, b: &Board, color: Color) -> bool {
    Square::ALL.into_iter().all(|sq| {
        a.piece_at(sq).filter(|p| p.color == color) == b.piece_at(sq).filter(|p| p.color == color)
    })
}

impl PhysicalBoard {
    /// Where `opponent`'s pieces on this board stand against his last move, from `before` to
    /// `after` (see [`Stand`]). The player's own pieces are not compared: he may have begun
    /// his own move, or not yet taken off a piece the opponent captured.
    pub fn opponent_stands(&self, before: &Board, after: &Board, opponent: Color) -> Stand {
        if self.hand.is_none() && same_side(&self.board, after, opponent) {
            return Stand::After;
        }
        let mut restored = self.board.clone();
        if let Some((piece, from)) = self.hand
            && piece.color == opponent
            && restored.piece_at(from).is_none()
        {
            restored.set_piece_at(from, piece);
        }
        if same_side(&restored, before, opponent) {
            Stand::Before
        } else if same_side(&restored, after, opponent) {
            Stand::After
        } else {
            Stand::Neither
        }
    }
}

/// The square of the piece a move captures (the passed pawn's square for en passant).
pub fn captured_square(m: &Move) -> Option<Square> {
    match *m {
        Move::Normal {
            capture: Some(_),
            to,
            ..
        } => Some(to),
        Move::EnPassant { from, to } => Some(Square::from_coords(to.file(), from.rank())),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::uci::UciMove;

    fn pos_after(ucis: &[&str]) -> Chess {
        let mut pos = Chess::default();
        for u in ucis {
            let m = u.parse::<UciMove>().unwrap().to_move(&pos).unwrap();
            pos.play_unchecked(m);
        }
        pos
    }

    #[test]
    fn lift_place_remove_and_compare() {
        let pos = Chess::default();
        let b = PhysicalBoard::new(BoardKind::Tactile, &pos);
        assert!(b.matches(&pos));
        let b1 = b.after(BoardOp::Lift(Square::E2)).unwrap();
        assert_eq!(
            b1.after(BoardOp::Lift(Square::D2)),
            Err(BoardError::HandFull)
        );
        assert_eq!(
            b1.after(BoardOp::Place {
                square: Square::E7,
                promotion: None
            }),
            Err(BoardError::Occupied(Square::E7))
        );
        let b2 = b1
            .after(BoardOp::Place {
                square: Square::E4,
                promotion: None,
            })
            .unwrap();
        assert_eq!(
            b2.shows_move(&pos)
                .unwrap()
                .to_uci(shakmaty::CastlingMode::Standard)
                .to_string(),
            "e2e4"
        );
        assert_eq!(
            b.after(BoardOp::Touch(Square::E2)),
            Err(BoardError::TouchOnTactile)
        );
        assert_eq!(
            b.after(BoardOp::Remove(Square::E4)),
            Err(BoardError::NoPiece(Square::E4))
        );
    }

    #[test]
    fn normal_board_moves_castle_and_en_passant() {
        let pos = pos_after(&["e2e4", "a7a6", "e4e5", "d7d5"]);
        let b = PhysicalBoard::new(BoardKind::Normal, &pos);
        let ep = b
            .after(BoardOp::Move {
                from: Square::E5,
                to: Square::D6,
                promotion: None,
            })
            .unwrap();
        assert!(matches!(ep.shows_move(&pos), Some(Move::EnPassant { .. })));
        let pos = pos_after(&["e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"]);
        let b = PhysicalBoard::new(BoardKind::Normal, &pos);
        let castled = b
            .after(BoardOp::Move {
                from: Square::E1,
                to: Square::G1,
                promotion: None,
            })
            .unwrap();
        assert!(matches!(
            castled.shows_move(&pos),
            Some(Move::Castle { .. })
        ));
        // A knight moved like a rook is a move on the board but not a legal one.
        let pos = Chess::default();
        let b = PhysicalBoard::new(BoardKind::Normal, &pos);
        let bad = b
            .after(BoardOp::Move {
                from: Square::G1,
                to: Square::G3,
                promotion: None,
            })
            .unwrap();
        assert_eq!(bad.shows_move(&pos), None);
        assert_eq!(
            bad.shows_physical_move(pos.board(), Color::White),
            Some((Square::G1, Square::G3))
        );
    }
}
