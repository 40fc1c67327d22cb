//! Announcement + position to one legal move, or the reason why not.
//!
//! Legality always comes from shakmaty. When nothing fits, the reason is found by relaxing
//! the announcement step by step (ignore the promotion, the capture word, the en passant word)
//! and, last, by asking whether the piece could reach the square at all if its own king did
//! not matter: then the move fails only because of check.

use shakmaty::{
    Bitboard, CastlingSide, Chess, Color, EnPassantMode, Move, MoveList, Piece, Position, Rank,
    Role, Square, attacks,
};

use super::{Announcement, IllegalReason, Reading, ResolveError};

pub(crate) fn resolve(a: &Announcement, pos: &Chess) -> Result<Move, ResolveError> {
    // The common case, one reading naming a piece's move: filter shakmaty's candidates in
    // place, as its own SAN resolution does.
    if let [
        reading @ Reading::Normal {
            role,
            from_file,
            from_rank,
            to,
            ..
        },
    ] = a.readings.as_slice()
    {
        let Some(role) = effective_role(pos, *role, *from_file, *from_rank) else {
            return conclude(&MoveList::new(), a, pos);
        };
        let mut moves = pos.san_candidates(role, *to);
        moves.retain(|m| fits(reading, m));
        if role == Role::King {
            add_king_castling(reading, pos, &mut moves);
        }
        return conclude(&moves, a, pos);
    }
    let mut found = MoveList::new();
    for reading in &a.readings {
        add_candidates(reading, pos, &mut found);
    }
    conclude(&found, a, pos)
}

/// The one move found, or why there is none or more than one.
fn conclude(found: &MoveList, a: &Announcement, pos: &Chess) -> Result<Move, ResolveError> {
    match found.len() {
        1 => Ok(found[0]),
        0 => Err(ResolveError::Illegal(diagnose(a, pos))),
        _ => {
            let mut all: Vec<Move> = found.to_vec();
            all.sort_by_key(|m| (m.from().map(u32::from), u32::from(m.to())));
            Err(ResolveError::Ambiguous(all))
        }
    }
}

/// Whether a legal move fits everything a `Reading::Normal` says (its piece and
/// destination aside: those chose the candidates).
#[inline]
fn fits(reading: &Reading, m: &Move) -> bool {
    let Reading::Normal {
        from_file,
        from_rank,
        capture,
        captured,
        promotion,
        en_passant,
        ..
    } = *reading
    else {
        return false;
    };
    let from_fits = |from: Square| {
        from_file.is_none_or(|f| f == from.file()) && from_rank.is_none_or(|r| r == from.rank())
    };
    match *m {
        Move::Normal {
            from,
            capture: taken,
            promotion: promoted,
            ..
        } => {
            from_fits(from)
                && (!capture || taken.is_some())
                && captured.is_none_or(|c| taken == Some(c))
                && !en_passant
                && promoted == promotion
        }
        Move::EnPassant { from, .. } => {
            from_fits(from) && captured.is_none_or(|c| c == Role::Pawn) && promotion.is_none()
        }
        Move::Castle { king, .. } => {
            from_fits(king) && !capture && captured.is_none() && !en_passant && promotion.is_none()
        }
        Move::Put { .. } => false,
    }
}

/// "König Gustav eins" / "e1g1": the king's own move when castling, added to `found`.
fn add_king_castling(reading: &Reading, pos: &Chess, found: &mut MoveList) {
    let Reading::Normal { to, .. } = *reading else {
        return;
    };
    for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
        if side.king_to(pos.turn()) == to {
            for m in pos.castling_moves(side) {
                if fits(reading, &m) {
                    push_new(found, m);
                }
            }
        }
    }
}

fn push_new(found: &mut MoveList, m: Move) {
    if !found.contains(&m) {
        found.push(m);
    }
}

/// The king's destination of a castling move.
pub(crate) fn castle_side(m: &Move) -> Option<CastlingSide> {
    match *m {
        Move::Castle { king, rook } => Some(if rook.file() < king.file() {
            CastlingSide::QueenSide
        } else {
            CastlingSide::KingSide
        }),
        _ => None,
    }
}

/// Adds every legal move in `pos` that fits one reading to `found` (once).
fn add_candidates(reading: &Reading, pos: &Chess, found: &mut MoveList) {
    match *reading {
        Reading::EnPassant => {
            for m in pos.en_passant_moves() {
                push_new(found, m);
            }
        }
        Reading::Castle(side) => {
            for s in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                if side.is_none_or(|side| side == s) {
                    for m in pos.castling_moves(s) {
                        push_new(found, m);
                    }
                }
            }
        }
        Reading::Normal {
            role,
            from_file,
            from_rank,
            to,
            ..
        } => {
            let Some(role) = effective_role(pos, role, from_file, from_rank) else {
                return;
            };
            for m in pos.san_candidates(role, to) {
                if fits(reading, &m) {
                    push_new(found, m);
                }
            }
            if role == Role::King {
                add_king_castling(reading, pos, found);
            }
        }
    }
}

/// The piece a reading moves: as named; the piece on the origin square when the origin is
/// given in full and no piece is named (UCI); otherwise a pawn.
fn effective_role(
    pos: &Chess,
    role: Option<Role>,
    from_file: Option<shakmaty::File>,
    from_rank: Option<Rank>,
) -> Option<Role> {
    match (role, from_file, from_rank) {
        (Some(r), _, _) => Some(r),
        (None, Some(f), Some(r)) => {
            let piece = pos.board().piece_at(Square::from_coords(f, r))?;
            (piece.color == pos.turn()).then_some(piece.role)
        }
        (None, _, _) => Some(Role::Pawn),
    }
}

fn diagnose(a: &Announcement, pos: &Chess) -> IllegalReason {
    if pos.legal_moves().is_empty() {
        return IllegalReason::NoLegalMoves;
    }
    // Explain the reading that names a piece, if any: "Dd5" in German is the queen, not a
    // pawn from the d-file.
    let reading = a
        .readings
        .iter()
        .find(|r| matches!(r, Reading::Normal { role: Some(_), .. }))
        .unwrap_or(&a.readings[0]);
    match *reading {
        Reading::Castle(side) => diagnose_castle(pos, side.unwrap_or(CastlingSide::KingSide)),
        Reading::EnPassant => IllegalReason::NoEnPassant,
        Reading::Normal {
            role,
            from_file,
            from_rank,
            capture,
            captured,
            to,
            promotion,
            en_passant,
        } => {
            let us = pos.turn();
            let board = pos.board();
            if let (Some(f), Some(r)) = (from_file, from_rank) {
                let square = Square::from_coords(f, r);
                match board.piece_at(square) {
                    Some(p) if p.color == us && role.is_none_or(|r| r == p.role) => {}
                    _ => return IllegalReason::NoPieceOnSquare { role, square },
                }
            }
            let role = effective_role(pos, role, from_file, from_rank).unwrap_or(Role::Pawn);
            // "König Gustav eins" from the king's home square: the castling reason.
            if role == Role::King
                && board.king_of(us) == Some(Square::from_coords(shakmaty::File::E, us.backrank()))
            {
                for side in [CastlingSide::KingSide, CastlingSide::QueenSide] {
                    if side.king_to(us) == to
                        && (reachable_from(pos, Role::King, to) & origin_mask(from_file, from_rank))
                            .is_empty()
                    {
                        return diagnose_castle(pos, side);
                    }
                }
            }
            if promotion.is_some()
                && (role != Role::Pawn || to.rank() != us.fold_wb(Rank::Eighth, Rank::First))
            {
                return IllegalReason::NoPromotion;
            }
            if board.by_color(us).contains(to) {
                return IllegalReason::OwnPieceOnSquare { square: to };
            }
            let relaxed: Vec<Move> = pos
                .san_candidates(role, to)
                .into_iter()
                .filter(|m| {
                    let from = m.from().expect("no drops");
                    from_file.is_none_or(|f| f == from.file())
                        && from_rank.is_none_or(|r| r == from.rank())
                })
                .collect();
            if !relaxed.is_empty() {
                if promotion.is_none() && relaxed.iter().any(|m| m.is_promotion()) {
                    return IllegalReason::PromotionMissing;
                }
                if capture && !relaxed.iter().any(|m| m.is_capture()) {
                    return IllegalReason::NothingToCapture { square: to };
                }
                if let Some(said) = captured {
                    let actual = relaxed.iter().find_map(|m| m.capture());
                    if actual != Some(said) {
                        return IllegalReason::WrongCapturedPiece {
                            said,
                            actual,
                            square: to,
                        };
                    }
                }
                if en_passant && !relaxed.iter().any(|m| m.is_en_passant()) {
                    return IllegalReason::NotEnPassant;
                }
            }
            let from_mask = origin_mask(from_file, from_rank);
            if (reachable_from(pos, role, to) & from_mask).any() {
                return IllegalReason::KingInCheck {
                    in_check_now: pos.is_check(),
                };
            }
            if capture && board.piece_at(to).is_none() {
                return IllegalReason::NothingToCapture { square: to };
            }
            IllegalReason::CannotReach { role, to }
        }
    }
}

fn origin_mask(file: Option<shakmaty::File>, rank: Option<Rank>) -> Bitboard {
    let files = file.map_or(Bitboard::FULL, Bitboard::from_file);
    let ranks = rank.map_or(Bitboard::FULL, Bitboard::from_rank);
    files & ranks
}

fn diagnose_castle(pos: &Chess, side: CastlingSide) -> IllegalReason {
    let us = pos.turn();
    let castles = pos.castles();
    if !castles.has(us, side) {
        return IllegalReason::CastlingRightsLost { side };
    }
    let board = pos.board();
    if (castles.path(us, side) & board.occupied()).any() {
        return IllegalReason::CastlingBlocked { side };
    }
    if pos.is_check() {
        return IllegalReason::CastlingOutOfCheck { side };
    }
    let king = board.king_of(us).expect("a king in standard chess");
    let dest = side.king_to(us);
    let occupied = board.occupied();
    for sq in attacks::between(king, dest) {
        if board.attacks_to(sq, us.other(), occupied).any() {
            return IllegalReason::CastlingThroughCheck { side, square: sq };
        }
    }
    IllegalReason::CastlingIntoCheck { side }
}

/// The squares of the side to move's pieces of `role` that could move to `to` if their own
/// king's safety did not matter (pseudo-legal reach). Used to tell "this piece cannot go
/// there" from "this move would leave your king in check".
pub fn reachable_from(pos: &Chess, role: Role, to: Square) -> Bitboard {
    let us = pos.turn();
    let board = pos.board();
    if board.by_color(us).contains(to) {
        return Bitboard::EMPTY;
    }
    let occupied = board.occupied();
    let piece = Piece { color: us, role };
    let mut result = Bitboard::EMPTY;
    for from in board.by_piece(piece) {
        let reaches = if role == Role::Pawn {
            pawn_reaches(pos, us, from, to)
        } else {
            attacks::attacks(from, piece, occupied).contains(to)
        };
        if reaches {
            result.add(from);
        }
    }
    result
}

fn pawn_reaches(pos: &Chess, us: Color, from: Square, to: Square) -> bool {
    let board = pos.board();
    if attacks::pawn_attacks(us, from).contains(to) {
        return board.by_color(us.other()).contains(to)
            || pos.ep_square(EnPassantMode::Always) == Some(to);
    }
    let step = us.fold_wb(8, -8);
    let Some(one) = from.offset(step) else {
        return false;
    };
    if board.occupied().contains(one) {
        return false;
    }
    if one == to {
        return true;
    }
    from.rank() == us.fold_wb(Rank::Second, Rank::Seventh)
        && one.offset(step) == Some(to)
        && !board.occupied().contains(to)
}
