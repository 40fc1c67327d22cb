//! A move to what is said about it: which origin is needed, what is captured, check or mate.
//!
//! The result is data; `crate::say` turns it into words through Fluent.

use shakmaty::{CastlingSide, Chess, File, Move, Position, Rank, Role, Square, san::San};

use super::Style;
use super::resolve::castle_side;

/// How much of the origin is said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    None,
    File(File),
    Rank(Rank),
    Square(Square),
}

/// Check or mate after the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Suffix {
    None,
    Check,
    Mate,
}

/// The parts of a move that are said.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveShape {
    Castle(CastlingSide),
    Normal {
        role: Role,
        origin: Origin,
        to: Square,
        /// The piece captured (en passant: a pawn).
        capture: Option<Role>,
        promotion: Option<Role>,
        en_passant: bool,
    },
}

/// What is said about one move in one style.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct MoveDescription {
    pub style: Style,
    pub shape: MoveShape,
    pub suffix: Suffix,
}

/// Describes a legal move `m` in `pos`.
///
/// Short style follows the Appendix: the origin only when another piece of the same kind
/// could go to the same square (file first, then rank, as in algebraic notation); pawn
/// captures name the pawn's file; en passant names the pawn's square. Full style always
/// names the origin square and the captured piece.
pub fn describe(pos: &Chess, m: Move, style: Style) -> MoveDescription {
    let mut after = pos.clone();
    after.play_unchecked(m);
    let suffix = if after.is_checkmate() {
        Suffix::Mate
    } else if after.is_check() {
        Suffix::Check
    } else {
        Suffix::None
    };
    let shape = match castle_side(&m) {
        Some(side) => MoveShape::Castle(side),
        None => {
            let from = m.from().expect("no drops in standard chess");
            let origin = match style {
                Style::Full => Origin::Square(from),
                Style::Short if m.is_en_passant() => Origin::Square(from),
                Style::Short => match San::disambiguate(m, &pos.legal_moves()) {
                    San::Normal {
                        file: Some(f),
                        rank: Some(r),
                        ..
                    } => Origin::Square(Square::from_coords(f, r)),
                    San::Normal { file: Some(f), .. } => Origin::File(f),
                    San::Normal { rank: Some(r), .. } => Origin::Rank(r),
                    _ => Origin::None,
                },
            };
            MoveShape::Normal {
                role: m.role(),
                origin,
                to: m.to(),
                capture: m.capture(),
                promotion: m.promotion(),
                en_passant: m.is_en_passant(),
            }
        }
    };
    MoveDescription {
        style,
        shape,
        suffix,
    }
}
