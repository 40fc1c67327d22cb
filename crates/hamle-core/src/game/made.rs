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
    /// The player's own board does not show the opponent's last move yet: he makes it first
    /// ([`crate::game::Game::behind`]).
    pub behind: bool,
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

/// How far the move of the side to move has come, as his pages show it while he makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Progress {
    /// Nothing of it yet: not announced, and his board shows the game, nothing in the hand.
    NotBegun,
    /// Made: the clock may be pressed.
    Made,
    /// Begun, not made; what is missing. Until the move is announced, a visually impaired
    /// player is told only that: what his board shows is judged against the move he
    /// announces.
    Missing(Missing),
    /// A move completed on the board that is not legal (the sighted player's, Art. 7.4).
    Illegal {
        from: shakmaty::Square,
        to: shakmaty::Square,
    },
    /// His own board does not show the opponent's last move (this one) yet: he makes it
    /// first, and is told so in its words; nothing is stopped (the arbiter is called only for
    /// a move made differently, D.2.9).
    Behind(Move),
}

impl Progress {
    /// The state's name on the wire.
    pub fn key(&self) -> &'static str {
        match self {
            Progress::NotBegun => "not_begun",
            Progress::Made => "made",
            Progress::Missing(_) => "missing",
            Progress::Illegal { .. } => "illegal",
            Progress::Behind(_) => "behind",
        }
    }
}

/// How far the move on `board` (the mover's own) has come in `pos`: [`made`], and before
/// anything happened, [`Progress::NotBegun`].
pub fn progress(
    pos: &Chess,
    board: &PhysicalBoard,
    announced: Option<Move>,
    visually_impaired: bool,
) -> Progress {
    if announced.is_none() && board.matches(pos) {
        return Progress::NotBegun;
    }
    match made(pos, board, announced, visually_impaired) {
        Made::Legal(_) => Progress::Made,
        Made::Illegal { from, to } => Progress::Illegal { from, to },
        Made::Missing(m) if announced.is_none() && m.announcement => Progress::Missing(Missing {
            announcement: true,
            ..Missing::default()
        }),
        Made::Missing(m) => Progress::Missing(m),
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

    #[test]
    fn progress_of_a_visually_impaired_players_capture() {
        let mut pos = Chess::default();
        for u in ["e2e4", "d7d5"] {
            play(&mut pos, u);
        }
        let exd5 = "e4d5".parse::<UciMove>().unwrap().to_move(&pos).unwrap();
        let b = PhysicalBoard::new(BoardKind::Tactile, &pos);
        assert_eq!(progress(&pos, &b, None, true), Progress::NotBegun);
        // A piece lifted before the announcement: the announcement is what is missing.
        let lifted = b.after(BoardOp::Lift(Square::E4)).unwrap();
        assert_eq!(
            progress(&pos, &lifted, None, true),
            Progress::Missing(Missing {
                announcement: true,
                ..Missing::default()
            })
        );
        // Announced: the capture and the placement.
        assert_eq!(
            progress(&pos, &lifted, Some(exd5), true),
            Progress::Missing(Missing {
                capture: Some(Square::D5),
                placement: Some(Square::D5),
                ..Missing::default()
            })
        );
        // Announced, nothing done on the board yet.
        assert_eq!(
            progress(&pos, &b, Some(exd5), true),
            Progress::Missing(Missing {
                capture: Some(Square::D5),
                placement: Some(Square::D5),
                ..Missing::default()
            })
        );
        let done = lifted
            .after(BoardOp::Remove(Square::D5))
            .unwrap()
            .after(BoardOp::Place {
                square: Square::D5,
                promotion: None,
            })
            .unwrap();
        assert_eq!(progress(&pos, &done, Some(exd5), true), Progress::Made);
        // The sighted player's move is made once it stands on the board.
        assert_eq!(progress(&pos, &done, None, false), Progress::Made);
        assert_eq!(Progress::Made.key(), "made");
    }
}
