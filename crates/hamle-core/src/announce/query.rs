//! What a player asks about: a piece ("Springer", "at", "knight") or a square ("Eva zwei",
//! "e iki", "echo two", "e2"), in the words moves accept, for the legal-moves query
//! (issue 15). The words are the announcement vocabulary's (NATO words, Turkish letter
//! names, digits, written squares), read by the same lexer; the legal moves themselves come
//! from shakmaty. Pure.

use shakmaty::{Chess, Move, Position, Role, Square};

use super::lexer::{Tokens, tokenize};
use super::vocab::Lexeme;
use super::{Lang, ParseError, ParseErrorKind};

/// What the legal moves are asked of.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Subject {
    /// Every piece of this kind of the side to move.
    Piece(Role),
    /// The piece on this square ("Springer Gustav eins" names the square, the piece is
    /// only a word of courtesy and must be the one there).
    Square { square: Square, role: Option<Role> },
}

/// Reads `text` as a piece or a square. A word the vocabulary does not know, or a word that
/// names neither, is a [`ParseError`] with that word (the same errors as a move's).
pub fn parse_subject(lang: Lang, text: &str) -> Result<Subject, ParseError> {
    let mut tokens = Tokens::new();
    tokenize(lang, text, &mut tokens)?;
    // A word with several meanings (German "d": the d-file or the queen; Turkish "şah":
    // the king or check) is tried in each; the first reading that names a subject counts.
    let ambiguous: Vec<(usize, Vec<Lexeme>)> = tokens
        .ambiguous
        .iter()
        .map(|(at, m)| (usize::from(*at), m.iter().collect()))
        .collect();
    let total: usize = ambiguous.iter().map(|(_, m)| m.len()).product();
    let mut furthest = 0usize;
    for combination in 0..total.max(1) {
        let mut lexemes: Vec<Lexeme> = tokens.first().to_vec();
        let mut rest = combination;
        for (at, meanings) in &ambiguous {
            lexemes[*at] = meanings[rest % meanings.len()];
            rest /= meanings.len();
        }
        match subject_of(&lexemes) {
            Ok(s) => return Ok(s),
            Err(at) => furthest = furthest.max(at),
        }
    }
    if furthest >= tokens.len() {
        return Err(ParseError::new(ParseErrorKind::Incomplete, "", 0));
    }
    let index = tokens.word(furthest);
    let word = super::lexer::words(text).nth(index).unwrap_or("");
    Err(ParseError::new(ParseErrorKind::UnexpectedWord, word, index))
}

/// A piece alone, a square, or a piece and its square; `Err` holds the first token that
/// does not fit (the length when more was needed).
fn subject_of(lexemes: &[Lexeme]) -> Result<Subject, usize> {
    let words: Vec<Lexeme> = lexemes
        .iter()
        .copied()
        .filter(|l| *l != Lexeme::Filler)
        .collect();
    let (role, rest) = match words.first() {
        Some(Lexeme::Piece(r)) => (Some(*r), &words[1..]),
        _ => (None, &words[..]),
    };
    let skipped = words.len() - rest.len();
    match rest {
        [] => role.map(Subject::Piece).ok_or(0),
        [Lexeme::File(f), Lexeme::Rank(r)] => Ok(Subject::Square {
            square: Square::from_coords(*f, *r),
            role,
        }),
        [Lexeme::File(_)] => Err(skipped + 1),
        [Lexeme::File(_), Lexeme::Rank(_), ..] => Err(skipped + 2),
        [Lexeme::File(_), ..] => Err(skipped + 1),
        _ => Err(skipped),
    }
}

/// What the side to move can do with the subject, by shakmaty's legal moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LegalMoves {
    /// The legal moves (castling counts as a king's move), in board order.
    Moves(Vec<Move>),
    /// The side to move has no piece of this kind.
    NoSuchPiece(Role),
    /// Nothing stands on the square.
    EmptySquare(Square),
    /// The piece on the square belongs to the side not to move.
    NotToMove(Square),
    /// The square holds another piece than the one named.
    OtherPiece { square: Square, role: Role },
}

/// The legal moves of `subject` in `pos` (the side to move's pieces only: shakmaty's legal
/// moves are the side to move's), ordered by origin square, then destination (a1, b1, …
/// h8), then promotion piece. An empty [`LegalMoves::Moves`] is a piece with no move.
pub fn legal_moves_of(pos: &Chess, subject: Subject) -> LegalMoves {
    let board = pos.board();
    let us = pos.turn();
    let mut moves: Vec<Move> = pos.legal_moves().into_iter().collect();
    moves.sort_by_key(|m| (m.from(), m.to(), m.promotion().map(|r| 6 - r as u8)));
    match subject {
        Subject::Piece(role) => {
            if (board.by_role(role) & board.by_color(us)).is_empty() {
                return LegalMoves::NoSuchPiece(role);
            }
            LegalMoves::Moves(moves.into_iter().filter(|m| m.role() == role).collect())
        }
        Subject::Square { square, role } => {
            let Some(piece) = board.piece_at(square) else {
                return LegalMoves::EmptySquare(square);
            };
            if piece.color != us {
                return LegalMoves::NotToMove(square);
            }
            if let Some(named) = role
                && named != piece.role
            {
                return LegalMoves::OtherPiece {
                    square,
                    role: piece.role,
                };
            }
            LegalMoves::Moves(
                moves
                    .into_iter()
                    .filter(|m| m.from() == Some(square))
                    .collect(),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn pieces_and_squares_in_every_word_form() {
        let cases: &[(Lang, &str, Subject)] = &[
            (Lang::De, "Springer", Subject::Piece(Role::Knight)),
            (Lang::De, "Dame", Subject::Piece(Role::Queen)),
            (Lang::De, "d", Subject::Piece(Role::Queen)),
            (
                Lang::De,
                "Eva zwei",
                Subject::Square {
                    square: sq("e2"),
                    role: None,
                },
            ),
            (
                Lang::De,
                "e2",
                Subject::Square {
                    square: sq("e2"),
                    role: None,
                },
            ),
            (
                Lang::De,
                "d zwei",
                Subject::Square {
                    square: sq("d2"),
                    role: None,
                },
            ),
            (
                Lang::De,
                "Springer Gustav eins",
                Subject::Square {
                    square: sq("g1"),
                    role: Some(Role::Knight),
                },
            ),
            (Lang::Tr, "at", Subject::Piece(Role::Knight)),
            (Lang::Tr, "şah", Subject::Piece(Role::King)),
            (
                Lang::Tr,
                "e iki",
                Subject::Square {
                    square: sq("e2"),
                    role: None,
                },
            ),
            (Lang::En, "knight", Subject::Piece(Role::Knight)),
            (
                Lang::En,
                "echo two",
                Subject::Square {
                    square: sq("e2"),
                    role: None,
                },
            ),
            (
                Lang::En,
                "e two",
                Subject::Square {
                    square: sq("e2"),
                    role: None,
                },
            ),
            (
                Lang::En,
                "pawn e2",
                Subject::Square {
                    square: sq("e2"),
                    role: Some(Role::Pawn),
                },
            ),
        ];
        for (lang, text, want) in cases {
            assert_eq!(parse_subject(*lang, text), Ok(*want), "{lang} {text:?}");
        }
    }

    #[test]
    fn words_that_name_no_piece_or_square_are_refused_with_the_word() {
        let e = parse_subject(Lang::De, "Springer blabla").unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::UnexpectedWord);
        assert_eq!(e.word, "blabla");
        let e = parse_subject(Lang::De, "Eva").unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::Incomplete);
        let e = parse_subject(Lang::En, "takes e4").unwrap_err();
        assert_eq!(e.kind, ParseErrorKind::UnexpectedWord);
        assert_eq!(e.word, "takes");
    }

    #[test]
    fn legal_moves_come_from_the_position() {
        let pos = Chess::default();
        let LegalMoves::Moves(knight) = legal_moves_of(&pos, Subject::Piece(Role::Knight)) else {
            panic!("knights have moves");
        };
        assert_eq!(knight.len(), 4);
        let e2 = Subject::Square {
            square: sq("e2"),
            role: None,
        };
        let LegalMoves::Moves(pawn) = legal_moves_of(&pos, e2) else {
            panic!("e2 has moves");
        };
        assert_eq!(pawn.len(), 2);
        let f1 = Subject::Square {
            square: sq("f1"),
            role: None,
        };
        assert_eq!(legal_moves_of(&pos, f1), LegalMoves::Moves(vec![]));
        let e4 = Subject::Square {
            square: sq("e4"),
            role: None,
        };
        assert_eq!(legal_moves_of(&pos, e4), LegalMoves::EmptySquare(sq("e4")));
        let e7 = Subject::Square {
            square: sq("e7"),
            role: None,
        };
        assert_eq!(legal_moves_of(&pos, e7), LegalMoves::NotToMove(sq("e7")));
        let g1 = Subject::Square {
            square: sq("g1"),
            role: Some(Role::Bishop),
        };
        assert_eq!(
            legal_moves_of(&pos, g1),
            LegalMoves::OtherPiece {
                square: sq("g1"),
                role: Role::Knight
            }
        );
        let fen: shakmaty::fen::Fen = "4k3/8/8/8/8/8/8/4K3 w - - 0 1".parse().unwrap();
        let bare: Chess = fen.into_position(shakmaty::CastlingMode::Standard).unwrap();
        assert_eq!(
            legal_moves_of(&bare, Subject::Piece(Role::Queen)),
            LegalMoves::NoSuchPiece(Role::Queen)
        );
    }
}
