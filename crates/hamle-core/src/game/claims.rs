//! Draw claims and dead positions: repetition (9.2), the fifty-move rule (9.3), and whether
//! a side can still checkmate by any series of legal moves (5.2.2 dead position, 6.10 flag
//! fall, 7.5.5 illegal-move loss).
//!
//! # How far the mate test sees
//!
//! [`can_mate`] answers `false` only when no series of legal moves mates; it never calls a
//! living position dead. It first asks shakmaty's insufficient-material test (a lone king;
//! king and minor piece; bishops all on one colour; and the like). Then, when every pawn on
//! the board is blocked head-on by a pawn (there is at least one) and at most three pieces
//! besides kings and pawns remain (a locked structure), it
//! walks every position reachable from here, breadth first, up to [`SEARCH_LIMIT`]
//! positions: if the walk ends without meeting a mate, the position is dead (this finds the
//! classic blocked pawn chains with kings, and with bishops or knights that cannot break
//! through). A position whose walk does not end within the limit, or that is not locked,
//! counts as one where mate is possible: the answer is sound, not complete.
//!
//! A walk that did not end within the limit (or met a mate) costs 7-8 ms of CPU here, and the
//! position after the next king move is locked the same way: walking again at every move made
//! each move of such an endgame cost that much (the load bench's long games spent half the
//! server's CPU in it). So the game keeps the [`LockedStructure`] a walk found alive, and a
//! later position of the same structure (the same pawns, castling rights and en passant
//! square, the same pieces by kind, colour and, for a bishop, the colour of its square;
//! wherever they stand) counts as alive without a walk ([`is_dead_unless_alive`]). That only
//! ever calls a position alive, so the answer stays sound.

use std::collections::{HashSet, VecDeque};

use shakmaty::zobrist::Zobrist64;
use shakmaty::{ByColor, Chess, Color, EnPassantMode, Position, Role, Square};

/// The most positions the dead-position walk visits before it gives up (and says "alive").
pub const SEARCH_LIMIT: usize = 20_000;

/// The most pieces other than kings and pawns a locked position may have for the walk.
const MAX_PIECES_FOR_WALK: usize = 3;

/// The key under which a position counts as "the same" for repetition (9.2): pieces, side
/// to move, castling rights and the en passant capture actually possible.
pub fn position_key(pos: &Chess) -> u64 {
    pos.zobrist_hash::<Zobrist64>(EnPassantMode::Legal).0
}

/// The kinds of draw claim.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ClaimKind {
    /// The same position for the third time (9.2).
    Repetition,
    /// Fifty moves by each side without a capture or pawn move (9.3).
    FiftyMoves,
}

impl ClaimKind {
    pub fn key(self) -> &'static str {
        match self {
            ClaimKind::Repetition => "repetition",
            ClaimKind::FiftyMoves => "fifty_moves",
        }
    }

    pub fn from_key(s: &str) -> Option<ClaimKind> {
        match s {
            "repetition" => Some(ClaimKind::Repetition),
            "fifty_moves" => Some(ClaimKind::FiftyMoves),
            _ => None,
        }
    }
}

/// Whether a claim holds for `pos`, the position on the board or the one the claimant's
/// written move would bring about; `history` holds the keys of every earlier position of the
/// game (the current one included), `pos_is_new` whether `pos` is not yet among them.
pub fn claim_holds(kind: ClaimKind, pos: &Chess, history: &[u64], pos_is_new: bool) -> bool {
    match kind {
        ClaimKind::Repetition => {
            let key = position_key(pos);
            let seen = history.iter().filter(|k| **k == key).count();
            seen + usize::from(pos_is_new) >= 3
        }
        ClaimKind::FiftyMoves => pos.halfmoves() >= 100,
    }
}

fn locked(pos: &Chess) -> bool {
    let board = pos.board();
    let pieces = (board.occupied() & !board.pawns() & !board.kings()).count();
    // Without pawns nothing is locked: insufficient material alone decides (a walk over a
    // pawnless endgame would only run into the limit, at every move).
    if pieces > MAX_PIECES_FOR_WALK || board.pawns().is_empty() {
        return false;
    }
    board.pawns().into_iter().all(|sq| {
        let Some(p) = board.piece_at(sq) else {
            return false;
        };
        let ahead = match p.color {
            Color::White => sq.offset(8),
            Color::Black => sq.offset(-8),
        };
        ahead.is_some_and(|a| board.piece_at(a).is_some_and(|q| q.role == Role::Pawn))
    })
}

/// What a locked position's walk is remembered by: its pawns, castling rights and en passant
/// square, and its other pieces counted by colour and kind (a bishop by the colour of its
/// square), not by where they stand (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LockedStructure {
    pawns: ByColor<u64>,
    castles: u64,
    ep: Option<Square>,
    /// Per colour: knights, bishops on light squares, bishops on dark squares, rooks, queens.
    pieces: ByColor<[u8; 5]>,
}

/// The structure of `pos` when it is locked (a walk would decide it), else `None`.
pub(super) fn locked_structure(pos: &Chess) -> Option<LockedStructure> {
    if !locked(pos) {
        return None;
    }
    let board = pos.board();
    let mut pieces = ByColor::<[u8; 5]>::default();
    for sq in board.occupied() & !board.pawns() & !board.kings() {
        let Some(p) = board.piece_at(sq) else {
            continue;
        };
        let slot = match p.role {
            Role::Knight => 0,
            Role::Bishop if sq.is_light() => 1,
            Role::Bishop => 2,
            Role::Rook => 3,
            _ => 4,
        };
        pieces.get_mut(p.color)[slot] += 1;
    }
    Some(LockedStructure {
        pawns: ByColor::new_with(|c| (board.pawns() & board.by_color(c)).0),
        castles: pos.castles().castling_rights().0,
        ep: pos.ep_square(EnPassantMode::Legal),
        pieces,
    })
}

/// The structure of `pos` if it is locked and alive (a mate is reachable, or the walk did not
/// end within its limit): `known` again without a walk when `pos` has that structure.
pub(super) fn alive_structure(
    pos: &Chess,
    known: Option<LockedStructure>,
) -> Option<LockedStructure> {
    let structure = locked_structure(pos)?;
    if known == Some(structure) {
        return known;
    }
    (!matches!(walk(pos, None), Walk::NoMate)).then_some(structure)
}

enum Walk {
    Mate,
    NoMate,
    TooFar,
}

/// Walks every position reachable from `pos`; `Mate` as soon as one where `winner` (or, for
/// `None`, either side) has mated.
fn walk(pos: &Chess, winner: Option<Color>) -> Walk {
    #[cfg(test)]
    WALKS.with(|w| w.set(w.get() + 1));
    let mut seen: HashSet<u64> = HashSet::new();
    let mut queue = VecDeque::new();
    seen.insert(position_key(pos));
    queue.push_back(pos.clone());
    while let Some(p) = queue.pop_front() {
        let moves = p.legal_moves();
        if moves.is_empty() {
            if p.is_check() && winner.is_none_or(|w| w != p.turn()) {
                return Walk::Mate;
            }
            continue;
        }
        for m in moves {
            let mut next = p.clone();
            next.play_unchecked(m);
            if seen.insert(position_key(&next)) {
                if seen.len() > SEARCH_LIMIT {
                    return Walk::TooFar;
                }
                queue.push_back(next);
            }
        }
    }
    Walk::NoMate
}

/// Whether `color` can checkmate by any series of legal moves (sound: `false` only when it
/// surely cannot; see the module docs).
pub fn can_mate(pos: &Chess, color: Color) -> bool {
    if pos.has_insufficient_material(color) {
        return false;
    }
    if !locked(pos) {
        return true;
    }
    !matches!(walk(pos, Some(color)), Walk::NoMate)
}

/// Whether neither side can checkmate by any series of legal moves (a dead position, 5.2.2).
pub fn is_dead(pos: &Chess) -> bool {
    is_dead_unless_alive(pos, None)
}

/// [`is_dead`], but a locked position of the `alive` structure is alive without a walk.
pub(super) fn is_dead_unless_alive(pos: &Chess, alive: Option<LockedStructure>) -> bool {
    if pos.is_insufficient_material() {
        return true;
    }
    match locked_structure(pos) {
        None => false,
        Some(structure) if alive == Some(structure) => false,
        Some(_) => matches!(walk(pos, None), Walk::NoMate),
    }
}

#[cfg(test)]
thread_local! {
    /// How many walks this test's thread made.
    pub(crate) static WALKS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
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

    #[test]
    fn material_and_locked_structures() {
        // King and knight against king: White cannot mate; Black neither.
        let p = pos("8/8/4k3/8/8/8/8/4KN2 w - - 0 1");
        assert!(!can_mate(&p, Color::White));
        assert!(is_dead(&p));
        // King and rook: can mate.
        let p = pos("8/8/4k3/8/8/8/8/4KR2 w - - 0 1");
        assert!(can_mate(&p, Color::White));
        assert!(!is_dead(&p));
        // A locked pawn chain with kings only: nobody gets through.
        let p = pos("8/8/1k6/p1p1p1p1/P1P1P1P1/8/4K3/8 w - - 0 1");
        assert!(is_dead(&p));
        assert!(!can_mate(&p, Color::Black));
        // The same chain with a gap on the h-file: kings can walk round; not dead.
        let p = pos("8/8/1k6/p1p1p3/P1P1P3/8/4K3/8 w - - 0 1");
        assert!(!is_dead(&p));
        // A lone king against king and pawn: the lone king cannot mate, the other can.
        let p = pos("8/8/4k3/8/8/8/4P3/4K3 b - - 0 1");
        assert!(!can_mate(&p, Color::Black));
        assert!(can_mate(&p, Color::White));
    }

    #[test]
    fn a_locked_structure_is_its_pawns_and_pieces_wherever_the_pieces_stand() {
        let rook = pos("8/8/1k6/p1p1p1p1/P1P1P1P1/8/4K3/5R2 w - - 0 1");
        let moved = pos("8/1k6/8/p1p1p1p1/P1P1P1P1/3K4/8/7R b - - 0 1");
        assert!(locked_structure(&rook).is_some());
        assert_eq!(locked_structure(&rook), locked_structure(&moved));
        // Another pawn chain, another piece, a bishop on the other colour: other structures.
        for other in [
            "8/8/1k6/1p1p1p1p/1P1P1P1P/8/4K3/5R2 w - - 0 1",
            "8/8/1k6/p1p1p1p1/P1P1P1P1/8/4K3/5N2 w - - 0 1",
            "8/8/1k6/p1p1p1p1/P1P1P1P1/8/4K3/5r2 w - - 0 1",
        ] {
            assert_ne!(
                locked_structure(&rook),
                locked_structure(&pos(other)),
                "{other}"
            );
        }
        let light = pos("8/8/1k6/p1p1p1p1/P1P1P1P1/8/4K3/5B2 w - - 0 1");
        let dark = pos("8/8/1k6/p1p1p1p1/P1P1P1P1/8/4K3/4B3 w - - 0 1");
        assert_ne!(locked_structure(&light), locked_structure(&dark));
        // Not locked (a pawn free to move): no structure, and so never remembered.
        assert_eq!(
            locked_structure(&pos("8/8/1k6/p1p1p1p1/P1P1P1P1/8/4KP2/5R2 w - - 0 1")),
            None
        );
        // Remembered alive: not walked again; the dead bishop's structure is never alive.
        let alive = alive_structure(&rook, None);
        assert!(alive.is_some());
        assert!(!is_dead_unless_alive(&moved, alive));
        assert_eq!(alive_structure(&light, alive), None);
        assert!(is_dead_unless_alive(&light, alive));
    }

    #[test]
    fn repetition_and_fifty() {
        let p = Chess::default();
        let k = position_key(&p);
        assert!(!claim_holds(ClaimKind::Repetition, &p, &[k, 1, k], false));
        assert!(claim_holds(
            ClaimKind::Repetition,
            &p,
            &[k, 1, k, 2, k],
            false
        ));
        assert!(claim_holds(ClaimKind::Repetition, &p, &[k, 1, k, 2], true));
        let p = pos("8/8/4k3/8/8/8/8/4KR2 w - - 99 80");
        assert!(!claim_holds(ClaimKind::FiftyMoves, &p, &[], false));
        let p = pos("8/8/4k3/8/8/8/8/4KR2 w - - 100 80");
        assert!(claim_holds(ClaimKind::FiftyMoves, &p, &[], false));
    }
}
