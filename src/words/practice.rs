//! The practice aids of a game against the computer (issue 34), in the player's language: a
//! hint (a good move, in the same words his moves are said in) and who stands better ("White
//! is better by about two pawns", "Black mates in 3", "About equal"). Made from plain values:
//! the engine's score is read into a [`Standing`] where the server asks the engine.

use fluent_bundle::FluentValue;
use shakmaty::{Chess, Color, Move};

use super::i18n::Args;
use super::queries::move_words;
use super::{color_name, format, text};
use crate::announce::Lang;

/// Who stands better, as the player is told.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Standing {
    /// Within a third of a pawn either way.
    Equal,
    /// Better by less than a pawn.
    Slightly(Color),
    /// Better by about this many pawns (1 or more).
    Pawns(Color, u32),
    /// This side mates in this many of its moves (1 or more).
    Mates(Color, u32),
}

/// Below this (centipawns, either way) the position is about equal.
pub const EQUAL_BELOW_CP: u32 = 30;
/// From here on a side is better by a pawn or more (rounded to the nearest pawn).
pub const PAWN_CP: u32 = 100;

impl Standing {
    /// A score from White's point of view in centipawns.
    pub fn of_centipawns(white_cp: i32) -> Standing {
        let side = if white_cp >= 0 {
            Color::White
        } else {
            Color::Black
        };
        let cp = white_cp.unsigned_abs();
        if cp < EQUAL_BELOW_CP {
            Standing::Equal
        } else if cp < PAWN_CP {
            Standing::Slightly(side)
        } else {
            Standing::Pawns(side, (cp + PAWN_CP / 2) / PAWN_CP)
        }
    }
}

/// "Hint: knight f3." — the move in the seat's words (with the captured piece if it hears
/// moves so).
pub fn hint(lang: Lang, pos: &Chess, m: Move, captured: bool) -> String {
    text(
        lang,
        "practice-hint",
        &[("move", move_words(lang, pos, m, captured))],
    )
}

/// Who stands better, in one sentence.
pub fn standing(lang: Lang, s: Standing) -> String {
    let mut a = Args::new();
    let (id, color) = match s {
        Standing::Equal => ("practice-eval-equal", None),
        Standing::Slightly(c) => ("practice-eval-slightly", Some(c)),
        Standing::Pawns(c, n) => {
            a.set("pawns", FluentValue::from(n));
            ("practice-eval-pawns", Some(c))
        }
        Standing::Mates(c, n) => {
            a.set("moves", FluentValue::from(n));
            ("practice-eval-mate", Some(c))
        }
    };
    if let Some(c) = color {
        a.set("color", color_name(lang, c));
    }
    format(lang, id, &a)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_read_as_a_player_understands_them() {
        use Color::{Black, White};
        assert_eq!(Standing::of_centipawns(0), Standing::Equal);
        assert_eq!(Standing::of_centipawns(-29), Standing::Equal);
        assert_eq!(Standing::of_centipawns(30), Standing::Slightly(White));
        assert_eq!(Standing::of_centipawns(-99), Standing::Slightly(Black));
        assert_eq!(Standing::of_centipawns(100), Standing::Pawns(White, 1));
        assert_eq!(Standing::of_centipawns(149), Standing::Pawns(White, 1));
        assert_eq!(Standing::of_centipawns(-150), Standing::Pawns(Black, 2));
        assert_eq!(Standing::of_centipawns(-210), Standing::Pawns(Black, 2));
    }

    #[test]
    fn the_sentences_in_every_language() {
        use Color::{Black, White};
        let cases = [
            (
                Standing::Equal,
                ["Etwa ausgeglichen.", "Aşağı yukarı eşit.", "About equal."],
            ),
            (
                Standing::Slightly(White),
                [
                    "Weiß steht etwas besser.",
                    "Beyaz biraz daha iyi durumda.",
                    "White is slightly better.",
                ],
            ),
            (
                Standing::Pawns(Black, 1),
                [
                    "Schwarz steht um etwa einen Bauern besser.",
                    "Siyah yaklaşık 1 piyon önde.",
                    "Black is better by about one pawn.",
                ],
            ),
            (
                Standing::Pawns(White, 2),
                [
                    "Weiß steht um etwa 2 Bauern besser.",
                    "Beyaz yaklaşık 2 piyon önde.",
                    "White is better by about 2 pawns.",
                ],
            ),
            (
                Standing::Mates(Black, 3),
                [
                    "Schwarz setzt in 3 Zügen matt.",
                    "Siyah 3 hamlede mat eder.",
                    "Black mates in 3.",
                ],
            ),
            (
                Standing::Mates(White, 1),
                [
                    "Weiß setzt mit dem nächsten Zug matt.",
                    "Beyaz bir sonraki hamlede mat eder.",
                    "White mates with the next move.",
                ],
            ),
        ];
        for (s, want) in cases {
            for (lang, want) in [Lang::De, Lang::Tr, Lang::En].into_iter().zip(want) {
                assert_eq!(standing(lang, s), want, "{s:?} in {lang:?}");
            }
        }
        let start = Chess::default();
        let nf3 = "g1f3"
            .parse::<shakmaty::uci::UciMove>()
            .unwrap()
            .to_move(&start)
            .unwrap();
        assert_eq!(
            hint(Lang::De, &start, nf3, false),
            "Tipp: Springer Felix drei."
        );
        assert_eq!(hint(Lang::Tr, &start, nf3, false), "İpucu: At fe üç.");
        assert_eq!(hint(Lang::En, &start, nf3, false), "Hint: knight f3.");
    }
}
