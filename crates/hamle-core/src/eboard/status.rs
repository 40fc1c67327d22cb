//! What a seat's board link says about its board: the bridge's `board_status` (issue 33).
//!
//! The bridge on the player's machine tells the table the state of the electronic board in
//! typed values, never in sentences: the board connected, lost, back, in step with the game
//! again, a [`Mismatch`] square by square, a promotion whose piece the board does not show,
//! a piece the table holds lifted while the board shows it off its square.
//! The server says each to the seat in its language.

use shakmaty::{Piece, Square};

use super::assemble::{Intent, Mismatch};

/// The state of a seat's electronic board, as its bridge reports it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum BoardStatus {
    /// The board answered for the first time since the bridge started.
    Connected,
    /// The board's port closed or stopped answering: what is done on it is not seen.
    Lost,
    /// The board answers again after it was lost.
    Back,
    /// The board shows the game again (after a mismatch or a promotion question).
    InSync,
    /// The board shows neither the game nor a move of it: what differs, square by square.
    Mismatch(Mismatch),
    /// The board shows a pawn's promotion from `from` to `to` but not the piece it becomes.
    PromotionNeeded { from: Square, to: Square },
    /// The table holds `piece` lifted from `square` (in the hand: touched), a lift the bridge
    /// did not see itself (the board or the server was away), and the board shows it off its
    /// square: the move is under way, nothing to put back.
    Holding { square: Square, piece: Piece },
}

impl BoardStatus {
    /// The status's name on the wire.
    pub fn key(&self) -> &'static str {
        match self {
            BoardStatus::Connected => "connected",
            BoardStatus::Lost => "lost",
            BoardStatus::Back => "back",
            BoardStatus::InSync => "in_sync",
            BoardStatus::Mismatch(_) => "mismatch",
            BoardStatus::PromotionNeeded { .. } => "promotion",
            BoardStatus::Holding { .. } => "holding",
        }
    }

    /// What the seat is told about `intent`, if anything: a mismatch and a promotion
    /// question are, a touch and a placed move are the table's (they become its board
    /// events); the board back in step is, when something was said before it.
    pub fn of_intent(intent: &Intent) -> Option<BoardStatus> {
        match intent {
            Intent::Mismatch(m) => Some(BoardStatus::Mismatch(m.clone())),
            Intent::PromotionNeeded { from, to } => Some(BoardStatus::PromotionNeeded {
                from: *from,
                to: *to,
            }),
            Intent::InSync => Some(BoardStatus::InSync),
            Intent::Held { square, piece } => Some(BoardStatus::Holding {
                square: *square,
                piece: *piece,
            }),
            Intent::Touched { .. } | Intent::Put { .. } | Intent::Placed(_) => None,
        }
    }

    /// Whether the seat has something to put right (said again to a page that connects
    /// later); the rest is news only once.
    pub fn asks_for_action(&self) -> bool {
        matches!(
            self,
            BoardStatus::Lost | BoardStatus::Mismatch(_) | BoardStatus::PromotionNeeded { .. }
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use shakmaty::{Color, Piece, Role};

    #[test]
    fn only_what_the_table_does_not_take_is_a_status() {
        let pawn = Piece {
            color: Color::White,
            role: Role::Pawn,
        };
        let touched = Intent::Touched {
            square: Square::E2,
            piece: pawn,
        };
        assert_eq!(BoardStatus::of_intent(&touched), None);
        let promotion = Intent::PromotionNeeded {
            from: Square::E7,
            to: Square::E8,
        };
        assert_eq!(
            BoardStatus::of_intent(&promotion).map(|s| s.key()),
            Some("promotion")
        );
        let mismatch = Intent::Mismatch(Mismatch::default());
        let status = BoardStatus::of_intent(&mismatch).expect("a status");
        assert!(status.asks_for_action());
        assert!(!BoardStatus::InSync.asks_for_action());
        assert!(BoardStatus::Lost.asks_for_action());
    }
}
