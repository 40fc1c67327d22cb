//! The pieces each side has lost and the material balance (issue 15's "geschlagen" /
//! "material" command): the captures read from the game's own moves (shakmaty's `Move`
//! says what each took, en passant a pawn), the balance from the board now in the usual
//! pawn units (pawn 1, knight and bishop 3, rook 5, queen 9). Pure.

use shakmaty::{ByColor, Chess, Color, Move, Position, Role};

use super::Game;

/// What each side has lost, and the balance.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Material {
    /// The pieces each side has lost in this game, in the order they were taken.
    pub lost: ByColor<Vec<Role>>,
    /// White's material on the board minus Black's, in pawn units.
    pub balance: i32,
}

/// A piece's worth in pawn units (the king counts nothing).
pub fn value(role: Role) -> i32 {
    match role {
        Role::Pawn => 1,
        Role::Knight | Role::Bishop => 3,
        Role::Rook => 5,
        Role::Queen => 9,
        Role::King => 0,
    }
}

/// The material of `game` now. A game set up from a position counts the captures since
/// that position.
pub fn material(game: &Game) -> Material {
    let moves: Vec<Move> = game.moves().iter().map(|p| p.mv).collect();
    material_of(game.position(), &moves)
}

/// The material in `now`, reached by `moves` (the game's moves, in order).
pub fn material_of(now: &Chess, moves: &[Move]) -> Material {
    let to_move = now.turn();
    let mut lost: ByColor<Vec<Role>> = ByColor::new_with(|_| Vec::new());
    for (i, played) in moves.iter().enumerate() {
        // The last move was the side not to move now's; the ones before alternate.
        let from_last = moves.len() - 1 - i;
        let mover = if from_last.is_multiple_of(2) {
            !to_move
        } else {
            to_move
        };
        if let Some(role) = played.capture() {
            lost.get_mut(!mover).push(role);
        }
    }
    let board = now.board();
    let worth = |color: Color| -> i32 {
        board
            .by_color(color)
            .into_iter()
            .filter_map(|sq| board.role_at(sq))
            .map(value)
            .sum()
    };
    Material {
        lost,
        balance: worth(Color::White) - worth(Color::Black),
    }
}
