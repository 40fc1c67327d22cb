//! The sentences of the moves and what is said about them: a move made, an announcement, a
//! repetition, an illegal move, an illegal announcement and a practice game's take-back.

use fluent_bundle::FluentValue;
use shakmaty::{Color, Square};

use super::Teller;
use crate::game::Seat;
use crate::words::i18n::Args;
use crate::words::{clock_time, color_name, format, seat_name, sentences, text};

impl Teller<'_> {
    /// A move, said short (as announced); nothing for a move published without its words.
    pub(super) fn moved(&self) -> String {
        self.p
            .move_words()
            .map(|mv| mv.said.short(self.lang).to_owned())
            .unwrap_or_default()
    }

    /// An announcement; to the announcer's side, whose own board lacks the opponent's last
    /// move, also the move to make on it first.
    pub(super) fn announced(&self, by: Seat, correction: bool) -> String {
        let lang = self.lang;
        let announced = text(
            lang,
            "event-announced",
            &[
                ("seat", seat_name(lang, by)),
                ("move", self.said(&self.p.heard).unwrap_or_default()),
                ("correction", correction.to_string()),
            ],
        );
        // His own board lacks the opponent's last move: he (and his assistant) hear
        // which move to make on it first.
        let behind = self.p.behind.as_ref().map(|w| w.full(lang).to_owned());
        match (behind, by.side()) {
            (Some(last), Some(side)) if self.seat.side() == Some(side) => sentences(
                lang,
                [
                    announced,
                    text(
                        lang,
                        "guide-behind",
                        &[("color", color_name(lang, !side)), ("move", last)],
                    ),
                ],
            ),
            _ => announced,
        }
    }

    /// An announcement repeated: what was heard, and what was expected.
    pub(super) fn repeated(&self, by: Seat, matches: bool) -> String {
        let lang = self.lang;
        text(
            lang,
            "event-repeated",
            &[
                ("seat", seat_name(lang, by)),
                ("move", self.said(&self.p.heard).unwrap_or_default()),
                ("expected", self.said(&self.p.expected).unwrap_or_default()),
                ("matches", matches.to_string()),
            ],
        )
    }

    /// An illegal move on a physical board, its penalty and the count so far.
    pub(super) fn illegal_move(
        &self,
        color: Color,
        from: Square,
        to: Square,
        count: u32,
        penalty_ms: u64,
    ) -> String {
        let lang = self.lang;
        let sp = self.speaker();
        let mut a = Args::new();
        a.set("color", color_name(lang, color));
        a.set("opponent", color_name(lang, !color));
        a.set("from", sp.square(from));
        a.set("to", sp.square(to));
        a.set("time", clock_time(lang, penalty_ms));
        a.set("count", FluentValue::from(count));
        format(lang, "event-illegal-move", &a)
    }

    /// An illegal announcement counted under 7.5, its penalty and the count so far.
    pub(super) fn illegal_announced(&self, color: Color, count: u32, penalty_ms: u64) -> String {
        let lang = self.lang;
        let mut a = Args::new();
        a.set("color", color_name(lang, color));
        a.set("opponent", color_name(lang, !color));
        a.set("time", clock_time(lang, penalty_ms));
        a.set("count", FluentValue::from(count));
        format(lang, "event-illegal-announced", &a)
    }

    /// A practice game's take-back: who took back which half-moves ("White takes back: 2.
    /// knight f3, 2... knight c6."), each said short in the listener's words.
    pub(super) fn taken_back(&self, by: Seat) -> String {
        let lang = self.lang;
        let named = self.p.taken.iter().flat_map(|t| &t.moves).map(|m| {
            text(
                lang,
                "incident-move",
                &[
                    ("number", m.number.to_string()),
                    ("color", crate::words::color_key(m.color).to_owned()),
                    ("move", m.said.short(lang).to_owned()),
                ],
            )
        });
        let moves = named
            .reduce(|first, second| {
                text(lang, "list-comma", &[("first", first), ("second", second)])
            })
            .unwrap_or_default();
        text(
            lang,
            "event-taken-back",
            &[("seat", seat_name(lang, by)), ("moves", moves)],
        )
    }
}
