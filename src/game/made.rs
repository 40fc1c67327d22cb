//! When a move counts as made (F4 / D.2.3-D.2.5), so that the clock may be pressed.
//!
//! For the visually impaired player: (a) a captured piece is off his board, (b) his piece
//! sits in its new hole, (c) the move has been announced. For the sighted player the normal
//! rules: his board shows the move (the piece released on its new square).

use shakmaty::{Chess, Color, Move, Position};

use super::board::{PhysicalBoard, captured_square};

/// What the board and the announcement show when the clock is to be pressed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Made {
    /// A legal move, made (and announced where the rules ask for it).
    Legal(Move),
    /// A move completed on the board that is not legal: Art. 7.4 / 7.5.
    Illegal {
        from: shakmaty::Square,
        to: shakmaty::Square,
    },
    /// Not made yet; what is missing.
    Missing(Missing),
}

/// The parts of a move not yet made. Every part that is missing is named.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Missing {
    /// The move has not been announced.
    pub announcement: bool,
    /// The captured piece still stands on this square of the player's board.
    pub capture: Option<shakmaty::Square>,
    /// The moved piece is not (yet) in its new hole on this square.
    pub placement: Option<shakmaty::Square>,
    /// The board shows no move at all, or something other than the announced move.
    pub board_differs: bool,
    /// The board shows a legal move other than the one announced.
    pub announcement_differs: bool,
}

impl Missing {
    pub fn is_empty(&self) -> bool {
        *self == Missing::default()
    }
}

/// Whether the move on `board` (the mover's own) counts as made in `pos`.
pub fn made(
    pos: &Chess,
    board: &PhysicalBoard,
    announced: Option<Move>,
    visually_impaired: bool,
) -> Made {
    let mover: Color = pos.turn();
    let shown = board.shows_move(pos);
    match announced {
        Some(m) => {
            if shown == Some(m) {
                return Made::Legal(m);
            }
            let mut after = pos.clone();
            after.play_unchecked(m);
            let mut missing = Missing::default();
            if let Some(sq) = captured_square(&m)
                && board.board.piece_at(sq).is_some_and(|p| p.color != mover)
            {
                missing.capture = Some(sq);
            }
            let to = m.to();
            let want = after.board().piece_at(to);
            if board.hand.is_some() || board.board.piece_at(to) != want {
                missing.placement = Some(to);
            }
            if shown.is_some() {
                missing.announcement_differs = true;
            } else if missing.capture.is_none() && missing.placement.is_none() {
                missing.board_differs = true;
            }
            Made::Missing(missing)
        }
        None => match shown {
            Some(m) if !visually_impaired => Made::Legal(m),
            Some(_) => Made::Missing(Missing {
                announcement: true,
                ..Missing::default()
            }),
            None => {
                if !visually_impaired
                    && let Some((from, to)) = board.shows_physical_move(pos.board(), mover)
                {
                    return Made::Illegal { from, to };
                }
                Made::Missing(Missing {
                    announcement: visually_impaired,
                    board_differs: true,
                    ..Missing::default()
                })
            }
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::{BoardKind, BoardOp};
    use shakmaty::Square;
    use shakmaty::uci::UciMove;

    fn play(pos: &mut Chess, uci: &str) -> Move {
        let m = uci.parse::<UciMove>().unwrap().to_move(pos).unwrap();
        pos.play_unchecked(m);
        m
    }

    #[test]
    fn the_three_parts_of_a_made_capture() {
        let mut pos = Chess::default();
        for u in ["e2e4", "d7d5"] {
            play(&mut pos, u);
        }
        let exd5 = "e4d5".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        let b = PhysicalBoard::new(BoardKind::Tactile, &pos);
        // Nothing done, nothing said.
        assert_eq!(
            made(&pos, &b, None, true),
            Made::Missing(Missing {
                announcement: true,
                board_differs: true,
                ..Missing::default()
            })
        );
        // Announced; the pawn still stands on d5 and the own pawn is in the hand.
        let b = b.after(BoardOp::Lift(Square::E4)).unwrap();
        assert_eq!(
            made(&pos, &b, Some(exd5), true),
            Made::Missing(Missing {
                capture: Some(Square::D5),
                placement: Some(Square::D5),
                ..Missing::default()
            })
        );
        let b = b.after(BoardOp::Remove(Square::D5)).unwrap();
        let b = b
            .after(BoardOp::Place {
                square: Square::D5,
                promotion: None,
            })
            .unwrap();
        assert_eq!(made(&pos, &b, Some(exd5), true), Made::Legal(exd5));
        // Made but not announced: the visually impaired player still must announce it.
        assert!(matches!(made(&pos, &b, None, true), Made::Missing(m) if m.announcement));
        // The sighted player's move is made once it stands on the board.
        assert_eq!(made(&pos, &b, None, false), Made::Legal(exd5));
    }
}
