//! What the arbiter's desk ([`crate::scoresheet::desk`]) decides, as far as it changes the
//! game: diverging boards (F8 / D.2.9) and a closed adjournment stop the clocks; a ruling
//! takes the official game back to a half-move (and can be undone while no move was played
//! since: the moves it took back are played again); the boards are put right piece by
//! piece. The desk's other events (scoresheets, the case closed, the sealed move) leave the
//! game as it is.

use shakmaty::{Color, Piece, Position, Square};

use super::{Applied, ClockEffect};
use crate::game::{Game, Ply, Status, Undoable, position_key};

impl Game {
    /// [`Event::BoardsDiverged`](crate::game::Event::BoardsDiverged) or
    /// [`Event::Adjourned`](crate::game::Event::Adjourned): the game waits.
    pub(in crate::game) fn apply_boards_held(&mut self) -> Applied {
        // The clocks stop (the event's reading); a lifted piece counts as off the
        // board while the boards are put right.
        self.status = Status::Paused { by: None };
        for c in Color::ALL {
            self.boards.get_mut(c).hand = None;
        }
        Ok(ClockEffect::FromReading)
    }

    /// [`Event::Ruled`](crate::game::Event::Ruled): the official game goes back to the
    /// position after `ply` half-moves; what it took back is kept, so that the ruling can be
    /// undone.
    pub(in crate::game) fn apply_ruled(&mut self, ply: usize, at: u64) -> Applied {
        if ply > self.moves.len() {
            return Err("a ruling beyond the game".to_owned());
        }
        let mut clock = self.clock.reading(at);
        clock.running = None;
        // A ruling that takes nothing back leaves nothing to play again.
        self.undoable = (ply < self.moves.len()).then(|| Undoable {
            moves: self.moves[ply..].to_vec(),
            clock,
        });
        self.take_back_to(ply);
        Ok(ClockEffect::FromReading)
    }

    /// [`Event::Ruled`](crate::game::Event::Ruled) with
    /// [`BranchKind::Undo`](crate::game::BranchKind::Undo): the last ruling undone.
    pub(in crate::game) fn apply_ruling_undone(&mut self, ply: usize, at: u64) -> Applied {
        self.replay_taken_back(ply, at).map_err(str::to_owned)?;
        Ok(ClockEffect::FromReading)
    }

    /// [`Event::BoardFixed`](crate::game::Event::BoardFixed): a piece lifted from (`None`) or
    /// put on `board` while it is put right.
    pub(in crate::game) fn apply_board_fixed(
        &mut self,
        board: Color,
        square: Square,
        piece: Option<Piece>,
    ) -> Applied {
        let b = &mut self.boards.get_mut(board).board;
        match piece {
            None => {
                b.remove_piece_at(square)
                    .ok_or_else(|| "lifting from an empty square".to_owned())?;
            }
            Some(p) => {
                if b.piece_at(square).is_some() {
                    return Err("placing on a taken square".to_owned());
                }
                b.set_piece_at(square, p);
            }
        }
        Ok(ClockEffect::Unchanged)
    }

    /// Plays the moves a ruling took back again (the ruling undone); the clocks come from
    /// the event's reading.
    fn replay_taken_back(&mut self, ply: usize, at: u64) -> Result<(), &'static str> {
        let Some(undo) = self.undoable.take() else {
            return Err("no ruling to undo");
        };
        if undo.moves.is_empty() || self.moves.len() + undo.moves.len() != ply {
            return Err("the undone ruling does not fit the game");
        }
        for played in undo.moves {
            if !self.pos.is_legal(played.mv) {
                return Err("a move taken back is not legal again");
            }
            let mover = self.turn();
            let before = self.pos.clone();
            self.pos.play_unchecked(played.mv);
            self.history.push(position_key(&self.pos));
            self.prev = Some((before, played.mv));
            self.clock.press(mover, at);
            self.moves.push(played);
        }
        self.ply = Ply::default();
        self.warned = None;
        Ok(())
    }
}
