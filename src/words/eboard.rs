//! What a seat hears about its electronic board (issue 33, `locales/<lang>/eboard.ftl`): the
//! [`BoardStatus`] its bridge reports (connected, lost, back, in step again, a mismatch, a
//! promotion piece needed, a piece the table holds lifted), a board event of the bridge the
//! table refused, and the bridge gone.
//!
//! A mismatch is said as what to do, square by square, in the same steps the arbiter's
//! rulings use (`scoresheet::reconcile::instructions`, [`super::sheet::say_step`]): a piece
//! standing elsewhere is moved back, a piece too many taken off, a piece missing put back.
//! A board can differ everywhere (knocked over, not set up): only the first
//! [`MOST_STEPS_SAID`] steps are said, then how many follow.
//!
//! ```
//! use hamle::announce::Lang;
//! use hamle::eboard::BoardStatus;
//! use hamle::eboard::assemble::Mismatch;
//! use hamle::words::eboard::{Whose, say_status};
//! use shakmaty::{Color, Piece, Role, Square};
//!
//! let knight = Piece { color: Color::White, role: Role::Knight };
//! let status = BoardStatus::Mismatch(Mismatch {
//!     missing: vec![(Square::F3, knight)],
//!     extra: vec![(Square::E5, Some(knight))],
//!     wrong: vec![],
//! });
//! assert_eq!(
//!     say_status(Lang::De, Whose::Yours, &status),
//!     "Ihr Brett stimmt nicht mit der Partie überein. \
//!      Nimm den weißen Springer von Eva fünf, setze ihn auf Felix drei."
//! );
//! assert_eq!(
//!     say_status(Lang::En, Whose::Of(Color::White), &BoardStatus::Lost),
//!     "White's electronic board is lost: what happens on it is not seen until it is \
//!      connected again."
//! );
//! ```

use fluent_bundle::FluentValue;
use shakmaty::{Board, Square};

use super::i18n::Args;
use super::sheet::{piece_phrase, say_step, square};
use super::{format, sentences, text};
use crate::announce::Lang;
use crate::eboard::BoardStatus;
use crate::eboard::assemble::Mismatch;
use crate::scoresheet::reconcile::instructions;
pub use crate::words::sheet::Whose;

/// The most steps a mismatch is said with; the rest are counted.
pub const MOST_STEPS_SAID: usize = 3;

fn whose_args(whose: Whose) -> Args<'static> {
    let mut a = Args::new();
    a.set("whose", whose.key());
    a
}

fn whose_msg(lang: Lang, id: &str, whose: Whose) -> String {
    format(lang, id, &whose_args(whose))
}

/// What `whose` board's `status` means, said to a seat listening in `lang`.
pub fn say_status(lang: Lang, whose: Whose, status: &BoardStatus) -> String {
    match status {
        BoardStatus::Connected => whose_msg(lang, "eboard-connected", whose),
        BoardStatus::Lost => whose_msg(lang, "eboard-lost", whose),
        BoardStatus::Back => whose_msg(lang, "eboard-back", whose),
        BoardStatus::InSync => whose_msg(lang, "eboard-in-sync", whose),
        BoardStatus::Mismatch(m) => say_mismatch(lang, whose, m),
        BoardStatus::PromotionNeeded { from, to } => {
            let mut a = whose_args(whose);
            a.set("from", square(lang, "sheet-square-from", *from));
            a.set("to", square(lang, "sheet-square-to", *to));
            format(lang, "eboard-promotion", &a)
        }
        BoardStatus::Holding { square: sq, piece } => {
            let mut a = whose_args(whose);
            a.set("piece", piece_phrase(lang, *piece, "the"));
            a.set("from", square(lang, "sheet-square-from", *sq));
            format(lang, "eboard-holding", &a)
        }
    }
}

/// A board event the bridge sent that the table refused; `reason` is the refusal's sentence.
pub fn say_refused(lang: Lang, reason: &str) -> String {
    text(lang, "eboard-refused", &[("reason", reason.to_owned())])
}

/// `whose` board's bridge has left the game.
pub fn say_bridge_gone(lang: Lang, whose: Whose) -> String {
    whose_msg(lang, "eboard-bridge-gone", whose)
}

/// What to do so that the board shows the game again.
fn say_mismatch(lang: Lang, whose: Whose, m: &Mismatch) -> String {
    // The squares that differ, as the board shows them and as the game has them; every other
    // square is alike (empty in both), so the steps touch only these.
    let mut found = Board::empty();
    let mut expected = Board::empty();
    for &(square, piece) in &m.missing {
        expected.set_piece_at(square, piece);
    }
    for w in &m.wrong {
        found.set_piece_at(w.square, w.found);
        expected.set_piece_at(w.square, w.expected);
    }
    let mut unnamed: Vec<Square> = Vec::new();
    for &(square, piece) in &m.extra {
        match piece {
            Some(p) => found.set_piece_at(square, p),
            None => unnamed.push(square),
        }
    }
    let steps: Vec<String> = instructions(&found, &expected)
        .iter()
        .map(|s| say_step(lang, s))
        .chain(unnamed.into_iter().map(|sq| {
            text(
                lang,
                "eboard-take-off",
                &[("square", square(lang, "sheet-square-at", sq))],
            )
        }))
        .collect();
    let more = steps.len().saturating_sub(MOST_STEPS_SAID);
    let mut parts = vec![whose_msg(lang, "eboard-mismatch", whose)];
    parts.extend(steps.into_iter().take(MOST_STEPS_SAID));
    if more > 0 {
        let mut a = Args::new();
        a.set("count", FluentValue::from(more));
        parts.push(format(lang, "eboard-more", &a));
    }
    sentences(lang, parts)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eboard::assemble::WrongPiece;
    use shakmaty::{Color, Piece};

    fn piece(c: char) -> Piece {
        Piece::from_char(c).expect("a piece letter")
    }

    /// Every status in every language and for every listener: a sentence, no message id
    /// left over, no isolation mark.
    #[test]
    fn every_status_is_a_sentence_in_every_language() {
        let statuses = [
            BoardStatus::Connected,
            BoardStatus::Lost,
            BoardStatus::Back,
            BoardStatus::InSync,
            BoardStatus::PromotionNeeded {
                from: Square::E7,
                to: Square::E8,
            },
            BoardStatus::Holding {
                square: Square::G1,
                piece: piece('N'),
            },
            BoardStatus::Mismatch(Mismatch {
                missing: vec![(Square::D1, piece('Q'))],
                extra: vec![(Square::H5, None)],
                wrong: vec![],
            }),
        ];
        for lang in Lang::ALL {
            for whose in [
                Whose::Yours,
                Whose::Of(Color::White),
                Whose::Of(Color::Black),
            ] {
                for status in &statuses {
                    let said = say_status(lang, whose, status);
                    assert!(said.ends_with('.'), "{lang:?} {status:?}: {said}");
                    assert!(!said.contains("eboard-"), "{lang:?}: {said}");
                    assert!(!said.contains('\u{2068}'), "{lang:?}: {said}");
                }
                assert!(!say_bridge_gone(lang, whose).is_empty());
            }
        }
    }

    #[test]
    fn a_mismatch_is_said_as_steps_in_each_language() {
        let wrong = BoardStatus::Mismatch(Mismatch {
            missing: vec![],
            extra: vec![],
            wrong: vec![WrongPiece {
                square: Square::D1,
                found: piece('q'),
                expected: piece('Q'),
            }],
        });
        assert_eq!(
            say_status(Lang::De, Whose::Yours, &wrong),
            "Ihr Brett stimmt nicht mit der Partie überein. Nimm die schwarze Dame von David \
             eins vom Brett. Setze eine weiße Dame auf David eins."
        );
        assert_eq!(
            say_status(Lang::En, Whose::Of(Color::Black), &wrong),
            "Black's board differs from the game. Take the black queen on d1 off the board. \
             Put a white queen on d1."
        );
        let missing = BoardStatus::Mismatch(Mismatch {
            missing: vec![(Square::F3, piece('N'))],
            extra: vec![],
            wrong: vec![],
        });
        assert_eq!(
            say_status(Lang::Tr, Whose::Yours, &missing),
            "Tahtanız oyundan farklı. Lütfen fe üçe bir beyaz at koyun."
        );
        let unnamed = BoardStatus::Mismatch(Mismatch {
            missing: vec![],
            extra: vec![(Square::E5, None)],
            wrong: vec![],
        });
        assert_eq!(
            say_status(Lang::Tr, Whose::Yours, &unnamed),
            "Tahtanız oyundan farklı. Lütfen e beş karesindeki taşı tahtadan kaldırın."
        );
    }

    #[test]
    fn a_board_that_differs_everywhere_is_said_in_a_few_steps_and_a_count() {
        // Nothing on the board at all: 32 pieces to put back.
        let start = Board::new();
        let missing: Vec<(Square, Piece)> = start.clone().into_iter().collect();
        let status = BoardStatus::Mismatch(Mismatch {
            missing,
            extra: vec![],
            wrong: vec![],
        });
        let said = say_status(Lang::En, Whose::Yours, &status);
        assert!(said.ends_with("29 more steps after that."), "{said}");
        assert_eq!(said.matches("Put a ").count(), MOST_STEPS_SAID, "{said}");
        let said = say_status(Lang::De, Whose::Yours, &status);
        assert!(said.ends_with("Danach fehlen noch 29 Schritte."), "{said}");
    }

    #[test]
    fn a_piece_the_table_holds_lifted_is_said_as_lifted_not_to_be_put_back() {
        let status = BoardStatus::Holding {
            square: Square::E2,
            piece: piece('P'),
        };
        let said = |lang, whose| say_status(lang, whose, &status);
        assert_eq!(
            said(Lang::De, Whose::Yours),
            "Am Tisch haben Sie den weißen Bauern von Eva zwei angehoben und noch nicht \
             abgestellt."
        );
        assert_eq!(
            said(Lang::Tr, Whose::Yours),
            "Masada beyaz piyonu e ikiden kaldırdınız ve henüz bırakmadınız."
        );
        assert_eq!(
            said(Lang::En, Whose::Of(Color::White)),
            "At the table White has lifted the white pawn from e2 and not put it down yet."
        );
        assert_eq!(
            said(Lang::De, Whose::Of(Color::Black)),
            "Am Tisch hat Schwarz den weißen Bauern von Eva zwei angehoben und noch nicht \
             abgestellt."
        );
    }

    #[test]
    fn a_promotion_names_both_squares_in_each_case() {
        let status = BoardStatus::PromotionNeeded {
            from: Square::E7,
            to: Square::E8,
        };
        assert_eq!(
            say_status(Lang::Tr, Whose::Yours, &status),
            "Piyonunuz e yediden e sekize gidiyor: Piyonun yerine e sekize terfi edeceği taşı \
             koyun."
        );
        assert_eq!(
            say_status(Lang::De, Whose::Of(Color::White), &status),
            "Der Bauer von Weiß zieht von Eva sieben nach Eva acht: Statt des Bauern gehört die \
             Figur auf Eva acht, in die er sich umwandelt."
        );
    }
}
