//! Positions and games drawn from random legal play, for tests, benchmarks and load
//! generation. Deterministic for a given seed.
//!
//! The walk is biased towards the moves that matter for the language layer: castling, en
//! passant and promotion are taken whenever they come up (with high probability), so a few
//! thousand positions cover every kind of move.

use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use shakmaty::{Chess, Move, Position};

/// A random legal game of at most `max_plies` plies from the start position.
pub fn random_game(rng: &mut impl Rng, max_plies: usize) -> Vec<Move> {
    let mut pos = Chess::default();
    let mut moves = Vec::new();
    for _ in 0..max_plies {
        let legal = pos.legal_moves();
        if legal.is_empty() {
            break;
        }
        let special: Vec<&Move> = legal
            .iter()
            .filter(|m| m.is_castle() || m.is_en_passant() || m.is_promotion())
            .collect();
        let m = if !special.is_empty() && rng.random_bool(0.3) {
            *special[rng.random_range(0..special.len())]
        } else {
            // Pawn moves a little more often, so games reach promotions.
            let pawns: Vec<&Move> = legal
                .iter()
                .filter(|m| m.role() == shakmaty::Role::Pawn)
                .collect();
            if !pawns.is_empty() && rng.random_bool(0.3) {
                *pawns[rng.random_range(0..pawns.len())]
            } else {
                legal[rng.random_range(0..legal.len())]
            }
        };
        moves.push(m);
        pos.play_unchecked(m);
    }
    moves
}

/// `count` positions (each with at least one legal move) taken from random games.
pub fn random_positions(seed: u64, count: usize) -> Vec<Chess> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::with_capacity(count);
    while out.len() < count {
        let game = random_game(&mut rng, 160);
        let mut pos = Chess::default();
        for m in game {
            // Keep roughly every third position so one game does not dominate, and every
            // position where castling or en passant is possible (they are rare otherwise).
            let legal = pos.legal_moves();
            let special = legal.iter().any(|m| m.is_castle() || m.is_en_passant());
            if !legal.is_empty() && (special || rng.random_bool(0.35)) {
                out.push(pos.clone());
                if out.len() == count {
                    break;
                }
            }
            pos.play_unchecked(m);
        }
    }
    out
}
