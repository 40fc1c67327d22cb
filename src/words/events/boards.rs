//! The sentences of the physical boards: what happened on one (and the move it shows when it
//! differs), "I adjust", a touch reported and ruled, a board restored.

use shakmaty::{Color, Square};

use super::Teller;
use crate::game::{BoardOp, Seat};
use crate::words::{color_name, seat_name, sentences, text};

impl Teller<'_> {
    /// Something done on `board`'s physical board; when the board now shows another legal
    /// move than the one it should, a warning follows.
    pub(super) fn board(&self, board: Color, op: BoardOp) -> String {
        let lang = self.lang;
        let sp = self.speaker();
        let (square, to, promotion) = op.parts();
        let piece = self.p.piece.map(|r| sp.piece(r)).unwrap_or_default();
        let did = text(
            lang,
            "event-board",
            &[
                ("board", color_name(lang, board)),
                ("op", op.key().to_owned()),
                ("piece", piece),
                ("square", sp.square(square)),
                ("to", to.map(|t| sp.square(t)).unwrap_or_default()),
                (
                    "promotion",
                    promotion.map(|r| sp.piece(r)).unwrap_or_default(),
                ),
            ],
        );
        let warning = self.said(&self.p.board_shows).map(|shows| {
            text(
                lang,
                "event-board-differs",
                &[
                    ("board", color_name(lang, board)),
                    ("shows", shows),
                    ("expected", self.said(&self.p.expected).unwrap_or_default()),
                ],
            )
        });
        sentences(lang, std::iter::once(did).chain(warning))
    }

    /// A player said "I adjust".
    pub(super) fn adjusting(&self, by: Seat) -> String {
        text(
            self.lang,
            "event-adjusting",
            &[("seat", seat_name(self.lang, by))],
        )
    }

    /// The assistant reported the opponent's touch.
    pub(super) fn touch_reported(&self, color: Color, square: Square) -> String {
        text(
            self.lang,
            "event-touch-reported",
            &[
                ("color", color_name(self.lang, color)),
                ("square", self.speaker().square(square)),
            ],
        )
    }

    /// The arbiter ruled on a reported touch.
    pub(super) fn touch_ruled(&self, upheld: bool) -> String {
        text(
            self.lang,
            "event-touch-ruled",
            &[("upheld", upheld.to_string())],
        )
    }

    /// The arbiter released a touch as not deliberate.
    pub(super) fn touch_released(&self, color: Color) -> String {
        text(
            self.lang,
            "event-touch-released",
            &[("color", color_name(self.lang, color))],
        )
    }

    /// The arbiter set a physical board to the official position.
    pub(super) fn board_restored(&self, board: Color) -> String {
        text(
            self.lang,
            "event-board-restored",
            &[("board", color_name(self.lang, board))],
        )
    }
}
