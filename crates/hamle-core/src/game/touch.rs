//! Touch-move (Article 4, F3 / D.2.2): which moves the pieces a player touched still allow.
//!
//! On the tactile board lifting a piece out of its hole is touching it; on a normal board a
//! touch is reported as such (or by the visually impaired player's assistant, D.2.10.5, and
//! upheld by the arbiter). "I adjust" said first exempts the next touch.

use shakmaty::{Chess, Color, Move, MoveList, Piece, Position, Role, Square};

use super::board::captured_square;

/// A piece the player touched deliberately, in the order touched.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Touch {
    pub square: Square,
    pub piece: Piece,
}

/// What the touches oblige the player to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rule {
    /// King, then rook: castle with that rook (4.4).
    Castle,
    /// King, then rook, but that castling is not legal: another king move (4.4).
    KingMove,
    /// Own piece and opponent's piece: capture that piece with that piece (4.3a).
    CaptureWith,
    /// Move the first touched own piece that can move (4.3c, and 4.3a's fallback).
    MovePiece,
    /// Capture the first touched opponent's piece that can be captured (4.3b).
    CapturePiece,
    /// A false draw claim named a move: that move must be played (9.4 / 9.5).
    WrittenMove,
}

impl Rule {
    pub fn key(self) -> &'static str {
        match self {
            Rule::Castle => "castle",
            Rule::KingMove => "king_move",
            Rule::CaptureWith => "capture_with",
            Rule::MovePiece => "move_piece",
            Rule::CapturePiece => "capture_piece",
            Rule::WrittenMove => "written_move",
        }
    }
}

/// The moves the touches allow, and why.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Obligation {
    pub rule: Rule,
    /// The piece the rule is about (the touched piece to move or capture, the king).
    pub square: Square,
    pub allowed: Vec<Move>,
}

impl Obligation {
    pub fn allows(&self, m: &Move) -> bool {
        self.allowed.contains(m)
    }
}

fn moves_from(legal: &MoveList, sq: Square) -> Vec<Move> {
    legal
        .iter()
        .filter(|m| m.from() == Some(sq))
        .copied()
        .collect()
}

fn captures_of(legal: &MoveList, sq: Square) -> Vec<Move> {
    legal
        .iter()
        .filter(|m| captured_square(m) == Some(sq))
        .copied()
        .collect()
}

fn obligation(rule: Rule, square: Square, allowed: Vec<Move>) -> Option<Obligation> {
    (!allowed.is_empty()).then_some(Obligation {
        rule,
        square,
        allowed,
    })
}

/// The obligation of the player to move in `pos` who touched `touches` (in order), or
/// `None` if he may make any legal move (nothing touched, or nothing touched can move or be
/// captured).
pub fn obligation_of(pos: &Chess, touches: &[Touch]) -> Option<Obligation> {
    let me: Color = pos.turn();
    let legal = pos.legal_moves();
    let own: Vec<&Touch> = touches.iter().filter(|t| t.piece.color == me).collect();
    let opp: Vec<&Touch> = touches.iter().filter(|t| t.piece.color != me).collect();
    // 4.4: king first, then a rook: castling with that rook, else another king move.
    if let Some(first) = own.first()
        && first.piece.role == Role::King
        && let Some(rook) = own.iter().skip(1).find(|t| t.piece.role == Role::Rook)
    {
        let castle: Vec<Move> = legal
            .iter()
            .filter(|m| matches!(m, Move::Castle { rook: r, .. } if *r == rook.square))
            .copied()
            .collect();
        if !castle.is_empty() {
            return obligation(Rule::Castle, first.square, castle);
        }
        return obligation(
            Rule::KingMove,
            first.square,
            moves_from(&legal, first.square),
        );
    }
    // 4.3a: one of each: that capture, else the first touched that can move or be taken.
    if let (Some(mine), Some(theirs)) = (own.first(), opp.first()) {
        let with: Vec<Move> = captures_of(&legal, theirs.square)
            .into_iter()
            .filter(|m| m.from() == Some(mine.square))
            .collect();
        if !with.is_empty() {
            return obligation(Rule::CaptureWith, mine.square, with);
        }
    }
    for t in touches {
        let (rule, allowed) = if t.piece.color == me {
            (Rule::MovePiece, moves_from(&legal, t.square))
        } else {
            (Rule::CapturePiece, captures_of(&legal, t.square))
        };
        if let Some(o) = obligation(rule, t.square, allowed) {
            return Some(o);
        }
    }
    None
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::CastlingMode;
    use shakmaty::fen::Fen;

    fn pos(fen: &str) -> Chess {
        fen.parse::<Fen>()
            .unwrap()
            .into_position(CastlingMode::Standard)
            .unwrap()
    }

    fn touch(pos: &Chess, sq: Square) -> Touch {
        Touch {
            square: sq,
            piece: pos.board().piece_at(sq).unwrap(),
        }
    }

    fn allowed(pos: &Chess, squares: &[Square]) -> Option<(Rule, Vec<String>)> {
        let touches: Vec<Touch> = squares.iter().map(|s| touch(pos, *s)).collect();
        obligation_of(pos, &touches).map(|o| {
            let mut v: Vec<String> = o
                .allowed
                .iter()
                .map(|m| m.to_uci(CastlingMode::Standard).to_string())
                .collect();
            v.sort();
            (o.rule, v)
        })
    }

    #[test]
    fn the_article_4_cases() {
        // White: Ke1 Rh1 Ra1 Nb1 Bc4, pawns; Black knight on e5, pawn f7.
        let p = pos("4k3/5p2/8/4n3/2B5/8/8/RN2K2R w KQ - 0 1");
        // Own piece: the knight must move.
        let (rule, moves) = allowed(&p, &[Square::B1]).unwrap();
        assert_eq!((rule, moves.len()), (Rule::MovePiece, 3));
        // Opponent's piece: capture the pawn on f7 (only the bishop can).
        assert_eq!(
            allowed(&p, &[Square::F7]),
            Some((Rule::CapturePiece, vec!["c4f7".into()]))
        );
        // Both: that capture with that piece.
        assert_eq!(
            allowed(&p, &[Square::C4, Square::F7]),
            Some((Rule::CaptureWith, vec!["c4f7".into()]))
        );
        // Both, but that piece cannot take that one: the first touched that can move.
        let (rule, moves) = allowed(&p, &[Square::B1, Square::F7]).unwrap();
        assert_eq!(rule, Rule::MovePiece);
        assert!(moves.iter().all(|m| m.starts_with("b1")));
        // Nothing takes the knight on e5: the bishop touched after it must move.
        let (rule, _) = allowed(&p, &[Square::E5, Square::C4]).unwrap();
        assert_eq!(rule, Rule::MovePiece);
        // King then rook: castle that side.
        assert_eq!(
            allowed(&p, &[Square::E1, Square::H1]),
            Some((Rule::Castle, vec!["e1g1".into()]))
        );
        // Rook then king: the rook must move (no castling).
        let (rule, moves) = allowed(&p, &[Square::H1, Square::E1]).unwrap();
        assert_eq!(rule, Rule::MovePiece);
        assert!(moves.iter().all(|m| m.starts_with("h1")));
        // Nothing touched: free.
        assert_eq!(allowed(&p, &[]), None);
    }

    #[test]
    fn king_and_rook_when_castling_is_illegal_means_a_king_move() {
        // The f1 square is attacked: no short castling; the king must move elsewhere.
        let p = pos("4kr2/8/8/8/8/8/8/R3K2R w KQ - 0 1");
        let (rule, moves) = allowed(&p, &[Square::E1, Square::H1]).unwrap();
        assert_eq!(rule, Rule::KingMove);
        assert!(moves.contains(&"e1c1".to_string()), "{moves:?}");
        assert!(moves.iter().all(|m| m.starts_with("e1")));
        // A touched piece that cannot move leaves the player free.
        let p = pos("4k3/8/8/8/8/p7/P7/4K3 w - - 0 1");
        assert_eq!(allowed(&p, &[Square::A2]), None);
    }
}
