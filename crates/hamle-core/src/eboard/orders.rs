//! An [`Intent`] as the board events the table already takes: [`Command::Board`] with a
//! [`BoardOp`] (lift, place, remove), checked against the table's record of that board
//! ([`PhysicalBoard`], `Game::board`). Nothing here bypasses the table: it decides each command
//! as if the seat had reported the lift or placement by hand (touch-move, the made move of
//! D.2.3-D.2.4, the opponent's move made on one's own board, the clock press after it).
//!
//! - [`Intent::Touched`]: the seat's own piece is lifted ([`BoardOp::Lift`]); the opponent's is
//!   taken off ([`BoardOp::Remove`], a capture begun with the captured piece).
//! - [`Intent::Put`]: the piece in the record's hand placed there (castling king first,
//!   slowly: the king in its hole before the rook is lifted); nothing if the hand holds
//!   another piece, or none.
//! - [`Intent::Placed`] and [`Intent::InSync`]: [`board_ops`] from the record to the board after
//!   the move, or to the game's position (the opponent's last move made on one's own board).
//! - [`Intent::PromotionNeeded`], [`Intent::Mismatch`] and [`Intent::Held`]: nothing for the
//!   table (it holds the piece already); the seat is asked or told
//!   ([`Unmapped::NothingToRecord`]).

use shakmaty::{Board, Chess, Color, Piece, Position, Rank, Role, Square};

use super::assemble::Intent;
use crate::game::{BoardOp, Command, PhysicalBoard};

/// Why an intent gives no command.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Unmapped {
    /// Nothing for the table to record: the seat is asked for the promotion piece, or told what
    /// differs.
    NothingToRecord,
    /// The table's record of this board holds a lifted piece already: it holds one at a time.
    HandFull,
    /// The table's record has not this piece on this square.
    NotOnRecord(Square),
    /// The table's board events cannot say it: a piece would come from nowhere, or pieces would
    /// have to change places through a second hand (a Chess960 castling onto the rook's square).
    Unreachable,
}

/// The commands that report `intent` on `board`'s board, whose record at the table is
/// `recorded`, in the game's position `pos`.
pub fn commands(
    intent: &Intent,
    board: Color,
    recorded: &PhysicalBoard,
    pos: &Chess,
) -> Result<Vec<Command>, Unmapped> {
    let ops = match intent {
        Intent::Touched { square, piece } => vec![touch(recorded, *square, *piece, pos.turn())?],
        Intent::Put { square, piece } => {
            let in_hand = recorded.hand.is_some_and(|(p, _)| p == *piece);
            if !in_hand || recorded.board.piece_at(*square).is_some() {
                return Err(Unmapped::NothingToRecord);
            }
            vec![BoardOp::Place {
                square: *square,
                promotion: None,
            }]
        }
        Intent::Placed(m) => {
            let mut after = pos.clone();
            after.play_unchecked(*m);
            board_ops(recorded, after.board(), pos.turn())?
        }
        Intent::InSync => board_ops(recorded, pos.board(), pos.turn())?,
        Intent::PromotionNeeded { .. } | Intent::Mismatch(_) | Intent::Held { .. } => {
            return Err(Unmapped::NothingToRecord);
        }
    };
    Ok(ops
        .into_iter()
        .map(|op| Command::Board { board, op })
        .collect())
}

/// The board event of a touch: the mover's piece lifted, the other side's taken off.
fn touch(
    recorded: &PhysicalBoard,
    square: Square,
    piece: Piece,
    mover: Color,
) -> Result<BoardOp, Unmapped> {
    if recorded.board.piece_at(square) != Some(piece) {
        return Err(Unmapped::NotOnRecord(square));
    }
    if piece.color != mover {
        return Ok(BoardOp::Remove(square));
    }
    if recorded.hand.is_some() {
        return Err(Unmapped::HandFull);
    }
    Ok(BoardOp::Lift(square))
}

/// The role `piece` becomes on `to` if it is a pawn promoted to `target` there.
fn promotion(piece: Piece, to: Square, target: Piece) -> Option<Role> {
    let last = piece.color.fold_wb(Rank::Eighth, Rank::First);
    (piece.role == Role::Pawn
        && to.rank() == last
        && target.color == piece.color
        && !matches!(target.role, Role::Pawn | Role::King))
    .then_some(target.role)
}

/// How `piece` gets to `to`, where `target` belongs: as it is (`Some(None)`), promoted
/// (`Some(Some(role))`), or not at all.
fn becomes(piece: Piece, to: Square, target: Piece) -> Option<Option<Role>> {
    if piece == target {
        Some(None)
    } else {
        promotion(piece, to, target).map(Some)
    }
}

/// The board events, in an order the table takes, that turn `recorded` (its pieces and the
/// piece in its hand) into `target` with nothing in the hand, `mover` being the side to move:
/// the piece in the hand placed; each piece moved (lifted, what stands on its new square taken
/// off, placed), the other side's first (its last move made on this board, so that the table
/// counts what follows as the mover's own), then the mover's, his king first (as touch-move
/// reads a castling); then what is left over taken off.
pub fn board_ops(
    recorded: &PhysicalBoard,
    target: &Board,
    mover: Color,
) -> Result<Vec<BoardOp>, Unmapped> {
    let mut work = recorded.clone();
    let mut ops = Vec::new();
    let mut apply = |work: &mut PhysicalBoard, op: BoardOp| -> Result<(), Unmapped> {
        *work = work.after(op).map_err(|_| Unmapped::Unreachable)?;
        ops.push(op);
        Ok(())
    };
    let to_fill = |work: &PhysicalBoard| -> Vec<(Square, Piece)> {
        let mut squares: Vec<(Square, Piece)> = Square::ALL
            .into_iter()
            .filter_map(|sq| {
                target
                    .piece_at(sq)
                    .filter(|p| work.board.piece_at(sq) != Some(*p))
                    .map(|p| (sq, p))
            })
            .collect();
        squares.sort_by_key(|(_, p)| (p.color == mover, p.role != Role::King));
        squares
    };
    if let Some((piece, _)) = work.hand {
        let (to, promotion) = to_fill(&work)
            .into_iter()
            .find_map(|(sq, want)| becomes(piece, sq, want).map(|r| (sq, r)))
            .ok_or(Unmapped::Unreachable)?;
        if work.board.piece_at(to).is_some() {
            apply(&mut work, BoardOp::Remove(to))?;
        }
        apply(
            &mut work,
            BoardOp::Place {
                square: to,
                promotion,
            },
        )?;
    }
    for (to, want) in to_fill(&work) {
        let from = Square::ALL
            .into_iter()
            .filter(|sq| *sq != to)
            .find_map(|sq| {
                let piece = work.board.piece_at(sq)?;
                let leaves = target.piece_at(sq) != Some(piece);
                leaves
                    .then(|| becomes(piece, to, want))
                    .flatten()
                    .map(|r| (sq, r))
            });
        let (from, promotion) = from.ok_or(Unmapped::Unreachable)?;
        apply(&mut work, BoardOp::Lift(from))?;
        if work.board.piece_at(to).is_some() {
            apply(&mut work, BoardOp::Remove(to))?;
        }
        apply(
            &mut work,
            BoardOp::Place {
                square: to,
                promotion,
            },
        )?;
    }
    for sq in Square::ALL {
        if work.board.piece_at(sq).is_some() && target.piece_at(sq) != work.board.piece_at(sq) {
            apply(&mut work, BoardOp::Remove(sq))?;
        }
    }
    if work.hand.is_none() && &work.board == target {
        Ok(ops)
    } else {
        Err(Unmapped::Unreachable)
    }
}

#[cfg(test)]
mod tests;
